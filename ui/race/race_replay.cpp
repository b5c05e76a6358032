// A saved race: its recordings re-run headless into timelines and shown on one slider; an ended race saved.
#include "race/race_view.h"

#include "race/race_run.h"
#include "charts/race_chart.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSlider>

#include <algorithm>

namespace pw::ui {

namespace {

// The pace's name in a saved race's manifest.
const char* paceKey(RacePace pace) {
    switch (pace) {
    case RacePace::StepsPerSecond: return "steps";
    case RacePace::FairEvaluations: return "fair";
    case RacePace::FlatOut: return "flat";
    }
    return "fair";
}

// A run re-run headless into a timeline; null, with `error` set, when it would pass the timeline's event bound.
std::shared_ptr<const RunTimeline> timelineOf(RunRecording recording, QString& error) {
    TimelineLoad load = RunTimeline::load(std::move(recording));
    if (!load.timeline) error = QString::fromStdString(load.error);
    return load.timeline;
}
}  // namespace

QString RaceView::setReplay(const RaceManifest& manifest, const std::vector<RunRecording>& recordings) {
    if (recordings.size() < static_cast<std::size_t>(kMinRuns) || recordings.size() > static_cast<std::size_t>(kMaxRuns) ||
        recordings.size() != manifest.runs.size())
        return tr("a race has %1 to %2 runs, not %3").arg(kMinRuns).arg(kMaxRuns).arg(recordings.size());
    std::vector<ReplayRun> runs;
    for (std::size_t i = 0; i < recordings.size(); ++i) {
        QString error;
        auto timeline = timelineOf(recordings[i], error);  // re-run headless
        if (!timeline) return QString::fromStdString(manifest.runs[i].label) + QStringLiteral(": ") + error;
        runs.push_back({manifest.runs[i].label, std::move(timeline)});
    }
    const RacePace pace = manifest.pace == "steps" ? RacePace::StepsPerSecond
                          : manifest.pace == "flat" ? RacePace::FlatOut
                                                    : RacePace::FairEvaluations;
    setReplayRuns(pace, std::move(runs));
    return {};
}

void RaceView::setReplayRuns(RacePace pace, std::vector<ReplayRun> runs) {
    clearRuns();
    m_replay = true;
    m_running = false;
    m_pace = pace;
    m_puzzle = runs.front().timeline->recording().puzzle;
    const RecordedBudgets& budgets = runs.front().timeline->recording().budgets;
    m_budget = RaceBudget{budgets.maxEvaluations, budgets.maxSteps, budgets.timeLimitSeconds};
    m_timelineEnd = 0;
    for (ReplayRun& replayRun : runs) {
        const RunRecording& recording = replayRun.timeline->recording();
        Run& run = addRun({replayRun.label, recording.algorithmId, recording.parameters, recording.seed});
        run.timeline = std::move(replayRun.timeline);
        run.result = run.timeline->result();
        m_timelineEnd = std::max(m_timelineEnd, timelineMeasure(run.result->counters));
        m_finishOrder.push_back(static_cast<int>(m_runs.size() - 1));
        // The run's own chart keeps its place from the start when the run fills it at all.
        const std::vector<Event>& whole = run.timeline->events().wholeEvents();  // samples are never moves
        const bool ownChart = std::any_of(whole.begin(), whole.end(), [](const Event& event) {
            return std::holds_alternative<TemperatureSample>(event) || std::holds_alternative<GenerationStats>(event);
        });
        if (ownChart) run.algorithmChart->setProgressChartPinned(true);
        run.algorithmChart->setVisible(ownChart);
    }
    finishSetup(true);
    {
        const QSignalBlocker blocker(m_timeline);
        m_timeline->setValue(kRaceTimelineTicks);
    }
    showReplayAt(m_timelineEnd, true);  // the end, where the race stopped
}

std::vector<RaceView::ReplayRun> RaceView::replayRuns(QString& error) const {
    std::vector<ReplayRun> runs;
    for (const auto& run : m_runs) {
        auto timeline = run->timeline ? run->timeline : timelineOf(recordingOf(*run), error);
        if (!timeline) return {};
        runs.push_back({run->entry.label, std::move(timeline)});
    }
    return runs;
}

RunRecording RaceView::recordingOf(const Run& run) const {
    if (run.timeline) return run.timeline->recording();
    return makeRecording(m_puzzle, run.entry.algorithmId, run.entry.parameters, run.entry.seed,
                         RecordedBudgets{m_budget.maxSteps, m_budget.maxEvaluations, 0, m_budget.maxSeconds}, *run.result);
}

std::uint64_t RaceView::timelineMeasure(const Counters& at) const {
    return m_pace == RacePace::StepsPerSecond ? at.steps : at.evaluations;
}

void RaceView::seekReplay(int tick) {
    if (!m_replay) return;
    showReplayAt(static_cast<std::uint64_t>(static_cast<double>(m_timelineEnd) * tick / kRaceTimelineTicks), tick >= kRaceTimelineTicks);
}

void RaceView::showReplayAt(std::uint64_t target, bool end) {
    // Every event up to the target, in the race's measure (the events' counters never decrease).
    const auto upTo = [this, target, end](const Counters& at) { return end || timelineMeasure(at) <= target; };
    if (target < m_chartsShownTo || m_chartsShownTo == 0) {  // back (or the first time): the charts start over
        resetCharts();
        for (const auto& run : m_runs) run->chartCursor = 0;
    }
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        Run& run = *m_runs[i];
        const EventStore& events = run.timeline->events();
        const std::vector<std::size_t>& chartEvents = run.timeline->chartEvents();
        // The charts grow with the slider, from the timeline's kept (already thinned) samples.
        for (; run.chartCursor < chartEvents.size() && upTo(events.counters(chartEvents[run.chartCursor])); ++run.chartCursor) {
            const Event event = events[chartEvents[run.chartCursor]];
            if (const auto* sample = std::get_if<CostSample>(&event)) m_chart->addCost(static_cast<int>(i), sample->at, sample->current, sample->best);
            else run.algorithmChart->addEvent(event);
        }
        run.algorithmChart->refreshNow();
        std::size_t position = events.size();
        if (!end) {  // the first event past the target, by bisection
            std::size_t low = 0;
            while (low < position) {
                const std::size_t middle = low + (position - low) / 2;
                if (upTo(events.counters(middle))) low = middle + 1;
                else position = middle;
            }
        }
        const TimelineState state = run.timeline->stateAt(position);
        run.model->setBoard(state.board, CellOrigin::Solver);
        run.shownEnded = state.finished.has_value();
        run.shownBestCost = state.bestCost.value_or(0);
        QString text = tr("step %1 · evaluations %2 · best cost %3")
                           .arg(number(state.at.steps), number(state.at.evaluations), costText(run.shownBestCost));
        if (state.finished) text += QStringLiteral(" · ") + outcomeWords(state.finished->outcome);
        run.status->setText(text);
    }
    m_chartsShownTo = std::max<std::uint64_t>(1, end ? m_timelineEnd + 1 : target);
    m_chart->refresh();
    m_timelineLabel->setText(m_pace == RacePace::StepsPerSecond ? tr("%1 steps").arg(number(target))
                                                                : tr("%1 evaluations").arg(number(target)));
    m_order->setText(finishingOrder());
    updateControls();
}

QString RaceView::saveRace(const QString& manifestPath) const {
    if (!isFinished()) return tr("the race has not ended: let it finish, or stop it, before saving it");
    RaceManifest manifest;
    manifest.pace = paceKey(m_pace);
    std::vector<RunRecording> recordings;
    const std::string stem = QFileInfo(manifestPath).completeBaseName().toStdString();
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        const Run& run = *m_runs[i];
        manifest.runs.push_back({run.entry.label, raceRecordingName(stem, i, run.entry.label)});
        recordings.push_back(recordingOf(run));
    }
    std::string error;
    if (!pw::saveRace(manifestPath.toStdString(), manifest, recordings, error))
        return tr("cannot save the race to %1: %2").arg(manifestPath, QString::fromStdString(error));
    return {};
}

void RaceView::saveRaceDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save race"), QStringLiteral("race.json"), tr("Race (*.json)"));
    if (path.isEmpty()) return;
    if (const QString error = saveRace(path); !error.isEmpty()) QMessageBox::warning(this, tr("Cannot save race"), error);
}

}  // namespace pw::ui
