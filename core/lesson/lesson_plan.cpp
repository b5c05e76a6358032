#include "lesson/lesson_plan.h"

#include "algorithms/registry.h"
#include "base/event_sinks.h"
#include "engine/step_events.h"

#include <algorithm>

namespace pw {

namespace {

// Keeps the events of the latest step; every step is explained, as in the window at a paced speed.
class StepSink : public EventSink {
public:
    StepSink() {
        setWantsDecisions(true);
        setSampleEvery(1);
    }
    void receive(const Event& event) override { events.push_back(event); }
    std::vector<Event> events;
};

}  // namespace

struct LessonRunCursor::State {
    std::unique_ptr<Algorithm> algorithm;
    StepSink sink;
    std::unique_ptr<Runner> runner;
    // What the window's board shows: the start board with every move of the run made on it, and the final board
    // once the run has ended. An algorithm that works beside the board (a genetic algorithm's population)
    // leaves it as it was.
    Board shown;
};

LessonRunCursor::LessonRunCursor(Puzzle puzzle, std::string algorithmId, ParameterValues parameters, std::uint64_t seed)
    : m_puzzle(std::move(puzzle)), m_algorithmId(std::move(algorithmId)), m_parameters(std::move(parameters)),
      m_seed(seed) {
    restart();
}

LessonRunCursor::~LessonRunCursor() = default;

void LessonRunCursor::restart() {
    m_state.reset();  // the runner refers to the algorithm: it goes first
    auto state = std::make_unique<State>();
    state->algorithm = findAlgorithm(m_algorithmId)->create();
    state->runner = std::make_unique<Runner>(*state->algorithm, m_puzzle, m_parameters, m_seed, &state->sink, StopConditions{});
    state->shown = m_puzzle.startBoard();
    for (const Event& event : state->sink.events)  // the run's start may already move cells
        if (const auto* move = std::get_if<MoveEvent>(&event)) std::visit([move](auto& grid) { grid.apply(move->move); }, state->shown);
    m_state = std::move(state);
}

std::uint64_t LessonRunCursor::step() const { return m_state->algorithm->counters().steps; }
bool LessonRunCursor::finished() const { return m_state->runner->finished(); }

bool LessonRunCursor::advance() {
    m_state->sink.events.clear();
    if (finished()) return false;
    // A call may end without a step (the run's end): count by the algorithm's own steps.
    const std::uint64_t before = step();
    while (!finished() && step() == before) m_state->runner->advance();
    for (const Event& event : m_state->sink.events)
        if (const auto* move = std::get_if<MoveEvent>(&event))
            std::visit([move](auto& grid) { grid.apply(move->move); }, m_state->shown);
    if (finished()) m_state->shown = m_state->runner->result().finalBoard;
    return step() > before;
}

bool LessonRunCursor::goTo(std::uint64_t target, const std::atomic<bool>* stop) {
    if (target < step()) restart();
    while (step() < target) {
        if (stop && stop->load()) return false;
        if (!advance()) return false;
    }
    return true;
}

const std::vector<Event>& LessonRunCursor::stepEvents() const { return m_state->sink.events; }
Board LessonRunCursor::board() const { return m_state->shown; }
double LessonRunCursor::bestCost() const { return m_state->algorithm->bestCost(); }

namespace {

struct PlanError {
    const LessonSlide* slide;
    std::string message;
};

std::string ordinal(std::uint64_t n) {
    const std::uint64_t tens = n % 100;
    const char* suffix = (tens >= 11 && tens <= 13) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
    return std::to_string(n) + suffix;
}

// Whether the step the cursor just made is one of kind `kind`.
bool stepIs(const LessonRunCursor& cursor, StepEvent kind, double bestBefore) {
    if (kind == StepEvent::NewBest) return cursor.bestCost() < bestBefore;
    return std::any_of(cursor.stepEvents().begin(), cursor.stepEvents().end(),
                       [kind](const Event& event) { return marksStepEvent(kind, event); });
}

const Decision* fittingDecision(const std::vector<Event>& events, QuizKind kind) {
    for (const Event& event : events)
        if (const auto* decision = std::get_if<Decision>(&event); decision && quizFits(kind, *decision)) return decision;
    return nullptr;
}

}  // namespace

LessonPlan planLesson(const Lesson& lesson, const std::string& sourceName, const std::atomic<bool>* stop) {
    LessonPlan plan;
    std::unique_ptr<LessonRunCursor> cursor;
    SlideState state;
    state.run = 0;
    bool started = false;
    try {
        for (std::size_t index = 0; index < lesson.slides.size(); ++index) {
            const LessonSlide& slide = lesson.slides[index];
            const auto failHere = [&slide](std::string message) { throw PlanError{&slide, std::move(message)}; };
            bool newRun = !started;
            if (slide.puzzle) {
                state.puzzle = *slide.puzzle;
                newRun = true;
            }
            if (slide.algorithm && *slide.algorithm != state.algorithmId) {
                const AlgorithmEntry* entry = findAlgorithm(*slide.algorithm);
                if (!entry) failHere("unknown algorithm '" + *slide.algorithm + "'");
                state.algorithmId = *slide.algorithm;
                state.parameters = ParameterValues(entry->info.parameters);
                newRun = true;
            }
            const AlgorithmEntry* entry = findAlgorithm(state.algorithmId);
            if (!entry) failHere("the first slide must set an algorithm");
            if (!entry->info.supports(state.puzzle.kind()))
                failHere("algorithm '" + state.algorithmId + "' does not solve this kind of puzzle");
            for (const auto& [key, value] : slide.parameters) {
                if (auto error = state.parameters.setValue(entry->info.parameters, key, value)) failHere(*error);
                newRun = true;
            }
            if (auto broken = checkParameterRules(entry->info.parameterRules, state.parameters)) failHere(*broken);
            if (slide.seed && *slide.seed != state.seed) {
                state.seed = *slide.seed;
                newRun = true;
            }
            if (newRun) {
                if (started) ++state.run;
                started = true;
                cursor = std::make_unique<LessonRunCursor>(state.puzzle, state.algorithmId, state.parameters, state.seed);
            }
            if (slide.speed) state.speed = *slide.speed;
            if (slide.panels) state.panels = slide.panels;
            if (slide.zoom) state.zoom = slide.zoom;
            state.outline = slide.outline;
            state.note.clear();
            state.quiz.reset();

            const SlideAdvance& advance = slide.advance;
            switch (advance.kind) {
            case SlideAdvance::Kind::Stay: break;
            case SlideAdvance::Kind::Steps:
            case SlideAdvance::Kind::ToStep: {
                const std::uint64_t target =
                    advance.kind == SlideAdvance::Kind::Steps ? cursor->step() + advance.count : advance.count;
                if (target > kMaxLessonSteps)
                    failHere("the slide would take its run to step " + std::to_string(target) + ", past " +
                             std::to_string(kMaxLessonSteps) + " (kMaxLessonSteps)");
                if (!cursor->goTo(target, stop)) {
                    if (stop && stop->load()) failHere("stopped");
                    state.note = "the run ended at step " + std::to_string(cursor->step()) + ", before step " +
                                 std::to_string(target);
                }
                break;
            }
            case SlideAdvance::Kind::Until: {
                const auto& kinds = entry->info.stepEvents;
                if (std::find(kinds.begin(), kinds.end(), advance.until) == kinds.end()) {
                    std::string names;
                    for (StepEvent kind : kinds) names += (names.empty() ? "" : ", ") + std::string(stepEventId(kind));
                    failHere("algorithm '" + state.algorithmId + "' has no steps of kind '" + stepEventId(advance.until) +
                             "' (" + (names.empty() ? std::string("it has none") : "it has: " + names) + ")");
                }
                std::uint64_t seen = 0;
                while (seen < advance.count) {
                    if (stop && stop->load()) failHere("stopped");
                    if (cursor->step() >= kMaxLessonSteps)
                        failHere("no " + ordinal(advance.count) + " " + stepEventName(advance.until) + " within " +
                                 std::to_string(kMaxLessonSteps) + " steps (kMaxLessonSteps)");
                    const double bestBefore = cursor->bestCost();
                    if (!cursor->advance()) {
                        state.note = "the run ended at step " + std::to_string(cursor->step()) + " before its " +
                                     ordinal(advance.count) + " " + stepEventName(advance.until);
                        break;
                    }
                    if (stepIs(*cursor, advance.until, bestBefore)) ++seen;
                }
                break;
            }
            }

            if (slide.quiz) {
                const QuizKind kind = *slide.quiz;
                const auto kinds = quizKindsOf(state.algorithmId);
                if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
                    failHere(std::string("algorithm '") + state.algorithmId + "' has no steps the question '" +
                             quizKindId(kind) + "' asks about");
                const std::uint64_t from = cursor->step();
                const Decision* fitting = nullptr;
                while (!fitting) {
                    if (stop && stop->load()) failHere("stopped");
                    if (cursor->step() >= kMaxLessonSteps || !cursor->advance())
                        failHere(std::string("the run has no step the question '") + quizKindId(kind) +
                                 "' asks about after step " + std::to_string(from) + " (it ended at step " +
                                 std::to_string(cursor->step()) + ")");
                    fitting = fittingDecision(cursor->stepEvents(), kind);
                }
                const Board board = cursor->board();
                QuizQuestion question = makeQuizQuestion(kind, *fitting, boardHeight(board), boardWidth(board));
                question.step = cursor->step();
                // The class stands before the step asked about.
                cursor->goTo(question.step - 1, stop);
                state.quiz = std::move(question);
            }
            state.step = cursor->step();
            state.runEnded = cursor->finished();
            state.board = cursor->board();
            plan.slides.push_back(state);
            // The reveal makes the step asked about: the next slide goes on from there.
            if (state.quiz) cursor->goTo(state.quiz->step, stop);
        }
    } catch (const PlanError& error) {
        plan.error = ParseError{sourceName, error.slide->line, error.slide->column,
                                "slide " + std::to_string(error.slide - lesson.slides.data() + 1) + ": " + error.message};
        plan.slides.clear();
    }
    return plan;
}

}  // namespace pw
