// `mga` — the multistage genetic algorithm with a group table (Chel, Mylavarapu and Sharma), read literally.
// `mga-plus` (multistage_ga_plus.cpp) is the same algorithm with restarts and a repair step added.
//
// Idea: a GA over whole grids whose empty cells draw their values from a *group table* — each empty cell's
// digits not used by the givens of its row, column and box (the paper's Figure 2). The run goes in cycles. A
// cycle breeds a population for `generations_per_cycle` generations; then the cycle's best grid is validated
// in five directions and the cells it holds consistently are fixed in the group table (with a probability), so
// each cycle starts from a smaller table and a smaller population (`population` / cycle).
//
// Algorithm 1, cycle c = 1..C:
//   1. from cycle 2 on, update the group table (below);
//   2. population size = population / c, offspring size = offspring_factor × population size;
//   3. generate the population from the group table: each empty cell a value drawn uniformly from its entry;
//   4. N generations of: uniform swap crossover of random parent pairs (each non-given cell swapped with
//      probability p_c — the paper's geometric crossover, Figure 4), evaluation, (μ+λ) truncation selection;
//   5. mutation of the best few (each non-given cell redrawn from its group-table entry with probability p_m),
//      the mutants evaluated and selected with the rest;
//   6. the best grid of the cycle goes on to the update. The run stops at fitness 0 or after C cycles.
//
// Fitness (equation (1) as converted cannot reach 0 — its −27 fits no reading of the counts — so, as our notes
// settle): for every row, column and box, Σ over digits of max(0, count − 1), plus Σ over digits of
// |N(digit) − 9|. It is 0 exactly on a valid solution. The row, column and box repetitions and the digit-count
// deviation are reported separately in the cost events.
//
// Group-table update (§II E): the best grid passes five validation directions — rows left to right, rows right to
// left, columns top to bottom, columns bottom to top, and the anti-diagonals from the top-left corner (Figure
// 6). Within a direction, cells are visited in order and a value is kept only if it repeats no value already
// kept in its row, column or box; givens are always kept. A cell whose kept value is the same in all five
// passes is fixed when a uniform random variable exceeds the threshold 0.3 — "it is accepted subject to a
// random variable ... the occurrence of the random variable greater than the threshold ... it is found that .3
// is the best value for the threshold" — so with probability `accept_probability` = 0.7. (The sentence before
// says "if the threshold is greater than that, the value is accepted", which would be 0.3; we follow the
// sentence that names the AND of the two conditions.) The table is then recomputed from the givens and the
// fixed cells; a cell whose entry would be empty keeps its initial entry.
//
// Which cells stay fixed (`fixing`): the paper builds the new table from "the initial group table, the best
// solution found in the last cycle, and group table of the last cycle", and says the random acceptance "helps
// the algorithm to avoid the trapping in a local minimum ... due to a wrongly chosen value at any particular
// cell" — which only works if a fix can be undone. So by default (`per-cycle`) every update starts again from
// the givens: the cells fixed are those this cycle's best grid supports, all re-validated; a wrong value that
// the grid no longer supports, or that loses the coin toss, is released. `cumulative` keeps every fix for good
// (fixed cells are then always kept by the validation); it is the other reading, and it strands runs: a cycle's
// best grid after 15 generations holds wrong values that repeat nothing, they pass all five directions, and
// once fixed they exclude the right digits elsewhere (on Figure 1's puzzle, final fitness 8–20 against 2–9).
//
// Choices where the paper is silent: parents are paired uniformly at random; "a few of the best" mutated are
// the best `mutants` individuals, each mutated copy joining the (μ+λ) selection; with `single_stage` (the
// paper's single-stage comparison) the run is one long cycle of C × N generations at the full population,
// with no table updates. Table 1's "number of runs per cycle" (15) is read as generations per cycle, as our
// notes say, although Tables 2 and 3 imply about ten (16.6 cycles take 166 generations, 3.0 take 32); C is not
// given — 20 follows Figure 5.
//
// What the literal reading reaches (measured; `puzzle-cli solve -a mga --seed 1 --json`, one run per puzzle):
//   - Table 3's protocol — 15 puzzles per clue count made by plain random removal from Figure 1's solution
//     (`puzzle-cli generate --from-solution <Figure 1's solution> --clues N --allow-multiple --count 15
//     --seed 1`), one run each: solved 5, 5, 3, 3, 1, 4, 2, 5, 3, 3, 4 of 15 at 15, 17, ..., 35 clues (38 of
//     165, 23 %), where the paper reports 15, 15, 14, 14, 12, 14, 14, 15, 15, 15, 15 (80–100 %). Not reached.
//   - The unsuccessful runs end at a mean fitness of 2.4 to 4.4 per clue count — the paper's "average fitness
//     of unsuccessful events" is 3.2 to 6.7 (Table 2), and "only one number gets repeated mostly": reached.
//   - Figure 1's 17-clue puzzle: 0 of 20 runs (seeds 1..20; mean final fitness 6.3). The paper's best of 10
//     runs reaches 0 in three cycles and its worst ends at fitness 4 after six.
//   - QQWing "simple" puzzles (the 10 of puzzles/sudoku/qqwing_graded.csv, one run each, `--seed 1
//     --time-limit 20`; docs/reproduction.md, command Q1): 1 of 10 (Table 2: 58 % for its lost "simple"
//     class). Pillay's easy Figure 1: 12 of 20 seeds.
// A budget of C = 200 cycles instead of 20 (`--param cycles=200`) lifts Table 3's protocol to 131 of 165
// (79 %; 10 to 15 of 15 per clue count), still short of the paper; `mga-plus` builds on that.
//
// A step is one generation; evaluations count grids evaluated. Events: per generation the population's
// best/mean/worst fitness and the best fitness with its parts; per cycle a phase, and after every table update
// the whole table (the board shows it: fixed cells placed, released cells erased, the open cells' entries as
// candidates), with the cells whose entry changed outlined. For a sink that wants decisions: per generation a
// "generation" Decision (pairs crossed and cells swapped, the (μ+λ) selection's sizes and fitness range, the
// mutants and cells redrawn at the cycle's end, the best fitness before and after; its boards are the
// generation's best grid against the generation before's, each open cell marked fixed, drawn or repeated), and
// per table update a "group table" Decision (the cells the five directions agree on and how many were accepted).

