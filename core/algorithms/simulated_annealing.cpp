// `sa` — simulated annealing with reheats, as Křivánek's thesis applies it to Sudoku (§3.1) after Lewis.
//
// Idea: keep a complete grid in which every box already holds each digit once, so only rows and columns can
// be wrong. A step proposes swapping two non-given cells of one box; a swap that does not raise the cost is
// always accepted, a worse one with probability e^(−δ/t). The temperature t falls as the search goes on and
// is raised again (a reheat) when the search has frozen without a solution.
//
// Representation: the values of the cells, and for every row and every column how many times each digit
// occurs in it. The cost — Σ over rows and columns of the digits missing from them (Figure 3.1) — is kept
// incrementally: a swap inside a box exchanges digits a ≠ b between at most two rows and two columns, and
// each of those units gains one missing digit when it held its last copy of the digit it loses, and loses one
// when it held no copy of the digit it gains. So δ is read off eight counters, lies in −4..4, and nothing is
// allocated per proposal. The proposal itself is two bounded random numbers: a box chosen uniformly among the
// boxes with at least two open cells, then one of that box's precomputed pairs of open cells (a uniform pair
// of distinct cells, as in the thesis's "choose randomly two non-given positions").
//
// Papers: M. Křivánek, Difficulty Rating of Sudoku Puzzles: Comparison of Several Techniques, master thesis,
// Masaryk University, Brno, 2011, §3.1; R. Lewis, Metaheuristics can solve sudoku puzzles, Journal of
// Heuristics 13 (2007) 387–401. Two cooling schedules, chosen by `schedule`:
//   thesis — t0 = 40; after every accepted move t ← α·t with α = 0.99995; when t < t_min, reheat to t0
//            (§3.1, "Temperature and probability"). The thesis never states t_min (the value did not survive
//            conversion); ours was chosen by the tuning run described below.
//   lewis  — t0 = the standard deviation of the cost over a short random walk from the initial grid; t ← α·t
//            with α = 0.99 after every Markov chain of (open cells)² proposals; reheat to t0 after
//            `lewis_reheat_after` (20) consecutive chains without improvement. A chain improves when the
//            lowest cost reached during it is below the lowest cost of the previous chain. (Measuring against
//            the lowest cost since the last reheat instead reheats while the run is still hot: at t ≈ t0 the
//            cost wanders far above an early lucky low for many chains, and the system never gets to cool.)
// A swap with δ = 0 counts as accepted (its probability e^0 is 1), so under the thesis schedule sideways
// moves cool the system too; this is the literal reading of step 3(b).
//
// Choice of defaults: the thesis schedule with the thesis's t0 = 40 and α = 0.99995, and t_min = 0.2. A
// tuning run on top95 (3 seeds, 5 s each, through the Runner; bench/sa_success.cpp) solved 282 of 285 runs
// with t_min = 0.2 (median 0.19 s), 281 with 0.25, 273 with 0.15, and 3 of the 30 runs of the first 10
// puzzles with 0.4; Lewis's schedule solved 145 of the 180 runs of the first 60 puzzles. Below t ≈ 0.2 a
// cost rise of 1 is accepted less than once in a hundred proposals, so colder cycles only wait longer in a
// frozen state, and much warmer ones never settle. Both schedules reheat about once per million proposals on
// these puzzles; the difference is where a cycle spends them. Cooling per accepted move slows down by itself
// as acceptance falls, so the thesis schedule spends most proposals just above freezing, where solutions are
// found; Lewis's cooling per chain of (open cells)² proposals spends as many proposals on every factor of
// 0.99, most of them at temperatures where the cost only wanders. t0 = 4 did as well as 40 (284 of 285,
// median 0.17 s): within the noise, so the thesis's value stays.
//
// Deviations and choices the papers leave open:
//   - The initial grid fills each box's missing digits in a uniformly random order (Lewis).
//   - Lewis's t0 walk has `lewis_walk` swaps, 200 by default (the specification we follow says only "a short
//     random walk"). It runs on a copy of the initial grid and is not counted as steps; its proposals are
//     counted as evaluations. A walk whose cost never changes gives t0 = 1 (one cost unit).
//   - Lewis's "improvement" is read as defined above; the thesis and our specification do not define it.
//   - e^(−δ/t) for δ = 1..4 is computed once per temperature (from e^(−1/t) by multiplication), not per
//     proposal; the difference is in the last bits of a double. The step loop, the Metropolis test, both
//     schedules with their reheats and the samples are the AnnealingDriver shared with `nurikabe-sa`
//     (annealing_driver.h, over annealing_schedule.h); this file keeps the Sudoku representation.
//   - Givens that already break a rule make the run fail at once; a grid with no box holding two open cells
//     has no neighbours, and its forced fill is either a solution or a failure.
//
// Recorded for the thesis's cell-filling-order prediction (§4.1): the step at which every open cell was last
// swapped. Ordering the cells by it predicts the order in which a human fills them; both the raw steps
// ("last swap step") and their ranks ("cell filling order", 0 = settled first) are emitted as heat maps when
// the run ends. Temperature, acceptance ratio and cost (with its row/column split) are sampled every
// sampleEvery() proposals of the sink (the receiver chooses the spacing), at every reheat and at the end;
// every accepted swap is a move event. When the sink wants decisions, every proposal is a Decision ("swap"):
// the two cells and digits, cost before and after, Δ, T, p = e^(−Δ/T) (1 for Δ ≤ 0), the draw (absent,
// kNoDecisionValue, for Δ ≤ 0: none is drawn) and the verdict; every reheat is one too ("reheat", with its reason). Explaining draws the same
// random numbers as not explaining. Nothing is built when nobody listens.

