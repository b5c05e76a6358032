// `tabu` — hybrid AC3 + tabu search, the baseline Soto et al. compare their cuckoo search with.
//
// Idea: AC3 prefiltering (core/ac3.h) first deletes the values no solution can take; then a tabu search walks
// through complete grids. Every step looks at the whole neighbourhood — every swap of two open cells within a
// row — and makes the best admissible swap, even when it makes the grid worse: that is how the search climbs
// out of local minima. To keep it from sliding straight back, the values a swap moved out of their cells may
// not return to them for `tenure` steps (they are tabu), unless the return makes a grid better than any found
// so far (the aspiration criterion).
//
// Representation (core/row_permutation.h), as in `cuckoo`: every row is a permutation of 1..N keeping the
// fixed cells (givens and the cells AC3 fixed); cost = repeated values in columns and boxes, kept with the
// per-column and per-box digit counts, so a swap's cost change is read off eight counters (−4..4) and a step
// costs one counter read per neighbour. The initial grid gives each row's open cells the missing digits by a
// random maximum matching within the filtered domains. A swap is in the neighbourhood only when both values
// stay inside their filtered domains, so a prefiltered search never leaves them. The tabu list is a table
// tabuUntil[cell][digit]: the last step at which `digit` may not be put back into `cell`.
//
// Papers: R. Soto, B. Crawford, C. Galleguillos, E. Monfroy, F. Paredes, A hybrid AC3-tabu search algorithm
// for solving Sudoku puzzles, Expert Systems with Applications 40 (2013) 5817–5821 — the "hybrid TS" of
// Table 2 in Soto et al. 2014 (The Scientific World Journal, 465359), whose prefiltering and representation
// this implementation shares. We have only the 2014 paper's description of it (AC3 then tabu search; 30 of 30
// tries on a hard puzzle), so the rest is the textbook tabu search (F. Glover, Tabu search, 1989/1990):
//   - a step = one move: the best admissible swap of the neighbourhood; ties are broken uniformly at random;
//   - tabu attribute: after swapping a (value x) with b (value y), x may not return to a nor y to b for the
//     next `tenure` steps; a swap is tabu when it would make either return;
//   - aspiration: a tabu swap is admissible when it leads to a cost below the best cost found so far;
//   - when every swap is tabu and none aspirates, the step makes no move (the tabu list ages by one step);
//   - `restart_after` steps without a new best cost (0 = never) start the search again from a new grid drawn
//     from the domains, with an empty tabu list — a diversification the baseline paper does not describe;
//   - evaluations count the neighbours whose cost change was computed.
//
// Choice of defaults: tenure = 10 and restart_after = 2,000, by a small tuning run on the cuckoo search's tuning
// puzzles (Brundage_hard, Wikipedia_anti_backtracking, Brundage_starburst; 6 seeds, 20,000 steps, about 2 s):
// without restarts tenure 3 / 5 / 10 / 20 / 40 solved (on 4 seeds) 2 / 5 / 6 / 2 / 0 of 12; with tenure 10,
// restarts after 1,000 / 2,000 / 5,000 steps without a new best solved 10 / 12 / 11 of 18 (9 of 18 without
// restarts), and tenure 5 / 15 with restarts after 2,000 solved 8 / 8 of 18.
//
// Events: the same prefiltering events as `cuckoo` (a "prefiltering" phase, every AC3 reduction, the filtered
// candidate table), a "search" phase, the initial grid as place moves, every swap as a move, every restart as a
// phase and the place moves of the new grid, and a cost sample (current, best, column / box split) every
// sampleEvery() steps of the sink, at every new best and at the end. When the sink wants decisions, every step
// is a Decision ("move", or "wait" when every swap is tabu): the swap, its Δ, how many admissible swaps tied
// for best, whether aspiration freed it, and the tabu list with the tenure each entry has left (listLabel
// "tabu list"), also drawn as a board (DecisionBoards: each cell's value it may not take back); every restart
// is one too ("restart").