#include "algorithms/multistage_ga.h"

#include "sudoku/sudoku_cost.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace pw {

// ---------------------------------------------------------------------------------------------------------
// The pieces the algorithm is made of, public for the tests.

std::vector<DigitMask> groupTable(const SudokuGrid& grid) {
    std::vector<DigitMask> table(static_cast<std::size_t>(grid.cellCount()), 0);
    for (int cell = 0; cell < grid.cellCount(); ++cell)
        table[static_cast<std::size_t>(cell)] = grid.isEmpty(cell) ? grid.legalDigits(cell) : digitBit(grid.value(cell));
    return table;
}

ChelFitness chelFitness(const SudokuGrid& grid) {
    const SudokuGeometry& g = grid.geometry();
    ChelFitness f;
    std::array<int, kMaxSudokuSize + 1> total{};
    for (int unit = 0; unit < 3 * g.size; ++unit) {
        std::array<int, kMaxSudokuSize + 1> count{};
        for (int k = 0; k < g.size; ++k) ++count[grid.value(g.unitCells[unit][k])];
        int repeats = 0;
        for (int digit = 1; digit <= g.size; ++digit) repeats += std::max(0, count[digit] - 1);
        (unit < g.size ? f.rows : unit < 2 * g.size ? f.columns : f.boxes) += repeats;
        if (unit < g.size)
            for (int digit = 1; digit <= g.size; ++digit) total[digit] += count[digit];
    }
    for (int digit = 1; digit <= g.size; ++digit) f.digits += std::abs(total[digit] - g.size);
    return f;
}

std::vector<int> validationOrder(const SudokuShape& shape, int direction) {
    const int n = shape.size();
    std::vector<int> order;
    order.reserve(static_cast<std::size_t>(n * n));
    switch (direction) {
    case 0:  // rows, left to right
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) order.push_back(r * n + c);
        break;
    case 1:  // rows, right to left
        for (int r = 0; r < n; ++r)
            for (int c = n - 1; c >= 0; --c) order.push_back(r * n + c);
        break;
    case 2:  // columns, top to bottom
        for (int c = 0; c < n; ++c)
            for (int r = 0; r < n; ++r) order.push_back(r * n + c);
        break;
    case 3:  // columns, bottom to top
        for (int c = 0; c < n; ++c)
            for (int r = n - 1; r >= 0; --r) order.push_back(r * n + c);
        break;
    default:  // anti-diagonals from the top-left corner, each from its top end
        for (int d = 0; d <= 2 * (n - 1); ++d)
            for (int r = std::max(0, d - (n - 1)); r <= std::min(d, n - 1); ++r) order.push_back(r * n + (d - r));
        break;
    }
    return order;
}