#include "algorithms/simulated_annealing.h"

#include "algorithms/annealing_driver.h"
#include "algorithms/decision_text.h"
#include "base/text_format.h"
#include "sudoku/sudoku_cost.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <vector>

namespace pw {

namespace {

struct CellPair {
    std::uint8_t first;
    std::uint8_t second;
};

struct BoxPairs {
    std::uint32_t offset;  // into m_pairs
    std::uint32_t count;
};

// The thesis schedule reheats below t_min, so t_min must be below t0 (Lewis's schedule has no t_min).
std::vector<ParameterRule> parameterRules() {
    return {ParameterRule::below("t_min", "t0",
                                 [](const ParameterValues& values) { return values.choice("schedule") == "thesis"; })};
}

class SimulatedAnnealingAlgorithm final : public AnnealingDriver<SimulatedAnnealingAlgorithm, CellPair> {
public:
    void start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed,
               EventSink* sink) override {
        begin(sink);
        m_rng.reseed(seed);
        const bool lewis = parameters.choice("schedule") == "lewis";
        double t0 = parameters.real("t0");
        const double alpha = parameters.real("alpha");
        const double tMin = parameters.real("t_min");
        const double chainAlpha = parameters.real("lewis_alpha");
        const auto reheatAfter = static_cast<int>(parameters.integer("lewis_reheat_after"));
        const auto walk = static_cast<int>(parameters.integer("lewis_walk"));

        m_givens = puzzle.sudoku().givens;
        const SudokuGeometry& geometry = m_givens.geometry();
        m_size = geometry.size;
        m_cellCount = geometry.cellCount;
        m_failure.clear();
        for (int cell = 0; cell < m_cellCount; ++cell) {
            m_rowOf[cell] = static_cast<std::uint8_t>(geometry.row(cell));
            m_columnOf[cell] = static_cast<std::uint8_t>(geometry.column(cell));
            m_value[cell] = static_cast<std::uint8_t>(m_givens.value(cell));
            m_lastSwap[cell] = m_givens.value(cell) ? -1 : 0;
        }

        emit(PhaseChange{m_counters, PhaseKind::InitialFill});
        fillBoxesAtRandom(geometry);
        buildPairs(geometry);
        recount();
        m_bestCost = m_cost;
        m_bestValues = m_value;

        if (m_givens.hasConflicts()) {
            m_failure = "the givens already break a rule";
            m_bestCost = std::max(m_bestCost, 1);
        } else if (m_boxes.empty() && m_cost > 0) {
            m_failure = "no box has two open cells to swap, and the forced fill breaks a rule";
        } else if (auto broken = checkParameterRules(parameterRules(), parameters)) {
            m_failure = *broken;  // refused before a run by the CLI and the window; this guards direct use
        }

        m_openCells = 0;
        for (int cell = 0; cell < m_cellCount; ++cell)
            m_openCells += m_givens.value(cell) == 0;
        std::uint64_t chainLength = 1;
        if (lewis) {
            chainLength = static_cast<std::uint64_t>(parameters.integer("lewis_chain_length"));
            if (!chainLength) chainLength = static_cast<std::uint64_t>(m_openCells) * m_openCells;
            chainLength = std::max<std::uint64_t>(chainLength, 1);
            t0 = m_boxes.empty() ? 1.0 : randomWalkDeviation(walk);
            startChainSchedule(t0, chainAlpha, chainLength, reheatAfter);
        } else {
            startThesisSchedule(t0, alpha, tMin);
        }

        if (m_sink) {
            if (!lewis)
                emit(Explanation{m_counters,
                                 "thesis schedule: t0 = " + formatNumber(t0) +
                                     ", alpha = " + formatNumber(alpha) +
                                     " per accepted move, reheat below t_min = " + formatNumber(tMin), {}});
            else
                emit(Explanation{
                    m_counters,
                    "Lewis schedule: t0 = " + formatNumber(t0) + " (standard deviation of the cost over " +
                        std::to_string(walk) + " random swaps), alpha = " + formatNumber(chainAlpha) +
                        " per chain of " + std::to_string(chainLength) + " proposals, reheat after " +
                        std::to_string(reheatAfter) + " chains without improvement", {}});
            emit(PhaseChange{m_counters, PhaseKind::Annealing});
            sample();
        }
    }

