#include "hint_command.h"

#include "../cli_support.h"

#include "nurikabe/nurikabe_rules.h"
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

// The player's Nurikabe grid: the clues, or `line` — its rows of '#' (river), 'o' (island) and '.' (undecided)
// joined by '/', as `solve` writes a board — when it has the puzzle's size and marks no clue river.
pw::NurikabeGrid playerBoard(const pw::NurikabePuzzle& puzzle, const std::string& id, const std::string& line) {
    pw::NurikabeGrid board = puzzle.clues;
    if (line.empty()) return board;
    const int width = board.width();
    const std::size_t expected = static_cast<std::size_t>(board.height() * (width + 1) - 1);
    if (line.size() != expected)
        throw UsageError{"--board: expected " + std::to_string(board.height()) + " rows of " + std::to_string(width) +
                         " cells joined by '/' for the Nurikabe " + id + ", got " + std::to_string(line.size()) +
                         " characters"};
    for (std::size_t at = 0; at < line.size(); ++at) {
        const char c = line[at];
        const bool rowEnd = (at + 1) % static_cast<std::size_t>(width + 1) == 0;
        const std::string where = "--board:1:" + std::to_string(at + 1) + ": ";
        if (rowEnd) {
            if (c != '/') throw UsageError{where + "expected '/' between rows, found '" + std::string(1, c) + "'"};
            continue;
        }
        if (c != '#' && c != 'o' && c != '.')
            throw UsageError{where + "expected '#', 'o' or '.', found '" + std::string(1, c) + "'"};
        const int cell = static_cast<int>(at / static_cast<std::size_t>(width + 1)) * width +
                         static_cast<int>(at % static_cast<std::size_t>(width + 1));
        if (board.clue(cell)) {
            if (c == '#') throw UsageError{where + "the clue at " + pw::nurikabeCellName(board, cell) + " is marked river"};
            continue;
        }
        board.setState(cell, c == '#' ? pw::NurikabeCell::River
                             : c == 'o' ? pw::NurikabeCell::Island
                                        : pw::NurikabeCell::Unknown);
    }
    return board;
}

template <class Kind> const char* hintKindName(Kind kind) {
    switch (kind) {
    case Kind::Mistake: return "mistake";
    case Kind::Step: return "step";
    case Kind::Solved: return "solved";
    case Kind::NoSolution: return "no_solution";
    }
    return "step";
}

// A hint line: the sentence, or the JSON object with the cells named and the technique when there is one.
void printHint(const HintOptions& options, const pw::Puzzle& puzzle, bool several, const std::string& text,
               const std::vector<std::string>& cells, const char* kind, const char* technique) {
    if (options.asJson) {
        json line = {{"id", puzzle.id}, {"kind", kind}, {"level", options.level}, {"text", text}, {"cells", cells}};
        if (technique) line["technique"] = technique;
        std::cout << line.dump() << "\n";
    } else {
        if (several) std::cout << puzzle.id << ": ";
        std::cout << text << "\n";
    }
}

int runHint(const HintOptions& options) {
    const LoadedInputs loaded = loadInputs(options.inputs);
    const pw::TechniqueSet techniques = options.techniques == "singles" ? pw::TechniqueSet::singlesOnly() : pw::TechniqueSet{};
    const int rejected = static_cast<int>(loaded.errors.size());
    const bool several = loaded.puzzles.size() > 1;
    for (const auto& puzzle : loaded.puzzles) {
        std::vector<std::string> cells;
        if (const auto* nurikabe = std::get_if<pw::NurikabePuzzle>(&puzzle.content)) {
            const pw::NurikabeHint hint =
                pw::nurikabeHint(nurikabe->clues, playerBoard(*nurikabe, puzzle.id, options.board), options.level);
            for (int cell : hint.cells) cells.push_back(pw::nurikabeCellName(nurikabe->clues, cell));
            printHint(options, puzzle, several, hint.text, cells, hintKindName(hint.kind),
                      hint.deduction ? pw::nurikabeTechniqueName(hint.deduction->technique) : nullptr);
            continue;
        }
        const auto& sudoku = std::get<pw::SudokuPuzzle>(puzzle.content);
        const pw::SudokuShape shape = sudoku.givens.shape();
        const pw::Hint hint = pw::hintFor(sudoku.givens, playerBoard(sudoku, puzzle.id, options.board), options.level,
                                          techniques);
        for (int cell : hint.cells) cells.push_back(pw::cellName(shape, cell));
        printHint(options, puzzle, several, hint.text, cells, hintKindName(hint.kind),
                  hint.step ? pw::techniqueName(hint.step->technique) : nullptr);
    }
    reportErrors(loaded.errors);
    return rejected ? kExitRejected : kExitOk;
}

}  // namespace

void addHintCommand(CLI::App& app, CliContext& context) {
    auto options = std::make_shared<HintOptions>();
    auto* command = app.add_subcommand("hint", "The next logical step of a Sudoku or Nurikabe, as a graded hint");
    command->add_option("--level", options->level, "1: the technique (rule), 2: also where, 3: the whole step")
        ->check(CLI::Range(1, 3));
    command->add_option("--board", options->board, "The player's current grid as one line (default: the givens; "
                                                   "Nurikabe: rows of '#', 'o' and '.' joined by '/'); a cell that "
                                                   "differs from the solution is reported first");
    command->add_option("--techniques", options->techniques, "Techniques beyond singles: all, or singles only")
        ->check(CLI::IsMember({"all", "singles"}));
    command->add_flag("--json", options->asJson, "One JSON object per puzzle per line");
    command->add_option("INPUT", options->inputs, "Puzzle files, - for standard input, or literal puzzle strings")
        ->required();
    context.addCommand(command, [options] { return runHint(*options); });
}

}  // namespace pw::cli
