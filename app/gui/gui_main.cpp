// puzzle-workbench: the desktop window. See ui/launch_options.h for the command line; bad options and bad
// puzzles given on the command line print a message and exit with status 2.

#include "appearance.h"
#include "board_model.h"
#include "compare_view.h"
#include "difficulty_lab.h"
#include "launch_options.h"
#include "main_window.h"

#include <QApplication>
#include <QTimer>

#include <cstdio>

namespace {
constexpr int kExitUsage = 2;

void printError(const QString& message) {
    std::fprintf(stderr, "puzzle-workbench: %s\n", message.toLocal8Bit().constData());
}
}  // namespace

int main(int argc, char* argv[]) {
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
    if (!parsed.error.isEmpty()) {
        printError(parsed.error + QStringLiteral("\n(see puzzle-workbench --help)"));
        return kExitUsage;
    }
    const pw::ui::LaunchOptions& options = parsed.options;
    pw::ui::applyPalette(false);
    pw::ui::MainWindow window(QStringLiteral(PW_PUZZLES_DIR), !options.scripted());
    if (const QString error = window.applyLaunchOptions(options); !error.isEmpty()) {
        printError(error);
        return kExitUsage;
    }
    window.show();

    auto printStats = [&window] {
        const pw::ui::RunStatus& status = window.controller()->status();
        std::printf("steps=%llu evaluations=%llu seconds=%.3f steps_per_second=%.0f longest_stall_ms=%.1f\n",
                    static_cast<unsigned long long>(status.counters.steps),
                    static_cast<unsigned long long>(status.counters.evaluations), status.seconds,
                    status.seconds > 0 ? static_cast<double>(status.counters.steps) / status.seconds : 0.0,
                    window.longestStallMs());
        std::fflush(stdout);
    };
    if (options.exitWhenFinished) {
        QObject::connect(&window, &pw::ui::MainWindow::runFinished, &app, [&app, &options, printStats] {
            if (options.stats) printStats();
            app.exit(0);
        });
    }
    pw::ui::DifficultyLab* lab = options.difficultyLab ? window.openDifficultyLab() : nullptr;
    pw::ui::CompareView* compare = options.compareDir.isEmpty() ? nullptr : window.openCompareView();
    if (compare && !compare->openResults(options.compareDir, true)) {
        printError(QStringLiteral("--compare: %1 is not a directory written by puzzle-cli bench").arg(options.compareDir));
        return kExitUsage;
    }
    if (options.run) QTimer::singleShot(0, &window, [&window, lab] { lab ? lab->startRating() : window.run(); });
    if (options.hintLevel) QTimer::singleShot(0, &window, [&window, &options] { window.showHint(options.hintLevel); });
    if (!options.screenshot.isEmpty()) {
        QTimer::singleShot(options.afterMs, &window, [&window, &app, &options, printStats, lab, compare] {
            const QPixmap shot = lab ? lab->grab() : compare ? compare->grab() : window.grab();
            if (!shot.save(options.screenshot, "PNG")) {
                printError(QStringLiteral("--screenshot: cannot write %1").arg(options.screenshot));
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
