#pragma once
// Owns the solver thread and the playback clock. The solver runs on a worker object on its own QThread; the
// window only ever sees paced, value-typed events from the current run (events of an older run are dropped,
// so nothing stale is painted on a new board).
//
// Speed: "flat out" lets the solver run free and the window shows sampled state (a board snapshot whenever
// moves had to be dropped). Any slower speed is metered by the playback clock: the window asks the solver
// for a few moves ahead of what it shows, then plays them one by one, animated when slow enough to see.

#include "run_types.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <deque>
#include <variant>

class QThread;

namespace pw::ui {

class SolverWorker;

enum class RunState { Idle, Running, Paused, Finished };

struct RunStatus {
    Counters counters;
    double seconds = 0;
    double bestCost = 0;
    double stepsPerSecond = 0;
};

class RunController : public QObject {
    Q_OBJECT
public:
    static constexpr double kFlatOut = 0;  // movesPerSecond value meaning "as fast as the solver goes"

    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;

    // Starts a new run (stopping any current one first). `paused` starts it without advancing: for Step.
    void start(const RunRequest& request, bool paused = false);
    void pause();
    void resume();
    void step(StepGrain grain);
    void stop();
    // Forgets the current run: its remaining events are never shown.
    void discard();

    void setMovesPerSecond(double movesPerSecond);  // kFlatOut or 0.5..10000
    double movesPerSecond() const { return m_movesPerSecond; }
    RunState state() const { return m_state; }
    bool isActive() const { return m_state == RunState::Running || m_state == RunState::Paused; }
    const RunStatus& status() const { return m_status; }
    std::uint64_t runId() const { return m_runId; }
    // Waits (pumping events) until the worker has left its current run; for orderly shutdown and tests.
    bool waitUntilIdle(int timeoutMs);

signals:
    void runStarted();
    // Events to show now, in order. `animate` says the pace is slow enough to animate each move.
    void eventsPlayed(const std::vector<pw::Event>& events, bool animate);
    void snapshotReady(const pw::Board& board);
    void statusChanged(const pw::ui::RunStatus& status);
    void stateChanged(pw::ui::RunState state);
    void runFinished(const pw::Finished& finished);

private slots:
    void receiveBatch(pw::ui::RunBatchPointer batch);
    void workerLeftRun(std::uint64_t runId);

private:
    using PlaybackItem = std::variant<Event, Board>;
    bool metered() const { return m_movesPerSecond != kFlatOut; }
    void setState(RunState state);
    void tick();
    // Plays queued items until `moves` moves were shown (or the queue runs dry); returns moves shown.
    int playQueued(int moves, bool animate);
    void playAllQueued();
    void requestAhead();
    void finishIfDrained();
    void applyFreeRunning();

    QThread* m_thread = nullptr;
    SolverWorker* m_worker = nullptr;
    std::shared_ptr<RunControl> m_control;
    std::uint64_t m_runId = 0;
    std::uint64_t m_workerRunId = 0;  // the run the worker is in, 0 when none
    RunState m_state = RunState::Idle;
    double m_movesPerSecond = kFlatOut;
    RunStatus m_status;
    double m_rateSeconds = 0;
    std::uint64_t m_rateSteps = 0;

    std::deque<PlaybackItem> m_queue;
    std::size_t m_queuedMoves = 0;
    std::optional<Finished> m_pendingFinish;
    std::optional<StepGrain> m_pendingStep;
    QTimer m_clock;
    QElapsedTimer m_clockTime;
    double m_moveBudget = 0;
};

}  // namespace pw::ui

Q_DECLARE_METATYPE(pw::ui::RunStatus)
