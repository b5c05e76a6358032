// Decision events: every algorithm that explains its steps sends one Decision per step when the sink asks for
// them, with the named numbers the trace file and the Decision panel read; none when it does not ask; and
// explaining never changes the run (the other events are identical, decisions draw no random numbers).

#include "engine/runner.h"

#include "algorithms/registry.h"
#include "explained_algorithms.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace pw {
namespace {

using Explained = test::ExplainedAlgorithm;

Puzzle puzzleFor(PuzzleKind kind) {
    if (kind == PuzzleKind::Sudoku) return test::sudokuPuzzle(test::kAiEscargot, "escargot");
    const auto collection = loadPuzzleFile(test::puzzlesDir() + "/nurikabe/janko_sample.txt");
    EXPECT_FALSE(collection.puzzles.empty());
    return collection.puzzles.at(0);
}

std::vector<Event> record(const std::string& id, const Puzzle& puzzle, bool decisions, std::uint64_t steps) {
    RecordingSink sink;
    sink.setWantsDecisions(decisions);
    sink.setSampleEvery(7);
    test::runAlgorithm(id, puzzle, test::parametersOf(id), 5, &sink, steps);
    return sink.events();
}

std::vector<Event> withoutDecisions(const std::vector<Event>& events) {
    std::vector<Event> kept;
    for (const Event& event : events)
        if (!std::holds_alternative<Decision>(event)) kept.push_back(event);
    return kept;
}

class DecisionTest : public ::testing::TestWithParam<Explained> {};

TEST_P(DecisionTest, OneDecisionPerStepWhenWantedNoneOtherwiseAndTheRunUnchanged) {
    const Explained& expected = GetParam();
    ASSERT_FALSE(expected.action.empty()) << expected.id << ": its entry declares no stepDecision";
    const AlgorithmEntry* entry = findAlgorithm(expected.id);
    ASSERT_NE(entry, nullptr);
    const Puzzle puzzle = puzzleFor(entry->info.kinds.front());
    const std::uint64_t steps = 200;
    const auto explained = record(expected.id, puzzle, true, steps);
    const auto plain = record(expected.id, puzzle, false, steps);

    EXPECT_TRUE(withoutDecisions(explained) == plain) << "explaining changed the run";
    EXPECT_TRUE(record(expected.id, puzzle, true, steps) == explained) << "an explained run is not repeatable";
    EXPECT_EQ(std::count_if(plain.begin(), plain.end(),
                            [](const Event& e) { return std::holds_alternative<Decision>(e); }),
              0);

    const auto& finished = std::get<Finished>(explained.back());
    std::set<std::uint64_t> stepsExplained;
    std::size_t perStep = 0;
    for (const Event& event : explained) {
        const auto* decision = std::get_if<Decision>(&event);
        if (!decision) continue;
        const DecisionDetail& detail = decision->detail();
        EXPECT_FALSE(detail.text.empty());
        EXPECT_FALSE(detail.action.empty());
        stepsExplained.insert(decision->at.steps);
        if (detail.listLabel == "search stack") {
            const auto depth = std::find_if(detail.values.begin(), detail.values.end(),
                                            [](const DecisionValue& v) { return v.name == "depth"; });
            ASSERT_NE(depth, detail.values.end()) << detail.text;
            EXPECT_EQ(static_cast<double>(detail.list.size()), depth->value) << detail.text;
        }
        if (detail.action != expected.action) continue;
        ++perStep;
        for (const std::string& name : expected.values)
            EXPECT_TRUE(std::any_of(detail.values.begin(), detail.values.end(),
                                    [&](const DecisionValue& v) { return v.name == name; }))
                << expected.id << ": no '" << name << "' in \"" << detail.text << "\"";
        if (!expected.listLabel.empty()) {
            EXPECT_EQ(detail.listLabel, expected.listLabel) << detail.text;
        }
        if (expected.verdict) {
            EXPECT_TRUE(detail.accepted.has_value()) << expected.id << ": no verdict in \"" << detail.text << "\"";
        }
    }
    EXPECT_GT(perStep, 0u) << expected.id << ": no '" << expected.action << "' decision";
    // Every step the run took is explained.
    for (std::uint64_t step = 1; step <= finished.at.steps; ++step)
        EXPECT_TRUE(stepsExplained.count(step)) << expected.id << ": step " << step << " has no decision";
}

INSTANTIATE_TEST_SUITE_P(Algorithms, DecisionTest, ::testing::ValuesIn(test::explainedAlgorithms()),
                         test::explainedTestName);

}  // namespace
}  // namespace pw
