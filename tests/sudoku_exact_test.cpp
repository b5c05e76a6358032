#include "puzzle/puzzle_kind.h"
#include "sudoku/sudoku_exact.h"
#include "sudoku/sudoku_search_engine.h"

#include "test_support.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace pw {
namespace {

TEST(SudokuExactTest, SolvesAndProvesUniqueness) {
    const SudokuGrid givens = test::sudokuFromLine(test::kAiEscargot);
    const auto result = solveSudoku(givens, 2);
    EXPECT_EQ(result.solutionCount, 1);
    ASSERT_TRUE(result.firstSolution);
    EXPECT_TRUE(result.firstSolution->isSolved());
    EXPECT_TRUE(result.firstSolution->keepsGivens(givens));
    EXPECT_EQ(boardLine(*result.firstSolution),
              "162857493534129678789643521475312986913586742628794135356478219241935867897261354");
}

TEST(SudokuExactTest, CountsMultipleAndNone) {
    EXPECT_EQ(solveSudoku(SudokuGrid{}, 2).solutionCount, 2);          // the empty grid
    EXPECT_EQ(solveSudoku(SudokuGrid{}, 5).solutionCount, 5);          // up to the limit
    SudokuGrid conflicting = test::sudokuFromLine(test::kPillayFigure1);
    conflicting.setValue(1, 4);
    EXPECT_EQ(solveSudoku(conflicting, 2).solutionCount, 0);
    // No conflict among the givens, yet r1c9 can hold nothing: 1..8 in its row, 9 in its column.
    const auto noRoom = test::sudokuFromLine(
        "12345678.........9...............................................................");
    EXPECT_EQ(solveSudoku(noRoom, 2).solutionCount, 0);
}

TEST(SudokuExactTest, AllShapes) {
    for (const char* line : {".4.2...3.....1..", "..51..6....5..23......2.4..6.......1",
                             "..1..AG..C4..6...354EB....D6AG1..7..8.4C2F.1..E.B.FC........78.4..8B.E.9G.F.14..G.A..F....6..3.D4F.9...GA...B.56.E.6..3..5..9.8..B.2..1..A..C.G.75.3...F4...6.9A1.E..C....G..2.3..GA.7.5E.9.D1..2.75........4A.1.4..1.DE63.A..F..691A4....8G2DC...D..G2..45..9.."}) {
        const SudokuGrid givens = test::sudokuFromLine(line);
        const auto result = solveSudoku(givens, 2);
        ASSERT_GE(result.solutionCount, 1) << line;
        EXPECT_TRUE(result.firstSolution->isSolved()) << line;
        EXPECT_TRUE(result.firstSolution->keepsGivens(givens)) << line;
    }
}

TEST(SudokuExactTest, PencilMarksRestrictCandidates) {
    SudokuGrid grid;  // empty grid, but r1c1 may only be 5 and r1c2 only 5 or 6
    grid.setMarks(0, digitBit(5));
    grid.setMarks(1, digitBit(5) | digitBit(6));
    const auto result = solveSudoku(grid, 1);
    ASSERT_EQ(result.solutionCount, 1);
    EXPECT_EQ(result.firstSolution->value(0), 5);
    EXPECT_EQ(result.firstSolution->value(1), 6);
}

TEST(SudokuExactTest, SteppingMovesReproduceTheCurrentGrid) {
    const SudokuGrid givens = test::sudokuFromLine(test::kAiEscargot);
    SudokuSearch search(givens, 2);
    SudokuGrid replay = givens;
    std::vector<Move> moves;
    int steps = 0;
    bool sawErase = false;
    for (;;) {
        moves.clear();
        const auto status = search.step(&moves);
        for (const Move& move : moves) {
            sawErase |= move.kind == MoveKind::Erase;
            replay.apply(move);
        }
        ASSERT_EQ(replay, search.current()) << "after step " << steps;
        if (status == SudokuSearch::Status::FoundSolution) {
            EXPECT_TRUE(search.current().isSolved());
        }
        if (status == SudokuSearch::Status::Exhausted) break;
        ASSERT_LT(++steps, 100000);
    }
    EXPECT_TRUE(sawErase);  // AI Escargot needs backtracking
    EXPECT_EQ(search.solutionsFound(), 1);
}

// The stepping search run to the end: the reference the batch solver must agree with.
SudokuSolveResult solveByStepping(const SudokuGrid& givens, int solutionLimit) {
    SudokuSearch search(givens, solutionLimit);
    while (search.step(nullptr) != SudokuSearch::Status::Exhausted) {
        if (search.solutionsFound() >= solutionLimit) break;
    }
    SudokuSolveResult result;
    result.solutionCount = search.solutionsFound();
    result.firstSolution = search.firstSolution();
    result.nodes = search.nodes();
    return result;
}

// The same count; the same first solution, except that with a limit of one any solution will do (the fast
// search stops at the first it meets) but a unique one must be the one.
void expectSameAsStepping(const SudokuGrid& givens, int solutionLimit, const std::string& name) {
    const SudokuSolveResult fast = solveSudoku(givens, solutionLimit);
    const SudokuSolveResult reference = solveByStepping(givens, solutionLimit);
    ASSERT_EQ(fast.solutionCount, reference.solutionCount) << name << " limit " << solutionLimit;
    ASSERT_EQ(fast.firstSolution.has_value(), reference.firstSolution.has_value()) << name;
    if (fast.firstSolution) {
        if (solutionLimit >= 2 || solveByStepping(givens, 2).solutionCount == 1) {
            EXPECT_EQ(*fast.firstSolution, *reference.firstSolution) << name;
        }
        EXPECT_TRUE(fast.firstSolution->isSolved()) << name;
        EXPECT_TRUE(fast.firstSolution->keepsGivens(givens)) << name;
    }
    EXPECT_GT(fast.nodes, 0u) << name;
}

std::vector<std::pair<std::string, SudokuGrid>> puzzlesOf(const std::string& path) {
    std::vector<std::pair<std::string, SudokuGrid>> grids;
    for (const auto& puzzle : loadPuzzleFile(path).puzzles) grids.emplace_back(puzzle.id, puzzle.sudoku().givens);
    return grids;
}

// Puzzles with no solution and with several, made from a unique puzzle: a wrong digit in its first open
// cell (often no solution, sometimes a contradiction only the search finds) and its first given removed
// (often several solutions).
std::vector<std::pair<std::string, SudokuGrid>> variantsOf(const std::string& name, const SudokuGrid& givens,
                                                           const SudokuGrid& solution) {
    std::vector<std::pair<std::string, SudokuGrid>> variants;
    for (int cell = 0; cell < givens.cellCount(); ++cell) {
        if (!givens.isEmpty(cell)) continue;
        for (int digit = 1; digit <= givens.size(); ++digit) {
            if (digit == solution.value(cell) || !(givens.legalDigits(cell) & digitBit(digit))) continue;
            SudokuGrid wrong = givens;
            wrong.setValue(cell, digit);
            variants.emplace_back(name + " wrong " + std::to_string(digit) + " at " + std::to_string(cell), wrong);
        }
        break;
    }
    for (int cell = 0; cell < givens.cellCount(); ++cell) {
        if (givens.isEmpty(cell)) continue;
        SudokuGrid fewer = givens;
        fewer.setValue(cell, 0);
        variants.emplace_back(name + " without given " + std::to_string(cell), fewer);
        break;
    }
    return variants;
}

TEST(SudokuExactTest, BatchSolverAgreesWithSteppingOnBundledPuzzles) {
    int checked = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(test::puzzlesDir() + "/sudoku")) {
        if (entry.path().extension() != ".csv") continue;
        for (const auto& puzzle : loadPuzzleFile(entry.path().string()).puzzles) {
            const SudokuGrid& givens = puzzle.sudoku().givens;
            for (int limit : {1, 2, 3}) expectSameAsStepping(givens, limit, puzzle.id);
            if (puzzle.sudoku().solution) {
                for (const auto& [name, variant] : variantsOf(puzzle.id, givens, *puzzle.sudoku().solution))
                    for (int limit : {1, 2}) expectSameAsStepping(variant, limit, name);
            }
            ++checked;
        }
    }
    EXPECT_GT(checked, 300);
}

