// Human-style Nurikabe reasoning.
//
// The grid is analysed into pieces: island pieces (4-connected island cells, with or without a clue) and river
// pieces. An island piece is *unfinished* when it holds no clue (it must still join one) or one clue and fewer
// cells than the clue. Every unfinished clued piece *walks*: a breadth-first walk from its cells through
// undecided and clueless island cells, no further than the cells it still needs, never onto a cell that touches
// another clued piece (that cell would join two clues). Every cell of the island's completion lies on such a
// walk, so what no walk reaches cannot be island.
//
// The rules, easiest first (each decides only what every solution extending the grid has):
//   clue of 1          a clue of 1 is a whole island: its undecided neighbours are river.
//   complete island    a clued piece with as many cells as its clue: its undecided neighbours are river.
//   between two clues  an undecided cell touching two pieces with clues would join them: river.
//   no 2x2 pool        a 2x2 block with three river cells: the fourth cell is island.
//   island grows       an unfinished piece with one undecided neighbour: that neighbour is island.
//   river extends      a river piece with one undecided neighbour, while the river has fewer cells than the
//                      grid minus the clues' sum (it must still join or grow): that neighbour is river.
//   unreachable        an undecided cell no walk reaches: river.
//   river cut off      an undecided cell that, as island, leaves the river cells unable to join through
//                      river and undecided cells, or leaves them room for fewer cells than the river has in the
//                      end (the grid minus the clues' sum): river.
//   island walls       the valid completions of an unfinished clued piece are listed (enumerateCompletions says
//                      which are valid); an undecided cell bordering every one of them is river.
//   island completion  an undecided cell every valid completion of an unfinished clued piece uses is island;
//                      for a piece with too many completions to list, a cell without which its walk reaches
//                      fewer cells than it still needs.
//   hypothesis         when none applies: an undecided cell beside a decided one is assumed river, then
//                      island; the rules from "clue of 1" to "unreachable" are applied (all their applications
//                      at once, round after round) until they stop or the contradiction check below fires. A
//                      contradiction refutes the assumption and the cell takes the other colour. Depth 1
//                      propagates with those rules alone; depth d also lets the propagation use hypotheses of
//                      depth below d when it stalls. Depths are tried shallowest first, cells in reading order,
//                      river before island.
// A contradiction is: an island with two clues or more cells than its clue; a 2x2 pool; more river or island
// cells than the clues allow; an unfinished island with no way out; river cells that cannot join, or can join
// into fewer cells than the river needs; a clued piece whose walk reaches fewer cells than it needs; a clueless island cell no walk reaches; or two rules that
// decide one cell both ways.
//
// The rules are those of LEGUP and of S. T. Lavavej's Nurikabe solver (complete islands, unreachable cells,
// pools, river connectivity, guessing where they run out), named here as a puzzle person says them.

#include "nurikabe/nurikabe_rules.h"

#include "nurikabe/nurikabe_exact.h"

#include <algorithm>
#include <cstdlib>

namespace pw {

const char* nurikabeTechniqueName(NurikabeTechnique technique) {
    switch (technique) {
    case NurikabeTechnique::ClueOfOne: return "clue of 1";
    case NurikabeTechnique::CompleteIsland: return "complete island";
    case NurikabeTechnique::BetweenClues: return "between two clues";
    case NurikabeTechnique::NoPool: return "no 2x2 pool";
    case NurikabeTechnique::IslandOneWay: return "island grows";
    case NurikabeTechnique::RiverOneWay: return "river extends";
    case NurikabeTechnique::Unreachable: return "unreachable";
    case NurikabeTechnique::IslandWalls: return "island walls";
    case NurikabeTechnique::RiverCutOff: return "river cannot be cut off";
    case NurikabeTechnique::IslandCompletion: return "island completion";
    case NurikabeTechnique::Hypothesis: return "hypothesis";
    }
    return "?";
}

const char* nurikabeTechniqueRule(NurikabeTechnique technique) {
    switch (technique) {
    case NurikabeTechnique::ClueOfOne: return "a clue of 1 is a whole island, so its neighbours are river";
    case NurikabeTechnique::CompleteIsland:
        return "an island that has all its cells is walled in by river";
    case NurikabeTechnique::BetweenClues:
        return "a cell touching two islands with clues would join them, so it is river";
    case NurikabeTechnique::NoPool: return "the river never covers a 2x2 block, so the fourth cell is island";
    case NurikabeTechnique::IslandOneWay:
        return "an island that still needs cells and can grow only one way grows that way";
    case NurikabeTechnique::RiverOneWay:
        return "a river piece that must still join the rest and has one way out extends that way";
    case NurikabeTechnique::Unreachable: return "a cell no island can reach is river";
    case NurikabeTechnique::IslandWalls:
        return "an island that needs one more cell is walled wherever it ends, so a cell next to all its ways "
               "out is river";
    case NurikabeTechnique::RiverCutOff:
        return "the river is one piece, so a cell that as island would cut it apart is river";
    case NurikabeTechnique::IslandCompletion:
        return "a cell every completion of an unfinished island uses is island";
    case NurikabeTechnique::Hypothesis:
        return "assume a cell's colour, follow the rules, and where they meet a contradiction the cell has the "
               "other colour";
    }
    return "?";
}

namespace {

const char* colourName(NurikabeCell value) { return value == NurikabeCell::River ? "river" : "island"; }

NurikabeCell opposite(NurikabeCell value) {
    return value == NurikabeCell::River ? NurikabeCell::Island : NurikabeCell::River;
}

// "r1c2", "r1c2 and r3c4", "r1c2, r3c4 and r5c6".
std::string cellList(const NurikabeGrid& grid, const std::vector<int>& cells) {
    std::string text;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i > 0) text += i + 1 == cells.size() ? " and " : ", ";
        text += nurikabeCellName(grid, cells[i]);
    }
    return text;
}

