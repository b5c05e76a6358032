// puzzle-cli: the workbench's command-line front end. It lists algorithms, checks puzzles, solves them with
// any registered algorithm, seed and budget (writing results and event traces), gives graded hints, rates
// puzzles with difficulty metrics and correlates ratings with human data. Tests and benchmarks drive the core
// through it. Each command is in commands/<name>_command.cpp; what they share is in cli_support.h, which
// also lists the exit codes.

#include "cli_support.h"
#include "commands/algorithms_command.h"
#include "commands/bench_command.h"
#include "commands/check_command.h"
#include "commands/calibrate_command.h"
#include "commands/correlate_command.h"
#include "commands/generate_command.h"
#include "commands/handout_command.h"
#include "commands/hint_command.h"
#include "commands/lesson_command.h"
#include "commands/logic_survey_command.h"
#include "commands/rate_command.h"
#include "commands/solve_command.h"
#include "commands/stats_command.h"
#include "data_directory.h"

#include <CLI/CLI.hpp>

int main(int argc, char** argv) {
    CLI::App app{"puzzle-cli — list algorithms, check puzzles and solve them with the Puzzle Workbench core"};
    app.require_subcommand(1);
    app.set_help_all_flag("--help-all", "Show the help of every subcommand");
    app.set_version_flag("--version", [] { return pw::app::versionText("puzzle-cli"); },
                         "Show the version and where the bundled puzzle library is");

    // In the order `puzzle-cli --help` lists them.
    pw::cli::CliContext context;
    pw::cli::addAlgorithmsCommand(app, context);
    pw::cli::addCheckCommand(app, context);
    pw::cli::addSolveCommand(app, context);
    pw::cli::addHintCommand(app, context);
    pw::cli::addHandoutCommand(app, context);
    pw::cli::addRateCommand(app, context);
    pw::cli::addLogicSurveyCommand(app, context);
    pw::cli::addLessonCommand(app, context);
    pw::cli::addBenchCommand(app, context);
    pw::cli::addCalibrateCommand(app, context);
    pw::cli::addCorrelateCommand(app, context);
    pw::cli::addGenerateCommand(app, context);
    pw::cli::addStatsCommand(app, context);
    return context.run(app, argc, argv);
}
