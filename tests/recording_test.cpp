// Run recordings: a replay equals the live run event for event, the file round-trips, bad files are refused
// with their place, and the timeline's snapshots give the same state as applying every event from the start.

#include "io/recording.h"
#include "io/run_timeline.h"

#include "algorithms/registry.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>

namespace pw {
namespace {

// A timeline's events, read back in order from its compact store.
std::vector<Event> storedEvents(const EventStore& store) {
    std::vector<Event> events;
    for (EventStore::Reader reader(store, 0); !reader.atEnd();) events.push_back(reader.next());
    return events;
}

Puzzle samplePuzzle(PuzzleKind kind) {
    if (kind == PuzzleKind::Sudoku) return test::sudokuPuzzle(test::kAiEscargot, "escargot");
    const auto collection = loadPuzzleFile(test::puzzlesDir() + "/nurikabe/janko_sample.txt");
    EXPECT_FALSE(collection.puzzles.empty());
    return collection.puzzles.at(0);
}

// A live run as the CLI makes one, under a step budget, recorded and written out as text.
struct LiveRun {
    std::vector<Event> events;
    RunResult result;
    std::string recordingText;
};

LiveRun liveRun(const std::string& algorithmId, const Puzzle& puzzle, const ParameterValues& parameters,
                std::uint64_t seed, const RecordedBudgets& budgets) {
    LiveRun live;
    RecordingSink sink;
    StopConditions stop;
    if (budgets.maxSteps) stop.add(stepLimit(budgets.maxSteps));
    if (budgets.maxEvaluations) stop.add(evaluationLimit(budgets.maxEvaluations));
    auto algorithm = findAlgorithm(algorithmId)->create();
    Runner runner(*algorithm, puzzle, parameters, seed, &sink, std::move(stop));
    live.result = runner.runToEnd();
    live.events = sink.events();
    live.recordingText = formatRecording(makeRecording(puzzle, algorithmId, parameters, seed, budgets, live.result));
    return live;
}

RunRecording parsed(const std::string& text) {
    RecordingRead read = parseRecording(text, "test.json");
    EXPECT_TRUE(read.recording) << read.error.toString();
    return read.recording ? *read.recording : RunRecording{};
}

class ReplayTest : public ::testing::TestWithParam<std::string> {};

TEST_P(ReplayTest, ReplayEqualsTheLiveRunEventForEvent) {
    const AlgorithmEntry& entry = *findAlgorithm(GetParam());
    for (PuzzleKind kind : entry.info.kinds) {
        const Puzzle puzzle = samplePuzzle(kind);
        const LiveRun live = liveRun(entry.info.id, puzzle, ParameterValues(entry.info.parameters), 7,
                                     RecordedBudgets{3000, 0, 0, 0});
        ASSERT_GT(live.events.size(), 2u);
        const RunRecording recording = parsed(live.recordingText);
        RecordingSink replayed;
        const RunResult result = replayRecording(recording, &replayed);
        EXPECT_TRUE(replayed.events() == live.events) << puzzleKindName(kind);
        EXPECT_EQ(result.finalBoard, live.result.finalBoard);
        EXPECT_EQ(result.outcome, live.result.outcome);
        EXPECT_EQ(result.counters, live.result.counters);
    }
}

INSTANTIATE_TEST_SUITE_P(EveryAlgorithm, ReplayTest, ::testing::ValuesIn(test::algorithmIds()), test::testNameOf);

// Stops the run from outside once `after` events were seen, as the Stop button does between steps.
class StopAfter : public RecordingSink {
public:
    StopAfter(std::size_t after, std::atomic<bool>& flag) : m_after(after), m_flag(flag) {}
    void receive(const Event& event) override {
        RecordingSink::receive(event);
        if (events().size() >= m_after) m_flag.store(true);
    }

private:
    std::size_t m_after;
    std::atomic<bool>& m_flag;
};

TEST(RecordingTest, ARunStoppedByHandIsReplayedUpToItsLastStep) {
    const Puzzle puzzle = samplePuzzle(PuzzleKind::Sudoku);
    const ParameterValues parameters(findAlgorithm("sa")->info.parameters);
    std::atomic<bool> stopFlag{false};
    StopAfter live(2000, stopFlag);
    StopConditions stop;
    stop.add(externalStop(stopFlag));
    auto algorithm = findAlgorithm("sa")->create();
    const RunResult liveResult = Runner(*algorithm, puzzle, parameters, 3, &live, std::move(stop)).runToEnd();
    ASSERT_EQ(liveResult.outcome, Outcome::Stopped);
    // A time limit too: the recording must not rely on it.
    const RunRecording recording =
        parsed(formatRecording(makeRecording(puzzle, "sa", parameters, 3, RecordedBudgets{0, 0, 0, 30}, liveResult)));
    EXPECT_TRUE(recording.endedByClockOrPerson());

    RecordingSink replayed;
    const RunResult result = replayRecording(recording, &replayed);
    ASSERT_EQ(replayed.events().size(), live.events().size());
    // Every event but the closing one is the same; that one ends on the same step, naming the step budget.
    const std::vector<Event> liveBody(live.events().begin(), live.events().end() - 1);
    const std::vector<Event> replayBody(replayed.events().begin(), replayed.events().end() - 1);
    EXPECT_TRUE(liveBody == replayBody);
    const auto& finished = std::get<Finished>(replayed.events().back());
    EXPECT_EQ(finished.at, liveResult.counters);
    EXPECT_EQ(finished.outcome, Outcome::BudgetExhausted);
    EXPECT_EQ(result.finalBoard, liveResult.finalBoard);
}

TEST(RecordingTest, RoundTripsThroughAFile) {
    const Puzzle puzzle = samplePuzzle(PuzzleKind::Sudoku);
    const ParameterValues parameters = test::parametersOf("sa", {{"t0", "0.37"}});
    const LiveRun live = liveRun("sa", puzzle, parameters, 1234567890123ULL, RecordedBudgets{500, 90000, 0, 0});
    const RunRecording original =
        makeRecording(puzzle, "sa", parameters, 1234567890123ULL, RecordedBudgets{500, 90000, 0, 0}, live.result);
    const std::string path = (std::filesystem::temp_directory_path() / "pw_recording_roundtrip.json").string();
    std::string error;
    ASSERT_TRUE(saveRecording(path, original, error)) << error;
    const RecordingRead read = loadRecording(path);
    std::filesystem::remove(path);
    ASSERT_TRUE(read.recording) << read.error.toString();
    const RunRecording& back = *read.recording;
    EXPECT_EQ(back.workbenchVersion, workbenchVersion());
    EXPECT_EQ(back.algorithmId, "sa");
    EXPECT_EQ(back.parameters, parameters);
    EXPECT_EQ(back.seed, 1234567890123ULL);
    EXPECT_EQ(back.puzzle.id, "escargot");
    EXPECT_EQ(back.puzzle.startBoard(), puzzle.startBoard());
    EXPECT_EQ(back.budgets, original.budgets);
    EXPECT_EQ(back.result, original.result);
    EXPECT_EQ(formatRecording(back), formatRecording(original));
}

TEST(RecordingTest, KeepsPencilMarksTheExactSolverStartsFrom) {
    // A 729-character line: r1c1 may only hold 2 or 3 (no given says so), the rest is AI Escargot.
    std::string line;
    for (int cell = 0; cell < 81; ++cell) {
        const char given = test::kAiEscargot[static_cast<std::size_t>(cell)];
        if (given != '.') line += std::string(1, given) + std::string(8, '.');
        else if (cell == 1) line += ".23......";
        else line += "123456789";
    }
    const PuzzleCollection collection = parsePuzzles(line, "marks");
    ASSERT_EQ(collection.puzzles.size(), 1u);
    const Puzzle& puzzle = collection.puzzles.front();
    ASSERT_EQ(puzzle.sudoku().givens.marks(1), 0b110);
    const LiveRun live = liveRun("exact", puzzle, test::parametersOf("exact"), 1, RecordedBudgets{5000, 0, 0, 0});
    const RunRecording back = parsed(live.recordingText);
    EXPECT_EQ(back.puzzle.sudoku().givens, puzzle.sudoku().givens);
    RecordingSink replayed;
    replayRecording(back, &replayed);
    EXPECT_TRUE(replayed.events() == live.events);
}

TEST(RecordingTest, RoundTripsANurikabePuzzle) {
    const Puzzle puzzle = samplePuzzle(PuzzleKind::Nurikabe);
    const LiveRun live = liveRun("exact", puzzle, test::parametersOf("exact"), 1, RecordedBudgets{200, 0, 0, 0});
    const RunRecording back = parsed(live.recordingText);
    EXPECT_EQ(back.puzzle.kind(), PuzzleKind::Nurikabe);
    EXPECT_EQ(back.puzzle.startBoard(), puzzle.startBoard());
}

// The recording text of a short run, with `from` replaced by `to` (which must occur once).
std::string edited(const std::string& from, const std::string& to) {
    const Puzzle puzzle = samplePuzzle(PuzzleKind::Sudoku);
    std::string text = liveRun("sa", puzzle, test::parametersOf("sa"), 5, RecordedBudgets{50, 0, 0, 0}).recordingText;
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    EXPECT_EQ(text.find(from, at + 1), std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
}

// The line (1-based) of the first occurrence of `needle` in `text`.
int lineOf(const std::string& text, const std::string& needle) {
    const auto at = text.find(needle);
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

ParseError errorOf(const std::string& text) {
    const RecordingRead read = parseRecording(text, "bad.json");
    EXPECT_FALSE(read.recording);
    return read.error;
}

TEST(RecordingTest, RefusesBadFilesNamingThePlace) {
    // A syntax error: the place of the unexpected character.
    ParseError error = errorOf("{\n  \"format\": \"puzzle-workbench-recording\",\n  \"seed\": 12x\n}\n");
    EXPECT_EQ(error.file, "bad.json");
    EXPECT_EQ(error.line, 3);
    EXPECT_EQ(error.column, 13);
    EXPECT_NE(error.toString().find("bad.json:3:13: not valid JSON"), std::string::npos) << error.toString();

    // An unknown algorithm.
    std::string text = edited("\"algorithm\": \"sa\"", "\"algorithm\": \"annealing9\"");
    error = errorOf(text);
    EXPECT_EQ(error.line, lineOf(text, "\"algorithm\""));
    EXPECT_EQ(error.column, 3);
    EXPECT_NE(error.message.find("unknown algorithm 'annealing9'"), std::string::npos) << error.message;

    // A parameter out of its declared range: the parameter's line and what it allows.
    text = edited("\"t0\": 40.0", "\"t0\": -4e9");
    error = errorOf(text);
    EXPECT_EQ(error.line, lineOf(text, "\"t0\""));
    EXPECT_EQ(error.column, 5);
    EXPECT_NE(error.message.find("t0"), std::string::npos) << error.message;
    EXPECT_NE(error.message.find("1000"), std::string::npos) << error.message;

    // Values that break a declared relation between parameters: refused, naming both values.
    text = edited("\"t0\": 40.0", "\"t0\": 0.1");
    error = errorOf(text);
    EXPECT_NE(error.message.find("t_min (0.2) must be below t0 (0.1)"), std::string::npos) << error.message;

    // A parameter the algorithm does not declare (any more).
    text = edited("\"t0\": ", "\"cooling_schedule\": 1, \"t0\": ");
    error = errorOf(text);
    EXPECT_NE(error.message.find("has no parameter 'cooling_schedule'"), std::string::npos) << error.message;

    // A value of the wrong type.
    text = edited("\"seed\": 5", "\"seed\": \"five\"");
    error = errorOf(text);
    EXPECT_EQ(error.line, lineOf(text, "\"seed\""));
    EXPECT_NE(error.message.find("'seed' must be a whole number"), std::string::npos) << error.message;

    // A missing field, a puzzle that does not parse, another format, a newer format version.
    error = errorOf(edited("\"seed\": 5,", ""));
    EXPECT_NE(error.message.find("missing field 'seed'"), std::string::npos) << error.message;
    error = errorOf(edited("\"text\": \"1....7.9", "\"text\": \"x....7.9"));
    EXPECT_NE(error.message.find("puzzle"), std::string::npos) << error.message;
    error = errorOf(edited("\"format\": \"puzzle-workbench-recording\"", "\"format\": \"something-else\""));
    EXPECT_EQ(error.line, 2);
    EXPECT_NE(error.message.find("not a run recording"), std::string::npos) << error.message;
    error = errorOf(edited("\"format_version\": 1", "\"format_version\": 2"));
    EXPECT_NE(error.message.find("version 2 is not supported"), std::string::npos) << error.message;
    error = errorOf("[1, 2]");
    EXPECT_NE(error.message.find("JSON object"), std::string::npos) << error.message;

    // A file that is not there.
    const RecordingRead read = loadRecording("/nonexistent/run.json");
    EXPECT_FALSE(read.recording);
    EXPECT_EQ(read.error.toString(), "/nonexistent/run.json: cannot read the file");
}

// Recordings written while `sample_every` was an algorithm parameter still open and replay the same run: the
// key is skipped with a note, since sample spacing never changed a run's path.
TEST(RecordingTest, OlderRecordingsNamingSampleEveryOpenWithANote) {
    const std::string current = edited("\"t0\": ", "\"t0\": ");
    const std::string older = edited("\"t0\": ", "\"sample_every\": 100, \"t0\": ");
    const RecordingRead read = parseRecording(older, "old.json");
    ASSERT_TRUE(read.recording) << read.error.toString();
    ASSERT_EQ(read.notes.size(), 1u);
    EXPECT_NE(read.notes[0].find("parameters.sample_every: ignored"), std::string::npos) << read.notes[0];
    const RecordingRead fresh = parseRecording(current, "new.json");
    ASSERT_TRUE(fresh.recording);
    EXPECT_TRUE(fresh.notes.empty());
    EXPECT_EQ(read.recording->parameters, fresh.recording->parameters);
    EXPECT_EQ(replayRecording(*read.recording, nullptr).counters, read.recording->result.counters);
}

TEST(RecordingTest, TellsRecordingsFromPuzzleFiles) {
    const Puzzle puzzle = samplePuzzle(PuzzleKind::Sudoku);
    EXPECT_TRUE(looksLikeRecording(liveRun("sa", puzzle, test::parametersOf("sa"), 1, {10, 0, 0, 0}).recordingText));
    EXPECT_FALSE(looksLikeRecording(test::kAiEscargot));
    EXPECT_FALSE(looksLikeRecording("{\"a\": 1}"));
}

// The timeline of a recording that must load (a short run, far below the bound, nothing cancelled).
RunTimeline timelineOf(const RunRecording& recording, std::size_t snapshotEvery = TimelineLoadOptions{}.snapshotEvery,
                       std::uint64_t sampleEvery = EventSink::kDefaultSampleEvery) {
    TimelineLoadOptions options;
    options.snapshotEvery = snapshotEvery;
    options.sampleEvery = sampleEvery;
    const TimelineLoad load = RunTimeline::load(recording, options);
    EXPECT_TRUE(load.error.empty()) << load.error;
    EXPECT_TRUE(load.timeline);
    return *load.timeline;
}

void expectSameState(const TimelineState& a, const TimelineState& b, std::size_t position) {
    EXPECT_EQ(a.board, b.board) << "at " << position;
    EXPECT_EQ(a.candidates, b.candidates) << "at " << position;
    EXPECT_EQ(a.heatMaps, b.heatMaps) << "at " << position;
    EXPECT_EQ(a.highlightedCells, b.highlightedCells) << "at " << position;
    EXPECT_EQ(a.program, b.program) << "at " << position;
    EXPECT_EQ(a.at, b.at) << "at " << position;
    EXPECT_EQ(a.bestCost, b.bestCost) << "at " << position;
}

TEST(RunTimelineTest, SnapshotsGiveTheSameStateAsEveryEventFromTheStart) {
    for (const char* algorithmId : {"sa", "logic", "mga", "gp"}) {
        const AlgorithmEntry& entry = *findAlgorithm(algorithmId);
        const Puzzle puzzle = test::sudokuPuzzle(test::kPillayFigure1, "pillay");
        const LiveRun live =
            liveRun(algorithmId, puzzle, ParameterValues(entry.info.parameters), 11, RecordedBudgets{400, 0, 0, 0});
        const RunRecording recording = parsed(live.recordingText);
        const RunTimeline fine = timelineOf(recording, 1);
        const RunTimeline coarse = timelineOf(recording, 37);
        ASSERT_TRUE(storedEvents(fine.events()) == live.events) << algorithmId;
        ASSERT_EQ(coarse.size(), fine.size());
        EXPECT_EQ(coarse.snapshotCount(), fine.size() / 37 + 1);
        // Backwards, as a slider dragged to the start visits it.
        for (std::size_t position = coarse.size() + 1; position-- > 0;)
            expectSameState(coarse.stateAt(position), fine.stateAt(position), position);
        EXPECT_EQ(coarse.stateAt(0).board, puzzle.startBoard());
        EXPECT_EQ(coarse.stateAt(coarse.size()).board, live.result.finalBoard) << algorithmId;
        EXPECT_TRUE(coarse.stateAt(coarse.size()).finished);
        EXPECT_FALSE(coarse.stateAt(coarse.size() - 1).finished);
    }
}

// The timeline of a paused run holds the run's events up to the step it is paused at, each step ending where
// the live run's step ended (the live run advanced one step at a time, its events counted after each), and
// no Finished event: the run has not ended.
TEST(RunTimelineTest, APausedRunIsIndexedByItsSteps) {
    constexpr std::uint64_t kPausedAt = 40;
    for (const char* algorithmId : {"sa", "mga", "harmony", "exact"}) {
        const AlgorithmEntry& entry = *findAlgorithm(algorithmId);
        const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot, "escargot");
        const ParameterValues parameters(entry.info.parameters);
        RecordingSink sink;
        sink.setWantsDecisions(true);
        auto algorithm = entry.create();
        Runner runner(*algorithm, puzzle, parameters, 5, &sink, StopConditions{});
        std::vector<TimelineStep> expected{{0, sink.events().size()}};
        while (algorithm->counters().steps < kPausedAt) {
            ASSERT_TRUE(runner.advance()) << algorithmId << " ended before step " << kPausedAt;
            expected.push_back({algorithm->counters().steps, sink.events().size()});
        }
        const RecordedResult paused{Outcome::Stopped, "paused", algorithm->counters(), algorithm->bestCost()};
        const RunRecording recording = parsed(
            formatRecording(makeRecording(puzzle, algorithmId, parameters, 5, RecordedBudgets{}, paused)));

        TimelineLoadOptions options;
        options.explain = true;
        options.pausedRun = true;
        const TimelineLoad load = RunTimeline::load(recording, options);
        ASSERT_TRUE(load.timeline) << load.error;
        const RunTimeline& timeline = *load.timeline;
        ASSERT_TRUE(storedEvents(timeline.events()) == sink.events()) << algorithmId;
        EXPECT_EQ(timeline.result().counters, algorithm->counters()) << algorithmId;
        const std::vector<TimelineStep>& steps = timeline.steps();
        ASSERT_EQ(steps.size(), expected.size()) << algorithmId;
        for (std::size_t i = 0; i < steps.size(); ++i) {
            EXPECT_EQ(steps[i].steps, expected[i].steps) << algorithmId << " step " << i;
            EXPECT_EQ(steps[i].end, expected[i].end) << algorithmId << " step " << i;
        }
        // The latest decision up to a step's end is that step's.
        const TimelineStep& middle = steps[steps.size() / 2];
        const std::vector<const Decision*> latest = timeline.decisionsBefore(middle.end, 1);
        ASSERT_EQ(latest.size(), 1u) << algorithmId;
        EXPECT_EQ(latest.front()->at.steps, middle.steps) << algorithmId;
    }
    // A recording that is no paused run has no step index; a paused run past the bound is refused.
    const RunRecording finished = parsed(
        liveRun("sa", samplePuzzle(PuzzleKind::Sudoku), test::parametersOf("sa"), 1, {10, 0, 0, 0}).recordingText);
    EXPECT_TRUE(timelineOf(finished).steps().empty());
    RunRecording tooLong = finished;
    tooLong.result = {Outcome::Stopped, "paused", Counters{kMaxExplainedTimelineSteps + 1, 0}, 0};
    TimelineLoadOptions options;
    options.pausedRun = true;
    const TimelineLoad refused = RunTimeline::load(tooLong, options);
    EXPECT_FALSE(refused.timeline);
    EXPECT_NE(refused.error.find("up to 100000 steps"), std::string::npos) << refused.error;
}

TEST(RunTimelineTest, ScrubsANurikabeRun) {
    const Puzzle puzzle = samplePuzzle(PuzzleKind::Nurikabe);
    const LiveRun live = liveRun("exact", puzzle, test::parametersOf("exact"), 1, RecordedBudgets{3000, 0, 0, 0});
    const RunRecording recording = parsed(live.recordingText);
    const RunTimeline fine = timelineOf(recording, 1);
    const RunTimeline coarse = timelineOf(recording, 50);
    ASSERT_TRUE(storedEvents(coarse.events()) == live.events);
    for (std::size_t position = coarse.size() + 1; position-- > 0;)
        expectSameState(coarse.stateAt(position), fine.stateAt(position), position);
    EXPECT_EQ(coarse.stateAt(coarse.size()).board, live.result.finalBoard);
}

TEST(RunTimelineTest, ChartEventsAreThinnedEvenlyAndKeepTheLastSample) {
    const Puzzle puzzle = samplePuzzle(PuzzleKind::Sudoku);
    const ParameterValues parameters = test::parametersOf("sa");
    const LiveRun shortRun = liveRun("sa", puzzle, parameters, 2, RecordedBudgets{2000, 0, 0, 0});
    const RunTimeline small = timelineOf(parsed(shortRun.recordingText));
    std::size_t costs = 0;
    for (const Event& event : storedEvents(small.events())) costs += std::holds_alternative<CostSample>(event);
    std::size_t keptCosts = 0;
    for (std::size_t index : small.chartEvents()) keptCosts += std::holds_alternative<CostSample>(small.events()[index]);
    ASSERT_GT(costs, 0u);
    EXPECT_EQ(keptCosts, costs);  // below the bound nothing is dropped

    const LiveRun longRun = liveRun("sa", puzzle, test::parametersOf("sa"), 2, RecordedBudgets{20000, 0, 0, 0});
    const RunTimeline large = timelineOf(parsed(longRun.recordingText), TimelineLoadOptions{}.snapshotEvery, 1);
    std::size_t frequent = 0;
    const std::vector<Event> largeEvents = storedEvents(large.events());
    for (const Event& event : largeEvents)
        frequent += std::holds_alternative<CostSample>(event) || std::holds_alternative<TemperatureSample>(event);
    ASSERT_GT(frequent, RunTimeline::kMaxChartSamples) << "the run is too short to need thinning";
    EXPECT_LE(large.chartEvents().size(), RunTimeline::kMaxChartSamples + 2);
    EXPECT_TRUE(std::is_sorted(large.chartEvents().begin(), large.chartEvents().end()));
    std::size_t lastCost = 0;
    for (std::size_t i = 0; i < largeEvents.size(); ++i)
        if (std::holds_alternative<CostSample>(largeEvents[i])) lastCost = i;
    EXPECT_NE(std::find(large.chartEvents().begin(), large.chartEvents().end(), lastCost), large.chartEvents().end());
}

// A recording whose replay sends more events than the bound is refused with an error naming the bound and
// the recording's steps, instead of keeping every event until the memory runs out.
TEST(RunTimelineTest, ARecordingPastTheEventBoundIsRefusedWithTheLimitNamed) {
    const LiveRun live = liveRun("sa", samplePuzzle(PuzzleKind::Sudoku), test::parametersOf("sa"), 4,
                                 RecordedBudgets{5000, 0, 0, 0});
    const RunRecording recording = parsed(live.recordingText);
    ASSERT_GT(live.events.size(), 1000u);
    TimelineLoadOptions options;
    options.maxEvents = 1000;
    const TimelineLoad refused = RunTimeline::load(recording, options);
    EXPECT_FALSE(refused.timeline);
    EXPECT_FALSE(refused.cancelled);
    EXPECT_NE(refused.error.find("passes 1000 events (kMaxTimelineEvents"), std::string::npos) << refused.error;
    const std::string steps = " of its " + std::to_string(recording.result.counters.steps) + " recorded steps";
    EXPECT_NE(refused.error.find(steps), std::string::npos) << refused.error;

    options.maxEvents = live.events.size();  // exactly enough
    const TimelineLoad fits = RunTimeline::load(recording, options);
    ASSERT_TRUE(fits.timeline) << fits.error;
    EXPECT_EQ(fits.timeline->size(), live.events.size());
    static_assert(kMaxTimelineEvents >= 10'000'000, "a 10^7-event recording must still open");
}

// Cancel ends the load early with no timeline and no error; progress climbs to the recorded steps.
TEST(RunTimelineTest, ALoadReportsProgressAndStopsAtCancel) {
    const LiveRun live = liveRun("sa", samplePuzzle(PuzzleKind::Sudoku), test::parametersOf("sa"), 4,
                                 RecordedBudgets{200000, 0, 0, 0});
    const RunRecording recording = parsed(live.recordingText);
    const std::uint64_t recordedSteps = recording.result.counters.steps;
    ASSERT_GT(recordedSteps, 100000u);
    std::vector<std::uint64_t> reported;
    TimelineLoadOptions options;
    options.progress = [&](std::uint64_t done, std::uint64_t total) {
        EXPECT_EQ(total, recordedSteps);
        reported.push_back(done);
    };
    ASSERT_TRUE(RunTimeline::load(recording, options).timeline);
    ASSERT_GE(reported.size(), 50u);
    EXPECT_LE(reported.size(), 102u);
    EXPECT_TRUE(std::is_sorted(reported.begin(), reported.end()));
    EXPECT_GE(reported.back(), recordedSteps * 98 / 100);

    std::atomic<bool> cancel = false;
    std::uint64_t lastReported = 0;
    options.cancel = &cancel;
    options.progress = [&](std::uint64_t done, std::uint64_t) {
        lastReported = done;
        if (done >= 2000) cancel = true;  // Cancel pressed a tenth of the way in
    };
    const TimelineLoad cancelled = RunTimeline::load(recording, options);
    EXPECT_TRUE(cancelled.cancelled);
    EXPECT_FALSE(cancelled.timeline);
    EXPECT_TRUE(cancelled.error.empty()) << cancelled.error;
    EXPECT_LT(lastReported, recordedSteps / 2) << "the replay ran on long after Cancel";
}

}  // namespace
}  // namespace pw
