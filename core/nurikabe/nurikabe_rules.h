#pragma once
// Human-style Nurikabe reasoning: the named rules a person uses, each application described in words with the
// cells it rests on, a bounded hypothesis (assume, propagate, refute) when they run out, a rating from the
// hardest rule a solve needs, and graded hints. nurikabe_rules.cpp defines every rule exactly.

#include "nurikabe/nurikabe.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pw {

// In the order a solver tries them, easiest first; the order is also the rating's scale.
enum class NurikabeTechnique : std::uint8_t {
    ClueOfOne,         // a clue of 1 is a whole island: its neighbours are river
    CompleteIsland,    // an island with all its cells is walled in by river
    BetweenClues,      // an undecided cell touching two islands with clues is river
    NoPool,            // three river cells of a 2x2 block make the fourth island
    IslandOneWay,      // an unfinished island with one way out grows through it
    RiverOneWay,       // a river piece with one way out, while the river is not whole, extends through it
    Unreachable,       // a cell no unfinished island can reach is river
    RiverCutOff,       // a cell that as island would cut the river apart (or leave it too little room) is river
    IslandWalls,       // a cell bordering every completion of an unfinished island is river
    IslandCompletion,  // a cell without which an island cannot get its missing cells is island
    Hypothesis,        // assume a cell's colour, propagate the rules, refute the assumption
};
inline constexpr int kNurikabeTechniqueCount = 11;
const char* nurikabeTechniqueName(NurikabeTechnique technique);  // "no 2x2 pool"
const char* nurikabeTechniqueRule(NurikabeTechnique technique);  // the rule in one sentence

// Why a grid cannot be completed: "a 2x2 pool of river at r3c4", with the cells it is about.
struct NurikabeContradiction {
    std::string text;
    std::vector<int> cells;
};

// One application of a rule: what it decides and what it rests on.
struct NurikabeDeduction {
    NurikabeTechnique technique = NurikabeTechnique::ClueOfOne;
    std::vector<int> cells;                       // the cells decided, ascending
    NurikabeCell value = NurikabeCell::River;     // what they become
    std::vector<int> reasons;                     // the cells the reasoning rests on (the island, the pool ...)
    int subject = -1;                             // the island's clue, the river piece's first cell, the block ...
    int need = 0;                                 // island rules: cells the island still needs
    int reach = 0;                                // island completion, river cut off: cells reached without it
    int completions = 0;                          // island walls and completion: the valid completions listed
    // Hypothesis only: the refuted assumption (the opposite of `value`), how deep hypotheses were nested to
    // refute it (1: the rules alone), how many deductions the refutation took and where it ended.
    int depth = 0;
    int propagated = 0;
    NurikabeContradiction contradiction;

    // The whole deduction: "no 2x2 pool: r4c4, r4c5 and r5c4 are river, so r5c5 is island".
    std::string explanation(const NurikabeGrid& grid) const;
    // The rule and where to look, without the result: "no 2x2 pool: look at the 2x2 block at r4c4".
    std::string region(const NurikabeGrid& grid) const;
};

// The reasoning engine for one puzzle. It keeps its scratch space from call to call, so a solve allocates
// little after the first step. Not thread-safe: one per thread.
class NurikabeReasoner {
public:
    explicit NurikabeReasoner(const NurikabeGrid& clues);

    // Why `grid` (the clues with some cells decided) cannot be completed, or nothing when the rules see no
    // reason.
    std::optional<NurikabeContradiction> contradiction(const NurikabeGrid& grid);
    // The first application, in reading order, of the easiest rule that applies; a hypothesis nested at most
    // `maxDepth` deep when none does (0: no hypotheses); nothing when stuck or contradicted.
    std::optional<NurikabeDeduction> next(const NurikabeGrid& grid, int maxDepth);
    // Rule applications made while trying hypotheses (each propagation's deductions), since construction.
    std::uint64_t trialDeductions() const { return m_trialDeductions; }

private:
    struct Piece {
        int first = 0;  // its cells are m_islandCells / m_riverCells [first, first + size)
        int size = 0;
        int clueCell = -1;
        int clueCount = 0;
        int clue = 0;
    };
    struct Found;
    template <class Sink> bool findRules(Sink& sink, bool withCompletion);
    template <class Sink> bool findConfinements(Sink& sink);
    struct Propagation {
        bool contradicted = false;
        int deductions = 0;
    };

    struct Completions {
        int count = 0;  // the valid completions; -1 when there were too many to list
        std::pair<int, int> used{0, 0};   // [first, last) in m_usedByAll
        std::pair<int, int> walls{0, 0};  // [first, last) in m_wallsOfAll
    };
    static constexpr int kMaxShapes = 2000;

