#include "rating.h"

#include <algorithm>
#include <mutex>
#include <thread>

namespace pw {

RatingTable ratePuzzles(const std::vector<Puzzle>& puzzles, const std::vector<const DifficultyMetric*>& metrics,
                        const RatingOptions& options,
                        const std::function<void(std::size_t done, std::size_t total)>& progress,
                        const std::atomic<bool>* stop) {
    RatingTable table(puzzles.size(), std::vector<std::optional<double>>(metrics.size()));
    const std::size_t total = puzzles.size() * metrics.size();
    // Pairs are handed out puzzle-major, the expensive metrics of one puzzle spread over the threads.
    std::atomic<std::size_t> next{0};
    std::size_t done = 0;
    std::mutex progressMutex;
    auto work = [&] {
        for (std::size_t pair = next++; pair < total; pair = next++) {
            if (stop && stop->load()) return;
            const std::size_t p = pair / metrics.size();
            const std::size_t m = pair % metrics.size();
            const DifficultyMetric& metric = *metrics[m];
            const int runs = metric.stochastic ? options.runs.value_or(metric.defaultRuns) : 1;
            table[p][m] = metric.compute(puzzles[p], runs, options.seed);
            std::lock_guard lock(progressMutex);
            ++done;
            if (progress) progress(done, total);
        }
    };
    const int threads = std::clamp(options.jobs, 1, static_cast<int>(std::max<std::size_t>(1, total)));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (auto& thread : pool) thread.join();
    return table;
}

}  // namespace pw
