#pragma once
// Fixed-target and fixed-budget analysis of a bench, and the rank tests a reviewer asks for, after the
// conventions of COCO (Hansen, Auger, Brockhoff, Tušar, Tušar: "COCO: Performance Assessment", 2016,
// arXiv:1605.03560) and IOHanalyzer (Wang, Vermetten, Ye, Doerr, Bäck: "IOHanalyzer: Detailed Performance
// Analyses for Iterative Optimization Heuristics", ACM TELO 2022).
//
// Costs are minimised; a target τ is reached once the best cost is ≤ τ (τ = 0: solved). A run's time to a
// target is read off its curve (bench.h): the axis value of the first curve point whose best cost is ≤ τ, or
// the run's total when only its final best cost is. The curve samples ten points a decade of steps, so a time
// to an intermediate target is exact to that resolution (an upper bound) and the time to the final best cost is
// exact. On the seconds axis the curve has no clock (a clock would make runs.jsonl differ between identical
// runs), so the time to a point is the run's seconds scaled by the point's share of the run's steps.

#include "study/bench.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pw {

// ---- the tests, on plain samples ----

struct MannWhitneyResult {
    double u = 0;       // U of the first sample: #(x > y) + ½ #(x = y), SciPy's `statistic`
    double pValue = 1;  // two-sided
    bool exact = false;
};
// Two-sided Mann–Whitney U test as SciPy's `scipy.stats.mannwhitneyu(x, y)` with its defaults
// (method='auto', use_continuity=True): the exact null distribution of U when a sample has at most 8 values
// and no value is tied, otherwise the normal approximation with the tie-corrected variance and the continuity
// correction. Values may be +infinity (ranked worst, tied with each other). Both samples must be non-empty.
MannWhitneyResult mannWhitneyU(const std::vector<double>& x, const std::vector<double>& y);

// Vargha and Delaney's A₁₂ = P(X > Y) + ½ P(X = Y) over all pairs (= U / (n₁ n₂)); for costs and times,
// where lower is better, A₁₂ < 0.5 favours the first sample. 0.5 when either is empty.
double varghaDelaneyA12(const std::vector<double>& x, const std::vector<double>& y);

struct KruskalWallisResult {
    double h = 0;  // tie-corrected
    int degreesOfFreedom = 0;
    double pValue = 1;
};
// As `scipy.stats.kruskal(*groups)`: H with the tie correction, p from the chi-squared distribution with
// k - 1 degrees of freedom. Empty for fewer than two non-empty groups or when every value is the same.
std::optional<KruskalWallisResult> kruskalWallis(const std::vector<std::vector<double>>& groups);

struct WilcoxonResult {
    double statistic = 0;  // the smaller of the positive and negative rank sums
    int pairs = 0;         // the pairs with a difference (zeros dropped)
    double pValue = 1;
    bool exact = false;
};
// Two-sided Wilcoxon signed-rank test of paired samples, as `scipy.stats.wilcoxon(x, y)` with its defaults
// (zero_method='wilcox', correction=False, method='auto'): pairs without a difference are dropped (two
// +infinities are no difference), |differences| ranked with ties averaged; the exact null distribution for at
// most 50 pairs without tied |differences|, else the normal approximation with the tie-corrected variance.
// Empty when the samples differ in size or no pair has a difference.
std::optional<WilcoxonResult> wilcoxonSignedRank(const std::vector<double>& x, const std::vector<double>& y);

struct FriedmanResult {
    double statistic = 0;  // χ²_F, tie-corrected
    int degreesOfFreedom = 0;
    double pValue = 1;
    std::vector<double> meanRanks;  // per treatment over the blocks; 1 is the best (the lowest value)
    // Nemenyi's critical difference at α = 0.05 (Demšar 2006): two treatments whose mean ranks differ by more
    // are different. Empty beyond 10 treatments, the end of the table of q_0.05.
    std::optional<double> criticalDifference;
};
// The Friedman test of k treatments over n blocks (blocks[b][t], lower is better; +infinity ranked worst and
// tied), as `scipy.stats.friedmanchisquare(*treatments)`: ranks within each block with ties averaged, χ²_F with
// the tie correction, p from the chi-squared distribution with k - 1 degrees of freedom. Empty with fewer than
// two treatments or blocks, blocks of unequal size, or every block all ties.
std::optional<FriedmanResult> friedmanTest(const std::vector<std::vector<double>>& blocks);