TEST(SudokuExactTest, BatchSolverCountsManySolutionsAndNone) {
    const SudokuGrid empty;
    for (int limit : {1, 2, 7}) expectSameAsStepping(empty, limit, "empty grid");
    // Two rows that leave r1c9 no digit: no solution, found only after propagation.
    expectSameAsStepping(test::sudokuFromLine(
                             "12345678.........9..............................................................."),
                         2, "no room");
    // A unique puzzle with one given removed per box row has many solutions.
    const SudokuGrid escargot = test::sudokuFromLine(test::kAiEscargot);
    SudokuGrid loose = escargot;
    for (int cell = 0; cell < 81; cell += 10) loose.setValue(cell, 0);
    for (int limit : {2, 5, 50}) expectSameAsStepping(loose, limit, "AI Escargot loosened");
}

TEST(SudokuExactTest, BatchSolverAgreesWithSteppingOnSharedSets) {
    int checked = 0;
    for (const char* file : {"17clue_first1000.txt", "top95.txt", "magictour_top1465.txt", "forum_hardest_1106_375.txt",
                             "famous_hard.txt", "puzzles_from_papers.txt"}) {
        const std::string path = test::sharedDataDir() + "/sudoku/" + file;
        if (!std::filesystem::exists(path)) continue;
        for (const auto& [id, givens] : puzzlesOf(path)) {
            expectSameAsStepping(givens, 2, std::string(file) + " " + id);
            ++checked;
        }
    }
    if (checked == 0) GTEST_SKIP() << "no shared data under " << test::sharedDataDir();
}

