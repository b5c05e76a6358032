#include "base/event_sinks.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <memory>
#include <sstream>
#include <thread>

namespace pw {
namespace {

TEST(EventSinksTest, JsonLinesWritesOneObjectPerEvent) {
    std::ostringstream out;
    JsonLinesSink sink(out, 1, {"rows", "columns", "boxes", "digits"});
    sink.receive(MoveEvent{{3, 4}, Move::place(10, 7)});
    sink.receive(CostSample{{5, 6}, 12, 9, {1, 2, 3, 0}});
    sink.receive(Finished{{7, 8}, Outcome::Solved, true, 0, "solution found"});
    std::istringstream lines(out.str());
    std::string line;
    std::vector<nlohmann::json> objects;
    while (std::getline(lines, line)) objects.push_back(nlohmann::json::parse(line));
    ASSERT_EQ(objects.size(), 3u);
    EXPECT_EQ(objects[0]["type"], "move");
    EXPECT_EQ(objects[0]["kind"], "place");
    EXPECT_EQ(objects[0]["cell"], 10);
    EXPECT_EQ(objects[0]["value"], 7);
    EXPECT_EQ(objects[0]["step"], 3);
    EXPECT_EQ(objects[1]["breakdown"]["boxes"], 3.0);
    EXPECT_EQ(objects[2]["outcome"], "solved");
    EXPECT_EQ(objects[2]["evaluations"], 8);
}

TEST(EventSinksTest, CostPartsAreNamedAsDeclaredAndPhasesByKindAndNumber) {
    std::ostringstream out;
    JsonLinesSink sink(out, 1, {"island size", "pools"});
    sink.receive(CostSample{{1, 1}, 5, 4, {3, 2}});
    sink.receive(CostSample{{2, 2}, 5, 4, {3, 2, 7}});  // a part without a name is numbered
    sink.receive(CostSample{{3, 3}, 5, 4, {}});
    sink.receive(PhaseChange{{4, 4}, PhaseKind::Cycle, 3});
    sink.receive(PhaseChange{{5, 5}, PhaseKind::InitialFill});
    std::istringstream lines(out.str());
    std::string line;
    std::vector<std::string> text;
    while (std::getline(lines, line)) text.push_back(line);
    ASSERT_EQ(text.size(), 5u);
    EXPECT_EQ(text[0], R"({"best":4.0,"breakdown":{"island size":3.0,"pools":2.0},"current":5.0,"evaluations":1,)"
                       R"("step":1,"type":"cost"})");
    EXPECT_EQ(nlohmann::json::parse(text[1])["breakdown"]["part 3"], 7.0);
    EXPECT_FALSE(nlohmann::json::parse(text[2]).contains("breakdown"));
    EXPECT_EQ(text[3], R"({"evaluations":4,"name":"cycle 3","step":4,"type":"phase"})");
    EXPECT_EQ(nlohmann::json::parse(text[4])["name"], "initial fill");
    EXPECT_EQ(phaseName(PhaseChange{{}, PhaseKind::Generation, 0}), "generation 0");
    EXPECT_EQ(phaseName(PhaseChange{{}, PhaseKind::Restart, 12}), "restart 12");
}

TEST(EventSinksTest, JsonLinesThinsFrequentKindsOnly) {
    std::ostringstream out;
    JsonLinesSink sink(out, 10);
    for (std::uint64_t i = 0; i < 100; ++i) sink.receive(MoveEvent{{i, i}, Move::place(0, 1)});
    for (std::uint64_t i = 0; i < 5; ++i) sink.receive(Explanation{{i, i}, "note", {}});
    std::size_t lines = 0;
    for (char c : out.str()) lines += c == '\n';
    EXPECT_EQ(lines, 10u + 5u);
}

TEST(EventSinksTest, BatchingBoundsABatchAndKeepsRareEvents) {
    std::vector<EventBatch> batches;
    BatchingSink sink([&](EventBatch&& batch) { batches.push_back(std::move(batch)); },
                      std::chrono::milliseconds(100000), 100);
    sink.receive(PhaseChange{{0, 0}, PhaseKind::InitialFill});  // stays intact through every thinning
    for (std::uint64_t i = 0; i < 10000; ++i) {
        sink.receive(MoveEvent{{i, i}, Move::place(0, 1)});
        sink.receive(CostSample{{i, i}, 1, 1, {}});
        sink.receive(TemperatureSample{{i, i}, 1, 0.5});  // interleaved with the costs: both kinds must stay
    }
    sink.receive(Reheat{{10000, 10000}, 40});
    sink.receive(Finished{{10000, 10000}, Outcome::Solved, true, 0, "done"});  // delivers at once
    ASSERT_EQ(batches.size(), 1u);
    const EventBatch& batch = batches[0];
    EXPECT_TRUE(batch.movesDropped);
    EXPECT_LE(batch.events.size(), 103u);
    EXPECT_GT(batch.droppedEvents, 29000u);
    EXPECT_TRUE(std::holds_alternative<Reheat>(batch.events[batch.events.size() - 2]));
    EXPECT_TRUE(std::holds_alternative<Finished>(batch.events.back()));
    ASSERT_TRUE(std::holds_alternative<PhaseChange>(batch.events.front()));
    EXPECT_EQ(phaseName(std::get<PhaseChange>(batch.events.front())), "initial fill");
    // The kept samples span the whole batch evenly, not just its start: no gap wider than a few strides.
    std::vector<std::uint64_t> steps;
    std::size_t temperatures = 0;
    for (const Event& event : batch.events) {
        if (const auto* sample = std::get_if<CostSample>(&event)) steps.push_back(sample->at.steps);
        temperatures += std::holds_alternative<TemperatureSample>(event);
    }
    ASSERT_GE(steps.size(), 20u);
    EXPECT_GE(temperatures, 20u);
    EXPECT_EQ(steps.front(), 0u);
    EXPECT_GE(steps.back(), 9000u);
    for (std::size_t i = 1; i < steps.size(); ++i) EXPECT_LE(steps[i] - steps[i - 1], 1024u);
}

TEST(EventSinksTest, BatchingDropsMovesWhenOnlySnapshotsAreWanted) {
    std::vector<EventBatch> batches;
    BatchingSink sink([&](EventBatch&& batch) { batches.push_back(std::move(batch)); },
                      std::chrono::milliseconds(100000), 100);
    sink.setWantsMoves(false);
    sink.receive(MoveEvent{{1, 1}, Move::place(0, 1)});
    sink.receive(CostSample{{1, 1}, 1, 1, {}});
    sink.flush();
    sink.setWantsMoves(true);
    sink.receive(MoveEvent{{2, 2}, Move::place(0, 2)});
    sink.flush();
    ASSERT_EQ(batches.size(), 2u);
    EXPECT_TRUE(batches[0].movesDropped);
    ASSERT_EQ(batches[0].events.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<CostSample>(batches[0].events[0]));
    EXPECT_FALSE(batches[1].movesDropped);
    ASSERT_EQ(batches[1].events.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<MoveEvent>(batches[1].events[0]));
}

TEST(EventSinksTest, BatchingDeliversByTime) {
    int deliveries = 0;
    std::size_t delivered = 0;
    BatchingSink sink([&](EventBatch&& batch) {
        ++deliveries;
        delivered += batch.events.size();
    }, std::chrono::milliseconds(1));
    for (std::uint64_t i = 0; i < 64; ++i) sink.receive(Explanation{{i, i}, "x", {}});
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    for (std::uint64_t i = 0; i < 64; ++i) sink.receive(Explanation{{i, i}, "y", {}});
    EXPECT_GE(deliveries, 1);
    sink.flush();
    EXPECT_EQ(delivered, 128u);
}

// The replay timeline, the window's event batches and recordings store events by the million, and a variant
// is as large as its largest alternative: a rare, rich alternative (Decision) must keep its payload behind a
// pointer, or every stored move and cost sample pays for it.
TEST(EventsTest, AnEventStaysSmall) {
    EXPECT_LE(sizeof(Event), 80u);
    EXPECT_EQ(sizeof(Decision), sizeof(Counters) + sizeof(std::shared_ptr<const DecisionDetail>));
}

// Determinism is checked by comparing streams with ==: two decisions built apart with the same content are
// equal, and any difference in the content (not only in the counters) makes them unequal.
TEST(EventsTest, DecisionsCompareByContent) {
    const DecisionDetail detail{"swap", "swap r1c1=1 <-> r1c2=2", {0, 1}, {{"delta", -1}}, true, {}, {}};
    const Event a = Decision({3, 4}, detail);
    const Event b = Decision({3, 4}, detail);
    const Event copy = a;
    EXPECT_TRUE(a == b);
    EXPECT_TRUE(a == copy);
    EXPECT_FALSE(a == Event(Decision({3, 5}, detail)));
    DecisionDetail refused = detail;
    refused.accepted = false;
    EXPECT_FALSE(a == Event(Decision({3, 4}, refused)));
    DecisionDetail otherValue = detail;
    otherValue.values[0].value = -2;
    EXPECT_FALSE(a == Event(Decision({3, 4}, otherValue)));
    EXPECT_EQ(std::get<Decision>(a)->text, "swap r1c1=1 <-> r1c2=2");
}

// A decision's trace line: its action, cells, named numbers, verdict, list and sentence.
TEST(EventSinksTest, JsonLinesWritesADecisionsDetail) {
    std::ostringstream out;
    JsonLinesSink sink(out, 1, {});
    const std::vector<std::string> stack{"r1c1=1", "r1c2=3"};
    sink.receive(Decision({9, 10}, {"try", "try r1c2=3 at depth 2", {1}, {{"depth", 2}}, std::nullopt,
                                    "search stack", stack}));
    const nlohmann::json object = nlohmann::json::parse(out.str());
    EXPECT_EQ(object["type"], "decision");
    EXPECT_EQ(object["step"], 9);
    EXPECT_EQ(object["action"], "try");
    EXPECT_EQ(object["cells"], nlohmann::json::array({1}));
    EXPECT_EQ(object["depth"], 2.0);
    EXPECT_FALSE(object.contains("accepted"));
    EXPECT_EQ(object["list_label"], "search stack");
    EXPECT_EQ(object["list"], nlohmann::json::array({"r1c1=1", "r1c2=3"}));
    EXPECT_EQ(object["text"], "try r1c2=3 at depth 2");
}

}  // namespace
}  // namespace pw
