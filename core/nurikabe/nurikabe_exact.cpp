// The exact Nurikabe solver: forced-cell propagation to a fixpoint, then depth-first search.
//
// A node propagates these rules until none changes a cell (each is sound: it only decides what every
// solution extending the current grid must have). The local rules (1, 2 and 4 to 7) go first and decide
// together every cell they find from one labelling of the islands (a cell forced by a grid stays forced once
// more cells are decided, so deciding them together is sound); the walks of rule 3 and the rules that look at
// the whole grid run only when the local rules find nothing more:
//   1. Islands. Label the island pieces. A piece with two clues, or bigger than its clue, is a contradiction.
//      A piece that has reached its clue is walled in: its unknown neighbours become river.
//   2. Joins. An unknown cell that would join pieces holding two clues, or one clue with more cells than the
//      clue allows, becomes river.
//   3. Reach. From every unfinished clued piece, a walk (layer by layer) through unknown and clueless island
//      cells, no further than the cells it still needs, and never onto a cell that touches another clued
//      piece. An unknown cell no walk reaches becomes river; a clueless island cell none reaches, or a
//      piece whose walk reaches fewer cells than its clue, is a contradiction.
//   4. Growth. A piece that must grow (unfinished, or clueless) with one unknown neighbour takes it as island;
//      with none it is a contradiction.
//   5. River. While the river is not yet whole (several pieces, or fewer cells than the grid minus the clue
//      sum), a river piece with one unknown neighbour takes it as river; with none it is a contradiction.
//      The river cells must also stay connectable through unknown cells, or it is a contradiction.
//   6. Pools. A 2x2 block with three river cells makes its fourth cell island; four is a contradiction.
//   7. Counts. When the river has all its cells, the unknown cells are island; when the islands have all
//      theirs, the unknown cells are river; more than either is a contradiction.
// The rules from here on look at the whole grid; they settle puzzles of a few huge islands and a river
// barely long enough to part them, where the local rules above see nothing.
//   8. Regions. The river cuts the other cells into regions. Every cell of a region ends as river or as
//      island of a clue inside it, so a region holds exactly (cells - clue sum) river cells still to come:
//      fewer cells than its clues is a contradiction, exactly as many makes every cell island.
//   9. River budget. Each of those new river cells joins the river through new river cells of its region,
//      so an unknown cell farther from the river than the region's budget is island.
//  10. Pinches. Where two clued pieces meet corner to corner, the other two cells of the block are river,
//      and the river path joining them closes, through that corner, a curve with one island inside: that
//      island never touches the grid's border. If one piece touches it, the other's walk (rule 3) keeps
//      off it; if both do, it is a contradiction.
//  11. Perimeters. Count cell sides. The river (n cells, connected, so at least n - 1 inner joins) offers
//      the islands at most 4n - 2(n - 1) - B sides, B being its sides on the grid's edge; the islands hold
//      the other 2(H + W) - B edge sides. So the islands' perimeters P sum to at most
//      2n + 2 + 2(H + W) - 2B. An island spanning h rows and w columns has P >= 2(h + w), two more for each
//      run beyond one in a row or column (cells it cannot take split it); its box holds the piece, lies
//      within its walk (rule 3) and holds at least clue cells the walk reached. An island off the border
//      adds: its cells and the river form one shape whose perimeter is what the river offers the rest, and
//      whose box is the island's grown by one all round (with the river's box), so P + P(shape) <= 2n + 2.
//      More is a contradiction.
//  12. Probing. When the rules stall, each value of each unknown cell beside a decided one is tried: if the
//      rules above refute it, the cell takes the other value (one level of lookahead, no nesting). When
//      neither is refuted, a cell that both trials decide alike takes that value too: every solution has the
//      tried cell as river or as island, and either way that cell follows. After a decision the sweep goes
//      on from where it is (it does not start over), and it ends after a whole lap of the grid that decides
//      nothing. Below the root a node tries only the cells within three rows and columns of a cell decided
//      since its parent (by the branch, the rules or its own probing): the others were tried at the parent,
//      where they decided nothing, and far from every change they seldom decide more. Trying fewer cells
//      only leaves conclusions for later, so it is sound. On large grids a sweep is spread over several
//      steps, so no step of a 50x50 grid blocks a Stop for seconds. Probes leave rules 8, 9 and 11 out
//      unless the perimeter count is nearly tight.
//  13. Line sweep. On a grid at most 16 cells across, the node counts the solutions extending it exactly,
//      by dynamic programming along the lines (see LineSweep): none is a contradiction; exactly one is
//      taken whole. The sweep gives up when its states grow too many, and then waits for a quarter of the
//      unknown cells to be decided before it tries again.
// Then the node either has every cell decided (a solution: checked against the full rules), meets a
// contradiction (it backtracks to the latest branch with an untried value), or branches on an unknown
// neighbour of the unfinished island with the least freedom, trying river first, then island. Freedom is the
// island's ways out, times a quarter of the cells it still needs once that is more than one: small islands
// go by their ways out alone, while among huge islands, which all have many ways out, the one nearest
// completion comes first, as the perimeter and region counts settle its branches soonest.
//
// Every change goes on a trail, so a backtrack undoes exactly what the branch did, and the stepping search
// reports it as Shade moves back to unknown. The grid's rows are also kept as bit masks of river and island
// cells, so rule 6 checks every block of two rows at once and rule 5's connectivity walk spreads a row at a
// time; a row holds up to 128 cells.

#include "nurikabe/nurikabe_exact.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace pw {

namespace {

// The rows and columns a set of cells spans.
struct Box {
    int top, bottom, left, right;
    void add(int row, int column) {
        top = std::min(top, row);
        bottom = std::max(bottom, row);
        left = std::min(left, column);
        right = std::max(right, column);
    }
    int rows() const { return bottom - top + 1; }
    int columns() const { return right - left + 1; }
};

constexpr int kNoPiece = -1;
constexpr int kSeveral = -2;  // a clueless piece that more than one island can reach

// One row of the grid as bits, column c at bit c: the widest grid the readers take is 100 cells
// (kMaxNurikabeSide), and a wider one is refused when the search is made.
__extension__ typedef unsigned __int128 RowBits;
constexpr int kRowBitsWidth = 128;

// Rule 13, the line sweep: an exact count of the solutions that extend the grid, by dynamic programming over
// the cells in scan order (along the shorter side, so the frontier is one line of at most kMaxSlots cells).
// A state is what the cells still to come can see of the cells behind them: the colour of the frontier
// cells (the latest cell of each slot), which of them are joined through the cells behind (the same label),
// each island piece's clue and size, the colour of the cell diagonally behind the next one (for pools) and
// whether the river has closed already. States that agree on all of that have the same futures, so the
// count is a sum over them. A piece that leaves the frontier must be complete (an island with one clue and
// its size; the only river piece, after which no river cell may come), so every counted colouring obeys
// every rule. The sweep gives up once the states after one cell are more than it may keep.
class LineSweep {
public:
    static constexpr int kMaxSlots = 16;
    enum class Outcome { TooLarge, Counted };

