#include "io/run_report.h"

#include "io/formats.h"
#include "puzzle/puzzle_kind.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <vector>

namespace pw {

nlohmann::json parameterValueJson(const ParameterValue& value) {
    return std::visit([](const auto& v) { return nlohmann::json(v); }, value);
}

const char* runStatusName(Outcome outcome) {
    switch (outcome) {
    case Outcome::Solved: return "solved";
    case Outcome::Failed: return "unsolved";
    case Outcome::Stopped:
    case Outcome::BudgetExhausted: return "stopped";
    }
    return "unsolved";
}

bool isFalseSolution(const RunResult& result) {
    return result.outcome != Outcome::Solved && result.bestCost == 0 && !result.valid;
}

// Whether `board` is the solution the puzzle's source gives; null when the source gives none.
static nlohmann::json matchesKnownSolution(const Puzzle& puzzle, const Board& board) {
    const std::optional<Board> known = knownSolution(puzzle);
    if (!known) return nullptr;
    return boardLine(*known) == boardLine(board);
}

nlohmann::json runResultJson(const Puzzle& puzzle, const std::string& algorithmId, std::uint64_t seed,
                             std::uint64_t run, const RunResult& result) {
    nlohmann::json line = {{"id", puzzle.id},
                           {"kind", puzzleKindName(puzzle.kind())},
                           {"puzzle", puzzleLine(puzzle)},
                           {"algorithm", algorithmId},
                           {"seed", seed},
                           {"run", run},
                           {"status", runStatusName(result.outcome)},
                           {"outcome", outcomeName(result.outcome)},
                           {"reason", result.reason},
                           {"valid", result.valid},
                           {"seconds", result.seconds},
                           {"steps", result.counters.steps},
                           {"evaluations", result.counters.evaluations},
                           {"best_cost", result.bestCost},
                           {"false_solution", isFalseSolution(result)},
                           {"solution", boardLine(result.finalBoard)},
                           {"matches_known", matchesKnownSolution(puzzle, result.finalBoard)}};
    for (const auto& [key, value] : result.results) line[key] = parameterValueJson(value);
    return line;
}

void appendJsonString(std::string& out, std::string_view text) {
    // Ids, boards and names need no escape: one scan finds that, and they go in one piece.
    const auto special = std::find_if(text.begin(), text.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 0x20 || u >= 0x80 || c == '"' || c == '\\';
    });
    if (special == text.end()) {
        out += '"';
        out += text;
        out += '"';
        return;
    }
    // nlohmann passes valid UTF-8 through and rejects invalid UTF-8: text beyond ASCII is left to it.
    if (std::any_of(special, text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
        out += nlohmann::json(std::string(text)).dump();
        return;
    }
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    while (!text.empty()) {
        // The run of characters that need no escape goes in one piece (ids and boards are all such).
        const auto plain = std::find_if(text.begin(), text.end(), [](char c) {
            return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20;
        });
        out.append(text.begin(), plain);
        text.remove_prefix(static_cast<std::size_t>(plain - text.begin()));
        if (text.empty()) break;
        const char c = text.front();
        text.remove_prefix(1);
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            out += "\\u00";
            out += kHex[c >> 4];
            out += kHex[c & 15];
        }
    }
    out += '"';
}

void appendJsonNumber(std::string& out, std::uint64_t value) {
    char digits[20];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    out.append(digits, end);
}

// nlohmann's shortest round-trip form ("0.0", "26.0", "5.167e-05"). A whole number below 10^15 is its digits
// and ".0" there (from 10^15 on it switches to an exponent), written here without building a JSON value.
void appendJsonNumber(std::string& out, double value) {
    if (!std::signbit(value) && value < 1e15 && value == std::floor(value)) {  // not NaN: it compares false
        appendJsonNumber(out, static_cast<std::uint64_t>(value));
        out += ".0";
        return;
    }
    out += nlohmann::json(value).dump();
}

void appendRunResultJson(std::string& out, const Puzzle& puzzle, const std::string& algorithmId, std::uint64_t seed,
                         std::uint64_t run, const RunResult& result) {
    // The algorithm's results merge into the fields in key order, as in the object runResultJson builds (a
    // result named like a field replaces it; of two results with one name the later one counts).
    std::vector<const std::pair<std::string, ParameterValue>*> extra;
    for (const auto& entry : result.results) extra.push_back(&entry);
    std::stable_sort(extra.begin(), extra.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
    std::size_t next = 0;
    bool first = true;
    // Text made here (field names, board lines, status names) holds no character JSON escapes: it is written
    // as it is. Names and text from elsewhere go through appendJsonString.
    const auto plain = [&out](std::string_view text) {
        out += '"';
        out += text;
        out += '"';
    };
    const auto key = [&](std::string_view name, bool plainName = true) {
        out += first ? '{' : ',';
        first = false;
        if (plainName) plain(name);
        else appendJsonString(out, name);
        out += ':';
    };
    // Writes the results that sort before the field `name` (all that are left when there is none); true when
    // one of them replaces that field.
    const auto extraBefore = [&](std::optional<std::string_view> name) {
        while (next < extra.size() && (!name || std::string_view(extra[next]->first) <= *name)) {
            while (next + 1 < extra.size() && extra[next + 1]->first == extra[next]->first) ++next;
            const auto& [extraName, value] = *extra[next++];
            key(extraName, false);
            out += parameterValueJson(value).dump();
            if (name && extraName == *name) return true;
        }
        return false;
    };
    const auto field = [&](std::string_view name, const auto& write) {
        if (extraBefore(name)) return;
        key(name);
        write();
    };
    const std::string solution = boardLine(result.finalBoard);
    field("algorithm", [&] { appendJsonString(out, algorithmId); });
    field("best_cost", [&] { appendJsonNumber(out, result.bestCost); });
    field("evaluations", [&] { appendJsonNumber(out, result.counters.evaluations); });
    field("false_solution", [&] { out += isFalseSolution(result) ? "true" : "false"; });
    field("id", [&] { appendJsonString(out, puzzle.id); });
    field("kind", [&] { plain(puzzleKindName(puzzle.kind())); });
    field("matches_known", [&] {
        const std::optional<Board> known = knownSolution(puzzle);
        out += !known ? "null" : boardLine(*known) == solution ? "true" : "false";
    });
    field("outcome", [&] { plain(outcomeName(result.outcome)); });
    field("puzzle", [&] { plain(puzzleLine(puzzle)); });
    field("reason", [&] { appendJsonString(out, result.reason); });
    field("run", [&] { appendJsonNumber(out, run); });
    field("seconds", [&] { appendJsonNumber(out, result.seconds); });
    field("seed", [&] { appendJsonNumber(out, seed); });
    field("solution", [&] { plain(solution); });
    field("status", [&] { plain(runStatusName(result.outcome)); });
    field("steps", [&] { appendJsonNumber(out, result.counters.steps); });
    field("valid", [&] { out += result.valid ? "true" : "false"; });
    extraBefore(std::nullopt);
    out += "}\n";
}

}  // namespace pw
