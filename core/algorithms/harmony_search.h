#pragma once
#include "engine/algorithm.h"

#include <cstdint>

namespace pw {

AlgorithmEntry harmonySearchAlgorithmEntry();

// Křivánek's harmony-search difficulty metric for one run: the cost of the best harmony in the memory after
// `improvisations` steps (the thesis uses 10,000, HMS 50, HMCR 0.7, PAR 0.1: the defaults). A run that ends
// earlier (solved, or a false solution under `sum45`) reports the cost it ended with.
double harmonyBestCostAfter(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed,
                            std::uint64_t improvisations = 10'000);

}  // namespace pw
