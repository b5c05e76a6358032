#pragma once
// Human-style Sudoku logic: the techniques a person uses, each application described in words, the
// refutation step of Pelánek's model when none applies, the model's difficulty ratings, and graded hints.
// See logic.cpp for the techniques, the refutation score and the exact operationalisation of the metrics.

#include "base/rng.h"
#include "sudoku/sudoku.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pw {

// In order of difficulty (Sudoku Explainer rates them 1.2/1.5, 2.6/2.8, 3.0/3.4); refutation comes last.
enum class Technique : std::uint8_t { NakedSingle, HiddenSingle, Pointing, Claiming, NakedPair, HiddenPair, Refutation };
const char* techniqueName(Technique technique);  // "naked single", "locked candidates (pointing)", ...

// Which techniques beyond the two singles (always on: they are the model the thesis describes) may be used.
struct TechniqueSet {
    bool lockedCandidates = true;  // pointing and claiming
    bool nakedPairs = true;
    bool hiddenPairs = true;

    static TechniqueSet singlesOnly() { return {false, false, false}; }
};

// One application of a technique: what it rests on and what it changes.
struct LogicStep {
    Technique technique = Technique::NakedSingle;
    int unit = -1;                                  // the unit reasoned about; -1 when there is none
    std::vector<int> cells;                         // the cells the reasoning rests on, shown highlighted
    std::vector<int> digits;                        // the digits reasoned about
    int placeCell = -1;                             // the placement, when the step places a digit
    int placeDigit = 0;
    std::vector<std::pair<int, int>> eliminations;  // (cell, digit) candidates removed
    int refutationScore = 0;                        // refutation only: simple steps to refute the others

    bool places() const { return placeCell >= 0; }
    // The whole sentence: "hidden single: in box 3 only r3c7 can hold 5".
    std::string explanation(const SudokuShape& shape) const;
    // Where to look, without the result or its cell: "a hidden single in box 3", "a naked single in box 5".
    std::string location(const SudokuShape& shape) const;
    // The unit `location` names: the step's own, else the box of its cell; -1 when there is neither.
    int hintUnit(const SudokuGeometry& geometry) const;
    bool operator==(const LogicStep&) const = default;
};

// Values and candidates as a solver by hand keeps them: a cell's candidates are the digits its peers do not
// hold, minus what techniques eliminated. A fixed-size value (no allocation), cheap to copy.
class LogicGrid {
public:
    explicit LogicGrid(const SudokuGrid& grid);

    SudokuShape shape() const { return m_geometry->shape; }
    const SudokuGeometry& geometry() const { return *m_geometry; }
    int value(int cell) const { return m_values[cell]; }
    DigitMask candidates(int cell) const { return m_candidates[cell]; }
    DigitMask placedIn(int unit) const { return m_placed[unit]; }
    int emptyCount() const { return m_empty; }
    bool isSolved() const { return m_empty == 0 && !m_conflicting; }
    // A repeated digit, an empty cell without candidates, or a digit with no place left in a unit.
    bool contradiction() const;
    SudokuGrid toGrid() const;

    void place(int cell, int digit);
    void eliminate(int cell, int digit) { m_candidates[cell] &= static_cast<DigitMask>(~digitBit(digit)); }
    void apply(const LogicStep& step);

private:
    const SudokuGeometry* m_geometry;
    int m_empty = 0;
    bool m_conflicting = false;
    std::array<std::uint8_t, kMaxSudokuCells> m_values{};
    std::array<DigitMask, kMaxSudokuCells> m_candidates{};
    std::array<DigitMask, 3 * kMaxSudokuSize> m_placed{};
};

// Every application of `technique` in reading order (units rows, columns, boxes; cells and digits
// ascending). Eliminating techniques are listed only where they remove something. Refutation is not found
// here (see refuteCheapestCell).
std::vector<LogicStep> findApplications(const LogicGrid& grid, Technique technique);
// The applications of the easiest enabled tier that has any — singles, then locked candidates, then pairs;
// empty when the enabled techniques are stuck.
std::vector<LogicStep> easiestApplications(const LogicGrid& grid, const TechniqueSet& techniques);

