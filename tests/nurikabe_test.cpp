// Nurikabe rules: each rule on a grid that breaks exactly it, moves, and the solution string.

#include "nurikabe/nurikabe.h"

#include "test_support.h"

#include <gtest/gtest.h>

#include <string>

namespace pw {
namespace {

using test::gridFrom;

std::vector<NurikabeRule> rulesOf(const NurikabeGrid& grid) {
    std::vector<NurikabeRule> rules;
    for (const auto& violation : grid.violations()) rules.push_back(violation.rule);
    return rules;
}

TEST(NurikabeTest, ASolvedGridHasNoViolations) {
    const NurikabeGrid solved = gridFrom({"2o#", "###", "o#2", "2#o"});
    EXPECT_TRUE(solved.isSolved()) << solved.violations().front().message;
    EXPECT_EQ(solved.solutionString(), "oo#/###/o#o/o#o");
}

TEST(NurikabeTest, EachRuleIsReportedWithItsCells) {
    const NurikabeGrid twoClues = gridFrom({"1o1", "###"});
    ASSERT_EQ(rulesOf(twoClues), std::vector<NurikabeRule>{NurikabeRule::TwoCluesInIsland});
    EXPECT_EQ(twoClues.violations()[0].cells, (std::vector<int>{0, 1, 2}));
    EXPECT_NE(twoClues.violations()[0].message.find("r1c1, r1c3"), std::string::npos);

    const NurikabeGrid wrongSize = gridFrom({"3o#", "###"});
    ASSERT_EQ(rulesOf(wrongSize), std::vector<NurikabeRule>{NurikabeRule::IslandWrongSize});
    EXPECT_EQ(wrongSize.violations()[0].message, "island of 2 cells at r1c1 needs 3");

    const NurikabeGrid noClue = gridFrom({"1#o", "###"});
    ASSERT_EQ(rulesOf(noClue), std::vector<NurikabeRule>{NurikabeRule::IslandWithoutClue});
    EXPECT_EQ(noClue.violations()[0].cells, std::vector<int>{2});

    const NurikabeGrid split = gridFrom({"#1#", "#2#", "#o#"});
    ASSERT_EQ(rulesOf(split), (std::vector<NurikabeRule>{NurikabeRule::TwoCluesInIsland, NurikabeRule::RiverSplit}));

    const NurikabeGrid pool = gridFrom({"###", "##1"});
    ASSERT_EQ(rulesOf(pool), std::vector<NurikabeRule>{NurikabeRule::Pool});
    EXPECT_EQ(pool.violations()[0].cells, (std::vector<int>{0, 1, 3, 4}));

    const NurikabeGrid undecided = gridFrom({"1#.", "###"});
    ASSERT_EQ(rulesOf(undecided), std::vector<NurikabeRule>{NurikabeRule::Undecided});
    EXPECT_EQ(undecided.violations()[0].cells, std::vector<int>{2});
}

TEST(NurikabeTest, RiverSplitCountsEveryPieceBeyondTheLargest) {
    const NurikabeGrid grid = gridFrom({"#o#o#", "##o##"});
    // Pieces: {0,5,6} (3 cells), {2} (1), {4,8,9} (3): the first largest stands, two are violations.
    int splits = 0;
    for (const auto& violation : grid.violations()) splits += violation.rule == NurikabeRule::RiverSplit;
    EXPECT_EQ(splits, 2);
}

TEST(NurikabeTest, ShadeMovesChangeCellsButNeverClues) {
    NurikabeGrid grid = gridFrom({"2.", ".."});
    grid.apply(Move::shade(1, static_cast<int>(NurikabeCell::River), static_cast<int>(NurikabeCell::Unknown)));
    EXPECT_EQ(grid.state(1), NurikabeCell::River);
    grid.apply(Move::shade(0, static_cast<int>(NurikabeCell::River), static_cast<int>(NurikabeCell::Island)));
    EXPECT_EQ(grid.state(0), NurikabeCell::Island);  // the clue stays island
    grid.apply(Move::shade(99, static_cast<int>(NurikabeCell::River), 0));  // out of range: ignored
    grid.apply(Move::place(2, 1));                                           // not a Shade move: ignored
    EXPECT_EQ(grid.solutionString(), "o#/..");
}

TEST(NurikabeTest, SameCluesComparesSizeAndClues) {
    const NurikabeGrid a = gridFrom({"2..", "..."});
    NurikabeGrid b = a;
    b.setState(1, NurikabeCell::River);
    EXPECT_TRUE(a.sameClues(b));
    EXPECT_FALSE(a.sameClues(gridFrom({"3..", "..."})));
    EXPECT_FALSE(a.sameClues(gridFrom({"2.", "..", ".."})));
    EXPECT_STREQ(nurikabeRuleName(NurikabeRule::Pool), "pool");
}

}  // namespace
}  // namespace pw
