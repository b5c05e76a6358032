#include "engine/runner.h"

#include "engine/run_verdict.h"

#include "base/text_format.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace pw {

namespace {

class StepLimit : public StopCondition {
public:
    explicit StepLimit(std::uint64_t steps) : m_steps(steps) {}
    std::optional<StopVerdict> check(const RunProgress& progress) override {
        if (progress.counters.steps < m_steps) return std::nullopt;
        return StopVerdict{Outcome::BudgetExhausted, "step budget of " + std::to_string(m_steps) + " reached"};
    }
    std::uint64_t stepsBeforeItCanFire(const RunProgress& progress) const override {
        return m_steps - progress.counters.steps;  // check() did not fire, so steps < m_steps
    }

private:
    std::uint64_t m_steps;
};

class EvaluationLimit : public StopCondition {
public:
    explicit EvaluationLimit(std::uint64_t evaluations) : m_evaluations(evaluations) {}
    std::optional<StopVerdict> check(const RunProgress& progress) override {
        if (progress.counters.evaluations < m_evaluations) return std::nullopt;
        return StopVerdict{Outcome::BudgetExhausted,
                           "evaluation budget of " + std::to_string(m_evaluations) + " reached"};
    }
    // k more steps add at most k * maxEvaluationsPerStep evaluations, so the budget cannot be reached before
    // the (rounded up) quotient of what is left; without a bound it is asked after every step.
    std::uint64_t stepsBeforeItCanFire(const RunProgress& progress) const override {
        const std::uint64_t perStep = progress.maxEvaluationsPerStep;
        // start() may already have spent the budget (a schedule's sampling walk): then ask after the first step.
        if (perStep == 0 || progress.counters.evaluations >= m_evaluations) return 1;
        return (m_evaluations - progress.counters.evaluations + perStep - 1) / perStep;
    }

private:
    std::uint64_t m_evaluations;
};

class TimeLimit : public StopCondition {
public:
    explicit TimeLimit(double seconds) : m_seconds(seconds) {}
    std::optional<StopVerdict> check(const RunProgress& progress) override {
        if (progress.seconds < m_seconds) return std::nullopt;
        return StopVerdict{Outcome::BudgetExhausted, "time limit of " + formatNumber(m_seconds) + " s reached"};
    }
    std::uint64_t stepsBeforeItCanFire(const RunProgress&) const override { return kPolled; }

private:
    double m_seconds;
};

// The best cost can fall to the target on any step, and a stagnation count restarts on the very step the best
// cost improves, which only a look after that step sees: both are asked after every step (the default), so a
// run ends on the same step however often it is checked. Only runs that set them pay for it.
class TargetCost : public StopCondition {
public:
    explicit TargetCost(double cost) : m_cost(cost) {}
    std::optional<StopVerdict> check(const RunProgress& progress) override {
        if (progress.bestCost > m_cost) return std::nullopt;
        return StopVerdict{Outcome::BudgetExhausted, "target cost " + formatNumber(m_cost) + " reached"};
    }

private:
    double m_cost;
};

class StagnationLimit : public StopCondition {
public:
    explicit StagnationLimit(std::uint64_t steps) : m_steps(steps) {}
    std::optional<StopVerdict> check(const RunProgress& progress) override {
        if (progress.bestCost < m_bestCost) {
            m_bestCost = progress.bestCost;
            m_improvedAt = progress.counters.steps;
        }
        if (progress.counters.steps - m_improvedAt < m_steps) return std::nullopt;
        return StopVerdict{Outcome::BudgetExhausted,
                           "no improvement in " + std::to_string(m_steps) + " steps"};
    }

private:
    std::uint64_t m_steps;
    double m_bestCost = std::numeric_limits<double>::infinity();
    std::uint64_t m_improvedAt = 0;
};

class ExternalStop : public StopCondition {
public:
    explicit ExternalStop(const std::atomic<bool>& flag) : m_flag(flag) {}
    std::optional<StopVerdict> check(const RunProgress&) override {
        if (!m_flag.load(std::memory_order_relaxed)) return std::nullopt;
        return StopVerdict{Outcome::Stopped, "stopped by the user"};
    }
    std::uint64_t stepsBeforeItCanFire(const RunProgress&) const override { return kPolled; }

private:
    const std::atomic<bool>& m_flag;
};

}  // namespace

