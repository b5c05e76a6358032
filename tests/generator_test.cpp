// The puzzle generator: every puzzle unique, symmetric as asked, graded as the `logic` algorithm grades it,
// minimal when asked, the same for the same seed; clue-count sweeps; Nurikabe; clear errors.

#include "study/generator.h"

#include "base/event_sinks.h"
#include "base/events.h"
#include "nurikabe/nurikabe_exact.h"
#include "sudoku/sudoku_exact.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <array>
#include <set>
#include <stdexcept>
#include <tuple>

namespace pw {
namespace {

SudokuShape shapeOfSize(int size) {
    SudokuShape shape;
    SudokuShape::fromSize(size, shape);
    return shape;
}

// The level the `logic` algorithm shows: every technique on, the first application of the easiest tier,
// no refutation; the hardest technique its explanations name, or search when it gets stuck.
SudokuLevel levelByLogicAlgorithm(const SudokuGrid& givens) {
    RecordingSink sink;
    const RunResult result = test::runAlgorithm(
        "logic", Puzzle{"generated", "generated", SudokuPuzzle{givens, std::nullopt}},
        test::parametersOf("logic", {{"choice", "first"}, {"refutation", "false"}}), 1, &sink, 0);
    if (result.outcome != Outcome::Solved) return SudokuLevel::Search;
    SudokuLevel hardest = SudokuLevel::Singles;
    for (const Event& event : sink.events()) {
        const auto* explanation = std::get_if<Explanation>(&event);
        if (!explanation) continue;
        for (Technique technique : {Technique::NakedSingle, Technique::HiddenSingle, Technique::Pointing,
                                    Technique::Claiming, Technique::NakedPair, Technique::HiddenPair})
            if (explanation->text.rfind(techniqueName(technique), 0) == 0)
                hardest = std::max(hardest, levelOfTechnique(technique));
    }
    return hardest;
}

void expectSound(const GeneratedSudoku& puzzle) {
    const SudokuSolveResult solved = solveSudoku(puzzle.givens, 2);
    ASSERT_EQ(solved.solutionCount, 1) << formatSudoku(puzzle.givens, SudokuTextStyle::Line);
    EXPECT_EQ(*solved.firstSolution, puzzle.solution);
    EXPECT_TRUE(puzzle.solution.keepsGivens(puzzle.givens));
    EXPECT_TRUE(puzzle.unique);
    EXPECT_FALSE(puzzle.uniquenessUndecided);
}

TEST(GeneratorTest, RandomSolvedGridsAreSolvedAndDiffer) {
    for (int size : {4, 6, 9, 16}) {
        Rng rng(7);
        const SudokuGrid first = randomSolvedSudoku(shapeOfSize(size), rng);
        const SudokuGrid second = randomSolvedSudoku(shapeOfSize(size), rng);
        EXPECT_TRUE(first.isSolved()) << size;
        EXPECT_TRUE(second.isSolved()) << size;
        EXPECT_FALSE(first == second) << size;
    }
}

TEST(GeneratorTest, OrbitsCoverEveryCellOnce) {
    const std::vector<std::pair<Symmetry, std::size_t>> expected = {
        {Symmetry::None, 81}, {Symmetry::Rotational, 41}, {Symmetry::Mirror, 45}, {Symmetry::Diagonal, 45}};
    for (const auto& [symmetry, count] : expected) {
        const auto orbits = symmetryOrbits(shapeOfSize(9), symmetry);
        EXPECT_EQ(orbits.size(), count) << symmetryName(symmetry);
        std::multiset<int> cells;
        for (const auto& orbit : orbits) cells.insert(orbit.begin(), orbit.end());
        EXPECT_EQ(cells.size(), 81u);
        EXPECT_EQ(std::set<int>(cells.begin(), cells.end()).size(), 81u);
    }
    // r1c2 and r9c8 are each other's image under the half-turn.
    const auto rotational = symmetryOrbits(shapeOfSize(9), Symmetry::Rotational);
    EXPECT_EQ(rotational[1], (std::vector<int>{1, 79}));
}

TEST(GeneratorTest, EveryPuzzleIsUniqueAndSymmetricAtEverySize) {
    for (int size : {4, 6, 9}) {
        for (Symmetry symmetry : {Symmetry::None, Symmetry::Rotational, Symmetry::Mirror, Symmetry::Diagonal}) {
            SudokuGeneratorOptions options;
            options.shape = shapeOfSize(size);
            options.symmetry = symmetry;
            for (std::uint64_t seed = 1; seed <= 4; ++seed) {
                const auto puzzle = generateSudoku(options, seed);
                ASSERT_TRUE(puzzle);
                expectSound(*puzzle);
                EXPECT_TRUE(hasSymmetricClues(puzzle->givens, symmetry))
                    << symmetryName(symmetry) << " " << formatSudoku(puzzle->givens, SudokuTextStyle::Line);
                EXPECT_LT(puzzle->givens.filledCount(), puzzle->givens.cellCount());
            }
        }
    }
    SudokuGeneratorOptions sixteen;
    sixteen.shape = shapeOfSize(16);
    sixteen.symmetry = Symmetry::Rotational;
    const auto puzzle = generateSudoku(sixteen, 3);
    ASSERT_TRUE(puzzle);
    ASSERT_EQ(solveSudoku(puzzle->givens, 2).solutionCount, 1);
    EXPECT_TRUE(hasSymmetricClues(puzzle->givens, Symmetry::Rotational));
}

TEST(GeneratorTest, LevelMatchesTheLogicAlgorithm) {
    std::set<SudokuLevel> seen;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        const auto puzzle = generateSudoku(SudokuGeneratorOptions{}, seed);
        ASSERT_TRUE(puzzle);
        EXPECT_EQ(puzzle->level, gradeSudoku(puzzle->givens));
        EXPECT_EQ(puzzle->level, levelByLogicAlgorithm(puzzle->givens))
            << formatSudoku(puzzle->givens, SudokuTextStyle::Line);
        seen.insert(puzzle->level);
    }
    EXPECT_GE(seen.size(), 2u);  // the sample is not all of one level, so the comparison means something
    EXPECT_EQ(gradeSudoku(test::sudokuFromLine(test::kAiEscargot)), SudokuLevel::Search);
    EXPECT_EQ(gradeSudoku(test::sudokuFromLine(test::kPillayFigure1)), SudokuLevel::Singles);
}

TEST(GeneratorTest, MakesEachLevelAsked) {
    for (SudokuLevel level : {SudokuLevel::Singles, SudokuLevel::Locked, SudokuLevel::Pairs, SudokuLevel::Search}) {
        SudokuGeneratorOptions options;
        options.level = level;
        options.symmetry = Symmetry::Rotational;
        for (std::uint64_t seed = 1; seed <= 2; ++seed) {
            const auto puzzle = generateSudoku(options, seed);
            ASSERT_TRUE(puzzle);
            expectSound(*puzzle);
            EXPECT_EQ(puzzle->level, level);
            EXPECT_EQ(levelByLogicAlgorithm(puzzle->givens), level) << sudokuLevelName(level);
            EXPECT_TRUE(hasSymmetricClues(puzzle->givens, Symmetry::Rotational));
        }
    }
}

TEST(GeneratorTest, MinimalPuzzlesNeedEveryClue) {
    SudokuGeneratorOptions options;
    options.minimal = true;
    options.level = SudokuLevel::Singles;
    const auto puzzle = generateSudoku(options, 11);
    ASSERT_TRUE(puzzle);
    expectSound(*puzzle);
    EXPECT_EQ(puzzle->level, SudokuLevel::Singles);
    for (int cell = 0; cell < 81; ++cell) {
        if (puzzle->givens.isEmpty(cell)) continue;
        SudokuGrid fewer = puzzle->givens;
        fewer.setValue(cell, 0);
        EXPECT_EQ(solveSudoku(fewer, 2).solutionCount, 2) << "clue at " << cellName(fewer.shape(), cell) << " could go";
    }
    // Under a symmetry every pair of clues is needed.
    options.symmetry = Symmetry::Diagonal;
    options.level.reset();
    const auto symmetric = generateSudoku(options, 12);
    ASSERT_TRUE(symmetric);
    for (const auto& orbit : symmetryOrbits(symmetric->givens.shape(), Symmetry::Diagonal)) {
        if (symmetric->givens.isEmpty(orbit.front())) continue;
        SudokuGrid fewer = symmetric->givens;
        for (int cell : orbit) fewer.setValue(cell, 0);
        EXPECT_EQ(solveSudoku(fewer, 2).solutionCount, 2);
    }
}

TEST(GeneratorTest, SameSeedSamePuzzle) {
    SudokuGeneratorOptions options;
    options.level = SudokuLevel::Locked;
    options.symmetry = Symmetry::Mirror;
    const auto first = generateSudoku(options, 42);
    const auto again = generateSudoku(options, 42);
    const auto other = generateSudoku(options, 43);
    ASSERT_TRUE(first && again && other);
    EXPECT_EQ(first->givens, again->givens);
    EXPECT_EQ(first->attempts, again->attempts);
    EXPECT_FALSE(first->givens == other->givens);

    NurikabeGeneratorOptions nurikabe;
    nurikabe.height = 6;
    nurikabe.width = 8;
    EXPECT_EQ(generateNurikabe(nurikabe, 5)->clues, generateNurikabe(nurikabe, 5)->clues);
}

TEST(GeneratorTest, SerateRangeIsTheRateMetric) {
    SudokuGeneratorOptions options;
    options.minSerate = 2;
    options.maxSerate = 40;
    options.serateRuns = 5;
    const auto puzzle = generateSudoku(options, 3);
    ASSERT_TRUE(puzzle);
    ASSERT_TRUE(puzzle->serate);
    EXPECT_GE(*puzzle->serate, 2);
    EXPECT_LE(*puzzle->serate, 40);
    EXPECT_DOUBLE_EQ(*puzzle->serate, rateWithLogicModel(puzzle->givens, 5, 1)->serate);
}

TEST(GeneratorTest, ClueSweepKeepsExactlyThatManyClues) {
    SudokuGeneratorOptions options;
    for (int clues : {35, 28}) {
        options.clues = clues;
        const auto puzzle = generateSudoku(options, 8);
        ASSERT_TRUE(puzzle);
        EXPECT_EQ(puzzle->givens.filledCount(), clues);
        expectSound(*puzzle);  // well above the minimal puzzles' clue counts: the pass stops while unique
    }
    options.clues = 15;  // below 17: never unique, flagged
    options.maxAttempts = 2;
    const auto sparse = generateSudoku(options, 8);
    ASSERT_TRUE(sparse);
    EXPECT_EQ(sparse->givens.filledCount(), 15);
    EXPECT_FALSE(sparse->unique);
    EXPECT_EQ(solveSudoku(sparse->givens, 2).solutionCount, 2);
    EXPECT_TRUE(sparse->solution.isSolved());
    EXPECT_TRUE(sparse->solution.keepsGivens(sparse->givens));

    options.clues = 25;
    options.symmetry = Symmetry::Rotational;
    const auto symmetric = generateSudoku(options, 9);
    ASSERT_TRUE(symmetric);
    EXPECT_EQ(symmetric->givens.filledCount(), 25);
    EXPECT_TRUE(hasSymmetricClues(symmetric->givens, Symmetry::Rotational));

    // A 4x4 grid has no centre cell: under the half-turn every orbit is a pair, so an odd count cannot be kept.
    options.shape = shapeOfSize(4);
    options.clues = 5;
    EXPECT_THROW(generateSudoku(options, 1), GenerationFailed);
}

TEST(GeneratorTest, UnreachableLevelFailsWithTheReason) {
    SudokuGeneratorOptions options;
    options.shape = shapeOfSize(4);
    options.level = SudokuLevel::Search;
    options.maxAttempts = 30;
    try {
        generateSudoku(options, 1);
        FAIL() << "a 4x4 puzzle needing search was reported";
    } catch (const GenerationFailed& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("'search'"), std::string::npos) << message;
        EXPECT_NE(message.find("30 attempts"), std::string::npos) << message;
        EXPECT_NE(message.find("singles 30"), std::string::npos) << message;
    }
}

