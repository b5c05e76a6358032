#include "lesson/lesson.h"

#include "algorithms/registry.h"
#include "algorithms/run_configuration.h"
#include "base/text_format.h"
#include "io/json_parameters.h"
#include "io/json_place.h"
#include "io/output.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>

namespace pw {

namespace {

using Json = nlohmann::ordered_json;
using Path = std::vector<std::string>;

constexpr const char* kFormatName = "puzzle-workbench-lesson";

// The file's names of the kinds of step a slide can advance to.
struct StepEventId {
    StepEvent kind;
    const char* id;
};
constexpr StepEventId kStepEventIds[] = {
    {StepEvent::Refusal, "refusal"},     {StepEvent::WorseAccepted, "worse-accepted"},
    {StepEvent::Reheat, "reheat"},       {StepEvent::NewBest, "new-best"},
    {StepEvent::PhaseEnd, "phase-end"},  {StepEvent::Backtrack, "backtrack"},
    {StepEvent::Restart, "restart"},
};

std::string stepEventIdList() {
    std::string list;
    for (const auto& entry : kStepEventIds) list += (list.empty() ? "" : ", ") + std::string(entry.id);
    return list;
}

std::string quizKindList() {
    std::string list;
    for (QuizKind kind : kAllQuizKinds) list += (list.empty() ? "" : ", ") + std::string(quizKindId(kind));
    return list;
}

// An error at a place in the text; caught by parseLesson.
struct LessonError {
    Path path;
    std::string message;
};

[[noreturn]] void fail(Path path, std::string message) { throw LessonError{std::move(path), std::move(message)}; }

Path child(Path path, const std::string& key) {
    path.push_back(key);
    return path;
}

const Json* member(const Json& object, const Path& path, const std::string& key, bool required) {
    const auto found = object.find(key);
    if (found == object.end()) {
        if (required) fail(path, "missing field '" + key + "'");
        return nullptr;
    }
    return &*found;
}

std::optional<std::string> optionalString(const Json& object, const Path& path, const std::string& key) {
    const Json* value = member(object, path, key, false);
    if (!value) return std::nullopt;
    if (!value->is_string()) fail(child(path, key), "'" + key + "' must be a string");
    return value->get<std::string>();
}

std::optional<std::uint64_t> optionalCount(const Json& object, const Path& path, const std::string& key,
                                           std::uint64_t maximum) {
    const Json* value = member(object, path, key, false);
    if (!value) return std::nullopt;
    if (!value->is_number_unsigned() || value->get<std::uint64_t>() > maximum)
        fail(child(path, key), "'" + key + "' must be a whole number from 0 to " + std::to_string(maximum));
    return value->get<std::uint64_t>();
}

std::optional<double> optionalNumber(const Json& object, const Path& path, const std::string& key, double minimum,
                                     double maximum) {
    const Json* value = member(object, path, key, false);
    if (!value) return std::nullopt;
    if (!value->is_number() || !(value->get<double>() >= minimum && value->get<double>() <= maximum))
        fail(child(path, key),
             "'" + key + "' must be a number from " + formatNumber(minimum) + " to " + formatNumber(maximum));
    return value->get<double>();
}

// What the slides have set so far: each slide is checked against the run it continues.
struct InForce {
    std::optional<Puzzle> puzzle;
    std::string algorithm;
    ParameterValues parameters;
};

Puzzle readPuzzle(const Json& object, const Path& path, const std::string& sourceName) {
    if (!object.is_object()) fail(path, "'puzzle' must be an object with 'text' (and optionally 'id')");
    const Json* text = member(object, path, "text", true);
    if (!text->is_string()) fail(child(path, "text"), "'text' must be a string: the puzzle in any format the workbench reads");
    PuzzleCollection collection = parsePuzzles(text->get<std::string>(), sourceName + " (puzzle)");
    if (!collection.errors.empty()) fail(child(path, "text"), collection.errors.front().toString());
    if (collection.puzzles.size() != 1)
        fail(child(path, "text"), "expected exactly one puzzle, found " + std::to_string(collection.puzzles.size()));
    Puzzle puzzle = std::move(collection.puzzles.front());
    if (auto id = optionalString(object, path, "id")) puzzle.id = *id;
    puzzle.origin = sourceName;
    return puzzle;
}

SlideAdvance readAdvance(const Json& object, const Path& path) {
    if (!object.is_object()) fail(path, "'advance' must be an object: {\"steps\": N}, {\"to_step\": N} or {\"until\": KIND}");
    SlideAdvance advance;
    const int given = static_cast<int>(object.contains("steps")) + static_cast<int>(object.contains("to_step")) +
                      static_cast<int>(object.contains("until"));
    if (given != 1) fail(path, "'advance' takes exactly one of 'steps', 'to_step' and 'until'");
    for (const auto& [key, value] : object.items())
        if (key != "steps" && key != "to_step" && key != "until" && key != "times")
            fail(child(path, key), "unknown field '" + key + "' (advance takes steps, to_step, or until with times)");
    if (auto steps = optionalCount(object, path, "steps", kMaxLessonSteps)) {
        advance.kind = SlideAdvance::Kind::Steps;
        advance.count = *steps;
    } else if (auto to = optionalCount(object, path, "to_step", kMaxLessonSteps)) {
        advance.kind = SlideAdvance::Kind::ToStep;
        advance.count = *to;
    } else {
        const std::string name = *optionalString(object, path, "until");
        const auto kind = stepEventFromName(name);
        if (!kind) fail(child(path, "until"), "unknown kind of step '" + name + "' (one of: " + stepEventIdList() + ")");
        advance.kind = SlideAdvance::Kind::Until;
        advance.until = *kind;
        advance.count = optionalCount(object, path, "times", 1000).value_or(1);
        if (advance.count == 0) fail(child(path, "times"), "'times' must be a whole number from 1 to 1000");
    }
    if (object.contains("times") && advance.kind != SlideAdvance::Kind::Until)
        fail(child(path, "times"), "'times' goes with 'until' only");
    return advance;
}

LessonSlide readSlide(const Json& object, const Path& path, InForce& inForce, const std::string& sourceName) {
    if (!object.is_object()) fail(path, "a slide must be an object");
    static const char* const kKnown[] = {"title",   "puzzle", "algorithm", "parameters", "seed",    "speed",
                                         "panels",  "zoom",   "advance",   "outline",    "caption", "notes",
                                         "quiz"};
    for (const auto& item : object.items()) {
        const std::string& key = item.key();
        if (std::find_if(std::begin(kKnown), std::end(kKnown), [&key](const char* known) { return key == known; }) ==
            std::end(kKnown))
            fail(child(path, key), "unknown field '" + key + "' in a slide");
    }
    LessonSlide slide;
    slide.title = optionalString(object, path, "title").value_or("");
    if (const Json* puzzle = member(object, path, "puzzle", false)) {
        slide.puzzle = readPuzzle(*puzzle, child(path, "puzzle"), sourceName);
        inForce.puzzle = slide.puzzle;
    }
    if (!inForce.puzzle) fail(path, "the first slide must set a 'puzzle'");
    const PuzzleKind kind = inForce.puzzle->kind();

    RunNaming naming;
    naming.parameterOption.clear();  // the place in the file names the parameter
    if (auto algorithm = optionalString(object, path, "algorithm")) {
        const RunConfiguration configured = configureRun(*algorithm, {}, kind, naming);
        if (!configured) fail(child(path, "algorithm"), configured.error->message);
        slide.algorithm = *algorithm;
        if (*algorithm != inForce.algorithm) inForce.parameters = configured.parameters;
        inForce.algorithm = *algorithm;
    }
    if (inForce.algorithm.empty()) fail(path, "the first slide must set an 'algorithm'");
    if (slide.puzzle && !slide.algorithm) {
        const RunConfiguration configured = configureRun(inForce.algorithm, {}, kind, naming);
        if (!configured) fail(child(path, "puzzle"), configured.error->message);
    }
    if (const Json* parameters = member(object, path, "parameters", false)) {
        const Path where = child(path, "parameters");
        if (!parameters->is_object()) fail(where, "'parameters' must be an object of KEY: VALUE");
        const auto& specs = findAlgorithm(inForce.algorithm)->info.parameters;
        for (const auto& item : parameters->items()) {
            const std::string& key = item.key();
            const Json& value = item.value();
            const auto spec = std::find_if(specs.begin(), specs.end(), [&key](const ParameterSpec& s) { return s.key == key; });
            if (spec == specs.end()) fail(child(where, key), "algorithm '" + inForce.algorithm + "' has no parameter '" + key + "'");
            const auto typed = parameterFromJson(*spec, value);
            if (!typed) fail(child(where, key), "parameter '" + key + "': expected " + spec->allowedText());
            if (auto error = inForce.parameters.setValue(specs, key, *typed)) fail(child(where, key), *error);
            slide.parameters[key] = *typed;
        }
        if (auto broken = checkParameterRules(findAlgorithm(inForce.algorithm)->info.parameterRules, inForce.parameters))
            fail(where, *broken);
    }
    slide.seed = optionalCount(object, path, "seed", std::numeric_limits<std::uint64_t>::max());
    slide.speed = optionalNumber(object, path, "speed", 0, 100000);
    if (slide.speed && *slide.speed > 0 && *slide.speed < 0.1)
        fail(child(path, "speed"), "'speed' must be 0 (flat out) or from 0.1 to 100000 steps per second");
    if (const Json* panels = member(object, path, "panels", false)) {
        const Path where = child(path, "panels");
        if (!panels->is_array()) fail(where, "'panels' must be a list of panel names");
        std::vector<std::string> names;
        for (std::size_t i = 0; i < panels->size(); ++i) {
            const Json& name = (*panels)[i];
            const auto known = std::find_if(std::begin(kLessonPanels), std::end(kLessonPanels),
                                            [&name](const char* panel) { return name.is_string() && name.get<std::string>() == panel; });
            if (known == std::end(kLessonPanels))
                fail(child(where, std::to_string(i)), "unknown panel (one of: costChart, algorithmChart, decisions, program)");
            names.push_back(*known);
        }
        slide.panels = std::move(names);
    }
    slide.zoom = optionalNumber(object, path, "zoom", 0.5, 4);
    if (const Json* advance = member(object, path, "advance", false)) slide.advance = readAdvance(*advance, child(path, "advance"));
    if (const Json* outline = member(object, path, "outline", false)) {
        const Path where = child(path, "outline");
        if (!outline->is_array()) fail(where, "'outline' must be a list of cells like \"r3c4\"");
        const Board board = inForce.puzzle->startBoard();
        for (std::size_t i = 0; i < outline->size(); ++i) {
            const Json& name = (*outline)[i];
            const auto cell = name.is_string() ? parseBoardCell(name.get<std::string>(), boardHeight(board), boardWidth(board))
                                               : std::nullopt;
            if (!cell)
                fail(child(where, std::to_string(i)), "not a cell of this " + std::to_string(boardHeight(board)) + "x" +
                                                          std::to_string(boardWidth(board)) + " puzzle (cells are written r3c4)");
            slide.outline.push_back(*cell);
        }
    }
    slide.caption = optionalString(object, path, "caption").value_or("");
    slide.notes = optionalString(object, path, "notes").value_or("");
    if (auto quiz = optionalString(object, path, "quiz")) {
        slide.quiz = quizKindFromId(*quiz);
        if (!slide.quiz) fail(child(path, "quiz"), "unknown question '" + *quiz + "' (one of: " + quizKindList() + ")");
    }
    return slide;
}

Lesson readLesson(const Json& root, const std::string& sourceName) {
    if (!root.is_object()) fail({}, "a lesson is a JSON object");
    const auto format = optionalString(root, {}, "format");
    if (format != kFormatName) fail({"format"}, std::string("'format' must be \"") + kFormatName + "\"");
    const Json* version = member(root, {}, "format_version", true);
    if (!version->is_number_unsigned()) fail({"format_version"}, "'format_version' must be a whole number");
    if (version->get<std::uint64_t>() > static_cast<std::uint64_t>(kLessonFormatVersion))
        fail({"format_version"}, "this lesson is of format version " + std::to_string(version->get<std::uint64_t>()) +
                                     ", made by a newer workbench; this one reads version " +
                                     std::to_string(kLessonFormatVersion) + " and older");
    if (version->get<std::uint64_t>() < 1) fail({"format_version"}, "'format_version' must be 1 or more");
    Lesson lesson;
    lesson.title = optionalString(root, {}, "title").value_or("");
    lesson.summary = optionalString(root, {}, "summary").value_or("");
    const Json* slides = member(root, {}, "slides", true);
    if (!slides->is_array() || slides->empty()) fail({"slides"}, "'slides' must be a list of at least one slide");
    if (slides->size() > kMaxLessonSlides)
        fail({"slides"}, "a lesson has at most " + std::to_string(kMaxLessonSlides) + " slides");
    InForce inForce;
    for (std::size_t i = 0; i < slides->size(); ++i)
        lesson.slides.push_back(readSlide((*slides)[i], {"slides", std::to_string(i)}, inForce, sourceName));
    return lesson;
}

}  // namespace

const char* quizKindId(QuizKind kind) {
    switch (kind) {
    case QuizKind::Accept: return "accept";
    case QuizKind::Probability: return "probability";
    case QuizKind::BranchCell: return "branch-cell";
    case QuizKind::Technique: return "technique";
    case QuizKind::TabuMove: return "tabu-move";
    case QuizKind::HarmonySource: return "harmony-source";
    }
    return "?";
}

std::optional<QuizKind> quizKindFromId(std::string_view id) {
    for (QuizKind kind : kAllQuizKinds)
        if (id == quizKindId(kind)) return kind;
    return std::nullopt;
}

const char* stepEventId(StepEvent kind) {
    for (const auto& [candidate, id] : kStepEventIds)
        if (candidate == kind) return id;
    return "?";
}

std::optional<StepEvent> stepEventFromName(std::string_view name) {
    std::string normal(name);
    std::replace(normal.begin(), normal.end(), ' ', '-');
    std::replace(normal.begin(), normal.end(), '_', '-');
    for (const auto& [kind, id] : kStepEventIds)
        if (normal == id) return kind;
    return std::nullopt;
}

std::string boardCellName(int cell, int width) {
    return "r" + std::to_string(cell / width + 1) + "c" + std::to_string(cell % width + 1);
}

std::optional<int> parseBoardCell(std::string_view name, int height, int width) {
    const auto number = [&name](std::size_t& at) -> int {
        int value = 0;
        const std::size_t start = at;
        while (at < name.size() && at - start < 4 && name[at] >= '0' && name[at] <= '9') value = value * 10 + (name[at++] - '0');
        return at == start ? -1 : value;
    };
    std::size_t at = 0;
    if (at >= name.size() || (name[at] != 'r' && name[at] != 'R')) return std::nullopt;
    ++at;
    const int row = number(at);
    if (at >= name.size() || (name[at] != 'c' && name[at] != 'C')) return std::nullopt;
    ++at;
    const int column = number(at);
    if (at != name.size() || row < 1 || row > height || column < 1 || column > width) return std::nullopt;
    return (row - 1) * width + (column - 1);
}

int boardWidth(const Board& board) {
    if (const auto* grid = std::get_if<SudokuGrid>(&board)) return grid->size();
    return std::get<NurikabeGrid>(board).width();
}

int boardHeight(const Board& board) {
    if (const auto* grid = std::get_if<SudokuGrid>(&board)) return grid->size();
    return std::get<NurikabeGrid>(board).height();
}

LessonRead parseLesson(std::string_view text, const std::string& sourceName) {
    LessonRead read;
    read.error.file = sourceName;
    text = withoutByteOrderMark(text);
    Json root;
    try {
        root = Json::parse(text.begin(), text.end());
    } catch (const Json::parse_error& e) {
        // The library counts bytes from 1 and points at the byte it could not take.
        std::tie(read.error.line, read.error.column) = lineAndColumn(text, e.byte > 0 ? e.byte - 1 : 0);
        read.error.message = "not valid JSON";
        return read;
    } catch (const Json::exception&) {
        // A number too large for a double: the library names the number, not its place.
        read.error.line = 1;
        read.error.column = 1;
        read.error.message = "not valid JSON: a number out of range";
        return read;
    }
    try {
        read.lesson = readLesson(root, sourceName);
        for (std::size_t i = 0; i < read.lesson->slides.size(); ++i)
            std::tie(read.lesson->slides[i].line, read.lesson->slides[i].column) =
                lineAndColumn(text, jsonValueOffset(text, {"slides", std::to_string(i)}));
    } catch (const LessonError& e) {
        std::tie(read.error.line, read.error.column) = lineAndColumn(text, jsonValueOffset(text, e.path));
        read.error.message = (e.path.empty() ? std::string() : jsonPathText(e.path) + ": ") + e.message;
    }
    return read;
}

LessonRead loadLesson(const std::string& path) {
    LessonRead read;
    read.error.file = path;
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    std::ifstream in(path, std::ios::binary);
    if (ec || !in) {
        read.error.message = "cannot read the file";
        return read;
    }
    if (size > kMaxLessonBytes) {
        read.error.message = std::to_string(size) + " bytes is more than a lesson may have (" +
                             std::to_string(kMaxLessonBytes) + ", kMaxLessonBytes)";
        return read;
    }
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    return parseLesson(text, path);
}

std::string formatLesson(const Lesson& lesson) {
    Json slides = Json::array();
    int width = 1;  // of the puzzle in force: outlines are written by name
    for (const LessonSlide& slide : lesson.slides) {
        if (slide.puzzle) width = boardWidth(slide.puzzle->startBoard());
        Json out = Json::object();
        if (!slide.title.empty()) out["title"] = slide.title;
        if (slide.puzzle) out["puzzle"] = {{"id", slide.puzzle->id}, {"text", formatPuzzles({*slide.puzzle})}};
        if (slide.algorithm) out["algorithm"] = *slide.algorithm;
        if (!slide.parameters.empty()) {
            Json parameters = Json::object();
            for (const auto& [key, value] : slide.parameters) parameters[key] = parameterToJson(value);
            out["parameters"] = parameters;
        }
        if (slide.seed) out["seed"] = *slide.seed;
        if (slide.speed) out["speed"] = *slide.speed;
        if (slide.panels) out["panels"] = *slide.panels;
        if (slide.zoom) out["zoom"] = *slide.zoom;
        switch (slide.advance.kind) {
        case SlideAdvance::Kind::Stay: break;
        case SlideAdvance::Kind::Steps: out["advance"] = {{"steps", slide.advance.count}}; break;
        case SlideAdvance::Kind::ToStep: out["advance"] = {{"to_step", slide.advance.count}}; break;
        case SlideAdvance::Kind::Until:
            out["advance"] = {{"until", stepEventId(slide.advance.until)}};
            if (slide.advance.count != 1) out["advance"]["times"] = slide.advance.count;
            break;
        }
        if (!slide.outline.empty()) {
            Json cells = Json::array();
            for (int cell : slide.outline) cells.push_back(boardCellName(cell, width));
            out["outline"] = cells;
        }
        if (!slide.caption.empty()) out["caption"] = slide.caption;
        if (!slide.notes.empty()) out["notes"] = slide.notes;
        if (slide.quiz) out["quiz"] = quizKindId(*slide.quiz);
        slides.push_back(std::move(out));
    }
    Json root = {{"format", kFormatName},
                 {"format_version", kLessonFormatVersion},
                 {"title", lesson.title},
                 {"summary", lesson.summary},
                 {"slides", slides}};
    return root.dump(2) + "\n";
}

bool saveLesson(const std::string& path, const Lesson& lesson, std::string& error) {
    return writeFileAtomically(path, formatLesson(lesson), error);
}

bool looksLikeLesson(std::string_view text) {
    return looksLikeJsonFormat(text, kFormatName);
}

}  // namespace pw
