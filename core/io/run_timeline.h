#pragma once
// The timeline of a recorded run: the recording is re-run headless (determinism makes it the same run), every
// event is kept, and a snapshot of the shown state — board, solver candidate table, heat maps, highlighted
// cells, program — is kept every `snapshotEvery` events. The state after any number of events is then the
// nearest earlier snapshot plus at most snapshotEvery - 1 events: scrubbing forward and backward costs the
// same, whatever the length of the run.

#include "io/recording.h"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pw {

// What a window shows of a run at one point of its event stream.
struct TimelineState {
    Board board;
    // The solver's candidate table (bit d-1 = digit d); empty until the run sends one or a candidate move.
    std::vector<std::uint16_t> candidates;
    std::vector<std::pair<std::string, std::vector<double>>> heatMaps;  // in order of first appearance
    std::vector<int> highlightedCells;  // the cells of the latest explanation that is about cells
    std::optional<ProgramUpdate> program;
    Counters at;  // the counters of the last event applied
    std::optional<double> bestCost;  // the latest best cost the run reported
    std::optional<Finished> finished;
};

class RunTimeline {
public:
    static constexpr std::size_t kDefaultSnapshotEvery = 4096;
    // At most this many frequent chart samples (cost, temperature, generation) are kept for the charts.
    static constexpr std::size_t kMaxChartSamples = 30000;

    // Re-runs `recording` headless (every move wanted, cost samples every `sampleEvery` steps: the spacing is
    // the receiver's, not part of the recording) and indexes its events.
    explicit RunTimeline(RunRecording recording, std::size_t snapshotEvery = kDefaultSnapshotEvery,
                         std::uint64_t sampleEvery = EventSink::kDefaultSampleEvery);

    const RunRecording& recording() const { return m_recording; }
    const RunResult& result() const { return m_result; }
    const std::vector<Event>& events() const { return m_events; }
    std::size_t size() const { return m_events.size(); }
    std::size_t snapshotCount() const { return m_snapshots.size(); }

    // The state after the first `position` events (clamped to size()). After the last event, the Finished
    // one, the board is the run's final board, as a live run shows it.
    TimelineState stateAt(std::size_t position) const;

    // Indices into events() of the events the charts draw, ascending: phase changes and reheats always,
    // frequent samples thinned evenly to kMaxChartSamples in all, the last of each kind always kept.
    const std::vector<std::size_t>& chartEvents() const { return m_chartEvents; }

private:
    void apply(TimelineState& state, const Event& event) const;
    void indexChartEvents();

    RunRecording m_recording;
    RunResult m_result;
    std::vector<Event> m_events;
    std::size_t m_snapshotEvery;
    std::vector<TimelineState> m_snapshots;  // m_snapshots[k]: the state after k * m_snapshotEvery events
    std::vector<std::size_t> m_chartEvents;
};

}  // namespace pw
