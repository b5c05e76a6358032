// Reading and writing puzzle files.
//
// Detection by content. The text is split into lines (a UTF-8 byte-order mark and CR line ends are dropped)
// and then into paragraphs at blank lines. A file whose first meaningful line is a CSV header naming a puzzle
// column is read as CSV. Otherwise each paragraph is read on its own, so one file may mix formats:
//   - a paragraph with a "[Puzzle]" line is a SadMan .sdk grid;
//   - a paragraph of whitespace-separated tokens ('.' or numbers), possibly under an "ID H W" header and
//     followed by rows of '#' and 'o', is a Nurikabe grid — unless it is a square Sudoku-sized grid of single
//     characters without a header that is too dense for Nurikabe (at least a fifth of its cells given), which
//     is a Sudoku grid written with spaces;
//   - any other paragraph is read line by line: a line whose first (or second, after an id) token is 16, 36,
//     81, 256 or 729 characters long is a one-line Sudoku (729 = pencil marks); lines holding N cells once
//     '|' and spaces are removed are rows of a Sudoku grid (Simple Sudoku .ss), between separator lines;
//     lines with a puzz.link Nurikabe URL are read as such; '#' lines are comments.
// A bad entry produces an error with its file:line:column and is skipped; the rest still load.

#include "io/formats.h"
#include "io/output.h"

#include "base/text_format.h"
#include "io/csv_table.h"
#include "io/puzzle_text.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <span>
#include <sstream>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace pw {

std::string ParseError::toString() const {
    std::string text = file;
    if (line > 0) text += ":" + std::to_string(line);
    if (line > 0 && column > 0) text += ":" + std::to_string(column);
    return text + ": " + message;
}

namespace {

// White space and digits as the "C" locale has them, whatever locale the program runs in (and inlined).
constexpr bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }
constexpr bool isDigit(char c) { return c >= '0' && c <= '9'; }

struct Line {
    int number;             // 1-based
    std::string_view text;  // within the text being read, which outlives the reading
};

bool isBlank(std::string_view text) {
    return std::all_of(text.begin(), text.end(), [](char c) { return isSpace(c); });
}

std::string_view trimmed(std::string_view text) {
    std::size_t begin = 0;
    std::size_t end = text.size();
    while (begin < end && isSpace(text[begin])) ++begin;
    while (end > begin && isSpace(text[end - 1])) --end;
    return text.substr(begin, end - begin);
}

std::string trim(std::string_view text) { return std::string(trimmed(text)); }

// The side of the square Sudoku a line of n * n cells of one word would be (25 for 625 characters) when the
// workbench does not solve that size; 0 when the line is no such thing.
int unsupportedSudokuSide(std::string_view text) {
    if (text.size() < 4 || !std::all_of(text.begin(), text.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '.';
        }))
        return 0;
    int side = 2;
    while (static_cast<std::size_t>(side) * static_cast<std::size_t>(side) < text.size()) ++side;
    if (static_cast<std::size_t>(side) * static_cast<std::size_t>(side) != text.size()) return 0;
    return side == 4 || side == 6 || side == 9 || side == 16 ? 0 : side;
}

