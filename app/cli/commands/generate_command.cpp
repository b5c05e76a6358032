// `puzzle-cli generate`: the options map onto SudokuGeneratorOptions / NurikabeGeneratorOptions one to one.
// Puzzle i of a run uses seed S + i (as `solve` numbers its runs), so one puzzle can be remade alone and a
// longer run starts with the same puzzles. Puzzles are printed as they are made; with --out the text is
// written atomically at the end.

#include "generate_command.h"

#include "../cli_support.h"

#include "base/text_format.h"
#include "io/formats.h"
#include "io/output.h"
#include "study/generator.h"
#include "sudoku/sudoku_exact.h"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <random>
#include <string>

namespace pw::cli {

struct GenerateOptions {
    bool nurikabe = false;
    std::string size;
    int count = 1;
    std::optional<std::uint64_t> seed;
    std::string symmetry = "none";
    std::string difficulty;
    std::optional<double> minSerate;
    std::optional<double> maxSerate;
    int serateRuns = 30;
    bool minimal = false;
    std::optional<int> clues;
    std::optional<int> attempts;
    std::optional<int> maxIsland;
    std::uint64_t nodeLimit = 0;  // 0: the generator's default
    std::string format;
    std::string outPath;
    bool stats = false;
    std::string fromSolution;  // plain random removal from this grid (Chel et al.'s Table 3 protocol)
    bool allowMultiple = false;
};

namespace {

constexpr int kExitFailed = kExitRejected;
constexpr int kDefaultSweepAttempts = 10;  // a clue-count sweep tries this many candidates for a unique one
constexpr int kProgressFrom = 10;          // counts from here get a progress bar

SudokuGeneratorOptions sudokuOptions(const GenerateOptions& options) {
    if (options.maxIsland) throw UsageError{"--max-island: a Nurikabe option (with --nurikabe)"};
    SudokuGeneratorOptions sudoku;
    const std::string size = options.size.empty() ? "9" : options.size;
    int side = 0;
    try {
        std::size_t used = 0;
        side = std::stoi(size, &used);
        if (used != size.size()) side = 0;
    } catch (const std::exception&) {
        side = 0;
    }
    if (!SudokuShape::fromSize(side, sudoku.shape))
        throw UsageError{"--size: '" + size + "' is no Sudoku size; sizes are 4, 6, 9 and 16"};
    sudoku.symmetry = *symmetryFromName(options.symmetry);  // CLI11 checked the name
    if (!options.difficulty.empty()) {
        sudoku.level = sudokuLevelFromName(options.difficulty);
        if (!sudoku.level)
            throw UsageError{"--difficulty: '" + options.difficulty + "' is a Nurikabe level (with --nurikabe); Sudoku "
                             "levels are singles, locked, pairs and search"};
    }
    sudoku.minSerate = options.minSerate;
    sudoku.maxSerate = options.maxSerate;
    sudoku.serateRuns = options.serateRuns;
    sudoku.computeSerate = options.format == "csv";
    sudoku.minimal = options.minimal;
    sudoku.clues = options.clues;
    if (options.attempts) sudoku.maxAttempts = *options.attempts;
    else if (options.clues) sudoku.maxAttempts = kDefaultSweepAttempts;
    if (options.nodeLimit) sudoku.nodeLimit = options.nodeLimit;
    if (const std::string error = validateSudokuGeneratorOptions(sudoku); !error.empty())
        throw UsageError{"--" + error};
    return sudoku;
}

NurikabeGeneratorOptions nurikabeOptions(const GenerateOptions& options) {
    if (options.minSerate || options.maxSerate || options.minimal || options.clues)
        throw UsageError{"--nurikabe: --min-serate, --max-serate, --minimal and --clues are Sudoku options"};
    if (options.format == "csv") throw UsageError{"--format: csv is a Sudoku format; Nurikabe is line or grid"};
    NurikabeGeneratorOptions nurikabe;
    const std::string size = options.size.empty() ? "7x7" : options.size;
    const auto x = size.find('x');
    try {
        std::size_t usedHeight = 0, usedWidth = 0;
        const std::string height = size.substr(0, x), width = x == std::string::npos ? height : size.substr(x + 1);
        nurikabe.height = std::stoi(height, &usedHeight);
        nurikabe.width = std::stoi(width, &usedWidth);
        if (usedHeight != height.size() || usedWidth != width.size()) throw std::invalid_argument(size);
    } catch (const std::exception&) {
        throw UsageError{"--size: '" + size + "' is no Nurikabe size; give HxW (e.g. 7x7) or one side"};
    }
    if (options.maxIsland) nurikabe.maxIsland = *options.maxIsland;
    nurikabe.symmetry = *symmetryFromName(options.symmetry);  // CLI11 checked the name
    if (!options.difficulty.empty()) {
        nurikabe.level = nurikabeLevelFromName(options.difficulty);
        if (!nurikabe.level)
            throw UsageError{"--difficulty: '" + options.difficulty + "' is a Sudoku level; Nurikabe levels are easy, "
                             "medium, hard and expert"};
    }
    if (options.attempts) nurikabe.maxAttempts = *options.attempts;
    if (options.nodeLimit) nurikabe.nodeLimit = options.nodeLimit;
    if (const std::string error = validateNurikabeGeneratorOptions(nurikabe); !error.empty())
        throw UsageError{(error.rfind("height", 0) == 0 || error.rfind("width", 0) == 0 ? "--size: " : "--") + error};
    return nurikabe;
}

// The text of one puzzle in the chosen format; `first` puts the CSV header (or nothing) before it.
std::string sudokuText(const GeneratedSudoku& puzzle, const std::string& id, const std::string& format, bool first) {
    if (format == "grid") return (first ? "" : "\n") + formatSudoku(puzzle.givens, SudokuTextStyle::Grid);
    if (format == "csv") {
        std::string line = first ? "id,puzzle,solution,clues,unique,level,serate,attempts\n" : "";
        std::string givens = formatSudoku(puzzle.givens, SudokuTextStyle::Line);
        std::string solution = formatSudoku(puzzle.solution, SudokuTextStyle::Line);
        givens.pop_back();
        solution.pop_back();
        line += id + "," + givens + "," + solution + "," + std::to_string(puzzle.givens.filledCount()) + "," +
                (puzzle.unique ? "yes" : "no") + "," + sudokuLevelName(puzzle.level) + "," +
                (puzzle.serate ? pw::formatNumber(*puzzle.serate) : "") + "," + std::to_string(puzzle.attempts) + "\n";
        return line;
    }
    std::string line = formatSudoku(puzzle.givens, SudokuTextStyle::Line);
    if (!puzzle.unique) line.insert(line.size() - 1, "  multiple solutions");  // text after the puzzle is ignored
    return line;
}

std::string nurikabeText(const GeneratedNurikabe& puzzle, const std::string& id, const std::string& format, bool first) {
    if (format == "line") return formatNurikabeUrl(puzzle.clues) + "\n";
    return (first ? "" : "\n") + formatNurikabe(puzzle.clues, &puzzle.solution, id);
}

// --from-solution: the grid of the option's text, or a usage error naming what is wrong with it.
SudokuGrid solutionGrid(const std::string& text) {
    const PuzzleCollection parsed = parsePuzzles(text, "--from-solution");
    if (!parsed.errors.empty())
        throw UsageError{"--from-solution: " + parsed.errors.front().message};
    if (parsed.puzzles.size() != 1 || parsed.puzzles.front().kind() != PuzzleKind::Sudoku)
        throw UsageError{"--from-solution: give one complete Sudoku grid (81 digits for 9x9)"};
    return parsed.puzzles.front().sudoku().givens;
}

// Plain random removal: puzzle i keeps --clues cells of the grid, chosen with seed S + i; several solutions
// are allowed (the csv format says which puzzles have one).
int generateFromSolution(const GenerateOptions& options, std::uint64_t seed) {
    if (!options.allowMultiple)
        throw UsageError{"--from-solution: random removal does not keep the solution unique; add --allow-multiple"};
    if (!options.clues) throw UsageError{"--from-solution: --clues N is required"};
    if (options.nurikabe || !options.size.empty() || !options.difficulty.empty() || options.minSerate ||
        options.maxSerate || options.minimal || options.symmetry != "none" || options.attempts || options.maxIsland)
        throw UsageError{"--from-solution: only --clues, --count, --seed, --format and --out go with it"};
    const SudokuGrid solution = solutionGrid(options.fromSolution);
    if (const std::string error = validateRandomRemoval(solution, *options.clues); !error.empty())
        throw UsageError{(error.rfind("solution", 0) == 0 ? "--from-" : "--") + error};
    const std::string format = options.format.empty() ? "line" : options.format;
    std::string text = format == "csv" ? "id,puzzle,solution,clues,unique\n" : "";
    for (int i = 0; i < options.count; ++i) {
        const std::uint64_t puzzleSeed = seed + static_cast<std::uint64_t>(i);
        Rng rng(puzzleSeed);
        const SudokuGrid givens = removeCluesAtRandom(solution, *options.clues, rng);
        std::string line = formatSudoku(givens, format == "grid" ? SudokuTextStyle::Grid : SudokuTextStyle::Line);
        if (format == "grid" && i > 0) line = "\n" + line;
        if (format == "csv") {
            std::string answer = formatSudoku(solution, SudokuTextStyle::Line);
            line.pop_back();
            answer.pop_back();
            const bool unique = solveSudoku(givens, 2).solutionCount == 1;
            line = "seed-" + std::to_string(puzzleSeed) + "," + line + "," + answer + "," +
                   std::to_string(*options.clues) + "," + (unique ? "yes" : "no") + "\n";
        }
        text += line;
    }
    writeResult(options.outPath, text);
    return kExitOk;
}

int generate(const GenerateOptions& options, const std::atomic<bool>& interrupted) {
    const std::uint64_t seed = options.seed ? *options.seed : std::random_device{}();
    if (!options.seed) std::cerr << "seed: " << seed << "\n";
    if (!options.fromSolution.empty()) return generateFromSolution(options, seed);
    if (options.allowMultiple) throw UsageError{"--allow-multiple: goes with --from-solution"};
    std::optional<SudokuGeneratorOptions> sudoku;
    std::optional<NurikabeGeneratorOptions> nurikabe;
    if (options.nurikabe) nurikabe = nurikabeOptions(options);
    else sudoku = sudokuOptions(options);
    const std::string format = options.format.empty() ? (options.nurikabe ? "grid" : "line") : options.format;
    if (sudoku && sudoku->clues && sudoku->clues < 17 && sudoku->shape.size() == 9)
        std::cerr << "note: no 9x9 Sudoku with fewer than 17 clues has one solution; every puzzle is flagged\n";

    std::optional<ProgressBar> bar;
    if (options.count >= kProgressFrom) bar.emplace("generating", static_cast<std::size_t>(options.count));
    const auto start = std::chrono::steady_clock::now();
    std::string text;
    long attempts = 0;
    int notUnique = 0;
    int undecided = 0;
    for (int i = 0; i < options.count; ++i) {
        const std::uint64_t puzzleSeed = seed + static_cast<std::uint64_t>(i);
        std::string piece;
        if (sudoku) {
            const auto puzzle = generateSudoku(*sudoku, puzzleSeed, &interrupted);
            if (!puzzle) break;
            attempts += puzzle->attempts;
            notUnique += !puzzle->unique;
            undecided += puzzle->uniquenessUndecided;
            piece = sudokuText(*puzzle, "seed-" + std::to_string(puzzleSeed), format, i == 0);
        } else {
            const auto puzzle = generateNurikabe(*nurikabe, puzzleSeed, &interrupted);
            if (!puzzle) break;
            attempts += puzzle->attempts;
            const std::string level = nurikabe->level ? std::string("-") + nurikabeLevelName(*nurikabe->level) : "";
            const std::string id = "gen-" + std::to_string(nurikabe->height) + "x" + std::to_string(nurikabe->width) +
                                   level + "-seed-" + std::to_string(puzzleSeed);
            piece = nurikabeText(*puzzle, id, format, i == 0);
        }
        if (options.outPath.empty()) {
            std::cout << piece << std::flush;
        } else {
            text += piece;
        }
        if (bar) bar->update(static_cast<std::size_t>(i + 1));
    }
    if (interrupted.load()) throw std::runtime_error("interrupted" + std::string(options.outPath.empty() ? "" : "; nothing written"));
    if (!options.outPath.empty()) {
        std::string error;
        if (!writeFileAtomically(options.outPath, text, error))
            throw std::runtime_error(error);
    }
    if (undecided)
        std::cerr << undecided << " of " << options.count << " puzzles kept a clue whose removal the exact solver could "
                  << "not settle within --node-limit: they are unique, but a clue may remain that could go\n";
    if (notUnique) std::cerr << notUnique << " of " << options.count << " puzzles have several solutions (flagged)\n";
    if (options.stats) {
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::fprintf(stderr, "%d puzzles in %.3f s: %.2f puzzles/s, %.1f candidates per puzzle\n", options.count,
                     seconds, options.count / seconds, static_cast<double>(attempts) / options.count);
    }
    return kExitOk;
}

// The generator's own errors name the command, as `puzzle-cli generate: ...`.
int runGenerate(const GenerateOptions& options, const std::atomic<bool>& interrupted) {
    try {
        return generate(options, interrupted);
    } catch (const UsageError& e) {
        std::cerr << "puzzle-cli generate: " << e.message << "\n";
        return kExitUsage;
    } catch (const std::invalid_argument& e) {
        std::cerr << "puzzle-cli generate: " << e.what() << "\n";
        return kExitUsage;
    } catch (const std::exception& e) {
        std::cerr << "puzzle-cli generate: " << e.what() << "\n";
        return kExitFailed;
    }
}

}  // namespace

void addGenerateCommand(CLI::App& app, CliContext& context) {
    auto options = std::make_shared<GenerateOptions>();
    GenerateOptions& o = *options;
    auto* command = app.add_subcommand("generate", "Make new puzzles with exactly one solution: Sudoku at a level or "
                                               "serate range, clue-count sweeps, Nurikabe");
    command->add_flag("--nurikabe", o.nurikabe, "Make Nurikabe instead of Sudoku (a unique solution, sides 2 to 10)");
    command->add_option("--size", o.size, "Sudoku: 4, 6, 9 (default) or 16; Nurikabe: HxW (default 7x7) or one side")
        ->check(notEmpty());
    command->add_option("--max-island", o.maxIsland, "Nurikabe: the largest island (default 4 up to 64 cells, "
                                                       "else 3; larger islands make unique puzzles much rarer)")
        ->check(CLI::Range(1, 99));
    command->add_option("--count", o.count, "How many puzzles")->check(CLI::Range(1, 10'000'000));
    command->add_option("--seed", o.seed, "Seed of the first puzzle; puzzle i uses seed + i (default: random, "
                                            "reported on standard error)")
        ->check(wholeNumber(0));
    command->add_option("--symmetry", o.symmetry, "Clue pattern symmetry (Nurikabe: of the clue cells; diagonal needs a "
                                                    "square grid)")
        ->check(CLI::IsMember({"none", "rotational", "mirror", "diagonal"}));
    command->add_option("--difficulty", o.difficulty,
                          "The hardest technique needed. Sudoku: singles (naked and hidden), locked (+ pointing and "
                          "claiming), pairs (+ naked and hidden pairs), search (those get stuck). Nurikabe, by the rating "
                          "of `rate --metrics nurikabe-logic-level`: easy (rules about a cell's neighbourhood, levels "
                          "1-6), medium (reach, 7-8), hard (island completions, 9-10), expert (hypotheses, 11-13)")
        ->check(CLI::IsMember({"singles", "locked", "pairs", "search", "easy", "medium", "hard", "expert"}));
    command->add_option("--min-serate", o.minSerate, "Least serate (the `serate` metric as `rate` computes it: "
                                                       "--serate-runs runs, seed 1)")
        ->check(finiteNumber());
    command->add_option("--max-serate", o.maxSerate, "Largest serate")->check(finiteNumber());
    command->add_option("--serate-runs", o.serateRuns, "Runs of the serate rating (default 30, the metric's own)")->check(CLI::Range(1, 100000));
    command->add_flag("--minimal", o.minimal, "Remove every clue that can go (with a symmetry: every pair of clues); "
                                               "the level is then checked, not steered");
    command->add_option("--clues", o.clues, "Clue-count sweep: keep exactly N clues of a random solution; unique "
                                              "when the removal can reach N, else the puzzle is flagged 'multiple "
                                              "solutions' (on 9x9 nearly always at 21 clues or fewer, always below 17)")
        ->check(notEmpty());
    command->add_option("--from-solution", o.fromSolution,
                        "Plain random removal from this complete grid (81 digits): keep --clues cells chosen at "
                        "random, with no uniqueness check (Chel et al.'s Table 3 protocol); needs --allow-multiple");
    command->add_flag("--allow-multiple", o.allowMultiple,
                      "With --from-solution: accept puzzles with several solutions (csv says which are unique)");
    command->add_option("--attempts", o.attempts, "Candidates per puzzle before giving up (default 1000; a clue "
                                                    "sweep: 10 tries for a unique one; Nurikabe 20000)")
        ->check(CLI::Range(1, 100'000'000));
    command->add_option("--node-limit", o.nodeLimit, "Search nodes per uniqueness check (default 200000)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000'000}));
    command->add_option("--format", o.format, "line (default for Sudoku; a puzz.link URL for Nurikabe), grid "
                                                "(default for Nurikabe), csv (Sudoku: id, puzzle, solution, clues, "
                                                "unique, level, serate, attempts)")
        ->check(CLI::IsMember({"line", "grid", "csv"}));
    command->add_option("--out", o.outPath, "Write to this file (atomically) instead of standard output");
    command->add_flag("--stats", o.stats, "Print puzzles per second and candidates per puzzle on standard error");
    context.addCommand(command, [options, &context] { return runGenerate(*options, context.interrupted()); });
}

}  // namespace pw::cli
