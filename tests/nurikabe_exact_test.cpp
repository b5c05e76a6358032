// The exact Nurikabe solver: known solutions, counting, stepping that replays to the same grid.

#include "nurikabe/nurikabe_exact.h"

#include "test_support.h"

#include <gtest/gtest.h>

namespace pw {
namespace {

NurikabeGrid cluesFrom(const std::vector<std::string>& rows) {
    NurikabeGrid grid(static_cast<int>(rows.size()), static_cast<int>(rows[0].size()));
    for (int cell = 0; cell < grid.cellCount(); ++cell) {
        const char ch = rows[grid.row(cell)][grid.column(cell)];
        if (ch >= '1' && ch <= '9') grid.setClue(cell, ch - '0');
    }
    return grid;
}

std::vector<Puzzle> library(const std::string& name) {
    const auto collection = loadPuzzleFile(test::puzzlesDir() + "/nurikabe/" + name);
    EXPECT_TRUE(collection.errors.empty()) << name;
    return collection.puzzles;
}

TEST(NurikabeExactTest, CountsNoneOneAndMany) {
    EXPECT_EQ(solveNurikabe(cluesFrom({"1.."}), 2).solutionCount, 1);
    EXPECT_EQ(solveNurikabe(cluesFrom({"1.1", "..."}), 2).solutionCount, 1);
    // A 2 in a 2x2 corner can grow right or down, and the river closes either way.
    EXPECT_EQ(solveNurikabe(cluesFrom({"2.", ".."}), 5).solutionCount, 2);
    EXPECT_EQ(solveNurikabe(cluesFrom({"22"}), 2).solutionCount, 0);    // two clues must touch
    EXPECT_EQ(solveNurikabe(cluesFrom({"1..", "...", "..."}), 2).solutionCount, 0);  // the river pools
    EXPECT_EQ(solveNurikabe(cluesFrom({"...", "...", "..."}), 2).solutionCount, 0);
}

TEST(NurikabeExactTest, NodeLimitMakesTheCountALowerBound) {
    const auto result = solveNurikabe(cluesFrom({"2.", ".."}), 5, 1);
    EXPECT_TRUE(result.nodeLimitHit);
    EXPECT_LE(result.solutionCount, 1);
}

TEST(NurikabeExactTest, SolvesTheBundledPuzzlesUniquelyAndMatchesTheirSolutions) {
    int solved = 0;
    for (const std::string name : {"janko_sample.txt", "wikipedia_nikoli.txt"}) {
        for (const auto& puzzle : library(name)) {
            const auto result = solveNurikabe(puzzle.nurikabe().clues, 2, 200'000);
            ASSERT_FALSE(result.nodeLimitHit) << puzzle.id;
            EXPECT_EQ(result.solutionCount, 1) << puzzle.id;
            ASSERT_TRUE(result.firstSolution) << puzzle.id;
            EXPECT_TRUE(result.firstSolution->isSolved()) << puzzle.id;
            EXPECT_TRUE(result.firstSolution->sameClues(puzzle.nurikabe().clues)) << puzzle.id;
            if (puzzle.nurikabe().solution) {
                EXPECT_EQ(result.firstSolution->solutionString(), puzzle.nurikabe().solution->solutionString())
                    << puzzle.id;
            }
            ++solved;
        }
    }
    EXPECT_GE(solved, 45);
}

TEST(NurikabeExactTest, SteppingMovesReplayToTheSearchGrid) {
    std::vector<Puzzle> puzzles = library("janko_sample.txt");
    for (const auto& puzzle : library("wikipedia_nikoli.txt")) puzzles.push_back(puzzle);
    for (const auto& puzzle : puzzles) {
        NurikabeSearch search(puzzle.nurikabe().clues, 2);
        NurikabeGrid replay = puzzle.nurikabe().clues;
        std::vector<Move> moves;
        int steps = 0;
        for (auto status = NurikabeSearch::Status::Running; status != NurikabeSearch::Status::Exhausted;) {
            moves.clear();
            status = search.step(&moves);
            for (const Move& move : moves) {
                ASSERT_EQ(move.kind, MoveKind::Shade);
                ASSERT_EQ(static_cast<int>(replay.state(move.cell)), move.previous) << puzzle.id;
                replay.apply(move);
            }
            ASSERT_EQ(replay, search.current()) << puzzle.id << " after step " << steps;
            ASSERT_LT(++steps, 200'000) << puzzle.id;
        }
        EXPECT_EQ(search.solutionsFound(), 1) << puzzle.id;
        EXPECT_EQ(search.nodes(), solveNurikabe(puzzle.nurikabe().clues, 2).nodes) << puzzle.id;
        // Large grids probe in slices: one node spreads over several steps, so no step runs long.
        if (puzzle.nurikabe().clues.cellCount() >= 500) {
            EXPECT_GT(static_cast<std::uint64_t>(steps), search.nodes() + 1) << puzzle.id;
        }
    }
}

// A spread of the 1,107 validated puzzles from the shared data, each solved and matched.
TEST(NurikabeExactTest, SolvesASpreadOfTheSharedJankoPuzzles) {
    const auto collection = loadPuzzleFile(test::sharedDataDir() + "/nurikabe/janko_nurikabe_validated.txt");
    ASSERT_EQ(collection.puzzles.size(), 1107u);
    int checked = 0;
    for (std::size_t i = 0; i < collection.puzzles.size(); i += 37) {
        const auto& puzzle = collection.puzzles[i];
        const auto result = solveNurikabe(puzzle.nurikabe().clues, 1, 200'000);
        ASSERT_TRUE(result.firstSolution) << puzzle.id;
        EXPECT_EQ(result.firstSolution->solutionString(), puzzle.nurikabe().solution->solutionString()) << puzzle.id;
        ++checked;
    }
    EXPECT_EQ(checked, 30);
}

// Three 10x10 puzzles that took the global rules to settle: #29 and #753 have a few huge islands and a river
// barely long enough to part them (pinches and perimeter counts), #962 many small islands (the line sweep).
TEST(NurikabeExactTest, SolvesTheHardTenByTenJankoPuzzles) {
    const auto collection = loadPuzzleFile(test::sharedDataDir() + "/nurikabe/janko_nurikabe_validated.txt");
    ASSERT_EQ(collection.puzzles.size(), 1107u);
    int checked = 0;
    for (const auto& puzzle : collection.puzzles) {
        if (puzzle.id != "29_10x10" && puzzle.id != "753_10x10" && puzzle.id != "962_10x10") continue;
        const auto result = solveNurikabe(puzzle.nurikabe().clues, 2, 5'000);
        EXPECT_FALSE(result.nodeLimitHit) << puzzle.id;
        EXPECT_EQ(result.solutionCount, 1) << puzzle.id;
        ASSERT_TRUE(result.firstSolution) << puzzle.id;
        EXPECT_EQ(result.firstSolution->solutionString(), puzzle.nurikabe().solution->solutionString()) << puzzle.id;
        ++checked;
    }
    EXPECT_EQ(checked, 3);
}

}  // namespace
}  // namespace pw
