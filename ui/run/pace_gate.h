#pragma once
// Paces the runs of a race together while each advances on its own solver thread: no run goes past the
// gate's target (a number of steps, or of evaluations) until every run still going has reached it; then the
// target moves on — by a chunk sized so that a round takes a few milliseconds, or no faster than a chosen
// rate. How far a run goes at a time never changes what it does, so a raced run ends as the same run alone.

#include "base/events.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <limits>
#include <mutex>
#include <vector>

namespace pw::ui {

class PaceGate {
public:
    enum class Measure {
        None,         // flat out: the gate holds no run back
        Steps,        // every run the same steps
        Evaluations,  // every run the same evaluations
    };
    static constexpr std::uint64_t kNoLimit = std::numeric_limits<std::uint64_t>::max();

    explicit PaceGate(int runs);

    // `perSecond`: how fast the target may move (steps or evaluations a second); 0 = as fast as the slowest run.
    void setPace(Measure measure, double perSecond);
    // The rate counts from now (after a pause, a change of pace): it never catches up.
    void restartClock();
    // How many steps run `seat`, now at `at`, may take; 0 once it has waited up to `maxWait` for the others.
    // An estimate when the measure is evaluations: a run overshoots the target by about one step at most.
    std::uint64_t stepsAllowed(int seat, const Counters& at, std::chrono::milliseconds maxWait);
    // The run has ended: the others no longer wait for it.
    void leave(int seat);
    std::uint64_t target() const;

private:
    using Clock = std::chrono::steady_clock;
    std::uint64_t measured(const Counters& at) const;
    // Moves the target on when every run still going has reached it; `due` is when the rate next allows it.
    bool raise(Clock::time_point& due);

    mutable std::mutex m_mutex;
    std::condition_variable m_moved;
    Measure m_measure = Measure::None;
    double m_perSecond = 0;
    std::uint64_t m_target = 0;
    std::uint64_t m_chunk = 256;  // unlimited rate: how far the target moves a round, adapted to the runs' speed
    std::vector<std::uint64_t> m_reached;
    std::vector<bool> m_left;
    bool m_restartClock = true;
    std::uint64_t m_clockBase = 0;  // where the rate's count starts
    Clock::time_point m_clockStart;
    Clock::time_point m_lastRaise;
};

}  // namespace pw::ui
