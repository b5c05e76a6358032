// `random-fill` — random restarts of a random box fill: the template to copy when adding an algorithm, and the
// baseline every search should beat.
//
// Idea: fill every box's open cells with that box's missing digits in a uniformly random order (so boxes are
// always right), count the digits missing from the rows and the columns, and keep the best grid seen. Each step
// is one such fill from scratch: nothing is learnt from one restart to the next. On a 4x4 puzzle with a few
// givens that finds a solution in a handful of steps; on a 9x9 puzzle the cost stays near where a single fill
// puts it, which is what a blind search achieves and what the annealing (`sa`, the same grids, one swap at a
// time) is measured against.
//
// Representation: the open cells of each box and the digits that box misses, computed once in start(); a step
// shuffles each box's digits in place (Fisher-Yates), writes them into the grid and recounts the rows and
// columns. Nothing is allocated per step.
//
// How an algorithm is put together (the parts a newcomer copies):
//   - It derives from AlgorithmBase (algorithm_base.h): begin(sink) starts a run, m_counters counts steps and
//     evaluations, emit(...) reports an event (free when nobody listens), end(status) ends the run.
//   - start() reads the declared parameters, prepares the run and reports where it starts; step() is one
//     iteration of the main loop and reads like the pseudo-code; finish() sends the closing events.
//   - Its AlgorithmEntry declares the id, name, paper, summary, what a step is and its unit, what each step's
//     Decision carries (stepDecision), the puzzle kinds, the parameters (ParameterSpec), relations between
//     parameters (ParameterRule) and the names of the parts its cost samples carry (costParts); the charts and
//     trace files draw and name whatever parts are declared.
//   - One line in registry.cpp lists it; the conformance, determinism and decisions tests then run it on the
//     puzzles of the corpus, and the window and `puzzle-cli` offer it. The build picks up its files by their
//     place: core/algorithms/*.cpp and tests/*_test.cpp.
// Paper: none — it is the uninformed baseline (random search over the box-permutation space of Lewis 2007).
// Events: a move for every cell a fill changes; a cost sample (rows and columns) every sampleEvery() steps of
// the sink, whenever the best improves and at the end; and, when the sink wants decisions, one Decision per
// step ("fill": its cost and whether it is a new best), built behind wantsDecisions(m_sink) so a run nobody
// explains builds no string.

#include "algorithms/random_fill.h"

#include "algorithms/algorithm_base.h"
#include "base/rng.h"

#include <array>
#include <string>
#include <vector>

namespace pw {

namespace {

class RandomFillAlgorithm final : public AlgorithmBase {
public:
    void start(const Puzzle& puzzle, const ParameterValues& /*parameters: none*/, std::uint64_t seed,
               EventSink* sink) override {
        begin(sink);
        m_rng.reseed(seed);
        m_givens = puzzle.sudoku().givens;
        const SudokuGeometry& geometry = m_givens.geometry();
        m_size = geometry.size;
        m_cellCount = geometry.cellCount;
        m_boxes.clear();
        for (int box = 0; box < m_size; ++box) {
            BoxFill fill;
            DigitMask present = 0;
            for (int i = 0; i < m_size; ++i) {
                const int cell = geometry.unitCells[2 * m_size + box][i];
                if (m_givens.value(cell)) present = static_cast<DigitMask>(present | digitBit(m_givens.value(cell)));
                else fill.cells.push_back(cell);
            }
            for (int digit = 1; digit <= m_size; ++digit)
                if (!(present & digitBit(digit))) fill.digits.push_back(digit);
            m_boxes.push_back(std::move(fill));
        }
        m_grid = m_givens;
        m_shown = m_givens;
        m_best = m_givens;
        m_bestCost = -1;
        m_lastSample = 0;
        // Givens that repeat a digit in a box leave it more open cells than missing digits: no fill is a grid.
        m_impossible = m_givens.hasConflicts();
        if (m_sink)
            emit(Explanation{m_counters,
                             m_impossible ? "the givens already break a rule"
                                          : "each step fills every box with its missing digits in a random order",
                             {}});
    }

    StepStatus step() override {
        if (ended()) return status();
        if (m_impossible) return end(StepStatus::Failed);

        // One restart: a random fill of every box, its cost, and the best so far.
        ++m_counters.steps;
        ++m_counters.evaluations;
        fillBoxesAtRandom();
        const Split cost = missingDigits();
        const bool improved = m_bestCost < 0 || cost.total() < m_bestCost;
        if (improved) {
            m_bestCost = cost.total();
            m_best = m_grid;
        }
        if (m_sink) {
            showGrid();
            // Why the step did what it did, only for a receiver that asks: no string is built otherwise.
            if (wantsDecisions(m_sink))
                m_sink->receive(
                    Decision(m_counters,
                             {"fill",
                              "filled every box with its missing digits in a random order: cost " +
                                  std::to_string(cost.total()) + " (rows " + std::to_string(cost.rows) +
                                  ", columns " + std::to_string(cost.columns) + ")" +
                                  (improved ? ", a new best" : ", best stays " + std::to_string(m_bestCost)),
                              {},
                              {{"cost", static_cast<double>(cost.total())},
                               {"best_cost", static_cast<double>(m_bestCost)}},
                              improved,
                              {},
                              {}}));
            // The receiver chooses how often it wants a sample; a new best is always one.
            if (improved || m_counters.steps - m_lastSample >= m_sink->sampleEvery()) sample(cost);
        }
        return m_bestCost == 0 ? end(StepStatus::Solved) : StepStatus::Running;
    }

