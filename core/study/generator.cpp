// The puzzle generator: Sudoku with exactly one solution, symmetric clues and a chosen difficulty; clue-count
// sweeps; small Nurikabe with exactly one solution. Every puzzle comes from one seed (Rng), so a seed gives the
// same puzzle on every machine.
//
// Solutions. A random complete Sudoku grid starts from the boxes on the main diagonal, each filled with a
// random permutation (they share no row or column, so any filling is consistent), which the exact solver
// completes; then the digits are relabelled and the rows within each band, the bands, the columns within
// each stack and the stacks are permuted at random — every one of those maps a solution to a solution, and
// together they spread the solver's deterministic completion over many grids. (Not uniform over all grids;
// no generator we know of is, and none of the levels depends on it.)
//
// Removal. The cells are grouped into the orbits of the chosen symmetry (one cell, or two that map onto each
// other: half-turn, left-right mirror, main diagonal), so clearing whole orbits keeps the clue pattern
// symmetric. The orbits are visited once, in a random order; an orbit is cleared when the puzzle keeps exactly
// one solution (the exact solver counts up to two), else restored. One pass is enough for minimality:
// clearing clues only adds solutions, so an orbit that could not go when it was visited cannot go later.
// A uniqueness check that exceeds its node budget (only sparse 16x16 grids come near it) counts as a failure:
// the orbit stays, the puzzle stays provably unique, and the result says its minimality is undecided.
//
// Levels. A puzzle is graded as the `logic` algorithm solves it with every technique on and `choice = first`:
// the easiest tier that applies is used at each step — singles; locked candidates (pointing, claiming);
// naked and hidden pairs — and the level is the hardest tier used, or "search" when all get stuck. To make
// a puzzle of level L the removal also restores an orbit whose clearing would raise the grade above L, so
// the pass drifts up to L and stays there; a candidate that ends below L (the pass never needed L's
// techniques) is dropped and a new solution is drawn, up to an attempt limit — past it generation fails
// with the reason (on 4x4, say, singles solve everything).
//
// Minimal. `minimal` ignores the level while removing: every orbit that can go goes, so every remaining clue
// (every remaining orbit, under a symmetry) is needed for uniqueness; the candidate is then kept only if its
// grade is the level asked for. Without a level a pass is minimal anyway.
//
// Serate. A range of the `serate` metric (Pelánek's model, logic.cpp) is a filter on finished candidates, rated
// with the metric's default 30 runs and `puzzle-cli rate`'s default seed 1, so `rate --metrics serate`
// reproduces the value.
//
// Clue-count sweeps (Chel et al., 2016, Table 3: "creating Sudoku puzzles randomly from the solution"). The
// pass stops when `clues` are left; when the solution gives out first (a minimal puzzle still has more clues),
// random orbits are cleared regardless until `clues` remain, and the puzzle is flagged as not unique. A few
// candidates (the attempt limit) are tried for a unique one before the last is returned flagged. On 9x9, with
// 10 candidates each, none of 20 puzzles was unique at 15 to 21 clues, 9 at 22, 19 at 23 and all from 24 on
// (a random removal pass rarely ends below 22 clues); below 17 none can be.
//
// Nurikabe. A solution grid starts all river; random river cells become island as long as the river stays
// one piece and the island they join stays within a size cap, until 30% of the grid is island; then
// every 2x2 pool gets one of its cells turned to island under the same conditions (a pool none of whose cells
// can turn drops the layout). Each island gets its size as a clue on one random cell, and the exact solver
// (countSolutions) must prove exactly one solution within its node budget, else a new layout is drawn.
// Uniqueness gets rare, and each proof dearer, as islands grow: in a measurement of 3-5 puzzles per setting a
// 10x10 took 46 layouts (0.03 s) with islands of at most 3 cells, 144 (0.6 s) with 4 and 251 (4.9 s) with 5,
// and a share of 40% instead of 30% needed 2-5 times more layouts on 7x7. Hence the defaults: islands of at
// most 4 cells up to 64 cells, 3 beyond, 30% island; both are options.
// Under a symmetry each cell turns to island together with its image, so the islands come in image pairs; the
// image island's clue sits on the image of the clue cell, and an island that is its own image takes its clue
// on a cell that is its own image (a layout without one is dropped).
// A tier (easy, medium, hard, expert) is a filter on proved-unique layouts by rateNurikabe: the proof goes first
// because the rules with hypotheses nested 3 deep are slow on layouts with several solutions (minutes for ten
// 10x10 puzzles with islands of 3) and fast on unique ones (about a millisecond). At 10x10 with islands of at
// most 3, ten puzzles of a tier took 210 (medium) to 2,000 (easy) layouts each, 0.06-0.6 s; 4-cell islands make
// the tiers 2-4 times dearer and easy puzzles rarer still, so the default island size stays.

