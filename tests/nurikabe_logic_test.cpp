// The named Nurikabe rules: each on a small grid where it is the easiest that applies, the hypothesis on a Janko
// puzzle the rules alone leave unfinished, whole solves checked against the known solutions, the rating and the
// graded hints.

#include "nurikabe/nurikabe_rules.h"

#include "test_support.h"

#include <gtest/gtest.h>

#include <string>

namespace pw {
namespace {

using test::gridFrom;

NurikabeDeduction firstDeduction(const NurikabeGrid& grid, int maxDepth = 0) {
    NurikabeReasoner reasoner(grid);
    EXPECT_FALSE(reasoner.contradiction(grid)) << reasoner.contradiction(grid)->text;
    const auto deduction = reasoner.next(grid, maxDepth);
    EXPECT_TRUE(deduction.has_value());
    return deduction.value_or(NurikabeDeduction{});
}

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const Puzzle& samplePuzzle(const std::string& id) {
    static const auto collection = loadPuzzleFile(test::puzzlesDir() + "/nurikabe/janko_sample.txt");
    for (const auto& puzzle : collection.puzzles)
        if (puzzle.id == id) return puzzle;
    throw std::runtime_error("no puzzle " + id + " in the sample");
}

TEST(NurikabeLogicTest, EachRuleIsFoundWhereItIsTheEasiest) {
    struct Case {
        std::vector<std::string> rows;
        NurikabeTechnique technique;
        std::vector<int> cells;
        NurikabeCell value;
        std::string sentence;  // a part of the explanation
    };
    const std::vector<Case> cases = {
        {{"2...", "....", "..1."}, NurikabeTechnique::ClueOfOne, {6, 9, 11}, NurikabeCell::River,
         "r3c3 is a whole island"},
        {{"2o.", "...", "..3"}, NurikabeTechnique::CompleteIsland, {2, 3, 4}, NurikabeCell::River,
         "the island of 2 at r1c1 has all its cells"},
        {{"2.2", "...", "..."}, NurikabeTechnique::BetweenClues, {1}, NurikabeCell::River,
         "r1c2 touches the islands of r1c1 and r1c3"},
        {{"##.", "#..", "..3"}, NurikabeTechnique::NoPool, {4}, NurikabeCell::Island,
         "r1c1, r1c2 and r2c1 are river, so r2c2 is island"},
        {{"3#.", "...", "..."}, NurikabeTechnique::IslandOneWay, {3}, NurikabeCell::Island,
         "can grow only through r2c1"},
        {{"#3.", "...", "..."}, NurikabeTechnique::RiverOneWay, {3}, NurikabeCell::River,
         "its only way out is r2c1"},
        {{"2..", "...", "..2"}, NurikabeTechnique::Unreachable, {2}, NurikabeCell::River, "no island can reach r1c3"},
    };
    for (const Case& item : cases) {
        const NurikabeGrid grid = gridFrom(item.rows);
        const NurikabeDeduction deduction = firstDeduction(grid);
        EXPECT_EQ(deduction.technique, item.technique) << nurikabeTechniqueName(deduction.technique);
        EXPECT_EQ(deduction.cells, item.cells) << nurikabeTechniqueName(item.technique);
        EXPECT_EQ(deduction.value, item.value) << nurikabeTechniqueName(item.technique);
        const std::string text = deduction.explanation(grid);
        EXPECT_TRUE(mentions(text, nurikabeTechniqueName(item.technique))) << text;
        EXPECT_TRUE(mentions(text, item.sentence)) << text;
        if (item.technique != NurikabeTechnique::Unreachable) {
            EXPECT_FALSE(deduction.reasons.empty()) << text;
        }
    }
}

TEST(NurikabeLogicTest, TheCompletionRulesListTheWaysAnIslandCanEnd) {
    // The 2 at r1c1 ends at r1c2 or at r2c1; r2c2 borders both, and the other 2 can reach it, so only the
    // completions show it is river.
    const NurikabeGrid grid = gridFrom({"2..", "..2"});
    const NurikabeDeduction walls = firstDeduction(grid);
    EXPECT_EQ(walls.technique, NurikabeTechnique::IslandWalls) << walls.explanation(grid);
    EXPECT_EQ(walls.cells, std::vector<int>{4});
    EXPECT_EQ(walls.completions, 2);
    EXPECT_TRUE(mentions(walls.explanation(grid), "borders each of its 2 valid completions"))
        << walls.explanation(grid);

    // Janko 22 needs a cell every completion of an island uses.
    const NurikabeLogicSolve solve = solveNurikabeByLogic(samplePuzzle("22_10x10").nurikabe().clues, 0);
    EXPECT_TRUE(solve.solved) << solve.stuck;
    EXPECT_GT(solve.stepsBy[static_cast<std::size_t>(NurikabeTechnique::IslandCompletion)], 0);
}

TEST(NurikabeLogicTest, AContradictionIsNamed) {
    NurikabeReasoner pool(gridFrom({"##.", "##.", "..3"}));
    const auto poolFound = pool.contradiction(gridFrom({"##.", "##.", "..3"}));
    ASSERT_TRUE(poolFound);
    EXPECT_TRUE(mentions(poolFound->text, "2x2 pool")) << poolFound->text;
    EXPECT_EQ(poolFound->cells, (std::vector<int>{0, 1, 3, 4}));

    const NurikabeGrid walledIn = gridFrom({"3#.", "#..", "..."});
    NurikabeReasoner island(walledIn);
    const auto islandFound = island.contradiction(walledIn);
    ASSERT_TRUE(islandFound);
    EXPECT_TRUE(mentions(islandFound->text, "cannot grow")) << islandFound->text;
}

TEST(NurikabeLogicTest, AHypothesisFinishesWhatTheRulesLeave) {
    const Puzzle& puzzle = samplePuzzle("05_10x10");
    const NurikabeLogicSolve rulesOnly = solveNurikabeByLogic(puzzle.nurikabe().clues, 0);
    EXPECT_FALSE(rulesOnly.solved);
    EXPECT_TRUE(mentions(rulesOnly.stuck, "no rule applies")) << rulesOnly.stuck;

    NurikabeReasoner reasoner(puzzle.nurikabe().clues);
    const auto hypothesis = reasoner.next(rulesOnly.grid, 1);
    ASSERT_TRUE(hypothesis);
    EXPECT_EQ(hypothesis->technique, NurikabeTechnique::Hypothesis);
    EXPECT_EQ(hypothesis->depth, 1);
    ASSERT_EQ(hypothesis->cells.size(), 1u);
    const int cell = hypothesis->cells.front();
    EXPECT_EQ(hypothesis->value, puzzle.nurikabe().solution->state(cell)) << "a hypothesis refuted the truth";
    const std::string text = hypothesis->explanation(rulesOnly.grid);
    EXPECT_TRUE(mentions(text, "would lead to a contradiction")) << text;
    EXPECT_GT(reasoner.trialDeductions(), 0u);

    const NurikabeLogicSolve withHypotheses = solveNurikabeByLogic(puzzle.nurikabe().clues, 1);
    ASSERT_TRUE(withHypotheses.solved) << withHypotheses.stuck;
    EXPECT_EQ(withHypotheses.grid.solutionString(), puzzle.nurikabe().solution->solutionString());
    EXPECT_EQ(withHypotheses.deepestHypothesis, 1);
    EXPECT_GT(withHypotheses.stepsBy[static_cast<std::size_t>(NurikabeTechnique::Hypothesis)], 0);
}

// Every cell a solve of the sample decides, solved or not, is the known solution's; most need no hypothesis.
TEST(NurikabeLogicTest, SolvesOfTheSampleAreTheKnownSolutions) {
    const auto collection = loadPuzzleFile(test::puzzlesDir() + "/nurikabe/janko_sample.txt");
    int solved = 0, rulesAlone = 0;
    for (const auto& puzzle : collection.puzzles) {
        const NurikabeLogicSolve solve = solveNurikabeByLogic(puzzle.nurikabe().clues, 2);
        for (int cell = 0; cell < solve.grid.cellCount(); ++cell)
            if (solve.grid.state(cell) != NurikabeCell::Unknown) {
                EXPECT_EQ(solve.grid.state(cell), puzzle.nurikabe().solution->state(cell)) << puzzle.id << " cell " << cell;
            }
        if (!solve.solved) continue;
        ++solved;
        rulesAlone += solve.deepestHypothesis == 0;
        ASSERT_TRUE(puzzle.nurikabe().solution) << puzzle.id;
        EXPECT_EQ(solve.grid.solutionString(), puzzle.nurikabe().solution->solutionString()) << puzzle.id;
    }
    EXPECT_GE(solved, 37);
    EXPECT_GE(rulesAlone, 15);
}

// Janko 102: one clue of 4 in a 4x4 grid. Its second hypothesis nests one inside another: the inner
// propagation's queued cells must not leak into the outer one (they once refuted the truth here).
TEST(NurikabeLogicTest, NestedHypothesesRefuteOnlyWhatIsFalse) {
    const NurikabeGrid clues = gridFrom({"....", ".4..", "....", "...."});
    const NurikabeLogicSolve solve = solveNurikabeByLogic(clues, 3);
    ASSERT_TRUE(solve.solved) << solve.stuck;
    EXPECT_EQ(solve.grid.solutionString(), "####/#oo#/#oo#/####");
    EXPECT_EQ(solve.deepestHypothesis, 2);
}

TEST(NurikabeLogicTest, TheRatingOrdersRulesBeforeHypotheses) {
    const auto byRules = rateNurikabe(samplePuzzle("01_10x10").nurikabe().clues);
    ASSERT_TRUE(byRules);
    EXPECT_EQ(byRules->level, static_cast<int>(NurikabeTechnique::Unreachable) + 1);
    EXPECT_GT(byRules->hardestSteps, 0);
    EXPECT_EQ(byRules->hypothesisDepth, 0);

    const auto byHypothesis = rateNurikabe(samplePuzzle("05_10x10").nurikabe().clues);
    ASSERT_TRUE(byHypothesis);
    EXPECT_EQ(byHypothesis->hypothesisDepth, 1);
    EXPECT_EQ(byHypothesis->level, static_cast<int>(NurikabeTechnique::Hypothesis) + 1);
    EXPECT_GT(byHypothesis->level, byRules->level);
}

TEST(NurikabeLogicTest, HintsPointOutAWrongCellFirstThenGradeTheDeduction) {
    const Puzzle& puzzle = samplePuzzle("01_10x10");
    const NurikabeGrid& clues = puzzle.nurikabe().clues;
    const NurikabeGrid& solution = *puzzle.nurikabe().solution;

    NurikabeGrid wrong = clues;
    int wrongCell = -1;
    for (int cell = 0; cell < clues.cellCount() && wrongCell < 0; ++cell)
        if (!clues.clue(cell) && solution.state(cell) == NurikabeCell::River) wrongCell = cell;
    wrong.setState(wrongCell, NurikabeCell::Island);
    const NurikabeHint mistake = nurikabeHint(clues, wrong, 2);
    EXPECT_EQ(mistake.kind, NurikabeHint::Kind::Mistake);
    EXPECT_EQ(mistake.cells, std::vector<int>{wrongCell});
    EXPECT_TRUE(mentions(mistake.text, nurikabeCellName(clues, wrongCell))) << mistake.text;
    EXPECT_TRUE(nurikabeHint(clues, wrong, 1).cells.empty());

    const NurikabeHint rule = nurikabeHint(clues, clues, 1);
    const NurikabeHint region = nurikabeHint(clues, clues, 2);
    const NurikabeHint whole = nurikabeHint(clues, clues, 3);
    ASSERT_TRUE(whole.deduction);
    EXPECT_EQ(whole.kind, NurikabeHint::Kind::Step);
    const std::string name = nurikabeTechniqueName(whole.deduction->technique);
    EXPECT_TRUE(mentions(rule.text, name)) << rule.text;
    EXPECT_TRUE(rule.cells.empty());
    EXPECT_TRUE(mentions(region.text, name)) << region.text;
    EXPECT_EQ(region.text, whole.deduction->region(clues));
    EXPECT_FALSE(region.cells.empty());
    EXPECT_EQ(whole.text, whole.deduction->explanation(clues));
    for (int cell : whole.deduction->cells) EXPECT_NE(std::find(whole.cells.begin(), whole.cells.end(), cell), whole.cells.end());

    EXPECT_EQ(nurikabeHint(clues, solution, 3).kind, NurikabeHint::Kind::Solved);
}

}  // namespace
}  // namespace pw
