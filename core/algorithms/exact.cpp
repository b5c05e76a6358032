// `exact` — the exact solvers, one search node per step.
//
// Idea: complete search with constraint propagation. For Sudoku a node propagates naked and hidden singles to
// a fixpoint and then branches on a cell with the fewest candidates (sudoku_exact.cpp); for Nurikabe a node
// propagates the forced cells and branches on an undecided cell (nurikabe_exact.cpp). The window animates the
// moves each node makes, including the erasures of a backtrack.
//
// Representation: the solvers' own bitmask states; this file only turns their nodes into events. When the sink
// wants decisions, every node is one: a branch (the cell and digit tried), a contradiction (for Sudoku, the
// rule that failed) or a solution, with the stack of branch choices in force ("search stack", `depth`).
//
// Paper: none in particular — this is the workbench's oracle, the same engine that counts solutions for the
// checker, the tests and the metrics. It is deterministic: the seed is ignored.
//
// Cost: the number of undecided cells of the current node (0 at a solution). With `solution_limit` above 1
// the search goes on after the first solution to count up to the limit; the run is solved when at least one
// solution was found, and the count is reported in an explanation.

#include "algorithms/exact.h"

#include "algorithms/algorithm_base.h"
#include "algorithms/decision_text.h"

#include "engine/run_verdict.h"
#include "nurikabe/nurikabe_exact.h"
#include "sudoku/sudoku_exact.h"

#include <chrono>
#include <optional>

namespace pw {

namespace {

class ExactAlgorithm final : public AlgorithmBase {
public:
    void start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t, EventSink* sink) override {
        begin(sink);
        m_limit = static_cast<int>(parameters.integer("solution_limit"));
        m_sudoku.reset();
        m_nurikabe.reset();
        m_start = puzzle.startBoard();
        m_best = m_start;
        m_current = m_start;
        if (puzzle.kind() == PuzzleKind::Sudoku) {
            m_sudoku.emplace(puzzle.sudoku().givens, m_limit);
            // A watched run keeps the branch stack, so a receiver may ask for decisions at any point.
            m_sudoku->setTracing(m_sink != nullptr);
        } else {
            m_nurikabe.emplace(puzzle.nurikabe().clues, m_limit);
        }
        m_bestCost = m_currentCost = undecidedCells(m_current);
        emit(PhaseChange{m_counters, PhaseKind::Search});
    }

    // A step is one node of the search, nanoseconds: the runner's loops call step() directly.
    StepStatus steps(std::uint64_t count) override { return runSteps(*this, count); }
    StepStatus stepsUntilBestFalls(std::uint64_t count, std::uint64_t& taken) override {
        return runStepsUntilBestFalls(*this, count, taken);
    }
    StepStatus step() override {
        if (ended()) return status();
        m_moves.clear();
        std::vector<Move>* moves = m_sink ? &m_moves : nullptr;  // also keeps current() up to date
        bool exhausted = false;
        bool found = false;
        if (m_sudoku) {
            const auto status = m_sudoku->step(moves);
            exhausted = status == SudokuSearch::Status::Exhausted;
            found = status == SudokuSearch::Status::FoundSolution;
            if (moves || found) m_current = m_sudoku->current();
        } else {
            const auto status = m_nurikabe->step(moves);
            exhausted = status == NurikabeSearch::Status::Exhausted;
            found = status == NurikabeSearch::Status::FoundSolution;
            if (moves || found) m_current = m_nurikabe->current();
        }
        if (!exhausted) {
            ++m_counters.steps;
            ++m_counters.evaluations;
        }
        if (!exhausted && wantsDecisions(m_sink)) explainStep();
        for (const Move& move : m_moves) emit(MoveEvent{m_counters, move});
        if (m_sink || found) {
            m_currentCost = undecidedCells(m_current);
            if (found) {
                m_best = m_current;
                m_bestCost = 0;
            } else if (m_bestCost > 0 && m_currentCost < m_bestCost && solutionsFound() == 0) {
                m_bestCost = m_currentCost;
                m_best = m_current;
            }
            emit(CostSample{m_counters, m_currentCost, m_bestCost, {}});
        }
        if (m_sink && m_sudoku && !exhausted) emit(CandidatesUpdate{m_counters, m_sudoku->candidates()});
        if (found) emit(Explanation{m_counters, "solution " + std::to_string(solutionsFound()) + " found", {}});
        if (exhausted || (found && solutionsFound() >= m_limit)) {
            return end(finalStatus());
        }
        return StepStatus::Running;
    }