    void finish() override {
        if (!m_sink) return;
        sampleAtFinish();
        std::vector<double> lastSwap(m_cellCount);
        std::vector<double> order(m_cellCount, -1);
        std::vector<std::int64_t> openSteps;
        for (int cell = 0; cell < m_cellCount; ++cell) {
            lastSwap[cell] = static_cast<double>(m_lastSwap[cell]);
            if (m_lastSwap[cell] >= 0) openSteps.push_back(m_lastSwap[cell]);
        }
        std::sort(openSteps.begin(), openSteps.end());
        // Rank = how many open cells settled strictly earlier, so the two cells of one swap share a rank.
        for (int cell = 0; cell < m_cellCount; ++cell)
            if (m_lastSwap[cell] >= 0)
                order[cell] = static_cast<double>(
                    std::lower_bound(openSteps.begin(), openSteps.end(), m_lastSwap[cell]) -
                    openSteps.begin());
        emit(HeatMap{m_counters, "last swap step", std::move(lastSwap)});
        emit(HeatMap{m_counters, "cell filling order", std::move(order)});
        const int reheats = m_annealing.reheats();
        emit(Explanation{m_counters, std::to_string(reheats) + (reheats == 1 ? " reheat" : " reheats") +
                                         ", best cost " + std::to_string(m_bestCost) +
                                         ", final temperature " + formatNumber(m_annealing.temperature()), {}});
    }

    Board currentBoard() const override { return gridOf(m_value); }
    Board bestBoard() const override { return gridOf(m_bestValues); }

private:
    friend class AnnealingDriver<SimulatedAnnealingAlgorithm, CellPair>;

