#include "rate_command.h"

#include "../cli_support.h"

#include "base/text_format.h"

#include "io/csv_table.h"
#include "io/output.h"
#include "io/puzzle_text.h"
#include "study/difficulty_metrics.h"
#include "study/rating.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace pw::cli {

namespace {

struct RateOptions {
    std::string metrics;
    std::optional<int> runs;
    std::uint64_t seed = 1;
    int jobs = 0;  // 0: every core
    std::string outPath;
    std::vector<std::string> inputs;
};

std::vector<const pw::DifficultyMetric*> metricsNamed(const std::string& list) {
    std::vector<const pw::DifficultyMetric*> metrics;
    std::stringstream stream(list);
    for (std::string id; std::getline(stream, id, ',');) {
        if (id.empty()) continue;
        const pw::DifficultyMetric* metric = pw::findDifficultyMetric(id);
        if (!metric) {
            std::string known;
            for (const auto& m : pw::difficultyMetrics()) known += (known.empty() ? "" : ", ") + m.id;
            throw UsageError{"--metrics: unknown metric '" + id + "'; known metrics: " + known};
        }
        metrics.push_back(metric);
    }
    if (metrics.empty()) throw UsageError{"--metrics: name at least one metric"};
    return metrics;
}

std::string formatValue(const std::optional<double>& value) { return value ? pw::formatNumber(*value) : std::string(); }

int runRate(const RateOptions& options, const std::atomic<bool>& interrupted) {
    const auto metrics = metricsNamed(options.metrics);
    const LoadedInputs loaded = loadInputs(options.inputs);
    reportErrors(loaded.errors);
    // A metric rates one kind of puzzle: say so once for each metric given puzzles of the other kind.
    for (const auto* metric : metrics) {
        std::size_t otherKind = 0;
        for (const auto& puzzle : loaded.puzzles) otherKind += puzzle.kind() != metric->kind;
        if (otherKind > 0)
            std::cerr << "rate: metric '" << metric->id << "' rates " << pw::puzzleKindName(metric->kind)
                      << " puzzles only; its column is empty for the " << otherKind << " other puzzle"
                      << (otherKind == 1 ? "" : "s") << "\n";
    }
    pw::RatingOptions rating;
    rating.runs = options.runs;
    rating.seed = options.seed;
    rating.jobs = pw::threadCount(options.jobs);
    ProgressBar bar("rating", loaded.puzzles.size() * metrics.size());
    const pw::RatingTable table = pw::ratePuzzles(loaded.puzzles, metrics, rating,
                                                  [&bar](std::size_t done, std::size_t) { bar.update(done); },
                                                  &interrupted);
    if (interrupted.load()) throw std::runtime_error("interrupted; nothing written");

    std::string csv = pw::ratingSettingsLine(metrics, rating) + "id,puzzle";
    for (const auto* metric : metrics) csv += "," + metric->id;
    csv += "\n";
    for (std::size_t p = 0; p < loaded.puzzles.size(); ++p) {
        csv += pw::csvField(loaded.puzzles[p].id) + "," + pw::csvField(pw::puzzleLine(loaded.puzzles[p]));
        for (const auto& value : table[p]) csv += "," + formatValue(value);
        csv += "\n";
    }
    if (options.outPath.empty()) {
        std::cout << csv;
    } else {
        std::string error;
        if (!pw::writeFileAtomically(options.outPath, csv, error))
            throw std::runtime_error(error);
    }
    return loaded.errors.empty() ? kExitOk : kExitRejected;
}

}  // namespace

void addRateCommand(CLI::App& app, CliContext& context) {
    auto options = std::make_shared<RateOptions>();
    auto* command = app.add_subcommand("rate", "Rate puzzles with difficulty metrics; CSV on standard output");
    std::string metricHelp = "Comma-separated metric ids:";
    for (const auto& metric : pw::difficultyMetrics()) metricHelp += " " + metric.id;
    command->add_option("--metrics", options->metrics, metricHelp)->required();
    command->add_option("--runs", options->runs, "Runs of every stochastic metric (default: each metric's own)")
        ->check(CLI::Range(1, 100000));
    command->add_option("--seed", options->seed, "Seed of run 0; run r uses seed + r (default 1)")
        ->check(wholeNumber(0));
    command->add_option("--jobs", options->jobs, "Threads (default: every core)")->check(CLI::Range(1, 1024));
    command->add_option("--out", options->outPath, "Write the CSV here (atomically) instead of standard output");
    command->add_option("INPUT", options->inputs, "Puzzle files, - for standard input, or literal puzzle strings")
        ->required();
    context.addCommand(command, [options, &context] { return runRate(*options, context.interrupted()); });
}

}  // namespace pw::cli