TEST(GeneratorTest, BadOptionsNameTheOption) {
    SudokuGeneratorOptions options;
    options.clues = 82;
    EXPECT_EQ(validateSudokuGeneratorOptions(options).rfind("clues: 82 is out of range [0, 81]", 0), 0u)
        << validateSudokuGeneratorOptions(options);
    EXPECT_THROW(generateSudoku(options, 1), std::invalid_argument);
    options.clues = 30;
    options.level = SudokuLevel::Singles;
    EXPECT_EQ(validateSudokuGeneratorOptions(options).rfind("clues:", 0), 0u);
    options = {};
    options.minSerate = 5;
    options.maxSerate = 2;
    EXPECT_EQ(validateSudokuGeneratorOptions(options), "min-serate: must not exceed max-serate");
    options = {};
    options.shape = {3, 4};
    EXPECT_EQ(validateSudokuGeneratorOptions(options).rfind("size:", 0), 0u);
    EXPECT_TRUE(validateSudokuGeneratorOptions(SudokuGeneratorOptions{}).empty());

    NurikabeGeneratorOptions nurikabe;
    nurikabe.width = 11;
    EXPECT_EQ(validateNurikabeGeneratorOptions(nurikabe), "width: 11 is out of range [2, 10]");
    EXPECT_THROW(generateNurikabe(nurikabe, 1), std::invalid_argument);
    EXPECT_EQ(sudokuLevelFromName("pairs"), SudokuLevel::Pairs);
    EXPECT_FALSE(sudokuLevelFromName("hard"));
    EXPECT_EQ(symmetryFromName("diagonal"), Symmetry::Diagonal);
    EXPECT_FALSE(symmetryFromName("spiral"));
}