SudokuGrid validateInDirection(const SudokuGrid& best, const std::vector<bool>& alwaysKept, int direction) {
    const SudokuGeometry& g = best.geometry();
    SudokuGrid kept(best.shape());
    std::array<DigitMask, 3 * kMaxSudokuSize> used{};
    auto keep = [&](int cell) {
        kept.setValue(cell, best.value(cell));
        for (int unit : g.cellUnits[cell]) used[unit] |= digitBit(best.value(cell));
    };
    for (int cell = 0; cell < g.cellCount; ++cell)
        if (alwaysKept[static_cast<std::size_t>(cell)] && best.value(cell)) keep(cell);
    for (int cell : validationOrder(best.shape(), direction)) {
        if (alwaysKept[static_cast<std::size_t>(cell)] || !best.value(cell)) continue;
        const DigitMask bit = digitBit(best.value(cell));
        const auto& units = g.cellUnits[cell];
        if ((used[units[0]] | used[units[1]] | used[units[2]]) & bit) continue;
        keep(cell);
    }
    return kept;
}

std::vector<int> agreedCells(const SudokuGrid& best, const std::vector<bool>& alwaysKept) {
    std::array<SudokuGrid, 5> passes;
    for (int direction = 0; direction < 5; ++direction) passes[direction] = validateInDirection(best, alwaysKept, direction);
    std::vector<int> agreed;
    for (int cell = 0; cell < best.cellCount(); ++cell) {
        if (alwaysKept[static_cast<std::size_t>(cell)] || !passes[0].value(cell)) continue;
        if (std::all_of(passes.begin(), passes.end(), [&](const SudokuGrid& p) { return p.value(cell) == passes[0].value(cell); }))
            agreed.push_back(cell);
    }
    return agreed;
}

void MultistageGa::start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed, EventSink* sink) {
    begin(sink);
    m_rng.reseed(seed);
    m_givens = puzzle.sudoku().givens;
    m_population0 = static_cast<int>(parameters.integer("population"));
    m_offspringFactor = static_cast<int>(parameters.integer("offspring_factor"));
    m_generationsPerCycle = static_cast<int>(parameters.integer("generations_per_cycle"));
    m_cycles = static_cast<int>(parameters.integer("cycles"));
    m_crossover = parameters.real("p_c");
    m_mutation = parameters.real("p_m");
    m_mutants = static_cast<int>(parameters.integer("mutants"));
    m_accept = parameters.real("accept_probability");
    m_singleStage = parameters.boolean("single_stage");
    m_refixEachCycle = parameters.choice("fixing") == "per-cycle";
    if (m_singleStage) {
        m_generationsPerCycle *= m_cycles;
        m_cycles = 1;
    }
    m_cells = m_givens.cellCount();
    m_free.clear();
    for (int cell = 0; cell < m_cells; ++cell)
        if (m_givens.isEmpty(cell)) m_free.push_back(cell);
    m_initialTable = groupTable(m_givens);
    m_table = m_initialTable;
    m_fixed.assign(static_cast<std::size_t>(m_cells), false);
    m_shownTable = m_givens;
    m_cycle = 0;
    m_cyclesRun = 0;
    m_generationInCycle = 0;
    m_best.reset();
    m_failed = m_givens.hasConflicts() ||
               std::any_of(m_free.begin(), m_free.end(), [&](int cell) { return m_table[static_cast<std::size_t>(cell)] == 0; });
    if (m_failed) return;
    if (m_sink) {  // the initial group table
        std::vector<std::uint16_t> candidates(static_cast<std::size_t>(m_cells), 0);
        for (int cell : m_free) candidates[static_cast<std::size_t>(cell)] = m_table[static_cast<std::size_t>(cell)];
        emit(CandidatesUpdate{m_counters, std::move(candidates)});
    }
    beginCycle();
}

