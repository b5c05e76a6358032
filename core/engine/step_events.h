#pragma once
// The kinds of step a teacher wants to stop at (Run ▸ Run until): a refused proposal, a worse one accepted, a
// reheat, a new best, the end of a cycle or phase, a backtrack, a restart. Each algorithm declares the kinds its
// runs produce (AlgorithmInfo::stepEvents); the window offers only those, and the solver thread pauses on the
// first step that produced one. Refusals and worse moves are read from the step's Decision, so they are seen
// only while decisions are built (EventSink::wantsDecisions); a new best is a fall of Algorithm::bestCost().

#include "base/events.h"

#include <array>

namespace pw {

enum class StepEvent { Refusal, WorseAccepted, Reheat, NewBest, PhaseEnd, Backtrack, Restart };
inline constexpr std::array kAllStepEvents = {StepEvent::Refusal,  StepEvent::WorseAccepted, StepEvent::Reheat,
                                              StepEvent::NewBest,  StepEvent::PhaseEnd,      StepEvent::Backtrack,
                                              StepEvent::Restart};

const char* stepEventName(StepEvent kind);  // "refusal", "worse accepted", "reheat", "new best", ...

// True when `event`, sent during a step, makes that step one of kind `kind`. Never for NewBest: a new best is
// the algorithm's best cost falling, whichever events the step sent.
bool marksStepEvent(StepEvent kind, const Event& event);

}  // namespace pw