std::vector<Line> splitLines(std::string_view text) {
    text = withoutByteOrderMark(text);
    std::vector<Line> lines;
    // Room for every line at once: a list of 20,000 lines grown by doubling takes fresh memory every time.
    lines.reserve(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
    int number = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        ++number;
        if (end < text.size() || !line.empty()) lines.push_back({number, line});
        start = end + 1;
    }
    return lines;
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
Word nextWord(std::string_view text, std::size_t& i) {
    while (i < text.size() && isSpace(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !isSpace(text[i])) ++i;
    return {text.substr(start, i - start), static_cast<int>(start) + 1};
}

std::vector<Token> tokenize(std::string_view text) {
    std::vector<Token> tokens;
    for (std::size_t i = 0; i < text.size();)
        if (const Word word = nextWord(text, i); !word.text.empty()) tokens.push_back({std::string(word.text), word.column});
    return tokens;
}

// The first two words of `text` (tokenize without copying, for the one-line formats).
std::array<Word, 2> firstTwoWords(std::string_view text) {
    std::array<Word, 2> words;
    std::size_t i = 0;
    for (Word& word : words) word = nextWord(text, i);
    return words;
}

bool isInteger(const std::string& text) {
    return !text.empty() && text.size() <= 4 &&
           std::all_of(text.begin(), text.end(), [](char c) { return isDigit(c); });
}

// The value of a one-line Sudoku's cell character: 0 for an empty cell ('.', '0', '-', '*', '_'), 1-9, then
// 10-16 for A-G or a-g; kNotACell for any other character.
constexpr unsigned kNotACell = 0xff;
constexpr std::array<std::uint8_t, 256> kCellValues = [] {
    std::array<std::uint8_t, 256> values{};
    for (int c = 0; c < 256; ++c) {
        unsigned value = kNotACell;
        if (c == '.' || c == '0' || c == '-' || c == '*' || c == '_') value = 0;
        else if (c >= '1' && c <= '9') value = static_cast<unsigned>(c - '0');
        else if (c >= 'A' && c <= 'G') value = static_cast<unsigned>(c - 'A' + 10);
        else if (c >= 'a' && c <= 'g') value = static_cast<unsigned>(c - 'a' + 10);
        values[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(value);
    }
    return values;
}();

// A line that is one 81-character Sudoku of digits, '.' and '0' and nothing else: the common case, which no
// other format can claim (no letters, no separators, no '|', not a grid row), read without trying them
// (readSudokuLine would take it as the same one-line Sudoku).
bool isPlainSudokuLine(std::string_view text) {
    if (text.size() != 81) return false;
    unsigned other = 0;
    for (const char c : text) other |= static_cast<unsigned>(c != '.' && (c < '0' || c > '9'));
    return other == 0;
}

class Reader {
public:
    Reader(std::string source, const PuzzleSink& take) : m_source(std::move(source)), m_take(take) {}

    // Hands every puzzle to the sink as it is read; returns the errors.
    std::vector<ParseError> read(std::string_view text) {
        const std::vector<Line> lines = splitLines(text);
        const Line* first = nullptr;
        for (const auto& line : lines) {
            if (isBlank(line.text) || trimmed(line.text)[0] == '#') continue;
            first = &line;
            break;
        }
        if (first && isCsvHeader(first->text)) {
            readCsv(lines, *first);
        } else {
            // Paragraphs: the runs of lines between blank lines.
            std::size_t start = 0;
            for (std::size_t i = 0; i <= lines.size() && !m_stopped; ++i) {
                if (i < lines.size() && !isBlank(lines[i].text)) continue;
                readParagraph(std::span<const Line>(lines).subspan(start, i - start));
                start = i + 1;
            }
        }
        if (m_handed == 0 && m_errors.empty())
            m_errors.push_back({m_source, 0, 0, "no puzzle found (the text holds no puzzle in a known format)"});
        return std::move(m_errors);
    }

private:
    void error(int line, int column, std::string message) {
        if (m_errors.size() < kMaxParseErrors) {
            m_errors.push_back({m_source, line, column, std::move(message)});
        } else if (m_errors.size() == kMaxParseErrors) {
            m_errors.push_back({m_source, line, column,
                                       "more than " + std::to_string(kMaxParseErrors) +
                                           " bad entries (kMaxParseErrors); the later ones are not listed"});
        }
    }
    // "file:line", in one allocation (every puzzle gets one).
    std::string place(int line) const {
        std::array<char, 16> number;
        char* end = std::to_chars(number.data(), number.data() + number.size(), line).ptr;
        std::string text;
        text.reserve(m_source.size() + 1 + static_cast<std::size_t>(end - number.data()));
        text.append(m_source).append(1, ':').append(number.data(), end);
        return text;
    }

    // ------------------------------------------------------------------------------------------- Sudoku

    // Reads a one-line Sudoku of 16, 36, 81 or 256 cells; `column` is where `cells` starts on its line.
    std::optional<SudokuGrid> sudokuFromCells(std::string_view cells, int line, int column) {
        SudokuShape shape;
        int size = 0;
        while (size * size < static_cast<int>(cells.size())) ++size;
        if (size * size != static_cast<int>(cells.size()) || !SudokuShape::fromSize(size, shape)) {
            error(line, column,
                  "a one-line Sudoku has 16, 36, 81 or 256 cells, not " + std::to_string(cells.size()));
            return std::nullopt;
        }
        std::optional<SudokuGrid> result(std::in_place, shape);  // built where it is returned: no copy
        SudokuGrid& grid = *result;
        // Every cell at once, without a branch per cell; only a bad line looks for its first bad cell.
        // (The cell count is read once: a value written as a byte might, for all the compiler knows, change it.)
        unsigned bad = 0;
        for (int cell = 0, count = grid.cellCount(); cell < count; ++cell) {
            const unsigned value = kCellValues[static_cast<unsigned char>(cells[static_cast<std::size_t>(cell)])];
            bad |= static_cast<unsigned>(value > static_cast<unsigned>(size));
            grid.setValue(cell, static_cast<int>(value));
        }
        if (!bad) return result;
        int cell = 0;
        while (kCellValues[static_cast<unsigned char>(cells[static_cast<std::size_t>(cell)])] <= static_cast<unsigned>(size)) ++cell;
        const std::string allowed = size == 16 ? "1-9, A-G" : "1-" + std::to_string(size);
        error(line, column + cell,
              std::string("unexpected character '") + cells[static_cast<std::size_t>(cell)] + "' in a " +
                  std::to_string(size) + "x" + std::to_string(size) + " puzzle line (expected " + allowed +
                  ", '.', '0' or '-')");
        return std::nullopt;
    }

    // Givens must not repeat a digit in a unit.
    // `columnOf(cell)` is the column of a cell's character on the line, for the message.
    bool checkGivens(const SudokuGrid& grid, int line, const std::function<int(int)>& columnOf) {
        if (!grid.hasConflicts()) return true;  // the quick test first: the list below is for the message
        const auto conflicts = grid.conflicts();
        const auto& conflict = conflicts.front();
        static const char* const kUnitNames[] = {"row", "column", "box"};
        std::string cells;
        for (int cell : conflict.cells) cells += (cells.empty() ? "" : ", ") + cellName(grid.shape(), cell);
        const int at = columnOf(conflict.cells.back());
        error(line, at,
              std::string("the givens repeat ") + digitChar(conflict.digit) + " in " +
                  kUnitNames[static_cast<int>(conflict.unitKind)] + " " + std::to_string(conflict.unitIndex + 1) +
                  " (" + cells + ")");
        return false;
    }

    bool checkSolution(const SudokuGrid& givens, const SudokuGrid& solution, int line, int column) {
        if (!solution.isSolved()) {
            error(line, column, "the solution is not a complete, valid grid");
            return false;
        }
        if (!solution.keepsGivens(givens)) {
            error(line, column, "the solution does not keep the puzzle's givens");
            return false;
        }
        return true;
    }

    // False once kMaxPuzzlesPerFile puzzles were read (the reading stops there, with one error) or the sink
    // wants no more.
    bool admit(int line) {
        if (m_stopped) return false;
        if (m_handed < kMaxPuzzlesPerFile) return true;
        m_stopped = true;
        m_errors.push_back({m_source, line, 1, "more than " + std::to_string(kMaxPuzzlesPerFile) +
                                                   " puzzles in one file (kMaxPuzzlesPerFile); the rest is not read"});
        return false;
    }

    void addSudoku(const SudokuGrid& grid, std::optional<SudokuGrid> solution, int line, std::string id = {}) {
        add(SudokuPuzzle{grid, std::move(solution)}, line, std::move(id));
    }

    // The columns of a one-line puzzle's cells: one character each, from `first` on.
    static std::function<int(int)> consecutiveColumns(int first) {
        return [first](int cell) { return first + cell; };
    }

    void readPencilMarks(std::string_view cells, int line, int column, const std::string& id) {
        SudokuGrid grid;
        for (int cell = 0; cell < 81; ++cell) {
            DigitMask marks = 0;
            for (int k = 0; k < 9; ++k) {
                const char c = cells[cell * 9 + k];
                if (c == '.' || c == '0' || c == '-') continue;
                if (c < '1' || c > '9') {
                    error(line, column + cell * 9 + k,
                          std::string("unexpected character '") + c + "' in a pencil-mark line (expected 1-9 or '.')");
                    return;
                }
                marks |= digitBit(c - '0');
            }
            if (!marks) {
                error(line, column + cell * 9, "cell " + cellName(grid.shape(), cell) + " has no candidate left");
                return;
            }
            if (isSingleBit(marks)) grid.setValue(cell, lowestDigit(marks));
            else grid.setMarks(cell, marks);
        }
        if (!checkGivens(grid, line, [column](int cell) { return column + cell * 9; })) return;
        addSudoku(grid, std::nullopt, line, id);
    }

    static bool isPuzzleToken(std::string_view token) {
        const std::size_t n = token.size();
        if (n != 16 && n != 36 && n != 81 && n != 256 && n != 729) return false;
        // Mostly cell characters: a word of that length is still an (erroneous) puzzle line.
        const auto cellish = std::count_if(token.begin(), token.end(), [](unsigned char c) {
            return isDigit(static_cast<char>(c)) || c == '.' || c == '-' || (c >= 'A' && c <= 'G') || (c >= 'a' && c <= 'g');
        });
        return cellish * 10 >= static_cast<long>(n) * 9;
    }

    // "name|puzzle|notes...": a one-line Sudoku in a '|'-separated record, named by the record's first field.
    bool readPipeSeparatedLine(const Line& line) {
        if (line.text.find('|') == std::string::npos) return false;
        std::vector<Token> fields;
        std::size_t start = 0;
        while (start <= line.text.size()) {
            auto bar = line.text.find('|', start);
            if (bar == std::string::npos) bar = line.text.size();
            const std::string raw(line.text.substr(start, bar - start));
            const auto offset = raw.find_first_not_of(" \t");
            fields.push_back({trim(raw), static_cast<int>(start + (offset == std::string::npos ? 0 : offset)) + 1});
            start = bar + 1;
        }
        for (std::size_t i = 0; i < fields.size(); ++i) {
            if (!isPuzzleToken(fields[i].text) || fields[i].text.size() == 729) continue;
            readOneLineSudoku(fields[i].text, line.number, fields[i].column, i > 0 ? fields[0].text : std::string());
            return true;
        }
        return false;
    }

    // A one-line Sudoku's cells, starting at `column` on their line, named `id` when the line gives a name.
    void readOneLineSudoku(std::string_view cells, int line, int column, const std::string& id = {}) {
        auto grid = sudokuFromCells(cells, line, column);
        if (grid && checkGivens(*grid, line, consecutiveColumns(column))) addSudoku(*grid, std::nullopt, line, id);
    }

    // A one-line Sudoku, optionally after an id token; true when the line was taken as one.
    bool readSudokuLine(const Line& line) {
        const auto words = firstTwoWords(line.text);
        if (words[0].text.empty()) return false;
        std::size_t index = 0;
        if (!isPuzzleToken(words[0].text)) {
            if (words[1].text.empty() || !isPuzzleToken(words[1].text) || words[1].text.size() == 729) return false;
            index = 1;
        }
        const Word& token = words[index];
        const std::string id = index == 1 ? std::string(words[0].text) : std::string();
        if (token.text.size() == 729) {
            readPencilMarks(token.text, line.number, token.column, id);
            return true;
        }
        readOneLineSudoku(token.text, line.number, token.column, id);
        return true;
    }

    static bool isSeparatorLine(std::string_view text) {
        const std::string_view t = trimmed(text);
        return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) {
            return c == '-' || c == '+' || c == '=' || c == '|' || c == '*' || c == ' ' || c == '\t';
        }) && t.find_first_of("-=") != std::string_view::npos;
    }

    // The cells of a grid row: characters other than '|', '!' and white space, with their columns.
    static bool isGridRowCell(char c) { return c != '|' && c != '!' && !isSpace(c); }
    static std::vector<std::pair<char, int>> gridRowCells(std::string_view text) {
        std::vector<std::pair<char, int>> cells;
        for (std::size_t i = 0; i < text.size(); ++i)
            if (isGridRowCell(text[i])) cells.emplace_back(text[i], static_cast<int>(i) + 1);
        return cells;
    }
    static std::size_t gridRowCellCount(std::string_view text) {
        return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), isGridRowCell));
    }

    struct GridRows {
        std::vector<std::vector<std::pair<char, int>>> rows;
        std::vector<int> lineNumbers;
        std::string id;
    };

    void finishGrid(GridRows& grid) {
        if (grid.rows.empty()) return;
        const int size = static_cast<int>(grid.rows.size());
        const int firstLine = grid.lineNumbers.front();
        SudokuShape shape;
        if (!SudokuShape::fromSize(size, shape) || static_cast<int>(grid.rows[0].size()) != size) {
            error(firstLine, 1, "a Sudoku grid of " + std::to_string(size) + " rows of " +
                                    std::to_string(grid.rows[0].size()) + " cells is not 4x4, 6x6, 9x9 or 16x16");
            grid = {};
            return;
        }
        SudokuGrid result(shape);
        std::vector<int> columns(result.cellCount());
        for (int r = 0; r < size; ++r) {
            for (int c = 0; c < size; ++c) {
                const auto [ch, column] = grid.rows[r][c];
                columns[r * size + c] = column;
                if (ch == '.' || ch == '0' || ch == '-' || ch == '*' || ch == '_') continue;
                const int value = digitValue(ch, size);
                if (!value) {
                    error(grid.lineNumbers[r], column,
                          std::string("unexpected character '") + ch + "' in a Sudoku grid row (expected a digit or '.')");
                    grid = {};
                    return;
                }
                result.setValue(r * size + c, value);
            }
        }
        // Conflicts are reported on the line of the last conflicting cell.
        const auto conflicts = result.conflicts();
        if (!conflicts.empty()) {
            const int cell = conflicts.front().cells.back();
            checkGivens(result, grid.lineNumbers[cell / size], [&columns](int at) { return columns[at]; });
            grid = {};
            return;
        }
        addSudoku(result, std::nullopt, firstLine, grid.id);
        grid = {};
    }

    // Lines of one paragraph that hold no Nurikabe or SadMan block.
    void readLines(std::span<const Line> lines, const std::string& gridId = {}) {
        GridRows grid;
        grid.id = gridId;
        for (const auto& line : lines) {
            if (m_stopped) return;
            const std::string_view text = trimmed(line.text);
            if (text.empty() || text[0] == '#') continue;
            if (grid.rows.empty() && isPlainSudokuLine(text)) {
                readOneLineSudoku(text, line.number, static_cast<int>(text.data() - line.text.data()) + 1);
                continue;
            }
            if (text.find("nurikabe/") != std::string_view::npos) {
                finishGrid(grid);
                readNurikabeUrl(line);
                continue;
            }
            if (isSeparatorLine(text)) continue;
            if (readPipeSeparatedLine(line)) continue;
            const std::size_t cellCount = gridRowCellCount(line.text);
            // A row that does not fit the grid begun above drops that grid, with an error at the row.
            const auto rejectRow = [&] {
                error(line.number, 1, "grid row " + std::to_string(grid.rows.size() + 1) + " has " +
                                          std::to_string(cellCount) + " cells, expected " +
                                          std::to_string(grid.rows[0].size()));
                grid = {};
                grid.id = gridId;
            };
            const bool rowLength = cellCount == 4 || cellCount == 6 || cellCount == 9 || cellCount == 16;
            if (rowLength && !isPuzzleToken(tokenize(line.text)[0].text)) {
                if (!grid.rows.empty() && cellCount != grid.rows[0].size()) {
                    rejectRow();
                    continue;
                }
                grid.rows.push_back(gridRowCells(line.text));
                grid.lineNumbers.push_back(line.number);
                if (grid.rows.size() == grid.rows[0].size()) {
                    finishGrid(grid);
                    grid.id = gridId;
                }
                continue;
            }
            if (!grid.rows.empty()) {
                rejectRow();
                continue;
            }
            if (readSudokuLine(line)) continue;
            if (const int side = unsupportedSudokuSide(text)) {
                error(line.number, 1, "a " + std::to_string(side) + "x" + std::to_string(side) +
                                          " Sudoku is not supported (" + std::to_string(text.size()) +
                                          " characters); the supported sizes are 4x4, 6x6, 9x9 and 16x16");
                continue;
            }
            error(line.number, 1, "not a puzzle: expected a one-line Sudoku (81 characters), a grid row, a "
                                  "Nurikabe grid or a puzz.link URL");
        }
        if (!grid.rows.empty()) {
            error(grid.lineNumbers.back(), 1, "the grid ends after " + std::to_string(grid.rows.size()) +
                                                  " rows; expected " + std::to_string(grid.rows[0].size()));
        }
    }

    // SadMan .sdk: '#' headers, then "[Puzzle]" and the grid rows; a later "[State]" section is ignored.
    void readSadMan(std::span<const Line> lines) {
        std::vector<Line> grid;
        std::string id;
        bool inPuzzle = false;
        for (const auto& line : lines) {
            const std::string text = trim(line.text);
            if (!text.empty() && text[0] == '[') {
                inPuzzle = text == "[Puzzle]";
                continue;
            }
            if (!text.empty() && text[0] == '#') {
                if (text.size() > 2 && text[1] == 'N') id = trim(text.substr(2));  // #N: the puzzle's name
                continue;
            }
            if (inPuzzle) grid.push_back(line);
        }
        readLines(grid, id);
    }

    // ----------------------------------------------------------------------------------------------- CSV

    static std::vector<Token> splitCsv(std::string_view text) {
        std::vector<Token> fields;
        for (auto& field : splitCsvLine(std::string(text))) fields.push_back({std::move(field.text), field.column});
        return fields;
    }

    static std::string lower(std::string text) {
        for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return text;
    }

    static int findColumn(const std::vector<Token>& header, const std::vector<std::string>& names, bool containing) {
        for (std::size_t i = 0; i < header.size(); ++i) {
            const std::string name = lower(header[i].text);
            for (const auto& wanted : names)
                if (containing ? name.find(wanted) != std::string::npos : name == wanted) return static_cast<int>(i);
        }
        return -1;
    }

    // A header is a row of short names, one of which names the puzzle column ("puzzle", "Sudoku Puzzle",
    // "quizzes"); a record with notes that merely mention a puzzle is not one.
    static bool isCsvHeader(std::string_view text) {
        if (text.find_first_of(",;\t") == std::string_view::npos || text.find('|') != std::string_view::npos) return false;
        const auto fields = splitCsv(text);
        for (const auto& field : fields)
            if (field.text.size() > 24) return false;
        return findColumn(fields, {"puzzle", "quiz"}, true) >= 0;
    }

    void readCsv(std::span<const Line> lines, const Line& headerLine) {
        const auto header = splitCsv(headerLine.text);
        const int puzzleColumn = findColumn(header, {"puzzle", "quiz"}, true);
        const int solutionColumn = findColumn(header, {"solution", "solutions"}, false);
        const int idColumn = findColumn(header, {"id", "name", "game_no", "game no.", "game no"}, false);
        for (const auto& line : lines) {
            if (m_stopped) return;
            if (line.number <= headerLine.number || isBlank(line.text) || trimmed(line.text)[0] == '#') continue;
            const auto fields = splitCsv(line.text);
            if (puzzleColumn >= static_cast<int>(fields.size())) {
                error(line.number, 1, "expected a puzzle in column " + std::to_string(puzzleColumn + 1) + " ('" +
                                          header[puzzleColumn].text + "')");
                continue;
            }
            const Token& puzzleField = fields[puzzleColumn];
            auto grid = sudokuFromCells(puzzleField.text, line.number, puzzleField.column);
            if (!grid) continue;
            if (!checkGivens(*grid, line.number, consecutiveColumns(puzzleField.column)))
                continue;
            std::optional<SudokuGrid> solution;
            if (solutionColumn >= 0 && solutionColumn < static_cast<int>(fields.size()) &&
                !fields[solutionColumn].text.empty()) {
                const Token& solutionField = fields[solutionColumn];
                solution = sudokuFromCells(solutionField.text, line.number, solutionField.column);
                if (!solution) continue;
                if (!checkSolution(*grid, *solution, line.number, solutionField.column)) continue;
            }
            std::string id;
            if (idColumn >= 0 && idColumn < static_cast<int>(fields.size())) id = fields[idColumn].text;
            addSudoku(*grid, std::move(solution), line.number, id);
        }
    }

    // --------------------------------------------------------------------------------------------- Nurikabe

    static bool isClueToken(const std::string& token) { return token == "." || (isInteger(token) && std::stoi(token) > 0); }
    static bool isSolutionRow(std::string_view text) {
        const std::string_view t = trimmed(text);
        return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c == '#' || c == 'o' || c == ' '; });
    }

    static bool isHeader(const std::vector<Token>& tokens) {
        return tokens.size() >= 3 && isInteger(tokens[1].text) && isInteger(tokens[2].text) &&
               std::stoi(tokens[1].text) > 0 && std::stoi(tokens[2].text) > 0;
    }

    // True when the paragraph is a Nurikabe grid (see the file comment for the rule).
    static bool isNurikabeParagraph(std::span<const Line> lines) {
        std::size_t first = 0;
        while (first < lines.size() && trimmed(lines[first].text)[0] == '#') ++first;
        if (first >= lines.size()) return false;
        std::size_t rowsStart = first;
        auto headerTokens = tokenize(lines[first].text);
        bool header = false;
        if (isHeader(headerTokens) && !isClueToken(headerTokens[0].text)) {
            header = true;
            ++rowsStart;
        }
        if (rowsStart >= lines.size()) return header;
        int rows = 0;
        int cells = 0;
        int clues = 0;
        bool singleCharacters = true;
        bool sawSolution = false;
        std::size_t width = 0;
        for (std::size_t i = rowsStart; i < lines.size(); ++i) {
            if (trimmed(lines[i].text)[0] == '#' && !isSolutionRow(lines[i].text)) continue;
            if (isSolutionRow(lines[i].text) && rows > 0) {
                sawSolution = true;
                continue;
            }
            const auto tokens = tokenize(lines[i].text);
            // A lone token is a grid one cell wide only under a header; else it is too ambiguous to be one.
            if (tokens.size() < 2 && !header) return false;
            for (const auto& token : tokens) {
                if (!isClueToken(token.text)) return header;  // a header commits the paragraph: report its errors
                singleCharacters &= token.text.size() == 1;
                clues += token.text != ".";
            }
            if (width == 0) width = tokens.size();
            cells += static_cast<int>(tokens.size());
            ++rows;
        }
        if (header || sawSolution || !singleCharacters) return rows > 0;
        SudokuShape shape;
        const bool sudokuSized = static_cast<std::size_t>(rows) == width && SudokuShape::fromSize(rows, shape);
        return !(sudokuSized && clues * 5 >= cells);
    }

    void readNurikabeParagraph(std::span<const Line> lines) {
        std::size_t index = 0;
        while (index < lines.size() && trimmed(lines[index].text)[0] == '#' && !isSolutionRow(lines[index].text))
            ++index;
        if (index >= lines.size()) return;
        const int firstLine = lines[index].number;
        std::string id;
        int declaredA = 0;
        int declaredB = 0;
        const auto headerTokens = tokenize(lines[index].text);
        if (isHeader(headerTokens) && !isClueToken(headerTokens[0].text)) {
            id = headerTokens[0].text;
            declaredA = std::stoi(headerTokens[1].text);
            declaredB = std::stoi(headerTokens[2].text);
            ++index;
        }
        std::vector<std::vector<int>> clueRows;
        std::vector<int> clueLines;
        std::vector<std::string> solutionRows;
        std::vector<int> solutionLines;
        for (; index < lines.size(); ++index) {
            const Line& line = lines[index];
            if (isSolutionRow(line.text)) {
                std::string row;
                for (char c : line.text)
                    if (c != ' ') row += c;
                solutionRows.push_back(row);
                solutionLines.push_back(line.number);
                continue;
            }
            if (trimmed(line.text)[0] == '#') continue;
            if (!solutionRows.empty()) {
                error(line.number, 1, "a clue row after the solution rows");
                return;
            }
            std::vector<int> row;
            for (const auto& token : tokenize(line.text)) {
                if (!isClueToken(token.text)) {
                    error(line.number, token.column,
                          "unexpected '" + token.text + "' in a Nurikabe row (expected '.' or a positive number)");
                    return;
                }
                row.push_back(token.text == "." ? 0 : std::stoi(token.text));
            }
            if (row.size() > static_cast<std::size_t>(kMaxNurikabeSide) ||
                clueRows.size() >= static_cast<std::size_t>(kMaxNurikabeSide)) {
                error(line.number, 1, "a Nurikabe grid must be 1 to " + std::to_string(kMaxNurikabeSide) +
                                          " cells wide and high (kMaxNurikabeSide)");
                return;
            }
            if (!clueRows.empty() && row.size() != clueRows[0].size()) {
                error(line.number, 1, "Nurikabe row " + std::to_string(clueRows.size() + 1) + " has " +
                                          std::to_string(row.size()) + " cells, expected " +
                                          std::to_string(clueRows[0].size()));
                return;
            }
            clueRows.push_back(std::move(row));
            clueLines.push_back(line.number);
        }
        if (clueRows.empty()) {
            error(firstLine, 1, "a Nurikabe header without clue rows");
            return;
        }
        const int height = static_cast<int>(clueRows.size());
        const int width = static_cast<int>(clueRows[0].size());
        // The header gives the size as "H W"; some collections write "W H": either order is accepted.
        if (declaredA && !((declaredA == height && declaredB == width) || (declaredA == width && declaredB == height))) {
            error(firstLine, headerTokens[1].column,
                  "the header declares " + std::to_string(declaredA) + "x" + std::to_string(declaredB) +
                      " but the grid has " + std::to_string(height) + " rows of " + std::to_string(width) + " cells");
            return;
        }
        NurikabeGrid clues(height, width);
        for (int r = 0; r < height; ++r)
            for (int c = 0; c < width; ++c)
                if (clueRows[r][c]) clues.setClue(r * width + c, clueRows[r][c]);
        std::optional<NurikabeGrid> solution;
        if (!solutionRows.empty()) {
            if (static_cast<int>(solutionRows.size()) != height) {
                error(solutionLines.back(), 1, "the solution has " + std::to_string(solutionRows.size()) +
                                                   " rows, expected " + std::to_string(height));
                return;
            }
            solution = clues;
            for (int r = 0; r < height; ++r) {
                if (static_cast<int>(solutionRows[r].size()) != width) {
                    error(solutionLines[r], 1, "solution row " + std::to_string(r + 1) + " has " +
                                                   std::to_string(solutionRows[r].size()) + " cells, expected " +
                                                   std::to_string(width));
                    return;
                }
                for (int c = 0; c < width; ++c) {
                    const bool island = solutionRows[r][c] == 'o';
                    if (clueRows[r][c] && !island) {
                        error(solutionLines[r], c + 1, "the solution shades the clue cell r" + std::to_string(r + 1) +
                                                           "c" + std::to_string(c + 1));
                        return;
                    }
                    solution->setState(r * width + c, island ? NurikabeCell::Island : NurikabeCell::River);
                }
            }
            const auto violations = solution->violations();
            if (!violations.empty()) {
                error(solutionLines.front(), 1, "the solution breaks a rule: " + violations.front().message);
                return;
            }
        }
        addNurikabe(std::move(clues), std::move(solution), firstLine, id);
    }

    void addNurikabe(NurikabeGrid clues, std::optional<NurikabeGrid> solution, int line, std::string id) {
        add(NurikabePuzzle{std::move(clues), std::move(solution)}, line, std::move(id));
    }

    // puzz.link: "...?nurikabe/W/H/body", the body in pzprjs's number16 encoding.
    void readNurikabeUrl(const Line& line) {
        const auto at = line.text.find("nurikabe/");
        const int column = static_cast<int>(at) + 1;
        std::string rest(line.text.substr(at + 9));
        const auto end = rest.find_first_of(" \t\"'<>#&");
        if (end != std::string::npos) rest = rest.substr(0, end);
        std::vector<std::string> parts;
        std::size_t start = 0;
        while (start <= rest.size()) {
            const auto slash = rest.find('/', start);
            parts.push_back(rest.substr(start, slash == std::string::npos ? std::string::npos : slash - start));
            if (slash == std::string::npos) break;
            start = slash + 1;
        }
        // Sizes of any length are read, so that a huge one is refused by name rather than as a malformed URL.
        const auto size = [](const std::string& text) -> long long {
            if (text.empty() || text.size() > 18 ||
                !std::all_of(text.begin(), text.end(), [](char c) { return isDigit(c); }))
                return -1;
            return std::stoll(text);
        };
        if (parts.size() < 2 || size(parts[0]) < 0 || size(parts[1]) < 0) {
            error(line.number, column, "a puzz.link Nurikabe URL needs nurikabe/WIDTH/HEIGHT/BODY");
            return;
        }
        const long long wide = size(parts[0]);
        const long long high = size(parts[1]);
        if (wide < 1 || high < 1 || wide > kMaxNurikabeSide || high > kMaxNurikabeSide) {
            error(line.number, column, "a Nurikabe grid must be 1 to " + std::to_string(kMaxNurikabeSide) +
                                           " cells wide and high (kMaxNurikabeSide), not " + parts[0] + "x" + parts[1]);
            return;
        }
        const int width = static_cast<int>(wide);
        const int height = static_cast<int>(high);
        const std::string body = parts.size() > 2 ? parts[2] : std::string();
        NurikabeGrid clues(height, width);
        int cell = 0;
        auto hex = [&](std::size_t from, std::size_t count, int& value) {
            if (from + count > body.size()) return false;
            value = 0;
            for (std::size_t k = 0; k < count; ++k) {
                const char c = body[from + k];
                const int digit = isDigit(c) ? c - '0'
                                  : (c >= 'a' && c <= 'f')                    ? c - 'a' + 10
                                                                               : -1;
                if (digit < 0) return false;
                value = value * 16 + digit;
            }
            return true;
        };
        for (std::size_t i = 0; i < body.size() && cell < width * height; ++i) {
            const char c = body[i];
            const int bodyColumn = column + 9 + static_cast<int>(parts[0].size() + parts[1].size()) + 2 + static_cast<int>(i);
            int value = 0;
            if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f')) {
                hex(i, 1, value);
            } else if (c == '-') {
                if (!hex(i + 1, 2, value)) {
                    error(line.number, bodyColumn, "'-' must be followed by two hexadecimal digits");
                    return;
                }
                i += 2;
            } else if (c == '+') {
                if (!hex(i + 1, 3, value)) {
                    error(line.number, bodyColumn, "'+' must be followed by three hexadecimal digits");
                    return;
                }
                i += 3;
            } else if (c >= 'g' && c <= 'z') {
                cell += c - 'g' + 1;
                continue;
            } else if (c == '.') {
                error(line.number, bodyColumn, "clues of unknown size ('?') are not supported");
                return;
            } else {
                error(line.number, bodyColumn, std::string("unexpected character '") + c + "' in a puzz.link body");
                return;
            }
            if (value < 1) {
                error(line.number, bodyColumn, "a Nurikabe clue must be at least 1");
                return;
            }
            clues.setClue(cell++, value);
        }
        if (cell > width * height) {
            error(line.number, column, "the puzz.link body describes more cells than the grid has");
            return;
        }
        addNurikabe(std::move(clues), std::nullopt, line.number, {});
    }

    // ------------------------------------------------------------------------------------------ paragraphs

    void readParagraph(std::span<const Line> lines) {
        if (lines.empty()) return;
        for (const auto& line : lines) {
            if (trimmed(line.text) == "[Puzzle]") {
                readSadMan(lines);
                return;
            }
        }
        if (isNurikabeParagraph(lines)) {
            readNurikabeParagraph(lines);
            return;
        }
        readLines(lines);
    }

    // Hands a puzzle read at `line` to the sink, named `id` or else by its place.
    template <class Content>
    void add(Content&& content, int line, std::string id) {
        if (!admit(line)) return;
        std::string origin = place(line);
        if (id.empty()) id = origin;
        ++m_handed;
        if (!m_take(Puzzle{std::move(id), std::move(origin), std::forward<Content>(content)})) m_stopped = true;
    }

    std::string m_source;
    const PuzzleSink& m_take;
    std::vector<ParseError> m_errors;
    std::size_t m_handed = 0;
    bool m_stopped = false;  // the limit was reached, or the sink wants no more
};

