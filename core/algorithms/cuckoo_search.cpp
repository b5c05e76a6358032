// `cuckoo` — prefiltered cuckoo search with geometric operators, after Soto, Crawford, Galleguillos, Monfroy
// and Paredes (2014), read literally. `cuckoo-plus` (cuckoo_search_plus.cpp) is the same algorithm with an
// escape from local minima added.
//
// Idea: cuckoos lay their eggs in other birds' nests; an egg is a candidate grid, a nest holds one egg. Each
// iteration one cuckoo takes a random egg, changes it with geometric operators for permutations (crossovers
// towards the best eggs and a swap mutation) and lays the result in a random nest, where it replaces the
// host's egg if it is at least as good. Then the worst fraction p_a of the nests is abandoned and rebuilt.
// Before all of it, AC3 prefiltering (core/ac3.h) deletes the values no solution can take.
//
// Representation (core/row_permutation.h): an egg is a complete grid whose every row is a permutation of
// 1..N keeping the fixed cells — the givens, plus the cells AC3 left with one value. Its cost is the number
// of repeated values in the columns and boxes (rows are always right); the per-column and per-box digit
// counts are kept with the egg, so an operator that rewrites a row updates the cost in a few counter steps
// per changed cell. New eggs (the initial nests and the rebuilt ones) give each row's open cells the row's
// missing digits by a random maximum matching within the filtered domains.
//
// Paper: R. Soto, B. Crawford, C. Galleguillos, E. Monfroy, F. Paredes, A prefiltered cuckoo search
// algorithm with geometric operators for solving Sudoku problems, The Scientific World Journal 2014, article
// 465359 (our copy has no title page; docs/algorithms.md says where the citation comes from). The main loop
// is Algorithm 8, and one step of ours is one of its iterations:
//
//   (once)  AC3 (Algorithms 6–7), then GenerateInitialPopulation from the filtered domains   lines 1–2
//   step:   x_i ← a random nest; new ← GeometricOperators(x_i) (Algorithm 9)                  lines 4–5
//           x_j ← a random nest; if cost(new) ≤ cost(x_j) then x_j ← new                        lines 6–9
//           FindCurrentBest; AbandonWorseNests (the worst ⌊p_a·n + ½⌋, never the best);
//           BuildNewSolutions from the filtered domains                                         lines 10–12
//
// The literal reading, point by point, with the paper's words:
//   - One egg per iteration. Algorithm 8 line 4: "x_i ← GetRandomlyFrom(nests)", and §6: "At line 4, an egg
//     is randomly chosen from nests to which the geometric operators are then applied." A step lays one egg
//     and costs one evaluation plus the rebuilt nests. (`iteration = generation` lays n eggs per step, as in
//     Yang and Deb's cuckoo search; it is an option, not the paper.)
//   - The operators go over every row. Algorithm 9 line 1: "Foreach" row of the egg, and §6: "The usage of
//     geometric operators is illustrated in Algorithm 9, where they apply only whether the evaluated egg is not
//     the best one." Algorithms 8 and 9 contain no Lévy flight (only the classic Algorithm 1 of §3 does), so by
//     default (`rows = every`) each egg not taken from the best nest has every row with two or more open cells
//     changed. `rows = levy` changes 1 + ⌊levy_scale · |L|⌋ random rows instead (L by Mantegna's method,
//     β = 1.5 — Yang and Deb's value): our own discretisation, kept as an option, off by default.
//   - Per row (Algorithm 9 lines 2–10): with probability p_c PMX (Algorithm 2) with the best egg's row as
//     parent 1 — its random segment is planted in the egg's row and the displaced values move along PMX's
//     mapping — otherwise the multi-parental sorting crossover (Algorithms 3–4) of the best egg of all time, the
//     best egg of this iteration and the egg itself with weights 0.55 / 0.33 / 0.12 (Example 2); then with
//     probability p_m the feasible geometric mutation (Algorithm 5): a swap of two open cells of the row that
//     keeps both values in their filtered domains ("D is used as input of the mutation to validate that only
//     feasible mutations are carried out"), uniformly among such swaps.
//   - "The worse nests are abandoned depending on probability p_a" (§6): the worst fraction p_a, ranked by
//     cost and then by nest number, as docs/algorithms.md reads it; each rebuilt egg is drawn anew.
//
// Choices where the paper is silent or was damaged in conversion: the crossover mask holds each parent
// round(w·N) times (largest remainders) in a random order — Example 2 has 5, 3 and 1 entries for 0.55, 0.33,
// 0.12 on nine cells; the cuckoo from the best nest is a copy (Algorithm 9 skips the best egg), so comparing
// it with a random nest copies the best over that nest when it is no better. The tuned n, p_a, p_c and p_m of
// §7 were lost in conversion ("The configuration ... is the following: , , , and."); the defaults n = 25,
// p_a = 0.05, p_c = 0.8, p_m = 1 come from a small tuning run of the earlier generation-per-step reading
// (three puzzles outside our Table 1 set, 6 seeds, 5,000 generations; p_m = 1 and the small p_a gave the
// lowest mean best cost, and no setting solved more than 2 of 18 runs). With `prefilter` off there is no AC3:
// every open cell's domain is every digit.
//
// What the literal reading reaches (measured with `puzzle-cli solve -a cuckoo --seed 1 --runs 50
// --max-steps 10000 --json`, i.e. Table 1's budget of 10^4 iterations, on the Sato–Inoue puzzles in
// puzzles/sudoku/from_papers.csv, our stand-in for the lost benchmark [24]):
//   - easy (easy_34, easy_38): 50 of 50 — AC3 alone solves both, as the paper's 100 % for easy;
//   - medium (medium_29, medium_30): 0 of 50 each (best cost 2.5 and 4.1 on average) — the paper reports
//     100 % on "medium a";
//   - hard (difficult_24, difficult_28, super_difficult_22, super_difficult_24, AI Escargot): 0 of 50 each,
//     ending at a cost of 10 to 14 — the paper reports 51 %, 80 % and 70 % (50 of 97, 62 and 71 tries);
//   - QQWing puzzles (the 8 "easy" and 7 "intermediate" of puzzles/sudoku/qqwing_graded.csv, one run each,
//     `--seed 1 --time-limit 20`; docs/reproduction.md, command Q2): 0 of 15, ending at a cost of 2 to 12.
// So none of the paper's figures beyond "easy" is reached: one egg changed on every row by two crossovers that
// both pull it towards the best egg becomes a near copy of the best, the population collapses onto it, and a
// single swap per row cannot lead out of the local minimum. The generation-per-step option gives 25 times the
// work per step; its measurements are in docs/algorithms.md. `cuckoo-plus` adds the escape that reaches the
// paper's figures.
//
// Events: a "prefiltering" phase with the initial domains, every AC3 domain reduction as an elimination move
// (and a place move for a cell it fixes) and the filtered domains as a candidate table; a "search" phase; per
// iteration the nests' best / mean / worst cost (GenerationStats) and a cost sample (current = this
// iteration's best egg, with its column / box split; best = best of the run); whenever the run's best egg
// improves, the place moves that turn the board into it. For a sink that wants decisions, one Decision per egg
// ("egg"): the nest it came from, the rows PMX and the multi-parental crossover changed, the mutation's swaps,
// the nest it was compared with and whether it was kept (`accepted`), and the nests abandoned in the
// iteration; the egg and the host's egg it was compared with ride along as boards (DecisionBoards). Counters: a
// step is an iteration; an evaluation is one egg's cost (every cuckoo, every new egg).

