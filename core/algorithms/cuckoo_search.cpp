// `cuckoo` — prefiltered cuckoo search with geometric operators, after Soto, Crawford, Galleguillos, Monfroy
// and Paredes (2014).
//
// Idea: cuckoos lay their eggs in other birds' nests; an egg is a candidate grid, a nest holds one egg. Every
// generation each cuckoo takes an egg, changes it by a Lévy flight — usually a little, now and then a lot —
// and lays the result in a random nest, where it replaces the host's egg if it is at least as good. Then the
// hosts discover the worst fraction p_a of the eggs and abandon those nests, which are rebuilt from scratch.
// The operators that change an egg are geometric ones for permutations (crossovers towards the best eggs and
// a swap mutation), so the continuous cuckoo search moves through a discrete space; and the space is first
// shrunk by AC3 prefiltering (core/ac3.h), which deletes the values no solution can take.
//
// Representation (core/row_permutation.h): an egg is a complete grid whose every row is a permutation of
// 1..N keeping the fixed cells — the givens, plus the cells AC3 left with one value. Its cost is the number
// of repeated values in the columns and boxes (rows are always right); the per-column and per-box digit
// counts are kept with the egg, so an operator that rewrites a row updates the cost in a few counter steps
// per changed cell and nothing is recomputed from scratch. New eggs (the initial nests and the rebuilt ones)
// give each row's open cells the row's missing digits by a random maximum matching within the filtered
// domains, so every value lies in its domain whenever the puzzle has a solution.
//
// Paper: R. Soto, B. Crawford, C. Galleguillos, E. Monfroy, F. Paredes, A prefiltered cuckoo search
// algorithm with geometric operators for solving Sudoku problems, The Scientific World Journal 2014, article
// 465359; with X.-S. Yang and S. Deb's cuckoo search (2009) for the Lévy flights, and A. Moraglio and
// J. Togelius's geometric operators for Sudoku (2007). The main loop is Algorithm 8; one step of ours is one generation:
//
//   (once)  AC3 (Algorithms 6–7), then GenerateInitialPopulation from the filtered domains
//   step:   n times: x_i ← a random nest; new ← GeometricOperators(x_i) (Algorithm 9) with a Lévy number
//                    of rows; x_j ← a random nest; if cost(new) ≤ cost(x_j) then x_j ← new
//           FindCurrentBest; AbandonWorseNests (the worst ⌊p_a·n + ½⌋, never the best); BuildNewSolutions
//
// GeometricOperators, per chosen row and only for an egg that is not the current best (Algorithm 9): with
// probability p_c PMX (Algorithm 2) with the best-of-all-time egg's row as parent 1 — its random segment is
// planted in the egg's row, parent 2, and the displaced values move along PMX's mapping — otherwise the
// multi-parental sorting crossover (Algorithms 3–4) of the best egg of all time, the best egg of this
// generation and the egg itself with weights 0.55 / 0.33 / 0.12; then with probability p_m the feasible
// geometric mutation (Algorithm 5): a swap of two open cells of the row that keeps both values in their
// filtered domains ("D is used as input of the mutation to validate that only feasible mutations are carried
// out"), chosen uniformly among such swaps. All three keep the fixed cells and keep rows permutations.
//
// Choices where the paper is silent or was damaged in conversion (docs/algorithms.md settles the rest):
//   - A step is one generation: n cuckoos, each from a random nest (Algorithm 8 lines 4–9, repeated n times
//     as in Yang and Deb's generation), then the abandonment. The paper's 10,000 "iterations" are read as
//     10,000 generations; its line 4 draws one cuckoo per iteration, so ours does n times the paper's work
//     per step if its iteration is one cuckoo.
//   - Lévy flight: the step length is the number of rows the operators are applied to. It is
//     1 + ⌊levy_scale · |L|⌋ with L drawn by Mantegna's method (β = 1.5), clamped to the number of rows with
//     two or more open cells; those rows are drawn without repetition. The clamp is the paper's Algorithm 9
//     over every row, so the longest flight is the paper's literal operator pass and the common short one
//     touches a single row. With the default scale 1 on 9 rows, 67 % of the cuckoos change one row, 19 %
//     two, 6 % three and 1.8 % every row (10^6 draws). (Yang and Deb scale a continuous step by
//     0.01·(x − best); a count of rows has no such difference to scale.)
//   - The crossover mask holds each parent round(w·N) times (largest remainders) in a random order — the
//     paper's Example 2 has 5, 3 and 1 entries for 0.55, 0.33, 0.12 on nine cells.
//   - The cuckoo from the current best egg is a copy (the operators skip the best egg, Algorithm 9 line 2);
//     comparing it with a random nest copies the best over that nest when it is no better.
//   - Abandonment discards the worst fraction, ranked by cost and then by nest number, as docs/algorithms.md
//     reads p_a; each rebuilt egg is drawn from the filtered domains anew.
//   - The paper's tuned n, p_a, p_c and p_m were lost in conversion. The defaults come from the tuning run
//     described below, starting from n = 25 and p_a = 0.25 as docs/algorithms.md asks.
//   - With `prefilter` off there is no AC3: every open cell's domain is every digit, so new eggs are random
//     row permutations keeping the givens and every swap is a feasible mutation.
//
// Choice of defaults: n = 25, p_a = 0.05, p_c = 0.8, p_m = 1, levy_scale = 1, β = 1.5, by a small tuning run
// (/tmp scripts around `puzzle-cli solve --json`, one process, about 90 s in all) on three puzzles that are
// not in our Table 1 set — Brundage_hard and Wikipedia_anti_backtracking (singles solve them, AC3 alone does not)
// and Brundage_starburst (singles do not) from shared/data/sudoku — 6 seeds each, 5,000 generations. Stage 1,
// n = 25 and p_a = 0.25 fixed, p_c ∈ {0.2, 0.5, 0.8} × p_m ∈ {0.5, 1} × levy_scale ∈ {1, 3}: 0 to 2 of the 18
// runs solved in every cell, mean best cost 4.56–6.00; p_m = 1 was best in five of the six (p_c, scale) pairs
// (4.56 at p_c 0.2, 4.78/4.89 at p_c 0.8), and the two configurations with 2 solves were p_m = 1. Stage 2 from
// p_c = 0.8, p_m = 1: p_a = 0.05 gave the lowest mean best cost of the whole run (3.78, 0/18), p_a = 0.1 4.67,
// n = 50 4.44 (1/18, twice the time per generation), n = 50 with p_a = 0.05 4.28 (1/18), levy_scale 3 with
// p_a = 0.05 5.39, p_c = 1 with p_a = 0.05 4.67 (2/18). The differences in solves are within the noise of 18
// runs; the mean best cost, the smoother measure, chose p_a = 0.05 — which also skips most of the egg
// rebuilding, the dearest part of a generation. Honest summary: on these puzzles the cuckoo search stalls at a cost of
// 2–6; every egg is pulled towards the best one by both crossovers, so the population becomes a cloud of near
// copies of the best egg that a single swap per row cannot lead out of a local minimum.
//
// Events: a "prefiltering" phase with the initial domains, every AC3 domain reduction as an elimination move
// (and a place move for a cell it fixes) and the filtered domains as a candidate table; a "search" phase; per
// generation the nests' best / mean / worst cost (GenerationStats) and a cost sample (current = this
// generation's best egg, with its column / box split; best = best of all time); whenever the best egg of all
// time improves, the place moves that turn the board into it. Counters: a step is a generation; an evaluation
// is one egg's cost (every cuckoo, every new egg).