    void analyse(const NurikabeGrid& grid);
    void enumerateCompletions();
    bool mayJoin(int cell, int piece) const;
    void growCompletion(int need, std::vector<int> untried, int seenStamp);
    void checkCompletion();
    bool findContradiction(NurikabeContradiction* out);
    int reachFrom(int piece, int blocked, bool record);
    int riverReach(int blocked, int& firstCutOff);
    bool touchesOtherClue(int cell, int piece) const;
    const std::vector<int>& exitsOf(const Piece& piece, const std::vector<int>& cells);
    bool isUnfinished(const Piece& piece) const;
    Propagation propagate(NurikabeGrid& grid, int depth, NurikabeContradiction* last);
    std::optional<NurikabeDeduction> hypothesis(const NurikabeGrid& grid, int depth);

    int m_width = 0;
    int m_cellCount = 0;
    int m_islandTotal = 0;  // the clues' sum
    int m_riverTotal = 0;
    std::vector<std::array<int, 4>> m_neighbours;  // up, right, down, left; -1 off the grid

    // The analysis of the grid last analysed.
    const NurikabeGrid* m_grid = nullptr;
    std::vector<int> m_islandOf, m_riverOf;
    std::vector<Piece> m_islands, m_rivers;
    std::vector<int> m_islandCells, m_riverCells;
    int m_riverCount = 0;
    int m_islandCount = 0;
    int m_unknownCount = 0;
    std::vector<int> m_reachers;     // per cell: how many unfinished clued islands reach it
    std::vector<int> m_pieceReach;   // per island piece: the cells its walk reaches (unfinished clued only)

    // The completions of the pieces (enumerateCompletions).
    std::vector<Completions> m_completions;
    std::vector<int> m_usedByAll, m_wallsOfAll;
    int m_enumerating = -1;
    int m_shapesTried = 0;
    int m_validShapes = 0;
    int m_shapeStamp = 0;
    std::vector<int> m_shape, m_touched, m_walls, m_seen, m_inShape, m_usedCount, m_wallCount;

    // Scratch space.
    std::vector<int> m_mark;
    int m_markStamp = 0;
    std::vector<int> m_distance, m_queue, m_exits, m_walk, m_cells, m_reasons;
    std::vector<std::pair<int, NurikabeCell>> m_pending;
    std::vector<NurikabeGrid> m_trials;              // per hypothesis depth
    std::vector<std::vector<int>> m_candidates;      // per hypothesis depth
    std::uint64_t m_trialDeductions = 0;
};

void applyDeduction(NurikabeGrid& grid, const NurikabeDeduction& deduction);

// A whole solve by the rules, each step the easiest deduction, hypotheses nested at most `maxDepth` deep.
struct NurikabeLogicSolve {
    bool solved = false;  // every cell decided and the grid obeys every rule
    NurikabeGrid grid;    // where the rules got to
    std::array<int, kNurikabeTechniqueCount> stepsBy{};  // steps taken by each technique
    int steps = 0;
    int deepestHypothesis = 0;  // 0: no hypothesis was needed
    std::string stuck;          // why it stopped, when not solved
    // The hardest technique used, or nothing for a grid the clues decide alone.
    std::optional<NurikabeTechnique> hardest() const;
};
NurikabeLogicSolve solveNurikabeByLogic(const NurikabeGrid& clues, int maxDepth);

// The rating: the hardest rule a solve needs (1 = clue of 1 ... 10 = island completion; 10 + d for a hypothesis
// nested d deep), the steps that needed it, and the hypothesis depth. Nothing when the rules and hypotheses up
// to kNurikabeRatingDepth do not solve the puzzle.
inline constexpr int kNurikabeRatingDepth = 3;
struct NurikabeRating {
    int level = 0;
    int hardestSteps = 0;
    int hypothesisDepth = 0;
};
std::optional<NurikabeRating> rateNurikabe(const NurikabeGrid& clues);
// The rating of a solve that ended solved.
NurikabeRating nurikabeRatingOf(const NurikabeLogicSolve& solve);

// A hint against a player's grid: a cell that differs from the solution comes first; then the next deduction.
struct NurikabeHint {
    enum class Kind { Mistake, Step, Solved, NoSolution };
    Kind kind = Kind::Step;
    std::string text;        // the sentence for `level`
    std::vector<int> cells;  // the cells to outline at `level` (none at level 1)
    std::optional<NurikabeDeduction> deduction;
};
// `level` 1 names the rule, 2 the rule and the region it is about, 3 the whole deduction.
NurikabeHint nurikabeHint(const NurikabeGrid& clues, const NurikabeGrid& current, int level);

}  // namespace pw
