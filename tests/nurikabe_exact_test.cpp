// The exact Nurikabe solver: known solutions, counting, stepping that replays to the same grid.

#include "nurikabe/nurikabe_exact.h"

#include "test_support.h"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <string>

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

// Every colouring of a small grid (at most 16 cells), checked against the rules: the solutions the search must
// count. A colouring is a mask of its island cells.
bool obeysTheRules(const NurikabeGrid& clues, std::uint32_t island) {
    const int height = clues.height();
    const int width = clues.width();
    const auto isIsland = [&](int cell) { return ((island >> cell) & 1u) != 0; };
    for (int r = 0; r + 1 < height; ++r)
        for (int c = 0; c + 1 < width; ++c)
            if (!isIsland(r * width + c) && !isIsland(r * width + c + 1) && !isIsland((r + 1) * width + c) &&
                !isIsland((r + 1) * width + c + 1))
                return false;  // a pool
    std::uint32_t seen = 0;
    int riverPieces = 0;
    for (int start = 0; start < clues.cellCount(); ++start) {
        if ((seen >> start) & 1u) continue;
        const bool colour = isIsland(start);
        int queue[32];
        int size = 0;
        int clueSum = 0;
        int clueCount = 0;
        queue[size++] = start;
        seen |= 1u << start;
        for (int head = 0; head < size; ++head) {
            const int cell = queue[head];
            if (clues.clue(cell)) {
                ++clueCount;
                clueSum += clues.clue(cell);
            }
            const int r = cell / width;
            const int c = cell % width;
            const int next[4] = {r > 0 ? cell - width : -1, r + 1 < height ? cell + width : -1, c > 0 ? cell - 1 : -1,
                                 c + 1 < width ? cell + 1 : -1};
            for (int other : next) {
                if (other < 0 || ((seen >> other) & 1u) || isIsland(other) != colour) continue;
                seen |= 1u << other;
                queue[size++] = other;
            }
        }
        if (colour && (clueCount != 1 || clueSum != size)) return false;
        if (!colour && ++riverPieces > 1) return false;
    }
    return true;
}

int bruteForceSolutions(const NurikabeGrid& clues) {
    std::uint32_t clueMask = 0;
    for (int cell = 0; cell < clues.cellCount(); ++cell)
        if (clues.clue(cell)) clueMask |= 1u << cell;
    int solutions = 0;
    for (std::uint32_t island = 0; island < (1u << clues.cellCount()); ++island)
        if ((island & clueMask) == clueMask) solutions += obeysTheRules(clues, island);
    return solutions;
}

// Small random grids, most with several solutions or none: the search counts exactly what the brute force
// finds, so no rule removes a solution (nor lets a wrong grid through).
TEST(NurikabeExactTest, CountsEverySolutionOfSmallRandomGrids) {
    std::mt19937 random(2024);
    int withSeveral = 0;
    for (int trial = 0; trial < 300; ++trial) {
        const int height = 3 + static_cast<int>(random() % 2);
        const int width = 3 + static_cast<int>(random() % 2) + (height == 3);  // at most 16 cells
        NurikabeGrid clues(height, width);
        const int clueCount = 1 + static_cast<int>(random() % 3);
        for (int k = 0; k < clueCount; ++k)
            clues.setClue(static_cast<int>(random() % static_cast<unsigned>(height * width)),
                          1 + static_cast<int>(random() % 6));
        const int expected = bruteForceSolutions(clues);
        const auto result = solveNurikabe(clues, 1000);
        ASSERT_FALSE(result.nodeLimitHit);
        EXPECT_EQ(result.solutionCount, expected) << "trial " << trial;
        withSeveral += expected > 1;
    }
    EXPECT_GE(withSeveral, 30);
}

// Probing decides the cells that both values of a tried cell imply: with it the root node of Janko #932
// (a 37 wrapped around the border) settles the whole grid, without it the search needs several branches.
TEST(NurikabeExactTest, ProbingDecidesWhatBothValuesOfACellImply) {
    const auto collection = loadPuzzleFile(test::sharedDataDir() + "/nurikabe/janko_nurikabe_validated.txt");
    ASSERT_EQ(collection.puzzles.size(), 1107u);
    for (const auto& puzzle : collection.puzzles) {
        if (puzzle.id != "932_10x10") continue;
        const auto result = solveNurikabe(puzzle.nurikabe().clues, 2);
        EXPECT_EQ(result.solutionCount, 1);
        EXPECT_EQ(result.nodes, 1u);
        return;
    }
    FAIL() << "932_10x10 is missing";
}

