// The simulated human solver (metric `human-time`) against values worked by hand, and its calibration.

#include "base/rng.h"
#include "study/calibration.h"
#include "sudoku/human_model.h"

#include "test_support.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pw {
namespace {

using Kind = HumanModelStep::Kind;

// The 4x4 grid 1234/3412/2143/4321 with r1c1 (1) and r1c3 (3) empty. Before the first step both empty cells
// are naked singles, and each missing digit has one place in row 1, in its column and in its box: 2 naked
// singles, 6 hidden-single applications of which 2 in boxes, 2 empty cells. Whichever is placed, the other
// cell is then a naked single and its digit has one place in its row, column and box: 1 naked, 3 hidden (1 in
// its box), 1 empty.
const std::string kTwoEmptyCells = ".2.4341221434321";

TEST(HumanModelTest, ATwoStepSolveIsPricedAsWorkedByHand) {
    const auto trace = traceHumanModel(test::sudokuFromLine(kTwoEmptyCells), 3, 7);
    ASSERT_TRUE(trace);
    EXPECT_EQ(trace->startEmpty, 2);
    ASSERT_EQ(trace->runs.size(), 3u);
    const std::vector<HumanModelStep> expected = {{Kind::Single, 2, 2, 6, 2, 0, 0},
                                                  {Kind::Single, 1, 1, 3, 1, 0, 0}};
    for (const auto& run : trace->runs) EXPECT_EQ(run, expected);

    // ν = 1, λ = 1, γ = 1: 2/(6+2) + 1/(3+1) = 0.5.
    EXPECT_DOUBLE_EQ(humanPredictedTime(*trace, {1, 1, 1, 0, 0, 0}), 0.5);
    // ν = 0.5: 2/(6+1) + 1/(3+0.5) = 4/7.
    EXPECT_DOUBLE_EQ(humanPredictedTime(*trace, {0.5, 1, 1, 0, 0, 0}), 4.0 / 7.0);
    // λ = 0.5: 2/(2 + 0.5*4 + 2) + 1/(1 + 0.5*2 + 1) = 1/3 + 1/3.
    EXPECT_DOUBLE_EQ(humanPredictedTime(*trace, {1, 0.5, 1, 0, 0, 0}), 2.0 / 3.0);
    // γ = 2 and τ = 3 for each of the 2 digits written: (1/4)^2 + (1/4)^2 + 6 = 6.125.
    EXPECT_DOUBLE_EQ(humanPredictedTime(*trace, {1, 1, 2, 0, 0, 3}), 6.125);
}

TEST(HumanModelTest, TechniqueAndRefutationStepsCostAFruitlessScanAndTheirOwnWork) {
    const HumanModelParameters p{0.25, 1, 1, 3, 2, 0};
    // 40 empty cells, 4 locked-candidate applications on offer: 40 + 3 * 40/4 = 70.
    EXPECT_DOUBLE_EQ(humanStepTime({Kind::Technique, 40, 0, 0, 0, 4, 0}, p), 70);
    // 50 empty cells, a refutation that took 7 singles: 50 + 2 * 7 = 64.
    EXPECT_DOUBLE_EQ(humanStepTime({Kind::Refutation, 50, 0, 0, 0, 0, 7}, p), 64);
    // A lone naked single among 30 empty cells, hidden singles none: (30 / 0.25)^1 = 120.
    EXPECT_DOUBLE_EQ(humanStepTime({Kind::Single, 30, 1, 0, 0, 0, 0}, p), 120);
}

TEST(HumanModelTest, AHardPuzzleNeedsTechniquesOrRefutationAndEveryRunFillsTheGrid) {
    // Sato and Inoue's "difficult 24": singles get stuck on it.
    const SudokuGrid givens =
        test::sudokuFromLine("...4.7.....1...7..4.......3.2.3.9.4..4..1..9...6...8..5.......8.84.6.53.3.......2");
    const auto trace = traceHumanModel(givens, 4, 3);
    ASSERT_TRUE(trace);
    int beyondSingles = 0;
    for (const auto& run : trace->runs) {
        int placements = 0;
        for (const auto& step : run) {
            placements += step.kind != Kind::Technique;
            beyondSingles += step.kind != Kind::Single;
        }
        EXPECT_EQ(placements, trace->startEmpty);
    }
    EXPECT_GT(beyondSingles, 0);
    const auto again = traceHumanModel(givens, 4, 3);
    EXPECT_EQ(again->runs, trace->runs);
    // Harder than a puzzle singles solve at once, under the default parameters.
    const auto easy = traceHumanModel(test::sudokuFromLine(kTwoEmptyCells), 4, 3);
    EXPECT_GT(humanPredictedTime(*trace, defaultHumanModelParameters()),
              humanPredictedTime(*easy, defaultHumanModelParameters()));
}

TEST(HumanModelTest, GivensWithoutASolutionHaveNoTrace) {
    EXPECT_FALSE(traceHumanModel(test::sudokuFromLine("11.............."), 3, 1));
    EXPECT_FALSE(traceHumanModel(test::sudokuFromLine(kTwoEmptyCells), 0, 1));
}

TEST(CalibrationTest, TheHoldOutAndTheFoldsAreFixedByThePuzzleAlone) {
    int heldOut = 0;
    std::vector<int> perFold(5);
    for (int i = 0; i < 5000; ++i) {
        const std::string key = "puzzle " + std::to_string(i);
        EXPECT_EQ(isHeldOut(key), isHeldOut(std::string(key)));
        heldOut += isHeldOut(key);
        ++perFold[static_cast<std::size_t>(crossValidationFold(key, 5))];
    }
    EXPECT_NEAR(heldOut, 1000, 100);  // one in five
    for (const int count : perFold) EXPECT_NEAR(count, 1000, 100);
}

// Solves whose human value is the model's own time under known parameters: the fit must rank them alike on
// the puzzles it never saw.
TEST(CalibrationTest, AFitRecoversTheRankingOfTimesTheModelItselfMade) {
    const HumanModelParameters truth{1.5, 0.5, 2, 0, 6, 0.5};
    Rng rng(5);
    std::vector<CalibrationSample> samples;
    for (int i = 0; i < 300; ++i) {
        HumanModelTrace trace;
        trace.startEmpty = 40 + static_cast<int>(rng.below(25));
        trace.runs.emplace_back();
        for (int empty = trace.startEmpty; empty > 0; --empty) {
            if (rng.below(20) == 0)
                trace.runs[0].push_back({Kind::Refutation, empty, 0, 0, 0, 0, static_cast<int>(rng.below(30))});
            else {
                const int hidden = 1 + static_cast<int>(rng.below(12));
                trace.runs[0].push_back({Kind::Single, empty, static_cast<int>(rng.below(6)), hidden,
                                         static_cast<int>(rng.below(static_cast<std::uint32_t>(hidden + 1))), 0, 0});
            }
        }
        const double human = humanPredictedTime(trace, truth);
        samples.push_back({"synthetic " + std::to_string(i), std::move(trace), human});
    }
    const Calibration calibration = calibrateHumanModel(samples, 4);
    ASSERT_EQ(calibration.foldResults.size(), 4u);
    int tested = 0;
    for (const auto& fold : calibration.foldResults) {
        tested += fold.tested;
        EXPECT_EQ(fold.fitted + fold.tested, calibration.inSample.n);
        EXPECT_GT(fold.outOfSample, 0.97);
    }
    EXPECT_EQ(tested, calibration.inSample.n);
    EXPECT_EQ(calibration.inSample.n + calibration.heldOut.n, 300);
    EXPECT_GT(calibration.heldOut.r, 0.97);
    EXPECT_GT(calibration.heldOut.r, calibration.defaults.r);
    EXPECT_GT(calibration.meanOutOfSample, 0.97);

    std::vector<CalibrationSample> few(samples.begin(), samples.begin() + 10);
    EXPECT_THROW(calibrateHumanModel(few, 4), std::invalid_argument);
}

}  // namespace
}  // namespace pw
