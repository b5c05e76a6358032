// Sudoku's side of the puzzle-kind contract (puzzle/puzzle_kind.h).

#include "puzzle/puzzle_kind.h"
#include "sudoku/sudoku_exact.h"

namespace pw {

PuzzleKind kindOf(const SudokuPuzzle&) { return PuzzleKind::Sudoku; }

const SudokuGrid& startGrid(const SudokuPuzzle& puzzle) { return puzzle.givens; }

bool isSolvedBy(const SudokuPuzzle& puzzle, const Board& board) {
    const auto* grid = std::get_if<SudokuGrid>(&board);
    return grid && grid->keepsGivens(puzzle.givens) && grid->isSolved();
}

std::optional<Board> knownSolution(const SudokuPuzzle& puzzle) {
    if (!puzzle.solution) return std::nullopt;
    return Board(*puzzle.solution);
}

SolutionCount countSolutions(const SudokuGrid& givens, int upTo, std::uint64_t nodeLimit) {
    SearchBudget budget;
    budget.nodeLimit = nodeLimit;
    return countSolutions(givens, upTo, budget);
}

SolutionCount countSolutions(const SudokuGrid& givens, int upTo, const SearchBudget& budget) {
    SudokuSearch search(givens, upTo);
    SolutionCount count;
    for (;;) {
        if (const char* reason = budget.exhausted(search.nodes())) {
            count.decided = false;
            count.endedBy = reason;
            break;
        }
        const auto status = search.step(nullptr);
        if (status == SudokuSearch::Status::Exhausted) break;
        if (status == SudokuSearch::Status::FoundSolution && search.solutionsFound() >= upTo) break;
    }
    count.found = search.solutionsFound();
    if (search.firstSolution()) count.first = *search.firstSolution();
    count.nodes = search.nodes();
    return count;
}

std::string boardLine(const SudokuGrid& board) {
    std::string line;
    for (int cell = 0; cell < board.cellCount(); ++cell) line += digitChar(board.value(cell));
    return line;
}

GridSize gridSize(const SudokuGrid& board) { return {board.size(), board.size()}; }

int cellValue(const SudokuGrid& board, int cell) { return board.value(cell); }

Move inverseMove(const SudokuGrid&, const Move& move) { return SudokuGrid::inverse(move); }

}  // namespace pw
