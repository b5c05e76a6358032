#include "solver_worker.h"

#include "algorithms/registry.h"
#include "engine/runner.h"

#include <chrono>

namespace pw::ui {

namespace {

// Counts what the stepping grains need to know (moves, generations) on the way to the batching sink.
class ObservingSink : public EventSink {
public:
    explicit ObservingSink(EventSink& next) : m_next(next) {}
    void receive(const Event& event) override {
        if (isPacedEvent(event)) ++moves;
        if (std::holds_alternative<GenerationStats>(event)) ++generations;
        else if (const auto* end = std::get_if<Finished>(&event)) finished = *end;
        m_next.receive(event);
    }
    std::uint64_t moves = 0;
    std::uint64_t generations = 0;
    std::optional<Finished> finished;

private:
    EventSink& m_next;
};

// Holds back batches while the window has not caught up, merging them so memory stays bounded.
constexpr std::size_t kMaxPendingEvents = 40000;
constexpr int kMaxBatchesInFlight = 3;

void mergeInto(EventBatch& pending, EventBatch&& batch) {
    pending.droppedEvents += batch.droppedEvents;
    pending.movesDropped = pending.movesDropped || batch.movesDropped;
    for (Event& event : batch.events) {
        if (pending.events.size() >= kMaxPendingEvents) thinBatch(pending);
        if (std::holds_alternative<MoveEvent>(event) && pending.movesDropped) {
            ++pending.droppedEvents;
            continue;
        }
        pending.events.push_back(std::move(event));
    }
}

// Qt's wide-vector code can leave the upper halves of the AVX registers dirty in this thread; until they are
// cleared, every later switch between the solver's SSE code and libm's AVX code (std::exp) stalls. Measured:
// std::exp took a tenth of the annealer's time in the window against a sixtieth in the CLI.
void clearUpperVectorState() {
#if defined(__x86_64__) && defined(__GNUC__)
    static const bool hasAvx = __builtin_cpu_supports("avx");
    if (hasAvx) asm volatile("vzeroupper" ::: "memory");
#endif
}

}  // namespace

void SolverWorker::run(std::uint64_t runId, const RunRequest& request, std::shared_ptr<RunControl> control) {
    const AlgorithmEntry* entry = findAlgorithm(request.algorithmId);
    if (!entry) {
        auto batch = std::make_shared<RunBatch>();
        batch->runId = runId;
        batch->finished = true;
        batch->outcome = Finished{{}, Outcome::Failed, false, 0, "unknown algorithm " + request.algorithmId};
        batch->events.push_back(*batch->outcome);
        emit batchReady(batch);
        emit runEnded(runId);
        return;
    }
    std::unique_ptr<Algorithm> algorithm = entry->create();

    EventBatch pending;
    BatchingSink batching([&pending](EventBatch&& batch) { mergeInto(pending, std::move(batch)); });
    ObservingSink observing(batching);

    StopConditions conditions;
    if (request.stepLimit > 0) conditions.add(stepLimit(request.stepLimit));
    if (request.timeLimitSeconds > 0) conditions.add(timeLimit(request.timeLimitSeconds));
    conditions.add(externalStop(control->stop));
    Runner runner(*algorithm, request.puzzle, request.parameters, request.seed, &observing, std::move(conditions));

    auto deliver = [&](bool last) {
        batching.flush();
        if (!last && control->batchesInFlight.load() >= kMaxBatchesInFlight) return;  // keep merging
        auto batch = std::make_shared<RunBatch>();
        batch->runId = runId;
        batch->events = std::move(pending.events);
        batch->movesDropped = pending.movesDropped;
        pending = EventBatch{};
        batch->counters = algorithm->counters();
        batch->seconds = runner.elapsedSeconds();
        batch->bestCost = algorithm->bestCost();
        if (last) {
            batch->finished = true;
            batch->seconds = runner.result().seconds;
            batch->snapshot = runner.result().finalBoard;
            const RunResult& result = runner.result();
            batch->outcome = observing.finished.value_or(
                Finished{result.counters, result.outcome, result.valid, result.bestCost, result.reason});
        } else if (batch->movesDropped || !observing.wantsMoves()) {
            // Taken between steps, after the flush: every move up to here is in this batch. Flat out the
            // algorithm sends no moves at all, so every batch carries the board.
            batch->snapshot = algorithm->currentBoard();
        }
        control->batchesInFlight.fetch_add(1);
        emit batchReady(batch);
        clearUpperVectorState();
    };

    using Clock = std::chrono::steady_clock;
    auto lastDelivery = Clock::now();
    std::uint64_t stepsSinceClock = 0;
    int burst = 1;  // steps between looks at the controls when flat out, sized to take about a millisecond
    while (!runner.finished()) {
        if (control->stop.load(std::memory_order_relaxed)) {
            runner.stop({Outcome::Stopped, "stopped by the user"});
            break;
        }
        const bool free = control->freeRunning.load(std::memory_order_relaxed);
        observing.setWantsMoves(!free);  // flat out the window shows snapshots, not moves
        batching.setWantsMoves(!free);
        if (!free && !control->hasWork()) {
            if (!pending.events.empty() || pending.droppedEvents) deliver(false);
            std::unique_lock lock(control->mutex);
            control->wake.wait_for(lock, std::chrono::milliseconds(20), [&] { return control->hasWork(); });
            continue;
        }
        bool lookAtClock = false;
        if (free) {
            const auto burstStart = Clock::now();
            runner.advanceBy(burst);
            const auto took = Clock::now() - burstStart;
            if (took > std::chrono::milliseconds(2) && burst > 1) burst /= 2;
            else if (took < std::chrono::microseconds(500) && burst < 65536) burst *= 2;
            lookAtClock = true;
        } else {
            const std::uint64_t movesBefore = observing.moves;
            const std::uint64_t generationsBefore = observing.generations;
            runner.advance();
            const auto moves = static_cast<std::int64_t>(observing.moves - movesBefore);
            const auto generations = static_cast<std::int64_t>(observing.generations - generationsBefore);
            if (moves > 0 && control->movesWanted.load() > 0) control->movesWanted.fetch_sub(moves);
            if (control->iterationsWanted.load() > 0) control->iterationsWanted.fetch_sub(1);
            if (generations > 0 && control->generationsWanted.load() > 0)
                control->generationsWanted.fetch_sub(generations);
            if (!control->hasWork()) {
                deliver(false);
                lastDelivery = Clock::now();
                continue;
            }
            if (++stepsSinceClock >= 256) {
                stepsSinceClock = 0;
                lookAtClock = true;
            }
        }
        // Deliver what the batching sink handed over, or at least every 50 ms while it collects.
        if (!pending.events.empty() || pending.droppedEvents) {
            deliver(false);
            lastDelivery = Clock::now();
        } else if (lookAtClock) {
            const auto now = Clock::now();
            if (now - lastDelivery >= std::chrono::milliseconds(50)) {
                deliver(false);
                lastDelivery = now;
            }
        }
    }
    deliver(true);
    emit runEnded(runId);
}

}  // namespace pw::ui
