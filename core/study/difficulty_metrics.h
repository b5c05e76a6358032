#pragma once
// Difficulty metrics by id: what `puzzle-cli rate` and the window's Difficulty view compute for a puzzle. A
// stochastic metric is a mean or median over `runs` runs drawn from `seed`, so a seed gives the same value.

#include "puzzle/puzzle.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pw {

struct DifficultyMetric {
    std::string id;           // "serate"
    std::string name;         // "Serate (hardest refutation step)"
    std::string definition;   // how exactly it is computed, in a sentence or two
    PuzzleKind kind = PuzzleKind::Sudoku;
    bool stochastic = false;  // depends on runs and seed
    int defaultRuns = 1;
    // The value for a puzzle of `kind`, or nothing when it is undefined for it (no solution).
    std::function<std::optional<double>(const Puzzle& puzzle, int runs, std::uint64_t seed)> rate;

    // The value for `puzzle`, or nothing when it is undefined for it (the other kind, no solution).
    std::optional<double> compute(const Puzzle& puzzle, int runs, std::uint64_t seed) const {
        if (puzzle.kind() != kind) return std::nullopt;
        return rate(puzzle, runs, seed);
    }
};

const std::vector<DifficultyMetric>& difficultyMetrics();
const DifficultyMetric* findDifficultyMetric(std::string_view id);

}  // namespace pw