    // Counts the solutions extending `grid`, up to 2; `solution` receives one when there is one.
    Outcome run(const NurikabeGrid& grid, std::size_t stateCap, int& count,
                std::vector<NurikabeCell>& solution) {
        height = grid.height();
        width = grid.width();
        transposed = width > height;
        slots = transposed ? height : width;
        lines = transposed ? width : height;
        count = 0;
        if (slots > kMaxSlots) return Outcome::TooLarge;
        maxClue = 0;
        for (int cell = 0; cell < grid.cellCount(); ++cell) maxClue = std::max(maxClue, grid.clue(cell));
        if (table.size() < 2 * stateCap) table.assign(std::bit_ceil(2 * stateCap), -1);
        const std::size_t mask = table.size() - 1;

        steps.clear();
        layerBegin.assign(1, 0);
        current.assign(1, Frontier{});
        steps.push_back({-1, 0, 1});
        for (int line = 0; line < lines; ++line) {
            for (int slot = 0; slot < slots; ++slot) {
                const int cell = cellAt(line, slot);
                const NurikabeCell known = grid.state(cell);
                const int clue = grid.clue(cell);
                const std::size_t base = layerBegin.back();
                layerBegin.push_back(steps.size());
                next.clear();
                for (std::size_t index = 0; index < current.size(); ++index) {
                    for (const NurikabeCell value : {NurikabeCell::River, NurikabeCell::Island}) {
                        if (known != NurikabeCell::Unknown && known != value) continue;
                        if (!place(current[index], line == 0, slot, value, clue, scratch)) continue;
                        const std::uint8_t ways = steps[base + index].count;
                        // Find or add the state.
                        std::size_t probe = hashOf(scratch) & mask;
                        while (table[probe] >= 0 && !(next[table[probe]] == scratch))
                            probe = (probe + 1) & mask;
                        if (table[probe] >= 0) {
                            Step& step = steps[layerBegin.back() + table[probe]];
                            step.count = static_cast<std::uint8_t>(std::min(2, step.count + ways));
                        } else {
                            if (next.size() >= stateCap) {
                                clearTable(mask);
                                return Outcome::TooLarge;
                            }
                            table[probe] = static_cast<int>(next.size());
                            used.push_back(probe);
                            next.push_back(scratch);
                            const auto colour = static_cast<std::uint8_t>(value);
                            steps.push_back({static_cast<int>(index), colour, ways});
                        }
                    }
                }
                clearTable(mask);
                current.swap(next);
                if (current.empty()) return Outcome::Counted;
            }
        }
        // The end: every piece still on the frontier closes.
        const std::size_t base = layerBegin.back();
        int accepted = -1;
        for (std::size_t index = 0; index < current.size(); ++index) {
            if (!closesAll(current[index])) continue;
            count = std::min(2, count + steps[base + index].count);
            if (accepted < 0) accepted = static_cast<int>(index);
        }
        if (accepted >= 0) {
            solution.assign(static_cast<std::size_t>(grid.cellCount()), NurikabeCell::Unknown);
            int index = accepted;
            for (int layer = lines * slots; layer > 0; --layer) {
                const Step& step = steps[layerBegin[layer] + index];
                const int order = layer - 1;
                solution[cellAt(order / slots, order % slots)] = static_cast<NurikabeCell>(step.value);
                index = step.previous;
            }
        }
        return Outcome::Counted;
    }

private:
    // The frontier, normalised: labels numbered in order of first appearance, unused entries zero, so that
    // equal states compare (and hash) equal byte for byte.
    struct Frontier {
        std::array<std::uint8_t, kMaxSlots> colour{};     // 0 before the first line, else NurikabeCell
        std::array<std::uint8_t, kMaxSlots> label{};      // the piece of each slot
        std::array<std::uint16_t, kMaxSlots + 1> clue{};  // per label: the island's clue, 0 for none
        std::array<std::uint16_t, kMaxSlots + 1> size{};  // per label: the island's cells so far
        std::uint8_t upLeft = 0;                          // colour of the cell diagonally behind the next
        std::uint8_t riverClosed = 0;
        bool operator==(const Frontier&) const = default;
    };
    static_assert(std::has_unique_object_representations_v<Frontier>, "hashed byte by byte: no padding");
    struct Step {
        int previous;        // the state of the line before
        std::uint8_t value;  // the colour this step gave its cell
        std::uint8_t count;  // colourings reaching the state, up to 2
    };

    int cellAt(int line, int slot) const { return transposed ? slot * width + line : line * width + slot; }

    // Eight bytes at a time (the table only needs the states spread; their order does not depend on it).
    static std::size_t hashOf(const Frontier& state) {
        const auto* bytes = reinterpret_cast<const unsigned char*>(&state);
        std::uint64_t hash = 1469598103934665603ull;
        std::size_t k = 0;
        for (; k + 8 <= sizeof(Frontier); k += 8) {
            std::uint64_t word;
            std::memcpy(&word, bytes + k, 8);
            hash = (hash ^ word) * 0x9E3779B97F4A7C15ull;
            hash ^= hash >> 32;
        }
        for (; k < sizeof(Frontier); ++k) hash = (hash ^ bytes[k]) * 1099511628211ull;
        return static_cast<std::size_t>(hash ^ (hash >> 29));
    }

    void clearTable(std::size_t mask) {
        for (std::size_t probe : used) table[probe & mask] = -1;
        used.clear();
    }

    static void relabel(Frontier& state, int from, int to) {
        for (auto& label : state.label)
            if (label == from) label = static_cast<std::uint8_t>(to);
    }

    // The frontier after the next cell (at `slot`) takes `value`; false when that breaks a rule.
    bool place(const Frontier& from, bool firstLine, int slot, NurikabeCell value, int cellClue,
               Frontier& to) const {
        to = from;
        const int colour = static_cast<int>(value);
        const int river = static_cast<int>(NurikabeCell::River);
        const int island = static_cast<int>(NurikabeCell::Island);
        const int up = firstLine ? 0 : from.colour[slot];
        const int left = slot > 0 ? from.colour[slot - 1] : 0;
        const int fresh = kMaxSlots;  // labels of a normalised frontier stay below it
        int label = -1;
        if (value == NurikabeCell::River) {
            if (from.riverClosed) return false;
            if (up == river && left == river && from.upLeft == river) return false;  // a pool
            if (up == river) label = from.label[slot];
            if (left == river) {
                if (label < 0) label = from.label[slot - 1];
                else relabel(to, from.label[slot - 1], label);
            }
            if (label < 0) label = fresh;
        } else {
            const int a = up == island ? from.label[slot] : -1;
            int b = left == island ? from.label[slot - 1] : -1;
            if (b == a) b = -1;
            int clue = cellClue;
            int size = 1;
            for (const int piece : {a, b}) {
                if (piece < 0) continue;
                if (from.clue[piece]) {
                    if (clue) return false;  // two clues
                    clue = from.clue[piece];
                }
                size += from.size[piece];
            }
            // Too big for its clue; or clueless and already too big to join any clue's island.
            if (clue ? size > clue : size >= maxClue) return false;
            label = a >= 0 ? a : b >= 0 ? b : fresh;
            if (a >= 0 && b >= 0) relabel(to, b, a);
            to.clue[label] = static_cast<std::uint16_t>(clue);
            to.size[label] = static_cast<std::uint16_t>(size);
        }
        // The cell behind leaves the frontier: its piece must go on, or be complete.
        const int leaving = up ? to.label[slot] : -1;
        to.upLeft = slot + 1 < slots ? static_cast<std::uint8_t>(up) : 0;
        to.colour[slot] = static_cast<std::uint8_t>(colour);
        to.label[slot] = static_cast<std::uint8_t>(label);
        if (leaving >= 0 && !(up == colour && leaving == label)) {
            bool goesOn = false;
            for (int s = 0; s < slots; ++s) goesOn |= to.colour[s] != 0 && to.label[s] == leaving;
            if (!goesOn) {
                if (up == island) {
                    if (!to.clue[leaving] || to.size[leaving] != to.clue[leaving]) return false;
                } else {
                    for (int s = 0; s < slots; ++s)
                        if (to.colour[s] == river) return false;  // the river would be split
                    to.riverClosed = 1;
                }
            }
        }
        normalise(to);
        return true;
    }

    void normalise(Frontier& state) const {
        std::array<int, kMaxSlots + 1> renamed;
        renamed.fill(-1);
        Frontier out;
        out.upLeft = state.upLeft;
        out.riverClosed = state.riverClosed;
        int labels = 0;
        for (int s = 0; s < slots; ++s) {
            if (!state.colour[s]) continue;
            int& name = renamed[state.label[s]];
            if (name < 0) {
                name = labels++;
                out.clue[name] = state.clue[state.label[s]];
                out.size[name] = state.size[state.label[s]];
            }
            out.colour[s] = state.colour[s];
            out.label[s] = static_cast<std::uint8_t>(name);
        }
        state = out;
    }

    // After the last cell: every island on the frontier complete, and at most one river piece.
    bool closesAll(const Frontier& state) const {
        int riverLabel = -1;
        for (int s = 0; s < slots; ++s) {
            const int label = state.label[s];
            if (state.colour[s] == static_cast<int>(NurikabeCell::Island)) {
                if (!state.clue[label] || state.size[label] != state.clue[label]) return false;
            } else if (state.colour[s] == static_cast<int>(NurikabeCell::River)) {
                if (riverLabel >= 0 && riverLabel != label) return false;
                riverLabel = label;
            }
        }
        return true;
    }

    int height = 0;
    int width = 0;
    bool transposed = false;
    int slots = 0;
    int lines = 0;
    int maxClue = 0;
    std::vector<Frontier> current;
    std::vector<Frontier> next;
    Frontier scratch;
    std::vector<Step> steps;               // every layer's states, layer after layer
    std::vector<std::size_t> layerBegin;   // where each layer starts in `steps`
    std::vector<int> table;                // open addressing: index into `next`, or -1
    std::vector<std::size_t> used;         // the table entries in use
};

}  // namespace

