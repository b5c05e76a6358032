// `backtracking` — brute force search as Křivánek's thesis describes it (§3.3, "Outline of the Algorithm").
//
// Idea: fill cells one after another; a step suggests one value for the current cell. A value that breaks a
// Sudoku rule is rejected (the next value is suggested at the next step); an accepted value is written and the
// search moves on to the next cell. When every value 1..N of a cell has been suggested, the cell is emptied
// again and the search backtracks to the previous cell, which resumes with its next value. The length of a run
// is the number of suggestions: the thesis's difficulty metric is its median over many runs.
//
// Cell choice: "If we do not have yet assigned the next cell in which to try filling we choose randomly one of
// those which currently have the least number of available numbers to fill into. Then we add this cell into
// our ordered list of cells." The literal reading is an ordered list that only grows: a position, once given a
// cell, keeps it after backtracking (`cell_order = ordered-list`, the default). The common alternative — choose
// afresh every time the search descends to a position (`cell_order = dynamic`) — is offered as a parameter,
// since the text can be read both ways. Values are always suggested in ascending order 1..N.
//
// Representation: the grid's values plus one used-digit bitmask per row, column and box; a cell's legal
// values are the complement of the union of its three masks, so both the check of a suggestion and the
// fewest-legal-values scan are a few bit operations per cell. Nothing is allocated per step.
//
// Recorded for the thesis's cell-filling-order prediction (§4.1): the order in which cells were first
// assigned, and how many times each cell was assigned; both are emitted as heat maps when the run ends.
//
// Deviations: none in the search. The thesis does not say what a step costs when every value of a cell has
// been tried; here emptying the cell and returning to the previous one is not counted as a step (only
// suggestions are). The cost reported to charts is the number of empty cells.
//
// Decisions (when the sink wants them): every suggestion, "try" when placed and "reject" with the rule it breaks
// (the first of row, column, box holding the digit), the cells emptied by backtracking before it, and the
// search stack afterwards (listLabel "search stack", outermost first; `depth` is its length). A step whose
// `backtracks` is above 0 is a backtrack for Run ▸ Run until.

#include "algorithms/backtracking.h"

#include "algorithms/algorithm_base.h"
#include "algorithms/decision_text.h"
#include "base/rng.h"

#include <array>
#include <vector>

namespace pw {

namespace {

class BacktrackingAlgorithm final : public AlgorithmBase {
public:
    void start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed, EventSink* sink) override {
        begin(sink);
        m_rng.reseed(seed);
        m_dynamicOrder = parameters.choice("cell_order") == "dynamic";
        m_grid = puzzle.sudoku().givens;
        m_geometry = &m_grid.geometry();
        m_size = m_grid.size();
        m_rowUsed.fill(0);
        m_columnUsed.fill(0);
        m_boxUsed.fill(0);
        m_openAtStart = 0;
        m_givensConflict = m_grid.hasConflicts();
        for (int cell = 0; cell < m_grid.cellCount(); ++cell) {
            if (m_grid.value(cell)) markUsed(cell, m_grid.value(cell));
            else ++m_openAtStart;
        }
        m_order.clear();
        m_order.reserve(m_openAtStart);
        m_nextValue.assign(m_openAtStart + 1, 1);
        m_firstAssigned.assign(m_grid.cellCount(), -1);
        m_assignCount.assign(m_grid.cellCount(), 0);
        m_assignedSoFar = 0;
        m_depth = 0;
        m_best = m_grid;
        m_bestCost = m_openAtStart;
        emit(PhaseChange{m_counters, PhaseKind::Search});
    }

