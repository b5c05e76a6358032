// Nurikabe's side of the puzzle-kind contract (puzzle/puzzle_kind.h).

#include "nurikabe/nurikabe_exact.h"
#include "puzzle/count_by_stepping.h"
#include "puzzle/puzzle_kind.h"

namespace pw {

PuzzleKind kindOf(const NurikabePuzzle&) { return PuzzleKind::Nurikabe; }

const NurikabeGrid& startGrid(const NurikabePuzzle& puzzle) { return puzzle.clues; }

bool isSolvedBy(const NurikabePuzzle& puzzle, const Board& board) {
    const auto* grid = std::get_if<NurikabeGrid>(&board);
    return grid && grid->sameClues(puzzle.clues) && grid->isSolved();
}

SolutionCount countSolutions(const NurikabeGrid& clues, int upTo, const SearchBudget& budget) {
    return countByStepping<NurikabeSearch>(clues, upTo, budget);
}

std::string boardLine(const NurikabeGrid& board) { return board.solutionString(); }

GridSize gridSize(const NurikabeGrid& board) { return {board.height(), board.width()}; }

int cellValue(const NurikabeGrid& board, int cell) { return static_cast<int>(board.state(cell)); }

// A Nurikabe move sets one cell's state; its inverse sets the state back.
Move inverseMove(const NurikabeGrid&, const Move& move) { return Move::shade(move.cell, move.previous, move.value); }

}  // namespace pw
