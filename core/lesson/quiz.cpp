#include "lesson/quiz.h"

#include "algorithms/registry.h"
#include "base/text_format.h"
#include "lesson/lesson_plan.h"
#include "nurikabe/nurikabe_rules.h"
#include "sudoku/logic.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace pw {

namespace {

const DecisionValue* valueOf(const DecisionDetail& detail, const char* name) {
    for (const DecisionValue& value : detail.values)
        if (value.name == name && !std::isnan(value.value)) return &value;
    return nullptr;
}

bool isAnnealingProposal(const DecisionDetail& detail) {
    return detail.action == "swap" && detail.accepted.has_value() && valueOf(detail, "delta") &&
           valueOf(detail, "temperature") && valueOf(detail, "probability");
}

constexpr Technique kSudokuTechniques[] = {Technique::NakedSingle, Technique::HiddenSingle, Technique::Pointing,
                                           Technique::Claiming,    Technique::NakedPair,    Technique::HiddenPair,
                                           Technique::Refutation};

// The Sudoku solver takes the easiest group of techniques that applies and, inside it, any one application (at
// random, or the first in reading order): a question can only ask for the group, which the run decides.
const char* sudokuTechniqueGroup(Technique technique) {
    switch (technique) {
    case Technique::NakedSingle:
    case Technique::HiddenSingle: return "a single (naked or hidden)";
    case Technique::Pointing:
    case Technique::Claiming: return "locked candidates (pointing or claiming)";
    case Technique::NakedPair:
    case Technique::HiddenPair: return "a pair (naked or hidden)";
    case Technique::Refutation: return "refutation";
    }
    return "?";
}

// The technique a logic step used, as a question can ask for it: a Sudoku step's sentence begins with its
// technique's name (answered by its group), a Nurikabe step names its rule (the rules are tried one by one).
std::optional<std::string> techniqueOf(const DecisionDetail& detail) {
    if (detail.action == "deduce" || detail.action == "hypothesis") {
        const DecisionValue* rule = valueOf(detail, "rule");
        if (!rule || rule->value < 1 || rule->value > kNurikabeTechniqueCount) return std::nullopt;
        return nurikabeTechniqueName(static_cast<NurikabeTechnique>(static_cast<int>(rule->value) - 1));
    }
    if (detail.action != "technique" && detail.action != "refute") return std::nullopt;
    std::optional<Technique> longest;
    for (Technique technique : kSudokuTechniques) {
        const std::string name = techniqueName(technique);
        if (detail.text.compare(0, name.size() + 1, name + ":") == 0 &&
            (!longest || name.size() > std::string(techniqueName(*longest)).size()))
            longest = technique;
    }
    if (!longest) return std::nullopt;
    return sudokuTechniqueGroup(*longest);
}

std::vector<std::string> techniqueChoices(const DecisionDetail& detail) {
    std::vector<std::string> choices;
    if (detail.action == "deduce" || detail.action == "hypothesis") {
        for (int i = 0; i < kNurikabeTechniqueCount; ++i)
            choices.push_back(nurikabeTechniqueName(static_cast<NurikabeTechnique>(i)));
    } else {
        for (Technique technique : kSudokuTechniques)
            if (choices.empty() || choices.back() != sudokuTechniqueGroup(technique))
                choices.push_back(sudokuTechniqueGroup(technique));
    }
    return choices;
}

// The cell a harmony question asks about: the first the improvisation changed against the memory's best, else
// the first it set; its index into the boards' object, or -1.
int harmonyQuestionIndex(const DecisionDetail& detail) {
    const DecisionBoards* boards = detail.boards.get();
    if (!boards || boards->sources.empty() || boards->sources.size() != boards->object.size()) return -1;
    for (int cell : detail.cells)
        for (std::size_t i = 0; i < boards->object.size(); ++i)
            if (boards->object[i].cell == cell) return static_cast<int>(i);
    return 0;
}

std::string lowered(std::string_view text) {
    std::string out;
    for (char c : text) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto start = out.find_first_not_of(" \t");
    const auto end = out.find_last_not_of(" \t\r\n");
    return start == std::string::npos ? std::string() : out.substr(start, end - start + 1);
}

// The text of a proposal before its figures ("swap r3c4=7 ↔ r3c6=2 in box 2").
std::string proposalOf(const DecisionDetail& detail) { return detail.text.substr(0, detail.text.find(": cost")); }

}  // namespace

