// Inputs the fuzz targets found (tests/fixtures/fuzz/), each read again with the check of its target, so a
// fixed reader stays fixed. The file name's prefix names the reader: formats_ for parsePuzzles, recording_ for
// parseRecording, runs_ for a bench's runs.jsonl.
#include "io/formats.h"
#include "io/recording.h"
#include "study/bench.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace pw {
namespace {

namespace fs = std::filesystem;

std::string contentOf(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The found inputs whose file name starts with `prefix`, as (name, content); at least one must be there.
std::vector<std::pair<std::string, std::string>> foundInputs(const std::string& prefix) {
    std::vector<std::pair<std::string, std::string>> inputs;
    for (const auto& entry : fs::directory_iterator(PW_FUZZ_FIXTURES_DIR)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind(prefix, 0) == 0) inputs.emplace_back(name, contentOf(entry.path()));
    }
    EXPECT_FALSE(inputs.empty()) << "no " << prefix << " input in " << PW_FUZZ_FIXTURES_DIR;
    return inputs;
}

// The check of fuzz/fuzz_puzzle_formats.cpp: whatever loads reads back after writing, and a Nurikabe from its URL.
void expectPuzzlesReadBack(const std::string& text, const std::string& name) {
    const PuzzleCollection collection = parsePuzzles(text, name);
    for (const auto& puzzle : collection.puzzles) {
        const std::string written = formatPuzzles({puzzle});
        const PuzzleCollection again = parsePuzzles(written, "<written>");
        ASSERT_EQ(again.puzzles.size(), 1u) << name << ": " << puzzle.origin << " written as\n" << written;
        EXPECT_TRUE(again.errors.empty()) << name << ": " << again.errors.front().toString();
        ASSERT_EQ(again.puzzles[0].kind(), puzzle.kind());
        if (puzzle.kind() == PuzzleKind::Nurikabe) {
            EXPECT_TRUE(again.puzzles[0].nurikabe().clues == puzzle.nurikabe().clues) << name << ": " << written;
            EXPECT_EQ(parsePuzzles(formatNurikabeUrl(puzzle.nurikabe().clues), "<url>").puzzles.size(), 1u);
        } else {
            // The values only: pencil marks are not written (see formats.h).
            const SudokuGrid& before = puzzle.sudoku().givens;
            const SudokuGrid& after = again.puzzles[0].sudoku().givens;
            ASSERT_EQ(after.cellCount(), before.cellCount());
            for (int cell = 0; cell < before.cellCount(); ++cell) EXPECT_EQ(after.value(cell), before.value(cell)) << name;
        }
    }
}

TEST(FuzzRegressionTest, EveryFoundInputOfThePuzzleReaderNowReadsBack) {
    for (const auto& [name, content] : foundInputs("formats_")) {
        expectPuzzlesReadBack(content, name);
    }
}

TEST(FuzzRegressionTest, EveryFoundInputOfTheRecordingReaderGivesAnErrorWithItsPlace) {
    for (const auto& [name, content] : foundInputs("recording_")) {
        const RecordingRead read = parseRecording(content, name);
        EXPECT_FALSE(read.recording) << name;
        EXPECT_GT(read.error.line, 0) << name << ": " << read.error.toString();
    }
}

TEST(FuzzRegressionTest, ANumberTooLargeForADoubleIsAnErrorNotACrash) {
    // Found by fuzz_recording: the JSON library throws out_of_range, not parse_error, for such a number, and it
    // escaped the reader.
    const RecordingRead read = parseRecording("{\n  \"seed\": 1e999\n}\n", "big.json");
    ASSERT_FALSE(read.recording);
    EXPECT_EQ(read.error.toString(), "big.json:2:11: not valid JSON: a number out of range (1e999)");
}

TEST(FuzzRegressionTest, EveryFoundRunsFileGivesRecordsOrAnError) {
    for (const auto& [name, content] : foundInputs("runs_")) {
        bool partial = false;
        std::uintmax_t wholeBytes = 0;
        const auto lines = parseBenchRunLines(content, name, partial, wholeBytes);
        int refused = 0;
        for (const auto& line : lines) {
            try {
                (void)benchRecordFromJson(line);
            } catch (const std::invalid_argument&) {
                ++refused;
            }
        }
        EXPECT_GT(refused, 0) << name << ": the bad run line was taken";
    }
}

TEST(FuzzRegressionTest, ARunLineWithAFractionalCurveStepIsRefused) {
    // Found by fuzz_bench_runs (UBSan): a step of 1.5e29 was converted to an integer unchecked.
    const auto line = nlohmann::json::parse(R"({"configuration": "sa", "algorithm": "sa", "puzzle_index": 0, "id": "p",
        "run": 0, "status": "solved", "seconds": 0.1, "steps": 10, "evaluations": 10, "best_cost": 0,
        "curve": [[0, 3], [1.5e29, 0]]})");
    try {
        (void)benchRecordFromJson(line);
        ADD_FAILURE() << "the line was read";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("whole step"), std::string::npos) << e.what();
    }
    auto fractionalRun = line;
    fractionalRun["run"] = 2.5;
    fractionalRun["curve"] = nlohmann::json::array();
    EXPECT_THROW((void)benchRecordFromJson(fractionalRun), std::invalid_argument);
}

