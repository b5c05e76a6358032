#include "bench_command.h"

#include "../cli_support.h"

#include "algorithms/registry.h"
#include "engine/algorithm.h"
#include "io/formats.h"
#include "io/output.h"
#include "study/bench.h"
#include "study/bench_shards.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pw::cli {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Creates DIR with the plan's config.json, or checks that the config.json there is this plan's.
void prepareDirectory(const std::string& dir, const json& plan) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw std::runtime_error("cannot create '" + dir + "': " + ec.message());
    const fs::path configPath = fs::path(dir) / "config.json";
    if (fs::exists(configPath)) {
        std::ifstream in(configPath);
        const json stored = json::parse(in, nullptr, false);
        if (stored.is_discarded())
            throw std::invalid_argument(configPath.string() + ": not JSON; not a directory of puzzle-cli bench");
        if (const auto difference = pw::benchPlanDifference(stored, plan))
            throw std::invalid_argument("--out " + dir + " holds another experiment (" + *difference +
                                        "); resume it with its own command, add --extend when this command only adds runs, settings or "
                                        "puzzles to it, or choose another --out");
        return;
    }
    if (fs::exists(fs::path(dir) / "runs.jsonl"))
        throw std::invalid_argument("--out " + dir + " holds runs.jsonl without config.json; choose another --out");
    std::string error;
    if (!pw::writeFileAtomically(configPath.string(), plan.dump(2) + "\n", error))
        throw std::runtime_error(error);
}

void writeSummary(const std::string& dir, const pw::BenchPlan& plan, const pw::BenchLog& log) {
    std::vector<pw::BenchRecord> records;
    for (const auto& line : log.lines()) records.push_back(pw::benchRecordFromJson(line));
    std::vector<std::string> labels;
    for (const auto& configuration : plan.configurations) labels.push_back(configuration.label);
    // summary.csv: Soto's Table 1 and Pillay's Tables 2-3; details.csv: Chel's averages; generations.csv:
    // Pillay's Tables 4-5.
    const std::pair<const char*, std::string> files[] = {
        {"summary.csv", pw::benchSummaryCsv(pw::summarizeBench(records, labels))},
        {"details.csv", pw::benchDetailsCsv(records, labels)},
        {"generations.csv", pw::benchGenerationsCsv(records, labels)}};
    for (const auto& [name, text] : files) {
        const std::string path = (fs::path(dir) / name).string();
        std::string error;
        if (!pw::writeFileAtomically(path, text, error)) throw std::runtime_error(error);
    }
}

struct BenchOptions {
    std::string algorithms;
    std::vector<std::string> parameters;
    std::vector<std::string> sweeps;
    std::uint64_t runs = 10;
    std::optional<std::uint64_t> untilSuccesses;
    std::uint64_t seed = 1;
    std::optional<double> timeLimit;
    std::optional<std::uint64_t> maxSteps;
    std::optional<std::uint64_t> maxEvaluations;
    int jobs = 0;  // 0: every core
    std::string outDir;
    std::vector<std::string> inputs;
    std::string shard;  // "K/N": only the K-th share of the plan, into DIR/parts/ (study/bench_shards.h)
    bool repair = false;
    bool extend = false;
};

void addBenchOptions(CLI::App& command, BenchOptions& options) {
    command.add_option("-a,--algorithms", options.algorithms,
                       "Comma-separated algorithm ids; an id named twice is a second setting, labelled ID#2")
        ->required();
    command.add_option("--param", options.parameters,
                       "ID.KEY=VALUE for every setting of algorithm ID, ID#N.KEY=VALUE for its N-th (repeatable)");
    command.add_option("--sweep", options.sweeps,
                       "ID.KEY=V1,V2,...: one setting per value for every setting of ID (or ID#N); several make "
                       "the full grid, labelled 'ID KEY=V ...' (repeatable)");
    command.add_option("--runs", options.runs, "Runs per setting and puzzle (default 10)")
        ->check(CLI::Range(std::uint64_t{1}, pw::kMaxBenchRuns));
    command.add_option("--until-successes", options.untilSuccesses,
                       "K: tries on each setting and puzzle until K have solved it, --runs being the most tries "
                       "(Soto et al.'s Table 1)")
        ->check(CLI::Range(std::uint64_t{1}, pw::kMaxBenchRuns));
    command.add_option("--seed", options.seed, "Seed of run 0; run r uses seed + r (default 1)")
        ->check(wholeNumber(0));
    command.add_option("--time-limit", options.timeLimit, "Wall-clock budget per run, in seconds")
        ->check(positiveNumber());
    command.add_option("--max-steps", options.maxSteps, "Step budget per run")->check(wholeNumber(1));
    command.add_option("--max-evaluations", options.maxEvaluations, "Evaluation budget per run")
        ->check(wholeNumber(1));
    command.add_option("--jobs", options.jobs, "Threads (default: every core)")->check(CLI::Range(1, 1024));
    command.add_option("--out", options.outDir, "Directory for config.json, runs.jsonl and summary.csv; "
                                                "the same command on it again resumes")
        ->required();
    // INPUT is checked by runBenchCommand, not by CLI11: a required positional would swallow `merge`.
    command.add_option("INPUT", options.inputs, "Puzzle files, - for standard input, or literal puzzle strings "
                                                "(required)");
    command.add_option("--shard", options.shard, "K/N: run only the K-th of N fixed shares of the plan, into "
                                                 "DIR/parts/ (then `bench merge DIR`)")
        ->check(notEmpty());
    command.add_flag("--repair", options.repair,
                     "Before resuming, take out of DIR's runs files the lines that are not runs of this bench (a run "
                     "counted twice, a run of another plan), naming each; they are kept in FILE.dropped");
    command.add_flag("--extend", options.extend,
                     "--out DIR holds a bench this command extends with more runs, settings or puzzles (after "
                     "its own): keep its runs and make only the new ones");
}