TEST(GeneratorTest, StopEndsWithNothing) {
    const std::atomic<bool> stop{true};
    EXPECT_FALSE(generateSudoku(SudokuGeneratorOptions{}, 1, &stop));
    EXPECT_FALSE(generateNurikabe(NurikabeGeneratorOptions{}, 1, &stop));
    int calls = 0;
    generateSudoku(SudokuGeneratorOptions{}, 1, nullptr, [&calls](int attempt) { calls = attempt; });
    EXPECT_EQ(calls, 1);
}

TEST(GeneratorTest, NurikabeIsUniqueAndSolved) {
    for (const auto& [height, width] : std::vector<std::pair<int, int>>{{2, 2}, {5, 5}, {7, 7}, {6, 9}, {10, 10}}) {
        NurikabeGeneratorOptions options;
        options.height = height;
        options.width = width;
        for (std::uint64_t seed = 1; seed <= 2; ++seed) {
            const auto puzzle = generateNurikabe(options, seed);
            ASSERT_TRUE(puzzle);
            EXPECT_EQ(puzzle->clues.height(), height);
            EXPECT_EQ(puzzle->clues.width(), width);
            EXPECT_TRUE(puzzle->solution.isSolved()) << puzzle->solution.solutionString();
            EXPECT_TRUE(puzzle->solution.sameClues(puzzle->clues));
            const NurikabeSolveResult solved = solveNurikabe(puzzle->clues, 2);
            EXPECT_EQ(solved.solutionCount, 1);
            EXPECT_FALSE(solved.nodeLimitHit);
            EXPECT_EQ(solved.firstSolution->solutionString(), puzzle->solution.solutionString());
        }
    }
}