#include "algorithms/tabu_search.h"

#include "algorithms/algorithm_base.h"
#include "algorithms/decision_text.h"
#include "sudoku/row_permutation.h"

#include <algorithm>
#include <climits>
#include <vector>

namespace pw {

namespace {

class TabuSearchAlgorithm final : public AlgorithmBase {
public:
    void start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed,
               EventSink* sink) override {
        begin(sink);
        m_rng.reseed(seed);
        m_tenure = static_cast<std::uint64_t>(parameters.integer("tenure"));
        m_restartAfter = static_cast<std::uint64_t>(parameters.integer("restart_after"));
        const bool prefilter = parameters.boolean("prefilter");

        m_restarts = 0;
        m_aspirations = 0;
        m_idleSteps = 0;
        const SudokuGrid& givens = puzzle.sudoku().givens;
        m_size = givens.size();
        m_cellCount = givens.cellCount();
        m_failure = m_space.prepare(givens, prefilter, m_counters, m_sink).value_or("");
        if (m_sink && prefilter && m_failure.empty())
            emit(Explanation{m_counters,
                             "AC3 removed " + std::to_string(m_space.reductions) + " values and fixed " +
                                 std::to_string(m_space.cellsFixedByAc3) + " cells",
                             {}});
        m_pairs.clear();
        for (int r = 0; r < m_size; ++r)
            for (int a = 0; a < m_space.openCount[r]; ++a)
                for (int b = a + 1; b < m_space.openCount[r]; ++b)
                    m_pairs.push_back({m_space.openCells[r][a], m_space.openCells[r][b]});

        emit(PhaseChange{m_counters, PhaseKind::Search});
        for (int cell = 0; cell < m_cellCount; ++cell) m_shown[cell] = static_cast<std::uint8_t>(m_space.fixed.value(cell));
        if (m_failure.empty())
            m_space.fill(m_current, m_rng);
        else
            m_current.assign(givens);
        ++m_counters.evaluations;
        m_best = m_current;
        if (m_failure.empty() && m_pairs.empty() && m_current.cost() > 0)
            m_failure = "no row has two open cells to swap, and the forced fill breaks a rule";
        clearTabuList();
        m_lastImprovement = 0;
        showCurrent();
        m_stepsAtSample = 0;
        if (m_sink) sample();
    }