// `bench merge DIR`: the parts of a sharded bench into DIR/runs.jsonl and DIR/summary.csv. The bench's own
// required options do not apply to it.
void addBenchMergeCommand(CLI::App& bench, CliContext& context) {
    struct MergeOptions {
        std::string dir;
        bool allowMissing = false;
        bool repair = false;
    };
    auto merge = std::make_shared<MergeOptions>();
    auto* command = bench.add_subcommand("merge", "Merge the parts of a sharded bench (--shard K/N) into "
                                                  "DIR/runs.jsonl and DIR/summary.csv");
    command->add_option("DIR", merge->dir, "The bench directory the shards wrote to")->required();
    command->add_flag("--allow-missing", merge->allowMissing, "Merge although some runs are in no part yet");
    command->add_flag("--repair", merge->repair,
                      "First take out of the runs files the lines that are not runs of this bench (a run counted "
                      "twice, a run of another plan), naming each; they are kept in FILE.dropped");
    command->preparse_callback([&bench](std::size_t) {
        for (auto* option : bench.get_options()) option->required(false);
    });
    context.addCommand(command, [merge] {
        try {
            if (merge->repair) repairBenchRuns(merge->dir);
            const pw::BenchMergeResult result = pw::mergeBenchParts(merge->dir, merge->allowMissing);
            std::cerr << "puzzle-cli: merged " << result.parts << " part(s): " << result.runs << " runs in "
                      << merge->dir << "/runs.jsonl";
            if (result.missing) std::cerr << ", " << result.missing << " missing";
            std::cerr << "\n";
            return result.missing ? kExitRejected : kExitOk;
        } catch (const std::exception& e) {
            std::cerr << "puzzle-cli: bench merge: " << e.what() << "\n" << repairHint(e);
            return kExitRejected;
        }
    });
}

