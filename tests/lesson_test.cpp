// Lessons: the file format (strict, positioned errors, versions, a round trip), where each slide lands (the
// same step and board every time), and the quizzes, whose answers must agree with an independent trace of the
// same run.

#include "test_support.h"

#include "base/event_sinks.h"
#include "engine/step_events.h"
#include "io/puzzle_text.h"
#include "lesson/lesson_plan.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>

namespace pw {
namespace {

using test::kPillayFigure1;

std::string lessonText(const std::string& slides, const std::string& version = "1") {
    return R"({
  "format": "puzzle-workbench-lesson",
  "format_version": )" + version + R"(,
  "title": "Test lesson",
  "slides": [)" + slides + R"(
  ]
})";
}

const std::string kFirstSlide = R"(
    {
      "title": "The puzzle",
      "puzzle": {"id": "pillay-1", "text": ")" + kPillayFigure1 + R"("},
      "algorithm": "sa",
      "parameters": {"t0": 2.0},
      "seed": 7,
      "caption": "**Annealing** accepts a worse swap with p = e^(−Δ/T) at most",
      "notes": "Ask the class first"
    })";

Lesson parsed(const std::string& text) {
    const LessonRead read = parseLesson(text, "test.json");
    EXPECT_TRUE(read.lesson) << read.error.toString();
    return read.lesson.value_or(Lesson{});
}

ParseError errorOf(const std::string& text) {
    const LessonRead read = parseLesson(text, "test.json");
    EXPECT_FALSE(read.lesson);
    return read.error;
}

// Every Decision of a run of `steps` steps, by the step that made it: the trace a quiz is checked against.
std::multimap<std::uint64_t, Decision> traceDecisions(const SlideState& state, std::uint64_t steps) {
    RecordingSink sink;
    sink.setWantsDecisions(true);
    auto algorithm = findAlgorithm(state.algorithmId)->create();
    Runner runner(*algorithm, state.puzzle, state.parameters, state.seed, &sink, StopConditions{});
    while (!runner.finished() && algorithm->counters().steps < steps) runner.advance();
    std::multimap<std::uint64_t, Decision> decisions;
    for (const Event& event : sink.events())
        if (const auto* decision = std::get_if<Decision>(&event)) decisions.emplace(decision->at.steps, *decision);
    return decisions;
}

// The answer the independent trace gives to `question`.
void expectAnswerMatchesTrace(const SlideState& state, const QuizQuestion& question) {
    const auto trace = traceDecisions(state, question.step);
    const auto [first, last] = trace.equal_range(question.step);
    const Decision* fitting = nullptr;
    for (auto it = first; it != last && !fitting; ++it)
        if (quizFits(question.kind, it->second)) fitting = &it->second;
    ASSERT_NE(fitting, nullptr) << "no step " << question.step << " of kind " << quizKindId(question.kind);
    const DecisionDetail& detail = fitting->detail();
    EXPECT_EQ(question.explanation, detail.text);
    switch (question.kind) {
    case QuizKind::Accept: EXPECT_EQ(question.answer, *detail.accepted ? "yes" : "no"); break;
    case QuizKind::Probability:
        for (const auto& value : detail.values) {
            if (value.name == "probability") {
                EXPECT_DOUBLE_EQ(question.number, value.value);
            }
        }
        break;
    case QuizKind::BranchCell:
    case QuizKind::TabuMove: EXPECT_EQ(question.answerCells, detail.cells); break;
    case QuizKind::Technique: {
        // A Sudoku step is asked by its group (the solver picks freely inside it), a Nurikabe step by its rule.
        const std::string named = detail.text.substr(0, detail.text.find(':'));
        const bool sudokuGroup = question.answer.find(named.substr(named.find(' ') + 1)) != std::string::npos ||
                                 question.answer.find(named.substr(0, named.find(' '))) != std::string::npos;
        EXPECT_TRUE(sudokuGroup || named.empty()) << question.answer << " / " << detail.text;
        break;
    }
    case QuizKind::HarmonySource: {
        const DecisionBoards& boards = *detail.boards;
        bool found = false;
        for (std::size_t i = 0; i < boards.object.size(); ++i)
            if (boards.object[i].cell == question.answerCells.front()) {
                EXPECT_EQ(question.answer, boards.sourceNames[boards.sources[i]]);
                found = true;
            }
        EXPECT_TRUE(found);
        break;
    }
    }
}