// "the island of 4 at r2c3" for a clued piece, "the clueless island cells at r2c3" for one without a clue.
std::string islandName(const NurikabeGrid& grid, int subject) {
    if (grid.clue(subject))
        return "the island of " + std::to_string(grid.clue(subject)) + " at " + nurikabeCellName(grid, subject);
    return "the island cells at " + nurikabeCellName(grid, subject) + " (no clue yet)";
}

std::string cellsWord(int count) { return std::to_string(count) + (count == 1 ? " cell" : " cells"); }

}  // namespace

std::string NurikabeDeduction::explanation(const NurikabeGrid& grid) const {
    const std::string name = nurikabeTechniqueName(technique);
    const std::string decided = cellList(grid, cells);
    const std::string is = cells.size() == 1 ? " is " : " are ";
    switch (technique) {
    case NurikabeTechnique::ClueOfOne:
        return name + ": " + nurikabeCellName(grid, subject) + " is a whole island, so " + decided + is + "river";
    case NurikabeTechnique::CompleteIsland:
        return name + ": " + islandName(grid, subject) + " has all its cells, so " + decided + is + "river";
    case NurikabeTechnique::BetweenClues:
        return name + ": " + decided + " touches the islands of " + cellList(grid, reasons) +
               "; as island it would join them, so it is river";
    case NurikabeTechnique::NoPool:
        return name + ": " + cellList(grid, reasons) + " are river, so " + decided + " is island";
    case NurikabeTechnique::IslandOneWay:
        return name + ": " + islandName(grid, subject) +
               (grid.clue(subject) ? " needs " + cellsWord(need) + " more" : " must reach a clue") +
               " and can grow only through " + decided + ", so it is island";
    case NurikabeTechnique::RiverOneWay:
        return name + ": the river piece of " + cellsWord(static_cast<int>(reasons.size())) + " at " +
               nurikabeCellName(grid, subject) + " must join the rest of the river and its only way out is " +
               decided + ", so it is river";
    case NurikabeTechnique::Unreachable:
        return name + ": no island can reach " + decided +
               (reasons.empty() ? std::string()
                                : " (" + cellList(grid, reasons) + (reasons.size() == 1 ? " is" : " are") +
                                      " too small or blocked)") +
               ", so" + (cells.size() == 1 ? " it is" : " they are") + " river";
    case NurikabeTechnique::IslandWalls:
        return name + ": " + islandName(grid, subject) + " needs " + cellsWord(need) + " more; " +
               decided + " borders " + (completions == 1 ? "its only valid completion" :
                                        "each of its " + std::to_string(completions) + " valid completions") +
               ", so it is river";
    case NurikabeTechnique::RiverCutOff:
        return name + ": as island, " + decided +
               (reasons.empty() ? " would leave the river room for only " + cellsWord(reach) + " of the " +
                                      std::to_string(need) + " it needs"
                                : " would cut the river piece at " + nurikabeCellName(grid, reasons.front()) +
                                      " off from the rest") +
               ", so it is river";
    case NurikabeTechnique::IslandCompletion:
        if (completions > 0)
            return name + ": " + islandName(grid, subject) + " needs " + cellsWord(need) + " more, and " +
                   (completions == 1 ? "its only valid completion uses "
                                     : "each of its " + std::to_string(completions) + " valid completions uses ") +
                   decided + ", so it is island";
        return name + ": " + islandName(grid, subject) + " needs " + cellsWord(need) + " more, and without " +
               decided + " it can reach only " + std::to_string(reach) + ", so " + decided + " is island";
    case NurikabeTechnique::Hypothesis:
        return name + " (depth " + std::to_string(depth) + "): if " + decided + " were " +
               colourName(opposite(value)) + ", " + std::to_string(propagated) +
               (propagated == 1 ? " deduction" : " deductions") + " would lead to a contradiction (" +
               contradiction.text + "), so " + decided + " is " + colourName(value);
    }
    return name;
}

std::string NurikabeDeduction::region(const NurikabeGrid& grid) const {
    const std::string name = nurikabeTechniqueName(technique);
    switch (technique) {
    case NurikabeTechnique::ClueOfOne:
    case NurikabeTechnique::CompleteIsland:
    case NurikabeTechnique::IslandOneWay:
    case NurikabeTechnique::IslandWalls:
    case NurikabeTechnique::IslandCompletion: return name + ": look at " + islandName(grid, subject);
    case NurikabeTechnique::BetweenClues:
        return name + ": look between the islands of " + cellList(grid, reasons);
    case NurikabeTechnique::NoPool:
        return name + ": look at the 2x2 block at " + nurikabeCellName(grid, subject);
    case NurikabeTechnique::RiverOneWay:
        return name + ": look at the river piece at " + nurikabeCellName(grid, subject);
    case NurikabeTechnique::Unreachable:
    case NurikabeTechnique::RiverCutOff:
    case NurikabeTechnique::Hypothesis: return name + ": look at " + nurikabeCellName(grid, subject);
    }
    return name;
}

// One application found by a rule, in the scratch space: the step path copies it into a NurikabeDeduction,
// the propagation only queues its cells.
struct NurikabeReasoner::Found {
    NurikabeTechnique technique;
    const std::vector<int>& cells;
    NurikabeCell value;
    const std::vector<int>& reasons;
    int subject;
    int need;
    int reach;
    int completions = 0;
};