    void finish() override {
        const int found = solutionsFound();
        std::string text;
        if (!ended()) text = "search interrupted after " + std::to_string(found) + " solution(s)";
        else if (found >= m_limit && m_limit > 1) text = "at least " + std::to_string(found) + " solutions (limit reached)";
        else text = std::to_string(found) + (found == 1 ? " solution" : " solutions") + " in all";
        emit(Explanation{m_counters, text, {}});
    }

    double bestCost() const override { return m_bestCost; }
    std::uint64_t maxEvaluationsPerStep() const override { return 1; }  // one node
    Board currentBoard() const override {
        if (m_sudoku) return m_sudoku->current();
        return m_nurikabe->current();
    }
    Board bestBoard() const override { return m_best; }

private:
    // One node as a Decision: how it ended (a branch, a contradiction and why, a solution), whether it began by
    // backtracking, and the stack of branch choices in force ("search stack", outermost first).
    [[gnu::cold, gnu::noinline]]
    void explainStep() {
        std::vector<std::string> stack;
        std::string text;
        std::vector<int> cells;
        std::string action;
        if (m_sudoku) {
            const SudokuSearchTrace trace = m_sudoku->trace();
            const SudokuShape shape = m_sudoku->current().shape();
            for (const auto& [cell, digit] : trace.stack) stack.push_back(cellName(shape, cell) + "=" + std::to_string(digit));
            const bool branched = trace.outcome == SudokuSearchTrace::Outcome::Branched;
            const std::size_t resumedAt = stack.size() - (branched ? 2 : 1);  // the earlier branch resumed
            if (trace.resumed && stack.size() > (branched ? 1u : 0u))
                text = "backtracked: next digit " + stack[resumedAt] + "; ";
            text += "node " + std::to_string(m_sudoku->nodes()) + ": propagated singles and locked candidates";
            switch (trace.outcome) {
            case SudokuSearchTrace::Outcome::Branched:
                action = "branch";
                cells = {trace.branchCell};
                text += "; branch on " + cellName(shape, trace.branchCell) + " (" +
                        std::to_string(trace.branchCandidates) + " candidates), try " + stack.back();
                break;
            case SudokuSearchTrace::Outcome::Contradiction:
                action = "backtrack";
                text += " \u2192 contradiction: " + trace.contradiction;
                break;
            case SudokuSearchTrace::Outcome::Solution:
                action = "solution";
                text += " \u2192 solution " + std::to_string(solutionsFound());
                break;
            case SudokuSearchTrace::Outcome::Exhausted: action = "exhausted"; text += " \u2192 nothing left to try"; break;
            }
        } else {
            const NurikabeSearchTrace trace = m_nurikabe->trace();
            const int width = m_nurikabe->current().width();
            const auto name = [width](int cell) { return cellName(cell / width, cell % width); };
            for (const auto& [cell, island] : trace.stack) stack.push_back(name(cell) + (island ? "=island" : "=river"));
            text = "node " + std::to_string(m_nurikabe->nodes()) + ": applied the rules";
            switch (trace.outcome) {
            case NurikabeSearchTrace::Outcome::Branched:
                action = "branch";
                cells = {trace.branchCell};
                text += "; branch on " + name(trace.branchCell) + ", river first";
                break;
            case NurikabeSearchTrace::Outcome::Contradiction:
                action = "backtrack";
                text += " \u2192 contradiction; back to the latest branch" +
                        (stack.empty() ? std::string() : ", now " + stack.back());
                break;
            case NurikabeSearchTrace::Outcome::Solution:
                action = "solution";
                text += " \u2192 solution " + std::to_string(solutionsFound());
                break;
            case NurikabeSearchTrace::Outcome::Probing:
                action = "probe";
                text += "; probing cells (the node goes on at the next step)";
                break;
            case NurikabeSearchTrace::Outcome::Exhausted: action = "exhausted"; text += " \u2192 nothing left to try"; break;
            }
        }
        text += "; depth " + std::to_string(stack.size());
        m_sink->receive(searchDecision(m_counters, std::move(action), std::move(text), std::move(cells), std::move(stack),
                                       {{"solutions", static_cast<double>(solutionsFound())}}));
    }

