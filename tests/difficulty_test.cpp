// The difficulty lab's core: statistics against hand-computed values (ties included), constraint relaxation,
// every metric deterministic by seed, rating in parallel equal to rating alone, and the CSV table reader.

#include "base/statistics.h"
#include "io/csv_table.h"
#include "study/difficulty_metrics.h"
#include "study/rating.h"
#include "sudoku/human_model.h"
#include "sudoku/logic.h"
#include "sudoku/relaxation.h"
#include "sudoku/sudoku_exact.h"

#include "logic_model_by_hand.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <map>
#include <numeric>
#include <set>

namespace pw {
namespace {

TEST(StatisticsTest, MeanAndMedian) {
    EXPECT_DOUBLE_EQ(mean({1, 2, 3, 4}), 2.5);
    EXPECT_DOUBLE_EQ(median({5, 1, 3}), 3);
    EXPECT_DOUBLE_EQ(median({4, 1, 3, 2}), 2.5);
    EXPECT_DOUBLE_EQ(median({}), 0);
}

TEST(StatisticsTest, AverageRanksShareTies) {
    EXPECT_EQ(averageRanks({10, 20, 20, 5, 20}), (std::vector<double>{2, 4, 4, 1, 4}));
    EXPECT_EQ(averageRanks({3, 3}), (std::vector<double>{1.5, 1.5}));
}

TEST(StatisticsTest, PearsonMatchesAHandComputedValue) {
    // x = 1..5, y = 2,4,5,4,5: Sxy = 6, Sxx = 10, Syy = 6, r = 6 / sqrt(60) = 0.774597.
    const auto r = pearson({1, 2, 3, 4, 5}, {2, 4, 5, 4, 5});
    ASSERT_TRUE(r);
    EXPECT_EQ(r->n, 5);
    EXPECT_NEAR(r->r, 0.7745967, 1e-6);
    // Fisher z: atanh(r) = 1.0317, se = 1/sqrt(2) = 0.7071; z ± 1.96 se = [-0.3542, 2.4176] -> tanh.
    EXPECT_NEAR(r->low, -0.3401, 1e-3);
    EXPECT_NEAR(r->high, 0.9842, 1e-3);
}

TEST(StatisticsTest, SpearmanUsesAverageRanksForTies) {
    // y's ranks with ties: 2,4,5,4,5 -> 1, 2.5, 4.5, 2.5, 4.5; x ranks 1..5. Pearson of the ranks:
    // deviations -2,-1,0,1,2 and -2,-0.5,1.5,-0.5,1.5; Sxy = 7, Sxx = 10, Syy = 9, rho = 7 / sqrt(90) = 0.737865.
    const auto rho = spearman({1, 2, 3, 4, 5}, {2, 4, 5, 4, 5});
    ASSERT_TRUE(rho);
    EXPECT_NEAR(rho->r, 0.7378648, 1e-6);
    // Fieller, Hartley and Pearson: z = atanh(0.737865) = 0.945776, se = sqrt(1.06 / (5 - 3)) = 0.728011;
    // z -+ 1.959964 se = [-0.481099, 2.372651] -> tanh = [-0.447124, 0.982765]. Fisher's se 1/sqrt(2) = 0.707107
    // would give [-0.413750, 0.981307], outside these tolerances.
    EXPECT_NEAR(rho->low, -0.447124, 1e-5);
    EXPECT_NEAR(rho->high, 0.982765, 1e-5);
    // A monotone but non-linear relation is a perfect rank correlation.
    EXPECT_NEAR(spearman({1, 2, 3, 4, 5}, {1, 8, 27, 64, 125})->r, 1.0, 1e-12);
}

TEST(StatisticsTest, UndefinedCorrelationsAreEmpty) {
    EXPECT_FALSE(pearson({1, 2, 3}, {1, 2, 3}));           // too few pairs for an interval
    EXPECT_FALSE(pearson({1, 1, 1, 1}, {1, 2, 3, 4}));     // a constant series
    // A constant series whose rounded mean is not its value still has no correlation.
    EXPECT_FALSE(pearson(std::vector<double>(344, 1.2), std::vector<double>(344, 1.0)));
    std::vector<double> rising(344);
    std::iota(rising.begin(), rising.end(), 0.0);
    EXPECT_FALSE(pearson(std::vector<double>(344, 1.2), rising));
    EXPECT_FALSE(spearman(std::vector<double>(344, 1.2), rising));
    EXPECT_FALSE(spearman({1, 2, 3, 4}, {1, 2, 3}));       // lengths differ
}

TEST(RelaxationTest, RespectsItsCapAndCountsSolutions) {
    const SudokuGrid escargot = test::sudokuFromLine(test::kAiEscargot);
    Rng rng(1);
    EXPECT_EQ(countRelaxedSolutions(escargot, 0, 1000, rng), 1u);  // nothing removed: the unique solution
    // Removing constraints only adds solutions (the original one stays), and the count stops at the cap.
    Rng uncapped(2);
    const std::uint64_t count = countRelaxedSolutions(escargot, 45, 1'000'000, uncapped);
    EXPECT_GT(count, 1u);
    for (std::uint64_t cap : {std::uint64_t{1}, count / 2, count, count + 1}) {
        Rng capped(2);  // the same relaxation
        EXPECT_EQ(countRelaxedSolutions(escargot, 45, cap, capped), std::min(cap, count)) << cap;
    }
    EXPECT_EQ(relaxationMetric(escargot, 4, 9), relaxationMetric(escargot, 4, 9));
    SudokuGrid broken = escargot;
    broken.setValue(1, 1);
    Rng none(4);
    EXPECT_EQ(countRelaxedSolutions(broken, 45, 1000, none), 0u);
}

// Reference values of the metrics, each computed here a second way: the static ones from their definitions by
// plain loops, the stochastic ones by running the algorithm (or the model) per run with the seeds the
// definition names and taking the median or mean here.
double medianOf(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// Candidates left once naked and hidden singles are placed to a fixpoint, by the plainest 9x9 code: a cell's
// candidates are the digits none of its peers holds.
int candidatesAfterSinglesByHand(const std::string& line) {
    std::array<int, 81> value{};
    for (int cell = 0; cell < 81; ++cell) value[cell] = line[cell] == '.' ? 0 : line[cell] - '0';
    const auto peers = [](int a, int b) {
        return a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3));
    };
    const auto allows = [&](int cell, int digit) {
        if (value[cell]) return false;
        for (int other = 0; other < 81; ++other)
            if (peers(cell, other) && value[other] == digit) return false;
        return true;
    };
    for (bool placed = true; placed;) {
        placed = false;
        for (int cell = 0; cell < 81; ++cell) {  // naked singles
            int count = 0, last = 0;
            for (int digit = 1; digit <= 9; ++digit)
                if (allows(cell, digit)) ++count, last = digit;
            if (count == 1) value[cell] = last, placed = true;
        }
        for (int unit = 0; unit < 27; ++unit)  // hidden singles: rows, columns, boxes
            for (int digit = 1; digit <= 9; ++digit) {
                int count = 0, where = -1;
                for (int k = 0; k < 9; ++k) {
                    const int cell = unit < 9    ? unit * 9 + k
                                     : unit < 18 ? k * 9 + (unit - 9)
                                                 : ((unit - 18) / 3 * 3 + k / 3) * 9 + (unit - 18) % 3 * 3 + k % 3;
                    if (allows(cell, digit)) ++count, where = cell;
                }
                if (count == 1) value[where] = digit, placed = true;
            }
    }
    int candidates = 0;
    for (int cell = 0; cell < 81; ++cell)
        for (int digit = 1; digit <= 9; ++digit) candidates += allows(cell, digit);
    return candidates;
}

std::map<std::string, double> referenceMetrics(const Puzzle& sudoku, const std::string& line, const Puzzle& nurikabe,
                                                int runs, std::uint64_t seed) {
    std::map<std::string, double> reference;
    const auto medianSteps = [&](const char* id, const Puzzle& puzzle, std::uint64_t budget) {
        std::vector<double> steps;
        for (int r = 0; r < runs; ++r)
            steps.push_back(static_cast<double>(
                test::runAlgorithm(id, puzzle, test::parametersOf(id), seed + r, nullptr, budget).counters.steps));
        return medianOf(steps);
    };
    const auto medianBestCost = [&](const char* id, const Puzzle& puzzle) {
        std::vector<double> costs;
        for (int r = 0; r < runs; ++r)
            costs.push_back(test::runAlgorithm(id, puzzle, test::parametersOf(id), seed + r, nullptr, 10'000).bestCost);
        return medianOf(costs);
    };
    reference["backtracking-steps"] = medianSteps("backtracking", sudoku, 10'000'000);
    reference["sa-steps"] = medianSteps("sa", sudoku, 20'000'000);
    reference["harmony-cost"] = medianBestCost("harmony", sudoku);
    reference["nurikabe-backtracking-steps"] = medianSteps("nurikabe-backtracking", nurikabe, 2'000'000);
    reference["nurikabe-sa-steps"] = medianSteps("nurikabe-sa", nurikabe, 5'000'000);
    reference["nurikabe-harmony-cost"] = medianBestCost("nurikabe-harmony", nurikabe);

    // The logic model, written a second time (logic_model_by_hand.h); each metric is a mean over the runs.
    const LogicRating model = test::logicModelByHand(line, runs, seed);
    reference["serate"] = model.serate;
    reference["refutation-sum"] = model.refutationSum;
    reference["search-effort"] = model.searchEffort;
    // The simulated human solver's own definition; human_model_test.cpp checks it against values worked by hand.
    // The Explainer-style reading's own definition; logic_test.cpp checks it on puzzles worked by hand.
    const ExplainerReading explained = *explainerReading(sudoku.sudoku().givens);
    reference["explainer-hardest"] = explained.hardest;
    reference["explainer-first-placement"] = explained.hardestToFirstPlacement;
    reference["explainer-first-step"] = explained.firstStep;
    reference["human-time"] = humanPredictedTime(*traceHumanModel(sudoku.sudoku().givens, runs, seed),
                                                 defaultHumanModelParameters());
    Rng relaxation(seed);
    for (int r = 0; r < runs; ++r)
        reference["relaxation"] +=
            static_cast<double>(countRelaxedSolutions(sudoku.sudoku().givens, 45, 1000, relaxation)) / runs;

    reference["givens"] = static_cast<double>(81 - std::count(line.begin(), line.end(), '.'));
    reference["candidates-after-singles"] = candidatesAfterSinglesByHand(line);

    // The static Nurikabe metrics from their definitions.
    const NurikabeGrid& clues = nurikabe.nurikabe().clues;
    std::vector<int> clueCells;
    for (int cell = 0; cell < clues.cellCount(); ++cell)
        if (clues.clue(cell)) clueCells.push_back(cell);
    const auto distance = [&](int a, int b) {
        return std::abs(clues.row(a) - clues.row(b)) + std::abs(clues.column(a) - clues.column(b));
    };
    double nearestSum = 0, area = 0;
    for (int a : clueCells) {
        int nearest = 1 << 30;
        for (int b : clueCells)
            if (a != b) nearest = std::min(nearest, distance(a, b));
        nearestSum += nearest;
        area += clues.clue(a);
    }
    int shared = 0;
    for (int cell = 0; cell < clues.cellCount(); ++cell) {
        if (clues.clue(cell)) continue;
        int reaching = 0;
        for (int c : clueCells) reaching += distance(cell, c) <= clues.clue(c) - 1;
        shared += reaching >= 2;
    }
    reference["nurikabe-islands"] = static_cast<double>(clueCells.size());
    reference["nurikabe-island-area"] = area;
    reference["nurikabe-island-distance"] = nearestSum / static_cast<double>(clueCells.size());
    reference["nurikabe-shared-cells"] = shared;
    // Janko 1 by the named rules: its hardest rule is "unreachable" (7), needed by 14 steps, no hypothesis.
    reference["nurikabe-logic-level"] = 7;
    reference["nurikabe-logic-hardest-steps"] = 14;
    reference["nurikabe-logic-depth"] = 0;
    return reference;
}

TEST(DifficultyMetricTest, EveryMetricIsDeterministicBySeedAndMatchesItsReference) {
    // Sato and Inoue's "difficult 24": singles get stuck on it, so every metric has something to measure.
    const std::string line = "...4.7.....1...7..4.......3.2.3.9.4..4..1..9...6...8..5.......8.84.6.53.3.......2";
    const Puzzle puzzle = test::sudokuPuzzle(line);
    const Puzzle nurikabe = loadPuzzleFile(test::puzzlesDir() + "/nurikabe/janko_sample.txt").puzzles.at(0);
    const std::map<std::string, double> reference = referenceMetrics(puzzle, line, nurikabe, 3, 17);
    std::set<std::string> checked;
    for (const DifficultyMetric& metric : difficultyMetrics()) {
        const int runs = metric.stochastic ? 3 : 1;
        const Puzzle& rated = metric.kind == PuzzleKind::Sudoku ? puzzle : nurikabe;
        // A metric refuses the other kind of puzzle.
        EXPECT_EQ(metric.compute(metric.kind == PuzzleKind::Sudoku ? nurikabe : puzzle, runs, 17), std::nullopt)
            << metric.id;
        const auto first = metric.compute(rated, runs, 17);
        ASSERT_TRUE(first) << metric.id;
        EXPECT_EQ(metric.compute(rated, runs, 17), first) << metric.id;
        ASSERT_TRUE(reference.contains(metric.id)) << metric.id << " has no reference value in this test";
        EXPECT_NEAR(*first, reference.at(metric.id), 1e-9) << metric.id;
        checked.insert(metric.id);
        EXPECT_FALSE(metric.name.empty());
        EXPECT_FALSE(metric.definition.empty());
    }
    EXPECT_EQ(checked.size(), reference.size());  // every reference names a registered metric
}

TEST(DifficultyMetricTest, MetricsSeparateEasyFromHard) {
    const Puzzle easy = test::sudokuPuzzle(test::kPillayFigure1);
    const Puzzle hard = test::sudokuPuzzle(test::kAiEscargot);
    for (const char* id : {"serate", "refutation-sum", "search-effort", "backtracking-steps", "candidates-after-singles"}) {
        const DifficultyMetric& metric = *findDifficultyMetric(id);
        EXPECT_LT(*metric.compute(easy, 5, 1), *metric.compute(hard, 5, 1)) << id;
    }
    EXPECT_EQ(*findDifficultyMetric("givens")->compute(easy, 1, 1), 36);
}

TEST(DifficultyMetricTest, SearchEffortGrowsWhenSinglesAreScarce) {
    // One empty cell offers three hidden-single applications (in its row, column and box): effort 1/3.
    SudokuGrid solution = *solveSudoku(test::sudokuFromLine(test::kPillayFigure1), 1).firstSolution;
    solution.setValue(0, 0);
    const Puzzle oneHole{"hole", "hole", SudokuPuzzle{solution, std::nullopt}};
    EXPECT_NEAR(*findDifficultyMetric("search-effort")->compute(oneHole, 3, 1), 1.0 / 3, 1e-12);
    // Two holes side by side in row 1: 6 hidden singles (row 2, box 2, a column each) among 2 cells, then one
    // hole: 2/6 + 1/3.
    solution.setValue(1, 0);
    const Puzzle twoHoles{"holes", "holes", SudokuPuzzle{solution, std::nullopt}};
    EXPECT_NEAR(*findDifficultyMetric("search-effort")->compute(twoHoles, 3, 1), 2.0 / 3, 1e-12);
    // Hard puzzles take more search than easy ones.
    EXPECT_GT(*findDifficultyMetric("search-effort")->compute(test::sudokuPuzzle(test::kAiEscargot), 3, 1),
              *findDifficultyMetric("search-effort")->compute(test::sudokuPuzzle(test::kPillayFigure1), 3, 1));
}

TEST(DifficultyMetricTest, UndefinedWithoutASolution) {
    SudokuGrid broken = test::sudokuFromLine(test::kPillayFigure1);
    broken.setValue(1, 4);  // 4 twice in row 1
    const Puzzle puzzle{"broken", "broken", SudokuPuzzle{broken, std::nullopt}};
    for (const char* id : {"serate", "refutation-sum", "backtracking-steps", "candidates-after-singles"})
        EXPECT_FALSE(findDifficultyMetric(id)->compute(puzzle, 2, 1)) << id;
}

TEST(RatingTest, ThreadsAndPositionDoNotChangeValues) {
    std::vector<Puzzle> puzzles;
    for (const auto& puzzle : loadPuzzleFile(test::puzzlesDir() + "/sudoku/from_papers.csv").puzzles) puzzles.push_back(puzzle);
    ASSERT_GE(puzzles.size(), 6u);
    puzzles.resize(6);
    const std::vector<const DifficultyMetric*> metrics = {findDifficultyMetric("serate"), findDifficultyMetric("givens"),
                                                          findDifficultyMetric("relaxation")};
    RatingOptions options;
    options.runs = 3;
    options.seed = 5;
    options.jobs = 1;
    std::size_t lastDone = 0;
    const RatingTable alone = ratePuzzles(puzzles, metrics, options, [&](std::size_t done, std::size_t total) {
        EXPECT_EQ(total, 18u);
        EXPECT_EQ(done, lastDone + 1);
        lastDone = done;
    });
    EXPECT_EQ(lastDone, 18u);
    options.jobs = 3;
    EXPECT_EQ(ratePuzzles(puzzles, metrics, options), alone);
    const std::vector<Puzzle> reversed(puzzles.rbegin(), puzzles.rend());
    const RatingTable backwards = ratePuzzles(reversed, metrics, options);
    for (std::size_t p = 0; p < puzzles.size(); ++p) EXPECT_EQ(backwards[puzzles.size() - 1 - p], alone[p]);

    std::atomic<bool> stop{true};
    const RatingTable stopped = ratePuzzles(puzzles, metrics, options, {}, &stop);
    for (const auto& row : stopped)
        for (const auto& value : row) EXPECT_FALSE(value);
}

TEST(CsvTableTest, ReadsQuotedFieldsAndNamesColumns) {
    const auto path = std::filesystem::temp_directory_path() / "pw_csv_table_test.csv";
    std::ofstream(path) << "# a comment\nGame No.,Sudoku Puzzle,D_TO\n\n7,\"1..,2\",0.5\n8,abc\n";
    ParseError error;
    const auto table = readCsvTable(path.string(), error);
    ASSERT_TRUE(table);
    EXPECT_EQ(table->column("d_to"), 2);
    EXPECT_EQ(table->columnContaining("puzzle"), 1);
    ASSERT_EQ(table->rows.size(), 2u);
    EXPECT_EQ(table->rows[0][1], "1..,2");
    EXPECT_EQ(table->rows[1][2], "");  // padded to the header's width
    EXPECT_EQ(table->lineNumbers[1], 5);
    std::filesystem::remove(path);
    EXPECT_FALSE(readCsvTable("/no/such/file.csv", error));
    EXPECT_NE(error.toString().find("/no/such/file.csv"), std::string::npos);
    EXPECT_EQ(csvField("a,b"), "\"a,b\"");
    EXPECT_EQ(csvField("say \"x\""), "\"say \"\"x\"\"\"");
    EXPECT_EQ(csvField("plain"), "plain");
}

}  // namespace
}  // namespace pw
