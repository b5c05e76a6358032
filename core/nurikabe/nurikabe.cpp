#include "nurikabe/nurikabe.h"

#include <algorithm>

namespace pw {

NurikabeGrid::NurikabeGrid(int height, int width)
    : m_height(height), m_width(width), m_clues(static_cast<std::size_t>(height * width), 0),
      m_cells(static_cast<std::size_t>(height * width), NurikabeCell::Unknown) {}

void NurikabeGrid::setClue(int cell, int clue) {
    m_clues[cell] = clue;
    if (clue > 0) m_cells[cell] = NurikabeCell::Island;
}

void NurikabeGrid::apply(const Move& move) {
    if (move.kind != MoveKind::Shade || move.cell < 0 || move.cell >= cellCount() || m_clues[move.cell]) return;
    if (move.value > static_cast<int>(NurikabeCell::Island)) return;
    m_cells[move.cell] = static_cast<NurikabeCell>(move.value);
}

std::string nurikabeCellName(const NurikabeGrid& grid, int cell) {
    return "r" + std::to_string(grid.row(cell) + 1) + "c" + std::to_string(grid.column(cell) + 1);
}

bool NurikabeGrid::sameClues(const NurikabeGrid& other) const {
    return m_height == other.m_height && m_width == other.m_width && m_clues == other.m_clues;
}

std::string NurikabeGrid::solutionString() const {
    std::string text;
    for (int r = 0; r < m_height; ++r) {
        if (r) text += '/';
        for (int c = 0; c < m_width; ++c) {
            const NurikabeCell state = m_cells[r * m_width + c];
            text += state == NurikabeCell::River ? '#' : state == NurikabeCell::Island ? 'o' : '.';
        }
    }
    return text;
}

namespace {

// The 4-connected components of the cells in `state`, each listed ascending.
std::vector<std::vector<int>> components(const NurikabeGrid& grid, NurikabeCell state) {
    std::vector<std::vector<int>> result;
    std::vector<char> seen(static_cast<std::size_t>(grid.cellCount()), 0);
    std::vector<int> stack;
    for (int start = 0; start < grid.cellCount(); ++start) {
        if (seen[start] || grid.state(start) != state) continue;
        std::vector<int> component;
        stack.assign(1, start);
        seen[start] = 1;
        while (!stack.empty()) {
            const int cell = stack.back();
            stack.pop_back();
            component.push_back(cell);
            const int r = grid.row(cell);
            const int c = grid.column(cell);
            const int neighbours[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
            for (const auto& [nr, nc] : neighbours) {
                if (nr < 0 || nc < 0 || nr >= grid.height() || nc >= grid.width()) continue;
                const int next = nr * grid.width() + nc;
                if (!seen[next] && grid.state(next) == state) {
                    seen[next] = 1;
                    stack.push_back(next);
                }
            }
        }
        std::sort(component.begin(), component.end());
        result.push_back(std::move(component));
    }
    return result;
}

}  // namespace

std::vector<NurikabeViolation> NurikabeGrid::violations() const {
    std::vector<NurikabeViolation> result;
    for (const auto& island : components(*this, NurikabeCell::Island)) {
        std::vector<int> clueCells;
        for (int cell : island)
            if (m_clues[cell]) clueCells.push_back(cell);
        const std::string size = std::to_string(island.size());
        if (clueCells.empty()) {
            result.push_back({NurikabeRule::IslandWithoutClue, island,
                              "island of " + size + " cells at " + nurikabeCellName(*this, island.front()) + " has no clue"});
        } else if (clueCells.size() > 1) {
            std::string names;
            for (int cell : clueCells) names += (names.empty() ? "" : ", ") + nurikabeCellName(*this, cell);
            result.push_back({NurikabeRule::TwoCluesInIsland, island, "one island holds the clues at " + names});
        } else if (static_cast<int>(island.size()) != m_clues[clueCells[0]]) {
            result.push_back({NurikabeRule::IslandWrongSize, island,
                              "island of " + size + " cells at " + nurikabeCellName(*this, clueCells[0]) + " needs " +
                                  std::to_string(m_clues[clueCells[0]])});
        }
    }
    // Every river piece beyond the largest is a violation (the first largest one stands as "the" river).
    auto rivers = components(*this, NurikabeCell::River);
    if (rivers.size() > 1) {
        const auto largest = std::max_element(rivers.begin(), rivers.end(), [](const auto& a, const auto& b) {
            return a.size() < b.size();
        });
        for (auto it = rivers.begin(); it != rivers.end(); ++it) {
            if (it == largest) continue;
            result.push_back({NurikabeRule::RiverSplit, *it,
                              "river piece of " + std::to_string(it->size()) + " cells at " +
                                  nurikabeCellName(*this, it->front()) + " is cut off from the rest"});
        }
    }
    for (int r = 0; r + 1 < m_height; ++r) {
        for (int c = 0; c + 1 < m_width; ++c) {
            const int cell = r * m_width + c;
            const int block[4] = {cell, cell + 1, cell + m_width, cell + m_width + 1};
            if (std::all_of(std::begin(block), std::end(block),
                            [&](int k) { return m_cells[k] == NurikabeCell::River; }))
                result.push_back({NurikabeRule::Pool, {block[0], block[1], block[2], block[3]},
                                  "2x2 pool of river at " + nurikabeCellName(*this, cell)});
        }
    }
    std::vector<int> undecided;
    for (int cell = 0; cell < cellCount(); ++cell)
        if (m_cells[cell] == NurikabeCell::Unknown) undecided.push_back(cell);
    if (!undecided.empty())
        result.push_back({NurikabeRule::Undecided, undecided,
                          std::to_string(undecided.size()) + " cells are still undecided, the first at " +
                              nurikabeCellName(*this, undecided.front())});
    return result;
}

const char* nurikabeRuleName(NurikabeRule rule) {
    switch (rule) {
    case NurikabeRule::TwoCluesInIsland: return "two-clues-in-island";
    case NurikabeRule::IslandWrongSize: return "island-wrong-size";
    case NurikabeRule::IslandWithoutClue: return "island-without-clue";
    case NurikabeRule::RiverSplit: return "river-split";
    case NurikabeRule::Pool: return "pool";
    case NurikabeRule::Undecided: return "undecided";
    }
    return "?";
}

}  // namespace pw
