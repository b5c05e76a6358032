// Reference values of the rank tests were computed once with SciPy 1.10.1 (Debian 12's python3-scipy) and are
// hard-coded here; each test names the call that produced them. Holm, A12, ERT and the fixture's ERT and AUC
// were computed by hand or by an independent reimplementation of the definitions in run_statistics.h.

#include "study/run_statistics.h"
#include "study/statistics_report.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>

using namespace pw;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

BenchRecord run(std::string configuration, std::size_t puzzle, std::uint64_t index, bool solved, double steps,
                double evaluations, double best, std::vector<std::pair<std::uint64_t, double>> curve,
                std::vector<std::uint64_t> curveEvaluations) {
    BenchRecord record = test::benchRecord(configuration, puzzle, index, solved);
    record.steps = steps;
    record.evaluations = evaluations;
    record.seconds = evaluations / 1000;
    record.bestCost = best;
    record.curve = std::move(curve);
    record.curveEvaluations = std::move(curveEvaluations);
    return record;
}

}  // namespace

TEST(MannWhitney, ExactWithoutTiesAndSmallSamples) {
    // scipy.stats.mannwhitneyu([1.5, 3, 7, 9, 12], [2, 4, 5, 8, 10, 11, 13]) -> (14.0, 0.638888888888889)
    const auto result = mannWhitneyU({1.5, 3, 7, 9, 12}, {2, 4, 5, 8, 10, 11, 13});
    EXPECT_TRUE(result.exact);
    EXPECT_DOUBLE_EQ(result.u, 14.0);
    EXPECT_NEAR(result.pValue, 0.638888888888889, 1e-12);
}

TEST(MannWhitney, ExactWhenOneSampleHasAtMostEight) {
    // scipy.stats.mannwhitneyu([0.5, 1.25, 2.5, 3.75, 4.5, 30.5, 5.25, 6.5], [i + 0.1 for i in range(4, 24)])
    //   -> (26.0, 0.004689030775987297), method 'exact' chosen by 'auto'
    std::vector<double> y;
    for (int i = 4; i < 24; ++i) y.push_back(i + 0.1);
    const auto result = mannWhitneyU({0.5, 1.25, 2.5, 3.75, 4.5, 30.5, 5.25, 6.5}, y);
    EXPECT_TRUE(result.exact);
    EXPECT_DOUBLE_EQ(result.u, 26.0);
    EXPECT_NEAR(result.pValue, 0.004689030775987297, 1e-12);
}

TEST(MannWhitney, NormalApproximationWithTiesAndInfinities) {
    // scipy.stats.mannwhitneyu([3, 5, 5, 7, 9, 9, 9, 12, inf, inf], [1, 2, 5, 6, 6, 8, 9, 10, 11, inf])
    //   -> (59.5, 0.4931872568852579): ties, so the tie-corrected normal approximation with continuity correction
    const auto result =
        mannWhitneyU({3, 5, 5, 7, 9, 9, 9, 12, kInf, kInf}, {1, 2, 5, 6, 6, 8, 9, 10, 11, kInf});
    EXPECT_FALSE(result.exact);
    EXPECT_DOUBLE_EQ(result.u, 59.5);
    EXPECT_NEAR(result.pValue, 0.4931872568852579, 1e-12);
}

TEST(MannWhitney, NormalApproximationForLargeSamples) {
    // scipy.stats.mannwhitneyu([i + 0.3 for i in range(12)], [i * 1.1 + 2 for i in range(11)])
    //   -> (48.0, 0.28145768484462164): both samples above 8
    std::vector<double> x, y;
    for (int i = 0; i < 12; ++i) x.push_back(i + 0.3);
    for (int i = 0; i < 11; ++i) y.push_back(i * 1.1 + 2);
    const auto result = mannWhitneyU(x, y);
    EXPECT_FALSE(result.exact);
    EXPECT_DOUBLE_EQ(result.u, 48.0);
    EXPECT_NEAR(result.pValue, 0.28145768484462164, 1e-12);
}

TEST(MannWhitney, RejectsAnEmptySample) { EXPECT_THROW(mannWhitneyU({}, {1.0}), std::invalid_argument); }

TEST(KruskalWallis, MatchesScipy) {
    // scipy.stats.kruskal([2.9, 3.0, 2.5, 2.6, 3.2], [3.8, 2.7, 4.0, 2.4], [2.8, 3.4, 3.7, 2.2, 2.0])
    //   -> (0.7714285714285722, 0.6799647735788936)
    const auto result = kruskalWallis({{2.9, 3.0, 2.5, 2.6, 3.2}, {3.8, 2.7, 4.0, 2.4}, {2.8, 3.4, 3.7, 2.2, 2.0}});
    ASSERT_TRUE(result);
    EXPECT_EQ(result->degreesOfFreedom, 2);
    EXPECT_NEAR(result->h, 0.7714285714285722, 1e-12);
    EXPECT_NEAR(result->pValue, 0.6799647735788936, 1e-12);
    // scipy.stats.kruskal([1, 1, 2, 3, 3], [2, 2, 4, 5], [3, 6, 6, 7, 1, 2]) -> (2.620147874306839, 0.2698001073952771)
    const auto tied = kruskalWallis({{1, 1, 2, 3, 3}, {2, 2, 4, 5}, {3, 6, 6, 7, 1, 2}});
    ASSERT_TRUE(tied);
    EXPECT_NEAR(tied->h, 2.620147874306839, 1e-12);
    EXPECT_NEAR(tied->pValue, 0.2698001073952771, 1e-12);
    EXPECT_FALSE(kruskalWallis({{4, 4}, {4, 4, 4}}));  // all equal: undefined
    EXPECT_FALSE(kruskalWallis({{1, 2}, {}}));          // one group
}

