#pragma once
#include "engine/algorithm.h"
#include "engine/runner.h"

#include <atomic>
#include <optional>

namespace pw {

AlgorithmEntry exactAlgorithmEntry();

// The run `exact` makes of a Sudoku with `solution_limit` = `solutionLimit` when nobody watches and no
// budget can end it: the RunResult a Runner with no sink and no stop condition returns, equal in every field
// but `seconds`, without the runner, the algorithm's boards or its events (batch solving in `puzzle-cli
// solve`). nullopt when `stop` was set during the search (looked at every 1,024 nodes).
std::optional<RunResult> runExactSudoku(const Puzzle& puzzle, int solutionLimit, const std::atomic<bool>& stop);

}  // namespace pw
