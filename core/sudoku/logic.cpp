// Human-style logic, after Pelánek's computational model of a human solver (Pelánek 2011, as summarised in
// Křivánek's thesis, §2.3) and the commonest techniques beyond it.
//
// Candidates. A cell's candidates are the digits none of its peers holds, minus those a technique has
// eliminated; placing a digit removes it from the candidates of the cell's peers. Everything is a bitmask
// (bit d-1 = digit d), so a technique scan is a few operations per cell and unit.
//
// Techniques, easiest first (the tiers are tried in this order; within a tier every application counts):
// - singles: naked single (a cell with one candidate left) and hidden single (a digit with one place left in
//   a row, column or box) — the whole of Pelánek's model;
// - locked candidates: pointing (within a box a digit lies on one row or column, so it leaves the rest of
//   that line) and claiming (within a row or column a digit lies in one box, so it leaves the rest of the box);
// - pairs: naked pair (two cells of a unit with the same two candidates take those digits from the rest of the
//   unit) and hidden pair (two digits with the same two places in a unit take those cells: their other
//   candidates go).
//
// Refutation (the model's step when no single applies). For each empty cell and each of its wrong candidates
// (those other than the cell's value in the solution), assume the candidate and apply singles — one
// application chosen uniformly at random among all applicable ones — until a contradiction: an empty cell
// without candidates, a digit without a place in a unit. The number of singles applied is the candidate's
// refutation score, a random variable; a cell's score is the sum over its wrong candidates. The cell with the
// lowest score (the first in reading order among equals) receives its value, and its score is the difficulty of
// that step. Operationalisation where the thesis is silent:
// - a wrong candidate that singles cannot refute (they stall before a contradiction) scores the number of
//   empty cells at that moment — more than any refutation by singles can take, since each single fills a
//   cell — so such cells rank after every refutable one and every step still gets a finite difficulty (the
//   thesis notes that its puzzles always had a cell with a finite score);
// - a cell's sum stops being computed once it reaches the best score found so far (it can no longer win);
// - "the solution" is the exact solver's first solution when a puzzle has several.
//
// Metrics (ids `serate` and `refutation-sum`). One run of the model starts from the givens and places every
// empty cell: a single chosen at random when one applies, else the refutation step. The serate metric is a
// run's largest refutation score (the hardest step taken); the refutation sum is a run's sum of refutation
// scores. Both are 0 for a run with no refutation step (singles suffice) and equally for a run whose every
// refutation step found a cell each of whose wrong candidates contradicts at once — an empty cell without
// candidates or a digit without a place, before any single — as happens where locked candidates or pairs
// would go on: a 0 does not mean that singles solve the puzzle, only that no refutation needed a single. Both are means over `runs` runs (30, as in the thesis) drawn from one
// random stream seeded by the caller, so a seed gives the same rating everywhere.
//
// Search effort (id `search-effort`, our extension, not in the thesis). The two metrics above see only the
// steps where singles fail, so every puzzle that singles solve rates 0 (with some that singles do not solve)
// — most puzzles people solve for fun.
// Yet such puzzles differ too: a step is quick to find when many singles are on offer and slow when there is
// one. People find placements mostly by scanning a digit across a row, column or box — hidden singles — so a
// single step costs (empty cells) / (hidden-single applications on offer), the places scanned at random
// before one is found, or all the empty cells when only naked singles are left; a refutation step costs the
// empty cells (a full scan that found nothing) plus its refutation score. A run's search effort is the sum;
// the metric is the mean over the runs. (Counting naked singles as found as easily rated the bundled human
// data a little worse: Pearson 0.70 instead of 0.76 against D_TO on the 320 puzzles singles solve.)

#include "sudoku/logic.h"

#include "sudoku/sudoku_exact.h"

#include <algorithm>
#include <climits>

