#pragma once
// `puzzle-cli bench`: algorithms x settings x puzzles x runs on a pool of threads, written to DIR/runs.jsonl as
// the runs finish and summarised in DIR/summary.csv; the same command on the same DIR resumes.

#include "puzzle/puzzle.h"

#include <CLI/CLI.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

struct BenchOptions {
    std::string algorithms;
    std::vector<std::string> parameters;
    std::uint64_t runs = 10;
    std::uint64_t seed = 1;
    std::optional<double> timeLimit;
    std::optional<std::uint64_t> maxSteps;
    std::optional<std::uint64_t> maxEvaluations;
    int jobs = 0;  // 0: every core
    std::string outDir;
    std::vector<std::string> inputs;
};

void addBenchOptions(CLI::App& command, BenchOptions& options);

// Runs what DIR does not hold yet; `progress(done, total)` counts runs, those already in DIR included. Throws
// std::invalid_argument for usage errors (bad algorithm or parameter, no budget, a DIR made by another
// experiment) and std::runtime_error when a file cannot be read or written. Returns true when every run is
// in DIR, false when `interrupted` cut the experiment short.
bool runBenchCommand(const BenchOptions& options, const std::vector<pw::Puzzle>& puzzles,
                     const std::atomic<bool>& interrupted,
                     const std::function<void(std::size_t done, std::size_t total)>& progress);
