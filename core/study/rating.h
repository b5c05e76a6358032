#pragma once
// Rating many puzzles with many difficulty metrics on a pool of threads: the engine behind `puzzle-cli rate`
// and the window's Difficulty view.

#include "study/difficulty_metrics.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace pw {

struct RatingOptions {
    std::optional<int> runs;  // every stochastic metric's run count; empty: each metric's own default
    std::uint64_t seed = 1;   // every puzzle uses the same seeds, so a value depends on the puzzle, not its position
    int jobs = 1;             // threads
};

// values[p][m]: metric m of puzzle p, empty where the metric is undefined for the puzzle. `progress(done, total)`
// is called after each (puzzle, metric) pair, from the worker threads but never concurrently. When `stop`
// becomes true the pairs not yet started are skipped (their values stay empty).
using RatingTable = std::vector<std::vector<std::optional<double>>>;
RatingTable ratePuzzles(const std::vector<Puzzle>& puzzles, const std::vector<const DifficultyMetric*>& metrics,
                        const RatingOptions& options,
                        const std::function<void(std::size_t done, std::size_t total)>& progress = {},
                        const std::atomic<bool>* stop = nullptr);

// What repeats a rating, as the comment line that opens every ratings CSV the CLI and the lab write (the CSV
// reader skips lines that start with '#'): the version, the seed, each metric's runs and the command:
// "# puzzle-workbench 0.1.0 rating; seed 1; runs: human-time 30, givens 1; repeat: puzzle-cli rate --metrics
// human-time,givens --seed 1". A metric's definition is part of the version.
std::string ratingSettingsLine(const std::vector<const DifficultyMetric*>& metrics, const RatingOptions& options);

}  // namespace pw
