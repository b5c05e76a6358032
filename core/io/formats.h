#pragma once
// Reading and writing puzzle files. The format is detected from the content (the file name's extension is
// only a hint), one text may hold many puzzles, and a bad entry is reported with its place and skipped while
// the rest load.
//
// Sudoku, read and write: one puzzle per line (81, 16, 36 or 256 characters; '.', '0' or '-' empty;
//   '#' comment lines; text after the puzzle ignored; 16x16 uses 1-9 and A-G); grids of one row per line
//   with or without box separators (Simple Sudoku .ss).
// Sudoku, read only: SadMan .sdk ('#' headers, [Puzzle] section), CSV with a puzzle column and an optional
//   solution column, 729-character pencil-mark lines (9 characters per cell, a digit or '.'/'0').
// Nurikabe, read and write: text grids (rows of space-separated tokens, '.' empty, a number a clue; puzzles
//   separated by blank lines; optional header line "ID H W [source]"; optional H solution rows of '#' and 'o'
//   after the clue rows); puzz.link URLs (".../p?nurikabe/W/H/body").

#include "puzzle/puzzle.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace pw {

// Limits that keep a hostile or mistaken file from exhausting memory or time; each error names its limit.
// The largest bundled collection is well under a megabyte; a file above this size is refused before reading.
inline constexpr std::uintmax_t kMaxPuzzleFileBytes = std::uintmax_t{64} << 20;
// At most this many errors are listed (then one that says the rest were left out); the good entries still load.
inline constexpr std::size_t kMaxParseErrors = 1000;
// At most this many puzzles are read from one text; the reading stops there with an error.
inline constexpr std::size_t kMaxPuzzlesPerFile = 200000;
// The widest and highest Nurikabe grid read (text grids and puzz.link URLs alike).
inline constexpr int kMaxNurikabeSide = 100;

struct ParseError {
    std::string file;  // the source name given to the reader ("<argument>", "<stdin>", a path)
    int line = 0;      // 1-based; 0 when the error concerns the whole file
    int column = 0;    // 1-based; 0 when not known
    std::string message;

    std::string toString() const;  // "file:line:column: message"
};

struct PuzzleCollection {
    std::vector<Puzzle> puzzles;
    std::vector<ParseError> errors;
};

// Every puzzle in `text`, in order; `sourceName` names the source in ids and errors.
PuzzleCollection parsePuzzles(std::string_view text, const std::string& sourceName);
// Reads and parses a file; an unreadable file gives one error with line 0.
PuzzleCollection loadPuzzleFile(const std::string& path);

// The same, one puzzle at a time: each is handed to the sink as soon as it is read, in order, and the sink
// returning false ends the reading. Returns the errors.
using PuzzleSink = std::function<bool(Puzzle&&)>;
std::vector<ParseError> readPuzzles(std::string_view text, const std::string& sourceName, const PuzzleSink& take);
std::vector<ParseError> readPuzzleFile(const std::string& path, const PuzzleSink& take);

enum class SudokuTextStyle {
    Line,  // one line: 81 characters for 9x9 ('.' for empty)
    Grid,  // one row per line with box separators, Simple Sudoku style
};
std::string formatSudoku(const SudokuGrid& grid, SudokuTextStyle style);
// The Nurikabe text format: optional header, clue rows, then the solution rows when `solution` is set.
std::string formatNurikabe(const NurikabeGrid& clues, const NurikabeGrid* solution, const std::string& id);
// A puzz.link URL for the clues.
std::string formatNurikabeUrl(const NurikabeGrid& clues);
// Serialises a whole collection in the most natural format of its kind (lines for Sudoku, text grids for
// Nurikabe); a collection must not mix kinds.
std::string formatPuzzles(const std::vector<Puzzle>& puzzles);

}  // namespace pw
