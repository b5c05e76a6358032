#pragma once
// Exports a run as an animation (File ▸ Export animation…, `puzzle-workbench --export-animation`): the run's
// timeline (a recording re-run headless, io/run_timeline.h) is walked frame by frame; each frame is the
// window's own board view and charts, driven by a ReplayView exactly as the Replay dock drives the window's,
// rendered offscreen with a caption (algorithm, step, evaluations, cost), and handed to AnimationEncoder.

#include "export/animation_settings.h"
#include "io/run_timeline.h"

#include <QDialog>
#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace pw::ui {

class BoardModel;
class BoardView;
class ChartPanel;
class ReplayView;

// One frame of the animation: the timeline position it shows and its caption's numbers.
struct AnimationFrame {
    std::size_t position = 0;  // events applied
    Counters at;
    std::optional<double> cost;      // the latest current cost the run reported
    std::optional<double> bestCost;  // the latest best cost
};

// The frames of `timeline` under `settings`: frame k shows the run up to k times the pace (in steps or
// evaluations), the last frame the run's end. Empty with `error` set when the pace asks for more frames than
// AnimationSettings::kMaxDurationSeconds at the frame rate.
std::vector<AnimationFrame> planAnimationFrames(const RunTimeline& timeline, const AnimationSettings& settings,
                                                QString& error);

// The widgets a frame is made of, never shown on screen: caption, board and charts at the animation's size.
class AnimationStage : public QWidget {
    Q_OBJECT
public:
    AnimationStage(std::shared_ptr<const RunTimeline> timeline, const AnimationSettings& settings,
                   QWidget* parent = nullptr);
    // The picture of `frame`, exactly the animation's size.
    QImage render(const AnimationFrame& frame);

private:
    QString caption(const AnimationFrame& frame) const;

    std::shared_ptr<const RunTimeline> m_timeline;
    QSize m_size;
    BoardModel* m_model;
    QLabel* m_caption;
    BoardView* m_board;
    ChartPanel* m_charts;
    ReplayView* m_replay;
};

struct AnimationExportResult {
    QString error;  // empty on success and on cancel
    bool cancelled = false;
    std::size_t frames = 0;
    std::size_t bytes = 0;
    QString codec;
    double seconds = 0;  // wall-clock time of the export
};

// Whether `path` can take an animation: a known extension, in a writable directory. The error, or empty.
QString checkAnimationTarget(const QString& path);
// Encodes `frameCount` frames that `renderFrame(k)` paints (each exactly the settings' size), then writes
// `path` atomically; a GIF's palette comes from a few frames spread over the animation. `progress(done,
// total)` is called after each frame; returning false cancels. The one encoding path of every export.
AnimationExportResult encodeAnimation(const QString& path, const AnimationSettings& settings, std::size_t frameCount,
                                      const std::function<QImage(std::size_t frame)>& renderFrame,
                                      const std::function<bool(std::size_t done, std::size_t total)>& progress = {});
// The picture of `stage` (laid out and shown offscreen) at `size`, once its charts have settled.
QImage renderOffscreen(QWidget& stage, QSize size);

// Renders and encodes the animation, then writes `path` atomically: an error or a cancel leaves no file.
// `progress(done, total)` is called after each frame; returning false cancels.
AnimationExportResult exportAnimation(std::shared_ptr<const RunTimeline> timeline, const AnimationSettings& settings,
                                      const QString& path,
                                      const std::function<bool(std::size_t done, std::size_t total)>& progress = {});

// "120 frames of 1280x720 at 30 fps (h264), 81234 bytes": what an export wrote, for its summary line.
QString exportedFrames(const AnimationSettings& settings, const AnimationExportResult& result);

// The headless export: opens the recording at `recordingPath`, re-runs it and exports to `outputPath`.
// Returns the error (naming the file or the option), or an empty string with `summary` set.
QString exportRecordingAnimation(const QString& recordingPath, const QString& outputPath,
                                 const AnimationSettings& settings, QString& summary);

// File ▸ Export animation…: the output file, size, frame rate and pace.
class AnimationExportDialog : public QDialog {
    Q_OBJECT
public:
    AnimationExportDialog(const RunTimeline& timeline, QWidget* parent = nullptr);
    QString path() const;
    AnimationSettings settings() const;

private:
    void updatePace();
    void updateEstimate();
    void browse();
    void validate();

    const RunTimeline& m_timeline;
    QLineEdit* m_path;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QSpinBox* m_fps;
    QComboBox* m_pace;
    QDoubleSpinBox* m_paceValue;
    QLabel* m_estimate;
};

}  // namespace pw::ui