StepStatus MultistageGa::step() {
    if (m_failed) return StepStatus::Failed;
    // Asked at every step: a window turns explanations on and off as its pace changes (and sets the sink up
    // only after the run has started).
    m_explain = wantsDecisions(m_sink);
    if (m_best && m_best->fitness == 0) return StepStatus::Solved;
    ++m_counters.steps;
    const int bestBefore = m_best->fitness;
    if (m_explain)  // the population is sorted after a generation, not yet at the start of a cycle
        m_generationBefore = *std::min_element(m_population.begin(), m_population.end(),
                                               [](const Individual& a, const Individual& b) { return a.fitness < b.fitness; });
    m_pairsCrossed = m_cellsSwapped = m_mutantsMade = m_cellsRedrawn = 0;
    breed();
    ++m_generationInCycle;
    const bool cycleDone = m_generationInCycle == m_generationsPerCycle;
    if (cycleDone) mutateBest();
    if (m_explain) explainGeneration(bestBefore, cycleDone);
    emitGeneration();
    if (m_best->fitness == 0) return StepStatus::Solved;
    if (!cycleDone) return StepStatus::Running;
    endOfCycle();
    if (m_best->fitness == 0) return StepStatus::Solved;
    if (m_cycle >= m_cycles) {
        if (outOfCycles()) return StepStatus::Failed;
    } else {
        updateGroupTable();
    }
    beginCycle();
    return StepStatus::Running;
}

void MultistageGa::finish() {
    if (!m_best) return;
    const ChelFitness f = chelFitness(gridOf(*m_best));
    emit(Explanation{m_counters, "best fitness " + std::to_string(m_best->fitness) + " (rows " + std::to_string(f.rows) +
                                     ", columns " + std::to_string(f.columns) + ", boxes " + std::to_string(f.boxes) +
                                     ", digit counts " + std::to_string(f.digits) + ") after " +
                                     std::to_string(m_cyclesRun) + (m_cyclesRun == 1 ? " cycle" : " cycles"),
                     {}});
}

std::vector<std::pair<std::string, ParameterValue>> MultistageGa::results() const {
    return {{"cycles", static_cast<std::int64_t>(m_cyclesRun)}};
}

SudokuGrid MultistageGa::gridOf(const Individual& individual) const {
    SudokuGrid grid(m_givens.shape());
    for (int cell = 0; cell < m_cells; ++cell) grid.setValue(cell, individual.values[static_cast<std::size_t>(cell)]);
    return grid;
}

int MultistageGa::drawFrom(DigitMask entry) {
    int pick = static_cast<int>(m_rng.below(static_cast<std::uint32_t>(popCount(entry))));
    for (; pick > 0; --pick) entry = static_cast<DigitMask>(withoutLowestBit(entry));
    return lowestDigit(entry);
}

void MultistageGa::evaluate(Individual& individual) {
    individual.fitness = chelFitness(gridOf(individual)).total();
    ++m_counters.evaluations;
}

void MultistageGa::keepBest(const Individual& candidate) {
    if (!m_best || candidate.fitness < m_best->fitness) m_best = candidate;
}