// The text of a puzzle file; nullopt, with the error, when it cannot be read or is too large.
std::optional<std::string> puzzleFileText(const std::string& path, std::vector<ParseError>& errors) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        errors.push_back({path, 0, 0, std::string("cannot read the file: ") + std::strerror(errno)});
        return std::nullopt;
    }
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > kMaxPuzzleFileBytes) {
        errors.push_back({path, 0, 0, std::to_string(size) + " bytes is more than a puzzle file may have (" +
                                          std::to_string(kMaxPuzzleFileBytes) + ", kMaxPuzzleFileBytes)"});
        return std::nullopt;
    }
    // One read into a string of the file's size where the size is known (not for a pipe): no copies.
    std::string text(ec ? 0 : static_cast<std::size_t>(size), '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (in && in.peek() != std::ifstream::traits_type::eof()) {  // the file grew, or its size was not known
        std::ostringstream rest;
        rest << in.rdbuf();
        text += std::move(rest).str();
    }
    return text;
}

}  // namespace

std::vector<ParseError> readPuzzles(std::string_view text, const std::string& sourceName, const PuzzleSink& take) {
    return Reader(sourceName, take).read(text);
}

std::vector<ParseError> readPuzzleFile(const std::string& path, const PuzzleSink& take) {
    std::vector<ParseError> errors;
    const std::optional<std::string> text = puzzleFileText(path, errors);
    return text ? readPuzzles(*text, path, take) : errors;
}

