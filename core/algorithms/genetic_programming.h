#pragma once
#include "engine/algorithm.h"
#include "sudoku/heuristic_moves.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace pw {

AlgorithmEntry geneticProgrammingAlgorithmEntry();
AlgorithmEntry randomProgramsAlgorithmEntry();

// A program with its fitness and the random state its evaluation began with (replaying from that state
// repeats its try moves exactly).
struct EvaluatedProgram {
    std::string program;
    int fitness = 0;
    Rng evaluation;
};
EvaluatedProgram evaluateFrom(const HeuristicBoard& start, std::string program, Rng& rng);

// Pillay's crossover (§3.2.3): cut `first` before its move at 0-based `cutFirst` and `second` before
// `cutSecond`, swap the tails, evaluate both children (first, then second) and keep the fitter — the first on a
// tie. Cutting 2wllc at 1 and clkb at 2 gives 2kb and clwllc.
EvaluatedProgram crossPrograms(const HeuristicBoard& start, std::string_view first, std::size_t cutFirst,
                               std::string_view second, std::size_t cutSecond, Rng& rng);

}  // namespace pw
