#pragma once
// The loop both harmony searches share (Sudoku's `harmony`, `nurikabe-harmony`), as Geem's pseudo-code and
// Křivánek's §3.2 give it: fill the memory with HMS random harmonies; then, per step, improvise a new harmony
// value by value — with probability HMCR from a random member (memory consideration), then with probability
// PAR moved one up or one down, never past the range (pitch adjustment); otherwise a uniformly random value
// (random selection) — and let it replace the worst member when it is better (HarmonyMemory::offer). The run
// ends when the best member's cost is 0.
//
// A harmony is `width` small integers in [low, high] (Sudoku: the open cells' digits 1..N; Nurikabe: the open
// cells' colours 0..1). A puzzle's search derives from HarmonySearchDriver and supplies the objective
// (evaluate, with the cost's parts), what the window shows of the best member (showBest), and what a cost of 0
// means (concludeAtZero). The improvisation loop calls nothing virtual and allocates nothing.
//
// Events: memory best / mean / worst (GenerationStats, generation = improvisations so far) and a cost sample of
// the latest improvisation with its parts, every sampleEvery() steps of the sink, whenever the best changes and
// at the end. When the sink wants decisions, each improvisation is a Decision ("improvise"): how many values
// came from memory, were pitch adjusted or random; the cells where it differs from the best member, with each
// value's origin; its cost against the worst member's; and whether it replaced that member (which one, counted
// from 1; `replaced_member` 0 when it did not enter). The Decision carries both harmonies as boards (DecisionBoards:
// the improvised one, each value marked by its origin, against the best member it was compared with), so the
// window shows every cell the sentence names. Explaining draws no extra random number.

#include "algorithms/algorithm_base.h"
#include "algorithms/harmony_memory.h"
#include "base/rng.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace pw {

// What a step of either harmony search is (`meaning`, in its puzzle's words): a harmony improvised, explained as
// the driver's decision names it, and the events Run until can stop on.
inline void describeHarmonyStep(AlgorithmInfo& info, std::string meaning) {
    info.stepMeaning = std::move(meaning);
    info.stepUnit = "harmonies";
    info.stepDecision = {"improvise",
                         {"from_memory", "pitch_adjusted", "random", "cost", "worst_cost", "best_cost", "replaced_member"},
                         "",
                         false};
    info.stepEvents = {StepEvent::Refusal, StepEvent::NewBest};
}

class HarmonySearchDriver : public AlgorithmBase {
public:
    StepStatus step() final {
        if (ended()) return status();
        if (m_memory.bestCost() == 0) return concludeAtZero();

        // One improvisation: memory consideration with pitch adjustment, or random selection, value by value.
        ++m_counters.steps;
        ++m_counters.evaluations;
        const bool explain = wantsDecisions(m_sink);
        if (explain)
            improvise<true>();
        else
            improvise<false>();
        m_latestCost = evaluate(m_new.data(), m_latestParts.data());

        if (explain) explainChanges();
        const int worstBefore = m_memory.worstCost();
        const HarmonyMemory::Offer offer = m_memory.offer(m_new.data(), m_latestCost);
        const bool bestChanged = offer.newBest;
        if (explain) explainOffer(offer, worstBefore);
        if (m_sink) {
            if (bestChanged) showBest();
            if (bestChanged || m_counters.steps - m_lastSample >= m_sink->sampleEvery()) sample();
        }
        if (m_memory.bestCost() == 0) return concludeAtZero();
        return StepStatus::Running;
    }

    void finish() override {
        if (!m_sink) return;
        if (m_lastSample != m_counters.steps) sample();
        emit(Explanation{m_counters, "best cost " + std::to_string(m_memory.bestCost()) + " after " +
                                         std::to_string(m_counters.steps) + " improvisations (" + objectiveName() +
                                         ")", {}});
    }

