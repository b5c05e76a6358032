// The kind-independent half of the contract: each function hands its puzzle or board to the overload of its
// kind (sudoku_kind.cpp, nurikabe_kind.cpp).

#include "puzzle/puzzle_kind.h"

namespace pw {

const char* SearchBudget::exhausted(std::uint64_t nodes) const {
    if (nodes >= nodeLimit) return "node limit";
    if (stop && stop->load(std::memory_order_relaxed)) return "stopped";
    // A clock read costs more than a node of the simpler searches: look every 64 nodes.
    if (deadline && nodes % 64 == 0 && std::chrono::steady_clock::now() >= *deadline) return "time limit";
    return nullptr;
}

const char* SolutionCount::verdict() const {
    if (!decided && found < 2) return "undecided";
    return found == 0 ? "none" : found == 1 ? "unique" : "multiple";
}

std::optional<Board> knownSolution(const Puzzle& puzzle) {
    return std::visit(
        [](const auto& content) -> std::optional<Board> {
            if (!content.solution) return std::nullopt;
            return Board(*content.solution);
        },
        puzzle.content);
}

namespace {
SearchBudget nodesOnly(std::uint64_t nodeLimit) {
    SearchBudget budget;
    budget.nodeLimit = nodeLimit;
    return budget;
}
}  // namespace

// A node limit is a budget of nodes alone: one way to count, whatever the caller bounds.
SolutionCount countSolutions(const SudokuGrid& givens, int upTo, std::uint64_t nodeLimit) {
    return countSolutions(givens, upTo, nodesOnly(nodeLimit));
}

SolutionCount countSolutions(const NurikabeGrid& clues, int upTo, std::uint64_t nodeLimit) {
    return countSolutions(clues, upTo, nodesOnly(nodeLimit));
}

SolutionCount countSolutions(const Puzzle& puzzle, int upTo, std::uint64_t nodeLimit) {
    return countSolutions(puzzle, upTo, nodesOnly(nodeLimit));
}

SolutionCount countSolutions(const Puzzle& puzzle, int upTo, const SearchBudget& budget) {
    return std::visit([&](const auto& content) { return countSolutions(startGrid(content), upTo, budget); },
                      puzzle.content);
}

std::optional<Board> findSolution(const Puzzle& puzzle) {
    if (auto known = knownSolution(puzzle)) return known;
    return countSolutions(puzzle, 1).first;
}

std::string boardLine(const Board& board) {
    return std::visit([](const auto& grid) { return boardLine(grid); }, board);
}

GridSize gridSize(const Board& board) {
    return std::visit([](const auto& grid) { return gridSize(grid); }, board);
}

int cellValue(const Board& board, int cell) {
    return std::visit([cell](const auto& grid) { return cellValue(grid, cell); }, board);
}

Move inverseMove(const Board& board, const Move& move) {
    return std::visit([&move](const auto& grid) { return inverseMove(grid, move); }, board);
}

Puzzle puzzleFromBoard(const Puzzle& puzzle, const Board& board) {
    Puzzle result = puzzle;
    std::visit(Overloaded{[&](const SudokuGrid& grid) {
                              SudokuGrid givens(grid.shape());
                              for (int cell = 0; cell < grid.cellCount(); ++cell) givens.setValue(cell, grid.value(cell));
                              result.content = SudokuPuzzle{givens, std::nullopt};
                          },
                          [](const NurikabeGrid&) {}},
               board);
    return result;
}

Puzzle emptySudoku(SudokuShape shape) {
    Puzzle puzzle;
    puzzle.id = "new " + shape.name();
    puzzle.origin = "<new>";
    puzzle.content = SudokuPuzzle{SudokuGrid(shape), std::nullopt};
    return puzzle;
}

}  // namespace pw
