// Nurikabe annealing, harmony search and brute force: the four-part cost in full and incrementally, the
// searches on the bundled puzzles, and the exact solver on the shared 10x10 set.

#include "base/rng.h"
#include "nurikabe/nurikabe_cost.h"
#include "nurikabe/nurikabe_exact.h"
#include "nurikabe/nurikabe_metrics.h"
#include "study/difficulty_metrics.h"

#include "test_support.h"

#include <gtest/gtest.h>

namespace pw {
namespace {

// A puzzle from rows of '#' river, 'o' island, '.' unknown and digits for clues; the decided cells are its
// solution when there are any.
Puzzle puzzleFrom(const std::vector<std::string>& rows) {
    NurikabeGrid clues(static_cast<int>(rows.size()), static_cast<int>(rows[0].size()));
    for (int cell = 0; cell < clues.cellCount(); ++cell) {
        const char ch = rows[clues.row(cell)][clues.column(cell)];
        if (ch >= '1' && ch <= '9') clues.setClue(cell, ch - '0');
    }
    return Puzzle{"test", "test", NurikabePuzzle{clues, std::nullopt}};
}

// One byte per cell, 1 = island, for rows of '#' and 'o' or digits (clues are island).
std::vector<std::uint8_t> coloursFrom(const std::vector<std::string>& rows) {
    std::vector<std::uint8_t> island;
    for (const auto& row : rows)
        for (char ch : row) island.push_back(ch == '#' ? 0 : 1);
    return island;
}

std::vector<Puzzle> bundledPuzzles() {
    std::vector<Puzzle> puzzles;
    for (const char* name : {"/nurikabe/janko_sample.txt", "/nurikabe/wikipedia_nikoli.txt"}) {
        const auto collection = loadPuzzleFile(test::puzzlesDir() + name);
        EXPECT_TRUE(collection.errors.empty());
        puzzles.insert(puzzles.end(), collection.puzzles.begin(), collection.puzzles.end());
    }
    return puzzles;
}

TEST(NurikabeCostTest, EachPartCountsItsRule) {
    const std::vector<std::string> clues = {"2..", "...", "..3"};
    NurikabeCostModel model(puzzleFrom(clues).nurikabe().clues);
    // A solution: every part 0.
    EXPECT_EQ(model.evaluate(coloursFrom({"2o#", "###", "oo3"}).data()), NurikabeCostParts{});
    // Island sizes: the 2 has 1 cell, the 3 has 4.
    EXPECT_EQ(model.evaluate(coloursFrom({"2##", "#oo", "#o3"}).data()).islandSize, 1 + 1);
    // Two clues in one island of 5: |5-2| + |5-3| and one pair.
    EXPECT_EQ(model.evaluate(coloursFrom({"2o#", "#o#", "#o3"}).data()).connectedClues, 1);
    EXPECT_EQ(model.evaluate(coloursFrom({"2o#", "#o#", "#o3"}).data()).islandSize, 3 + 2);
    // River in two pieces, and a 2x2 pool.
    EXPECT_EQ(model.evaluate(coloursFrom({"2o#", "o##", "#o3"}).data()).riverPieces, 1);
    const auto pooled = model.evaluate(coloursFrom({"2##", "o##", "oo3"}).data());
    EXPECT_EQ(pooled.pools, 1);
    EXPECT_EQ(pooled.riverPieces, 0);
    // An island without a clue is not a thesis part, but it is counted apart.
    const auto orphan = model.evaluate(coloursFrom({"2o#", "###", "o#3"}).data());
    EXPECT_EQ(orphan.islandsWithoutClue, 1);
    EXPECT_EQ(orphan.islandSize, 2);  // the 3 holds 1 cell
}

TEST(NurikabeCostTest, SolutionsCostNothing) {
    for (const Puzzle& puzzle : bundledPuzzles()) {
        if (!puzzle.nurikabe().solution) continue;
        NurikabeCostModel model(puzzle.nurikabe().clues);
        std::vector<std::uint8_t> island;
        for (int cell = 0; cell < model.cellCount(); ++cell)
            island.push_back(puzzle.nurikabe().solution->state(cell) != NurikabeCell::River);
        EXPECT_EQ(model.evaluate(island.data()), NurikabeCostParts{}) << puzzle.id;
    }
}

// The incremental swap agrees with a full recomputation after every move, accepted or taken back.
TEST(NurikabeCostTest, SwapDeltaEqualsFullRecomputation) {
    int swaps = 0;
    for (const Puzzle& puzzle : bundledPuzzles()) {
        NurikabeCostModel model(puzzle.nurikabe().clues);
        NurikabeCostModel reference(puzzle.nurikabe().clues);
        Rng rng(7);
        auto island = randomNurikabeFill(model, [&rng](std::uint32_t n) { return rng.below(n); });
        model.load(island.data());
        std::vector<int> islandCells, riverCells;
        for (int cell = 0; cell < model.cellCount(); ++cell) {
            if (model.clue(cell)) continue;
            (island[cell] ? islandCells : riverCells).push_back(cell);
        }
        if (islandCells.empty() || riverCells.empty()) continue;
        for (int move = 0; move < 3000; ++move) {
            const auto i = rng.below(static_cast<std::uint32_t>(islandCells.size()));
            const auto j = rng.below(static_cast<std::uint32_t>(riverCells.size()));
            const NurikabeCostParts parts = model.swap(islandCells[i], riverCells[j]);
            ASSERT_EQ(parts, reference.evaluate(model.grid().data())) << puzzle.id << " move " << move;
            if (rng.chance(0.3)) {
                model.undoSwap();
                ASSERT_EQ(model.parts(), reference.evaluate(model.grid().data())) << puzzle.id;
            } else {
                std::swap(islandCells[i], riverCells[j]);
            }
            ++swaps;
        }
    }
    EXPECT_GT(swaps, 100'000);
}

TEST(NurikabeSearchTest, AnnealingSolvesTheSmallBundledPuzzles) {
    int solved = 0;
    for (const Puzzle& puzzle : bundledPuzzles()) {
        if (puzzle.nurikabe().clues.cellCount() > 64) continue;
        const auto result = test::runAlgorithm("nurikabe-sa", puzzle, test::parametersOf("nurikabe-sa"), 1, nullptr,
                                               2'000'000);
        ASSERT_EQ(result.outcome, Outcome::Solved) << puzzle.id;
        EXPECT_TRUE(result.valid) << puzzle.id;
        if (puzzle.nurikabe().solution) {
            EXPECT_EQ(std::get<NurikabeGrid>(result.finalBoard).solutionString(),
                      puzzle.nurikabe().solution->solutionString())
                << puzzle.id;
        }
        ++solved;
    }
    EXPECT_GE(solved, 8);
}

TEST(NurikabeSearchTest, AnnealingRejectsAColdStart) {
    RecordingSink sink;
    const auto result = test::runAlgorithm("nurikabe-sa", puzzleFrom({"2..", "...", "..3"}),
                                           test::parametersOf("nurikabe-sa", {{"t0", "0.01"}, {"t_min", "0.05"}}), 1,
                                           &sink, 100);
    EXPECT_EQ(result.outcome, Outcome::Failed);
    bool named = false;
    for (const Event& event : sink.events())
        if (const auto* text = std::get_if<Explanation>(&event))
            named = named || text->text.find("t_min (0.05) must be below t0 (0.01)") != std::string::npos;
    EXPECT_TRUE(named);
}

TEST(NurikabeSearchTest, HarmonySearchSolvesATinyPuzzleAndNamesFalseSolutions) {
    // 1x3 with a single 1: a colouring o#o costs 0 under the thesis's four parts but has an island without a
    // clue; the complete objective counts it.
    const Puzzle tiny = puzzleFrom({"1.."});
    const auto complete = test::runAlgorithm("nurikabe-harmony", tiny, test::parametersOf("nurikabe-harmony"), 3,
                                             nullptr, 10'000);
    EXPECT_EQ(complete.outcome, Outcome::Solved);
    EXPECT_TRUE(complete.valid);
    EXPECT_EQ(std::get<NurikabeGrid>(complete.finalBoard).solutionString(), "o##");

    int falseSolutions = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        RecordingSink sink;
        const auto result = test::runAlgorithm("nurikabe-harmony", tiny,
                                               test::parametersOf("nurikabe-harmony", {{"objective", "thesis"}}),
                                               seed, &sink, 10'000);
        EXPECT_EQ(result.outcome == Outcome::Solved, result.valid) << seed;
        if (result.outcome != Outcome::Failed) continue;
        EXPECT_EQ(std::get<NurikabeGrid>(result.finalBoard).solutionString(), "o#o") << seed;
        bool named = false;
        for (const Event& event : sink.events())
            if (const auto* text = std::get_if<Explanation>(&event))
                named = named || text->text.rfind("false solution", 0) == 0;
        EXPECT_TRUE(named) << seed;
        ++falseSolutions;
    }
    EXPECT_GT(falseSolutions, 0);
}

TEST(NurikabeSearchTest, BacktrackingFindsTheGivenSolutions) {
    int solved = 0;
    for (const Puzzle& puzzle : bundledPuzzles()) {
        if (!puzzle.nurikabe().solution || puzzle.nurikabe().clues.cellCount() > 100) continue;
        const auto result = test::runAlgorithm("nurikabe-backtracking", puzzle,
                                               test::parametersOf("nurikabe-backtracking"), 1, nullptr, 500'000);
        if (result.outcome != Outcome::Solved) continue;  // a few 10x10 puzzles need more steps
        EXPECT_EQ(std::get<NurikabeGrid>(result.finalBoard).solutionString(),
                  puzzle.nurikabe().solution->solutionString())
            << puzzle.id;
        ++solved;
    }
    EXPECT_GE(solved, 25);
}

TEST(NurikabeSearchTest, BacktrackingExhaustsAPuzzleWithoutSolution) {
    // The first 2 can only grow into the middle cell, which joins it to the other 2.
    const auto result = test::runAlgorithm("nurikabe-backtracking", puzzleFrom({"2.2"}),
                                           test::parametersOf("nurikabe-backtracking"), 1, nullptr, 0);
    EXPECT_EQ(result.outcome, Outcome::Failed);
    EXPECT_EQ(result.counters.steps, 1u);
    EXPECT_GT(result.bestCost, 0);
}

// The moves a brute-force run sends replay to the board it ends on.
TEST(NurikabeSearchTest, BacktrackingMovesReplayToItsBoard) {
    const Puzzle puzzle = bundledPuzzles().front();
    RecordingSink sink;
    const auto result = test::runAlgorithm("nurikabe-backtracking", puzzle,
                                           test::parametersOf("nurikabe-backtracking"), 1, &sink, 0);
    ASSERT_EQ(result.outcome, Outcome::Solved);
    NurikabeGrid replayed = puzzle.nurikabe().clues;
    for (const Event& event : sink.events())
        if (const auto* move = std::get_if<MoveEvent>(&event)) {
            ASSERT_EQ(move->move.previous, static_cast<int>(replayed.state(move->move.cell)));
            replayed.apply(move->move);
        }
    EXPECT_EQ(replayed, std::get<NurikabeGrid>(result.finalBoard));
}

TEST(NurikabeMetricsTest, StaticMetricsOfATinyPuzzle) {
    // Two 3s three cells apart: each reaches the two cells between them.
    const NurikabeStaticMetrics metrics = nurikabeStaticMetrics(puzzleFrom({"3..3"}).nurikabe().clues);
    EXPECT_EQ(metrics.islands, 2);
    EXPECT_EQ(metrics.islandArea, 6);
    EXPECT_EQ(metrics.islandDistance, 3.0);
    EXPECT_EQ(metrics.sharedCells, 2);
    const NurikabeStaticMetrics apart = nurikabeStaticMetrics(puzzleFrom({"2..", "...", "..3"}).nurikabe().clues);
    EXPECT_EQ(apart.sharedCells, 0);
    EXPECT_EQ(apart.islandDistance, 4.0);
    EXPECT_EQ(nurikabeStaticMetrics(puzzleFrom({"4.."}).nurikabe().clues).islandDistance, std::nullopt);
}

TEST(NurikabeMetricsTest, DynamicMetricsRateNurikabeOnly) {
    const Puzzle puzzle = bundledPuzzles().front();
    const Puzzle sudoku = test::sudokuPuzzle(test::kPillayFigure1);
    for (const char* id : {"nurikabe-backtracking-steps", "nurikabe-sa-steps", "nurikabe-harmony-cost"}) {
        const DifficultyMetric& metric = *findDifficultyMetric(id);
        EXPECT_EQ(metric.kind, PuzzleKind::Nurikabe);
        EXPECT_EQ(metric.compute(sudoku, 2, 1), std::nullopt) << id;
        const auto value = metric.compute(puzzle, 3, 1);
        ASSERT_TRUE(value) << id;
        EXPECT_GT(*value, 0) << id;
    }
    EXPECT_EQ(findDifficultyMetric("serate")->compute(puzzle, 1, 1), std::nullopt);
}

// Values worked by hand on a 3x2 puzzle: 2 in the top left corner, 1 in the bottom right.
//   2 .      The brute force expands the 1 first (ascending size): {r3c2} and the river around it (r2c2, r3c1)
//   . .      — step 1, it fits. Then the 2: its shapes are generated from the last neighbour of r1c1 (up, right,
//   . 1      down, left) back, so {r1c1 r2c1} first — step 2: its river (r1c2) leaves r3c1 walled in by islands, a
// river split for good: rejected. {r1c1 r1c2} — step 3: river r2c1 r2c2 r3c1 in one piece, no pool, every island
// its size: solved. So 3 steps on every seed (the shuffle only orders islands of equal size). Harmony search,
// with four open cells of which one is island, finds the one solution well within 10,000 improvisations: cost 0.
TEST(NurikabeMetricsTest, DynamicMetricsMatchValuesWorkedByHand) {
    const Puzzle puzzle = puzzleFrom({"2.", "..", ".1"});
    for (std::uint64_t seed : {1u, 2u, 3u})
        EXPECT_EQ(findDifficultyMetric("nurikabe-backtracking-steps")->compute(puzzle, 3, seed), 3.0) << seed;
    EXPECT_EQ(findDifficultyMetric("nurikabe-harmony-cost")->compute(puzzle, 3, 1), 0.0);
}

// Every 15th 10x10 puzzle of the shared janko set, solved by the exact solver to its given solution (the whole
// set is measured with `puzzle-cli solve -a exact`, see docs/performance.md).
TEST(NurikabeSearchTest, ExactSolverMatchesTheSharedTenByTenSolutions) {
    const auto collection = loadPuzzleFile(test::sharedDataDir() + "/nurikabe/janko_nurikabe_validated.txt");
    int tenByTen = 0, checked = 0;
    for (const auto& puzzle : collection.puzzles) {
        const NurikabeGrid& clues = puzzle.nurikabe().clues;
        if (clues.height() != 10 || clues.width() != 10 || tenByTen++ % 15 != 0) continue;
        const auto result = solveNurikabe(clues, 2, 200'000);
        EXPECT_EQ(result.solutionCount, 1) << puzzle.id;
        ASSERT_TRUE(result.firstSolution) << puzzle.id;
        EXPECT_EQ(result.firstSolution->solutionString(), puzzle.nurikabe().solution->solutionString()) << puzzle.id;
        ++checked;
    }
    EXPECT_EQ(tenByTen, 458);
    EXPECT_EQ(checked, 31);
}

}  // namespace
}  // namespace pw
