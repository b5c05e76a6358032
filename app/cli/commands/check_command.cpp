#include "check_command.h"

#include "../cli_support.h"

#include "puzzle/puzzle_kind.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace pw::cli {

namespace {

using nlohmann::json;

struct CheckVerdict {
    std::string status;  // unique / multiple / none / unknown
    int solutions = 0;
    std::string note;
};

CheckVerdict checkPuzzle(const pw::Puzzle& puzzle) {
    const pw::SolutionCount count = pw::countSolutions(puzzle);
    const std::string status = count.verdict();
    if (status == "unknown") return {status, count.found, "search node limit reached before the count was decided"};
    return {status, count.found, {}};
}

struct CheckOptions {
    bool asJson = false;
    std::vector<std::string> inputs;
};

int runCheck(const CheckOptions& options) {
    const bool asJson = options.asJson;
    const LoadedInputs loaded = loadInputs(options.inputs);
    for (const auto& error : loaded.errors) {
        if (asJson) {
            std::cout << json{{"id", error.file + ":" + std::to_string(error.line)},
                              {"status", "invalid"},
                              {"error", error.toString()},
                              {"file", error.file},
                              {"line", error.line},
                              {"column", error.column}}
                             .dump()
                      << "\n";
        } else {
            std::cout << error.file << ":" << error.line << "  invalid  " << error.toString() << "\n";
        }
    }
    for (const auto& puzzle : loaded.puzzles) {
        const CheckVerdict verdict = checkPuzzle(puzzle);
        if (asJson) {
            json line = {{"id", puzzle.id},
                         {"origin", puzzle.origin},
                         {"kind", pw::puzzleKindName(puzzle.kind())},
                         {"status", verdict.status},
                         {"solutions", verdict.solutions}};
            if (!verdict.note.empty()) line["note"] = verdict.note;
            std::cout << line.dump() << "\n";
        } else {
            std::cout << puzzle.id << "  " << verdict.status;
            if (verdict.status == "multiple") std::cout << " (2 or more solutions)";
            if (!verdict.note.empty()) std::cout << " (" << verdict.note << ")";
            std::cout << "\n";
        }
    }
    if (!asJson) reportErrors(loaded.errors);
    return loaded.errors.empty() ? kExitOk : kExitRejected;
}

}  // namespace

void addCheckCommand(CLI::App& app, CliContext& context) {
    auto options = std::make_shared<CheckOptions>();
    auto* command = app.add_subcommand("check", "Parse, validate and count the solutions of puzzles");
    command->add_flag("--json", options->asJson, "One JSON object per puzzle per line");
    command->add_option("INPUT", options->inputs, "A puzzle file (any supported format), - for standard input, "
                                                  "or a literal puzzle string")
        ->required();
    context.addCommand(command, [options] { return runCheck(*options); });
}

}  // namespace pw::cli
