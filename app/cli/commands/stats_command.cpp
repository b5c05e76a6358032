#include "stats_command.h"

#include "../cli_support.h"

#include "study/bench.h"
#include "study/iohprofiler_export.h"
#include "study/run_statistics.h"
#include "study/statistics_report.h"

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace pw::cli {

namespace {

struct StatsOptions {
    std::string dir;
    std::vector<double> targets;
    std::vector<double> budgets;
    std::string axis = "evaluations";
    std::string table = "summary";
    int resamples = 1000;
    std::uint64_t seed = 1;
    bool asJson = false;
    bool asCsv = false;
    bool asLatex = false;
    std::string iohDir;
    bool repair = false;
};

int runStats(const StatsOptions& options) {
    const auto axis = pw::costAxisFromName(options.axis);
    const auto table = pw::statisticsTableFromName(options.table);
    if (!axis || !table) {
        std::cerr << "puzzle-cli: stats: unknown " << (!axis ? "--axis " + options.axis : "--table " + options.table)
                  << "\n";
        return kExitUsage;
    }
    pw::BenchDirectory bench;
    try {
        if (options.repair) repairBenchRuns(options.dir);
        bench = pw::readBenchDirectory(options.dir);
    } catch (const std::exception& e) {
        std::cerr << "puzzle-cli: stats: " << e.what() << "\n" << repairHint(e);
        return kExitRejected;
    }
    try {
        if (!options.iohDir.empty()) {
            const int files = pw::exportIohProfiler(bench, options.iohDir, *axis);
            std::cerr << "puzzle-cli: wrote " << files << " files in IOHprofiler's format to " << options.iohDir << "\n";
        }
        pw::StatisticsOptions statisticsOptions;
        statisticsOptions.targets = options.targets;
        statisticsOptions.budgets = options.budgets;
        statisticsOptions.axis = *axis;
        statisticsOptions.resamples = options.resamples;
        statisticsOptions.seed = options.seed;
        statisticsOptions.settingParameters = pw::settingParametersOf(bench.plan.configurations);
        const pw::BenchStatistics stats = pw::benchStatistics(bench.records, bench.configurations, statisticsOptions);
        if (options.asJson) std::cout << pw::statisticsJson(stats).dump(2) << "\n";
        else if (options.asCsv) std::cout << pw::statisticsCsv(stats, *table);
        else if (options.asLatex) std::cout << pw::statisticsLatex(stats, *table);
        else std::cout << pw::statisticsText(stats);
    } catch (const std::invalid_argument& e) {
        std::cerr << "puzzle-cli: stats " << options.dir << ": " << e.what() << "\n";
        return kExitUsage;
    } catch (const std::exception& e) {
        std::cerr << "puzzle-cli: stats " << options.dir << ": " << e.what() << "\n";
        return kExitRejected;
    }
    return kExitOk;
}

}  // namespace

void addStatsCommand(CLI::App& app, CliContext& context) {
    // Owned by the callback, which lives as long as `app`.
    auto options = std::make_shared<StatsOptions>();
    auto* command = app.add_subcommand(
        "stats", "ERT, ECDF over targets with its area, fixed-budget costs and pairwise rank tests (Holm, A12) of a "
                 "bench directory; IOHprofiler export");
    command->add_option("DIR", options->dir, "A directory written by `puzzle-cli bench`")->required();
    command->add_option("--targets", options->targets,
                        "Cost targets, comma-separated (default: 0 and the powers of two below the largest start "
                        "cost); the smallest is the fixed target of ERT and the tests")
        ->delimiter(',')
        ->check(finiteNumber());
    command->add_option("--budgets", options->budgets, "Budgets on the axis for the fixed-budget best cost, "
                                                       "comma-separated")
        ->delimiter(',')
        ->check(finiteNumber());
    command->add_option("--axis", options->axis, "Cost axis: evaluations (default: the fair one across algorithms), "
                                                 "steps or seconds")
        ->check(CLI::IsMember({"evaluations", "steps", "seconds"}));
    command->add_option("--resamples", options->resamples, "Bootstrap resamples for the 95% intervals (default 1000)")
        ->check(CLI::Range(100, 1000000));
    command->add_option("--seed", options->seed, "Seed of the bootstrap (default 1)")->check(wholeNumber(0));
    command->add_flag("--repair", options->repair,
                      "First take out of DIR's runs files the lines that are not runs of its bench (a run counted "
                      "twice, a run of another plan), naming each; they are kept in FILE.dropped");
    auto* json = command->add_flag("--json", options->asJson, "Everything as one JSON object");
    auto* csv = command->add_flag("--csv", options->asCsv, "One table (--table) as CSV");
    auto* latex = command->add_flag("--latex", options->asLatex, "One table (--table) as a LaTeX booktabs tabular");
    json->excludes(csv)->excludes(latex);
    csv->excludes(latex);
    command->add_option("--table", options->table, "The table of --csv and --latex: summary (default), targets, "
                                                   "budgets, ecdf, pairs, groups, friedman or wilcoxon (the last "
                                                   "two across puzzles), profiles (performance profiles) or sweep "
                                                   "(each setting of a swept algorithm over all its puzzles)")
        ->check(CLI::IsMember({"summary", "targets", "budgets", "ecdf", "pairs", "groups", "friedman", "wilcoxon",
                               "profiles", "sweep"}));
    command->add_option("--ioh", options->iohDir, "Also write the bench in IOHprofiler's format (for IOHanalyzer) "
                                                  "to this directory, running time on --axis (evaluations or steps)");
    context.addCommand(command, [options] { return runStats(*options); });
}

}  // namespace pw::cli
