#include "study/rating.h"

#include "base/parallel.h"

#include <mutex>

namespace pw {

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
        const int runs = metric.stochastic ? options.runs.value_or(metric.defaultRuns) : 1;
        table[p][m] = metric.compute(puzzles[p], runs, options.seed);
        std::lock_guard lock(progressMutex);
        ++done;
        if (progress) progress(done, total);
    }, stop);
    return table;
}

}  // namespace pw