TEST(FuzzRegressionTest, EveryFoundBenchConfigIsRefusedBeforeItsTasksAreBuilt) {
    // Found by fuzz_bench_config: a config.json asking for 355,000,001 runs had its task list built, 1.6 GB and
    // growing. The runs per setting and the runs of the whole plan are now bounded (kMaxBenchRuns, kMaxBenchTasks).
    for (const auto& [name, content] : foundInputs("config_")) {
        const nlohmann::json config = nlohmann::json::parse(content, nullptr, false);
        ASSERT_FALSE(config.is_discarded()) << name;
        try {
            (void)benchTasks(benchPlanFromJson(config));
            ADD_FAILURE() << name << ": the plan was taken";
        } catch (const std::runtime_error& e) {
            EXPECT_NE(std::string(e.what()).find("kMaxBenchRuns"), std::string::npos) << name << ": " << e.what();
        }
    }
}

TEST(FuzzRegressionTest, APlanOfMoreRunsThanABenchMayHoldIsRefused) {
    BenchPlan plan;
    BenchConfiguration sa;
    sa.label = "sa";
    sa.algorithmId = "sa";
    plan.configurations = {sa, sa};
    plan.puzzles = parsePuzzles(std::string(81, '.') + "\n" + std::string(81, '.') + "\n", "two").puzzles;
    ASSERT_EQ(plan.puzzles.size(), 2u);
    plan.runs = kMaxBenchTasks / 4;  // 2 settings x 2 puzzles: exactly the most
    EXPECT_EQ(benchTasks(plan).size(), kMaxBenchTasks);
    plan.runs += 1;
    try {
        (void)benchTasks(plan);
        ADD_FAILURE() << "the plan was taken";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("kMaxBenchTasks"), std::string::npos) << e.what();
    }
}

TEST(FuzzRegressionTest, ANurikabeOneCellWideReadsBackFromItsText) {
    // Found by fuzz_puzzle_formats: a 1x3 grid from a URL was written as rows of one token, which did not read
    // back as a grid. It is now written under a header, and a header makes one-token rows a grid.
    const PuzzleCollection collection = parsePuzzles("https://puzz.link/p?nurikabe/1/3/1ee\n", "column.url");
    ASSERT_EQ(collection.puzzles.size(), 1u);
    const std::string written = formatPuzzles(collection.puzzles);
    EXPECT_EQ(written, "nurikabe 3 1\n1\n14\n14\n");
    const PuzzleCollection again = parsePuzzles(written, "column.txt");
    ASSERT_EQ(again.puzzles.size(), 1u);
    EXPECT_EQ(again.puzzles[0].nurikabe().clues.height(), 3);
    EXPECT_EQ(again.puzzles[0].nurikabe().clues.width(), 1);
    // Without a header a column of numbers is still not taken for a grid.
    EXPECT_TRUE(parsePuzzles("1\n14\n14\n", "numbers.txt").puzzles.empty());
}

}  // namespace
}  // namespace pw
