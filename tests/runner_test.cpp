#include "engine/runner.h"

#include "algorithms/registry.h"
#include "test_support.h"

#include <gtest/gtest.h>

namespace pw {
namespace {

// A fake would test nothing of the contract: these tests drive the real `backtracking` algorithm.
std::unique_ptr<Algorithm> backtracking() { return findAlgorithm("backtracking")->create(); }
ParameterValues defaults(const char* id) { return ParameterValues(findAlgorithm(id)->info.parameters); }
// The stop conditions of a run that tests one condition alone.
StopConditions only(std::unique_ptr<StopCondition> condition) {
    StopConditions stop;
    stop.add(std::move(condition));
    return stop;
}

TEST(RunnerTest, SolvedRunEndsWithAValidFinishedEvent) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kPillayFigure1);
    auto algorithm = backtracking();
    RecordingSink sink;
    Runner runner(*algorithm, puzzle, defaults("backtracking"), 7, &sink, {});
    const RunResult result = runner.runToEnd();
    EXPECT_EQ(result.outcome, Outcome::Solved);
    EXPECT_TRUE(result.valid);
    EXPECT_EQ(result.bestCost, 0);
    ASSERT_FALSE(sink.events().empty());
    const auto* finished = std::get_if<Finished>(&sink.events().back());
    ASSERT_NE(finished, nullptr);
    EXPECT_EQ(finished->outcome, Outcome::Solved);
    EXPECT_TRUE(finished->valid);
    EXPECT_EQ(finished->at, result.counters);
    EXPECT_FALSE(runner.advance());
}

TEST(RunnerTest, StepBudgetStopsTheRun) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
    auto algorithm = backtracking();
    Runner runner(*algorithm, puzzle, defaults("backtracking"), 1, nullptr, only(stepLimit(25)));
    const RunResult result = runner.runToEnd();
    EXPECT_EQ(result.outcome, Outcome::BudgetExhausted);
    EXPECT_EQ(result.counters.steps, 25u);
    EXPECT_EQ(result.reason, "step budget of 25 reached");
    EXPECT_FALSE(result.valid);
}

TEST(RunnerTest, AdvanceByTakesBurstsAndStopsAtTheBudget) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
    auto algorithm = backtracking();
    Runner runner(*algorithm, puzzle, defaults("backtracking"), 1, nullptr, only(stepLimit(25)));
    EXPECT_TRUE(runner.advanceBy(10));
    EXPECT_EQ(algorithm->counters().steps, 10u);
    EXPECT_TRUE(runner.advanceBy(10));
    EXPECT_FALSE(runner.advanceBy(10));  // the budget ends the run inside this burst
    EXPECT_TRUE(runner.finished());
    EXPECT_EQ(runner.result().counters.steps, 25u);
    EXPECT_FALSE(runner.advanceBy(10));
}

// Counts how often the runner asks a step budget, to see that it asks only when the budget can fire.
class CountedStepLimit : public StopCondition {
public:
    CountedStepLimit(std::uint64_t steps, int& checks) : m_limit(stepLimit(steps)), m_checks(checks) {}
    std::optional<StopVerdict> check(const RunProgress& progress) override {
        ++m_checks;
        return m_limit->check(progress);
    }
    std::uint64_t stepsBeforeItCanFire(const RunProgress& progress) const override {
        return m_limit->stepsBeforeItCanFire(progress);
    }

private:
    std::unique_ptr<StopCondition> m_limit;
    int& m_checks;
};

TEST(RunnerTest, ConditionsAreAskedOnlyWhenTheyCanFireAndEndOnTheSameStep) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
    int checks = 0;
    auto algorithm = backtracking();
    const RunResult result = Runner(*algorithm, puzzle, defaults("backtracking"), 1, nullptr,
                                    only(std::make_unique<CountedStepLimit>(5000, checks)))
                                 .runToEnd();
    EXPECT_EQ(result.counters.steps, 5000u);
    EXPECT_EQ(checks, 1);  // asked once, at step 5,000

    // An evaluation budget is asked when the algorithm's evaluations per step could have reached it, and a
    // run ends on the same step whether it is advanced one step at a time or in one burst.
    const auto stopAtEvaluations = [] {
        StopConditions conditions;
        conditions.add(stepLimit(100000)).add(evaluationLimit(300));
        return conditions;
    };
    auto burst = backtracking();
    const RunResult inOneBurst =
        Runner(*burst, puzzle, defaults("backtracking"), 3, nullptr, stopAtEvaluations()).runToEnd();
    auto single = backtracking();
    Runner stepByStep(*single, puzzle, defaults("backtracking"), 3, nullptr, stopAtEvaluations());
    while (stepByStep.advance()) {
    }
    EXPECT_EQ(inOneBurst.counters, stepByStep.result().counters);
    EXPECT_EQ(inOneBurst.counters.evaluations, 300u) << inOneBurst.reason << " at step " << inOneBurst.counters.steps;
}

