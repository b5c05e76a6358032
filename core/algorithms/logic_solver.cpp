// `logic` — a step-by-step solver that reasons as a person does, explaining every step.
//
// Idea: keep each empty cell's candidates, and at every step apply one technique: the easiest tier that has an
// application (singles, then locked candidates, then pairs — logic.cpp describes each), and within the tier
// one application chosen at random, as Pelánek's model chooses among singles (`choice = first` takes the first
// in reading order instead: the step a hint shows). Each step is explained in a sentence naming the technique,
// the cells (r1c1 notation) and the reason, with the cells it rests on highlighted.
//
// When no enabled technique applies the solver stops and says where it got stuck (the run ends `unsolved`
// with the partly filled board as its best) — unless `refutation` is on: then the model's refutation step
// places the value of the cell whose wrong candidates singles refute in the fewest steps, and the step
// reports that score. Refutation needs the solution, which the exact solver provides at the start.
//
// Paper: Pelánek (2011), as summarised in Křivánek's thesis §2.3: naked and hidden single, one applicable
// application chosen at random, refutation scores when stuck. The locked-candidate and pair techniques are
// the commonest next ones and are individually switchable; with all three off the solver is exactly the model.
//
// Representation: LogicGrid (values, candidate bitmasks, placed digits per unit). A step is one technique
// application (or one refutation); evaluations count the applications plus the simple steps refutations try.
// The cost reported to charts is the number of empty cells.
//
// Events: the explanation with its cells, then the placement as a move, the candidate table after every step,
// the cost. When the sink wants decisions, each step is also a Decision: the same sentence with how many
// applications the easiest technique had and how the one shown was chosen. Eliminations change only the candidate table (they are not pencil marks of the player's grid).

#include "algorithms/logic_solver.h"

#include "algorithms/algorithm_base.h"

#include "sudoku/logic.h"
#include "sudoku/sudoku_exact.h"

#include <optional>

namespace pw {

namespace {

class LogicAlgorithm final : public AlgorithmBase {
public:
    void start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed, EventSink* sink) override {
        begin(sink);
        m_rng.reseed(seed);
        m_techniques = {parameters.boolean("locked_candidates"), parameters.boolean("naked_pairs"),
                        parameters.boolean("hidden_pairs")};
        m_refutation = parameters.boolean("refutation");
        m_firstApplication = parameters.choice("choice") == "first";
        m_grid.emplace(puzzle.sudoku().givens);
        m_solution.reset();
        if (m_refutation) m_solution = solveSudoku(puzzle.sudoku().givens, 1).firstSolution;
        m_bestCost = m_grid->emptyCount();
        emit(PhaseChange{m_counters, PhaseKind::Logic});
        emit(CandidatesUpdate{m_counters, candidateTable()});
        emit(CostSample{m_counters, m_bestCost, m_bestCost, {}});
    }