std::unique_ptr<StopCondition> stepLimit(std::uint64_t steps) { return std::make_unique<StepLimit>(steps); }
std::unique_ptr<StopCondition> evaluationLimit(std::uint64_t evaluations) {
    return std::make_unique<EvaluationLimit>(evaluations);
}
std::unique_ptr<StopCondition> timeLimit(double seconds) { return std::make_unique<TimeLimit>(seconds); }
std::unique_ptr<StopCondition> targetCost(double cost) { return std::make_unique<TargetCost>(cost); }
std::unique_ptr<StopCondition> stagnationLimit(std::uint64_t steps) {
    return std::make_unique<StagnationLimit>(steps);
}
std::unique_ptr<StopCondition> externalStop(const std::atomic<bool>& flag) {
    return std::make_unique<ExternalStop>(flag);
}

StopConditions& StopConditions::add(std::unique_ptr<StopCondition> condition) {
    m_conditions.push_back(std::move(condition));
    return *this;
}

std::optional<StopVerdict> StopConditions::check(const RunProgress& progress) {
    for (auto& condition : m_conditions)
        if (auto verdict = condition->check(progress)) return verdict;
    return std::nullopt;
}

std::optional<StopVerdict> StopConditions::checkPolled(const RunProgress& progress) {
    for (auto& condition : m_conditions)
        if (condition->stepsBeforeItCanFire(progress) == StopCondition::kPolled)
            if (auto verdict = condition->check(progress)) return verdict;
    return std::nullopt;
}

StopConditions::Plan StopConditions::plan(const RunProgress& progress) const {
    Plan plan;
    for (const auto& condition : m_conditions) {
        const std::uint64_t steps = condition->stepsBeforeItCanFire(progress);
        if (steps == StopCondition::kPolled) plan.polled = true;
        else plan.stepsBeforeCheck = std::min(plan.stepsBeforeCheck, std::max<std::uint64_t>(steps, 1));
    }
    return plan;
}

Runner::Runner(Algorithm& algorithm, const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed,
               EventSink* sink, StopConditions stopConditions)
    : m_algorithm(algorithm), m_puzzle(puzzle), m_sink(sink), m_stopConditions(std::move(stopConditions)),
      m_started(std::chrono::steady_clock::now()) {
    // The clock and the Stop flag reach a long set-up too: a time limit or Ctrl-C must not wait for a first
    // population. Budgets of steps and evaluations count from the first step, as they always have.
    std::optional<StopVerdict> setupStop;
    m_algorithm.setSetupInterruption([&] {
        RunProgress progress;
        progress.seconds = elapsedSeconds();
        setupStop = m_stopConditions.checkPolled(progress);
        return setupStop.has_value();
    });
    m_algorithm.start(puzzle, parameters, seed, sink);
    m_algorithm.setSetupInterruption({});
    if (setupStop) {
        close(setupStop->outcome, setupStop->reason);
        return;
    }
    m_progress.counters = m_algorithm.counters();
    m_progress.bestCost = m_algorithm.bestCost();
    m_progress.maxEvaluationsPerStep = m_algorithm.maxEvaluationsPerStep();
    const StopConditions::Plan plan = m_stopConditions.plan(m_progress);
    m_stepsBeforeCheck = plan.stepsBeforeCheck;
    m_polled = plan.polled;
    m_lastPoll = m_started;
}

double Runner::elapsedSeconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_started).count();
}

void Runner::discountIdle(std::chrono::steady_clock::duration idle) {
    m_started += idle;
    m_lastPoll += idle;
}

