// The Nurikabe formats of the puzzle-file reader (see formats.cpp for how a text is told apart): text grids of
// clues under an optional "ID W H" header with solution rows of '#' and 'o', and puzz.link URLs; and the
// Nurikabe text and URL the writers produce.

#include "io/puzzle_reader.h"

#include <cctype>

namespace pw {
namespace reading {

namespace {

bool isInteger(const std::string& text) {
    return !text.empty() && text.size() <= 4 &&
           std::all_of(text.begin(), text.end(), [](char c) { return isDigit(c); });
}

}  // namespace

bool Reader::isClueToken(const std::string& token) { return token == "." || (isInteger(token) && std::stoi(token) > 0); }

bool Reader::isSolutionRow(std::string_view text) {
    const std::string_view t = trimmed(text);
    return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c == '#' || c == 'o' || c == ' '; });
}

bool Reader::isHeader(const std::vector<Token>& tokens) {
    return tokens.size() >= 3 && isInteger(tokens[1].text) && isInteger(tokens[2].text) &&
           std::stoi(tokens[1].text) > 0 && std::stoi(tokens[2].text) > 0;
}

bool Reader::isNurikabeParagraph(std::span<const Line> lines) {
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

void Reader::readNurikabeParagraph(std::span<const Line> lines) {
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

void Reader::addNurikabe(NurikabeGrid clues, std::optional<NurikabeGrid> solution, int line, std::string id) {
    add(NurikabePuzzle{std::move(clues), std::move(solution)}, line, std::move(id));
}

void Reader::readNurikabeUrl(const Line& line) {
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

}  // namespace reading

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

}  // namespace pw
