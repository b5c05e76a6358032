// Constraint relaxation (Pelánek; Křivánek's thesis §2.3 and Table 3.1): Sudoku is a set of binary "≠"
// constraints between peer cells. Constraints between a given and an empty cell stay (they only shrink the
// empty cell's domain); among the constraints between two empty peer cells, k (45 in the thesis) are removed,
// chosen uniformly at random, and the solutions of the relaxed problem are counted. The metric is the mean
// count over several relaxations.
//
// Counting: depth-first search over the empty cells with forward checking (an assignment removes its digit
// from the domains of the cells still constrained to differ) and the fewest-values cell first; the count stops
// at `cap`, so a sample costs at most `cap` solutions' worth of search. The cap is part of the metric's
// definition and is reported with it.

#include "sudoku/relaxation.h"

#include <algorithm>
#include <vector>

namespace pw {

namespace {

class RelaxedCounter {
public:
    RelaxedCounter(std::vector<DigitMask> domains, std::vector<std::vector<int>> neighbours, std::uint64_t cap)
        : m_domains(std::move(domains)), m_neighbours(std::move(neighbours)), m_assigned(m_domains.size(), false),
          m_cap(cap) {
        m_trail.reserve(4096);
    }

    std::uint64_t count() {
        search(0);
        return m_count;
    }

private:
    void search(std::size_t depth) {
        if (m_count >= m_cap) return;
        if (depth == m_domains.size()) {
            ++m_count;
            return;
        }
        int cell = -1;
        int fewest = 17;
        for (std::size_t c = 0; c < m_domains.size(); ++c) {
            if (m_assigned[c]) continue;
            const int options = popCount(m_domains[c]);
            if (options < fewest) {
                fewest = options;
                cell = static_cast<int>(c);
                if (options <= 1) break;
            }
        }
        if (fewest == 0) return;
        m_assigned[cell] = true;
        for (DigitMask options = m_domains[cell]; options && m_count < m_cap;
             options = static_cast<DigitMask>(withoutLowestBit(options))) {
            const DigitMask bit = static_cast<DigitMask>(options & -options);
            const std::size_t mark = m_trail.size();
            bool wipeOut = false;
            for (int other : m_neighbours[cell]) {
                if (m_assigned[other] || !(m_domains[other] & bit)) continue;
                m_domains[other] &= static_cast<DigitMask>(~bit);
                m_trail.push_back(other);
                wipeOut |= m_domains[other] == 0;
            }
            if (!wipeOut) search(depth + 1);
            while (m_trail.size() > mark) {
                m_domains[m_trail.back()] |= bit;
                m_trail.pop_back();
            }
        }
        m_assigned[cell] = false;
    }

    std::vector<DigitMask> m_domains;
    std::vector<std::vector<int>> m_neighbours;
    std::vector<bool> m_assigned;
    std::vector<int> m_trail;
    std::uint64_t m_cap;
    std::uint64_t m_count = 0;
};

}  // namespace

std::uint64_t countRelaxedSolutions(const SudokuGrid& givens, int removedConstraints, std::uint64_t cap, Rng& rng) {
    if (givens.hasConflicts()) return 0;
    const SudokuGeometry& g = givens.geometry();
    std::vector<int> index(g.cellCount, -1);
    std::vector<DigitMask> domains;
    for (int cell = 0; cell < g.cellCount; ++cell) {
        if (!givens.isEmpty(cell)) continue;
        index[cell] = static_cast<int>(domains.size());
        domains.push_back(givens.legalDigits(cell));
    }
    std::vector<std::pair<int, int>> constraints;
    for (int cell = 0; cell < g.cellCount; ++cell) {
        if (index[cell] < 0) continue;
        for (int k = 0; k < g.peerCount; ++k) {
            const int peer = g.peers[cell][k];
            if (peer > cell && index[peer] >= 0) constraints.emplace_back(index[cell], index[peer]);
        }
    }
    // A partial Fisher–Yates shuffle moves the removed constraints to the front.
    const auto removed = static_cast<std::size_t>(std::clamp<std::int64_t>(removedConstraints, 0, static_cast<std::int64_t>(constraints.size())));
    for (std::size_t i = 0; i < removed; ++i)
        std::swap(constraints[i], constraints[i + rng.below(static_cast<std::uint32_t>(constraints.size() - i))]);
    std::vector<std::vector<int>> neighbours(domains.size());
    for (std::size_t i = removed; i < constraints.size(); ++i) {
        neighbours[constraints[i].first].push_back(constraints[i].second);
        neighbours[constraints[i].second].push_back(constraints[i].first);
    }
    return RelaxedCounter(std::move(domains), std::move(neighbours), cap).count();
}

double relaxationMetric(const SudokuGrid& givens, int samples, std::uint64_t seed, int removedConstraints,
                        std::uint64_t cap) {
    if (samples <= 0) return 0;
    Rng rng(seed);
    double total = 0;
    for (int s = 0; s < samples; ++s) total += static_cast<double>(countRelaxedSolutions(givens, removedConstraints, cap, rng));
    return total / samples;
}

}  // namespace pw
