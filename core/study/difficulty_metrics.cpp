// The difficulty metrics of Křivánek's thesis (§2.3, chapter 3, Table 3.1) and two static ones for comparison;
// for Nurikabe the dynamic and static metrics of Table 4.3 (§4.2). Every metric rates one kind of puzzle and is
// undefined (empty) for the other.
//
// Stochastic metrics take `runs` runs; run r is seeded with seed + r, so a puzzle's value depends only on the
// puzzle, the runs and the seed. Where the thesis takes a median over runs (brute force, annealing, harmony
// search) so do we; the model metrics and relaxation are means, as defined. Budgets that bound a run are part
// of a metric's definition: a run that reaches its budget counts as the budget.

#include "study/difficulty_metrics.h"

#include "algorithms/registry.h"
#include "base/statistics.h"
#include "engine/runner.h"
#include "nurikabe/nurikabe_metrics.h"
#include "nurikabe/nurikabe_rules.h"
#include "sudoku/human_model.h"
#include "sudoku/logic.h"
#include "sudoku/relaxation.h"

namespace pw {

namespace {

constexpr std::uint64_t kBacktrackingStepBudget = 10'000'000;
constexpr std::uint64_t kAnnealingStepBudget = 20'000'000;
constexpr std::uint64_t kHarmonyImprovisations = 10'000;
constexpr int kRelaxedConstraints = 45;
constexpr std::uint64_t kRelaxationCap = 1000;
constexpr std::uint64_t kNurikabeBacktrackingStepBudget = 2'000'000;
constexpr std::uint64_t kNurikabeAnnealingStepBudget = 5'000'000;

std::optional<double> medianSteps(const char* algorithmId, std::uint64_t budget, const Puzzle& puzzle, int runs,
                                  std::uint64_t seed) {
    const AlgorithmEntry* entry = findAlgorithm(algorithmId);
    if (!entry->info.supports(puzzle.kind()) || runs <= 0) return std::nullopt;
    const ParameterValues parameters(entry->info.parameters);
    std::vector<double> steps;
    for (int r = 0; r < runs; ++r) {
        auto algorithm = entry->create();
        StopConditions stop;
        stop.add(stepLimit(budget));
        const RunResult result = Runner(*algorithm, puzzle, parameters, seed + static_cast<std::uint64_t>(r), nullptr,
                                        std::move(stop))
                                     .runToEnd();
        if (result.outcome == Outcome::Failed) return std::nullopt;  // no solution: the metric is undefined
        steps.push_back(static_cast<double>(result.counters.steps));
    }
    return median(std::move(steps));
}

// The median over runs of the best cost after `steps` steps (Křivánek's harmony search metric).
std::optional<double> medianBestCostAfter(const char* algorithmId, std::uint64_t steps, const Puzzle& puzzle,
                                          int runs, std::uint64_t seed) {
    const AlgorithmEntry* entry = findAlgorithm(algorithmId);
    if (!entry->info.supports(puzzle.kind()) || runs <= 0) return std::nullopt;
    const ParameterValues parameters(entry->info.parameters);
    std::vector<double> costs;
    for (int r = 0; r < runs; ++r) {
        auto algorithm = entry->create();
        StopConditions stop;
        stop.add(stepLimit(steps));
        costs.push_back(Runner(*algorithm, puzzle, parameters, seed + static_cast<std::uint64_t>(r), nullptr,
                               std::move(stop))
                            .runToEnd()
                            .bestCost);
    }
    return median(std::move(costs));
}

// One number of the Nurikabe rating (nurikabe_rules.h) as a metric; undefined when the rules and hypotheses
// do not solve the puzzle.
template <class Read> auto nurikabeRating(Read read) {
    return [read](const Puzzle& puzzle, int, std::uint64_t) -> std::optional<double> {
        const auto rating = rateNurikabe(puzzle.nurikabe().clues);
        if (!rating) return std::nullopt;
        return read(*rating);
    };
}

// One of the static Nurikabe metrics (nurikabe_metrics.cpp) as a metric. A metric's function sees only
// puzzles of its kind (DifficultyMetric::compute checks).
template <class Read> auto nurikabeStatic(Read read) {
    return [read](const Puzzle& puzzle, int, std::uint64_t) -> std::optional<double> {
        return read(nurikabeStaticMetrics(puzzle.nurikabe().clues));
    };
}

// One of the logic model's ratings (logic.cpp) as a metric.
auto logicMetric(double LogicRating::*part) {
    return [part](const Puzzle& puzzle, int runs, std::uint64_t seed) -> std::optional<double> {
        const auto rating = rateWithLogicModel(puzzle.sudoku().givens, runs, seed);
        return rating ? std::optional<double>((*rating).*part) : std::nullopt;
    };
}

// One number of the Sudoku Explainer–style reading (logic.h) as a metric.
auto explainerMetric(double ExplainerReading::*part) {
    return [part](const Puzzle& puzzle, int, std::uint64_t) -> std::optional<double> {
        const auto reading = explainerReading(puzzle.sudoku().givens);
        return reading ? std::optional<double>((*reading).*part) : std::nullopt;
    };
}

}  // namespace

const std::vector<DifficultyMetric>& difficultyMetrics() {
    static const std::vector<DifficultyMetric> metrics = {
        {"backtracking-steps", "Brute force steps",
         "median number of values suggested by the thesis's brute force (`backtracking`, defaults) over the runs; "
         "each run stops at 10,000,000 steps",
         PuzzleKind::Sudoku, true, 100,
         [](const Puzzle& puzzle, int runs, std::uint64_t seed) {
             return medianSteps("backtracking", kBacktrackingStepBudget, puzzle, runs, seed);
         }},
        {"sa-steps", "Simulated annealing steps",
         "median number of proposals of thesis-schedule annealing (`sa`, defaults) until solved, over the runs; a "
         "run stops at 20,000,000 proposals",
         PuzzleKind::Sudoku, true, 30,
         [](const Puzzle& puzzle, int runs, std::uint64_t seed) {
             return medianSteps("sa", kAnnealingStepBudget, puzzle, runs, seed);
         }},
        {"harmony-cost", "Harmony search cost",
         "median over the runs of the best cost in harmony memory after 10,000 improvisations (`harmony`, "
         "defaults: HMS 50, HMCR 0.7, PAR 0.1)",
         PuzzleKind::Sudoku, true, 10,
         [](const Puzzle& puzzle, int runs, std::uint64_t seed) {
             return medianBestCostAfter("harmony", kHarmonyImprovisations, puzzle, runs, seed);
         }},
        {"serate", "Serate (hardest refutation step)",
         "Pelánek's model (naked and hidden singles at random, refutation when stuck): the largest refutation "
         "score of a solve — 0 when no refutation needed a single, which singles solving the puzzle implies but "
         "does not require; mean over the runs (core/sudoku/logic.cpp gives every detail)",
         PuzzleKind::Sudoku, true, 30,
         logicMetric(&LogicRating::serate)},
        {"refutation-sum", "Refutation sum",
         "Pelánek's model: the sum of the refutation scores of a solve's refutation steps; mean over the runs "
         "(30 in the thesis)",
         PuzzleKind::Sudoku, true, 30,
         logicMetric(&LogicRating::refutationSum)},
        {"search-effort", "Search effort",
         "our extension of Pelánek's model: each single step costs (empty cells) / (hidden singles on offer), "
         "or all empty cells when none is; each refutation step the empty cells plus its score; summed over a "
         "solve, mean over the runs",
         PuzzleKind::Sudoku, true, 30,
         logicMetric(&LogicRating::searchEffort)},
        {"human-time", "Simulated human time",
         "the time a simulated human solver takes, in cell scans (core/sudoku/human_model.cpp): a single costs "
         "(empty cells / singles on offer)^γ with naked singles weighed less, technique and refutation steps "
         "more, plus a time for each digit written; the parameters calibrated on human data "
         "(`puzzle-cli calibrate`); mean over the runs",
         PuzzleKind::Sudoku, true, 30,
         [](const Puzzle& puzzle, int runs, std::uint64_t seed) -> std::optional<double> {
             const auto trace = traceHumanModel(puzzle.sudoku().givens, runs, seed);
             if (!trace) return std::nullopt;
             return humanPredictedTime(*trace, defaultHumanModelParameters());
         }},
        {"explainer-hardest", "Hardest step (ER)",
         "Sudoku Explainer's ER read with our logic model: the puzzle solved taking the lowest-level step each "
         "time (hidden single 1.2 in a box, 1.5 in a line, naked single 2.3, pointing 2.6, claiming 2.8, naked "
         "pair 3.0, hidden pair 3.4, refutation 10); the hardest level of the solve",
         PuzzleKind::Sudoku, false, 1, explainerMetric(&ExplainerReading::hardest)},
        {"explainer-first-placement", "Hardest step to the first placement (EP)",
         "the same solve: the hardest level up to and including its first placement (Sudoku Explainer's EP)",
         PuzzleKind::Sudoku, false, 1, explainerMetric(&ExplainerReading::hardestToFirstPlacement)},
        {"explainer-first-step", "First step (ED)",
         "the same solve: the level of its first step, the first to remove a candidate (Sudoku Explainer's ED)",
         PuzzleKind::Sudoku, false, 1, explainerMetric(&ExplainerReading::firstStep)},
        {"relaxation", "Constraint relaxation",
         "Pelánek's constraint relaxation: remove 45 random ≠ constraints between empty cells and count the "
         "solutions, capped at 1,000; mean over the runs (one relaxation each)",
         PuzzleKind::Sudoku, true, 30,
         [](const Puzzle& puzzle, int runs, std::uint64_t seed) -> std::optional<double> {
             if (runs <= 0) return std::nullopt;
             return relaxationMetric(puzzle.sudoku().givens, runs, seed, kRelaxedConstraints, kRelaxationCap);
         }},
        {"givens", "Givens", "the number of given cells", PuzzleKind::Sudoku, false, 1,
         [](const Puzzle& puzzle, int, std::uint64_t) -> std::optional<double> {
             return puzzle.sudoku().givens.filledCount();
         }},
        {"candidates-after-singles", "Candidates after singles",
         "the number of candidates left in the empty cells once naked and hidden singles are applied to a fixpoint",
         PuzzleKind::Sudoku, false, 1,
         [](const Puzzle& puzzle, int, std::uint64_t) -> std::optional<double> {
             LogicGrid grid(puzzle.sudoku().givens);
             if (grid.contradiction()) return std::nullopt;
             for (auto steps = easiestApplications(grid, TechniqueSet::singlesOnly()); !steps.empty();
                  steps = easiestApplications(grid, TechniqueSet::singlesOnly()))
                 grid.apply(steps.front());
             int candidates = 0;
             for (int cell = 0; cell < grid.geometry().cellCount; ++cell)
                 if (!grid.value(cell)) candidates += popCount(grid.candidates(cell));
             return candidates;
         }},
        {"nurikabe-backtracking-steps", "Nurikabe brute force steps",
         "median number of island shapes tried by the thesis's brute force (`nurikabe-backtracking`: islands in "
         "ascending clue size, the four pruning rules) over the runs; each run stops at 2,000,000 steps",
         PuzzleKind::Nurikabe, true, 10,
         [](const Puzzle& puzzle, int runs, std::uint64_t seed) {
             return medianSteps("nurikabe-backtracking", kNurikabeBacktrackingStepBudget, puzzle, runs, seed);
         }},
        {"nurikabe-sa-steps", "Nurikabe simulated annealing steps",
         "median number of swaps proposed by `nurikabe-sa` (defaults) until solved, over the runs; a run stops at "
         "5,000,000 proposals",
         PuzzleKind::Nurikabe, true, 10,
         [](const Puzzle& puzzle, int runs, std::uint64_t seed) {
             return medianSteps("nurikabe-sa", kNurikabeAnnealingStepBudget, puzzle, runs, seed);
         }},
        {"nurikabe-harmony-cost", "Nurikabe harmony search cost",
         "median over the runs of the best cost in harmony memory after 10,000 improvisations (`nurikabe-harmony`, "
         "defaults: HMS 50, HMCR 0.7, PAR 0.1)",
         PuzzleKind::Nurikabe, true, 10,
         [](const Puzzle& puzzle, int runs, std::uint64_t seed) {
             return medianBestCostAfter("nurikabe-harmony", kHarmonyImprovisations, puzzle, runs, seed);
         }},
        {"nurikabe-logic-level", "Nurikabe hardest rule",
         "the hardest rule `nurikabe-logic` needs, each step the easiest that applies: 1 clue of 1, 2 complete "
         "island, 3 between two clues, 4 no 2x2 pool, 5 island grows, 6 river extends, 7 unreachable, 8 river "
         "cannot be cut off, 9 island walls, 10 island completion, 10 + d a hypothesis d deep (up to 3); empty "
         "when that does not solve the puzzle",
         PuzzleKind::Nurikabe, false, 1,
         nurikabeRating([](const NurikabeRating& r) { return static_cast<double>(r.level); })},
        {"nurikabe-logic-hardest-steps", "Nurikabe steps of the hardest rule",
         "how many steps of the `nurikabe-logic-level` solve needed its hardest rule",
         PuzzleKind::Nurikabe, false, 1,
         nurikabeRating([](const NurikabeRating& r) { return static_cast<double>(r.hardestSteps); })},
        {"nurikabe-logic-depth", "Nurikabe hypothesis depth",
         "the deepest hypothesis the `nurikabe-logic-level` solve needed (0: the rules alone)",
         PuzzleKind::Nurikabe, false, 1,
         nurikabeRating([](const NurikabeRating& r) { return static_cast<double>(r.hypothesisDepth); })},
        {"nurikabe-islands", "Nurikabe number of islands", "the number of clues", PuzzleKind::Nurikabe, false, 1,
         nurikabeStatic([](const NurikabeStaticMetrics& m) -> std::optional<double> { return m.islands; })},
        {"nurikabe-island-area", "Nurikabe area of islands", "the sum of the clues: the island cells of a solution",
         PuzzleKind::Nurikabe, false, 1,
         nurikabeStatic([](const NurikabeStaticMetrics& m) -> std::optional<double> { return m.islandArea; })},
        {"nurikabe-island-distance", "Nurikabe island-to-island distance",
         "the mean over clues of the Manhattan distance to the nearest other clue (undefined with one clue)",
         PuzzleKind::Nurikabe, false, 1,
         nurikabeStatic([](const NurikabeStaticMetrics& m) { return m.islandDistance; })},
        {"nurikabe-shared-cells", "Nurikabe cells reachable by several islands",
         "the non-clue cells within Manhattan distance clue - 1 of two or more clues (cells two islands could "
         "both reach)",
         PuzzleKind::Nurikabe, false, 1,
         nurikabeStatic([](const NurikabeStaticMetrics& m) -> std::optional<double> { return m.sharedCells; })},
    };
    return metrics;
}

const DifficultyMetric* findDifficultyMetric(std::string_view id) {
    for (const auto& metric : difficultyMetrics())
        if (metric.id == id) return &metric;
    return nullptr;
}

}  // namespace pw