namespace pw {

const char* techniqueName(Technique technique) {
    switch (technique) {
    case Technique::NakedSingle: return "naked single";
    case Technique::HiddenSingle: return "hidden single";
    case Technique::Pointing: return "locked candidates (pointing)";
    case Technique::Claiming: return "locked candidates (claiming)";
    case Technique::NakedPair: return "naked pair";
    case Technique::HiddenPair: return "hidden pair";
    case Technique::Refutation: return "refutation";
    }
    return "?";
}

namespace {

std::string withArticle(Technique technique) {
    const bool plural = technique == Technique::Pointing || technique == Technique::Claiming;
    return (plural ? "" : "a ") + std::string(techniqueName(technique));
}

std::string joinCells(const SudokuShape& shape, const std::vector<int>& cells, const char* lastSeparator) {
    std::string text;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i > 0) text += i + 1 == cells.size() ? lastSeparator : ", ";
        text += cellName(shape, cells[i]);
    }
    return text;
}

std::string joinDigits(const std::vector<int>& digits, const char* lastSeparator) {
    std::string text;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0) text += i + 1 == digits.size() ? lastSeparator : ", ";
        text += digitChar(digits[i]);
    }
    return text;
}

std::vector<int> eliminatedCells(const LogicStep& step) {
    std::vector<int> cells;
    for (const auto& [cell, digit] : step.eliminations)
        if (std::find(cells.begin(), cells.end(), cell) == cells.end()) cells.push_back(cell);
    return cells;
}

// The line (row or column unit) all `cells` share, or -1.
int sharedLine(const SudokuGeometry& g, const std::vector<int>& cells) {
    for (int k = 0; k < 2; ++k) {
        const int unit = g.cellUnits[cells.front()][k];
        if (std::all_of(cells.begin(), cells.end(), [&](int c) { return g.cellUnits[c][k] == unit; })) return unit;
    }
    return -1;
}

}  // namespace

std::string LogicStep::explanation(const SudokuShape& shape) const {
    const std::string name = techniqueName(technique);
    const std::string where = unit >= 0 ? unitName(shape, unit) : std::string();
    const char digit = digits.empty() ? '?' : digitChar(digits.front());
    switch (technique) {
    case Technique::NakedSingle:
        return name + ": " + cellName(shape, placeCell) + " can only hold " + digitChar(placeDigit);
    case Technique::HiddenSingle:
        return name + ": in " + where + " only " + cellName(shape, placeCell) + " can hold " + digitChar(placeDigit);
    case Technique::Pointing:
    case Technique::Claiming: {
        const SudokuGeometry& g = SudokuGeometry::of(shape);
        const int other = technique == Technique::Pointing ? sharedLine(g, cells) : g.cellUnits[cells.front()][2];
        return name + ": in " + where + " the " + digit + "s lie only in " + unitName(shape, other) + " (" +
               joinCells(shape, cells, ", ") + "), so " + digit + " is removed from " +
               joinCells(shape, eliminatedCells(*this), ", ");
    }
    case Technique::NakedPair:
        return name + ": in " + where + ", " + joinCells(shape, cells, " and ") + " hold only " +
               joinDigits(digits, " and ") + ", so " + joinDigits(digits, " and ") + " are removed from " +
               joinCells(shape, eliminatedCells(*this), ", ");
    case Technique::HiddenPair:
        return name + ": in " + where + ", " + joinDigits(digits, " and ") + " fit only " +
               joinCells(shape, cells, " and ") + ", so every other candidate is removed from them";
    case Technique::Refutation:
        return name + ": " + cellName(shape, placeCell) + " is " + digitChar(placeDigit) + " — assuming " +
               joinDigits(digits, " or ") + " instead leads by singles to a contradiction (" +
               std::to_string(refutationScore) + " simple steps in all, the fewest of any cell)";
    }
    return name;
}

// A step without a unit of its own (a naked single, a refutation) is located by the box of its cell: naming the
// cell would give the answer away.
int LogicStep::hintUnit(const SudokuGeometry& geometry) const {
    if (unit >= 0) return unit;
    const int cell = placeCell >= 0 ? placeCell : (cells.empty() ? -1 : cells.front());
    return cell >= 0 ? geometry.cellUnits[cell][2] : -1;
}

std::string LogicStep::location(const SudokuShape& shape) const {
    const int where = hintUnit(SudokuGeometry::of(shape));
    return where >= 0 ? withArticle(technique) + " in " + unitName(shape, where) : withArticle(technique);
}