#include "study/generator.h"

#include "puzzle/puzzle_kind.h"
#include "sudoku/sudoku_exact.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numeric>

namespace pw {

namespace {

template <typename T>
void shuffle(std::vector<T>& items, Rng& rng) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[rng.below(static_cast<std::uint32_t>(i))]);
}

std::vector<int> shuffledRange(int count, Rng& rng) {
    std::vector<int> items(static_cast<std::size_t>(count));
    std::iota(items.begin(), items.end(), 0);
    shuffle(items, rng);
    return items;
}

// The image of `cell` under `symmetry` on a height x width grid (diagonal: square grids only).
int symmetricCell(int cell, int height, int width, Symmetry symmetry) {
    const int row = cell / width, column = cell % width;
    switch (symmetry) {
    case Symmetry::None: return cell;
    case Symmetry::Rotational: return (height - 1 - row) * width + (width - 1 - column);
    case Symmetry::Mirror: return row * width + (width - 1 - column);
    case Symmetry::Diagonal: return column * width + row;
    }
    return cell;
}

bool stopRequested(const std::atomic<bool>* stop) { return stop && stop->load(std::memory_order_relaxed); }

enum class Uniqueness { Unique, Several, None, Undecided };

Uniqueness uniquenessOf(const SudokuGrid& givens, std::uint64_t nodeLimit) {
    const SolutionCount count = countSolutions(givens, 2, nodeLimit);
    if (!count.decided && count.found < 2) return Uniqueness::Undecided;
    return count.found == 0 ? Uniqueness::None : count.found == 1 ? Uniqueness::Unique : Uniqueness::Several;
}

}  // namespace

// ------------------------------------------------------------------------------------------------- names

const char* sudokuLevelName(SudokuLevel level) {
    switch (level) {
    case SudokuLevel::Singles: return "singles";
    case SudokuLevel::Locked: return "locked";
    case SudokuLevel::Pairs: return "pairs";
    case SudokuLevel::Search: return "search";
    }
    return "?";
}

std::optional<SudokuLevel> sudokuLevelFromName(std::string_view name) {
    for (SudokuLevel level : {SudokuLevel::Singles, SudokuLevel::Locked, SudokuLevel::Pairs, SudokuLevel::Search})
        if (name == sudokuLevelName(level)) return level;
    return std::nullopt;
}

SudokuLevel levelOfTechnique(Technique technique) {
    switch (technique) {
    case Technique::NakedSingle:
    case Technique::HiddenSingle: return SudokuLevel::Singles;
    case Technique::Pointing:
    case Technique::Claiming: return SudokuLevel::Locked;
    case Technique::NakedPair:
    case Technique::HiddenPair: return SudokuLevel::Pairs;
    case Technique::Refutation: return SudokuLevel::Search;
    }
    return SudokuLevel::Search;
}

const char* symmetryName(Symmetry symmetry) {
    switch (symmetry) {
    case Symmetry::None: return "none";
    case Symmetry::Rotational: return "rotational";
    case Symmetry::Mirror: return "mirror";
    case Symmetry::Diagonal: return "diagonal";
    }
    return "?";
}

std::optional<Symmetry> symmetryFromName(std::string_view name) {
    for (Symmetry symmetry : {Symmetry::None, Symmetry::Rotational, Symmetry::Mirror, Symmetry::Diagonal})
        if (name == symmetryName(symmetry)) return symmetry;
    return std::nullopt;
}

const char* nurikabeLevelName(NurikabeLevel level) {
    switch (level) {
    case NurikabeLevel::Easy: return "easy";
    case NurikabeLevel::Medium: return "medium";
    case NurikabeLevel::Hard: return "hard";
    case NurikabeLevel::Expert: return "expert";
    }
    return "?";
}

