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
#include "io/puzzle_reader.h"

#include "io/puzzle_text.h"

#include <array>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace pw {

std::string ParseError::toString() const {
    std::string text = file;
    if (line > 0) text += ":" + std::to_string(line);
    if (line > 0 && column > 0) text += ":" + std::to_string(column);
    return text + ": " + message;
}

namespace reading {

namespace {
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
}  // namespace

std::vector<ParseError> Reader::read(std::string_view text) {
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

void Reader::error(int line, int column, std::string message) {
    if (m_errors.size() < kMaxParseErrors) {
        m_errors.push_back({m_source, line, column, std::move(message)});
    } else if (m_errors.size() == kMaxParseErrors) {
        m_errors.push_back({m_source, line, column,
                                   "more than " + std::to_string(kMaxParseErrors) +
                                       " bad entries (kMaxParseErrors); the later ones are not listed"});
    }
}

std::string Reader::place(int line) const {
    std::array<char, 16> number;
    char* end = std::to_chars(number.data(), number.data() + number.size(), line).ptr;
    std::string text;
    text.reserve(m_source.size() + 1 + static_cast<std::size_t>(end - number.data()));
    text.append(m_source).append(1, ':').append(number.data(), end);
    return text;
}

bool Reader::admit(int line) {
    if (m_stopped) return false;
    if (m_handed < kMaxPuzzlesPerFile) return true;
    m_stopped = true;
    m_errors.push_back({m_source, line, 1, "more than " + std::to_string(kMaxPuzzlesPerFile) +
                                               " puzzles in one file (kMaxPuzzlesPerFile); the rest is not read"});
    return false;
}

void Reader::readParagraph(std::span<const Line> lines) {
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

}  // namespace reading

namespace {

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
    return reading::Reader(sourceName, take).read(text);
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

std::string formatPuzzles(const std::vector<Puzzle>& puzzles) {
    std::string text;
    for (const auto& puzzle : puzzles)
        std::visit([&](const auto& content) { appendPuzzleText(text, content, puzzle.id); }, puzzle.content);
    return text;
}

}  // namespace pw