// Asked for one solution the fast search stops at it: never more nodes than the uniqueness check, and on hard
// puzzles, whose first solution lies part-way through the tree, far fewer in all.
TEST(SudokuExactTest, FirstSolutionSearchStopsAtTheFirstSolution) {
    std::uint64_t first = 0, unique = 0;
    int checked = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(test::puzzlesDir() + "/sudoku")) {
        if (entry.path().extension() != ".csv") continue;
        for (const auto& puzzle : loadPuzzleFile(entry.path().string()).puzzles) {
            const SudokuSolveResult one = solveSudoku(puzzle.sudoku().givens, 1);
            const SudokuSolveResult two = solveSudoku(puzzle.sudoku().givens, 2);
            if (two.solutionCount != 1) continue;
            EXPECT_EQ(one.solutionCount, 1) << puzzle.id;
            EXPECT_LE(one.nodes, two.nodes) << puzzle.id;
            first += one.nodes;
            unique += two.nodes;
            ++checked;
        }
    }
    EXPECT_GT(checked, 300);
    EXPECT_LT(static_cast<double>(first), 0.8 * static_cast<double>(unique)) << first << " nodes against " << unique;
}

// The band engine against the generic one on a 9x9 grid, node by node: the same status, outcome and node
// count at every step; the same grid after every branch and at every solution, and the same branch cell; with
// tracing, the same branch stack. Candidates are compared after a branch whose digit left no cell empty (the
// generic engine stops clearing peers at the first empty one).
void expectSameNodes(const SudokuGrid& givens, int solutionLimit, bool tracing, const std::string& name) {
    const auto band = makeBandSearchEngine(givens);
    const auto generic = makeGenericSearchEngine(givens);
    band->setTracing(tracing);
    generic->setTracing(tracing);
    SudokuGrid bandGrid = givens;
    SudokuGrid genericGrid = givens;
    int solutions = 0;
    for (int step = 1;; ++step) {
        const SudokuSearch::Status status = band->step();
        ASSERT_EQ(status, generic->step()) << name << " step " << step;
        ASSERT_EQ(band->nodes(), generic->nodes()) << name << " step " << step;
        if (status == SudokuSearch::Status::Exhausted) break;
        const SudokuSearchTrace bandTrace = band->trace();
        const SudokuSearchTrace genericTrace = generic->trace();
        ASSERT_EQ(bandTrace.outcome, genericTrace.outcome) << name << " step " << step;
        ASSERT_EQ(bandTrace.resumed, genericTrace.resumed) << name << " step " << step;
        if (tracing) {
            ASSERT_EQ(bandTrace.stack, genericTrace.stack) << name << " step " << step;
        }
        if (bandTrace.outcome == SudokuSearchTrace::Outcome::Branched) {
            ASSERT_EQ(bandTrace.branchCell, genericTrace.branchCell) << name << " step " << step;
            ASSERT_EQ(bandTrace.branchCandidates, genericTrace.branchCandidates) << name << " step " << step;
        }
        if (bandTrace.outcome != SudokuSearchTrace::Outcome::Contradiction) {
            band->writeCurrent(bandGrid);
            generic->writeCurrent(genericGrid);
            ASSERT_EQ(bandGrid, genericGrid) << name << " step " << step;
            const std::vector<std::uint16_t> candidates = generic->candidates();
            bool someCellEmpty = false;
            for (int cell = 0; cell < 81; ++cell)
                someCellEmpty |= genericGrid.isEmpty(cell) && candidates[static_cast<std::size_t>(cell)] == 0;
            if (!someCellEmpty) {
                ASSERT_EQ(band->candidates(), candidates) << name << " step " << step;
            }
        } else {
            EXPECT_FALSE(bandTrace.contradiction.empty()) << name << " step " << step;
        }
        if (status == SudokuSearch::Status::FoundSolution && ++solutions >= solutionLimit) break;
        ASSERT_LT(step, 1000000) << name;
    }
}