// Graded Nurikabe at 10x10: ten puzzles of every tier, each rated in that tier by nurikabe-logic and proved
// unique by the exact solver, whose one solution is the generator's.
TEST(GeneratorTest, NurikabeTiersAreRatedAndUnique) {
    for (NurikabeLevel level : {NurikabeLevel::Easy, NurikabeLevel::Medium, NurikabeLevel::Hard, NurikabeLevel::Expert}) {
        NurikabeGeneratorOptions options;
        options.height = options.width = 10;
        options.level = level;
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            const auto puzzle = generateNurikabe(options, seed);
            ASSERT_TRUE(puzzle);
            const std::optional<NurikabeRating> rating = rateNurikabe(puzzle->clues);
            ASSERT_TRUE(rating) << nurikabeLevelName(level) << " seed " << seed;
            EXPECT_EQ(nurikabeLevelOf(*rating), level) << "seed " << seed << ": " << nurikabeRatingText(*rating);
            EXPECT_EQ(puzzle->rating->level, rating->level);
            const NurikabeSolveResult solved = solveNurikabe(puzzle->clues, 2);
            EXPECT_EQ(solved.solutionCount, 1) << nurikabeLevelName(level) << " seed " << seed;
            EXPECT_FALSE(solved.nodeLimitHit);
            EXPECT_EQ(solved.firstSolution->solutionString(), puzzle->solution.solutionString());
        }
    }
}

