#include "puzzle/puzzle.h"

namespace pw {

const char* puzzleKindName(PuzzleKind kind) { return kind == PuzzleKind::Sudoku ? "sudoku" : "nurikabe"; }

Board Puzzle::startBoard() const {
    if (kind() == PuzzleKind::Sudoku) return sudoku().givens;
    return nurikabe().clues;
}

bool Puzzle::isSolvedBy(const Board& board) const {
    if (kind() == PuzzleKind::Sudoku) {
        const auto* grid = std::get_if<SudokuGrid>(&board);
        return grid && grid->keepsGivens(sudoku().givens) && grid->isSolved();
    }
    const auto* grid = std::get_if<NurikabeGrid>(&board);
    return grid && grid->sameClues(nurikabe().clues) && grid->isSolved();
}

std::string Puzzle::boardLine(const Board& board) {
    if (const auto* grid = std::get_if<SudokuGrid>(&board)) {
        std::string line;
        for (int cell = 0; cell < grid->cellCount(); ++cell) line += digitChar(grid->value(cell));
        return line;
    }
    return std::get<NurikabeGrid>(board).solutionString();
}

}  // namespace pw
