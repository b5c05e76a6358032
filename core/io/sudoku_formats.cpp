// The Sudoku formats of the puzzle-file reader (see formats.cpp for how a text is told apart): one-line puzzles
// with or without an id, '|'-separated records, grids with separator lines (Simple Sudoku), 729-character
// pencil marks, SadMan .sdk and CSV with a puzzle column; and the Sudoku text the writers produce.

#include "io/puzzle_reader.h"

#include "io/csv_table.h"

#include <array>
#include <cctype>

namespace pw {
namespace reading {

namespace {

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

// The first two words of `text` (tokenize without copying, for the one-line formats).
std::array<Word, 2> firstTwoWords(std::string_view text) {
    std::array<Word, 2> words;
    std::size_t i = 0;
    for (Word& word : words) word = nextWord(text, i);
    return words;
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

}  // namespace

std::optional<SudokuGrid> Reader::sudokuFromCells(std::string_view cells, int line, int column) {
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

bool Reader::checkGivens(const SudokuGrid& grid, int line, const std::function<int(int)>& columnOf) {
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

bool Reader::checkSolution(const SudokuGrid& givens, const SudokuGrid& solution, int line, int column) {
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

void Reader::addSudoku(const SudokuGrid& grid, std::optional<SudokuGrid> solution, int line, std::string id) {
    add(SudokuPuzzle{grid, std::move(solution)}, line, std::move(id));
}

std::function<int(int)> Reader::consecutiveColumns(int first) {
    return [first](int cell) { return first + cell; };
}

void Reader::readPencilMarks(std::string_view cells, int line, int column, const std::string& id) {
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

bool Reader::isPuzzleToken(std::string_view token) {
    const std::size_t n = token.size();
    if (n != 16 && n != 36 && n != 81 && n != 256 && n != 729) return false;
    // Mostly cell characters: a word of that length is still an (erroneous) puzzle line.
    const auto cellish = std::count_if(token.begin(), token.end(), [](unsigned char c) {
        return isDigit(static_cast<char>(c)) || c == '.' || c == '-' || (c >= 'A' && c <= 'G') || (c >= 'a' && c <= 'g');
    });
    return cellish * 10 >= static_cast<long>(n) * 9;
}

bool Reader::readPipeSeparatedLine(const Line& line) {
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

void Reader::readOneLineSudoku(std::string_view cells, int line, int column, const std::string& id) {
    auto grid = sudokuFromCells(cells, line, column);
    if (grid && checkGivens(*grid, line, consecutiveColumns(column))) addSudoku(*grid, std::nullopt, line, id);
}

bool Reader::readSudokuLine(const Line& line) {
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

bool Reader::isSeparatorLine(std::string_view text) {
    const std::string_view t = trimmed(text);
    return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) {
        return c == '-' || c == '+' || c == '=' || c == '|' || c == '*' || c == ' ' || c == '\t';
    }) && t.find_first_of("-=") != std::string_view::npos;
}

bool Reader::isGridRowCell(char c) { return c != '|' && c != '!' && !isSpace(c); }

std::vector<std::pair<char, int>> Reader::gridRowCells(std::string_view text) {
    std::vector<std::pair<char, int>> cells;
    for (std::size_t i = 0; i < text.size(); ++i)
        if (isGridRowCell(text[i])) cells.emplace_back(text[i], static_cast<int>(i) + 1);
    return cells;
}

std::size_t Reader::gridRowCellCount(std::string_view text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), isGridRowCell));
}

void Reader::finishGrid(GridRows& grid) {
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

void Reader::readLines(std::span<const Line> lines, const std::string& gridId) {
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

void Reader::readSadMan(std::span<const Line> lines) {
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

std::vector<Token> Reader::splitCsv(std::string_view text) {
    std::vector<Token> fields;
    for (auto& field : splitCsvLine(std::string(text))) fields.push_back({std::move(field.text), field.column});
    return fields;
}

std::string Reader::lower(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

int Reader::findColumn(const std::vector<Token>& header, const std::vector<std::string>& names, bool containing) {
    for (std::size_t i = 0; i < header.size(); ++i) {
        const std::string name = lower(header[i].text);
        for (const auto& wanted : names)
            if (containing ? name.find(wanted) != std::string::npos : name == wanted) return static_cast<int>(i);
    }
    return -1;
}

bool Reader::isCsvHeader(std::string_view text) {
    if (text.find_first_of(",;\t") == std::string_view::npos || text.find('|') != std::string_view::npos) return false;
    const auto fields = splitCsv(text);
    for (const auto& field : fields)
        if (field.text.size() > 24) return false;
    return findColumn(fields, {"puzzle", "quiz"}, true) >= 0;
}

void Reader::readCsv(std::span<const Line> lines, const Line& headerLine) {
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

}  // namespace reading

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

}  // namespace pw