// The bars of a critical-difference diagram: with the mean ranks sorted ascending, the maximal runs
// [first, last] (first < last, indices into the sorted order) whose ranks differ by at most `criticalDifference`,
// none inside another — the groups of treatments the Nemenyi test cannot tell apart.
std::vector<std::pair<std::size_t, std::size_t>> criticalDifferenceGroups(const std::vector<double>& sortedRanks,
                                                                          double criticalDifference);

// Holm's step-down adjustment of a family of p-values (as R's p.adjust(p, "holm")), in the input's order.
std::vector<double> holmAdjust(const std::vector<double>& pValues);

// ---- fixed target ----

// COCO's expected running time (there aRT): the time of all runs, each successful one up to its success and
// each unsuccessful one to its budget, over the number of successes; +infinity without a success.
double expectedRunningTime(const std::vector<double>& times, const std::vector<bool>& successes);

struct Interval {
    double low = 0, high = 0;
};
// Percentile bootstrap 95 % intervals (2.5 % and 97.5 % quantiles, type 7, of `resamples` resamples of the
// runs with replacement), from the project's Rng seeded with `seed`: the same data and seed give the same
// interval everywhere. An infinite ERT (a resample without success) makes the upper bound infinite.
Interval bootstrapErtInterval(const std::vector<double>& times, const std::vector<bool>& successes, int resamples,
                              std::uint64_t seed);
// Wilson's score 95 % interval of a success rate (Wilson 1927; as R's prop.test without the continuity
// correction, or statsmodels' proportion_confint(method="wilson")): never [0, 0] for 0 of n nor [1, 1] for n of
// n, unlike a bootstrap, which cannot see beyond the runs it resamples. {0, 1} for no runs.
Interval wilsonInterval(int successes, int runs);

enum class CostAxis { Evaluations, Steps, Seconds };
const char* costAxisName(CostAxis axis);
std::optional<CostAxis> costAxisFromName(const std::string& name);

// What a run used on the axis (its evaluations, steps or seconds).
double runLength(const BenchRecord& run, CostAxis axis);
// The axis value of the run's curve point `index`, no more than the run's total. Throws std::invalid_argument
// for the evaluations axis on a run whose curve has no evaluations.
double curvePointTime(const BenchRecord& run, std::size_t index, CostAxis axis);
// The axis value of one of the run's improvements, no more than the run's total (seconds are the run's seconds
// in proportion to its steps).
double improvementTime(const BenchRecord& run, const BenchImprovement& improvement, CostAxis axis);
// The time on the axis the run took to reach `target`: the exact step of the fall when the run recorded its
// improvements, else its first curve point at or below the target (up to 26 % late); empty when it never did.
// Throws std::invalid_argument for the evaluations axis on a run whose curve has no evaluations (a bench from
// before they were recorded).
std::optional<double> timeToTarget(const BenchRecord& run, double target, CostAxis axis);
// Fixed budget: the run's best cost once it had used `budget` on the axis (its start cost before its first
// improvement, or curve point past 0, its final best cost from its end on).
double bestCostWithin(const BenchRecord& run, double budget, CostAxis axis);

// ---- a whole bench ----

// Each setting's algorithm and its parameter values as text, by label.
using SettingParameters = std::map<std::string, std::pair<std::string, std::vector<std::pair<std::string, std::string>>>>;
SettingParameters settingParametersOf(const std::vector<BenchConfiguration>& configurations);

struct StatisticsOptions {
    std::vector<double> targets;  // empty: 0 and the powers of two below the largest start cost
    std::vector<double> budgets;  // fixed-budget points; empty: none
    CostAxis axis = CostAxis::Evaluations;
    int resamples = 1000;
    std::uint64_t seed = 1;
    // Each setting's algorithm and parameter values as text (from the bench's plan), for the sweep grids; empty:
    // no grids.
    SettingParameters settingParameters;
};

struct TargetResult {
    double target = 0;
    int successes = 0;
    double ert = 0;  // +infinity without a success
};

struct SettingPuzzleStatistics {
    std::string configuration;
    std::size_t puzzleIndex = 0;
    std::string puzzleId;
    int runs = 0;
    // At the strictest target (the smallest, usually 0: solved).
    int successes = 0;
    double successRate = 0;
    Interval successRateInterval;
    double ert = 0;
    Interval ertInterval;
    double meanFinalCost = 0;
    double medianFinalCost = 0;
    std::vector<TargetResult> targets;     // every target, in the order of StatisticsOptions::targets
    std::vector<double> medianCostAtBudget;  // per budget
    std::vector<double> meanCostAtBudget;
};