PuzzleCollection parsePuzzles(std::string_view text, const std::string& sourceName) {
    PuzzleCollection collection;
    // At most one puzzle a line: room for all of them at once, so that a large text is not copied as the list
    // grows (the pages of the room left unused are never touched).
    const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
    collection.puzzles.reserve(std::min(lines, kMaxPuzzlesPerFile));
    collection.errors = readPuzzles(text, sourceName, [&collection](Puzzle&& puzzle) {
        collection.puzzles.push_back(std::move(puzzle));
        return true;
    });
    return collection;
}

PuzzleCollection loadPuzzleFile(const std::string& path) {
    PuzzleCollection collection;
    const std::optional<std::string> text = puzzleFileText(path, collection.errors);
    return text ? parsePuzzles(*text, path) : collection;
}

std::string formatSudoku(const SudokuGrid& grid, SudokuTextStyle style) {
    const int n = grid.size();
    if (style == SudokuTextStyle::Line) {
        std::string line;
        for (int cell = 0; cell < grid.cellCount(); ++cell) line += digitChar(grid.value(cell));
        return line + "\n";
    }
    const SudokuShape shape = grid.shape();
    std::string separator;
    for (int band = 0; band < n / shape.boxColumns; ++band)
        separator += (band ? "+" : "") + std::string(static_cast<std::size_t>(shape.boxColumns), '-');
    std::string text;
    for (int r = 0; r < n; ++r) {
        if (r && r % shape.boxRows == 0) text += separator + "\n";
        for (int c = 0; c < n; ++c) {
            if (c && c % shape.boxColumns == 0) text += '|';
            text += digitChar(grid.value(r * n + c));
        }
        text += "\n";
    }
    return text;
}

