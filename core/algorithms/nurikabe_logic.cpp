// `nurikabe-logic` — a step-by-step Nurikabe solver that reasons as a person does, explaining every step.
//
// Idea: at every step apply one deduction of the easiest named rule that has one — clue of 1, complete
// island, between two clues, no 2x2 pool, island grows, river extends, unreachable, island completion
// (nurikabe_rules.cpp defines each) — the first in reading order. When none applies, a bounded hypothesis:
// assume a cell river (then island), propagate the rules, and where they meet a contradiction the cell takes
// the other colour; a hypothesis of depth d may itself use hypotheses below d while it propagates. The step
// says which rule decided which cells, and why, with the cells it rests on outlined.
//
// Paper: the puzzle, its rules and the Janko puzzles this is measured on are those of the Nurikabe chapter
// (§4.2, "Aplicability to Nurikabe") of M. Křivánek, Difficulty Rating of Sudoku Puzzles: Comparison of
// Several Techniques, master thesis, Masaryk University, Faculty of Informatics, Brno, 2011. The thesis gives
// no human-style Nurikabe solver (it cites Babinčák's, without its rules); the rules are the ones a person
// uses, as LEGUP names them and S. T. Lavavej's solver applies them (complete islands, unreachable cells,
// pools, river connectivity, guessing where they run out). Deviations: the hypothesis is bounded in depth
// (parameter `hypothesis_depth`) instead of Lavavej's unbounded guessing, and its propagation applies every
// rule's applications at once, round after round, rather than one at a time.
//
// Representation: the NurikabeGrid of decided cells and a NurikabeReasoner that analyses it into island and
// river pieces and the walks of the unfinished islands. A step is one deduction (one rule application, or one
// refuted hypothesis); evaluations count the steps plus the deductions hypotheses made while propagating. The
// cost sent to the charts is the number of undecided cells.
//
// Events: the explanation with its cells, then a Shade move for each decided cell, then the cost. When the
// sink wants decisions, each step is also a Decision ("deduce", or "hypothesis" for a refuted assumption): the
// same sentence with the rule's rank, the cells it decided, the hypothesis depth and the cells left.
// Deterministic: no random choice, so the seed is not used.

#include "algorithms/nurikabe_logic.h"

#include "algorithms/algorithm_base.h"
#include "nurikabe/nurikabe_rules.h"

#include <optional>

namespace pw {

namespace {

class NurikabeLogicAlgorithm final : public AlgorithmBase {
public:
    void start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t /*seed: unused*/,
               EventSink* sink) override {
        begin(sink);
        m_maxDepth = static_cast<int>(parameters.integer("hypothesis_depth"));
        m_grid = puzzle.nurikabe().clues;
        m_reasoner.emplace(m_grid);
        m_undecided = 0;
        for (int cell = 0; cell < m_grid.cellCount(); ++cell) m_undecided += m_grid.state(cell) == NurikabeCell::Unknown;
        emit(PhaseChange{m_counters, PhaseKind::Logic});
        emit(CostSample{m_counters, static_cast<double>(m_undecided), static_cast<double>(m_undecided), {}});
    }

