#include "correlate_command.h"

#include "../cli_support.h"

#include "base/statistics.h"
#include "io/csv_table.h"
#include "study/calibration.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pw::cli {

namespace {

using nlohmann::json;

struct CorrelateOptions {
    std::string ratingsPath;
    std::string humanPath;
    std::string column;
    bool logScale = false;
    bool heldOutApart = false;
    bool asJson = false;
};

// The parts of the puzzles reported: all, or those calibration fits on and those it holds out apart.
enum class Part { All, FittedOn, HeldOut };
const char* partName(Part part) {
    switch (part) {
    case Part::All: return "all";
    case Part::FittedOn: return "fitted_on";
    case Part::HeldOut: return "held_out";
    }
    return "";
}
bool inPart(Part part, const std::string& puzzleKey) {
    return part == Part::All || (part == Part::HeldOut) == pw::isHeldOut(puzzleKey);
}

pw::CsvTable readTable(const std::string& path) {
    pw::ParseError error;
    auto table = pw::readCsvTable(path, error);
    if (!table) throw UsageError{error.toString()};
    return *table;
}

std::string columnList(const pw::CsvTable& table) {
    std::string names;
    for (const auto& name : table.header) names += (names.empty() ? "" : ", ") + name;
    return names;
}

int runCorrelate(const CorrelateOptions& options) {
    const pw::CsvTable ratings = readTable(options.ratingsPath);
    const pw::CsvTable human = readTable(options.humanPath);
    const int ratingsPuzzle = ratings.column("puzzle");
    if (ratingsPuzzle < 0)
        throw UsageError{options.ratingsPath + ":1:1: expected a 'puzzle' column (as `puzzle-cli rate` writes); found " +
                         columnList(ratings)};
    const int humanPuzzle = human.columnContaining("puzzle");
    if (humanPuzzle < 0)
        throw UsageError{options.humanPath + ":1:1: expected a column whose name contains 'puzzle'; found " +
                         columnList(human)};
    const int humanColumn = human.column(options.column);
    if (humanColumn < 0)
        throw UsageError{"--column: '" + options.column + "' is not a column of " + options.humanPath +
                         "; its columns: " + columnList(human)};

    std::map<std::string, double> humanValue;
    for (const auto& row : human.rows)
        if (const auto value = pw::parseNumber(row[humanColumn])) humanValue[pw::puzzleJoinKey(row[humanPuzzle])] = *value;
    auto transformed = [&](double value) { return options.logScale ? std::log1p(value) : value; };

    struct MetricCorrelation {
        std::string metric;
        std::optional<pw::Correlation> pearson;
        std::optional<pw::Correlation> spearman;
    };
    auto correlatePart = [&](Part part) {
        std::vector<MetricCorrelation> results;
        for (std::size_t column = 0; column < ratings.header.size(); ++column) {
            if (static_cast<int>(column) == ratingsPuzzle || ratings.header[column] == "id") continue;
            std::vector<double> x, y;
            for (const auto& row : ratings.rows) {
                const std::string key = pw::puzzleJoinKey(row[ratingsPuzzle]);
                const auto found = humanValue.find(key);
                const auto value = pw::parseNumber(row[column]);
                if (found == humanValue.end() || !value || !inPart(part, key)) continue;
                if (options.logScale && (*value <= -1 || found->second <= -1)) continue;
                x.push_back(transformed(*value));
                y.push_back(transformed(found->second));
            }
            results.push_back({ratings.header[column], pw::pearson(x, y), pw::spearman(x, y)});
        }
        return results;
    };
    int matched = 0;
    for (const auto& row : ratings.rows) matched += humanValue.count(pw::puzzleJoinKey(row[ratingsPuzzle])) > 0;
    const std::vector<Part> parts =
        options.heldOutApart ? std::vector<Part>{Part::FittedOn, Part::HeldOut} : std::vector<Part>{Part::All};

    if (options.asJson) {
        for (const Part part : parts)
            for (const auto& result : correlatePart(part)) {
                json line = {{"metric", result.metric}, {"human_column", options.column}, {"log", options.logScale},
                             {"part", partName(part)}};
                auto put = [&](const char* name, const std::optional<pw::Correlation>& c) {
                    if (c) line[name] = {{"n", c->n}, {"r", c->r}, {"low", c->low}, {"high", c->high}};
                    else line[name] = nullptr;
                };
                put("pearson", result.pearson);
                put("spearman", result.spearman);
                std::cout << line.dump() << "\n";
            }
        return kExitOk;
    }
    std::printf("human column %s%s: %d of %zu rated puzzles matched\n", options.column.c_str(),
                options.logScale ? " (log scale: ln(1+x) of both)" : "", matched, ratings.rows.size());
    for (const Part part : parts) {
        if (part == Part::FittedOn)
            std::printf("\nin sample: the puzzles `puzzle-cli calibrate` fits on\n");
        else if (part == Part::HeldOut)
            std::printf("\nout of sample: the puzzles it holds out (1 in 5 by puzzle hash)\n");
        std::printf("%-26s %6s  %8s  %-17s  %8s  %-17s\n", "metric", "n", "pearson", "95% CI", "spearman", "95% CI");
        for (const auto& result : correlatePart(part)) {
            auto cell = [](const std::optional<pw::Correlation>& c, char* r, char* ci) {
                if (!c) {
                    std::snprintf(r, 16, "-");
                    std::snprintf(ci, 32, "-");
                    return;
                }
                std::snprintf(r, 16, "%.3f", c->r);
                std::snprintf(ci, 32, "[%.3f, %.3f]", c->low, c->high);
            };
            char pr[16], pci[32], sr[16], sci[32];
            cell(result.pearson, pr, pci);
            cell(result.spearman, sr, sci);
            const int n = result.pearson ? result.pearson->n : 0;
            std::printf("%-26s %6d  %8s  %-17s  %8s  %-17s\n", result.metric.c_str(), n, pr, pci, sr, sci);
        }
    }
    return kExitOk;
}

}  // namespace

void addCorrelateCommand(CLI::App& app, CliContext& context) {
    auto options = std::make_shared<CorrelateOptions>();
    auto* command = app.add_subcommand("correlate", "Pearson and Spearman correlation of ratings with a "
                                                             "human column, with 95% confidence intervals");
    command->add_option("RATINGS", options->ratingsPath, "A CSV written by `puzzle-cli rate`")->required();
    command->add_option("HUMAN", options->humanPath, "A CSV with a puzzle column and human data")->required();
    command->add_option("--column", options->column, "The human column to correlate with")->required();
    command->add_flag("--log", options->logScale, "Correlate ln(1+x) of both (solving times are skewed)");
    command->add_flag("--held-out", options->heldOutApart,
                      "Report the puzzles `calibrate` fits on (in sample) and those it holds out (out of sample) "
                      "apart");
    command->add_flag("--json", options->asJson, "One JSON object per metric per line (and part)");
    context.addCommand(command, [options] { return runCorrelate(*options); });
}

}  // namespace pw::cli
