#include "window/launch_options.h"

#include "tools/compare_view.h"

#include <QCommandLineParser>

#include <limits>
#include <span>
#include <type_traits>

namespace pw::ui {

namespace {

// The window's options in the order --help lists them: name, value name (empty for a switch), what it does.
struct OptionText {
    const char* name;
    const char* valueName;
    const char* description;
};

constexpr OptionText kWindowOptions[] = {
    {"version", "", "Show the version and where the bundled puzzle library is."},
    {"open", "FILE_OR_PUZZLE", "A puzzle file or a puzzle string."},
    {"algorithm", "ID", "Algorithm id (puzzle-cli algorithms)."},
    {"seed", "N", "Random seed of the run."},
    {"param", "KEY=VALUE", "Algorithm parameter; repeatable."},
    {"run", "", "Start the run at once."},
    {"hint", "LEVEL", "Show a hint at once: 1 the technique, 2 also where, 3 the whole step."},
    {"difficulty-lab", "", "Open the Difficulty lab, on the --open file's puzzles when it names a file; with --run, "
                           "rate its puzzle set; --screenshot then shows the lab."},
    {"generate", "LEVEL",
     "Open File > New > Generate and make a Sudoku of LEVEL (any, singles, locked, pairs, search) or a Nurikabe "
     "(easy, medium, hard, expert: of --open's size when it is a Nurikabe, else 7x7) from --seed; --screenshot then "
     "shows the dialog over the window."},
    {"compare", "DIR", "Open the Compare view on a directory puzzle-cli bench wrote; --screenshot then shows the view."},
    // %1: the Compare view's tabs.
    {"compare-tab", "TAB", "With --compare: the tab to show, one of %1 (default convergence)."},
    {"screenshot", "FILE.png", "Save a PNG of the window after --after-ms and exit 0."},
    {"after-ms", "MS", "Delay before the screenshot (default 1000)."},
    {"speed", "STEPS",
     "The algorithm's own steps per second (a proposal, a search node, a generation: see its description), or "
     "'max' for flat out."},
    {"step-limit", "N", "Step budget of the run."},
    {"time-limit", "S", "Time budget of the run in seconds."},
    {"palette", "NAME", "light or dark."},
    {"presentation", "",
     "Open in presentation mode: full screen, the board big, the cost chart beside it, larger text (F11 leaves "
     "it); with --compare, the Compare view's charts and tables full screen."},
    {"lesson", "FILE", "Open a lesson (Lesson > Open lesson) and show its first slide, or --slide N."},
    {"slide", "N", "With --lesson: start at slide N (from 1)."},
    {"reveal", "", "With --lesson: reveal the slide's question once it is shown (for --screenshot)."},
    {"export-handout", "OUT",
     "With --lesson: write the lesson as a handout, OUT.pdf or OUT.html (boards, captions, questions, the answers at "
     "the end), and exit."},
    {"with-notes", "", "With --export-handout: put the teacher notes in the handout too."},
    {"lesson-play", "",
     "With --lesson: go through every slide, revealing each question, print each slide's step and board as a "
     "JSON line, check them against the lesson's plan and exit (status 1 when a slide lands elsewhere)."},
    {"stats", "",
     "Print steps, steps per second, the longest event-loop stall and the memory (RSS at start, after warm-up, at "
     "exit) at exit."},
    {"exit-when-finished", "", "Exit once the run has finished."},
    {"replay-at", "FRACTION",
     "With --open of a run recording: put its timeline at this fraction of the run, 0 to 1 (default 1, the end)."},
};

// Listed after the animation export's options.
constexpr OptionText kRaceOptions[] = {
    {"race", "ID,ID",
     "Race 2 to 4 algorithms on the puzzle (Run > Race); --param then takes ID.KEY=VALUE or ID#N.KEY=VALUE, KEY "
     "seed a run's own seed."},
    {"race-pace", "PACE",
     "With --race: steps (the same steps per second, --speed), fair (by evaluations, the default) or flat (flat "
     "out)."},
    {"race-evaluations", "N",
     "With --race: each run's evaluation budget (default 2000000, 0 none); --step-limit and --time-limit add "
     "budgets of steps and seconds."},
};

void addOptions(QCommandLineParser& parser, std::span<const OptionText> options) {
    for (const OptionText& option : options) {
        QString description = QString::fromUtf8(option.description);
        if (description.contains(QLatin1String("%1")))
            description = description.arg(CompareView::tabKeys().join(QStringLiteral(", ")));
        parser.addOption(QCommandLineOption(QString::fromLatin1(option.name), description,
                                            QString::fromLatin1(option.valueName)));
    }
}

// The option's text as a whole number from 0 up, or the error "--NAME: 'TEXT' is not a non-negative integer".
QString readWholeNumber(const QCommandLineParser& parser, const QString& name, std::uint64_t& value) {
    bool ok = false;
    value = parser.value(name).toULongLong(&ok);
    if (ok) return {};
    return QStringLiteral("--%1: '%2' is not a non-negative integer").arg(name, parser.value(name));
}

// The option's text as a number from `low` to `high`, or the error "--NAME: 'TEXT' is not `what`".
template <class Number>
QString readNumber(const QCommandLineParser& parser, const QString& name, Number low, Number high, const char* what,
                   Number& value) {
    bool ok = false;
    if constexpr (std::is_same_v<Number, int>)
        value = parser.value(name).toInt(&ok);
    else
        value = parser.value(name).toDouble(&ok);
    if (ok && value >= low && value <= high) return {};
    return QStringLiteral("--%1: '%2' is not %3").arg(name, parser.value(name), QLatin1String(what));
}

}  // namespace

LaunchParse parseLaunchOptions(const QStringList& arguments) {
    LaunchParse result;
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Puzzle Workbench: watch Sudoku and Nurikabe solvers think."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A puzzle file to open, as with --open."),
                                 QStringLiteral("[FILE]"));
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("Show this help."));
    parser.addOption(help);
    addOptions(parser, kWindowOptions);
    const AnimationOptions animation = addAnimationOptions(parser);
    addOptions(parser, kRaceOptions);
    // Each option by its name, as the tables above spell it.
    const auto isSet = [&parser](const char* name) { return parser.isSet(QString::fromLatin1(name)); };
    const auto valueOf = [&parser](const char* name) { return parser.value(QString::fromLatin1(name)); };
    if (!parser.parse(arguments)) {
        result.error = parser.errorText();
        return result;
    }
    if (parser.isSet(help)) {
        result.helpShown = true;
        result.helpText = parser.helpText();
        return result;
    }
    if (isSet("version")) {
        result.versionShown = true;
        return result;
    }
    // The options one by one; the first that is refused ends the parse with its message.
    result.error = [&]() -> QString {
        // A file manager or the desktop's "Open with" passes the file as the only argument.
        const QStringList positional = parser.positionalArguments();
        if (positional.size() > 1 || (positional.size() == 1 && isSet("open")))
            return QStringLiteral("unexpected argument '%1' (one puzzle is opened, with --open or alone)")
                .arg(positional.last());
        LaunchOptions& options = result.options;
        options.open = positional.isEmpty() ? valueOf("open") : positional.first();
        options.algorithm = valueOf("algorithm");
        options.parameters = parser.values(QStringLiteral("param"));
        options.run = isSet("run");
        options.difficultyLab = isSet("difficulty-lab");
        if (isSet("generate")) {
            options.generateLevel = valueOf("generate");
            if (!QStringList{"any", "singles", "locked", "pairs", "search", "easy", "medium", "hard", "expert"}.contains(
                    options.generateLevel))
                return QStringLiteral("--generate: '%1' is not one of any, singles, locked, pairs, search (Sudoku), "
                                      "easy, medium, hard, expert (Nurikabe)")
                    .arg(options.generateLevel);
        }
        options.compareDir = valueOf("compare");
        if (isSet("compare-tab")) {
            options.compareTab = valueOf("compare-tab");
            if (options.compareDir.isEmpty()) return QStringLiteral("--compare-tab needs --compare DIR");
            if (!CompareView::tabKeys().contains(options.compareTab))
                return QStringLiteral("--compare-tab: '%1' is not one of %2")
                    .arg(options.compareTab, CompareView::tabKeys().join(QStringLiteral(", ")));
        }
        options.screenshot = valueOf("screenshot");
        options.stats = isSet("stats");
        options.presentation = isSet("presentation");
        options.lesson = valueOf("lesson");
        options.reveal = isSet("reveal");
        options.lessonPlay = isSet("lesson-play");
        options.exportHandout = valueOf("export-handout");
        options.handoutNotes = isSet("with-notes");
        if (options.handoutNotes && options.exportHandout.isEmpty()) return QStringLiteral("--with-notes needs --export-handout OUT");
        if (isSet("slide")) {
            if (QString error = readNumber(parser, QStringLiteral("slide"), 1, 100000, "a slide number from 1", options.slide);
                !error.isEmpty())
                return error;
        }
        if ((isSet("slide") || options.reveal || options.lessonPlay || !options.exportHandout.isEmpty()) &&
            options.lesson.isEmpty())
            return QStringLiteral("--slide, --reveal, --lesson-play and --export-handout need --lesson FILE");
        options.exitWhenFinished = isSet("exit-when-finished");
        if (isSet("seed")) {
            std::uint64_t value = 0;
            if (QString error = readWholeNumber(parser, QStringLiteral("seed"), value); !error.isEmpty()) return error;
            options.seed = value;
        }
        if (isSet("hint")) {
            if (QString error = readNumber(parser, QStringLiteral("hint"), 1, 3, "a level from 1 to 3", options.hintLevel); !error.isEmpty())
                return error;
            if (options.run) return QStringLiteral("--hint: a hint is for the board as it stands, not during --run");
        }
        if (isSet("after-ms")) {
            if (QString error = readNumber(parser, QStringLiteral("after-ms"), 0, std::numeric_limits<int>::max(),
                                           "a number of milliseconds", options.afterMs);
                !error.isEmpty())
                return error;
            if (options.screenshot.isEmpty()) return QStringLiteral("--after-ms needs --screenshot FILE.png");
        }
        if (!options.screenshot.isEmpty() && !options.screenshot.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive))
            return QStringLiteral("--screenshot: '%1' must name a .png file").arg(options.screenshot);
        if (isSet("speed")) {
            const QString text = valueOf("speed");
            if (text == QLatin1String("max") || text == QLatin1String("flat")) {
                options.movesPerSecond = 0;
            } else {
                bool ok = false;
                const double value = text.toDouble(&ok);
                if (!ok || value <= 0)
                    return QStringLiteral("--speed: '%1' is neither a positive number of moves per second nor 'max'")
                        .arg(text);
                options.movesPerSecond = value;
            }
        }
        if (isSet("step-limit"))
            if (QString error = readWholeNumber(parser, QStringLiteral("step-limit"), options.stepLimit); !error.isEmpty()) return error;
        if (isSet("time-limit"))
            if (QString error = readNumber(parser, QStringLiteral("time-limit"), 0.0, std::numeric_limits<double>::infinity(),
                                           "a number of seconds", options.timeLimitSeconds);
                !error.isEmpty())
                return error;
        if (isSet("replay-at")) {
            double fraction = 0;
            if (QString error = readNumber(parser, QStringLiteral("replay-at"), 0.0, 1.0, "a fraction from 0 to 1", fraction); !error.isEmpty())
                return error;
            options.replayAt = fraction;
        }
        if (isSet("palette")) {
            options.palette = valueOf("palette");
            if (options.palette != QLatin1String("light") && options.palette != QLatin1String("dark"))
                return QStringLiteral("--palette: '%1' is neither light nor dark").arg(options.palette);
        }
        options.race = valueOf("race");
        options.racePace = valueOf("race-pace");
        if (isSet("race-pace") && options.race.isEmpty()) return QStringLiteral("--race-pace needs --race ID,ID");
        if (isSet("race-pace") && !QStringList{"steps", "fair", "flat"}.contains(options.racePace))
            return QStringLiteral("--race-pace: '%1' is not one of steps, fair, flat").arg(options.racePace);
        if (isSet("race-evaluations")) {
            std::uint64_t budget = 0;
            if (QString error = readWholeNumber(parser, QStringLiteral("race-evaluations"), budget); !error.isEmpty()) return error;
            options.raceEvaluations = budget;
            if (options.race.isEmpty()) return QStringLiteral("--race-evaluations needs --race ID,ID");
        }
        return parseAnimationOptions(parser, animation, options.open, options.exportAnimation, options.animation);
    }();
    return result;
}

}  // namespace pw::ui
