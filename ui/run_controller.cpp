#include "run_controller.h"

#include "solver_worker.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QThread>

#include <algorithm>
#include <cmath>

namespace pw::ui {

namespace {
constexpr int kClockIntervalMs = 16;
// Moves shown one by one up to this pace are animated; faster, they simply appear.
constexpr double kAnimatedPace = 30;
}  // namespace

RunController::RunController(QObject* parent) : QObject(parent) {
    qRegisterMetaType<RunBatchPointer>("pw::ui::RunBatchPointer");
    qRegisterMetaType<std::uint64_t>("std::uint64_t");
    m_thread = new QThread(this);
    m_thread->setObjectName(QStringLiteral("solver"));
    m_worker = new SolverWorker;
    m_worker->moveToThread(m_thread);
    connect(m_worker, &SolverWorker::batchReady, this, &RunController::receiveBatch, Qt::QueuedConnection);
    connect(m_worker, &SolverWorker::runEnded, this, &RunController::workerLeftRun, Qt::QueuedConnection);
    m_thread->start();
    m_clock.setTimerType(Qt::PreciseTimer);
    m_clock.setInterval(kClockIntervalMs);
    connect(&m_clock, &QTimer::timeout, this, &RunController::tick);
}

RunController::~RunController() {
    if (m_control) {
        m_control->stop.store(true);
        m_control->notify();
    }
    m_thread->quit();
    m_thread->wait();
    delete m_worker;
}

void RunController::setState(RunState state) {
    if (m_state == state) return;
    m_state = state;
    emit stateChanged(state);
}

void RunController::start(const RunRequest& request, bool paused) {
    if (m_control) {
        m_control->stop.store(true);
        m_control->notify();
    }
    m_queue.clear();
    m_queuedMoves = 0;
    m_pendingFinish.reset();
    m_pendingStep.reset();
    m_clock.stop();
    m_moveBudget = 0;
    m_status = {};
    m_rateSeconds = 0;
    m_rateSteps = 0;

    m_control = std::make_shared<RunControl>();
    const std::uint64_t id = ++m_runId;
    m_workerRunId = id;
    SolverWorker* worker = m_worker;
    auto control = m_control;
    QMetaObject::invokeMethod(
        m_worker, [worker, id, request, control] { worker->run(id, request, control); }, Qt::QueuedConnection);
    setState(paused ? RunState::Paused : RunState::Running);
    applyFreeRunning();
    emit runStarted();
    emit statusChanged(m_status);
}

void RunController::applyFreeRunning() {
    if (!m_control) return;
    const bool running = m_state == RunState::Running;
    m_control->freeRunning.store(running && !metered());
    if (running && metered()) {
        if (!m_clock.isActive()) {
            m_clockTime.restart();
            m_clock.start();
        }
        requestAhead();
    } else {
        m_clock.stop();
        m_control->movesWanted.store(0);
    }
    if (running && !metered()) playAllQueued();
    m_control->notify();
}

void RunController::pause() {
    if (m_state != RunState::Running) return;
    setState(RunState::Paused);
    applyFreeRunning();
}

void RunController::resume() {
    if (m_state != RunState::Paused) return;
    m_pendingStep.reset();
    setState(RunState::Running);
    applyFreeRunning();
    finishIfDrained();
}

void RunController::step(StepGrain grain) {
    if (m_state == RunState::Running) pause();
    if (m_state != RunState::Paused || !m_control) return;
    if (grain == StepGrain::Move && m_queuedMoves > 0) {
        playQueued(1, true);
        finishIfDrained();
        return;
    }
    playAllQueued();
    if (m_pendingFinish) {
        finishIfDrained();
        return;
    }
    m_pendingStep = grain;
    switch (grain) {
    case StepGrain::Move: m_control->movesWanted.store(1); break;
    case StepGrain::Iteration: m_control->iterationsWanted.store(1); break;
    case StepGrain::Generation: m_control->generationsWanted.store(1); break;
    }
    m_control->notify();
}

void RunController::stop() {
    if (!isActive() || !m_control) return;
    m_control->stop.store(true);
    m_control->notify();
    // What was queued for slow playback is shown at once: Stop means now.
    m_clock.stop();
    playAllQueued();
}

void RunController::discard() {
    if (m_control) {
        m_control->stop.store(true);
        m_control->notify();
    }
    m_control.reset();
    ++m_runId;
    m_queue.clear();
    m_queuedMoves = 0;
    m_pendingFinish.reset();
    m_pendingStep.reset();
    m_clock.stop();
    setState(RunState::Idle);
}

void RunController::setMovesPerSecond(double movesPerSecond) {
    m_movesPerSecond = movesPerSecond <= 0 ? kFlatOut : std::clamp(movesPerSecond, 0.1, 100000.0);
    m_moveBudget = 0;
    if (isActive()) applyFreeRunning();
}

bool RunController::waitUntilIdle(int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    while (m_workerRunId != 0 && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    return m_workerRunId == 0;
}

void RunController::workerLeftRun(std::uint64_t runId) {
    if (runId == m_workerRunId) m_workerRunId = 0;
}

void RunController::receiveBatch(RunBatchPointer batch) {
    if (!batch || batch->runId != m_runId || !m_control) return;  // a run the window no longer shows
    m_control->batchesInFlight.fetch_sub(1);

    m_status.counters = batch->counters;
    m_status.seconds = batch->seconds;
    m_status.bestCost = batch->bestCost;
    const double interval = batch->seconds - m_rateSeconds;
    if (interval >= 0.25 || batch->finished) {
        if (interval > 0)
            m_status.stepsPerSecond = static_cast<double>(batch->counters.steps - m_rateSteps) / interval;
        m_rateSeconds = batch->seconds;
        m_rateSteps = batch->counters.steps;
    }
    if (batch->finished && batch->seconds > 0 && m_status.stepsPerSecond == 0)
        m_status.stepsPerSecond = static_cast<double>(batch->counters.steps) / batch->seconds;

    const bool immediate = m_state == RunState::Running && !metered();
    const bool stopping = m_control->stop.load();
    if (immediate || stopping) {
        if (!batch->events.empty()) emit eventsPlayed(batch->events, false);
        if (batch->snapshot) emit snapshotReady(*batch->snapshot);
        if (batch->finished) {
            m_pendingFinish = batch->outcome.value_or(Finished{batch->counters, Outcome::Stopped, false,
                                                               batch->bestCost, "run ended"});
        }
    } else {
        for (const Event& event : batch->events) {
            if (isPacedEvent(event)) ++m_queuedMoves;
            m_queue.emplace_back(event);
        }
        if (batch->snapshot) m_queue.emplace_back(*batch->snapshot);
        if (batch->finished) {
            m_pendingFinish = batch->outcome.value_or(Finished{batch->counters, Outcome::Stopped, false,
                                                               batch->bestCost, "run ended"});
        }
        if (m_pendingStep) {
            const StepGrain grain = *m_pendingStep;
            if (grain == StepGrain::Move) {
                if (playQueued(1, true) > 0 || m_pendingFinish) m_pendingStep.reset();
            } else if (!m_control->hasWork() || m_pendingFinish) {
                playAllQueued();
                m_pendingStep.reset();
            }
        }
    }
    emit statusChanged(m_status);
    finishIfDrained();
}

int RunController::playQueued(int moves, bool animate) {
    std::vector<Event> shown;
    int played = 0;
    auto emitShown = [&] {
        if (!shown.empty()) emit eventsPlayed(shown, animate);
        shown.clear();
    };
    while (!m_queue.empty()) {
        PlaybackItem& item = m_queue.front();
        if (const auto* board = std::get_if<Board>(&item)) {
            emitShown();
            emit snapshotReady(*board);
            m_queue.pop_front();
            continue;
        }
        const Event& event = std::get<Event>(item);
        if (isPacedEvent(event)) {
            if (played == moves) break;
            ++played;
            --m_queuedMoves;
        }
        shown.push_back(event);
        m_queue.pop_front();
    }
    emitShown();
    return played;
}

void RunController::playAllQueued() {
    if (m_queue.empty()) return;
    playQueued(static_cast<int>(m_queuedMoves), false);
    m_queue.clear();
    m_queuedMoves = 0;
}

void RunController::tick() {
    if (m_state != RunState::Running || !metered()) {
        m_clock.stop();
        return;
    }
    const double elapsedSeconds = static_cast<double>(m_clockTime.restart()) / 1000.0;
    // At most a tenth of a second of moves per tick, so a stalled window does not burst afterwards.
    m_moveBudget = std::min(m_moveBudget + m_movesPerSecond * elapsedSeconds, std::max(1.0, m_movesPerSecond * 0.1));
    const int due = static_cast<int>(std::floor(m_moveBudget));
    if (due > 0) {
        const int shown = playQueued(due, m_movesPerSecond <= kAnimatedPace);
        m_moveBudget -= shown;
        if (shown < due) m_moveBudget = std::min(m_moveBudget, 1.0);
    }
    requestAhead();
    finishIfDrained();
}

void RunController::requestAhead() {
    if (!m_control || m_pendingFinish || m_state != RunState::Running || !metered()) return;
    // Half a second of moves ahead of the board, at least two.
    const auto ahead = static_cast<std::int64_t>(std::max(2.0, std::ceil(m_movesPerSecond * 0.5)));
    const std::int64_t wanted = ahead - static_cast<std::int64_t>(m_queuedMoves);
    if (wanted > 0 && m_control->movesWanted.load() < wanted) {
        m_control->movesWanted.store(wanted);
        m_control->notify();
    }
}

void RunController::finishIfDrained() {
    if (!m_pendingFinish || !m_queue.empty()) return;
    if (m_state == RunState::Finished || m_state == RunState::Idle) return;
    m_clock.stop();
    const Finished finished = *m_pendingFinish;
    setState(RunState::Finished);
    emit statusChanged(m_status);
    emit runFinished(finished);
}

}  // namespace pw::ui
