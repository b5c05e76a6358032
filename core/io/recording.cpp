#include "io/recording.h"

#include "io/json_parameters.h"
#include "io/json_place.h"
#include "io/output.h"

#include "algorithms/registry.h"
#include "algorithms/run_configuration.h"
#include "base/text_format.h"
#include "engine/algorithm.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>

#ifndef PW_VERSION
#error "PW_VERSION must be defined by the build (the project version)"
#endif

namespace pw {

namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kFormatName = "puzzle-workbench-recording";
constexpr int kFormatVersion = 1;
constexpr const char* kComment =
    "A run recording of Puzzle Workbench. Runs are deterministic, so this file holds the run's inputs, not its "
    "events: replaying re-runs the algorithm with the same puzzle, parameters, seed and budgets. A time limit "
    "or a stop by hand cannot be repeated: such a run is replayed with a step budget equal to result.steps, "
    "the steps it actually took.";

const Outcome kOutcomes[] = {Outcome::Solved, Outcome::Stopped, Outcome::BudgetExhausted, Outcome::Failed};

// An error at a place in the text; caught by parseRecording.
struct RecordingError {
    int line = 0;
    int column = 0;
    std::string message;
};

// Reads the parsed document and names places in the text for errors. The JSON library keeps no positions of
// values, so a field's place is where its quoted key first appears after its parent's key: exact for the
// files this module writes and for any hand edit that keeps keys unique.
class Reader {
public:
    explicit Reader(std::string_view text) : m_text(text) {}

    [[noreturn]] void fail(const std::string& path, const std::string& message) const {
        const auto [line, column] = lineAndColumn(m_text, offsetOf(path));
        throw RecordingError{line, column, message};
    }

    // The member `key` of `object` (whose dotted path is `parent`); `required` members must be present.
    const Json* member(const Json& object, const std::string& parent, const std::string& key, bool required) const {
        const auto found = object.find(key);
        if (found == object.end()) {
            if (required) fail(parent, "missing field '" + key + "'");
            return nullptr;
        }
        return &*found;
    }
    std::string string(const Json& object, const std::string& parent, const std::string& key) const {
        const Json* value = member(object, parent, key, true);
        if (!value->is_string()) fail(join(parent, key), "'" + key + "' must be a string");
        return value->get<std::string>();
    }
    std::uint64_t count(const Json& object, const std::string& parent, const std::string& key, bool required) const {
        const Json* value = member(object, parent, key, required);
        if (!value || value->is_null()) return 0;
        if (!value->is_number_unsigned()) fail(join(parent, key), "'" + key + "' must be a whole number of 0 or more");
        return value->get<std::uint64_t>();
    }
    double number(const Json& object, const std::string& parent, const std::string& key, bool required,
                  double whenNull) const {
        const Json* value = member(object, parent, key, required);
        if (!value) return 0;
        if (value->is_null()) return whenNull;
        if (!value->is_number()) fail(join(parent, key), "'" + key + "' must be a number");
        return value->get<double>();
    }
    const Json& object(const Json& parentObject, const std::string& parent, const std::string& key) const {
        const Json* value = member(parentObject, parent, key, true);
        if (!value->is_object()) fail(join(parent, key), "'" + key + "' must be an object");
        return *value;
    }

    static std::string join(const std::string& parent, const std::string& key) {
        return parent.empty() ? key : parent + "." + key;
    }

private:
    // Where the last key of the dotted `path` is written, searching each key after the one before it.
    std::size_t offsetOf(const std::string& path) const {
        std::size_t offset = 0;
        std::size_t start = 0;
        while (start < path.size()) {
            const std::size_t dot = path.find('.', start);
            const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
            const std::size_t found = m_text.find("\"" + key + "\"", offset);
            if (found == std::string_view::npos) break;
            offset = found;
            if (dot == std::string::npos) break;
            start = dot + 1;
        }
        return offset;
    }