#include "algorithms/cuckoo_search.h"


#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <optional>
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

std::string cellName(int cell, int size) {
    return "r" + std::to_string(cell / size + 1) + "c" + std::to_string(cell % size + 1);
}

}  // namespace

void CuckooSearch::start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed,
                         EventSink* sink) {
    begin(sink);
    m_rng.reseed(seed);
    m_nestCount = static_cast<int>(parameters.integer("nests"));
    m_abandonFraction = parameters.real("p_a");
    m_pmxProbability = parameters.real("p_c");
    m_mutationProbability = parameters.real("p_m");
    m_oneEggPerIteration = parameters.choice("iteration") == "one-egg";
    m_levyRows = parameters.choice("rows") == "levy";
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
    m_record = m_bestEver;
    if (m_failure.empty() && m_movableCount == 0 && m_bestEver.cost() > 0)
        m_failure = "no row has two open cells to change, and the forced fill breaks a rule";
    for (int cell = 0; cell < givens.cellCount(); ++cell) m_shown[cell] = static_cast<std::uint8_t>(m_space.fixed.value(cell));
    report(true);
}

StepStatus CuckooSearch::step() {
    if (ended()) return status();
    // Asked at every step: a window turns explanations on and off as its pace changes (and sets the sink up
    // only after the run has started).
    m_explain = wantsDecisions(m_sink);
    if (!m_failure.empty()) {
        emit(Explanation{m_counters, m_failure, {}});
        return end(StepStatus::Failed);
    }
    if (m_record.cost() == 0) return end(StepStatus::Solved);

    ++m_counters.steps;
    const int eggs = m_oneEggPerIteration ? 1 : m_nestCount;
    // The last egg's decision waits for the abandonment; it keeps the counters of its egg.
    std::optional<DecisionDetail> pending;
    Counters pendingAt;
    for (int egg = 0; egg < eggs; ++egg) {
        const int i = randomNest();  // line 4
        layCuckoo(i);                // line 5
        ++m_counters.evaluations;
        improveEgg();
        const int j = randomNest();  // line 6
        RowPermutationGrid& host = m_nests[static_cast<std::size_t>(j)];
        const int hostCost = host.cost();
        const bool kept = m_cuckoo.cost() <= hostCost;  // lines 7–9
        if (m_explain) {
            DecisionDetail detail;
            detail.action = "egg";
            const int from = m_eggFrom;
            std::string text = "egg from nest " + std::to_string(i + 1) + " (cost " + std::to_string(from) + ")";
            if (i == m_bestNest) {
                text += ": the best egg, passed on unchanged";
            } else {
                std::string pmx, sorting;
                for (int r = 0; r < m_size; ++r) {
                    if (m_rowOperator[r] == 'P') pmx += (pmx.empty() ? "" : ",") + std::to_string(r + 1);
                    if (m_rowOperator[r] == 'S') sorting += (sorting.empty() ? "" : ",") + std::to_string(r + 1);
                }
                text += ": PMX on rows " + (pmx.empty() ? std::string("none") : pmx) + "; multi-parent on rows " +
                        (sorting.empty() ? std::string("none") : sorting) + "; mutation " +
                        (m_mutationNotes.empty() ? std::string("none") : m_mutationNotes);
            }
            text += "; cost " + std::to_string(m_cuckoo.cost()) + " vs nest " + std::to_string(j + 1) + " (cost " +
                    std::to_string(hostCost) + "): " + (kept ? "kept" : "refused");
            detail.text = std::move(text);
            detail.values = {{"cost_before", static_cast<double>(from)},
                             {"cost_after", static_cast<double>(m_cuckoo.cost())},
                             {"host_cost", static_cast<double>(hostCost)},
                             {"nest", static_cast<double>(i + 1)},
                             {"host", static_cast<double>(j + 1)}};
            detail.accepted = kept;
            detail.boards = std::make_shared<const DecisionBoards>(eggBoards(host, j));
            if (pending) emit(Decision(pendingAt, std::move(*pending)));
            pending = std::move(detail);
            pendingAt = m_counters;
        }
        if (kept) host = m_cuckoo;
    }
    const bool improved = findCurrentBest();  // line 10
    abandonWorseNests();                      // lines 11–12
    // A rebuilt egg may beat the best one; the next iteration's operators must see it.
    const bool rebuiltBest = findCurrentBest();
    if (pending) {
        std::string abandoned;
        for (int nest : m_lastAbandoned) abandoned += (abandoned.empty() ? "" : ",") + std::to_string(nest + 1);
        pending->text += "; nests abandoned and rebuilt: " + (abandoned.empty() ? std::string("none") : abandoned);
        pending->values.push_back({"abandoned", static_cast<double>(m_lastAbandoned.size())});
        emit(Decision(pendingAt, std::move(*pending)));
    }
    afterIteration(improved || rebuiltBest);
    report(improved || rebuiltBest);
    return m_record.cost() == 0 ? end(StepStatus::Solved) : StepStatus::Running;
}