struct NurikabeSearch::Engine {
    struct Change {
        int cell;
        NurikabeCell previous;
    };
    struct Branch {
        std::size_t trailMark;
        int cell;
        NurikabeCell second;  // the value still to try
        bool secondTried;
    };

    NurikabeGrid grid;
    int height;
    int width;
    int cells;
    int riverTotal = 0;   // cells of the river in any solution
    std::array<int, 3> decidedCount{};  // cells in each state (indexed by NurikabeCell), kept by decide and undo
    int islandTotal = 0;  // sum of the clues
    int solutionLimit;
    std::vector<std::array<int, 4>> neighbours;  // -1 where the grid ends
    std::vector<Change> trail;
    std::vector<Branch> branches;
    std::vector<Move>* moves = nullptr;
    bool inNode = false;   // a node whose probing goes on at the next step
    int probeCursor = 0;   // the next cell probing tries
    int probeQuiet = 0;    // cells passed since probing last decided one: a whole lap of them ends the sweep
    std::vector<int> probeStamp;           // per cell: the latest island probe that decided it
    std::vector<NurikabeCell> probeValue;  // and what that probe made it
    int probeStampNow = 0;
    // Below the root, probing tries only the cells near what changed since the parent node.
    static constexpr int kProbeRadius = 3;
    bool probeEverywhere = true;
    std::vector<int> near;  // per cell: nearStamp when it is near a change
    int nearStamp = 0;
    int probeBudget = 0;   // cells tried per step: about 20,000 cells' worth of propagation
    bool finished = false;
    bool resumeAfterSolution = false;
    int solutions = 0;
    std::optional<NurikabeGrid> first;
    std::uint64_t nodeCount = 0;

    // Scratch, sized once: no allocation per node.
    std::vector<int> piece;        // island piece of each cell, or kNoPiece
    std::vector<int> pieceSize;    // per piece
    std::vector<int> pieceClue;    // per piece: the clue value, 0 for none, -1 for two or more clues
    std::vector<int> pieceBegin;   // per piece: where its cells start in pieceCells (one extra at the end)
    std::vector<int> pieceCells;   // the cells of every piece, piece after piece
    std::vector<int> queue;
    std::vector<int> distance;
    std::vector<int> stamp;
    int stampNow = 0;
    std::vector<Box> reachBox;    // per piece: what its walk of rule 3 reached
    std::vector<char> bordered;   // per piece: it has a cell on the grid's border
    std::vector<char> enclosed;   // per piece: rule 10 keeps its island off the border
    std::vector<int> reachedBy;   // per clueless piece: the one clued piece whose walk reaches it, or not one
    std::vector<Box> ownBox;      // rule 11: per clued piece, the box of it and the clueless pieces it owns
    std::vector<RowBits> reachRowsOf;  // the rows of each clued piece's walk (its reachBox's), piece after piece
    std::vector<int> reachBegin;       // per piece: where its walk's rows start in reachRowsOf
    std::vector<int> prefix;      // rule 11: prefix sums over a reach box
    static constexpr long long kMaxBoxesTried = 4096;
    static constexpr std::size_t kSweepStates = std::size_t{1} << 16;  // rule 13's states per cell, at most
    LineSweep sweep;
    std::vector<NurikabeCell> sweepSolution;
    bool inProbe = false;           // propagation while rule 12 probes
    int perimeterSlack = 0;         // rule 11's room to spare, as it last ran outside a probe
    int sweepRetryBelow = 1 << 30;  // rule 13 runs at nodes with fewer unknown cells than this
    std::vector<int> frontier;    // a second breadth-first queue
    // The grid's rows as bits, kept with every decision: rule 6 and rule 5's walk read a row at a time.
    std::vector<RowBits> riverRows;
    std::vector<RowBits> islandRows;
    RowBits wholeRow = 0;            // the bits of a row's cells
    std::vector<int> rowOf;          // per cell
    std::vector<int> columnOf;       // per cell
    std::vector<RowBits> reachRows;  // rule 5's walk: what it reached
    // Rule 3's walks: the clued pieces' cells, the clueless islands, the unknown cells beside a clued piece,
    // what every walk reached; and one walk's scratch (its piece, where it may step, what it reached, the
    // clueless cells it came beside).
    std::vector<RowBits> cluedRows, cluelessRows, besideCluedRows, reachedRows;
    std::vector<RowBits> ownRows, openRows, walkRows, claimRows;
    std::vector<std::pair<int, NurikabeCell>> pending;  // cells decided together
    NurikabeSearchTrace::Outcome lastOutcome = NurikabeSearchTrace::Outcome::Exhausted;  // for trace()

    Engine(const NurikabeGrid& clues, int limit)
        : grid(clues.height(), clues.width()), height(clues.height()), width(clues.width()),
          cells(clues.cellCount()), solutionLimit(std::max(1, limit)) {
        if (width > kRowBitsWidth)
            throw std::invalid_argument("the exact Nurikabe search takes grids up to " + std::to_string(kRowBitsWidth) +
                                        " cells wide, not " + std::to_string(width));
        for (int cell = 0; cell < cells; ++cell) {
            if (clues.clue(cell) > 0) {
                grid.setClue(cell, clues.clue(cell));
                islandTotal += clues.clue(cell);
                ++decidedCount[static_cast<int>(NurikabeCell::Island)];
            }
        }
        riverTotal = cells - islandTotal;
        decidedCount[static_cast<int>(NurikabeCell::Unknown)] = cells - countOf(NurikabeCell::Island);
        probeBudget = std::max(8, 20000 / std::max(1, cells));
        neighbours.resize(static_cast<std::size_t>(cells));
        for (int cell = 0; cell < cells; ++cell) {
            const int r = cell / width;
            const int c = cell % width;
            neighbours[cell] = {r > 0 ? cell - width : -1, r + 1 < height ? cell + width : -1,
                                c > 0 ? cell - 1 : -1, c + 1 < width ? cell + 1 : -1};
        }
        const auto n = static_cast<std::size_t>(cells);
        piece.assign(n, kNoPiece);
        pieceSize.reserve(n);
        pieceClue.reserve(n);
        pieceBegin.reserve(n + 1);
        pieceCells.reserve(n);
        queue.reserve(n);
        frontier.reserve(n);
        prefix.assign(static_cast<std::size_t>((height + 1) * (width + 1)), 0);
        distance.assign(n, 0);
        riverRows.assign(static_cast<std::size_t>(height), 0);
        islandRows.assign(static_cast<std::size_t>(height), 0);
        reachRows.assign(static_cast<std::size_t>(height), 0);
        for (auto* rows : {&cluedRows, &cluelessRows, &besideCluedRows, &reachedRows, &ownRows, &openRows, &walkRows,
                           &claimRows})
            rows->assign(static_cast<std::size_t>(height), 0);
        wholeRow = width == kRowBitsWidth ? ~RowBits{0} : (RowBits{1} << width) - 1;
        rowOf.resize(n);
        columnOf.resize(n);
        for (int cell = 0; cell < cells; ++cell) {
            rowOf[cell] = cell / width;
            columnOf[cell] = cell % width;
            if (at(cell) == NurikabeCell::Island) islandRows[rowOf[cell]] |= bitOf(cell);
        }
        stamp.assign(n, 0);
        probeStamp.assign(n, 0);
        probeValue.assign(n, NurikabeCell::Unknown);
        near.assign(n, 0);
        trail.reserve(n);
        branches.reserve(n);
    }