    // A step is one node of the search, nanoseconds: the runner's loops call step() directly.
    StepStatus steps(std::uint64_t count) override { return runSteps(*this, count); }
    StepStatus stepsUntilBestFalls(std::uint64_t count, std::uint64_t& taken) override {
        return runStepsUntilBestFalls(*this, count, taken);
    }
    StepStatus step() override {
        if (ended()) return status();
        if (m_givensConflict) return end(StepStatus::Failed);
        if (m_depth == m_openAtStart) return end(StepStatus::Solved);  // nothing to fill
        const bool explain = wantsDecisions(m_sink);
        std::string backtracked;  // the cells emptied before this step's suggestion, when explaining
        int backtracks = 0;
        for (;;) {
            if (m_depth == static_cast<int>(m_order.size())) m_order.push_back(chooseCell());
            const int cell = m_order[m_depth];
            if (m_nextValue[m_depth] > m_size) {
                // Every value of this cell was suggested: empty the previous cell and resume it.
                m_nextValue[m_depth] = 1;
                if (m_dynamicOrder) m_order.pop_back();
                if (m_depth == 0) return end(StepStatus::Failed);
                --m_depth;
                const int previous = m_order[m_depth];
                const int value = m_grid.value(previous);
                markFree(previous, value);
                m_grid.setValue(previous, 0);
                emit(MoveEvent{m_counters, Move::erase(previous, value)});
                if (explain) {
                    backtracked += (backtracks++ ? ", " : "") + cellName(m_grid.shape(), previous) + "=" +
                                   std::to_string(value);
                }
                continue;
            }
            const int value = m_nextValue[m_depth]++;
            ++m_counters.steps;
            ++m_counters.evaluations;
            if (!(legalMask(cell) & digitBit(value))) {
                if (explain) explainTry(cell, value, false, backtracked, backtracks);
                emitCost();
                return StepStatus::Running;
            }
            m_grid.setValue(cell, value);
            markUsed(cell, value);
            ++m_assignCount[cell];
            if (m_firstAssigned[cell] < 0) m_firstAssigned[cell] = m_assignedSoFar++;
            emit(MoveEvent{m_counters, Move::place(cell, value)});
            ++m_depth;
            if (explain) explainTry(cell, value, true, backtracked, backtracks);
            const double cost = m_openAtStart - m_depth;
            if (cost < m_bestCost) {
                m_bestCost = cost;
                m_best = m_grid;
            }
            emitCost();
            if (m_depth == m_openAtStart) return end(StepStatus::Solved);
            return StepStatus::Running;
        }
    }

    void finish() override {
        if (!m_sink) return;
        std::vector<double> order(m_firstAssigned.begin(), m_firstAssigned.end());
        std::vector<double> count(m_assignCount.begin(), m_assignCount.end());
        for (int cell = 0; cell < m_grid.cellCount(); ++cell)
            if (m_firstAssigned[cell] < 0) count[cell] = -1;
        emit(HeatMap{m_counters, "assignment order", std::move(order)});
        emit(HeatMap{m_counters, "times assigned", std::move(count)});
        std::string text = "cell order:";
        for (std::size_t i = 0; i < m_order.size(); ++i) text += " " + cellName(m_grid.shape(), m_order[i]);
        emit(Explanation{m_counters, text, {}});
    }

    double bestCost() const override { return m_bestCost; }
    std::uint64_t maxEvaluationsPerStep() const override { return 1; }  // one suggested value
    Board currentBoard() const override { return m_grid; }
    Board bestBoard() const override { return m_best; }

private:
    DigitMask legalMask(int cell) const {
        const auto& units = m_geometry->cellUnits[cell];
        const int n = m_size;
        return static_cast<DigitMask>(allDigits(n) &
                                      ~(m_rowUsed[units[0]] | m_columnUsed[units[1] - n] | m_boxUsed[units[2] - 2 * n]));
    }
    void markUsed(int cell, int value) { toggleUsed(cell, value); }
    void markFree(int cell, int value) { toggleUsed(cell, value); }
    void toggleUsed(int cell, int value) {
        const auto& units = m_geometry->cellUnits[cell];
        const DigitMask bit = digitBit(value);
        m_rowUsed[units[0]] ^= bit;
        m_columnUsed[units[1] - m_size] ^= bit;
        m_boxUsed[units[2] - 2 * m_size] ^= bit;
    }

    // An empty cell with the fewest legal values, chosen uniformly among ties.
    int chooseCell() {
        int fewest = m_size + 1;
        int ties = 0;
        int chosen = -1;
        for (int cell = 0; cell < m_grid.cellCount(); ++cell) {
            if (m_grid.value(cell)) continue;
            const int count = popCount(legalMask(cell));
            if (count < fewest) {
                fewest = count;
                ties = 0;
            }
            // Reservoir sampling keeps the choice uniform in one pass without a list of ties.
            if (count == fewest && m_rng.below(static_cast<std::uint32_t>(++ties)) == 0) chosen = cell;
        }
        return chosen;
    }

