#pragma once
#include "engine/algorithm.h"
#include "sudoku/sudoku.h"

#include <cstdint>
#include <optional>

namespace pw {

// `mga-plus`: the multistage GA of Chel et al. with restarts and a repair of the last repeated digits (see the
// essay in multistage_ga_plus.cpp).
AlgorithmEntry multistageGaPlusAlgorithmEntry();

// The repair: `grid` complete, `givens` its clues. Every non-given cell whose value repeats in its row, column
// or box is emptied, and the emptied cells are refilled by a depth-first search (fewest candidates first) of at
// most `nodeLimit` nodes; when that finds nothing, every non-given cell of the units that hold a repeat is
// emptied and refilled the same way. Returns the repaired grid, or nothing when neither search completes it.
// `emptied` (if given) receives how many cells the last attempt emptied.
std::optional<SudokuGrid> repairRepeatedDigits(const SudokuGrid& grid, const SudokuGrid& givens,
                                               std::uint64_t nodeLimit, int* emptied = nullptr);

}  // namespace pw
