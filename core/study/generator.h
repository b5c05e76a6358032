#pragma once
// The puzzle generator: Sudoku with one solution, a clue symmetry and a chosen difficulty (the hardest logic
// technique needed, or a serate range), clue-count sweeps, and Nurikabe up to 10x10 with one solution, a clue
// symmetry and a tier of the Nurikabe rating. See generator.cpp for how solutions are made, the removal order,
// symmetry orbits, grading and minimality.

#include "base/rng.h"
#include "nurikabe/nurikabe.h"
#include "nurikabe/nurikabe_rules.h"
#include "sudoku/logic.h"
#include "sudoku/sudoku.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pw {

// The hardest technique tier a person needs, easiest first: naked and hidden singles; + locked candidates
// (pointing, claiming); + naked and hidden pairs; and "search" when those techniques get stuck.
enum class SudokuLevel : std::uint8_t { Singles, Locked, Pairs, Search };
const char* sudokuLevelName(SudokuLevel level);  // "singles", "locked", "pairs", "search"
std::optional<SudokuLevel> sudokuLevelFromName(std::string_view name);
// The tier `technique` belongs to (Refutation: Search).
SudokuLevel levelOfTechnique(Technique technique);

// Grades a puzzle as the `logic` algorithm solves it with every technique on: at each step the easiest tier
// that applies is used; the level is the hardest tier used, or Search when the techniques get stuck (also
// for givens that conflict or have no solution). Meant for puzzles with one solution.
SudokuLevel gradeSudoku(const SudokuGrid& givens);

// Which cells must be given or empty together: the clue pattern maps onto itself under the symmetry.
enum class Symmetry : std::uint8_t {
    None,
    Rotational,  // half-turn about the centre: (r, c) ~ (n-1-r, n-1-c)
    Mirror,      // left-right mirror: (r, c) ~ (r, n-1-c)
    Diagonal,    // reflection in the main diagonal: (r, c) ~ (c, r)
};
const char* symmetryName(Symmetry symmetry);  // "none", "rotational", "mirror", "diagonal"
std::optional<Symmetry> symmetryFromName(std::string_view name);
// The orbits of the symmetry (one or two cells each) covering every cell once, in reading order of their
// first cell.
std::vector<std::vector<int>> symmetryOrbits(SudokuShape shape, Symmetry symmetry);
// True when every orbit is all given or all empty.
bool hasSymmetricClues(const SudokuGrid& givens, Symmetry symmetry);

// A random complete grid: random boxes on the diagonal, completed by the exact solver, then
// digits relabelled and rows, columns, bands and stacks permuted at random.
SudokuGrid randomSolvedSudoku(SudokuShape shape, Rng& rng);

struct SudokuGeneratorOptions {
    SudokuShape shape;
    Symmetry symmetry = Symmetry::None;
    std::optional<SudokuLevel> level;  // the exact level wanted; empty: any
    std::optional<double> minSerate;   // the serate metric (rateWithLogicModel) must lie in [min, max]
    std::optional<double> maxSerate;
    int serateRuns = 30;               // the `serate` metric's default runs and `puzzle-cli rate`'s default seed,
    std::uint64_t serateSeed = 1;      // so `puzzle-cli rate --metrics serate` gives the same value
    bool computeSerate = false;        // rate every result even without a serate range
    bool minimal = false;              // remove every clue that can go, whatever the level
    std::optional<int> clues;          // keep exactly this many clues (a sweep); unique when possible, else flagged
    int maxAttempts = 1000;            // candidate puzzles tried before giving up
    std::uint64_t nodeLimit = 200'000; // search nodes per uniqueness check; beyond it the clue is kept
};

// Empty when the options are valid, else the message naming the option and its allowed values.
std::string validateSudokuGeneratorOptions(const SudokuGeneratorOptions& options);

struct GeneratedSudoku {
    SudokuGrid givens;
    SudokuGrid solution;
    bool unique = true;  // false only in a clue-count sweep where the count left several solutions
    SudokuLevel level = SudokuLevel::Singles;
    std::optional<double> serate;
    int attempts = 0;              // candidates made, this one included
    bool uniquenessUndecided = false;  // some check hit the node limit: a clue may have stayed that could go
};

