#pragma once
// Loading puzzles for the window (files, pasted text, command-line strings) with errors phrased for a
// dialog, finding the default puzzle, and turning boards back into text.

#include "io/formats.h"

#include <QString>
#include <QStringList>

class QMessageBox;
class QWidget;

#include <vector>

namespace pw::ui {

struct PuzzleLoad {
    std::vector<Puzzle> puzzles;
    QStringList errors;  // "file:line:column: message"
};

// A binary file (a NUL byte or mostly control bytes in its first 8 KiB) gives one error at once, without being
// parsed line by line.
PuzzleLoad loadPuzzlesFromFile(const QString& path);
// Why the start of a file is not text ("a binary file, not puzzle text: a NUL byte at offset 3"), or empty.
QString binaryContentReason(const QByteArray& head);
// Parses text in any format the CLI reads (pasted, or typed on the command line).
PuzzleLoad parsePuzzleText(const QString& text, const QString& sourceName);
// A path when such a file exists or the argument looks like one, else puzzle text.
PuzzleLoad loadFileOrPuzzleString(const QString& argument);

// Errors sized for people: the first `shown` errors (each "file:line:column: message", shortened to one
// readable line) and "and N more"; `details` lists every error up to `cap` (then says how many were left out).
struct ErrorSummary {
    QString brief;
    QString details;
};
inline constexpr int kErrorsShown = 10;
inline constexpr int kErrorDetailsCap = 1000;
ErrorSummary summarizeErrors(const QStringList& errors, int shown = kErrorsShown, int cap = kErrorDetailsCap);
// A warning box with the summary as its text and the full list behind "Show Details…"; its height stays
// bounded however many errors there are. The caller shows or execs it.
QMessageBox* loadErrorBox(QWidget* parent, const QString& title, const QStringList& errors);
// The errors as log lines, at most `cap` of them and a last line saying how many more were left out.
QStringList errorLogLines(const QStringList& errors, int cap = kErrorDetailsCap);

// The window's first puzzle, for teaching: a medium Sudoku by the project's rating (level locked: singles do
// not solve it, locked candidates do; serate 8.2) that simulated annealing solves in about a minute at the
// first launch's pace (seed 1: 1,155,454 proposals with one reheat; docs/manual/teaching.md).
inline constexpr char kDefaultPuzzleFile[] = "sudoku/top95.csv";  // under the puzzles folder
inline constexpr char kDefaultPuzzleId[] = "top95-0044";
// The default puzzle from `puzzlesDir`, else the first Sudoku anywhere under it, else a built-in copy of it.
Puzzle defaultPuzzle(const QString& puzzlesDir);

}  // namespace pw::ui
