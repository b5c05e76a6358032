#include "io/run_report.h"

#include "io/formats.h"
#include "puzzle/puzzle_kind.h"

#include <optional>

namespace pw {

nlohmann::json parameterValueJson(const ParameterValue& value) {
    return std::visit([](const auto& v) { return nlohmann::json(v); }, value);
}

const char* runStatusName(Outcome outcome) {
    switch (outcome) {
    case Outcome::Solved: return "solved";
    case Outcome::Failed: return "unsolved";
    case Outcome::Stopped:
    case Outcome::BudgetExhausted: return "stopped";
    }
    return "unsolved";
}

bool isFalseSolution(const RunResult& result) {
    return result.outcome != Outcome::Solved && result.bestCost == 0 && !result.valid;
}

// Whether `board` is the solution the puzzle's source gives; null when the source gives none.
static nlohmann::json matchesKnownSolution(const Puzzle& puzzle, const Board& board) {
    const std::optional<Board> known = knownSolution(puzzle);
    if (!known) return nullptr;
    return boardLine(*known) == boardLine(board);
}

nlohmann::json runResultJson(const Puzzle& puzzle, const std::string& algorithmId, std::uint64_t seed,
                             std::uint64_t run, const RunResult& result) {
    nlohmann::json line = {{"id", puzzle.id},
                           {"kind", puzzleKindName(puzzle.kind())},
                           {"puzzle", puzzleLine(puzzle)},
                           {"algorithm", algorithmId},
                           {"seed", seed},
                           {"run", run},
                           {"status", runStatusName(result.outcome)},
                           {"outcome", outcomeName(result.outcome)},
                           {"reason", result.reason},
                           {"valid", result.valid},
                           {"seconds", result.seconds},
                           {"steps", result.counters.steps},
                           {"evaluations", result.counters.evaluations},
                           {"best_cost", result.bestCost},
                           {"false_solution", isFalseSolution(result)},
                           {"solution", boardLine(result.finalBoard)},
                           {"matches_known", matchesKnownSolution(puzzle, result.finalBoard)}};
    for (const auto& [key, value] : result.results) line[key] = parameterValueJson(value);
    return line;
}

}  // namespace pw
