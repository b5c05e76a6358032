// `nurikabe-backtracking` — brute force for Nurikabe as Křivánek's thesis describes it (§4.2, "Brute Force
// search").
//
// Idea: expand the islands one after another. For the island being expanded, generate its shapes (every
// 4-connected set of clue-size cells holding the clue cell, built from undecided cells); a step places one
// shape, surrounds it with river and checks the partial grid against the thesis's four conditions:
//   1. two clues are joined by island cells (the shape touches another island);
//   2. an island not yet expanded is smaller than its clue and cannot grow any further (fewer than clue cells
//      reachable from it through undecided cells that touch no other clue);
//   3. two parts of the river are separated and cannot be joined (through river or undecided cells);
//   4. a pool (2x2 river block) was created.
// If none holds, the search moves on to the next island; otherwise the shape is taken back and the next one is
// tried. When an island has no shape left the search backtracks to the previous island's next shape. When all
// islands are expanded, the undecided cells become river and the grid is checked against every rule.
//
// Order: "ascending order of the sizes of the islands ... Among the islands of the same size we choose order
// randomly": the clues are shuffled with the seed, then sorted stably by size.
//
// Shapes: Redelmeier's enumeration of connected sets around a fixed cell, kept as an explicit stack per island
// so the search can stop after any step and resume: every shape is generated exactly once, and undecided cells
// only (river cells around earlier islands are never part of a shape). The stacks are sized at start; nothing
// is allocated per step except when the last island is placed and the whole grid is checked.
//
// Step: one shape placed and checked (the thesis counts "steps" without defining them; a shape is its unit of
// work). Backtracking to the previous island is not a step. The cost sent to the charts is the number of
// islands not yet expanded (0 when solved). Events: shade moves for every cell a shape or its surrounding
// river sets and for every cell taken back, a cost sample every sampleEvery() steps of the sink, and at the end
// a heat map of how many times each cell was made part of an island. When the sink wants decisions, every shape
// tried is a Decision: "try" when it fits, "reject" with the pruning condition that failed (joins an island, a
// pool, an island that can no longer grow, a split river), the islands taken back before it, and the stack of
// placed islands ("search stack", outermost first, "r2c3=4 {r2c3 r2c4 r3c4 r3c5}"; `depth` is its length). A
// step that took islands back first (`backtracks` above 0) is a backtrack for Run ▸ Run until.

#include "algorithms/nurikabe_backtracking.h"

#include "algorithms/algorithm_base.h"
#include "algorithms/decision_text.h"
#include "base/rng.h"

#include <algorithm>
#include <array>

namespace pw {

namespace {

// Connected sets of `size` cells holding `root`, from the cells `allowed` says yes to, one at a time.
class ShapeEnumerator {
public:
    void reset(int root, int size, int cellCount) {
        m_root = root;
        m_size = size;
        m_started = m_finished = false;
        m_untried.resize(static_cast<std::size_t>(size) + 1);
        m_added.resize(static_cast<std::size_t>(size) + 1);
        m_seen.assign(static_cast<std::size_t>(cellCount), 0);
        m_shape.clear();
        m_level = 0;
    }

    // The next shape (in m_shape), or false when every shape was generated.
    template <class Neighbours, class Allowed> bool next(Neighbours&& neighbours, Allowed&& allowed) {
        if (m_finished) return false;
        if (!m_started) {
            m_started = true;
            m_shape.assign(1, m_root);
            if (m_size == 1) {
                m_finished = true;
                return true;
            }
            m_seen[m_root] = 1;
            auto& first = m_untried[1];
            first.clear();
            extend(m_root, first, m_added[0], neighbours, allowed);
            m_level = 1;
        } else {
            m_shape.pop_back();  // the last shape's final cell; its level carries on with the next untried cell
        }
        for (;;) {
            auto& untried = m_untried[m_level];
            if (untried.empty()) {
                if (m_level == 1) {
                    m_finished = true;
                    return false;
                }
                m_shape.pop_back();
                --m_level;
                for (int cell : m_added[m_level]) m_seen[cell] = 0;
                continue;
            }
            const int cell = untried.back();
            untried.pop_back();
            m_shape.push_back(cell);
            if (static_cast<int>(m_shape.size()) == m_size) return true;
            auto& deeper = m_untried[m_level + 1];
            deeper = untried;
            extend(cell, deeper, m_added[m_level], neighbours, allowed);
            ++m_level;
        }
    }

