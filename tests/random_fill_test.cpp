#include "engine/runner.h"
#include "io/formats.h"

#include "algorithms/registry.h"
#include "test_support.h"

#include <gtest/gtest.h>

namespace pw {
namespace {

TEST(RandomFillTest, SolvesEveryBundled4x4PuzzleByRestartsAlone) {
    const auto collection = loadPuzzleFile(test::puzzlesDir() + "/sudoku/small_4x4.csv");
    ASSERT_FALSE(collection.puzzles.empty());
    for (const Puzzle& puzzle : collection.puzzles) {
        const RunResult result = test::runAlgorithm("random-fill", puzzle, test::parametersOf("random-fill"), 3,
                                                    nullptr, 100'000);
        EXPECT_EQ(result.outcome, Outcome::Solved) << puzzle.id;
        EXPECT_TRUE(result.valid) << puzzle.id;
    }
}

TEST(RandomFillTest, EveryFillKeepsBoxesRightAndReportsRowsAndColumns) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
    RecordingSink sink;
    sink.setSampleEvery(1);
    const RunResult result = test::runAlgorithm("random-fill", puzzle, test::parametersOf("random-fill"), 7, &sink, 200);
    EXPECT_EQ(result.outcome, Outcome::BudgetExhausted);
    EXPECT_GT(result.bestCost, 0);  // a blind search does not solve AI Escargot in 200 fills
    SudokuGrid board = puzzle.sudoku().givens;
    int samples = 0;
    double lowest = 1e9;
    for (const Event& event : sink.events()) {
        if (const auto* move = std::get_if<MoveEvent>(&event)) board.apply(move->move);
        if (const auto* cost = std::get_if<CostSample>(&event)) {
            ++samples;
            ASSERT_EQ(cost->parts.size(), 2u);
            EXPECT_EQ(cost->parts[0] + cost->parts[1], cost->current);
            lowest = std::min(lowest, cost->current);
            EXPECT_EQ(cost->best, lowest);
            // The moves rebuild the latest fill: every box holds each digit once, the givens stay.
            EXPECT_TRUE(board.keepsGivens(puzzle.sudoku().givens));
            EXPECT_TRUE(board.isComplete());
            for (const auto& conflict : board.conflicts()) EXPECT_NE(conflict.unitKind, UnitKind::Box);
        }
    }
    EXPECT_EQ(samples, 200);
    EXPECT_EQ(result.bestCost, lowest);
}

}  // namespace
}  // namespace pw