std::optional<NurikabeLevel> nurikabeLevelFromName(std::string_view name) {
    for (NurikabeLevel level : {NurikabeLevel::Easy, NurikabeLevel::Medium, NurikabeLevel::Hard, NurikabeLevel::Expert})
        if (name == nurikabeLevelName(level)) return level;
    return std::nullopt;
}

NurikabeLevel nurikabeLevelOf(const NurikabeRating& rating) {
    if (rating.hypothesisDepth > 0) return NurikabeLevel::Expert;
    if (rating.level > static_cast<int>(NurikabeTechnique::RiverCutOff) + 1) return NurikabeLevel::Hard;
    if (rating.level > static_cast<int>(NurikabeTechnique::RiverOneWay) + 1) return NurikabeLevel::Medium;
    return NurikabeLevel::Easy;
}

std::string nurikabeRatingText(const NurikabeRating& rating) {
    std::string text = std::to_string(rating.level) + " (" + nurikabeLevelName(nurikabeLevelOf(rating)) + ") · ";
    if (rating.hypothesisDepth > 0) return text + "hypotheses " + std::to_string(rating.hypothesisDepth) + " deep";
    if (rating.level == 0) return text + "the clues decide every cell";
    const auto hardest = static_cast<NurikabeTechnique>(std::min(rating.level, kNurikabeTechniqueCount) - 1);
    return text + nurikabeTechniqueName(hardest) + " ×" + std::to_string(rating.hardestSteps);
}

// ------------------------------------------------------------------------------------------------ grading

SudokuLevel gradeSudoku(const SudokuGrid& givens) {
    LogicGrid grid(givens);
    const TechniqueSet everyTechnique;
    SudokuLevel hardest = SudokuLevel::Singles;
    while (!grid.isSolved()) {
        if (grid.contradiction()) return SudokuLevel::Search;
        const std::vector<LogicStep> steps = easiestApplications(grid, everyTechnique);
        if (steps.empty()) return SudokuLevel::Search;
        hardest = std::max(hardest, levelOfTechnique(steps.front().technique));
        grid.apply(steps.front());
    }
    return hardest;
}

// ----------------------------------------------------------------------------------------------- symmetry

std::vector<std::vector<int>> symmetryOrbits(SudokuShape shape, Symmetry symmetry) {
    const int n = shape.size();
    auto image = [&](int cell) { return symmetricCell(cell, n, n, symmetry); };
    std::vector<std::vector<int>> orbits;
    for (int cell = 0; cell < n * n; ++cell) {
        const int partner = image(cell);
        if (partner == cell) orbits.push_back({cell});
        else if (partner > cell) orbits.push_back({cell, partner});
    }
    return orbits;
}

bool hasSymmetricClues(const SudokuGrid& givens, Symmetry symmetry) {
    for (const auto& orbit : symmetryOrbits(givens.shape(), symmetry))
        for (int cell : orbit)
            if (givens.isEmpty(cell) != givens.isEmpty(orbit.front())) return false;
    return true;
}

// ------------------------------------------------------------------------------------------------ solutions

SudokuGrid randomSolvedSudoku(SudokuShape shape, Rng& rng) {
    const SudokuGeometry& geometry = SudokuGeometry::of(shape);
    const int n = shape.size();
    const int bands = n / shape.boxRows;    // groups of boxRows rows
    const int stacks = n / shape.boxColumns;  // groups of boxColumns columns

    SudokuGrid seeded(shape);
    for (int diagonal = 0; diagonal < std::min(bands, stacks); ++diagonal) {
        const std::vector<int> digits = shuffledRange(n, rng);
        const auto& cells = geometry.unitCells[static_cast<std::size_t>(2 * n + diagonal * stacks + diagonal)];
        for (int k = 0; k < n; ++k) seeded.setValue(cells[static_cast<std::size_t>(k)], digits[static_cast<std::size_t>(k)] + 1);
    }
    std::optional<SudokuGrid> completed = solveSudoku(seeded, 1).firstSolution;
    if (!completed) completed = solveSudoku(SudokuGrid(shape), 1).firstSolution;  // diagonal boxes always extend

    const std::vector<int> relabel = shuffledRange(n, rng);
    auto lineOrder = [&rng](int groups, int perGroup) {
        std::vector<int> order;
        for (int group : shuffledRange(groups, rng))
            for (int line : shuffledRange(perGroup, rng)) order.push_back(group * perGroup + line);
        return order;
    };
    const std::vector<int> rows = lineOrder(bands, shape.boxRows);
    const std::vector<int> columns = lineOrder(stacks, shape.boxColumns);

    SudokuGrid solution(shape);
    for (int row = 0; row < n; ++row)
        for (int column = 0; column < n; ++column) {
            const int source = completed->value(rows[static_cast<std::size_t>(row)] * n + columns[static_cast<std::size_t>(column)]);
            solution.setValue(row * n + column, relabel[static_cast<std::size_t>(source - 1)] + 1);
        }
    return solution;
}

