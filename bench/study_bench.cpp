// The speed figures the README quotes for the replay timeline, the generator and the exact Nurikabe solver,
// each from a command:
//   Replay/Open       re-running a recorded annealing run and indexing its events (what opening it costs);
//                     counters: events of the run
//   Replay/StateAt    the state at a random point of that run (nearest snapshot plus the events after it);
//                     items_per_second: states per second
//   Generate/Sudoku   generated 9x9 puzzles per second at each difficulty, as `puzzle-cli generate --stats`
//   Generate/Nurikabe generated 7x7 Nurikabe per second
//   NurikabeExact     the exact solver over the first puzzles of the shared janko set, to the proof of
//                     uniqueness (a solution limit of two); items_per_second: puzzles per second
// The replay run is 6,000,000 steps of `sa` on a Sudoku without a solution (the run never ends early). The
// shared data sets are read from PW_SHARED_DATA_DIR when that is set in the environment, else from the folder
// the build was configured with.

#include "algorithms/registry.h"
#include "base/rng.h"
#include "engine/runner.h"
#include "io/formats.h"
#include "io/recording.h"
#include "io/run_timeline.h"
#include "nurikabe/nurikabe_exact.h"
#include "study/generator.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <string>

namespace {

std::string sharedDataDir() {
    const char* fromEnvironment = std::getenv("PW_SHARED_DATA_DIR");
    return fromEnvironment ? fromEnvironment : PW_SHARED_DATA_DIR;
}

// r1c9 can hold nothing: annealing runs its whole step budget.
const char* const kNoSolution =
    "12345678.........9...............................................................";

pw::RunRecording annealingRecording(std::uint64_t steps) {
    pw::Puzzle puzzle = pw::parsePuzzles(kNoSolution, "<bench>").puzzles.at(0);
    const pw::AlgorithmEntry& entry = *pw::findAlgorithm("sa");
    const pw::ParameterValues parameters(entry.info.parameters);
    auto algorithm = entry.create();
    pw::StopConditions stop;
    stop.add(pw::stepLimit(steps));
    const pw::RunResult result = pw::Runner(*algorithm, puzzle, parameters, 1, nullptr, std::move(stop)).runToEnd();
    return pw::makeRecording(puzzle, "sa", parameters, 1, pw::RecordedBudgets{steps, 0, 0, 0}, result);
}

const pw::RunTimeline& timelineOf(std::uint64_t steps) {
    static std::map<std::uint64_t, std::shared_ptr<const pw::RunTimeline>> cache;
    auto& timeline = cache[steps];
    if (!timeline) timeline = pw::RunTimeline::load(annealingRecording(steps)).timeline;
    return *timeline;
}

void replayOpen(benchmark::State& state) {
    const pw::RunRecording recording = annealingRecording(static_cast<std::uint64_t>(state.range(0)));
    std::size_t events = 0;
    for (auto _ : state) {
        const auto timeline = pw::RunTimeline::load(recording).timeline;
        events = timeline->size();
        benchmark::DoNotOptimize(timeline->snapshotCount());
    }
    state.counters["events"] = static_cast<double>(events);
}
BENCHMARK(replayOpen)->Name("Replay/Open")->Arg(6'000'000)->Unit(benchmark::kMillisecond);

void replayStateAt(benchmark::State& state) {
    const pw::RunTimeline& timeline = timelineOf(static_cast<std::uint64_t>(state.range(0)));
    pw::Rng rng(7);
    for (auto _ : state) {
        const std::size_t position = rng.below(static_cast<std::uint32_t>(timeline.size() + 1));
        benchmark::DoNotOptimize(timeline.stateAt(position).at.steps);
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["events"] = static_cast<double>(timeline.size());
}
BENCHMARK(replayStateAt)->Name("Replay/StateAt")->Arg(6'000'000)->Unit(benchmark::kMicrosecond);

void generateSudoku(benchmark::State& state) {
    pw::SudokuGeneratorOptions options;
    options.level = static_cast<pw::SudokuLevel>(state.range(0));
    state.SetLabel(pw::sudokuLevelName(*options.level));
    std::uint64_t seed = 1;
    long attempts = 0;
    for (auto _ : state) {
        const auto generated = pw::generateSudoku(options, seed++);
        attempts += generated ? generated->attempts : 0;
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["candidates_per_puzzle"] = static_cast<double>(attempts) / static_cast<double>(state.iterations());
}
BENCHMARK(generateSudoku)
    ->Name("Generate/Sudoku")
    ->DenseRange(static_cast<int>(pw::SudokuLevel::Singles), static_cast<int>(pw::SudokuLevel::Pairs))
    ->Unit(benchmark::kMillisecond);

void generateNurikabe(benchmark::State& state) {
    const pw::NurikabeGeneratorOptions options;
    std::uint64_t seed = 1;
    for (auto _ : state) benchmark::DoNotOptimize(pw::generateNurikabe(options, seed++));
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(generateNurikabe)->Name("Generate/Nurikabe")->Unit(benchmark::kMillisecond);

void nurikabeExact(benchmark::State& state) {
    const auto collection =
        pw::loadPuzzleFile(sharedDataDir() + "/nurikabe/janko_nurikabe_validated.txt");
    if (!collection.errors.empty() || collection.puzzles.size() < static_cast<std::size_t>(state.range(0))) {
        state.SkipWithError(("cannot read " + sharedDataDir() + "/nurikabe/janko_nurikabe_validated.txt").c_str());
        return;
    }
    const std::vector<pw::Puzzle> puzzles(collection.puzzles.begin(), collection.puzzles.begin() + state.range(0));
    std::uint64_t nodes = 0;
    for (auto _ : state) {
        for (const auto& puzzle : puzzles) {
            const auto result = pw::solveNurikabe(puzzle.nurikabe().clues, 2);
            nodes += result.nodes;
            if (result.solutionCount != 1) state.SkipWithError(("not unique: " + puzzle.id).c_str());
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(puzzles.size()));
    state.counters["nodes_per_puzzle"] =
        static_cast<double>(nodes) / static_cast<double>(state.iterations() * static_cast<std::int64_t>(puzzles.size()));
}
BENCHMARK(nurikabeExact)->Name("NurikabeExact/janko")->Arg(100)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
