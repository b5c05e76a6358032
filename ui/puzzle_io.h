#pragma once
// Loading puzzles for the window (files, pasted text, command-line strings) with errors phrased for a
// dialog, finding the default puzzle, and turning boards back into text.

#include "io/formats.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace pw::ui {

struct PuzzleLoad {
    std::vector<Puzzle> puzzles;
    QStringList errors;  // "file:line:column: message"
};

PuzzleLoad loadPuzzlesFromFile(const QString& path);
// Parses text in any format the CLI reads (pasted, or typed on the command line).
PuzzleLoad parsePuzzleText(const QString& text, const QString& sourceName);
// A path when such a file exists or the argument looks like one, else puzzle text.
PuzzleLoad loadFileOrPuzzleString(const QString& argument);

// The first puzzle of sudoku/from_papers.csv under `puzzlesDir`, else the first Sudoku anywhere under it,
// else a built-in one.
Puzzle defaultPuzzle(const QString& puzzlesDir);
Puzzle emptySudoku(SudokuShape shape);

// The board as text: a Sudoku as a line or a grid, a Nurikabe in its text format (the board's decided
// cells as the solution rows).
QString boardText(const Puzzle& puzzle, const Board& board, SudokuTextStyle style);
// A puzzle whose givens are everything the board holds (for a puzzle typed into an empty grid).
Puzzle puzzleFromBoard(const Puzzle& puzzle, const Board& board);

}  // namespace pw::ui