// The tiers cut the rating where the rule families change, and the text says both.
TEST(GeneratorTest, NurikabeTierOfARating) {
    EXPECT_EQ(nurikabeLevelOf({6, 2, 0}), NurikabeLevel::Easy);
    EXPECT_EQ(nurikabeLevelOf({7, 1, 0}), NurikabeLevel::Medium);
    EXPECT_EQ(nurikabeLevelOf({8, 1, 0}), NurikabeLevel::Medium);
    EXPECT_EQ(nurikabeLevelOf({9, 4, 0}), NurikabeLevel::Hard);
    EXPECT_EQ(nurikabeLevelOf({10, 1, 0}), NurikabeLevel::Hard);
    EXPECT_EQ(nurikabeLevelOf({12, 1, 2}), NurikabeLevel::Expert);
    EXPECT_EQ(nurikabeRatingText({9, 4, 0}), "9 (hard) · " + std::string(nurikabeTechniqueName(NurikabeTechnique::IslandWalls)) + " ×4");
    EXPECT_EQ(nurikabeRatingText({12, 1, 2}), "12 (expert) · hypotheses 2 deep");
    EXPECT_EQ(nurikabeLevelFromName("hard"), NurikabeLevel::Hard);
    EXPECT_FALSE(nurikabeLevelFromName("pairs"));
}

// Symmetric clue patterns: every clue cell's image is a clue cell, for each symmetry, and the puzzle stays unique.
TEST(GeneratorTest, NurikabeCluesFollowTheSymmetry) {
    for (const auto& [symmetry, height, width] :
         std::vector<std::tuple<Symmetry, int, int>>{{Symmetry::Rotational, 10, 10}, {Symmetry::Rotational, 7, 9},
                                                     {Symmetry::Mirror, 8, 7}, {Symmetry::Diagonal, 9, 9}}) {
        NurikabeGeneratorOptions options;
        options.height = height;
        options.width = width;
        options.symmetry = symmetry;
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            const auto puzzle = generateNurikabe(options, seed);
            ASSERT_TRUE(puzzle);
            for (int cell = 0; cell < puzzle->clues.cellCount(); ++cell) {
                const int row = cell / width, column = cell % width;
                const int image = symmetry == Symmetry::Rotational ? (height - 1 - row) * width + (width - 1 - column)
                                  : symmetry == Symmetry::Mirror   ? row * width + (width - 1 - column)
                                                                   : column * width + row;
                EXPECT_EQ(puzzle->clues.clue(cell) > 0, puzzle->clues.clue(image) > 0)
                    << symmetryName(symmetry) << " seed " << seed << " cell " << cell;
            }
            EXPECT_EQ(solveNurikabe(puzzle->clues, 2).solutionCount, 1);
        }
    }
    NurikabeGeneratorOptions oblong;
    oblong.height = 6;
    oblong.width = 8;
    oblong.symmetry = Symmetry::Diagonal;
    EXPECT_EQ(validateNurikabeGeneratorOptions(oblong), "symmetry: diagonal needs a square grid (6x8 is not)");
}