    // One neighbour: a box with two open cells, then a pair of its open cells, both uniform.
    CellPair propose() {
        const BoxPairs box = m_boxes[m_rng.below(m_boxCount)];
        return m_pairs[box.offset + m_rng.below(box.count)];
    }
    int deltaOf(CellPair pair) const { return swapDelta(pair.first, pair.second); }
    void reject(CellPair) {}
    void accept(CellPair pair) {
        applySwap(pair.first, pair.second);
        if (m_sink) {  // the move and the heat map of finish() are for a watched run only
            m_lastSwap[pair.first] = m_lastSwap[pair.second] = static_cast<std::int64_t>(m_counters.steps);
            emit(MoveEvent{m_counters, Move::swap(pair.first, pair.second)});
        }
    }
    void keepBest() { m_bestValues = m_value; }
    std::string describe(CellPair pair) const {
        const int a = pair.first;
        const int b = pair.second;
        return "swap " + cellName(m_rowOf[a], m_columnOf[a]) + "=" + std::to_string(m_value[a]) + " \u2194 " +
               cellName(m_rowOf[b], m_columnOf[b]) + "=" + std::to_string(m_value[b]) + " in box " +
               std::to_string(m_givens.geometry().box(a) + 1);
    }
    std::vector<int> cellsOf(CellPair pair) const { return {pair.first, pair.second}; }
    std::vector<double> costParts() const { return breakdown().values(); }

    using Values = std::array<std::uint8_t, kMaxSudokuCells>;
    using DigitCounts = std::array<std::array<std::uint8_t, kMaxSudokuSize + 1>, kMaxSudokuSize>;

    // Every box gets its missing digits in a random order: boxes are permutations from here on.
    void fillBoxesAtRandom(const SudokuGeometry& geometry) {
        for (int box = 0; box < m_size; ++box) {
            const auto& cells = geometry.unitCells[2 * m_size + box];
            DigitMask present = 0;
            std::vector<int> open;
            for (int i = 0; i < m_size; ++i) {
                const int cell = cells[i];
                if (m_value[cell])
                    present = static_cast<DigitMask>(present | digitBit(m_value[cell]));
                else
                    open.push_back(cell);
            }
            std::vector<int> missing;
            for (int digit = 1; digit <= m_size; ++digit)
                if (!(present & digitBit(digit))) missing.push_back(digit);
            for (std::size_t i = missing.size(); i > 1; --i)
                std::swap(missing[i - 1], missing[m_rng.below(static_cast<std::uint32_t>(i))]);
            // With conflicting givens a box has more open cells than missing digits; the run fails anyway.
            for (std::size_t i = 0; i < open.size(); ++i) {
                const int digit = i < missing.size() ? missing[i] : missing.empty() ? 1 : missing[0];
                m_value[open[i]] = static_cast<std::uint8_t>(digit);
                emit(MoveEvent{m_counters, Move::place(open[i], digit)});
            }
        }
    }

    void buildPairs(const SudokuGeometry& geometry) {
        m_pairs.clear();
        m_boxes.clear();
        for (int box = 0; box < m_size; ++box) {
            const auto& cells = geometry.unitCells[2 * m_size + box];
            const auto offset = static_cast<std::uint32_t>(m_pairs.size());
            for (int i = 0; i < m_size; ++i) {
                if (m_givens.value(cells[i])) continue;
                for (int j = i + 1; j < m_size; ++j)
                    if (!m_givens.value(cells[j])) m_pairs.push_back({cells[i], cells[j]});
            }
            const auto count = static_cast<std::uint32_t>(m_pairs.size()) - offset;
            if (count > 0) m_boxes.push_back({offset, count});
        }
        m_boxCount = static_cast<std::uint32_t>(m_boxes.size());
    }

    void recount() {
        for (auto& row : m_rowCount)
            row.fill(0);
        for (auto& column : m_columnCount)
            column.fill(0);
        for (int cell = 0; cell < m_cellCount; ++cell) {
            ++m_rowCount[m_rowOf[cell]][m_value[cell]];
            ++m_columnCount[m_columnOf[cell]][m_value[cell]];
        }
        const CostBreakdown split = breakdown();
        m_cost = static_cast<int>(split.rows + split.columns);
    }

