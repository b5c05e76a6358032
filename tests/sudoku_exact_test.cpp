#include "puzzle/puzzle_kind.h"
#include "sudoku/sudoku_exact.h"

#include "test_support.h"

#include <gtest/gtest.h>

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
    EXPECT_EQ(search.nodes(), solveSudoku(givens, 2).nodes);
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