#include "algorithms/cuckoo_search.h"

#include "algorithms/algorithm_base.h"
#include "sudoku/row_permutation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

namespace pw {

void pmxCrossover(const std::uint8_t* parent1, const std::uint8_t* parent2, int length, int first, int last,
                  std::uint8_t* child) {
    std::array<int, kMaxSudokuSize + 1> indexIn2{};
    for (int i = 0; i < length; ++i) indexIn2[parent2[i]] = i;
    auto inSegment = [&](int index) { return index >= first && index <= last; };
    DigitMask copied = 0;
    for (int i = 0; i < length; ++i) child[i] = 0;
    for (int i = first; i <= last; ++i) {  // line 1: the segment of parent 1 goes to the child
        child[i] = parent1[i];
        copied = static_cast<DigitMask>(copied | digitBit(parent1[i]));
    }
    for (int i = first; i <= last; ++i) {  // lines 2–3: parent 2's segment values the child lacks
        const int value = parent2[i];
        if (copied & digitBit(value)) continue;
        int index = i;
        for (;;) {  // lines 4–9: follow the mapping until it leaves the segment
            const int mapped = parent1[index];
            index = indexIn2[mapped];
            if (!inSegment(index)) break;
        }
        child[index] = static_cast<std::uint8_t>(value);
    }
    for (int i = 0; i < length; ++i)  // line 11: everything else from parent 2
        if (!child[i]) child[i] = parent2[i];
}

void sortingCrossover(std::array<std::uint8_t*, 3> parents, const std::uint8_t* mask, int length,
                      std::uint8_t* child) {
    for (int i = 0; i < length; ++i) {
        const std::uint8_t value = parents[mask[i]][i];
        for (int p = 0; p < 3; ++p) {  // Algorithm 4 on each of the other two parents
            std::uint8_t* row = parents[p];
            if (row[i] == value) continue;
            int j = i + 1;
            while (row[j] != value) ++j;  // positions before i already agree, so the value lies after i
            std::swap(row[i], row[j]);
        }
    }
    for (int i = 0; i < length; ++i) child[i] = parents[0][i];
}

void sortingCrossoverMask(const std::array<double, 3>& weights, int length, Rng& rng, std::uint8_t* mask) {
    std::array<int, 3> counts{};
    std::array<double, 3> remainders{};
    int assigned = 0;
    for (int p = 0; p < 3; ++p) {
        const double share = weights[p] * length;
        counts[p] = static_cast<int>(std::floor(share));
        remainders[p] = share - counts[p];
        assigned += counts[p];
    }
    while (assigned < length) {  // largest remainder first; ties to the earlier (heavier) parent
        int pick = 0;
        for (int p = 1; p < 3; ++p)
            if (remainders[p] > remainders[pick]) pick = p;
        ++counts[pick];
        remainders[pick] = -1;
        ++assigned;
    }
    int next = 0;
    for (int p = 0; p < 3; ++p)
        for (int k = 0; k < counts[p]; ++k) mask[next++] = static_cast<std::uint8_t>(p);
    for (int i = length; i > 1; --i) std::swap(mask[i - 1], mask[rng.below(static_cast<std::uint32_t>(i))]);
}

LevyFlight::LevyFlight(double beta) : m_beta(beta) {
    const double numerator = std::tgamma(1 + beta) * std::sin(std::numbers::pi * beta / 2);
    const double denominator = std::tgamma((1 + beta) / 2) * beta * std::pow(2.0, (beta - 1) / 2);
    m_sigma = std::pow(numerator / denominator, 1 / beta);
}

double LevyFlight::step(Rng& rng) const {
    // Box–Muller gives two independent standard normal deviates from one pair of uniforms (1 − U lies in
    // (0, 1], so the log is finite): r·cos θ for u and r·sin θ for v.
    const double radius = std::sqrt(-2 * std::log(1 - rng.uniform()));
    const double angle = 2 * std::numbers::pi * rng.uniform();
    const double u = m_sigma * radius * std::cos(angle);
    const double v = radius * std::sin(angle);
    return u / std::pow(std::abs(v), 1 / m_beta);
}

int LevyFlight::rowCount(double scale, int maximum, Rng& rng) const {
    const double length = 1 + std::floor(scale * std::abs(step(rng)));
    // `length < maximum` is false for an infinite or NaN step (v = 0), which then takes the longest flight.
    return length < maximum ? static_cast<int>(length) : maximum;
}

namespace {

constexpr std::array<double, 3> kParentWeights = {0.55, 0.33, 0.12};  // Soto et al. 2014, Example 2

class CuckooSearchAlgorithm final : public AlgorithmBase {
public:
    void start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed,
               EventSink* sink) override {
        begin(sink);
        m_rng.reseed(seed);
        m_nestCount = static_cast<int>(parameters.integer("nests"));
        m_abandonFraction = parameters.real("p_a");
        m_pmxProbability = parameters.real("p_c");
        m_mutationProbability = parameters.real("p_m");
        m_levyScale = parameters.real("levy_scale");
        m_levy = LevyFlight(parameters.real("beta"));
        const bool prefilter = parameters.boolean("prefilter");

        m_abandoned = 0;
        m_improvements = 0;
        const SudokuGrid& givens = puzzle.sudoku().givens;
        m_size = givens.size();
        m_failure = m_space.prepare(givens, prefilter, m_counters, m_sink).value_or("");
        if (m_sink && prefilter && m_failure.empty())
            emit(Explanation{m_counters,
                             "AC3 removed " + std::to_string(m_space.reductions) + " values and fixed " +
                                 std::to_string(m_space.cellsFixedByAc3) + " cells",
                             {}});
        m_movableCount = 0;
        for (int r = 0; r < m_size; ++r)
            if (m_space.openCount[r] >= 2) m_movableRows[m_movableCount++] = static_cast<std::uint8_t>(r);

        // GenerateInitialPopulation (line 2), bounded to the filtered domains.
        emit(PhaseChange{m_counters, PhaseKind::Search});
        m_nests.resize(static_cast<std::size_t>(m_nestCount));
        m_ranking.resize(static_cast<std::size_t>(m_nestCount));
        for (auto& nest : m_nests) {
            if (m_failure.empty())
                m_space.fill(nest, m_rng);
            else
                nest.assign(givens);  // not searched: the run fails at its first step
            ++m_counters.evaluations;
        }
        m_bestNest = lowestCostNest();
        m_bestEver = m_nests[static_cast<std::size_t>(m_bestNest)];
        if (m_failure.empty() && m_movableCount == 0 && m_bestEver.cost() > 0)
            m_failure = "no row has two open cells to change, and the forced fill breaks a rule";
        for (int cell = 0; cell < givens.cellCount(); ++cell) m_shown[cell] = static_cast<std::uint8_t>(m_space.fixed.value(cell));
        report(true);
    }

