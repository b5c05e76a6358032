// Pillay's nine moves on hand-made grids and the paper's worked example, try moves drawing from the run's
// random stream, crossover keeping the fitter child, program evaluation, and the gp runs with their results.

#include "algorithms/genetic_programming.h"
#include "sudoku/heuristic_moves.h"
#include "sudoku/sudoku_exact.h"

#include "test_support.h"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <tuple>

namespace pw {
namespace {

using test::gridWith;

SudokuGrid transposed(const SudokuGrid& grid) {
    SudokuGrid out;
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c) out.setValue(c * 9 + r, grid.value(r * 9 + c));
    return out;
}

SudokuGrid applied(const SudokuGrid& grid, char move, std::uint64_t seed = 1,
                   std::vector<HeuristicPlacement>* placements = nullptr) {
    HeuristicBoard board(grid);
    Rng rng(seed);
    board.apply(move, rng, placements);
    return board.toGrid();
}

// §3.1.1: the row move on Figure 1 gives row 1 (4..95.1..) a 3 in its last empty cell (r1c9) and an 8 in its
// third empty cell (r1c6).
TEST(HeuristicMovesTest, RowMoveReproducesTheWorkedExample) {
    const SudokuGrid figure1 = test::sudokuFromLine(test::kPillayFigure1);
    std::vector<HeuristicPlacement> placements;
    const SudokuGrid after = applied(figure1, 'r', 1, &placements);
    EXPECT_EQ(after.value(8), 3);  // r1c9
    EXPECT_EQ(after.value(5), 8);  // r1c6
    ASSERT_FALSE(placements.empty());
    EXPECT_EQ(placements.front().unit, 0);
    EXPECT_NE(placements.front().explanation(figure1.shape()).find("row move (r): in row 1"), std::string::npos);
    // Every placement agrees with the solution (the single moves never guess).
    const SudokuGrid solution = *solveSudoku(figure1, 1).firstSolution;
    for (const auto& p : placements) EXPECT_EQ(p.digit, solution.value(p.cell));
}

TEST(HeuristicMovesTest, ColumnMoveIsTheRowMoveTransposed) {
    const SudokuGrid figure1 = test::sudokuFromLine(test::kPillayFigure1);
    EXPECT_EQ(applied(transposed(figure1), 'c'), transposed(applied(figure1, 'r')));
}

TEST(HeuristicMovesTest, BlockMovePlacesTheOnlyFittingCell) {
    // 5s in rows 1 and 2 and columns 8 and 9 leave r3c7 as the one place for 5 in box 3.
    const SudokuGrid after = applied(gridWith({{0, 0, 5}, {1, 3, 5}, {5, 7, 5}, {7, 8, 5}}), 'b');
    EXPECT_EQ(after.value(2 * 9 + 6), 5);
}

TEST(HeuristicMovesTest, ThreeMovesNeedExactlyThreeEmptyCells) {
    // Row 1 misses 7, 8, 9 in c7..c9; column 7 holds 8 and 9, so r1c7 takes 7; the rest stay open.
    const SudokuGrid row = gridWith({{0, 0, 1}, {0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {0, 4, 5}, {0, 5, 6}, {3, 6, 8}, {4, 6, 9}});
    const SudokuGrid after = applied(row, 'w');
    EXPECT_EQ(after.value(6), 7);
    EXPECT_EQ(after.value(7), 0);
    EXPECT_EQ(after.value(8), 0);
    EXPECT_EQ(applied(transposed(row), 'l'), transposed(after));
    // With four empty cells the 3-row move leaves the row alone.
    SudokuGrid four = row;
    four.setValue(5, 0);
    EXPECT_EQ(applied(four, 'w'), four);
    // Box 1 misses 7, 8, 9 in its bottom row; column 1 holds 8 and 9 lower down, so r3c1 takes 7.
    const SudokuGrid box = gridWith({{0, 0, 1}, {0, 1, 2}, {0, 2, 3}, {1, 0, 4}, {1, 1, 5}, {1, 2, 6}, {5, 0, 8}, {6, 0, 9}});
    EXPECT_EQ(applied(box, 'k').value(18), 7);
}

// Try moves place a digit that fits exactly two cells in one of them, drawn from the run's stream.
TEST(HeuristicMovesTest, TryMovesDrawFromTheRunsRandomStream) {
    const SudokuGrid row = gridWith({{0, 0, 1}, {0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {0, 4, 5}, {0, 5, 6}, {0, 6, 7}});
    std::set<int> chosen;
    for (std::uint64_t seed = 1; seed <= 32; ++seed) {
        HeuristicBoard board(row);
        Rng rng(seed);
        const Rng before = rng;
        std::vector<HeuristicPlacement> placements;
        board.apply('3', rng, &placements);
        ASSERT_FALSE(placements.empty());
        const HeuristicPlacement& first = placements.front();
        EXPECT_EQ(first.unit, 0);
        EXPECT_EQ(first.digit, 8);  // the first missing digit with two places: r1c8 or r1c9
        chosen.insert(first.cell);
        EXPECT_EQ(first.alternative, first.cell == 7 ? 8 : 7);
        Rng replay = before;  // the same stream gives the same choice
        EXPECT_EQ(applied(row, '3', seed), board.toGrid());
        EXPECT_NE(replay.next(), rng.next());  // the move consumed draws
    }
    EXPECT_EQ(chosen, (std::set<int>{7, 8}));  // both cells are chosen over the seeds
    EXPECT_EQ(applied(transposed(row), '4', 5), transposed(applied(row, '3', 5)));
    // Try-block: box 1 holds 1..7 in its top two rows and r3c1; 8 and 9 fit r3c2 and r3c3: 8 goes to one.
    const SudokuGrid box = gridWith({{0, 0, 1}, {0, 1, 2}, {0, 2, 3}, {1, 0, 4}, {1, 1, 5}, {1, 2, 6}, {2, 0, 7}});
    std::set<int> boxChoices;
    for (std::uint64_t seed = 1; seed <= 32; ++seed) {
        const SudokuGrid after = applied(box, '2', seed);
        EXPECT_EQ(after.filledCount(), 8);
        boxChoices.insert(after.value(19) == 8 ? 19 : 20);
        EXPECT_TRUE(after.value(19) == 8 || after.value(20) == 8);
    }
    EXPECT_EQ(boxChoices, (std::set<int>{19, 20}));
}

TEST(HeuristicMovesTest, EvaluationCountsEmptyCellsAndSkipsNothingThatMatters) {
    const SudokuGrid figure1 = test::sudokuFromLine(test::kPillayFigure1);
    const HeuristicBoard start(figure1);
    Rng rng(1);
    EXPECT_EQ(evaluateProgram(start, "", rng), figure1.cellCount() - figure1.filledCount());
    // Repeating the row move until nothing changes solves Figure 1 (it needs only singles).
    Rng again(1);
    EXPECT_EQ(evaluateProgram(start, std::string(20, 'r'), again), 0);
    // Skipping idle moves changes neither the result nor the stream: compare with applying every move.
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Rng fast(seed), slow(seed);
        const std::string program = "3wr2kbbl4cc3r2w";
        const HeuristicBoard escargot(test::sudokuFromLine(test::kAiEscargot));
        const int fitness = evaluateProgram(escargot, program, fast);
        HeuristicBoard board = escargot;
        for (char move : program) board.apply(move, slow);
        EXPECT_EQ(fitness, board.emptyCount());
        EXPECT_EQ(fast.next(), slow.next());
    }
}

TEST(GeneticProgrammingTest, CrossoverSwapsTailsAndKeepsTheFitterChild) {
    // One empty cell: any program with a single move solves it, the empty program does not.
    SudokuGrid almost = *solveSudoku(test::sudokuFromLine(test::kPillayFigure1), 1).firstSolution;
    almost.setValue(40, 0);
    const HeuristicBoard start(almost);
    Rng rng(1);
    // The paper's example: 2wllc cut before its 2nd move, clkb before its 3rd -> 2kb and clwllc (both solve:
    // the first is kept).
    EXPECT_EQ(crossPrograms(start, "2wllc", 1, "clkb", 2, rng).program, "2kb");
    // Cutting rc at 0 and b at 1: the first child is empty and fails, the second (brc) solves and is kept.
    const EvaluatedProgram kept = crossPrograms(start, "rc", 0, "b", 1, rng);
    EXPECT_EQ(kept.program, "brc");
    EXPECT_EQ(kept.fitness, 0);
    // The other way round the first child (brc) solves and the second is empty.
    EXPECT_EQ(crossPrograms(start, "b", 1, "rc", 0, rng).program, "brc");
    // Both solve: the first is kept.
    EXPECT_EQ(crossPrograms(start, "b", 1, "rc", 2, rng).program, "b");
}

TEST(GeneticProgrammingTest, SolvesAiEscargotAndReportsProgramAndGeneration) {
    const Puzzle escargot = test::sudokuPuzzle(test::kAiEscargot);
    RecordingSink sink;
    const RunResult result = test::runAlgorithm("gp", escargot, test::parametersOf("gp"), 2, &sink, 0);
    ASSERT_EQ(result.outcome, Outcome::Solved);
    EXPECT_TRUE(result.valid);
    std::string program;
    std::int64_t generation = -1;
    for (const auto& [key, value] : result.results) {
        if (key == "program") program = std::get<std::string>(value);
        if (key == "generation") generation = std::get<std::int64_t>(value);
    }
    ASSERT_FALSE(program.empty());
    EXPECT_EQ(static_cast<std::uint64_t>(generation), result.counters.steps);
    // The program really solves the puzzle from the random state the run recorded: the replay events end on
    // the solution.
    bool replaying = false;
    int positions = 0;
    SudokuGrid board = escargot.sudoku().givens;
    std::uint64_t generations = 0;
    for (const Event& event : sink.events()) {
        if (const auto* phase = std::get_if<PhaseChange>(&event)) replaying = phase->kind == PhaseKind::Replay;
        if (const auto* stats = std::get_if<GenerationStats>(&event)) {
            EXPECT_LE(stats->best, stats->mean);
            EXPECT_LE(stats->mean, stats->worst);
            ++generations;
        }
        if (!replaying) continue;
        if (const auto* update = std::get_if<ProgramUpdate>(&event)) {
            EXPECT_EQ(update->program, program);
            EXPECT_EQ(update->position, positions++);
        }
        if (const auto* move = std::get_if<MoveEvent>(&event)) board.apply(move->move);
    }
    EXPECT_GT(positions, 0);
    EXPECT_EQ(board, std::get<SudokuGrid>(result.finalBoard));
    EXPECT_TRUE(board.isSolved());
    EXPECT_EQ(generations, result.counters.steps + 1);  // generation 0, then one per step
}

TEST(GeneticProgrammingTest, GivesUpAfterItsGenerations) {
    // No solution: r1c9 can hold nothing.
    const Puzzle impossible = test::sudokuPuzzle("12345678.........9" + std::string(63, '.'));
    const RunResult result = test::runAlgorithm(
        "gp", impossible, test::parametersOf("gp", {{"population", "20"}, {"generations", "3"}}), 1, nullptr, 0);
    EXPECT_EQ(result.outcome, Outcome::Failed);
    EXPECT_EQ(result.counters.steps, 3u);
    EXPECT_GT(result.bestCost, 0);
}

TEST(GeneticProgrammingTest, RandomProgramsReportHowManyTheyDrew) {
    const RunResult result =
        test::runAlgorithm("gp-random", test::sudokuPuzzle(test::kPillayFigure1), test::parametersOf("gp-random"), 3, nullptr, 0);
    ASSERT_EQ(result.outcome, Outcome::Solved);
    bool reported = false;
    for (const auto& [key, value] : result.results) {
        if (key == "programs") {
            EXPECT_EQ(static_cast<std::uint64_t>(std::get<std::int64_t>(value)), result.counters.evaluations);
            reported = true;
        }
        EXPECT_NE(key, "generation");
    }
    EXPECT_TRUE(reported);
}

// An initial population of distinct programs cannot be larger than the programs there are: 9 of one move, 90 of
// at most two. Such values are refused before a run, and a run started with them directly fails at once.
TEST(GeneticProgrammingTest, RefusesAPopulationOfMoreDistinctProgramsThanExist) {
    const AlgorithmInfo& info = findAlgorithm("gp")->info;
    const auto broken = checkParameterRules(info.parameterRules,
                                            test::parametersOf("gp", {{"max_length", "1"}, {"population", "10"}}));
    ASSERT_TRUE(broken);
    EXPECT_EQ(*broken, "population (10) must be at most 9, the number of distinct programs of 1 to max_length (1) "
                       "moves");
    EXPECT_FALSE(checkParameterRules(info.parameterRules,
                                     test::parametersOf("gp", {{"max_length", "2"}, {"population", "90"}})));
    EXPECT_TRUE(checkParameterRules(info.parameterRules, test::parametersOf("gp", {{"max_length", "1"}})));

    const RunResult result = test::runAlgorithm("gp", test::sudokuPuzzle(test::kPillayFigure1),
                                                test::parametersOf("gp", {{"max_length", "1"}}), 1, nullptr, 5);
    EXPECT_EQ(result.outcome, Outcome::Failed);
    EXPECT_EQ(result.counters.evaluations, 0u);
}

// The clock and the Stop flag reach the initial population: a Stop flag already set, or a time limit already
// past, ends the run before its first program instead of after 100,000.
TEST(GeneticProgrammingTest, StopConditionsReachTheInitialPopulation) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
    const ParameterValues parameters = test::parametersOf("gp", {{"population", "100000"}, {"max_length", "1000"}});
    const std::atomic<bool> stopped{true};
    auto algorithm = findAlgorithm("gp")->create();
    StopConditions stop;
    stop.add(externalStop(stopped));
    RecordingSink sink;
    const RunResult result = Runner(*algorithm, puzzle, parameters, 1, &sink, std::move(stop)).runToEnd();
    EXPECT_EQ(result.outcome, Outcome::Stopped);
    EXPECT_EQ(result.counters.evaluations, 0u);
    EXPECT_EQ(result.counters.steps, 0u);
    ASSERT_FALSE(sink.events().empty());
    EXPECT_TRUE(std::holds_alternative<Finished>(sink.events().back()));

    auto timed = findAlgorithm("gp")->create();
    StopConditions clock;
    clock.add(timeLimit(1e-12));
    const RunResult limited = Runner(*timed, puzzle, parameters, 1, nullptr, std::move(clock)).runToEnd();
    EXPECT_EQ(limited.outcome, Outcome::BudgetExhausted);
    EXPECT_EQ(limited.counters.evaluations, 0u);
    EXPECT_EQ(limited.reason, "time limit of 1e-12 s reached");
}

}  // namespace
}  // namespace pw
