// The window's side of run recordings: File ▸ Open recording… and Save run recording…, `--open` of a
// recording, and the Replay dock whose timeline scrubs through the recorded run.

#include "window/main_window.h"

#include "export/decision_handout_dialog.h"

#include "window/presentation_mode.h"
#include "window/window_docks.h"

#include "run/algorithm_panel.h"
#include "run/decision_panel.h"
#include "board/board_model.h"
#include "io/recording.h"
#include "run/log_pane.h"
#include "run/program_view.h"
#include "replay/replay_view.h"

#include <QDockWidget>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QStatusBar>
#include <QTimer>

#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

namespace pw::ui {

bool MainWindow::isRecordingFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return false;
    const QByteArray head = file.read(4096);
    return looksLikeRecording(std::string_view(head.constData(), static_cast<std::size_t>(head.size())));
}

TimelineLoad MainWindow::loadTimeline(RunRecording recording, const QString& what, bool explain) {
    const std::uint64_t recordedSteps = recording.result.counters.steps;
    std::atomic<bool> cancel = false;
    std::atomic<std::uint64_t> stepsReplayed = 0;
    std::atomic<bool> finished = false;
    TimelineLoadOptions options;
    options.cancel = &cancel;
    options.explain = explain;
    options.progress = [&stepsReplayed](std::uint64_t steps, std::uint64_t) {
        stepsReplayed.store(steps, std::memory_order_relaxed);
    };
    TimelineLoad load;
    // A std::thread, joined below: the load's result is handed over by the join, which every tool can see.
    std::thread loader([&] {
        load = RunTimeline::load(std::move(recording), options);
        finished.store(true, std::memory_order_release);
    });
    QElapsedTimer clock;
    clock.start();
    while (!finished.load(std::memory_order_acquire) && clock.elapsed() < kQuietLoadMs)
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    if (!finished.load(std::memory_order_acquire)) {
        const auto label = [&what, recordedSteps](std::uint64_t steps) {
            return tr("Replaying %1: step %L2 of %L3")
                .arg(what)
                .arg(static_cast<qulonglong>(steps))
                .arg(static_cast<qulonglong>(recordedSteps));
        };
        // Sized for the longest label, so the count never gets cut off as it grows.
        QProgressDialog progress(label(recordedSteps), tr("Cancel"), 0, 1000, this);
        progress.setMinimumWidth(progress.sizeHint().width());
        progress.setLabelText(label(0));
        progress.setWindowTitle(tr("Open recording"));
        progress.setWindowModality(Qt::WindowModal);
        progress.setMinimumDuration(0);
        progress.setAutoClose(false);
        progress.setAutoReset(false);
        QEventLoop loop;
        QTimer poll;
        connect(&poll, &QTimer::timeout, &loop, [&] {
            if (finished.load(std::memory_order_acquire)) return loop.quit();
            if (progress.wasCanceled()) return cancel.store(true);
            const std::uint64_t steps = stepsReplayed.load(std::memory_order_relaxed);
            progress.setLabelText(label(steps));
            if (recordedSteps) progress.setValue(static_cast<int>(std::min<std::uint64_t>(steps * 1000 / recordedSteps, 999)));
        });
        poll.start(50);
        progress.show();
        loop.exec();
    }
    loader.join();
    return load;
}

QString MainWindow::showRecording(const QString& path, std::optional<double> fraction, bool* cancelled) {
    const RecordingRead read = loadRecording(path.toStdString());
    if (!read.recording) return QString::fromStdString(read.error.toString());
    const RunRecording& recording = *read.recording;

    QElapsedTimer clock;
    clock.start();
    const TimelineLoad load = loadTimeline(recording, QFileInfo(path).fileName(), true);
    const double replaySeconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    if (load.cancelled) {
        if (cancelled) *cancelled = true;
        return cancelled ? QString() : tr("opening %1 was cancelled").arg(path);
    }
    if (!load.timeline) return tr("%1: %2").arg(path, QString::fromStdString(load.error));
    const std::shared_ptr<const RunTimeline>& timeline = load.timeline;

    endActiveRun(tr("recording %1 was opened").arg(QFileInfo(path).fileName()));
    setPuzzle(recording.puzzle);  // closes the recording shown before
    // The panel takes the recorded settings, so Run repeats the same run live.
    m_panel->setAlgorithm(recording.algorithmId);
    m_panel->setParameters(recording.parameters);
    m_panel->setRandomSeed(false);
    m_panel->setSeed(recording.seed);
    m_panel->setStepLimit(recording.endedByClockOrPerson() ? recording.result.counters.steps : recording.budgets.maxSteps);
    m_panel->setTimeLimitSeconds(0);

    if (!m_replayView) {
        m_replayView = new ReplayView(m_model, m_charts, m_programView, this);
        m_replayView->setMovesPerSecond(m_controller->stepsPerSecond());
        m_replayDock = new QDockWidget(tr("Replay"), this);
        m_replayDock->setObjectName(QStringLiteral("replayDock"));
        m_replayDock->setWidget(m_replayView);
        addDockWidget(Qt::BottomDockWidgetArea, m_replayDock, Qt::Vertical);
        m_viewMenu->addAction(m_replayDock->toggleViewAction());
        connect(m_replayView, &ReplayView::positionChanged, this, [this](std::size_t position, const TimelineState& state) {
            const RunResult& result = m_replayView->timeline()->result();
            RunStatus status;
            status.counters = state.at;
            status.seconds = result.counters.steps ? result.seconds * static_cast<double>(state.at.steps) /
                                                         static_cast<double>(result.counters.steps)
                                                   : 0;
            status.bestCost = state.bestCost.value_or(0);
            showRunStatus(status);
            showReplayedDecisions(position);
        });
    }
    m_replayView->setTimeline(timeline);
    if (!timeline->explained())
        m_log->addNote(tr("the run took more than %L1 steps: its replay is not explained step by step; File ▸ Export "
                          "decisions… explains a range of it")
                           .arg(kMaxExplainedTimelineSteps));
    if (fraction)
        m_replayView->seek(static_cast<std::size_t>(std::llround(*fraction * static_cast<double>(timeline->size()))));
    m_replayDock->show();
    m_replayDock->raise();
    if (!m_presentation->isOn() && !m_programView->program().isEmpty()) m_docks->programDock()->show();

    m_log->addNote(tr("recording %1: %2 seed %3 on %4 (workbench %5), %L6 events replayed in %7 s")
                       .arg(path, QString::fromStdString(recording.algorithmId))
                       .arg(recording.seed)
                       .arg(QString::fromStdString(recording.puzzle.id), QString::fromStdString(recording.workbenchVersion))
                       .arg(static_cast<qulonglong>(timeline->size()))
                       .arg(replaySeconds, 0, 'f', 2));
    // Only a change of the algorithm's code since the recording can make the replay end elsewhere.
    const RunResult& replayed = timeline->result();
    if (replayed.counters != recording.result.counters || replayed.bestCost != recording.result.bestCost)
        m_log->addNote(tr("warning: the replay ended at step %L1 with best cost %2, the recorded run at step %L3 with "
                          "best cost %4: the algorithm has changed since workbench %5")
                           .arg(static_cast<qulonglong>(replayed.counters.steps))
                           .arg(replayed.bestCost)
                           .arg(static_cast<qulonglong>(recording.result.counters.steps))
                           .arg(recording.result.bestCost)
                           .arg(QString::fromStdString(recording.workbenchVersion)));
    updateActions();
    return {};
}

