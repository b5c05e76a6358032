#pragma once
// Pelánek's model of a human solver (Křivánek's thesis §2.3, operationalised as core/sudoku/logic.cpp's
// header says) written a second time in the plainest 9×9 code: a grid of ints, a cell's candidates recomputed
// from its peers at every single, no bitmasks, no incremental state. It draws from the generator exactly
// where the definition does (one draw per single, among the naked singles in reading order then the hidden
// singles by unit — rows, columns, boxes — and digit), so the same seed must give the same run as the
// product's model. The reference for serate, refutation-sum and search-effort.

#include "base/rng.h"
#include "sudoku/logic.h"
#include "sudoku/sudoku_exact.h"
#include "test_support.h"

#include <algorithm>
#include <array>
#include <climits>
#include <string>
#include <vector>

namespace pw::test {

struct ModelRunByHand {
    int refutations = 0;
    int hardestRefutation = 0; // serate of this run
    long refutationSum = 0;
    double searchEffort = 0;
};

class LogicModelByHand {
  public:
    using Grid = std::array<int, 81>;

    static Grid gridOf(const std::string& line) {
        Grid grid{};
        for (int cell = 0; cell < 81; ++cell)
            grid[cell] = line[cell] >= '1' && line[cell] <= '9' ? line[cell] - '0' : 0;
        return grid;
    }

    // One run from `givens` to `solution`: a random single while one applies, else the refutation step.
    static ModelRunByHand run(Grid grid, const Grid& solution, Rng& rng) {
        ModelRunByHand run;
        for (;;) {
            const int empty = emptyCells(grid);
            if (empty == 0) break;
            int hidden = 0;
            const Outcome outcome = placeRandomSingle(grid, rng, hidden);
            if (outcome == Outcome::Placed) {
                run.searchEffort += hidden ? static_cast<double>(empty) / hidden : empty;
                continue;
            }
            if (outcome == Outcome::Contradiction) break;
            int score = 0;
            const int cell = cheapestCell(grid, solution, rng, score);
            if (cell < 0) break;
            grid[cell] = solution[cell];
            ++run.refutations;
            run.hardestRefutation = std::max(run.hardestRefutation, score);
            run.refutationSum += score;
            run.searchEffort += empty + score;
        }
        return run;
    }

  private:
    enum class Outcome { Placed, Stalled, Contradiction };

