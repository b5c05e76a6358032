#include "study/run_statistics.h"

#include "algorithms/registry.h"
#include "base/rng.h"
#include "base/statistics.h"

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/normal.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>

namespace pw {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Σ (t³ - t) over the groups of tied values.
double tieTerm(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    double sum = 0;
    for (std::size_t i = 0; i < values.size();) {
        std::size_t j = i;
        while (j < values.size() && values[j] == values[i]) ++j;
        const double t = static_cast<double>(j - i);
        sum += t * t * t - t;
        i = j;
    }
    return sum;
}

// P(U ≥ u) under the null for samples of m and n values without ties, from the counts c(i, j, k) of the
// orders of i values of one sample and j of the other with U = k: the largest value is either one of the i
// (it exceeds all j others: c(i - 1, j, k - j)) or one of the j (it adds nothing: c(i, j - 1, k)).
double exactUpperTail(int m, int n, double u) {
    if (m > n) std::swap(m, n);  // U's null distribution is the same either way round; keep the table small
    const int maxU = m * n;
    // counts[i][k] = c(i, j, k) for the current j, starting from j = 0 (U = 0 only).
    std::vector<std::vector<double>> counts(static_cast<std::size_t>(m) + 1,
                                            std::vector<double>(static_cast<std::size_t>(maxU) + 1, 0.0));
    for (int i = 0; i <= m; ++i) counts[i][0] = 1;
    for (int j = 1; j <= n; ++j)
        for (int i = 1; i <= m; ++i)  // row i - 1 already holds c(i - 1, j, ·), row i still c(i, j - 1, ·)
            for (int k = j; k <= maxU; ++k) counts[i][k] += counts[i - 1][k - j];
    const std::vector<double>& distribution = counts[m];
    double total = 0, tail = 0;
    for (int k = 0; k <= maxU; ++k) {
        total += distribution[k];
        if (k >= u - 1e-9) tail += distribution[k];
    }
    return tail / total;
}

// The type-7 quantile of sorted values that may end in +infinity.
double sortedQuantile(const std::vector<double>& sorted, double p) {
    const double position = p * static_cast<double>(sorted.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    const double fraction = position - static_cast<double>(below);
    if (std::isinf(sorted[above])) return fraction > 0 ? kInfinity : sorted[below];
    return sorted[below] + fraction * (sorted[above] - sorted[below]);
}

Interval percentileInterval(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return {sortedQuantile(values, 0.025), sortedQuantile(values, 0.975)};
}

std::vector<double> defaultTargets(const std::vector<BenchRecord>& records) {
    double start = 0;
    for (const auto& record : records)
        start = std::max(start, record.curve.empty() ? record.bestCost : record.curve.front().second);
    std::vector<double> targets{0};
    for (double t = 1; t < start; t *= 2) targets.push_back(t);
    return targets;
}

}  // namespace

MannWhitneyResult mannWhitneyU(const std::vector<double>& x, const std::vector<double>& y) {
    if (x.empty() || y.empty()) throw std::invalid_argument("Mann-Whitney U needs two non-empty samples");
    const auto n1 = static_cast<double>(x.size());
    const auto n2 = static_cast<double>(y.size());
    std::vector<double> merged = x;
    merged.insert(merged.end(), y.begin(), y.end());
    const std::vector<double> ranks = averageRanks(merged);
    double r1 = 0;
    for (std::size_t i = 0; i < x.size(); ++i) r1 += ranks[i];
    MannWhitneyResult result;
    result.u = r1 - n1 * (n1 + 1) / 2;
    const double u2 = n1 * n2 - result.u;
    const double u = std::max(result.u, u2);  // two-sided: twice the upper tail of the larger U
    const double ties = tieTerm(merged);
    result.exact = (x.size() <= 8 || y.size() <= 8) && ties == 0;
    double p;
    if (result.exact) {
        p = 2 * exactUpperTail(static_cast<int>(x.size()), static_cast<int>(y.size()), u);
    } else {
        const double n = n1 + n2;
        const double sd = std::sqrt(n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1))));
        if (sd == 0) {
            p = 1;  // every value tied: no evidence either way (SciPy gives NaN here)
        } else {
            const double z = (u - n1 * n2 / 2 - 0.5) / sd;
            p = 2 * boost::math::cdf(boost::math::complement(boost::math::normal(), z));
        }
    }
    result.pValue = std::clamp(p, 0.0, 1.0);
    return result;
}

