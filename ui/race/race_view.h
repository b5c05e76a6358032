#pragma once
// Run ▸ Race… and `puzzle-workbench --race ID[,ID...]`: two to four runs on one puzzle, each its own board with
// its own algorithm, parameters and seed, started together and paced together — the same steps per second
// for each run, fairly by evaluations (each run advances until it has spent as many evaluations as the
// others), or flat out — with one overlaid cost chart over a common x axis, each run's own chart, and the
// finishing order. Each run is the window's run machinery (a RunController and its solver worker on a thread of
// its own, sending batches); the paces are a PaceGate the workers wait at, never the window stepping them, so
// pacing never changes what a run does: its result is the one the same run gives alone. An ended race is saved
// as run recordings (io/race_recording.h), reopened on one timeline, and exported as an animation.

#include "export/animation_export.h"
#include "engine/runner.h"
#include "io/race_recording.h"
#include "io/run_timeline.h"
#include "charts/chart_panel.h"
#include "run/run_controller.h"
#include "run/run_types.h"
#include "puzzle/puzzle.h"

#include <QColor>
#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;

namespace pw::ui {

class BoardModel;
class BoardView;
class PaceGate;
class RaceChart;
class RunController;

// One run of a race.
struct RaceEntry {
    std::string label;  // "sa", "sa#2": as bench configurations are named
    std::string algorithmId;
    ParameterValues parameters;
    std::uint64_t seed = 1;
};

enum class RacePace {
    StepsPerSecond,   // each run the same steps per second
    FairEvaluations,  // each run advances until it has spent the same evaluations as the others
    FlatOut,          // each run as fast as it goes, with an equal share of the time
};

struct RaceBudget {
    std::uint64_t maxEvaluations = 2'000'000;  // per run; 0 = none
    std::uint64_t maxSteps = 0;                // per run; 0 = none
    double maxSeconds = 0;                     // per run, of its own solver time; 0 = none
};


class RaceView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMinRuns = 2;
    static constexpr int kMaxRuns = 4;

    explicit RaceView(QWidget* parent = nullptr);
    ~RaceView() override;

    // Sets the race up at its start (stopping one under way); an error when the entries do not fit the puzzle.
    QString setRace(const Puzzle& puzzle, std::vector<RaceEntry> entries, const RaceBudget& budget = {});
    void setPace(RacePace pace, double perSecond = 0);  // perSecond: steps (or evaluations) a second; 0 = no limit
    RacePace pace() const { return m_pace; }

    // Each acts on every run at once; the runs' threads follow within a frame.
    void start();
    void pause();
    void step();  // one step of every run still going
    void stop();
    // The same race again from its start (same runs, seeds, budget and pace), started at once.
    void restart();
    bool isRunning() const { return m_running; }
    bool isFinished() const;
    // Every run has ended or is paused with its last batch received: the counters stay as they are.
    bool isSettled() const;

    int runCount() const { return static_cast<int>(m_runs.size()); }
    const RaceEntry& entry(int run) const;
    Counters counters(int run) const;
    // The run's figures as its latest batch gave them (its seconds of solver time, its best cost).
    RunStatus status(int run) const;
    // The run's result once it has finished.
    std::optional<RunResult> result(int run) const;
    // "tabu solved at 41,203 evaluations; sa still at cost 2".
    QString finishingOrder() const;
    RaceChart* chart() const { return m_chart; }
    // The board run `run` shows now.
    Board shownBoard(int run) const;

    // A saved race (io/race_recording.h): each recording re-run headless, its board and charts under one
    // slider over the race's evaluations (its steps, for a race paced by steps) that moves every board
    // together; it opens at the end. An error when the recordings are not a race.
    QString setReplay(const RaceManifest& manifest, const std::vector<RunRecording>& recordings);
    bool isReplay() const { return m_replay; }
    QSlider* timelineSlider() const { return m_timeline; }
    // Saves an ended race (live or reopened): a recording per run beside the manifest `manifestPath`.
    // Returns the error, or an empty string.
    QString saveRace(const QString& manifestPath) const;
    void saveRaceDialog();
    // Exports an ended race (live or reopened) as an animation: the frames are this view's own painting (a
    // second, offscreen view of the same runs' timelines at the animation's size), the race at evenly spaced
    // points of its evaluations (steps, for a race by steps), boards and charts growing, the last frame its end.
    AnimationExportResult exportAnimation(const QString& path, const AnimationSettings& settings,
                                          const std::function<bool(std::size_t done, std::size_t total)>& progress = {}) const;
    void exportAnimationDialog();

signals:
    void finished();  // every run has ended

private:
    struct Run;
    struct ReplayRun {
        std::string label;
        std::shared_ptr<const RunTimeline> timeline;
    };
    void setReplayRuns(RacePace pace, std::vector<ReplayRun> runs);
    // An ended live race's runs re-run into timelines; none, with `error` set, when one passes the event bound.
    std::vector<ReplayRun> replayRuns(QString& error) const;
    RunRecording recordingOf(const Run& run) const;
    void showReplayAt(std::uint64_t target, bool end);
    void resetCharts();
    void setAxis(ChartAxis axis);
    void setExportLayout(QSize size);  // the frames of an animation: no slider, no buttons
    void clearRuns();
    Run& addRun(RaceEntry entry);            // its board, labels and own chart
    void finishSetup(bool replay);           // the chart's runs; the run controls, or the timeline
    void seekReplay(int tick);
    std::uint64_t timelineMeasure(const Counters& at) const;
    void connectRun(int index, RunController* controller);
    void showProgress();
    void updateControls();
    void readControls();

    Puzzle m_puzzle;
    std::vector<std::unique_ptr<Run>> m_runs;
    std::vector<int> m_finishOrder;  // runs in the order they ended
    RacePace m_pace = RacePace::FairEvaluations;
    double m_perSecond = 0;
    std::shared_ptr<PaceGate> m_gate;  // shared by the runs' workers
    RaceBudget m_budget;
    bool m_replay = false;            // a saved race, reopened
    std::uint64_t m_timelineEnd = 0;  // the slider's end, in the race's measure
    std::uint64_t m_chartsShownTo = 0;  // the charts hold the samples up to here; 0 = none yet
    bool m_running = false;
    bool m_dirty = false;  // batches came since the view was last redrawn
    QTimer m_refreshTimer;
    QElapsedTimer m_chartClock;  // since the overlaid chart was last redrawn
    QWidget* m_boards;
    RaceChart* m_chart;
    QLabel* m_order;
    QPushButton* m_startButton;
    QPushButton* m_stepButton;
    QPushButton* m_stopButton;
    QPushButton* m_restartButton = nullptr;
    QLabel* m_paceLabel = nullptr;
    QComboBox* m_paceCombo;
    QDoubleSpinBox* m_speed;
    QSlider* m_timeline = nullptr;
    QLabel* m_timelineLabel = nullptr;
    QPushButton* m_saveButton = nullptr;
    QPushButton* m_exportButton = nullptr;
};

// `puzzle-workbench --open RACE.json --export-animation OUT`: the saved race exported without a window. Returns
// the error (naming the option), or an empty string with `summary` set.
QString exportRaceAnimation(const QString& manifestPath, const QString& outputPath, const AnimationSettings& settings,
                            QString& summary);


}  // namespace pw::ui
