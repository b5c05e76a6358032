#pragma once
// The timeline of a recorded run under the board: a slider over the run's events that scrubs forward and
// backward, a play button, and where the slider stands (event, step, evaluations, outcome). Every position
// shows the board, the solver's candidate table, heat maps, highlighted cells, the program and the charts as
// the live run showed them at that point. The run is re-run headless once (pw::RunTimeline); a position is
// then the nearest snapshot plus a few thousand events at most, and the charts are rebuilt from the kept,
// already thinned samples — appended to when moving forward, redrawn when moving back.

#include "io/run_timeline.h"

#include <QTimer>
#include <QWidget>

#include <memory>

class QLabel;
class QSlider;
class QToolButton;

namespace pw::ui {

class BoardModel;
class ChartPanel;
class ProgramView;

// Shows on `model` the board, candidate table, heat maps and highlighted cells of a timeline's state: the same
// overlays the live run left at that point.
void showTimelineState(BoardModel& model, const TimelineState& state);

class ReplayView : public QWidget {
    Q_OBJECT
public:
    ReplayView(BoardModel* model, ChartPanel* charts, ProgramView* programView, QWidget* parent = nullptr);

    // Shows `timeline` (the board must already hold its puzzle) at its end, where the live run stopped.
    void setTimeline(std::shared_ptr<const RunTimeline> timeline);
    void clear();
    const RunTimeline* timeline() const { return m_timeline.get(); }
    std::shared_ptr<const RunTimeline> sharedTimeline() const { return m_timeline; }

    // Shows the state after the first `position` events (clamped to the run's length).
    void seek(std::size_t position);
    std::size_t position() const { return m_position; }
    QSlider* slider() const { return m_slider; }
    bool isPlaying() const { return m_playTimer.isActive(); }
    void play();
    void pause();
    // Playback pace: moves (and explanations about cells) per second; RunController::kFlatOut plays the whole
    // run in a few seconds.
    void setMovesPerSecond(double movesPerSecond);
    // How long the last seek took, in milliseconds: the scrubbing cost, for the status tip and measurements.
    double lastSeekMilliseconds() const { return m_lastSeekMs; }

signals:
    // The slider moved: the shown state, for the window's status bar.
    void positionChanged(std::size_t position, const pw::TimelineState& state);

private:
    void playTick();
    void showCharts(std::size_t position);
    void updateLabel();

    BoardModel* m_model;
    ChartPanel* m_charts;
    ProgramView* m_programView;
    QSlider* m_slider;
    QToolButton* m_startButton;
    QToolButton* m_playButton;
    QToolButton* m_endButton;
    QLabel* m_label;
    QTimer m_playTimer;
    std::shared_ptr<const RunTimeline> m_timeline;
    std::size_t m_position = 0;
    std::size_t m_chartPosition = 0;  // chart events below this position are drawn
    std::size_t m_chartCursor = 0;    // index into chartEvents() of the first event not drawn
    double m_movesPerSecond = 100;
    double m_lastSeekMs = 0;
};

}  // namespace pw::ui
