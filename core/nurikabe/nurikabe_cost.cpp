// The four-part Nurikabe cost of Křivánek's thesis (§4.2), in full and incrementally (see nurikabe_cost.h).
//
// An incremental swap touches only what the two changed cells can change: the 2x2 blocks holding them (pools),
// the islands touching them (island sizes, clue pairs, islands without a clue: a search over those islands
// only), and the river's component count. For the river, the ring of eight cells around a cell decides most
// cases locally: a cell with no river neighbour adds or removes a whole component; one whose river neighbours
// are joined through the ring neither splits nor joins anything. Otherwise (two or more groups in the ring,
// or the two cells in each other's ring) the river's components are counted over the grid.

#include "nurikabe/nurikabe_cost.h"

#include <cstdlib>

namespace pw {

NurikabeCostModel::NurikabeCostModel(const NurikabeGrid& clues)
    : m_height(clues.height()), m_width(clues.width()), m_cellCount(clues.cellCount()),
      m_clues(static_cast<std::size_t>(m_cellCount)), m_neighbours(static_cast<std::size_t>(m_cellCount)),
      m_visited(static_cast<std::size_t>(m_cellCount), 0), m_island(static_cast<std::size_t>(m_cellCount), 0) {
    m_stack.reserve(static_cast<std::size_t>(m_cellCount));
    for (int cell = 0; cell < m_cellCount; ++cell) {
        m_clues[cell] = clues.clue(cell);
        m_clueArea += m_clues[cell];
        const int r = cell / m_width;
        const int c = cell % m_width;
        m_neighbours[cell] = {r > 0 ? cell - m_width : -1, c + 1 < m_width ? cell + 1 : -1,
                              r + 1 < m_height ? cell + m_width : -1, c > 0 ? cell - 1 : -1};
    }
}

void NurikabeCostModel::newVisit() {
    if (++m_stamp == 0) {  // wrapped: old stamps could collide
        std::fill(m_visited.begin(), m_visited.end(), 0);
        m_stamp = 1;
    }
}

void NurikabeCostModel::addIsland(const std::uint8_t* island, int start, IslandSums& sums) {
    if (start < 0 || !island[start] || m_visited[start] == m_stamp) return;
    m_visited[start] = m_stamp;
    m_stack.assign(1, start);
    // The stack only grows (cells are pushed once), so the island is m_stack[0..size) at the end.
    for (std::size_t next = 0; next < m_stack.size(); ++next) {
        for (int neighbour : m_neighbours[m_stack[next]]) {
            if (neighbour >= 0 && island[neighbour] && m_visited[neighbour] != m_stamp) {
                m_visited[neighbour] = m_stamp;
                m_stack.push_back(neighbour);
            }
        }
    }
    const int size = static_cast<int>(m_stack.size());
    int clues = 0;
    for (int cell : m_stack) {
        if (!m_clues[cell]) continue;
        ++clues;
        sums.islandSize += std::abs(size - m_clues[cell]);
    }
    if (clues == 0) sums.islandsWithoutClue += size;
    sums.connectedClues += clues * (clues - 1) / 2;
}

int NurikabeCostModel::riverComponents(const std::uint8_t* island) {
    newVisit();
    int components = 0;
    for (int start = 0; start < m_cellCount; ++start) {
        if (island[start] || m_visited[start] == m_stamp) continue;
        ++components;
        m_visited[start] = m_stamp;
        m_stack.assign(1, start);
        while (!m_stack.empty()) {
            const int cell = m_stack.back();
            m_stack.pop_back();
            for (int neighbour : m_neighbours[cell]) {
                if (neighbour >= 0 && !island[neighbour] && m_visited[neighbour] != m_stamp) {
                    m_visited[neighbour] = m_stamp;
                    m_stack.push_back(neighbour);
                }
            }
        }
    }
    return components;
}

NurikabeCostParts NurikabeCostModel::evaluate(const std::uint8_t* island) {
    IslandSums sums;
    newVisit();
    for (int cell = 0; cell < m_cellCount; ++cell) addIsland(island, cell, sums);
    NurikabeCostParts parts;
    parts.islandSize = sums.islandSize;
    parts.connectedClues = sums.connectedClues;
    parts.islandsWithoutClue = sums.islandsWithoutClue;
    parts.riverPieces = std::max(0, riverComponents(island) - 1);
    for (int r = 0; r + 1 < m_height; ++r)
        for (int c = 0; c + 1 < m_width; ++c) {
            const int cell = r * m_width + c;
            parts.pools += !island[cell] && !island[cell + 1] && !island[cell + m_width] &&
                           !island[cell + m_width + 1];
        }
    return parts;
}

void NurikabeCostModel::load(const std::uint8_t* island) {
    std::copy(island, island + m_cellCount, m_island.begin());
    m_parts = evaluate(m_island.data());
    m_riverCells = 0;
    for (int cell = 0; cell < m_cellCount; ++cell) m_riverCells += !m_island[cell];
    m_lastToRiver = m_lastToIsland = -1;
}

bool NurikabeCostModel::isRiver(int row, int column) const {
    return row >= 0 && column >= 0 && row < m_height && column < m_width && !m_island[row * m_width + column];
}

int NurikabeCostModel::poolsAround(int cell) const {
    const int r = cell / m_width;
    const int c = cell % m_width;
    int pools = 0;
    for (int top = r - 1; top <= r; ++top)
        for (int left = c - 1; left <= c; ++left)
            pools += isRiver(top, left) && isRiver(top, left + 1) && isRiver(top + 1, left) &&
                     isRiver(top + 1, left + 1);
    return pools;
}

int NurikabeCostModel::ringGroups(int cell) const {
    const int r = cell / m_width;
    const int c = cell % m_width;
    // Clockwise from north: orthogonal neighbours at even positions, the corners between them at odd ones.
    const bool ring[8] = {isRiver(r - 1, c),     isRiver(r - 1, c + 1), isRiver(r, c + 1), isRiver(r + 1, c + 1),
                          isRiver(r + 1, c),     isRiver(r + 1, c - 1), isRiver(r, c - 1), isRiver(r - 1, c - 1)};
    int river = 0;
    int links = 0;
    for (int i = 0; i < 8; i += 2) {
        river += ring[i];
        links += ring[i] && ring[i + 1] && ring[(i + 2) % 8];
    }
    if (river == 0) return 0;
    // The orthogonal neighbours and their links form part of a 4-cycle: a forest unless all four links exist.
    const int groups = links == 4 ? 1 : river - links;
    return groups == 1 ? 1 : -1;
}

const NurikabeCostParts& NurikabeCostModel::swap(int toRiver, int toIsland) {
    m_partsBeforeSwap = m_parts;
    m_lastToRiver = toRiver;
    m_lastToIsland = toIsland;

    // The islands touching either cell, before and after.
    IslandSums before;
    newVisit();
    addIsland(m_island.data(), toRiver, before);
    for (int neighbour : m_neighbours[toIsland]) addIsland(m_island.data(), neighbour, before);
    const int r1 = toRiver / m_width, c1 = toRiver % m_width;
    const int r2 = toIsland / m_width, c2 = toIsland % m_width;
    const bool close = std::abs(r1 - r2) <= 1 && std::abs(c1 - c2) <= 1;  // in each other's ring
    // A block holding both cells holds an island cell before (toRiver) and after (toIsland): never a pool, so
    // counting the two cells' blocks separately counts no pool twice.
    const int poolsBefore = poolsAround(toRiver) + poolsAround(toIsland);
    // Rings read before the swap; apart, neither cell lies in the other's ring, so each ring reads the same
    // in the grid between the two changes.
    const int leavingGroups = close ? -1 : ringGroups(toIsland);
    const int joiningGroups = close ? -1 : ringGroups(toRiver);

    m_island[toRiver] = 0;
    m_island[toIsland] = 1;

    IslandSums after;
    newVisit();
    for (int neighbour : m_neighbours[toRiver]) addIsland(m_island.data(), neighbour, after);
    addIsland(m_island.data(), toIsland, after);
    m_parts.islandSize += after.islandSize - before.islandSize;
    m_parts.connectedClues += after.connectedClues - before.connectedClues;
    m_parts.islandsWithoutClue += after.islandsWithoutClue - before.islandsWithoutClue;
    m_parts.pools += poolsAround(toRiver) + poolsAround(toIsland) - poolsBefore;

    if (leavingGroups < 0 || joiningGroups < 0) {
        m_parts.riverPieces = std::max(0, riverComponents(m_island.data()) - 1);
    } else {
        // The river stays as many cells; its component count moves by -1 when toIsland was a lone river cell
        // and by +1 when toRiver starts a new one. With a river present both before and after, pieces =
        // components - 1 moves alike.
        const int components = m_parts.riverPieces + (m_riverCells > 0 ? 1 : 0) - (leavingGroups == 0) +
                               (joiningGroups == 0);
        m_parts.riverPieces = std::max(0, components - 1);
    }
    return m_parts;
}

void NurikabeCostModel::undoSwap() {
    if (m_lastToRiver < 0) return;
    m_island[m_lastToRiver] = 1;
    m_island[m_lastToIsland] = 0;
    m_parts = m_partsBeforeSwap;
    m_lastToRiver = m_lastToIsland = -1;
}

}  // namespace pw
