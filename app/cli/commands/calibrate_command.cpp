#include "calibrate_command.h"

#include "../cli_support.h"

#include "base/parallel.h"
#include "io/csv_table.h"
#include "study/calibration.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace pw::cli {

namespace {

using nlohmann::json;

struct CalibrateOptions {
    std::string humanPath;
    std::string column;
    int folds = 5;
    int runs = 10;
    std::uint64_t seed = 1;
    int jobs = 0;  // 0: every core
    bool asJson = false;
};

// The human file's Sudoku puzzles with a value in the column; a puzzle that does not read is reported with its
// place and left out.
std::vector<pw::CalibrationSample> readSamples(const CalibrateOptions& options, int& rejected) {
    pw::ParseError error;
    const auto table = pw::readCsvTable(options.humanPath, error);
    if (!table) throw UsageError{error.toString()};
    const int puzzleColumn = table->columnContaining("puzzle");
    if (puzzleColumn < 0)
        throw UsageError{options.humanPath + ":1:1: expected a column whose name contains 'puzzle'"};
    const int humanColumn = table->column(options.column);
    if (humanColumn < 0)
        throw UsageError{"--column: '" + options.column + "' is not a column of " + options.humanPath};
    std::vector<pw::CalibrationSample> samples;
    std::vector<pw::SudokuGrid> givens;
    for (std::size_t row = 0; row < table->rows.size(); ++row) {
        const auto value = pw::parseNumber(table->rows[row][humanColumn]);
        if (!value) continue;
        const std::string place = options.humanPath + ":" + std::to_string(table->lineNumbers[row]);
        pw::PuzzleCollection read = pw::parsePuzzles(table->rows[row][puzzleColumn], place);
        if (read.puzzles.size() != 1 || read.puzzles[0].kind() != pw::PuzzleKind::Sudoku) {
            std::cerr << (read.errors.empty() ? place + ": not one Sudoku puzzle" : read.errors.front().toString())
                      << "\n";
            ++rejected;
            continue;
        }
        samples.push_back({pw::puzzleJoinKey(table->rows[row][puzzleColumn]), {}, *value});
        givens.push_back(read.puzzles[0].sudoku().givens);
    }
    std::vector<bool> solvable(samples.size(), true);
    pw::parallelFor(samples.size(), pw::threadCount(options.jobs), [&](std::size_t i) {
        auto trace = pw::traceHumanModel(givens[i], options.runs, options.seed);
        if (trace) samples[i].trace = std::move(*trace);
        else solvable[i] = false;
    });
    std::vector<pw::CalibrationSample> kept;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        if (solvable[i]) kept.push_back(std::move(samples[i]));
        else {
            std::cerr << options.humanPath << ": puzzle " << samples[i].puzzleKey << " has no solution\n";
            ++rejected;
        }
    }
    return kept;
}

json parametersJson(const pw::HumanModelParameters& p) {
    return {{"naked_weight", p.nakedWeight}, {"line_weight", p.lineWeight}, {"scan_exponent", p.scanExponent},
            {"technique_weight", p.techniqueWeight}, {"refutation_weight", p.refutationWeight},
            {"placement_time", p.placementTime}};
}

json correlationJson(const pw::Correlation& c) { return {{"n", c.n}, {"r", c.r}, {"low", c.low}, {"high", c.high}}; }

std::string parametersText(const pw::HumanModelParameters& p) {
    char text[200];
    std::snprintf(text, sizeof text,
                  "naked_weight=%.4g line_weight=%.4g scan_exponent=%.4g technique_weight=%.4g "
                  "refutation_weight=%.4g placement_time=%.4g",
                  p.nakedWeight, p.lineWeight, p.scanExponent, p.techniqueWeight, p.refutationWeight, p.placementTime);
    return text;
}

std::string correlationText(const pw::Correlation& c) {
    char text[96];
    std::snprintf(text, sizeof text, "rho %.3f [%.3f, %.3f], n = %d", c.r, c.low, c.high, c.n);
    return text;
}

