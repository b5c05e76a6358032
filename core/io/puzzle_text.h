#pragma once
// The text forms of each puzzle kind: the second half of the puzzle-kind contract (puzzle/puzzle_kind.h),
// kept here because it writes the file formats of io/formats.h. One overload per kind; the kind-independent
// forms below dispatch with std::visit, so a kind without its overloads does not compile.

#include "io/formats.h"
#include "puzzle/puzzle.h"

#include <string>

namespace pw {

// ---- per kind: one overload each --------------------------------------------------------------------------

// The puzzle as one line: the givens of a Sudoku, the puzz.link URL of a Nurikabe.
std::string puzzleLine(const SudokuPuzzle& puzzle);
std::string puzzleLine(const NurikabePuzzle& puzzle);

// Appends the puzzle to `text`, a file of puzzles in the kind's own format, under `id` where the format has
// a header for it.
void appendPuzzleText(std::string& text, const SudokuPuzzle& puzzle, const std::string& id);
void appendPuzzleText(std::string& text, const NurikabePuzzle& puzzle, const std::string& id);

// A board for a terminal, ending with a newline: Sudoku's grid with box separators, Nurikabe's rows.
std::string boardText(const SudokuGrid& board);
std::string boardText(const NurikabeGrid& board);

// ---- any kind ------------------------------------------------------------------------------------------------

std::string puzzleLine(const Puzzle& puzzle);
std::string boardText(const Board& board);
// The board as a puzzle file of its kind (for the clipboard, or saved): a Sudoku in `style`; a Nurikabe in its
// text format under the puzzle's id, with the board's decided cells as its solution rows once any is decided.
std::string boardAsPuzzleText(const Puzzle& puzzle, const Board& board, SudokuTextStyle style);

}  // namespace pw
