#pragma once
// The puzzle-kind contract: every operation the rest of the workbench asks of a kind of puzzle, one overload
// per kind. Each kind fills it in in its own file (puzzle/sudoku_kind.cpp, puzzle/nurikabe_kind.cpp); the
// kind-independent forms below (on a Puzzle or a Board) reach them through std::visit with a generic lambda,
// so a kind added to Puzzle::content and Board without all of its overloads does not compile. Its text forms
// are the second half of the contract, in io/puzzle_text.h (they need the file formats, one layer up), and
// the board view's painter is the third, in ui/board/painter_for.h.
//
// Adding a kind: its model in its own folder; a `<Kind>Puzzle` alternative in Puzzle::content, its grid in
// Board and its enumerator in PuzzleKind (puzzle.h); then every overload below, in io/puzzle_text.h and in
// ui/board/painter_for.h. The compiler lists what is missing.

#include "base/move.h"
#include "puzzle/puzzle.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace pw {

// The one search budget for counting or finding solutions: a count that needs more nodes is reported as
// undecided, never guessed. The generator's own --node-limit (a budget per candidate) goes through the same
// counting functions.
constexpr std::uint64_t kSolutionSearchNodeLimit = 50'000'000;

// A board's cells in rows and columns, as the board view lays them out (cell = row * columns + column).
struct GridSize {
    int rows = 0;
    int columns = 0;
};

// What a count may spend: search nodes, and optionally wall-clock time and a flag another thread sets to stop
// it. The time and the flag are looked at between nodes, so a count without them visits exactly the nodes it
// visited before they existed.
struct SearchBudget {
    std::uint64_t nodeLimit = kSolutionSearchNodeLimit;
    std::optional<std::chrono::steady_clock::time_point> deadline;
    const std::atomic<bool>* stop = nullptr;

    // Why a search that has visited `nodes` nodes must end now: "node limit", "time limit", "stopped", or
    // nullptr while it may go on.
    const char* exhausted(std::uint64_t nodes) const;
};

// What a solution count found.
struct SolutionCount {
    int found = 0;        // solutions found, at most the number asked for
    bool decided = true;  // false: the budget ran out first, and `found` is only a lower bound
    const char* endedBy = nullptr;  // when undecided: which part of the budget ran out (SearchBudget::exhausted)
    std::optional<Board> first;     // a solution found: the only one of a unique grid; of a grid with several,
                                    // the first that the counting solver met
    std::uint64_t nodes = 0;        // search nodes visited

    // "none", "unique", "multiple" (two or more; counting up to 2), or "undecided" when the budget ran out
    // before the search could tell.
    const char* verdict() const;
};

// ---- per kind: one overload each --------------------------------------------------------------------------

PuzzleKind kindOf(const SudokuPuzzle& puzzle);
PuzzleKind kindOf(const NurikabePuzzle& puzzle);

// The grid a solver or a player starts from: the givens, or the clues (Puzzle::startBoard as a Board).
const SudokuGrid& startGrid(const SudokuPuzzle& puzzle);
const NurikabeGrid& startGrid(const NurikabePuzzle& puzzle);

// An independent check that `board` solves the puzzle: same kind and size, keeps every given, obeys every
// rule. It does not compare with the known solution (a puzzle may have several).
bool isSolvedBy(const SudokuPuzzle& puzzle, const Board& board);
bool isSolvedBy(const NurikabePuzzle& puzzle, const Board& board);

// Counts solutions up to `upTo` with the exact solver of the kind, giving up after `nodeLimit` search nodes.
SolutionCount countSolutions(const SudokuGrid& givens, int upTo, std::uint64_t nodeLimit);
SolutionCount countSolutions(const NurikabeGrid& clues, int upTo, std::uint64_t nodeLimit);
// The same within a budget of nodes, time and a stop flag.
SolutionCount countSolutions(const SudokuGrid& givens, int upTo, const SearchBudget& budget);
SolutionCount countSolutions(const NurikabeGrid& clues, int upTo, const SearchBudget& budget);

// A board as one line of text: the 81-character line for Sudoku, the solution string for Nurikabe.
std::string boardLine(const SudokuGrid& board);
std::string boardLine(const NurikabeGrid& board);
// The Sudoku line written at `out`, which has room for the board's cellCount() characters; returns its end.
char* writeBoardLine(char* out, const SudokuGrid& board);

GridSize gridSize(const SudokuGrid& board);
GridSize gridSize(const NurikabeGrid& board);

// A cell's content as a number, 0 while the cell is open: the digit of a Sudoku, the NurikabeCell state of a
// Nurikabe. Two boards of a puzzle agree on a cell when the numbers are equal; the cells of a start board that
// are not 0 are the givens.
int cellValue(const SudokuGrid& board, int cell);
int cellValue(const NurikabeGrid& board, int cell);

// The move that undoes `move` on a board of the kind (apply(move) then apply(inverse) restores it).
Move inverseMove(const SudokuGrid& board, const Move& move);
Move inverseMove(const NurikabeGrid& board, const Move& move);

// ---- any kind ------------------------------------------------------------------------------------------------

// A visitor of one lambda per kind, for the code outside this contract that must treat kinds apart (a view,
// a text form with options): std::visit(Overloaded{[](const SudokuGrid&) {...}, [](const NurikabeGrid&) {...}},
// board) does not compile while a kind has no lambda.
template <class... Lambdas>
struct Overloaded : Lambdas... {
    using Lambdas::operator()...;
};
template <class... Lambdas>
Overloaded(Lambdas...) -> Overloaded<Lambdas...>;

// The operations on a puzzle or a board of any kind.

// The solution the puzzle's source gives, if any.
std::optional<Board> knownSolution(const Puzzle& puzzle);
SolutionCount countSolutions(const Puzzle& puzzle, int upTo = 2, std::uint64_t nodeLimit = kSolutionSearchNodeLimit);
SolutionCount countSolutions(const Puzzle& puzzle, int upTo, const SearchBudget& budget);
// The source's solution, else the first the exact solver finds within the node limit; none when the puzzle
// has no solution or the search gave up.
std::optional<Board> findSolution(const Puzzle& puzzle);
std::string boardLine(const Board& board);
GridSize gridSize(const Board& board);
int cellValue(const Board& board, int cell);
Move inverseMove(const Board& board, const Move& move);
// A puzzle whose givens are everything the board holds (a puzzle typed into an empty grid): a Sudoku's values
// (its pencil marks are the player's, not the puzzle's); a Nurikabe as it was, its clues not being edited on
// the board.
Puzzle puzzleFromBoard(const Puzzle& puzzle, const Board& board);
// A blank Sudoku of `shape` to type a puzzle into.
Puzzle emptySudoku(SudokuShape shape = {});

}  // namespace pw
