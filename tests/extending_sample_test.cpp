// The whole algorithm docs/extending.md shows: the build extracts it from the guide (scripts/doc_samples.py),
// so a sample that no longer fits the interfaces fails to compile, and here it runs as the guide says it does.

#include "extending_samples.h"

#include "engine/runner.h"

#include "test_support.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace pw {
namespace {

// A solved grid with its main diagonal emptied: every empty cell has a single legal digit, its row's last one.
Puzzle diagonalEmptied() {
    std::string line = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    for (int i = 0; i < 9; ++i) line[static_cast<std::size_t>(i * 10)] = '.';
    return test::sudokuPuzzle(line, "diagonal emptied");
}

RunResult runSample(const Puzzle& puzzle, EventSink* sink) {
    const AlgorithmEntry entry = nakedSinglesAlgorithmEntry();
    auto algorithm = entry.create();
    return Runner(*algorithm, puzzle, ParameterValues(entry.info.parameters), 1, sink, {}).runToEnd();
}

TEST(ExtendingSampleTest, DeclaresWhatTheRegistryAsksOfAnEntry) {
    const AlgorithmInfo info = nakedSinglesAlgorithmEntry().info;
    EXPECT_FALSE(info.id.empty());
    EXPECT_FALSE(info.paper.empty());
    EXPECT_FALSE(info.stepMeaning.empty());
    EXPECT_FALSE(info.stepUnit.empty());
    EXPECT_FALSE(info.stepDecision.action.empty());
    EXPECT_TRUE(info.supports(PuzzleKind::Sudoku));
}

TEST(ExtendingSampleTest, SolvesByNakedSinglesAndExplainsEveryStepAsItsEntryDeclares) {
    const Puzzle puzzle = diagonalEmptied();
    RecordingSink sink;
    sink.setWantsDecisions(true);
    const RunResult result = runSample(puzzle, &sink);
    EXPECT_EQ(result.outcome, Outcome::Solved);
    EXPECT_TRUE(result.valid);
    EXPECT_EQ(result.counters.steps, 9u);

    const StepDecision declared = nakedSinglesAlgorithmEntry().info.stepDecision;
    int decisions = 0;
    for (const Event& event : sink.events()) {
        const auto* decision = std::get_if<Decision>(&event);
        if (!decision) continue;
        ++decisions;
        EXPECT_EQ(decision->detail().action, declared.action);
        for (const std::string& name : declared.values)
            EXPECT_TRUE(std::any_of(decision->detail().values.begin(), decision->detail().values.end(),
                                    [&](const DecisionValue& value) { return value.name == name; }))
                << name;
    }
    EXPECT_EQ(decisions, 9);
}

TEST(ExtendingSampleTest, FailsWhereNoCellHasASingleDigit) {
    EXPECT_EQ(runSample(test::sudokuPuzzle(test::kAiEscargot), nullptr).outcome, Outcome::Failed);
}

}  // namespace
}  // namespace pw