void CuckooSearch::finish() {
    if (!m_sink) return;
    std::string text = "cuckoo search: " + std::to_string(m_counters.steps) + " iterations of " +
                       std::to_string(m_oneEggPerIteration ? 1 : m_nestCount) + (m_oneEggPerIteration ? " egg" : " eggs") +
                       ", best cost " + std::to_string(m_record.cost()) + " (improved " +
                       std::to_string(m_improvements) + " times), " + std::to_string(m_abandoned) +
                       " nests abandoned and rebuilt";
    if (m_space.prefiltered)
        text += "; AC3 removed " + std::to_string(m_space.reductions) + " values and fixed " +
                std::to_string(m_space.cellsFixedByAc3) + " cells";
    emit(Explanation{m_counters, std::move(text), {}});
}

DecisionBoards CuckooSearch::eggBoards(const RowPermutationGrid& host, int hostNest) const {
    DecisionBoards boards{"egg", "host: nest " + std::to_string(hostNest + 1), {}, {}, {}, {}, {}};
    for (int cell = 0; cell < m_size * m_size; ++cell) {
        boards.object.push_back(Move::place(cell, m_cuckoo.value(cell)));
        boards.reference.push_back(Move::place(cell, host.value(cell)));
    }
    return boards;
}

// Line 5: GeometricOperators (Algorithm 9) on a copy of the nest's egg, into m_cuckoo.
void CuckooSearch::layCuckoo(int nest) {
    m_cuckoo = m_nests[static_cast<std::size_t>(nest)];
    if (m_explain) {
        m_rowOperator.fill(0);
        m_mutationNotes.clear();
    }
    m_eggFrom = m_cuckoo.cost();
    if (nest == m_bestNest) return;  // Algorithm 9 line 2: the best egg is left as it is
    if (!m_levyRows) {                // Algorithm 9 line 1: "Foreach" row
        for (int k = 0; k < m_movableCount; ++k) applyOperators(m_movableRows[k]);
        return;
    }
    const int rows = m_levy.rowCount(m_levyScale, m_movableCount, m_rng);
    for (int k = 0; k < rows; ++k) {  // distinct rows: a partial Fisher–Yates shuffle
        const auto pick = k + static_cast<int>(m_rng.below(static_cast<std::uint32_t>(m_movableCount - k)));
        std::swap(m_movableRows[k], m_movableRows[pick]);
        applyOperators(m_movableRows[k]);
    }
}