    StepStatus step() override {
        if (ended()) return status();
        LogicGrid& grid = *m_grid;
        if (grid.isSolved()) return end(StepStatus::Solved, {});
        if (grid.contradiction()) return end(StepStatus::Failed, "contradiction: the givens leave some cell or digit without a place");

        std::optional<LogicStep> chosen;
        std::vector<LogicStep> steps = easiestApplications(grid, m_techniques);
        const std::size_t applications = steps.size();
        if (!steps.empty()) {
            const std::size_t pick = m_firstApplication ? 0 : m_rng.below(static_cast<std::uint32_t>(steps.size()));
            chosen = std::move(steps[pick]);
            ++m_counters.evaluations;
        } else if (m_refutation && m_solution) {
            std::uint64_t simpleSteps = 0;
            chosen = refuteCheapestCell(grid, *m_solution, m_rng, simpleSteps);
            m_counters.evaluations += simpleSteps;
            if (!chosen->places()) chosen.reset();
        }
        if (!chosen) {
            std::string text = "stuck: no enabled technique applies; " + std::to_string(grid.emptyCount()) +
                               " cells remain empty";
            if (m_refutation && !m_solution) text += " (refutation needs a solution, and the puzzle has none)";
            return end(StepStatus::Failed, text);
        }

        ++m_counters.steps;
        // The sentence first, then its effect: watched slowly, the reasoning is shown before the digit lands.
        std::vector<int> cells = chosen->cells;
        if (chosen->places() && cells.front() != chosen->placeCell) cells.push_back(chosen->placeCell);
        if (wantsDecisions(m_sink)) {
            // The Explanation says what the step does; the Decision adds why this application among the others.
            std::string why = applications == 0
                                  ? std::string("no technique applies: refutation places the cheapest cell to refute")
                                  : std::to_string(applications) +
                                        (applications == 1 ? " application" : " applications") +
                                        " of the easiest technique that applies" +
                                        (applications == 1 ? ""
                                         : m_firstApplication ? ", the first in reading order taken"
                                                              : ", one taken at random");
            m_sink->receive(Decision(m_counters, {applications == 0 ? "refute" : "technique",
                                                  chosen->explanation(grid.shape()) + " (" + why + ")",
                                                  cells,
                                                  {{"applications", static_cast<double>(applications)},
                                                   {"empty_cells", static_cast<double>(grid.emptyCount())}},
                                                  std::nullopt,
                                                  {},
                                                  {}}));
        }
        emit(Explanation{m_counters, chosen->explanation(grid.shape()), std::move(cells)});
        grid.apply(*chosen);
        if (chosen->places()) emit(MoveEvent{m_counters, Move::place(chosen->placeCell, chosen->placeDigit)});
        emit(CandidatesUpdate{m_counters, candidateTable()});
        m_bestCost = grid.emptyCount();
        emit(CostSample{m_counters, m_bestCost, m_bestCost, {}});
        if (grid.isSolved()) return end(StepStatus::Solved, {});
        return StepStatus::Running;
    }

    double bestCost() const override { return m_bestCost; }
    Board currentBoard() const override { return m_grid->toGrid(); }
    Board bestBoard() const override { return m_grid->toGrid(); }

private:
    StepStatus end(StepStatus result, const std::string& why) {
        if (!why.empty()) emit(Explanation{m_counters, why, {}});
        return AlgorithmBase::end(result);
    }

    std::vector<std::uint16_t> candidateTable() const {
        std::vector<std::uint16_t> table(m_grid->geometry().cellCount);
        for (std::size_t cell = 0; cell < table.size(); ++cell) table[cell] = m_grid->candidates(static_cast<int>(cell));
        return table;
    }

    Rng m_rng;
    TechniqueSet m_techniques;
    bool m_refutation = false;
    bool m_firstApplication = false;
    std::optional<LogicGrid> m_grid;
    std::optional<SudokuGrid> m_solution;
    double m_bestCost = 0;
};

}  // namespace

AlgorithmEntry logicAlgorithmEntry() {
    AlgorithmInfo info;
    info.id = "logic";
    info.name = "Human-style logic (step by step)";
    info.family = AlgorithmFamily::Logic;
    info.paper = "R. Pelánek, Difficulty rating of Sudoku puzzles by a computational model, FLAIRS 2011; as "
                 "summarised in M. Křivánek, Difficulty Rating of Sudoku Puzzles: Comparison of Several "
                 "Techniques, master thesis, Masaryk University, Brno, 2011, §2.3";
    info.summary = "Applies the easiest technique that fits — naked and hidden singles, then locked candidates, "
                   "then naked and hidden pairs — one application at a time, explaining each. Stops where it is "
                   "stuck, or places the cell that is cheapest to refute when refutation is on.";
    info.stepMeaning = "one technique application (or one refutation)";
    info.stepUnit = "deductions";
    info.stepDecision = {"technique", {"applications", "empty_cells"}, "", false};
    info.kinds = {PuzzleKind::Sudoku};
    info.parameters = {
        ParameterSpec::boolean("locked_candidates", true, "Use pointing and claiming after the singles"),
        ParameterSpec::boolean("naked_pairs", true, "Use naked pairs after locked candidates"),
        ParameterSpec::boolean("hidden_pairs", true, "Use hidden pairs after locked candidates"),
        ParameterSpec::boolean("refutation", false,
                               "When stuck, place the cell whose other candidates singles refute fastest",
                               "Pelánek 2011, Křivánek §2.3"),
        ParameterSpec::choice("choice", "random", {"random", "first"},
                              "Among the applications of the easiest technique: one at random, or the first in "
                              "reading order",
                              "Křivánek §2.3: \"one is chosen randomly\""),
    };
    return {std::move(info), [] { return std::make_unique<LogicAlgorithm>(); }};
}

}  // namespace pw
