#pragma once
#include "algorithms/algorithm_base.h"
#include "base/rng.h"
#include "engine/algorithm.h"
#include "sudoku/row_permutation.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace pw {

AlgorithmEntry cuckooSearchAlgorithmEntry();

// The geometric operators of Soto et al. 2014 on one row (a permutation of `length` digits, length ≤ 16).
// Positions are 0-based.

// Algorithm 2, partially matched crossover: parent1[first..last] is copied to the child; every value of
// parent2's segment that is not in the child follows the mapping parent1[i] ↔ parent2[i] out of the segment
// and lands at the first position outside it; every other position takes parent2's value. Positions where
// both parents agree (the givens) keep that value.
void pmxCrossover(const std::uint8_t* parent1, const std::uint8_t* parent2, int length, int first, int last,
                  std::uint8_t* child);

// Algorithms 3–4, multi-parental sorting crossover: for every position i, mask[i] (0, 1 or 2) names the
// parent the other two are made equal to at i, each by swapping its own cell i with the cell that holds that
// value. The parents are permuted in place and end equal; their common row is the child.
void sortingCrossover(std::array<std::uint8_t*, 3> parents, const std::uint8_t* mask, int length,
                      std::uint8_t* child);

// A mask for sortingCrossover: parent p appears in it round(weights[p] · length) times (largest remainders,
// so the counts sum to `length`; 0.55/0.33/0.12 on 9 positions give 5/3/1, as in the paper's Example 2), in a
// uniformly random order.
void sortingCrossoverMask(const std::array<double, 3>& weights, int length, Rng& rng, std::uint8_t* mask);

// Lévy-distributed steps by Mantegna's algorithm: u / |v|^(1/β) with u ~ N(0, σ_u²), v ~ N(0, 1) and
// σ_u = [Γ(1+β) sin(πβ/2) / (Γ((1+β)/2) β 2^((β−1)/2))]^(1/β). Both normal deviates come from one Box–Muller
// transform of two pw::Rng uniforms, so a seed gives the same steps everywhere.
class LevyFlight {
public:
    explicit LevyFlight(double beta = 1.5);
    double sigma() const { return m_sigma; }
    double step(Rng& rng) const;
    // The number of rows a new cuckoo changes: 1 + ⌊scale · |step|⌋, at most `maximum`.
    int rowCount(double scale, int maximum, Rng& rng) const;

private:
    double m_beta;
    double m_sigma;
};

// The parameters `cuckoo` declares; `cuckoo-plus` declares the same ones (with its own defaults) and adds its
// escape's.
std::vector<ParameterSpec> cuckooSearchParameters();

// Algorithm 8 of Soto et al. 2014 (the essay in cuckoo_search.cpp). Its two hooks, improveEgg and
// afterIteration, are where `cuckoo-plus` (cuckoo_search_plus.cpp) adds its escape from local minima; the
// literal algorithm leaves them empty.
class CuckooSearch : public AlgorithmBase {
public:
    void start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed,
               EventSink* sink) override;
    StepStatus step() override;
    void finish() override;
    double bestCost() const override { return m_record.cost(); }
    Board currentBoard() const override { return m_nests[static_cast<std::size_t>(m_bestNest)].toGrid(); }
    Board bestBoard() const override { return m_record.toGrid(); }

protected:
    // After Algorithm 9 has made the egg (m_cuckoo), before it is compared with a nest.
    virtual void improveEgg() {}
    // After the iteration's abandonment; `improved` tells whether the best egg of the search improved.
    virtual void afterIteration(bool /*improved*/) {}
    // Rebuilds every nest from the filtered domains and lets the search's best egg be the best new one (the
    // run's record, m_record, stays).
    void rebuildAllNests();

    RowSearchSpace m_space;
    std::vector<RowPermutationGrid> m_nests;
    RowPermutationGrid m_cuckoo;
    RowPermutationGrid m_bestEver;  // the best egg the operators steer towards
    RowPermutationGrid m_record;    // the best egg of the whole run (differs from m_bestEver only after a rebuild)
    Rng m_rng;
    std::array<std::uint8_t, kMaxSudokuSize> m_movableRows{};  // rows with two or more open cells
    int m_movableCount = 0;
    int m_size = 9;
    int m_nestCount = 25;
    bool m_explain = false;       // the sink wants a Decision per egg
    std::string m_mutationNotes;  // what the mutation and improveEgg did, while explaining

private:
    // Algorithm 5 on row r of the egg being laid (m_cuckoo): one swap of two open cells that keeps both values
    // in their filtered domains, uniformly among such swaps. Returns false when the row has none.
    bool mutateRow(int r);
    // Adds "swap r3c1-r3c7" to the egg's decision text while explaining.
    void noteMutation(int a, int b, const char* kind);
    // While explaining: the egg (m_cuckoo) against the host nest's egg it is compared with, for the Decision.
    DecisionBoards eggBoards(const RowPermutationGrid& host, int hostNest) const;
    void layCuckoo(int nest);
    void applyOperators(int r);
    void abandonWorseNests();
    int lowestCostNest() const;
    bool findCurrentBest();
    void report(bool bestImproved);
    int randomNest() { return static_cast<int>(m_rng.below(static_cast<std::uint32_t>(m_nestCount))); }

    std::array<std::array<std::uint8_t, 2>, kMaxSudokuSize*(kMaxSudokuSize - 1) / 2> m_swaps{};  // mutation scratch
    std::vector<int> m_ranking;
    std::vector<int> m_lastAbandoned;  // while explaining
    std::array<char, kMaxSudokuSize> m_rowOperator{};  // while explaining: 'P' PMX, 'S' sorting, 0 untouched
    int m_bestNest = 0;
    int m_eggFrom = 0;  // the cost of the nest's egg the cuckoo started from
    bool m_oneEggPerIteration = true;
    bool m_levyRows = false;
    double m_abandonFraction = 0.25;
    double m_pmxProbability = 0.5;
    double m_mutationProbability = 0.5;
    double m_levyScale = 1;
    LevyFlight m_levy;
    std::array<std::uint8_t, kMaxSudokuCells> m_shown{};
    std::uint64_t m_abandoned = 0;
    std::uint64_t m_improvements = 0;
    std::string m_failure;
};

}  // namespace pw
