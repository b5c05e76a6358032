#pragma once
// The fast batch solver for 9x9 Sudoku: counts solutions up to a limit with a bit-sliced band representation
// and no events. sudoku_exact.cpp decides when it runs; see sudoku_bands.cpp for the representation.

#include <array>
#include <cstdint>

namespace pw {

struct BandSolveResult {
    int solutionCount = 0;                 // 0, 1, ... up to the limit
    std::array<std::uint8_t, 81> first{};  // the first solution found, row-major digits 1..9 (when count > 0)
    std::uint64_t nodes = 0;               // propagations run: the root and one per branch tried
};

// `givens` holds 81 values, row-major, 0 for an empty cell and 1..9 otherwise (anything else is a caller
// error). Givens that conflict give no solution.
BandSolveResult solveSudokuBands(const std::array<std::uint8_t, 81>& givens, int solutionLimit);

}  // namespace pw