NurikabeReasoner::NurikabeReasoner(const NurikabeGrid& clues)
    : m_width(clues.width()), m_cellCount(clues.cellCount()) {
    for (int cell = 0; cell < m_cellCount; ++cell) m_islandTotal += clues.clue(cell);
    m_riverTotal = m_cellCount - m_islandTotal;
    m_neighbours.resize(static_cast<std::size_t>(m_cellCount));
    for (int cell = 0; cell < m_cellCount; ++cell) {
        const int r = clues.row(cell);
        const int c = clues.column(cell);
        m_neighbours[cell] = {r > 0 ? cell - m_width : -1, c + 1 < m_width ? cell + 1 : -1,
                              r + 1 < clues.height() ? cell + m_width : -1, c > 0 ? cell - 1 : -1};
    }
    m_islandOf.resize(static_cast<std::size_t>(m_cellCount));
    m_riverOf.resize(static_cast<std::size_t>(m_cellCount));
    m_reachers.resize(static_cast<std::size_t>(m_cellCount));
    m_mark.assign(static_cast<std::size_t>(m_cellCount), 0);
    m_distance.resize(static_cast<std::size_t>(m_cellCount));
    for (auto* perCell : {&m_seen, &m_inShape, &m_usedCount, &m_wallCount})
        perCell->assign(static_cast<std::size_t>(m_cellCount), 0);
}

void NurikabeReasoner::analyse(const NurikabeGrid& grid) {
    m_grid = &grid;
    std::fill(m_islandOf.begin(), m_islandOf.end(), -1);
    std::fill(m_riverOf.begin(), m_riverOf.end(), -1);
    m_islands.clear();
    m_rivers.clear();
    m_islandCells.clear();
    m_riverCells.clear();
    m_riverCount = m_islandCount = m_unknownCount = 0;
    for (int start = 0; start < m_cellCount; ++start) {
        const NurikabeCell state = grid.state(start);
        if (state == NurikabeCell::Unknown) {
            ++m_unknownCount;
            continue;
        }
        const bool island = state == NurikabeCell::Island;
        (island ? m_islandCount : m_riverCount) += 1;
        std::vector<int>& of = island ? m_islandOf : m_riverOf;
        if (of[start] >= 0) continue;
        std::vector<Piece>& pieces = island ? m_islands : m_rivers;
        std::vector<int>& cells = island ? m_islandCells : m_riverCells;
        const int index = static_cast<int>(pieces.size());
        Piece piece;
        piece.first = static_cast<int>(cells.size());
        of[start] = index;
        cells.push_back(start);
        // The piece's cells are appended to `cells` as they are found: the list is its own queue.
        for (std::size_t at = static_cast<std::size_t>(piece.first); at < cells.size(); ++at) {
            const int cell = cells[at];
            if (grid.clue(cell)) {
                if (piece.clueCount++ == 0) {
                    piece.clueCell = cell;
                    piece.clue = grid.clue(cell);
                }
            }
            for (int next : m_neighbours[cell])
                if (next >= 0 && of[next] < 0 && grid.state(next) == state) {
                    of[next] = index;
                    cells.push_back(next);
                }
        }
        piece.size = static_cast<int>(cells.size()) - piece.first;
        std::sort(cells.begin() + piece.first, cells.end());
        pieces.push_back(piece);
    }
    // The walks of the unfinished clued pieces.
    std::fill(m_reachers.begin(), m_reachers.end(), 0);
    m_pieceReach.assign(m_islands.size(), 0);
    for (std::size_t piece = 0; piece < m_islands.size(); ++piece)
        if (m_islands[piece].clueCount == 1 && isUnfinished(m_islands[piece]))
            m_pieceReach[piece] = reachFrom(static_cast<int>(piece), -1, true);
}

bool NurikabeReasoner::isUnfinished(const Piece& piece) const {
    return piece.clueCount == 0 || (piece.clueCount == 1 && piece.size < piece.clue);
}

bool NurikabeReasoner::touchesOtherClue(int cell, int piece) const {
    for (int next : m_neighbours[cell]) {
        if (next < 0) continue;
        const int other = m_islandOf[next];
        if (other >= 0 && other != piece && m_islands[other].clueCount > 0) return true;
    }
    return false;
}

// The walk of clued piece `piece`, not onto `blocked`: how many cells it reaches (counted in m_reachers when
// `record`). The walk's cells stay in m_queue, the piece's own first.
int NurikabeReasoner::reachFrom(int piece, int blocked, bool record) {
    const Piece& from = m_islands[piece];
    const int need = from.clue - from.size;
    ++m_markStamp;
    m_queue.clear();
    for (int i = 0; i < from.size; ++i) {
        const int cell = m_islandCells[from.first + i];
        m_mark[cell] = m_markStamp;
        m_distance[cell] = 0;
        m_queue.push_back(cell);
    }
    int reached = 0;
    for (std::size_t at = 0; at < m_queue.size(); ++at) {
        const int cell = m_queue[at];
        if (m_distance[cell] == need) continue;
        for (int next : m_neighbours[cell]) {
            if (next < 0 || next == blocked || m_mark[next] == m_markStamp) continue;
            const NurikabeCell state = m_grid->state(next);
            if (state == NurikabeCell::River) continue;
            if (state == NurikabeCell::Island && m_islands[m_islandOf[next]].clueCount > 0) continue;
            if (touchesOtherClue(next, piece)) continue;
            m_mark[next] = m_markStamp;
            m_distance[next] = m_distance[cell] + 1;
            m_queue.push_back(next);
            ++reached;
            if (record) ++m_reachers[next];
        }
    }
    return reached;
}

// The undecided neighbours of a piece, ascending.
const std::vector<int>& NurikabeReasoner::exitsOf(const Piece& piece, const std::vector<int>& cells) {
    ++m_markStamp;
    m_exits.clear();
    for (int i = 0; i < piece.size; ++i)
        for (int next : m_neighbours[cells[piece.first + i]])
            if (next >= 0 && m_mark[next] != m_markStamp && m_grid->state(next) == NurikabeCell::Unknown) {
                m_mark[next] = m_markStamp;
                m_exits.push_back(next);
            }
    std::sort(m_exits.begin(), m_exits.end());
    return m_exits;
}