void MultistageGa::beginCycle() {
    ++m_cycle;
    ++m_cyclesRun;
    m_generationInCycle = 0;
    m_populationSize = std::max(2, m_population0 / (m_singleStage ? 1 : m_cycle));
    emit(PhaseChange{m_counters, PhaseKind::Cycle, static_cast<std::uint64_t>(m_cycle)});
    m_population.assign(static_cast<std::size_t>(m_populationSize), Individual{});
    for (Individual& individual : m_population) {
        for (int cell = 0; cell < m_cells; ++cell)
            individual.values[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(drawFrom(m_table[static_cast<std::size_t>(cell)]));
        evaluate(individual);
        keepBest(individual);
    }
}

void MultistageGa::breed() {
    const int offspring = m_offspringFactor * m_populationSize;
    m_pool = m_population;
    while (static_cast<int>(m_pool.size()) < m_populationSize + offspring) {
        Individual a = m_population[m_rng.below(static_cast<std::uint32_t>(m_population.size()))];
        Individual b = m_population[m_rng.below(static_cast<std::uint32_t>(m_population.size()))];
        for (int cell : m_free)
            if (m_rng.chance(m_crossover)) {
                std::swap(a.values[static_cast<std::size_t>(cell)], b.values[static_cast<std::size_t>(cell)]);
                ++m_cellsSwapped;
            }
        ++m_pairsCrossed;
        for (Individual* child : {&a, &b}) {
            evaluate(*child);
            keepBest(*child);
            if (static_cast<int>(m_pool.size()) < m_populationSize + offspring) m_pool.push_back(*child);
        }
    }
    selectBest();
}

void MultistageGa::mutateBest() {
    m_pool = m_population;
    const int count = std::min(m_mutants, m_populationSize);
    for (int i = 0; i < count; ++i) {
        Individual mutant = m_population[static_cast<std::size_t>(i)];
        for (int cell : m_free)
            if (m_rng.chance(m_mutation)) {
                mutant.values[static_cast<std::size_t>(cell)] =
                    static_cast<std::uint8_t>(drawFrom(m_table[static_cast<std::size_t>(cell)]));
                ++m_cellsRedrawn;
            }
        ++m_mutantsMade;
        evaluate(mutant);
        keepBest(mutant);
        m_pool.push_back(mutant);
    }
    selectBest();
}

void MultistageGa::selectBest() {
    std::stable_sort(m_pool.begin(), m_pool.end(), [](const Individual& a, const Individual& b) { return a.fitness < b.fitness; });
    m_pool.resize(static_cast<std::size_t>(m_populationSize));
    m_population.swap(m_pool);
}

namespace {
std::string formatThreshold(double threshold) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2g", threshold);
    return text;
}
}  // namespace

void MultistageGa::updateGroupTable() {
    if (m_refixEachCycle) m_fixed.assign(static_cast<std::size_t>(m_cells), false);
    std::vector<bool> alwaysKept = m_fixed;
    for (int cell = 0; cell < m_cells; ++cell)
        if (!m_givens.isEmpty(cell)) alwaysKept[static_cast<std::size_t>(cell)] = true;
    const SudokuGrid best = gridOf(m_population.front());
    // §II E: "accepted subject to a random variable ... the occurrence of the random variable greater than the
    // threshold" (0.3): a uniform r in [0, 1) accepts when r > 1 − accept_probability.
    const std::vector<int> agreed = agreedCells(best, alwaysKept);
    int accepted = 0;
    for (int cell : agreed)
        if (m_rng.uniform() > 1 - m_accept) {
            m_fixed[static_cast<std::size_t>(cell)] = true;
            ++accepted;
        }
    if (m_explain) {
        DecisionDetail detail;
        detail.action = "group table";
        detail.text = "cycle " + std::to_string(m_cycle) + "'s best grid (fitness " +
                      std::to_string(m_population.front().fitness) + "): the five validation directions agree on " +
                      std::to_string(agreed.size()) + " cells; " + std::to_string(accepted) +
                      " of them accepted (random variable above " + formatThreshold(1 - m_accept) + ")";
        detail.cells = agreed;
        detail.values = {{"agreed", static_cast<double>(agreed.size())},
                         {"accepted", static_cast<double>(accepted)},
                         {"probability", m_accept}};
        emit(Decision(m_counters, std::move(detail)));
    }
    SudokuGrid base = m_givens;
    for (int cell = 0; cell < m_cells; ++cell)
        if (m_fixed[static_cast<std::size_t>(cell)]) base.setValue(cell, best.value(cell));
    const std::vector<DigitMask> previous = m_table;
    m_table = groupTable(base);
    for (int cell : m_free)
        if (m_table[static_cast<std::size_t>(cell)] == 0) m_table[static_cast<std::size_t>(cell)] = m_initialTable[static_cast<std::size_t>(cell)];
    emitTable(base, previous);
}

