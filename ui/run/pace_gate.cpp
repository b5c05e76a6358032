#include "run/pace_gate.h"

#include <algorithm>

namespace pw::ui {

namespace {
// An unlimited round should take about this long: long enough that waking the threads costs little,
// short enough that the runs look side by side.
constexpr auto kShortRound = std::chrono::milliseconds(2);
constexpr auto kLongRound = std::chrono::milliseconds(8);
constexpr std::uint64_t kMinChunk = 16;
constexpr std::uint64_t kMaxChunk = 1 << 18;
// A rate moves the target at least this much time's worth at once, so the threads are not woken for every step.
constexpr double kRateQuantumSeconds = 0.004;
}  // namespace

PaceGate::PaceGate(int runs) : m_reached(static_cast<std::size_t>(runs), 0), m_left(static_cast<std::size_t>(runs), false) {}

void PaceGate::setPace(Measure measure, double perSecond) {
    {
        std::lock_guard lock(m_mutex);
        if (measure != m_measure) {
            // A new measure starts from wherever the slowest run is, counted in it.
            m_target = 0;
            std::fill(m_reached.begin(), m_reached.end(), 0);
            m_chunk = 256;
        }
        m_measure = measure;
        m_perSecond = std::max(0.0, perSecond);
        m_restartClock = true;
    }
    m_moved.notify_all();
}

void PaceGate::restartClock() {
    std::lock_guard lock(m_mutex);
    m_restartClock = true;
}

std::uint64_t PaceGate::target() const {
    std::lock_guard lock(m_mutex);
    return m_target;
}

std::uint64_t PaceGate::measured(const Counters& at) const {
    return m_measure == Measure::Steps ? at.steps : at.evaluations;
}

void PaceGate::leave(int seat) {
    {
        std::lock_guard lock(m_mutex);
        m_left.at(static_cast<std::size_t>(seat)) = true;
        Clock::time_point due;
        raise(due);
    }
    m_moved.notify_all();
}

bool PaceGate::raise(Clock::time_point& due) {
    due = Clock::time_point::max();
    std::uint64_t lowest = kNoLimit;
    for (std::size_t i = 0; i < m_reached.size(); ++i) {
        if (m_left[i]) continue;
        if (m_reached[i] < m_target) return false;  // someone is still on the way
        lowest = std::min(lowest, m_reached[i]);
    }
    if (lowest == kNoLimit) return false;  // every run has ended
    const auto now = Clock::now();
    if (m_restartClock) {
        m_clockBase = lowest;
        m_clockStart = now;
        m_lastRaise = now;
        m_restartClock = false;
    }
    const std::uint64_t from = std::max(m_target, lowest);
    std::uint64_t next = 0;
    if (m_perSecond > 0) {
        const double quantum = std::max(1.0, m_perSecond * kRateQuantumSeconds);
        const double seconds = std::chrono::duration<double>(now - m_clockStart).count();
        const auto allowed = m_clockBase + static_cast<std::uint64_t>(m_perSecond * seconds);
        if (static_cast<double>(allowed) < static_cast<double>(from) + quantum) {
            const double dueSeconds = (static_cast<double>(from - m_clockBase) + quantum) / m_perSecond;
            due = m_clockStart + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(dueSeconds));
            return false;
        }
        next = allowed;
    } else {
        const auto round = now - m_lastRaise;
        if (round < kShortRound) m_chunk = std::min(m_chunk * 2, kMaxChunk);
        else if (round > kLongRound) m_chunk = std::max(m_chunk / 2, kMinChunk);
        next = from + m_chunk;
    }
    m_target = next;
    m_lastRaise = now;
    m_moved.notify_all();
    return true;
}

std::uint64_t PaceGate::stepsAllowed(int seat, const Counters& at, std::chrono::milliseconds maxWait) {
    std::unique_lock lock(m_mutex);
    if (m_measure == Measure::None) return kNoLimit;
    const std::uint64_t reached = measured(at);
    m_reached.at(static_cast<std::size_t>(seat)) = reached;
    const auto deadline = Clock::now() + maxWait;
    while (reached >= m_target) {
        Clock::time_point due;
        if (raise(due)) continue;
        if (Clock::now() >= deadline) return 0;
        m_moved.wait_until(lock, std::min(deadline, due));
    }
    const std::uint64_t left = m_target - reached;
    if (m_measure == Measure::Steps) return left;
    // A step may cost many evaluations (a whole neighbourhood): from the mean cost of a step so far, half the
    // steps that seem left, so a run overshoots by about one step only. The first step teaches the mean.
    if (at.steps == 0) return 1;
    const std::uint64_t perStep = std::max<std::uint64_t>(1, (at.evaluations + at.steps - 1) / at.steps);
    return std::max<std::uint64_t>(1, left / perStep / 2);
}

}  // namespace pw::ui