// The cells the river can still cover: a walk from the first river cell through river and undecided cells,
// not onto `blocked`. `firstCutOff` receives the first river cell the walk misses, or -1.
int NurikabeReasoner::riverReach(int blocked, int& firstCutOff) {
    ++m_markStamp;
    m_queue.clear();
    const int start = m_riverCells[m_rivers.front().first];
    m_mark[start] = m_markStamp;
    m_queue.push_back(start);
    int riverReached = 0;
    for (std::size_t at = 0; at < m_queue.size(); ++at) {
        const int cell = m_queue[at];
        riverReached += m_grid->state(cell) == NurikabeCell::River;
        for (int next : m_neighbours[cell])
            if (next >= 0 && next != blocked && m_mark[next] != m_markStamp &&
                m_grid->state(next) != NurikabeCell::Island) {
                m_mark[next] = m_markStamp;
                m_queue.push_back(next);
            }
    }
    firstCutOff = -1;
    if (riverReached < m_riverCount)
        for (const Piece& piece : m_rivers)
            if (m_mark[m_riverCells[piece.first]] != m_markStamp) {
                firstCutOff = m_riverCells[piece.first];
                break;
            }
    return static_cast<int>(m_queue.size());
}

bool NurikabeReasoner::findContradiction(NurikabeContradiction* out) {
    const NurikabeGrid& grid = *m_grid;
    auto fail = [&](std::string text, std::vector<int> cells) {
        if (out) *out = {std::move(text), std::move(cells)};
        return true;
    };
    auto pieceCells = [](const std::vector<int>& all, const Piece& piece) {
        return std::vector<int>(all.begin() + piece.first, all.begin() + piece.first + piece.size);
    };
    for (const Piece& piece : m_islands) {
        if (piece.clueCount > 1) {
            std::vector<int> clues;
            for (int i = 0; i < piece.size; ++i)
                if (grid.clue(m_islandCells[piece.first + i])) clues.push_back(m_islandCells[piece.first + i]);
            return fail("one island holds the clues at " + cellList(grid, clues), pieceCells(m_islandCells, piece));
        }
        if (piece.clueCount == 1 && piece.size > piece.clue)
            return fail(islandName(grid, piece.clueCell) + " has " + cellsWord(piece.size),
                        pieceCells(m_islandCells, piece));
    }
    for (int cell = 0; cell + m_width < m_cellCount; ++cell) {
        if ((cell + 1) % m_width == 0) continue;
        const int block[4] = {cell, cell + 1, cell + m_width, cell + m_width + 1};
        if (std::all_of(std::begin(block), std::end(block),
                        [&](int k) { return grid.state(k) == NurikabeCell::River; }))
            return fail("a 2x2 pool of river at " + nurikabeCellName(grid, cell),
                        {block[0], block[1], block[2], block[3]});
    }
    if (m_riverCount > m_riverTotal)
        return fail("the river has " + cellsWord(m_riverCount) + ", more than the " + cellsWord(m_riverTotal) +
                        " the clues leave",
                    {});
    if (m_islandCount > m_islandTotal)
        return fail("the islands have " + cellsWord(m_islandCount) + ", more than the clues' " +
                        std::to_string(m_islandTotal),
                    {});
    for (std::size_t index = 0; index < m_islands.size(); ++index) {
        const Piece& piece = m_islands[index];
        if (!isUnfinished(piece)) continue;
        const int subject = piece.clueCount ? piece.clueCell : m_islandCells[piece.first];
        if (exitsOf(piece, m_islandCells).empty())
            return fail(islandName(grid, subject) + " cannot grow", pieceCells(m_islandCells, piece));
        if (piece.clueCount == 1 && m_pieceReach[index] < piece.clue - piece.size)
            return fail(islandName(grid, subject) + " needs " + cellsWord(piece.clue - piece.size) +
                            " more but can reach only " + std::to_string(m_pieceReach[index]),
                        pieceCells(m_islandCells, piece));
        if (piece.clueCount == 0)
            for (int i = 0; i < piece.size; ++i)
                if (m_reachers[m_islandCells[piece.first + i]] == 0)
                    return fail("no clue can reach " + islandName(grid, subject), pieceCells(m_islandCells, piece));
    }
    if (m_riverCount > 0) {
        int cutOff = -1;
        const int room = riverReach(-1, cutOff);
        if (cutOff >= 0)
            return fail("the river piece at " + nurikabeCellName(grid, cutOff) + " is cut off from the rest",
                        pieceCells(m_riverCells, m_rivers[m_riverOf[cutOff]]));
        if (room < m_riverTotal)
            return fail("the river has room for only " + cellsWord(room) + " of the " +
                            std::to_string(m_riverTotal) + " it needs",
                        {});
    }
    return false;
}

std::optional<NurikabeContradiction> NurikabeReasoner::contradiction(const NurikabeGrid& grid) {
    analyse(grid);
    NurikabeContradiction found;
    if (findContradiction(&found)) return found;
    return std::nullopt;
}