int runCalibrate(const CalibrateOptions& options) {
    int rejected = 0;
    const std::vector<pw::CalibrationSample> samples = readSamples(options, rejected);
    pw::Calibration calibration;
    try {
        calibration = pw::calibrateHumanModel(samples, options.folds);
    } catch (const std::invalid_argument& error) {
        throw UsageError{options.humanPath + ": " + error.what()};
    }

    if (options.asJson) {
        json folds = json::array();
        for (const auto& fold : calibration.foldResults)
            folds.push_back({{"fitted", fold.fitted}, {"tested", fold.tested}, {"in_sample", fold.inSample},
                             {"out_of_sample", fold.outOfSample}, {"parameters", parametersJson(fold.parameters)}});
        const json result = {{"human_file", options.humanPath}, {"column", options.column},
                             {"metric", "human-time"}, {"runs", options.runs}, {"seed", options.seed},
                             {"folds", folds}, {"mean_out_of_sample", calibration.meanOutOfSample},
                             {"parameters", parametersJson(calibration.fit.parameters)},
                             {"in_sample", correlationJson(calibration.inSample)},
                             {"held_out", correlationJson(calibration.heldOut)},
                             {"held_out_with_defaults", correlationJson(calibration.defaults)}};
        std::cout << result.dump() << "\n";
        return rejected ? kExitRejected : kExitOk;
    }
    std::printf("human-time against %s of %s: %d puzzles fitted on, %d held out (1 in 5 by puzzle hash); "
                "%d runs from seed %llu; Spearman's rho\n",
                options.column.c_str(), options.humanPath.c_str(), calibration.inSample.n, calibration.heldOut.n,
                options.runs, static_cast<unsigned long long>(options.seed));
    std::printf("%-5s %7s %7s %10s %14s  %s\n", "fold", "fitted", "tested", "in sample", "out of sample",
                "parameters fitted without the fold");
    for (std::size_t f = 0; f < calibration.foldResults.size(); ++f) {
        const auto& fold = calibration.foldResults[f];
        std::printf("%-5zu %7d %7d %10.3f %14.3f  %s\n", f + 1, fold.fitted, fold.tested, fold.inSample,
                    fold.outOfSample, parametersText(fold.parameters).c_str());
    }
    std::printf("cross-validated: out of sample %.3f, the mean over the folds\n", calibration.meanOutOfSample);
    std::printf("fitted on every fitted-on puzzle: %s\n", parametersText(calibration.fit.parameters).c_str());
    std::printf("  in sample:  %s\n", correlationText(calibration.inSample).c_str());
    std::printf("  held out:   %s\n", correlationText(calibration.heldOut).c_str());
    std::printf("  held out with the default parameters: %s\n", correlationText(calibration.defaults).c_str());
    return rejected ? kExitRejected : kExitOk;
}

}  // namespace

void addCalibrateCommand(CLI::App& app, CliContext& context) {
    auto options = std::make_shared<CalibrateOptions>();
    auto* command = app.add_subcommand(
        "calibrate", "Fit the simulated human solver (metric human-time) to a human column: k-fold "
                     "cross-validation and a fixed hold-out part, in-sample and out-of-sample Spearman apart");
    command->add_option("HUMAN", options->humanPath, "A CSV with a puzzle column and human data")->required();
    command->add_option("--column", options->column, "The human column to fit (times, D_TO)")->required();
    command->add_option("--folds", options->folds, "Cross-validation folds (default 5)")->check(CLI::Range(2, 20));
    command->add_option("--runs", options->runs, "Simulated solves of each puzzle (default 10)")
        ->check(CLI::Range(1, 1000));
    command->add_option("--seed", options->seed, "Seed of the simulated solves (default 1)")->check(wholeNumber(0));
    command->add_option("--jobs", options->jobs, "Threads (default: every core)")->check(CLI::Range(1, 1024));
    command->add_flag("--json", options->asJson, "One JSON object");
    context.addCommand(command, [options] { return runCalibrate(*options); });
}

}  // namespace pw::cli