    CostBreakdown breakdown() const {
        CostBreakdown split;
        for (int unit = 0; unit < m_size; ++unit) {
            for (int digit = 1; digit <= m_size; ++digit) {
                split.rows += m_rowCount[unit][digit] == 0;
                split.columns += m_columnCount[unit][digit] == 0;
            }
        }
        return split;
    }

    // What a swap of cells a and b touches: their digits, their rows, their columns.
    struct SwapPlaces {
        int va, vb, ra, rb, ca, cb;
    };
    SwapPlaces swapPlaces(int a, int b) const {
        return {m_value[a], m_value[b], m_rowOf[a], m_rowOf[b], m_columnOf[a], m_columnOf[b]};
    }

    // The change of the cost if cells a and b (same box, so different digits) were swapped.
    int swapDelta(int a, int b) const {
        const auto [va, vb, ra, rb, ca, cb] = swapPlaces(a, b);
        int delta = 0;
        if (ra != rb)
            delta += (m_rowCount[ra][va] == 1) - (m_rowCount[ra][vb] == 0) + (m_rowCount[rb][vb] == 1) -
                     (m_rowCount[rb][va] == 0);
        if (ca != cb)
            delta += (m_columnCount[ca][va] == 1) - (m_columnCount[ca][vb] == 0) +
                     (m_columnCount[cb][vb] == 1) - (m_columnCount[cb][va] == 0);
        return delta;
    }

    void applySwap(int a, int b) {
        const auto [va, vb, ra, rb, ca, cb] = swapPlaces(a, b);
        if (ra != rb) {
            --m_rowCount[ra][va];
            ++m_rowCount[ra][vb];
            --m_rowCount[rb][vb];
            ++m_rowCount[rb][va];
        }
        if (ca != cb) {
            --m_columnCount[ca][va];
            ++m_columnCount[ca][vb];
            --m_columnCount[cb][vb];
            ++m_columnCount[cb][va];
        }
        m_value[a] = static_cast<std::uint8_t>(vb);
        m_value[b] = static_cast<std::uint8_t>(va);
    }

    // Lewis: t0 is the standard deviation of the cost over a short random walk of accepted swaps.
    double randomWalkDeviation(int length) {
        const Values values = m_value;
        const DigitCounts rows = m_rowCount;
        const DigitCounts columns = m_columnCount;
        const int cost = m_cost;
        double sum = 0;
        double sumOfSquares = 0;
        for (int i = 0; i < length; ++i) {
            const BoxPairs box = m_boxes[m_rng.below(m_boxCount)];
            const CellPair pair = m_pairs[box.offset + m_rng.below(box.count)];
            m_cost += swapDelta(pair.first, pair.second);
            applySwap(pair.first, pair.second);
            sum += m_cost;
            sumOfSquares += static_cast<double>(m_cost) * m_cost;
            ++m_counters.evaluations;
        }
        m_value = values;
        m_rowCount = rows;
        m_columnCount = columns;
        m_cost = cost;
        if (length < 2) return 1.0;
        const double mean = sum / length;
        const double variance = std::max(0.0, sumOfSquares / length - mean * mean);
        const double deviation = std::sqrt(variance);
        return deviation > 0 ? deviation : 1.0;
    }

    SudokuGrid gridOf(const Values& values) const {
        SudokuGrid grid(m_givens.shape());
        for (int cell = 0; cell < m_cellCount; ++cell)
            grid.setValue(cell, values[cell]);
        return grid;
    }

    // The hot state first, so one proposal touches as few cache lines as possible.
    Values m_value{};
    DigitCounts m_rowCount{};
    DigitCounts m_columnCount{};
    std::array<std::uint8_t, kMaxSudokuCells> m_rowOf{};
    std::array<std::uint8_t, kMaxSudokuCells> m_columnOf{};
    std::vector<BoxPairs> m_boxes;  // boxes with at least two open cells
    std::vector<CellPair> m_pairs;  // every pair of open cells of a box, box by box
    std::uint32_t m_boxCount = 0;