    StepStatus step() override {
        if (ended()) return status();
        if (!m_failure.empty()) {
            emit(Explanation{m_counters, m_failure, {}});
            return end(StepStatus::Failed);
        }
        if (m_bestEver.cost() == 0) return end(StepStatus::Solved);

        ++m_counters.steps;
        for (int cuckoo = 0; cuckoo < m_nestCount; ++cuckoo) {
            const int i = randomNest();                          // line 4
            layCuckoo(i);                                        // line 5
            ++m_counters.evaluations;
            const int j = randomNest();                          // line 6
            RowPermutationGrid& host = m_nests[static_cast<std::size_t>(j)];
            if (m_cuckoo.cost() <= host.cost()) host = m_cuckoo;  // lines 7–9
        }
        const bool improved = findCurrentBest();  // line 10
        abandonWorseNests();                      // lines 11–12
        // A rebuilt egg may beat the best one; the next generation's operators must see it.
        const bool rebuiltBest = findCurrentBest();
        report(improved || rebuiltBest);
        return m_bestEver.cost() == 0 ? end(StepStatus::Solved) : StepStatus::Running;
    }

    void finish() override {
        if (!m_sink) return;
        std::string text = "cuckoo search: " + std::to_string(m_counters.steps) + " generations of " +
                           std::to_string(m_nestCount) + " cuckoos, best cost " +
                           std::to_string(m_bestEver.cost()) + " (improved " + std::to_string(m_improvements) +
                           " times), " + std::to_string(m_abandoned) + " nests abandoned and rebuilt";
        if (m_space.prefiltered)
            text += "; AC3 removed " + std::to_string(m_space.reductions) + " values and fixed " +
                    std::to_string(m_space.cellsFixedByAc3) + " cells";
        emit(Explanation{m_counters, std::move(text), {}});
    }