    StepStatus step() override {
        if (ended()) return status();
        if (!m_failure.empty()) {
            emit(Explanation{m_counters, m_failure, {}});
            return end(StepStatus::Failed);
        }
        if (m_best.cost() == 0) return end(StepStatus::Solved);

        ++m_counters.steps;
        const std::uint64_t now = m_counters.steps;
        // The best admissible swap of the whole neighbourhood, ties broken by reservoir sampling.
        int bestDelta = INT_MAX;
        int chosen = -1;
        std::uint32_t ties = 0;
        bool chosenIsTabu = false;
        const int cost = m_current.cost();
        for (int k = 0; k < static_cast<int>(m_pairs.size()); ++k) {
            const CellPair pair = m_pairs[static_cast<std::size_t>(k)];
            if (m_space.prefiltered && !m_space.swapKeepsDomains(m_current, pair.a, pair.b)) continue;
            const int delta = m_current.swapDelta(pair.a, pair.b);
            ++m_counters.evaluations;
            if (delta > bestDelta) continue;
            const bool tabu = isTabu(pair.a, m_current.value(pair.b), now) || isTabu(pair.b, m_current.value(pair.a), now);
            if (tabu && cost + delta >= m_best.cost()) continue;  // aspiration: only a new best frees a tabu swap
            if (delta < bestDelta) {
                bestDelta = delta;
                ties = 0;
            }
            if (m_rng.below(++ties) == 0) {
                chosen = k;
                chosenIsTabu = tabu;
            }
        }
        if (chosen < 0) {
            ++m_idleSteps;  // every swap is tabu and none aspirates: wait for the list to age
            if (wantsDecisions(m_sink))
                explain("wait", "every swap is tabu and none would reach a new best: no move, the tabu list ages",
                        {}, cost, 0, false, 0);
        } else {
            const CellPair pair = m_pairs[static_cast<std::size_t>(chosen)];
            if (wantsDecisions(m_sink)) [[unlikely]]
                explain("move", {}, {pair.a, pair.b}, cost, bestDelta, chosenIsTabu, ties);
            m_tabuUntil[tabuSlot(pair.a, m_current.value(pair.a))] = now + m_tenure;
            m_tabuUntil[tabuSlot(pair.b, m_current.value(pair.b))] = now + m_tenure;
            m_current.swapCells(pair.a, pair.b);
            m_aspirations += chosenIsTabu;
            if (m_sink && m_sink->wantsMoves()) emit(MoveEvent{m_counters, Move::swap(pair.a, pair.b)});
            std::swap(m_shown[pair.a], m_shown[pair.b]);
        }
        if (m_current.cost() < m_best.cost()) {
            m_best = m_current;
            m_lastImprovement = now;
            if (m_sink) sample();
            if (m_best.cost() == 0) return end(StepStatus::Solved);
        } else if (m_restartAfter && now - m_lastImprovement >= m_restartAfter) {
            restart();
        }
        if (m_sink && now - m_stepsAtSample >= m_sink->sampleEvery()) sample();
        return StepStatus::Running;
    }

    void finish() override {
        if (!m_sink) return;
        if (m_counters.steps != m_stepsAtSample) sample();
        emit(Explanation{m_counters,
                         "tabu search: " + std::to_string(m_counters.steps) + " steps, best cost " +
                             std::to_string(m_best.cost()) + ", " + std::to_string(m_aspirations) +
                             " tabu swaps taken by aspiration, " + std::to_string(m_idleSteps) +
                             " steps with every swap tabu, " + std::to_string(m_restarts) + " restarts",
                         {}});
    }

    double bestCost() const override { return m_best.cost(); }
    // the whole neighbourhood, and the new grid of a restart
    std::uint64_t maxEvaluationsPerStep() const override { return m_pairs.size() + 1; }
    Board currentBoard() const override { return m_current.toGrid(); }
    Board bestBoard() const override { return m_best.toGrid(); }

private:
    struct CellPair {
        std::uint8_t a;
        std::uint8_t b;
    };

    std::size_t tabuSlot(int cell, int digit) const {
        return static_cast<std::size_t>(cell) * (kMaxSudokuSize + 1) + static_cast<std::size_t>(digit);
    }
    bool isTabu(int cell, int digit, std::uint64_t now) const { return m_tabuUntil[tabuSlot(cell, digit)] >= now; }
    void clearTabuList() { m_tabuUntil.assign(static_cast<std::size_t>(m_cellCount) * (kMaxSudokuSize + 1), 0); }

