// The compact event store of a timeline: what goes in comes out, read in order or at any index, and a move
// costs a few bytes.

#include "io/event_store.h"

#include "algorithms/registry.h"
#include "engine/runner.h"
#include "test_support.h"

#include <gtest/gtest.h>

namespace pw {
namespace {

std::vector<Event> eventsOf(const std::string& algorithmId, const Puzzle& puzzle, std::uint64_t steps,
                            bool decisions) {
    RecordingSink sink;
    sink.setWantsDecisions(decisions);
    const AlgorithmEntry& entry = *findAlgorithm(algorithmId);
    auto algorithm = entry.create();
    StopConditions stop;
    stop.add(stepLimit(steps));
    Runner(*algorithm, puzzle, ParameterValues(entry.info.parameters), 7, &sink, std::move(stop)).runToEnd();
    return sink.events();
}

EventStore storeOf(const std::vector<Event>& events) {
    EventStore store;
    for (const Event& event : events) store.push_back(event);
    return store;
}

// Every event back, in order from every block's start and from between, and at every index.
void expectSameEvents(const EventStore& store, const std::vector<Event>& events, const std::string& name) {
    ASSERT_EQ(store.size(), events.size()) << name;
    EventStore::Reader reader(store, 0);
    for (std::size_t i = 0; i < events.size(); ++i) {
        ASSERT_FALSE(reader.atEnd()) << name << " at " << i;
        ASSERT_TRUE(reader.next() == events[i]) << name << " read in order, event " << i;
    }
    EXPECT_TRUE(reader.atEnd()) << name;
    for (std::size_t i = 0; i < events.size(); i += 97) {
        ASSERT_TRUE(store[i] == events[i]) << name << " event " << i;
        EXPECT_EQ(store.counters(i), eventCounters(events[i])) << name << " event " << i;
        EventStore::Reader from(store, i);
        EXPECT_EQ(from.position(), i) << name;
        ASSERT_TRUE(from.next() == events[i]) << name << " read from " << i;
    }
    if (!events.empty()) {
        EXPECT_TRUE(store.back() == events.back()) << name;
    }
}

TEST(EventStoreTest, EveryAlgorithmsEventsComeBackAsTheyWent) {
    const Puzzle sudoku = test::sudokuPuzzle(test::kAiEscargot, "escargot");
    const auto nurikabe = loadPuzzleFile(test::puzzlesDir() + "/nurikabe/janko_sample.txt");
    ASSERT_FALSE(nurikabe.puzzles.empty());
    for (const AlgorithmEntry& entry : algorithmRegistry()) {
        for (PuzzleKind kind : entry.info.kinds) {
            const Puzzle& puzzle = kind == PuzzleKind::Sudoku ? sudoku : nurikabe.puzzles.front();
            const std::vector<Event> events = eventsOf(entry.info.id, puzzle, 3000, true);
            const std::string name = entry.info.id + " on " + puzzleKindName(kind);
            ASSERT_GT(events.size(), 2u) << name;
            expectSameEvents(storeOf(events), events, name);
        }
    }
}

// Moves of every kind and odd values: cells far apart, counters that jump, stand still, and step back; enough of
// them to fill several chunks, records of every length meeting the chunks' ends.
TEST(EventStoreTest, MovesOfEveryKindAndCountersThatJump) {
    std::vector<Event> events;
    Counters at;
    const std::vector<Move> moves = {Move::place(0, 9, 3),          Move::erase(80, 5),
                                     Move::swap(2849, 0),           Move::eliminate(40, 1),
                                     Move::restore(255, 16),        Move::shade(9999, 2, 1),
                                     Move{MoveKind::Place, -1, 7, 255, 255}};
    for (std::size_t i = 0; i < 300000; ++i) {
        at.steps += i % 3 == 0 ? 0 : (i % 4 == 0 ? i * 1000003 : i % 50);
        at.evaluations += i % 5 == 0 ? at.steps % 7 : i;
        if (i % 2500 == 0) at.steps -= 12;  // a counter that steps back is kept exactly too
        events.emplace_back(MoveEvent{at, moves[i % moves.size()]});
        if (i % 700 == 0) events.emplace_back(CostSample{at, 3.0, 1.0, {1.0, 2.0}});
    }
    events.emplace_back(Finished{at, Outcome::Stopped, false, 1.0, "stopped"});
    const EventStore store = storeOf(events);
    EXPECT_GT(store.memoryBytes(), 3 * EventStore::kChunkBytes);
    expectSameEvents(store, events, "made up");
    expectSameEvents(EventStore(store), events, "a copy");
    expectSameEvents(EventStore{}, {}, "empty");
}

// An annealing run's moves take a few bytes each, not the 80 of an Event (unexplained, as a long run's timeline
// is loaded).
TEST(EventStoreTest, AnAnnealingRunTakesAFewBytesAMove) {
    const std::vector<Event> events = eventsOf("sa", test::sudokuPuzzle(test::kAiEscargot, "escargot"), 200000, false);
    const EventStore store = storeOf(events);
    const std::size_t moves = store.size() - store.wholeEvents().size();
    ASSERT_GT(moves, 50000u);
    const double bytesPerEvent = static_cast<double>(store.memoryBytes()) / static_cast<double>(store.size());
    EXPECT_LT(bytesPerEvent, 12.0) << store.memoryBytes() << " bytes for " << store.size() << " events";
    expectSameEvents(store, events, "sa");
}

}  // namespace
}  // namespace pw