TEST(LessonTest, SlidesCarryOverAndLandOnTheSameStepEveryTime) {
    const Lesson lesson = parsed(lessonText(kFirstSlide + R"(,
    {"title": "Ten proposals", "advance": {"steps": 10}, "outline": ["r1c2", "r9c9"]},
    {"title": "A refusal", "advance": {"until": "refusal"}},
    {"title": "Will it be accepted?", "quiz": "accept"},
    {"title": "And p?", "quiz": "probability", "speed": 20, "zoom": 1.5, "panels": ["costChart", "decisions"]},
    {"title": "Step 300", "advance": {"to_step": 300}},
    {"title": "Another seed", "seed": 8},
    {"title": "Back to step 5", "advance": {"to_step": 5}})"));
    ASSERT_EQ(lesson.slides.size(), 8u);
    EXPECT_EQ(lesson.slides[1].outline, (std::vector<int>{1, 80}));
    EXPECT_EQ(lesson.slides[0].line, 6);

    const LessonPlan plan = planLesson(lesson, "test.json");
    ASSERT_FALSE(plan.error) << plan.error->toString();
    ASSERT_EQ(plan.slides.size(), 8u);
    EXPECT_EQ(plan.slides[0].step, 0u);
    EXPECT_EQ(plan.slides[1].step, 10u);
    EXPECT_GT(plan.slides[2].step, 10u);
    // A quiz stands before the step it asks about; the next slide goes on from that step.
    ASSERT_TRUE(plan.slides[3].quiz);
    EXPECT_EQ(plan.slides[3].quiz->step, plan.slides[3].step + 1);
    EXPECT_GE(plan.slides[4].step, plan.slides[3].quiz->step);
    EXPECT_EQ(plan.slides[4].speed, 20);
    EXPECT_EQ(plan.slides[5].zoom, 1.5);  // carried over
    EXPECT_EQ(plan.slides[5].step, 300u);
    EXPECT_EQ(plan.slides[5].run, 0u);
    EXPECT_EQ(plan.slides[6].run, 1u);
    EXPECT_EQ(plan.slides[6].step, 0u);
    EXPECT_EQ(plan.slides[7].step, 5u);
    EXPECT_EQ(plan.slides[6].parameters.real("t0"), 2.0);  // parameters carry over to the new seed

    // The refusal slide landed right after a refused proposal.
    const auto trace = traceDecisions(plan.slides[2], plan.slides[2].step);
    const auto [first, last] = trace.equal_range(plan.slides[2].step);
    bool refused = false;
    for (auto it = first; it != last; ++it) refused = refused || marksStepEvent(StepEvent::Refusal, it->second);
    EXPECT_TRUE(refused);

    // Quiz answers come from the run: an independent trace says the same.
    expectAnswerMatchesTrace(plan.slides[3], *plan.slides[3].quiz);
    expectAnswerMatchesTrace(plan.slides[4], *plan.slides[4].quiz);

    // Twice the same plan, board for board.
    const LessonPlan again = planLesson(lesson, "test.json");
    ASSERT_EQ(again.slides.size(), plan.slides.size());
    for (std::size_t i = 0; i < plan.slides.size(); ++i) {
        EXPECT_EQ(again.slides[i].step, plan.slides[i].step) << "slide " << i + 1;
        EXPECT_EQ(boardText(again.slides[i].board), boardText(plan.slides[i].board)) << "slide " << i + 1;
    }
    // A cursor started afresh lands on each slide's board.
    for (const SlideState& state : plan.slides) {
        LessonRunCursor cursor(state.puzzle, state.algorithmId, state.parameters, state.seed);
        ASSERT_TRUE(cursor.goTo(state.step));
        EXPECT_EQ(boardText(cursor.board()), boardText(state.board));
    }
}

TEST(LessonTest, WritesWhatItReads) {
    const Lesson lesson = parsed(lessonText(kFirstSlide + R"(,
    {"title": "Ten", "advance": {"steps": 10}, "outline": ["r3c4"], "panels": ["decisions"], "zoom": 2},
    {"advance": {"until": "new-best", "times": 2}, "speed": 0, "quiz": "probability"},
    {"algorithm": "tabu", "parameters": {"tenure": 5}, "advance": {"to_step": 4}})"));
    const std::string written = formatLesson(lesson);
    const Lesson again = parsed(written);
    ASSERT_EQ(again.slides.size(), lesson.slides.size());
    EXPECT_EQ(again.title, lesson.title);
    for (std::size_t i = 0; i < lesson.slides.size(); ++i) {
        const LessonSlide& a = lesson.slides[i];
        const LessonSlide& b = again.slides[i];
        EXPECT_EQ(a.title, b.title);
        EXPECT_EQ(a.algorithm, b.algorithm);
        EXPECT_EQ(a.parameters, b.parameters);
        EXPECT_EQ(a.seed, b.seed);
        EXPECT_EQ(a.speed, b.speed);
        EXPECT_EQ(a.panels, b.panels);
        EXPECT_EQ(a.zoom, b.zoom);
        EXPECT_EQ(a.advance, b.advance);
        EXPECT_EQ(a.outline, b.outline);
        EXPECT_EQ(a.caption, b.caption);
        EXPECT_EQ(a.notes, b.notes);
        EXPECT_EQ(a.quiz, b.quiz);
        EXPECT_EQ(a.puzzle.has_value(), b.puzzle.has_value());
    }
    EXPECT_EQ(formatLesson(again), written);
    EXPECT_TRUE(looksLikeLesson(written));
    EXPECT_FALSE(looksLikeLesson(kPillayFigure1));
}

TEST(LessonTest, BadFilesAreRefusedWithTheirPlace) {
    const struct {
        std::string text;
        int line;
        int column;
        std::string message;
    } cases[] = {
        {"{\n  \"format\": \"puzzle-workbench-lesson\",\n  oops\n}", 3, 3, "not valid JSON"},
        {lessonText(kFirstSlide, "2"), 3, 21, "format version 2, made by a newer workbench"},
        {R"({"format": "other", "format_version": 1, "slides": []})", 1, 12, "'format' must be"},
        {lessonText(R"(
    {"algorithm": "sa"})"), 6, 5, "the first slide must set a 'puzzle'"},
        {lessonText(kFirstSlide + R"(,
    {"algorithm": "no-such"})"), 15, 19, "unknown algorithm"},
        {lessonText(kFirstSlide + R"(,
    {"parameters": {"t0": -3}})"), 15, 27, "t0"},
        {lessonText(kFirstSlide + R"(,
    {"parameters": {"tenure": 3}})"), 15, 31, "has no parameter 'tenure'"},
        {lessonText(kFirstSlide + R"(,
    {"outline": ["r3c4", "r10c1"]})"), 15, 26, "not a cell of this 9x9 puzzle"},
        {lessonText(kFirstSlide + R"(,
    {"advance": {"until": "lunch"}})"), 15, 27, "unknown kind of step 'lunch'"},
        {lessonText(kFirstSlide + R"(,
    {"advance": {"steps": 1, "to_step": 3}})"), 15, 17, "exactly one of"},
        {lessonText(kFirstSlide + R"(,
    {"quiz": "riddle"})"), 15, 14, "unknown question 'riddle'"},
        {lessonText(kFirstSlide + R"(,
    {"colour": "red"})"), 15, 16, "unknown field 'colour'"},
        {lessonText(kFirstSlide + R"(,
    {"zoom": 9})"), 15, 14, "'zoom' must be a number from 0.5 to 4"},
    };
    for (const auto& c : cases) {
        const ParseError error = errorOf(c.text);
        EXPECT_EQ(error.file, "test.json");
        EXPECT_EQ(error.line, c.line) << error.toString();
        EXPECT_EQ(error.column, c.column) << error.toString();
        EXPECT_NE(error.message.find(c.message), std::string::npos) << error.toString();
    }
}

TEST(LessonTest, AQuestionTheRunNeverAsksIsAnErrorAtItsSlide) {
    const Lesson lesson = parsed(lessonText(kFirstSlide + R"(,
    {"title": "Wrong question", "quiz": "tabu-move"})"));
    const LessonPlan plan = planLesson(lesson, "test.json");
    ASSERT_TRUE(plan.error);
    EXPECT_EQ(plan.error->line, 15);
    EXPECT_NE(plan.error->message.find("slide 2: algorithm 'sa' has no steps the question 'tabu-move' asks about"),
              std::string::npos)
        << plan.error->toString();
}

TEST(LessonTest, AnUntilTheRunNeverReachesSaysWhereItEnded) {
    // The exact solver proves this easy puzzle at its first node, without a backtrack.
    const Lesson lesson = parsed(lessonText(R"(
    {"puzzle": {"text": ")" + kPillayFigure1 + R"("}, "algorithm": "exact", "advance": {"until": "backtrack"}})"));
    const LessonPlan plan = planLesson(lesson, "test.json");
    ASSERT_FALSE(plan.error) << plan.error->toString();
    EXPECT_TRUE(plan.slides[0].runEnded);
    EXPECT_NE(plan.slides[0].note.find("before its 1st backtrack"), std::string::npos) << plan.slides[0].note;
}

TEST(LessonTest, AnUntilOfAKindTheAlgorithmNeverMakesIsAnError) {
    const Lesson lesson = parsed(lessonText(kFirstSlide + R"(,
    {"algorithm": "tabu", "advance": {"until": "reheat"}})"));
    const LessonPlan plan = planLesson(lesson, "test.json");
    ASSERT_TRUE(plan.error);
    EXPECT_NE(plan.error->message.find("slide 2: algorithm 'tabu' has no steps of kind 'reheat' (it has: new-best, restart)"),
              std::string::npos)
        << plan.error->toString();
}

struct QuizCase {
    QuizKind kind;
    const char* algorithm;
    std::string puzzle;
};

TEST(LessonTest, EveryQuizKindIsAnsweredByTheRun) {
    const std::string nurikabe = "2 . . . 2\n. . . . .\n. . 3 . .\n. . . . .\n1 . . . 2\n";
    const QuizCase cases[] = {
        {QuizKind::Accept, "sa", kPillayFigure1},
        {QuizKind::Probability, "sa", kPillayFigure1},
        {QuizKind::BranchCell, "exact", test::kAiEscargot},
        {QuizKind::Technique, "logic", kPillayFigure1},
        {QuizKind::Technique, "nurikabe-logic", nurikabe},
        {QuizKind::TabuMove, "tabu", test::kAiEscargot},  // the prefilter alone solves the easy one
        {QuizKind::HarmonySource, "harmony", kPillayFigure1},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(std::string(quizKindId(c.kind)) + " with " + c.algorithm);
        PuzzleCollection collection = parsePuzzles(c.puzzle, "quiz");
        ASSERT_EQ(collection.puzzles.size(), 1u);
        SlideState state;
        state.puzzle = collection.puzzles.front();
        state.algorithmId = c.algorithm;
        state.parameters = ParameterValues(findAlgorithm(c.algorithm)->info.parameters);
        state.seed = 3;
        const auto kinds = quizKindsOf(c.algorithm);
        EXPECT_NE(std::find(kinds.begin(), kinds.end(), c.kind), kinds.end());
        const auto questions = practiceQuestions(state.puzzle, c.algorithm, state.parameters, state.seed, c.kind, 3, 2000);
        ASSERT_FALSE(questions.empty());
        std::uint64_t previous = 0;
        for (const QuizQuestion& question : questions) {
            EXPECT_GT(question.step, previous);  // spread over the run, never the same step twice
            previous = question.step;
            ASSERT_TRUE(question.boardBefore);
            LessonRunCursor cursor(state.puzzle, c.algorithm, state.parameters, state.seed);
            ASSERT_TRUE(cursor.goTo(question.step - 1));
            EXPECT_EQ(boardText(cursor.board()), boardText(*question.boardBefore));
            expectAnswerMatchesTrace(state, question);
            // The answer key is accepted, and a wrong answer is not.
            const std::string key = question.form == AnswerForm::Number ? question.answer
                                    : question.form == AnswerForm::Choice
                                        ? question.answer
                                        : boardCellName(question.answerCells.back(), question.width) +
                                              (question.answerCells.size() > 1
                                                   ? " " + boardCellName(question.answerCells.front(), question.width)
                                                   : "");
            const QuizCheck right = checkQuizAnswer(question, key);
            EXPECT_TRUE(right.understood && right.correct) << key << ": " << right.message;
        }
    }
}

TEST(LessonTest, AnswersAreCheckedAsPeopleWriteThem) {
    QuizQuestion question;
    question.form = AnswerForm::Number;
    question.number = 0.0183;
    question.answer = "0.0183";
    question.explanation = "p = e^(−2/0.5)";
    EXPECT_TRUE(checkQuizAnswer(question, "0.02").correct);
    EXPECT_TRUE(checkQuizAnswer(question, " 0,018 ").correct);
    EXPECT_FALSE(checkQuizAnswer(question, "0.05").correct);
    EXPECT_FALSE(checkQuizAnswer(question, "a lot").understood);

    question.form = AnswerForm::TwoCells;
    question.width = question.height = 9;
    question.answerCells = {21, 23};
    question.answer = "r3c4 \u2194 r3c6";
    EXPECT_TRUE(checkQuizAnswer(question, "r3c6 r3c4").correct);
    EXPECT_TRUE(checkQuizAnswer(question, "R3C4, r3c6").correct);
    EXPECT_FALSE(checkQuizAnswer(question, "r3c4 r3c5").correct);
    const QuizCheck one = checkQuizAnswer(question, "r3c4");
    EXPECT_FALSE(one.understood);
    EXPECT_NE(one.message.find("two cells"), std::string::npos);
    EXPECT_FALSE(checkQuizAnswer(question, "r3c4 r10c1").understood);

    question.form = AnswerForm::Choice;
    question.choices = {"yes", "no"};
    question.answer = "no";
    EXPECT_TRUE(checkQuizAnswer(question, "No").correct);
    EXPECT_TRUE(checkQuizAnswer(question, "2").correct);
    EXPECT_FALSE(checkQuizAnswer(question, "yes").correct);
    const QuizCheck wrong = checkQuizAnswer(question, "yes");
    EXPECT_NE(wrong.message.find("the answer is no"), std::string::npos);
    EXPECT_FALSE(checkQuizAnswer(question, "maybe").understood);
}

// The bundled lessons: each reads, plans to its last slide, and is what the manual promises (6 to 15 slides,
// every slide with a caption and the lesson with teacher notes).
TEST(LessonTest, BundledLessonsPlayToTheirLastSlide) {
    const std::filesystem::path folder = std::filesystem::path(test::puzzlesDir()) / "lessons";
    std::size_t count = 0;
    bool nurikabe = false;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        if (entry.path().extension() != ".json") continue;
        ++count;
        SCOPED_TRACE(entry.path().string());
        const LessonRead read = loadLesson(entry.path().string());
        ASSERT_TRUE(read.lesson) << read.error.toString();
        const Lesson& lesson = *read.lesson;
        EXPECT_GE(lesson.slides.size(), 6u);
        EXPECT_LE(lesson.slides.size(), 15u);
        EXPECT_FALSE(lesson.title.empty());
        std::size_t notes = 0;
        for (const LessonSlide& slide : lesson.slides) {
            EXPECT_FALSE(slide.caption.empty()) << slide.title;
            notes += !slide.notes.empty();
        }
        EXPECT_GE(notes, lesson.slides.size() / 2);
        const LessonPlan plan = planLesson(lesson, entry.path().string());
        ASSERT_FALSE(plan.error) << plan.error->toString();
        ASSERT_EQ(plan.slides.size(), lesson.slides.size());
        for (const SlideState& state : plan.slides) {
            if (state.puzzle.kind() == PuzzleKind::Nurikabe) nurikabe = true;
            EXPECT_TRUE(state.note.empty()) << state.note;  // every slide lands where its author meant
        }
    }
    EXPECT_GE(count, 7u);
    EXPECT_TRUE(nurikabe);
}

}  // namespace
}  // namespace pw
