// Sudoku's side of the puzzle-kind contract (puzzle/puzzle_kind.h).

#include "puzzle/count_by_stepping.h"
#include "puzzle/puzzle_kind.h"

#include "sudoku/sudoku_bands.h"
#include "sudoku/sudoku_exact.h"

#include <algorithm>
#include <array>

namespace pw {

PuzzleKind kindOf(const SudokuPuzzle&) { return PuzzleKind::Sudoku; }

const SudokuGrid& startGrid(const SudokuPuzzle& puzzle) { return puzzle.givens; }

bool isSolvedBy(const SudokuPuzzle& puzzle, const Board& board) {
    const auto* grid = std::get_if<SudokuGrid>(&board);
    return grid && grid->keepsGivens(puzzle.givens) && grid->isSolved();
}

SolutionCount countSolutions(const SudokuGrid& givens, int upTo, const SearchBudget& budget) {
    // A 9x9 grid is counted by the band solver first: its longest searches take microseconds. Its answer
    // stands when it is within the node budget; otherwise the stepping search below decides, so a budget that
    // binds means what it always meant. Asked for one solution, it stops at the first it meets (solveSudoku
    // says why); counting a grid with several, the stepping search decides, so that the first is its first.
    if (givens.shape() == SudokuShape{3, 3} && !givens.hasMarks() && !budget.exhausted(0)) {
        std::array<std::uint8_t, 81> values{};
        for (int cell = 0; cell < 81; ++cell) values[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(givens.value(cell));
        const BandSolveResult fast = solveSudokuBands(values, upTo);
        if (fast.nodes <= budget.nodeLimit && (upTo <= 1 || fast.solutionCount < 2)) {
            SolutionCount count;
            count.found = std::min(fast.solutionCount, upTo);
            count.nodes = fast.nodes;
            if (fast.solutionCount > 0) {
                auto& solution = std::get<SudokuGrid>(count.first.emplace(std::in_place_type<SudokuGrid>, givens));
                for (int cell = 0; cell < 81; ++cell) solution.setValue(cell, fast.first[static_cast<std::size_t>(cell)]);
            }
            return count;
        }
    }
    return countByStepping<SudokuSearch>(givens, upTo, budget);
}

char* writeBoardLine(char* out, const SudokuGrid& board) {
    // The cell count read once: a character written might, for all the compiler knows, change the board.
    for (int cell = 0, cells = board.cellCount(); cell < cells; ++cell) *out++ = digitChar(board.value(cell));
    return out;
}

std::string boardLine(const SudokuGrid& board) {
    // Written to a local array first: a character written into the string might, for all the compiler knows,
    // change the board, which would make it read the board again cell by cell.
    std::array<char, kMaxSudokuCells> line;
    return std::string(line.data(), writeBoardLine(line.data(), board));
}

GridSize gridSize(const SudokuGrid& board) { return {board.size(), board.size()}; }

int cellValue(const SudokuGrid& board, int cell) { return board.value(cell); }

Move inverseMove(const SudokuGrid&, const Move& move) { return SudokuGrid::inverse(move); }

}  // namespace pw