// Raised when no candidate meets the options within `maxAttempts`, with the reason and what was reached.
struct GenerationFailed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Called after each candidate with the number made so far; a true `*stop` ends generation with nothing.
using AttemptCallback = std::function<void(int attempts)>;

// One puzzle from `seed`: same options and seed give the same puzzle. Throws GenerationFailed, or
// std::invalid_argument for options validateSudokuGeneratorOptions rejects.
std::optional<GeneratedSudoku> generateSudoku(const SudokuGeneratorOptions& options, std::uint64_t seed,
                                              const std::atomic<bool>* stop = nullptr,
                                              const AttemptCallback& onAttempt = {});

// Plain random removal, the protocol of Chel et al.'s Table 3 ("creating Sudoku puzzles randomly from the
// solution of Sudoku"): `clues` cells of the complete, valid grid `solution` are kept, chosen uniformly at
// random, and the rest emptied; uniqueness is not asked for. Empty when the request is valid, else the
// message naming what is wrong (an incomplete grid, a grid that breaks a rule, a count out of range).
std::string validateRandomRemoval(const SudokuGrid& solution, int clues);
// Throws std::invalid_argument with validateRandomRemoval's message for a bad request.
SudokuGrid removeCluesAtRandom(const SudokuGrid& solution, int clues, Rng& rng);

// Nurikabe difficulty tiers by the rating (rateNurikabe): the hardest rule a solve needs.
//   easy: rules about a cell's neighbourhood (levels 1-6: clue of 1 ... river one way);
//   medium: rules about reach (7-8: unreachable, river cut off);
//   hard: rules about an island's completions (9-10: island walls, island completion);
//   expert: a hypothesis is needed (11-13: nested 1 to 3 deep).
enum class NurikabeLevel : std::uint8_t { Easy, Medium, Hard, Expert };
const char* nurikabeLevelName(NurikabeLevel level);  // "easy", "medium", "hard", "expert"
std::optional<NurikabeLevel> nurikabeLevelFromName(std::string_view name);
NurikabeLevel nurikabeLevelOf(const NurikabeRating& rating);
// The rating in a few words: "9 (hard) · island walls ×3", "11 (expert) · hypotheses 1 deep".
std::string nurikabeRatingText(const NurikabeRating& rating);

struct NurikabeGeneratorOptions {
    int height = 7;
    int width = 7;
    int maxIsland = 0;          // the largest island (the largest clue); 0: 4 up to 64 cells, else 3
    double islandShare = 0.3;   // the share of island cells grown before pools are broken, in [0, 0.9]
    Symmetry symmetry = Symmetry::None;  // the clue pattern maps onto itself (diagonal: square grids only)
    std::optional<NurikabeLevel> level;  // the tier wanted; empty: any puzzle with one solution
    int maxAttempts = 20000;  // layouts; a 10x10 easy puzzle takes about 800 on average
    std::uint64_t nodeLimit = 200'000;  // per uniqueness proof; a layout that needs more is dropped
};
constexpr int kMinNurikabeGeneratorSide = 2;
constexpr int kMaxNurikabeGeneratorSide = 10;
std::string validateNurikabeGeneratorOptions(const NurikabeGeneratorOptions& options);

struct GeneratedNurikabe {
    NurikabeGrid clues;
    NurikabeGrid solution;
    int attempts = 0;
    std::optional<NurikabeRating> rating;  // empty when the rules with hypotheses 3 deep do not solve it
};

// One Nurikabe from `seed` whose uniqueness solveNurikabe proved. Throws like generateSudoku.
std::optional<GeneratedNurikabe> generateNurikabe(const NurikabeGeneratorOptions& options, std::uint64_t seed,
                                                  const std::atomic<bool>* stop = nullptr,
                                                  const AttemptCallback& onAttempt = {});

}  // namespace pw
