#include "engine/runner.h"

#include "algorithms/registry.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <set>

namespace pw {
namespace {

RunResult runBacktracking(const Puzzle& puzzle, std::uint64_t seed, RecordingSink* sink,
                          const std::string& order = "ordered-list") {
    const AlgorithmEntry* entry = findAlgorithm("backtracking");
    ParameterValues parameters(entry->info.parameters);
    EXPECT_EQ(parameters.set(entry->info.parameters, "cell_order", order), std::nullopt);
    auto algorithm = entry->create();
    return Runner(*algorithm, puzzle, parameters, seed, sink, {}).runToEnd();
}

TEST(BacktrackingTest, EveryStepSuggestsOneValue) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
    RecordingSink sink;
    const RunResult result = runBacktracking(puzzle, 3, &sink);
    ASSERT_EQ(result.outcome, Outcome::Solved);
    // Replaying the moves turns the givens into the solution, and each place move advances the step count.
    SudokuGrid replay = puzzle.sudoku().givens;
    std::uint64_t places = 0;
    std::uint64_t erases = 0;
    std::uint64_t lastStep = 0;
    for (const Event& event : sink.events()) {
        if (const auto* move = std::get_if<MoveEvent>(&event)) {
            replay.apply(move->move);
            if (move->move.kind == MoveKind::Place) {
                EXPECT_GT(move->at.steps, lastStep);
                lastStep = move->at.steps;
                ++places;
            } else {
                ++erases;
            }
        }
    }
    EXPECT_EQ(replay, std::get<SudokuGrid>(result.finalBoard));
    EXPECT_EQ(places - erases, 58u);  // AI Escargot has 23 givens
    EXPECT_GT(erases, 0u);
    EXPECT_GT(result.counters.steps, places);  // rejected suggestions are steps too
}

TEST(BacktrackingTest, ChoosesAmongFewestLegalValues) {
    // In Pillay's Figure 1, r1c2 has a single legal value (6): the first cell chosen must be one of the cells
    // with one legal value, whatever the seed.
    const Puzzle puzzle = test::sudokuPuzzle(test::kPillayFigure1);
    const SudokuGrid& givens = puzzle.sudoku().givens;
    std::set<int> forced;
    for (int cell = 0; cell < 81; ++cell)
        if (!givens.value(cell) && popCount(givens.legalDigits(cell)) == 1) forced.insert(cell);
    std::set<int> firstCells;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        RecordingSink sink;
        runBacktracking(puzzle, seed, &sink);
        for (const Event& event : sink.events()) {
            if (const auto* heat = std::get_if<HeatMap>(&event); heat && heat->label == "assignment order") {
                for (int cell = 0; cell < 81; ++cell)
                    if (heat->values[cell] == 0) firstCells.insert(cell);
            }
        }
    }
    ASSERT_FALSE(firstCells.empty());
    for (int cell : firstCells) EXPECT_TRUE(forced.count(cell)) << cellName(SudokuShape{}, cell);
    EXPECT_GT(firstCells.size(), 1u);  // ties are broken at random
}

TEST(BacktrackingTest, RecordsAssignmentOrderForEveryOpenCell) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
    RecordingSink sink;
    runBacktracking(puzzle, 11, &sink, "dynamic");
    const HeatMap* order = nullptr;
    for (const Event& event : sink.events())
        if (const auto* heat = std::get_if<HeatMap>(&event); heat && heat->label == "assignment order") order = heat;
    ASSERT_NE(order, nullptr);
    std::set<double> ranks;
    for (int cell = 0; cell < 81; ++cell) {
        if (puzzle.sudoku().givens.value(cell)) EXPECT_EQ(order->values[cell], -1);
        else ranks.insert(order->values[cell]);
    }
    EXPECT_EQ(ranks.size(), 58u);
    EXPECT_EQ(*ranks.begin(), 0);
    EXPECT_EQ(*ranks.rbegin(), 57);
}

TEST(BacktrackingTest, ReportsImpossiblePuzzlesAsFailed) {
    const Puzzle noRoom = test::sudokuPuzzle(
        "12345678.........9...............................................................");
    const RunResult result = runBacktracking(noRoom, 1, nullptr);
    EXPECT_EQ(result.outcome, Outcome::Failed);
    EXPECT_FALSE(result.valid);
    EXPECT_EQ(result.counters.steps, 9u);  // r1c9 is chosen first and all nine values are refused

    Puzzle conflicting = test::sudokuPuzzle(test::kPillayFigure1);
    std::get<SudokuPuzzle>(conflicting.content).givens.setValue(1, 4);
    EXPECT_EQ(runBacktracking(conflicting, 1, nullptr).outcome, Outcome::Failed);
}

TEST(BacktrackingTest, SolvesSmallAndLargeShapes) {
    for (const char* line : {".4.2...3.....1..", "..51..6....5..23......2.4..6.......1"}) {
        const RunResult result = runBacktracking(test::sudokuPuzzle(line), 5, nullptr);
        EXPECT_EQ(result.outcome, Outcome::Solved) << line;
        EXPECT_TRUE(result.valid) << line;
    }
}

}  // namespace
}  // namespace pw
