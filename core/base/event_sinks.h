#pragma once
// Sinks consume events. An algorithm given no sink (nullptr) builds no events at all, so a run nobody
// watches pays nothing for the event stream.

#include "base/events.h"

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace pw {

class EventSink {
public:
    virtual ~EventSink() = default;
    virtual void receive(const Event& event) = 0;

    // False while the receiver wants states, not the moves that lead to them (a window running flat out):
    // algorithms then skip building MoveEvents and the receiver resynchronises from snapshots. Every other
    // event is still sent. For a fixed setting the stream stays deterministic.
    bool wantsMoves() const { return m_wantsMoves; }
    void setWantsMoves(bool wanted) { m_wantsMoves = wanted; }

    // True when the receiver explains every step (a paced window, a trace written every step): algorithms then
    // build a Decision per step. Off by default, because building the sentence costs more than the step.
    bool wantsDecisions() const { return m_wantsDecisions; }
    void setWantsDecisions(bool wanted) { m_wantsDecisions = wanted; }

    // Steps between two periodic samples (cost, temperature) of algorithms whose steps are cheap; samples at a
    // new best, a reheat or the end come regardless. The receiver decides, not the algorithm: a paced window
    // asks for every step (1) so its charts grow point by point, a window flat out or a trace asks for fewer.
    std::uint64_t sampleEvery() const { return m_sampleEvery; }
    void setSampleEvery(std::uint64_t steps) { m_sampleEvery = steps ? steps : 1; }

private:
    bool m_wantsMoves = true;
    bool m_wantsDecisions = false;
    std::uint64_t m_sampleEvery = kDefaultSampleEvery;

public:
    static constexpr std::uint64_t kDefaultSampleEvery = 1000;
};

// True when `sink` exists and wants a Decision for this step.
inline bool wantsDecisions(const EventSink* sink) { return sink && sink->wantsDecisions(); }

// How algorithms send: nothing without a sink, and a move only when the sink wants moves.
template <class E> void sendEvent(EventSink* sink, E&& event) {
    if (!sink) return;
    if constexpr (std::is_same_v<std::decay_t<E>, MoveEvent>) {
        if (!sink->wantsMoves()) return;
    }
    sink->receive(Event(std::forward<E>(event)));
}

// Keeps every event: tests, replay, determinism checks.
class RecordingSink : public EventSink {
public:
    void receive(const Event& event) override { m_events.push_back(event); }
    const std::vector<Event>& events() const { return m_events; }
    void clear() { m_events.clear(); }

private:
    std::vector<Event> m_events;
};

// Sends every event to several sinks.
class FanOutSink : public EventSink {
public:
    void add(EventSink* sink) { m_sinks.push_back(sink); }
    void receive(const Event& event) override {
        for (EventSink* sink : m_sinks) sink->receive(event);
    }

private:
    std::vector<EventSink*> m_sinks;
};

// One JSON object per line. The frequent kinds (move, cost, temperature) are thinned to every `every`-th
// event of each kind; all other events are always written. A cost sample's parts are written as the object
// "breakdown", keyed by `costParts` (the algorithm's AlgorithmInfo::costParts; a part without a name is
// "part N", counted from 1); a sample without parts has no "breakdown".
class JsonLinesSink : public EventSink {
public:
    explicit JsonLinesSink(std::ostream& out, std::uint64_t every = 1, std::vector<std::string> costParts = {})
        : m_out(out), m_every(every ? every : 1), m_costParts(std::move(costParts)) {}
    void receive(const Event& event) override;
    // Written before the run's events: {"type":"run", ...} with whatever the caller describes.
    void writeHeader(const std::string& jsonObject);

private:
    std::ostream& m_out;
    std::uint64_t m_every;
    std::vector<std::string> m_costParts;
    std::uint64_t m_moveCount = 0;
    std::uint64_t m_costCount = 0;
    std::uint64_t m_temperatureCount = 0;
};

// What a batching sink hands over: the events of one interval. When the source produced more moves than a
// batch may hold, the extra moves are dropped and `movesDropped` says so: the receiver must then take a
// fresh board snapshot instead of replaying moves. Frequent samples are thinned the same way.
struct EventBatch {
    std::vector<Event> events;
    bool movesDropped = false;
    std::uint64_t droppedEvents = 0;
};

// Makes room in a full batch: every move goes (the receiver resynchronises from a snapshot, as the batch now
// says) and every other frequent sample goes, so the kept samples still spread evenly over the whole batch.
void thinBatch(EventBatch& batch);

// Coalesces events into batches handed to `deliver` at most once per `interval` (checked every few events),
// with at most `capacity` events in a batch, so a GUI never sees one signal per iteration and memory stays
// bounded however fast the source runs. Finished, phase, reheat and explanation events are never dropped.
class BatchingSink : public EventSink {
public:
    using Deliver = std::function<void(EventBatch&&)>;
    BatchingSink(Deliver deliver, std::chrono::milliseconds interval = std::chrono::milliseconds(16),
                 std::size_t capacity = 20000);
    void receive(const Event& event) override;
    // Hands over whatever is pending now (end of run, pause, step).
    void flush();

private:
    bool keep(const Event& event);
    Deliver m_deliver;
    std::chrono::milliseconds m_interval;
    std::size_t m_capacity;
    EventBatch m_batch;
    std::chrono::steady_clock::time_point m_lastDelivery;
    std::uint64_t m_sinceClockCheck = 0;
    std::uint64_t m_sampleStride = 1;
    // Counted per event type, so thinning one kind of sample never starves another interleaved with it.
    std::array<std::uint64_t, std::variant_size_v<Event>> m_sampleCount{};
};

}  // namespace pw
