#include "hint_command.h"

#include "../cli_support.h"

#include "sudoku/logic.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace pw::cli {

namespace {

using nlohmann::json;

struct HintOptions {
    int level = 3;
    std::string board;  // the player's grid as one line; empty: the givens
    std::string techniques = "all";
    bool asJson = false;
    std::vector<std::string> inputs;
};

// The player's grid for `puzzle` (named `id`): the givens, or `line` — one character per cell, a digit or '.'/'0' for an
// empty cell — when it has the puzzle's size and keeps every given. Repeated digits are allowed: they are the
// player's mistakes, which the hint reports.
pw::SudokuGrid playerBoard(const pw::SudokuPuzzle& puzzle, const std::string& id, const std::string& line) {
    const pw::SudokuGrid& givens = puzzle.givens;
    if (line.empty()) return givens;
    if (static_cast<int>(line.size()) != givens.cellCount())
        throw UsageError{"--board: expected " + std::to_string(givens.cellCount()) + " characters for the " +
                         givens.shape().name() + " puzzle " + id + ", got " + std::to_string(line.size())};
    pw::SudokuGrid board(givens.shape());
    for (int cell = 0; cell < board.cellCount(); ++cell) {
        const char c = line[cell];
        const int digit = pw::digitValue(c, board.size());
        if (!digit && c != '.' && c != '0')
            throw UsageError{"--board:1:" + std::to_string(cell + 1) + ": expected a digit of a " +
                             std::to_string(board.size()) + "x" + std::to_string(board.size()) +
                             " grid or '.', found '" + std::string(1, c) + "'"};
        board.setValue(cell, digit);
    }
    if (!board.keepsGivens(givens)) throw UsageError{"--board: the grid changes a given of puzzle " + id};
    return board;
}

const char* hintKindName(pw::Hint::Kind kind) {
    switch (kind) {
    case pw::Hint::Kind::Mistake: return "mistake";
    case pw::Hint::Kind::Step: return "step";
    case pw::Hint::Kind::Solved: return "solved";
    case pw::Hint::Kind::NoSolution: return "no_solution";
    }
    return "step";
}

int runHint(const HintOptions& options) {
    const LoadedInputs loaded = loadInputs(options.inputs);
    const pw::TechniqueSet techniques = options.techniques == "singles" ? pw::TechniqueSet::singlesOnly() : pw::TechniqueSet{};
    int rejected = static_cast<int>(loaded.errors.size());
    for (const auto& puzzle : loaded.puzzles) {
        // Hints are a Sudoku tool: the logic solver's techniques.
        const auto* sudoku = std::get_if<pw::SudokuPuzzle>(&puzzle.content);
        if (!sudoku) {
            std::cerr << "puzzle-cli: " << puzzle.origin << ": hints are given for Sudoku only\n";
            ++rejected;
            continue;
        }
        const pw::SudokuShape shape = sudoku->givens.shape();
        const pw::Hint hint = pw::hintFor(sudoku->givens, playerBoard(*sudoku, puzzle.id, options.board), options.level,
                                          techniques);
        if (options.asJson) {
            json cells = json::array();
            for (int cell : hint.cells) cells.push_back(pw::cellName(shape, cell));
            json line = {{"id", puzzle.id}, {"kind", hintKindName(hint.kind)}, {"level", options.level},
                         {"text", hint.text}, {"cells", cells}};
            if (hint.step) line["technique"] = pw::techniqueName(hint.step->technique);
            std::cout << line.dump() << "\n";
        } else {
            if (loaded.puzzles.size() > 1) std::cout << puzzle.id << ": ";
            std::cout << hint.text << "\n";
        }
    }
    reportErrors(loaded.errors);
    return rejected ? kExitRejected : kExitOk;
}

}  // namespace

void addHintCommand(CLI::App& app, CliContext& context) {
    auto options = std::make_shared<HintOptions>();
    auto* command = app.add_subcommand("hint", "The next logical step of a Sudoku, as a graded hint");
    command->add_option("--level", options->level, "1: the technique, 2: also where, 3: the whole step")
        ->check(CLI::Range(1, 3));
    command->add_option("--board", options->board, "The player's current grid as one line (default: the givens); "
                                                   "a value that differs from the solution is reported first");
    command->add_option("--techniques", options->techniques, "Techniques beyond singles: all, or singles only")
        ->check(CLI::IsMember({"all", "singles"}));
    command->add_flag("--json", options->asJson, "One JSON object per puzzle per line");
    command->add_option("INPUT", options->inputs, "Puzzle files, - for standard input, or literal puzzle strings")
        ->required();
    context.addCommand(command, [options] { return runHint(*options); });
}

}  // namespace pw::cli