    // One suggestion as a Decision: the cell and value at this depth, the rule a rejected value breaks, the
    // cells emptied on the way back (every value of a deeper cell had been tried), and the stack afterwards.
    [[gnu::cold, gnu::noinline]]
    void explainTry(int cell, int value, bool placed, const std::string& backtracked, int backtracks) {
        const auto& units = m_geometry->cellUnits[cell];
        const DigitMask bit = digitBit(value);
        const int row = units[0], column = units[1] - m_size, box = units[2] - 2 * m_size;
        std::vector<std::string> stack;
        for (int i = 0; i < m_depth; ++i)
            stack.push_back(cellName(m_grid.shape(), m_order[i]) + "=" + std::to_string(m_grid.value(m_order[i])));
        std::string text;
        if (backtracks)
            text = "every value of the next cell was tried: backtracked, emptying " + backtracked + "; ";
        text += "try " + cellName(m_grid.shape(), cell) + "=" +
                std::to_string(value) + " \u2192 ";
        text += placed ? "placed, depth " + std::to_string(m_depth) + (m_depth == m_openAtStart ? ", the grid is full" : "")
                       : "rejected: " + sudokuConflict(value, m_rowUsed[row] & bit, m_columnUsed[column] & bit,
                                                       m_boxUsed[box] & bit, row, column, box);
        m_sink->receive(searchDecision(m_counters, placed ? "try" : "reject", std::move(text), {cell}, std::move(stack),
                                       {{"value", static_cast<double>(value)},
                                        {"backtracks", static_cast<double>(backtracks)},
                                        {"empty_cells", static_cast<double>(m_openAtStart - m_depth)}}));
    }

    void emitCost() {
        if (m_sink) m_sink->receive(CostSample{m_counters, static_cast<double>(m_openAtStart - m_depth), m_bestCost, {}});
    }

    Rng m_rng;
    bool m_dynamicOrder = false;
    SudokuGrid m_grid;
    const SudokuGeometry* m_geometry = nullptr;
    int m_size = 9;
    std::array<DigitMask, kMaxSudokuSize> m_rowUsed{};
    std::array<DigitMask, kMaxSudokuSize> m_columnUsed{};
    std::array<DigitMask, kMaxSudokuSize> m_boxUsed{};
    bool m_givensConflict = false;
    int m_openAtStart = 0;
    std::vector<int> m_order;      // the thesis's ordered list of cells
    std::vector<int> m_nextValue;  // per position: the next value to suggest
    std::vector<int> m_firstAssigned;
    std::vector<int> m_assignCount;
    int m_assignedSoFar = 0;
    int m_depth = 0;
    SudokuGrid m_best;
    double m_bestCost = 0;
};

}  // namespace

AlgorithmEntry backtrackingAlgorithmEntry() {
    AlgorithmInfo info;
    info.id = "backtracking";
    info.name = "Brute force (backtracking)";
    info.family = AlgorithmFamily::Exact;
    info.paper = "M. Křivánek, Difficulty Rating of Sudoku Puzzles: Comparison of Several Techniques, "
                 "master thesis, Masaryk University, Brno, 2011, §3.3 Brute Force Search";
    info.summary = "Fills cells one by one, suggesting values 1..N; the next cell is chosen at random among "
                   "those with the fewest legal values. Backtracks when a cell has no value left. Its length in "
                   "steps (suggestions) is the thesis's brute-force difficulty metric.";
    info.stepMeaning = "one value suggested";
    info.stepUnit = "values tried";
    info.stepDecision = {"try", {"depth", "value", "backtracks", "empty_cells"}, "search stack", false};
    info.stepEvents = {StepEvent::Backtrack};
    info.kinds = {PuzzleKind::Sudoku};
    info.parameters = {ParameterSpec::choice(
        "cell_order", "ordered-list", {"ordered-list", "dynamic"},
        "ordered-list: a position keeps the cell first chosen for it (the thesis's ordered list); "
        "dynamic: choose afresh on every descent",
        "Křivánek 2011, §3.3: \"we add this cell into our ordered list of cells\"")};
    return {std::move(info), [] { return std::make_unique<BacktrackingAlgorithm>(); }};
}

}  // namespace pw
