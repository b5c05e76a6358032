// An ended or saved race as an animation: the race view's own painting, offscreen, frame by frame.
#include "race/race_view.h"

#include "race/race_run.h"
#include "charts/race_chart.h"
#include "export/animation_export.h"

#include <QApplication>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSlider>

#include <algorithm>
#include <cmath>

namespace pw::ui {

namespace {
constexpr int kOwnChartsFromHeight = 640;  // an exported frame this tall shows each run's own chart
}  // namespace

AnimationExportResult RaceView::exportAnimation(const QString& path, const AnimationSettings& settings,
                                                const std::function<bool(std::size_t, std::size_t)>& progress) const {
    AnimationExportResult result;
    if (!isFinished()) {
        result.error = tr("the race has not ended: let it finish, or stop it, before exporting it");
        return result;
    }
    if (result.error = checkAnimationTarget(path); !result.error.isEmpty()) return result;
    // The frames: the race at evenly spaced points of its measure, the last at its end.
    const bool bySteps = m_pace == RacePace::StepsPerSecond;
    const auto maxFrames = static_cast<std::uint64_t>(AnimationSettings::kMaxDurationSeconds * settings.fps);
    std::uint64_t frameCount = 0;
    double perFrame = 0;
    if (settings.pace == AnimationPace::FitDuration) {
        frameCount = std::max<std::uint64_t>(2, static_cast<std::uint64_t>(std::llround(settings.durationSeconds * settings.fps)));
        perFrame = static_cast<double>(m_timelineEnd) / static_cast<double>(frameCount - 1);
    } else {
        if ((settings.pace == AnimationPace::StepsPerFrame) != bySteps) {
            result.error = bySteps ? tr("a race by steps is exported by --steps-per-frame (or --duration)")
                                   : tr("a race by evaluations is exported by --evaluations-per-frame (or --duration)");
            return result;
        }
        const std::uint64_t step = std::max<std::uint64_t>(1, settings.perFrame);
        frameCount = (m_timelineEnd + step - 1) / step + 1;
        perFrame = static_cast<double>(step);
        if (frameCount > maxFrames) {
            result.error = tr("%L1 a frame makes %L2 frames, more than %3 s at %4 fps")
                               .arg(static_cast<qulonglong>(step))
                               .arg(static_cast<qulonglong>(frameCount))
                               .arg(AnimationSettings::kMaxDurationSeconds)
                               .arg(settings.fps);
            return result;
        }
    }
    // The frames are the Race view's own painting: a second view of the same timelines, offscreen at the
    // animation's size, without its controls.
    RaceView stage;
    stage.setAttribute(Qt::WA_DontShowOnScreen);
    std::vector<ReplayRun> runs = replayRuns(result.error);
    if (runs.empty()) return result;
    stage.setReplayRuns(m_pace, std::move(runs));
    stage.setAxis(bySteps ? ChartAxis::Steps : ChartAxis::Evaluations);
    stage.setExportLayout(settings.size);
    stage.resize(settings.size);
    stage.show();
    return encodeAnimation(
        path, settings, static_cast<std::size_t>(frameCount),
        [&](std::size_t frame) {
            const bool last = frame + 1 == frameCount;
            stage.showReplayAt(last ? m_timelineEnd : static_cast<std::uint64_t>(perFrame * static_cast<double>(frame)), last);
            return renderOffscreen(stage, settings.size);
        },
        progress);
}

void RaceView::setAxis(ChartAxis axis) { m_chart->setXAxis(axis); }

void RaceView::setExportLayout(QSize size) {
    // Frames are smaller than the window: the boards may shrink, and each run's own chart needs the height.
    m_chart->setMinimumHeight(0);
    for (const auto& run : m_runs) {
        run->board->setMinimumSize(80, 80);
        if (size.height() < kOwnChartsFromHeight) run->algorithmChart->hide();
    }
    for (QWidget* control : {static_cast<QWidget*>(m_timeline), static_cast<QWidget*>(m_saveButton),
                             static_cast<QWidget*>(m_exportButton)})
        control->hide();
    m_chart->setControlsVisible(false);
    QFont font = m_timelineLabel->font();
    font.setBold(true);
    m_timelineLabel->setFont(font);
}

void RaceView::exportAnimationDialog() {
    if (!isFinished()) return;
    QString error;
    const std::vector<ReplayRun> runs = replayRuns(error);  // the dialog estimates from the longest run
    if (runs.empty()) {
        QMessageBox::warning(this, tr("Cannot export animation"), error);
        return;
    }
    const auto longest = std::max_element(runs.begin(), runs.end(), [this](const ReplayRun& a, const ReplayRun& b) {
        return timelineMeasure(a.timeline->result().counters) < timelineMeasure(b.timeline->result().counters);
    });
    AnimationExportDialog dialog(longest->timeline->recording(), this);
    if (dialog.exec() != QDialog::Accepted) return;
    QProgressDialog progress(tr("Exporting %1…").arg(dialog.path()), tr("Cancel"), 0, 100, this);
    progress.setWindowTitle(tr("Export animation"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    const AnimationExportResult result = exportAnimation(dialog.path(), dialog.settings(), [&progress](std::size_t done, std::size_t total) {
        progress.setMaximum(static_cast<int>(total));
        progress.setValue(static_cast<int>(done));
        QApplication::processEvents();
        return !progress.wasCanceled();
    });
    progress.reset();
    if (!result.error.isEmpty()) QMessageBox::warning(this, tr("Cannot export animation"), result.error);
}

QString exportRaceAnimation(const QString& manifestPath, const QString& outputPath, const AnimationSettings& settings,
                            QString& summary) {
    if (QString error = checkAnimationTarget(outputPath); !error.isEmpty()) return QStringLiteral("--export-animation: ") + error;
    const RaceRead read = loadRace(manifestPath.toStdString());
    if (!read.manifest) return QStringLiteral("--open: ") + QString::fromStdString(read.error.toString());
    RaceView race;
    race.setAttribute(Qt::WA_DontShowOnScreen);
    if (QString error = race.setReplay(*read.manifest, read.recordings); !error.isEmpty()) return QStringLiteral("--open: ") + error;
    const AnimationExportResult result = race.exportAnimation(outputPath, settings);
    if (!result.error.isEmpty()) return QStringLiteral("--export-animation: ") + result.error;
    summary = QStringLiteral("%1: a race of %2 runs, %3 in %4 s")
                  .arg(outputPath)
                  .arg(race.runCount())
                  .arg(exportedFrames(settings, result))
                  .arg(result.seconds, 0, 'f', 2);
    return {};
}

}  // namespace pw::ui