    const std::vector<int>& shape() const { return m_shape; }

private:
    // Appends the allowed, not yet seen neighbours of `cell` to `untried` and records them in `added`.
    template <class Neighbours, class Allowed>
    void extend(int cell, std::vector<int>& untried, std::vector<int>& added, Neighbours&& neighbours,
                Allowed&& allowed) {
        added.clear();
        for (int neighbour : neighbours(cell)) {
            if (neighbour < 0 || m_seen[neighbour] || !allowed(neighbour)) continue;
            m_seen[neighbour] = 1;
            added.push_back(neighbour);
            untried.push_back(neighbour);
        }
    }

    int m_root = 0;
    int m_size = 1;
    bool m_started = false;
    bool m_finished = false;
    int m_level = 0;
    std::vector<std::vector<int>> m_untried;  // per level: cells that may still extend the shape
    std::vector<std::vector<int>> m_added;    // per level: cells first seen when that level's cell was chosen
    std::vector<std::uint8_t> m_seen;
    std::vector<int> m_shape;
};

class NurikabeBacktrackingAlgorithm final : public AlgorithmBase {
public:
    void start(const Puzzle& puzzle, const ParameterValues& /*parameters: none*/, std::uint64_t seed,
               EventSink* sink) override {
        begin(sink);
        Rng rng(seed);
        m_grid = puzzle.nurikabe().clues;
        m_lastSample = 0;
        const int cells = m_grid.cellCount();
        m_neighbours.assign(static_cast<std::size_t>(cells), {-1, -1, -1, -1});
        for (int cell = 0; cell < cells; ++cell) {
            const int r = m_grid.row(cell);
            const int c = m_grid.column(cell);
            m_neighbours[cell] = {r > 0 ? cell - m_grid.width() : -1, c + 1 < m_grid.width() ? cell + 1 : -1,
                                  r + 1 < m_grid.height() ? cell + m_grid.width() : -1, c > 0 ? cell - 1 : -1};
        }
        m_order.clear();
        for (int cell = 0; cell < cells; ++cell)
            if (m_grid.clue(cell)) m_order.push_back(cell);
        for (std::size_t i = m_order.size(); i > 1; --i)
            std::swap(m_order[i - 1], m_order[rng.below(static_cast<std::uint32_t>(i))]);
        std::stable_sort(m_order.begin(), m_order.end(),
                         [this](int a, int b) { return m_grid.clue(a) < m_grid.clue(b); });
        const std::size_t islands = m_order.size();
        m_enumerators.resize(islands);
        m_placed.resize(islands);
        m_depth = 0;
        if (islands > 0) m_enumerators[0].reset(m_order[0], m_grid.clue(m_order[0]), cells);
        m_inShape.assign(static_cast<std::size_t>(cells), 0);
        m_reach.assign(static_cast<std::size_t>(cells), 0);
        m_stamp = 0;
        m_islandCount.assign(static_cast<std::size_t>(cells), 0);
        m_bestCost = std::max<double>(1, static_cast<double>(islands));  // 0 only when solved
        m_best = m_grid;
        emit(PhaseChange{m_counters, PhaseKind::Search});
        m_currentCost = static_cast<double>(islands);
        if (m_sink) {
            emit(Explanation{m_counters, "expanding " + std::to_string(islands) +
                                             " islands in ascending clue size, equal sizes in random order", {}});
            sample();
        }
    }