    SudokuGrid m_givens;
    int m_size = 9;
    int m_cellCount = 81;
    int m_openCells = 0;
    std::array<std::int64_t, kMaxSudokuCells> m_lastSwap{};  // -1 for givens
    Values m_bestValues{};
};

}  // namespace

AlgorithmEntry simulatedAnnealingAlgorithmEntry() {
    AlgorithmInfo info;
    info.id = "sa";
    info.name = "Simulated annealing with reheats";
    info.family = AlgorithmFamily::LocalSearch;
    info.paper =
        "M. Křivánek, Difficulty Rating of Sudoku Puzzles: Comparison of Several Techniques, master thesis, "
        "Masaryk University, Brno, 2011, §3.1 Simulated Annealing; R. Lewis, Metaheuristics can solve "
        "sudoku puzzles, Journal of Heuristics 13 (2007) 387-401";
    info.summary =
        "Every box holds a permutation of its missing digits; a step proposes swapping two open cells "
        "of one box and accepts it if the number of digits missing from rows and columns does not "
        "rise, or else with probability e^(-delta/t). The temperature cools after accepted moves "
        "(thesis) or after each Markov chain (Lewis) and is reheated when the search freezes. The "
        "step at which each cell was last swapped predicts the order in which humans fill cells.";
    describeAnnealingStep(info);
    info.kinds = {PuzzleKind::Sudoku};
    info.costParts = sudokuCostPartNames();
    const std::string thesis = "Křivánek 2011, §3.1";
    const std::string lewis = "Lewis 2007, as read in docs/algorithms.md (Křivánek section)";
    info.parameters = {
        ParameterSpec::choice(
            "schedule", "thesis", {"thesis", "lewis"},
            "thesis: cool after every accepted move, reheat below t_min; lewis: t0 from a "
            "random walk, cool after every Markov chain, reheat after chains without improvement",
            thesis + "; " + lewis),
        ParameterSpec::real("t0", 40, 0.01, 1000,
                            "thesis schedule: initial and reheat temperature, above t_min (0.2 unless set: a t0 "
                            "down to 0.01 needs a smaller t_min)",
                            thesis + ": \"Initial temperature of value 40 seems to be useful\""),
        ParameterSpec::real("alpha", 0.99995, 0.5, 0.99999999,
                            "thesis schedule: cooling factor applied after every accepted move",
                            thesis +
                                ": \"Best results were achieved for the value of cooling rate 0,99995\""),
        ParameterSpec::real(
            "t_min", 0.2, 0.0001, 100,
            "thesis schedule: reheat to t0 when the temperature falls below this (must be below t0)",
            thesis + " names t_min but not its value; 0.2 chosen by a tuning run"),
        ParameterSpec::real("lewis_alpha", 0.99, 0.5, 0.999999,
                            "lewis schedule: cooling factor per Markov chain", lewis + ": alpha = 0.99"),
        ParameterSpec::integer("lewis_chain_length", 0, 0, 100'000'000,
                               "lewis schedule: proposals per Markov chain; 0 = (open cells)^2", lewis),
        ParameterSpec::integer(
            "lewis_reheat_after", 20, 1, 1'000'000,
            "lewis schedule: reheat after this many consecutive chains whose lowest cost is not below "
            "the previous chain's",
            lewis + ": 20 chains"),
        ParameterSpec::integer("lewis_walk", 200, 1, 1'000'000,
                               "lewis schedule: random swaps whose cost deviation sets t0",
                               lewis + ": a short random walk; 200 is our choice"),
    };
    info.parameterRules = parameterRules();
    return {std::move(info), [] { return std::make_unique<SimulatedAnnealingAlgorithm>(); }};
}

}  // namespace pw