    void finish() override {
        if (!m_sink) return;
        if (m_lastSample != m_counters.steps && m_counters.steps > 0) sample(missingDigits());
        emit(Explanation{m_counters, "best cost " + std::to_string(std::max(m_bestCost, 0)) + " in " +
                                         std::to_string(m_counters.steps) + " random fills", {}});
    }

    double bestCost() const override {
        if (m_impossible) return 1;
        return m_bestCost < 0 ? static_cast<double>(m_cellCount) : m_bestCost;
    }
    Board currentBoard() const override { return m_grid; }
    Board bestBoard() const override { return m_best; }

private:
    struct BoxFill {
        std::vector<int> cells;   // the box's open cells
        std::vector<int> digits;  // the digits the box misses, shuffled by every fill
    };
    struct Split {
        int rows = 0;
        int columns = 0;
        int total() const { return rows + columns; }
    };

    void fillBoxesAtRandom() {
        for (BoxFill& box : m_boxes) {
            for (std::size_t i = box.digits.size(); i > 1; --i)
                std::swap(box.digits[i - 1], box.digits[m_rng.below(static_cast<std::uint32_t>(i))]);
            for (std::size_t i = 0; i < box.cells.size(); ++i) m_grid.setValue(box.cells[i], box.digits[i]);
        }
    }

    // Σ over rows and over columns of the digits missing from them (the cost of `sa`).
    Split missingDigits() const {
        Split split;
        const SudokuGeometry& geometry = m_grid.geometry();
        for (int unit = 0; unit < 2 * m_size; ++unit) {
            DigitMask present = 0;
            for (int i = 0; i < m_size; ++i)
                present = static_cast<DigitMask>(present | digitBit(m_grid.value(geometry.unitCells[unit][i])));
            (unit < m_size ? split.rows : split.columns) += m_size - popCount(present);
        }
        return split;
    }

    void showGrid() {
        for (const BoxFill& box : m_boxes)
            for (const int cell : box.cells) {
                if (m_shown.value(cell) == m_grid.value(cell)) continue;
                emit(MoveEvent{m_counters, Move::place(cell, m_grid.value(cell), m_shown.value(cell))});
                m_shown.setValue(cell, m_grid.value(cell));
            }
    }

    void sample(const Split& cost) {
        m_lastSample = m_counters.steps;
        m_sink->receive(CostSample{m_counters, static_cast<double>(cost.total()), bestCost(),
                                   {static_cast<double>(cost.rows), static_cast<double>(cost.columns)}});
    }

    Rng m_rng;
    SudokuGrid m_givens;
    int m_size = 9;
    int m_cellCount = 81;
    std::vector<BoxFill> m_boxes;
    SudokuGrid m_grid;   // the latest fill
    SudokuGrid m_shown;  // the board the window shows, as last sent
    SudokuGrid m_best;
    int m_bestCost = -1;  // -1 until the first fill
    bool m_impossible = false;
    std::uint64_t m_lastSample = 0;
};

}  // namespace

AlgorithmEntry randomFillAlgorithmEntry() {
    AlgorithmInfo info;
    info.id = "random-fill";
    info.name = "Random restarts of a random box fill";
    info.family = AlgorithmFamily::LocalSearch;
    info.paper = "None: the uninformed baseline over the box-permutation grids of R. Lewis, Metaheuristics can "
                 "solve sudoku puzzles, Journal of Heuristics 13 (2007) 387-401";
    info.summary = "Each step fills every box with its missing digits in a random order and counts the digits "
                   "missing from rows and columns; the best fill is kept. Nothing carries over between steps: "
                   "the baseline a search must beat, and the template for adding an algorithm.";
    info.stepMeaning = "one random fill of every box";
    info.stepUnit = "fills";
    info.stepDecision = {"fill", {"cost", "best_cost"}, "", false};
    info.stepEvents = {StepEvent::NewBest};
    info.kinds = {PuzzleKind::Sudoku};
    info.costParts = {"rows", "columns"};
    info.parameters = {};  // none: how often to sample is the receiver's choice (EventSink::sampleEvery)
    return {std::move(info), [] { return std::make_unique<RandomFillAlgorithm>(); }};
}

}  // namespace pw
