// `nurikabe-sa` — simulated annealing for Nurikabe as Křivánek's thesis adapts its Sudoku annealing (§4.2).
//
// Idea: a candidate is a complete black-and-white grid with "the right number of black and white cells": the
// clue cells and Σ clues − (number of clues) further cells are island, the rest river. A neighbour swaps one
// island cell (never a clue) with one river cell, so the number of island cells never changes. The cost has
// the thesis's four parts: Σ over clues of |island size − clue|, +1 for every pair of clues in one island,
// +1 for every river component beyond the first, +1 for every 2x2 pool. It is 0 exactly on a solution (with
// the island area fixed, an island without a clue leaves some clue's island short). A swap that does not raise
// the cost is accepted, a worse one with probability e^(−δ/t).
//
// Temperature: the thesis schedule of our Sudoku annealing (`sa`, §3.1): t0, t ← α·t after every accepted
// move, reheat to t0 when t falls below t_min — the same AnnealingSchedule object (annealing_schedule.h), which
// also holds the table of e^(−δ/t) and the acceptance ratio. The thesis tried α = 0.99, 0.999 and 0.9999 on Nurikabe and
// gives neither t0 nor t_min for it. Defaults (t0 = 3, α = 0.999, t_min = 0.05) come from a tuning run on the
// 24 bundled 10x10 janko puzzles, 2 s per run (`puzzle-cli solve -a nurikabe-sa --time-limit 2`): with seeds 1
// and 2 they solved 19 of 48 runs, t0 = 10 / t_min = 0.1 solved 21, α = 0.9999 solved 18 (within the noise of
// each other); with seed 1 alone, t0 = 1 solved 6 of 24, t_min = 0.2 8 and α = 0.99 (t0 = 1) 5. A cost rise of
// 1 is accepted with probability 0.72 at t0 = 3 and 2·10⁻⁹ at t_min, so a cycle runs from a loose walk to a
// frozen descent in about 4,000 accepted moves.
//
// Representation: one byte per cell (island or river), the lists of swappable island cells and of river cells
// (a swap exchanges the two cells' entries), and the cost model of nurikabe_cost.h, which updates the four parts from
// the two changed cells' neighbourhoods (pools from the blocks around them, islands by a search over the
// islands touching them, the river from the rings around the cells, counting the whole river only when a ring
// cannot tell). A rejected swap is taken back from the saved parts. Nothing is allocated per proposal.
//
// Deviations and choices the thesis leaves open:
//   - The two cells of a proposal are uniform: one among the non-clue island cells, one among the river cells.
//   - A swap with δ = 0 counts as accepted and cools the system (as in `sa`).
//   - A grid whose clues ask for no further island cell, or for every cell, has no neighbour: its only
//     candidate is a solution or the run fails at once.
// Events: every accepted swap as two shade moves; temperature, acceptance ratio and cost every sampleEvery()
// proposals of the sink, at every reheat and at the end, so the window's temperature and cost charts work
// as for `sa`; a heat map of the step at which each cell last changed when the run ends. When the sink wants
// decisions, every proposal and every reheat is a Decision with the same fields as `sa`'s.

#include "algorithms/nurikabe_annealing.h"

#include "algorithms/algorithm_base.h"
#include "algorithms/annealing_schedule.h"
#include "algorithms/decision_text.h"
#include "base/rng.h"
#include "base/text_format.h"
#include "nurikabe/nurikabe_cost.h"

