#pragma once
// The static Nurikabe metrics of Table 4.3 of Křivánek's thesis (after Babinčák): properties of the clues
// alone, no search.

#include "nurikabe/nurikabe.h"

#include <optional>

namespace pw {

struct NurikabeStaticMetrics {
    int islands = 0;     // clues
    int islandArea = 0;  // Σ clues: the cells the islands cover in a solution
    // Mean over clues of the Manhattan distance to the nearest other clue; none with fewer than two clues.
    std::optional<double> islandDistance;
    // Non-clue cells that two or more islands could reach: within Manhattan distance clue − 1 of two clues.
    int sharedCells = 0;
};

NurikabeStaticMetrics nurikabeStaticMetrics(const NurikabeGrid& clues);

}  // namespace pw