// Every application of the rules from "clue of 1" to "unreachable" (and island completion when
// `withCompletion`), rule by rule, each in reading order, handed to `sink` until it returns true. The grid must
// be analysed and free of contradictions.
template <class Sink> bool NurikabeReasoner::findRules(Sink& sink, bool withCompletion) {
    const NurikabeGrid& grid = *m_grid;
    auto offer = [&](NurikabeTechnique technique, const std::vector<int>& cells, NurikabeCell value,
                     const std::vector<int>& reasons, int subject, int need = 0, int reach = 0) {
        return sink(Found{technique, cells, value, reasons, subject, need, reach});
    };
    auto pieceReasons = [&](const Piece& piece, const std::vector<int>& all) -> const std::vector<int>& {
        m_reasons.assign(all.begin() + piece.first, all.begin() + piece.first + piece.size);
        return m_reasons;
    };
    // Clue of 1, then complete islands.
    for (const bool single : {true, false})
        for (const Piece& piece : m_islands) {
            if (piece.clueCount != 1 || piece.size != piece.clue || (piece.clue == 1) != single) continue;
            if (exitsOf(piece, m_islandCells).empty()) continue;
            m_cells = m_exits;
            if (offer(single ? NurikabeTechnique::ClueOfOne : NurikabeTechnique::CompleteIsland, m_cells,
                      NurikabeCell::River, pieceReasons(piece, m_islandCells), piece.clueCell))
                return true;
        }
    // Between two clues.
    for (int cell = 0; cell < m_cellCount; ++cell) {
        if (grid.state(cell) != NurikabeCell::Unknown) continue;
        m_reasons.clear();
        for (int next : m_neighbours[cell]) {
            if (next < 0 || m_islandOf[next] < 0) continue;
            const Piece& piece = m_islands[m_islandOf[next]];
            if (piece.clueCount == 0) continue;
            if (std::none_of(m_reasons.begin(), m_reasons.end(),
                             [&](int clue) { return clue == piece.clueCell; }))
                m_reasons.push_back(piece.clueCell);
        }
        if (m_reasons.size() < 2) continue;
        std::sort(m_reasons.begin(), m_reasons.end());
        m_cells.assign(1, cell);
        if (offer(NurikabeTechnique::BetweenClues, m_cells, NurikabeCell::River, m_reasons, cell)) return true;
    }
    // No 2x2 pool.
    for (int cell = 0; cell + m_width < m_cellCount; ++cell) {
        if ((cell + 1) % m_width == 0) continue;
        const int block[4] = {cell, cell + 1, cell + m_width, cell + m_width + 1};
        int rivers = 0, unknown = -1, unknowns = 0;
        for (int k : block) {
            if (grid.state(k) == NurikabeCell::River) ++rivers;
            if (grid.state(k) == NurikabeCell::Unknown) {
                unknown = k;
                ++unknowns;
            }
        }
        if (rivers != 3 || unknowns != 1) continue;
        m_reasons.clear();
        for (int k : block)
            if (k != unknown) m_reasons.push_back(k);
        m_cells.assign(1, unknown);
        if (offer(NurikabeTechnique::NoPool, m_cells, NurikabeCell::Island, m_reasons, cell)) return true;
    }
    // Island grows.
    for (std::size_t index = 0; index < m_islands.size(); ++index) {
        const Piece& piece = m_islands[index];
        if (!isUnfinished(piece) || exitsOf(piece, m_islandCells).size() != 1) continue;
        m_cells = m_exits;
        const int subject = piece.clueCount ? piece.clueCell : m_islandCells[piece.first];
        if (offer(NurikabeTechnique::IslandOneWay, m_cells, NurikabeCell::Island,
                  pieceReasons(piece, m_islandCells), subject, piece.clue - piece.size))
            return true;
    }
    // River extends.
    if (m_riverCount < m_riverTotal)
        for (const Piece& piece : m_rivers) {
            if (exitsOf(piece, m_riverCells).size() != 1) continue;
            m_cells = m_exits;
            if (offer(NurikabeTechnique::RiverOneWay, m_cells, NurikabeCell::River,
                      pieceReasons(piece, m_riverCells), m_riverCells[piece.first]))
                return true;
        }
    // Unreachable: the reasons are the unfinished islands whose clue alone would reach the cell.
    for (int cell = 0; cell < m_cellCount; ++cell) {
        if (grid.state(cell) != NurikabeCell::Unknown || m_reachers[cell] > 0) continue;
        m_reasons.clear();
        for (const Piece& piece : m_islands) {
            if (piece.clueCount != 1 || !isUnfinished(piece)) continue;
            const int distance = std::abs(grid.row(cell) - grid.row(piece.clueCell)) +
                                 std::abs(grid.column(cell) - grid.column(piece.clueCell));
            if (distance < piece.clue) m_reasons.push_back(piece.clueCell);
        }
        std::sort(m_reasons.begin(), m_reasons.end());
        m_cells.assign(1, cell);
        if (offer(NurikabeTechnique::Unreachable, m_cells, NurikabeCell::River, m_reasons, cell)) return true;
    }
    return withCompletion && findConfinements(sink);
}

// River cut off: every undecided cell is made island in turn and the river's walk repeated. Island completion:
// for every unfinished clued piece, every undecided cell of its walk is blocked in turn.
template <class Sink> bool NurikabeReasoner::findConfinements(Sink& sink) {
    if (m_riverCount > 0)
        for (int cell = 0; cell < m_cellCount; ++cell) {
            if (m_grid->state(cell) != NurikabeCell::Unknown) continue;
            int cutOff = -1;
            const int room = riverReach(cell, cutOff);
            if (cutOff < 0 && room >= m_riverTotal) continue;
            m_cells.assign(1, cell);
            m_reasons.clear();
            if (cutOff >= 0) {
                const Piece& piece = m_rivers[m_riverOf[cutOff]];
                m_reasons.assign(m_riverCells.begin() + piece.first, m_riverCells.begin() + piece.first + piece.size);
            }
            if (sink(Found{NurikabeTechnique::RiverCutOff, m_cells, NurikabeCell::River, m_reasons, cell,
                           m_riverTotal, room}))
                return true;
        }
    enumerateCompletions();
    // Island walls, then island completion, island by island.
    for (const bool walls : {true, false})
        for (std::size_t index = 0; index < m_islands.size(); ++index) {
            const Piece& piece = m_islands[index];
            if (piece.clueCount != 1 || !isUnfinished(piece)) continue;
            const Completions& completions = m_completions[index];
            if (completions.count <= 0) continue;
            const auto& list = walls ? m_wallsOfAll : m_usedByAll;
            const auto [first, last] = walls ? completions.walls : completions.used;
            for (int at = first; at < last; ++at) {
                m_cells.assign(1, list[static_cast<std::size_t>(at)]);
                m_reasons.assign(m_islandCells.begin() + piece.first,
                                 m_islandCells.begin() + piece.first + piece.size);
                if (sink(Found{walls ? NurikabeTechnique::IslandWalls : NurikabeTechnique::IslandCompletion, m_cells,
                               walls ? NurikabeCell::River : NurikabeCell::Island, m_reasons, piece.clueCell,
                               piece.clue - piece.size, 0, completions.count}))
                    return true;
            }
        }
    // Island completion by the walk, for the islands with too many completions to list.
    std::vector<int>& walk = m_walk;
    for (std::size_t index = 0; index < m_islands.size(); ++index) {
        const Piece& piece = m_islands[index];
        if (piece.clueCount != 1 || !isUnfinished(piece) || m_completions[index].count >= 0) continue;
        const int need = piece.clue - piece.size;
        reachFrom(static_cast<int>(index), -1, false);
        walk.clear();
        for (int cell : m_queue)
            if (m_grid->state(cell) == NurikabeCell::Unknown) walk.push_back(cell);
        std::sort(walk.begin(), walk.end());
        for (int cell : walk) {
            const int reach = reachFrom(static_cast<int>(index), cell, false);
            if (reach >= need) continue;
            m_cells.assign(1, cell);
            m_reasons.assign(m_islandCells.begin() + piece.first, m_islandCells.begin() + piece.first + piece.size);
            if (sink(Found{NurikabeTechnique::IslandCompletion, m_cells, NurikabeCell::Island, m_reasons,
                           piece.clueCell, need, reach}))
                return true;
        }
    }
    return false;
}