    double bestCost() const override { return m_bestEver.cost(); }
    Board currentBoard() const override { return m_nests[static_cast<std::size_t>(m_bestNest)].toGrid(); }
    Board bestBoard() const override { return m_bestEver.toGrid(); }

private:
    int randomNest() { return static_cast<int>(m_rng.below(static_cast<std::uint32_t>(m_nestCount))); }

    // GetCuckooByLevyFlight + GeometricOperators (Algorithm 9) into m_cuckoo.
    void layCuckoo(int nest) {
        m_cuckoo = m_nests[static_cast<std::size_t>(nest)];
        if (nest == m_bestNest) return;  // Algorithm 9 line 2: the best egg is left as it is
        const int rows = m_levy.rowCount(m_levyScale, m_movableCount, m_rng);
        for (int k = 0; k < rows; ++k) {  // distinct rows: a partial Fisher–Yates shuffle
            const auto pick = k + static_cast<int>(m_rng.below(static_cast<std::uint32_t>(m_movableCount - k)));
            std::swap(m_movableRows[k], m_movableRows[pick]);
            applyOperators(m_movableRows[k]);
        }
    }

    void applyOperators(int r) {
        std::array<std::uint8_t, kMaxSudokuSize> child{};
        if (m_rng.chance(m_pmxProbability)) {  // lines 3–4
            int first = static_cast<int>(m_rng.below(static_cast<std::uint32_t>(m_size)));
            int last = static_cast<int>(m_rng.below(static_cast<std::uint32_t>(m_size)));
            if (first > last) std::swap(first, last);
            pmxCrossover(m_bestEver.row(r), m_cuckoo.row(r), m_size, first, last, child.data());
        } else {  // lines 5–6
            std::array<std::array<std::uint8_t, kMaxSudokuSize>, 3> parents{};
            std::copy_n(m_bestEver.row(r), m_size, parents[0].data());
            std::copy_n(m_nests[static_cast<std::size_t>(m_bestNest)].row(r), m_size, parents[1].data());
            std::copy_n(m_cuckoo.row(r), m_size, parents[2].data());
            std::array<std::uint8_t, kMaxSudokuSize> mask{};
            sortingCrossoverMask(kParentWeights, m_size, m_rng, mask.data());
            sortingCrossover({parents[0].data(), parents[1].data(), parents[2].data()}, mask.data(), m_size,
                             child.data());
        }
        m_cuckoo.setRow(r, child.data());
        if (m_rng.chance(m_mutationProbability)) mutate(r);  // lines 8–10
    }