bool quizFits(QuizKind kind, const Decision& decision) {
    const DecisionDetail& detail = decision.detail();
    switch (kind) {
    case QuizKind::Accept:
    case QuizKind::Probability: return isAnnealingProposal(detail) && valueOf(detail, "delta")->value > 0;
    case QuizKind::BranchCell: return detail.action == "branch" && detail.cells.size() == 1;
    case QuizKind::Technique: return techniqueOf(detail).has_value();
    case QuizKind::TabuMove: return detail.action == "move" && detail.cells.size() == 2 && detail.listLabel == "tabu list";
    case QuizKind::HarmonySource: return detail.action == "improvise" && harmonyQuestionIndex(detail) >= 0;
    }
    return false;
}

QuizQuestion makeQuizQuestion(QuizKind kind, const Decision& decision, int height, int width) {
    const DecisionDetail& detail = decision.detail();
    QuizQuestion question;
    question.kind = kind;
    question.step = decision.at.steps;
    question.explanation = detail.text;
    question.width = width;
    question.height = height;
    question.cells = detail.cells;
    const auto cellName = [width](int cell) { return boardCellName(cell, width); };
    switch (kind) {
    case QuizKind::Accept:
    case QuizKind::Probability: {
        const double delta = valueOf(detail, "delta")->value;
        const double temperature = valueOf(detail, "temperature")->value;
        const double cost = valueOf(detail, "cost_before") ? valueOf(detail, "cost_before")->value : 0;
        question.shown = {proposalOf(detail),
                          "cost " + formatNumber(cost) + " \u2192 " + formatNumber(cost + delta) + ", so \u0394 = +" +
                              formatNumber(delta),
                          "T = " + formatNumber(temperature, 3)};
        if (kind == QuizKind::Accept) {
            question.prompt = "Will this swap be accepted?";
            question.choices = {"yes", "no"};
            question.answer = *detail.accepted ? "yes" : "no";
        } else {
            question.prompt = "What is the probability p = e^(\u2212\u0394/T) of accepting this swap?";
            question.form = AnswerForm::Number;
            question.number = valueOf(detail, "probability")->value;
            question.answer = formatNumber(question.number, 3);
        }
        break;
    }
    case QuizKind::BranchCell:
        question.prompt = "Which cell will the exact solver branch on?";
        question.shown = {"It first applies every sure deduction, then branches on the undecided cell with the fewest "
                          "possibilities (the first such cell in reading order)"};
        question.form = AnswerForm::Cell;
        question.answerCells = detail.cells;
        question.answer = cellName(detail.cells.front());
        question.cells.clear();  // outlining it would give it away
        break;
    case QuizKind::Technique:
        question.prompt = "Which technique applies next?";
        question.shown = {"The solver takes the easiest technique that applies anywhere on the board"};
        question.choices = techniqueChoices(detail);
        question.answer = *techniqueOf(detail);
        question.cells.clear();
        break;
    case QuizKind::TabuMove: {
        question.prompt = "Which swap will tabu search make?";
        const DecisionValue* cost = valueOf(detail, "cost_before");
        const DecisionValue* tabu = valueOf(detail, "tabu_count");
        question.shown = {"It takes the best swap that is not tabu, or a tabu one that makes a new best (aspiration)"};
        if (cost) question.shown.push_back("cost now " + formatNumber(cost->value));
        if (tabu) question.shown.push_back(formatNumber(tabu->value) + " values tabu");
        question.form = AnswerForm::TwoCells;
        question.answerCells = detail.cells;
        question.answer = cellName(detail.cells[0]) + " \u2194 " + cellName(detail.cells[1]);
        question.cells.clear();
        break;
    }
    case QuizKind::HarmonySource: {
        const DecisionBoards& boards = *detail.boards;
        const auto index = static_cast<std::size_t>(harmonyQuestionIndex(detail));
        const int cell = boards.object[index].cell;
        question.prompt = "Where does the improvised harmony take the value of " + cellName(cell) + " from?";
        question.shown = {"Each value comes from memory, pitch adjusted from memory, or at random"};
        question.choices = boards.sourceNames;
        question.answer = boards.sourceNames[boards.sources[index]];
        question.answerCells = {cell};
        question.cells = {cell};
        break;
    }
    }
    return question;
}