TEST(Holm, StepDownAdjustment) {
    // By hand: sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 = 0.02, 0.03, 0.06, 0.04 -> running maximum.
    const auto adjusted = holmAdjust({0.01, 0.04, 0.03, 0.005});
    ASSERT_EQ(adjusted.size(), 4u);
    EXPECT_DOUBLE_EQ(adjusted[0], 0.03);
    EXPECT_DOUBLE_EQ(adjusted[1], 0.06);
    EXPECT_DOUBLE_EQ(adjusted[2], 0.06);
    EXPECT_DOUBLE_EQ(adjusted[3], 0.02);
    EXPECT_DOUBLE_EQ(holmAdjust({0.5, 0.9})[1], 1.0);  // capped at 1
}

TEST(VarghaDelaney, CountsWinsAndHalfTies) {
    // x = 1, 2, 3 against y = 2, 2, 4: x > y twice (3 > 2, 3 > 2), ties twice (2 = 2): (2 + 1) / 9.
    EXPECT_DOUBLE_EQ(varghaDelaneyA12({1, 2, 3}, {2, 2, 4}), 3.0 / 9);
    EXPECT_DOUBLE_EQ(varghaDelaneyA12({5}, {5}), 0.5);
    EXPECT_DOUBLE_EQ(varghaDelaneyA12({kInf}, {7}), 1.0);
}

TEST(ExpectedRunningTime, CountsFailuresToTheirBudget) {
    EXPECT_DOUBLE_EQ(expectedRunningTime({10, 20, 100, 100}, {true, true, false, false}), 115.0);
    EXPECT_TRUE(std::isinf(expectedRunningTime({100, 100}, {false, false})));
}

TEST(Bootstrap, SeededDeterministicAndSensible) {
    const std::vector<double> times{10, 20, 100, 100, 30, 100, 40, 15};
    const std::vector<bool> successes{true, true, false, false, true, false, true, true};
    const Interval a = bootstrapErtInterval(times, successes, 2000, 7);
    const Interval b = bootstrapErtInterval(times, successes, 2000, 7);
    EXPECT_EQ(a.low, b.low);
    EXPECT_EQ(a.high, b.high);
    const double ert = expectedRunningTime(times, successes);  // 415 / 5 = 83
    EXPECT_LT(a.low, ert);
    EXPECT_GT(a.high, ert);
    const Interval other = bootstrapErtInterval(times, successes, 2000, 8);
    EXPECT_TRUE(other.low != a.low || other.high != a.high);  // the seed matters
}

TEST(RunAxes, TimeToTargetAndBestCostWithin) {
    // Steps 0, 1, 2, 10 with evaluations 1, 81, 161, 801; the run ends at step 20 (1601 evaluations), solved.
    const BenchRecord r = run("tabu", 0, 0, true, 20, 1601, 0, {{0, 30}, {1, 12}, {2, 7}, {10, 3}}, {1, 81, 161, 801});
    EXPECT_EQ(*timeToTarget(r, 12, CostAxis::Evaluations), 81);
    EXPECT_EQ(*timeToTarget(r, 8, CostAxis::Evaluations), 161);
    EXPECT_EQ(*timeToTarget(r, 8, CostAxis::Steps), 2);
    EXPECT_EQ(*timeToTarget(r, 0, CostAxis::Evaluations), 1601);  // only the final best cost reaches it
    EXPECT_DOUBLE_EQ(*timeToTarget(r, 3, CostAxis::Seconds), 1.601 * 10 / 20);
    EXPECT_EQ(*timeToTarget(r, 30, CostAxis::Evaluations), 1);
    const BenchRecord failed = run("tabu", 0, 1, false, 20, 1601, 2, {{0, 30}, {1, 12}}, {1, 81});
    EXPECT_FALSE(timeToTarget(failed, 0, CostAxis::Evaluations));
    EXPECT_EQ(*timeToTarget(failed, 2, CostAxis::Evaluations), 1601);

    EXPECT_EQ(bestCostWithin(r, 0, CostAxis::Evaluations), 30);
    EXPECT_EQ(bestCostWithin(r, 100, CostAxis::Evaluations), 12);
    EXPECT_EQ(bestCostWithin(r, 800, CostAxis::Evaluations), 7);
    EXPECT_EQ(bestCostWithin(r, 801, CostAxis::Evaluations), 3);
    EXPECT_EQ(bestCostWithin(r, 5000, CostAxis::Evaluations), 0);
    EXPECT_EQ(bestCostWithin(r, 9, CostAxis::Steps), 7);

    const BenchRecord old = run("sa", 0, 0, true, 20, 20, 0, {{0, 30}, {1, 12}}, {});
    EXPECT_THROW(timeToTarget(old, 12, CostAxis::Evaluations), std::invalid_argument);
    EXPECT_EQ(*timeToTarget(old, 12, CostAxis::Steps), 1);
}

