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
    std::string shard;  // "K/N": only the K-th share of the plan, into DIR/parts/ (study/bench_shards.h)
};

// Also adds `bench merge DIR`, which runs when chosen and ends the program with its exit status (0 merged,
// 1 refused or incomplete).
void addBenchOptions(CLI::App& command, BenchOptions& options);

// Runs what DIR does not hold yet; `progress(done, total)` counts runs, those already in DIR included. Throws
// std::invalid_argument for usage errors (bad algorithm or parameter, no budget, a DIR made by another
// experiment) and std::runtime_error when a file cannot be read or written. Returns true when every run is
// in DIR, false when `interrupted` cut the experiment short.
bool runBenchCommand(const BenchOptions& options, const std::vector<pw::Puzzle>& puzzles,
                     const std::atomic<bool>& interrupted,
                     const std::function<void(std::size_t done, std::size_t total)>& progress);