// ------------------------------------------------------------------------------------------------- Sudoku

std::string validateSudokuGeneratorOptions(const SudokuGeneratorOptions& options) {
    SudokuShape known;
    if (!SudokuShape::fromSize(options.shape.size(), known) || !(known == options.shape))
        return "size: " + std::to_string(options.shape.size()) + " is not supported; sizes are 4, 6, 9 and 16";
    const int cells = options.shape.cellCount();
    if (options.clues) {
        if (*options.clues < 0 || *options.clues > cells)
            return "clues: " + std::to_string(*options.clues) + " is out of range [0, " + std::to_string(cells) +
                   "] for " + options.shape.name();
        if (options.level || options.minSerate || options.maxSerate || options.minimal)
            return "clues: a clue-count sweep keeps exactly that many clues and cannot be combined with a level, "
                   "a serate range or minimal";
    }
    if (options.minSerate && *options.minSerate < 0) return "min-serate: must be at least 0";
    if (options.maxSerate && *options.maxSerate < 0) return "max-serate: must be at least 0";
    if (options.minSerate && options.maxSerate && *options.minSerate > *options.maxSerate)
        return "min-serate: must not exceed max-serate";
    if (options.serateRuns < 1 || options.serateRuns > 100000) return "serate-runs: must be in [1, 100000]";
    if (options.maxAttempts < 1) return "attempts: must be at least 1";
    if (options.nodeLimit < 1) return "node-limit: must be at least 1";
    return {};
}

namespace {

struct Candidate {
    SudokuGrid givens;
    SudokuGrid solution;
    bool undecided = false;
};

// One removal pass over the orbits of a random solution, as the file's essay describes.
// A true `*stop` cuts the pass short (the caller then drops the candidate): a 16x16 pass can take seconds.
Candidate removeClues(const SudokuGeneratorOptions& options, const std::vector<std::vector<int>>& orbits, Rng& rng,
                      const std::atomic<bool>* stop) {
    Candidate candidate{randomSolvedSudoku(options.shape, rng), SudokuGrid(options.shape), false};
    candidate.solution = candidate.givens;
    SudokuGrid& givens = candidate.givens;
    // The level steers the removal unless minimality is asked for (search needs no cap).
    const SudokuLevel levelCap = options.level && !options.minimal ? *options.level : SudokuLevel::Search;
    const int target = options.clues.value_or(0);
    int filled = givens.cellCount();

    auto clear = [&](const std::vector<int>& orbit) {
        for (int cell : orbit) givens.setValue(cell, 0);
        filled -= static_cast<int>(orbit.size());
    };
    auto restore = [&](const std::vector<int>& orbit) {
        for (int cell : orbit) givens.setValue(cell, candidate.solution.value(cell));
        filled += static_cast<int>(orbit.size());
    };

    const std::vector<int> order = shuffledRange(static_cast<int>(orbits.size()), rng);
    for (int index : order) {
        if (filled == target || stopRequested(stop)) break;
        const auto& orbit = orbits[static_cast<std::size_t>(index)];
        if (filled - static_cast<int>(orbit.size()) < target) continue;
        clear(orbit);
        const Uniqueness uniqueness = uniquenessOf(givens, options.nodeLimit);
        candidate.undecided |= uniqueness == Uniqueness::Undecided;
        const bool keepCleared = uniqueness == Uniqueness::Unique && (levelCap == SudokuLevel::Search || gradeSudoku(givens) <= levelCap);
        if (!keepCleared) restore(orbit);
    }
    // A sweep below what uniqueness allows: clear further orbits regardless, in the same random order.
    for (int index : order) {
        if (!options.clues || filled <= target) break;
        const auto& orbit = orbits[static_cast<std::size_t>(index)];
        if (!givens.isEmpty(orbit.front()) && filled - static_cast<int>(orbit.size()) >= target) clear(orbit);
    }
    return candidate;
}

std::string levelWanted(const SudokuGeneratorOptions& options) {
    std::string text;
    if (options.level) text += std::string(" graded '") + sudokuLevelName(*options.level) + "'";
    if (options.minSerate || options.maxSerate) {
        char range[96];
        if (options.maxSerate)
            std::snprintf(range, sizeof range, " with serate in [%g, %g]", options.minSerate.value_or(0.0), *options.maxSerate);
        else
            std::snprintf(range, sizeof range, " with serate at least %g", *options.minSerate);
        text += range;
    }
    if (options.minimal) text += " (minimal)";
    return text;
}

}  // namespace

