#pragma once
// Sudoku of any supported box shape: 2x2, 2x3, 3x3 and 4x4 boxes (4x4, 6x6, 9x9 and 16x16 grids).
//
// A grid is a fixed-size value type (no allocation): cell i = row * size + column holds 0 for empty or a digit
// 1..size, and an optional pencil-mark mask per cell (bit d-1 = candidate d). Units are numbered rows
// 0..size-1, columns size..2*size-1, boxes 2*size..3*size-1 (boxes left to right, top to bottom).

#include "base/bits.h"
#include "base/move.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace pw {

constexpr int kMaxSudokuSize = 16;
constexpr int kMaxSudokuCells = kMaxSudokuSize * kMaxSudokuSize;

struct SudokuShape {
    int boxRows = 3;
    int boxColumns = 3;

    constexpr int size() const { return boxRows * boxColumns; }
    constexpr int cellCount() const { return size() * size(); }
    constexpr int unitCount() const { return 3 * size(); }
    bool operator==(const SudokuShape&) const = default;

    // The shape whose grid has `size` rows (4, 6, 9 or 16); false when no supported shape has it.
    static bool fromSize(int size, SudokuShape& shape);
    std::string name() const;  // "9x9 (3x3 boxes)"
};

// Units, peers and the unit membership of every cell, computed once per shape.
struct SudokuGeometry {
    SudokuShape shape;
    int size = 0;
    int cellCount = 0;
    std::array<std::array<std::uint8_t, kMaxSudokuSize>, 3 * kMaxSudokuSize> unitCells{};
    std::array<std::array<std::uint8_t, 3>, kMaxSudokuCells> cellUnits{};  // row, column, box unit ids
    std::array<std::array<std::uint8_t, 3 * kMaxSudokuSize>, kMaxSudokuCells> peers{};
    int peerCount = 0;  // the same for every cell: 20 for 9x9

    int row(int cell) const { return cell / size; }
    int column(int cell) const { return cell % size; }
    int box(int cell) const { return cellUnits[cell][2] - 2 * size; }

    static const SudokuGeometry& of(SudokuShape shape);
};

enum class UnitKind { Row, Column, Box };

struct SudokuConflict {
    UnitKind unitKind;
    int unitIndex;  // 0-based within its kind
    int digit;
    std::vector<int> cells;  // the cells of the unit holding the repeated digit
    bool operator==(const SudokuConflict&) const = default;
};

class SudokuGrid {
public:
    explicit SudokuGrid(SudokuShape shape = {});
    // A copy reads and writes the cells of the grid's size only: the arrays have room for 16x16, and a 9x9
    // grid would otherwise carry 500 unused bytes through every copy.
    SudokuGrid(const SudokuGrid& other) noexcept : m_shape(other.m_shape) { copyCells(other); }
    SudokuGrid& operator=(const SudokuGrid& other) noexcept {
        if (this == &other) return *this;
        m_shape = other.m_shape;
        copyCells(other);
        return *this;
    }

    SudokuShape shape() const { return m_shape; }
    const SudokuGeometry& geometry() const { return SudokuGeometry::of(m_shape); }
    int size() const { return m_shape.size(); }
    int cellCount() const { return m_shape.cellCount(); }

    int value(int cell) const { return m_values[cell]; }
    void setValue(int cell, int digit) { m_values[cell] = static_cast<std::uint8_t>(digit); }
    bool isEmpty(int cell) const { return m_values[cell] == 0; }
    int filledCount() const;

    DigitMask marks(int cell) const { return m_marks[cell]; }
    void setMarks(int cell, DigitMask marks) { m_marks[cell] = marks; }
    bool hasMarks() const;

    // Digits not yet used in the cell's row, column and box (ignores the cell's own value).
    DigitMask legalDigits(int cell) const;
    // Every repeated digit in every unit.
    std::vector<SudokuConflict> conflicts() const;
    bool hasConflicts() const;
    bool isComplete() const { return filledCount() == cellCount(); }
    bool isSolved() const { return isComplete() && !hasConflicts(); }
    // True when every non-empty cell of `givens` holds the same digit here.
    bool keepsGivens(const SudokuGrid& givens) const;

    // Place, erase, swap and candidate moves; a Shade move is not a Sudoku move and is ignored.
    void apply(const Move& move);
    // The move that undoes `move` (apply(move) then apply(inverse) restores the grid).
    static Move inverse(const Move& move);

    bool operator==(const SudokuGrid& other) const;

private:
    void copyCells(const SudokuGrid& other) {
        const auto used = static_cast<std::size_t>(other.cellCount());
        std::copy_n(other.m_values.begin(), used, m_values.begin());
        std::copy_n(other.m_marks.begin(), used, m_marks.begin());
    }

    // The cells of the grid's size, cleared by the constructor. Nothing reads the cells beyond cellCount(), so
    // neither the constructor nor a copy spends time on them.
    SudokuShape m_shape;
    std::array<std::uint8_t, kMaxSudokuCells> m_values;
    std::array<DigitMask, kMaxSudokuCells> m_marks;
};

// "r3c7" style cell names (1-based), used in explanations and logs.
std::string cellName(const SudokuShape& shape, int cell);
// "row 3", "column 7", "box 1" (1-based), for unit ids numbered as in SudokuGeometry.
std::string unitName(const SudokuShape& shape, int unit);
// The digit character for a value: 1-9 then A-G (16x16 uses 1-9, A-G for 10-16); '.' for an empty cell.
// Inline: boards are written a character at a time in every result line.
inline char digitChar(int digit) {
    if (digit <= 0) return '.';
    return digit <= 9 ? static_cast<char>('0' + digit) : static_cast<char>('A' + digit - 10);
}
// The value of a digit character for a grid of `size`, or 0 when it is no digit of that size.
int digitValue(char c, int size);

}  // namespace pw