    static int unitCell(int unit, int k) {
        if (unit < 9) return unit * 9 + k;                                      // rows
        if (unit < 18) return k * 9 + (unit - 9);                               // columns
        return ((unit - 18) / 3 * 3 + k / 3) * 9 + (unit - 18) % 3 * 3 + k % 3; // boxes
    }
    static bool peers(int a, int b) {
        return a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3));
    }
    static const std::vector<int>& peersOf(int cell) {
        static const auto table = [] {
            std::array<std::vector<int>, 81> peerLists;
            for (int a = 0; a < 81; ++a)
                for (int b = 0; b < 81; ++b)
                    if (peers(a, b)) peerLists[a].push_back(b);
            return peerLists;
        }();
        return table[cell];
    }
    static bool allows(const Grid& grid, int cell, int digit) {
        if (grid[cell]) return false;
        for (int other : peersOf(cell))
            if (grid[other] == digit) return false;
        return true;
    }
    static int emptyCells(const Grid& grid) {
        return static_cast<int>(std::count(grid.begin(), grid.end(), 0));
    }

    // Every naked single (cell, digit) in reading order, then every hidden single by unit and digit; one is
    // chosen with a single draw. A contradiction (an empty cell without candidates, a missing digit without a
    // place in a unit) is found before any draw. `hidden` receives the hidden-single count.
    static Outcome placeRandomSingle(Grid& grid, Rng& rng, int& hidden) {
        std::array<std::array<bool, 10>, 81> candidate{};
        for (int cell = 0; cell < 81; ++cell) {
            if (grid[cell]) continue;
            std::array<bool, 10> used{};
            for (int other : peersOf(cell))
                used[grid[other]] = true;
            for (int digit = 1; digit <= 9; ++digit)
                candidate[cell][digit] = !used[digit];
        }
        std::vector<std::pair<int, int>> applications;
        for (int cell = 0; cell < 81; ++cell) {
            if (grid[cell]) continue;
            int count = 0, last = 0;
            for (int digit = 1; digit <= 9; ++digit)
                if (candidate[cell][digit]) ++count, last = digit;
            if (count == 0) return Outcome::Contradiction;
            if (count == 1) applications.emplace_back(cell, last);
        }
        const std::size_t naked = applications.size();
        for (int unit = 0; unit < 27; ++unit)
            for (int digit = 1; digit <= 9; ++digit) {
                bool placed = false;
                int places = 0, where = -1;
                for (int k = 0; k < 9; ++k) {
                    const int cell = unitCell(unit, k);
                    placed = placed || grid[cell] == digit;
                    if (candidate[cell][digit]) ++places, where = cell;
                }
                if (placed) continue;
                if (places == 0) return Outcome::Contradiction;
                if (places == 1) applications.emplace_back(where, digit);
            }
        hidden = static_cast<int>(applications.size() - naked);
        if (applications.empty()) return Outcome::Stalled;
        const auto& [cell, digit] = applications[rng.below(static_cast<std::uint32_t>(applications.size()))];
        grid[cell] = digit;
        return Outcome::Placed;
    }

    // Singles until a contradiction: how many were placed, or -1 when they stall first.
    static int singlesUntilContradiction(Grid grid, Rng& rng) {
        for (int placed = 0;; ++placed) {
            int hidden = 0;
            const Outcome outcome = placeRandomSingle(grid, rng, hidden);
            if (outcome == Outcome::Contradiction) return placed;
            if (outcome == Outcome::Stalled) return -1;
        }
    }

    // The refutation step: each empty cell whose candidates hold its solution value sums the refutation
    // scores of its wrong candidates (ascending; an unrefutable one scores the empty-cell count; the sum
    // stops once it reaches the best so far); the lowest sum wins, the first in reading order among equals.
    static int cheapestCell(const Grid& grid, const Grid& solution, Rng& rng, int& bestScore) {
        const int unrefuted = emptyCells(grid);
        bestScore = INT_MAX;
        int bestCell = -1;
        for (int cell = 0; cell < 81; ++cell) {
            if (!allows(grid, cell, solution[cell])) continue;
            int score = 0;
            for (int digit = 1; digit <= 9 && score < bestScore; ++digit) {
                if (digit == solution[cell] || !allows(grid, cell, digit)) continue;
                Grid trial = grid;
                trial[cell] = digit;
                const int steps = singlesUntilContradiction(trial, rng);
                score += steps < 0 ? unrefuted : steps;
            }
            if (score < bestScore) bestScore = score, bestCell = cell;
        }
        return bestCell;
    }
};

// The model's means over `runs` runs from the 9×9 puzzle `line`, one generator seeded `seed` driving them in
// turn (as rateWithLogicModel does), against the exact solver's solution.
inline LogicRating logicModelByHand(const std::string& line, int runs, std::uint64_t seed) {
    const SudokuGrid solved = *solveSudoku(sudokuFromLine(line), 1).firstSolution;
    LogicModelByHand::Grid solution{};
    for (int cell = 0; cell < 81; ++cell)
        solution[cell] = solved.value(cell);
    Rng rng(seed);
    LogicRating rating;
    rating.runs = runs;
    for (int r = 0; r < runs; ++r) {
        const ModelRunByHand run = LogicModelByHand::run(LogicModelByHand::gridOf(line), solution, rng);
        rating.serate += static_cast<double>(run.hardestRefutation) / runs;
        rating.refutationSum += static_cast<double>(run.refutationSum) / runs;
        rating.meanRefutations += static_cast<double>(run.refutations) / runs;
        rating.searchEffort += run.searchEffort / runs;
    }
    return rating;
}

} // namespace pw::test