    // One step told as a Decision, sent before the move is made: the swap (or the wait), its Δ among the
    // `ties` equally good admissible swaps, whether it was tabu and taken by aspiration, and the tabu list as it
    // stands after the step (each entry with the steps of tenure it has left). `what` says what a wait is; a
    // move's sentence is built here from its two cells, so the search loop builds no string.
    [[gnu::cold, gnu::noinline]]
    void explain(const char* action, std::string what, std::vector<int> cells, int cost, int delta, bool aspiration,
                 std::uint32_t ties) {
        const std::uint64_t now = m_counters.steps;
        std::vector<std::string> list;
        // The tabu list as a board: in each cell the value it may not take back (the one with the most tenure
        // left when it has several), marked by whether this swap set it and how much of its tenure is left.
        auto boards = std::make_shared<DecisionBoards>();
        boards->objectLabel = "tabu list: the value each cell may not take back";
        boards->sourcesCaption = "tabu";
        boards->sourceNames = {"set by this swap", "over half the tenure left", "half or less left"};
        for (int cell = 0; cell < m_cellCount; ++cell) {
            std::uint64_t longest = now;
            int longestDigit = 0;
            bool longestSetNow = false;
            for (int digit = 1; digit <= m_size; ++digit) {
                const std::uint64_t until = m_tabuUntil[tabuSlot(cell, digit)];
                // The chosen swap's own entries are set after this call: count them in as the step leaves them.
                const bool setNow = cells.size() == 2 && ((cell == cells[0] && digit == m_current.value(cells[0])) ||
                                                          (cell == cells[1] && digit == m_current.value(cells[1])));
                const std::uint64_t last = setNow ? now + m_tenure : until;
                if (last <= now) continue;
                list.push_back(cellName(cell / m_size, cell % m_size) + "\u2260" + std::to_string(digit) + " (" +
                               std::to_string(last - now) + " left)");
                if (last > longest || (last == longest && setNow)) {
                    longest = last;
                    longestDigit = digit;
                    longestSetNow = setNow;
                }
            }
            if (!longestDigit) continue;
            boards->object.push_back(Move::place(cell, longestDigit));
            boards->sources.push_back(longestSetNow ? 0 : 2 * (longest - now) > static_cast<std::uint64_t>(m_tenure) ? 1 : 2);
        }
        std::string text = std::move(what);
        if (cells.size() == 2) {
            const int row = cells[0] / m_size;
            text = "swap " + cellName(row, cells[0] % m_size) + "=" + std::to_string(m_current.value(cells[0])) +
                   " \u2194 " + cellName(row, cells[1] % m_size) + "=" + std::to_string(m_current.value(cells[1])) +
                   " in row " + std::to_string(row + 1);
            text += ": cost " + std::to_string(cost) + " \u2192 " + std::to_string(cost + delta) + " (\u0394 " +
                    signedNumber(delta) + "), the best of " + std::to_string(ties) +
                    (ties == 1 ? " admissible swap" : " equally good admissible swaps");
            text += aspiration ? "; tabu, taken by aspiration (a new best)" : "; not tabu";
            text += "; " + std::to_string(list.size()) + " values tabu for up to " + std::to_string(m_tenure) + " steps";
        }
        m_sink->receive(Decision(m_counters, {action,
                                              std::move(text),
                                              std::move(cells),
                                              {{"cost_before", static_cast<double>(cost)},
                                               {"cost_after", static_cast<double>(cost + delta)},
                                               {"delta", static_cast<double>(delta)},
                                               {"ties", static_cast<double>(ties)},
                                               {"aspiration", aspiration ? 1.0 : 0.0},
                                               {"tabu_count", static_cast<double>(list.size())},
                                               {"best_cost", static_cast<double>(m_best.cost())}},
                                              std::nullopt,
                                              "tabu list",
                                              std::move(list),
                                              std::move(boards)}));
    }

    void restart() {
        if (wantsDecisions(m_sink))
            m_sink->receive(Decision(m_counters, {"restart",
                                                  std::to_string(m_restartAfter) +
                                                      " steps without a new best (best cost " +
                                                      std::to_string(m_best.cost()) +
                                                      "): restart from a new grid drawn from the "
                                                      "domains, with an empty tabu list",
                                                  {},
                                                  {{"restarts", static_cast<double>(m_restarts + 1)},
                                                   {"best_cost", static_cast<double>(m_best.cost())}},
                                                  std::nullopt,
                                                  {},
                                                  {}}));
        ++m_restarts;
        emit(PhaseChange{m_counters, PhaseKind::Restart, static_cast<std::uint64_t>(m_restarts)});
        m_space.fill(m_current, m_rng);
        ++m_counters.evaluations;
        clearTabuList();
        m_lastImprovement = m_counters.steps;
        showCurrent();
    }