namespace pw {

namespace {

constexpr std::size_t kThesisParts = 4;  // the cost is the thesis's four parts

// Reheating below t_min needs t_min below t0.
std::vector<ParameterRule> parameterRules() { return {ParameterRule::below("t_min", "t0")}; }

class NurikabeAnnealingAlgorithm final : public AlgorithmBase {
public:
    void start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed,
               EventSink* sink) override {
        begin(sink);
        m_rng.reseed(seed);
        m_t0 = parameters.real("t0");
        m_alpha = parameters.real("alpha");
        m_tMin = parameters.real("t_min");
        m_clues = puzzle.nurikabe().clues;
        m_model = NurikabeCostModel(m_clues);
        m_failure.clear();
        m_annealing.start(m_t0, m_alpha, m_tMin);

        emit(PhaseChange{m_counters, PhaseKind::InitialFill});
        const auto island = randomNurikabeFill(m_model, [this](std::uint32_t n) { return m_rng.below(n); });
        m_model.load(island.data());
        m_cost = m_model.parts().thesisTotal();
        m_best = island;
        m_bestCost = m_cost;
        const int cells = m_model.cellCount();
        m_lastChange.assign(static_cast<std::size_t>(cells), -1);
        m_swappableIsland.clear();
        m_river.clear();
        for (int cell = 0; cell < cells; ++cell) {
            if (m_model.clue(cell)) continue;
            m_lastChange[cell] = 0;
            auto& list = island[cell] ? m_swappableIsland : m_river;
            list.push_back(cell);
            emit(MoveEvent{m_counters, Move::shade(cell, static_cast<int>(island[cell] ? NurikabeCell::Island
                                                                                       : NurikabeCell::River),
                                                   static_cast<int>(NurikabeCell::Unknown))});
        }
        if (m_model.totalClueArea() > cells)
            m_failure = "the clues ask for more island cells than the grid has";
        else if ((m_swappableIsland.empty() || m_river.empty()) && m_cost > 0)
            m_failure = "no island cell can swap with a river cell, and the only grid breaks a rule";
        else if (auto broken = checkParameterRules(parameterRules(), parameters))
            m_failure = *broken;  // refused before a run by the CLI and the window; this guards direct use
        if (m_sink) {
            emit(Explanation{m_counters,
                             "t0 = " + formatNumber(m_t0) + ", alpha = " + formatNumber(m_alpha) +
                                 " per accepted move, reheat below t_min = " + formatNumber(m_tMin) + "; " +
                                 std::to_string(m_model.totalClueArea()) + " island cells in every candidate",
                             {}});
            emit(PhaseChange{m_counters, PhaseKind::Annealing});
            sample();
        }
    }

    StepStatus step() override {
        if (ended()) return status();
        if (!m_failure.empty()) {
            emit(Explanation{m_counters, m_failure, {}});
            return end(StepStatus::Failed);
        }
        if (m_cost == 0) return end(StepStatus::Solved);

        // The paper's loop body: one neighbour, one accept/reject decision, one cooling.
        ++m_counters.steps;
        ++m_counters.evaluations;
        const auto islandSlot = m_rng.below(static_cast<std::uint32_t>(m_swappableIsland.size()));
        const auto riverSlot = m_rng.below(static_cast<std::uint32_t>(m_river.size()));
        const int toRiver = m_swappableIsland[islandSlot];
        const int toIsland = m_river[riverSlot];
        const int delta = m_model.swap(toRiver, toIsland).thesisTotal() - m_cost;
        bool accepted;
        if (wantsDecisions(m_sink)) [[unlikely]]
            accepted = acceptExplained(toRiver, toIsland, delta);
        else
            accepted = m_annealing.accepts(delta, m_rng);
        if (!accepted) {
            m_model.undoSwap();
        } else {
            m_cost += delta;
            m_swappableIsland[islandSlot] = toIsland;
            m_river[riverSlot] = toRiver;
            m_lastChange[toRiver] = m_lastChange[toIsland] = static_cast<std::int64_t>(m_counters.steps);
            emit(MoveEvent{m_counters, Move::shade(toRiver, static_cast<int>(NurikabeCell::River),
                                                   static_cast<int>(NurikabeCell::Island))});
            emit(MoveEvent{m_counters, Move::shade(toIsland, static_cast<int>(NurikabeCell::Island),
                                                   static_cast<int>(NurikabeCell::River))});
            if (m_cost < m_bestCost) {
                m_bestCost = m_cost;
                m_best = m_model.grid();
                if (m_cost == 0) {
                    if (m_sink) sample();
                    return end(StepStatus::Solved);
                }
            }
            if (m_annealing.coolAfterAcceptance()) reheat();
        }
        if (m_sink && m_counters.steps - m_annealing.stepsAtSample() >= m_sink->sampleEvery()) sample();
        return StepStatus::Running;
    }

    void finish() override {
        if (!m_sink) return;
        if (m_counters.steps != m_annealing.stepsAtSample()) sample();
        std::vector<double> lastChange(m_lastChange.begin(), m_lastChange.end());
        emit(HeatMap{m_counters, "last swap step", std::move(lastChange)});
        const NurikabeCostParts& parts = m_model.parts();
        emit(Explanation{m_counters,
                         std::to_string(m_annealing.reheats()) + (m_annealing.reheats() == 1 ? " reheat" : " reheats") + ", best cost " +
                             std::to_string(m_bestCost) + "; current: island sizes off by " +
                             std::to_string(parts.islandSize) + ", " + std::to_string(parts.connectedClues) +
                             " joined clue pairs, " + std::to_string(parts.riverPieces) + " extra river pieces, " +
                             std::to_string(parts.pools) + " pools",
                         {}});
    }

