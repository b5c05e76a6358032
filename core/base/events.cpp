#include "base/events.h"

namespace pw {

const char* outcomeName(Outcome outcome) {
    switch (outcome) {
    case Outcome::Solved: return "solved";
    case Outcome::Stopped: return "stopped";
    case Outcome::BudgetExhausted: return "budget_exhausted";
    case Outcome::Failed: return "failed";
    }
    return "?";
}

bool isNumberedPhase(PhaseKind kind) {
    return kind == PhaseKind::Cycle || kind == PhaseKind::Generation || kind == PhaseKind::Restart;
}

std::string phaseName(const PhaseChange& phase) {
    const char* name = "?";
    switch (phase.kind) {
    case PhaseKind::InitialFill: name = "initial fill"; break;
    case PhaseKind::Annealing: name = "annealing"; break;
    case PhaseKind::Search: name = "search"; break;
    case PhaseKind::Logic: name = "logic"; break;
    case PhaseKind::Improvisation: name = "improvisation"; break;
    case PhaseKind::Prefiltering: name = "prefiltering"; break;
    case PhaseKind::Cycle: name = "cycle"; break;
    case PhaseKind::Generation: name = "generation"; break;
    case PhaseKind::Restart: name = "restart"; break;
    case PhaseKind::RandomPrograms: name = "random programs"; break;
    case PhaseKind::Replay: name = "replay"; break;
    }
    if (!isNumberedPhase(phase.kind)) return name;
    return std::string(name) + " " + std::to_string(phase.number);
}

const Counters& eventCounters(const Event& event) {
    return std::visit([](const auto& e) -> const Counters& { return e.at; }, event);
}

namespace {
template <class... Ts> struct Overloaded : Ts... { using Ts::operator()...; };
// Clang before 17 does not deduce aggregate template arguments by itself.
template <class... Ts> Overloaded(Ts...) -> Overloaded<Ts...>;
}  // namespace

const char* eventTypeName(const Event& event) {
    return std::visit(Overloaded{
                          [](const MoveEvent&) { return "move"; },
                          [](const CostSample&) { return "cost"; },
                          [](const TemperatureSample&) { return "temperature"; },
                          [](const Reheat&) { return "reheat"; },
                          [](const GenerationStats&) { return "generation"; },
                          [](const CandidatesUpdate&) { return "candidates"; },
                          [](const HeatMap&) { return "heat_map"; },
                          [](const PhaseChange&) { return "phase"; },
                          [](const Explanation&) { return "explanation"; },
                          [](const ProgramUpdate&) { return "program"; },
                          [](const Decision&) { return "decision"; },
                          [](const Finished&) { return "finished"; },
                      },
                      event);
}

}  // namespace pw