    double bestCost() const override { return m_memory.bestCost(); }
    std::uint64_t maxEvaluationsPerStep() const override { return 1; }  // one improvisation

protected:
    // After begin(sink): reads `hms`, `hmcr`, `par`, reseeds, fills the memory with HMS
    // uniformly random harmonies of `width` values in [low, high] (HMS evaluations, no steps) and reports the
    // start. `partCount` is the number of parts evaluate() writes.
    void startMemory(const ParameterValues& parameters, std::uint64_t seed, int width, int low, int high,
                     std::size_t partCount) {
        m_rng.reseed(seed);
        m_members = static_cast<int>(parameters.integer("hms"));
        m_hmcr = parameters.real("hmcr");
        m_par = parameters.real("par");
        m_width = width;
        m_low = low;
        m_high = high;
        m_lastSample = 0;
        m_new.assign(static_cast<std::size_t>(width), 0);
        m_origin.assign(static_cast<std::size_t>(width), Origin::Random);
        m_latestParts.assign(partCount, 0);
        std::vector<double> parts(partCount, 0);
        m_memory.reset(m_members, width);
        for (int member = 0; member < m_members; ++member) {
            std::uint8_t* values = m_memory.values(member);
            for (int i = 0; i < width; ++i) values[i] = static_cast<std::uint8_t>(m_rng.between(low, high));
            const int cost = evaluate(values, parts.data());
            m_memory.setCost(member, cost);
            if (member == 0 || cost < m_latestCost) {  // the first best member, as the memory ranks it
                m_latestCost = cost;
                m_latestParts = parts;
            }
            ++m_counters.evaluations;
        }
        m_memory.rank();
        emit(PhaseChange{m_counters, PhaseKind::Improvisation});
        if (m_sink) {
            showBest();
            sample();
        }
    }

    // The cost of the harmony `values` (width values), its parts written to `parts`.
    virtual int evaluate(const std::uint8_t* values, double* parts) = 0;
    // Moves that turn the board the window shows into the best member (called only when someone listens).
    virtual void showBest() = 0;
    // The best member's cost reached 0: Solved, or Failed for a false solution of an incomplete objective.
    virtual StepStatus concludeAtZero() = 0;
    virtual std::string objectiveName() const = 0;  // for the closing sentence
    // For decisions: the board cell of harmony position `index`, and "r3c4=7" (or "r3c4 island") for a value.
    virtual int cellOf(int index) const = 0;
    virtual std::string valueText(int index, int value) const = 0;
    // The move that gives harmony position `index` the value `value` on the puzzle's board.
    virtual Move placement(int index, int value) const = 0;

    HarmonyMemory m_memory;  // HMS × width

private:
    enum class Origin : std::uint8_t { Memory, PitchAdjusted, Random };

