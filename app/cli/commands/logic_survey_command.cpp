#include "logic_survey_command.h"

#include "../cli_support.h"

#include "base/text_format.h"

#include "io/csv_table.h"
#include "io/formats.h"
#include "nurikabe/nurikabe_exact.h"
#include "nurikabe/nurikabe_rules.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <optional>
#include <memory>
#include <string>
#include <vector>

namespace pw::cli {

namespace {

struct SurveyOptions {
    int depth = kNurikabeRatingDepth;
    int jobs = 1;
    std::string outPath;
    std::vector<std::string> inputs;
};

struct PuzzleOutcome {
    NurikabeLogicSolve solve;
    bool verified = false;         // the solved grid is the known solution (or the exact solver's only one)
    std::string reference;         // "given" or "exact"
    double milliseconds = 0;       // the logic solve alone
};

// The known solution of `puzzle`: the one its file gives, else the exact solver's when it is the only one.
std::optional<NurikabeGrid> knownSolution(const NurikabePuzzle& puzzle, std::string& reference) {
    if (puzzle.solution) {
        reference = "given";
        return *puzzle.solution;
    }
    reference = "exact";
    NurikabeSolveResult exact = solveNurikabe(puzzle.clues, 2);
    if (exact.solutionCount != 1) return std::nullopt;
    return std::move(exact.firstSolution);
}

PuzzleOutcome survey(const NurikabePuzzle& puzzle, int depth) {
    PuzzleOutcome outcome;
    const auto start = std::chrono::steady_clock::now();
    outcome.solve = solveNurikabeByLogic(puzzle.clues, depth);
    outcome.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    const std::optional<NurikabeGrid> solution = knownSolution(puzzle, outcome.reference);
    outcome.verified = outcome.solve.solved && solution &&
                       outcome.solve.grid.solutionString() == solution->solutionString();
    return outcome;
}

std::string percentOf(int part, int whole) {
    return whole ? formatNumber(100.0 * part / whole, 4) + " %" : std::string("-");
}

int runSurvey(const SurveyOptions& options, const std::atomic<bool>& interrupted) {
    const LoadedInputs loaded = loadInputs(options.inputs);
    reportErrors(loaded.errors);
    std::vector<const Puzzle*> puzzles;
    for (const auto& puzzle : loaded.puzzles)
        if (puzzle.kind() == PuzzleKind::Nurikabe) puzzles.push_back(&puzzle);
    if (puzzles.size() < loaded.puzzles.size())
        std::cerr << "logic-survey: " << loaded.puzzles.size() - puzzles.size()
                  << " Sudoku puzzles left out: the survey is of the Nurikabe rules\n";

    std::string csv = "id,rows,columns,solved,verified,reference,steps,hardest,level,hardest_steps,"
                      "hypothesis_steps,hypothesis_depth,milliseconds\n";
    int solved = 0, verified = 0, rulesAlone = 0, wrong = 0;
    std::map<int, int> byDepth;
    std::map<int, std::vector<std::string>> idsByDepth;
    std::vector<std::string> unsolved;
    std::vector<double> times;
    ProgressBar bar("surveying", puzzles.size());
    parallelInOrder<PuzzleOutcome>(
        puzzles.size(), pw::threadCount(options.jobs),
        [&](std::size_t i) { return survey(puzzles[i]->nurikabe(), options.depth); },
        [&](std::size_t i, PuzzleOutcome& outcome) {
            const Puzzle& puzzle = *puzzles[i];
            const NurikabeLogicSolve& solve = outcome.solve;
            const auto hardest = solve.hardest();
            const int hypotheses = solve.stepsBy[static_cast<std::size_t>(NurikabeTechnique::Hypothesis)];
            solved += solve.solved;
            verified += outcome.verified;
            wrong += solve.solved && !outcome.verified;
            if (solve.solved && solve.deepestHypothesis == 0) ++rulesAlone;
            if (solve.solved && solve.deepestHypothesis > 0) {
                ++byDepth[solve.deepestHypothesis];
                idsByDepth[solve.deepestHypothesis].push_back(puzzle.id);
            }
            if (!solve.solved) unsolved.push_back(puzzle.id);
            times.push_back(outcome.milliseconds);
            const NurikabeGrid& clues = puzzle.nurikabe().clues;
            csv += csvField(puzzle.id) + "," + std::to_string(clues.height()) + "," + std::to_string(clues.width()) +
                   "," + (solve.solved ? "yes" : "no") + "," + (outcome.verified ? "yes" : "no") + "," +
                   outcome.reference + "," + std::to_string(solve.steps) + "," +
                   csvField(hardest ? nurikabeTechniqueName(*hardest) : "") + "," +
                   (solve.solved ? std::to_string(nurikabeRatingOf(solve).level) : std::string()) + "," +
                   (hardest ? std::to_string(solve.stepsBy[static_cast<std::size_t>(*hardest)]) : "0") + "," +
                   std::to_string(hypotheses) + "," + std::to_string(solve.deepestHypothesis) + "," +
                   formatNumber(outcome.milliseconds, 4) + "\n";
            bar.update(i + 1);
            return true;
        },
        &interrupted);
    if (interrupted.load()) throw std::runtime_error("interrupted; nothing written");

    writeResult(options.outPath, csv);
    const int total = static_cast<int>(puzzles.size());
    std::sort(times.begin(), times.end());
    double sum = 0;
    for (double time : times) sum += time;
    std::cerr << "puzzles: " << total << "\n"
              << "solved by the rules alone: " << rulesAlone << " (" << percentOf(rulesAlone, total) << ")\n";
    for (const auto& [depth, count] : byDepth) {
        std::cerr << "solved with hypotheses " << depth << " deep: " << count << " (" << percentOf(count, total)
                  << "):";
        for (const auto& id : idsByDepth[depth]) std::cerr << " " << id;
        std::cerr << "\n";
    }
    std::cerr << "solved in all (hypotheses up to " << options.depth << " deep): " << solved << " ("
              << percentOf(solved, total) << ")\n"
              << "unsolved: " << unsolved.size();
    for (const auto& id : unsolved) std::cerr << " " << id;
    std::cerr << "\n"
              << "verified against the known solution: " << verified << " of " << solved << " solved"
              << (wrong ? " — " + std::to_string(wrong) + " DIFFER" : std::string()) << "\n";
    if (!times.empty())
        std::cerr << "time per puzzle: mean " << formatNumber(sum / total, 4) << " ms, median "
                  << formatNumber(times[times.size() / 2], 4) << " ms, max " << formatNumber(times.back(), 4)
                  << " ms\n";
    return wrong || !loaded.errors.empty() ? kExitRejected : kExitOk;
}

}  // namespace

void addLogicSurveyCommand(CLI::App& app, CliContext& context) {
    auto* command = app.add_subcommand(
        "logic-survey", "Solve Nurikabe puzzles by the named rules of nurikabe-logic, check every result against "
                        "the known solution; CSV per puzzle on standard output, the summary on standard error");
    auto options = std::make_shared<SurveyOptions>();  // owned by the callback, which lives as long as `app`
    command->add_option("--depth", options->depth, "Deepest hypothesis allowed when the rules run out (0: none)")
        ->check(CLI::Range(0, 3));
    command->add_option("--jobs", options->jobs, "Threads (default 1, so the times are not shared; 0: every core)")
        ->check(CLI::Range(0, 1024));
    command->add_option("--out", options->outPath, "Write the CSV here (atomically) instead of standard output");
    command->add_option("INPUT", options->inputs, "Puzzle files, - for standard input, or literal puzzle strings")
        ->required();
    context.addCommand(command, [options, &context] { return runSurvey(*options, context.interrupted()); });
}

}  // namespace pw::cli
