#pragma once
// The harmony memory of both harmony searches (Sudoku's `harmony`, `nurikabe-harmony`): HMS members of the same
// number of values in one flat array, each member's cost, and which member is best and which worst. The rules
// Geem and Křivánek leave open are settled here once: a new harmony enters only with a strictly lower cost than
// the worst member, and the first of equally worst (or best) members is the one taken. Nothing is allocated
// after `reset`.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

namespace pw {

class HarmonyMemory {
public:
    // `members` members of `width` values each, all 0, all of cost 0.
    void reset(int members, int width) {
        m_members = members;
        m_width = width;
        m_values.assign(static_cast<std::size_t>(members) * static_cast<std::size_t>(width), 0);
        m_costs.assign(static_cast<std::size_t>(members), 0);
        m_costSum = 0;
        m_best = m_worst = 0;
    }

    int size() const { return m_members; }
    std::uint8_t* values(int member) { return m_values.data() + static_cast<std::size_t>(member) * m_width; }
    const std::uint8_t* values(int member) const {
        return m_values.data() + static_cast<std::size_t>(member) * m_width;
    }

    // While filling the initial memory: set a member's cost, then `rank` once every member has one.
    void setCost(int member, int cost) { m_costs[static_cast<std::size_t>(member)] = cost; }
    void rank() {
        m_costSum = std::accumulate(m_costs.begin(), m_costs.end(), std::int64_t{0});
        m_best = static_cast<int>(std::min_element(m_costs.begin(), m_costs.end()) - m_costs.begin());
        findWorst();
    }

    struct Offer {
        int slot = -1;         // the member replaced, or -1 when the harmony did not enter
        bool newBest = false;  // it entered with a lower cost than the best member's
    };
    // The memory update: `values` replace the worst member when `cost` is strictly lower than its cost.
    Offer offer(const std::uint8_t* values, int cost) {
        Offer result;
        if (cost >= m_costs[static_cast<std::size_t>(m_worst)]) return result;
        result.slot = m_worst;
        std::copy(values, values + m_width, this->values(m_worst));
        m_costSum += cost - m_costs[static_cast<std::size_t>(m_worst)];
        m_costs[static_cast<std::size_t>(m_worst)] = cost;
        if (cost < m_costs[static_cast<std::size_t>(m_best)]) {
            m_best = m_worst;
            result.newBest = true;
        }
        findWorst();
        return result;
    }

    int best() const { return m_best; }
    int bestCost() const { return m_costs[static_cast<std::size_t>(m_best)]; }
    int worstCost() const { return m_costs[static_cast<std::size_t>(m_worst)]; }
    double meanCost() const { return static_cast<double>(m_costSum) / m_members; }

private:
    void findWorst() {
        m_worst = static_cast<int>(std::max_element(m_costs.begin(), m_costs.end()) - m_costs.begin());
    }

    int m_members = 0;
    int m_width = 0;
    std::vector<std::uint8_t> m_values;
    std::vector<int> m_costs;
    std::int64_t m_costSum = 0;
    int m_best = 0;
    int m_worst = 0;
};

}  // namespace pw