    int solutionsFound() const { return m_sudoku ? m_sudoku->solutionsFound() : m_nurikabe->solutionsFound(); }
    StepStatus finalStatus() const { return solutionsFound() > 0 ? StepStatus::Solved : StepStatus::Failed; }

    static double undecidedCells(const Board& board) {
        int count = 0;
        if (const auto* grid = std::get_if<SudokuGrid>(&board)) return grid->cellCount() - grid->filledCount();
        const auto& grid = std::get<NurikabeGrid>(board);
        for (int cell = 0; cell < grid.cellCount(); ++cell) count += grid.state(cell) == NurikabeCell::Unknown;
        return count;
    }

    int m_limit = 1;
    std::optional<SudokuSearch> m_sudoku;
    std::optional<NurikabeSearch> m_nurikabe;
    std::vector<Move> m_moves;
    Board m_start;
    Board m_current;
    Board m_best;
    double m_currentCost = 0;
    double m_bestCost = 0;
};

}  // namespace

std::optional<RunResult> runExactSudoku(const Puzzle& puzzle, int solutionLimit, const std::atomic<bool>& stop) {
    const auto started = std::chrono::steady_clock::now();
    const SudokuGrid& givens = puzzle.sudoku().givens;
    SudokuSearch search(givens, solutionLimit);
    const SudokuGrid* lastSolution = nullptr;  // ExactAlgorithm's best board: its latest solution
    std::uint64_t steps = 0;
    for (;;) {
        if (steps % 1024 == 0 && stop.load(std::memory_order_relaxed)) return std::nullopt;
        const auto status = search.step(nullptr);
        if (status == SudokuSearch::Status::Exhausted) break;
        ++steps;
        if (status == SudokuSearch::Status::FoundSolution) {
            lastSolution = &search.current();
            if (search.solutionsFound() >= solutionLimit) break;
        }
    }
    RunResult result;
    result.counters = {steps, steps};  // one evaluation per node, as ExactAlgorithm counts
    if (lastSolution) result.finalBoard = *lastSolution;  // (a conditional expression would copy the grid twice)
    else result.finalBoard = givens;
    result.bestCost = lastSolution ? 0 : givens.cellCount() - givens.filledCount();
    result.valid = puzzle.isSolvedBy(result.finalBoard);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (lastSolution) judgeRun(result, Outcome::Solved, kSolvedReason);
    else judgeRun(result, Outcome::Failed, kFailedReason);
    return result;
}

AlgorithmEntry exactAlgorithmEntry() {
    AlgorithmInfo info;
    info.id = "exact";
    info.name = "Exact search (propagation + branching)";
    info.family = AlgorithmFamily::Exact;
    info.paper = "Workbench oracle: bitmask search with naked and hidden singles and fewest-candidates branching "
                 "(Sudoku); forced-cell propagation and search (Nurikabe)";
    info.summary = "Propagates singles to a fixpoint, then branches on the cell with the fewest candidates; "
                   "backtracks on contradictions. Counts solutions up to a limit.";
    info.stepMeaning = "one search node (propagation, then a branch or a backtrack)";
    info.stepUnit = "search nodes";
    info.stepDecision = {"branch", {"depth", "solutions"}, "search stack", false};
    info.stepEvents = {StepEvent::Backtrack};
    info.kinds = {PuzzleKind::Sudoku, PuzzleKind::Nurikabe};
    info.usesSeed = false;
    info.parameters = {ParameterSpec::integer("solution_limit", 1, 1, 1000,
                                              "Stop after this many solutions; 2 proves uniqueness")};
    return {std::move(info), [] { return std::make_unique<ExactAlgorithm>(); }};
}

}  // namespace pw