TEST(SudokuExactTest, TheBandEngineTakesTheGenericEnginesNodesOnSpecialGrids) {
    expectSameNodes(SudokuGrid{}, 7, true, "empty grid");
    expectSameNodes(test::sudokuFromLine("12345678.........9" + std::string(63, '.')), 2, true, "no room");
    expectSameNodes(test::sudokuFromLine("11" + std::string(79, '.')), 2, true, "clashing givens");
    const SudokuGrid escargot = test::sudokuFromLine(test::kAiEscargot);
    expectSameNodes(escargot, 2, true, "AI Escargot");
    SudokuGrid loose = escargot;
    for (int cell = 0; cell < 81; cell += 10) loose.setValue(cell, 0);
    expectSameNodes(loose, 50, true, "AI Escargot loosened");
    SudokuGrid marked;  // r1c1 may only be 5, r1c2 only 5 or 6, r2c2 nothing the marks allow
    marked.setMarks(0, digitBit(5));
    marked.setMarks(1, digitBit(5) | digitBit(6));
    expectSameNodes(marked, 3, true, "pencil marks");
    marked.setValue(10, 6);
    marked.setMarks(20, digitBit(6));
    expectSameNodes(marked, 3, true, "pencil marks that contradict a given");
}

TEST(SudokuExactTest, BothEnginesNameTheFirstClashingGivenInReadingOrder) {
    // 2 repeats in row 1 (r1c9 meets r1c1); 1 repeats in row 6: a lower digit, later in reading order.
    const SudokuGrid givens = test::sudokuFromLine("2.......2" + std::string(36, '.') + "1.......1" + std::string(27, '.'));
    const auto band = makeBandSearchEngine(givens);
    const auto generic = makeGenericSearchEngine(givens);
    ASSERT_EQ(band->step(), SudokuSearch::Status::Running);
    ASSERT_EQ(generic->step(), SudokuSearch::Status::Running);
    EXPECT_EQ(band->trace().outcome, SudokuSearchTrace::Outcome::Contradiction);
    EXPECT_EQ(band->trace().contradiction, generic->trace().contradiction);
    EXPECT_NE(band->trace().contradiction.find("r1c9"), std::string::npos) << band->trace().contradiction;
}

TEST(SudokuExactTest, TheBandEngineTakesTheGenericEnginesNodesOnBundledPuzzles) {
    int checked = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(test::puzzlesDir() + "/sudoku")) {
        if (entry.path().extension() != ".csv") continue;
        for (const auto& puzzle : loadPuzzleFile(entry.path().string()).puzzles) {
            const SudokuGrid& givens = puzzle.sudoku().givens;
            if (givens.shape() != SudokuShape{3, 3}) continue;
            expectSameNodes(givens, 3, true, puzzle.id);
            if (puzzle.sudoku().solution)
                for (const auto& [name, variant] : variantsOf(puzzle.id, givens, *puzzle.sudoku().solution))
                    expectSameNodes(variant, 2, false, name);
            ++checked;
        }
    }
    EXPECT_GT(checked, 300);
}

TEST(SudokuExactTest, TheBandEngineTakesTheGenericEnginesNodesOnSharedSets) {
    int checked = 0;
    for (const char* file : {"17clue_first1000.txt", "top95.txt", "magictour_top1465.txt", "forum_hardest_1106_375.txt",
                             "famous_hard.txt", "puzzles_from_papers.txt", "sudoku_exchange_diabolical_SE_sample.txt"}) {
        const std::string path = test::sharedDataDir() + "/sudoku/" + file;
        if (!std::filesystem::exists(path)) continue;
        for (const auto& [id, givens] : puzzlesOf(path)) {
            expectSameNodes(givens, 2, false, std::string(file) + " " + id);
            ++checked;
        }
    }
    if (checked == 0) GTEST_SKIP() << "no shared data under " << test::sharedDataDir();
    EXPECT_GT(checked, 3000);
}

TEST(SudokuExactTest, KnownSolutionsOfSharedSets) {
    const std::string path = test::sharedDataDir() + "/sudoku/solutions/top95_solved.csv";
    if (!std::filesystem::exists(path)) GTEST_SKIP() << "no shared data at " << path;
    const auto collection = loadPuzzleFile(path);
    ASSERT_EQ(collection.puzzles.size(), 95u);
    for (const auto& puzzle : collection.puzzles) {
        const auto result = solveSudoku(puzzle.sudoku().givens, 2);
        EXPECT_EQ(result.solutionCount, 1) << puzzle.id;
        ASSERT_TRUE(puzzle.sudoku().solution);
        EXPECT_EQ(*result.firstSolution, *puzzle.sudoku().solution) << puzzle.id;
    }
}

}  // namespace
}  // namespace pw
