#pragma once
// Runs an algorithm under composable stop conditions (step, evaluation and time budgets, target cost,
// stagnation, an external stop flag) and closes every run with one Finished event carrying the outcome and
// an independent validity check of the final board.

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
};

struct StopVerdict {
    Outcome outcome = Outcome::BudgetExhausted;
    std::string reason;
};

class StopCondition {
public:
    virtual ~StopCondition() = default;
    virtual std::optional<StopVerdict> check(const RunProgress& progress) = 0;
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
    bool advance();
    // Up to `steps` steps in one call (a tight loop, cheaper than calling advance() from outside); false once
    // the run has finished.
    bool advanceBy(std::uint64_t steps);
    // Ends the run now with the given verdict (used when the caller stops between steps).
    void stop(const StopVerdict& verdict);
    bool finished() const { return m_finished; }
    const RunResult& result() const { return m_result; }
    RunResult runToEnd();
    double elapsedSeconds() const;

private:
    void close(Outcome outcome, std::string reason);

    Algorithm& m_algorithm;
    const Puzzle& m_puzzle;
    EventSink* m_sink;
    StopConditions m_stopConditions;
    std::chrono::steady_clock::time_point m_started;
    RunProgress m_progress;
    bool m_finished = false;
    RunResult m_result;
};

}  // namespace pw