std::string formatNurikabe(const NurikabeGrid& clues, const NurikabeGrid* solution, const std::string& id) {
    std::string text;
    if (!id.empty()) text += id + " " + std::to_string(clues.height()) + " " + std::to_string(clues.width()) + "\n";
    for (int r = 0; r < clues.height(); ++r) {
        for (int c = 0; c < clues.width(); ++c) {
            const int clue = clues.clue(r * clues.width() + c);
            text += (c ? " " : "") + (clue ? std::to_string(clue) : std::string("."));
        }
        text += "\n";
    }
    if (solution) {
        for (int r = 0; r < solution->height(); ++r) {
            for (int c = 0; c < solution->width(); ++c)
                text += solution->state(r * solution->width() + c) == NurikabeCell::River ? '#' : 'o';
            text += "\n";
        }
    }
    return text;
}

std::string formatNurikabeUrl(const NurikabeGrid& clues) {
    std::string body;
    int gap = 0;
    auto flushGap = [&] {
        while (gap > 0) {
            const int run = std::min(gap, 20);
            body += static_cast<char>('g' + run - 1);
            gap -= run;
        }
    };
    static const char* const kHex = "0123456789abcdef";
    for (int cell = 0; cell < clues.cellCount(); ++cell) {
        const int clue = clues.clue(cell);
        if (!clue) {
            ++gap;
            continue;
        }
        flushGap();
        if (clue < 16) {
            body += kHex[clue];
        } else if (clue < 256) {
            body += '-';
            body += kHex[clue / 16];
            body += kHex[clue % 16];
        } else {
            body += '+';
            body += kHex[(clue / 256) % 16];
            body += kHex[(clue / 16) % 16];
            body += kHex[clue % 16];
        }
    }
    flushGap();
    return "https://puzz.link/p?nurikabe/" + std::to_string(clues.width()) + "/" + std::to_string(clues.height()) +
           "/" + body;
}