    StepStatus step() override {
        if (ended()) return status();
        if (auto contradiction = m_reasoner->contradiction(m_grid))
            return end(StepStatus::Failed, "contradiction: " + contradiction->text, contradiction->cells);
        if (m_undecided == 0) return end(m_grid.isSolved() ? StepStatus::Solved : StepStatus::Failed, {}, {});
        const std::uint64_t trialsBefore = m_reasoner->trialDeductions();
        std::optional<NurikabeDeduction> deduction = m_reasoner->next(m_grid, m_maxDepth);
        m_counters.evaluations += 1 + (m_reasoner->trialDeductions() - trialsBefore);
        if (!deduction)
            return end(StepStatus::Failed,
                       "stuck: no rule applies" +
                           (m_maxDepth > 0 ? " and no hypothesis up to depth " + std::to_string(m_maxDepth) +
                                                 " is refuted"
                                           : std::string()) +
                           "; " + std::to_string(m_undecided) + " cells remain undecided",
                       {});

        ++m_counters.steps;
        const std::string text = deduction->explanation(m_grid);
        std::vector<int> cells = deduction->reasons;
        cells.insert(cells.end(), deduction->cells.begin(), deduction->cells.end());
        if (wantsDecisions(m_sink)) {
            const bool hypothesis = deduction->technique == NurikabeTechnique::Hypothesis;
            m_sink->receive(Decision(
                m_counters,
                {hypothesis ? "hypothesis" : "deduce",
                 text,
                 cells,
                 {{"rule", static_cast<double>(deduction->technique) + 1},
                  {"cells_decided", static_cast<double>(deduction->cells.size())},
                  {"depth", static_cast<double>(deduction->depth)},
                  {"undecided", static_cast<double>(m_undecided - static_cast<int>(deduction->cells.size()))}},
                 std::nullopt,
                 {},
                 {}}));
        }
        emit(Explanation{m_counters, text, std::move(cells)});
        for (int cell : deduction->cells) {
            const NurikabeCell before = m_grid.state(cell);
            m_grid.setState(cell, deduction->value);
            --m_undecided;
            emit(MoveEvent{m_counters, Move::shade(cell, static_cast<int>(deduction->value), static_cast<int>(before))});
        }
        emit(CostSample{m_counters, static_cast<double>(m_undecided), static_cast<double>(m_undecided), {}});
        if (m_undecided == 0 && m_grid.isSolved()) return end(StepStatus::Solved, {}, {});
        return StepStatus::Running;
    }

    double bestCost() const override { return m_undecided; }
    Board currentBoard() const override { return m_grid; }
    Board bestBoard() const override { return m_grid; }

private:
    StepStatus end(StepStatus result, const std::string& why, std::vector<int> cells) {
        if (!why.empty()) emit(Explanation{m_counters, why, std::move(cells)});
        return AlgorithmBase::end(result);
    }

    int m_maxDepth = 2;
    NurikabeGrid m_grid;
    std::optional<NurikabeReasoner> m_reasoner;
    int m_undecided = 0;
};

}  // namespace

AlgorithmEntry nurikabeLogicAlgorithmEntry() {
    AlgorithmInfo info;
    info.id = "nurikabe-logic";
    info.name = "Nurikabe human-style logic (step by step)";
    info.family = AlgorithmFamily::Logic;
    info.paper = "M. Křivánek, Difficulty Rating of Sudoku Puzzles: Comparison of Several Techniques, master "
                 "thesis, Masaryk University, Faculty of Informatics, Brno, 2011, §4.2 (the puzzle and its "
                 "rules); the deduction rules as LEGUP and S. T. Lavavej's Nurikabe solver name them";
    info.summary = "Decides the grid one named deduction at a time — clue of 1, complete island, between two "
                   "clues, no 2x2 pool, island grows, river extends, unreachable, island completion — explaining "
                   "each; when they run out, assumes a cell's colour, propagates and refutes it (a bounded "
                   "hypothesis).";
    info.stepMeaning = "one technique application (one deduction or one refuted hypothesis)";
    info.stepUnit = "deductions";
    info.stepDecision = {"deduce", {"rule", "cells_decided", "depth", "undecided"}, "", false};
    info.kinds = {PuzzleKind::Nurikabe};
    info.parameters = {
        ParameterSpec::integer("hypothesis_depth", 2, 0, 3,
                               "How deep hypotheses may nest when the rules run out (0: rules only; 1: an "
                               "assumption refuted by the rules alone)"),
    };
    info.usesSeed = false;
    return {std::move(info), [] { return std::make_unique<NurikabeLogicAlgorithm>(); }};
}

}  // namespace pw