    double bestCost() const override { return m_bestCost; }
    std::uint64_t maxEvaluationsPerStep() const override { return 1; }  // one proposal
    Board currentBoard() const override { return gridOf(m_model.grid()); }
    Board bestBoard() const override { return gridOf(m_best); }

private:
    // The Metropolis test of one proposal, told as a Decision: the same draws as AnnealingSchedule::accepts.
    [[gnu::cold, gnu::noinline]]
    bool acceptExplained(int toRiver, int toIsland, int delta) {
        double probability = 1;
        std::optional<double> draw;
        const double temperature = m_annealing.temperature();
        const bool accepted = m_annealing.acceptsExplained(delta, m_rng, probability, draw);
        const int width = m_clues.width();
        m_sink->receive(annealingDecision(m_counters,
                                          "swap island " + cellName(toRiver / width, toRiver % width) +
                                              " \u2194 river " + cellName(toIsland / width, toIsland % width),
                                          {toRiver, toIsland}, m_cost, delta, temperature, probability, draw,
                                          accepted));
        return accepted;
    }

    void reheat() {
        if (m_sink) sample();  // the low point before the jump
        const double before = m_annealing.temperature();
        m_annealing.reheat();
        if (wantsDecisions(m_sink))
            m_sink->receive(reheatDecision(m_counters, "T fell below t_min = " + formatNumber(m_tMin), before,
                                           m_annealing.temperature(), m_cost));
        if (m_sink) {
            m_sink->receive(Reheat{m_counters, m_annealing.temperature()});
            m_sink->receive(m_annealing.current(m_counters));
        }
    }

    void sample() {
        m_sink->receive(m_annealing.sample(m_counters));
        m_sink->receive(CostSample{m_counters, static_cast<double>(m_cost), static_cast<double>(m_bestCost),
                                   m_model.parts().values(kThesisParts)});
    }

    NurikabeGrid gridOf(const std::vector<std::uint8_t>& island) const {
        NurikabeGrid grid = m_clues;
        for (int cell = 0; cell < grid.cellCount(); ++cell)
            if (!grid.clue(cell)) grid.setState(cell, island[cell] ? NurikabeCell::Island : NurikabeCell::River);
        return grid;
    }

    NurikabeCostModel m_model;
    std::vector<int> m_swappableIsland;  // island cells that are not clues
    std::vector<int> m_river;
    int m_cost = 0;
    AnnealingSchedule m_annealing;
    Rng m_rng;

    double m_t0 = 3;
    double m_alpha = 0.999;
    double m_tMin = 0.05;

    NurikabeGrid m_clues;
    std::vector<std::uint8_t> m_best;
    int m_bestCost = 0;
    std::vector<std::int64_t> m_lastChange;  // -1 for clues
    std::string m_failure;
};

}  // namespace

AlgorithmEntry nurikabeAnnealingAlgorithmEntry() {
    AlgorithmInfo info;
    info.id = "nurikabe-sa";
    info.name = "Simulated annealing with reheats (Nurikabe)";
    info.family = AlgorithmFamily::LocalSearch;
    info.paper = "M. Křivánek, Difficulty Rating of Sudoku Puzzles: Comparison of Several Techniques, "
                 "master thesis, Masaryk University, Brno, 2011, §4.2 Aplicability to Nurikabe";
    info.summary = "Every candidate has the clues' number of island cells; a step proposes swapping an island "
                   "cell with a river cell and accepts it if the cost (island size errors + joined clue pairs + "
                   "extra river pieces + pools) does not rise, or else with probability e^(-delta/t). The "
                   "temperature cools after accepted moves and is reheated when the search freezes.";
    info.stepMeaning = "one swap proposed";
    info.stepUnit = "proposals";
    info.stepDecision = annealingStepDecision();
    info.kinds = {PuzzleKind::Nurikabe};
    info.costParts = nurikabeCostPartNames(kThesisParts);
    const std::string thesis = "Křivánek 2011, §4.2";
    info.parameters = {
        ParameterSpec::real("t0", 3, 0.01, 1000,
                            "initial and reheat temperature, above t_min (0.05 unless set: a t0 down to 0.01 "
                            "needs a smaller t_min)",
                            thesis + " gives no value; 3 chosen by a tuning run"),
        ParameterSpec::real("alpha", 0.999, 0.5, 0.99999999, "cooling factor applied after every accepted move",
                            thesis + ": cooling rates 0.99, 0.999 and 0.9999 were tried"),
        ParameterSpec::real("t_min", 0.05, 0.0001, 100,
                            "reheat to t0 when the temperature falls below this (must be below t0)",
                            thesis + " gives no value; 0.05 chosen by a tuning run"),
    };
    info.parameterRules = parameterRules();
    return {std::move(info), [] { return std::make_unique<NurikabeAnnealingAlgorithm>(); }};
}

}  // namespace pw