    // Place moves that turn the board into the current grid.
    void showCurrent() {
        const bool send = m_sink && m_sink->wantsMoves();
        for (int cell = 0; cell < m_cellCount; ++cell) {
            const int value = m_current.value(cell);
            if (value == m_shown[cell]) continue;
            if (send) emit(MoveEvent{m_counters, Move::place(cell, value, m_shown[cell])});
            m_shown[cell] = static_cast<std::uint8_t>(value);
        }
    }

    void sample() {
        m_stepsAtSample = m_counters.steps;
        emit(CostSample{m_counters, static_cast<double>(m_current.cost()), static_cast<double>(m_best.cost()),
                        m_current.breakdown().values()});
    }

    RowPermutationGrid m_current;
    std::vector<CellPair> m_pairs;  // every pair of open cells of a row, row by row
    std::vector<std::uint64_t> m_tabuUntil;
    RowSearchSpace m_space;
    RowPermutationGrid m_best;
    Rng m_rng;
    std::uint64_t m_tenure = 10;
    std::uint64_t m_restartAfter = 0;
    std::uint64_t m_stepsAtSample = 0;
    std::uint64_t m_lastImprovement = 0;
    std::uint64_t m_restarts = 0;
    std::uint64_t m_aspirations = 0;
    std::uint64_t m_idleSteps = 0;
    std::array<std::uint8_t, kMaxSudokuCells> m_shown{};
    int m_size = 9;
    int m_cellCount = 81;
    std::string m_failure;
};

}  // namespace

AlgorithmEntry tabuSearchAlgorithmEntry() {
    AlgorithmInfo info;
    info.id = "tabu";
    info.name = "Hybrid AC3 + tabu search";
    info.family = AlgorithmFamily::LocalSearch;
    info.paper = "R. Soto, B. Crawford, C. Galleguillos, E. Monfroy, F. Paredes, A hybrid AC3-tabu search "
                 "algorithm for solving Sudoku puzzles, Expert Systems with Applications 40 (2013) 5817-5821, "
                 "as compared in Soto et al., The Scientific World Journal 2014, 465359; F. Glover, Tabu search";
    info.summary = "AC3 first deletes the values no solution can take. The grid's rows are permutations drawn from "
                   "the filtered domains; cost = repeated values in columns and boxes. Each step makes the best "
                   "swap of two open cells of a row, even a worsening one, except that values may not return to "
                   "cells they just left for `tenure` steps unless that gives a new best (aspiration).";
    info.stepMeaning = "one move (the best admissible swap of the whole neighbourhood)";
    info.stepUnit = "moves";
    info.stepDecision = {"move",
                         {"cost_before", "cost_after", "delta", "ties", "aspiration", "tabu_count", "best_cost"},
                         "tabu list", false};
    info.stepEvents = {StepEvent::NewBest, StepEvent::Restart};
    info.kinds = {PuzzleKind::Sudoku};
    info.costParts = sudokuCostPartNames();
    const std::string glover = "textbook tabu search (Glover); the baseline paper's values are not available to us";
    info.parameters = {
        ParameterSpec::integer("tenure", 10, 1, 1'000'000'000,
                               "steps during which a value may not return to a cell it left (unless a new best)",
                               glover + "; default chosen by our tuning run"),
        ParameterSpec::integer("restart_after", 2000, 0, 1'000'000'000,
                               "start again from a new grid after this many steps without a new best (0 = never)",
                               "our diversification; default chosen by our tuning run"),
        ParameterSpec::boolean("prefilter", true, "run AC3 first and keep the grid inside the filtered domains",
                               "Soto et al. 2013/2014: the hybrid's AC3 phase"),
    };
    return {std::move(info), [] { return std::make_unique<TabuSearchAlgorithm>(); }};
}

}  // namespace pw