// The singles on offer in a position: cells with one candidate left, and hidden-single applications (a digit
// with one place left in a row, column or box; a placement several units allow counts once for each).
struct SinglesOnOffer {
    int naked = 0;
    int hidden = 0;
    int hiddenInBoxes = 0;  // of `hidden`, those in a box (the rest are in rows and columns)
};
enum class SinglesOutcome { Placed, Stalled, Contradiction };
// Applies one single chosen uniformly at random among every naked and hidden single application (a placement
// both kinds allow counts twice, as two applications) and reports, when asked, what was on offer before it.
// Stalled: no single applies; Contradiction: an empty cell without candidates or a digit without a place.
// The model's hot path: no allocation.
SinglesOutcome placeRandomSingle(LogicGrid& grid, Rng& rng, SinglesOnOffer* offered = nullptr);

// Pelánek's refutation when no technique applies: every wrong candidate of every empty cell is assumed and
// singles, chosen at random, are applied until a contradiction; the cell whose wrong candidates fall in the
// fewest steps in all is placed with its value from `solution`. `simpleSteps` counts the singles applied.
LogicStep refuteCheapestCell(const LogicGrid& grid, const SudokuGrid& solution, Rng& rng,
                             std::uint64_t& simpleSteps);

// One run of the model (singles chosen at random, refutation when stuck) from `givens` to `solution`.
struct LogicModelRun {
    int singles = 0;            // steps taken by a single
    int refutations = 0;        // steps taken by refutation
    int hardestRefutation = 0;  // the largest refutation score of the run (0 also when no refutation step was
                                // needed, or each one contradicted at once: see logic.cpp)
    long refutationSum = 0;     // the sum of the refutation scores of the run
    double searchEffort = 0;    // see logic.cpp: places examined to find each step, summed
    std::uint64_t simpleSteps = 0;
};
LogicModelRun runLogicModel(const SudokuGrid& givens, const SudokuGrid& solution, Rng& rng);

// The two metrics over `runs` runs seeded from `seed`: serate = mean of each run's hardest refutation,
// refutation sum = mean of each run's sum. Empty when the givens have no solution.
struct LogicRating {
    double serate = 0;
    double refutationSum = 0;
    double meanRefutations = 0;  // refutation steps per run
    double searchEffort = 0;     // mean of each run's search effort
    int runs = 0;
};
std::optional<LogicRating> rateWithLogicModel(const SudokuGrid& givens, int runs, std::uint64_t seed);

// A reading in the manner of Sudoku Explainer's three numbers, made with this model's techniques: the puzzle is
// solved taking, at each step, the application with the lowest level (the first in reading order among equals),
// and the reading gives the hardest level of the whole solve (SE's ER), of the steps up to and including the
// first placement (EP), and of the first step, which is the first to remove a candidate (ED). Levels are Sudoku
// Explainer's for the same techniques; a step the techniques cannot take is a refutation step, level 10 (SE
// rates what it would use there, chains and nets, from about 6.5 to 11).
double explainerLevel(const LogicStep& step, const SudokuGeometry& geometry);
struct ExplainerReading {
    double hardest = 0;                 // ER
    double hardestToFirstPlacement = 0; // EP
    double firstStep = 0;               // ED
};
// Empty when the givens have no solution.
std::optional<ExplainerReading> explainerReading(const SudokuGrid& givens);

// A hint against a player's grid. Mistakes come first: a value that differs from the solution (or, when the
// puzzle has several solutions, a board no solution completes) is reported before any technique.
struct Hint {
    enum class Kind { Mistake, Step, Solved, NoSolution };
    Kind kind = Kind::Step;
    std::string text;        // the sentence for `level`
    std::vector<int> cells;  // cells to highlight at `level` (none at level 1)
    std::optional<LogicStep> step;
};
// `level` 1 names the technique, 2 also where to look, 3 the full step. Techniques are tried easiest first
// and the first application in reading order is given; refutation when the techniques are stuck.
Hint hintFor(const SudokuGrid& givens, const SudokuGrid& current, int level,
             const TechniqueSet& techniques = {});

}  // namespace pw
