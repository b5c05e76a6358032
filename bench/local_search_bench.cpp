// Throughput of the local-search algorithms on 9x9 puzzles: simulated annealing proposals per second,
// harmony-search improvisations per second, tabu-search moves per second and cuckoo-search iterations per
// second (items_per_second; a cuckoo iteration is one egg and the abandonment with the default parameters, a
// tabu move scans the whole swap neighbourhood), programs of Pillay's moves evaluated per second, measured three ways for `sa`:
//   Raw       — step() called in a loop, no sink: the algorithm alone;
//   Runner    — through Runner::advance with a step budget only;
//   RunnerCli — through Runner::advance with the stop conditions puzzle-cli installs for
//               `solve --time-limit` (time limit, external stop flag) plus a step budget; also for harmony,
//               tabu and gp (the Runner's share of their steps);
//   Watched   — step() with a sink that discards every event: the price of the event stream.
// A run that solves its puzzle is restarted with the next seed, so every figure is a steady rate.
//
//   ./build/bench/local_search_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true

#include "algorithms/registry.h"
#include "engine/algorithm.h"
#include "engine/runner.h"
#include "sudoku/heuristic_moves.h"

#include <benchmark/benchmark.h>

#include <atomic>
#include <string>

namespace {

const char* const kAiEscargot =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
const char* const kTop95First =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

pw::Puzzle puzzleOf(const std::string& line) {
    pw::SudokuGrid grid;
    for (int cell = 0; cell < 81; ++cell)
        grid.setValue(cell, pw::digitValue(line[cell], 9));
    return pw::Puzzle{"bench", "bench", pw::SudokuPuzzle{grid, std::nullopt}};
}

class DiscardingSink : public pw::EventSink {
public:
    void receive(const pw::Event& event) override { benchmark::DoNotOptimize(&event); }
};

void rawSteps(benchmark::State& state, const std::string& id, const std::string& line, pw::EventSink* sink) {
    const pw::AlgorithmEntry* entry = pw::findAlgorithm(id);
    if (!entry) {
        state.SkipWithError(("no algorithm " + id).c_str());
        return;
    }
    const pw::Puzzle puzzle = puzzleOf(line);
    const pw::ParameterValues parameters(entry->info.parameters);
    auto algorithm = entry->create();
    std::uint64_t seed = 1;
    algorithm->start(puzzle, parameters, seed, sink);
    std::uint64_t steps = 0;
    std::uint64_t solved = 0;
    for (auto _ : state) {
        for (int i = 0; i < 1024; ++i) {
            if (algorithm->step() != pw::StepStatus::Running) {
                steps += algorithm->counters().steps;
                ++solved;
                algorithm->start(puzzle, parameters, ++seed, sink);
            }
        }
    }
    steps += algorithm->counters().steps;
    state.SetItemsProcessed(static_cast<std::int64_t>(steps));
    state.counters["runs_ended"] = static_cast<double>(solved);
}

// Runs of at most `budget` steps through the Runner, each with the next seed (a run that solves ends early).
void runnerSteps(benchmark::State& state, const std::string& id, const std::string& line, bool cliConditions,
                 std::uint64_t budget) {
    const pw::AlgorithmEntry* entry = pw::findAlgorithm(id);
    const pw::Puzzle puzzle = puzzleOf(line);
    const pw::ParameterValues parameters(entry->info.parameters);
    std::atomic<bool> stopFlag{false};
    std::uint64_t steps = 0;
    std::uint64_t seed = 1;
    for (auto _ : state) {
        auto algorithm = entry->create();
        pw::StopConditions stop;
        if (cliConditions) {
            stop.add(pw::timeLimit(1000));
            stop.add(pw::externalStop(stopFlag));
        }
        stop.add(pw::stepLimit(budget));
        pw::Runner runner(*algorithm, puzzle, parameters, seed++, nullptr, std::move(stop));
        steps += runner.runToEnd().counters.steps;
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(steps));
}

DiscardingSink g_discard;

}  // namespace

// Wall-clock rates: on a shared machine CPU time hides the time the process waited.
BENCHMARK_CAPTURE(rawSteps, SaRaw_escargot, std::string("sa"), std::string(kAiEscargot), nullptr)
    ->UseRealTime();
BENCHMARK_CAPTURE(rawSteps, SaRaw_top95_1, std::string("sa"), std::string(kTop95First), nullptr)
    ->UseRealTime();
BENCHMARK_CAPTURE(runnerSteps, SaRunner_escargot, std::string("sa"), std::string(kAiEscargot), false, 1'000'000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(runnerSteps, SaRunnerCli_escargot, std::string("sa"), std::string(kAiEscargot), true, 1'000'000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(runnerSteps, HarmonyRunnerCli_escargot, std::string("harmony"), std::string(kAiEscargot), true,
                  100'000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(runnerSteps, TabuRunnerCli_escargot, std::string("tabu"), std::string(kAiEscargot), true, 20'000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(runnerSteps, GpRunnerCli_escargot, std::string("gp"), std::string(kAiEscargot), true, 5)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(rawSteps, SaWatched_escargot, std::string("sa"), std::string(kAiEscargot), &g_discard)
    ->UseRealTime();
BENCHMARK_CAPTURE(rawSteps, HarmonyRaw_escargot, std::string("harmony"), std::string(kAiEscargot), nullptr)
    ->UseRealTime();

BENCHMARK_CAPTURE(rawSteps, TabuRaw_escargot, std::string("tabu"), std::string(kAiEscargot), nullptr)
    ->UseRealTime();
BENCHMARK_CAPTURE(rawSteps, TabuRaw_top95_1, std::string("tabu"), std::string(kTop95First), nullptr)
    ->UseRealTime();
BENCHMARK_CAPTURE(rawSteps, CuckooRaw_escargot, std::string("cuckoo"), std::string(kAiEscargot), nullptr)
    ->UseRealTime();
BENCHMARK_CAPTURE(rawSteps, CuckooRaw_top95_1, std::string("cuckoo"), std::string(kTop95First), nullptr)
    ->UseRealTime();
BENCHMARK_CAPTURE(rawSteps, CuckooWatched_escargot, std::string("cuckoo"), std::string(kAiEscargot), &g_discard)
    ->UseRealTime();

// Pillay's programs: random programs of the initial population's lengths (1..50), evaluated on AI Escargot.
// items_per_second is programs evaluated per second.
void programEvaluations(benchmark::State& state) {
    pw::SudokuGrid grid;
    for (int cell = 0; cell < 81; ++cell) grid.setValue(cell, pw::digitValue(kAiEscargot[cell], 9));
    const pw::HeuristicBoard start(grid);
    pw::Rng rng(1);
    std::vector<std::string> programs(1000);
    for (auto& program : programs) {
        program.resize(static_cast<std::size_t>(rng.between(1, 50)));
        for (char& move : program) move = pw::kHeuristicMoves[rng.below(9)];
    }
    std::size_t next = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(pw::evaluateProgram(start, programs[next], rng));
        next = (next + 1) % programs.size();
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(programEvaluations)->Name("GpProgramEvaluations_escargot");

BENCHMARK_MAIN();
