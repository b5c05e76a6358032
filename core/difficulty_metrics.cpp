#include "difficulty_metrics.h"

#include "logic.h"

namespace pw {

namespace {

std::optional<LogicRating> logicRating(const Puzzle& puzzle, int runs, std::uint64_t seed) {
    if (puzzle.kind() != PuzzleKind::Sudoku) return std::nullopt;
    return rateWithLogicModel(puzzle.sudoku().givens, runs, seed);
}

}  // namespace

const std::vector<DifficultyMetric>& difficultyMetrics() {
    static const std::vector<DifficultyMetric> metrics = {
        {"serate", "Serate (hardest refutation step)",
         "Pelánek's model (naked and hidden singles at random, refutation when stuck): the largest refutation "
         "score of a solve, 0 when singles suffice; mean over the runs (logic.cpp gives every detail)",
         PuzzleKind::Sudoku, true, 30,
         [](const Puzzle& puzzle, int runs, std::uint64_t seed) -> std::optional<double> {
             const auto rating = logicRating(puzzle, runs, seed);
             return rating ? std::optional<double>(rating->serate) : std::nullopt;
         }},
        {"refutation-sum", "Refutation sum",
         "Pelánek's model: the sum of the refutation scores of a solve's refutation steps; mean over the runs "
         "(30 in the thesis)",
         PuzzleKind::Sudoku, true, 30,
         [](const Puzzle& puzzle, int runs, std::uint64_t seed) -> std::optional<double> {
             const auto rating = logicRating(puzzle, runs, seed);
             return rating ? std::optional<double>(rating->refutationSum) : std::nullopt;
         }},
    };
    return metrics;
}

const DifficultyMetric* findDifficultyMetric(std::string_view id) {
    for (const auto& metric : difficultyMetrics())
        if (metric.id == id) return &metric;
    return nullptr;
}

}  // namespace pw
