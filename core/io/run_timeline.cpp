#include "io/run_timeline.h"

#include "algorithms/registry.h"

#include <algorithm>
#include <array>

namespace pw {

namespace {

// Keeps every event in the caller's vector: a run of millions of events is stored once, never copied. Raises
// `full` (which ends the replay at the runner's next poll) once the events pass the bound, and reports the
// replayed steps about every 1 % of the recorded ones.
class LoadingSink final : public EventSink {
public:
    LoadingSink(EventStore& events, const TimelineLoadOptions& options, std::uint64_t recordedSteps,
                std::atomic<bool>& full)
        : m_events(events), m_options(options), m_recordedSteps(recordedSteps),
          m_progressEvery(std::max<std::uint64_t>(recordedSteps / 100, 1)), m_full(full) {
        setSampleEvery(options.sampleEvery);
        setWantsDecisions(options.explain && recordedSteps <= kMaxExplainedTimelineSteps);
    }

    void receive(const Event& event) override {
        const std::uint64_t steps = eventCounters(event).steps;
        if (m_events.size() >= m_options.maxEvents) {
            if (!m_full.exchange(true, std::memory_order_relaxed)) m_fullAtStep = steps;
            return;
        }
        m_events.push_back(event);
        if (m_options.progress && steps >= m_nextProgress) {
            m_options.progress(steps, m_recordedSteps);
            m_nextProgress = steps + m_progressEvery;
        }
    }
    bool full() const { return m_full.load(std::memory_order_relaxed); }
    std::uint64_t fullAtStep() const { return m_fullAtStep; }

private:
    EventStore& m_events;
    const TimelineLoadOptions& m_options;
    std::uint64_t m_recordedSteps;
    std::uint64_t m_progressEvery;
    std::uint64_t m_nextProgress = 0;
    std::atomic<bool>& m_full;
    std::uint64_t m_fullAtStep = 0;
};

// Re-runs the paused run of `recording` one step at a time up to its recorded step, noting after each step where
// its events end in `events` (the sink's store), unless `interrupted` says to give up. The run is left open, as
// the paused run is: its result holds the counters and best cost reached.
RunResult replayPausedRun(const RunRecording& recording, EventSink& sink, const EventStore& events,
                          std::vector<TimelineStep>& steps, const std::function<bool()>& interrupted) {
    const AlgorithmEntry* entry = findAlgorithm(recording.algorithmId);
    if (!entry) return replayRecording(recording, &sink);  // the result that names the unknown algorithm
    const std::unique_ptr<Algorithm> algorithm = entry->create();
    // No stop condition: none fired while the run advanced to the step it is paused at.
    Runner runner(*algorithm, recording.puzzle, recording.parameters, recording.seed, &sink, StopConditions{});
    steps.push_back({algorithm->counters().steps, events.size()});
    while (!runner.finished() && algorithm->counters().steps < recording.result.counters.steps && !interrupted()) {
        runner.advance();
        steps.push_back({algorithm->counters().steps, events.size()});
    }
    if (runner.finished()) return runner.result();
    RunResult result;
    result.outcome = Outcome::Stopped;
    result.reason = "paused";
    result.counters = algorithm->counters();
    result.bestCost = algorithm->bestCost();
    return result;
}

}  // namespace

RunTimeline::RunTimeline(RunRecording recording, std::size_t snapshotEvery)
    : m_recording(std::move(recording)), m_snapshotEvery(std::max<std::size_t>(snapshotEvery, 1)) {}

TimelineLoad RunTimeline::load(RunRecording recording, const TimelineLoadOptions& options) {
    std::shared_ptr<RunTimeline> timeline(new RunTimeline(std::move(recording), options.snapshotEvery));
    const RunRecording& recorded = timeline->m_recording;
    const auto cancelled = [&options] { return options.cancel && options.cancel->load(std::memory_order_relaxed); };
    std::atomic<bool> full = false;
    LoadingSink sink(timeline->m_events, options, recorded.result.counters.steps, full);
    TimelineLoad load;
    if (options.pausedRun && recorded.result.counters.steps > kMaxExplainedTimelineSteps) {
        load.error = "the run is at step " + std::to_string(recorded.result.counters.steps) +
                     ": stepping back covers runs of up to " + std::to_string(kMaxExplainedTimelineSteps) +
                     " steps (kMaxExplainedTimelineSteps), each step's explanation kept in memory; Run until or a lower step "
                     "limit pauses a run sooner";
        return load;
    }
    if (options.pausedRun)
        timeline->m_result = replayPausedRun(recorded, sink, timeline->m_events, timeline->m_steps,
                                             [&] { return sink.full() || cancelled(); });
    else
        timeline->m_result = replayRecording(recorded, &sink, {&full, options.cancel});
    if (sink.full()) {
        load.error = "the recording's replay passes " + std::to_string(options.maxEvents) +
                     " events (kMaxTimelineEvents) at step " +
                     std::to_string(sink.fullAtStep()) + " of its " +
                     std::to_string(recorded.result.counters.steps) +
                     " recorded steps: too long to replay here; record a shorter run (a lower step limit)";
        return load;
    }
    if (cancelled()) {
        load.cancelled = true;
        return load;
    }

    TimelineState state;
    state.board = recorded.puzzle.startBoard();
    const std::size_t every = timeline->m_snapshotEvery;
    timeline->m_snapshots.reserve(timeline->m_events.size() / every + 1);
    timeline->m_snapshots.push_back(state);
    for (EventStore::Reader reader(timeline->m_events, 0); !reader.atEnd();) {
        applyTimelineEvent(state, reader.next(), timeline->m_result.finalBoard);
        if (reader.position() % every != 0) continue;
        timeline->m_snapshots.push_back(state);
        if (cancelled()) {
            load.cancelled = true;
            return load;
        }
    }
    timeline->indexChartEvents();
    timeline->m_explained = sink.wantsDecisions();
    const EventStore& events = timeline->m_events;
    for (std::size_t w = 0; w < events.wholeEvents().size(); ++w) {
        if (const auto* decision = std::get_if<Decision>(&events.wholeEvents()[w])) {
            timeline->m_decisionEvents.push_back(events.wholeIndices()[w]);
            timeline->m_decisions.push_back(decision);
        }
    }
    load.timeline = std::move(timeline);
    return load;
}

TimelineState RunTimeline::stateAt(std::size_t position) const {
    position = std::min(position, m_events.size());
    const std::size_t snapshot = std::min(position / m_snapshotEvery, m_snapshots.size() - 1);
    TimelineState state = m_snapshots[snapshot];
    for (EventStore::Reader reader(m_events, snapshot * m_snapshotEvery); reader.position() < position;)
        applyTimelineEvent(state, reader.next(), m_result.finalBoard);
    return state;
}

std::vector<const Decision*> RunTimeline::decisionsBefore(std::size_t position, std::size_t count) const {
    const auto end = std::lower_bound(m_decisionEvents.begin(), m_decisionEvents.end(), position);
    const auto last = end - m_decisionEvents.begin();
    const auto first = last - static_cast<std::ptrdiff_t>(std::min<std::size_t>(count, static_cast<std::size_t>(last)));
    return {m_decisions.begin() + first, m_decisions.begin() + last};
}

void applyTimelineEvent(TimelineState& state, const Event& event, const Board& finalBoard) {
    state.at = eventCounters(event);
    if (const auto* moveEvent = std::get_if<MoveEvent>(&event)) {
        const Move& move = moveEvent->move;
        auto* grid = std::get_if<SudokuGrid>(&state.board);
        const bool candidateMove = move.kind == MoveKind::EliminateCandidate || move.kind == MoveKind::RestoreCandidate;
        if (grid && candidateMove) {
            // A solver's candidate moves change its candidate table (prefiltering), not the grid's pencil marks.
            if (move.cell < 0 || move.cell >= grid->cellCount() || move.value < 1 || move.value > grid->size()) return;
            if (state.candidates.size() != static_cast<std::size_t>(grid->cellCount()))
                state.candidates.assign(static_cast<std::size_t>(grid->cellCount()), 0);
            const auto bit = static_cast<std::uint16_t>(1u << (move.value - 1));
            auto& candidates = state.candidates[static_cast<std::size_t>(move.cell)];
            candidates = move.kind == MoveKind::EliminateCandidate ? static_cast<std::uint16_t>(candidates & ~bit)
                                                                   : static_cast<std::uint16_t>(candidates | bit);
        } else {
            std::visit([&move](auto& board) { board.apply(move); }, state.board);
        }
    } else if (const auto* cost = std::get_if<CostSample>(&event)) {
        state.bestCost = cost->best;
    } else if (const auto* candidates = std::get_if<CandidatesUpdate>(&event)) {
        state.candidates = candidates->candidates;
    } else if (const auto* heat = std::get_if<HeatMap>(&event)) {
        auto found = std::find_if(state.heatMaps.begin(), state.heatMaps.end(),
                                  [&](const auto& entry) { return entry.first == heat->label; });
        if (found == state.heatMaps.end()) state.heatMaps.emplace_back(heat->label, heat->values);
        else found->second = heat->values;
    } else if (const auto* explanation = std::get_if<Explanation>(&event)) {
        if (!explanation->cells.empty()) state.highlightedCells = explanation->cells;
    } else if (const auto* decision = std::get_if<Decision>(&event)) {
        if (!decision->detail().cells.empty()) state.highlightedCells = decision->detail().cells;
    } else if (const auto* update = std::get_if<ProgramUpdate>(&event)) {
        state.program = *update;
    } else if (const auto* finished = std::get_if<Finished>(&event)) {
        state.finished = *finished;
        state.bestCost = finished->bestCost;
        state.board = finalBoard;
    }
}

bool isChartSample(const Event& event) {
    return std::holds_alternative<CostSample>(event) || std::holds_alternative<TemperatureSample>(event) ||
           std::holds_alternative<GenerationStats>(event);
}

bool isChartMarker(const Event& event) {
    return std::holds_alternative<PhaseChange>(event) || std::holds_alternative<Reheat>(event);
}

void RunTimeline::indexChartEvents() {
    // Charts draw only events kept whole: moves are never among them.
    const std::vector<Event>& whole = m_events.wholeEvents();
    const std::vector<std::size_t>& indices = m_events.wholeIndices();
    std::size_t frequent = 0;
    std::array<std::size_t, std::variant_size_v<Event>> lastOfKind{};
    lastOfKind.fill(whole.size());
    for (std::size_t w = 0; w < whole.size(); ++w) {
        if (!isChartSample(whole[w])) continue;
        ++frequent;
        lastOfKind[whole[w].index()] = w;
    }
    const std::size_t stride = frequent > kMaxChartSamples ? (frequent + kMaxChartSamples - 1) / kMaxChartSamples : 1;
    std::array<std::size_t, std::variant_size_v<Event>> seen{};
    for (std::size_t w = 0; w < whole.size(); ++w) {
        const Event& event = whole[w];
        if (isChartMarker(event)) {
            m_chartEvents.push_back(indices[w]);
        } else if (isChartSample(event)) {
            const std::size_t kind = event.index();
            if (seen[kind]++ % stride == 0 || lastOfKind[kind] == w) m_chartEvents.push_back(indices[w]);
        }
    }
}

}  // namespace pw
