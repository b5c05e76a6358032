// File ▸ Export animation…: the open recording, or the last finished run, re-run headless and exported frame by
// frame as it goes, with a progress dialog and Cancel.

#include "window/main_window.h"

#include "export/animation_export.h"
#include "run/log_pane.h"
#include "replay/replay_view.h"

#include <QApplication>
#include <QMessageBox>
#include <QProgressDialog>
#include <QStatusBar>

namespace pw::ui {

void MainWindow::exportAnimationDialog() {
    const std::shared_ptr<const RunTimeline> timeline = m_replayView ? m_replayView->sharedTimeline() : nullptr;
    const std::optional<RunRecording> recording = timeline ? timeline->recording() : lastRunRecording();
    if (!recording) {
        QMessageBox::information(this, tr("Export animation"),
                                 tr("No finished run to export: run an algorithm to its end, or stop it, or open "
                                    "a recording first"));
        return;
    }
    AnimationExportDialog dialog(*recording, this);
    if (dialog.exec() != QDialog::Accepted) return;
    const AnimationSettings settings = dialog.settings();
    const QString path = dialog.path();

    QProgressDialog progress(tr("Exporting %1…").arg(path), tr("Cancel"), 0, 100, this);
    progress.setWindowTitle(tr("Export animation"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    progress.setValue(0);
    const AnimationExportResult result =
        exportAnimation(*recording, settings, path, [&progress](std::size_t done, std::size_t total) {
            progress.setMaximum(static_cast<int>(total));
            progress.setValue(static_cast<int>(done));
            QApplication::processEvents();
            return !progress.wasCanceled();
        });
    progress.reset();
    if (result.cancelled) {
        m_log->addNote(tr("animation export to %1 cancelled; no file written").arg(path));
        return;
    }
    if (!result.error.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot export animation"), result.error);
        m_log->addNote(result.error);
        return;
    }
    const QString note = tr("animation exported to %1: %L2 frames of %3×%4 at %5 fps (%6), %L7 kB in %8 s")
                             .arg(path)
                             .arg(static_cast<qulonglong>(result.frames))
                             .arg(settings.size.width())
                             .arg(settings.size.height())
                             .arg(settings.fps)
                             .arg(result.codec)
                             .arg(static_cast<qulonglong>(result.bytes / 1024))
                             .arg(result.seconds, 0, 'f', 1);
    m_log->addNote(note);
    statusBar()->showMessage(note, 8000);
}

}  // namespace pw::ui