// Every completion of every unfinished clued piece, up to kMaxShapes partial shapes grown per piece: the connected
// sets of the cells it still needs, from the cells of its walk, grown around the piece (Redelmeier's
// enumeration, each set once). A completion is valid when the island it makes touches no other island cell
// and its walls (its undecided neighbours, all river once it is complete) close no 2x2 pool. Records,
// per piece, the undecided cells every valid completion uses and those every one walls.
void NurikabeReasoner::enumerateCompletions() {
    m_completions.assign(m_islands.size(), Completions{});
    m_usedByAll.clear();
    m_wallsOfAll.clear();
    for (std::size_t index = 0; index < m_islands.size(); ++index) {
        const Piece& piece = m_islands[index];
        if (piece.clueCount != 1 || !isUnfinished(piece)) continue;
        m_enumerating = static_cast<int>(index);
        m_shapesTried = 0;
        m_validShapes = 0;
        m_shape.clear();
        m_touched.clear();
        ++m_markStamp;
        std::vector<int> frontier;
        for (int i = 0; i < piece.size; ++i) m_mark[m_islandCells[piece.first + i]] = m_markStamp;
        for (int i = 0; i < piece.size; ++i)
            for (int next : m_neighbours[m_islandCells[piece.first + i]])
                if (next >= 0 && m_mark[next] != m_markStamp && mayJoin(next, static_cast<int>(index))) {
                    m_mark[next] = m_markStamp;
                    frontier.push_back(next);
                }
        const int seenStamp = m_markStamp;
        growCompletion(piece.clue - piece.size, frontier, seenStamp);
        Completions& result = m_completions[index];
        if (m_shapesTried > kMaxShapes) {
            result.count = -1;
        } else {
            result.count = m_validShapes;
            result.used.first = static_cast<int>(m_usedByAll.size());
            result.walls.first = static_cast<int>(m_wallsOfAll.size());
            std::sort(m_touched.begin(), m_touched.end());
            for (int cell : m_touched)
                if (m_validShapes > 0 && m_usedCount[cell] == m_validShapes) m_usedByAll.push_back(cell);
            for (int cell : m_touched)
                if (m_validShapes > 0 && m_wallCount[cell] == m_validShapes) m_wallsOfAll.push_back(cell);
            result.used.second = static_cast<int>(m_usedByAll.size());
            result.walls.second = static_cast<int>(m_wallsOfAll.size());
        }
        for (int cell : m_touched) m_usedCount[cell] = m_wallCount[cell] = 0;
    }
}

// A cell a completion of clued piece `piece` may take: undecided or clueless island, touching no other clue.
bool NurikabeReasoner::mayJoin(int cell, int piece) const {
    const NurikabeCell state = m_grid->state(cell);
    if (state == NurikabeCell::River) return false;
    if (state == NurikabeCell::Island && m_islands[m_islandOf[cell]].clueCount > 0) return false;
    return !touchesOtherClue(cell, piece);
}

void NurikabeReasoner::growCompletion(int need, std::vector<int> untried, int seenStamp) {
    if (++m_shapesTried > kMaxShapes) return;
    if (need == 0) {
        checkCompletion();
        return;
    }
    std::vector<int> added;
    while (!untried.empty()) {
        const int cell = untried.back();
        untried.pop_back();
        m_shape.push_back(cell);
        std::vector<int> deeper = untried;
        added.clear();
        for (int next : m_neighbours[cell])
            if (next >= 0 && m_seen[next] != seenStamp && m_mark[next] != seenStamp && mayJoin(next, m_enumerating)) {
                m_seen[next] = seenStamp;
                added.push_back(next);
                deeper.push_back(next);
            }
        growCompletion(need - 1, std::move(deeper), seenStamp);
        for (int next : added) m_seen[next] = 0;
        m_shape.pop_back();
        if (m_shapesTried > kMaxShapes) return;
    }
}