std::string formatPuzzles(const std::vector<Puzzle>& puzzles) {
    std::string text;
    for (const auto& puzzle : puzzles)
        std::visit([&](const auto& content) { appendPuzzleText(text, content, puzzle.id); }, puzzle.content);
    return text;
}

namespace {
std::atomic<AtomicWriteFault> g_atomicWriteFault{nullptr};
}  // namespace

void setAtomicWriteFault(AtomicWriteFault fault) { g_atomicWriteFault.store(fault); }

namespace {
// Gives the complete unnamed file `fd` (O_TMPFILE) a name "<prefix><pid>.<n>" in `folder`, free at the moment.
bool nameUnnamedFile(int fd, const std::filesystem::path& folder, const std::string& prefix, std::string& name) {
    static std::atomic<unsigned> counter{0};
    const std::string self = "/proc/self/fd/" + std::to_string(fd);
    for (int attempt = 0; attempt < 100; ++attempt) {
        name = (folder / (prefix + std::to_string(::getpid()) + "." + std::to_string(counter++))).string();
        if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0) return true;
        if (errno != EEXIST) break;
    }
    name.clear();
    return false;
}

// Removes the complete temporaries "<prefix><pid>.<n>" that writers of the same file left when they were killed
// between naming one and renaming it over the file. A temporary whose process still runs (or may: one that is
// not ours to signal) is a write in progress and stays.
void removeStaleTemporaries(const std::filesystem::path& folder, const std::string& prefix) {
    const auto isNumber = [](std::string_view text) {
        return !text.empty() && text.size() <= 9 && std::all_of(text.begin(), text.end(), [](char c) {
            return c >= '0' && c <= '9';
        });
    };
    std::error_code ec;
    for (std::filesystem::directory_iterator entry(folder, ec), end; !ec && entry != end; entry.increment(ec)) {
        const std::string name = entry->path().filename().string();
        if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
        const std::string_view rest = std::string_view(name).substr(prefix.size());
        const std::size_t dot = rest.find('.');
        if (dot == std::string_view::npos || !isNumber(rest.substr(0, dot)) || !isNumber(rest.substr(dot + 1)))
            continue;
        const pid_t pid = static_cast<pid_t>(std::stol(std::string(rest.substr(0, dot))));
        if (pid == ::getpid() || ::kill(pid, 0) == 0 || errno != ESRCH) continue;
        std::error_code ignored;
        std::filesystem::remove(entry->path(), ignored);
    }
}
}  // namespace