TEST(RunnerTest, ExternalStopAndStagnationCompose) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
    std::atomic<bool> stopFlag{false};
    {
        auto algorithm = backtracking();
        StopConditions stop = only(externalStop(stopFlag));
        stop.add(stepLimit(1000000));
        Runner runner(*algorithm, puzzle, defaults("backtracking"), 1, nullptr, std::move(stop));
        for (int i = 0; i < 10; ++i) ASSERT_TRUE(runner.advance());
        stopFlag = true;
        EXPECT_FALSE(runner.advance());
        EXPECT_EQ(runner.result().outcome, Outcome::Stopped);
        EXPECT_EQ(runner.result().counters.steps, 11u);
    }
    {
        auto algorithm = backtracking();
        Runner runner(*algorithm, puzzle, defaults("backtracking"), 1, nullptr, only(stagnationLimit(50)));
        const RunResult result = runner.runToEnd();
        EXPECT_EQ(result.outcome, Outcome::BudgetExhausted);
        EXPECT_EQ(result.reason, "no improvement in 50 steps");
    }
}

TEST(RunnerTest, StopBetweenStepsAndTimeLimit) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
    auto algorithm = backtracking();
    RecordingSink sink;
    Runner runner(*algorithm, puzzle, defaults("backtracking"), 1, &sink, {});
    runner.advance();
    runner.stop({Outcome::Stopped, "closed"});
    EXPECT_TRUE(runner.finished());
    EXPECT_EQ(runner.result().reason, "closed");
    EXPECT_EQ(std::count_if(sink.events().begin(), sink.events().end(),
                            [](const Event& e) { return std::holds_alternative<Finished>(e); }),
              1);

    auto timed = backtracking();
    Runner timedRunner(*timed, puzzle, defaults("backtracking"), 1, nullptr, only(timeLimit(1e-9)));
    const RunResult result = timedRunner.runToEnd();
    EXPECT_EQ(result.outcome, Outcome::BudgetExhausted);
    EXPECT_EQ(result.counters.steps, 1u);  // the clock is polled after the first step of a call
}

// A window's run stands still while paused: the time it waited is left out of its seconds and its time limit.
TEST(RunnerTest, IdleTimeIsLeftOutOfTheRunsTime) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
    auto algorithm = backtracking();
    Runner runner(*algorithm, puzzle, defaults("backtracking"), 1, nullptr, only(timeLimit(3600)));
    runner.advance();
    const double before = runner.elapsedSeconds();
    runner.discountIdle(std::chrono::seconds(30));
    EXPECT_LT(runner.elapsedSeconds(), before - 29);
    runner.discountIdle(-std::chrono::seconds(30) - std::chrono::hours(1));  // as if an hour and more had run
    EXPECT_FALSE(runner.advanceBy(1 << 20));
    EXPECT_EQ(runner.result().outcome, Outcome::BudgetExhausted);  // the limit counts the same clock
}

TEST(RunnerTest, EvaluationBudgetAndTargetCost) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
    auto algorithm = backtracking();
    EXPECT_EQ(Runner(*algorithm, puzzle, defaults("backtracking"), 1, nullptr, only(evaluationLimit(10)))
                  .runToEnd()
                  .counters.evaluations,
              10u);
    auto second = backtracking();
    StopConditions target;
    target.add(targetCost(50));  // 58 cells are open at the start
    const RunResult result = Runner(*second, puzzle, defaults("backtracking"), 1, nullptr, std::move(target)).runToEnd();
    EXPECT_EQ(result.reason, "target cost 50 reached");
    EXPECT_LE(result.bestCost, 50);
}

// An algorithm's bound on evaluations per step lets the runner skip asking an evaluation budget; the run must
// still end on the first step whose evaluations reach the budget, as if it were asked after every step.
TEST(RunnerTest, AnEvaluationBudgetEndsOnTheFirstStepThatReachesIt) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
    for (const char* id : {"sa", "tabu", "harmony", "backtracking", "exact", "gp"}) {
        for (const std::uint64_t budget : {1u, 7u, 1000u, 23456u}) {
            auto algorithm = findAlgorithm(id)->create();
            const RunResult result =
                Runner(*algorithm, puzzle, defaults(id), 5, nullptr, only(evaluationLimit(budget))).runToEnd();
            if (result.outcome == Outcome::Solved && result.counters.evaluations < budget) continue;
            EXPECT_GE(result.counters.evaluations, budget) << id;
            ASSERT_GT(result.counters.steps, 0u) << id;
            // One step fewer, the same seed, stays below the budget.
            auto again = findAlgorithm(id)->create();
            StopConditions fewer;
            fewer.add(stepLimit(result.counters.steps - 1));
            const RunResult before = Runner(*again, puzzle, defaults(id), 5, nullptr, std::move(fewer)).runToEnd();
            if (result.counters.steps > 1) {
                EXPECT_LT(before.counters.evaluations, budget) << id << " budget " << budget;
            }
        }
    }
}

}  // namespace
}  // namespace pw