// A run that recorded its improvements answers at the exact step of each fall, not at the next curve point.
TEST(RunAxes, ImprovementsGiveExactTimes) {
    // Curve points at steps 0, 1, 10; the best fell to 12 at step 4 (41 evaluations) and to 3 at step 7 (71).
    BenchRecord r = run("sa", 0, 0, false, 20, 201, 3, {{0, 30}, {1, 30}, {10, 3}}, {1, 11, 101});
    EXPECT_EQ(*timeToTarget(r, 12, CostAxis::Evaluations), 101);  // read off the curve: late
    r.improvements = {{4, 12, 41}, {7, 3, 71}};
    r.hasImprovements = true;
    EXPECT_EQ(*timeToTarget(r, 12, CostAxis::Evaluations), 41);
    EXPECT_EQ(*timeToTarget(r, 12, CostAxis::Steps), 4);
    EXPECT_EQ(*timeToTarget(r, 5, CostAxis::Evaluations), 71);
    EXPECT_EQ(*timeToTarget(r, 30, CostAxis::Evaluations), 1);  // the start
    EXPECT_FALSE(timeToTarget(r, 2, CostAxis::Evaluations));
    EXPECT_EQ(bestCostWithin(r, 40, CostAxis::Evaluations), 30);
    EXPECT_EQ(bestCostWithin(r, 41, CostAxis::Evaluations), 12);
    EXPECT_EQ(bestCostWithin(r, 6, CostAxis::Steps), 12);
    EXPECT_EQ(bestCostWithin(r, 7, CostAxis::Steps), 3);
}

// Settings of one algorithm that differ in parameter values form a sweep grid: each cell pools its setting's runs
// over the puzzles (success rate, ERT, median final cost); an algorithm with one setting is no sweep.
TEST(BenchStatistics, SweepGridsPoolEachSettingOverItsPuzzles) {
    std::vector<BenchRecord> records{
        run("sa t0=1", 0, 0, true, 100, 100, 0, {{0, 20}}, {1}),
        run("sa t0=1", 1, 0, false, 400, 400, 4, {{0, 20}}, {1}),
        run("sa t0=2", 0, 0, true, 50, 50, 0, {{0, 20}}, {1}),
        run("sa t0=2", 1, 0, true, 150, 150, 0, {{0, 20}}, {1}),
        run("tabu", 0, 0, true, 10, 10, 0, {{0, 20}}, {1}),
    };
    StatisticsOptions options;
    options.targets = {0};
    options.settingParameters = {{"sa t0=1", {"sa", {{"t0", "1"}, {"alpha", "0.99"}}}},
                                 {"sa t0=2", {"sa", {{"t0", "2"}, {"alpha", "0.99"}}}},
                                 {"tabu", {"tabu", {{"tenure", "10"}}}}};
    const BenchStatistics stats = benchStatistics(records, {"sa t0=1", "sa t0=2", "tabu"}, options);
    ASSERT_EQ(stats.sweeps.size(), 1u);
    const SweepGrid& grid = stats.sweeps[0];
    EXPECT_EQ(grid.algorithm, "sa");
    EXPECT_EQ(grid.keys, std::vector<std::string>{"t0"});
    ASSERT_EQ(grid.cells.size(), 2u);
    EXPECT_EQ(grid.cells[0].values, std::vector<std::string>{"1"});
    EXPECT_EQ(grid.cells[0].runs, 2);
    EXPECT_EQ(grid.cells[0].successes, 1);
    EXPECT_DOUBLE_EQ(grid.cells[0].ert, 500.0);  // (100 + 400) / 1
    EXPECT_DOUBLE_EQ(grid.cells[0].medianFinalCost, 2.0);
    EXPECT_DOUBLE_EQ(grid.cells[1].ert, 100.0);  // (50 + 150) / 2
    EXPECT_DOUBLE_EQ(grid.cells[1].successRate, 1.0);
    EXPECT_DOUBLE_EQ(grid.cells[1].successRateInterval.low, wilsonInterval(2, 2).low);
    EXPECT_NE(statisticsText(stats).find("sa, ERT (rows -, columns t0)\n"), std::string::npos)
        << statisticsText(stats);
    const auto number = [](double value) {  // as the CSV writes numbers: up to 10 significant digits
        char text[32];
        std::snprintf(text, sizeof text, "%.10g", value);
        return std::string(text);
    };
    EXPECT_EQ(statisticsCsv(stats, StatisticsTable::Sweep),
              "algorithm,configuration,parameters,runs,successes,success_rate,success_rate_low,success_rate_high,ert,"
              "median_final_cost\n"
              "sa,sa t0=1,t0=1,2,1,0.5," + number(wilsonInterval(1, 2).low) + "," + number(wilsonInterval(1, 2).high) +
              ",500,2\nsa,sa t0=2,t0=2,2,2,1," + number(wilsonInterval(2, 2).low) + ",1,100,0\n");
}

