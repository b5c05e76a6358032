// `nurikabe-harmony` — harmony search for Nurikabe as Křivánek's thesis adapts its Sudoku harmony search (§4.2).
//
// Idea: a harmony memory of HMS black-and-white grids ("all possible colorings by black and white of Nurikabe
// grid given in an assignment": clue cells island, every other cell free). A step improvises one new grid cell
// by cell, "in the same way as for Sudoku": with probability HMCR the cell's colour is taken from a randomly
// chosen memory member and then pitch-adjusted, otherwise it is a uniformly random colour. The new grid
// replaces the worst member of the memory when its cost is lower. The cost is the annealing's (nurikabe_cost.h).
//
// Pitch adjustment on two values: the thesis moves a value up or down by one with probability PAR/2 each and
// never past the limits. With river = 0 and island = 1 one of the two directions always leaves the range and
// keeps the value, so a remembered colour flips with probability PAR/2. This is the literal reading.
//
// Objective (`objective`): the thesis uses the annealing's four parts. Unlike the annealing's candidates, a
// free colouring can hold an island without a clue, which none of the four parts sees: a grid of cost 0 may
// then be no solution. `complete` (the default) adds the cells of islands without a clue, so 0 means solved;
// `thesis` keeps the four parts and reports a zero-cost grid that breaks a rule as a false solution (an
// explanation and the status Failed, never Solved), as `harmony` does for Geem's sum45 objective. The thesis
// metric — the best cost in the memory after 10,000 improvisations, HMS 50, HMCR 0.7, PAR 0.1 as for Sudoku —
// is one run with a step budget of 10,000.
//
// Representation: the memory is one flat array of the open cells' colours, member by member, with each
// member's cost; evaluation writes the improvised colours into a full grid and computes the parts from
// scratch (every cell may change, so there is nothing to update incrementally). Nothing is allocated per step.
// The loop itself — improvisation, memory update, events — is the harmony driver shared with Sudoku's
// `harmony` (harmony_driver.h); this file holds the Nurikabe objective and board.
//
// Choices the thesis leaves open, as in `harmony`: "better than the worst" is a strictly lower cost; the first
// of equally worst members is replaced; the initial memory is HMS uniformly random grids, counted as
// evaluations, not steps; the board shows the best member, every change of it sent as shade moves. Events:
// memory best / mean / worst and a cost sample with its five parts (the four thesis parts and the clue-less
// island cells) every sampleEvery() steps of the sink, whenever the best changes and at the end; with
// decisions wanted, one Decision per improvisation (harmony_driver.h).

#include "algorithms/nurikabe_harmony.h"

#include "algorithms/decision_text.h"
#include "algorithms/harmony_driver.h"
#include "nurikabe/nurikabe_cost.h"

#include <string>
#include <vector>

namespace pw {

namespace {

enum class Objective { Complete, Thesis };

// Every sample carries the four thesis parts and the clue-less island cells (counted in the cost only under
// the `complete` objective).
constexpr std::size_t kParts = 5;

class NurikabeHarmonyAlgorithm final : public HarmonySearchDriver {
public:
    void start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed,
               EventSink* sink) override {
        begin(sink);
        m_objective = parameters.choice("objective") == "thesis" ? Objective::Thesis : Objective::Complete;
        m_clues = puzzle.nurikabe().clues;
        m_model = NurikabeCostModel(m_clues);
        const int cells = m_model.cellCount();
        m_open.clear();
        m_scratch.assign(static_cast<std::size_t>(cells), 0);
        for (int cell = 0; cell < cells; ++cell) {
            if (m_model.clue(cell))
                m_scratch[cell] = 1;
            else
                m_open.push_back(cell);
        }
        m_openCount = static_cast<int>(m_open.size());
        m_shown = m_clues;
        // Colours: 0 = river, 1 = island. Pitch adjustment moves a colour up (river to island) or down (island
        // to river) with PAR/2 each; the other direction leaves the range and keeps the colour.
        startMemory(parameters, seed, m_openCount, 0, 1, kParts);
    }

    // The window follows the best harmony, so the current board is the best one.
    Board currentBoard() const override { return gridOf(m_memory.best()); }
    Board bestBoard() const override { return gridOf(m_memory.best()); }

private:
    int evaluate(const std::uint8_t* colours, double* split) override {
        for (int i = 0; i < m_openCount; ++i) m_scratch[m_open[i]] = colours[i];
        const NurikabeCostParts parts = m_model.evaluate(m_scratch.data());
        split[0] = parts.islandSize;
        split[1] = parts.connectedClues;
        split[2] = parts.riverPieces;
        split[3] = parts.pools;
        split[4] = parts.islandsWithoutClue;
        return parts.thesisTotal() + (m_objective == Objective::Complete ? parts.islandsWithoutClue : 0);
    }

