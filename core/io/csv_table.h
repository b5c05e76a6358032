#pragma once
// Comma-separated tables: the one CSV reader (puzzle collections, human data, ratings) and the field quoting
// used when writing.

#include "io/formats.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pw {

struct CsvField {
    std::string text;  // trimmed, quotes removed
    int column = 1;    // 1-based character column where the field starts
};

// One record: fields separated by ',', ';' or a tab; a field in double quotes may hold separators and "" for a
// quote.
std::vector<CsvField> splitCsvLine(const std::string& line);

// A field as written: quoted when it holds a separator, a quote or surrounding spaces.
std::string csvField(std::string_view text);

struct CsvTable {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;  // each padded or cut to the header's width
    std::vector<int> lineNumbers;                // the 1-based line of each row

    // The column named `name` (case-insensitive), or -1.
    int column(std::string_view name) const;
    // The first column whose name contains `part` (case-insensitive), or -1.
    int columnContaining(std::string_view part) const;
};

// A number that is the whole field ("0.5", "1e3"), or nothing for an empty or other field.
std::optional<double> parseNumber(const std::string& field);

// The key that joins tables on a puzzle string whatever character each writes for an empty cell ('.', '0', '-').
std::string puzzleJoinKey(std::string puzzle);

// Tables of human data and ratings are a few megabytes; a file above this size is refused before reading.
inline constexpr std::uintmax_t kMaxCsvFileBytes = std::uintmax_t{64} << 20;
// The fields a table may hold beyond one per byte of its text, short rows filled up to the header's width.
inline constexpr std::size_t kMaxCsvPaddingCells = std::size_t{1} << 20;

// Parses a table whose first non-blank line is the header (as readCsvTable); `sourceName` names it in errors.
std::optional<CsvTable> parseCsvTable(std::string_view text, const std::string& sourceName, ParseError& error);
// Reads a table whose first non-blank line is the header; blank lines and lines starting with '#' are skipped.
// On failure returns nothing and fills `error` (a missing file, no header).
std::optional<CsvTable> readCsvTable(const std::string& path, ParseError& error);

}  // namespace pw
