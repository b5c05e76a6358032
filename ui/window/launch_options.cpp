#include "window/launch_options.h"

#include "tools/compare_view.h"


#include <QCommandLineParser>

namespace pw::ui {

LaunchParse parseLaunchOptions(const QStringList& arguments) {
    LaunchParse result;
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Puzzle Workbench: watch Sudoku and Nurikabe solvers think."));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
    const QCommandLineOption version(QStringLiteral("version"),
                                     QStringLiteral("Show the version and where the bundled puzzle library is."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A puzzle file to open, as with --open."),
                                 QStringLiteral("[FILE]"));
    const QCommandLineOption open(QStringLiteral("open"), QStringLiteral("A puzzle file or a puzzle string."),
                                  QStringLiteral("FILE_OR_PUZZLE"));
    const QCommandLineOption algorithm(QStringLiteral("algorithm"), QStringLiteral("Algorithm id (puzzle-cli algorithms)."),
                                       QStringLiteral("ID"));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Random seed of the run."), QStringLiteral("N"));
    const QCommandLineOption param(QStringLiteral("param"), QStringLiteral("Algorithm parameter; repeatable."),
                                   QStringLiteral("KEY=VALUE"));
    const QCommandLineOption run(QStringLiteral("run"), QStringLiteral("Start the run at once."));
    const QCommandLineOption hint(QStringLiteral("hint"),
                                  QStringLiteral("Show a hint at once: 1 the technique, 2 also where, 3 the whole step."),
                                  QStringLiteral("LEVEL"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
                                        QStringLiteral("Save a PNG of the window after --after-ms and exit 0."),
                                        QStringLiteral("FILE.png"));
    const QCommandLineOption afterMs(QStringLiteral("after-ms"), QStringLiteral("Delay before the screenshot (default 1000)."),
                                     QStringLiteral("MS"));
    const QCommandLineOption speed(QStringLiteral("speed"), QStringLiteral("The algorithm's own steps per second (a proposal, a search node, a generation: "
                                                                  "see its description), or 'max' for flat out."),
                                   QStringLiteral("STEPS"));
    const QCommandLineOption stepLimit(QStringLiteral("step-limit"), QStringLiteral("Step budget of the run."),
                                       QStringLiteral("N"));
    const QCommandLineOption timeLimit(QStringLiteral("time-limit"), QStringLiteral("Time budget of the run in seconds."),
                                       QStringLiteral("S"));
    const QCommandLineOption palette(QStringLiteral("palette"), QStringLiteral("light or dark."), QStringLiteral("NAME"));
    const QCommandLineOption presentation(QStringLiteral("presentation"),
                                          QStringLiteral("Open in presentation mode: full screen, the board big, the "
                                                         "cost chart beside it, larger text (F11 leaves it); with --compare, the "
                                                         "Compare view's charts and tables full screen."));
    const QCommandLineOption stats(QStringLiteral("stats"),
                                   QStringLiteral("Print steps, steps per second, the longest event-loop stall and the memory (RSS at start, after warm-up, at exit) at exit."));
    const QCommandLineOption exitWhenFinished(QStringLiteral("exit-when-finished"),
                                              QStringLiteral("Exit once the run has finished."));
    const QCommandLineOption difficultyLab(QStringLiteral("difficulty-lab"),
                                           QStringLiteral("Open the Difficulty lab; with --run, rate its puzzle set; "
                                                          "--screenshot then shows the lab."));
    const QCommandLineOption generate(QStringLiteral("generate"),
                                      QStringLiteral("Open File > New > Generate and make a Sudoku of LEVEL (any, singles, "
                                                     "locked, pairs, search) from --seed; --screenshot then shows the "
                                                     "dialog over the window."),
                                      QStringLiteral("LEVEL"));
    const QCommandLineOption replayAt(QStringLiteral("replay-at"),
                                      QStringLiteral("With --open of a run recording: put its timeline at this fraction "
                                                     "of the run, 0 to 1 (default 1, the end)."),
                                      QStringLiteral("FRACTION"));
    const QCommandLineOption compare(QStringLiteral("compare"),
                                     QStringLiteral("Open the Compare view on a directory puzzle-cli bench wrote; "
                                                    "--screenshot then shows the view."),
                                     QStringLiteral("DIR"));
    const QCommandLineOption compareTab(QStringLiteral("compare-tab"),
                                        QStringLiteral("With --compare: the tab to show, one of %1 (default "
                                                       "convergence).")
                                            .arg(CompareView::tabKeys().join(QStringLiteral(", "))),
                                        QStringLiteral("TAB"));
    parser.addOptions({help, version, open, algorithm, seed, param, run, hint, difficultyLab, generate, compare, compareTab,
                       screenshot, afterMs, speed, stepLimit, timeLimit, palette, presentation, stats, exitWhenFinished,
                       replayAt});
    const AnimationOptions animation = addAnimationOptions(parser);
    const QCommandLineOption race(QStringLiteral("race"),
                                  QStringLiteral("Race 2 to 4 algorithms on the puzzle (Run > Race); --param then takes "
                                                 "ID.KEY=VALUE or ID#N.KEY=VALUE, KEY seed a run's own seed."),
                                  QStringLiteral("ID,ID"));
    const QCommandLineOption racePace(QStringLiteral("race-pace"),
                                      QStringLiteral("With --race: steps (the same steps per second, --speed), fair (by "
                                                     "evaluations, the default) or flat (flat out)."),
                                      QStringLiteral("PACE"));
    const QCommandLineOption raceEvaluations(QStringLiteral("race-evaluations"),
                                             QStringLiteral("With --race: each run's evaluation budget (default "
                                                            "2000000, 0 none); --step-limit and --time-limit add "
                                                            "budgets of steps and seconds."),
                                             QStringLiteral("N"));
    parser.addOptions({race, racePace, raceEvaluations});
    if (!parser.parse(arguments)) {
        result.error = parser.errorText();
        return result;
    }
    if (parser.isSet(help)) {
        result.helpShown = true;
        result.helpText = parser.helpText();
        return result;
    }
    if (parser.isSet(version)) {
        result.versionShown = true;
        return result;
    }
    // A file manager or the desktop's "Open with" passes the file as the only argument.
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1 || (positional.size() == 1 && parser.isSet(open))) {
        result.error = QStringLiteral("unexpected argument '%1' (one puzzle is opened, with --open or alone)")
                           .arg(positional.last());
        return result;
    }
    LaunchOptions& options = result.options;
    options.open = positional.isEmpty() ? parser.value(open) : positional.first();
    options.algorithm = parser.value(algorithm);
    options.parameters = parser.values(param);
    options.run = parser.isSet(run);
    options.difficultyLab = parser.isSet(difficultyLab);
    if (parser.isSet(generate)) {
        options.generateLevel = parser.value(generate);
        if (!QStringList{"any", "singles", "locked", "pairs", "search"}.contains(options.generateLevel)) {
            result.error = QStringLiteral("--generate: '%1' is not one of any, singles, locked, pairs, search")
                               .arg(options.generateLevel);
            return result;
        }
    }
    options.compareDir = parser.value(compare);
    if (parser.isSet(compareTab)) {
        options.compareTab = parser.value(compareTab);
        if (options.compareDir.isEmpty()) {
            result.error = QStringLiteral("--compare-tab needs --compare DIR");
            return result;
        }
        if (!CompareView::tabKeys().contains(options.compareTab)) {
            result.error = QStringLiteral("--compare-tab: '%1' is not one of %2")
                               .arg(options.compareTab, CompareView::tabKeys().join(QStringLiteral(", ")));
            return result;
        }
    }
    options.screenshot = parser.value(screenshot);
    options.stats = parser.isSet(stats);
    options.presentation = parser.isSet(presentation);
    options.exitWhenFinished = parser.isSet(exitWhenFinished);
    bool ok = true;
    if (parser.isSet(seed)) {
        const qulonglong value = parser.value(seed).toULongLong(&ok);
        if (!ok) {
            result.error = QStringLiteral("--seed: '%1' is not a non-negative integer").arg(parser.value(seed));
            return result;
        }
        options.seed = value;
    }
    if (parser.isSet(hint)) {
        options.hintLevel = parser.value(hint).toInt(&ok);
        if (!ok || options.hintLevel < 1 || options.hintLevel > 3) {
            result.error = QStringLiteral("--hint: '%1' is not a level from 1 to 3").arg(parser.value(hint));
            return result;
        }
        if (options.run) {
            result.error = QStringLiteral("--hint: a hint is for the board as it stands, not during --run");
            return result;
        }
    }
    if (parser.isSet(afterMs)) {
        options.afterMs = parser.value(afterMs).toInt(&ok);
        if (!ok || options.afterMs < 0) {
            result.error = QStringLiteral("--after-ms: '%1' is not a number of milliseconds").arg(parser.value(afterMs));
            return result;
        }
        if (options.screenshot.isEmpty()) {
            result.error = QStringLiteral("--after-ms needs --screenshot FILE.png");
            return result;
        }
    }
    if (!options.screenshot.isEmpty() && !options.screenshot.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive)) {
        result.error = QStringLiteral("--screenshot: '%1' must name a .png file").arg(options.screenshot);
        return result;
    }
    if (parser.isSet(speed)) {
        const QString text = parser.value(speed);
        if (text == QLatin1String("max") || text == QLatin1String("flat")) {
            options.movesPerSecond = 0;
        } else {
            const double value = text.toDouble(&ok);
            if (!ok || value <= 0) {
                result.error = QStringLiteral("--speed: '%1' is neither a positive number of moves per second nor 'max'").arg(text);
                return result;
            }
            options.movesPerSecond = value;
        }
    }
    if (parser.isSet(stepLimit)) {
        options.stepLimit = parser.value(stepLimit).toULongLong(&ok);
        if (!ok) {
            result.error = QStringLiteral("--step-limit: '%1' is not a non-negative integer").arg(parser.value(stepLimit));
            return result;
        }
    }
    if (parser.isSet(timeLimit)) {
        options.timeLimitSeconds = parser.value(timeLimit).toDouble(&ok);
        if (!ok || options.timeLimitSeconds < 0) {
            result.error = QStringLiteral("--time-limit: '%1' is not a number of seconds").arg(parser.value(timeLimit));
            return result;
        }
    }
    if (parser.isSet(replayAt)) {
        options.replayAt = parser.value(replayAt).toDouble(&ok);
        if (!ok || *options.replayAt < 0 || *options.replayAt > 1) {
            result.error = QStringLiteral("--replay-at: '%1' is not a fraction from 0 to 1").arg(parser.value(replayAt));
            return result;
        }
    }
    if (parser.isSet(palette)) {
        options.palette = parser.value(palette);
        if (options.palette != QLatin1String("light") && options.palette != QLatin1String("dark")) {
            result.error = QStringLiteral("--palette: '%1' is neither light nor dark").arg(options.palette);
            return result;
        }
    }
    options.race = parser.value(race);
    options.racePace = parser.value(racePace);
    if (parser.isSet(racePace) && options.race.isEmpty()) {
        result.error = QStringLiteral("--race-pace needs --race ID,ID");
        return result;
    }
    if (parser.isSet(racePace) && !QStringList{"steps", "fair", "flat"}.contains(options.racePace)) {
        result.error = QStringLiteral("--race-pace: '%1' is not one of steps, fair, flat").arg(options.racePace);
        return result;
    }
    if (parser.isSet(raceEvaluations)) {
        options.raceEvaluations = parser.value(raceEvaluations).toULongLong(&ok);
        if (!ok) {
            result.error = QStringLiteral("--race-evaluations: '%1' is not a non-negative integer").arg(parser.value(raceEvaluations));
            return result;
        }
        if (options.race.isEmpty()) {
            result.error = QStringLiteral("--race-evaluations needs --race ID,ID");
            return result;
        }
    }
    result.error = parseAnimationOptions(parser, animation, options.open, options.exportAnimation, options.animation);
    return result;
}

}  // namespace pw::ui