bool Runner::advance(std::uint64_t steps, bool untilBestFalls) {
    if (m_finished) return false;
    // A caller between calls may have set the Stop flag: the first step of every call is polled.
    m_stepsBeforePoll = 1;
    while (steps > 0) {
        // The steps no stop condition can end: nothing but step() runs for them.
        std::uint64_t quiet = std::min(steps, m_stepsBeforeCheck);
        if (m_polled) quiet = std::min(quiet, m_stepsBeforePoll);
        std::uint64_t taken = quiet;
        const double best = untilBestFalls ? m_algorithm.bestCost() : 0;
        const StepStatus status =
            untilBestFalls ? m_algorithm.stepsUntilBestFalls(quiet, taken) : m_algorithm.steps(quiet);
        steps -= taken;
        if (m_stepsBeforeCheck != StopCondition::kPolled) m_stepsBeforeCheck -= taken;
        m_stepsBeforePoll -= taken;
        if (status == StepStatus::Solved) {
            close(Outcome::Solved, kSolvedReason);
            return false;
        }
        if (status == StepStatus::Failed) {
            close(Outcome::Failed, kFailedReason);
            return false;
        }
        if ((m_stepsBeforeCheck == 0 || (m_polled && m_stepsBeforePoll == 0)) && !checkStopConditions())
            return false;
        if (untilBestFalls && m_algorithm.bestCost() < best) return true;
    }
    return true;
}

bool Runner::checkStopConditions() {
    m_progress.counters = m_algorithm.counters();
    m_progress.bestCost = m_algorithm.bestCost();
    if (m_polled && m_stepsBeforePoll == 0) {
        // Poll about every millisecond: a clock read costs more than a cheap step, a slow step is polled after
        // each one.
        const auto now = std::chrono::steady_clock::now();
        const auto sinceLastPoll = now - m_lastPoll;
        if (sinceLastPoll < std::chrono::microseconds(500) && m_pollSteps < (std::uint64_t{1} << 24)) m_pollSteps *= 2;
        else if (sinceLastPoll > std::chrono::milliseconds(2) && m_pollSteps > 1) m_pollSteps /= 2;
        m_stepsBeforePoll = m_pollSteps;
        m_lastPoll = now;
        m_progress.seconds = std::chrono::duration<double>(now - m_started).count();
    }
    if (auto verdict = m_stopConditions.check(m_progress)) {
        close(verdict->outcome, verdict->reason);
        return false;
    }
    if (m_stepsBeforeCheck == 0) m_stepsBeforeCheck = m_stopConditions.plan(m_progress).stepsBeforeCheck;
    return true;
}

void Runner::stop(const StopVerdict& verdict) {
    if (!m_finished) close(verdict.outcome, verdict.reason);
}

RunResult Runner::runToEnd() {
    while (advanceBy(std::uint64_t{1} << 40)) {
    }
    return m_result;
}

void Runner::close(Outcome outcome, std::string reason) {
    m_finished = true;
    m_algorithm.finish();
    m_result.counters = m_algorithm.counters();
    m_result.bestCost = m_algorithm.bestCost();
    m_result.finalBoard = m_algorithm.bestBoard();
    m_result.results = m_algorithm.results();
    m_result.valid = m_puzzle.isSolvedBy(m_result.finalBoard);
    m_result.seconds = elapsedSeconds();
    judgeRun(m_result, outcome, std::move(reason));
    if (m_sink)
        m_sink->receive(Finished{m_result.counters, m_result.outcome, m_result.valid, m_result.bestCost,
                                 m_result.reason});
}

void judgeRun(RunResult& result, Outcome outcome, std::string reason) {
    // An algorithm that claims a solution the independent check rejects has failed, whatever it says.
    if (outcome == Outcome::Solved && !result.valid) {
        outcome = Outcome::Failed;
        reason = "the algorithm reported a solution that breaks the rules or the givens";
    }
    // A target-cost stop on a board that is in fact a solution is a solve.
    if (outcome == Outcome::BudgetExhausted && result.valid) {
        outcome = Outcome::Solved;
        reason = kSolvedReason;
    }
    result.outcome = outcome;
    result.reason = std::move(reason);
}

}  // namespace pw