bool MainWindow::openRecording(const QString& path, bool quiet) {
    bool cancelled = false;
    const QString error = showRecording(path, std::nullopt, &cancelled);
    if (cancelled) {
        m_log->addNote(tr("opening %1 cancelled; the window shows what it showed before").arg(path));
        return false;
    }
    if (error.isEmpty()) return true;
    if (!quiet) QMessageBox::warning(this, tr("Cannot open recording"), error);
    m_log->addNote(error);
    return false;
}

void MainWindow::showReplayedDecisions(std::size_t position) {
    const RunTimeline& timeline = *m_replayView->timeline();
    m_decisions->clear();
    const std::vector<const Decision*> decisions = timeline.decisionsBefore(position, DecisionPanel::kHistorySize);
    if (!decisions.empty()) m_decisions->addDecisions(decisions);
    m_decisionsAlgorithm = QString::fromStdString(timeline.recording().algorithmId);
    updateDocks();
}

void MainWindow::closeRecording() {
    if (!m_replayView || !m_replayView->timeline()) return;
    m_replayView->clear();
    m_replayDock->hide();
}

std::optional<RunRecording> MainWindow::lastRunRecording() const {
    if (!m_lastRequest || !m_lastFinished || m_controller->isActive()) return std::nullopt;
    const RunRequest& request = *m_lastRequest;
    return makeRecording(request.puzzle, request.algorithmId, request.parameters, request.seed,
                         RecordedBudgets{request.stepLimit, 0, 0, request.timeLimitSeconds},
                         recordedResultOf(*m_lastFinished));
}

bool MainWindow::canSaveRecording() const {
    return (m_replayView && m_replayView->timeline()) || lastRunRecording().has_value();
}

std::optional<RunRecording> MainWindow::shownRecording() const {
    if (m_replayView && m_replayView->timeline()) return m_replayView->timeline()->recording();
    return lastRunRecording();
}

void MainWindow::exportDecisionsDialog() {
    const std::optional<RunRecording> recording = shownRecording();
    if (!recording) return;
    // The replay offers the steps up to the one under its slider; a finished run its last steps.
    std::uint64_t around = recording->result.counters.steps;
    if (m_replayView && m_replayView->timeline())
        around = m_replayView->timeline()->stateAt(m_replayView->position()).at.steps;
    DecisionHandoutDialog dialog(*recording, around, this);
    if (dialog.exec() == QDialog::Accepted) m_log->addNote(tr("decisions exported to %1").arg(dialog.savedPath()));
}

bool MainWindow::saveRunRecording(const QString& path, bool quiet) {
    const std::optional<RunRecording> recording = shownRecording();
    QString error;
    std::string writeError;
    if (!recording) error = tr("No finished run to record: run an algorithm to its end, or stop it, first");
    else if (!saveRecording(path.toStdString(), *recording, writeError))
        error = QString::fromStdString(writeError);  // "cannot write 'PATH': REASON"
    if (!error.isEmpty()) {
        if (!quiet) QMessageBox::warning(this, tr("Cannot save recording"), error);
        m_log->addNote(error);
        return false;
    }
    m_log->addNote(tr("run recorded to %1").arg(path));
    statusBar()->showMessage(tr("Run recorded to %1").arg(path), 5000);
    return true;
}

void MainWindow::openRecordingDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open run recording"), QString(),
                                                      tr("Run recordings (*.json);;All files (*)"));
    if (!path.isEmpty()) openRecording(path);
}

void MainWindow::saveRecordingDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save run recording"), QString(),
                                                      tr("Run recordings (*.json)"));
    if (!path.isEmpty()) saveRunRecording(path);
}

}  // namespace pw::ui