// An honest "not found": a tier out of reach at a size ends with what the candidates were.
TEST(GeneratorTest, NurikabeTierOutOfReachSaysWhatWasFound) {
    NurikabeGeneratorOptions options;
    options.height = options.width = 2;  // the rules about neighbours decide every 2x2
    options.level = NurikabeLevel::Medium;
    options.maxAttempts = 200;
    try {
        generateNurikabe(options, 1);
        FAIL() << "a 2x2 needing reach was made";
    } catch (const GenerationFailed& failed) {
        EXPECT_STREQ(failed.what(), "no 2x2 medium Nurikabe in 200 attempts (200 layouts; with one solution: 200 easy, "
                                    "0 medium, 0 hard, 0 expert and 0 beyond hypotheses 3 deep); allow more attempts "
                                    "or other island sizes");
    }
}

// Plain random removal (Chel et al.'s Table 3 protocol): exactly N clues, all taken from the grid, a uniform
// choice of cells (every cell is kept about N/81 of the time over many seeds), the same seed the same puzzle,
// and uniqueness not asked for — 17 clues of a random grid almost never leave one solution.
TEST(GeneratorTest, RandomRemovalKeepsNCluesOfTheSolution) {
    Rng gridRng(5);
    const SudokuGrid solution = randomSolvedSudoku(SudokuShape{}, gridRng);
    std::array<int, 81> kept{};
    int unique = 0;
    for (std::uint64_t seed = 1; seed <= 400; ++seed) {
        Rng rng(seed);
        const SudokuGrid puzzle = removeCluesAtRandom(solution, 17, rng);
        ASSERT_EQ(puzzle.filledCount(), 17);
        for (int cell = 0; cell < 81; ++cell)
            if (!puzzle.isEmpty(cell)) {
                EXPECT_EQ(puzzle.value(cell), solution.value(cell));
                ++kept[static_cast<std::size_t>(cell)];
            }
        if (seed <= 20) unique += solveSudoku(puzzle, 2).solutionCount == 1;
        Rng again(seed);
        EXPECT_EQ(removeCluesAtRandom(solution, 17, again), puzzle);
    }
    // 400 draws of 17 of 81 cells: each cell expected 84 times, standard deviation about 8.
    for (int count : kept) {
        EXPECT_GT(count, 84 - 40);
        EXPECT_LT(count, 84 + 40);
    }
    EXPECT_LT(unique, 20);
    Rng rng(1);
    EXPECT_EQ(removeCluesAtRandom(solution, 81, rng), solution);
    EXPECT_EQ(removeCluesAtRandom(solution, 0, rng).filledCount(), 0);
}

TEST(GeneratorTest, RandomRemovalRejectsBadRequestsClearly) {
    Rng gridRng(6);
    const SudokuGrid solution = randomSolvedSudoku(SudokuShape{}, gridRng);
    EXPECT_EQ(validateRandomRemoval(solution, 30), "");
    EXPECT_EQ(validateRandomRemoval(solution, 82), "clues: 82 is out of range [0, 81]");
    EXPECT_EQ(validateRandomRemoval(solution, -1), "clues: -1 is out of range [0, 81]");
    SudokuGrid incomplete = solution;
    incomplete.setValue(40, 0);
    EXPECT_EQ(validateRandomRemoval(incomplete, 30), "solution: not complete (1 empty of 81 cells); give a complete grid");
    SudokuGrid broken = solution;
    broken.setValue(0, solution.value(1));
    EXPECT_NE(validateRandomRemoval(broken, 30).find("breaks a rule"), std::string::npos);
    Rng rng(1);
    EXPECT_THROW(removeCluesAtRandom(incomplete, 30, rng), std::invalid_argument);
}

}  // namespace
}  // namespace pw
