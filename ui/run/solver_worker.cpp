#include "run/solver_worker.h"

#include "algorithms/registry.h"
#include "engine/runner.h"
#include "run/pace_gate.h"

#include <algorithm>
#include <sys/resource.h>
#include <unistd.h>
#include <chrono>

namespace pw::ui {

namespace {

// Counts what the Move grain needs to know (moves) and sees the kind of step Run until waits for, on the way
// to the batching sink.
class ObservingSink : public EventSink {
public:
    explicit ObservingSink(EventSink& next) : m_next(next) {}
    void receive(const Event& event) override {
        if (isPacedEvent(event)) ++moves;
        if (const auto* end = std::get_if<Finished>(&event)) finished = *end;
        if (watched && marksStepEvent(*watched, event)) watchedSeen = true;
        m_next.receive(event);
    }
    std::uint64_t moves = 0;
    std::optional<Finished> finished;
    std::optional<StepEvent> watched;
    bool watchedSeen = false;

private:
    EventSink& m_next;
};

// Holds back batches while the window has not caught up, merging them so memory stays bounded.
constexpr std::size_t kMaxPendingEvents = 40000;
constexpr int kMaxBatchesInFlight = 3;
// Batches go out at least this often while the solver advances; at a pace up to kDeliverEveryStepUpTo steps
// per second every step goes out on its own, so the board changes when the step happens.
constexpr auto kDeliveryInterval = std::chrono::milliseconds(16);
constexpr double kDeliverEveryStepUpTo = 120;
constexpr int kRaceRunNiceness = 10;

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
        control->phase.store(WorkerPhase::Ended);
        batch->outcome = Finished{{}, Outcome::Failed, false, 0, "unknown algorithm " + request.algorithmId};
        if (request.gate) request.gate->leave(request.gateSeat);
        batch->events.push_back(*batch->outcome);
        emit batchReady(batch);
        emit runEnded(runId);
        return;
    }
    std::unique_ptr<Algorithm> algorithm = entry->create();
    // A race's runs yield to the window: four threads flat out on fewer cores would otherwise take the event
    // loop's turn (Linux gives each thread its own nice value).
    if (request.gate) setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kRaceRunNiceness);

    EventBatch pending;
    BatchingSink batching([&pending](EventBatch&& batch) { mergeInto(pending, std::move(batch)); });
    ObservingSink observing(batching);

    StopConditions conditions;
    if (request.stepLimit > 0) conditions.add(stepLimit(request.stepLimit));
    if (request.evaluationLimit > 0) conditions.add(evaluationLimit(request.evaluationLimit));
    if (request.timeLimitSeconds > 0) conditions.add(timeLimit(request.timeLimitSeconds));
    conditions.add(externalStop(control->stop));
    Runner runner(*algorithm, request.puzzle, request.parameters, request.seed, &observing, std::move(conditions));

    std::uint64_t answeredSerial = 0;  // the latest command a waiting batch answered
    std::uint64_t deliveredSteps = 0;  // the steps of the latest batch sent
    auto deliver = [&](bool last, bool waiting) {
        // Read before the flush: a command that arrives after it is answered by a later batch.
        const std::uint64_t serial = control->commandSerial.load();
        // Said only when still true after reading the serial: a Step asked before it is done by now.
        waiting = waiting && !control->freeRunning.load() && !control->paced.load() && !control->stepping();
        if (waiting) answeredSerial = serial;
        batching.flush();
        if (!last && !waiting && control->batchesInFlight.load() >= kMaxBatchesInFlight) return;  // keep merging
        auto batch = std::make_shared<RunBatch>();
        batch->runId = runId;
        batch->waiting = waiting;
        batch->commandSerial = serial;
        batch->events = std::move(pending.events);
        batch->movesDropped = pending.movesDropped;
        pending = EventBatch{};
        batch->counters = algorithm->counters();
        deliveredSteps = batch->counters.steps;
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
    auto deliverNow = [&](bool waiting) {
        deliver(false, waiting);
        lastDelivery = Clock::now();
    };
    // The pacing clock: the n-th step since `paceStart` is due at paceStart + n / rate.
    std::uint64_t paceEpoch = ~std::uint64_t{0};
    Clock::time_point paceStart;
    std::uint64_t pacedSteps = 0;
    int burst = 1;  // steps between looks at the controls when flat out, sized to take about a millisecond
    while (!runner.finished()) {
        if (control->stop.load(std::memory_order_relaxed)) {
            runner.stop({Outcome::Stopped, "stopped by the user"});
            break;
        }
        const bool free = control->freeRunning.load(std::memory_order_relaxed);
        const bool stepping = control->stepping();
        const bool paced = !free && !stepping && control->paced.load();
        observing.setWantsMoves(!free);  // flat out the window shows snapshots, not moves
        batching.setWantsMoves(!free);
        const bool explain = !free && control->explain.load();
        observing.setWantsDecisions(explain);
        batching.setWantsDecisions(explain);
        const std::uint64_t sampleEvery = free ? EventSink::kDefaultSampleEvery : control->sampleEvery.load();
        observing.setSampleEvery(sampleEvery);
        batching.setSampleEvery(sampleEvery);

        if (free) {
            control->phase.store(WorkerPhase::Advancing);
            std::uint64_t steps = static_cast<std::uint64_t>(burst);
            if (request.gate) {
                // A race's run waits at the gate for the others, a frame at a time, then looks at its controls.
                steps = std::min(steps, request.gate->stepsAllowed(request.gateSeat, algorithm->counters(), kDeliveryInterval));
                if (steps == 0) {
                    control->phase.store(WorkerPhase::Waiting);
                    if (!pending.events.empty() || pending.droppedEvents || algorithm->counters().steps != deliveredSteps)
                        deliverNow(false);
                    continue;
                }
            }
            const auto burstStart = Clock::now();
            runner.advanceBy(steps);
            const auto took = Clock::now() - burstStart;
            if (took > std::chrono::milliseconds(2) && burst > 1) burst /= 2;
            else if (took < std::chrono::microseconds(500) && burst < 65536 && steps == static_cast<std::uint64_t>(burst)) burst *= 2;
            if (!pending.events.empty() || pending.droppedEvents || Clock::now() - lastDelivery >= kDeliveryInterval)
                deliverNow(false);
            continue;
        }
        if (stepping) {
            control->phase.store(WorkerPhase::Advancing);
            const std::uint64_t movesBefore = observing.moves;
            int until = control->untilEvent.load();
            if (until >= 0) observing.watched = static_cast<StepEvent>(until);
            observing.watchedSeen = false;
            const double bestBefore = algorithm->bestCost();
            const std::uint64_t target = control->stepTarget.load();
            if (target == 0 || algorithm->counters().steps < target) runner.advance();
            if (target > 0 && (algorithm->counters().steps >= target || runner.finished())) {
                std::uint64_t asked = target;
                control->stepTarget.compare_exchange_strong(asked, 0);  // unless the window asked anew meanwhile
            }
            const bool newBest = algorithm->bestCost() < bestBefore;
            if (observing.watched && (observing.watchedSeen || (*observing.watched == StepEvent::NewBest && newBest)))
                control->untilEvent.compare_exchange_strong(until, -1);  // unless the window asked anew meanwhile
            observing.watched.reset();
            const auto moves = static_cast<std::int64_t>(observing.moves - movesBefore);
            if (moves > 0 && control->movesWanted.load() > 0) control->movesWanted.store(0);
            if (control->stepsWanted.load() > 0) control->stepsWanted.fetch_sub(1);
            const bool done = !control->stepping();
            if (done) control->phase.store(WorkerPhase::Waiting);
            if (done || Clock::now() - lastDelivery >= kDeliveryInterval) deliverNow(done && !control->paced.load());
            continue;
        }
        if (paced) {
            const double rate = std::max(0.01, control->stepsPerSecond.load());
            const auto now = Clock::now();
            const std::uint64_t epoch = control->paceEpoch.load();
            if (epoch != paceEpoch) {
                paceEpoch = epoch;
                paceStart = now;
                pacedSteps = 0;
            }
            const auto due = paceStart + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(static_cast<double>(pacedSteps) / rate));
            if (now < due) {
                if (!pending.events.empty() || pending.droppedEvents) deliverNow(false);
                control->phase.store(WorkerPhase::Waiting);
                std::unique_lock lock(control->mutex);
                control->wake.wait_until(lock, due, [&] {
                    return control->stop.load() || control->freeRunning.load() || !control->paced.load() ||
                           control->paceEpoch.load() != paceEpoch || control->stepping();
                });
                continue;
            }
            // Behind by more than a few steps (a slow step, a busy machine): carry on from now rather than
            // burst to catch up, so the pace stays one the eye can follow.
            if (now - due > std::chrono::milliseconds(100) + std::chrono::duration_cast<Clock::duration>(
                                                                  std::chrono::duration<double>(2.0 / rate))) {
                paceStart = now;
                pacedSteps = 0;
            }
            control->phase.store(WorkerPhase::Advancing);
            runner.advance();
            ++pacedSteps;
            if (!pending.events.empty() || pending.droppedEvents) {
                if (Clock::now() - lastDelivery >= kDeliveryInterval || rate <= kDeliverEveryStepUpTo) deliverNow(false);
            } else if (Clock::now() - lastDelivery >= kDeliveryInterval) {
                deliverNow(false);
            }
            continue;
        }
        // Paused: nothing to do until the window asks.
        if (!pending.events.empty() || pending.droppedEvents || control->commandSerial.load() != answeredSerial)
            deliverNow(true);
        control->phase.store(WorkerPhase::Waiting);
        const auto pausedAt = Clock::now();
        {
            std::unique_lock lock(control->mutex);
            control->wake.wait_for(lock, std::chrono::milliseconds(50), [&] { return control->hasWork(); });
        }
        runner.discountIdle(Clock::now() - pausedAt);  // the run's clock stands still while it is paused
    }
    if (request.gate) request.gate->leave(request.gateSeat);
    deliver(true, false);
    control->phase.store(WorkerPhase::Ended);
    emit runEnded(runId);
}

}  // namespace pw::ui