double varghaDelaneyA12(const std::vector<double>& x, const std::vector<double>& y) {
    if (x.empty() || y.empty()) return 0.5;
    double wins = 0;
    for (double a : x)
        for (double b : y) wins += a > b ? 1.0 : a == b ? 0.5 : 0.0;
    return wins / (static_cast<double>(x.size()) * static_cast<double>(y.size()));
}

std::optional<KruskalWallisResult> kruskalWallis(const std::vector<std::vector<double>>& groups) {
    std::vector<double> merged;
    int nonEmpty = 0;
    for (const auto& group : groups) {
        merged.insert(merged.end(), group.begin(), group.end());
        if (!group.empty()) ++nonEmpty;
    }
    if (nonEmpty < 2) return std::nullopt;
    const auto n = static_cast<double>(merged.size());
    const double correction = 1 - tieTerm(merged) / (n * n * n - n);
    if (correction <= 0) return std::nullopt;
    const std::vector<double> ranks = averageRanks(merged);
    double sum = 0;
    std::size_t offset = 0;
    for (const auto& group : groups) {
        if (group.empty()) continue;
        double rankSum = 0;
        for (std::size_t i = 0; i < group.size(); ++i) rankSum += ranks[offset + i];
        offset += group.size();
        sum += rankSum * rankSum / static_cast<double>(group.size());
    }
    KruskalWallisResult result;
    result.h = (12 / (n * (n + 1)) * sum - 3 * (n + 1)) / correction;
    result.degreesOfFreedom = nonEmpty - 1;
    result.pValue = boost::math::cdf(boost::math::complement(
        boost::math::chi_squared(result.degreesOfFreedom), std::max(0.0, result.h)));
    return result;
}

std::optional<WilcoxonResult> wilcoxonSignedRank(const std::vector<double>& x, const std::vector<double>& y) {
    if (x.size() != y.size()) return std::nullopt;
    std::vector<double> differences;
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (x[i] == y[i]) continue;  // also two +infinities
        differences.push_back(x[i] - y[i]);
    }
    if (differences.empty()) return std::nullopt;
    std::vector<double> magnitudes;
    for (double difference : differences) magnitudes.push_back(std::abs(difference));
    const std::vector<double> ranks = averageRanks(magnitudes);
    double positive = 0, negative = 0;
    for (std::size_t i = 0; i < differences.size(); ++i) (differences[i] > 0 ? positive : negative) += ranks[i];
    WilcoxonResult result;
    result.statistic = std::min(positive, negative);
    result.pairs = static_cast<int>(differences.size());
    const double n = static_cast<double>(differences.size());
    const double ties = tieTerm(magnitudes);
    result.exact = differences.size() <= 50 && ties == 0;
    double p = 1;
    if (result.exact) {
        // counts[s]: the subsets of the ranks 1..n whose sum is s, i.e. the null distribution of W+ times 2^n.
        const std::size_t maxSum = differences.size() * (differences.size() + 1) / 2;
        std::vector<double> counts(maxSum + 1, 0.0);
        counts[0] = 1;
        for (std::size_t rank = 1; rank <= differences.size(); ++rank)
            for (std::size_t sum = maxSum; sum >= rank; --sum) counts[sum] += counts[sum - rank];
        double below = 0;
        for (std::size_t sum = 0; sum <= static_cast<std::size_t>(result.statistic); ++sum) below += counts[sum];
        p = 2 * below / std::pow(2.0, n);
    } else {
        const double mean = n * (n + 1) / 4;
        const double sd = std::sqrt(n * (n + 1) * (2 * n + 1) / 24 - ties / 48);
        p = sd > 0 ? 2 * boost::math::cdf(boost::math::normal(), (result.statistic - mean) / sd) : 1;
    }
    result.pValue = std::clamp(p, 0.0, 1.0);
    return result;
}