std::optional<GeneratedSudoku> generateSudoku(const SudokuGeneratorOptions& options, std::uint64_t seed,
                                              const std::atomic<bool>* stop, const AttemptCallback& onAttempt) {
    if (const std::string error = validateSudokuGeneratorOptions(options); !error.empty())
        throw std::invalid_argument(error);
    Rng rng(seed);
    const auto orbits = symmetryOrbits(options.shape, options.symmetry);
    const bool rateSerate = options.computeSerate || options.minSerate || options.maxSerate;
    std::array<int, 4> gradesSeen{};
    std::optional<GeneratedSudoku> lastFlagged;  // a sweep's last candidate with several solutions

    for (int attempt = 1; attempt <= options.maxAttempts; ++attempt) {
        if (stopRequested(stop)) return std::nullopt;
        Candidate candidate = removeClues(options, orbits, rng, stop);
        if (stopRequested(stop)) return std::nullopt;
        if (onAttempt) onAttempt(attempt);
        // Under a symmetry the pairs left may overshoot the count by one; another removal order can hit it.
        if (options.clues && candidate.givens.filledCount() != *options.clues) continue;

        GeneratedSudoku result;
        result.givens = candidate.givens;
        result.solution = candidate.solution;
        result.attempts = attempt;
        result.uniquenessUndecided = candidate.undecided;
        result.unique = !options.clues || uniquenessOf(candidate.givens, UINT64_MAX) == Uniqueness::Unique;
        result.level = gradeSudoku(candidate.givens);
        ++gradesSeen[static_cast<std::size_t>(result.level)];

        if (options.clues) {
            if (!result.unique) {
                lastFlagged = std::move(result);
                continue;
            }
            if (options.computeSerate)
                if (auto rating = rateWithLogicModel(result.givens, options.serateRuns, options.serateSeed))
                    result.serate = rating->serate;
            return result;
        }
        if (options.level && result.level != *options.level) continue;
        if (rateSerate) {
            const auto rating = rateWithLogicModel(result.givens, options.serateRuns, options.serateSeed);
            result.serate = rating ? std::optional<double>(rating->serate) : std::nullopt;
            if (!result.serate) continue;
            if (options.minSerate && *result.serate < *options.minSerate) continue;
            if (options.maxSerate && *result.serate > *options.maxSerate) continue;
        }
        return result;
    }
    if (options.clues) {
        if (lastFlagged) {
            if (options.computeSerate)
                if (auto rating = rateWithLogicModel(lastFlagged->givens, options.serateRuns, options.serateSeed))
                    lastFlagged->serate = rating->serate;
            return lastFlagged;
        }
        throw GenerationFailed("clues: " + std::to_string(*options.clues) + " cannot be reached with " +
                               symmetryName(options.symmetry) + " symmetry in " + std::to_string(options.maxAttempts) +
                               " attempts (its pairs of cells could not leave exactly that many)");
    }
    std::string seen;
    for (SudokuLevel level : {SudokuLevel::Singles, SudokuLevel::Locked, SudokuLevel::Pairs, SudokuLevel::Search})
        seen += std::string(seen.empty() ? "" : ", ") + sudokuLevelName(level) + " " +
                std::to_string(gradesSeen[static_cast<std::size_t>(level)]);
    throw GenerationFailed("no " + options.shape.name() + " puzzle" + levelWanted(options) + " in " +
                           std::to_string(options.maxAttempts) + " attempts (grades of the candidates: " + seen +
                           "); the level may be unreachable at this size, or allow more attempts");
}

