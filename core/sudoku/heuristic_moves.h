#pragma once
// Pillay's nine human heuristic moves (Pillay 2012, §3.1), one character each, as a reusable module: the
// genetic programming over them applies whole programs, and each application can report what it placed and
// why, which makes the moves usable as readable hints. See heuristic_moves.cpp for each move's exact rule.

#include "base/rng.h"
#include "sudoku/sudoku.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pw {

// The characters of the program alphabet, in the paper's order.
inline constexpr std::string_view kHeuristicMoves = "rcbwlk342";
bool isHeuristicMove(char move);
// "row move", "3-column move", "try-block move", ...
std::string heuristicMoveName(char move);

// What one application placed: a digit in a cell, reasoning in `unit`; a try move also names the other
// cell it could have chosen.
struct HeuristicPlacement {
    char move = 'r';
    int unit = 0;
    int cell = 0;
    int digit = 0;
    int alternative = -1;  // try moves: the other of the two cells
    std::string explanation(const SudokuShape& shape) const;
    bool operator==(const HeuristicPlacement&) const = default;
};

// The grid the moves work on: values and the digits used in each unit. A fixed-size value, copied for every
// program evaluated; nothing here allocates.
class HeuristicBoard {
public:
    explicit HeuristicBoard(const SudokuGrid& grid);

    int emptyCount() const { return m_empty; }
    int value(int cell) const { return m_values[cell]; }
    const SudokuGeometry& geometry() const { return *m_geometry; }
    SudokuGrid toGrid() const;

    // Applies one move over every unit of its kind, in order, and returns how many digits it placed. Try moves
    // draw from `rng`. When `placements` is given, every placement is appended to it (the only path that may
    // allocate).
    int apply(char move, Rng& rng, std::vector<HeuristicPlacement>* placements = nullptr);

private:
    void place(int cell, int digit);

    const SudokuGeometry* m_geometry;
    int m_empty = 0;
    std::array<std::uint8_t, kMaxSudokuCells> m_values{};
    std::array<DigitMask, 3 * kMaxSudokuSize> m_used{};
};

// Applies `program` left to right to a copy of `start` and returns the fitness: the empty cells left (0 =
// solved; the moves never place a repeated digit). Stops early once the grid is full.
int evaluateProgram(const HeuristicBoard& start, std::string_view program, Rng& rng);

}  // namespace pw
