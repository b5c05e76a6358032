#pragma once
// Questions about an algorithm's next step, answered by the run itself. A question is made from the Decision
// of the step it asks about, so its answer key is what the algorithm did: a quiz cannot disagree with the
// algorithm. The class sees the board before that step and what the question shows (for an annealing proposal
// Δ and T, never the draw); the reveal is the step itself, explained by the Decision's sentence.
//
// Lessons ask at fixed places (lesson_plan.h); practice mode draws questions from a run (practiceQuestions).

#include "base/events.h"
#include "lesson/lesson.h"
#include "puzzle/puzzle.h"

#include <atomic>
#include <optional>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pw {

// How the answer is given: a choice among `choices`, a number, one cell, or two cells (a swap).
enum class AnswerForm { Choice, Number, Cell, TwoCells };

struct QuizQuestion {
    QuizKind kind = QuizKind::Accept;
    std::uint64_t step = 0;  // the step whose Decision answers it; the class sees the board before it
    std::string prompt;      // "Will this swap be accepted?"
    std::vector<std::string> shown;  // what the class is told: "swap r3c4=7 ↔ r3c6=2", "Δ = +2", "T = 0.523"
    std::vector<int> cells;          // the cells the question is about, outlined with it
    AnswerForm form = AnswerForm::Choice;
    std::vector<std::string> choices;  // Choice: the options, one of them `answer`
    std::string answer;                // the answer as shown at the reveal: "no", "0.021", "r3c5", "memory"
    double number = 0;                 // Number: the exact value
    std::vector<int> answerCells;      // Cell, TwoCells
    std::string explanation;           // the Decision's sentence
    int width = 0;                     // the board's size, to read cell answers
    int height = 0;
    std::optional<Board> boardBefore;  // practice questions: the board the student sees (the step before)
};

// Whether the Decision of a step is one `kind` asks about: an annealing proposal that raises the cost (Accept,
// Probability), a branch of the exact solver, a logic step, a tabu move, a harmony improvisation.
bool quizFits(QuizKind kind, const Decision& decision);
// The question `kind` asks about the step `decision` explains, on a board of `height` x `width`; call only when
// quizFits.
QuizQuestion makeQuizQuestion(QuizKind kind, const Decision& decision, int height, int width);

struct QuizCheck {
    bool understood = false;  // false: `message` says what an answer looks like, and nothing is scored
    bool correct = false;
    std::string message;  // "Right: ...", "Not quite: ...", or what an answer looks like
};
// Checks `given` (a choice's text or its number from 1, a number, "r3c4", "r3c4 r3c6") against the question.
// A probability is right within 0.01 of p.
QuizCheck checkQuizAnswer(const QuizQuestion& question, std::string_view given);

// The quiz kinds the steps of algorithm `algorithmId` can be asked about.
std::vector<QuizKind> quizKindsOf(const std::string& algorithmId);

// Practice mode: up to `count` questions of `kind` from one run of `algorithmId` with `parameters` and `seed`
// on `puzzle`, at steps spread over the run's first `maxSteps` steps (every fitting step is a candidate; they
// are taken evenly, so the questions show the run's course). Each comes with the step before it, where the
// student stands. Empty when the run has no fitting step; `stop` ends it early.
std::vector<QuizQuestion> practiceQuestions(const Puzzle& puzzle, const std::string& algorithmId,
                                            const ParameterValues& parameters, std::uint64_t seed, QuizKind kind,
                                            std::size_t count, std::uint64_t maxSteps,
                                            const std::atomic<bool>* stop = nullptr);

}  // namespace pw