void MultistageGa::emitTable(const SudokuGrid& base, const std::vector<DigitMask>& previous) {
    if (!m_sink) return;
    int newlyFixed = 0, released = 0, open = 0;
    for (int cell : m_free) {
        const int shown = m_shownTable.value(cell), now = base.value(cell);
        open += now == 0;
        if (now == shown) continue;
        if (now == 0) {
            ++released;
            emit(MoveEvent{m_counters, Move::erase(cell, shown)});
        } else {
            ++newlyFixed;
            emit(MoveEvent{m_counters, Move::place(cell, now, shown)});
        }
    }
    m_shownTable = base;
    std::vector<std::uint16_t> candidates(static_cast<std::size_t>(m_cells), 0);
    std::vector<int> changed;
    for (int cell : m_free) {
        const auto index = static_cast<std::size_t>(cell);
        if (!m_fixed[index]) candidates[index] = m_table[index];
        if (m_table[index] != previous[index]) changed.push_back(cell);
    }
    emit(CandidatesUpdate{m_counters, std::move(candidates)});
    std::string text = "group table after cycle " + std::to_string(m_cycle) + ": " +
                       std::to_string(static_cast<int>(m_free.size()) - open) + " cells fixed (" +
                       std::to_string(newlyFixed) + " newly";
    if (m_refixEachCycle) text += ", " + std::to_string(released) + " released";
    text += "), " + std::to_string(open) + " open; " + std::to_string(changed.size()) + " entries changed";
    emit(Explanation{m_counters, std::move(text), std::move(changed)});
}

void MultistageGa::restartRounds() {
    m_cycle = 0;
    m_fixed.assign(static_cast<std::size_t>(m_cells), false);
    const std::vector<DigitMask> previous = m_table;
    m_table = m_initialTable;
    emitTable(m_givens, previous);
}

void MultistageGa::explainGeneration(int bestBefore, bool mutated) {
    const int offspring = m_offspringFactor * m_populationSize;
    DecisionDetail detail;
    detail.action = "generation";
    std::string text = "generation " + std::to_string(m_generationInCycle) + " of cycle " + std::to_string(m_cycle) +
                       ": crossover of " + std::to_string(m_pairsCrossed) + " random pairs swapped " +
                       std::to_string(m_cellsSwapped) + " cells; (μ+λ) selection kept the best " +
                       std::to_string(m_populationSize) + " of " + std::to_string(m_populationSize + offspring) +
                       " (fitness " + std::to_string(m_population.front().fitness) + " to " +
                       std::to_string(m_population.back().fitness) + ")";
    if (mutated)
        text += "; mutation of the best " + std::to_string(m_mutantsMade) + " redrew " + std::to_string(m_cellsRedrawn) +
                " cells from the group table";
    text += m_best->fitness < bestBefore
                ? "; best fitness " + std::to_string(bestBefore) + " -> " + std::to_string(m_best->fitness)
                : "; best fitness stays " + std::to_string(m_best->fitness);
    detail.text = std::move(text);
    detail.values = {{"cost_before", static_cast<double>(bestBefore)},
                     {"cost_after", static_cast<double>(m_best->fitness)},
                     {"population", static_cast<double>(m_populationSize)},
                     {"offspring", static_cast<double>(offspring)},
                     {"pairs_crossed", static_cast<double>(m_pairsCrossed)},
                     {"cells_swapped", static_cast<double>(m_cellsSwapped)},
                     {"mutants", static_cast<double>(m_mutantsMade)},
                     {"cells_redrawn", static_cast<double>(m_cellsRedrawn)}};
    detail.boards = std::make_shared<const DecisionBoards>(generationBoards());
    emit(Decision(m_counters, std::move(detail)));
}

// The generation's best grid against the best of the generation before, each open cell marked by whether the
// group table fixed its value or the GA drew it from the cell's entry, and a value that repeats in its row,
// column or box (what the fitness counts) marked as such.
DecisionBoards MultistageGa::generationBoards() const {
    const Individual& best = m_population.front();
    const SudokuGrid grid = gridOf(best);
    DecisionBoards boards;
    boards.objectLabel = "generation's best: fitness " + std::to_string(best.fitness);
    boards.referenceLabel = "generation before: fitness " + std::to_string(m_generationBefore.fitness);
    boards.sourcesCaption = "value";
    boards.sourceNames = {"fixed by the group table", "drawn from its entry", "repeated in a row, column or box"};
    const SudokuGeometry& geometry = grid.geometry();
    for (int cell : m_free) {
        const auto index = static_cast<std::size_t>(cell);
        const int value = best.values[index];
        bool repeated = false;
        for (int p = 0; p < geometry.peerCount; ++p) repeated = repeated || grid.value(geometry.peers[index][static_cast<std::size_t>(p)]) == value;
        boards.object.push_back(Move::place(cell, value));
        boards.sources.push_back(repeated ? 2 : m_fixed[index] ? 0 : 1);
        boards.reference.push_back(Move::place(cell, m_generationBefore.values[index]));
    }
    return boards;
}

