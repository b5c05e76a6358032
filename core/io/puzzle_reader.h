#pragma once
// The puzzle-file reader, in parts: formats.cpp splits the text into lines and paragraphs and hands each to
// its format, sudoku_formats.cpp reads the Sudoku formats (one-line, grid, pencil marks, SadMan, CSV) and
// nurikabe_formats.cpp the Nurikabe ones (text grids, puz.link URLs). Only those files include this header.

#include "io/formats.h"

#include "base/text_format.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pw::reading {

// White space and digits as the "C" locale has them, whatever locale the program runs in (and inlined).
constexpr bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }
constexpr bool isDigit(char c) { return c >= '0' && c <= '9'; }

struct Line {
    int number;             // 1-based
    std::string_view text;  // within the text being read, which outlives the reading
};

inline bool isBlank(std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return isSpace(c); });
}

inline std::string_view trimmed(std::string_view text) {
    std::size_t begin = 0;
    std::size_t end = text.size();
    while (begin < end && isSpace(text[begin])) ++begin;
    while (end > begin && isSpace(text[end - 1])) --end;
    return text.substr(begin, end - begin);
}

struct Token {
    std::string text;
    int column;  // 1-based
};

// A word of a line, viewed in place.
struct Word {
    std::string_view text;  // empty when the line has no such word
    int column = 0;         // 1-based
};

// The white-space separated word of `text` that starts at or after `i`; `i` moves past it.
inline Word nextWord(std::string_view text, std::size_t& i) {
    while (i < text.size() && isSpace(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !isSpace(text[i])) ++i;
    return {text.substr(start, i - start), static_cast<int>(start) + 1};
}

inline std::vector<Token> tokenize(std::string_view text) {
    std::vector<Token> tokens;
    for (std::size_t i = 0; i < text.size();)
        if (const Word word = nextWord(text, i); !word.text.empty()) tokens.push_back({std::string(word.text), word.column});
    return tokens;
}

class Reader {
public:
    Reader(std::string source, const PuzzleSink& take) : m_source(std::move(source)), m_take(take) {}

    // Hands every puzzle to the sink as it is read; returns the errors.
    std::vector<ParseError> read(std::string_view text);

private:
    void error(int line, int column, std::string message);
    // "file:line", in one allocation (every puzzle gets one).
    std::string place(int line) const;
    // False once kMaxPuzzlesPerFile puzzles were read (the reading stops there, with one error) or the sink
    // wants no more.
    bool admit(int line);
    void readParagraph(std::span<const Line> lines);
    // Hands a puzzle read at `line` to the sink, named `id` or else by its place.
    template <class Content>
    void add(Content&& content, int line, std::string id) {
        if (!admit(line)) return;
        std::string origin = place(line);
        if (id.empty()) id = origin;
        ++m_handed;
        if (!m_take(Puzzle{std::move(id), std::move(origin), std::forward<Content>(content)})) m_stopped = true;
    }

    // Sudoku (sudoku_formats.cpp)
    struct GridRows {
        std::vector<std::vector<std::pair<char, int>>> rows;
        std::vector<int> lineNumbers;
        std::string id;
    };
    // Reads a one-line Sudoku of 16, 36, 81 or 256 cells; `column` is where `cells` starts on its line.
    std::optional<SudokuGrid> sudokuFromCells(std::string_view cells, int line, int column);
    // Givens must not repeat a digit in a unit.
    // `columnOf(cell)` is the column of a cell's character on the line, for the message.
    bool checkGivens(const SudokuGrid& grid, int line, const std::function<int(int)>& columnOf);
    bool checkSolution(const SudokuGrid& givens, const SudokuGrid& solution, int line, int column);
    void addSudoku(const SudokuGrid& grid, std::optional<SudokuGrid> solution, int line, std::string id = {});
    // The columns of a one-line puzzle's cells: one character each, from `first` on.
    static std::function<int(int)> consecutiveColumns(int first);
    void readPencilMarks(std::string_view cells, int line, int column, const std::string& id);
    static bool isPuzzleToken(std::string_view token);
    // "name|puzzle|notes...": a one-line Sudoku in a '|'-separated record, named by the record's first field.
    bool readPipeSeparatedLine(const Line& line);
    // A one-line Sudoku's cells, starting at `column` on their line, named `id` when the line gives a name.
    void readOneLineSudoku(std::string_view cells, int line, int column, const std::string& id = {});
    // A one-line Sudoku, optionally after an id token; true when the line was taken as one.
    bool readSudokuLine(const Line& line);
    static bool isSeparatorLine(std::string_view text);
    // The cells of a grid row: characters other than '|', '!' and white space, with their columns.
    static bool isGridRowCell(char c);
    static std::vector<std::pair<char, int>> gridRowCells(std::string_view text);
    static std::size_t gridRowCellCount(std::string_view text);
    void finishGrid(GridRows& grid);
    // Lines of one paragraph that hold no Nurikabe or SadMan block.
    void readLines(std::span<const Line> lines, const std::string& gridId = {});
    // SadMan .sdk: '#' headers, then "[Puzzle]" and the grid rows; a later "[State]" section is ignored.
    void readSadMan(std::span<const Line> lines);
    static std::vector<Token> splitCsv(std::string_view text);
    static std::string lower(std::string text);
    static int findColumn(const std::vector<Token>& header, const std::vector<std::string>& names, bool containing);
    // A header is a row of short names, one of which names the puzzle column ("puzzle", "Sudoku Puzzle",
    // "quizzes"); a record with notes that merely mention a puzzle is not one.
    static bool isCsvHeader(std::string_view text);
    void readCsv(std::span<const Line> lines, const Line& headerLine);

    // Nurikabe (nurikabe_formats.cpp)
    static bool isClueToken(const std::string& token);
    static bool isSolutionRow(std::string_view text);
    static bool isHeader(const std::vector<Token>& tokens);
    // True when the paragraph is a Nurikabe grid (see the file comment for the rule).
    static bool isNurikabeParagraph(std::span<const Line> lines);
    void readNurikabeParagraph(std::span<const Line> lines);
    void addNurikabe(NurikabeGrid clues, std::optional<NurikabeGrid> solution, int line, std::string id);
    // puzz.link: "...?nurikabe/W/H/body", the body in pzprjs's number16 encoding.
    void readNurikabeUrl(const Line& line);

    std::string m_source;
    const PuzzleSink& m_take;
    std::vector<ParseError> m_errors;
    std::size_t m_handed = 0;
    bool m_stopped = false;  // the limit was reached, or the sink wants no more
};

}  // namespace pw::reading