// Dolan and Moré's profiles, computed by hand: ERTs a = {100, 300, inf}, b = {200, 100, 500} on three puzzles give
// the ratios a = {1, 3, inf}, b = {2, 1, 1}.
TEST(BenchStatistics, PerformanceProfilesByHand) {
    std::vector<BenchRecord> records{
        run("a", 0, 0, true, 100, 100, 0, {{0, 20}}, {1}),   run("a", 1, 0, true, 300, 300, 0, {{0, 20}}, {1}),
        run("a", 2, 0, false, 1000, 1000, 4, {{0, 20}}, {1}), run("b", 0, 0, true, 200, 200, 0, {{0, 20}}, {1}),
        run("b", 1, 0, true, 100, 100, 0, {{0, 20}}, {1}),   run("b", 2, 0, true, 500, 500, 0, {{0, 20}}, {1}),
    };
    StatisticsOptions options;
    options.targets = {0};
    const BenchStatistics stats = benchStatistics(records, {"a", "b"}, options);
    EXPECT_EQ(stats.profilePuzzles, 3u);
    ASSERT_EQ(stats.profiles.size(), 2u);
    using Steps = std::vector<std::pair<double, double>>;
    EXPECT_EQ(stats.profiles[0].steps, (Steps{{1.0, 1.0 / 3}, {3.0, 2.0 / 3}}));
    EXPECT_DOUBLE_EQ(stats.profiles[0].wins, 1.0 / 3);
    EXPECT_DOUBLE_EQ(stats.profiles[0].solved, 2.0 / 3);
    EXPECT_EQ(stats.profiles[1].steps, (Steps{{1.0, 2.0 / 3}, {2.0, 1.0}}));
    EXPECT_DOUBLE_EQ(stats.profiles[1].wins, 2.0 / 3);
    EXPECT_DOUBLE_EQ(stats.profiles[1].solved, 1.0);
    EXPECT_EQ(statisticsCsv(stats, StatisticsTable::Profiles),
              "configuration,puzzles,tau,rho\na,3,1,0.3333333333\na,3,3,0.6666666667\nb,3,1,0.6666666667\nb,3,2,1\n");
}

TEST(BenchStatistics, ErtEcdfAndTestsOnASmallBench) {
    // Two settings on one puzzle, two runs each. a: solved at 100 and 300 evaluations; b: one failure at 1000,
    // one solved at 1000. Targets 0 and 10.
    std::vector<BenchRecord> records{
        run("a", 0, 0, true, 100, 100, 0, {{0, 20}, {10, 9}}, {1, 10}),
        run("a", 0, 1, true, 300, 300, 0, {{0, 20}, {100, 10}}, {1, 100}),
        run("b", 0, 0, false, 1000, 1000, 5, {{0, 20}, {50, 5}}, {1, 50}),
        run("b", 0, 1, true, 1000, 1000, 0, {{0, 20}, {500, 8}}, {1, 500}),
    };
    StatisticsOptions options;
    options.targets = {10, 0};
    options.budgets = {60, 5000};
    const BenchStatistics stats = benchStatistics(records, {"a", "b"}, options);
    ASSERT_EQ(stats.rows.size(), 2u);
    EXPECT_EQ(stats.targets, (std::vector<double>{0, 10}));
    EXPECT_DOUBLE_EQ(stats.rows[0].ert, 200.0);   // (100 + 300) / 2
    EXPECT_DOUBLE_EQ(stats.rows[1].ert, 2000.0);  // (1000 + 1000) / 1
    EXPECT_DOUBLE_EQ(stats.rows[0].targets[1].ert, 55.0);   // target 10: (10 + 100) / 2
    EXPECT_DOUBLE_EQ(stats.rows[1].targets[1].ert, 275.0);  // (50 + 500) / 2
    EXPECT_DOUBLE_EQ(stats.rows[1].successRate, 0.5);
    EXPECT_DOUBLE_EQ(stats.rows[0].meanCostAtBudget[0], (9.0 + 20.0) / 2);
    EXPECT_DOUBLE_EQ(stats.rows[1].meanCostAtBudget[0], (5.0 + 20.0) / 2);
    EXPECT_DOUBLE_EQ(stats.rows[1].meanCostAtBudget[1], 2.5);
    // ECDF over [1, 1000]: a's hits 100, 10, 300, 100 of 4 triples; b's 50, 1000, 500 (b's failure misses 0).
    EXPECT_DOUBLE_EQ(stats.maxTime, 1000);
    EXPECT_DOUBLE_EQ(stats.ecdfs[0].auc, (900.0 + 990 + 700 + 900) / (999.0 * 4));
    EXPECT_DOUBLE_EQ(stats.ecdfs[1].auc, (950.0 + 0 + 500) / (999.0 * 4));
    ASSERT_EQ(stats.ecdfs[0].points.size(), 3u);  // 10, 100 (twice), 300
    EXPECT_DOUBLE_EQ(stats.ecdfs[0].points[1].time, 100);
    EXPECT_DOUBLE_EQ(stats.ecdfs[0].points[1].fraction, 0.75);
    // Times to target 0: a = {100, 300}, b = {inf, 1000}: a wins every pair, A12 = 0; exact (no ties).
    ASSERT_EQ(stats.pairs.size(), 2u);
    EXPECT_EQ(stats.pairs[0].measure, "time_to_target");
    EXPECT_DOUBLE_EQ(stats.pairs[0].a12, 0.0);
    EXPECT_TRUE(stats.pairs[0].test.exact);
    EXPECT_DOUBLE_EQ(stats.pairs[0].test.pValue, 2.0 / 6);  // 2 of the C(4,2) = 6 orders are as extreme
    EXPECT_EQ(stats.groups.size(), 2u);

    EXPECT_THROW(benchStatistics({}, {}, options), std::invalid_argument);
    options.targets = {-1};
    EXPECT_THROW(benchStatistics(records, {"a", "b"}, options), std::invalid_argument);
}