    // Algorithm 5: swap two open cells of row r, uniformly among the swaps that keep both in their domains.
    void mutate(int r) {
        const auto& open = m_space.openCells[r];
        const int count = m_space.openCount[r];
        int feasible = 0;
        for (int a = 0; a < count; ++a)
            for (int b = a + 1; b < count; ++b)
                if (m_space.swapKeepsDomains(m_cuckoo, open[a], open[b])) m_swaps[feasible++] = {open[a], open[b]};
        if (feasible == 0) return;
        const auto& swap = m_swaps[m_rng.below(static_cast<std::uint32_t>(feasible))];
        m_cuckoo.swapCells(swap[0], swap[1]);
    }

    // Lines 11–12: the worst ⌊p_a·n + ½⌋ nests (never all: the best survives) get new eggs from the domains.
    void abandonWorseNests() {
        const int count = std::min(static_cast<int>(m_abandonFraction * m_nestCount + 0.5), m_nestCount - 1);
        if (count <= 0) return;
        for (int i = 0; i < m_nestCount; ++i) m_ranking[static_cast<std::size_t>(i)] = i;
        std::sort(m_ranking.begin(), m_ranking.end(), [this](int a, int b) {
            const int costA = m_nests[static_cast<std::size_t>(a)].cost();
            const int costB = m_nests[static_cast<std::size_t>(b)].cost();
            return costA != costB ? costA < costB : a < b;
        });
        for (int k = m_nestCount - count; k < m_nestCount; ++k) {
            m_space.fill(m_nests[static_cast<std::size_t>(m_ranking[static_cast<std::size_t>(k)])], m_rng);
            ++m_counters.evaluations;
        }
        m_abandoned += static_cast<std::uint64_t>(count);
    }

    int lowestCostNest() const {
        int best = 0;
        for (int i = 1; i < m_nestCount; ++i)
            if (m_nests[static_cast<std::size_t>(i)].cost() < m_nests[static_cast<std::size_t>(best)].cost()) best = i;
        return best;
    }

    // FindCurrentBest: the best nest now, and the best egg of all time; true when the latter improved.
    bool findCurrentBest() {
        m_bestNest = lowestCostNest();
        const RowPermutationGrid& best = m_nests[static_cast<std::size_t>(m_bestNest)];
        if (best.cost() >= m_bestEver.cost()) return false;
        m_bestEver = best;
        ++m_improvements;
        return true;
    }

    // Generation statistics and the cost sample; the board follows the best egg of all time.
    void report(bool bestImproved) {
        if (!m_sink) return;
        const int cellCount = m_size * m_size;
        if (bestImproved && m_sink->wantsMoves()) {
            for (int cell = 0; cell < cellCount; ++cell) {
                const int value = m_bestEver.value(cell);
                if (value == m_shown[cell]) continue;
                emit(MoveEvent{m_counters, Move::place(cell, value, m_shown[cell])});
            }
        }
        for (int cell = 0; cell < cellCount; ++cell) m_shown[cell] = static_cast<std::uint8_t>(m_bestEver.value(cell));
        double sum = 0;
        int worst = 0;
        for (const auto& nest : m_nests) {
            sum += nest.cost();
            worst = std::max(worst, nest.cost());
        }
        const RowPermutationGrid& best = m_nests[static_cast<std::size_t>(m_bestNest)];
        emit(GenerationStats{m_counters, m_counters.steps, static_cast<double>(best.cost()), sum / m_nestCount,
                             static_cast<double>(worst)});
        emit(CostSample{m_counters, static_cast<double>(best.cost()), static_cast<double>(m_bestEver.cost()),
                        best.breakdown().values()});
    }