// The content goes to an unnamed file (O_TMPFILE), which the kernel deletes if the program dies before it is
// complete; only once it is whole and synced does it get a temporary name, at once renamed over `path`. A kill
// therefore leaves no temporary behind, but in the instant between those two calls: such a complete temporary
// is removed by the next write of the same file. Where the file system has no O_TMPFILE, a named temporary
// from mkstemp takes its place from the start.
bool writeFileAtomically(const std::string& path, std::string_view content, std::string& error) {
    const std::filesystem::path target(path);
    const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : ".";
    const std::string prefix = "." + target.filename().string() + ".";
    std::string temporary;
    int fd = ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
    const bool unnamed = fd >= 0;
    if (!unnamed) {
        temporary = (folder / (prefix + "XXXXXX")).string();
        fd = ::mkstemp(temporary.data());
    }
    if (fd < 0) {
        error = writeError(path, errno);
        return false;
    }
    ::fchmod(fd, 0644);  // mkstemp creates 0600, O_TMPFILE follows the umask; a saved file is an ordinary readable one
    bool complete = writeAll(fd, content) && ::fsync(fd) == 0;
    int savedErrno = errno;
    if (complete && unnamed && !nameUnnamedFile(fd, folder, prefix, temporary)) {
        complete = false;
        savedErrno = errno;
    }
    if (::close(fd) != 0 && complete) {
        complete = false;
        savedErrno = errno;
    }
    if (const AtomicWriteFault fault = g_atomicWriteFault.load(); complete && fault && !fault(temporary, path)) {
        complete = false;
        savedErrno = EIO;
    }
    if (!complete || ::rename(temporary.c_str(), path.c_str()) != 0) {
        error = writeError(path, complete ? errno : savedErrno);
        if (!temporary.empty()) ::unlink(temporary.c_str());
        return false;
    }
    removeStaleTemporaries(folder, prefix);
    return true;
}

}  // namespace pw