namespace {

struct ErtReference {
    const char* configuration;
    std::size_t puzzle;
    int successes;
    double ert;
};
struct PairReference {
    std::size_t puzzle;
    const char* measure;
    const char* first;
    const char* second;
    double u, p, pHolm, a12;
};
struct GroupReference {
    std::size_t puzzle;
    const char* measure;
    double h, p;
};

// The fixture tests/fixtures/stats_bench: the config.json of
//   puzzle-cli bench -a sa,tabu,sa --param sa#2.t0=5 --runs 6 --max-evaluations 200000 (five hard puzzles of
//   puzzles/sudoku/famous_hard.csv)
// with 90 hand-made runs (solved and unsolved, curves with evaluations). The references come from an
// independent script over runs.jsonl: the time to target as run_statistics.h defines it, ERT and the AUC by
// their formulas, U and p from scipy.stats.mannwhitneyu(x, y) (defaults: method='auto', use_continuity=True;
// unsuccessful runs as float('inf')), H and p from scipy.stats.kruskal(sa, tabu, sa2), Holm by its definition,
// A12 by counting pairs. Default targets 0, 1, 2, 4, 8, 16, 32; axis evaluations.
// {configuration, puzzle, successes, ERT in evaluations}
const ErtReference kErt[] = {
    {"sa", 0, 3, 238225.33333333334},
    {"sa", 1, 4, 146428.75},
    {"sa", 2, 4, 158122.25},
    {"sa", 3, 2, 450661.0},
    {"sa", 4, 1, 1027379.0},
    {"tabu", 0, 6, 54441.0},
    {"tabu", 1, 6, 35961.0},
    {"tabu", 2, 5, 85761.0},
    {"tabu", 3, 3, 282667.6666666667},
    {"tabu", 4, 3, 258694.33333333334},
    {"sa#2", 0, 2, 465687.0},
    {"sa#2", 1, 0, kInf},
    {"sa#2", 2, 4, 150305.75},
    {"sa#2", 3, 1, 1053769.0},
    {"sa#2", 4, 1, 1056893.0},
};
const std::pair<const char*, double> kAuc[] = {
    {"sa", 0.5646655376134023},
    {"tabu", 0.7217592040341154},
    {"sa#2", 0.454844631366014},
};
// {puzzle, measure, first, second, U, p, Holm-adjusted p, A12}
const PairReference kPairs[] = {
    {0, "time_to_target", "sa", "tabu", 25.0, 0.2945516289943739, 0.5891032579887479, 0.6944444444444444},
    {0, "time_to_target", "sa", "sa#2", 14.0, 0.5319948388362978, 0.5891032579887479, 0.3888888888888889},
    {0, "time_to_target", "tabu", "sa#2", 5.0, 0.04159593817019687, 0.12478781451059061, 0.1388888888888889},
    {0, "final_cost", "sa", "tabu", 27.0, 0.07313979965890892, 0.14627959931781784, 0.75},
    {0, "final_cost", "sa", "sa#2", 16.0, 0.795646902640574, 0.795646902640574, 0.4444444444444444},
    {0, "final_cost", "tabu", "sa#2", 6.0, 0.026885511853408067, 0.0806565355602242, 0.16666666666666666},
    {1, "time_to_target", "sa", "tabu", 26.0, 0.2289506814145954, 0.2289506814145954, 0.7222222222222222},
    {1, "time_to_target", "sa", "sa#2", 6.0, 0.028440662266474792, 0.056881324532949584, 0.16666666666666666},
    {1, "time_to_target", "tabu", "sa#2", 0.0, 0.00277843011009903, 0.00833529033029709, 0.0},
    {1, "final_cost", "sa", "tabu", 24.0, 0.17394501679990915, 0.3478900335998183, 0.6666666666666666},
    {1, "final_cost", "sa", "sa#2", 11.0, 0.27683342021031476, 0.3478900335998183, 0.3055555555555556},
    {1, "final_cost", "tabu", "sa#2", 0.0, 0.002268131888297655, 0.006804395664892965, 0.0},
    {2, "time_to_target", "sa", "tabu", 25.0, 0.2945516289943739, 0.8836548869831218, 0.6944444444444444},
    {2, "time_to_target", "sa", "sa#2", 20.0, 0.8068398667404373, 1, 0.5555555555555556},
    {2, "time_to_target", "tabu", "sa#2", 15.0, 0.6868382188662738, 1, 0.4166666666666667},
    {2, "final_cost", "sa", "tabu", 22.0, 0.4605966187047713, 1, 0.6111111111111112},
    {2, "final_cost", "sa", "sa#2", 20.0, 0.7739376469563976, 1, 0.5555555555555556},
    {2, "final_cost", "tabu", "sa#2", 15.0, 0.5947925222500688, 1, 0.4166666666666667},
    {3, "time_to_target", "sa", "tabu", 18.0, 1.0, 1, 0.5},
    {3, "time_to_target", "sa", "sa#2", 15.0, 0.5992659619828535, 1, 0.4166666666666667},
    {3, "time_to_target", "tabu", "sa#2", 13.5, 0.44597617512599486, 1, 0.375},
    {3, "final_cost", "sa", "tabu", 21.0, 0.6734018511364575, 1, 0.5833333333333334},
    {3, "final_cost", "sa", "sa#2", 20.0, 0.7870052402565042, 1, 0.5555555555555556},
    {3, "final_cost", "tabu", "sa#2", 17.0, 0.9303529833045094, 1, 0.4722222222222222},
    {4, "time_to_target", "sa", "tabu", 22.5, 0.44597617512599486, 0.8919523502519897, 0.625},
    {4, "time_to_target", "sa", "sa#2", 17.5, 1.0, 1, 0.4861111111111111},
    {4, "time_to_target", "tabu", "sa#2", 11.5, 0.25295112287384824, 0.7588533686215447, 0.3194444444444444},
    {4, "final_cost", "sa", "tabu", 22.0, 0.5535976285780404, 1, 0.6111111111111112},
    {4, "final_cost", "sa", "sa#2", 14.5, 0.6109295601849647, 1, 0.4027777777777778},
    {4, "final_cost", "tabu", "sa#2", 11.5, 0.3154704263245328, 0.9464112789735984, 0.3194444444444444},
};
// {puzzle, measure, H, p}; a missing row is undefined (all values equal)
const GroupReference kGroups[] = {
    {0, "time_to_target", 4.332238043081412, 0.11462159876734081},
    {0, "final_cost", 5.332418838591669, 0.06951522961292853},
    {1, "time_to_target", 10.19359698681732, 0.006116296617943297},
    {1, "final_cost", 8.621940928270043, 0.013420519139975001},
    {2, "time_to_target", 1.0867579908675817, 0.5807824717424332},
    {2, "final_cost", 0.8122222222222223, 0.6662361370747125},
    {3, "time_to_target", 0.7093704245973645, 0.7013941987287236},
    {3, "final_cost", 0.28132387706855777, 0.8687829641008278},
    {4, "time_to_target", 1.7421487603305712, 0.41850167772270697},
    {4, "final_cost", 1.3570345089116336, 0.5073687336364096},
};

}  // namespace