    NurikabeCell at(int cell) const { return grid.state(cell); }
    RowBits bitOf(int cell) const { return RowBits{1} << columnOf[cell]; }
    RowBits unknownRow(int r) const { return wholeRow & ~(riverRows[r] | islandRows[r]); }
    // The cells of a row (of `whole`) beside a cell of it or of the rows above and below it, not on one.
    template <class Word>
    static Word besideRows(Word above, Word row, Word below, Word whole) {
        return (row << 1 | row >> 1 | above | below) & whole;
    }
    // The cells of row r beside (not on) a cell of `rows`.
    RowBits besideOf(const std::vector<RowBits>& rows, int r) const {
        return besideRows(r > 0 ? rows[r - 1] : 0, rows[r], r + 1 < height ? rows[r + 1] : 0, wholeRow);
    }
    // The cells of row r beside a clued piece other than the one in ownRows.
    RowBits besideOtherClued(int r) const {
        const auto others = [&](int o) { return o < 0 || o >= height ? RowBits{0} : cluedRows[o] & ~ownRows[o]; };
        return besideRows(others(r - 1), others(r), others(r + 1), wholeRow);
    }
    static int lowestColumn(RowBits row) {
        const auto low = static_cast<std::uint64_t>(row);
        return low ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<std::uint64_t>(row >> 64));
    }
    static int highestColumn(RowBits row) {
        const auto high = static_cast<std::uint64_t>(row >> 64);
        return high ? 127 - std::countl_zero(high) : 63 - std::countl_zero(static_cast<std::uint64_t>(row));
    }
    static int popcount(RowBits row) {
        return std::popcount(static_cast<std::uint64_t>(row)) + std::popcount(static_cast<std::uint64_t>(row >> 64));
    }
    // Calls f(c) for every bit c of `columns`, lowest first.
    template <class F>
    static void forEachColumn(RowBits columns, F&& f) {
        for (; columns != 0; columns &= columns - 1) f(lowestColumn(columns));
    }
    int countOf(NurikabeCell state) const { return decidedCount[static_cast<int>(state)]; }

    // Decides one cell; false when it is already decided the other way.
    bool decide(int cell, NurikabeCell state) {
        const NurikabeCell old = at(cell);
        if (old == state) return true;
        if (old != NurikabeCell::Unknown) return false;
        trail.push_back({cell, old});
        grid.setState(cell, state);
        (state == NurikabeCell::River ? riverRows : islandRows)[rowOf[cell]] |= bitOf(cell);
        --decidedCount[static_cast<int>(old)];
        ++decidedCount[static_cast<int>(state)];
        if (moves) moves->push_back(Move::shade(cell, static_cast<int>(state), static_cast<int>(old)));
        return true;
    }

    void undoTo(std::size_t mark) {
        while (trail.size() > mark) {
            const Change change = trail.back();
            trail.pop_back();
            if (moves)
                moves->push_back(Move::shade(change.cell, static_cast<int>(change.previous),
                                             static_cast<int>(at(change.cell))));
            --decidedCount[static_cast<int>(at(change.cell))];
            ++decidedCount[static_cast<int>(change.previous)];
            grid.setState(change.cell, change.previous);  // always Unknown: decide records only those
            riverRows[rowOf[change.cell]] &= ~bitOf(change.cell);
            islandRows[rowOf[change.cell]] &= ~bitOf(change.cell);
        }
    }

    void nextStamp() {
        if (++stampNow == 0) {
            std::fill(stamp.begin(), stamp.end(), 0);
            stampNow = 1;
        }
    }

    // Labels the island pieces; false on two clues in one piece or a piece bigger than its clue.
    bool labelIslands() {
        std::fill(piece.begin(), piece.end(), kNoPiece);
        pieceSize.clear();
        pieceClue.clear();
        pieceBegin.clear();
        pieceCells.clear();
        for (int start = 0; start < cells; ++start) {
            if (at(start) != NurikabeCell::Island || piece[start] != kNoPiece) continue;
            const int id = static_cast<int>(pieceSize.size());
            const std::size_t begin = pieceCells.size();
            int clue = 0;
            pieceCells.push_back(start);
            piece[start] = id;
            for (std::size_t head = begin; head < pieceCells.size(); ++head) {
                const int cell = pieceCells[head];
                if (grid.clue(cell)) clue = clue ? -1 : grid.clue(cell);
                for (int next : neighbours[cell]) {
                    if (next >= 0 && piece[next] == kNoPiece && at(next) == NurikabeCell::Island) {
                        piece[next] = id;
                        pieceCells.push_back(next);
                    }
                }
            }
            const int size = static_cast<int>(pieceCells.size() - begin);
            if (clue < 0 || (clue > 0 && size > clue)) return false;
            pieceSize.push_back(size);
            pieceClue.push_back(clue);
            pieceBegin.push_back(static_cast<int>(begin));
        }
        pieceBegin.push_back(static_cast<int>(pieceCells.size()));
        return true;
    }

    // The distinct unknown neighbours of a piece, counted up to `enough`; `exit` is the first of them.
    int exitsOf(int id, int enough, int& exit) {
        int exits = 0;
        exit = -1;
        nextStamp();
        for (int k = pieceBegin[id]; k < pieceBegin[id + 1] && exits < enough; ++k) {
            for (int next : neighbours[pieceCells[k]]) {
                if (next >= 0 && at(next) == NurikabeCell::Unknown && stamp[next] != stampNow) {
                    stamp[next] = stampNow;
                    if (exit < 0) exit = next;
                    ++exits;
                }
            }
        }
        return exits;
    }

    bool finishedPiece(int id) const { return pieceClue[id] > 0 && pieceSize[id] == pieceClue[id]; }

    // Rules 1 and 2 for one unknown cell: would making it island join pieces it must not?
    bool joinForbidden(int cell) const {
        std::array<int, 4> seen{};
        int seenCount = 0;
        int size = 1;
        int clue = 0;
        for (int next : neighbours[cell]) {
            if (next < 0 || piece[next] == kNoPiece) continue;
            const int id = piece[next];
            if (std::find(seen.begin(), seen.begin() + seenCount, id) != seen.begin() + seenCount) continue;
            seen[seenCount++] = id;
            size += pieceSize[id];
            if (pieceClue[id] > 0) {
                if (clue) return true;
                clue = pieceClue[id];
            }
        }
        return clue > 0 && size > clue;
    }

    // Rule 3: marks in `reachedRows` every cell some unfinished clued piece can still grow onto; false when a
    // piece cannot reach as many cells as its clue asks for.
    bool markReach() {
        reachBox.resize(pieceSize.size());
        reachedBy.assign(pieceSize.size(), kNoPiece);
        reachBegin.assign(pieceSize.size(), 0);
        reachRowsOf.clear();
        std::fill(cluedRows.begin(), cluedRows.end(), 0);
        for (int id = 0; id < static_cast<int>(pieceSize.size()); ++id)
            if (pieceClue[id] != 0)
                for (int k = pieceBegin[id]; k < pieceBegin[id + 1]; ++k)
                    cluedRows[rowOf[pieceCells[k]]] |= bitOf(pieceCells[k]);
        if (!markEnclosed()) return false;
        for (int r = 0; r < height; ++r) {
            cluelessRows[r] = islandRows[r] & ~cluedRows[r];
            besideCluedRows[r] = besideOf(cluedRows, r) & unknownRow(r);
            reachedRows[r] = 0;
        }
        for (int id = 0; id < static_cast<int>(pieceSize.size()); ++id)
            if (pieceClue[id] > 0 && markReachOf(id, pieceClue[id] - pieceSize[id]) < pieceClue[id]) return false;
        return true;
    }

    bool onBorder(int cell) const {
        const int row = cell / width;
        const int column = cell % width;
        return row == 0 || column == 0 || row == height - 1 || column == width - 1;
    }

    // Rule 10, pinches. Where two clued pieces meet corner to corner, the other two cells of that 2x2 block
    // are river, and the river path that joins them closes, through the shared corner, a curve with one of
    // the two islands inside: that island never reaches the grid's border. So when one of the pieces touches
    // the border the other is enclosed; when both do, it is a contradiction. Sets `enclosed` per piece.
    bool markEnclosed() {
        const int pieces = static_cast<int>(pieceSize.size());
        enclosed.assign(static_cast<std::size_t>(pieces), 0);
        if (!globalRulesNow()) return true;
        bordered.assign(static_cast<std::size_t>(pieces), 0);
        for (int id = 0; id < pieces; ++id)
            for (int k = pieceBegin[id]; k < pieceBegin[id + 1] && !bordered[id]; ++k)
                bordered[id] = onBorder(pieceCells[k]);
        // Two pieces meeting corner to corner have neither of the block's other cells island (one would join
        // them), so the masks find the few blocks worth looking at: bit c stands for columns c and c + 1.
        const RowBits blockStarts = wholeRow >> 1;
        for (int r = 0; r + 1 < height; ++r) {
            const RowBits topClued = cluedRows[r], bottomClued = cluedRows[r + 1];
            const RowBits topIsland = islandRows[r], bottomIsland = islandRows[r + 1];
            const RowBits mainDiagonals =
                topClued & (bottomClued >> 1) & ~(topIsland >> 1) & ~bottomIsland & blockStarts;
            const RowBits otherDiagonals =
                (topClued >> 1) & bottomClued & ~topIsland & ~(bottomIsland >> 1) & blockStarts;
            const auto pinch = [&](int one, int other) {
                const int p = piece[one];
                const int q = piece[other];
                if (p == q || pieceClue[p] <= 0 || pieceClue[q] <= 0) return true;
                if (bordered[p] && bordered[q]) return false;
                if (bordered[p]) enclosed[q] = 1;
                if (bordered[q]) enclosed[p] = 1;
                return true;
            };
            bool fits = true;
            forEachColumn(mainDiagonals, [&](int c) { fits = fits && pinch(r * width + c, (r + 1) * width + c + 1); });
            forEachColumn(otherDiagonals, [&](int c) { fits = fits && pinch(r * width + c + 1, (r + 1) * width + c); });
            if (!fits) return false;
        }
        return true;
    }

    bool touchesOtherCluedPiece(int cell, int id) const {
        for (int next : neighbours[cell])
            if (next >= 0 && piece[next] != kNoPiece && piece[next] != id && pieceClue[piece[next]] != 0) return true;
        return false;
    }

    // The piece's walk, at most `budget` cells out, as a fill of the rows' bit masks a layer at a time (layer k
    // holds the cells k steps from the piece); returns how many cells it reached, the piece included. It steps
    // onto unknown cells that touch no other clued piece and onto clueless islands, which it claims for the
    // piece (reachedBy) when it comes within a step of them with budget left.
    int markReachOf(int id, int budget) {
        int top = height, bottom = -1;
        for (int k = pieceBegin[id]; k < pieceBegin[id + 1]; ++k) {
            const int cell = pieceCells[k];
            ownRows[rowOf[cell]] |= bitOf(cell);
            top = std::min(top, rowOf[cell]);
            bottom = std::max(bottom, rowOf[cell]);
        }
        const int firstRow = std::max(0, top - budget);
        const int lastRow = std::min(height - 1, bottom + budget);
        const RowBits inside = wholeRow & ~RowBits{1} & ~(RowBits{1} << (width - 1));  // off the side borders
        for (int r = firstRow; r <= lastRow; ++r) {
            RowBits blocked = besideCluedRows[r];
            if (r >= top - 1 && r <= bottom + 1) {  // beside the piece itself: blocked only beside another
                const RowBits besideOwn = besideOf(ownRows, r);
                blocked = (blocked & ~besideOwn) | (blocked & besideOwn & besideOtherClued(r));
            }
            RowBits open = (unknownRow(r) & ~blocked) | cluelessRows[r];
            if (enclosed[id]) open &= r == 0 || r == height - 1 ? 0 : inside;
            openRows[r] = open;
            walkRows[r] = ownRows[r];
            claimRows[r] = 0;
        }
        int low = top, high = bottom;  // the rows the walk covers
        for (int layer = 0; layer < budget; ++layer) {
            const int from = std::max(firstRow, low - 1), to = std::min(lastRow, high + 1);
            const bool grew = width <= 64 ? growLayer<std::uint64_t>(from, to, low, high)
                                          : growLayer<RowBits>(from, to, low, high);
            if (!grew) break;
        }
        int count = 0;
        Box box{height, -1, width, -1};
        const bool keepRows = globalRulesNow();  // what rule 11 needs of the walk
        for (int r = std::max(firstRow, low - 1); r <= std::min(lastRow, high + 1); ++r) {
            forEachColumn(claimRows[r], [&](int c) {
                int& owner = reachedBy[piece[r * width + c]];
                owner = owner == kNoPiece || owner == id ? id : kSeveral;
            });
        }
        for (int r = low; r <= high; ++r) {
            const RowBits row = walkRows[r];
            reachedRows[r] |= row;
            count += popcount(row);
            if (keepRows && row != 0) {
                box.top = std::min(box.top, r);
                box.bottom = r;
                box.left = std::min(box.left, lowestColumn(row));
                box.right = std::max(box.right, highestColumn(row));
            }
        }
        for (int r = top; r <= bottom; ++r) ownRows[r] = 0;
        if (keepRows) {
            reachBox[id] = box;
            reachBegin[id] = static_cast<int>(reachRowsOf.size());
            reachRowsOf.insert(reachRowsOf.end(), walkRows.begin() + box.top, walkRows.begin() + box.bottom + 1);
        }
        return count;
    }

    // One layer of markReachOf's walk over rows from..to: each row takes the open cells beside what it and
    // the rows next to it held before the layer, and notes the clueless cells it came beside. `Word` is a
    // 64-bit word when the grid is that narrow, which halves the work of each shift.
    template <class Word>
    bool growLayer(int from, int to, int& low, int& high) {
        const auto whole = static_cast<Word>(wholeRow);
        bool grew = false;
        Word above = 0;  // row r - 1 as it was before this layer
        for (int r = from; r <= to; ++r) {
            const auto row = static_cast<Word>(walkRows[r]);
            const Word below = r < to ? static_cast<Word>(walkRows[r + 1]) : 0;
            const Word beside = besideRows(above, row, below, whole);
            claimRows[r] |= beside & static_cast<Word>(cluelessRows[r]);
            const Word grown = row | (beside & static_cast<Word>(openRows[r]));
            above = row;
            if (grown != row) {
                walkRows[r] = grown;
                grew = true;
                low = std::min(low, r);
                high = std::max(high, r);
            }
        }
        return grew;
    }

    // Rule 11's bound on 2(h + w) for the box of an unfinished island: the box holds `own` (its piece and
    // the clueless pieces it owns), lies within what its walk reached, and holds at least clue reached cells.
    // Boxes are tried one by one while there are few of them; otherwise only their area counts.
    int leastBoxPerimeter(int id, const Box& own) {
        const Box& reach = reachBox[id];
        const int clue = pieceClue[id];
        const long long boxes = static_cast<long long>(own.top - reach.top + 1) *
                                (reach.bottom - own.bottom + 1) * (own.left - reach.left + 1) *
                                (reach.right - own.right + 1);
        if (boxes > kMaxBoxesTried) {
            int least = 1 << 20;
            for (int rows = own.rows(); rows <= reach.rows(); ++rows) {
                const int columns = std::max(own.columns(), (clue + rows - 1) / rows);
                if (columns <= reach.columns()) least = std::min(least, 2 * (rows + columns));
            }
            return least;
        }
        // Prefix sums of the reached cells over the reach box.
        const int stride = reach.columns() + 1;
        std::fill(prefix.begin(), prefix.begin() + stride, 0);
        for (int r = 1; r <= reach.rows(); ++r) {
            const RowBits row = reachRowsOf[reachBegin[id] + r - 1] >> reach.left;
            prefix[r * stride] = 0;
            for (int c = 1, inRow = 0; c <= reach.columns(); ++c) {
                inRow += static_cast<int>((row >> (c - 1)) & 1);
                prefix[r * stride + c] = prefix[(r - 1) * stride + c] + inRow;
            }
        }
        auto count = [&](int top, int bottom, int left, int right) {
            const int t = (top - reach.top) * stride;
            const int b = (bottom - reach.top + 1) * stride;
            const int l = left - reach.left;
            const int r = right - reach.left + 1;
            return prefix[b + r] - prefix[t + r] - prefix[b + l] + prefix[t + l];
        };
        int least = 1 << 20;
        for (int top = reach.top; top <= own.top; ++top) {
            for (int bottom = own.bottom; bottom <= reach.bottom; ++bottom) {
                const int rows = bottom - top + 1;
                if (2 * (rows + own.columns()) >= least) break;
                for (int left = reach.left; left <= own.left; ++left) {
                    for (int right = own.right; right <= reach.right; ++right) {
                        const int perimeter = 2 * (rows + right - left + 1);
                        if (perimeter >= least) break;
                        if (count(top, bottom, left, right) >= clue) {
                            least = perimeter;
                            break;
                        }
                    }
                }
            }
        }
        return least;
    }

    // Rule 11's count of the runs an island must have beyond one per row and column it spans: within a row
    // (or column) of the piece, cells of the piece with a cell between them that its island cannot take
    // (river, another clued piece, or a cell touching one) lie in different runs, each with two sides.
    int splitRuns(int id, const Box& own) const {
        auto ours = [&](int cell) {
            return piece[cell] == id || (piece[cell] != kNoPiece && reachedBy[piece[cell]] == id);
        };
        auto blocks = [&](int cell) {
            switch (at(cell)) {
            case NurikabeCell::River: return true;
            case NurikabeCell::Island: return pieceClue[piece[cell]] != 0 || reachedBy[piece[cell]] >= 0;
            default: return touchesOtherCluedPiece(cell, id);
            }
        };
        // Along one line of `count` cells from `start`, `stride` apart: blocked gaps between our cells.
        auto blockedGaps = [&](int start, int stride, int count) {
            int gaps = 0;
            bool inPiece = false;
            bool blocked = false;
            for (int i = 0; i < count; ++i) {
                const int cell = start + i * stride;
                if (ours(cell)) {
                    gaps += inPiece && blocked;
                    inPiece = true;
                    blocked = false;
                } else if (blocks(cell)) {
                    blocked = true;
                }
            }
            return gaps;
        };
        int extra = 0;
        for (int row = own.top; row <= own.bottom; ++row)
            extra += blockedGaps(row * width + own.left, 1, own.right - own.left + 1);
        for (int column = own.left; column <= own.right; ++column)
            extra += blockedGaps(own.top * width + column, width, own.bottom - own.top + 1);
        return extra;
    }

    // Rule 11, perimeters. Count the sides between cells: the river's n cells have 4n sides, of which twice
    // its inner joins (at least n - 1, as it is connected) face river, B face the grid's edge, and the rest
    // face islands. The islands' perimeters P (every side of an island cell not facing the same island,
    // holes included) are those island-facing sides plus the grid-edge sides that islands hold, 2(H + W) - B.
    // So the sum of P is at most 2n + 2 + 2(H + W) - 2B, with B at least what the river holds now. A
    // connected island whose cells span h rows and w columns has P >= 2(h + w) (plus its split runs), and its
    // box lies within what its walk of rule 3 reaches: that bounds an unfinished island; a finished one
    // counts its own perimeter. A larger sum is a contradiction.
    bool perimetersFit() {
        if (!inProbe) perimeterSlack = 1 << 20;
        if (riverTotal == 0) return true;
        int riverEdgeSides = 0;
        Box riverBox{height, -1, width, -1};
        for (int cell = 0; cell < cells; ++cell) {
            if (at(cell) != NurikabeCell::River) continue;
            riverBox.add(cell / width, cell % width);
            for (int next : neighbours[cell]) riverEdgeSides += next < 0;
        }
        const int room = 2 * riverTotal + 2 + 2 * (height + width) - 2 * riverEdgeSides;
        // Each clued piece's box, with the clueless pieces only it can reach.
        const int pieces = static_cast<int>(pieceSize.size());
        ownBox.assign(static_cast<std::size_t>(pieces), Box{height, -1, width, -1});
        for (int id = 0; id < pieces; ++id) {
            const int owner = pieceClue[id] > 0 ? id : reachedBy[id];
            if (owner < 0) continue;
            for (int k = pieceBegin[id]; k < pieceBegin[id + 1]; ++k)
                ownBox[owner].add(pieceCells[k] / width, pieceCells[k] % width);
        }
        int needed = 0;
        int slack = 1 << 20;  // the least room left by the counts for islands off the border
        for (int id = 0; id < pieces; ++id) {
            if (pieceClue[id] <= 0) continue;
            const Box& own = ownBox[id];
            int boxPerimeter = 0;  // at least 2(h + w) of the island's box
            int perimeter = 0;     // at least the island's perimeter
            if (finishedPiece(id)) {
                boxPerimeter = 2 * (own.rows() + own.columns());
                for (int k = pieceBegin[id]; k < pieceBegin[id + 1]; ++k)
                    for (int next : neighbours[pieceCells[k]]) perimeter += next < 0 || piece[next] != id;
            } else {
                boxPerimeter = leastBoxPerimeter(id, own);
                perimeter = boxPerimeter + 2 * splitRuns(id, own);
            }
            needed += perimeter;
            if (needed > room) return false;
            // An island off the border: the river around it, with it, makes a shape whose box is two rows
            // and two columns larger and holds the river's box.
            const Box& reach = reachBox[id];
            const bool offBorder = enclosed[id] || (reach.top > 0 && reach.left > 0 &&
                                                    reach.bottom < height - 1 && reach.right < width - 1);
            if (!offBorder) continue;
            Box around = riverBox;
            around.add(own.top - 1, own.left - 1);
            around.add(own.bottom + 1, own.right + 1);
            const int aroundPerimeter = std::max(boxPerimeter + 8, 2 * (around.rows() + around.columns()));
            if (perimeter + aroundPerimeter > 2 * riverTotal + 2) return false;
            slack = std::min(slack, 2 * riverTotal + 2 - perimeter - aroundPerimeter);
        }
        if (!inProbe) perimeterSlack = std::min(slack, room - needed);
        return true;
    }

    // Rule 5's connectivity half: every river cell reachable from the first through river or unknown cells.
    // The walk goes a row at a time on bit masks: a row takes what the rows beside it reached, spread along
    // its open runs, and sweeps down and up the grid until no row grows.
    bool riverConnectable() {
        if (countOf(NurikabeCell::River) == 0) return true;
        int seedRow = 0;
        while (riverRows[seedRow] == 0) ++seedRow;
        std::fill(reachRows.begin(), reachRows.end(), 0);
        const RowBits seed = riverRows[seedRow] & -riverRows[seedRow];
        reachRows[seedRow] = spreadAlong(seed, wholeRow & ~islandRows[seedRow]);
        for (bool grew = true; grew;) {
            grew = false;
            const auto takeFrom = [&](int r, int beside) {
                const RowBits open = wholeRow & ~islandRows[r];
                const RowBits from = (reachRows[beside] | reachRows[r]) & open;
                if ((from & ~reachRows[r]) == 0) return;
                reachRows[r] = spreadAlong(from, open);
                grew = true;
            };
            for (int r = 1; r < height; ++r) takeFrom(r, r - 1);
            for (int r = height - 2; r >= 0; --r) takeFrom(r, r + 1);
        }
        for (int r = 0; r < height; ++r)
            if (riverRows[r] & ~reachRows[r]) return false;
        return true;
    }

    // Makes island the cell `leftmost` + c of every bit c of `columns` (unknown cells).
    void decideIslands(RowBits columns, int leftmost) {
        forEachColumn(columns, [&](int c) { decide(leftmost + c, NurikabeCell::Island); });
    }

    // The cells of `open` joined to a cell of `seeds` along a row: each seed spreads both ways until its run of
    // open cells ends (shifts by 1, 2, 4, ... 64 cross runs of any length in seven steps).
    static RowBits spreadAlong(RowBits seeds, RowBits open) {
        RowBits up = seeds & open, down = up, upThrough = open, downThrough = open;
        for (int shift = 1; shift < kRowBitsWidth; shift *= 2) {
            up |= upThrough & (up << shift);
            upThrough &= upThrough << shift;
            down |= downThrough & (down >> shift);
            downThrough &= downThrough >> shift;
        }
        return up | down;
    }

    // Rules 8 and 9: the regions the river cuts the grid into. Every cell of a region of non-river cells ends
    // as river or as island of a clue inside it, so the region holds exactly (size - clue sum) more river
    // cells. Fewer cells than its clues ask is a contradiction; exactly as many makes it all island. Each new
    // river cell in it joins the river through new river cells of the same region, so an unknown cell farther
    // than that budget from the river stays island.
    bool regionRules(bool& changed) {
        const std::size_t before = trail.size();
        bool anyRiver = false;
        for (int cell = 0; cell < cells && !anyRiver; ++cell) anyRiver = at(cell) == NurikabeCell::River;
        nextStamp();
        for (int start = 0; start < cells; ++start) {
            if (at(start) == NurikabeCell::River || stamp[start] == stampNow) continue;
            // The region, in `queue`.
            queue.assign(1, start);
            stamp[start] = stampNow;
            int clueSum = 0;
            for (std::size_t head = 0; head < queue.size(); ++head) {
                const int cell = queue[head];
                clueSum += grid.clue(cell);
                for (int next : neighbours[cell]) {
                    if (next >= 0 && stamp[next] != stampNow && at(next) != NurikabeCell::River) {
                        stamp[next] = stampNow;
                        queue.push_back(next);
                    }
                }
            }
            const int budget = static_cast<int>(queue.size()) - clueSum;
            if (budget < 0) return false;
            if (budget == 0) {
                for (int cell : queue) decide(cell, NurikabeCell::Island);
                continue;
            }
            if (!anyRiver) continue;
            // Breadth-first from the region's river border through its unknown cells, up to the budget.
            frontier.clear();
            for (int cell : queue) {
                distance[cell] = -1;
                if (at(cell) != NurikabeCell::Unknown) continue;
                for (int next : neighbours[cell]) {
                    if (next >= 0 && at(next) == NurikabeCell::River) {
                        distance[cell] = 1;
                        frontier.push_back(cell);
                        break;
                    }
                }
            }
            for (std::size_t head = 0; head < frontier.size(); ++head) {
                const int cell = frontier[head];
                if (distance[cell] >= budget) continue;
                for (int next : neighbours[cell]) {
                    if (next >= 0 && at(next) == NurikabeCell::Unknown && distance[next] < 0) {
                        distance[next] = distance[cell] + 1;
                        frontier.push_back(next);
                    }
                }
            }
            for (int cell : queue)
                if (at(cell) == NurikabeCell::Unknown && distance[cell] < 0)
                    decide(cell, NurikabeCell::Island);
        }
        if (trail.size() != before) changed = true;
        return true;
    }

    // Rules 8 to 11 look at the whole grid. Probing leaves them out unless the perimeter count was nearly
    // tight when the rules last ran outside a probe: with room to spare they cost each probe more than they
    // find (on a large grid several times over), and every node still runs them before it probes.
    bool globalRulesNow() const { return !inProbe || perimeterSlack <= height + width; }

    // One pass of every rule; returns false on a contradiction and sets `changed` when a cell was decided.
    // The local rules (1, 2, 4 to 7) decide every cell they can from one labelling of the islands; the walks
    // of rule 3 and the whole-grid rules run only once the local rules have nothing left to decide.
    bool propagateOnce(bool& changed) {
        const std::size_t before = trail.size();
        if (!labelIslands()) return false;
        if (!localRules()) return false;
        if (trail.size() != before) {
            changed = true;
            return true;
        }

        // Rule 3.
        if (!markReach()) return false;
        for (int r = 0; r < height; ++r) {
            if (islandRows[r] & ~reachedRows[r]) return false;
            forEachColumn(unknownRow(r) & ~reachedRows[r], [&](int c) { decide(r * width + c, NurikabeCell::River); });
        }
        if (trail.size() != before) {
            changed = true;
            return true;
        }

        // Rules 8 and 9, then 11 (rule 10 runs with rule 3, whose walks it shortens).
        if (!globalRulesNow()) return true;
        if (!regionRules(changed)) return false;
        if (changed) return true;

        return perimetersFit();
    }

    // Decides the cells gathered in `pending`, each forced by the grid before any of them was decided; false
    // when two of them disagree.
    bool decidePending() {
        for (const auto& [cell, value] : pending)
            if (!decide(cell, value)) return false;
        pending.clear();
        return true;
    }

    // Rules 1, 2, 4, 6, 7 and 5, from the labelling of the islands just made. Each rule decides from the grid
    // as it stands; rules 4 and 5 gather their cells first, as a piece's ways out are counted on the pieces
    // of the labelling.
    bool localRules() {
        // Rules 1 and 2: river cells do not change the island pieces.
        for (int r = 0; r < height; ++r) {
            forEachColumn(besideOf(islandRows, r) & unknownRow(r), [&](int c) {
                if (joinForbidden(r * width + c)) decide(r * width + c, NurikabeCell::River);
            });
        }

        // Rule 4.
        pending.clear();
        for (int id = 0; id < static_cast<int>(pieceSize.size()); ++id) {
            if (finishedPiece(id)) continue;
            int exit = -1;
            const int exits = exitsOf(id, 2, exit);
            if (exits == 0) return false;
            if (exits == 1) pending.push_back({exit, NurikabeCell::Island});
        }
        if (!decidePending()) return false;

        // Rule 6, for every block at once along two rows: bit c stands for the block of columns c and c + 1.
        const RowBits blockStarts = wholeRow >> 1;
        for (int r = 0; r + 1 < height; ++r) {
            const RowBits topLeft = riverRows[r], bottomLeft = riverRows[r + 1];
            const RowBits topRight = topLeft >> 1, bottomRight = bottomLeft >> 1;
            const RowBits unknownTop = unknownRow(r);
            const RowBits unknownBottom = unknownRow(r + 1);
            if (topLeft & topRight & bottomLeft & bottomRight & blockStarts) return false;
            const int top = r * width;
            const int bottom = top + width;
            decideIslands(unknownTop & topRight & bottomLeft & bottomRight & blockStarts, top);
            decideIslands(topLeft & (unknownTop >> 1) & bottomLeft & bottomRight & blockStarts, top + 1);
            decideIslands(topLeft & topRight & unknownBottom & bottomRight & blockStarts, bottom);
            decideIslands(topLeft & topRight & bottomLeft & (unknownBottom >> 1) & blockStarts, bottom + 1);
        }

        // Rule 7.
        const int river = countOf(NurikabeCell::River);
        const int island = countOf(NurikabeCell::Island);
        if (river > riverTotal || island > islandTotal) return false;
        if (river + island < cells && (river == riverTotal || island == islandTotal)) {
            const NurikabeCell fill = river == riverTotal ? NurikabeCell::Island : NurikabeCell::River;
            for (int cell = 0; cell < cells; ++cell)
                if (at(cell) == NurikabeCell::Unknown) decide(cell, fill);
            return true;
        }

        // Rule 5.
        if (!riverConnectable()) return false;
        if (river > 0 && river < riverTotal) {
            // Walk each river piece, counting its ways out.
            nextStamp();
            for (int start = 0; start < cells; ++start) {
                if (at(start) != NurikabeCell::River || stamp[start] == stampNow) continue;
                queue.assign(1, start);
                stamp[start] = stampNow;
                int exits = 0;  // distinct unknown neighbours, counted up to two
                int exit = -1;
                for (std::size_t head = 0; head < queue.size(); ++head) {
                    const int cell = queue[head];
                    for (int next : neighbours[cell]) {
                        if (next < 0 || stamp[next] == stampNow) continue;
                        if (at(next) == NurikabeCell::River) {
                            stamp[next] = stampNow;
                            queue.push_back(next);
                        } else if (at(next) == NurikabeCell::Unknown && next != exit) {
                            exits = exit < 0 ? 1 : 2;
                            if (exit < 0) exit = next;
                        }
                    }
                }
                // The piece is the whole river only when it holds every river cell there will be.
                if (static_cast<int>(queue.size()) == riverTotal) continue;
                if (exits == 0) return false;
                if (exits == 1) pending.push_back({exit, NurikabeCell::River});
            }
        }
        return decidePending();
    }

    // The rules to a fixpoint; false on a contradiction.
    // The rules to a fixpoint; false on a contradiction.
    bool propagateRules() {
        bool changed = true;
        while (changed) {
            changed = false;
            if (!propagateOnce(changed)) return false;
        }
        return true;
    }

    // Rule 12, probing: when the rules stall, try each value of each unknown cell next to a decided one; a
    // value whose propagation meets a contradiction is ruled out, so the cell takes the other; when both
    // stand, the cells both decided alike are decided. The rules run again and the sweep goes on, until a
    // whole lap decides nothing; below the root only cells near a change are tried (see rule 12). The trial
    // changes are undone silently: only conclusions are moves.
    // At most `budget` cells are tried per call, resuming at `probeCursor`, so that one step of a large grid
    // stays short (a Stop in the window waits for the step to end). Returns false on a contradiction; sets
    // `sweepDone` when a whole sweep forced nothing more (or the grid is decided).
    bool probeSlice(int budget, bool& sweepDone) {
        sweepDone = false;
        while (budget > 0) {
            if (probeQuiet >= cells) {
                sweepDone = true;
                return true;
            }
            const int cell = probeCursor;
            probeCursor = probeCursor + 1 < cells ? probeCursor + 1 : 0;
            ++probeQuiet;
            if (at(cell) != NurikabeCell::Unknown || !nextToDecided(cell)) continue;
            if (!probeEverywhere && near[cell] != nearStamp) continue;
            --budget;
            if (probe(cell, NurikabeCell::Island, true)) {
                if (probe(cell, NurikabeCell::River, false) && pending.empty()) continue;
                // The river refuted (pending holds the island), or both probes agree on the cells in pending.
            } else {
                pending.assign(1, {cell, NurikabeCell::River});
            }
            const std::size_t forcedFrom = trail.size();
            if (!decidePending() || !propagateRules()) return false;
            if (allDecided()) {
                sweepDone = true;
                return true;
            }
            markNear(forcedFrom);
            probeQuiet = 0;
        }
        return true;
    }

    // Tries `value` at `cell`, propagates and undoes it, silently; false when the rules refute it. The island
    // probe (`islandProbe`) keeps what it decided in `probeValue`; the river probe that follows gathers in
    // `pending` the cells both decided alike, or the island itself when it is refuted.
    bool probe(int cell, NurikabeCell value, bool islandProbe) {
        const std::size_t mark = trail.size();
        std::vector<Move>* const shown = moves;
        moves = nullptr;
        decide(cell, value);
        inProbe = true;
        const bool consistent = propagateRules();
        inProbe = false;
        if (islandProbe) {
            ++probeStampNow;
            for (std::size_t k = mark + 1; k < trail.size(); ++k) {
                probeStamp[trail[k].cell] = probeStampNow;
                probeValue[trail[k].cell] = at(trail[k].cell);
            }
        } else {
            pending.clear();
            if (!consistent) pending.push_back({cell, NurikabeCell::Island});
            for (std::size_t k = mark + 1; consistent && k < trail.size(); ++k) {
                const int other = trail[k].cell;
                if (probeStamp[other] == probeStampNow && probeValue[other] == at(other))
                    pending.push_back({other, at(other)});
            }
        }
        undoTo(mark);
        moves = shown;
        return consistent;
    }

    // Marks as near the cells within kProbeRadius rows and columns of every cell decided since trail position
    // `from`.
    void markNear(std::size_t from) {
        if (probeEverywhere) return;
        for (std::size_t k = from; k < trail.size(); ++k) {
            const int row = trail[k].cell / width;
            const int column = trail[k].cell % width;
            for (int r = std::max(0, row - kProbeRadius); r <= std::min(height - 1, row + kProbeRadius); ++r)
                for (int c = std::max(0, column - kProbeRadius); c <= std::min(width - 1, column + kProbeRadius); ++c)
                    near[r * width + c] = nearStamp;
        }
    }

    bool nextToDecided(int cell) const {
        for (int next : neighbours[cell])
            if (next >= 0 && at(next) != NurikabeCell::Unknown) return true;
        return false;
    }

    bool allDecided() const { return countOf(NurikabeCell::Unknown) == 0; }

    // Rule 13 at a node the other rules leave open: false when no solution extends the grid; the only one is
    // taken whole. A sweep that gives up is tried again only once a quarter fewer cells are unknown.
    bool lineSweep() {
        const int unknown = countOf(NurikabeCell::Unknown);
        if (unknown >= sweepRetryBelow) return true;
        int count = 0;
        if (sweep.run(grid, kSweepStates, count, sweepSolution) == LineSweep::Outcome::TooLarge) {
            sweepRetryBelow = unknown - unknown / 4;
            return true;
        }
        if (count == 0) return false;
        if (count == 1)
            for (int cell = 0; cell < cells; ++cell) decide(cell, sweepSolution[cell]);
        return true;
    }

    // The unknown cell to branch on: next to the unfinished clued piece with the least freedom (its exits,
    // times a quarter of the cells it still needs once that is more than one), else the first.
    int branchCell() {
        if (!labelIslands()) return -1;
        int bestCell = -1;
        int bestFreedom = 1 << 30;
        for (int id = 0; id < static_cast<int>(pieceSize.size()); ++id) {
            if (pieceClue[id] <= 0 || finishedPiece(id)) continue;
            int firstExit = -1;
            const int exits = exitsOf(id, 1 << 30, firstExit);
            const int freedom = exits * std::max(1, (pieceClue[id] - pieceSize[id]) / 4);
            if (firstExit >= 0 && freedom < bestFreedom) {
                bestFreedom = freedom;
                bestCell = firstExit;
            }
        }
        if (bestCell >= 0) return bestCell;
        for (int cell = 0; cell < cells; ++cell)
            if (at(cell) == NurikabeCell::Unknown) return cell;
        return -1;
    }

    // Backtracks to the latest branch with an untried value and takes it; false when none is left.
    bool backtrack() {
        while (!branches.empty()) {
            Branch& branch = branches.back();
            undoTo(branch.trailMark);
            if (!branch.secondTried) {
                branch.secondTried = true;
                decide(branch.cell, branch.second);
                return true;
            }
            branches.pop_back();
        }
        return false;
    }

    // A node: the rules to a fixpoint, probing (in slices on large grids: a slice that ends before the sweep
    // does returns Running and the node goes on at the next step), then a solution, a contradiction or a
    // branch.
    Status step() {
        if (finished || solutions >= solutionLimit) return Status::Exhausted;
        if (resumeAfterSolution) {
            resumeAfterSolution = false;
            if (!backtrack()) return exhausted();
        }
        if (!inNode) {
            ++nodeCount;
            inNode = true;
            probeQuiet = 0;
            const std::size_t nodeFrom = branches.empty() ? 0 : branches.back().trailMark;
            if (!propagateRules()) return failNode();
            ++nearStamp;
            probeEverywhere = branches.empty();
            markNear(nodeFrom);
        }
        if (!allDecided()) {
            bool sweepDone = false;
            if (!probeSlice(probeBudget, sweepDone)) return failNode();
            if (!sweepDone) {
                lastOutcome = NurikabeSearchTrace::Outcome::Probing;
                return Status::Running;
            }
        }
        inNode = false;
        if (!allDecided() && !lineSweep()) return failNode();
        if (allDecided()) {
            if (!grid.isSolved()) return failNode();  // the rules are not complete for every corner case
            ++solutions;
            if (!first) first = grid;
            resumeAfterSolution = true;
            lastOutcome = NurikabeSearchTrace::Outcome::Solution;
            return Status::FoundSolution;
        }
        const int cell = branchCell();
        branches.push_back({trail.size(), cell, NurikabeCell::Island, false});
        decide(cell, NurikabeCell::River);
        lastOutcome = NurikabeSearchTrace::Outcome::Branched;
        return Status::Running;
    }

    Status exhausted() {
        finished = true;
        lastOutcome = NurikabeSearchTrace::Outcome::Exhausted;
        return Status::Exhausted;
    }

    // A contradiction: back to the latest branch with an untried value, or the end of the search.
    Status failNode() {
        lastOutcome = NurikabeSearchTrace::Outcome::Contradiction;
        inNode = false;
        return backtrack() ? Status::Running : exhausted();
    }
};

