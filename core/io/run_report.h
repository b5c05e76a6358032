#pragma once
// One finished run as a JSON object: the fields of `puzzle-cli solve --json`, which `puzzle-cli bench` writes
// to runs.jsonl with its own fields added. Both commands call runResultJson, so the two never drift apart.

#include "engine/runner.h"
#include "io/puzzle_text.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace pw {

nlohmann::json parameterValueJson(const ParameterValue& value);

// "solved", "unsolved" or "stopped" (a budget or the user ended the run).
const char* runStatusName(Outcome outcome);

// A false solution: the algorithm's own cost says solved (0) but the independent check rejects the board, as
// with harmony search's sum45 objective (every unit sums to 45 without holding each digit once).
bool isFalseSolution(const RunResult& result);

// id, kind, puzzle, algorithm, seed, run, status, outcome, reason, valid, seconds, steps, evaluations,
// best_cost, false_solution, solution, matches_known (null when the source gives no solution), and the
// algorithm's own results (Algorithm::results()).
nlohmann::json runResultJson(const Puzzle& puzzle, const std::string& algorithmId, std::uint64_t seed,
                             std::uint64_t run, const RunResult& result);
// The same object written straight to the end of `out` as one line (runResultJson(...).dump() and "\n",
// byte for byte), without building a tree: `solve --json` writes one per run.
void appendRunResultJson(std::string& out, const Puzzle& puzzle, const std::string& algorithmId, std::uint64_t seed,
                         std::uint64_t run, const RunResult& result);

// JSON values appended to `out` exactly as nlohmann::json's dump() writes them, for lines written directly
// (`text` must not lie within `out`).
void appendJsonString(std::string& out, std::string_view text);
void appendJsonNumber(std::string& out, std::uint64_t value);
void appendJsonNumber(std::string& out, double value);

}  // namespace pw