// ---------------------------------------------------------------------------------------------------------
// LogicGrid

LogicGrid::LogicGrid(const SudokuGrid& grid) : m_geometry(&grid.geometry()) {
    const SudokuGeometry& g = *m_geometry;
    for (int cell = 0; cell < g.cellCount; ++cell) {
        const int digit = grid.value(cell);
        m_values[cell] = static_cast<std::uint8_t>(digit);
        if (!digit) {
            ++m_empty;
            continue;
        }
        for (int unit : g.cellUnits[cell]) {
            if (m_placed[unit] & digitBit(digit)) m_conflicting = true;
            m_placed[unit] |= digitBit(digit);
        }
    }
    const DigitMask all = allDigits(g.size);
    for (int cell = 0; cell < g.cellCount; ++cell) {
        if (m_values[cell]) continue;
        const auto& units = g.cellUnits[cell];
        m_candidates[cell] = all & static_cast<DigitMask>(~(m_placed[units[0]] | m_placed[units[1]] | m_placed[units[2]]));
    }
}

bool LogicGrid::contradiction() const {
    if (m_conflicting) return true;
    const SudokuGeometry& g = *m_geometry;
    const DigitMask all = allDigits(g.size);
    for (int unit = 0; unit < 3 * g.size; ++unit) {
        DigitMask seen = 0;
        for (int k = 0; k < g.size; ++k) {
            const int cell = g.unitCells[unit][k];
            if (m_values[cell]) continue;
            if (!m_candidates[cell]) return true;
            seen |= m_candidates[cell];
        }
        if (all & ~m_placed[unit] & ~seen) return true;
    }
    return false;
}

SudokuGrid LogicGrid::toGrid() const {
    SudokuGrid grid(shape());
    for (int cell = 0; cell < m_geometry->cellCount; ++cell) grid.setValue(cell, m_values[cell]);
    return grid;
}

void LogicGrid::place(int cell, int digit) {
    const SudokuGeometry& g = *m_geometry;
    const DigitMask bit = digitBit(digit);
    if (m_values[cell]) return;
    m_values[cell] = static_cast<std::uint8_t>(digit);
    m_candidates[cell] = 0;
    --m_empty;
    for (int unit : g.cellUnits[cell]) {
        if (m_placed[unit] & bit) m_conflicting = true;
        m_placed[unit] |= bit;
    }
    for (int k = 0; k < g.peerCount; ++k) m_candidates[g.peers[cell][k]] &= static_cast<DigitMask>(~bit);
}

void LogicGrid::apply(const LogicStep& step) {
    if (step.places()) place(step.placeCell, step.placeDigit);
    for (const auto& [cell, digit] : step.eliminations) eliminate(cell, digit);
}

// ---------------------------------------------------------------------------------------------------------
// Finding applications

