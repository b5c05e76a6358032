// The window's side of run recordings: File ▸ Open recording… and Save run recording…, `--open` of a
// recording, and the Replay dock whose timeline scrubs through the recorded run.

#include "main_window.h"

#include "algorithm_panel.h"
#include "board_model.h"
#include "io/recording.h"
#include "log_pane.h"
#include "program_view.h"
#include "replay_view.h"

#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>

#include <cmath>

namespace pw::ui {

bool MainWindow::isRecordingFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return false;
    const QByteArray head = file.read(4096);
    return looksLikeRecording(std::string_view(head.constData(), static_cast<std::size_t>(head.size())));
}

QString MainWindow::showRecording(const QString& path, std::optional<double> fraction) {
    const RecordingRead read = loadRecording(path.toStdString());
    if (!read.recording) return QString::fromStdString(read.error.toString());
    const RunRecording& recording = *read.recording;

    setPuzzle(recording.puzzle);  // stops any run and closes the recording shown before
    // The panel takes the recorded settings, so Run repeats the same run live.
    m_panel->setAlgorithm(recording.algorithmId);
    m_panel->setParameters(recording.parameters);
    m_panel->setRandomSeed(false);
    m_panel->setSeed(recording.seed);
    m_panel->setStepLimit(recording.endedByClockOrPerson() ? recording.result.counters.steps : recording.budgets.maxSteps);
    m_panel->setTimeLimitSeconds(0);

    QApplication::setOverrideCursor(Qt::WaitCursor);
    QElapsedTimer clock;
    clock.start();
    auto timeline = std::make_shared<const RunTimeline>(recording);
    const double replaySeconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    QApplication::restoreOverrideCursor();

    if (!m_replayView) {
        m_replayView = new ReplayView(m_model, m_charts, m_programView, this);
        m_replayView->setMovesPerSecond(m_controller->stepsPerSecond());
        m_replayDock = new QDockWidget(tr("Replay"), this);
        m_replayDock->setObjectName(QStringLiteral("replayDock"));
        m_replayDock->setWidget(m_replayView);
        addDockWidget(Qt::BottomDockWidgetArea, m_replayDock, Qt::Vertical);
        m_viewMenu->addAction(m_replayDock->toggleViewAction());
        connect(m_replayView, &ReplayView::positionChanged, this, [this](std::size_t, const TimelineState& state) {
            const RunResult& result = m_replayView->timeline()->result();
            RunStatus status;
            status.counters = state.at;
            status.seconds = result.counters.steps ? result.seconds * static_cast<double>(state.at.steps) /
                                                         static_cast<double>(result.counters.steps)
                                                   : 0;
            status.bestCost = state.bestCost.value_or(0);
            showRunStatus(status);
        });
    }
    m_replayView->setTimeline(timeline);
    if (fraction)
        m_replayView->seek(static_cast<std::size_t>(std::llround(*fraction * static_cast<double>(timeline->size()))));
    m_replayDock->show();
    m_replayDock->raise();
    if (!m_presentation && !m_programView->program().isEmpty()) m_programDock->show();

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
    const QString error = showRecording(path);
    if (error.isEmpty()) return true;
    if (!quiet) QMessageBox::warning(this, tr("Cannot open recording"), error);
    m_log->addNote(error);
    return false;
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

bool MainWindow::saveRunRecording(const QString& path, bool quiet) {
    const std::optional<RunRecording> recording =
        m_replayView && m_replayView->timeline() ? m_replayView->timeline()->recording() : lastRunRecording();
    QString error;
    std::string writeError;
    if (!recording) error = tr("No finished run to record: run an algorithm to its end, or stop it, first");
    else if (!saveRecording(path.toStdString(), *recording, writeError))
        error = tr("Cannot write '%1': %2").arg(path, QString::fromStdString(writeError));
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
