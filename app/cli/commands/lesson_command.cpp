#include "lesson_command.h"

#include "../cli_support.h"

#include "io/puzzle_text.h"
#include "lesson/lesson_plan.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace pw::cli {

namespace {

using nlohmann::json;

struct LessonOptions {
    bool asJson = false;
    std::vector<std::string> files;
};

json slideJson(const std::string& file, std::size_t index, const pw::LessonSlide& slide, const pw::SlideState& state) {
    json line = {{"lesson", file},        {"slide", index + 1},      {"title", slide.title},
                 {"run", state.run + 1},  {"algorithm", state.algorithmId}, {"seed", state.seed},
                 {"step", state.step},    {"run_ended", state.runEnded},    {"board", pw::boardText(state.board)}};
    if (!state.note.empty()) line["note"] = state.note;
    if (state.quiz) {
        line["quiz"] = {{"kind", pw::quizKindId(state.quiz->kind)}, {"prompt", state.quiz->prompt},
                        {"shown", state.quiz->shown},               {"answer", state.quiz->answer},
                        {"answered_by_step", state.quiz->step},     {"explanation", state.quiz->explanation}};
        if (!state.quiz->choices.empty()) line["quiz"]["choices"] = state.quiz->choices;
    }
    return line;
}

int runLesson(const LessonOptions& options, const std::atomic<bool>& interrupted) {
    int failures = 0;
    for (const std::string& file : options.files) {
        if (interrupted.load()) return kExitInterrupted;
        const pw::LessonRead read = pw::loadLesson(file);
        if (!read.lesson) {
            std::cerr << read.error.toString() << "\n";
            ++failures;
            continue;
        }
        const pw::LessonPlan plan = pw::planLesson(*read.lesson, file, &interrupted);
        if (interrupted.load()) return kExitInterrupted;
        if (plan.error) {
            std::cerr << plan.error->toString() << "\n";
            ++failures;
            continue;
        }
        if (!options.asJson)
            std::cout << file << ": " << read.lesson->title << " (" << plan.slides.size() << " slides)\n";
        for (std::size_t i = 0; i < plan.slides.size(); ++i) {
            const pw::LessonSlide& slide = read.lesson->slides[i];
            const pw::SlideState& state = plan.slides[i];
            if (options.asJson) {
                std::cout << slideJson(file, i, slide, state).dump() << "\n";
                continue;
            }
            std::cout << "  " << i + 1 << ". " << (slide.title.empty() ? "(untitled)" : slide.title) << ": "
                      << state.algorithmId << " seed " << state.seed << ", run " << state.run + 1 << " at step "
                      << state.step << (state.runEnded ? " (ended)" : "");
            if (state.quiz)
                std::cout << "; asks \"" << state.quiz->prompt << "\", the run answers " << state.quiz->answer
                          << " at step " << state.quiz->step;
            if (!state.note.empty()) std::cout << "; note: " << state.note;
            std::cout << "\n";
        }
    }
    return failures ? kExitRejected : kExitOk;
}

}  // namespace

void addLessonCommand(CLI::App& app, CliContext& context) {
    auto options = std::make_shared<LessonOptions>();
    auto* command = app.add_subcommand(
        "lesson", "Check lessons and show where each slide lands: the run, its step and the answers the run gives");
    command->add_flag("--json", options->asJson, "One JSON object per slide per line, with its board and question");
    command->add_option("LESSON", options->files, "Lesson files (.json)")->required()->check(CLI::ExistingFile);
    context.addCommand(command, [options, &context] { return runLesson(*options, context.interrupted()); });
}

}  // namespace pw::cli