void CuckooSearch::applyOperators(int r) {
    std::array<std::uint8_t, kMaxSudokuSize> child{};
    if (m_rng.chance(m_pmxProbability)) {  // lines 3–4
        int first = static_cast<int>(m_rng.below(static_cast<std::uint32_t>(m_size)));
        int last = static_cast<int>(m_rng.below(static_cast<std::uint32_t>(m_size)));
        if (first > last) std::swap(first, last);
        pmxCrossover(m_bestEver.row(r), m_cuckoo.row(r), m_size, first, last, child.data());
        if (m_explain) m_rowOperator[r] = 'P';
    } else {  // lines 5–6
        std::array<std::array<std::uint8_t, kMaxSudokuSize>, 3> parents{};
        std::copy_n(m_bestEver.row(r), m_size, parents[0].data());
        std::copy_n(m_nests[static_cast<std::size_t>(m_bestNest)].row(r), m_size, parents[1].data());
        std::copy_n(m_cuckoo.row(r), m_size, parents[2].data());
        std::array<std::uint8_t, kMaxSudokuSize> mask{};
        sortingCrossoverMask(kParentWeights, m_size, m_rng, mask.data());
        sortingCrossover({parents[0].data(), parents[1].data(), parents[2].data()}, mask.data(), m_size,
                         child.data());
        if (m_explain) m_rowOperator[r] = 'S';
    }
    m_cuckoo.setRow(r, child.data());
    if (m_rng.chance(m_mutationProbability)) mutateRow(r);  // lines 8–10
}

