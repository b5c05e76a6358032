#include "replay/live_step_back.h"

#include "io/recording.h"
#include "replay/replay_view.h"
#include "run/decision_panel.h"
#include "run/run_controller.h"

#include <algorithm>
#include <utility>

namespace pw::ui {

LiveStepBack::LiveStepBack(RunController* controller, BoardModel* model, DecisionPanel* decisions, QObject* parent)
    : QObject(parent), m_controller(controller), m_model(model), m_decisions(decisions) {
    connect(controller, &RunController::runStarted, this, &LiveStepBack::forget);
    connect(controller, &RunController::stateChanged, this, [this](RunState state) {
        if (state == RunState::Idle || state == RunState::Finished) forget();
        else if (state != RunState::Paused) returnToLive();  // the run goes on from its live step
        emit changed();
    });
    // A paused run's last batch may come after the pause: Step back waits for it.
    connect(controller, &RunController::progressed, this, &LiveStepBack::changed);
}

LiveStepBack::~LiveStepBack() {
    m_cancel.store(true);
    if (m_loader.joinable()) m_loader.join();
}

std::uint64_t LiveStepBack::liveSteps() const { return m_controller->status().counters.steps; }

std::uint64_t LiveStepBack::shownStep() const {
    return m_shown ? m_timeline->steps()[*m_shown].steps : liveSteps();
}

bool LiveStepBack::canStepBack() const {
    // Only a settled pause: no batch of the live run can then come and paint over an earlier step.
    if (m_controller->state() != RunState::Paused || !m_controller->settled()) return false;
    return m_shown ? *m_shown > 0 : liveSteps() > 0;
}

bool LiveStepBack::timelineIsLive() const {
    return m_timeline && m_timelineRunId == m_controller->runId() && m_timeline->steps().back().steps == liveSteps();
}

void LiveStepBack::stepBack(const RunRequest& request) {
    if (!canStepBack()) return;
    if (timelineIsLive()) {
        show(m_shown.value_or(m_timeline->steps().size() - 1) - 1);
        return;
    }
    const std::uint64_t steps = liveSteps();
    if (isReRunning() && m_loadRunId == m_controller->runId() && m_loadSteps == steps) {
        ++m_pendingBacks;  // taken once the re-run is in
        return;
    }
    startReRun(request, steps);
}

void LiveStepBack::startReRun(const RunRequest& request, std::uint64_t liveSteps) {
    if (m_loader.joinable()) {
        m_cancel.store(true);
        m_loader.join();
    }
    m_cancel.store(false);
    m_load = {};
    const std::uint64_t generation = ++m_generation;
    m_loadRunId = m_controller->runId();
    m_loadSteps = liveSteps;
    m_pendingBacks = 1;
    // The paused run as a recording that a person stopped: its replay ends on the step it is paused at.
    const RunStatus status = m_controller->status();
    RunRecording recording = makeRecording(
        request.puzzle, request.algorithmId, request.parameters, request.seed,
        RecordedBudgets{request.stepLimit, request.evaluationLimit, 0, request.timeLimitSeconds},
        RecordedResult{Outcome::Stopped, "paused to step back", status.counters, status.bestCost});
    emit message(tr("Re-running the run up to step %L1 to step back…").arg(static_cast<qulonglong>(liveSteps)));
    m_loader = std::thread([this, recording = std::move(recording), generation]() mutable {
        TimelineLoadOptions options;
        options.explain = true;
        options.pausedRun = true;
        options.cancel = &m_cancel;
        m_load = RunTimeline::load(std::move(recording), options);
        QMetaObject::invokeMethod(this, [this, generation] { finishReRun(generation); }, Qt::QueuedConnection);
    });
    emit changed();
}

void LiveStepBack::finishReRun(std::uint64_t generation) {
    if (generation != m_generation || !m_loader.joinable()) return;  // a re-run given up since
    m_loader.join();  // hands m_load over
    const TimelineLoad load = std::exchange(m_load, {});
    const std::size_t backs = std::exchange(m_pendingBacks, 0);
    emit changed();
    if (load.cancelled) return;
    if (!load.timeline) {
        const QString why = tr("Cannot step back: %1").arg(QString::fromStdString(load.error));
        emit message(why);
        emit note(why);
        return;
    }
    // The live run moved on meanwhile (F10, Resume): this timeline no longer ends where it is.
    if (m_controller->runId() != m_loadRunId || liveSteps() != m_loadSteps || !m_controller->isActive()) {
        emit message(QString());
        return;
    }
    const std::vector<TimelineStep>& steps = load.timeline->steps();
    if (steps.empty() || steps.back().steps != m_loadSteps) {
        const QString why = tr("Cannot step back: the run repeated with its seed ended at step %L1, not at step %L2 "
                               "where it is paused")
                                .arg(static_cast<qulonglong>(steps.empty() ? 0 : steps.back().steps))
                                .arg(static_cast<qulonglong>(m_loadSteps));
        emit message(why);
        emit note(why);
        return;
    }
    m_timeline = load.timeline;
    m_timelineRunId = m_loadRunId;
    if (backs == 0 || !canStepBack()) {
        emit message(QString());
        return;
    }
    show(steps.size() - 1 - std::min(backs, steps.size() - 1));
}

bool LiveStepBack::stepForward() {
    if (!m_shown) return false;
    show(*m_shown + 1);
    return true;
}

void LiveStepBack::returnToLive() {
    m_pendingBacks = 0;
    if (m_shown) show(m_timeline->steps().size() - 1);
}

void LiveStepBack::forget() {
    const bool shownSomething = m_shown || m_loader.joinable();
    if (m_loader.joinable()) {
        m_cancel.store(true);
        m_loader.join();
        ++m_generation;  // its result, on its way, is dropped
    }
    m_pendingBacks = 0;
    m_timeline.reset();
    m_shown.reset();
    if (shownSomething) emit message(QString());
    emit changed();
}

void LiveStepBack::show(std::size_t index) {
    const std::vector<TimelineStep>& steps = m_timeline->steps();
    const TimelineStep& step = steps[index];
    showTimelineState(*m_model, m_timeline->stateAt(step.end));
    m_decisions->clear();
    const std::vector<const Decision*> decisions = m_timeline->decisionsBefore(step.end, DecisionPanel::kHistorySize);
    if (!decisions.empty()) m_decisions->addDecisions(decisions);
    const bool live = index + 1 == steps.size();
    m_shown = live ? std::nullopt : std::optional<std::size_t>(index);
    emit message(live ? QString()
                      : tr("Step %L1 of %L2 (stepped back): F10 steps forward, Shift+F10 further back, F5 resumes the "
                           "run at step %L2")
                            .arg(static_cast<qulonglong>(step.steps))
                            .arg(static_cast<qulonglong>(steps.back().steps)));
    emit changed();
}

}  // namespace pw::ui
