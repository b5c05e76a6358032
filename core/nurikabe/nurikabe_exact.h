#pragma once
// The exact Nurikabe solver: propagation of forced cells plus search, counting solutions up to a limit.
// See nurikabe_exact.cpp for the rules it propagates and how it branches.

#include "base/move.h"
#include "nurikabe/nurikabe.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace pw {

struct NurikabeSolveResult {
    int solutionCount = 0;  // 0, 1, ... up to the limit asked for
    std::optional<NurikabeGrid> firstSolution;
    std::uint64_t nodes = 0;
    bool nodeLimitHit = false;  // the search gave up before it could decide; the count is then a lower bound
};

// Grids up to 128 cells wide (the readers take up to 100); a wider one throws std::invalid_argument.
NurikabeSolveResult solveNurikabe(const NurikabeGrid& clues, int solutionLimit = 2,
                                  std::uint64_t nodeLimit = 50'000'000);

// The same search, one node at a time: a node propagates to a fixpoint, then finds a solution, meets a
// contradiction (and backtracks) or branches. The Shade moves that turn the previous node's grid into this
// node's grid are appended to `moves` when it is not null. Exhausted once the tree is searched or
// `solutionLimit` solutions were found.
// What the last step of a Nurikabe search did, for the `exact` algorithm's decisions.
struct NurikabeSearchTrace {
    enum class Outcome { Branched, Contradiction, Solution, Probing, Exhausted };
    Outcome outcome = Outcome::Exhausted;
    std::vector<std::pair<int, bool>> stack;  // the branch choices (cell, island?) in force, outermost first
    int branchCell = -1;                      // Branched: the cell decided river first
};

class NurikabeSearch {
public:
    enum class Status { Running, FoundSolution, Exhausted };

    NurikabeSearch(const NurikabeGrid& clues, int solutionLimit);
    ~NurikabeSearch();
    NurikabeSearch(NurikabeSearch&&) noexcept;
    NurikabeSearch& operator=(NurikabeSearch&&) noexcept;

    Status step(std::vector<Move>* moves);
    const NurikabeGrid& current() const;
    int solutionsFound() const;
    const std::optional<NurikabeGrid>& firstSolution() const;
    std::uint64_t nodes() const;
    NurikabeSearchTrace trace() const;  // read only when asked: it copies the branch stack

    struct Engine;

private:
    std::unique_ptr<Engine> m_engine;
};

}  // namespace pw
