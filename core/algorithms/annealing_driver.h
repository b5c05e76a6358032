#pragma once
// The loop both annealers (Sudoku's `sa`, `nurikabe-sa`) share: one proposal per step, the Metropolis test
// (explained as a Decision when the receiver asks, with the same random draws), keeping the best, the
// temperature schedule — Křivánek's thesis schedule (cool after every accepted move, reheat below t_min) or
// Lewis's chains (cool after every chain, reheat after chains without a lower cost) — the reheats and the
// samples. An annealer supplies its neighbourhood and its board through static hooks (the loop is the hot
// path: no virtual call per proposal):
//   Proposal propose()                   draw one neighbour
//   int deltaOf(const Proposal&)         the change of the cost if it were made (it may make it tentatively)
//   void reject(const Proposal&)         take back a tentative change
//   void accept(const Proposal&)         make it (m_cost already holds the new cost) and report the moves
//   void keepBest()                      the current candidate is the new best
//   std::string describe(const Proposal&), std::vector<int> cellsOf(const Proposal&)   for its Decision
//   std::vector<double> costParts()      the parts of the current cost, for the cost samples
// It sets m_failure, m_cost and m_bestCost in start() and calls startSchedule() once they are known.

#include "algorithms/algorithm_base.h"
#include "algorithms/annealing_schedule.h"
#include "algorithms/decision_text.h"
#include "base/rng.h"
#include "base/text_format.h"

#include <cstdint>
#include <optional>
#include <string>

namespace pw {

enum class AnnealingScheduleKind { Thesis, LewisChains };

template <class Annealer, class Proposal>
class AnnealingDriver : public AlgorithmBase {
public:
    StepStatus step() final {
        if (ended()) return status();
        if (!m_failure.empty()) {
            emit(Explanation{m_counters, m_failure, {}});
            return end(StepStatus::Failed);
        }
        if (m_cost == 0) return end(StepStatus::Solved);

        // The paper's loop body: one neighbour, one accept/reject decision, one cooling.
        ++m_counters.steps;
        ++m_counters.evaluations;
        const Proposal proposal = annealer().propose();
        const int delta = annealer().deltaOf(proposal);
        bool accepted;
        if (wantsDecisions(m_sink)) [[unlikely]]
            accepted = acceptExplained(proposal, delta);
        else
            accepted = m_annealing.accepts(delta, m_rng);
        if (!accepted) {
            annealer().reject(proposal);
        } else {
            m_cost += delta;
            annealer().accept(proposal);
            // A chain's lowest cost is never below the best cost, so a new best is a new chain low too.
            if (m_cost < m_chainLow) m_chainLow = m_cost;
            if (m_cost < m_bestCost) {
                m_bestCost = m_cost;
                annealer().keepBest();
                if (m_cost == 0) {
                    if (m_sink) sample();
                    return end(StepStatus::Solved);
                }
            }
            if (m_schedule == AnnealingScheduleKind::Thesis && m_annealing.coolAfterAcceptance()) reheat();
        }
        if (m_schedule == AnnealingScheduleKind::LewisChains && ++m_chainProgress == m_chainLength) endChain();
        if (m_sink && m_counters.steps - m_annealing.stepsAtSample() >= m_sink->sampleEvery()) sample();
        return StepStatus::Running;
    }

    StepStatus steps(std::uint64_t count) override { return runSteps(annealer(), count); }
    StepStatus stepsUntilBestFalls(std::uint64_t count, std::uint64_t& taken) override {
        return runStepsUntilBestFalls(annealer(), count, taken);
    }
    std::uint64_t maxEvaluationsPerStep() const override { return 1; }  // one proposal
    double bestCost() const override { return m_bestCost; }

protected:
    // The thesis schedule: t ← α·t after every accepted move, back to t0 when t falls below t_min.
    void startThesisSchedule(double t0, double alpha, double tMin) {
        m_schedule = AnnealingScheduleKind::Thesis;
        m_tMin = tMin;
        m_annealing.start(t0, alpha, tMin);
        startChains();
    }

