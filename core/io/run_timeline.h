#pragma once
// The timeline of a recorded run: the recording is re-run headless (determinism makes it the same run), every
// event is kept, and a snapshot of the shown state — board, solver candidate table, heat maps, highlighted
// cells, program — is kept every `snapshotEvery` events. The state after any number of events is then the
// nearest earlier snapshot plus at most snapshotEvery - 1 events: scrubbing forward and backward costs the
// same, whatever the length of the run.

#include "io/event_store.h"
#include "io/recording.h"

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
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

class RunTimeline;

// Applies `event` to the shown state, as the window's live view reads events (MainWindow::onEventsPlayed and
// BoardModel). A Finished event shows `finalBoard`, the run's result (the best board, which the moves alone
// do not give).
void applyTimelineEvent(TimelineState& state, const Event& event, const Board& finalBoard);

// The events the charts draw: frequent samples (cost, temperature, generation), and the markers (phase
// changes, reheats) that are always drawn.
bool isChartSample(const Event& event);
bool isChartMarker(const Event& event);

// Where one step of a run ends in its timeline: the counters' steps after it and the number of events up to
// and including its own.
struct TimelineStep {
    std::uint64_t steps = 0;
    std::size_t end = 0;
};

// Every event of a timeline is kept in memory (io/event_store.h: about 7 bytes a move, 80 and its payload for
// any other event): a recording whose replay sends more is refused rather than filling the memory. 10^8 moves
// are about 0.7 GB; a recording of 10^9 steps (the reader's kMaxRecordedSteps) with a move a step would need 7 GB.
inline constexpr std::size_t kMaxTimelineEvents = 100'000'000;

// A timeline keeps every step's explanation (a Decision with its sentence and numbers) only for runs up to this
// many steps: a timeline of 100,000 explained steps measured 87 MB for sa, 144 MB for harmony, 141 MB for cuckoo
// and 288 MB for tabu (whose decisions carry its tabu list), events included. A longer run is explained a range
// at a time (io/decision_handout.h).
inline constexpr std::uint64_t kMaxExplainedTimelineSteps = 100'000;

// How a timeline is loaded: the spacing of its snapshots and samples, the bound on its events, and the
// caller's Cancel and progress (the load may run on a thread of its own).
struct TimelineLoadOptions {
    std::size_t snapshotEvery = 3072;
    // Steps between cost samples: the spacing is the receiver's, not part of the recording.
    std::uint64_t sampleEvery = EventSink::kDefaultSampleEvery;
    std::size_t maxEvents = kMaxTimelineEvents;
    // Keep the Decision of every explained step, for the Decisions dock under the slider; a recording of more
    // than kMaxExplainedTimelineSteps steps is loaded without them.
    bool explain = false;
    // The recording is of a run paused at its recorded step (a live run the window steps back in): it is re-run
    // one step at a time up to that step, noting where each step's events end (RunTimeline::steps()), and left
    // open there as the paused run is — no Finished event, and no budget's verdict. Refused for a recording of
    // more than kMaxExplainedTimelineSteps steps.
    bool pausedRun = false;
    const std::atomic<bool>* cancel = nullptr;  // the load ends, with no timeline, soon after it turns true
    // Called on the loading thread about every 1 % of the recorded steps: (steps replayed, steps recorded).
    std::function<void(std::uint64_t, std::uint64_t)> progress;
};

struct TimelineLoad {
    std::shared_ptr<const RunTimeline> timeline;  // null when refused or cancelled
    std::string error;                            // why it was refused; empty when cancelled
    bool cancelled = false;
};

class RunTimeline {
public:
    // At most this many frequent chart samples (cost, temperature, generation) are kept for the charts.
    static constexpr std::size_t kMaxChartSamples = 30000;
    // Re-runs `recording` headless (every move wanted) and indexes its events; refused with an error naming
    // the limit and the recording's steps once the events pass `options.maxEvents`.
    static TimelineLoad load(RunRecording recording, const TimelineLoadOptions& options = {});

    const RunRecording& recording() const { return m_recording; }
    const RunResult& result() const { return m_result; }
    const EventStore& events() const { return m_events; }
    std::size_t size() const { return m_events.size(); }
    std::size_t snapshotCount() const { return m_snapshots.size(); }

    // The state after the first `position` events (clamped to size()). After the last event, the Finished
    // one, the board is the run's final board, as a live run shows it.
    TimelineState stateAt(std::size_t position) const;

    // Indices into events() of the events the charts draw, ascending: phase changes and reheats always,
    // frequent samples thinned evenly to kMaxChartSamples in all, the last of each kind always kept.
    const std::vector<std::size_t>& chartEvents() const { return m_chartEvents; }

    // Whether the timeline kept the steps' explanations (TimelineLoadOptions::explain, within the bound).
    bool explained() const { return m_explained; }
    // The last `count` Decisions among the first `position` events, oldest first; none when not explained.
    std::vector<const Decision*> decisionsBefore(std::size_t position, std::size_t count) const;

    // Where each step ends, the run's start (steps 0: the events its set-up sent) first; empty unless loaded
    // with TimelineLoadOptions::pausedRun.
    const std::vector<TimelineStep>& steps() const { return m_steps; }

private:
    RunTimeline(RunRecording recording, std::size_t snapshotEvery);
    void indexChartEvents();

    RunRecording m_recording;
    RunResult m_result;
    EventStore m_events;
    std::size_t m_snapshotEvery;
    std::vector<TimelineState> m_snapshots;  // m_snapshots[k]: the state after k * m_snapshotEvery events
    std::vector<std::size_t> m_chartEvents;
    std::vector<std::size_t> m_decisionEvents;  // indices into m_events of the Decisions, ascending
    std::vector<const Decision*> m_decisions;    // those Decisions, kept whole in m_events
    std::vector<TimelineStep> m_steps;
    bool m_explained = false;
};

}  // namespace pw