    // A step is one node of the search, nanoseconds: the runner's loops call step() directly.
    StepStatus steps(std::uint64_t count) override { return runSteps(*this, count); }
    StepStatus stepsUntilBestFalls(std::uint64_t count, std::uint64_t& taken) override {
        return runStepsUntilBestFalls(*this, count, taken);
    }
    StepStatus step() override {
        if (ended()) return status();
        const bool explain = wantsDecisions(m_sink);
        int backtracks = 0;
        for (;;) {
            if (m_depth == m_order.size()) {  // only a grid without clues gets here
                ++m_counters.steps;
                ++m_counters.evaluations;
                if (completes()) return end(StepStatus::Solved);
                return end(StepStatus::Failed);
            }
            ShapeEnumerator& shapes = m_enumerators[m_depth];
            const bool more = shapes.next([this](int cell) { return m_neighbours[cell]; },
                                          [this](int cell) { return m_grid.state(cell) == NurikabeCell::Unknown; });
            if (!more) {
                if (m_depth == 0) {
                    if (m_sink) emit(Explanation{m_counters, "every shape of every island tried: no solution", {}});
                    return end(StepStatus::Failed);
                }
                --m_depth;
                takeBack(m_depth);
                backtracks += explain;
                continue;  // backtracking is not a step
            }
            ++m_counters.steps;
            ++m_counters.evaluations;
            const bool fits = place(shapes.shape(), m_depth);
            const std::size_t triedAt = m_depth;
            if (fits) {
                ++m_depth;
                if (m_depth == m_order.size()) {
                    if (completes()) {
                        if (explain) explainTry(triedAt, true, backtracks);
                        noteCost();
                        if (m_sink) sample();
                        return end(StepStatus::Solved);
                    }
                    m_prune = Prune::NotASolution;
                    if (explain) explainTry(triedAt, false, backtracks);
                    --m_depth;
                    takeBack(m_depth);
                } else {
                    if (explain) explainTry(triedAt, true, backtracks);
                    m_enumerators[m_depth].reset(m_order[m_depth], m_grid.clue(m_order[m_depth]), m_grid.cellCount());
                }
            } else {
                if (explain) explainTry(triedAt, false, backtracks);
                takeBack(m_depth);
            }
            noteCost();
            if (m_sink && m_counters.steps - m_lastSample >= m_sink->sampleEvery()) sample();
            return StepStatus::Running;
        }
    }

    void finish() override {
        if (!m_sink) return;
        if (m_lastSample != m_counters.steps) sample();
        std::vector<double> counts(m_islandCount.begin(), m_islandCount.end());
        for (int cell = 0; cell < m_grid.cellCount(); ++cell)
            if (m_grid.clue(cell)) counts[cell] = -1;
        emit(HeatMap{m_counters, "island placements", std::move(counts)});
    }

    double bestCost() const override { return status() == StepStatus::Solved ? 0 : m_bestCost; }
    Board currentBoard() const override { return m_grid; }
    Board bestBoard() const override { return status() == StepStatus::Solved ? m_grid : m_best; }

private:
    void setCell(int cell, NurikabeCell state, std::vector<int>& changed) {
        emit(MoveEvent{m_counters, Move::shade(cell, static_cast<int>(state), static_cast<int>(m_grid.state(cell)))});
        m_grid.setState(cell, state);
        changed.push_back(cell);
    }

    // Places the shape of island `depth` and its surrounding river; false when a pruning condition holds (the
    // cells stay set until takeBack).
    bool place(const std::vector<int>& shape, std::size_t depth) {
        std::vector<int>& changed = m_placed[depth];
        changed.clear();
        for (int cell : shape) {
            m_inShape[cell] = 1;
            ++m_islandCount[cell];
            if (!m_grid.clue(cell)) setCell(cell, NurikabeCell::Island, changed);
        }
        bool fits = true;
        for (int cell : shape) {
            for (int neighbour : m_neighbours[cell]) {
                if (neighbour < 0 || m_inShape[neighbour]) continue;
                if (m_grid.state(neighbour) == NurikabeCell::Island) {  // 1: joins another island
                    fits = false;
                    m_prune = Prune::JoinsIsland;
                    m_pruneCell = neighbour;
                }
                else if (m_grid.state(neighbour) == NurikabeCell::Unknown)
                    setCell(neighbour, NurikabeCell::River, changed);
            }
        }
        for (int cell : shape) m_inShape[cell] = 0;
        if (!fits) return false;
        for (int cell : changed)
            if (m_grid.state(cell) == NurikabeCell::River && poolAround(cell)) {  // 4
                m_prune = Prune::Pool;
                m_pruneCell = cell;
                return false;
            }
        for (std::size_t later = depth + 1; later < m_order.size(); ++later)
            if (!canGrow(m_order[later])) {  // 2
                m_prune = Prune::CannotGrow;
                m_pruneCell = m_order[later];
                return false;
            }
        if (!riverCanJoin()) {  // 3
            m_prune = Prune::RiverSplit;
            return false;
        }
        return true;
    }

