#include "io/run_timeline.h"

#include <algorithm>
#include <array>

namespace pw {

namespace {

// Keeps every event in the caller's vector: a run of millions of events is stored once, never copied.
class AppendingSink final : public EventSink {
public:
    explicit AppendingSink(std::vector<Event>& events) : m_events(events) {}
    void receive(const Event& event) override { m_events.push_back(event); }

private:
    std::vector<Event>& m_events;
};

}  // namespace

RunTimeline::RunTimeline(RunRecording recording, std::size_t snapshotEvery, std::uint64_t sampleEvery)
    : m_recording(std::move(recording)), m_snapshotEvery(std::max<std::size_t>(snapshotEvery, 1)) {
    AppendingSink sink(m_events);
    sink.setSampleEvery(sampleEvery);
    m_result = replayRecording(m_recording, &sink);

    TimelineState state;
    state.board = m_recording.puzzle.startBoard();
    m_snapshots.reserve(m_events.size() / m_snapshotEvery + 1);
    m_snapshots.push_back(state);
    for (std::size_t i = 0; i < m_events.size(); ++i) {
        apply(state, m_events[i]);
        if ((i + 1) % m_snapshotEvery == 0) m_snapshots.push_back(state);
    }
    indexChartEvents();
}

TimelineState RunTimeline::stateAt(std::size_t position) const {
    position = std::min(position, m_events.size());
    const std::size_t snapshot = std::min(position / m_snapshotEvery, m_snapshots.size() - 1);
    TimelineState state = m_snapshots[snapshot];
    for (std::size_t i = snapshot * m_snapshotEvery; i < position; ++i) apply(state, m_events[i]);
    return state;
}

// The same reading of events as the window's live view (MainWindow::onEventsPlayed and BoardModel).
void RunTimeline::apply(TimelineState& state, const Event& event) const {
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
    } else if (const auto* update = std::get_if<ProgramUpdate>(&event)) {
        state.program = *update;
    } else if (const auto* finished = std::get_if<Finished>(&event)) {
        state.finished = *finished;
        state.bestCost = finished->bestCost;
        state.board = m_result.finalBoard;
    }
}

void RunTimeline::indexChartEvents() {
    auto isFrequent = [](const Event& event) {
        return std::holds_alternative<CostSample>(event) || std::holds_alternative<TemperatureSample>(event) ||
               std::holds_alternative<GenerationStats>(event);
    };
    auto isMarker = [](const Event& event) {
        return std::holds_alternative<PhaseChange>(event) || std::holds_alternative<Reheat>(event);
    };
    std::size_t frequent = 0;
    std::array<std::size_t, std::variant_size_v<Event>> lastOfKind{};
    lastOfKind.fill(m_events.size());
    for (std::size_t i = 0; i < m_events.size(); ++i) {
        if (!isFrequent(m_events[i])) continue;
        ++frequent;
        lastOfKind[m_events[i].index()] = i;
    }
    const std::size_t stride = frequent > kMaxChartSamples ? (frequent + kMaxChartSamples - 1) / kMaxChartSamples : 1;
    std::array<std::size_t, std::variant_size_v<Event>> seen{};
    for (std::size_t i = 0; i < m_events.size(); ++i) {
        const Event& event = m_events[i];
        if (isMarker(event)) {
            m_chartEvents.push_back(i);
        } else if (isFrequent(event)) {
            const std::size_t kind = event.index();
            if (seen[kind]++ % stride == 0 || lastOfKind[kind] == i) m_chartEvents.push_back(i);
        }
    }
}

}  // namespace pw