TEST(BenchStatistics, FixtureBenchMatchesScipyReferences) {
    const BenchDirectory bench = readBenchDirectory(std::string(PW_TEST_FIXTURES_DIR) + "/stats_bench");
    ASSERT_EQ(bench.records.size(), 90u);
    const BenchStatistics stats = benchStatistics(bench.records, bench.configurations, StatisticsOptions{});
    EXPECT_EQ(stats.targets, (std::vector<double>{0, 1, 2, 4, 8, 16, 32}));
    ASSERT_EQ(stats.rows.size(), std::size(kErt));
    for (std::size_t i = 0; i < stats.rows.size(); ++i) {
        SCOPED_TRACE(stats.rows[i].configuration + " on " + std::to_string(stats.rows[i].puzzleIndex));
        EXPECT_EQ(stats.rows[i].configuration, kErt[i].configuration);
        EXPECT_EQ(stats.rows[i].puzzleIndex, kErt[i].puzzle);
        EXPECT_EQ(stats.rows[i].successes, kErt[i].successes);
        if (std::isinf(kErt[i].ert)) EXPECT_TRUE(std::isinf(stats.rows[i].ert));
        else EXPECT_NEAR(stats.rows[i].ert, kErt[i].ert, 1e-9 * kErt[i].ert);
        EXPECT_LE(stats.rows[i].ertInterval.low, stats.rows[i].ert);
        EXPECT_GE(stats.rows[i].ertInterval.high, stats.rows[i].ert);
    }
    ASSERT_EQ(stats.ecdfs.size(), std::size(kAuc));
    for (std::size_t i = 0; i < stats.ecdfs.size(); ++i) {
        EXPECT_EQ(stats.ecdfs[i].configuration, kAuc[i].first);
        EXPECT_NEAR(stats.ecdfs[i].auc, kAuc[i].second, 1e-12);
    }
    ASSERT_EQ(stats.pairs.size(), std::size(kPairs));
    for (std::size_t i = 0; i < stats.pairs.size(); ++i) {
        const auto& pair = stats.pairs[i];
        SCOPED_TRACE(pair.measure + " " + pair.first + " vs " + pair.second + " on " + std::to_string(pair.puzzleIndex));
        EXPECT_EQ(pair.puzzleIndex, kPairs[i].puzzle);
        EXPECT_EQ(pair.measure, kPairs[i].measure);
        EXPECT_EQ(pair.first, kPairs[i].first);
        EXPECT_EQ(pair.second, kPairs[i].second);
        EXPECT_DOUBLE_EQ(pair.test.u, kPairs[i].u);
        EXPECT_NEAR(pair.test.pValue, kPairs[i].p, 1e-12);
        EXPECT_NEAR(pair.pHolm, kPairs[i].pHolm, 1e-12);
        EXPECT_NEAR(pair.a12, kPairs[i].a12, 1e-12);
    }
    ASSERT_EQ(stats.groups.size(), std::size(kGroups));
    for (std::size_t i = 0; i < stats.groups.size(); ++i) {
        ASSERT_TRUE(stats.groups[i].test);
        EXPECT_EQ(stats.groups[i].measure, kGroups[i].measure);
        EXPECT_NEAR(stats.groups[i].test->h, kGroups[i].h, 1e-9);
        EXPECT_NEAR(stats.groups[i].test->pValue, kGroups[i].p, 1e-12);
    }
    // The bootstrap is seeded: the same options give the same intervals.
    const BenchStatistics again = benchStatistics(bench.records, bench.configurations, StatisticsOptions{});
    EXPECT_EQ(again.rows[3].ertInterval.low, stats.rows[3].ertInterval.low);
    EXPECT_EQ(again.rows[3].ertInterval.high, stats.rows[3].ertInterval.high);
}

