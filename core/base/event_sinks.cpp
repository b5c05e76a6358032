#include "base/event_sinks.h"

#include <array>

#include <nlohmann/json.hpp>

namespace pw {

namespace {

template <class... Ts> struct Overloaded : Ts... { using Ts::operator()...; };
// Clang before 17 does not deduce aggregate template arguments by itself.
template <class... Ts> Overloaded(Ts...) -> Overloaded<Ts...>;

nlohmann::json toJson(const Event& event, const std::vector<std::string>& costParts) {
    nlohmann::json j;
    j["type"] = eventTypeName(event);
    const Counters& at = eventCounters(event);
    j["step"] = at.steps;
    j["evaluations"] = at.evaluations;
    std::visit(Overloaded{
                   [&](const MoveEvent& e) {
                       j["kind"] = moveKindName(e.move.kind);
                       j["cell"] = e.move.cell;
                       if (e.move.kind == MoveKind::Swap) j["other_cell"] = e.move.otherCell;
                       else j["value"] = e.move.value;
                       j["previous"] = e.move.previous;
                   },
                   [&](const CostSample& e) {
                       j["current"] = e.current;
                       j["best"] = e.best;
                       if (!e.parts.empty()) {
                           nlohmann::json& breakdown = j["breakdown"] = nlohmann::json::object();
                           for (std::size_t i = 0; i < e.parts.size(); ++i)
                               breakdown[i < costParts.size() ? costParts[i] : "part " + std::to_string(i + 1)] =
                                   e.parts[i];
                       }
                   },
                   [&](const TemperatureSample& e) {
                       j["temperature"] = e.temperature;
                       j["acceptance_ratio"] = e.acceptanceRatio;
                   },
                   [&](const Reheat& e) { j["temperature"] = e.temperature; },
                   [&](const GenerationStats& e) {
                       j["generation"] = e.generation;
                       j["best"] = e.best;
                       j["mean"] = e.mean;
                       j["worst"] = e.worst;
                   },
                   [&](const CandidatesUpdate& e) { j["candidates"] = e.candidates; },
                   [&](const HeatMap& e) {
                       j["label"] = e.label;
                       j["values"] = e.values;
                   },
                   [&](const PhaseChange& e) { j["name"] = phaseName(e); },
                   [&](const Explanation& e) {
                       j["text"] = e.text;
                       if (!e.cells.empty()) j["cells"] = e.cells;
                   },
                   [&](const ProgramUpdate& e) {
                       j["program"] = e.program;
                       j["position"] = e.position;
                       j["fitness"] = e.fitness;
                   },
                   [&](const Decision& decision) {
                       const DecisionDetail& e = decision.detail();
                       j["action"] = e.action;
                       if (!e.cells.empty()) j["cells"] = e.cells;
                       for (const DecisionValue& value : e.values) j[value.name] = value.value;
                       if (e.accepted) j["accepted"] = *e.accepted;
                       if (!e.list.empty()) {
                           j["list_label"] = e.listLabel;
                           j["list"] = e.list;
                       }
                       j["text"] = e.text;
                   },
                   [&](const Finished& e) {
                       j["outcome"] = outcomeName(e.outcome);
                       j["valid"] = e.valid;
                       j["best_cost"] = e.bestCost;
                       j["reason"] = e.reason;
                   },
               },
               event);
    return j;
}

bool isFrequentSample(const Event& event) {
    return std::holds_alternative<CostSample>(event) || std::holds_alternative<TemperatureSample>(event) ||
           std::holds_alternative<GenerationStats>(event);
}

}  // namespace

void JsonLinesSink::receive(const Event& event) {
    std::uint64_t* counter = nullptr;
    if (std::holds_alternative<MoveEvent>(event)) counter = &m_moveCount;
    else if (std::holds_alternative<CostSample>(event)) counter = &m_costCount;
    else if (std::holds_alternative<TemperatureSample>(event)) counter = &m_temperatureCount;
    if (counter && (*counter)++ % m_every != 0) return;
    m_out << toJson(event, m_costParts).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

void JsonLinesSink::writeHeader(const std::string& jsonObject) { m_out << jsonObject << '\n'; }

BatchingSink::BatchingSink(Deliver deliver, std::chrono::milliseconds interval, std::size_t capacity)
    : m_deliver(std::move(deliver)), m_interval(interval), m_capacity(capacity ? capacity : 1),
      m_lastDelivery(std::chrono::steady_clock::now()) {}

void thinBatch(EventBatch& batch) {
    std::size_t kept = 0;
    std::array<bool, std::variant_size_v<Event>> dropNext{};  // per event type, so interleaved kinds both stay
    for (Event& event : batch.events) {
        bool keep = true;
        if (std::holds_alternative<MoveEvent>(event)) {
            batch.movesDropped = true;
            keep = false;
        } else if (isFrequentSample(event)) {
            bool& drop = dropNext[event.index()];
            keep = !drop;
            drop = !drop;
        }
        if (!keep) {
            ++batch.droppedEvents;
            continue;
        }
        if (&batch.events[kept] != &event) batch.events[kept] = std::move(event);  // never self-move
        ++kept;
    }
    batch.events.resize(kept);
}

bool BatchingSink::keep(const Event& event) {
    // A full batch is thinned and later samples are taken at twice the stride, so a batch covers the whole
    // interval evenly instead of only its start. Once a move is dropped the receiver resynchronises from a
    // snapshot, so later moves of the same batch are useless and dropped too.
    if (m_batch.events.size() >= m_capacity) {
        thinBatch(m_batch);
        m_sampleStride *= 2;
    }
    if (std::holds_alternative<MoveEvent>(event)) return wantsMoves() && !m_batch.movesDropped;
    if (isFrequentSample(event)) return m_sampleCount[event.index()]++ % m_sampleStride == 0;
    return true;  // rare events: phases, reheats, explanations, heat maps, candidates, finished
}

void BatchingSink::receive(const Event& event) {
    if (keep(event)) {
        m_batch.events.push_back(event);
    } else {
        ++m_batch.droppedEvents;
        if (std::holds_alternative<MoveEvent>(event)) m_batch.movesDropped = true;
    }
    // Reading the clock costs more than storing an event: look at it every 64 events only.
    if (++m_sinceClockCheck >= 64 || std::holds_alternative<Finished>(event)) {
        m_sinceClockCheck = 0;
        if (std::holds_alternative<Finished>(event) ||
            std::chrono::steady_clock::now() - m_lastDelivery >= m_interval)
            flush();
    }
}

void BatchingSink::flush() {
    m_lastDelivery = std::chrono::steady_clock::now();
    if (m_batch.events.empty() && m_batch.droppedEvents == 0) return;
    EventBatch batch = std::move(m_batch);
    m_batch = EventBatch{};
    m_batch.events.reserve(batch.events.size());
    m_sampleStride = 1;
    m_sampleCount.fill(0);
    m_deliver(std::move(batch));
}

}  // namespace pw
