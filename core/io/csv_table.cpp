#include "io/csv_table.h"

#include "base/text_format.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace pw {

namespace {

std::string trimmed(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) return {};
    return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

std::string lowered(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace

std::vector<CsvField> splitCsvLine(const std::string& line) {
    std::vector<CsvField> fields;
    std::string field;
    int column = 1;
    bool quoted = false;
    for (std::size_t i = 0; i <= line.size(); ++i) {
        const char c = i < line.size() ? line[i] : ',';
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',' || c == ';' || c == '\t') {
            fields.push_back({trimmed(field), column});
            field.clear();
            column = static_cast<int>(i) + 2;
        } else {
            field += c;
        }
    }
    return fields;
}

std::string csvField(std::string_view text) {
    const bool needsQuotes = text.find_first_of(",;\t\"\n") != std::string_view::npos ||
                             (!text.empty() && (text.front() == ' ' || text.back() == ' '));
    if (!needsQuotes) return std::string(text);
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + '"';
}

std::optional<double> parseNumber(const std::string& field) {
    if (field.empty()) return std::nullopt;
    char* end = nullptr;
    const double value = std::strtod(field.c_str(), &end);
    if (end != field.c_str() + field.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

std::string puzzleJoinKey(std::string puzzle) {
    for (char& c : puzzle)
        if (c == '0' || c == '-') c = '.';
    return puzzle;
}

int CsvTable::column(std::string_view name) const {
    const std::string wanted = lowered(name);
    for (std::size_t i = 0; i < header.size(); ++i)
        if (lowered(header[i]) == wanted) return static_cast<int>(i);
    return -1;
}

int CsvTable::columnContaining(std::string_view part) const {
    const std::string wanted = lowered(part);
    for (std::size_t i = 0; i < header.size(); ++i)
        if (lowered(header[i]).find(wanted) != std::string::npos) return static_cast<int>(i);
    return -1;
}

std::optional<CsvTable> parseCsvTable(std::string_view text, const std::string& sourceName, ParseError& error) {
    CsvTable table;
    bool haveHeader = false;
    text = withoutByteOrderMark(text);
    // Short rows are filled up to the header's width: a wide header over many near-empty lines would make the
    // table far larger than its text (16,000 columns over 16,000 one-character lines: 8 GB from 64 KB).
    const std::size_t maxCells = text.size() + kMaxCsvPaddingCells;
    std::size_t cells = 0;
    std::size_t start = 0;
    for (int number = 1; start < text.size(); ++number) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string line(text.substr(start, end - start));
        start = end + 1;
        const std::string trimmedLine = trimmed(line);
        if (trimmedLine.empty() || trimmedLine[0] == '#') continue;
        std::vector<std::string> fields;
        for (auto& field : splitCsvLine(line)) fields.push_back(std::move(field.text));
        if (!haveHeader) {
            table.header = std::move(fields);
            haveHeader = true;
            continue;
        }
        cells += std::max(fields.size(), table.header.size());
        if (cells > maxCells) {
            error = {sourceName, number, 1,
                     "the table would hold more than " + std::to_string(maxCells) + " fields: " +
                         std::to_string(table.header.size()) + " columns on each of " +
                         std::to_string(table.rows.size() + 1) + " rows, far more than its text has"};
            return std::nullopt;
        }
        fields.resize(table.header.size());
        table.rows.push_back(std::move(fields));
        table.lineNumbers.push_back(number);
    }
    if (!haveHeader) {
        error = {sourceName, 1, 1, "expected a header line naming the columns"};
        return std::nullopt;
    }
    return table;
}

std::optional<CsvTable> readCsvTable(const std::string& path, ParseError& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = {path, 0, 0, "cannot open the file"};
        return std::nullopt;
    }
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > kMaxCsvFileBytes) {
        error = {path, 0, 0, std::to_string(size) + " bytes is more than a table may have (" +
                                 std::to_string(kMaxCsvFileBytes) + ", kMaxCsvFileBytes)"};
        return std::nullopt;
    }
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    return parseCsvTable(text, path, error);
}

}  // namespace pw