    // The new harmony, value by value; `Explain` also notes where each value came from, drawing nothing more.
    template <bool Explain> void improvise() {
        for (int i = 0; i < m_width; ++i) {
            int value;
            Origin origin = Origin::Random;
            if (m_rng.chance(m_hmcr)) {
                value = m_memory.values(static_cast<int>(m_rng.below(static_cast<std::uint32_t>(m_members))))[i];
                origin = Origin::Memory;
                const double u = m_rng.uniform();
                if (u < m_par) {
                    const int adjusted = u < 0.5 * m_par ? value + 1 : value - 1;
                    if (adjusted >= m_low && adjusted <= m_high) {
                        value = adjusted;
                        origin = Origin::PitchAdjusted;
                    }
                }
            } else {
                value = m_rng.between(m_low, m_high);
            }
            m_new[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(value);
            if constexpr (Explain) m_origin[static_cast<std::size_t>(i)] = origin;
        }
    }

    // Before the memory update: the values where the new harmony differs from the best member, and their origin.
    [[gnu::cold, gnu::noinline]]
    void explainChanges() {
        const std::uint8_t* best = m_memory.values(m_memory.best());
        m_changedText.clear();
        m_changedCells.clear();
        m_originCounts = {};
        m_boards = {"improvised harmony", "memory's best", {}, {}, {}, "value from", {"memory", "pitch adjusted", "random"}};
        for (int i = 0; i < m_width; ++i) {
            const auto origin = m_origin[static_cast<std::size_t>(i)];
            ++m_originCounts[static_cast<std::size_t>(origin)];
            m_boards.object.push_back(placement(i, m_new[static_cast<std::size_t>(i)]));
            m_boards.sources.push_back(static_cast<std::uint8_t>(origin));
            m_boards.reference.push_back(placement(i, best[i]));
            if (m_new[static_cast<std::size_t>(i)] == best[i]) continue;
            m_changedCells.push_back(cellOf(i));
            if (m_changedCells.size() <= kListedChanges)
                m_changedText += (m_changedCells.size() > 1 ? ", " : "") + valueText(i, m_new[static_cast<std::size_t>(i)]) +
                                 (origin == Origin::Memory          ? " (memory)"
                                  : origin == Origin::PitchAdjusted ? " (pitch adjusted)"
                                                                    : " (random)");
        }
        if (m_changedCells.size() > kListedChanges)
            m_changedText += " and " + std::to_string(m_changedCells.size() - kListedChanges) + " more";
    }

    [[gnu::cold, gnu::noinline]]
    void explainOffer(const HarmonyMemory::Offer& offer, int worstBefore) {
        const auto& counts = m_originCounts;
        std::string text = "improvised " + std::to_string(m_width) + " values: " + std::to_string(counts[0]) +
                           " from memory, " + std::to_string(counts[1]) + " pitch adjusted, " +
                           std::to_string(counts[2]) + " random; ";
        text += m_changedCells.empty() ? "same as the best member" : "differs from the best member at " + m_changedText;
        text += "; cost " + std::to_string(m_latestCost) + " vs worst in memory " + std::to_string(worstBefore);
        if (offer.slot < 0)
            text += " \u2192 not better, discarded";
        else
            text += " \u2192 replaced member " + std::to_string(offer.slot + 1) + " (the worst)" +
                    (offer.newBest ? ", a new best" : "");
        m_sink->receive(Decision(
            m_counters, {"improvise",
                         std::move(text),
                         m_changedCells,
                         {{"from_memory", static_cast<double>(counts[0])},
                          {"pitch_adjusted", static_cast<double>(counts[1])},
                          {"random", static_cast<double>(counts[2])},
                          {"cost", static_cast<double>(m_latestCost)},
                          {"worst_cost", static_cast<double>(worstBefore)},
                          {"best_cost", static_cast<double>(m_memory.bestCost())},
                          {"replaced_member", static_cast<double>(offer.slot < 0 ? 0 : offer.slot + 1)}},
                         offer.slot >= 0,
                         {},
                         {},
                         std::make_shared<const DecisionBoards>(std::move(m_boards))}));
    }

    static constexpr std::size_t kListedChanges = 12;  // the sentence names this many changed cells at most

    void sample() {
        m_lastSample = m_counters.steps;
        const double best = m_memory.bestCost();
        m_sink->receive(GenerationStats{m_counters, m_counters.steps, best, m_memory.meanCost(),
                                        static_cast<double>(m_memory.worstCost())});
        m_sink->receive(CostSample{m_counters, static_cast<double>(m_latestCost), best, m_latestParts});
    }

    Rng m_rng;
    int m_members = 50;
    double m_hmcr = 0.7;
    double m_par = 0.1;
    int m_width = 0;
    int m_low = 0;
    int m_high = 1;
    std::vector<std::uint8_t> m_new;
    std::vector<Origin> m_origin;  // where each value of m_new came from, kept only when explaining
    std::array<int, 3> m_originCounts{};
    std::vector<int> m_changedCells;
    std::string m_changedText;
    DecisionBoards m_boards;  // both harmonies, from explainChanges to the Decision
    int m_latestCost = 0;
    std::vector<double> m_latestParts;
    std::uint64_t m_lastSample = 0;
};

}  // namespace pw