    RowSearchSpace m_space;
    std::vector<RowPermutationGrid> m_nests;
    RowPermutationGrid m_cuckoo;
    RowPermutationGrid m_bestEver;
    std::vector<int> m_ranking;  // nests by cost, for the abandonment
    std::array<std::array<std::uint8_t, 2>, kMaxSudokuSize*(kMaxSudokuSize - 1) / 2> m_swaps{};  // mutation scratch
    std::array<std::uint8_t, kMaxSudokuSize> m_movableRows{};  // rows with two or more open cells
    int m_movableCount = 0;
    int m_bestNest = 0;
    int m_size = 9;
    int m_nestCount = 25;
    double m_abandonFraction = 0.25;
    double m_pmxProbability = 0.5;
    double m_mutationProbability = 0.5;
    double m_levyScale = 1;
    LevyFlight m_levy;
    Rng m_rng;
    std::array<std::uint8_t, kMaxSudokuCells> m_shown{};  // the board as the moves sent so far left it
    std::uint64_t m_abandoned = 0;
    std::uint64_t m_improvements = 0;
    std::string m_failure;
};

}  // namespace

AlgorithmEntry cuckooSearchAlgorithmEntry() {
    AlgorithmInfo info;
    info.id = "cuckoo";
    info.name = "Prefiltered cuckoo search (geometric operators)";
    info.family = AlgorithmFamily::Swarm;
    info.paper = "R. Soto, B. Crawford, C. Galleguillos, E. Monfroy, F. Paredes, A prefiltered cuckoo search "
                 "algorithm with geometric operators for solving Sudoku problems, The Scientific World Journal "
                 "2014, 465359; X.-S. Yang, S. Deb, Cuckoo search via Lévy flights, NaBIC 2009";
    info.summary =
        "AC3 first deletes the values no solution can take. Eggs are grids whose rows are permutations "
        "drawn from the filtered domains; cost = repeated values in columns and boxes. Each generation "
        "every cuckoo changes a random egg by a Lévy-distributed number of rows — PMX with the best egg, "
        "or a sorting crossover of the best of all time, the best of the generation and the egg, then a "
        "feasible swap — and replaces a random nest if no worse; the worst fraction p_a of the nests is "
        "abandoned and rebuilt.";
    info.stepMeaning = "one generation (one cuckoo per nest, then the abandonment)";
    info.kinds = {PuzzleKind::Sudoku};
    info.costParts = sudokuCostPartNames();
    const std::string paper = "Soto et al. 2014";
    const std::string lost = paper + ": tuned value lost in conversion; chosen by our tuning run";
    info.parameters = {
        ParameterSpec::integer("nests", 25, 2, 1000, "number of nests n (one egg each)",
                               "docs/algorithms.md: start from n = 25 (" + lost + ")"),
        ParameterSpec::real("p_a", 0.05, 0, 0.9, "fraction of the worst nests abandoned and rebuilt per generation",
                            "docs/algorithms.md: start from p_a = 0.25 (" + lost + ")"),
        ParameterSpec::real("p_c", 0.8, 0, 1,
                            "per row: probability of PMX with the best egg (else the multi-parental sorting "
                            "crossover)",
                            paper + ", Algorithm 9; " + lost),
        ParameterSpec::real("p_m", 1.0, 0, 1, "per row: probability of the feasible swap mutation after the crossover",
                            paper + ", Algorithm 9; " + lost),
        ParameterSpec::real("levy_scale", 1, 0.01, 100,
                            "rows changed by a cuckoo = 1 + floor(levy_scale * |Lévy step|), at most every row",
                            "our discretisation of Yang and Deb's step size (see the essay)"),
        ParameterSpec::real("beta", 1.5, 0.3, 1.99, "Lévy exponent of Mantegna's algorithm",
                            "docs/algorithms.md: β = 1.5 (Yang and Deb 2009)"),
        ParameterSpec::boolean("prefilter", true, "run AC3 first and draw eggs and mutations from the filtered domains",
                               paper + ", §5 and Algorithm 8 line 1"),
    };
    return {std::move(info), [] { return std::make_unique<CuckooSearchAlgorithm>(); }};
}

}  // namespace pw
