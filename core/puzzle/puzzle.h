#pragma once
// A puzzle as loaded from a file or typed in: what kind it is, where it came from, its givens and, when the
// source provides one, its known solution. What each kind does is the contract in puzzle/puzzle_kind.h.

#include "nurikabe/nurikabe.h"
#include "sudoku/sudoku.h"

#include <optional>
#include <string>
#include <variant>

namespace pw {

// Every kind, in the order of Puzzle::content and Board.
enum class PuzzleKind { Sudoku, Nurikabe };
const char* puzzleKindName(PuzzleKind kind);  // "sudoku", "nurikabe"

struct SudokuPuzzle {
    SudokuGrid givens;  // may carry pencil marks (729-character format)
    std::optional<SudokuGrid> solution;
};

struct NurikabePuzzle {
    NurikabeGrid clues;  // clue cells Island, every other cell Unknown
    std::optional<NurikabeGrid> solution;
};

// A full position of either kind: what a solver reports as its best or final state.
using Board = std::variant<SudokuGrid, NurikabeGrid>;

struct Puzzle {
    std::string id;      // the header name where the source gives one, else "file:line"
    std::string origin;  // "file:line" of the puzzle's first line
    std::variant<SudokuPuzzle, NurikabePuzzle> content;

    PuzzleKind kind() const;
    const SudokuPuzzle& sudoku() const { return std::get<SudokuPuzzle>(content); }
    const NurikabePuzzle& nurikabe() const { return std::get<NurikabePuzzle>(content); }
    // The starting board: the givens, or the clues.
    Board startBoard() const;
    // An independent check that `board` solves this puzzle: same kind and size, keeps every given, obeys
    // every rule. It does not compare with the known solution (a puzzle may have several).
    bool isSolvedBy(const Board& board) const;
};

}  // namespace pw
