#pragma once
// Owns the solver thread and the run's state machine. The solver runs on a worker object on its own QThread;
// the window only ever sees value-typed events of the current run (every batch carries its run id; batches of
// an older run are dropped, so nothing stale is painted on a new board).
//
// Speed is the algorithm's own pace: at a paced speed the worker advances `stepsPerSecond` of its steps per
// second (AlgorithmInfo::stepMeaning says what one is), explains each step (Decision events) and samples each
// one, and its events are shown as they come; "flat out" lets it run free and the window shows sampled state.
//
// Every change of state, whether asked by the window, reported by the worker or due to a timer, goes through
// transition(), which refuses (and logs, in debug builds) what the state machine does not allow.

#include "run/run_types.h"

#include <QElapsedTimer>
#include <QObject>

#include <deque>
#include <functional>
#include <utility>

class QThread;

namespace pw::ui {

class SolverWorker;

// Idle: no run. Running: advancing at the chosen pace. Paused: waiting for the user. Stepping: one Step under
// way, Paused again when the worker says it is done. Finishing: Stop asked, the worker's last batch awaited.
// Finished: the run has ended (solved, failed, stopped, out of budget).
enum class RunState { Idle, Running, Paused, Stepping, Finishing, Finished };
const char* runStateName(RunState state);  // "Ready", "Running", ...

struct RunStatus {
    Counters counters;
    double seconds = 0;
    double bestCost = 0;
    double stepsPerSecond = 0;  // measured over the last second or two; 0 while nothing advances
    std::optional<double> currentCost;
    std::optional<double> temperature;
};

class RunController : public QObject {
    Q_OBJECT
public:
    static constexpr double kFlatOut = 0;  // stepsPerSecond value meaning "as fast as the solver goes"
    // Up to this pace every step is explained and sampled; above it the worker samples as when flat out.
    static constexpr double kExplainedUpTo = 1000;

    explicit RunController(QObject* parent = nullptr);
    ~RunController() override;

    // Starts a new run (discarding any current one first). `paused` starts it without advancing: for Step.
    void start(const RunRequest& request, bool paused = false);
    void pause();
    void resume();
    void step(StepGrain grain);
    // Steps on, every step explained, and pauses after the first step of kind `kind` (the run's end comes first
    // when it has none).
    void runUntil(StepEvent kind);
    // Steps on, every step explained, until the run stands on its step `step` (or has ended), then pauses: a
    // lesson's slide. A run already there or past it does not move.
    void advanceTo(std::uint64_t step);
    void stop();
    // Forgets the current run: its remaining events are never shown.
    void discard();

    void setStepsPerSecond(double stepsPerSecond);  // kFlatOut or 0.1..100000
    double stepsPerSecond() const { return m_stepsPerSecond; }
    bool paced() const { return m_stepsPerSecond != kFlatOut; }
    RunState state() const { return m_state; }
    // A run that has not ended: Running, Paused, Stepping or Finishing.
    bool isActive() const;
    // The latest figures, the rate measured up to now.
    RunStatus status() const;
    std::uint64_t runId() const { return m_runId; }
    // Where the worker is in the current run (Ended once it has left it); Queued when there is no run.
    WorkerPhase workerPhase() const;
    // True once the worker has left the current run and its last batch was received.
    bool workerDone() const { return m_workerRunId == 0; }
    // Paused, and the worker's batch answering the pause (or the latest command) has come: until the next
    // command no batch follows, so the figures stay as they are.
    bool settled() const;
    // Waits (pumping events) until the worker has left its current run; for orderly shutdown and tests.
    bool waitUntilIdle(int timeoutMs);

signals:
    void runStarted(std::uint64_t runId);
    // Events of run `runId` to show now, in order. `animate` says the pace is slow enough to animate moves.
    void eventsPlayed(std::uint64_t runId, const std::vector<pw::Event>& events, bool animate);
    void snapshotReady(const pw::Board& board);
    // Before each batch's events: its counters and solver time (the charts interpolate sample times from them).
    void progressed(const pw::Counters& at, double seconds);
    void stateChanged(pw::ui::RunState state);
    void runFinished(const pw::Finished& finished);

private slots:
    void receiveBatch(pw::ui::RunBatchPointer batch);
    void workerLeftRun(std::uint64_t runId);

private:
    // The one place the state changes. Returns false (and changes nothing) for a change the machine forbids.
    bool transition(RunState to, const char* cause);
    // Tells the worker what the state and the speed now ask of it.
    void applyPace();
    void finish(const Finished& finished);
    // Paused or Stepping: asks the worker for more steps (`ask` sets what it wants) and is Stepping until done.
    void askSteps(const char* cause, const std::function<void(RunControl&)>& ask);
    void cancelSteps();  // forgets every Step and Run until asked

    QThread* m_thread = nullptr;
    SolverWorker* m_worker = nullptr;
    std::shared_ptr<RunControl> m_control;
    std::uint64_t m_runId = 0;
    std::uint64_t m_workerRunId = 0;  // the run the worker is in, 0 when none
    RunState m_state = RunState::Idle;
    double m_stepsPerSecond = kFlatOut;
    std::uint64_t m_stepSerial = 0;  // the command serial of the Step under way
    std::uint64_t m_answeredSerial = 0;  // the latest command a waiting batch answered
    RunStatus m_status;
    QElapsedTimer m_runClock;
    std::deque<std::pair<qint64, std::uint64_t>> m_rateHistory;  // (ms since start, steps) of recent batches
};

}  // namespace pw::ui

Q_DECLARE_METATYPE(pw::ui::RunStatus)