struct EcdfPoint {
    double time = 0;
    double fraction = 0;  // of (puzzle, run, target) triples reached by `time`
};

struct SettingEcdf {
    std::string configuration;
    // Area under the ECDF of the times to every target on every puzzle, aggregated over targets and puzzles,
    // over the budget range [1, maxTime], normalised to [0, 1] as IOHanalyzer's AUC.ECDF does (the integral
    // of the step function over the range divided by the range's length); 1 means every target at once.
    double auc = 0;
    std::vector<EcdfPoint> points;  // the step function's corners: every distinct time and the fraction there
};

struct PairComparison {
    std::string measure;  // "time_to_target" (unsuccessful runs ranked worst) or "final_cost"
    std::size_t puzzleIndex = 0;
    std::string first, second;
    MannWhitneyResult test;
    double pHolm = 1;  // adjusted within the puzzle and measure
    double a12 = 0.5;
};

struct GroupComparison {
    std::string measure;
    std::size_t puzzleIndex = 0;
    std::optional<KruskalWallisResult> test;  // empty when it is undefined (one setting, or all values equal)
};

// Settings compared across puzzles (the blocks): per puzzle each setting's ERT at the strictest target (+infinity
// without a success) or its median final cost, on the puzzles every setting ran.
struct PairAcrossPuzzles {
    std::string first, second;
    std::optional<WilcoxonResult> test;
    double pHolm = 1;  // adjusted over the pairs of the measure
};
struct AcrossPuzzlesComparison {
    std::string measure;  // "ert" or "median_final_cost"
    std::vector<std::string> configurations;
    std::size_t puzzles = 0;
    std::optional<FriedmanResult> test;
    std::vector<PairAcrossPuzzles> pairs;  // every pair of settings, Wilcoxon signed-rank over the puzzles
};

// A parameter sweep seen in a bench: the settings of one algorithm and the parameters whose values differ between
// them (`keys`, in the algorithm's declaration order), with each setting's results pooled over its puzzles at the
// strictest target: success rate (with Wilson's interval), ERT (the time of all its runs, unsuccessful ones to
// their end, over its successes) and the median final cost of all its runs.
struct SweepCell {
    std::string configuration;
    std::vector<std::string> values;  // one per key
    int runs = 0;
    int successes = 0;
    double successRate = 0;
    Interval successRateInterval;
    double ert = 0;  // +infinity without a success
    double medianFinalCost = 0;
};
struct SweepGrid {
    std::string algorithm;
    std::vector<std::string> keys;
    std::vector<SweepCell> cells;  // in the bench's order of settings
};

// Dolan and Moré's performance profile of a setting (Dolan, E. D., Moré, J. J.: Benchmarking optimization software
// with performance profiles. Mathematical Programming 91 (2002) 201–213) over the puzzles every setting ran: with
// r = the setting's ERT on a puzzle over the best setting's ERT there (infinite when it never reached the target),
// rho(tau) is the share of puzzles with r <= tau. `steps` holds rho at each ratio where it rises, ascending.
struct PerformanceProfile {
    std::string configuration;
    std::vector<std::pair<double, double>> steps;  // (tau, rho(tau))
    double wins = 0;    // rho(1): the share of puzzles where the setting is (one of) the fastest
    double solved = 0;  // rho(infinity): the share it reached the target on at all
};

struct BenchStatistics {
    CostAxis axis = CostAxis::Evaluations;
    std::vector<double> targets;
    std::vector<double> budgets;
    double maxTime = 0;  // the ECDF's budget range ends here: the longest run on the axis
    std::vector<std::string> configurations;
    std::vector<SettingPuzzleStatistics> rows;  // configuration-major, then puzzle index
    std::vector<SettingEcdf> ecdfs;
    std::vector<PairComparison> pairs;
    std::vector<GroupComparison> groups;
    std::vector<AcrossPuzzlesComparison> acrossPuzzles;
    std::vector<SweepGrid> sweeps;  // algorithms with two or more settings that differ in parameter values
    std::vector<PerformanceProfile> profiles;
    std::size_t profilePuzzles = 0;  // the puzzles every setting ran, over which the profiles count
};

// Throws std::invalid_argument when the options do not fit the records (no runs, a negative target, the
// evaluations axis on a bench whose curves have no evaluations).
BenchStatistics benchStatistics(const std::vector<BenchRecord>& records, const std::vector<std::string>& configurations,
                                const StatisticsOptions& options);

}  // namespace pw