// SciPy's documented example of scipy.stats.friedmanchisquare (three treatments, seven blocks): χ² 10.5714…;
// with two degrees of freedom the chi-squared tail is exactly e^(-χ²/2), an independent check of p.
TEST(Friedman, MatchesScipyAndTheClosedFormTail) {
    const std::vector<std::vector<double>> treatments{{72, 96, 88, 92, 74, 76, 82},
                                                      {120, 120, 132, 120, 101, 96, 112},
                                                      {76, 95, 104, 96, 84, 72, 76}};
    std::vector<std::vector<double>> blocks(7);
    for (const auto& treatment : treatments)
        for (std::size_t b = 0; b < treatment.size(); ++b) blocks[b].push_back(treatment[b]);
    const auto result = friedmanTest(blocks);
    ASSERT_TRUE(result);
    EXPECT_NEAR(result->statistic, 10.571428571428571, 1e-12);
    EXPECT_EQ(result->degreesOfFreedom, 2);
    EXPECT_NEAR(result->pValue, std::exp(-result->statistic / 2), 1e-12);
    EXPECT_NEAR(result->pValue, 0.0050634141717575, 1e-12);
    ASSERT_EQ(result->meanRanks.size(), 3u);
    EXPECT_NEAR(result->meanRanks[0], 10.0 / 7, 1e-12);  // ties share the mean of their ranks
    EXPECT_NEAR(result->meanRanks[1], 3.0, 1e-12);
    EXPECT_NEAR(result->meanRanks[2], 11.0 / 7, 1e-12);
    // Nemenyi: q_0.05 = 2.343 for three treatments, CD = q √(k(k+1) / 6N).
    ASSERT_TRUE(result->criticalDifference);
    EXPECT_NEAR(*result->criticalDifference, 2.343 * std::sqrt(12.0 / 42), 1e-12);
    // Undefined: one block, one treatment, ragged blocks, every block all ties.
    EXPECT_FALSE(friedmanTest({{1, 2, 3}}));
    EXPECT_FALSE(friedmanTest({{1}, {2}}));
    EXPECT_FALSE(friedmanTest({{1, 2}, {1, 2, 3}}));
    EXPECT_FALSE(friedmanTest({{4, 4}, {5, 5}}));
}

// Across puzzles: a setting that is better on every one of six puzzles gets mean rank 1 and a small p, where a
// per-puzzle test with two runs could not tell them apart.
TEST(BenchStatistics, FriedmanAcrossPuzzles) {
    std::vector<BenchRecord> records;
    for (std::size_t puzzle = 0; puzzle < 6; ++puzzle)
        for (std::uint64_t index = 0; index < 2; ++index) {
            const double fast = 100.0 * static_cast<double>(puzzle + 1) + static_cast<double>(index);
            records.push_back(run("fast", puzzle, index, true, fast, fast, 0, {{0, 20}}, {1}));
            records.push_back(run("slow", puzzle, index, true, 3 * fast, 3 * fast, 0, {{0, 20}}, {1}));
            records.push_back(run("never", puzzle, index, false, 5000, 5000, 4, {{0, 20}}, {1}));
        }
    StatisticsOptions options;
    options.targets = {0};
    const BenchStatistics stats = benchStatistics(records, {"slow", "fast", "never"}, options);
    ASSERT_EQ(stats.acrossPuzzles.size(), 2u);
    const AcrossPuzzlesComparison& ert = stats.acrossPuzzles[0];
    EXPECT_EQ(ert.measure, "ert");
    EXPECT_EQ(ert.puzzles, 6u);
    ASSERT_TRUE(ert.test);
    EXPECT_EQ(ert.test->meanRanks, (std::vector<double>{2, 1, 3}));
    EXPECT_NEAR(ert.test->statistic, 12.0, 1e-12);  // every puzzle ranks them alike: the largest χ², N(k - 1)
    EXPECT_NEAR(ert.test->pValue, std::exp(-6.0), 1e-12);
    // The median final cost ties fast and slow (both 0) on every puzzle.
    EXPECT_EQ(stats.acrossPuzzles[1].test->meanRanks, (std::vector<double>{1.5, 1.5, 3}));
    const nlohmann::json json = statisticsJson(stats);
    ASSERT_EQ(json["friedman"].size(), 2u);
    EXPECT_EQ(json["friedman"][0]["mean_ranks"]["fast"], 1.0);
    EXPECT_EQ(json["friedman"][0]["puzzles"], 6);
    const std::string csv = statisticsCsv(stats, StatisticsTable::Friedman);
    EXPECT_EQ(csv.substr(0, csv.find('\n')), "measure,configuration,puzzles,mean_rank,chi2,df,p,critical_difference");
}

