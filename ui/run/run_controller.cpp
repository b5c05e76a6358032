#include "run/run_controller.h"

#include "run/solver_worker.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QLoggingCategory>
#include <QThread>

#include <algorithm>
#include <cmath>

namespace pw::ui {

namespace {
Q_LOGGING_CATEGORY(runLog, "pw.run", QtWarningMsg)

// Moves of a pace up to this many steps per second are animated; faster, they simply appear.
constexpr double kAnimatedPace = 30;
// The measured rate looks this far back.
constexpr qint64 kRateWindowMs = 1500;

bool allowed(RunState from, RunState to) {
    using S = RunState;
    if (to == S::Idle) return from != S::Idle;  // discarding is always possible
    switch (from) {
    case S::Idle: return to == S::Running || to == S::Paused || to == S::Stepping;
    case S::Running: return to == S::Paused || to == S::Stepping || to == S::Finishing || to == S::Finished;
    case S::Paused: return to == S::Running || to == S::Stepping || to == S::Finishing || to == S::Finished;
    case S::Stepping: return to == S::Paused || to == S::Running || to == S::Finishing || to == S::Finished;
    case S::Finishing: return to == S::Finished;
    case S::Finished: return false;  // a new run starts from Idle
    }
    return false;
}
}  // namespace

const char* runStateName(RunState state) {
    switch (state) {
    case RunState::Idle: return QT_TRANSLATE_NOOP("pw::ui::RunController", "Ready");
    case RunState::Running: return QT_TRANSLATE_NOOP("pw::ui::RunController", "Running");
    case RunState::Paused: return QT_TRANSLATE_NOOP("pw::ui::RunController", "Paused");
    case RunState::Stepping: return QT_TRANSLATE_NOOP("pw::ui::RunController", "Stepping");
    case RunState::Finishing: return QT_TRANSLATE_NOOP("pw::ui::RunController", "Stopping");
    case RunState::Finished: return QT_TRANSLATE_NOOP("pw::ui::RunController", "Finished");
    }
    return "?";
}

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

bool RunController::isActive() const {
    return m_state == RunState::Running || m_state == RunState::Paused || m_state == RunState::Stepping ||
           m_state == RunState::Finishing;
}

bool RunController::transition(RunState to, const char* cause) {
    if (m_state == to) return true;
    if (!allowed(m_state, to)) {
        qCDebug(runLog) << "run" << m_runId << "refused" << runStateName(m_state) << "->" << runStateName(to) << "on"
                        << cause;
        return false;
    }
    m_state = to;
    applyPace();
    emit stateChanged(to);
    return true;
}

void RunController::applyPace() {
    if (!m_control) return;
    const bool running = m_state == RunState::Running;
    m_control->freeRunning.store(running && !paced());
    m_control->paced.store(running && paced());
    m_control->stepsPerSecond.store(paced() ? m_stepsPerSecond : 0);
    // Every step explained and sampled at a pace the eye follows, and for a Step (whatever the speed).
    const bool explained = m_state == RunState::Stepping || (paced() && m_stepsPerSecond <= kExplainedUpTo);
    m_control->explain.store(explained);
    m_control->sampleEvery.store(explained ? 1
                                 : paced()  ? std::max<std::uint64_t>(1, static_cast<std::uint64_t>(m_stepsPerSecond / 1000))
                                            : EventSink::kDefaultSampleEvery);
    if (!running) {
        m_control->paceEpoch.fetch_add(1);  // a resumed pace starts from its resumption, never catches up
    }
    m_control->commandSerial.fetch_add(1);
    m_control->notify();
}

void RunController::start(const RunRequest& request, bool paused) {
    discard();
    m_status = {};
    m_answeredSerial = 0;
    m_rateHistory.clear();
    m_runClock.start();
    m_control = std::make_shared<RunControl>();
    const std::uint64_t id = m_runId;  // discard() moved to a fresh id
    m_workerRunId = id;
    SolverWorker* worker = m_worker;
    auto control = m_control;
    QMetaObject::invokeMethod(
        m_worker, [worker, id, request, control] { worker->run(id, request, control); }, Qt::QueuedConnection);
    transition(paused ? RunState::Paused : RunState::Running, "start");
    emit runStarted(id);
}

void RunController::pause() {
    // Idle may become Paused only by start(paused); Pause itself acts on a run that advances.
    if (m_state != RunState::Running && m_state != RunState::Stepping) {
        qCDebug(runLog) << "run" << m_runId << "pause ignored in" << runStateName(m_state);
        return;
    }
    cancelSteps();
    transition(RunState::Paused, "pause");
}

void RunController::resume() {
    if (m_state != RunState::Paused && m_state != RunState::Stepping) return;
    cancelSteps();
    transition(RunState::Running, "resume");
}

void RunController::step(StepGrain grain) {
    askSteps("step", [grain](RunControl& control) {
        if (grain == StepGrain::Move) control.movesWanted.store(1);
        else control.stepsWanted.fetch_add(1);
    });
}

void RunController::runUntil(StepEvent kind) {
    askSteps("run until", [kind](RunControl& control) { control.untilEvent.store(static_cast<int>(kind)); });
}

void RunController::advanceTo(std::uint64_t step) {
    if (step <= m_status.counters.steps) return;
    askSteps("advance to", [step](RunControl& control) { control.stepTarget.store(step); });
}

void RunController::askSteps(const char* cause, const std::function<void(RunControl&)>& ask) {
    if (!m_control) return;
    if (m_state == RunState::Running && !transition(RunState::Paused, cause)) return;
    if (m_state != RunState::Paused && m_state != RunState::Stepping) return;
    ask(*m_control);
    if (m_state == RunState::Stepping) {
        applyPace();  // a new serial: the Step under way ends with the one just asked
    } else {
        transition(RunState::Stepping, cause);
    }
    m_stepSerial = m_control->commandSerial.load();
}

void RunController::cancelSteps() {
    if (!m_control) return;
    m_control->movesWanted.store(0);
    m_control->stepsWanted.store(0);
    m_control->untilEvent.store(-1);
    m_control->stepTarget.store(0);
}

void RunController::stop() {
    if (!m_control || !transition(RunState::Finishing, "stop")) return;
    m_control->stop.store(true);
    m_control->notify();
}

void RunController::discard() {
    if (m_control) {
        m_control->stop.store(true);
        m_control->notify();
    }
    m_control.reset();
    ++m_runId;
    transition(RunState::Idle, "discard");
}

void RunController::setStepsPerSecond(double stepsPerSecond) {
    m_stepsPerSecond = stepsPerSecond <= 0 ? kFlatOut : std::clamp(stepsPerSecond, 0.1, 100000.0);
    if (m_control) m_control->paceEpoch.fetch_add(1);
    m_rateHistory.clear();  // the rate shown is the new pace's, not an average over the change
    if (isActive()) applyPace();
}

bool RunController::settled() const {
    if (m_state == RunState::Finished || m_state == RunState::Idle) return true;
    return m_state == RunState::Paused && m_control && m_answeredSerial >= m_control->commandSerial.load();
}

WorkerPhase RunController::workerPhase() const {
    return m_control ? m_control->phase.load() : WorkerPhase::Queued;
}

RunStatus RunController::status() const {
    RunStatus status = m_status;
    if (m_state == RunState::Finished) {
        // The rate of the run's last second or two where there was one; else its average, which for a paced
        // run that ended within a step or two says no more than its pace.
        const double average = status.seconds > 0 ? static_cast<double>(status.counters.steps) / status.seconds : 0;
        const qint64 spanMs = m_rateHistory.size() >= 2 ? m_rateHistory.back().first - m_rateHistory.front().first : 0;
        if (spanMs >= 250)
            status.stepsPerSecond = static_cast<double>(m_rateHistory.back().second - m_rateHistory.front().second) *
                                    1000.0 / static_cast<double>(spanMs);
        else
            status.stepsPerSecond = paced() ? std::min(average, m_stepsPerSecond) : average;
        return status;
    }
    if (m_state != RunState::Running || m_rateHistory.size() < 2) {
        status.stepsPerSecond = 0;
        return status;
    }
    const auto& [oldestMs, oldestSteps] = m_rateHistory.front();
    // Up to the latest batch, or up to now once batches stop coming (a slow step): the rate then falls.
    const qint64 latestMs = m_rateHistory.back().first;
    const qint64 nowMs = m_runClock.elapsed();
    const qint64 spanMs = (nowMs - latestMs > 1000 ? nowMs : latestMs) - oldestMs;
    status.stepsPerSecond =
        spanMs > 0 ? static_cast<double>(m_status.counters.steps - oldestSteps) * 1000.0 / static_cast<double>(spanMs)
                   : 0;
    return status;
}

bool RunController::waitUntilIdle(int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    while (m_workerRunId != 0 && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    return m_workerRunId == 0;
}

void RunController::workerLeftRun(std::uint64_t runId) {
    if (runId != m_workerRunId) return;
    m_workerRunId = 0;
    // The last batch always comes before this; should it not have, the run is still shown as ended.
    if (runId == m_runId && isActive())
        finish(Finished{m_status.counters, Outcome::Stopped, false, m_status.bestCost, "run ended"});
}

void RunController::finish(const Finished& finished) {
    if (!transition(RunState::Finished, "finished")) return;
    emit runFinished(finished);
}

void RunController::receiveBatch(RunBatchPointer batch) {
    if (!batch || batch->runId != m_runId || !m_control) return;  // a run the window no longer shows
    m_control->batchesInFlight.fetch_sub(1);

    if (batch->waiting) m_answeredSerial = batch->commandSerial;
    m_status.counters = batch->counters;
    m_status.seconds = batch->seconds;
    m_status.bestCost = batch->bestCost;
    for (const Event& event : batch->events) {
        if (const auto* cost = std::get_if<CostSample>(&event)) m_status.currentCost = cost->current;
        else if (const auto* temperature = std::get_if<TemperatureSample>(&event))
            m_status.temperature = temperature->temperature;
    }
    const qint64 nowMs = m_runClock.elapsed();
    m_rateHistory.emplace_back(nowMs, batch->counters.steps);
    while (m_rateHistory.size() > 2 && nowMs - m_rateHistory[1].first >= kRateWindowMs) m_rateHistory.pop_front();

    emit progressed(batch->counters, batch->seconds);
    const std::uint64_t id = m_runId;
    if (!batch->events.empty()) emit eventsPlayed(id, batch->events, paced() && m_stepsPerSecond <= kAnimatedPace);
    if (id != m_runId) return;  // a slot started another run
    if (batch->snapshot) emit snapshotReady(*batch->snapshot);
    if (id != m_runId) return;
    if (batch->finished) {
        finish(batch->outcome.value_or(
            Finished{batch->counters, Outcome::Stopped, false, batch->bestCost, "run ended"}));
    } else if (m_state == RunState::Stepping && batch->waiting && batch->commandSerial >= m_stepSerial) {
        transition(RunState::Paused, "step done");
    }
}

}  // namespace pw::ui
