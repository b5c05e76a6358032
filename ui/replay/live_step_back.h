#pragma once
// Step back in a live run (Run ▸ Step back, Shift+F10): the board, highlighted cells and Decisions dock of any
// earlier step of the paused run, by determinism. The run paused at step N is its seed, parameters and puzzle
// and N steps — a recording — so the first Step back re-runs it headless up to step N on a thread of its own
// (pw::RunTimeline, every step explained and indexed) while the window stays responsive, and shows step N-1.
// Further steps back and forward (F10) move through that timeline without re-running; forward at step N the
// window shows the live run again, and F10 there steps the live algorithm as before. Resume, Run until and Stop
// return to the live step first. The timeline is rebuilt only once the live run has moved past it.
//
// Memory is bounded: one timeline is kept, of a run of at most kMaxExplainedTimelineSteps steps (every step's
// explanation, a few bytes a move and 80 bytes any other event, never more than kMaxTimelineEvents, and 16
// bytes a step for the index: measured at the bound, 90 MB for sa, 290 MB for tabu whose explanations carry
// the tabu list, before moves were stored compactly), and it is dropped when the run ends; a longer run is
// refused with a message saying so.

#include "io/run_timeline.h"
#include "run/run_types.h"

#include <QObject>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <thread>

namespace pw::ui {

class BoardModel;
class DecisionPanel;
class RunController;

class LiveStepBack : public QObject {
    Q_OBJECT
public:
    LiveStepBack(RunController* controller, BoardModel* model, DecisionPanel* decisions, QObject* parent = nullptr);
    ~LiveStepBack() override;  // cancels a re-run under way and waits for its thread

    // Whether Step back can act now: the run is paused with its last batch in, and has a step before the shown one.
    bool canStepBack() const;
    // One step back from the shown step of the run `request` started (the live one, the first time).
    void stepBack(const RunRequest& request);
    // One step nearer the live run; false when the window already shows the live step (F10 then steps the run).
    bool stepForward();
    // Shows the live step again; nothing when it is shown.
    void returnToLive();

    bool isSteppedBack() const { return m_shown.has_value(); }
    bool isReRunning() const { return m_loader.joinable(); }
    // The step shown while stepped back (its counters' steps); the live step otherwise.
    std::uint64_t shownStep() const;

signals:
    // The shown step or what Step back can do changed: for the window's actions.
    void changed();
    // A line for the status bar (empty: clear it) and one for the log.
    void message(const QString& text);
    void note(const QString& text);

private:
    // Starts re-running the live run up to its current step; the result comes back to finishReRun.
    void startReRun(const RunRequest& request, std::uint64_t liveSteps);
    void finishReRun(std::uint64_t generation);
    // Drops the timeline and any re-run under way, showing nothing (the run ended or another began).
    void forget();
    // Shows the timeline's step `index` (into RunTimeline::steps()).
    void show(std::size_t index);
    bool timelineIsLive() const;  // the timeline ends at the live run's current step
    std::uint64_t liveSteps() const;

    RunController* m_controller;
    BoardModel* m_model;
    DecisionPanel* m_decisions;
    std::shared_ptr<const RunTimeline> m_timeline;
    std::uint64_t m_timelineRunId = 0;
    std::optional<std::size_t> m_shown;  // the step index shown while stepped back

    // The re-run under way: its thread, what it was asked, the steps back asked meanwhile, and its result
    // (written by the thread, read after the join).
    std::thread m_loader;
    std::atomic<bool> m_cancel = false;
    std::uint64_t m_generation = 0;
    std::uint64_t m_loadRunId = 0;
    std::uint64_t m_loadSteps = 0;
    std::size_t m_pendingBacks = 0;
    TimelineLoad m_load;
};

}  // namespace pw::ui
