#pragma once
// Runs an algorithm under composable stop conditions (step, evaluation and time budgets, target cost,
// stagnation, an external stop flag) and closes every run with one Finished event carrying the outcome and
// an independent validity check of the final board.
//
// The stop conditions are not asked after every step. Each one says how many steps can run before it could
// fire (a step budget knows exactly); conditions that can fire at any moment (the clock, the Stop flag) are
// polled about every millisecond. Between those points the runner only calls step(), so a budget costs a
// cheap algorithm nothing per step, and a run ends on exactly the same step as if every step were checked.

#include "engine/algorithm.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pw {

struct RunProgress {
    Counters counters;
    double seconds = 0;  // refreshed every few steps, not every step
    double bestCost = 0;
    std::uint64_t maxEvaluationsPerStep = 0;  // Algorithm::maxEvaluationsPerStep(): 0 when unbounded
};

struct StopVerdict {
    Outcome outcome = Outcome::BudgetExhausted;
    std::string reason;
};

class StopCondition {
public:
    // stepsBeforeItCanFire() of a condition that can fire at any moment: checked at the runner's poll.
    static constexpr std::uint64_t kPolled = ~std::uint64_t{0};

    virtual ~StopCondition() = default;
    virtual std::optional<StopVerdict> check(const RunProgress& progress) = 0;
    // Given `progress` (after a check that did not fire), how many more steps can run before this condition
    // could fire: it need not be asked again before then. 1 means after every step; kPolled, at the poll.
    virtual std::uint64_t stepsBeforeItCanFire(const RunProgress&) const { return 1; }
};

std::unique_ptr<StopCondition> stepLimit(std::uint64_t steps);
std::unique_ptr<StopCondition> evaluationLimit(std::uint64_t evaluations);
std::unique_ptr<StopCondition> timeLimit(double seconds);
std::unique_ptr<StopCondition> targetCost(double cost);  // stops once the best cost is at or below `cost`
std::unique_ptr<StopCondition> stagnationLimit(std::uint64_t steps);  // steps without a better best cost
std::unique_ptr<StopCondition> externalStop(const std::atomic<bool>& flag);  // the Stop button

// Any-of: the first condition that fires ends the run.
class StopConditions {
public:
    StopConditions& add(std::unique_ptr<StopCondition> condition);
    std::optional<StopVerdict> check(const RunProgress& progress);
    // Only the conditions that can fire at any moment (the clock, the Stop flag): what a set-up is asked.
    std::optional<StopVerdict> checkPolled(const RunProgress& progress);
    // The fewest steps before any condition could fire (StopCondition::kPolled when only polled ones can),
    // and whether any condition is polled.
    struct Plan {
        std::uint64_t stepsBeforeCheck = StopCondition::kPolled;
        bool polled = false;
    };
    Plan plan(const RunProgress& progress) const;
    bool empty() const { return m_conditions.empty(); }

private:
    std::vector<std::unique_ptr<StopCondition>> m_conditions;
};

struct RunResult {
    Outcome outcome = Outcome::Failed;
    std::string reason;
    bool valid = false;
    Counters counters;
    double seconds = 0;
    double bestCost = 0;
    Board finalBoard;  // the best board the algorithm reached
    std::vector<std::pair<std::string, ParameterValue>> results;  // Algorithm::results()
};

class Runner {
public:
    // Starts `algorithm` on `puzzle` at once; `sink` may be null.
    Runner(Algorithm& algorithm, const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed,
           EventSink* sink, StopConditions stopConditions);

    // One step and the stop checks; false once the run has finished (then result() is final).
    bool advance() { return advanceBy(1); }
    // Up to `steps` steps in one call (a tight loop, cheaper than calling advance() from outside); false once
    // the run has finished.
    bool advanceBy(std::uint64_t steps) { return advance(steps, false); }
    // advanceBy() that also returns after the first step lowering the algorithm's best cost.
    bool advanceUntilBestFalls(std::uint64_t steps) { return advance(steps, true); }
    // Ends the run now with the given verdict (used when the caller stops between steps).
    void stop(const StopVerdict& verdict);
    bool finished() const { return m_finished; }
    const RunResult& result() const { return m_result; }
    RunResult runToEnd();
    double elapsedSeconds() const;
    // Leaves `idle` out of the run's time (a window's run while it is paused): elapsed seconds, the time limit
    // and the result's seconds count only the time the run could advance.
    void discountIdle(std::chrono::steady_clock::duration idle);

private:
    bool advance(std::uint64_t steps, bool untilBestFalls);
    void close(Outcome outcome, std::string reason);
    // Refreshes the progress, asks the conditions and plans the steps until they must be asked again; false
    // when one fired (the run is then closed).
    bool checkStopConditions();

    Algorithm& m_algorithm;
    const Puzzle& m_puzzle;
    EventSink* m_sink;
    StopConditions m_stopConditions;
    std::chrono::steady_clock::time_point m_started;
    RunProgress m_progress;
    std::uint64_t m_stepsBeforeCheck = 1;  // steps left before the conditions are asked again
    std::uint64_t m_pollSteps = 1;         // steps between polls of the clock and the Stop flag, about 1 ms
    std::uint64_t m_stepsBeforePoll = 1;
    std::chrono::steady_clock::time_point m_lastPoll;
    bool m_polled = false;                 // whether any condition must be polled
    bool m_finished = false;
    RunResult m_result;
};

}  // namespace pw
