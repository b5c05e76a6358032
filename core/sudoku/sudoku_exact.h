#pragma once
// The exact Sudoku solver: the oracle for tests, the generator and the metrics, and the engine of the `exact`
// algorithm. See sudoku_exact.cpp for the representation and the search.

#include "base/move.h"
#include "sudoku/sudoku.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pw {

struct SudokuSolveResult {
    int solutionCount = 0;  // 0, 1, ... up to the limit asked for
    std::optional<SudokuGrid> firstSolution;
    std::uint64_t nodes = 0;  // search nodes visited by the solver that answered (see solveSudoku)
};

// Counts the solutions of `givens` up to `solutionLimit` (2 answers "unique or not"). A grid whose givens
// already conflict has none. A 9x9 grid without pencil marks goes to the fast band solver
// (sudoku_bands.h); the stepping search below answers every other grid. With a limit of one the search stops
// at the first solution it meets: for a grid with several, a solution, not necessarily the stepping search's
// first. With a limit of two or more, a 9x9 grid with several solutions is answered by the stepping search,
// so the count and the first solution are the ones it gives. `nodes` counts the nodes of whichever solver
// answered: the two searches differ, so their counts do not compare.
SudokuSolveResult solveSudoku(const SudokuGrid& givens, int solutionLimit = 2);

// The same search, one node at a time: a node propagates singles and locked candidates to a fixpoint, then
// either finds a solution, meets a contradiction (and backtracks), or branches on a cell with the fewest
// candidates. Moves that turn the previous node's grid into this node's grid are appended to `moves`.
// What the last node of a traced search did, for the `exact` algorithm's decisions.
struct SudokuSearchTrace {
    enum class Outcome { Branched, Contradiction, Solution, Exhausted };
    Outcome outcome = Outcome::Exhausted;
    std::vector<std::pair<int, int>> stack;  // the branch choices (cell, digit) that led here, outermost first
    bool resumed = false;       // the node began with the next digit of an earlier branch (a backtrack)
    int branchCell = -1;        // Branched: the cell with the fewest candidates
    int branchCandidates = 0;   // and how many it had
    std::string contradiction;  // Contradiction: the rule that failed ("r3c4 has no candidate left")
};

class SudokuSearch {
public:
    enum class Status { Running, FoundSolution, Exhausted };

    SudokuSearch(const SudokuGrid& givens, int solutionLimit);
    ~SudokuSearch();
    SudokuSearch(SudokuSearch&&) noexcept;
    SudokuSearch& operator=(SudokuSearch&&) noexcept;

    // One node. `current()` is brought up to date only when `moves` is given or a solution is found, so the
    // counting loop pays nothing for it.
    Status step(std::vector<Move>* moves);
    // The grid of the last node (after its propagation).
    const SudokuGrid& current() const { return m_current; }
    int solutionsFound() const { return m_solutionsFound; }
    const std::optional<SudokuGrid>& firstSolution() const { return m_firstSolution; }
    std::uint64_t nodes() const { return m_nodes; }
    // The candidates of every empty cell after the last propagation (0 for filled cells).
    std::vector<std::uint16_t> candidates() const;
    // Keep the branch stack and the reason of each contradiction for trace(); off by default, so a search
    // nobody explains keeps none.
    void setTracing(bool tracing);
    SudokuSearchTrace trace() const;

    struct Engine;

private:
    std::unique_ptr<Engine> m_engine;
    SudokuGrid m_current;
    int m_solutionLimit;
    int m_solutionsFound = 0;
    std::optional<SudokuGrid> m_firstSolution;
    std::uint64_t m_nodes = 0;
};

}  // namespace pw
