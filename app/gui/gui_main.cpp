// puzzle-workbench: the desktop window. See ui/window/launch_options.h for the command line; bad options and bad
// puzzles given on the command line print a message and exit with status 2.

#include "data_directory.h"
#include "scripted_session.h"

#include "export/animation_export.h"
#include "race/race_view.h"
#include "style/appearance.h"
#include "window/launch_options.h"
#include "window/main_window.h"

#include <QApplication>

#include <algorithm>
#include <cstdio>
#include <string_view>

namespace {
constexpr int kExitUsage = 2;

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
    pw::app::ScriptedSession session(app, window, options);
    if (const QString error = session.setUpRace(); !error.isEmpty()) {
        printError(error);
        return kExitUsage;
    }
    window.show();
    if (const QString error = session.start(); !error.isEmpty()) {
        printError(error);
        return kExitUsage;
    }
    const int status = app.exec();
    session.finish();
    return status;
}
