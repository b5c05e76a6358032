#include "check_command.h"

#include "../cli_support.h"

#include "base/text_format.h"
#include "io/run_report.h"
#include "puzzle/puzzle_kind.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace pw::cli {

namespace {

using nlohmann::json;

struct CheckVerdict {
    std::string status;  // unique / multiple / none / undecided
    int solutions = 0;
    std::string endedBy;  // when undecided: "node limit" or "time limit"
    std::string note;
};

struct CheckOptions {
    bool asJson = false;
    std::optional<double> timeLimit;
    std::uint64_t nodeLimit = pw::kSolutionSearchNodeLimit;
    int jobs = 0;  // 0: every core
    std::vector<std::string> inputs;
};

// The count within the budget; nullopt when Ctrl-C stopped it, then the puzzle is not reported at all.
std::optional<CheckVerdict> checkPuzzle(const pw::Puzzle& puzzle, const CheckOptions& options,
                                        const std::atomic<bool>& interrupted) {
    pw::SearchBudget budget;
    budget.nodeLimit = options.nodeLimit;
    if (options.timeLimit)
        budget.deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(*options.timeLimit));
    budget.stop = &interrupted;
    const pw::SolutionCount count = pw::countSolutions(puzzle, 2, budget);
    const std::string status = count.verdict();
    if (status != "undecided") return CheckVerdict{status, count.found, {}, {}};
    const std::string endedBy = count.endedBy ? count.endedBy : "";
    if (endedBy == "stopped") return std::nullopt;
    const std::string limit = endedBy == "time limit" ? pw::formatNumber(*options.timeLimit) + " s"
                                                      : std::to_string(options.nodeLimit) + " nodes";
    return CheckVerdict{status, count.found, endedBy,
                        endedBy + " of " + limit + " reached before the count was decided; " +
                            std::to_string(count.found) + " solution" + (count.found == 1 ? "" : "s") + " found"};
}

int runCheck(const CheckOptions& options, const std::atomic<bool>& interrupted) {
    const bool asJson = options.asJson;
    // The puzzles come in chunks while the rest are read; the entries that could not be read follow the verdicts.
    InputStream input(options.inputs);
    std::vector<pw::Puzzle> puzzles;  // the chunk at work
    ResultOutput output;  // a slow file shows its verdicts as they come
    std::size_t checked = 0;
    std::string line;  // one verdict line, its buffer reused
    // Puzzles are counted on --jobs threads (every core by default); their lines come in the input's order.
    const std::function<std::optional<CheckVerdict>(std::size_t)> check = [&](std::size_t i) {
        return checkPuzzle(puzzles[i], options, interrupted);
    };
    const std::function<bool(std::size_t, std::optional<CheckVerdict>&)> write = [&](std::size_t i,
                                                                                   std::optional<CheckVerdict>& verdict) {
        if (!verdict) return false;
        const pw::Puzzle& puzzle = puzzles[i];
        ++checked;
        if (asJson) {
            // Written directly in the key order of a JSON object's dump, as every other line here.
            line.clear();
            const auto field = [&line](std::string_view name, std::string_view value) {
                line += line.empty() ? '{' : ',';
                pw::appendJsonString(line, name);
                line += ':';
                pw::appendJsonString(line, value);
            };
            if (!verdict->endedBy.empty()) field("ended_by", verdict->endedBy);
            field("id", puzzle.id);
            field("kind", pw::puzzleKindName(puzzle.kind()));
            if (!verdict->note.empty()) field("note", verdict->note);
            field("origin", puzzle.origin);
            line += ",\"solutions\":";
            pw::appendJsonNumber(line, static_cast<std::uint64_t>(verdict->solutions));
            field("status", verdict->status);
            line += "}\n";
            output.write(line);
        } else {
            line.assign(puzzle.id).append("  ").append(verdict->status);
            if (verdict->status == "multiple") line += " (2 or more solutions)";
            if (!verdict->note.empty()) line.append(" (").append(verdict->note).append(")");
            line += '\n';
            output.write(line);
        }
        return true;
    };
    const int jobs = pw::threadCount(options.jobs);
    std::size_t read = 0;
    while (!interrupted && input.next(puzzles)) {
        read += puzzles.size();
        // Most puzzles take microseconds: a thread claims up to 32 at a time, and a few puzzles still spread
        // over every thread.
        const std::size_t grain = std::clamp<std::size_t>(puzzles.size() / (8 * static_cast<std::size_t>(jobs)), 1, 32);
        pw::parallelInOrder(puzzles.size(), jobs, check, write, &interrupted, {grain});
    }
    if (interrupted) {
        while (input.next(puzzles)) read += puzzles.size();  // the puzzles not checked still count in "N of M"
        std::cerr << "puzzle-cli: interrupted: " << checked << " of " << read << " puzzles checked\n";
    }
    const std::vector<pw::ParseError> errors = input.errors();
    std::ostringstream text;
    for (const auto& error : errors) {
        if (asJson) {
            text << json{{"id", error.file + ":" + std::to_string(error.line)},
                         {"status", "invalid"},
                         {"error", error.toString()},
                         {"file", error.file},
                         {"line", error.line},
                         {"column", error.column}}
                        .dump()
                 << "\n";
        } else {
            text << error.file << ":" << error.line << "  invalid  " << error.toString() << "\n";
        }
    }
    output.write(std::move(text).str());
    output.finish();
    if (!asJson) reportErrors(errors);
    return errors.empty() ? kExitOk : kExitRejected;
}

}  // namespace

void addCheckCommand(CLI::App& app, CliContext& context) {
    auto options = std::make_shared<CheckOptions>();
    auto* command = app.add_subcommand("check", "Parse, validate and count the solutions of puzzles");
    command->add_flag("--json", options->asJson, "One JSON object per puzzle per line");
    command->add_option("--time-limit", options->timeLimit, "Wall-clock budget per puzzle, in seconds; a count "
                                                            "it cuts short is reported as undecided")
        ->check(positiveNumber());
    command->add_option("--node-limit", options->nodeLimit, "Search nodes per puzzle; a count it cuts short is "
                                                            "reported as undecided")
        ->check(wholeNumber(1))
        ->capture_default_str();
    command->add_option("--jobs", options->jobs, "Threads (default: every core); the lines keep the input's order")
        ->check(CLI::Range(1, 1024));
    command->add_option("INPUT", options->inputs, "A puzzle file (any supported format), - for standard input, "
                                                  "or a literal puzzle string")
        ->required();
    context.addCommand(command, [options, &context] { return runCheck(*options, context.interrupted()); });
}

}  // namespace pw::cli
