#include "solve_command.h"

#include "../cli_support.h"

#include "algorithms/exact.h"
#include "algorithms/registry.h"
#include "algorithms/run_configuration.h"
#include "engine/algorithm.h"
#include "engine/runner.h"
#include "io/output.h"
#include "io/recording.h"
#include "io/run_report.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace pw::cli {

namespace {

using nlohmann::json;

struct SolveOptions {
    std::string algorithm;
    std::vector<std::string> parameters;
    std::optional<std::uint64_t> seed;
    std::uint64_t runs = 1;
    std::optional<double> timeLimit;
    std::optional<std::uint64_t> maxSteps;
    std::optional<std::uint64_t> maxEvaluations;
    std::optional<std::uint64_t> stagnationSteps;
    bool asJson = false;
    std::string tracePath;
    std::optional<std::uint64_t> traceEvery;  // unset: every move, samples at the algorithms' usual spacing
    std::optional<std::uint64_t> maxTraceBytes;  // unset: 90% of the space free where the trace goes
    std::string recordPath;
    int jobs = 0;  // 0: every core
    std::vector<std::string> inputs;
};


// Ends a run as soon as its trace has failed (a full disk, --max-trace-bytes): what follows would be lost.
class TraceFailure final : public pw::StopCondition {
public:
    explicit TraceFailure(const pw::OutputFile& trace) : m_trace(trace) {}
    std::optional<pw::StopVerdict> check(const pw::RunProgress&) override {
        if (m_trace.error().empty()) return std::nullopt;
        return pw::StopVerdict{pw::Outcome::Stopped, m_trace.error()};
    }
    std::uint64_t stepsBeforeItCanFire(const pw::RunProgress&) const override { return kPolled; }

private:
    const pw::OutputFile& m_trace;
};

// The default bound of a trace: 90% of the space free in its folder, so that a long run cannot fill the disk.
std::uint64_t defaultTraceBound(const std::string& tracePath) {
    const std::filesystem::path folder = std::filesystem::absolute(tracePath).parent_path();
    std::error_code ec;
    const std::filesystem::space_info space = std::filesystem::space(folder, ec);
    if (ec) return ~std::uint64_t{0};
    return space.available / 10 * 9;
}

// `solve --record FILE`: the run's inputs and budgets, from which the window replays it exactly.
void recordRun(const SolveOptions& options, const pw::Puzzle& puzzle, const std::string& algorithmId,
               const pw::ParameterValues& parameters, std::uint64_t seed, const pw::RunResult& result) {
    const pw::RecordedBudgets budgets{options.maxSteps.value_or(0), options.maxEvaluations.value_or(0),
                                      options.stagnationSteps.value_or(0), options.timeLimit.value_or(0)};
    std::string error;
    if (!pw::saveRecording(options.recordPath,
                           pw::makeRecording(puzzle, algorithmId, parameters, seed, budgets, result), error))
        throw std::runtime_error(error);
}

int runSolve(const SolveOptions& options, const std::atomic<bool>& interrupted) {
    const pw::RunConfiguration configuration = pw::configureRun(options.algorithm, options.parameters, std::nullopt);
    if (!configuration) throw UsageError{configuration.error->message};
    const pw::AlgorithmEntry* entry = configuration.algorithm;
    const pw::ParameterValues& parameters = configuration.parameters;

    // The puzzles come in chunks while the rest are read; the entries that could not be read are reported at
    // the end.
    InputStream input(options.inputs);
    std::vector<pw::Puzzle> puzzles;  // the chunk at work
    bool more = input.next(puzzles);
    if (!options.recordPath.empty()) {
        // A recording keeps one run: every puzzle is read before it, so that more are refused before any run.
        for (std::vector<pw::Puzzle> rest; input.next(rest);)
            for (auto& puzzle : rest) puzzles.push_back(std::move(puzzle));
        if (puzzles.size() != 1 || options.runs != 1) {
            reportErrors(input.errors());
            throw UsageError{"--record keeps one run: give one puzzle and --runs 1"};
        }
    }
    bool rejected = false;

    const std::uint64_t seed = options.seed ? *options.seed : std::random_device{}();
    // A trace is written under a temporary name and renamed into place only when all of it was written.
    std::optional<pw::OutputFile> trace;
    if (!options.tracePath.empty()) {
        trace.emplace(options.tracePath);
        const std::uint64_t bound = options.maxTraceBytes.value_or(defaultTraceBound(options.tracePath));
        trace->limitTo(bound, "the trace grew past " + std::to_string(bound) + " bytes (--max-trace-bytes" +
                                  (options.maxTraceBytes ? "" : ", by default 90% of the free space") +
                                  "); it was not kept");
    }
    const auto traceFailed = [&] { return trace && !trace->error().empty(); };
    std::unique_ptr<pw::JsonLinesSink> traceSink;
    if (trace) {
        // --trace-every N > 1 keeps every N-th move, cost and temperature event of the usual stream (samples every
        // EventSink::kDefaultSampleEvery steps), so traces are no bigger than before decisions existed; without
        // the option every event of that stream is kept. --trace-every 1 asks for everything: a sample and a
        // Decision explaining every step.
        traceSink = std::make_unique<pw::JsonLinesSink>(trace->stream(), options.traceEvery.value_or(1),
                                                        entry->info.costParts);
        if (options.traceEvery == 1u) {
            traceSink->setSampleEvery(1);
            traceSink->setWantsDecisions(true);
        }
    }

    json parameterJson = json::object();
    for (const auto& [key, value] : parameters.all()) parameterJson[key] = pw::parameterValueJson(value);

    std::optional<ProgressTicker> progress(std::in_place, "solve");  // ended before the closing messages
    std::uint64_t runsPlanned = 0;
    std::uint64_t puzzlesRead = 0;
    const auto plan = [&] {
        for (const auto& puzzle : puzzles)
            if (entry->info.supports(puzzle.kind())) runsPlanned += options.runs;
        puzzlesRead += puzzles.size();
        if (progress) progress->setRead(puzzlesRead);
    };
    // The puzzle the output waits on, by its file name and line.
    const auto waitOn = [&](std::size_t index) {
        progress->setWaitingOn(index < puzzles.size() ? std::filesystem::path(puzzles[index].origin).filename().string()
                                                     : std::string());
    };
    std::uint64_t runsDone = 0;
    // Exact Sudoku solving that nobody watches and no budget ends takes the runner-free path: the same result
    // (tests/cli_test.cpp compares the lines), a fraction of the time per puzzle for a batch.
    const bool batchExact = entry->info.id == "exact" && !traceSink && options.recordPath.empty() &&
                            !options.timeLimit && !options.maxSteps && !options.maxEvaluations &&
                            !options.stagnationSteps;
    const int solutionLimit = batchExact ? static_cast<int>(parameters.integer("solution_limit")) : 0;

    // The runs of some puzzles, in order: what they write, how many finished, and whether Ctrl-C cut one short
    // (only finished runs are reported).
    struct PuzzleRuns {
        std::string text;
        std::string refusals;  // puzzles of a kind the algorithm does not solve
        std::uint64_t finished = 0;
        bool cut = false;
    };
    // Adds one puzzle's runs to `out`.
    const auto solvePuzzle = [&](const pw::Puzzle& puzzle, PuzzleRuns& out) {
        if (!entry->info.supports(puzzle.kind())) {
            out.refusals += "puzzle-cli: " + puzzle.origin + ": " + pw::unsupportedKindMessage(entry->info, puzzle.kind()) + "\n";
            return;
        }
        for (std::uint64_t run = 0; run < options.runs; ++run) {
            const std::uint64_t runSeed = seed + run;
            if (traceSink)
                traceSink->writeHeader(json{{"type", "run"},
                                            {"id", puzzle.id},
                                            {"algorithm", entry->info.id},
                                            {"seed", runSeed},
                                            {"run", run},
                                            {"parameters", parameterJson}}
                                           .dump());
            pw::RunResult result;
            if (batchExact && puzzle.kind() == pw::PuzzleKind::Sudoku) {
                std::optional<pw::RunResult> quick = pw::runExactSudoku(puzzle, solutionLimit, interrupted);
                if (quick) result = std::move(*quick);
            } else {
                pw::StopConditions stop;
                if (options.timeLimit) stop.add(pw::timeLimit(*options.timeLimit));
                if (options.maxSteps) stop.add(pw::stepLimit(*options.maxSteps));
                if (options.maxEvaluations) stop.add(pw::evaluationLimit(*options.maxEvaluations));
                if (options.stagnationSteps) stop.add(pw::stagnationLimit(*options.stagnationSteps));
                stop.add(pw::externalStop(interrupted));
                if (trace) stop.add(std::make_unique<TraceFailure>(*trace));
                auto algorithm = entry->create();
                pw::Runner runner(*algorithm, puzzle, parameters, runSeed, traceSink.get(), std::move(stop));
                result = runner.runToEnd();
            }
            if (interrupted || traceFailed()) {
                out.cut = true;
                break;
            }
            ++out.finished;
            if (!options.recordPath.empty()) recordRun(options, puzzle, entry->info.id, parameters, runSeed, result);
            if (options.asJson) {
                pw::appendRunResultJson(out.text, puzzle, entry->info.id, runSeed, run, result);
            } else {
                std::ostringstream text;
                text << puzzle.id << "  run " << run << "  seed " << runSeed << "\n"
                     << pw::boardText(result.finalBoard) << pw::runStatusName(result.outcome) << " (" << result.reason
                     << "); valid: " << (result.valid ? "yes" : "no") << "; steps " << result.counters.steps
                     << ", evaluations " << result.counters.evaluations << ", best cost " << result.bestCost << ", "
                     << result.seconds << " s\n";
                for (const auto& [key, value] : result.results)
                    text << key << ": " << pw::formatParameterValue(value) << "\n";
                text << "\n";
                if (pw::isFalseSolution(result))
                    text << "false solution: the algorithm's cost is 0 but the board breaks the rules\n\n";
                out.text += std::move(text).str();
            }
        }
    };
    // A work item is one puzzle, or 64 of them when each takes microseconds (batch exact solving), so that
    // handing results over costs little beside them.
    const std::size_t perItem = batchExact ? 64 : 1;
    const std::function<PuzzleRuns(std::size_t)> solveItem = [&](std::size_t item) {
        PuzzleRuns out;
        const std::size_t end = std::min(puzzles.size(), (item + 1) * perItem);
        for (std::size_t index = item * perItem; index < end && !out.cut; ++index) solvePuzzle(puzzles[index], out);
        return out;
    };
    ResultOutput output;  // each puzzle's results soon after they are known, many fast ones in large writes
    const std::function<bool(std::size_t, PuzzleRuns&)> write = [&](std::size_t item, PuzzleRuns& runs) {
        if (!runs.refusals.empty()) {
            std::cerr << runs.refusals;
            rejected = true;
        }
        output.write(runs.text);
        runsDone += runs.finished;
        progress->setDone(runsDone);
        waitOn((item + 1) * perItem);
        return !runs.cut;
    };
    // Puzzles run on --jobs threads (every core by default) and their results come in the input's order. A
    // trace is one stream of events and a recording one run, so they keep to one thread.
    const int jobs = traceSink || !options.recordPath.empty() ? 1 : pw::threadCount(options.jobs);
    for (; more && !interrupted && !traceFailed(); more = input.next(puzzles)) {
        plan();
        waitOn(0);
        pw::parallelInOrder((puzzles.size() + perItem - 1) / perItem, jobs, solveItem, write, &interrupted);
    }
    progress.reset();
    if (interrupted) {
        plan();  // the runs not made still count in "N of M runs done"
        while (input.next(puzzles)) plan();
    }
    const std::vector<pw::ParseError> errors = input.errors();
    reportErrors(errors);
    rejected |= !errors.empty();
    output.finish();
    if (trace) trace->commit();
    if (interrupted)
        std::cerr << "puzzle-cli: interrupted: " << runsDone << " of " << runsPlanned << " runs done\n";
    return rejected ? kExitRejected : kExitOk;
}

}  // namespace