std::optional<FriedmanResult> friedmanTest(const std::vector<std::vector<double>>& blocks) {
    const std::size_t n = blocks.size();
    const std::size_t k = n ? blocks.front().size() : 0;
    if (n < 2 || k < 2) return std::nullopt;
    std::vector<double> rankSums(k, 0.0);
    double ties = 0;
    for (const auto& block : blocks) {
        if (block.size() != k) return std::nullopt;
        const std::vector<double> ranks = averageRanks(block);
        for (std::size_t t = 0; t < k; ++t) rankSums[t] += ranks[t];
        ties += tieTerm(block);
    }
    const double blocksN = static_cast<double>(n), treatments = static_cast<double>(k);
    const double correction = 1 - ties / (blocksN * treatments * (treatments * treatments - 1));
    if (correction <= 0) return std::nullopt;
    double squares = 0;
    for (double sum : rankSums) squares += sum * sum;
    FriedmanResult result;
    result.statistic =
        (12 / (blocksN * treatments * (treatments + 1)) * squares - 3 * blocksN * (treatments + 1)) / correction;
    result.degreesOfFreedom = static_cast<int>(k) - 1;
    result.pValue = boost::math::cdf(boost::math::complement(boost::math::chi_squared(result.degreesOfFreedom),
                                                             std::max(0.0, result.statistic)));
    for (double sum : rankSums) result.meanRanks.push_back(sum / blocksN);
    // q_0.05 of the Studentized range divided by √2, for 2 to 10 treatments (Demšar 2006, Table 5a).
    static constexpr double kNemenyiQ[] = {1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164};
    if (k <= 10) result.criticalDifference = kNemenyiQ[k - 2] * std::sqrt(treatments * (treatments + 1) / (6 * blocksN));
    return result;
}

std::vector<std::pair<std::size_t, std::size_t>> criticalDifferenceGroups(const std::vector<double>& sortedRanks,
                                                                          double criticalDifference) {
    std::vector<std::pair<std::size_t, std::size_t>> groups;
    std::size_t lastEnd = 0;
    for (std::size_t first = 0; first < sortedRanks.size(); ++first) {
        std::size_t last = first;
        while (last + 1 < sortedRanks.size() && sortedRanks[last + 1] - sortedRanks[first] <= criticalDifference) ++last;
        // A run that ends where an earlier one ended lies inside it.
        if (last > first && (groups.empty() || last > lastEnd)) {
            groups.emplace_back(first, last);
            lastEnd = last;
        }
    }
    return groups;
}

std::vector<double> holmAdjust(const std::vector<double>& pValues) {
    const std::size_t m = pValues.size();
    std::vector<std::size_t> order(m);
    for (std::size_t i = 0; i < m; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return pValues[a] < pValues[b]; });
    std::vector<double> adjusted(m);
    double running = 0;
    for (std::size_t rank = 0; rank < m; ++rank) {
        running = std::max(running, std::min(1.0, static_cast<double>(m - rank) * pValues[order[rank]]));
        adjusted[order[rank]] = running;
    }
    return adjusted;
}

double expectedRunningTime(const std::vector<double>& times, const std::vector<bool>& successes) {
    double total = 0;
    int count = 0;
    for (std::size_t i = 0; i < times.size(); ++i) {
        total += times[i];
        if (successes[i]) ++count;
    }
    return count ? total / count : kInfinity;
}

Interval bootstrapErtInterval(const std::vector<double>& times, const std::vector<bool>& successes, int resamples,
                              std::uint64_t seed) {
    if (times.empty()) return {kInfinity, kInfinity};
    Rng rng(seed);
    const auto n = static_cast<std::uint32_t>(times.size());
    std::vector<double> erts;
    std::vector<double> sampleTimes(n);
    std::vector<bool> sampleSuccesses(n);
    for (int b = 0; b < resamples; ++b) {
        for (std::uint32_t i = 0; i < n; ++i) {
            const std::uint32_t pick = rng.below(n);
            sampleTimes[i] = times[pick];
            sampleSuccesses[i] = successes[pick];
        }
        erts.push_back(expectedRunningTime(sampleTimes, sampleSuccesses));
    }
    return percentileInterval(std::move(erts));
}