bool CuckooSearch::mutateRow(int r) {
    const auto& open = m_space.openCells[r];
    const int count = m_space.openCount[r];
    int feasible = 0;
    for (int a = 0; a < count; ++a)
        for (int b = a + 1; b < count; ++b)
            if (m_space.swapKeepsDomains(m_cuckoo, open[a], open[b])) m_swaps[feasible++] = {open[a], open[b]};
    if (feasible == 0) return false;
    const auto& swap = m_swaps[m_rng.below(static_cast<std::uint32_t>(feasible))];
    m_cuckoo.swapCells(swap[0], swap[1]);
    noteMutation(swap[0], swap[1], "swap");
    return true;
}

void CuckooSearch::noteMutation(int a, int b, const char* kind) {
    if (!m_explain) return;
    m_mutationNotes += (m_mutationNotes.empty() ? "" : ", ") + std::string(kind) + " " + cellName(a, m_size) + "-" +
                       cellName(b, m_size);
}

// Lines 11–12: the worst ⌊p_a·n + ½⌋ nests (never all: the best survives) get new eggs from the domains.
void CuckooSearch::abandonWorseNests() {
    m_lastAbandoned.clear();
    const int count = std::min(static_cast<int>(m_abandonFraction * m_nestCount + 0.5), m_nestCount - 1);
    if (count <= 0) return;
    for (int i = 0; i < m_nestCount; ++i) m_ranking[static_cast<std::size_t>(i)] = i;
    std::sort(m_ranking.begin(), m_ranking.end(), [this](int a, int b) {
        const int costA = m_nests[static_cast<std::size_t>(a)].cost();
        const int costB = m_nests[static_cast<std::size_t>(b)].cost();
        return costA != costB ? costA < costB : a < b;
    });
    for (int k = m_nestCount - count; k < m_nestCount; ++k) {
        const int nest = m_ranking[static_cast<std::size_t>(k)];
        m_space.fill(m_nests[static_cast<std::size_t>(nest)], m_rng);
        ++m_counters.evaluations;
        if (m_explain) m_lastAbandoned.push_back(nest);
    }
    m_abandoned += static_cast<std::uint64_t>(count);
}

void CuckooSearch::rebuildAllNests() {
    for (auto& nest : m_nests) {
        m_space.fill(nest, m_rng);
        ++m_counters.evaluations;
    }
    m_abandoned += static_cast<std::uint64_t>(m_nestCount);
    m_bestNest = lowestCostNest();
    m_bestEver = m_nests[static_cast<std::size_t>(m_bestNest)];
}

int CuckooSearch::lowestCostNest() const {
    int best = 0;
    for (int i = 1; i < m_nestCount; ++i)
        if (m_nests[static_cast<std::size_t>(i)].cost() < m_nests[static_cast<std::size_t>(best)].cost()) best = i;
    return best;
}

// FindCurrentBest: the best nest now, and the best egg of the search; true when the latter improved.
bool CuckooSearch::findCurrentBest() {
    m_bestNest = lowestCostNest();
    const RowPermutationGrid& best = m_nests[static_cast<std::size_t>(m_bestNest)];
    if (best.cost() >= m_bestEver.cost()) return false;
    m_bestEver = best;
    if (best.cost() < m_record.cost()) {
        m_record = best;
        ++m_improvements;
    }
    return true;
}

// Iteration statistics and the cost sample; the board follows the run's best egg.
void CuckooSearch::report(bool bestImproved) {
    if (!m_sink) return;
    const int cellCount = m_size * m_size;
    if (bestImproved && m_sink->wantsMoves()) {
        for (int cell = 0; cell < cellCount; ++cell) {
            const int value = m_record.value(cell);
            if (value == m_shown[cell]) continue;
            emit(MoveEvent{m_counters, Move::place(cell, value, m_shown[cell])});
        }
    }
    for (int cell = 0; cell < cellCount; ++cell) m_shown[cell] = static_cast<std::uint8_t>(m_record.value(cell));
    double sum = 0;
    int worst = 0;
    for (const auto& nest : m_nests) {
        sum += nest.cost();
        worst = std::max(worst, nest.cost());
    }
    const RowPermutationGrid& best = m_nests[static_cast<std::size_t>(m_bestNest)];
    emit(GenerationStats{m_counters, m_counters.steps, static_cast<double>(best.cost()), sum / m_nestCount,
                         static_cast<double>(worst)});
    emit(CostSample{m_counters, static_cast<double>(best.cost()), static_cast<double>(m_record.cost()),
                    best.breakdown().values()});
}

