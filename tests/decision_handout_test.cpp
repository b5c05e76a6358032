#include "io/decision_handout.h"

#include "algorithms/registry.h"
#include "engine/runner.h"
#include "io/formats.h"
#include "puzzle/puzzle_kind.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace pw {
namespace {

// A finished annealing run on AI Escargot, as the window would record it.
RunRecording annealingRun(std::uint64_t steps) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
    const ParameterValues parameters = test::parametersOf("sa");
    const RunResult result = test::runAlgorithm("sa", puzzle, parameters, 7, nullptr, steps);
    return makeRecording(puzzle, "sa", parameters, 7, RecordedBudgets{steps, 0, 0, 0}, result);
}

std::size_t count(const std::string& text, const std::string& part) {
    std::size_t found = 0;
    for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++found;
    return found;
}

TEST(DecisionHandoutTest, KeepsEveryExplainedStepOfTheRangeWithTheBoardAfterIt) {
    const RunRecording run = annealingRun(5000);
    const Handout handout = collectHandout(run, 1001, 1020);
    ASSERT_EQ(handout.error, "");
    ASSERT_EQ(handout.steps.size(), 20u);  // annealing explains every proposal
    Board before = collectHandout(run, 1000, 1000).steps.at(0).board;
    for (std::size_t i = 0; i < handout.steps.size(); ++i) {
        const HandoutStep& step = handout.steps[i];
        EXPECT_EQ(step.decision.at.steps, 1001 + i);
        const DecisionDetail& detail = step.decision.detail();
        ASSERT_EQ(detail.cells.size(), 2u) << detail.text;
        ASSERT_TRUE(detail.accepted.has_value());
        // An accepted swap changes exactly its two cells; a refused one leaves the board as it was.
        std::vector<int> changed;
        for (int cell = 0; cell < 81; ++cell)
            if (cellValue(step.board, cell) != cellValue(before, cell)) changed.push_back(cell);
        std::vector<int> named = detail.cells;
        std::sort(named.begin(), named.end());
        if (*detail.accepted) EXPECT_EQ(changed, named) << detail.text;
        else EXPECT_TRUE(changed.empty()) << detail.text;
        before = step.board;
    }
}

TEST(DecisionHandoutTest, WritesMarkdownAndHtmlWithEveryStep) {
    const Handout handout = collectHandout(annealingRun(3000), 101, 120);
    const std::string markdown = handoutMarkdown(handout);
    EXPECT_EQ(count(markdown, "\n## Step "), 20u);
    EXPECT_EQ(count(markdown, "```\n"), 40u);  // a board, opened and closed, per step
    EXPECT_NE(markdown.find("| temperature | "), std::string::npos);
    EXPECT_NE(markdown.find("- Seed: 7"), std::string::npos);
    const std::string html = handoutHtml(handout);
    EXPECT_EQ(count(html, "<section>"), 20u);
    EXPECT_EQ(count(html, "<table class='board'"), 20u);
    EXPECT_EQ(count(html, "marked'>"), 40u);  // two swapped cells shaded per step
    EXPECT_EQ(html.find("<script"), std::string::npos);
}

TEST(DecisionHandoutTest, RefusesRangesTheRunDoesNotHave) {
    const RunRecording run = annealingRun(500);
    EXPECT_NE(collectHandout(run, 0, 10).error.find("first step is 1"), std::string::npos);
    EXPECT_NE(collectHandout(run, 20, 10).error.find("no range"), std::string::npos);
    EXPECT_NE(collectHandout(run, 1, kMaxHandoutSteps + 1).error.find("at most 2000"), std::string::npos);
    EXPECT_NE(collectHandout(run, 501, 510).error.find("took 500 steps"), std::string::npos);
    // A range that runs past the end keeps the steps the run has.
    const Handout tail = collectHandout(run, 491, 600);
    EXPECT_EQ(tail.error, "");
    EXPECT_EQ(tail.steps.size(), 10u);
}

TEST(DecisionHandoutTest, ExplainsANurikabeRunWithItsBoard) {
    const auto collection = loadPuzzleFile(test::puzzlesDir() + "/nurikabe/wikipedia_nikoli.txt");
    ASSERT_FALSE(collection.puzzles.empty());
    const Puzzle& puzzle = collection.puzzles.front();
    const ParameterValues parameters = test::parametersOf("nurikabe-sa");
    const RunResult result = test::runAlgorithm("nurikabe-sa", puzzle, parameters, 3, nullptr, 300);
    const RunRecording run = makeRecording(puzzle, "nurikabe-sa", parameters, 3, RecordedBudgets{300, 0, 0, 0}, result);
    const Handout handout = collectHandout(run, 1, 5);
    ASSERT_EQ(handout.error, "");
    ASSERT_FALSE(handout.steps.empty());
    EXPECT_NE(handoutMarkdown(handout).find("nurikabe"), std::string::npos);
}

}  // namespace
}  // namespace pw
