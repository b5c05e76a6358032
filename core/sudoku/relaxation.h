#pragma once
// Pelánek's constraint relaxation metric: a puzzle whose relaxed versions have many solutions is close to the
// phase transition between easy and hard. See relaxation.cpp.

#include "base/rng.h"
#include "sudoku/sudoku.h"

#include <cstdint>

namespace pw {

// Removes `removedConstraints` "≠" constraints chosen uniformly at random among those between two empty peer
// cells, and counts the solutions of what is left, stopping at `cap`.
std::uint64_t countRelaxedSolutions(const SudokuGrid& givens, int removedConstraints, std::uint64_t cap, Rng& rng);

// The metric: the mean count over `samples` relaxations drawn from `seed` (each count capped at `cap`).
double relaxationMetric(const SudokuGrid& givens, int samples, std::uint64_t seed, int removedConstraints = 45,
                        std::uint64_t cap = 1000);

}  // namespace pw
