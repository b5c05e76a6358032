#pragma once
// The cost of a black-and-white Nurikabe grid as Křivánek's thesis (§4.2) builds it for annealing and harmony
// search, kept in its parts, computed in full or updated incrementally after swapping one island cell with one
// river cell. A grid is given as one byte per cell, 1 = island (white), 0 = river (black); clue cells are
// island in every grid the searches build.

#include "nurikabe/nurikabe.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace pw {

struct NurikabeCostParts {
    int islandSize = 0;      // Σ over clues of |size of the clue's island − clue|
    int connectedClues = 0;  // pairs of clues in one island
    int riverPieces = 0;     // river components beyond the first (0 when there is no river)
    int pools = 0;           // 2x2 blocks of river
    // Cells of islands that hold no clue. Not a thesis part: with the annealing's fixed number of island
    // cells the four parts are 0 only on a solution, but a free colouring (harmony search) can hide an island
    // without a clue behind a cost of 0.
    int islandsWithoutClue = 0;

    int thesisTotal() const { return islandSize + connectedClues + riverPieces + pools; }
    bool operator==(const NurikabeCostParts&) const = default;

    // The first `count` parts (4: the thesis's, 5: with islandsWithoutClue) in the order of
    // nurikabeCostPartNames(), for cost samples.
    std::vector<double> values(std::size_t count) const {
        std::vector<double> all = {static_cast<double>(islandSize), static_cast<double>(connectedClues),
                                   static_cast<double>(riverPieces), static_cast<double>(pools),
                                   static_cast<double>(islandsWithoutClue)};
        all.resize(std::min(count, all.size()));
        return all;
    }
};

// "island size", "joined clues", "river pieces", "pools" (the thesis's four) and "clue-less island cells".
inline std::vector<std::string> nurikabeCostPartNames(std::size_t count) {
    std::vector<std::string> names = {"island size", "joined clues", "river pieces", "pools",
                                      "clue-less island cells"};
    names.resize(std::min(count, names.size()));
    return names;
}

class NurikabeCostModel {
public:
    NurikabeCostModel() = default;
    explicit NurikabeCostModel(const NurikabeGrid& clues);

    int cellCount() const { return m_cellCount; }
    int clue(int cell) const { return m_clues[cell]; }
    int totalClueArea() const { return m_clueArea; }  // Σ clues: the island cells of every solution

    // The parts of `island` (cellCount() bytes) computed from scratch.
    NurikabeCostParts evaluate(const std::uint8_t* island);

    // Incremental use: load a grid, then swap island and river cells one pair at a time.
    void load(const std::uint8_t* island);
    const std::vector<std::uint8_t>& grid() const { return m_island; }
    const NurikabeCostParts& parts() const { return m_parts; }
    // Turns island cell `toRiver` into river and river cell `toIsland` into island (neither a clue) and
    // updates the parts from the neighbourhoods of the two cells: pools from the blocks around them, islands
    // from the islands that touch them, the river from the rings of cells around them (a whole river count
    // only when a ring cannot tell whether the river split or joined).
    const NurikabeCostParts& swap(int toRiver, int toIsland);
    // Takes back the last swap (only one level).
    void undoSwap();

private:
    struct IslandSums {
        int islandSize = 0;
        int connectedClues = 0;
        int islandsWithoutClue = 0;
    };
    // Adds the islands containing `start` that were not visited since the last newVisit().
    void addIsland(const std::uint8_t* island, int start, IslandSums& sums);
    void newVisit();
    int riverComponents(const std::uint8_t* island);
    int poolsAround(int cell) const;  // river pools among the (up to four) 2x2 blocks holding `cell`
    // How many groups the river neighbours of `cell` form when joined only through the ring of eight cells
    // around it (-1: two or more groups, so the ring alone cannot tell).
    int ringGroups(int cell) const;
    bool isRiver(int row, int column) const;

    int m_height = 0;
    int m_width = 0;
    int m_cellCount = 0;
    int m_clueArea = 0;
    std::vector<int> m_clues;
    std::vector<std::array<int, 4>> m_neighbours;  // -1 where the grid ends
    std::vector<std::uint32_t> m_visited;          // visit stamps, so nothing is cleared per search
    std::uint32_t m_stamp = 0;
    std::vector<int> m_stack;

    std::vector<std::uint8_t> m_island;
    NurikabeCostParts m_parts;
    NurikabeCostParts m_partsBeforeSwap;
    int m_riverCells = 0;
    int m_lastToRiver = -1;
    int m_lastToIsland = -1;
};

// The thesis's starting point for annealing: clue cells island, and as many further island cells as the clues
// ask for in all (Σ clues − number of clues), chosen uniformly among the other cells by `pick(n)` (uniform in
// [0, n)). Returns one byte per cell, 1 = island.
template <class Pick> std::vector<std::uint8_t> randomNurikabeFill(const NurikabeCostModel& model, Pick&& pick) {
    std::vector<std::uint8_t> island(static_cast<std::size_t>(model.cellCount()), 0);
    std::vector<int> free;
    int clueCells = 0;
    for (int cell = 0; cell < model.cellCount(); ++cell) {
        if (model.clue(cell)) {
            island[cell] = 1;
            ++clueCells;
        } else {
            free.push_back(cell);
        }
    }
    const int wanted = std::min(static_cast<int>(free.size()), model.totalClueArea() - clueCells);
    // A partial Fisher-Yates shuffle: the first `wanted` cells of `free` become island.
    for (int i = 0; i < wanted; ++i) {
        const int j = i + static_cast<int>(pick(static_cast<std::uint32_t>(free.size() - i)));
        std::swap(free[i], free[j]);
        island[free[i]] = 1;
    }
    return island;
}

}  // namespace pw
