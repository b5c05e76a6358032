#pragma once
// A lesson: a teacher's prepared walk through an algorithm, slide by slide, in a small JSON file
// (docs/manual/lessons.md describes it field by field).
//
// A slide says what is on the screen: the puzzle, the algorithm, its parameters and seed, how far the run has
// gone, the speed, the panels and zoom, the cells outlined, a caption for the room and notes for the teacher,
// and optionally a question for the class. A slide states only what changes: everything else carries over from
// the slide before. A slide that changes the puzzle, the algorithm, a parameter or the seed starts a new run;
// otherwise its `advance` counts on from where the slide before left the run. Runs are deterministic, so every
// slide lands on the same step and board every time (lesson_plan.h works out where).
//
// The file holds what it shows, never an answer: a question names its kind, and the run itself decides the
// answer (quiz.h).
//
// Reading is strict: a syntax error, a missing or mistyped field, an unknown algorithm or parameter, a value out
// of range, or a newer format version give one error with file:line:column.

#include "base/parameters.h"
#include "engine/step_events.h"
#include "io/formats.h"
#include "puzzle/puzzle.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pw {

inline constexpr int kLessonFormatVersion = 1;
// A lesson holds text and a few puzzles: a file above this size is refused unread.
inline constexpr std::uintmax_t kMaxLessonBytes = std::uintmax_t{4} << 20;
inline constexpr std::size_t kMaxLessonSlides = 500;
// The furthest a slide may take its run, in the algorithm's steps: the player re-runs every one of them.
inline constexpr std::uint64_t kMaxLessonSteps = 5'000'000;

// The questions a slide can ask about the run's next step of the right kind; the run gives the answer.
enum class QuizKind {
    Accept,         // annealing: will this proposal be accepted? (Δ and T shown, the draw hidden)
    Probability,    // annealing: what is p = e^(−Δ/T) for this proposal?
    BranchCell,     // exact solver: which cell will it branch on?
    Technique,      // logic (Sudoku or Nurikabe): which technique applies next?
    TabuMove,       // tabu search: which swap will it make?
    HarmonySource,  // harmony search: where does the improvised harmony take this cell's value from?
};
inline constexpr QuizKind kAllQuizKinds[] = {QuizKind::Accept,    QuizKind::Probability, QuizKind::BranchCell,
                                             QuizKind::Technique, QuizKind::TabuMove,    QuizKind::HarmonySource};
const char* quizKindId(QuizKind kind);  // "accept", "probability", "branch-cell", ...
std::optional<QuizKind> quizKindFromId(std::string_view id);

// How a slide moves its run on from where the slide before left it.
struct SlideAdvance {
    enum class Kind { Stay, Steps, ToStep, Until };
    Kind kind = Kind::Stay;
    std::uint64_t count = 0;  // Steps: how many; ToStep: the step to stand on; Until: the how-many-th such step
    StepEvent until = StepEvent::NewBest;
    bool operator==(const SlideAdvance&) const = default;
};
std::optional<StepEvent> stepEventFromName(std::string_view name);  // "reheat", "new best", "new-best", ...
const char* stepEventId(StepEvent kind);                            // the file's name: "new-best"

struct LessonSlide {
    std::string title;
    // What the run is: set only where the slide changes it (an empty `parameters` changes nothing).
    std::optional<Puzzle> puzzle;
    std::optional<std::string> algorithm;
    std::map<std::string, ParameterValue> parameters;
    std::optional<std::uint64_t> seed;
    // How it is shown: set only where the slide changes it.
    std::optional<double> speed;  // the algorithm's steps per second; 0 is flat out
    std::optional<std::vector<std::string>> panels;  // "costChart", "algorithmChart", "decisions", "program"
    std::optional<double> zoom;
    SlideAdvance advance;
    std::vector<int> outline;  // cells, row-major
    std::string caption;       // Markdown; e^(−Δ/T) is shown as e with −Δ/T raised
    std::string notes;         // Markdown, for the teacher only
    std::optional<QuizKind> quiz;
    // Where the slide is written in its file (1-based; 0 for a slide made in the window), for the plan's errors.
    int line = 0;
    int column = 0;
};

struct Lesson {
    std::string title;
    std::string summary;
    std::vector<LessonSlide> slides;
};

// The panels a slide may name, in the order View ▸ Presentation shows lists them.
inline constexpr const char* kLessonPanels[] = {"costChart", "algorithmChart", "decisions", "program"};

struct LessonRead {
    std::optional<Lesson> lesson;
    ParseError error;  // set when `lesson` is empty
};
LessonRead parseLesson(std::string_view text, const std::string& sourceName);
LessonRead loadLesson(const std::string& path);
// The JSON text of a lesson (pretty-printed; every slide's run fields where the slide sets them).
std::string formatLesson(const Lesson& lesson);
// Written atomically; false and `error` set on failure.
bool saveLesson(const std::string& path, const Lesson& lesson, std::string& error);
// Whether `text` claims to be a lesson (a JSON object naming the lesson format).
bool looksLikeLesson(std::string_view text);

// "r3c4" for cell 21 of a board `width` cells wide.
std::string boardCellName(int cell, int width);
// The cell "r3c4" names on a board of `height` x `width`, or nothing.
std::optional<int> parseBoardCell(std::string_view name, int height, int width);
int boardWidth(const Board& board);
int boardHeight(const Board& board);

}  // namespace pw