// The grid turned over its diagonal: rows become columns.
NurikabeGrid transposed(const NurikabeGrid& grid) {
    NurikabeGrid result(grid.width(), grid.height());
    for (int cell = 0; cell < grid.cellCount(); ++cell) {
        const int turned = grid.column(cell) * grid.height() + grid.row(cell);
        if (grid.clue(cell)) result.setClue(turned, grid.clue(cell));
        result.setState(turned, grid.state(cell));
    }
    return result;
}

// A strip 100 cells long, the widest grid the readers take: islands of 3 along both edges, four columns apart,
// and a river down the middle. It has one solution whichever way the strip lies, so the solver's row masks
// must decide the cells past column 64 as they decide the others. With the top row's last clue a 2, the
// strip's end must pool: no solution.
TEST(NurikabeExactTest, SolvesAStripAsWideAsTheReadersTake) {
    std::string edge, middle(100, '.'), solutionEdge, solutionMiddle(100, '#');
    for (int column = 0; column < 100; column += 4) {
        edge += "3...";
        solutionEdge += "ooo#";
    }
    const NurikabeGrid strip = cluesFrom({edge, middle, edge});
    NurikabeGrid expected = strip;
    const std::string solutionRows[3] = {solutionEdge, solutionMiddle, solutionEdge};
    for (int cell = 0; cell < strip.cellCount(); ++cell)
        expected.setState(cell, solutionRows[strip.row(cell)][strip.column(cell)] == '#' ? NurikabeCell::River
                                                                                       : NurikabeCell::Island);
    ASSERT_TRUE(expected.isSolved());
    for (const NurikabeGrid& grid : {strip, transposed(strip)}) {
        const auto result = solveNurikabe(grid, 2);
        EXPECT_EQ(result.solutionCount, 1) << grid.height() << "x" << grid.width();
        ASSERT_TRUE(result.firstSolution.has_value());
        EXPECT_EQ(*result.firstSolution, grid.height() == 3 ? expected : transposed(expected));
    }
    NurikabeGrid pooled = strip;
    pooled.setClue(96, 2);
    EXPECT_EQ(solveNurikabe(pooled, 2).solutionCount, 0);
    EXPECT_EQ(solveNurikabe(transposed(pooled), 2).solutionCount, 0);
}

// Rule 3's walks at the far end of a wide row: a 70 at column 90 of a row of 100 can only be the island from
// column 30 to the end (the river, one run, takes the rest), and its walk alone says column 20 is river. The
// column of 100 (walked on the masks' low bits) must agree, and so must the mirrored row.
TEST(NurikabeExactTest, WalksReachTheFarColumnsOfAWideRow) {
    for (const int clueColumn : {90, 9}) {
        NurikabeGrid row(1, 100);
        row.setClue(clueColumn, 70);
        NurikabeGrid expected = row;
        const int firstIsland = clueColumn > 50 ? 30 : 0;
        for (int column = 0; column < 100; ++column)
            expected.setState(column, column >= firstIsland && column < firstIsland + 70 ? NurikabeCell::Island
                                                                                         : NurikabeCell::River);
        ASSERT_TRUE(expected.isSolved());
        for (const bool transpose : {false, true}) {
            const auto result = solveNurikabe(transpose ? transposed(row) : row, 2);
            EXPECT_EQ(result.solutionCount, 1) << clueColumn << (transpose ? " as a column" : " as a row");
            ASSERT_TRUE(result.firstSolution.has_value());
            EXPECT_EQ(*result.firstSolution, transpose ? transposed(expected) : expected);
        }
    }
}

TEST(NurikabeExactTest, RefusesAGridWiderThanItsRows) {
    EXPECT_EQ(solveNurikabe(NurikabeGrid(1, 128), 2).solutionCount, 1);  // no clue: one long river
    EXPECT_THROW(solveNurikabe(NurikabeGrid(1, 129), 2), std::invalid_argument);
    EXPECT_NO_THROW(solveNurikabe(NurikabeGrid(129, 1), 2));
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
