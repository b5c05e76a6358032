#pragma once
// The representation shared by the cuckoo search and the tabu search of Soto et al.: a complete grid whose
// every row is a permutation of 1..N keeping the fixed cells, so rows are always right and only columns and
// boxes can be wrong. Cost = the repeated values of the columns and the boxes, Σ over those units of
// Σ_d max(0, count_d − 1) — equal to the number of digits missing from the unit.
//
//   values[cell]      the digit of every cell (cell = row * N + column)
//   count[c][d]       how many cells of column c hold d        ┐ kept on every change: changing a cell is two
//   count[N + b][d]   how many cells of box b hold d           ┘ counter updates per unit, and the cost moves
//                                                                by −1 (a count of 2+ falls) or +1 (a count of
//                                                                1+ rises) per update
//
// RowSearchSpace holds what the search may change: the fixed cells (givens, plus the cells AC3 fixed when
// prefiltering is on), the domains of the others, and the open cells of every row.

#include "base/events.h"
#include "base/rng.h"
#include "sudoku/ac3.h"
#include "sudoku/sudoku.h"
#include "sudoku/sudoku_cost.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace pw {

// Repeated values per unit kind, from scratch: Σ over units of (cells holding a digit − distinct digits).
// Empty cells are ignored. The reference the incremental cost is checked against.
CostBreakdown repeatedValues(const SudokuGrid& grid);

class RowPermutationGrid {
public:
    RowPermutationGrid() = default;
    // Takes every value from `grid` (complete) and counts from scratch.
    explicit RowPermutationGrid(const SudokuGrid& grid);
    void assign(const SudokuGrid& grid);
    // Takes the shape's cellCount values from `values` and counts from scratch.
    void assign(SudokuShape shape, const std::uint8_t* values);

    int value(int cell) const { return m_values[cell]; }
    const std::uint8_t* row(int r) const { return &m_values[static_cast<std::size_t>(r * m_size)]; }
    int cost() const { return m_columnCost + m_boxCost; }
    CostBreakdown breakdown() const {
        return {0, static_cast<double>(m_columnCost), static_cast<double>(m_boxCost)};
    }
    SudokuGrid toGrid() const;

    // Overwrites one cell, keeping the counts and the cost.
    void set(int cell, int digit) {
        const int old = m_values[cell];
        if (old == digit) return;
        Counts& column = m_count[columnSlot(cell)];
        Counts& box = m_count[boxSlot(cell)];
        remove(column, old, m_columnCost);
        remove(box, old, m_boxCost);
        add(column, digit, m_columnCost);
        add(box, digit, m_boxCost);
        m_values[cell] = static_cast<std::uint8_t>(digit);
    }
    // Overwrites row r with `values` (N digits); only the cells that change are touched.
    void setRow(int r, const std::uint8_t* values) {
        for (int c = 0; c < m_size; ++c) set(r * m_size + c, values[c]);
    }

    // The change of the cost if the cells a and b of one row were swapped.
    int swapDelta(int a, int b) const {
        const int va = m_values[a];
        const int vb = m_values[b];
        if (va == vb) return 0;
        // Two cells of a row lie in two columns; column A loses va and gains vb, column B the reverse.
        const Counts& columnA = m_count[columnSlot(a)];
        const Counts& columnB = m_count[columnSlot(b)];
        int delta = (columnA[vb] >= 1) - (columnA[va] >= 2) + (columnB[va] >= 1) - (columnB[vb] >= 2);
        const int boxA = boxSlot(a);
        const int boxB = boxSlot(b);
        if (boxA != boxB)
            delta += (m_count[boxA][vb] >= 1) - (m_count[boxA][va] >= 2) + (m_count[boxB][va] >= 1) -
                     (m_count[boxB][vb] >= 2);
        return delta;
    }
    void swapCells(int a, int b) {
        const int va = m_values[a];
        set(a, m_values[b]);
        set(b, va);
    }

private:
    using Counts = std::array<std::uint8_t, kMaxSudokuSize + 1>;
    static void remove(Counts& counts, int digit, int& cost) { cost -= counts[digit]-- >= 2; }
    static void add(Counts& counts, int digit, int& cost) { cost += counts[digit]++ >= 1; }
    // Slots of m_count: columns 0..N-1, boxes N..2N-1 (the unit ids of SudokuGeometry minus N).
    int columnSlot(int cell) const { return m_geometry->cellUnits[cell][1] - m_size; }
    int boxSlot(int cell) const { return m_geometry->cellUnits[cell][2] - m_size; }

    // Only what changes is stored per grid (an egg is copied often); the cell-to-unit map is the shape's.
    std::array<std::uint8_t, kMaxSudokuCells> m_values{};
    std::array<Counts, 2 * kMaxSudokuSize> m_count{};
    const SudokuGeometry* m_geometry = nullptr;
    int m_size = 0;
    int m_columnCost = 0;
    int m_boxCost = 0;
};

struct RowSearchSpace {
    SudokuGrid fixed;      // the givens, plus the cells AC3 fixed
    std::array<std::uint8_t, kMaxSudokuCells> fixedValues{};  // the same, as a plain array (0 = open)
    DomainTable domains{};  // every digit for every open cell when prefiltering is off
    std::array<std::array<std::uint8_t, kMaxSudokuSize>, kMaxSudokuSize> openCells{};  // per row, left to right
    std::array<std::uint8_t, kMaxSudokuSize> openCount{};
    std::array<DigitMask, kMaxSudokuSize> missing{};  // per row: the digits no fixed cell of the row holds
    int size = 0;
    bool prefiltered = false;
    std::size_t reductions = 0;  // AC3's domain reductions
    int cellsFixedByAc3 = 0;

    // Checks the givens and, when `prefilter` is on, runs AC3 and sends its events (a "prefiltering" phase,
    // at `at`). Returns why the search cannot start: givens that break a rule, a wipe-out.
    std::optional<std::string> prepare(const SudokuGrid& givens, bool prefilter, const Counters& at,
                                       EventSink* sink);

    // A new grid: each row's open cells receive the row's missing digits by a random maximum matching of open
    // cells to digits within their domains (a perfect one exists whenever the puzzle has a solution, since the
    // solution's row is one), and the cells left unmatched the remaining digits in random order. No
    // allocation.
    void fill(RowPermutationGrid& grid, Rng& rng) const;

    // Whether swapping cells a and b of `grid` leaves both with a value from their domains.
    bool swapKeepsDomains(const RowPermutationGrid& grid, int a, int b) const {
        return (domains[a] & digitBit(grid.value(b))) && (domains[b] & digitBit(grid.value(a)));
    }
};

}  // namespace pw