// SciPy's documented example of scipy.stats.wilcoxon (15 differences, no ties): W = 24, exact two-sided
// p = 0.041259765625 (1,352 of the 2^15 sign patterns are as extreme, counted here by brute force too).
TEST(Wilcoxon, ExactMatchesScipyAndBruteForce) {
    const std::vector<double> d{6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75};
    const std::vector<double> zeros(d.size(), 0.0);
    const auto result = wilcoxonSignedRank(d, zeros);
    ASSERT_TRUE(result);
    EXPECT_TRUE(result->exact);
    EXPECT_EQ(result->statistic, 24);
    EXPECT_EQ(result->pairs, 15);
    EXPECT_DOUBLE_EQ(result->pValue, 0.041259765625);
    int extreme = 0;
    for (int signs = 0; signs < (1 << 15); ++signs) {
        int positive = 0;
        for (int rank = 1; rank <= 15; ++rank)
            if (signs & (1 << (rank - 1))) positive += rank;
        extreme += std::min(positive, 120 - positive) <= 24;
    }
    EXPECT_DOUBLE_EQ(result->pValue, extreme / 32768.0);
    // Zero differences are dropped; with tied |differences| the normal approximation with the tie correction:
    // d = {1, 1, -1, 2, 2, 2, 3, 0}: ranks 2, 2, 2, 5, 5, 5, 7; W- = 2, mean 14, variance 35 - (24 + 24) / 48 = 34.
    const auto tied = wilcoxonSignedRank({1, 1, -1, 2, 2, 2, 3, 0}, std::vector<double>(8, 0.0));
    ASSERT_TRUE(tied);
    EXPECT_FALSE(tied->exact);
    EXPECT_EQ(tied->pairs, 7);
    EXPECT_EQ(tied->statistic, 2);
    EXPECT_NEAR(tied->pValue, std::erfc(12 / std::sqrt(34.0) / std::sqrt(2.0)), 1e-12);
    EXPECT_FALSE(wilcoxonSignedRank({1, kInf}, {1, kInf}));  // no pair differs
    EXPECT_FALSE(wilcoxonSignedRank({1}, {1, 2}));
}

// Across puzzles, every pair of settings gets a Wilcoxon signed-rank test over the puzzles, Holm-adjusted.
TEST(BenchStatistics, WilcoxonPairsAcrossPuzzles) {
    std::vector<BenchRecord> records;
    for (std::size_t puzzle = 0; puzzle < 6; ++puzzle) {
        const double fast = 100.0 * static_cast<double>(puzzle + 1);
        records.push_back(run("fast", puzzle, 0, true, fast, fast, 0, {{0, 20}}, {1}));
        records.push_back(run("slow", puzzle, 0, true, 3 * fast, 3 * fast, 0, {{0, 20}}, {1}));
    }
    StatisticsOptions options;
    options.targets = {0};
    const BenchStatistics stats = benchStatistics(records, {"fast", "slow"}, options);
    const AcrossPuzzlesComparison& ert = stats.acrossPuzzles[0];
    ASSERT_EQ(ert.pairs.size(), 1u);
    ASSERT_TRUE(ert.pairs[0].test);
    EXPECT_EQ(ert.pairs[0].test->statistic, 0);  // fast is faster on all six puzzles
    EXPECT_DOUBLE_EQ(ert.pairs[0].test->pValue, 2.0 / 64);
    EXPECT_DOUBLE_EQ(ert.pairs[0].pHolm, 2.0 / 64);  // a family of one
    EXPECT_FALSE(stats.acrossPuzzles[1].pairs[0].test);  // the final costs never differ
    const std::string csv = statisticsCsv(stats, StatisticsTable::Wilcoxon);
    EXPECT_NE(csv.find("ert,fast,slow,6,0,0.03125,exact,0.03125"), std::string::npos) << csv;
}

// With CD 1.0 the ranks 1.2 1.5 2.3 2.6 3.9 form the overlapping groups {1.2, 1.5}, {1.5, 2.3}, {2.3, 2.6};
// 3.9 stands apart.
TEST(CriticalDifferenceGroups, MaximalRunsWithinTheDifference) {
    using Groups = std::vector<std::pair<std::size_t, std::size_t>>;
    EXPECT_EQ(criticalDifferenceGroups({1.2, 1.5, 2.3, 2.6, 3.9}, 1.0), (Groups{{0, 1}, {1, 2}, {2, 3}}));
    EXPECT_EQ(criticalDifferenceGroups({1.0, 1.1, 1.2}, 1.0), (Groups{{0, 2}}));  // one group, no sub-runs
    EXPECT_EQ(criticalDifferenceGroups({1.0, 2.5, 4.0}, 1.0), Groups{});           // all apart
    EXPECT_EQ(criticalDifferenceGroups({}, 1.0), Groups{});
}

// Wilson's score interval, its closed form worked out apart with z = 1.959964: 0 of 5 is [0, 0.4345], not the
// [0, 0] a bootstrap gives; 5 of 8 is [0.3057, 0.8632]; 5 of 5 is [0.5655, 1].
TEST(WilsonInterval, MatchesTheClosedForm) {
    const Interval none = wilsonInterval(0, 5);
    EXPECT_DOUBLE_EQ(none.low, 0.0);
    EXPECT_NEAR(none.high, 0.4344825, 1e-6);
    const Interval some = wilsonInterval(5, 8);
    EXPECT_NEAR(some.low, 0.3057424, 1e-6);
    EXPECT_NEAR(some.high, 0.8631557, 1e-6);
    const Interval all = wilsonInterval(5, 5);
    EXPECT_NEAR(all.low, 0.5655175, 1e-6);
    EXPECT_DOUBLE_EQ(all.high, 1.0);
    EXPECT_EQ(wilsonInterval(0, 0).high, 1.0);
}
