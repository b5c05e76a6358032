#pragma once
#include "base/rng.h"
#include "engine/algorithm.h"

#include <array>
#include <cstdint>

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

}  // namespace pw