namespace {

// The cells of `unit` (in unit order) that are empty and hold candidate `digit`.
std::vector<int> cellsWithCandidate(const LogicGrid& grid, int unit, int digit) {
    const SudokuGeometry& g = grid.geometry();
    std::vector<int> cells;
    for (int k = 0; k < g.size; ++k) {
        const int cell = g.unitCells[unit][k];
        if (grid.candidates(cell) & digitBit(digit)) cells.push_back(cell);
    }
    return cells;
}

bool contains(const std::vector<int>& cells, int cell) { return std::find(cells.begin(), cells.end(), cell) != cells.end(); }

void findNakedSingles(const LogicGrid& grid, std::vector<LogicStep>& out) {
    for (int cell = 0; cell < grid.geometry().cellCount; ++cell) {
        if (grid.value(cell) || !isSingleBit(grid.candidates(cell))) continue;
        const int digit = lowestDigit(grid.candidates(cell));
        out.push_back({Technique::NakedSingle, -1, {cell}, {digit}, cell, digit, {}, 0});
    }
}

void findHiddenSingles(const LogicGrid& grid, std::vector<LogicStep>& out) {
    const SudokuGeometry& g = grid.geometry();
    for (int unit = 0; unit < 3 * g.size; ++unit) {
        for (int digit = 1; digit <= g.size; ++digit) {
            if (grid.placedIn(unit) & digitBit(digit)) continue;
            const std::vector<int> cells = cellsWithCandidate(grid, unit, digit);
            if (cells.size() == 1) out.push_back({Technique::HiddenSingle, unit, cells, {digit}, cells[0], digit, {}, 0});
        }
    }
}

// Pointing (box -> line) and claiming (line -> box): the digit's cells in `unit` all lie in `target`, so it
// leaves the rest of `target`.
void findLockedCandidates(const LogicGrid& grid, Technique technique, std::vector<LogicStep>& out) {
    const SudokuGeometry& g = grid.geometry();
    const bool pointing = technique == Technique::Pointing;
    const int firstUnit = pointing ? 2 * g.size : 0;
    const int lastUnit = pointing ? 3 * g.size : 2 * g.size;
    for (int unit = firstUnit; unit < lastUnit; ++unit) {
        for (int digit = 1; digit <= g.size; ++digit) {
            const std::vector<int> cells = cellsWithCandidate(grid, unit, digit);
            if (cells.size() < 2) continue;
            const int target = pointing ? sharedLine(g, cells) : g.cellUnits[cells.front()][2];
            if (target < 0) continue;
            if (!pointing && !std::all_of(cells.begin(), cells.end(),
                                          [&](int c) { return g.cellUnits[c][2] == target; }))
                continue;
            LogicStep step{technique, unit, cells, {digit}, -1, 0, {}, 0};
            for (int k = 0; k < g.size; ++k) {
                const int cell = g.unitCells[target][k];
                if (!contains(cells, cell) && (grid.candidates(cell) & digitBit(digit)))
                    step.eliminations.emplace_back(cell, digit);
            }
            if (!step.eliminations.empty()) out.push_back(std::move(step));
        }
    }
}

void findNakedPairs(const LogicGrid& grid, std::vector<LogicStep>& out) {
    const SudokuGeometry& g = grid.geometry();
    for (int unit = 0; unit < 3 * g.size; ++unit) {
        for (int i = 0; i < g.size; ++i) {
            const int first = g.unitCells[unit][i];
            const DigitMask pair = grid.candidates(first);
            if (grid.value(first) || popCount(pair) != 2) continue;
            for (int j = i + 1; j < g.size; ++j) {
                const int second = g.unitCells[unit][j];
                if (grid.value(second) || grid.candidates(second) != pair) continue;
                const int low = lowestDigit(pair);
                const int high = lowestDigit(withoutLowestBit(pair));
                LogicStep step{Technique::NakedPair, unit, {first, second}, {low, high}, -1, 0, {}, 0};
                for (int k = 0; k < g.size; ++k) {
                    const int cell = g.unitCells[unit][k];
                    if (cell == first || cell == second) continue;
                    for (int digit : {low, high})
                        if (grid.candidates(cell) & digitBit(digit)) step.eliminations.emplace_back(cell, digit);
                }
                if (!step.eliminations.empty()) out.push_back(std::move(step));
            }
        }
    }
}

void findHiddenPairs(const LogicGrid& grid, std::vector<LogicStep>& out) {
    const SudokuGeometry& g = grid.geometry();
    for (int unit = 0; unit < 3 * g.size; ++unit) {
        // places[d-1]: bit k set when the unit's k-th cell holds candidate d.
        std::array<std::uint32_t, kMaxSudokuSize> places{};
        for (int k = 0; k < g.size; ++k)
            for (DigitMask m = grid.candidates(g.unitCells[unit][k]); m; m = static_cast<DigitMask>(withoutLowestBit(m)))
                places[lowestDigit(m) - 1] |= 1u << k;
        for (int low = 1; low <= g.size; ++low) {
            if (popCount(places[low - 1]) != 2) continue;
            for (int high = low + 1; high <= g.size; ++high) {
                if (places[high - 1] != places[low - 1]) continue;
                const std::uint32_t where = places[low - 1];
                const int first = g.unitCells[unit][lowestDigit(where) - 1];
                const int second = g.unitCells[unit][lowestDigit(withoutLowestBit(where)) - 1];
                const DigitMask keep = static_cast<DigitMask>(digitBit(low) | digitBit(high));
                LogicStep step{Technique::HiddenPair, unit, {first, second}, {low, high}, -1, 0, {}, 0};
                for (int cell : {first, second})
                    for (DigitMask m = grid.candidates(cell) & ~keep; m; m = static_cast<DigitMask>(withoutLowestBit(m)))
                        step.eliminations.emplace_back(cell, lowestDigit(m));
                if (!step.eliminations.empty()) out.push_back(std::move(step));
            }
        }
    }
}

}  // namespace