void addSolveCommand(CLI::App& app, CliContext& context) {
    auto options = std::make_shared<SolveOptions>();
    auto seed = std::make_shared<std::uint64_t>(0);
    auto* command = app.add_subcommand("solve", "Solve puzzles with an algorithm");
    command->add_option("-a,--algorithm", options->algorithm, "Algorithm id (see `puzzle-cli algorithms`)")
        ->required();
    command->add_option("--param", options->parameters, "An algorithm parameter as KEY=VALUE (repeatable)");
    auto* seedOption = command->add_option("--seed", *seed, "Seed of the first run; run r uses seed + r "
                                                                "(default: random, reported in the output)")
                          ->check(wholeNumber(0));
    command->add_option("--runs", options->runs, "Runs per puzzle")->check(CLI::Range(1, 1000000));
    command->add_option("--time-limit", options->timeLimit, "Wall-clock budget per run, in seconds")
        ->check(positiveNumber());
    command->add_option("--max-steps", options->maxSteps, "Step budget per run")->check(wholeNumber(1));
    command->add_option("--max-evaluations", options->maxEvaluations, "Evaluation budget per run")
        ->check(wholeNumber(1));
    command->add_option("--stagnation", options->stagnationSteps, "Stop after this many steps without a better "
                                                                    "best cost")
        ->check(wholeNumber(1));
    command->add_flag("--json", options->asJson, "One JSON object per run per line");
    auto* traceOption = command->add_option("--trace", options->tracePath, "Write the events as JSON lines here");
    command->add_option("--trace-every", options->traceEvery,
                        "Keep every N-th move, cost and temperature event (cost sampled every 1000 steps); "
                        "1 writes every step: a cost sample and a \"decision\" event explaining it")
        ->check(wholeNumber(1))
        ->needs(traceOption);
    command->add_option("--max-trace-bytes", options->maxTraceBytes,
                        "Largest trace: a run whose trace would grow past it stops, and the command fails with a "
                        "message (default: 90% of the space free in the trace's folder)")
        ->check(wholeNumber(1))
        ->needs(traceOption);
    command->add_option("--record", options->recordPath, "Write a recording of the run here (one puzzle, one run): "
                                                           "the window replays it exactly");
    command->add_option("--jobs", options->jobs, "Threads, each solving one puzzle at a time (default: every core); "
                                                 "the results keep the input's order; --trace and --record use one")
        ->check(CLI::Range(1, 1024));
    command->add_option("INPUT", options->inputs, "Puzzle files, - for standard input, or literal puzzle strings")
        ->required();

    context.addCommand(command, [options, seed, seedOption, &context] {
        if (*seedOption) options->seed = *seed;
        return runSolve(*options, context.interrupted());
    });
}

}  // namespace pw::cli