    std::string_view m_text;
};

RunRecording readRecording(std::string_view text, const std::string& sourceName, const Json& root,
                           std::vector<std::string>& notes) {
    const Reader reader(text);
    if (!root.is_object()) reader.fail("", "a recording is a JSON object");
    if (reader.string(root, "", "format") != kFormatName)
        reader.fail("format", std::string("not a run recording: 'format' must be \"") + kFormatName + "\"");
    const std::uint64_t version = reader.count(root, "", "format_version", true);
    if (version != kFormatVersion)
        reader.fail("format_version", "recording format version " + std::to_string(version) +
                                          " is not supported (this workbench reads version " +
                                          std::to_string(kFormatVersion) + ")");

    RunRecording recording;
    recording.workbenchVersion = reader.string(root, "", "workbench_version");
    recording.algorithmId = reader.string(root, "", "algorithm");
    // The parameters are applied with the run's configuration once the puzzle is read (its kind is checked
    // too); here the algorithm is resolved and each value's JSON type checked against its declaration.
    RunNaming naming;
    naming.parameterOption.clear();  // the place in the file names the parameter
    const auto failConfiguration = [&reader](const RunConfigurationError& error) {
        switch (error.part) {
        case RunConfigurationPart::Algorithm:
        case RunConfigurationPart::PuzzleKind: reader.fail("algorithm", error.message);
        case RunConfigurationPart::Parameter: reader.fail("parameters." + error.parameter, error.message);
        case RunConfigurationPart::Rule: reader.fail("parameters", error.message);
        }
        reader.fail("", error.message);
    };
    const RunConfiguration resolved = configureRun(recording.algorithmId, {}, std::nullopt, naming);
    if (!resolved) failConfiguration(*resolved.error);
    const auto& specs = resolved.algorithm->info.parameters;

    // Declared parameters the file leaves out keep their defaults; every one it names must still validate.
    std::vector<std::string> assignments;
    const Json& parameters = reader.object(root, "", "parameters");
    for (const auto& [key, value] : parameters.items()) {
        const std::string place = "parameters." + key;
        const ParameterSpec* spec = nullptr;
        for (const auto& candidate : specs)
            if (candidate.key == key) spec = &candidate;
        if (!spec) {
            if (auto note = retiredParameterNote(key)) {
                notes.push_back(place + ": ignored; " + *note);
                continue;
            }
            reader.fail(place, "algorithm '" + recording.algorithmId + "' has no parameter '" + key + "'");
        }
        const auto typed = parameterFromJson(*spec, value);
        if (!typed) reader.fail(place, "parameter '" + key + "': expected " + spec->allowedText());
        assignments.push_back(key + "=" + formatParameterValue(*typed));
    }

    recording.seed = reader.count(root, "", "seed", true);

    const Json& puzzle = reader.object(root, "", "puzzle");
    const std::string puzzleText = reader.string(puzzle, "puzzle", "text");
    PuzzleCollection collection = parsePuzzles(puzzleText, sourceName + " (puzzle)");
    if (!collection.errors.empty()) reader.fail("puzzle.text", collection.errors.front().toString());
    if (collection.puzzles.size() != 1)
        reader.fail("puzzle.text", "expected exactly one puzzle, found " + std::to_string(collection.puzzles.size()));
    recording.puzzle = std::move(collection.puzzles.front());
    recording.puzzle.id = reader.string(puzzle, "puzzle", "id");
    if (const Json* marks = reader.member(puzzle, "puzzle", "pencil_marks", false)) {
        const auto* sudoku = std::get_if<SudokuPuzzle>(&recording.puzzle.content);
        const int cells = sudoku ? sudoku->givens.cellCount() : 0;
        if (!sudoku || !marks->is_array() || static_cast<int>(marks->size()) != cells)
            reader.fail("puzzle.pencil_marks", "'pencil_marks' must list one candidate mask per cell of the Sudoku");
        SudokuGrid& givens = std::get<SudokuPuzzle>(recording.puzzle.content).givens;
        const std::uint64_t allDigits = (std::uint64_t{1} << givens.size()) - 1;
        for (int cell = 0; cell < cells; ++cell) {
            const Json& mask = (*marks)[static_cast<std::size_t>(cell)];
            if (!mask.is_number_unsigned() || mask.get<std::uint64_t>() > allDigits)
                reader.fail("puzzle.pencil_marks", "pencil mark mask of cell " + std::to_string(cell + 1) +
                                                       " must be a whole number from 0 to " + std::to_string(allDigits));
            givens.setMarks(cell, static_cast<DigitMask>(mask.get<std::uint64_t>()));
        }
    }
    recording.puzzle.origin = sourceName;
    RunConfiguration configured = configureRun(recording.algorithmId, assignments, recording.puzzle.kind(), naming);
    if (!configured) failConfiguration(*configured.error);
    recording.parameters = std::move(configured.parameters);

    const Json& budgets = reader.object(root, "", "budgets");
    recording.budgets.maxSteps = reader.count(budgets, "budgets", "max_steps", false);
    recording.budgets.maxEvaluations = reader.count(budgets, "budgets", "max_evaluations", false);
    recording.budgets.stagnationSteps = reader.count(budgets, "budgets", "stagnation", false);
    recording.budgets.timeLimitSeconds = reader.number(budgets, "budgets", "time_limit", false, 0);
    if (recording.budgets.timeLimitSeconds < 0) reader.fail("budgets.time_limit", "'time_limit' must not be negative");

    const Json& result = reader.object(root, "", "result");
    const std::string outcome = reader.string(result, "result", "outcome");
    bool known = false;
    for (Outcome candidate : kOutcomes)
        if (outcome == outcomeName(candidate)) {
            recording.result.outcome = candidate;
            known = true;
        }
    if (!known) reader.fail("result.outcome", "unknown outcome '" + outcome + "' (solved, stopped, budget_exhausted or failed)");
    recording.result.reason = reader.string(result, "result", "reason");
    recording.result.counters.steps = reader.count(result, "result", "steps", true);
    recording.result.counters.evaluations = reader.count(result, "result", "evaluations", true);
    // JSON has no infinity: a run that never costed a board writes null.
    recording.result.bestCost =
        reader.number(result, "result", "best_cost", true, std::numeric_limits<double>::infinity());
    if (recording.result.counters.steps > kMaxRecordedSteps)
        reader.fail("result.steps", "a recording of " + std::to_string(recording.result.counters.steps) +
                                        " steps is longer than a replay may be (" + std::to_string(kMaxRecordedSteps) +
                                        " steps, kMaxRecordedSteps)");
    if (recording.endedByClockOrPerson() && recording.result.counters.steps == 0)
        reader.fail("result.steps", "a run ended by a clock or by hand is replayed up to its steps, which must be at least 1");
    return recording;
}

}  // namespace

