#pragma once
#include "algorithms/algorithm_base.h"
#include "base/rng.h"
#include "engine/algorithm.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pw {

AlgorithmEntry multistageGaAlgorithmEntry();
// The parameters `mga` declares; `mga-plus` starts from them.
std::vector<ParameterSpec> multistageGaParameters();

// The group table (Chel et al., Figure 2): for every empty cell the digits its row, column and box leave
// (bit d-1 = digit d); a filled cell's entry is its own digit.
std::vector<DigitMask> groupTable(const SudokuGrid& grid);

// The fitness in its parts: repetitions in rows, columns and boxes (Σ max(0, count − 1)) and the digit-count
// deviation Σ |N(d) − 9|. The total is 0 exactly on a valid solution.
struct ChelFitness {
    int rows = 0;
    int columns = 0;
    int boxes = 0;
    int digits = 0;
    int total() const { return rows + columns + boxes + digits; }
};
ChelFitness chelFitness(const SudokuGrid& grid);

// The cell order of validation direction 0..4: rows left to right, rows right to left, columns top to bottom,
// columns bottom to top, anti-diagonals from the top-left corner (Figure 6).
std::vector<int> validationOrder(const SudokuShape& shape, int direction);
// One validation pass over `best`: cells visited in the direction's order keep their value unless it repeats a
// value already kept in their row, column or box; cells marked in `alwaysKept` (givens, fixed cells) are kept
// first.
SudokuGrid validateInDirection(const SudokuGrid& best, const std::vector<bool>& alwaysKept, int direction);
// The cells (not always kept) whose value survives all five passes.
std::vector<int> agreedCells(const SudokuGrid& best, const std::vector<bool>& alwaysKept);

// One grid of the population: every cell's value (givens included) and its fitness.
struct MgaIndividual {
    std::array<std::uint8_t, kMaxSudokuCells> values{};
    int fitness = 0;
};

// Algorithm 1 of Chel et al. (the essay in multistage_ga.cpp); its two hooks are where `mga-plus`
// (multistage_ga_plus.cpp) adds its repair and its restarts.
class MultistageGa : public AlgorithmBase {
public:
    using Individual = MgaIndividual;
public:
    void start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed, EventSink* sink) override;
    StepStatus step() override;
    void finish() override;
    std::vector<std::pair<std::string, ParameterValue>> results() const override;

    double bestCost() const override { return m_best ? m_best->fitness : 1e9; }
    Board currentBoard() const override { return bestBoard(); }
    Board bestBoard() const override { return m_best ? gridOf(*m_best) : m_givens; }

protected:
    // Called when a cycle's generations (and its mutation) are done, before the table update; `mga-plus`
    // repairs the cycle's best grid here.
    virtual void endOfCycle() {}
    // Called when the C cycles are spent without a solution: true ends the run as failed (the paper's
    // reading); `mga-plus` starts a new round instead and returns false.
    virtual bool outOfCycles() { return true; }
    // Forgets the fixed cells and the table: the next cycle is cycle 1 again, from the initial group table.
    void restartRounds();
    // Makes `individual` the run's best if it beats it.
    void keepBest(const Individual& candidate);
    SudokuGrid gridOf(const Individual& individual) const;
    void evaluate(Individual& individual);

    int drawFrom(DigitMask entry);

    // Step 3: a new population drawn from the group table.
    void beginCycle();

    // Step 4: crossover of random pairs, then (μ+λ) selection.
    void breed();

    // Step 5: the best few, mutated against the group table, join the selection.
    void mutateBest();

    void selectBest();

    // Step 1 of the next cycle: fix the cells the five directions agree on, recompute the table.
    void updateGroupTable();

    // The board shows the table: fixed cells as placed values (placed or erased as the update changed them),
    // the open cells' entries as candidates; the cells whose entry changed are outlined.
    void emitTable(const SudokuGrid& base, const std::vector<DigitMask>& previous);

    void emitGeneration();
    void explainGeneration(int bestBefore, bool mutated);
    DecisionBoards generationBoards() const;

    Rng m_rng;
    SudokuGrid m_givens;
    int m_population0 = 500;
    int m_offspringFactor = 1;
    int m_generationsPerCycle = 15;
    int m_cycles = 20;
    double m_crossover = 0.7;
    double m_mutation = 0.4;
    int m_mutants = 10;
    double m_accept = 0.7;
    bool m_singleStage = false;
    bool m_refixEachCycle = true;
    int m_cells = 0;
    std::vector<int> m_free;
    std::vector<DigitMask> m_initialTable;
    std::vector<DigitMask> m_table;
    std::vector<bool> m_fixed;
    SudokuGrid m_shownTable;
    int m_cycle = 0;      // the cycle of the current round (1..C)
    int m_cyclesRun = 0;  // cycles of the whole run
    int m_generationInCycle = 0;
    int m_populationSize = 0;
    std::vector<Individual> m_population;
    std::vector<Individual> m_pool;
    std::optional<Individual> m_best;
    bool m_failed = false;
    bool m_explain = false;  // the sink wants a Decision per generation
    // This generation's work, for its Decision: pairs crossed, cells swapped, mutants, cells redrawn.
    int m_pairsCrossed = 0;
    int m_cellsSwapped = 0;
    int m_mutantsMade = 0;
    int m_cellsRedrawn = 0;
    Individual m_generationBefore;  // when explaining: the best grid of the generation before this one
};

}  // namespace pw