// Whether the island made by the piece being enumerated and m_shape is a valid completion; counts it if so.
void NurikabeReasoner::checkCompletion() {
    const NurikabeGrid& grid = *m_grid;
    const Piece& piece = m_islands[m_enumerating];
    const int island = ++m_shapeStamp;
    for (int i = 0; i < piece.size; ++i) m_inShape[m_islandCells[piece.first + i]] = island;
    for (int cell : m_shape) m_inShape[cell] = island;
    // It touches no island cell outside itself.
    for (int cell : m_shape)
        for (int next : m_neighbours[cell])
            if (next >= 0 && m_inShape[next] != island && grid.state(next) == NurikabeCell::Island) return;
    // Its walls.
    const int wall = ++m_shapeStamp;
    m_walls.clear();
    auto addWalls = [&](int cell) {
        for (int next : m_neighbours[cell])
            if (next >= 0 && m_inShape[next] != island && m_inShape[next] != wall &&
                grid.state(next) == NurikabeCell::Unknown) {
                m_inShape[next] = wall;
                m_walls.push_back(next);
            }
    };
    for (int i = 0; i < piece.size; ++i) addWalls(m_islandCells[piece.first + i]);
    for (int cell : m_shape) addWalls(cell);
    auto isRiver = [&](int cell) { return grid.state(cell) == NurikabeCell::River || m_inShape[cell] == wall; };
    for (int cell : m_walls) {
        const int r = grid.row(cell);
        const int c = grid.column(cell);
        for (int dr = -1; dr <= 0; ++dr)
            for (int dc = -1; dc <= 0; ++dc) {
                const int top = r + dr, left = c + dc;
                if (top < 0 || left < 0 || top + 1 >= grid.height() || left + 1 >= m_width) continue;
                const int corner = top * m_width + left;
                if (isRiver(corner) && isRiver(corner + 1) && isRiver(corner + m_width) &&
                    isRiver(corner + m_width + 1))
                    return;
            }
    }
    ++m_validShapes;
    for (int cell : m_shape) {
        if (grid.state(cell) != NurikabeCell::Unknown) continue;
        if (m_usedCount[cell] == 0 && m_wallCount[cell] == 0) m_touched.push_back(cell);
        ++m_usedCount[cell];
    }
    for (int cell : m_walls) {
        if (m_usedCount[cell] == 0 && m_wallCount[cell] == 0) m_touched.push_back(cell);
        ++m_wallCount[cell];
    }
}

// Applies the rules from "clue of 1" to "unreachable" to `grid` round after round, every application of a
// round at once (each follows from the grid before the round, so together they are sound), and a hypothesis of
// depth at most `depth` when they stall. The confinement rules are left to the contradiction check, which sees
// a cut river or a confined island once it happens: a propagation runs for every assumption tried, and listing
// completions in each would make hypotheses on large grids take minutes. Stops at a contradiction (described in `last`), a full grid or a stall.
NurikabeReasoner::Propagation NurikabeReasoner::propagate(NurikabeGrid& grid, int depth,
                                                           NurikabeContradiction* last) {
    Propagation result;
    for (;;) {
        analyse(grid);
        if (findContradiction(last)) {
            result.contradicted = true;
            return result;
        }
        if (m_unknownCount == 0) return result;
        m_pending.clear();
        auto queue = [this](const Found& found) {
            for (int cell : found.cells) m_pending.emplace_back(cell, found.value);
            return false;
        };
        findRules(queue, false);
        if (m_pending.empty() && depth > 0) {
            std::optional<NurikabeDeduction> found;
            for (int d = 1; d <= depth && !found; ++d) found = hypothesis(grid, d);
            m_pending.clear();  // the trials' propagations queued their own cells here
            if (found)
                for (int cell : found->cells) m_pending.emplace_back(cell, found->value);
        }
        if (m_pending.empty()) return result;
        for (const auto& [cell, value] : m_pending) {
            if (grid.state(cell) == NurikabeCell::Unknown) {
                grid.setState(cell, value);
                ++result.deductions;
                ++m_trialDeductions;
            } else if (grid.state(cell) != value) {
                if (last) *last = {"the rules make " + nurikabeCellName(grid, cell) + " both river and island", {cell}};
                result.contradicted = true;
                return result;
            }
        }
    }
}

// A hypothesis of exactly `depth` on `grid`: the first assumption, in reading order, river before island,
// that propagation with hypotheses below `depth` refutes.
std::optional<NurikabeDeduction> NurikabeReasoner::hypothesis(const NurikabeGrid& grid, int depth) {
    if (static_cast<int>(m_trials.size()) <= depth) {
        m_trials.resize(static_cast<std::size_t>(depth) + 1);
        m_candidates.resize(static_cast<std::size_t>(depth) + 1);
    }
    std::vector<int>& candidates = m_candidates[depth];
    candidates.clear();
    for (int cell = 0; cell < m_cellCount; ++cell) {
        if (grid.state(cell) != NurikabeCell::Unknown) continue;
        if (std::any_of(m_neighbours[cell].begin(), m_neighbours[cell].end(),
                        [&](int next) { return next >= 0 && grid.state(next) != NurikabeCell::Unknown; }))
            candidates.push_back(cell);
    }
    NurikabeContradiction contradiction;
    for (int cell : candidates)
        for (const NurikabeCell assumed : {NurikabeCell::River, NurikabeCell::Island}) {
            NurikabeGrid& trial = m_trials[depth];
            trial = grid;
            trial.setState(cell, assumed);
            const Propagation outcome = propagate(trial, depth - 1, &contradiction);
            if (!outcome.contradicted) continue;
            NurikabeDeduction deduction;
            deduction.technique = NurikabeTechnique::Hypothesis;
            deduction.cells = {cell};
            deduction.value = opposite(assumed);
            deduction.subject = cell;
            deduction.reasons = contradiction.cells;
            if (std::find(deduction.reasons.begin(), deduction.reasons.end(), cell) == deduction.reasons.end())
                deduction.reasons.push_back(cell);
            std::sort(deduction.reasons.begin(), deduction.reasons.end());
            deduction.depth = depth;
            deduction.propagated = outcome.deductions + 1;  // the assumption and what followed
            deduction.contradiction = std::move(contradiction);
            return deduction;
        }
    return std::nullopt;
}

