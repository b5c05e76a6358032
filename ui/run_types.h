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

enum class StepGrain { Move, Iteration, Generation };

// What the playback clock meters and a Step of grain Move advances: a move on the board, or a sentence about
// cells (a logic step that only removes candidates is shown for as long as a placement).
inline bool isPacedEvent(const Event& event) {
    if (std::holds_alternative<MoveEvent>(event)) return true;
    const auto* explanation = std::get_if<Explanation>(&event);
    return explanation && !explanation->cells.empty();
}

struct RunRequest {
    Puzzle puzzle;
    std::string algorithmId;
    ParameterValues parameters;
    std::uint64_t seed = 1;
    std::uint64_t stepLimit = 0;  // 0 = none
    double timeLimitSeconds = 0;  // 0 = none
};

// What the window's controls ask of a running solver. The window writes, the worker reads; the worker sleeps
// on `wake` while it has nothing to do, so Pause and Stop act within one step.
struct RunControl {
    std::atomic<bool> stop{false};
    // When free-running is off the worker advances only while one of the wanted counters is positive: this
    // is how the window's playback clock paces a slow run and how Step works.
    std::atomic<bool> freeRunning{false};
    std::atomic<std::int64_t> movesWanted{0};
    std::atomic<std::int64_t> iterationsWanted{0};
    std::atomic<std::int64_t> generationsWanted{0};
    std::atomic<int> batchesInFlight{0};
    std::mutex mutex;
    std::condition_variable wake;

    void notify() {
        std::lock_guard lock(mutex);
        wake.notify_all();
    }
    bool hasWork() const {
        return stop.load() || freeRunning.load() || movesWanted.load() > 0 || iterationsWanted.load() > 0 ||
               generationsWanted.load() > 0;
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
};

using RunBatchPointer = std::shared_ptr<const RunBatch>;

}  // namespace pw::ui

Q_DECLARE_METATYPE(pw::ui::RunBatchPointer)
Q_DECLARE_METATYPE(pw::Finished)
