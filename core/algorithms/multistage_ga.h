#pragma once
#include "engine/algorithm.h"

#include <vector>

namespace pw {

AlgorithmEntry multistageGaAlgorithmEntry();

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

}  // namespace pw
