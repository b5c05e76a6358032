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
// move, reheat to t0 when t falls below t_min — the same loop (AnnealingDriver, annealing_driver.h) and the same
// AnnealingSchedule object (annealing_schedule.h), which also holds the table of e^(−δ/t) and the acceptance
// ratio. The thesis tried α = 0.99, 0.999 and 0.9999 on Nurikabe and
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

#include "algorithms/annealing_driver.h"
#include "algorithms/decision_text.h"
#include "base/text_format.h"
#include "nurikabe/nurikabe_cost.h"

namespace pw {

namespace {

constexpr std::size_t kThesisParts = 4;  // the cost is the thesis's four parts

// Reheating below t_min needs t_min below t0.
std::vector<ParameterRule> parameterRules() { return {ParameterRule::below("t_min", "t0")}; }

// One proposal: the non-clue island cell that becomes river and the river cell that becomes island, with
// their places in the two lists.
struct IslandRiverSwap {
    std::uint32_t islandSlot;
    std::uint32_t riverSlot;
    int toRiver;
    int toIsland;
};

class NurikabeAnnealingAlgorithm final : public AnnealingDriver<NurikabeAnnealingAlgorithm, IslandRiverSwap> {
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

        emit(PhaseChange{m_counters, PhaseKind::InitialFill});
        const auto island = randomNurikabeFill(m_model, [this](std::uint32_t n) { return m_rng.below(n); });
        m_model.load(island.data());
        m_cost = m_model.parts().thesisTotal();
        m_best = island;
        m_bestCost = m_cost;
        startThesisSchedule(m_t0, m_alpha, m_tMin);
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

    void finish() override {
        if (!m_sink) return;
        sampleAtFinish();
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

    Board currentBoard() const override { return gridOf(m_model.grid()); }
    Board bestBoard() const override { return gridOf(m_best); }

private:
    friend class AnnealingDriver<NurikabeAnnealingAlgorithm, IslandRiverSwap>;

    // One neighbour: a uniform non-clue island cell and a uniform river cell.
    IslandRiverSwap propose() {
        const auto islandSlot = m_rng.below(static_cast<std::uint32_t>(m_swappableIsland.size()));
        const auto riverSlot = m_rng.below(static_cast<std::uint32_t>(m_river.size()));
        return {islandSlot, riverSlot, m_swappableIsland[islandSlot], m_river[riverSlot]};
    }
    // Makes the swap in the cost model, which reject() takes back.
    int deltaOf(const IslandRiverSwap& swap) {
        return m_model.swap(swap.toRiver, swap.toIsland).thesisTotal() - m_cost;
    }
    void reject(const IslandRiverSwap&) { m_model.undoSwap(); }
    void accept(const IslandRiverSwap& swap) {
        m_swappableIsland[swap.islandSlot] = swap.toIsland;
        m_river[swap.riverSlot] = swap.toRiver;
        m_lastChange[swap.toRiver] = m_lastChange[swap.toIsland] = static_cast<std::int64_t>(m_counters.steps);
        emit(MoveEvent{m_counters, Move::shade(swap.toRiver, static_cast<int>(NurikabeCell::River),
                                               static_cast<int>(NurikabeCell::Island))});
        emit(MoveEvent{m_counters, Move::shade(swap.toIsland, static_cast<int>(NurikabeCell::Island),
                                               static_cast<int>(NurikabeCell::River))});
    }
    void keepBest() { m_best = m_model.grid(); }
    std::string describe(const IslandRiverSwap& swap) const {
        const int width = m_clues.width();
        return "swap island " + cellName(swap.toRiver / width, swap.toRiver % width) + " \u2194 river " +
               cellName(swap.toIsland / width, swap.toIsland % width);
    }
    std::vector<int> cellsOf(const IslandRiverSwap& swap) const { return {swap.toRiver, swap.toIsland}; }
    std::vector<double> costParts() const { return m_model.parts().values(kThesisParts); }

    NurikabeGrid gridOf(const std::vector<std::uint8_t>& island) const {
        NurikabeGrid grid = m_clues;
        for (int cell = 0; cell < grid.cellCount(); ++cell)
            if (!grid.clue(cell)) grid.setState(cell, island[cell] ? NurikabeCell::Island : NurikabeCell::River);
        return grid;
    }

    NurikabeCostModel m_model;
    std::vector<int> m_swappableIsland;  // island cells that are not clues
    std::vector<int> m_river;
    double m_t0 = 3;
    double m_alpha = 0.999;
    double m_tMin = 0.05;

    NurikabeGrid m_clues;
    std::vector<std::uint8_t> m_best;
    std::vector<std::int64_t> m_lastChange;  // -1 for clues
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
    describeAnnealingStep(info);
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
