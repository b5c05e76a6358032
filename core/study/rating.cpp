#include "study/rating.h"

#include "base/parallel.h"
#include "io/recording.h"

#include <mutex>

namespace pw {

namespace {

int runsOf(const DifficultyMetric& metric, const RatingOptions& options) {
    return metric.stochastic ? options.runs.value_or(metric.defaultRuns) : 1;
}

}  // namespace

RatingTable ratePuzzles(const std::vector<Puzzle>& puzzles, const std::vector<const DifficultyMetric*>& metrics,
                        const RatingOptions& options,
                        const std::function<void(std::size_t done, std::size_t total)>& progress,
                        const std::atomic<bool>* stop) {
    RatingTable table(puzzles.size(), std::vector<std::optional<double>>(metrics.size()));
    const std::size_t total = puzzles.size() * metrics.size();
    // Pairs are handed out puzzle-major, the expensive metrics of one puzzle spread over the threads.
    std::size_t done = 0;
    std::mutex progressMutex;
    parallelFor(total, options.jobs, [&](std::size_t pair) {
        const std::size_t p = pair / metrics.size();
        const std::size_t m = pair % metrics.size();
        const DifficultyMetric& metric = *metrics[m];
        table[p][m] = metric.compute(puzzles[p], runsOf(metric, options), options.seed);
        std::lock_guard lock(progressMutex);
        ++done;
        if (progress) progress(done, total);
    }, stop);
    return table;
}

std::string ratingSettingsLine(const std::vector<const DifficultyMetric*>& metrics, const RatingOptions& options) {
    std::string runs, ids;
    for (const DifficultyMetric* metric : metrics) {
        runs += (runs.empty() ? "" : ", ") + metric->id + " " + std::to_string(runsOf(*metric, options));
        ids += (ids.empty() ? "" : ",") + metric->id;
    }
    const std::string seed = std::to_string(options.seed);
    return "# puzzle-workbench " + std::string(workbenchVersion()) + " rating; seed " + seed + "; runs: " + runs +
           "; repeat: puzzle-cli rate --metrics " + ids + " --seed " + seed +
           (options.runs ? " --runs " + std::to_string(*options.runs) : std::string()) + "\n";
}

}  // namespace pw
