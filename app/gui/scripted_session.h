#pragma once
// What the window's command line asks beyond opening a puzzle: a race to set up (--race), tools to open
// (--difficulty-lab, --generate, --compare), a run or hint to start (--run, --hint), and the scripted ending
// (--screenshot after --after-ms, --exit-when-finished, --stats with its figures on standard output) and a
// lesson to show (--lesson, --slide, --reveal) or to play through and check (--lesson-play).

#include "window/launch_options.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <vector>

class QApplication;

namespace pw::ui {
class CompareView;
class DifficultyLab;
class GenerateDialog;
class MainWindow;
class RaceView;
}  // namespace pw::ui

namespace pw::app {

class ScriptedSession : public QObject {
public:
    ScriptedSession(QApplication& app, ui::MainWindow& window, const ui::LaunchOptions& options);

    // Sets up the race before the window shows; the error (naming the option), or empty.
    QString setUpRace();
    // After the window shows: opens the tools, schedules the run, the hint, the screenshot and the exit; the
    // error (naming the option), or empty.
    QString start();
    // Once the event loop has returned: --stats of a session that ended by closing the window.
    void finish();

private:
    void printStats();
    void takeScreenshot();
    void exitWhenFinished();
    // --lesson-play: each slide as it lands, printed and checked against the plan; then the next, or the exit.
    void playLesson(int index, bool revealed);

    QApplication& m_app;
    ui::MainWindow& m_window;
    const ui::LaunchOptions& m_options;
    ui::RaceView* m_race = nullptr;
    ui::DifficultyLab* m_lab = nullptr;
    ui::GenerateDialog* m_generator = nullptr;
    ui::CompareView* m_compare = nullptr;
    std::vector<long> m_rssSamples;  // --stats: the resident set size once a second, in kB
    QTimer m_rssTimer;
    int m_lessonMismatches = 0;
};

}  // namespace pw::app
