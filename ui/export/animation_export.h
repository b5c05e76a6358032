#pragma once
// Exports a run as an animation (File ▸ Export animation…, `puzzle-workbench --export-animation`): the run's
// recording is re-run headless (determinism makes it the same run) and, as the run passes each frame's point,
// the window's own board view and charts show it on an offscreen stage, rendered with a caption (algorithm,
// step, evaluations, cost) and handed straight to AnimationEncoder. No event is kept: the export's memory is
// the stage, the encoder and the encoded file, however long the run.

#include "export/animation_encoder.h"
#include "export/animation_settings.h"
#include "io/recording.h"
#include "io/run_timeline.h"

#include <QDialog>
#include <QWidget>

#include <functional>
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

// Where the frames fall in a run that ends at `end` under `settings`: frame k shows the run up to k times the
// pace (in steps or evaluations), the last frame the run's end.
class AnimationFramePlan {
public:
    // The plan, or none with `error` set when the pace asks for more frames than
    // AnimationSettings::kMaxDurationSeconds at the frame rate.
    static std::optional<AnimationFramePlan> make(const Counters& end, const AnimationSettings& settings,
                                                  QString& error);
    std::size_t frameCount() const { return m_frameCount; }
    // Whether an event at `at` belongs to a frame after `frame` (the last frame takes every event).
    bool after(std::size_t frame, const Counters& at) const;

private:
    AnimationPace m_pace = AnimationPace::FitDuration;
    std::uint64_t m_total = 0;  // the run's steps or evaluations, as the pace counts
    std::uint64_t m_perFrame = 1;
    std::size_t m_frameCount = 0;
};

// The widgets a frame is made of, never shown on screen: caption, board and charts at the animation's size,
// following a run event by event.
class AnimationStage : public QWidget {
    Q_OBJECT
public:
    AnimationStage(const RunRecording& recording, const AnimationSettings& settings, QWidget* parent = nullptr);
    // The next event of the run (its Finished event goes to finish()).
    void follow(const Event& event);
    // The run's end: its Finished event and final board.
    void finish(const Finished& finished, const Board& finalBoard);
    // The picture of the run as it stands, exactly the animation's size.
    QImage render();
    const TimelineState& state() const { return m_state; }
    std::size_t eventsFollowed() const { return m_events; }

private:
    QString caption() const;

    const RunRecording& m_recording;
    QSize m_size;
    BoardModel* m_model;
    QLabel* m_caption;
    BoardView* m_board;
    ChartPanel* m_charts;
    TimelineState m_state;
    Board m_finalBoard;  // what a Finished event shows: set by finish()
    std::optional<double> m_cost;  // the latest current cost the run reported
    std::size_t m_events = 0;
};

// Re-runs `recording` headless onto `stage`; when the run has passed frame k of `plan` (the stage shows it),
// calls `frameReady(k)`, for every frame in order. `frameReady` returning false ends the run. The replay's
// result.
RunResult playAnimationFrames(const RunRecording& recording, const AnimationFramePlan& plan, AnimationStage& stage,
                              const std::function<bool(std::size_t frame)>& frameReady);

struct AnimationExportResult {
    QString error;  // empty on success and on cancel
    bool cancelled = false;
    std::size_t frames = 0;
    std::size_t bytes = 0;
    QString codec;
    std::size_t events = 0;  // the events of the run, when the export re-ran it
    double seconds = 0;      // wall-clock time of the export
};

// Whether `path` can take an animation: a known extension, in a writable directory. The error, or empty.
QString checkAnimationTarget(const QString& path);

// An animation being written to `path`: frames go to the encoder as they come, and only commit() writes the
// file, atomically, so an error or a cancel leaves no file. The one encoding path of every export.
class AnimationFile {
public:
    AnimationFile(const QString& path, const AnimationSettings& settings);
    // Which of `frameCount` frames a GIF's palette is made from (a few spread over the animation); none for a
    // video.
    std::vector<std::size_t> paletteFrames(std::size_t frameCount) const;
    // Checks the target and sets up the encoder, with those frames' pictures for a GIF. The error, or empty.
    QString open(const std::vector<QImage>& paletteSamples);
    // The next frame, exactly the settings' size. The error, or empty.
    QString add(const QImage& frame);
    // Finishes the encoding and writes the file; `result` takes the frames, bytes and codec. The error, or empty.
    QString commit(AnimationExportResult& result);

private:
    QString m_path;
    AnimationSettings m_settings;
    std::optional<AnimationFormat> m_format;
    AnimationEncoder m_encoder;
    QString m_codec;  // the encoder's name for it, kept from open(): a finished encoder no longer says
    std::size_t m_frames = 0;
};

// Encodes `frameCount` frames that `renderFrame(k)` paints (each exactly the settings' size) into `path`.
// `progress(done, total)` is called after each frame; returning false cancels.
AnimationExportResult encodeAnimation(const QString& path, const AnimationSettings& settings, std::size_t frameCount,
                                      const std::function<QImage(std::size_t frame)>& renderFrame,
                                      const std::function<bool(std::size_t done, std::size_t total)>& progress = {});
// The picture of `stage` (laid out and shown offscreen) at `size`, once its charts have settled.
QImage renderOffscreen(QWidget& stage, QSize size);

// Re-runs `recording`, renders and encodes its frames as the run passes them, then writes `path` atomically:
// an error or a cancel leaves no file. A GIF takes two runs: the first renders the few frames its palette is
// made from. `progress(done, total)` is called after each frame; returning false cancels.
AnimationExportResult exportAnimation(const RunRecording& recording, const AnimationSettings& settings,
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
    AnimationExportDialog(const RunRecording& recording, QWidget* parent = nullptr);
    QString path() const;
    AnimationSettings settings() const;

private:
    void updatePace();
    void updateEstimate();
    void browse();
    void validate();
    QString inDialogTerms(QString error) const;

    Counters m_end;  // the run's counters at its end
    QLineEdit* m_path;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QSpinBox* m_fps;
    QComboBox* m_pace;
    QDoubleSpinBox* m_paceValue;
    QLabel* m_estimate;
};

}  // namespace pw::ui
