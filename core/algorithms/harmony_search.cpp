// `harmony` — harmony search as Křivánek's thesis applies it to Sudoku (§3.2) after Geem.
//
// Idea: a harmony memory of HMS complete grids (givens fixed, every other cell any digit 1..N). A step
// improvises one new grid cell by cell: with probability HMCR the cell's value is taken from a randomly
// chosen memory member (memory consideration) and then, with probability PAR, moved one up or one down, never
// past 1 or N (pitch adjustment); otherwise it is a uniformly random digit (random selection). The new
// harmony replaces the worst member of the memory when its cost is lower. The run ends when the best member's
// cost is 0.
//
// Representation: the memory is one flat array of the open cells' values, member by member, with each
// member's cost; the worst member is found by a scan after every replacement (HMS is small). Nothing is
// allocated per step. The improvisation loop, the memory update and the events are the harmony driver shared
// with `nurikabe-harmony` (harmony_driver.h); this file holds the Sudoku objective and board.
//
// Papers: Z. W. Geem, Harmony search algorithm for solving Sudoku, KES 2007, LNAI 4692, 371–378; M. Křivánek,
// Difficulty Rating of Sudoku Puzzles: Comparison of Several Techniques, master thesis, Masaryk University,
// Brno, 2011, §3.2. Two objectives, chosen by `objective`:
//   sum45   — Geem's Σ|unit sum − 45| over rows, columns and boxes (for an N×N grid the target is N(N+1)/2).
//             A cost of 0 does not make a solution (the thesis's Figure 3.5; an all-fives grid is the
//             simplest case). When the best harmony reaches 0 but breaks a rule the run reports a false
//             solution: an explanation "false solution: ..." and the status Failed, never Solved.
//   missing — the thesis's replacement: Σ over rows, columns and boxes of the digits missing from the unit;
//             0 exactly on a solution. It is the default because a zero then means what the window, the
//             runner and the conformance suite take it to mean (under sum45 the bundled 4x4 puzzles end in
//             false solutions within 20,000 steps), and because the thesis, having shown the flaw, moved to
//             it ("we decided to use another fitness function"); the thesis does not say which objective its
//             difficulty metric used.
// The thesis metric — the best cost in the memory after 10,000 improvisations with HMS 50, HMCR 0.7, PAR 0.1
// (the defaults) — is one run with a step budget of 10,000: the `harmony-cost` difficulty metric.
//
// Deviations and choices the papers leave open:
//   - Pitch adjustment up or down with probability PAR/2 each (the thesis's formula); a step that would leave
//     1..N leaves the value unchanged ("It cannot move over the upper limit (9) or below lower limit (1)").
//   - "Better than the worst" is a strictly lower cost; ties keep the memory as it is. Among equally worst
//     members the first is replaced; the best is the first member of lowest cost.
//   - The initial memory is HMS uniformly random harmonies; evaluating them counts as HMS evaluations, not as
//     steps. A step is one improvisation and one evaluation.
//   - The window's board shows the best harmony: it starts as the best initial member and every change of the
//     best member is sent as the place moves that turn the old best grid into the new one.
// Events: memory best / mean / worst (GenerationStats, generation = improvisations so far) and a cost sample
// of the latest improvisation with its row/column/box split, every sampleEvery() steps of the sink, whenever
// the best changes and at the end; with decisions wanted, one Decision per improvisation (harmony_driver.h).

#include "algorithms/harmony_search.h"

#include "algorithms/decision_text.h"
#include "algorithms/harmony_driver.h"
#include "sudoku/sudoku_cost.h"

#include <cstdlib>
#include <string>
#include <vector>

namespace pw {

namespace {

enum class Objective { Sum45, Missing };

class HarmonySearchAlgorithm final : public HarmonySearchDriver {
public:
    void start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed,
               EventSink* sink) override {
        begin(sink);
        m_objective = parameters.choice("objective") == "sum45" ? Objective::Sum45 : Objective::Missing;
        m_givens = puzzle.sudoku().givens;
        m_geometry = &m_givens.geometry();
        m_size = m_geometry->size;
        m_cellCount = m_geometry->cellCount;
        m_open.clear();
        for (int cell = 0; cell < m_cellCount; ++cell)
            if (!m_givens.value(cell)) m_open.push_back(cell);
        m_openCount = static_cast<int>(m_open.size());
        m_scratch = m_givens;
        m_shown = m_givens;
        startMemory(parameters, seed, m_openCount, 1, m_size, sudokuCostPartNames().size());
    }

    // The window follows the best harmony, so the current board is the best one.
    Board currentBoard() const override { return gridOf(m_memory.best()); }
    Board bestBoard() const override { return gridOf(m_memory.best()); }

private:
    SudokuGrid gridOf(int member) const {
        SudokuGrid grid(m_givens.shape());
        for (int cell = 0; cell < m_cellCount; ++cell)
            grid.setValue(cell, m_givens.value(cell));
        const std::uint8_t* values = m_memory.values(member);
        for (int i = 0; i < m_openCount; ++i)
            grid.setValue(m_open[i], values[i]);
        return grid;
    }