NurikabeSearch::NurikabeSearch(const NurikabeGrid& clues, int solutionLimit)
    : m_engine(std::make_unique<Engine>(clues, solutionLimit)) {}
NurikabeSearch::~NurikabeSearch() = default;
NurikabeSearch::NurikabeSearch(NurikabeSearch&&) noexcept = default;
NurikabeSearch& NurikabeSearch::operator=(NurikabeSearch&&) noexcept = default;

NurikabeSearch::Status NurikabeSearch::step(std::vector<Move>* moves) {
    m_engine->moves = moves;
    const Status status = m_engine->step();
    m_engine->moves = nullptr;
    return status;
}

const NurikabeGrid& NurikabeSearch::current() const { return m_engine->grid; }
int NurikabeSearch::solutionsFound() const { return m_engine->solutions; }
const std::optional<NurikabeGrid>& NurikabeSearch::firstSolution() const { return m_engine->first; }
std::uint64_t NurikabeSearch::nodes() const { return m_engine->nodeCount; }
NurikabeSearchTrace NurikabeSearch::trace() const {
    NurikabeSearchTrace out;
    out.outcome = m_engine->lastOutcome;
    for (const auto& branch : m_engine->branches)
        out.stack.emplace_back(branch.cell, m_engine->grid.state(branch.cell) == NurikabeCell::Island);
    if (out.outcome == NurikabeSearchTrace::Outcome::Branched && !m_engine->branches.empty())
        out.branchCell = m_engine->branches.back().cell;
    return out;
}

NurikabeSolveResult solveNurikabe(const NurikabeGrid& clues, int solutionLimit, std::uint64_t nodeLimit) {
    NurikabeSearch search(clues, solutionLimit);
    NurikabeSolveResult result;
    while (true) {
        if (search.nodes() >= nodeLimit) {
            result.nodeLimitHit = true;
            break;
        }
        const auto status = search.step(nullptr);
        if (status == NurikabeSearch::Status::Exhausted) break;
        if (status == NurikabeSearch::Status::FoundSolution && search.solutionsFound() >= solutionLimit) break;
    }
    result.solutionCount = search.solutionsFound();
    result.firstSolution = search.firstSolution();
    result.nodes = search.nodes();
    return result;
}

}  // namespace pw