QuizCheck checkQuizAnswer(const QuizQuestion& question, std::string_view given) {
    QuizCheck check;
    const std::string text = lowered(given);
    const auto verdict = [&check, &question](bool correct) {
        check.understood = true;
        check.correct = correct;
        check.message = (correct ? "Right: " : "Not quite: the answer is " + question.answer + ". ") + question.explanation;
    };
    switch (question.form) {
    case AnswerForm::Choice: {
        for (std::size_t i = 0; i < question.choices.size(); ++i)
            if (text == lowered(question.choices[i]) || text == std::to_string(i + 1)) {
                verdict(question.answer == question.choices[i]);
                return check;
            }
        std::string options;
        for (const auto& choice : question.choices) options += (options.empty() ? "" : ", ") + choice;
        check.message = "answer with one of: " + options;
        return check;
    }
    case AnswerForm::Number: {
        double value = 0;
        std::string number = text;
        std::replace(number.begin(), number.end(), ',', '.');
        const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), value);
        if (error != std::errc() || end != number.data() + number.size() || !std::isfinite(value)) {
            check.message = "answer with a number, such as 0.25";
            return check;
        }
        verdict(std::abs(value - question.number) <= 0.01);
        return check;
    }
    case AnswerForm::Cell:
    case AnswerForm::TwoCells: {
        std::vector<int> cells;
        std::string word;
        const auto take = [&] {
            if (word.empty()) return true;
            const auto cell = parseBoardCell(word, question.height, question.width);
            word.clear();
            if (!cell) return false;
            cells.push_back(*cell);
            return true;
        };
        bool readable = true;
        for (char c : text) {
            if (std::isalnum(static_cast<unsigned char>(c))) word += c;
            else readable = take() && readable;
        }
        readable = take() && readable;
        const std::size_t wanted = question.form == AnswerForm::Cell ? 1 : 2;
        if (!readable || cells.size() != wanted) {
            check.message = wanted == 1 ? "answer with one cell, such as r3c4" : "answer with two cells, such as r3c4 r3c6";
            return check;
        }
        std::vector<int> expected = question.answerCells;
        std::sort(cells.begin(), cells.end());
        std::sort(expected.begin(), expected.end());
        verdict(cells == expected);
        return check;
    }
    }
    return check;
}

std::vector<QuizKind> quizKindsOf(const std::string& algorithmId) {
    const AlgorithmEntry* entry = findAlgorithm(algorithmId);
    if (!entry) return {};
    const StepDecision& decision = entry->info.stepDecision;
    if (decision.action == "swap" && decision.verdict) return {QuizKind::Accept, QuizKind::Probability};
    if (decision.action == "branch") return {QuizKind::BranchCell};
    if (decision.action == "technique" || decision.action == "deduce") return {QuizKind::Technique};
    if (decision.action == "move" && decision.listLabel == "tabu list") return {QuizKind::TabuMove};
    if (decision.action == "improvise") return {QuizKind::HarmonySource};
    return {};
}

std::vector<QuizQuestion> practiceQuestions(const Puzzle& puzzle, const std::string& algorithmId,
                                            const ParameterValues& parameters, std::uint64_t seed, QuizKind kind,
                                            std::size_t count, std::uint64_t maxSteps, const std::atomic<bool>* stop) {
    const auto kinds = quizKindsOf(algorithmId);
    if (count == 0 || std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) return {};
    // First the steps that fit, then the chosen ones again: a question needs only its own step's Decision.
    std::vector<std::uint64_t> fitting;
    LessonRunCursor cursor(puzzle, algorithmId, parameters, seed);
    while (cursor.step() < maxSteps && !(stop && stop->load()) && cursor.advance()) {
        for (const Event& event : cursor.stepEvents())
            if (const auto* decision = std::get_if<Decision>(&event); decision && quizFits(kind, *decision)) {
                fitting.push_back(cursor.step());
                break;
            }
    }
    std::vector<std::uint64_t> chosen;
    const std::size_t taken = std::min(count, fitting.size());
    for (std::size_t i = 0; i < taken; ++i) chosen.push_back(fitting[i * fitting.size() / taken]);
    std::vector<QuizQuestion> questions;
    for (std::uint64_t step : chosen) {
        if (!cursor.goTo(step - 1, stop)) break;
        Board before = cursor.board();
        if (!cursor.advance()) break;
        const Board board = cursor.board();
        for (const Event& event : cursor.stepEvents())
            if (const auto* decision = std::get_if<Decision>(&event); decision && quizFits(kind, *decision)) {
                questions.push_back(makeQuizQuestion(kind, *decision, boardHeight(board), boardWidth(board)));
                questions.back().step = step;
                questions.back().boardBefore = std::move(before);
                break;
            }
    }
    return questions;
}

}  // namespace pw
