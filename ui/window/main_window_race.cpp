// Run ▸ Race…: the setup dialog, and the Race view on the window's puzzle in a window of its own; File ▸ Save
// race… and the opening of a saved race.

#include "window/main_window.h"

#include "run/algorithm_panel.h"
#include "board/board_model.h"
#include "race/race_setup_dialog.h"
#include "race/race_view.h"

#include "io/race_recording.h"

#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QScreen>

namespace pw::ui {

RaceView* MainWindow::openRaceView() {
    if (!m_raceView) {
        m_raceView = new RaceView(this);
        m_raceView->setWindowFlag(Qt::Window);
        // Room for four boards and the chart, within the screen (classroom projectors are 1024x768).
        QSize size(1200, 800);
        if (const QScreen* screen = this->screen()) size = size.boundedTo(screen->availableSize() * 0.95);
        m_raceView->resize(size);
    }
    m_raceView->show();
    m_raceView->raise();
    m_raceView->activateWindow();
    return m_raceView;
}

void MainWindow::raceDialog() {
    // The panel's algorithm against a second, different one to start from.
    const Puzzle& puzzle = m_model->puzzle();
    const std::string current = m_panel->algorithmId();
    const QString other = current == "tabu" ? QStringLiteral("sa") : QStringLiteral("tabu");
    const QString start = current.empty() ? QStringLiteral("sa,tabu") : QString::fromStdString(current) + QLatin1Char(',') + other;
    RaceSetupDialog dialog(puzzle.kind(), start, this);
    if (dialog.exec() != QDialog::Accepted) return;
    RaceView* race = openRaceView();
    if (const QString error = race->setRace(puzzle, dialog.entries(), dialog.budget()); !error.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot race"), error);
        return;
    }
    race->setPace(dialog.pace());
    race->start();
}

bool MainWindow::isRaceFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return false;
    const QByteArray head = file.read(4096);
    return looksLikeRaceManifest(std::string_view(head.constData(), static_cast<std::size_t>(head.size())));
}

QString MainWindow::openRace(const QString& manifestPath) {
    const RaceRead read = loadRace(manifestPath.toStdString());
    if (!read.manifest) return QString::fromStdString(read.error.toString());
    setPuzzle(read.recordings.front().puzzle);
    QApplication::setOverrideCursor(Qt::WaitCursor);  // every run is re-run headless
    const QString error = openRaceView()->setReplay(*read.manifest, read.recordings);
    QApplication::restoreOverrideCursor();
    return error;
}

void MainWindow::saveRaceDialog() {
    if (!m_raceView || !m_raceView->isFinished()) {
        QMessageBox::information(this, tr("Save race"), tr("No race has ended: race with Run ▸ Race…, and let it finish or stop it."));
        return;
    }
    m_raceView->saveRaceDialog();
}

}  // namespace pw::ui