// ----------------------------------------------------------------------------------------------- Nurikabe

std::string validateNurikabeGeneratorOptions(const NurikabeGeneratorOptions& options) {
    auto side = [](const char* name, int value) -> std::string {
        if (value >= kMinNurikabeGeneratorSide && value <= kMaxNurikabeGeneratorSide) return {};
        return std::string(name) + ": " + std::to_string(value) + " is out of range [" +
               std::to_string(kMinNurikabeGeneratorSide) + ", " + std::to_string(kMaxNurikabeGeneratorSide) + "]";
    };
    if (std::string error = side("height", options.height); !error.empty()) return error;
    if (std::string error = side("width", options.width); !error.empty()) return error;
    if (options.maxIsland < 0 || options.maxIsland > options.height * options.width - 1)
        return "max-island: " + std::to_string(options.maxIsland) + " is out of range [1, " +
               std::to_string(options.height * options.width - 1) + "] (0: by area)";
    if (!(options.islandShare >= 0 && options.islandShare <= 0.9)) return "island-share: must be in [0, 0.9]";
    if (options.symmetry == Symmetry::Diagonal && options.height != options.width)
        return "symmetry: diagonal needs a square grid (" + std::to_string(options.height) + "x" +
               std::to_string(options.width) + " is not)";
    if (options.maxAttempts < 1) return "attempts: must be at least 1";
    if (options.nodeLimit < 1) return "node-limit: must be at least 1";
    return {};
}

namespace {

// A Nurikabe solution under construction: cell states, with the two checks the layout needs.
class NurikabeLayout {
public:
    NurikabeLayout(int height, int width)
        : m_height(height), m_width(width), m_island(static_cast<std::size_t>(height * width), false),
          m_seen(m_island.size()), m_queue(m_island.size()) {}

    int cellCount() const { return m_height * m_width; }
    bool island(int cell) const { return m_island[static_cast<std::size_t>(cell)]; }
    int islandCells() const { return m_islandCells; }

    // Turns `cell` and its symmetric image `partner` (river; the same cell without symmetry) to island when the
    // river stays one non-empty piece and the islands they join have at most `maxIsland` cells each.
    bool tryIsland(int cell, int partner, int maxIsland) {
        if (island(cell) || island(partner)) return false;
        const int added = cell == partner ? 1 : 2;
        if (m_islandCells + added >= cellCount()) return false;
        m_island[static_cast<std::size_t>(cell)] = true;
        m_island[static_cast<std::size_t>(partner)] = true;
        if (componentSize(cell, true) > maxIsland || (partner != cell && componentSize(partner, true) > maxIsland) ||
            !riverConnected(added)) {
            m_island[static_cast<std::size_t>(cell)] = false;
            m_island[static_cast<std::size_t>(partner)] = false;
            return false;
        }
        m_islandCells += added;
        return true;
    }

    // The top-left cell of a 2x2 block that is all river, or -1.
    int findPool() const {
        for (int row = 0; row + 1 < m_height; ++row)
            for (int column = 0; column + 1 < m_width; ++column) {
                const int cell = row * m_width + column;
                if (!island(cell) && !island(cell + 1) && !island(cell + m_width) && !island(cell + m_width + 1))
                    return cell;
            }
        return -1;
    }