// Runs what DIR does not hold yet; `progress(done, total)` counts runs, those already in DIR included. Throws
// std::invalid_argument for usage errors (bad algorithm or parameter, no budget, a DIR made by another
// experiment) and std::runtime_error when a file cannot be read or written. Returns true when every run is
// in DIR, false when `interrupted` cut the experiment short.
bool runBenchCommand(const BenchOptions& options, const std::vector<pw::Puzzle>& puzzles,
                     const std::atomic<bool>& interrupted,
                     const std::function<void(std::size_t done, std::size_t total)>& progress) {
    pw::BenchPlan plan;
    plan.configurations = pw::benchConfigurations(options.algorithms, options.parameters, std::nullopt, "-a", options.sweeps);
    plan.puzzles = puzzles;
    plan.runs = options.runs;
    plan.seed = options.seed;
    plan.budget = {options.timeLimit, options.maxSteps, options.maxEvaluations};
    plan.untilSuccesses = options.untilSuccesses;
    if (plan.untilSuccesses && *plan.untilSuccesses > plan.runs)
        throw std::invalid_argument("--until-successes " + std::to_string(*plan.untilSuccesses) +
                                    " is more than --runs " + std::to_string(plan.runs) + ", the most tries");
    if (plan.untilSuccesses && !options.shard.empty())
        throw std::invalid_argument("--until-successes and --shard: the tries depend on each other's outcome, so "
                                    "they cannot be split into shares");
    if (plan.budget.empty())
        throw std::invalid_argument("bench needs a budget per run: --max-steps, --max-evaluations or --time-limit");
    if (options.inputs.empty()) throw std::invalid_argument("bench: INPUT is required (puzzle files or strings)");
    if (plan.puzzles.empty()) throw std::invalid_argument("no puzzle to run");
    for (const auto& configuration : plan.configurations)
        for (const auto& puzzle : plan.puzzles)
            if (!pw::findAlgorithm(configuration.algorithmId)->info.supports(puzzle.kind()))
                std::cerr << "puzzle-cli: " << puzzle.origin << ": " << configuration.label << " does not solve "
                          << pw::puzzleKindName(puzzle.kind()) << " puzzles; skipped\n";

    const json planJson = pw::benchPlanJson(plan);
    if (options.extend) {
        if (!options.shard.empty()) throw std::invalid_argument("--extend and --shard: extend the bench, then shard it");
        if (!fs::exists(fs::path(options.outDir) / "config.json"))
            throw std::invalid_argument("--extend: " + options.outDir + " holds no bench (no config.json)");
        if (pw::extendBenchDirectory(options.outDir, plan))
            std::cerr << "puzzle-cli: " << options.outDir << ": the bench now has the plan of this command; its runs "
                      << "are kept\n";
    }
    prepareDirectory(options.outDir, planJson);
    std::optional<pw::BenchShard> shard;
    if (!options.shard.empty()) {
        // A shard's part and the plan it ran; a part left by another plan is refused as config.json is.
        shard = pw::parseBenchShard(options.shard);
        const std::string planPath = pw::benchShardPlanPath(options.outDir, *shard);
        fs::create_directories(fs::path(planPath).parent_path());
        if (fs::exists(planPath)) {
            std::ifstream in(planPath);
            const json stored = json::parse(in, nullptr, false);
            if (const auto difference = stored.is_discarded() ? std::optional<std::string>("not JSON")
                                                              : pw::benchPlanDifference(stored, planJson))
                throw std::invalid_argument(planPath + " holds a part of another plan (" + *difference + ")");
        } else {
            std::string error;
            if (!pw::writeFileAtomically(planPath, planJson.dump(2) + "\n", error))
                throw std::runtime_error(error);
        }
    }
    const std::string logPath = shard ? pw::benchShardRunsPath(options.outDir, *shard)
                                      : (fs::path(options.outDir) / "runs.jsonl").string();
    if (options.repair) repairBenchRuns(options.outDir);
    pw::BenchLog log(logPath, &plan);
    if (log.droppedPartialLine()) std::cerr << "puzzle-cli: " << logPath << ": dropped a partly written last line\n";

    const auto tasks = shard ? pw::benchShardTasks(pw::benchTasks(plan), *shard) : pw::benchTasks(plan);
    std::vector<pw::BenchTask> pending = pw::benchPendingTasks(plan, tasks, log.lines());
    const std::size_t already = log.lines().size();
    if (already && !pending.empty())
        std::cerr << "puzzle-cli: resuming: " << already << " of " << tasks.size() << " runs already done\n";

    const int jobs = pw::threadCount(options.jobs);
    std::size_t done = already;
    progress(done, tasks.size());
    const auto started = std::chrono::steady_clock::now();
    std::size_t made = 0;
    // One wave without --until-successes; with it, a wave per round of tries still needed.
    while (!pending.empty() && !interrupted.load()) {
        pw::runBench(plan, pending, jobs, [&](json& line) {
            log.append(std::move(line));
            ++made;
            progress(++done, tasks.size());
        }, &interrupted);
        pending = plan.untilSuccesses ? pw::benchPendingTasks(plan, tasks, log.lines()) : std::vector<pw::BenchTask>{};
    }
    if (plan.untilSuccesses && !interrupted.load()) progress(tasks.size(), tasks.size());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (!shard) writeSummary(options.outDir, plan, log);  // a shard's summary is the merge's
    // Said once the summary is written: a message before a failing write would announce work that did not happen.
    if (already && made == 0 && !interrupted.load())
        std::cerr << "puzzle-cli: " << logPath << " already holds every run of "
                  << (shard ? "shard " + options.shard : "the plan") << " (" << already << ")"
                  << (shard ? "" : "; summary.csv rewritten") << "\n";
    std::fprintf(stderr, "puzzle-cli: %zu runs made in %.2f s on %d thread(s): %.2f runs/s\n", made, seconds, jobs,
                     seconds > 0 ? static_cast<double>(made) / seconds : 0.0);
    if (interrupted.load() && (plan.untilSuccesses ? !pw::benchPendingTasks(plan, tasks, log.lines()).empty()
                                                   : done < tasks.size())) {
        std::cerr << "puzzle-cli: interrupted: " << done << " of " << tasks.size()
                  << " runs are in " << options.outDir << "; the same command resumes\n";
        return false;
    }
    return true;
}

int runBench(const BenchOptions& options, const std::atomic<bool>& interrupted) {
    const LoadedInputs loaded = loadInputs(options.inputs);
    reportErrors(loaded.errors);
    std::optional<ProgressBar> bar;
    bool complete = false;
    try {
        complete = runBenchCommand(options, loaded.puzzles, interrupted, [&bar](std::size_t done, std::size_t total) {
            if (!bar) bar.emplace("bench", total);
            bar->update(done);
        });
    } catch (const std::invalid_argument& e) {
        throw UsageError{e.what()};
    }
    return complete && loaded.errors.empty() ? kExitOk : kExitRejected;
}

}  // namespace

void addBenchCommand(CLI::App& app, CliContext& context) {
    auto options = std::make_shared<BenchOptions>();
    auto* command = app.add_subcommand("bench", "Run algorithms x settings x puzzles x runs on every core into "
                                                "a directory (resumable), with a summary table");
    addBenchOptions(*command, *options);
    addBenchMergeCommand(*command, context);  // registered first: `bench merge` also marks `bench` parsed
    context.addCommand(command, [options, &context] { return runBench(*options, context.interrupted()); });
}

}  // namespace pw::cli