std::vector<ParameterSpec> cuckooSearchParameters() {
    const std::string paper = "Soto et al. 2014";
    const std::string lost = paper + ": tuned value lost in conversion; chosen by our tuning run";
    return {
        ParameterSpec::integer("nests", 25, 2, 1000, "number of nests n (one egg each)",
                               "docs/algorithms.md: start from n = 25 (" + lost + ")"),
        ParameterSpec::real("p_a", 0.05, 0, 0.9, "fraction of the worst nests abandoned and rebuilt per iteration",
                            "docs/algorithms.md: start from p_a = 0.25 (" + lost + ")"),
        ParameterSpec::real("p_c", 0.8, 0, 1,
                            "per row: probability of PMX with the best egg (else the multi-parental sorting "
                            "crossover)",
                            paper + ", Algorithm 9; " + lost),
        ParameterSpec::real("p_m", 1.0, 0, 1, "per row: probability of the feasible swap mutation after the crossover",
                            paper + ", Algorithm 9; " + lost),
        ParameterSpec::choice("iteration", "one-egg", {"one-egg", "generation"},
                              "one-egg: one cuckoo per iteration, as Algorithm 8 line 4 draws it; generation: n "
                              "cuckoos per iteration, as in Yang and Deb's cuckoo search",
                              paper + ", Algorithm 8 line 4: \"x_i ← GetRandomlyFrom(nests)\""),
        ParameterSpec::choice("rows", "every", {"every", "levy"},
                              "every: the operators go over every row (Algorithm 9 \"Foreach\"); levy: over "
                              "1 + floor(levy_scale * |Lévy step|) random rows, our own discretisation",
                              paper + ", Algorithm 9 line 1"),
        ParameterSpec::real("levy_scale", 1, 0.01, 100,
                            "with rows = levy: rows changed by a cuckoo = 1 + floor(levy_scale * |Lévy step|)",
                            "our discretisation of Yang and Deb's step size (see the essay)"),
        ParameterSpec::real("beta", 1.5, 0.3, 1.99, "with rows = levy: Lévy exponent of Mantegna's algorithm",
                            "docs/algorithms.md: β = 1.5 (Yang and Deb 2009)"),
        ParameterSpec::boolean("prefilter", true, "run AC3 first and draw eggs and mutations from the filtered domains",
                               paper + ", §5 and Algorithm 8 line 1"),
    };
}

AlgorithmEntry cuckooSearchAlgorithmEntry() {
    AlgorithmInfo info;
    info.id = "cuckoo";
    info.name = "Prefiltered cuckoo search (geometric operators)";
    info.family = AlgorithmFamily::Swarm;
    info.paper = "R. Soto, B. Crawford, C. Galleguillos, E. Monfroy, F. Paredes, A prefiltered cuckoo search "
                 "algorithm with geometric operators for solving Sudoku problems, The Scientific World Journal "
                 "2014, 465359";
    info.summary =
        "AC3 first deletes the values no solution can take. Eggs are grids whose rows are permutations "
        "drawn from the filtered domains; cost = repeated values in columns and boxes. Each iteration one "
        "cuckoo takes a random egg and changes every row of it — PMX with the best egg, or a sorting "
        "crossover of the best of all time, the best of the iteration and the egg, then a feasible swap — "
        "and replaces a random nest if no worse; the worst fraction p_a of the nests is abandoned and rebuilt.";
    info.stepMeaning = "one iteration of Algorithm 8 (one egg by default, then the abandonment)";
    info.stepUnit = "iterations";
    info.stepDecision = {"egg", {"cost_before", "cost_after", "host_cost", "nest", "host"}, "", true};
    info.stepEvents = {StepEvent::Refusal, StepEvent::NewBest};
    info.kinds = {PuzzleKind::Sudoku};
    info.costParts = sudokuCostPartNames();
    info.parameters = cuckooSearchParameters();
    return {std::move(info), [] { return std::make_unique<CuckooSearch>(); }};
}

}  // namespace pw