void MultistageGa::emitGeneration() {
    if (!m_sink) return;
    double sum = 0;
    for (const Individual& individual : m_population) sum += individual.fitness;
    const double mean = sum / static_cast<double>(m_population.size());
    emit(GenerationStats{m_counters, m_counters.steps, static_cast<double>(m_population.front().fitness), mean,
                         static_cast<double>(m_population.back().fitness)});
    const ChelFitness f = chelFitness(gridOf(*m_best));
    emit(CostSample{m_counters, static_cast<double>(m_population.front().fitness), static_cast<double>(m_best->fitness),
                    CostBreakdown{static_cast<double>(f.rows), static_cast<double>(f.columns),
                                  static_cast<double>(f.boxes), static_cast<double>(f.digits)}
                        .values()});
}

std::vector<ParameterSpec> multistageGaParameters() {
    const std::string table1 = "Chel et al. Table 1";
    return {
        ParameterSpec::integer("population", 500, 2, 100'000, "Population of cycle 1; cycle c uses population / c",
                               table1 + ": 500; Algorithm 1 step 2"),
        ParameterSpec::integer("offspring_factor", 1, 1, 20, "Offspring per generation, as a multiple of the population",
                               table1 + ": offspring population 500"),
        ParameterSpec::integer("generations_per_cycle", 15, 1, 10'000, "Generations in each cycle",
                               table1 + ": \"number of runs per cycle\" 15"),
        ParameterSpec::integer("cycles", 20, 1, 1000, "Cycles before the run gives up", "Figure 5: \"after 20 cycles\""),
        ParameterSpec::real("p_c", 0.7, 0, 1, "Chance each non-given cell is swapped by crossover", table1 + ": 0.7"),
        ParameterSpec::real("p_m", 0.4, 0, 1, "Chance each non-given cell of a mutant is redrawn from the table",
                            table1 + ": 0.4"),
        ParameterSpec::integer("mutants", 10, 0, 100'000, "How many of the best are mutated at the end of a cycle",
                               "Algorithm 1 step 5: \"a few good solutions\""),
        ParameterSpec::real("accept_probability", 0.7, 0, 1,
                            "Chance a cell the five validations agree on is fixed in the group table", "§II E"),
        ParameterSpec::choice("fixing", "per-cycle", {"per-cycle", "cumulative"},
                              "cumulative: a fixed cell stays fixed; per-cycle: each update fixes afresh from the "
                              "initial table, so a wrong fix can be undone", "§II E"),
        ParameterSpec::boolean("single_stage", false,
                               "The paper's single-stage GA: one cycle of cycles × generations, no table updates",
                               "§III, Figure 7"),
    };
}

AlgorithmEntry multistageGaAlgorithmEntry() {
    AlgorithmInfo info;
    info.id = "mga";
    info.name = "Multistage GA with a group table (Chel et al.)";
    info.family = AlgorithmFamily::Evolutionary;
    info.paper = "H. Chel, D. Mylavarapu, D. Sharma, A novel multistage genetic algorithm approach for solving "
                 "Sudoku puzzle, ICEEOT 2016";
    info.summary = "Grids drawn from a group table (each empty cell's digits allowed by the givens) evolve by "
                   "uniform swap crossover, (μ+λ) selection and mutation; after each cycle the best grid is "
                   "validated in five directions and the cells it holds consistently are fixed in the table.";
    info.stepMeaning = "one generation";
    info.stepUnit = "generations";
    info.stepDecision = {"generation",
                         {"cost_before", "cost_after", "population", "offspring", "pairs_crossed", "cells_swapped",
                          "mutants", "cells_redrawn"}, "", false};
    info.stepEvents = {StepEvent::NewBest, StepEvent::PhaseEnd};
    info.kinds = {PuzzleKind::Sudoku};
    info.costParts = sudokuCostPartNames();
    info.parameters = multistageGaParameters();
    return {std::move(info), [] { return std::make_unique<MultistageGa>(); }};
}

}  // namespace pw