std::optional<NurikabeDeduction> NurikabeReasoner::next(const NurikabeGrid& grid, int maxDepth) {
    analyse(grid);
    if (findContradiction(nullptr) || m_unknownCount == 0) return std::nullopt;
    std::optional<NurikabeDeduction> result;
    auto take = [&](const Found& found) {
        NurikabeDeduction deduction;
        deduction.technique = found.technique;
        deduction.cells = found.cells;
        deduction.value = found.value;
        deduction.reasons = found.reasons;
        deduction.subject = found.subject;
        deduction.need = found.need;
        deduction.reach = found.reach;
        deduction.completions = found.completions;
        result = std::move(deduction);
        return true;
    };
    if (findRules(take, true)) return result;
    for (int depth = 1; depth <= maxDepth; ++depth)
        if (auto found = hypothesis(grid, depth)) return found;
    return std::nullopt;
}

void applyDeduction(NurikabeGrid& grid, const NurikabeDeduction& deduction) {
    for (int cell : deduction.cells) grid.setState(cell, deduction.value);
}

std::optional<NurikabeTechnique> NurikabeLogicSolve::hardest() const {
    for (int technique = kNurikabeTechniqueCount - 1; technique >= 0; --technique)
        if (stepsBy[static_cast<std::size_t>(technique)] > 0) return static_cast<NurikabeTechnique>(technique);
    return std::nullopt;
}

NurikabeLogicSolve solveNurikabeByLogic(const NurikabeGrid& clues, int maxDepth) {
    NurikabeLogicSolve solve;
    solve.grid = clues;
    NurikabeReasoner reasoner(clues);
    for (;;) {
        if (auto contradiction = reasoner.contradiction(solve.grid)) {
            solve.stuck = "contradiction: " + contradiction->text;
            return solve;
        }
        const auto deduction = reasoner.next(solve.grid, maxDepth);
        if (!deduction) break;
        applyDeduction(solve.grid, *deduction);
        ++solve.steps;
        ++solve.stepsBy[static_cast<std::size_t>(deduction->technique)];
        solve.deepestHypothesis = std::max(solve.deepestHypothesis, deduction->depth);
    }
    solve.solved = solve.grid.isSolved();
    if (!solve.solved) {
        int undecided = 0;
        for (int cell = 0; cell < solve.grid.cellCount(); ++cell)
            undecided += solve.grid.state(cell) == NurikabeCell::Unknown;
        solve.stuck = undecided ? "stuck: no rule applies; " + cellsWord(undecided) + " undecided"
                                : "every cell decided, but the grid breaks a rule";
    }
    return solve;
}

std::optional<NurikabeRating> rateNurikabe(const NurikabeGrid& clues) {
    const NurikabeLogicSolve solve = solveNurikabeByLogic(clues, kNurikabeRatingDepth);
    if (!solve.solved) return std::nullopt;
    return nurikabeRatingOf(solve);
}

NurikabeRating nurikabeRatingOf(const NurikabeLogicSolve& solve) {
    NurikabeRating rating;
    const auto hardest = solve.hardest();
    if (!hardest) return rating;
    rating.hardestSteps = solve.stepsBy[static_cast<std::size_t>(*hardest)];
    rating.hypothesisDepth = solve.deepestHypothesis;
    rating.level = static_cast<int>(*hardest) + 1 + solve.deepestHypothesis;
    if (*hardest == NurikabeTechnique::Hypothesis) rating.level -= 1;
    return rating;
}

NurikabeHint nurikabeHint(const NurikabeGrid& clues, const NurikabeGrid& current, int level) {
    NurikabeHint hint;
    const NurikabeSolveResult exact = solveNurikabe(clues, 2);
    if (exact.solutionCount == 0 || !exact.firstSolution) {
        hint.kind = NurikabeHint::Kind::NoSolution;
        hint.text = "the puzzle has no solution";
        return hint;
    }
    // A mistake is named only where the solution is unique: with several, a cell may be right in another one.
    if (exact.solutionCount == 1) {
        const NurikabeGrid& solution = *exact.firstSolution;
        for (int cell = 0; cell < current.cellCount(); ++cell) {
            const NurikabeCell state = current.state(cell);
            if (state == NurikabeCell::Unknown || state == solution.state(cell)) continue;
            hint.kind = NurikabeHint::Kind::Mistake;
            if (level == 1) {
                hint.text = "a cell is marked wrong";
            } else {
                hint.text = nurikabeCellName(current, cell) + " is marked " + colourName(state) + " but is " +
                            colourName(solution.state(cell)) + " in the solution";
                hint.cells = {cell};
            }
            return hint;
        }
    }
    if (current.isSolved()) {
        hint.kind = NurikabeHint::Kind::Solved;
        hint.text = "the puzzle is solved";
        return hint;
    }
    NurikabeReasoner reasoner(clues);
    auto deduction = reasoner.next(current, kNurikabeRatingDepth);
    if (!deduction) {
        hint.text = "no rule applies here, even with hypotheses " + std::to_string(kNurikabeRatingDepth) + " deep";
        return hint;
    }
    const NurikabeTechnique technique = deduction->technique;
    if (level == 1) {
        hint.text = std::string("try the rule \"") + nurikabeTechniqueName(technique) + "\": " +
                    nurikabeTechniqueRule(technique);
    } else if (level == 2) {
        hint.text = deduction->region(current);
        hint.cells = deduction->reasons;
        if (technique == NurikabeTechnique::Unreachable || technique == NurikabeTechnique::Hypothesis)
            hint.cells = {deduction->subject};
    } else {
        hint.text = deduction->explanation(current);
        hint.cells = deduction->reasons;
        hint.cells.insert(hint.cells.end(), deduction->cells.begin(), deduction->cells.end());
    }
    hint.deduction = std::move(deduction);
    return hint;
}

}  // namespace pw
