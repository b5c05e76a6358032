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
#include "algorithms/simulated_annealing.h"
#include "algorithms/tabu_search.h"
#include "algorithms/template_algorithm.h"

namespace pw {

namespace {

// The short unit of an algorithm's step (AlgorithmInfo::stepUnit), read off its stepMeaning: the window's
// speed control and rate say "20 proposals/s", not "20 steps/s" of an unnamed step. Kept here, beside the
// list, so that every registered algorithm has one (a test checks that none is left empty).
std::string stepUnitFor(const AlgorithmInfo& info) {
    struct Unit {
        const char* meaningStartsWith;
        const char* unit;
    };
    static const Unit kUnits[] = {
        {"one search node", "search nodes"},
        {"one value suggested", "values tried"},
        {"one swap proposed", "proposals"},
        {"one harmony improvised", "harmonies"},
        {"one grid improvised", "harmonies"},
        {"one move", "moves"},
        {"one generation", "generations"},
        {"one iteration", "iterations"},
        {"one technique application", "deductions"},
        {"one random program", "programs"},
        {"one island shape", "shapes placed"},
        {"one random fill", "fills"},
    };
    for (const Unit& unit : kUnits)
        if (info.stepMeaning.rfind(unit.meaningStartsWith, 0) == 0) return unit.unit;
    return "steps";
}

AlgorithmEntry withStepUnit(AlgorithmEntry entry) {
    if (entry.info.stepUnit.empty()) entry.info.stepUnit = stepUnitFor(entry.info);
    return entry;
}

}  // namespace

const std::vector<AlgorithmEntry>& algorithmRegistry() {
    // One line per algorithm: adding an algorithm touches only this list and its own files.
    static const std::vector<AlgorithmEntry> registry = {
        withStepUnit(exactAlgorithmEntry()),
        withStepUnit(backtrackingAlgorithmEntry()),
        withStepUnit(simulatedAnnealingAlgorithmEntry()),
        withStepUnit(harmonySearchAlgorithmEntry()),
        withStepUnit(tabuSearchAlgorithmEntry()),
        withStepUnit(cuckooSearchAlgorithmEntry()),
        withStepUnit(cuckooSearchPlusAlgorithmEntry()),
        withStepUnit(logicAlgorithmEntry()),
        withStepUnit(geneticProgrammingAlgorithmEntry()),
        withStepUnit(randomProgramsAlgorithmEntry()),
        withStepUnit(multistageGaAlgorithmEntry()),
        withStepUnit(multistageGaPlusAlgorithmEntry()),
        withStepUnit(nurikabeAnnealingAlgorithmEntry()),
        withStepUnit(nurikabeHarmonyAlgorithmEntry()),
        withStepUnit(nurikabeBacktrackingAlgorithmEntry()),
        withStepUnit(nurikabeLogicAlgorithmEntry()),
        withStepUnit(randomFillAlgorithmEntry()),
    };
    return registry;
}

const AlgorithmEntry* findAlgorithm(std::string_view id) {
    for (const auto& entry : algorithmRegistry())
        if (entry.info.id == id) return &entry;
    return nullptr;
}

}  // namespace pw
