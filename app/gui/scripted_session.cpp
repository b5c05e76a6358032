#include "scripted_session.h"

#include "board/board_model.h"
#include "charts/chart_panel.h"
#include "lesson/lesson_player.h"
#include "race/race_entries.h"
#include "race/race_view.h"
#include "replay/replay_view.h"
#include "run/decision_panel.h"
#include "tools/compare_view.h"
#include "tools/difficulty_lab.h"
#include "tools/generate_dialog.h"
#include "window/main_window.h"

#include "io/output.h"
#include "io/puzzle_text.h"
#include "study/generator.h"

#include <QApplication>
#include <QBuffer>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QPainter>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>

namespace pw::app {

namespace {

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

ScriptedSession::ScriptedSession(QApplication& app, ui::MainWindow& window, const ui::LaunchOptions& options)
    : m_app(app), m_window(window), m_options(options), m_rssSamples{residentKilobytes()} {}

QString ScriptedSession::setUpRace() {
    if (m_options.race.isEmpty()) {
        m_race = m_window.raceView();  // --open of a saved race
        return {};
    }
    const Puzzle& puzzle = m_window.boardModel()->puzzle();
    std::vector<ui::RaceEntry> entries;
    QString error = ui::raceEntries(m_options.race, m_options.parameters, m_options.seed.value_or(1), puzzle.kind(), entries);
    ui::RaceBudget budget;
    if (m_options.stepLimit) budget.maxSteps = m_options.stepLimit;
    if (m_options.raceEvaluations) budget.maxEvaluations = *m_options.raceEvaluations;
    budget.maxSeconds = m_options.timeLimitSeconds;
    m_race = m_window.openRaceView();
    if (error.isEmpty()) error = m_race->setRace(puzzle, std::move(entries), budget);
    if (!error.isEmpty()) return error.startsWith(QStringLiteral("--")) ? error : QStringLiteral("--race: ") + error;
    const ui::RacePace pace = m_options.racePace == QLatin1String("steps") ? ui::RacePace::StepsPerSecond
                              : m_options.racePace == QLatin1String("flat") ? ui::RacePace::FlatOut
                                                                            : ui::RacePace::FairEvaluations;
    m_race->setPace(pace, m_options.movesPerSecond.value_or(0));
    return {};
}

QString ScriptedSession::start() {
    // --stats follows memory: RSS once a second, so that a long run shows whether it grows after warm-up
    // (taken as the sample at half the session: a race's charts and Qt's caches fill for a while, slowly).
    if (m_options.stats) {
        connect(&m_rssTimer, &QTimer::timeout, this, [this] { m_rssSamples.push_back(residentKilobytes()); });
        m_rssTimer.start(1000);
    }
    if (m_options.exitWhenFinished) {
        if (m_race) connect(m_race, &ui::RaceView::finished, this, &ScriptedSession::exitWhenFinished);
        else connect(&m_window, &ui::MainWindow::runFinished, this, &ScriptedSession::exitWhenFinished);
    }
    if (m_options.difficultyLab) {
        m_lab = m_window.openDifficultyLab();
        if (!m_options.open.isEmpty() && QFileInfo(m_options.open).isFile() && !m_lab->setPuzzleSet(m_options.open, true))
            return QStringLiteral("--difficulty-lab: %1 holds no puzzle").arg(m_options.open);
    }
    if (!m_options.generateLevel.isEmpty()) {
        m_generator = m_window.openGenerateDialog();
        if (QStringList{"easy", "medium", "hard", "expert"}.contains(m_options.generateLevel)) {
            m_generator->setNurikabe(true);
            if (m_window.boardModel()->puzzle().kind() == PuzzleKind::Nurikabe) {
                const NurikabeGrid& clues = m_window.boardModel()->puzzle().nurikabe().clues;
                m_generator->setNurikabeSize(std::min(clues.height(), kMaxNurikabeGeneratorSide),
                                             std::min(clues.width(), kMaxNurikabeGeneratorSide));
            }
        }
        m_generator->setLevel(m_options.generateLevel);
        if (m_options.seed) m_generator->setSeed(static_cast<int>(std::min<std::uint64_t>(*m_options.seed, INT_MAX)));  // the form's range
        QTimer::singleShot(0, m_generator, [generator = m_generator] { generator->start(); });
    }
    if (!m_options.compareDir.isEmpty()) {
        m_compare = m_window.openCompareView();
        QString error;
        if (!m_compare->openResults(m_options.compareDir, true, &error)) return QStringLiteral("--compare: ") + error;
        if (!m_options.compareTab.isEmpty()) m_compare->showTab(m_options.compareTab);
    }
    if (!m_options.lesson.isEmpty()) {
        if (const QString error = m_window.openLesson(m_options.lesson, true); !error.isEmpty())
            return QStringLiteral("--lesson: ") + error;
        ui::LessonPlayer* player = m_window.lessonPlayer();
        if (m_options.slide > player->slideCount())
            return QStringLiteral("--slide: the lesson has %1 slides").arg(player->slideCount());
        if (m_options.slide > 1) player->goToSlide(m_options.slide - 1);
        if (!m_options.exportHandout.isEmpty()) {
            if (const QString error = m_window.exportLessonHandout(m_options.exportHandout, m_options.handoutNotes);
                !error.isEmpty())
                return QStringLiteral("--export-handout: ") + error;
            QTimer::singleShot(0, &m_app, [this] { m_app.exit(0); });
            return {};
        }
        if (m_options.lessonPlay) connect(player, &ui::LessonPlayer::slideLanded, this, &ScriptedSession::playLesson);
        else if (m_options.reveal)
            connect(player, &ui::LessonPlayer::slideLanded, player, [player](int, bool revealed) {
                if (!revealed) player->reveal();
            });
    }
    if (m_options.run)
        QTimer::singleShot(0, &m_window, [this] { m_race ? m_race->start() : m_lab ? m_lab->startRating() : m_window.run(); });
    if (m_options.hintLevel) QTimer::singleShot(0, &m_window, [this] { m_window.showHint(m_options.hintLevel); });
    if (!m_options.screenshot.isEmpty()) QTimer::singleShot(m_options.afterMs, &m_window, [this] { takeScreenshot(); });
    return {};
}

void ScriptedSession::playLesson(int index, bool revealed) {
    ui::LessonPlayer* player = m_window.lessonPlayer();
    const SlideState& planned = player->plan().slides[static_cast<std::size_t>(index)];
    if (!revealed) {
        // Where the window stands against where the plan says the slide lands.
        const std::uint64_t step = m_window.controller()->status().counters.steps;
        const std::string board = boardText(m_window.boardModel()->board());
        const bool same = step == planned.step && board == boardText(planned.board);
        m_lessonMismatches += !same;
        QJsonObject line{{QStringLiteral("slide"), index + 1},
                         {QStringLiteral("step"), static_cast<qint64>(step)},
                         {QStringLiteral("planned_step"), static_cast<qint64>(planned.step)},
                         {QStringLiteral("as_planned"), same},
                         {QStringLiteral("board"), QString::fromStdString(board)}};
        std::printf("%s\n", QJsonDocument(line).toJson(QJsonDocument::Compact).constData());
        std::fflush(stdout);
        if (planned.quiz) {
            player->reveal();
            return;
        }
    } else if (m_window.controller()->status().counters.steps != planned.quiz->step) {
        ++m_lessonMismatches;
        printError(QStringLiteral("slide %1: the reveal stood on step %2, not %3")
                       .arg(index + 1)
                       .arg(m_window.controller()->status().counters.steps)
                       .arg(planned.quiz->step));
    }
    if (index + 1 < player->slideCount()) {
        QTimer::singleShot(0, player, [player] { player->next(); });
        return;
    }
    if (m_lessonMismatches) printError(QStringLiteral("%1 slides did not land as planned").arg(m_lessonMismatches));
    m_app.exit(m_lessonMismatches ? 1 : 0);
}

void ScriptedSession::finish() {
    if (m_options.stats && m_options.screenshot.isEmpty() && !m_options.exitWhenFinished) printStats();
}

void ScriptedSession::exitWhenFinished() {
    if (m_options.stats) printStats();
    m_app.exit(0);
}

void ScriptedSession::takeScreenshot() {
    QPixmap shot = m_race ? m_race->grab() : m_lab ? m_lab->grab() : m_compare ? m_compare->grab() : m_window.grab();
    if (m_generator) {  // the dialog over the window's top right corner, where it leaves the board visible
        QPainter painter(&shot);
        const QPixmap dialog = m_generator->grab();
        const QRect frame(shot.width() - dialog.width() - 16, 64, dialog.width(), dialog.height());
        painter.drawPixmap(frame.topLeft(), dialog);
        painter.setPen(QPen(m_generator->palette().color(QPalette::Mid), 2));
        painter.drawRect(frame.adjusted(-1, -1, 0, 0));
    }
    // Encoded in memory and written atomically, as every file the window writes.
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    std::string writeError;
    if (!shot.save(&buffer, "PNG") ||
        !writeFileAtomically(m_options.screenshot.toStdString(),
                             std::string_view(png.constData(), static_cast<std::size_t>(png.size())), writeError)) {
        printError(QStringLiteral("--screenshot: cannot write %1 %2").arg(m_options.screenshot, QString::fromStdString(writeError)));
        m_app.exit(1);
        return;
    }
    if (m_options.stats) printStats();
    m_app.exit(0);
}

void ScriptedSession::printStats() {
    m_rssSamples.push_back(residentKilobytes());
    // A race: each run's counters (each its own worker thread), the window's longest stall while it ran.
    for (int i = 0; m_race && i < m_race->runCount(); ++i) {
        const ui::RunStatus run = m_race->status(i);
        const std::optional<RunResult> result = m_race->result(i);
        std::printf("race_run=%d label=%s steps=%llu evaluations=%llu seconds=%.3f best_cost=%g outcome=%s\n", i + 1,
                    m_race->entry(i).label.c_str(), static_cast<unsigned long long>(m_race->counters(i).steps),
                    static_cast<unsigned long long>(m_race->counters(i).evaluations),
                    result ? result->seconds : run.seconds, result ? result->bestCost : run.bestCost,
                    result ? outcomeName(result->outcome) : "running");
    }
    if (m_race) std::printf("race_longest_stall_ms=%.1f\n", m_window.longestStallMs());
    const ui::RunStatus status = m_window.controller()->status();
    std::printf("steps=%llu evaluations=%llu seconds=%.3f steps_per_second=%.0f longest_stall_ms=%.1f\n",
                static_cast<unsigned long long>(status.counters.steps),
                static_cast<unsigned long long>(status.counters.evaluations), status.seconds,
                status.seconds > 0 ? static_cast<double>(status.counters.steps) / status.seconds : 0.0,
                m_window.longestStallMs());
    // What the charts hold: a paced run grows them from its first step, a run flat out keeps them bounded.
    QStringList points;
    for (const auto& [series, count] : m_window.chartPanel()->pointCounts())
        points.append(QStringLiteral("chart_%1=%2").arg(QString(series).replace(QLatin1Char(' '), QLatin1Char('_'))).arg(count));
    std::printf("actual_steps_per_second=%.1f %s\n", status.stepsPerSecond,
                points.isEmpty() ? "chart_series=0" : points.join(QLatin1Char(' ')).toLocal8Bit().constData());
    // What the Decisions dock showed: nothing while it stays hidden, however many decisions reached it.
    std::printf("decisions_shown=%d\n",
                m_window.decisionDock()->isVisible() ? m_window.decisionPanel()->shownCount() : 0);
    std::printf("rss_start_kb=%ld rss_warm_kb=%ld rss_end_kb=%ld rss_peak_kb=%ld rss_samples=%zu\n", m_rssSamples.front(),
                m_rssSamples[m_rssSamples.size() / 2], m_rssSamples.back(),
                *std::max_element(m_rssSamples.begin(), m_rssSamples.end()), m_rssSamples.size());
    for (const QString& line : m_window.layoutReport()) std::printf("%s\n", line.toLocal8Bit().constData());
    if (ui::ReplayView* replay = m_window.replayView(); replay && replay->timeline()) {
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
            const TimelineState state = replay->timeline()->stateAt(position);
            stateTotal += static_cast<double>(stateClock.nsecsElapsed()) / 1e6;
        }
        replay->seek(before);
        std::printf("replay_events=%zu snapshots=%zu seek_mean_ms=%.2f seek_max_ms=%.2f state_mean_ms=%.3f "
                    "rss_before_seeks_kb=%ld rss_after_seeks_kb=%ld\n",
                    events, replay->timeline()->snapshotCount(), total / 100, longest, stateTotal / 100,
                    rssBeforeSeeks, residentKilobytes());
    }
    std::fflush(stdout);
}

}  // namespace pw::app