const char* workbenchVersion() { return PW_VERSION; }

bool RunRecording::endedByClockOrPerson() const {
    if (result.outcome == Outcome::Stopped) return true;
    return result.outcome == Outcome::BudgetExhausted && budgets.timeLimitSeconds > 0 &&
           result.reason.rfind("time limit", 0) == 0;
}

StopConditions RunRecording::replayStopConditions() const {
    // The deterministic budgets in the order the CLI and the window add them, so the same one fires first.
    StopConditions conditions;
    if (budgets.maxSteps > 0) conditions.add(stepLimit(budgets.maxSteps));
    if (budgets.maxEvaluations > 0) conditions.add(evaluationLimit(budgets.maxEvaluations));
    if (budgets.stagnationSteps > 0) conditions.add(stagnationLimit(budgets.stagnationSteps));
    if (endedByClockOrPerson()) conditions.add(stepLimit(result.counters.steps));
    // A faithful recording ends on its recorded step by itself, and its steps never pass the recorded count;
    // this last guard, one step beyond it, keeps an edited recording whose budgets promise more than it
    // recorded from running without end (the reader bounds the recorded steps by kMaxRecordedSteps).
    else conditions.add(stepLimit(result.counters.steps + 1));
    return conditions;
}

RunRecording makeRecording(const Puzzle& puzzle, const std::string& algorithmId, const ParameterValues& parameters,
                           std::uint64_t seed, const RecordedBudgets& budgets, const RecordedResult& result) {
    RunRecording recording;
    recording.workbenchVersion = workbenchVersion();
    recording.algorithmId = algorithmId;
    recording.parameters = parameters;
    recording.seed = seed;
    recording.puzzle = puzzle;
    recording.budgets = budgets;
    recording.result = result;
    return recording;
}

RunRecording makeRecording(const Puzzle& puzzle, const std::string& algorithmId, const ParameterValues& parameters,
                           std::uint64_t seed, const RecordedBudgets& budgets, const RunResult& result) {
    return makeRecording(puzzle, algorithmId, parameters, seed, budgets,
                         RecordedResult{result.outcome, result.reason, result.counters, result.bestCost});
}

RecordedResult recordedResultOf(const Finished& finished) {
    return {finished.outcome, finished.reason, finished.at, finished.bestCost};
}