std::vector<LogicStep> findApplications(const LogicGrid& grid, Technique technique) {
    std::vector<LogicStep> steps;
    switch (technique) {
    case Technique::NakedSingle: findNakedSingles(grid, steps); break;
    case Technique::HiddenSingle: findHiddenSingles(grid, steps); break;
    case Technique::Pointing:
    case Technique::Claiming: findLockedCandidates(grid, technique, steps); break;
    case Technique::NakedPair: findNakedPairs(grid, steps); break;
    case Technique::HiddenPair: findHiddenPairs(grid, steps); break;
    case Technique::Refutation: break;
    }
    return steps;
}

std::vector<LogicStep> easiestApplications(const LogicGrid& grid, const TechniqueSet& techniques) {
    std::vector<std::vector<Technique>> tiers = {{Technique::NakedSingle, Technique::HiddenSingle}};
    if (techniques.lockedCandidates) tiers.push_back({Technique::Pointing, Technique::Claiming});
    std::vector<Technique> pairs;
    if (techniques.nakedPairs) pairs.push_back(Technique::NakedPair);
    if (techniques.hiddenPairs) pairs.push_back(Technique::HiddenPair);
    if (!pairs.empty()) tiers.push_back(pairs);
    for (const auto& tier : tiers) {
        std::vector<LogicStep> steps;
        for (Technique technique : tier) {
            std::vector<LogicStep> found = findApplications(grid, technique);
            steps.insert(steps.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
        }
        if (!steps.empty()) return steps;
    }
    return {};
}

// ---------------------------------------------------------------------------------------------------------
// The model's hot path: singles chosen at random, without allocation.

namespace {

// The digits missing from `unit` that have exactly one candidate cell there; `anywhere` receives every
// candidate of the unit's cells.
DigitMask digitsWithOnePlace(const LogicGrid& grid, int unit, DigitMask& anywhere) {
    const SudokuGeometry& g = grid.geometry();
    DigitMask once = 0, twice = 0;
    for (int k = 0; k < g.size; ++k) {
        const DigitMask c = grid.candidates(g.unitCells[unit][k]);
        twice |= once & c;
        once |= c;
    }
    anywhere = once;
    return allDigits(g.size) & static_cast<DigitMask>(~grid.placedIn(unit)) & once & static_cast<DigitMask>(~twice);
}

}  // namespace

// One pass counts the applications and looks for a contradiction; a second walks to the chosen one.
SinglesOutcome placeRandomSingle(LogicGrid& grid, Rng& rng, SinglesOnOffer* offered) {
    const SudokuGeometry& g = grid.geometry();
    const DigitMask all = allDigits(g.size);
    std::uint32_t count = 0;
    for (int cell = 0; cell < g.cellCount; ++cell) {
        if (grid.value(cell)) continue;
        const DigitMask c = grid.candidates(cell);
        if (!c) return SinglesOutcome::Contradiction;
        count += isSingleBit(c);
    }
    const std::uint32_t naked = count;
    const int unitCount = 3 * g.size;
    std::uint32_t hidden = 0, hiddenInBoxes = 0;
    for (int unit = 0; unit < unitCount; ++unit) {  // rows, columns, then boxes
        DigitMask anywhere = 0;
        const DigitMask onlyPlace = digitsWithOnePlace(grid, unit, anywhere);
        if (all & static_cast<DigitMask>(~grid.placedIn(unit)) & static_cast<DigitMask>(~anywhere))
            return SinglesOutcome::Contradiction;
        const int found = popCount(onlyPlace);
        hidden += static_cast<std::uint32_t>(found);
        if (unit >= 2 * g.size) hiddenInBoxes += static_cast<std::uint32_t>(found);
    }
    count += hidden;
    if (offered)
        *offered = {static_cast<int>(naked), static_cast<int>(hidden), static_cast<int>(hiddenInBoxes)};
    if (count == 0) return SinglesOutcome::Stalled;

    std::uint32_t chosen = rng.below(count);
    for (int cell = 0; cell < g.cellCount; ++cell) {
        if (grid.value(cell) || !isSingleBit(grid.candidates(cell))) continue;
        if (chosen-- == 0) {
            grid.place(cell, lowestDigit(grid.candidates(cell)));
            return SinglesOutcome::Placed;
        }
    }
    for (int unit = 0; unit < unitCount; ++unit) {
        DigitMask anywhere = 0;
        DigitMask onlyPlace = digitsWithOnePlace(grid, unit, anywhere);
        const auto n = static_cast<std::uint32_t>(popCount(onlyPlace));
        if (chosen >= n) {
            chosen -= n;
            continue;
        }
        for (; chosen; --chosen) onlyPlace = static_cast<DigitMask>(withoutLowestBit(onlyPlace));
        const int digit = lowestDigit(onlyPlace);
        for (int k = 0; k < g.size; ++k) {
            const int cell = g.unitCells[unit][k];
            if (grid.candidates(cell) & digitBit(digit)) {
                grid.place(cell, digit);
                return SinglesOutcome::Placed;
            }
        }
    }
    return SinglesOutcome::Stalled;  // not reached: the count said there was one
}

namespace {

// Singles on `trial` until a contradiction: the number applied, or -1 when they stall first.
int singlesUntilContradiction(LogicGrid& trial, Rng& rng, std::uint64_t& simpleSteps) {
    for (int steps = 0;; ++steps) {
        switch (placeRandomSingle(trial, rng)) {
        case SinglesOutcome::Contradiction: return steps;
        case SinglesOutcome::Stalled: return -1;
        case SinglesOutcome::Placed: ++simpleSteps; break;
        }
    }
}

}  // namespace

LogicStep refuteCheapestCell(const LogicGrid& grid, const SudokuGrid& solution, Rng& rng,
                             std::uint64_t& simpleSteps) {
    const SudokuGeometry& g = grid.geometry();
    const int unrefutedScore = grid.emptyCount();
    int bestScore = INT_MAX;
    int bestCell = -1;
    for (int cell = 0; cell < g.cellCount; ++cell) {
        if (grid.value(cell) || !(grid.candidates(cell) & digitBit(solution.value(cell)))) continue;
        int score = 0;
        for (DigitMask wrong = grid.candidates(cell) & static_cast<DigitMask>(~digitBit(solution.value(cell)));
             wrong && score < bestScore; wrong = static_cast<DigitMask>(withoutLowestBit(wrong))) {
            LogicGrid trial = grid;
            trial.place(cell, lowestDigit(wrong));
            const int steps = singlesUntilContradiction(trial, rng, simpleSteps);
            score += steps < 0 ? unrefutedScore : steps;
        }
        if (score < bestScore) {
            bestScore = score;
            bestCell = cell;
        }
    }
    LogicStep step{Technique::Refutation, -1, {}, {}, -1, 0, {}, 0};
    if (bestCell < 0) return step;  // no empty cell agrees with the solution: nothing to place
    step.cells = {bestCell};
    const DigitMask right = digitBit(solution.value(bestCell));
    for (DigitMask wrong = grid.candidates(bestCell) & static_cast<DigitMask>(~right); wrong;
         wrong = static_cast<DigitMask>(withoutLowestBit(wrong)))
        step.digits.push_back(lowestDigit(wrong));
    step.placeCell = bestCell;
    step.placeDigit = solution.value(bestCell);
    step.refutationScore = bestScore;
    return step;
}

LogicModelRun runLogicModel(const SudokuGrid& givens, const SudokuGrid& solution, Rng& rng) {
    LogicModelRun run;
    LogicGrid grid(givens);
    while (grid.emptyCount() > 0) {
        const int empty = grid.emptyCount();
        SinglesOnOffer offered;
        const SinglesOutcome outcome = placeRandomSingle(grid, rng, &offered);
        if (outcome == SinglesOutcome::Placed) {
            ++run.singles;
            ++run.simpleSteps;
            run.searchEffort += offered.hidden ? static_cast<double>(empty) / offered.hidden : empty;
            continue;
        }
        if (outcome == SinglesOutcome::Contradiction) break;  // givens that disagree with `solution`
        const LogicStep step = refuteCheapestCell(grid, solution, rng, run.simpleSteps);
        if (!step.places()) break;
        grid.place(step.placeCell, step.placeDigit);
        ++run.refutations;
        run.hardestRefutation = std::max(run.hardestRefutation, step.refutationScore);
        run.refutationSum += step.refutationScore;
        run.searchEffort += empty + step.refutationScore;
    }
    return run;
}

std::optional<LogicRating> rateWithLogicModel(const SudokuGrid& givens, int runs, std::uint64_t seed) {
    const SudokuSolveResult solved = solveSudoku(givens, 1);
    if (!solved.firstSolution || runs <= 0) return std::nullopt;
    Rng rng(seed);
    LogicRating rating;
    rating.runs = runs;
    for (int r = 0; r < runs; ++r) {
        const LogicModelRun run = runLogicModel(givens, *solved.firstSolution, rng);
        rating.serate += run.hardestRefutation;
        rating.refutationSum += static_cast<double>(run.refutationSum);
        rating.meanRefutations += run.refutations;
        rating.searchEffort += run.searchEffort;
    }
    rating.serate /= runs;
    rating.refutationSum /= runs;
    rating.meanRefutations /= runs;
    rating.searchEffort /= runs;
    return rating;
}

double explainerLevel(const LogicStep& step, const SudokuGeometry& geometry) {
    switch (step.technique) {
    case Technique::HiddenSingle: return step.unit >= 2 * geometry.size ? 1.2 : 1.5;  // in a box; in a line
    case Technique::NakedSingle: return 2.3;
    case Technique::Pointing: return 2.6;
    case Technique::Claiming: return 2.8;
    case Technique::NakedPair: return 3.0;
    case Technique::HiddenPair: return 3.4;
    case Technique::Refutation: return 10;
    }
    return 10;
}

std::optional<ExplainerReading> explainerReading(const SudokuGrid& givens) {
    const SudokuSolveResult solved = solveSudoku(givens, 1);
    if (!solved.firstSolution) return std::nullopt;
    LogicGrid grid(givens);
    Rng rng(1);  // the refutation's singles are drawn at random; a fixed seed keeps the reading one number
    std::uint64_t refutationSingles = 0;
    ExplainerReading reading;
    bool placed = false;
    for (bool first = true; grid.emptyCount() > 0; first = false) {
        std::optional<LogicStep> easiest;
        double level = 0;
        for (const Technique technique : {Technique::HiddenSingle, Technique::NakedSingle, Technique::Pointing,
                                          Technique::Claiming, Technique::NakedPair, Technique::HiddenPair})
            for (LogicStep& step : findApplications(grid, technique)) {
                const double stepLevel = explainerLevel(step, grid.geometry());
                if (!easiest || stepLevel < level) {
                    level = stepLevel;
                    easiest = std::move(step);
                }
            }
        if (!easiest) {
            easiest = refuteCheapestCell(grid, *solved.firstSolution, rng, refutationSingles);
            if (!easiest->places()) break;
            level = explainerLevel(*easiest, grid.geometry());
        }
        grid.apply(*easiest);
        if (first) reading.firstStep = level;
        reading.hardest = std::max(reading.hardest, level);
        if (!placed) reading.hardestToFirstPlacement = std::max(reading.hardestToFirstPlacement, level);
        placed = placed || easiest->places();
    }
    return reading;
}

// ---------------------------------------------------------------------------------------------------------
// Hints

namespace {

std::vector<int> unitCellList(const SudokuGeometry& g, int unit) {
    return {g.unitCells[unit].begin(), g.unitCells[unit].begin() + g.size};
}

std::string capitalised(std::string text) {
    if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
    return text;
}

Hint mistakeHint(const SudokuGrid& current, const std::vector<int>& wrong, const SudokuGrid* solution, int level) {
    const SudokuShape shape = current.shape();
    Hint hint{Hint::Kind::Mistake, {}, {}, std::nullopt};
    if (level <= 1) {
        hint.text = wrong.size() == 1 ? "There is a mistake on the board." : "There are mistakes on the board.";
        return hint;
    }
    hint.cells = wrong;
    if (level == 2 || !solution) {
        hint.text = "Check " + joinCells(shape, wrong, " and ") + (solution ? "." : ": no solution completes the board.");
        return hint;
    }
    for (int cell : wrong) {
        if (!hint.text.empty()) hint.text += " ";
        hint.text += cellName(shape, cell) + " holds " + digitChar(current.value(cell)) + ", but the solution has " +
                     digitChar(solution->value(cell)) + " there.";
    }
    return hint;
}

}  // namespace

Hint hintFor(const SudokuGrid& givens, const SudokuGrid& current, int level, const TechniqueSet& techniques) {
    const SudokuShape shape = givens.shape();
    const SudokuGeometry& g = givens.geometry();
    const SudokuSolveResult solved = solveSudoku(givens, 2);
    if (solved.solutionCount == 0)
        return {Hint::Kind::NoSolution, "The puzzle has no solution: no hint can be given.", {}, std::nullopt};

    // Mistakes first. With one solution a wrong value is one that differs from it; with several, only a board
    // that no solution completes is known to be wrong, and its repeated digits are what can be shown.
    std::vector<int> wrong;
    const SudokuGrid* solution = nullptr;
    std::optional<SudokuGrid> completion;
    if (solved.solutionCount == 1) {
        solution = &*solved.firstSolution;
        for (int cell = 0; cell < g.cellCount; ++cell)
            if (!givens.value(cell) && current.value(cell) && current.value(cell) != solution->value(cell))
                wrong.push_back(cell);
    } else {
        completion = solveSudoku(current, 1).firstSolution;
        if (!completion) {
            for (const SudokuConflict& conflict : current.conflicts())
                for (int cell : conflict.cells)
                    if (!givens.value(cell) && !contains(wrong, cell)) wrong.push_back(cell);
            if (wrong.empty())
                for (int cell = 0; cell < g.cellCount; ++cell)
                    if (!givens.value(cell) && current.value(cell)) wrong.push_back(cell);
            std::sort(wrong.begin(), wrong.end());
        }
        solution = completion ? &*completion : nullptr;
    }
    if (!wrong.empty()) return mistakeHint(current, wrong, solved.solutionCount == 1 ? solution : nullptr, level);

    const LogicGrid grid(current);
    if (grid.isSolved()) return {Hint::Kind::Solved, "The puzzle is solved.", {}, std::nullopt};

    Hint hint{Hint::Kind::Step, {}, {}, std::nullopt};
    std::vector<LogicStep> steps = easiestApplications(grid, techniques);
    if (!steps.empty()) {
        hint.step = std::move(steps.front());
    } else {
        Rng rng(0);  // a hint is the same every time it is asked for
        std::uint64_t simpleSteps = 0;
        hint.step = refuteCheapestCell(grid, *solution, rng, simpleSteps);
    }
    const LogicStep& step = *hint.step;
    switch (level <= 1 ? 1 : level == 2 ? 2 : 3) {
    case 1:
        hint.text = step.technique == Technique::Refutation
                        ? "No simple technique applies: assume a candidate and follow singles to a contradiction."
                        : "Look for " + withArticle(step.technique) + ".";
        break;
    case 2:
        hint.text = "Look for " + step.location(shape) + ".";
        if (const int unit = step.hintUnit(g); unit >= 0) hint.cells = unitCellList(g, unit);
        break;
    default:
        hint.text = capitalised(step.explanation(shape)) + ".";
        hint.cells = step.cells;
        if (step.places() && !contains(hint.cells, step.placeCell)) hint.cells.push_back(step.placeCell);
        break;
    }
    return hint;
}

}  // namespace pw