    // The cells of the piece of `start` (all island or all river), in m_queue[0 .. size).
    int componentSize(int start, bool islandPiece) {
        std::fill(m_seen.begin(), m_seen.end(), false);
        int head = 0, tail = 0;
        m_queue[static_cast<std::size_t>(tail++)] = start;
        m_seen[static_cast<std::size_t>(start)] = true;
        while (head < tail) {
            const int cell = m_queue[static_cast<std::size_t>(head++)];
            const int row = cell / m_width, column = cell % m_width;
            const int neighbours[4] = {row > 0 ? cell - m_width : -1, row + 1 < m_height ? cell + m_width : -1,
                                       column > 0 ? cell - 1 : -1, column + 1 < m_width ? cell + 1 : -1};
            for (int next : neighbours) {
                if (next < 0 || m_seen[static_cast<std::size_t>(next)] || island(next) != islandPiece) continue;
                m_seen[static_cast<std::size_t>(next)] = true;
                m_queue[static_cast<std::size_t>(tail++)] = next;
            }
        }
        return tail;
    }
    const std::vector<int>& lastComponent() const { return m_queue; }

private:
    // True when the river, with `added` cells just turned to island, is one piece.
    bool riverConnected(int added) {
        int first = -1;
        for (int cell = 0; cell < cellCount() && first < 0; ++cell)
            if (!island(cell)) first = cell;
        return first >= 0 && componentSize(first, false) == cellCount() - m_islandCells - added;
    }

    int m_height, m_width;
    std::vector<bool> m_island;
    int m_islandCells = 0;
    std::vector<bool> m_seen;
    std::vector<int> m_queue;
};

std::optional<GeneratedNurikabe> randomNurikabeLayout(const NurikabeGeneratorOptions& options, Rng& rng) {
    const int cells = options.height * options.width;
    const int maxIsland = options.maxIsland > 0 ? options.maxIsland : cells <= 64 ? 4 : 3;
    auto image = [&](int cell) { return symmetricCell(cell, options.height, options.width, options.symmetry); };
    NurikabeLayout layout(options.height, options.width);
    const int wanted = static_cast<int>(std::lround(options.islandShare * cells));
    for (int tries = 0; tries < 20 * cells && layout.islandCells() < wanted; ++tries) {
        const int cell = static_cast<int>(rng.below(static_cast<std::uint32_t>(cells)));
        layout.tryIsland(cell, image(cell), maxIsland);
    }
    for (int pool = layout.findPool(); pool >= 0; pool = layout.findPool()) {
        std::vector<int> block = {pool, pool + 1, pool + options.width, pool + options.width + 1};
        shuffle(block, rng);
        bool broken = false;
        for (int cell : block)
            if ((broken = layout.tryIsland(cell, image(cell), maxIsland))) break;
        if (!broken) return std::nullopt;
    }

    // Each island gets its size as a clue on a random cell; under a symmetry the image island gets its clue on
    // the image cell, and an island that is its own image needs a cell that is its own image.
    GeneratedNurikabe result{NurikabeGrid(options.height, options.width), NurikabeGrid(options.height, options.width), 0, {}};
    std::vector<bool> labelled(static_cast<std::size_t>(cells), false);
    std::vector<int> island, candidates;
    for (int cell = 0; cell < cells; ++cell) {
        result.solution.setState(cell, layout.island(cell) ? NurikabeCell::Island : NurikabeCell::River);
        if (!layout.island(cell) || labelled[static_cast<std::size_t>(cell)]) continue;
        const int size = layout.componentSize(cell, true);
        island.assign(layout.lastComponent().begin(), layout.lastComponent().begin() + size);
        for (int member : island) labelled[static_cast<std::size_t>(member)] = true;
        const bool ownImage = std::find(island.begin(), island.end(), image(cell)) != island.end();
        candidates.clear();
        for (int member : island)
            if (!ownImage || image(member) == member) candidates.push_back(member);
        if (candidates.empty()) return std::nullopt;
        const int clueCell = candidates[rng.below(static_cast<std::uint32_t>(candidates.size()))];
        result.clues.setClue(clueCell, size);
        result.solution.setClue(clueCell, size);
        if (ownImage) continue;
        const int imageClue = image(clueCell);
        result.clues.setClue(imageClue, size);
        result.solution.setClue(imageClue, size);
        const int imageSize = layout.componentSize(imageClue, true);
        for (int k = 0; k < imageSize; ++k) labelled[static_cast<std::size_t>(layout.lastComponent()[static_cast<std::size_t>(k)])] = true;
    }
    if (!result.solution.isSolved()) return std::nullopt;  // cannot happen by construction; never emit a bad puzzle
    return result;
}

}  // namespace

