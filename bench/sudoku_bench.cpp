// Throughput of the exact Sudoku solver (solve to the first solution, and the uniqueness check with a limit
// of two), of the thesis's brute force, and of Pelánek's logic model (the serate and refutation-sum ratings,
// 30 runs each), on the shared puzzle sets. items_per_second is puzzles per second.

#include "algorithms/registry.h"
#include "engine/algorithm.h"
#include "engine/runner.h"
#include "io/formats.h"
#include "sudoku/logic.h"
#include "sudoku/sudoku_exact.h"

#include <benchmark/benchmark.h>

#include <map>
#include <string>

namespace {

const std::vector<pw::SudokuGrid>& puzzleSet(const std::string& name) {
    static std::map<std::string, std::vector<pw::SudokuGrid>> cache;
    auto it = cache.find(name);
    if (it != cache.end()) return it->second;
    std::vector<pw::SudokuGrid> grids;
    for (const auto& puzzle : pw::loadPuzzleFile(std::string(PW_SHARED_DATA_DIR) + "/sudoku/" + name).puzzles)
        grids.push_back(puzzle.sudoku().givens);
    return cache.emplace(name, std::move(grids)).first->second;
}

void solveSet(benchmark::State& state, const std::string& name, int solutionLimit) {
    const auto& grids = puzzleSet(name);
    if (grids.empty()) {
        state.SkipWithError(("cannot read " + name).c_str());
        return;
    }
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        for (const auto& grid : grids) {
            const auto result = pw::solveSudoku(grid, solutionLimit);
            nodes += result.nodes;
            benchmark::DoNotOptimize(result.solutionCount);
        }
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * grids.size()));
    state.counters["nodes_per_puzzle"] =
        static_cast<double>(nodes) / static_cast<double>(state.iterations() * grids.size());
}

void backtrackingSet(benchmark::State& state, const std::string& name) {
    const auto& grids = puzzleSet(name);
    const pw::AlgorithmEntry* entry = pw::findAlgorithm("backtracking");
    if (grids.empty() || !entry) {
        state.SkipWithError("missing data or algorithm");
        return;
    }
    const pw::ParameterValues parameters(entry->info.parameters);
    std::uint64_t steps = 0;
    std::uint64_t seed = 1;
    for (auto _ : state) {
        for (const auto& grid : grids) {
            pw::Puzzle puzzle{"bench", "bench", pw::SudokuPuzzle{grid, std::nullopt}};
            auto algorithm = entry->create();
            pw::Runner runner(*algorithm, puzzle, parameters, seed++, nullptr, {});
            steps += runner.runToEnd().counters.steps;
        }
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * grids.size()));
    state.counters["steps_per_second"] = benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kIsRate);
}

// One rating (30 runs of the model) per puzzle; the first `limit` puzzles of the set.
void logicRatingSet(benchmark::State& state, const std::string& name, std::size_t limit) {
    const auto& all = puzzleSet(name);
    if (all.empty()) {
        state.SkipWithError(("cannot read " + name).c_str());
        return;
    }
    const std::vector<pw::SudokuGrid> grids(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(std::min(limit, all.size())));
    double refutations = 0;
    for (auto _ : state) {
        for (const auto& grid : grids) {
            const auto rating = pw::rateWithLogicModel(grid, 30, 1);
            refutations += rating ? rating->meanRefutations : 0;
            benchmark::DoNotOptimize(rating);
        }
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * grids.size()));
    state.counters["refutation_steps_per_run"] = refutations / static_cast<double>(state.iterations() * grids.size());
}

}  // namespace

BENCHMARK_CAPTURE(solveSet, Exact_17clue, std::string("17clue_first1000.txt"), 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(solveSet, Exact_top95, std::string("top95.txt"), 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(solveSet, Exact_magictour1465, std::string("magictour_top1465.txt"), 1)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(solveSet, Unique_17clue, std::string("17clue_first1000.txt"), 2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(solveSet, Unique_top95, std::string("top95.txt"), 2)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(backtrackingSet, Backtracking_17clue, std::string("17clue_first1000.txt"))->Unit(benchmark::kMillisecond);

BENCHMARK_CAPTURE(logicRatingSet, LogicRating_top95, std::string("top95.txt"), 95)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(logicRatingSet, LogicRating_17clue, std::string("17clue_first1000.txt"), 200)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