    // One shape tried as a Decision: the island and its cells, whether it fits, and if not which pruning
    // condition failed; the islands taken back before it; the stack of placed islands afterwards.
    [[gnu::cold, gnu::noinline]]
    void explainTry(std::size_t depth, bool fits, int backtracks) {
        const auto name = [this](int cell) { return cellName(m_grid.row(cell), m_grid.column(cell)); };
        const auto shapeText = [&](std::size_t at) {
            const int clue = m_order[at];
            std::string text = name(clue) + "=" + std::to_string(m_grid.clue(clue)) + " {";
            bool first = true;
            for (int cell : m_enumerators[at].shape()) {
                text += (first ? "" : " ") + name(cell);
                first = false;
            }
            return text + "}";
        };
        std::vector<std::string> stack;
        for (std::size_t i = 0; i < m_depth; ++i) stack.push_back(shapeText(i));
        std::string text;
        if (backtracks)
            text = "every shape of the next island was tried: took back " + std::to_string(backtracks) +
                   (backtracks == 1 ? " island; " : " islands; ");
        text += "island " + std::to_string(depth + 1) + " of " + std::to_string(m_order.size()) + ": try " +
                shapeText(depth) + " \u2192 ";
        if (fits) {
            text += m_depth == m_order.size() ? "fits, and the grid is solved" : "fits";
        } else {
            switch (m_prune) {
            case Prune::JoinsIsland: text += "fails: it touches the island at " + name(m_pruneCell); break;
            case Prune::Pool: text += "fails: its river border makes a 2x2 pool at " + name(m_pruneCell); break;
            case Prune::CannotGrow:
                text += "fails: the island of " + name(m_pruneCell) + " can no longer reach its size";
                break;
            case Prune::RiverSplit: text += "fails: the river can no longer be one piece"; break;
            case Prune::NotASolution: text += "fails: every island is placed but the grid breaks a rule"; break;
            }
        }
        std::vector<int> cells = m_enumerators[depth].shape();
        m_sink->receive(searchDecision(m_counters, fits ? "try" : "reject", std::move(text), std::move(cells),
                                       std::move(stack),
                                       {{"island", static_cast<double>(depth + 1)},
                                        {"backtracks", static_cast<double>(backtracks)},
                                        {"islands_left", static_cast<double>(m_order.size() - m_depth)}}));
    }

    void takeBack(std::size_t depth) {
        for (int cell : m_placed[depth]) {
            emit(MoveEvent{m_counters, Move::shade(cell, static_cast<int>(NurikabeCell::Unknown),
                                                   static_cast<int>(m_grid.state(cell)))});
            m_grid.setState(cell, NurikabeCell::Unknown);
        }
        m_placed[depth].clear();
    }

    bool isRiver(int row, int column) const {
        return row >= 0 && column >= 0 && row < m_grid.height() && column < m_grid.width() &&
               m_grid.state(row * m_grid.width() + column) == NurikabeCell::River;
    }

    bool poolAround(int cell) const {
        const int r = m_grid.row(cell);
        const int c = m_grid.column(cell);
        for (int top = r - 1; top <= r; ++top)
            for (int left = c - 1; left <= c; ++left)
                if (isRiver(top, left) && isRiver(top, left + 1) && isRiver(top + 1, left) &&
                    isRiver(top + 1, left + 1))
                    return true;
        return false;
    }

    bool touchesOtherClue(int cell, int clueCell) const {
        for (int neighbour : m_neighbours[cell])
            if (neighbour >= 0 && neighbour != clueCell && m_grid.clue(neighbour)) return true;
        return false;
    }

    void newVisit() {
        if (++m_stamp == 0) {
            std::fill(m_reach.begin(), m_reach.end(), 0);
            m_stamp = 1;
        }
    }

    // Condition 2: the clue's island can still reach its size through undecided cells touching no other clue.
    bool canGrow(int clueCell) {
        const int wanted = m_grid.clue(clueCell);
        newVisit();
        m_reach[clueCell] = m_stamp;
        m_stack.assign(1, clueCell);
        int reached = 1;
        while (!m_stack.empty() && reached < wanted) {
            const int cell = m_stack.back();
            m_stack.pop_back();
            for (int neighbour : m_neighbours[cell]) {
                if (neighbour < 0 || m_reach[neighbour] == m_stamp) continue;
                if (m_grid.state(neighbour) != NurikabeCell::Unknown || touchesOtherClue(neighbour, clueCell)) continue;
                m_reach[neighbour] = m_stamp;
                m_stack.push_back(neighbour);
                ++reached;
            }
        }
        return reached >= wanted;
    }

