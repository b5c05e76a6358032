#pragma once
// What every algorithm keeps the same way: the sink it reports to, its step and evaluation counters, and
// whether the run has ended with which status. An algorithm derives from AlgorithmBase, calls begin(sink) at
// the top of start(), counts with m_counters, reports with emit(...) (free when nobody listens) and ends a
// run with `return end(StepStatus::Solved)`; step() starts with `if (ended()) return status();`.

#include "engine/algorithm.h"

#include <utility>

namespace pw {

// Algorithm::steps() for a final class: the same loop with step() called directly, so it is inlined.
template <class FinalAlgorithm> StepStatus runSteps(FinalAlgorithm& algorithm, std::uint64_t count) {
    for (; count > 0; --count)
        if (const StepStatus status = algorithm.FinalAlgorithm::step(); status != StepStatus::Running) return status;
    return StepStatus::Running;
}

// Algorithm::stepsUntilBestFalls() for a final class, with step() and bestCost() called directly.
template <class FinalAlgorithm>
StepStatus runStepsUntilBestFalls(FinalAlgorithm& algorithm, std::uint64_t count, std::uint64_t& taken) {
    const double best = algorithm.FinalAlgorithm::bestCost();
    for (taken = 0; taken < count;) {
        const StepStatus status = algorithm.FinalAlgorithm::step();
        ++taken;
        if (status != StepStatus::Running || algorithm.FinalAlgorithm::bestCost() < best) return status;
    }
    return StepStatus::Running;
}

class AlgorithmBase : public Algorithm {
public:
    Counters counters() const override { return m_counters; }

protected:
    // A fresh run: counters at zero, running, reporting to `sink` (may be null).
    void begin(EventSink* sink) {
        m_sink = sink;
        m_counters = {};
        m_done = false;
        m_status = StepStatus::Running;
    }
    bool listening() const { return m_sink != nullptr; }
    template <class E> void emit(E&& event) { sendEvent(m_sink, std::forward<E>(event)); }
    StepStatus end(StepStatus status) {
        m_done = true;
        m_status = status;
        return status;
    }
    bool ended() const { return m_done; }
    StepStatus status() const { return m_status; }

    EventSink* m_sink = nullptr;
    Counters m_counters;

private:
    bool m_done = false;
    StepStatus m_status = StepStatus::Running;
};

}  // namespace pw