    std::string objectiveName() const override { return m_objective == Objective::Thesis ? "thesis" : "complete"; }
    int cellOf(int index) const override { return m_open[static_cast<std::size_t>(index)]; }
    std::string valueText(int index, int value) const override {
        const int cell = cellOf(index);
        return cellName(cell / m_clues.width(), cell % m_clues.width()) + (value ? " island" : " river");
    }
    Move placement(int index, int value) const override {
        const NurikabeCell state = value ? NurikabeCell::Island : NurikabeCell::River;
        return Move::shade(cellOf(index), static_cast<int>(state), static_cast<int>(NurikabeCell::Unknown));
    }

    NurikabeGrid gridOf(int member) const {
        NurikabeGrid grid = m_clues;
        const std::uint8_t* colours = m_memory.values(member);
        for (int i = 0; i < m_openCount; ++i)
            grid.setState(m_open[i], colours[i] ? NurikabeCell::Island : NurikabeCell::River);
        return grid;
    }

    // The best member reached cost 0: a solution, or under the thesis objective possibly a false one.
    StepStatus concludeAtZero() override {
        const NurikabeGrid grid = gridOf(m_memory.best());
        const auto violations = grid.violations();
        if (violations.empty()) return end(StepStatus::Solved);
        if (m_sink)
            emit(Explanation{m_counters, "false solution: the four cost parts are 0 but " + violations.front().message,
                             violations.front().cells});
        return end(StepStatus::Failed);
    }

    // Shade moves that turn the board the window shows into the best harmony.
    void showBest() override {
        const std::uint8_t* colours = m_memory.values(m_memory.best());
        for (int i = 0; i < m_openCount; ++i) {
            const int cell = m_open[i];
            const NurikabeCell wanted = colours[i] ? NurikabeCell::Island : NurikabeCell::River;
            if (m_shown.state(cell) == wanted) continue;
            emit(MoveEvent{m_counters, Move::shade(cell, static_cast<int>(wanted), static_cast<int>(m_shown.state(cell)))});
            m_shown.setState(cell, wanted);
        }
    }

    Objective m_objective = Objective::Complete;
    NurikabeGrid m_clues;
    NurikabeCostModel m_model;
    std::vector<int> m_open;  // the non-clue cells, in cell order
    int m_openCount = 0;
    std::vector<std::uint8_t> m_scratch;  // the clues plus the grid being evaluated
    NurikabeGrid m_shown;  // the board the window shows: the best harmony as last sent
};

}  // namespace

AlgorithmEntry nurikabeHarmonyAlgorithmEntry() {
    AlgorithmInfo info;
    info.id = "nurikabe-harmony";
    info.name = "Harmony search (Nurikabe)";
    info.family = AlgorithmFamily::Evolutionary;
    info.paper = "M. Křivánek, Difficulty Rating of Sudoku Puzzles: Comparison of Several Techniques, "
                 "master thesis, Masaryk University, Brno, 2011, §4.2 Aplicability to Nurikabe; "
                 "Z. W. Geem, Harmony search "
                 "algorithm for solving Sudoku, KES 2007, LNAI 4692, 371-378";
    info.summary = "A memory of black-and-white grids (clues island, other cells free). Each step improvises a "
                   "new grid cell by cell from the memory (a pitch adjustment flips a colour) or at random, and "
                   "it replaces the worst member when its cost is lower. The best cost after 10,000 "
                   "improvisations is the thesis's difficulty metric.";
    describeHarmonyStep(info, "one grid improvised and evaluated");
    info.kinds = {PuzzleKind::Nurikabe};
    info.costParts = nurikabeCostPartNames(kParts);
    const std::string thesis = "Křivánek 2011, §4.2 and §3.2";
    info.parameters = {
        ParameterSpec::integer("hms", 50, 1, 10'000, "harmony memory size: grids kept in memory",
                               thesis + ": \"Harmony memory had size 50\""),
        ParameterSpec::real("hmcr", 0.7, 0, 1, "harmony memory considering rate: chance a cell is taken from memory",
                            thesis + ": \"harmony memory considering rate was 70%\""),
        ParameterSpec::real("par", 0.1, 0, 1,
                            "pitch adjusting rate: a remembered colour moves up or down with PAR/2 each (so flips "
                            "with PAR/2)",
                            thesis + ": \"probability of pitch 10%\""),
        ParameterSpec::choice("objective", "complete", {"complete", "thesis"},
                              "complete: the four thesis parts plus the cells of islands without a clue (0 only on "
                              "a solution); thesis: the four parts (0 may be a false solution)",
                              thesis + ": \"Fitness function is the same as cost function for simulated annealing\""),
    };
    return {std::move(info), [] { return std::make_unique<NurikabeHarmonyAlgorithm>(); }};
}

}  // namespace pw
