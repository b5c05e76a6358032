#pragma once
// Nurikabe: a rectangular grid of clue cells (numbers) and cells that are river (shaded, "#") or island
// (unshaded, "o"). Solved when every island holds exactly one clue and has that many cells, the river is one
// connected piece, and no 2x2 block is all river. Cell i = row * width + column.

#include "base/move.h"

#include <cstdint>
#include <string>
#include <vector>

namespace pw {

enum class NurikabeCell : std::uint8_t { Unknown = 0, River = 1, Island = 2 };

enum class NurikabeRule : std::uint8_t {
    TwoCluesInIsland,   // an island holds two or more clues
    IslandWrongSize,    // an island with one clue has another size than its clue
    IslandWithoutClue,  // an island holds no clue
    RiverSplit,         // the river is in more than one piece (one violation per extra piece)
    Pool,               // a 2x2 block is all river
    Undecided,          // a cell is still unknown (a solution decides every cell)
};

struct NurikabeViolation {
    NurikabeRule rule;
    std::vector<int> cells;  // the cells concerned, ascending
    std::string message;     // "island of 3 cells at r2c4 needs 4"
    bool operator==(const NurikabeViolation&) const = default;
};

class NurikabeGrid {
public:
    NurikabeGrid() = default;
    NurikabeGrid(int height, int width);

    int height() const { return m_height; }
    int width() const { return m_width; }
    int cellCount() const { return m_height * m_width; }
    int row(int cell) const { return cell / m_width; }
    int column(int cell) const { return cell % m_width; }

    int clue(int cell) const { return m_clues[cell]; }  // 0 = no clue
    void setClue(int cell, int clue);                   // a clue cell is always Island
    NurikabeCell state(int cell) const { return m_cells[cell]; }
    void setState(int cell, NurikabeCell state) { m_cells[cell] = state; }

    // Shade moves only; others are ignored. Clue cells never change.
    void apply(const Move& move);
    // Every violated rule with its cells; empty exactly when the grid is solved.
    std::vector<NurikabeViolation> violations() const;
    bool isSolved() const { return violations().empty(); }
    // True when `other` has the same size and clues.
    bool sameClues(const NurikabeGrid& other) const;
    // Rows of '#' (river), 'o' (island or clue) and '.' (unknown) joined by '/'.
    std::string solutionString() const;

    bool operator==(const NurikabeGrid&) const = default;

private:
    int m_height = 0;
    int m_width = 0;
    std::vector<int> m_clues;
    std::vector<NurikabeCell> m_cells;
};

const char* nurikabeRuleName(NurikabeRule rule);  // "two-clues-in-island", ...
// "r2c4" for the cell in row 2, column 4 (counted from 1, as the board's labels are).
std::string nurikabeCellName(const NurikabeGrid& grid, int cell);

}  // namespace pw
