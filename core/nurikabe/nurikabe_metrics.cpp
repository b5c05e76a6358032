// Static Nurikabe metrics (Křivánek 2011, Table 4.3, after P. Babinčák, Analýza lidí při řešení nurikabe,
// master thesis, Masaryk University, 2010). The thesis names them without formulas; our readings:
//   - number of islands: the number of clues;
//   - area of islands: Σ clues, the island cells of a solution (puzzles of one size compare directly);
//   - distance from island to island: the mean over clues of the Manhattan distance to the nearest other clue;
//   - cells reachable by more than one island: "lies in several circles surrounding cells with numbers with
//     radius of the number" — an island of n cells reaches at most n − 1 steps from its clue, so the circle of
//     a clue n is the Manhattan ball of radius n − 1; counted are the non-clue cells inside two or more balls.

#include "nurikabe/nurikabe_metrics.h"

#include <cstdlib>
#include <limits>
#include <vector>

namespace pw {

NurikabeStaticMetrics nurikabeStaticMetrics(const NurikabeGrid& clues) {
    NurikabeStaticMetrics metrics;
    std::vector<int> clueCells;
    for (int cell = 0; cell < clues.cellCount(); ++cell) {
        if (!clues.clue(cell)) continue;
        clueCells.push_back(cell);
        metrics.islandArea += clues.clue(cell);
    }
    metrics.islands = static_cast<int>(clueCells.size());
    const auto distance = [&clues](int a, int b) {
        return std::abs(clues.row(a) - clues.row(b)) + std::abs(clues.column(a) - clues.column(b));
    };
    if (clueCells.size() >= 2) {
        double sum = 0;
        for (int a : clueCells) {
            int nearest = std::numeric_limits<int>::max();
            for (int b : clueCells)
                if (a != b) nearest = std::min(nearest, distance(a, b));
            sum += nearest;
        }
        metrics.islandDistance = sum / static_cast<double>(clueCells.size());
    }
    for (int cell = 0; cell < clues.cellCount(); ++cell) {
        if (clues.clue(cell)) continue;
        int reaching = 0;
        for (int clueCell : clueCells)
            reaching += distance(cell, clueCell) <= clues.clue(clueCell) - 1;
        metrics.sharedCells += reaching >= 2;
    }
    return metrics;
}

}  // namespace pw