std::string formatRecording(const RunRecording& recording) {
    Json parameters = Json::object();
    for (const auto& [key, value] : recording.parameters.all()) parameters[key] = parameterToJson(value);
    auto budget = [](std::uint64_t value) { return value ? Json(value) : Json(nullptr); };
    const RecordedBudgets& budgets = recording.budgets;
    const RecordedResult& result = recording.result;
    // The puzzle formats keep no pencil marks (but for 9x9 read-only lines), and the exact solver starts from
    // them: they are written apart, one candidate mask per cell, when the puzzle has any.
    Json pencilMarks = nullptr;
    if (const auto* sudoku = std::get_if<SudokuPuzzle>(&recording.puzzle.content)) {
        const SudokuGrid& givens = sudoku->givens;
        bool any = false;
        for (int cell = 0; cell < givens.cellCount(); ++cell) any |= givens.marks(cell) != 0;
        if (any) {
            pencilMarks = Json::array();
            for (int cell = 0; cell < givens.cellCount(); ++cell) pencilMarks.push_back(givens.marks(cell));
        }
    }
    Json puzzle = {{"id", recording.puzzle.id},
                   {"kind", puzzleKindName(recording.puzzle.kind())},
                   {"text", formatPuzzles({recording.puzzle})}};
    if (!pencilMarks.is_null()) puzzle["pencil_marks"] = pencilMarks;
    const Json root = {
        {"format", kFormatName},
        {"format_version", kFormatVersion},
        {"comment", kComment},
        {"workbench_version", recording.workbenchVersion},
        {"algorithm", recording.algorithmId},
        {"parameters", parameters},
        {"seed", recording.seed},
        {"puzzle", puzzle},
        {"budgets",
         {{"max_steps", budget(budgets.maxSteps)},
          {"max_evaluations", budget(budgets.maxEvaluations)},
          {"stagnation", budget(budgets.stagnationSteps)},
          {"time_limit", budgets.timeLimitSeconds > 0 ? Json(budgets.timeLimitSeconds) : Json(nullptr)}}},
        {"result",
         {{"outcome", outcomeName(result.outcome)},
          {"reason", result.reason},
          {"steps", result.counters.steps},
          {"evaluations", result.counters.evaluations},
          {"best_cost", std::isfinite(result.bestCost) ? Json(result.bestCost) : Json(nullptr)}}},
    };
    return root.dump(2) + "\n";
}

RecordingRead parseRecording(std::string_view text, const std::string& sourceName) {
    RecordingRead read;
    read.error.file = sourceName;
    Json root;
    try {
        root = Json::parse(text.begin(), text.end());
    } catch (const Json::parse_error& e) {
        // The library counts bytes from 1 and points at the byte it could not take.
        const auto [line, column] = lineAndColumn(text, e.byte > 0 ? e.byte - 1 : 0);
        read.error.line = line;
        read.error.column = column;
        read.error.message = "not valid JSON";
        return read;
    } catch (const Json::out_of_range& e) {
        // A number too large for a double ("number overflow parsing '1e999'"): the library names the number,
        // not its place, so the place is where that number first appears.
        const std::string message = e.what();
        const auto open = message.find('\'');
        const auto close = message.rfind('\'');
        const std::string number = open != std::string::npos && close > open ? message.substr(open + 1, close - open - 1) : "";
        const auto at = number.empty() ? std::string_view::npos : text.find(number);
        const auto [line, column] = lineAndColumn(text, at == std::string_view::npos ? 0 : at);
        read.error.line = line;
        read.error.column = column;
        read.error.message = "not valid JSON: a number out of range" + (number.empty() ? std::string() : " (" + number + ")");
        return read;
    }
    try {
        read.recording = readRecording(text, sourceName, root, read.notes);
    } catch (const RecordingError& e) {
        read.error.line = e.line;
        read.error.column = e.column;
        read.error.message = e.message;
    }
    return read;
}

RecordingRead loadRecording(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        RecordingRead read;
        read.error = {path, 0, 0, "cannot read the file"};
        return read;
    }
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > kMaxRecordingBytes) {
        RecordingRead read;
        read.error = {path, 0, 0, std::to_string(size) + " bytes is more than a recording may have (" +
                                      std::to_string(kMaxRecordingBytes) + ", kMaxRecordingBytes)"};
        return read;
    }
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    return parseRecording(text, path);
}

bool saveRecording(const std::string& path, const RunRecording& recording, std::string& error) {
    return writeFileAtomically(path, formatRecording(recording), error);
}

bool looksLikeRecording(std::string_view text) {
    return looksLikeJsonFormat(text, kFormatName);
}

RunResult replayRecording(const RunRecording& recording, EventSink* sink,
                          std::initializer_list<const std::atomic<bool>*> stopFlags) {
    const AlgorithmEntry* entry = findAlgorithm(recording.algorithmId);
    if (!entry) {
        RunResult result;
        result.reason = "unknown algorithm " + recording.algorithmId;
        return result;
    }
    auto algorithm = entry->create();
    StopConditions conditions = recording.replayStopConditions();
    for (const std::atomic<bool>* flag : stopFlags)
        if (flag) conditions.add(externalStop(*flag));
    Runner runner(*algorithm, recording.puzzle, recording.parameters, recording.seed, sink, std::move(conditions));
    return runner.runToEnd();
}

}  // namespace pw
