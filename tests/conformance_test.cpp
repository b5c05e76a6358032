// The bundled library under puzzles/ is a conformance corpus: every registered algorithm runs over every
// puzzle of a kind it supports. Exact algorithms must match the known solutions and solution counts;
// stochastic ones must return a valid grid or report failure honestly.

#include "engine/runner.h"
#include "nurikabe/nurikabe_exact.h"
#include "sudoku/sudoku_exact.h"

#include "algorithms/registry.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace pw {
namespace {

struct CorpusPuzzle {
    Puzzle puzzle;
    bool expectMultiple;  // files under a folder named multiple_solutions
};

const std::vector<CorpusPuzzle>& corpus() {
    static const std::vector<CorpusPuzzle> puzzles = [] {
        std::vector<CorpusPuzzle> all;
        std::vector<std::filesystem::path> files;
        // puzzles/human holds the human-data sets of the difficulty lab, not conformance cases.
        for (const auto& entry : std::filesystem::recursive_directory_iterator(test::puzzlesDir()))
            if (entry.is_regular_file() && entry.path().extension() != ".md" &&
                entry.path().parent_path().filename() != "human")
                files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        for (const auto& file : files) {
            const auto collection = loadPuzzleFile(file.string());
            EXPECT_TRUE(collection.errors.empty()) << file << ": " << collection.errors.front().toString();
            const bool multiple = file.parent_path().filename() == "multiple_solutions";
            for (const auto& puzzle : collection.puzzles) all.push_back({puzzle, multiple});
        }
        return all;
    }();
    return puzzles;
}

TEST(ConformanceTest, CorpusIsLargeAndVaried) {
    int sudoku = 0, nurikabe = 0, shapes[17] = {};
    for (const auto& item : corpus()) {
        if (item.puzzle.kind() == PuzzleKind::Sudoku) {
            ++sudoku;
            ++shapes[item.puzzle.sudoku().givens.size()];
        } else {
            ++nurikabe;
        }
    }
    EXPECT_GE(sudoku, 350);
    EXPECT_GE(nurikabe, 40);
    EXPECT_GT(shapes[4], 0);
    EXPECT_GT(shapes[6], 0);
    EXPECT_GT(shapes[9], 0);
    EXPECT_GT(shapes[16], 0);
}

TEST(ConformanceTest, SolutionCountsMatch) {
    for (const auto& item : corpus()) {
        const Puzzle& puzzle = item.puzzle;
        if (puzzle.kind() == PuzzleKind::Sudoku) {
            const auto result = solveSudoku(puzzle.sudoku().givens, 2);
            EXPECT_EQ(result.solutionCount, item.expectMultiple ? 2 : 1) << puzzle.origin;
            if (puzzle.sudoku().solution && result.firstSolution) {
                EXPECT_EQ(*result.firstSolution, *puzzle.sudoku().solution) << puzzle.origin;
            }
        } else {
            const auto result = solveNurikabe(puzzle.nurikabe().clues, 2);
            EXPECT_EQ(result.solutionCount, 1) << puzzle.origin;
            if (puzzle.nurikabe().solution && result.firstSolution) {
                EXPECT_EQ(result.firstSolution->solutionString(), puzzle.nurikabe().solution->solutionString())
                    << puzzle.origin;
            }
        }
    }
}

class ConformanceAlgorithmTest : public ::testing::TestWithParam<std::string> {};

TEST_P(ConformanceAlgorithmTest, RunsOverTheWholeCorpus) {
    const AlgorithmEntry& entry = *findAlgorithm(GetParam());
    const ParameterValues parameters(entry.info.parameters);
    const bool exact = entry.info.family == AlgorithmFamily::Exact;
    int ran = 0, solved = 0;
    for (const auto& item : corpus()) {
        const Puzzle& puzzle = item.puzzle;
        if (!entry.info.supports(puzzle.kind())) continue;
        auto algorithm = entry.create();
        StopConditions stop;
        stop.add(stepLimit(exact ? 200'000 : 20'000));
        // A step of a population algorithm is a whole generation (tens of evaluations), so stochastic runs are
        // bounded by evaluations too; one-evaluation-per-step searches never reach this bound.
        if (!exact) stop.add(evaluationLimit(2'000));
        const RunResult result = Runner(*algorithm, puzzle, parameters, 1, nullptr, std::move(stop)).runToEnd();
        ++ran;
        // Honest reporting: "solved" exactly when the independent check accepts the final board.
        EXPECT_EQ(result.outcome == Outcome::Solved, result.valid) << entry.info.id << " " << puzzle.origin;
        if (result.outcome != Outcome::Solved) {
            EXPECT_GT(result.bestCost, 0) << entry.info.id << " " << puzzle.origin;
            continue;
        }
        ++solved;
        if (!exact || item.expectMultiple) continue;
        if (puzzle.kind() == PuzzleKind::Sudoku && puzzle.sudoku().solution) {
            EXPECT_EQ(std::get<SudokuGrid>(result.finalBoard), *puzzle.sudoku().solution) << puzzle.origin;
        }
        if (puzzle.kind() == PuzzleKind::Nurikabe && puzzle.nurikabe().solution) {
            EXPECT_EQ(std::get<NurikabeGrid>(result.finalBoard).solutionString(),
                      puzzle.nurikabe().solution->solutionString())
                << puzzle.origin;
        }
    }
    EXPECT_GT(ran, 0);
    if (entry.info.id == "exact") {
        EXPECT_EQ(solved, ran);
    }
    RecordProperty("solved", solved);
    RecordProperty("ran", ran);
}

// Every cost sample carries exactly the parts the algorithm declares, in a number the trace writer and the
// charts can name; and the declared parts sum to the current cost where the algorithm says they make it up.
TEST_P(ConformanceAlgorithmTest, CostSamplesCarryTheDeclaredParts) {
    const AlgorithmEntry& entry = *findAlgorithm(GetParam());
    const ParameterValues parameters(entry.info.parameters);
    int samples = 0;
    for (const PuzzleKind kind : entry.info.kinds) {
        const auto item = std::find_if(corpus().begin(), corpus().end(),
                                       [kind](const auto& candidate) { return candidate.puzzle.kind() == kind; });
        ASSERT_NE(item, corpus().end());
        const Puzzle& puzzle = item->puzzle;
        auto algorithm = entry.create();
        RecordingSink sink;
        StopConditions stop;
        stop.add(stepLimit(300));
        stop.add(evaluationLimit(2'000));
        Runner(*algorithm, puzzle, parameters, 1, &sink, std::move(stop)).runToEnd();
        for (const Event& event : sink.events()) {
            const auto* cost = std::get_if<CostSample>(&event);
            if (!cost) continue;
            ++samples;
            ASSERT_EQ(cost->parts.size(), entry.info.costParts.size()) << entry.info.id << " at " << cost->at.steps;
        }
    }
    EXPECT_GT(samples, 0) << entry.info.id << " reports no cost";
}

INSTANTIATE_TEST_SUITE_P(EveryAlgorithm, ConformanceAlgorithmTest, ::testing::ValuesIn(test::algorithmIds()),
                         test::testNameOf);

}  // namespace
}  // namespace pw
