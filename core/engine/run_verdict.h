#pragma once
// How a finished run is judged, whoever ran it: Runner::close and the runs made without a runner (the batch
// path of `exact`, algorithms/exact.h) give the same outcome for the same board.

#include "engine/runner.h"

#include <string>

namespace pw {

// The reasons of a run that ends because its algorithm says solved, or failed.
inline constexpr const char* kSolvedReason = "solution found";
inline constexpr const char* kFailedReason = "the algorithm ended without a solution";

// Sets result.outcome and result.reason from what the run claims (`outcome`, `reason`) and result.valid, the
// independent check of result.finalBoard: a claimed solution the check rejects is a failure, and a budget
// stop on a board that is in fact a solution is a solve.
void judgeRun(RunResult& result, Outcome outcome, std::string reason);

}  // namespace pw