    // Lewis's schedule: t ← chainAlpha·t after every chain of `chainLength` proposals, back to t0 after
    // `reheatAfter` chains in a row without a lower cost.
    void startChainSchedule(double t0, double chainAlpha, std::uint64_t chainLength, int reheatAfter) {
        m_schedule = AnnealingScheduleKind::LewisChains;
        m_chainAlpha = chainAlpha;
        m_chainLength = chainLength;
        m_reheatAfter = reheatAfter;
        m_annealing.start(t0, 1, 0);
        startChains();
    }

    // Temperature, acceptance ratio since the previous sample, and the cost with its parts.
    void sample() {
        m_sink->receive(m_annealing.sample(m_counters));
        m_sink->receive(CostSample{m_counters, static_cast<double>(m_cost), static_cast<double>(m_bestCost),
                                   annealer().costParts()});
    }

    // The closing sample of finish(), unless the last step was sampled already.
    void sampleAtFinish() {
        if (m_counters.steps != m_annealing.stepsAtSample()) sample();
    }

    AnnealingSchedule m_annealing;
    Rng m_rng;
    int m_cost = 0;
    int m_bestCost = 0;
    std::string m_failure;  // set by start(): the run fails at its first step with this reason

private:
    Annealer& annealer() { return static_cast<Annealer&>(*this); }

    void startChains() {
        m_chainProgress = 0;
        m_chainsWithoutImprovement = 0;
        m_chainLow = m_cost;
        m_previousChainLow = m_cost + 1;  // the first chain counts as an improvement
    }

    // The Metropolis test of one proposal, told as a Decision: the same draws as AnnealingSchedule::accepts.
    [[gnu::cold, gnu::noinline]]
    bool acceptExplained(const Proposal& proposal, int delta) {
        double probability = 1;
        std::optional<double> draw;
        const double temperature = m_annealing.temperature();
        const bool accepted = m_annealing.acceptsExplained(delta, m_rng, probability, draw);
        m_sink->receive(annealingDecision(m_counters, annealer().describe(proposal), annealer().cellsOf(proposal),
                                          m_cost, delta, temperature, probability, draw, accepted));
        return accepted;
    }

    void endChain() {
        m_chainProgress = 0;
        m_annealing.cool(m_chainAlpha);
        m_chainsWithoutImprovement = m_chainLow < m_previousChainLow ? 0 : m_chainsWithoutImprovement + 1;
        m_previousChainLow = m_chainLow;
        m_chainLow = m_cost;
        if (m_chainsWithoutImprovement >= m_reheatAfter) reheat();
    }

    void reheat() {
        if (m_sink) sample();  // the low point before the jump
        const double before = m_annealing.temperature();
        m_annealing.reheat();
        if (wantsDecisions(m_sink))
            m_sink->receive(reheatDecision(
                m_counters,
                m_schedule == AnnealingScheduleKind::Thesis
                    ? "T fell below t_min = " + formatNumber(m_tMin)
                    : std::to_string(m_reheatAfter) + " Markov chains in a row without a lower cost",
                before, m_annealing.temperature(), m_cost));
        m_chainsWithoutImprovement = 0;
        m_chainLow = m_cost;
        m_previousChainLow = m_cost + 1;
        if (m_sink) {
            m_sink->receive(Reheat{m_counters, m_annealing.temperature()});
            m_sink->receive(m_annealing.current(m_counters));
        }
    }

    AnnealingScheduleKind m_schedule = AnnealingScheduleKind::Thesis;
    double m_tMin = 0;  // for the reheat's reason
    double m_chainAlpha = 0.99;
    int m_reheatAfter = 20;
    std::uint64_t m_chainLength = 1;
    std::uint64_t m_chainProgress = 0;
    int m_chainsWithoutImprovement = 0;
    int m_chainLow = 0;          // the lowest cost of the current Markov chain
    int m_previousChainLow = 0;  // the lowest cost of the previous one
};

}  // namespace pw
