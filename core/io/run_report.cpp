#include "io/run_report.h"

#include "io/formats.h"
#include "puzzle/puzzle_kind.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
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

namespace {

// JSON text written at a cursor into room made at the end of a string. A result line has some sixty pieces
// and `solve` writes one a puzzle: appending each to the string would be a call and a capacity check each.
// The string has its final length once the writer is gone.
class JsonWriter {
public:
    explicit JsonWriter(std::string& out) : m_out(out), m_at(out.data() + out.size()), m_end(m_at) {}
    ~JsonWriter() { m_out.resize(static_cast<std::size_t>(m_at - m_out.data())); }
    JsonWriter(const JsonWriter&) = delete;
    JsonWriter& operator=(const JsonWriter&) = delete;

    // Text that needs no escape: names made here, board lines, numbers' digits.
    void put(std::string_view text) {
        room(text.size());
        std::memcpy(m_at, text.data(), text.size());
        m_at += text.size();
    }
    void put(char c) {
        room(1);
        *m_at++ = c;
    }
    void putQuoted(std::string_view text) {
        room(text.size() + 2);
        *m_at++ = '"';
        std::memcpy(m_at, text.data(), text.size());
        m_at += text.size();
        *m_at++ = '"';
    }

    // A string as nlohmann's dump() writes it.
    void putString(std::string_view text) {
        // Ids, boards and names need no escape: one scan finds that, and they go in one piece.
        const auto special = std::find_if(text.begin(), text.end(), [](char c) {
            const auto u = static_cast<unsigned char>(c);
            return u < 0x20 || u >= 0x80 || c == '"' || c == '\\';
        });
        if (special == text.end()) {
            putQuoted(text);
            return;
        }
        // nlohmann passes valid UTF-8 through and rejects invalid UTF-8: text beyond ASCII is left to it.
        if (std::any_of(special, text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
            put(nlohmann::json(std::string(text)).dump());
            return;
        }
        static constexpr char kHex[] = "0123456789abcdef";
        put('"');
        while (!text.empty()) {
            // The run of characters that need no escape goes in one piece.
            const auto plain = std::find_if(text.begin(), text.end(), [](char c) {
                return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20;
            });
            put(std::string_view(text.begin(), plain));
            text.remove_prefix(static_cast<std::size_t>(plain - text.begin()));
            if (text.empty()) break;
            const char c = text.front();
            text.remove_prefix(1);
            switch (c) {
            case '"': put("\\\""); break;
            case '\\': put("\\\\"); break;
            case '\b': put("\\b"); break;
            case '\f': put("\\f"); break;
            case '\n': put("\\n"); break;
            case '\r': put("\\r"); break;
            case '\t': put("\\t"); break;
            default:
                put("\\u00");
                put(kHex[c >> 4]);
                put(kHex[c & 15]);
            }
        }
        put('"');
    }

    void putNumber(std::uint64_t value) {
        room(20);
        m_at = std::to_chars(m_at, m_end, value).ptr;
    }
    // nlohmann's shortest round-trip form ("0.0", "26.0", "5.167e-05"), from the function its dump() writes
    // numbers with; like dump(), "null" when not finite.
    void putNumber(double value) {
        if (!std::isfinite(value)) {
            put("null");
            return;
        }
        room(64);  // the size of dump()'s own buffer
        m_at = nlohmann::detail::to_chars(m_at, m_end, value);
    }

    void putBoolean(bool value) { put(value ? std::string_view("true") : std::string_view("false")); }

    // A board's one-line form (boardLine()) in quotes, a Sudoku grid written in place.
    void putBoardLine(const Board& board) {
        if (const auto* grid = std::get_if<SudokuGrid>(&board)) putBoardLine(*grid);
        else putQuoted(boardLine(board));
    }
    void putBoardLine(const SudokuGrid& grid) {
        room(static_cast<std::size_t>(grid.cellCount()) + 2);
        *m_at++ = '"';
        m_at = writeBoardLine(m_at, grid);
        *m_at++ = '"';
    }

private:
    void room(std::size_t bytes) {
        if (static_cast<std::size_t>(m_end - m_at) < bytes) grow(bytes);
    }
    // Room for `bytes` and a line more: a result line takes one or two of these.
    void grow(std::size_t bytes) {
        const auto used = static_cast<std::size_t>(m_at - m_out.data());
        m_out.resize(used + bytes + 512);  // the string's own capacity grows by doubling
        m_at = m_out.data() + used;
        m_end = m_out.data() + m_out.size();
    }

    std::string& m_out;
    char* m_at;
    char* m_end;
};

}  // namespace

void appendJsonString(std::string& out, std::string_view text) { JsonWriter(out).putString(text); }

void appendJsonNumber(std::string& out, std::uint64_t value) { JsonWriter(out).putNumber(value); }

void appendJsonNumber(std::string& out, double value) { JsonWriter(out).putNumber(value); }

void appendRunResultJson(std::string& out, const Puzzle& puzzle, const std::string& algorithmId, std::uint64_t seed,
                         std::uint64_t run, const RunResult& result) {
    // The algorithm's results merge into the fields in key order, as in the object runResultJson builds (a
    // result named like a field replaces it; of two results with one name the later one counts).
    std::vector<const std::pair<std::string, ParameterValue>*> extra;
    for (const auto& entry : result.results) extra.push_back(&entry);
    std::stable_sort(extra.begin(), extra.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
    std::size_t next = 0;
    JsonWriter line(out);
    bool first = true;
    // Field names and the text made here (board lines, status names) hold no character JSON escapes: they are
    // written as they are. Names and text from elsewhere are escaped.
    const auto key = [&](std::string_view name, bool plainName = true) {
        line.put(first ? '{' : ',');
        first = false;
        if (plainName) line.putQuoted(name);
        else line.putString(name);
        line.put(':');
    };
    // Writes the results that sort before the field `name` (all that are left when there is none); true when
    // one of them replaces that field.
    const auto extraBefore = [&](std::optional<std::string_view> name) {
        while (next < extra.size() && (!name || std::string_view(extra[next]->first) <= *name)) {
            while (next + 1 < extra.size() && extra[next + 1]->first == extra[next]->first) ++next;
            const auto& [extraName, value] = *extra[next++];
            key(extraName, false);
            line.put(parameterValueJson(value).dump());
            if (name && extraName == *name) return true;
        }
        return false;
    };
    const auto field = [&](std::string_view name, const auto& write) {
        if (extraBefore(name)) return;
        key(name);
        write();
    };
    field("algorithm", [&] { line.putString(algorithmId); });
    field("best_cost", [&] { line.putNumber(result.bestCost); });
    field("evaluations", [&] { line.putNumber(result.counters.evaluations); });
    field("false_solution", [&] { line.putBoolean(isFalseSolution(result)); });
    field("id", [&] { line.putString(puzzle.id); });
    field("kind", [&] { line.putQuoted(puzzleKindName(puzzle.kind())); });
    field("matches_known", [&] {
        const std::optional<Board> known = knownSolution(puzzle);
        if (known) line.putBoolean(boardLine(*known) == boardLine(result.finalBoard));
        else line.put("null");
    });
    field("outcome", [&] { line.putQuoted(outcomeName(result.outcome)); });
    field("puzzle", [&] {
        // A Sudoku's puzzle line is its givens' board line (puzzleLine()), here written in place.
        if (const auto* sudoku = std::get_if<SudokuPuzzle>(&puzzle.content)) line.putBoardLine(sudoku->givens);
        else line.putQuoted(puzzleLine(puzzle));
    });
    field("reason", [&] { line.putString(result.reason); });
    field("run", [&] { line.putNumber(run); });
    field("seconds", [&] { line.putNumber(result.seconds); });
    field("seed", [&] { line.putNumber(seed); });
    field("solution", [&] { line.putBoardLine(result.finalBoard); });
    field("status", [&] { line.putQuoted(runStatusName(result.outcome)); });
    field("steps", [&] { line.putNumber(result.counters.steps); });
    field("valid", [&] { line.putBoolean(result.valid); });
    extraBefore(std::nullopt);
    line.put("}\n");
}

}  // namespace pw
