// configureRun: each part that can fail (algorithm, puzzle kind, assignment, rule) gives a structured error
// whose message the caller prints as it is, named after the caller's options; a good request gives the
// algorithm and its values.

#include "algorithms/registry.h"
#include "algorithms/run_configuration.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace pw {
namespace {

TEST(RunConfigurationTest, AnUnknownAlgorithmListsTheKnownOnes) {
    const RunConfiguration configured = configureRun("nope", {}, std::nullopt);
    ASSERT_FALSE(configured);
    EXPECT_EQ(configured.algorithm, nullptr);
    EXPECT_EQ(configured.error->part, RunConfigurationPart::Algorithm);
    std::string known;
    for (const auto& entry : algorithmRegistry()) known += (known.empty() ? "" : ", ") + entry.info.id;
    EXPECT_EQ(configured.error->message, "unknown algorithm 'nope'; known algorithms: " + known);

    RunNaming naming;
    naming.algorithmOption = "--race";
    EXPECT_EQ(configureRun("nope", {}, std::nullopt, naming).error->message,
              "--race: unknown algorithm 'nope'; known algorithms: " + known);
}

TEST(RunConfigurationTest, AnAlgorithmOfAnotherKindIsRefusedWithTheKindsItSolves) {
    const RunConfiguration configured = configureRun("sa", {}, PuzzleKind::Nurikabe);
    ASSERT_FALSE(configured);
    EXPECT_EQ(configured.error->part, RunConfigurationPart::PuzzleKind);
    EXPECT_EQ(configured.error->message, "algorithm 'sa' does not solve nurikabe puzzles (it solves: sudoku)");
    RunNaming naming;
    naming.algorithmOption = "--algorithm";
    EXPECT_EQ(configureRun("sa", {}, PuzzleKind::Nurikabe, naming).error->message,
              "--algorithm: algorithm 'sa' does not solve nurikabe puzzles (it solves: sudoku)");
    EXPECT_TRUE(configureRun("sa", {}, PuzzleKind::Sudoku));
}

TEST(RunConfigurationTest, ABadAssignmentNamesTheParameterAndItsRange) {
    const RunConfiguration outOfRange = configureRun("sa", {"t0=5000"}, PuzzleKind::Sudoku);
    ASSERT_FALSE(outOfRange);
    EXPECT_EQ(outOfRange.error->part, RunConfigurationPart::Parameter);
    EXPECT_EQ(outOfRange.error->parameter, "t0");
    EXPECT_EQ(outOfRange.error->allowed, "a number from 0.01 to 1000");
    EXPECT_EQ(outOfRange.error->message, "--param t0=5000: parameter 't0' got '5000'; it must be a number from 0.01 to 1000");

    const RunConfiguration wrongType = configureRun("sa", {"schedule=fast"}, std::nullopt);
    ASSERT_FALSE(wrongType);
    EXPECT_EQ(wrongType.error->parameter, "schedule");
    EXPECT_EQ(wrongType.error->allowed, "one of: thesis, lewis");

    const RunConfiguration unknownKey = configureRun("sa", {"speed=3"}, std::nullopt);
    ASSERT_FALSE(unknownKey);
    EXPECT_EQ(unknownKey.error->part, RunConfigurationPart::Parameter);
    EXPECT_EQ(unknownKey.error->parameter, "speed");
    EXPECT_EQ(unknownKey.error->allowed, "");
    EXPECT_NE(unknownKey.error->message.find("--param speed=3: unknown parameter 'speed'"), std::string::npos);

    const RunConfiguration malformed = configureRun("sa", {"t0"}, std::nullopt);
    ASSERT_FALSE(malformed);
    EXPECT_EQ(malformed.error->parameter, "");
    EXPECT_EQ(malformed.error->message, "--param t0: expected KEY=VALUE, got 't0'");

    // A recording names the place itself: the bare reason. The race and bench quote the target they were given.
    RunNaming bare;
    bare.parameterOption.clear();
    EXPECT_EQ(configureRun("sa", {"t0=5000"}, std::nullopt, bare).error->message,
              "parameter 't0' got '5000'; it must be a number from 0.01 to 1000");
    RunNaming targeted;
    targeted.targeted = true;
    const RunConfiguration fromRace = configureRun("sa", {"sa#2.t0=5000"}, std::nullopt, targeted);
    ASSERT_FALSE(fromRace);
    EXPECT_EQ(fromRace.error->parameter, "t0");
    EXPECT_EQ(fromRace.error->message,
              "--param sa#2.t0=5000: parameter 't0' got '5000'; it must be a number from 0.01 to 1000");
}

TEST(RunConfigurationTest, BrokenRulesAreReportedAfterEveryAssignment) {
    // t_min must be below t0 under the thesis schedule: each value alone is in range.
    RunNaming naming;
    naming.label = "sa#2";
    const RunConfiguration broken = configureRun("sa", {"t0=1", "t_min=2"}, PuzzleKind::Sudoku, naming);
    ASSERT_FALSE(broken);
    EXPECT_EQ(broken.error->part, RunConfigurationPart::Rule);
    EXPECT_EQ(broken.error->parameter, "t_min");
    EXPECT_EQ(broken.error->message.rfind("--param: sa#2: ", 0), 0u) << broken.error->message;
    EXPECT_NE(broken.error->message.find("t_min"), std::string::npos);
    // The rule holds again once a later assignment mends it, and under the schedule it does not apply to.
    EXPECT_TRUE(configureRun("sa", {"t0=1", "t_min=2", "t0=3"}, PuzzleKind::Sudoku));
    EXPECT_TRUE(configureRun("sa", {"t0=1", "t_min=2", "schedule=lewis"}, PuzzleKind::Sudoku));
}

TEST(RunConfigurationTest, AGoodRequestGivesTheAlgorithmAndItsValues) {
    const RunConfiguration configured = configureRun("sa", {"t0=20", "schedule=lewis", "t0=25"}, PuzzleKind::Sudoku);
    ASSERT_TRUE(configured);
    EXPECT_EQ(configured.algorithm, findAlgorithm("sa"));
    ParameterValues expected(findAlgorithm("sa")->info.parameters);
    ASSERT_FALSE(expected.set(findAlgorithm("sa")->info.parameters, "t0", "25"));
    ASSERT_FALSE(expected.set(findAlgorithm("sa")->info.parameters, "schedule", "lewis"));
    EXPECT_EQ(configured.parameters, expected);

    // The assignments change the values given instead of the defaults when there are some (the window's form).
    ParameterValues start(findAlgorithm("sa")->info.parameters);
    ASSERT_FALSE(start.set(findAlgorithm("sa")->info.parameters, "alpha", "0.9"));
    const RunConfiguration fromForm = configureRun("sa", {"t0=25"}, std::nullopt, {}, &start);
    ASSERT_TRUE(fromForm);
    EXPECT_DOUBLE_EQ(fromForm.parameters.real("alpha"), 0.9);
    EXPECT_DOUBLE_EQ(fromForm.parameters.real("t0"), 25);
}

}  // namespace
}  // namespace pw
