#include "engine/runner.h"

#include "base/text_format.h"

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

private:
    double m_seconds;
};

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

Runner::Runner(Algorithm& algorithm, const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed,
               EventSink* sink, StopConditions stopConditions)
    : m_algorithm(algorithm), m_puzzle(puzzle), m_sink(sink), m_stopConditions(std::move(stopConditions)),
      m_started(std::chrono::steady_clock::now()) {
    m_algorithm.start(puzzle, parameters, seed, sink);
    m_progress.counters = m_algorithm.counters();
    m_progress.bestCost = m_algorithm.bestCost();
}

double Runner::elapsedSeconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_started).count();
}

bool Runner::advance() {
    if (m_finished) return false;
    const StepStatus status = m_algorithm.step();
    m_progress.counters = m_algorithm.counters();
    m_progress.bestCost = m_algorithm.bestCost();
    // The clock is read every 64 steps: cheap steps (a value suggested) cost less than a clock read.
    if ((m_progress.counters.steps & 63u) == 0) m_progress.seconds = elapsedSeconds();
    if (status == StepStatus::Solved) {
        close(Outcome::Solved, "solution found");
        return false;
    }
    if (status == StepStatus::Failed) {
        close(Outcome::Failed, "the algorithm ended without a solution");
        return false;
    }
    if (auto verdict = m_stopConditions.check(m_progress)) {
        close(verdict->outcome, verdict->reason);
        return false;
    }
    return true;
}

bool Runner::advanceBy(std::uint64_t steps) {
    for (; steps > 0; --steps)
        if (!advance()) return false;
    return !m_finished;
}

void Runner::stop(const StopVerdict& verdict) {
    if (!m_finished) close(verdict.outcome, verdict.reason);
}

RunResult Runner::runToEnd() {
    while (advance()) {
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
    // An algorithm that claims a solution the independent check rejects has failed, whatever it says.
    if (outcome == Outcome::Solved && !m_result.valid) {
        outcome = Outcome::Failed;
        reason = "the algorithm reported a solution that breaks the rules or the givens";
    }
    // A target-cost stop on a board that is in fact a solution is a solve.
    if (outcome == Outcome::BudgetExhausted && m_result.valid) {
        outcome = Outcome::Solved;
        reason = "solution found";
    }
    m_result.outcome = outcome;
    m_result.reason = std::move(reason);
    if (m_sink)
        m_sink->receive(Finished{m_result.counters, m_result.outcome, m_result.valid, m_result.bestCost,
                                 m_result.reason});
}

}  // namespace pw
