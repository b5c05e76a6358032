#pragma once
// Where every slide of a lesson lands. Working through the slides in order, headless, with every step
// explained: each run is started with its slide's puzzle, algorithm, parameters and seed (and no budget), and
// moved on as the slides say: a number of steps, to a step, or until the n-th next step of a kind (a refusal,
// a reheat, a new best, ...). A slide with a question stands on the step before the run's next step that the
// question asks about, and its reveal is that step: the slide after it goes on from there.
//
// Runs are deterministic, so the plan is what the window shows: the player starts each slide's run afresh and
// advances it to the planned step (forwards and backwards alike), landing on the same board every time.

#include "lesson/lesson.h"
#include "lesson/quiz.h"

#include "base/events.h"
#include "base/parameters.h"
#include "engine/algorithm.h"
#include "engine/runner.h"
#include "puzzle/puzzle.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pw {

// One slide as the window shows it: everything carried over from the slides before filled in.
struct SlideState {
    Puzzle puzzle;
    std::string algorithmId;
    ParameterValues parameters;
    std::uint64_t seed = 1;
    std::size_t run = 0;     // slides with the same number continue one run
    std::uint64_t step = 0;  // where the run stands
    bool runEnded = false;   // the run ended at or before `step`
    double speed = 5;        // steps per second, 0 flat out
    std::optional<std::vector<std::string>> panels;  // unset: as the teacher has them
    std::optional<double> zoom;                       // unset: as the teacher has it
    std::vector<int> outline;
    std::optional<QuizQuestion> quiz;  // asked about step + 1 .. quiz->step; the reveal goes to quiz->step
    Board board;                       // the board the window shows at `step` (LessonRunCursor::board)
    std::string note;                  // what the player should say: "the run ended at step 840 before a reheat"
};

struct LessonPlan {
    std::vector<SlideState> slides;
    std::optional<ParseError> error;  // a slide that cannot land (a question its run never asks, ...)
};

// `sourceName` names the lesson in errors; `stop` turning true ends the planning with an error.
LessonPlan planLesson(const Lesson& lesson, const std::string& sourceName, const std::atomic<bool>* stop = nullptr);

// A run that can stand at any step: forwards by stepping, backwards by starting again. Every step is explained
// and its events kept until the next.
class LessonRunCursor {
public:
    LessonRunCursor(Puzzle puzzle, std::string algorithmId, ParameterValues parameters, std::uint64_t seed);
    ~LessonRunCursor();

    std::uint64_t step() const;
    bool finished() const;
    // One step; false once the run has ended.
    bool advance();
    // To step `target` (starting again when it lies behind); false when the run ended before it.
    bool goTo(std::uint64_t target, const std::atomic<bool>* stop = nullptr);
    // The events of the latest step.
    const std::vector<Event>& stepEvents() const;
    // The board as the window shows it: the run's moves made on the start board (the final board once ended).
    Board board() const;
    double bestCost() const;

private:
    void restart();
    struct State;
    Puzzle m_puzzle;
    std::string m_algorithmId;
    ParameterValues m_parameters;
    std::uint64_t m_seed;
    std::unique_ptr<State> m_state;
};

}  // namespace pw
