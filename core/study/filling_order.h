#pragma once
// The thesis's cell-filling-order prediction (§4.1): the order in which an algorithm settles the cells of a
// puzzle, as a median over runs, to set beside the order in which people fill them.

#include "puzzle/puzzle.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace pw {

struct FillingOrderPrediction {
    std::string algorithmId;  // "sa"
    std::string heatMap;      // the heat map the prediction is built from: "cell filling order"
    std::vector<double> medianOrder;  // per cell; -1 for givens
    int runs = 0;
    int solvedRuns = 0;
};

// Runs `algorithmId` (defaults) `runs` times from `seed` (run r uses seed + r), each up to `stepBudget` steps,
// and takes the per-cell median of the heat map named `heatMap` it emits at the end of each run. Uses: ("sa",
// "cell filling order") — the rank of each cell's last swap — and ("backtracking", "assignment order").
// Setting `stop` ends the current run and skips the rest.
FillingOrderPrediction predictFillingOrder(const Puzzle& puzzle, const std::string& algorithmId,
                                           const std::string& heatMap, int runs, std::uint64_t seed,
                                           std::uint64_t stepBudget, const std::atomic<bool>* stop = nullptr);

}  // namespace pw