Interval wilsonInterval(int successes, int runs) {
    if (runs <= 0) return {0, 1};
    const double z = boost::math::quantile(boost::math::normal(), 0.975);
    const double n = runs, p = successes / n, z2 = z * z;
    const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

const char* costAxisName(CostAxis axis) {
    switch (axis) {
    case CostAxis::Evaluations: return "evaluations";
    case CostAxis::Steps: return "steps";
    case CostAxis::Seconds: return "seconds";
    }
    return "evaluations";
}

std::optional<CostAxis> costAxisFromName(const std::string& name) {
    for (CostAxis axis : {CostAxis::Evaluations, CostAxis::Steps, CostAxis::Seconds})
        if (name == costAxisName(axis)) return axis;
    return std::nullopt;
}

double runLength(const BenchRecord& run, CostAxis axis) {
    switch (axis) {
    case CostAxis::Evaluations: return run.evaluations;
    case CostAxis::Steps: return run.steps;
    case CostAxis::Seconds: return run.seconds;
    }
    return run.evaluations;
}

double curvePointTime(const BenchRecord& run, std::size_t i, CostAxis axis) {
    const auto step = static_cast<double>(run.curve[i].first);
    switch (axis) {
    case CostAxis::Evaluations:
        if (run.curveEvaluations.empty())
            throw std::invalid_argument("run " + benchRunKey(run.configuration, run.puzzleIndex, run.run) +
                                        ": its curve has no evaluations (a bench from before they were "
                                        "recorded); use the steps or seconds axis");
        return std::min(run.evaluations, static_cast<double>(run.curveEvaluations[i]));
    case CostAxis::Steps: return std::min(run.steps, step);
    case CostAxis::Seconds: return run.steps > 0 ? run.seconds * std::min(1.0, step / run.steps) : 0;
    }
    return step;
}

double improvementTime(const BenchRecord& run, const BenchImprovement& improvement, CostAxis axis) {
    const auto step = static_cast<double>(improvement.step);
    switch (axis) {
    case CostAxis::Evaluations: return std::min(run.evaluations, static_cast<double>(improvement.evaluations));
    case CostAxis::Steps: return std::min(run.steps, step);
    case CostAxis::Seconds: return run.steps > 0 ? run.seconds * std::min(1.0, step / run.steps) : 0;
    }
    return step;
}

// Runs that recorded every fall of their best cost answer at its exact step; older ones at the next curve point.
std::optional<double> timeToTarget(const BenchRecord& run, double target, CostAxis axis) {
    if (run.hasImprovements && !run.curve.empty()) {
        if (run.curve.front().second <= target) return curvePointTime(run, 0, axis);
        for (const auto& improvement : run.improvements)
            if (improvement.bestCost <= target) return improvementTime(run, improvement, axis);
    } else {
        for (std::size_t i = 0; i < run.curve.size(); ++i)
            if (run.curve[i].second <= target) return curvePointTime(run, i, axis);
    }
    if (run.bestCost <= target) return runLength(run, axis);
    return std::nullopt;
}

double bestCostWithin(const BenchRecord& run, double budget, CostAxis axis) {
    if (budget >= runLength(run, axis) || run.curve.empty()) return run.bestCost;
    double cost = run.curve.front().second;
    if (run.hasImprovements) {
        for (const auto& improvement : run.improvements) {
            if (improvementTime(run, improvement, axis) > budget) break;
            cost = improvement.bestCost;
        }
        return cost;
    }
    for (std::size_t i = 0; i < run.curve.size(); ++i) {
        if (curvePointTime(run, i, axis) > budget) break;
        cost = run.curve[i].second;
    }
    return cost;
}

SettingParameters settingParametersOf(const std::vector<BenchConfiguration>& configurations) {
    SettingParameters parameters;
    for (const auto& configuration : configurations) {
        auto& [algorithm, values] = parameters[configuration.label];
        algorithm = configuration.algorithmId;
        // In the algorithm's order of declaration, which is the order people sweep them in (t0 before alpha).
        if (const AlgorithmEntry* entry = findAlgorithm(configuration.algorithmId))
            for (const auto& spec : entry->info.parameters)
                if (configuration.parameters.all().count(spec.key))
                    values.emplace_back(spec.key, formatParameterValue(configuration.parameters.value(spec.key)));
    }
    return parameters;
}

namespace {

// The sweeps among the settings with runs: per algorithm with two or more of them, the keys whose values differ.
std::vector<SweepGrid> sweepGrids(
    const BenchStatistics& stats,
    const std::map<std::string, std::map<std::size_t, std::vector<const BenchRecord*>>>& byConfiguration,
    const StatisticsOptions& options) {
    std::vector<SweepGrid> grids;
    std::map<std::string, std::vector<std::string>> settingsOf;  // algorithm -> its settings, in order
    std::vector<std::string> algorithms;
    for (const std::string& configuration : stats.configurations) {
        const auto found = options.settingParameters.find(configuration);
        if (found == options.settingParameters.end()) continue;
        const std::string& algorithm = found->second.first;
        if (settingsOf[algorithm].empty()) algorithms.push_back(algorithm);
        settingsOf[algorithm].push_back(configuration);
    }
    for (const std::string& algorithm : algorithms) {
        const auto& settings = settingsOf[algorithm];
        if (settings.size() < 2) continue;
        SweepGrid grid{algorithm, {}, {}};
        const auto& first = options.settingParameters.at(settings.front()).second;
        for (std::size_t k = 0; k < first.size(); ++k)
            for (const std::string& setting : settings) {
                const auto& values = options.settingParameters.at(setting).second;
                if (k < values.size() && values[k] != first[k]) {
                    grid.keys.push_back(first[k].first);
                    break;
                }
            }
        if (grid.keys.empty()) continue;  // the same values twice: a repetition, not a sweep
        for (const std::string& setting : settings) {
            SweepCell cell;
            cell.configuration = setting;
            for (const std::string& key : grid.keys)
                for (const auto& [name, value] : options.settingParameters.at(setting).second)
                    if (name == key) cell.values.push_back(value);
            std::vector<double> times;
            std::vector<bool> successes;
            std::vector<double> finals;
            for (const auto& [puzzle, runs] : byConfiguration.at(setting))
                for (const BenchRecord* run : runs) {
                    const auto hit = timeToTarget(*run, stats.targets.front(), options.axis);
                    times.push_back(hit ? *hit : runLength(*run, options.axis));
                    successes.push_back(hit.has_value());
                    finals.push_back(run->bestCost);
                }
            cell.runs = static_cast<int>(times.size());
            cell.successes = static_cast<int>(std::count(successes.begin(), successes.end(), true));
            cell.successRate = static_cast<double>(cell.successes) / cell.runs;
            cell.successRateInterval = wilsonInterval(cell.successes, cell.runs);
            cell.ert = expectedRunningTime(times, successes);
            cell.medianFinalCost = median(finals);
            grid.cells.push_back(std::move(cell));
        }
        grids.push_back(std::move(grid));
    }
    return grids;
}

}  // namespace

BenchStatistics benchStatistics(const std::vector<BenchRecord>& records, const std::vector<std::string>& configurations,
                                const StatisticsOptions& options) {
    if (records.empty()) throw std::invalid_argument("the bench holds no runs");
    BenchStatistics stats;
    stats.axis = options.axis;
    stats.targets = options.targets.empty() ? defaultTargets(records) : options.targets;
    for (double target : stats.targets)
        if (!(target >= 0)) throw std::invalid_argument("--targets: a target is a cost, 0 or more");
    std::sort(stats.targets.begin(), stats.targets.end());
    stats.targets.erase(std::unique(stats.targets.begin(), stats.targets.end()), stats.targets.end());
    stats.budgets = options.budgets;
    for (double budget : stats.budgets)
        if (!(budget >= 0)) throw std::invalid_argument("--budgets: a budget is 0 or more");

    stats.configurations = configurations;
    for (const auto& record : records)
        if (std::find(stats.configurations.begin(), stats.configurations.end(), record.configuration) ==
            stats.configurations.end())
            stats.configurations.push_back(record.configuration);
    // Configurations without a run (a bench still under way) are left out of every table.
    std::map<std::string, std::map<std::size_t, std::vector<const BenchRecord*>>> byConfiguration;
    std::map<std::size_t, std::string> puzzleIds;
    for (const auto& record : records) {
        byConfiguration[record.configuration][record.puzzleIndex].push_back(&record);
        puzzleIds[record.puzzleIndex] = record.puzzleId;
    }
    std::erase_if(stats.configurations, [&](const std::string& c) { return byConfiguration.count(c) == 0; });
    for (const auto& record : records) stats.maxTime = std::max(stats.maxTime, runLength(record, options.axis));

    const double strictest = stats.targets.front();
    // Each bootstrap its own seed, derived from the options' seed and the row, so rows do not share resamples
    // and a row's interval does not change when another setting is added.
    std::uint64_t rowSeed = options.seed;
    for (const std::string& configuration : stats.configurations) {
        ++rowSeed;
        for (const auto& [puzzle, runs] : byConfiguration[configuration]) {
            SettingPuzzleStatistics row;
            row.configuration = configuration;
            row.puzzleIndex = puzzle;
            row.puzzleId = puzzleIds[puzzle];
            row.runs = static_cast<int>(runs.size());
            std::vector<double> finals;
            for (const BenchRecord* run : runs) finals.push_back(run->bestCost);
            row.meanFinalCost = mean(finals);
            row.medianFinalCost = median(finals);
            for (double target : stats.targets) {
                std::vector<double> times;
                std::vector<bool> successes;
                for (const BenchRecord* run : runs) {
                    const auto hit = timeToTarget(*run, target, options.axis);
                    times.push_back(hit ? *hit : runLength(*run, options.axis));
                    successes.push_back(hit.has_value());
                }
                TargetResult result{target, static_cast<int>(std::count(successes.begin(), successes.end(), true)),
                                    expectedRunningTime(times, successes)};
                if (target == strictest) {
                    row.successes = result.successes;
                    row.successRate = static_cast<double>(result.successes) / row.runs;
                    row.ert = result.ert;
                    const std::uint64_t seed = rowSeed * 1'000'003ULL + puzzle;
                    row.ertInterval = bootstrapErtInterval(times, successes, options.resamples, seed);
                    row.successRateInterval = wilsonInterval(row.successes, row.runs);
                }
                row.targets.push_back(result);
            }
            for (double budget : stats.budgets) {
                std::vector<double> costs;
                for (const BenchRecord* run : runs) costs.push_back(bestCostWithin(*run, budget, options.axis));
                row.meanCostAtBudget.push_back(mean(costs));
                row.medianCostAtBudget.push_back(median(costs));
            }
            stats.rows.push_back(std::move(row));
        }
    }

    stats.sweeps = sweepGrids(stats, byConfiguration, options);

    // ECDF aggregated over targets and puzzles; the AUC over [1, maxTime] as IOHanalyzer's AUC.ECDF.
    const double from = std::min(1.0, stats.maxTime), to = stats.maxTime;
    for (const std::string& configuration : stats.configurations) {
        SettingEcdf ecdf;
        ecdf.configuration = configuration;
        std::vector<double> hits;
        std::size_t triples = 0;
        for (const auto& [puzzle, runs] : byConfiguration[configuration])
            for (const BenchRecord* run : runs)
                for (double target : stats.targets) {
                    ++triples;
                    if (const auto hit = timeToTarget(*run, target, options.axis)) hits.push_back(*hit);
                }
        std::sort(hits.begin(), hits.end());
        double area = 0;
        for (double hit : hits) area += to - std::clamp(hit, from, to);
        ecdf.auc = to > from ? area / ((to - from) * static_cast<double>(triples))
                             : static_cast<double>(hits.size()) / static_cast<double>(triples);
        for (std::size_t i = 0; i < hits.size(); ++i)
            if (i + 1 == hits.size() || hits[i + 1] != hits[i])
                ecdf.points.push_back({hits[i], static_cast<double>(i + 1) / static_cast<double>(triples)});
        stats.ecdfs.push_back(std::move(ecdf));
    }

    // Per puzzle: pairwise Mann–Whitney with Holm within the puzzle and measure, A₁₂, and Kruskal–Wallis.
    for (const auto& [puzzle, id] : puzzleIds) {
        for (const char* measure : {"time_to_target", "final_cost"}) {
            const bool time = std::string(measure) == "time_to_target";
            std::vector<std::string> present;
            std::vector<std::vector<double>> samples;
            for (const std::string& configuration : stats.configurations) {
                const auto found = byConfiguration[configuration].find(puzzle);
                if (found == byConfiguration[configuration].end()) continue;
                std::vector<double> values;
                for (const BenchRecord* run : found->second) {
                    if (time) {
                        const auto hit = timeToTarget(*run, strictest, options.axis);
                        values.push_back(hit ? *hit : kInfinity);  // unsuccessful runs rank worst
                    } else {
                        values.push_back(run->bestCost);
                    }
                }
                present.push_back(configuration);
                samples.push_back(std::move(values));
            }
            stats.groups.push_back({measure, puzzle, kruskalWallis(samples)});
            const std::size_t first = stats.pairs.size();
            std::vector<double> pValues;
            for (std::size_t a = 0; a < present.size(); ++a)
                for (std::size_t b = a + 1; b < present.size(); ++b) {
                    PairComparison pair;
                    pair.measure = measure;
                    pair.puzzleIndex = puzzle;
                    pair.first = present[a];
                    pair.second = present[b];
                    pair.test = mannWhitneyU(samples[a], samples[b]);
                    pair.a12 = varghaDelaneyA12(samples[a], samples[b]);
                    pValues.push_back(pair.test.pValue);
                    stats.pairs.push_back(std::move(pair));
                }
            const std::vector<double> adjusted = holmAdjust(pValues);
            for (std::size_t i = 0; i < adjusted.size(); ++i) stats.pairs[first + i].pHolm = adjusted[i];
        }
    }

    // Across puzzles: Friedman over the puzzles that every setting ran.
    std::map<std::pair<std::string, std::size_t>, const SettingPuzzleStatistics*> rowOf;
    for (const SettingPuzzleStatistics& row : stats.rows) rowOf[{row.configuration, row.puzzleIndex}] = &row;
    for (const char* measure : {"ert", "median_final_cost"}) {
        AcrossPuzzlesComparison comparison;
        comparison.measure = measure;
        comparison.configurations = stats.configurations;
        std::vector<std::vector<double>> blocks;
        for (const auto& [puzzle, id] : puzzleIds) {
            std::vector<double> block;
            for (const std::string& configuration : stats.configurations)
                if (const auto found = rowOf.find({configuration, puzzle}); found != rowOf.end())
                    block.push_back(std::string(measure) == "ert" ? found->second->ert : found->second->medianFinalCost);
            if (block.size() == stats.configurations.size()) blocks.push_back(std::move(block));
        }
        comparison.puzzles = blocks.size();
        comparison.test = friedmanTest(blocks);
        std::vector<double> pValues;
        for (std::size_t a = 0; a < stats.configurations.size(); ++a)
            for (std::size_t b = a + 1; b < stats.configurations.size(); ++b) {
                std::vector<double> first, second;
                for (const auto& block : blocks) {
                    first.push_back(block[a]);
                    second.push_back(block[b]);
                }
                PairAcrossPuzzles pair{stats.configurations[a], stats.configurations[b],
                                       wilcoxonSignedRank(first, second), 1};
                pValues.push_back(pair.test ? pair.test->pValue : 1);
                comparison.pairs.push_back(std::move(pair));
            }
        const std::vector<double> adjusted = holmAdjust(pValues);
        for (std::size_t i = 0; i < adjusted.size(); ++i) comparison.pairs[i].pHolm = adjusted[i];
        stats.acrossPuzzles.push_back(std::move(comparison));
    }

    // Performance profiles on the ERT, over the same puzzles as Friedman's test.
    std::vector<std::vector<double>> ratios(stats.configurations.size());
    for (const auto& [puzzle, id] : puzzleIds) {
        std::vector<double> erts;
        for (const std::string& configuration : stats.configurations)
            if (const auto found = rowOf.find({configuration, puzzle}); found != rowOf.end())
                erts.push_back(found->second->ert);
        if (erts.size() != stats.configurations.size()) continue;
        ++stats.profilePuzzles;
        const double best = *std::min_element(erts.begin(), erts.end());
        for (std::size_t s = 0; s < erts.size(); ++s)
            ratios[s].push_back(std::isinf(erts[s]) ? erts[s] : best > 0 ? erts[s] / best : 1.0);
    }
    for (std::size_t s = 0; s < stats.configurations.size() && stats.profilePuzzles > 0; ++s) {
        PerformanceProfile profile;
        profile.configuration = stats.configurations[s];
        std::sort(ratios[s].begin(), ratios[s].end());
        const auto share = [&](std::size_t count) { return static_cast<double>(count) / static_cast<double>(stats.profilePuzzles); };
        for (std::size_t i = 0; i < ratios[s].size() && !std::isinf(ratios[s][i]); ++i)
            if (i + 1 == ratios[s].size() || ratios[s][i + 1] != ratios[s][i])
                profile.steps.emplace_back(ratios[s][i], share(i + 1));
        profile.wins = share(static_cast<std::size_t>(std::count(ratios[s].begin(), ratios[s].end(), 1.0)));
        profile.solved = profile.steps.empty() ? 0 : profile.steps.back().second;
        stats.profiles.push_back(std::move(profile));
    }
    return stats;
}

}  // namespace pw