    // The objective of the harmony whose open cells hold `values`, with its row/column/box split (the fourth
    // part, Chel's digit counts, is 0 here).
    int evaluate(const std::uint8_t* values, double* split) override {
        for (int i = 0; i < m_openCount; ++i)
            m_scratch.setValue(m_open[i], values[i]);
        int parts[3] = {0, 0, 0};
        const int target = m_size * (m_size + 1) / 2;
        for (int unit = 0; unit < 3 * m_size; ++unit) {
            const auto& cells = m_geometry->unitCells[unit];
            int cost;
            if (m_objective == Objective::Sum45) {
                int sum = 0;
                for (int i = 0; i < m_size; ++i)
                    sum += m_scratch.value(cells[i]);
                cost = std::abs(sum - target);
            } else {
                std::uint32_t present = 0;
                for (int i = 0; i < m_size; ++i)
                    present |= 1u << m_scratch.value(cells[i]);
                cost = m_size - popCount(present >> 1);
            }
            parts[unit / m_size] += cost;
        }
        split[0] = parts[0];
        split[1] = parts[1];
        split[2] = parts[2];
        split[3] = 0;
        return parts[0] + parts[1] + parts[2];
    }

    std::string objectiveName() const override { return m_objective == Objective::Sum45 ? "sum45" : "missing"; }
    int cellOf(int index) const override { return m_open[static_cast<std::size_t>(index)]; }
    std::string valueText(int index, int value) const override {
        const int cell = cellOf(index);
        return cellName(m_geometry->row(cell), m_geometry->column(cell)) + "=" + std::to_string(value);
    }
    Move placement(int index, int value) const override { return Move::place(cellOf(index), value); }

    // The best member reached cost 0: a solution, or under `sum45` possibly a false one.
    StepStatus concludeAtZero() override {
        const SudokuGrid grid = gridOf(m_memory.best());
        if (grid.isSolved()) return end(StepStatus::Solved);
        if (m_sink) {
            std::string text = "false solution: every unit sums to " +
                               std::to_string(m_size * (m_size + 1) / 2) + " but the grid breaks the rules";
            const auto conflicts = grid.conflicts();
            for (std::size_t i = 0; i < conflicts.size() && i < 3; ++i) {
                const auto& conflict = conflicts[i];
                const char* kind = conflict.unitKind == UnitKind::Row      ? "row"
                                   : conflict.unitKind == UnitKind::Column ? "column"
                                                                           : "box";
                text += std::string(i ? ", " : " (") + digitChar(conflict.digit) + " twice in " + kind + " " +
                        std::to_string(conflict.unitIndex + 1);
            }
            if (conflicts.size() > 3) text += ", ...";
            if (!conflicts.empty()) text += ")";
            emit(Explanation{m_counters, std::move(text), {}});
        }
        return end(StepStatus::Failed);
    }

    // Place moves that turn the board the window shows into the best harmony.
    void showBest() override {
        const std::uint8_t* values = m_memory.values(m_memory.best());
        for (int i = 0; i < m_openCount; ++i) {
            const int cell = m_open[i];
            if (m_shown.value(cell) == values[i]) continue;
            emit(MoveEvent{m_counters, Move::place(cell, values[i], m_shown.value(cell))});
            m_shown.setValue(cell, values[i]);
        }
    }

    Objective m_objective = Objective::Missing;
    SudokuGrid m_givens;
    const SudokuGeometry* m_geometry = nullptr;
    int m_size = 9;
    int m_cellCount = 81;
    std::vector<int> m_open;  // the open cells, in cell order
    int m_openCount = 0;
    SudokuGrid m_scratch;  // the givens plus the harmony being evaluated
    SudokuGrid m_shown;    // the board the window shows: the best harmony as last sent
};

}  // namespace

AlgorithmEntry harmonySearchAlgorithmEntry() {
    AlgorithmInfo info;
    info.id = "harmony";
    info.name = "Harmony search";
    info.family = AlgorithmFamily::Evolutionary;
    info.paper = "Z. W. Geem, Harmony search algorithm for solving Sudoku, KES 2007, LNAI 4692, 371-378; "
                 "M. Křivánek, Difficulty Rating of Sudoku Puzzles: Comparison of Several Techniques, "
                 "master thesis, Masaryk University, Brno, 2011, §3.2 Harmony Search";
    info.summary =
        "A memory of complete grids (givens fixed, other cells unconstrained). Each step improvises a "
        "new grid cell by cell from the memory (with a +-1 pitch adjustment) or at random, and it "
        "replaces the worst member when it is better. With Geem's sum45 objective a zero cost may be "
        "a false solution, which is reported as such. The best cost after 10,000 improvisations is "
        "the thesis's difficulty metric.";
    describeHarmonyStep(info, "one harmony improvised and evaluated");
    info.kinds = {PuzzleKind::Sudoku};
    info.costParts = sudokuCostPartNames();
    const std::string thesis = "Křivánek 2011, §3.2";
    info.parameters = {
        ParameterSpec::integer("hms", 50, 1, 10'000, "harmony memory size: grids kept in memory",
                               thesis + ": \"Harmony memory had size 50\""),
        ParameterSpec::real("hmcr", 0.7, 0, 1,
                            "harmony memory considering rate: chance a cell is taken from memory",
                            thesis + ": \"harmony memory considering rate was 70%\""),
        ParameterSpec::real("par", 0.1, 0, 1, "pitch adjusting rate: chance a remembered value moves by +-1",
                            thesis + ": \"probability of pitch 10%\""),
        ParameterSpec::choice(
            "objective", "missing", {"missing", "sum45"},
            "missing: digits missing per row, column and box (0 only on a solution); sum45: "
            "Geem's sum of |unit sum - 45| (0 may be a false solution)",
            "Geem 2007, eq. (1); " + thesis + ", \"we decided to use another fitness function\""),
    };
    return {std::move(info), [] { return std::make_unique<HarmonySearchAlgorithm>(); }};
}

}  // namespace pw
