#pragma once
// Value types that cross between the solver thread and the window: a run request, a batch of events with
// its progress counters, and the shared control block whose atomics the window sets.

#include "base/events.h"
#include "base/parameters.h"
#include "engine/algorithm.h"
#include "puzzle/puzzle.h"

#include <QMetaType>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace pw::ui {

// What one Step advances: to the next move on the board, or one step of the algorithm (AlgorithmInfo::stepMeaning:
// a proposal, a search node, a generation, ...).
enum class StepGrain { Move, Iteration };

// What a Step of grain Move advances to: a move on the board, or a sentence about cells (a logic step that only
// removes candidates counts as much as a placement).
inline bool isPacedEvent(const Event& event) {
    if (std::holds_alternative<MoveEvent>(event)) return true;
    const auto* explanation = std::get_if<Explanation>(&event);
    return explanation && !explanation->cells.empty();
}

class PaceGate;

struct RunRequest {
    Puzzle puzzle;
    std::string algorithmId;
    ParameterValues parameters;
    std::uint64_t seed = 1;
    std::uint64_t stepLimit = 0;        // 0 = none
    std::uint64_t evaluationLimit = 0;  // 0 = none
    double timeLimitSeconds = 0;        // 0 = none
    // A run of a race: flat out, it advances no further than the race's gate lets seat `gateSeat`.
    std::shared_ptr<PaceGate> gate;
    int gateSeat = 0;
};

// Where the solver thread is in its run, published for the window's state machine and its tests.
enum class WorkerPhase { Queued, Advancing, Waiting, Ended };

// What the window's controls ask of a running solver. The window writes, the worker reads; the worker sleeps
// on `wake` while it has nothing to do, so Pause and Stop act within one step.
struct RunControl {
    std::atomic<bool> stop{false};
    // Flat out: the solver runs free, the window shows sampled state.
    std::atomic<bool> freeRunning{false};
    // Paced: the solver itself advances `stepsPerSecond` of its own steps per second (the speed slider).
    std::atomic<bool> paced{false};
    std::atomic<double> stepsPerSecond{10};
    // Bumped whenever the pace changes, so the worker restarts its pacing clock instead of catching up.
    std::atomic<std::uint64_t> paceEpoch{0};
    // Every step explained (EventSink::wantsDecisions) and every step sampled (EventSink::sampleEvery).
    std::atomic<bool> explain{false};
    std::atomic<std::uint64_t> sampleEvery{EventSink::kDefaultSampleEvery};
    // Step: advance to the next move, or by single steps, then wait.
    std::atomic<std::int64_t> movesWanted{0};
    std::atomic<std::int64_t> stepsWanted{0};
    // Run until: step on, explained, up to the first step of this kind (a StepEvent), then wait; -1 for none.
    std::atomic<int> untilEvent{-1};
    // Advance to: step on, explained, until the algorithm's step count reaches this, then wait; 0 for none.
    std::atomic<std::uint64_t> stepTarget{0};
    // The window's latest command; a batch carries the one the worker had seen, so a batch sent before a Step
    // is never taken for that Step's end.
    std::atomic<std::uint64_t> commandSerial{0};
    std::atomic<int> batchesInFlight{0};
    std::atomic<WorkerPhase> phase{WorkerPhase::Queued};
    std::mutex mutex;
    std::condition_variable wake;

    void notify() {
        std::lock_guard lock(mutex);
        wake.notify_all();
    }
    bool hasWork() const {
        return stop.load() || freeRunning.load() || paced.load() || stepping();
    }
    // A Step or a Run until is under way.
    bool stepping() const {
        return movesWanted.load() > 0 || stepsWanted.load() > 0 || untilEvent.load() >= 0 || stepTarget.load() > 0;
    }
};

struct RunBatch {
    std::uint64_t runId = 0;
    std::vector<Event> events;
    bool movesDropped = false;
    // The board to show after the events: sent when moves were dropped, and with the last batch of a run.
    std::optional<Board> snapshot;
    Counters counters;
    double seconds = 0;
    double bestCost = 0;
    bool finished = false;
    std::optional<Finished> outcome;  // with the last batch
    // The worker had nothing left to do when it sent this batch (a Step done, a pause reached), after
    // command `commandSerial`.
    bool waiting = false;
    std::uint64_t commandSerial = 0;
};

using RunBatchPointer = std::shared_ptr<const RunBatch>;

}  // namespace pw::ui

Q_DECLARE_METATYPE(pw::ui::RunBatchPointer)
Q_DECLARE_METATYPE(pw::Finished)
