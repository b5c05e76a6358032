// puzzle-workbench: the desktop window. See ui/launch_options.h for the command line; bad options and bad
// puzzles given on the command line print a message and exit with status 2.

#include "animation_export.h"
#include "appearance.h"
#include "board_model.h"
#include "charts/chart_panel.h"
#include "compare_view.h"
#include "data_directory.h"
#include "difficulty_lab.h"
#include "generate_dialog.h"
#include "launch_options.h"
#include "main_window.h"
#include "race_view.h"
#include "replay_view.h"

#include "io/formats.h"

#include <QApplication>
#include <QBuffer>
#include <QElapsedTimer>
#include <QPainter>
#include <QTimer>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace {
constexpr int kExitUsage = 2;

// The resident set size of this process in kB (Linux), 0 where it cannot be read.
long residentKilobytes() {
    std::ifstream status("/proc/self/status");
    std::string key;
    long value = 0;
    while (status >> key) {
        if (key == "VmRSS:") {
            status >> value;
            return value;
        }
        status.ignore(1 << 12, '\n');
    }
    return 0;
}

void printError(const QString& message) {
    std::fprintf(stderr, "puzzle-workbench: %s\n", message.toLocal8Bit().constData());
}
}  // namespace

int main(int argc, char* argv[]) {
    // An animation export needs no display: Qt's offscreen platform, unless the caller chose one.
    if (std::any_of(argv + 1, argv + argc, [](const char* argument) {
            return std::string_view(argument).starts_with("--export-animation");
        }) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("PuzzleWorkbench"));
    QApplication::setApplicationName(QStringLiteral("puzzle-workbench"));
    QApplication::setApplicationDisplayName(QStringLiteral("Puzzle Workbench"));
    QApplication::setDesktopFileName(QStringLiteral("puzzle-workbench"));

    const pw::ui::LaunchParse parsed = pw::ui::parseLaunchOptions(QApplication::arguments());
    if (parsed.helpShown) {
        std::fputs(parsed.helpText.toLocal8Bit().constData(), stdout);
        return 0;
    }
    if (parsed.versionShown) {
        std::puts(pw::app::versionText("puzzle-workbench").c_str());
        return 0;
    }
    if (!parsed.error.isEmpty()) {
        printError(parsed.error + QStringLiteral("\n(see puzzle-workbench --help)"));
        return kExitUsage;
    }
    const pw::ui::LaunchOptions& options = parsed.options;
    if (!options.exportAnimation.isEmpty()) {
        pw::ui::applyPalette(options.palette == QLatin1String("dark"));
        QString summary;
        // A saved race's manifest, or a run recording.
        const QString error = pw::ui::MainWindow::isRaceFile(options.open)
                                  ? pw::ui::exportRaceAnimation(options.open, options.exportAnimation, options.animation, summary)
                                  : pw::ui::exportRecordingAnimation(options.open, options.exportAnimation, options.animation, summary);
        if (!error.isEmpty()) {
            printError(error);
            return 1;
        }
        std::printf("%s\n", summary.toLocal8Bit().constData());
        return 0;
    }
    const pw::app::PuzzleLibrary library = pw::app::findPuzzleLibrary();
    if (library.directory.empty()) {
        printError(QString::fromStdString(library.error));
        return kExitUsage;
    }
    pw::ui::applyPalette(false);
    pw::ui::MainWindow window(QString::fromStdString(library.directory.string()), !options.scripted());
    {
        // With --race the --param assignments are the race's, not the window's algorithm's.
        pw::ui::LaunchOptions windowOptions = options;
        if (!options.race.isEmpty()) windowOptions.parameters.clear();
        if (const QString error = window.applyLaunchOptions(windowOptions); !error.isEmpty()) {
            printError(error);
            return kExitUsage;
        }
    }
    pw::ui::RaceView* race = nullptr;
    if (!options.race.isEmpty()) {
        const pw::Puzzle& puzzle = window.boardModel()->puzzle();
        std::vector<pw::ui::RaceEntry> entries;
        QString error = pw::ui::raceEntries(options.race, options.parameters, options.seed.value_or(1), puzzle.kind(), entries);
        pw::ui::RaceBudget budget;
        if (options.stepLimit) budget.maxSteps = options.stepLimit;
        if (options.raceEvaluations) budget.maxEvaluations = *options.raceEvaluations;
        budget.maxSeconds = options.timeLimitSeconds;
        race = window.openRaceView();
        if (error.isEmpty()) error = race->setRace(puzzle, std::move(entries), budget);
        if (!error.isEmpty()) {
            printError(error.startsWith(QStringLiteral("--")) ? error : QStringLiteral("--race: ") + error);
            return kExitUsage;
        }
        const pw::ui::RacePace pace = options.racePace == QLatin1String("steps") ? pw::ui::RacePace::StepsPerSecond
                                      : options.racePace == QLatin1String("flat") ? pw::ui::RacePace::FlatOut
                                                                                  : pw::ui::RacePace::FairEvaluations;
        race->setPace(pace, options.movesPerSecond.value_or(0));
    }
    if (!race) race = window.raceView();  // --open of a saved race
    window.show();

    // --stats follows memory: RSS once a second, so that a long run shows whether it grows after warm-up
    // (taken as the sample at a fifth of the session).
    std::vector<long> rssSamples{residentKilobytes()};
    QTimer rssTimer;
    if (options.stats) {
        QObject::connect(&rssTimer, &QTimer::timeout, &app, [&rssSamples] { rssSamples.push_back(residentKilobytes()); });
        rssTimer.start(1000);
    }
    auto printStats = [&window, &rssSamples, &race] {
        rssSamples.push_back(residentKilobytes());
        // A race: each run's counters (each its own worker thread), the window's longest stall while it ran.
        for (int i = 0; race && i < race->runCount(); ++i) {
            const pw::ui::RunStatus run = race->status(i);
            const std::optional<pw::RunResult> result = race->result(i);
            std::printf("race_run=%d label=%s steps=%llu evaluations=%llu seconds=%.3f best_cost=%g outcome=%s\n", i + 1,
                        race->entry(i).label.c_str(), static_cast<unsigned long long>(race->counters(i).steps),
                        static_cast<unsigned long long>(race->counters(i).evaluations),
                        result ? result->seconds : run.seconds, result ? result->bestCost : run.bestCost,
                        result ? pw::outcomeName(result->outcome) : "running");
        }
        if (race) std::printf("race_longest_stall_ms=%.1f\n", window.longestStallMs());
        const pw::ui::RunStatus status = window.controller()->status();
        std::printf("steps=%llu evaluations=%llu seconds=%.3f steps_per_second=%.0f longest_stall_ms=%.1f\n",
                    static_cast<unsigned long long>(status.counters.steps),
                    static_cast<unsigned long long>(status.counters.evaluations), status.seconds,
                    status.seconds > 0 ? static_cast<double>(status.counters.steps) / status.seconds : 0.0,
                    window.longestStallMs());
        // What the charts hold: a paced run grows them from its first step, a run flat out keeps them bounded.
        QStringList points;
        for (const auto& [series, count] : window.chartPanel()->pointCounts())
            points.append(QStringLiteral("chart_%1=%2").arg(QString(series).replace(QLatin1Char(' '), QLatin1Char('_'))).arg(count));
        std::printf("actual_steps_per_second=%.1f %s\n", status.stepsPerSecond,
                    points.isEmpty() ? "chart_series=0" : points.join(QLatin1Char(' ')).toLocal8Bit().constData());
        std::printf("rss_start_kb=%ld rss_warm_kb=%ld rss_end_kb=%ld rss_peak_kb=%ld rss_samples=%zu\n",
                    rssSamples.front(), rssSamples[rssSamples.size() / 5], rssSamples.back(),
                    *std::max_element(rssSamples.begin(), rssSamples.end()), rssSamples.size());
        for (const QString& line : window.layoutReport()) std::printf("%s\n", line.toLocal8Bit().constData());
        if (pw::ui::ReplayView* replay = window.replayView(); replay && replay->timeline()) {
            // Scrubbing: 100 positions spread over the run, visited in a jumping order (forward and back).
            const long rssBeforeSeeks = residentKilobytes();  // the window shown and painted: seeking alone from here
            const std::size_t events = replay->timeline()->size();
            const std::size_t before = replay->position();
            double total = 0;
            double longest = 0;
            QElapsedTimer stateClock;
            double stateTotal = 0;
            for (std::size_t i = 0; i < 100; ++i) {
                const std::size_t position = (i * 37 % 100) * events / 99;
                replay->seek(position);
                // What the event loop does between two seeks of the slider: the charts' old series are deleted.
                QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
                total += replay->lastSeekMilliseconds();
                longest = std::max(longest, replay->lastSeekMilliseconds());
                stateClock.start();  // the board state alone, without the widgets and charts
                const pw::TimelineState state = replay->timeline()->stateAt(position);
                stateTotal += static_cast<double>(stateClock.nsecsElapsed()) / 1e6;
            }
            replay->seek(before);
            std::printf("replay_events=%zu snapshots=%zu seek_mean_ms=%.2f seek_max_ms=%.2f state_mean_ms=%.3f "
                        "rss_before_seeks_kb=%ld rss_after_seeks_kb=%ld\n",
                        events, replay->timeline()->snapshotCount(), total / 100, longest, stateTotal / 100,
                        rssBeforeSeeks, residentKilobytes());
        }
        std::fflush(stdout);
    };
    if (race && options.exitWhenFinished)
        QObject::connect(race, &pw::ui::RaceView::finished, &app, [&app, &options, printStats] {
            if (options.stats) printStats();
            app.exit(0);
        });
    if (options.exitWhenFinished && !race) {
        QObject::connect(&window, &pw::ui::MainWindow::runFinished, &app, [&app, &options, printStats] {
            if (options.stats) printStats();
            app.exit(0);
        });
    }
    pw::ui::DifficultyLab* lab = options.difficultyLab ? window.openDifficultyLab() : nullptr;
    pw::ui::GenerateDialog* generator = options.generateLevel.isEmpty() ? nullptr : window.openGenerateDialog();
    if (generator) {
        generator->setLevel(options.generateLevel);
        if (options.seed) generator->setSeed(static_cast<int>(std::min<std::uint64_t>(*options.seed, INT_MAX)));  // the form's range
        QTimer::singleShot(0, generator, [generator] { generator->start(); });
    }
    pw::ui::CompareView* compare = options.compareDir.isEmpty() ? nullptr : window.openCompareView();
    if (compare && !compare->openResults(options.compareDir, true)) {
        printError(QStringLiteral("--compare: %1 is not a directory written by puzzle-cli bench").arg(options.compareDir));
        return kExitUsage;
    }
    if (compare && !options.compareTab.isEmpty()) compare->showTab(options.compareTab);
    if (options.run) QTimer::singleShot(0, &window, [&window, lab, race] { race ? race->start() : lab ? lab->startRating() : window.run(); });
    if (options.hintLevel) QTimer::singleShot(0, &window, [&window, &options] { window.showHint(options.hintLevel); });
    if (!options.screenshot.isEmpty()) {
        QTimer::singleShot(options.afterMs, &window, [&window, &app, &options, printStats, lab, generator, compare, race] {
            QPixmap shot = race ? race->grab() : lab ? lab->grab() : compare ? compare->grab() : window.grab();
            if (generator) {  // the dialog over the window's top right corner, where it leaves the board visible
                QPainter painter(&shot);
                const QPixmap dialog = generator->grab();
                const QRect frame(shot.width() - dialog.width() - 16, 64, dialog.width(), dialog.height());
                painter.drawPixmap(frame.topLeft(), dialog);
                painter.setPen(QPen(generator->palette().color(QPalette::Mid), 2));
                painter.drawRect(frame.adjusted(-1, -1, 0, 0));
            }
            // Encoded in memory and written atomically, as every file the window writes.
            QByteArray png;
            QBuffer buffer(&png);
            buffer.open(QIODevice::WriteOnly);
            std::string writeError;
            if (!shot.save(&buffer, "PNG") ||
                !pw::writeFileAtomically(options.screenshot.toStdString(),
                                         std::string_view(png.constData(), static_cast<std::size_t>(png.size())),
                                         writeError)) {
                printError(QStringLiteral("--screenshot: cannot write %1 %2").arg(options.screenshot,
                                                                                  QString::fromStdString(writeError)));
                app.exit(1);
                return;
            }
            if (options.stats) printStats();
            app.exit(0);
        });
    }
    const int status = app.exec();
    if (options.stats && options.screenshot.isEmpty() && !options.exitWhenFinished) printStats();
    return status;
}
