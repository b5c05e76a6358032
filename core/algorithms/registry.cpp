#include "algorithms/registry.h"

#include "algorithms/backtracking.h"
#include "algorithms/cuckoo_search.h"
#include "algorithms/cuckoo_search_plus.h"
#include "algorithms/exact.h"
#include "algorithms/genetic_programming.h"
#include "algorithms/harmony_search.h"
#include "algorithms/logic_solver.h"
#include "algorithms/multistage_ga.h"
#include "algorithms/multistage_ga_plus.h"
#include "algorithms/nurikabe_annealing.h"
#include "algorithms/nurikabe_backtracking.h"
#include "algorithms/nurikabe_harmony.h"
#include "algorithms/nurikabe_logic.h"
#include "algorithms/random_fill.h"
#include "algorithms/simulated_annealing.h"
#include "algorithms/tabu_search.h"

namespace pw {

const std::vector<AlgorithmEntry>& algorithmRegistry() {
    // One line per algorithm: adding an algorithm touches only this list and its own files.
    static const std::vector<AlgorithmEntry> registry = {
        exactAlgorithmEntry(),
        backtrackingAlgorithmEntry(),
        simulatedAnnealingAlgorithmEntry(),
        harmonySearchAlgorithmEntry(),
        tabuSearchAlgorithmEntry(),
        cuckooSearchAlgorithmEntry(),
        cuckooSearchPlusAlgorithmEntry(),
        logicAlgorithmEntry(),
        geneticProgrammingAlgorithmEntry(),
        randomProgramsAlgorithmEntry(),
        multistageGaAlgorithmEntry(),
        multistageGaPlusAlgorithmEntry(),
        nurikabeAnnealingAlgorithmEntry(),
        nurikabeHarmonyAlgorithmEntry(),
        nurikabeBacktrackingAlgorithmEntry(),
        nurikabeLogicAlgorithmEntry(),
        randomFillAlgorithmEntry(),
    };
    return registry;
}

const AlgorithmEntry* findAlgorithm(std::string_view id) {
    for (const auto& entry : algorithmRegistry())
        if (entry.info.id == id) return &entry;
    return nullptr;
}

}  // namespace pw