std::optional<GeneratedNurikabe> generateNurikabe(const NurikabeGeneratorOptions& options, std::uint64_t seed,
                                                  const std::atomic<bool>* stop, const AttemptCallback& onAttempt) {
    if (const std::string error = validateNurikabeGeneratorOptions(options); !error.empty())
        throw std::invalid_argument(error);
    Rng rng(seed);
    int layouts = 0, unproven = 0, unrated = 0;
    std::array<int, 4> tiers{};  // candidates with one solution of another tier
    for (int attempt = 1; attempt <= options.maxAttempts; ++attempt) {
        if (stopRequested(stop)) return std::nullopt;
        std::optional<GeneratedNurikabe> candidate = randomNurikabeLayout(options, rng);
        if (onAttempt) onAttempt(attempt);
        if (!candidate) continue;
        ++layouts;
        // The exact proof goes first: the rules with nested hypotheses can take long on a layout with several
        // solutions, and are quick on one with one.
        const SolutionCount solved = countSolutions(candidate->clues, 2, options.nodeLimit);
        unproven += !solved.decided && solved.found < 2;
        if (solved.found != 1 || !solved.decided) continue;
        candidate->rating = rateNurikabe(candidate->clues);
        if (options.level) {
            if (!candidate->rating) {
                ++unrated;
                continue;
            }
            if (const NurikabeLevel tier = nurikabeLevelOf(*candidate->rating); tier != *options.level) {
                ++tiers[static_cast<std::size_t>(tier)];
                continue;
            }
        }
        candidate->attempts = attempt;
        return candidate;
    }
    const std::string size = std::to_string(options.height) + "x" + std::to_string(options.width);
    if (!options.level)
        throw GenerationFailed("no " + size + " Nurikabe with one solution in " + std::to_string(options.maxAttempts) +
                               " attempts (" + std::to_string(layouts) + " layouts, " + std::to_string(unproven) +
                               " beyond the node limit); allow more attempts");
    std::string seen;
    for (NurikabeLevel tier : {NurikabeLevel::Easy, NurikabeLevel::Medium, NurikabeLevel::Hard, NurikabeLevel::Expert})
        seen += (seen.empty() ? "" : ", ") + std::to_string(tiers[static_cast<std::size_t>(tier)]) + " " +
                nurikabeLevelName(tier);
    throw GenerationFailed("no " + size + " " + nurikabeLevelName(*options.level) + " Nurikabe in " +
                           std::to_string(options.maxAttempts) + " attempts (" + std::to_string(layouts) +
                           " layouts; with one solution: " + seen + " and " + std::to_string(unrated) +
                           " beyond hypotheses 3 deep); allow more attempts or other island sizes");
}

std::string validateRandomRemoval(const SudokuGrid& solution, int clues) {
    if (!solution.isComplete())
        return "solution: not complete (" + std::to_string(solution.cellCount() - solution.filledCount()) +
               " empty of " + std::to_string(solution.cellCount()) + " cells); give a complete grid";
    if (solution.hasConflicts()) return "solution: the grid breaks a rule (a digit repeats in a row, column or box)";
    if (clues < 0 || clues > solution.cellCount())
        return "clues: " + std::to_string(clues) + " is out of range [0, " + std::to_string(solution.cellCount()) + "]";
    return "";
}

SudokuGrid removeCluesAtRandom(const SudokuGrid& solution, int clues, Rng& rng) {
    if (const std::string error = validateRandomRemoval(solution, clues); !error.empty())
        throw std::invalid_argument(error);
    std::vector<int> cells(static_cast<std::size_t>(solution.cellCount()));
    for (int cell = 0; cell < solution.cellCount(); ++cell) cells[static_cast<std::size_t>(cell)] = cell;
    // The first `clues` cells of a partial Fisher–Yates shuffle are a uniform random choice of that many.
    for (int k = 0; k < clues; ++k) {
        const auto pick = k + static_cast<int>(rng.below(static_cast<std::uint32_t>(solution.cellCount() - k)));
        std::swap(cells[static_cast<std::size_t>(k)], cells[static_cast<std::size_t>(pick)]);
    }
    SudokuGrid puzzle(solution.shape());
    for (int k = 0; k < clues; ++k) {
        const int cell = cells[static_cast<std::size_t>(k)];
        puzzle.setValue(cell, solution.value(cell));
    }
    return puzzle;
}

}  // namespace pw