    // Condition 3: every river cell lies in one piece of river and undecided cells.
    bool riverCanJoin() {
        int rivers = 0;
        int first = -1;
        for (int cell = 0; cell < m_grid.cellCount(); ++cell) {
            if (m_grid.state(cell) != NurikabeCell::River) continue;
            if (first < 0) first = cell;
            ++rivers;
        }
        if (first < 0) return true;
        newVisit();
        m_reach[first] = m_stamp;
        m_stack.assign(1, first);
        int reached = 1;
        while (!m_stack.empty()) {
            const int cell = m_stack.back();
            m_stack.pop_back();
            for (int neighbour : m_neighbours[cell]) {
                if (neighbour < 0 || m_reach[neighbour] == m_stamp) continue;
                if (m_grid.state(neighbour) == NurikabeCell::Island) continue;
                m_reach[neighbour] = m_stamp;
                m_stack.push_back(neighbour);
                reached += m_grid.state(neighbour) == NurikabeCell::River;
            }
        }
        return reached == rivers;
    }

    // Every island expanded: the undecided cells become river and the grid must obey every rule. On failure
    // those cells are undecided again.
    bool completes() {
        NurikabeGrid filled = m_grid;
        for (int cell = 0; cell < filled.cellCount(); ++cell)
            if (filled.state(cell) == NurikabeCell::Unknown) filled.setState(cell, NurikabeCell::River);
        if (!filled.isSolved()) return false;
        for (int cell = 0; cell < m_grid.cellCount(); ++cell)
            if (m_grid.state(cell) == NurikabeCell::Unknown)
                emit(MoveEvent{m_counters, Move::shade(cell, static_cast<int>(NurikabeCell::River),
                                                       static_cast<int>(NurikabeCell::Unknown))});
        m_grid = std::move(filled);
        return true;
    }

    // Islands not yet expanded; the best board is the deepest partial grid so far.
    void noteCost() {
        const double cost = static_cast<double>(m_order.size() - m_depth);
        if (cost < m_bestCost) {
            m_bestCost = cost;
            m_best = m_grid;
        }
        m_currentCost = cost;
    }

    void sample() {
        m_lastSample = m_counters.steps;
        m_sink->receive(CostSample{m_counters, m_currentCost, status() == StepStatus::Solved ? 0 : m_bestCost, {}});
    }

    StepStatus end(StepStatus result) {
        if (result == StepStatus::Solved) m_bestCost = m_currentCost = 0;
        return AlgorithmBase::end(result);
    }

    enum class Prune { JoinsIsland, Pool, CannotGrow, RiverSplit, NotASolution };
    Prune m_prune = Prune::JoinsIsland;  // why the last shape failed, for decisions
    int m_pruneCell = 0;
    NurikabeGrid m_grid;  // the partial grid: clues, placed islands, their river, undecided cells
    std::vector<std::array<int, 4>> m_neighbours;
    std::vector<int> m_order;  // clue cells in expansion order
    std::vector<ShapeEnumerator> m_enumerators;
    std::vector<std::vector<int>> m_placed;  // per island: the cells its current shape set
    std::size_t m_depth = 0;                 // islands expanded
    std::vector<std::uint8_t> m_inShape;
    std::vector<std::uint32_t> m_reach;
    std::uint32_t m_stamp = 0;
    std::vector<int> m_stack;
    std::vector<std::uint32_t> m_islandCount;
    double m_bestCost = 0;
    double m_currentCost = 0;
    NurikabeGrid m_best;
    std::uint64_t m_lastSample = 0;
};

}  // namespace

AlgorithmEntry nurikabeBacktrackingAlgorithmEntry() {
    AlgorithmInfo info;
    info.id = "nurikabe-backtracking";
    info.name = "Brute force by island expansion (Nurikabe)";
    info.family = AlgorithmFamily::Exact;
    info.paper = "M. Křivánek, Difficulty Rating of Sudoku Puzzles: Comparison of Several Techniques, "
                 "master thesis, Masaryk University, Brno, 2011, "
                 "§4.2 Aplicability to Nurikabe (Brute Force search)";
    info.summary = "Expands the islands in ascending clue size (equal sizes in random order): each step places "
                   "one shape of the current island, surrounds it with river and backtracks when two clues "
                   "join, an island can no longer reach its size, the river can no longer be joined, or a pool "
                   "appears. The number of steps is the thesis's difficulty metric.";
    info.stepMeaning = "one island shape placed and checked";
    info.stepUnit = "shapes placed";
    info.stepDecision = {"reject", {"depth", "island", "backtracks", "islands_left"}, "search stack", false};
    info.stepEvents = {StepEvent::Backtrack};
    info.kinds = {PuzzleKind::Nurikabe};
    info.parameters = {};  // none: how often to sample is the receiver's choice (EventSink::sampleEvery)
    return {std::move(info), [] { return std::make_unique<NurikabeBacktrackingAlgorithm>(); }};
}

}  // namespace pw
