#include "engine/step_events.h"

#include <algorithm>

namespace pw {

namespace {
const DecisionValue* findValue(const DecisionDetail& detail, const char* name) {
    const auto it = std::find_if(detail.values.begin(), detail.values.end(),
                                 [name](const DecisionValue& value) { return value.name == name; });
    return it == detail.values.end() ? nullptr : &*it;
}
}  // namespace

const char* stepEventName(StepEvent kind) {
    switch (kind) {
    case StepEvent::Refusal: return "refusal";
    case StepEvent::WorseAccepted: return "worse accepted";
    case StepEvent::Reheat: return "reheat";
    case StepEvent::NewBest: return "new best";
    case StepEvent::PhaseEnd: return "cycle or phase end";
    case StepEvent::Backtrack: return "backtrack";
    case StepEvent::Restart: return "restart";
    }
    return "?";
}

bool marksStepEvent(StepEvent kind, const Event& event) {
    if (const auto* phase = std::get_if<PhaseChange>(&event)) {
        if (kind == StepEvent::Restart) return phase->kind == PhaseKind::Restart;
        return kind == StepEvent::PhaseEnd;
    }
    if (std::holds_alternative<Reheat>(event)) return kind == StepEvent::Reheat;
    const auto* decision = std::get_if<Decision>(&event);
    if (!decision) return false;
    const DecisionDetail& detail = decision->detail();
    switch (kind) {
    case StepEvent::Refusal: return detail.accepted == false;
    case StepEvent::WorseAccepted: {
        const DecisionValue* delta = findValue(detail, "delta");
        return detail.accepted == true && delta && delta->value > 0;
    }
    case StepEvent::Backtrack: {
        // exact search tells a backtrack as a step of its own; backtracking and Nurikabe backtracking tell the
        // cells or islands taken back before a step's suggestion
        const DecisionValue* backtracks = findValue(detail, "backtracks");
        return detail.action == "backtrack" || (backtracks && backtracks->value > 0);
    }
    case StepEvent::Restart: return detail.action == "restart";
    case StepEvent::Reheat:
    case StepEvent::NewBest:
    case StepEvent::PhaseEnd: return false;
    }
    return false;
}

}  // namespace pw
