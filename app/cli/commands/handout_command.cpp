#include "handout_command.h"

#include "../cli_support.h"

#include "io/decision_handout.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

namespace pw::cli {

namespace {

struct HandoutOptions {
    std::string recordingPath;
    std::uint64_t from = 1;
    std::uint64_t to = 20;
    std::string format;  // "markdown" or "html"; empty: from --out's extension, else Markdown
    std::string outPath;
};

int runHandout(const HandoutOptions& options, const std::atomic<bool>& interrupted) {
    const RecordingRead read = loadRecording(options.recordingPath);
    if (!read.recording) {
        std::cerr << "puzzle-cli: handout: " << read.error.toString() << "\n";
        return kExitRejected;
    }
    const Handout handout = collectHandout(*read.recording, options.from, options.to, &interrupted);
    if (!handout.error.empty()) {
        std::cerr << "puzzle-cli: handout " << options.recordingPath << ": " << handout.error << "\n";
        return kExitUsage;
    }
    if (interrupted.load()) throw std::runtime_error("interrupted; nothing written");
    const bool html = options.format == "html" ||
                      (options.format.empty() && (options.outPath.ends_with(".html") || options.outPath.ends_with(".htm")));
    const std::string text = html ? handoutHtml(handout) : handoutMarkdown(handout);
    writeResult(options.outPath, text);
    std::cerr << "handout: " << handout.steps.size() << " explained steps of " << options.from << " to " << options.to
              << "\n";
    return kExitOk;
}

}  // namespace

void addHandoutCommand(CLI::App& app, CliContext& context) {
    auto options = std::make_shared<HandoutOptions>();  // owned by the callback, which lives as long as `app`
    auto* command = app.add_subcommand(
        "handout", "The explained steps of a recorded run (solve --record), from one step to another, as a Markdown "
                   "or HTML handout: each step's sentence, its numbers and the board after it");
    command->add_option("RECORDING", options->recordingPath, "A run recording (puzzle-cli solve --record FILE)")
        ->required();
    command->add_option("--from", options->from, "The first step (default 1)")->check(wholeNumber(1));
    command->add_option("--to", options->to, "The last step, included (default 20); at most 2000 steps in all")
        ->check(wholeNumber(1));
    command->add_option("--format", options->format, "markdown or html (default: html for an --out ending in .html, "
                                                      "else markdown)")
        ->check(CLI::IsMember({"markdown", "html"}));
    command->add_option("--out", options->outPath, "Write the handout here (atomically) instead of standard output");
    context.addCommand(command, [options, &context] { return runHandout(*options, context.interrupted()); });
}

}  // namespace pw::cli
