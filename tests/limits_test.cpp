// Hostile input: files far larger than any real one, a recording that asks for an endless replay, a huge
// Nurikabe. Each is refused with an error naming the limit, or loaded in bounded time and memory. The big
// inputs are made here at run time (a size check refuses a sparse 1 GB file before reading a byte of it).
#include "io/csv_table.h"
#include "io/formats.h"
#include "io/recording.h"
#include "study/bench.h"

#include "test_support.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace pw {
namespace {

namespace fs = std::filesystem;

class LimitsTest : public ::testing::Test {
protected:
    void SetUp() override {
        m_dir = fs::temp_directory_path() /
                ("pw_limits_" + std::to_string(::getpid()) + "_" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::create_directories(m_dir);
    }
    void TearDown() override { fs::remove_all(m_dir); }

    // A file of `bytes` bytes that takes no disk space: the readers must refuse it by its size.
    std::string hugeFile(const std::string& name, std::uintmax_t bytes) const {
        const std::string path = (m_dir / name).string();
        std::ofstream(path) << "123456789";
        fs::resize_file(path, bytes);
        return path;
    }

    fs::path m_dir;
};

constexpr std::uintmax_t kOneGigabyte = std::uintmax_t{1} << 30;

TEST_F(LimitsTest, AGigabytePuzzleFileIsRefusedByItsSize) {
    const std::string path = hugeFile("digits.txt", kOneGigabyte);
    const PuzzleCollection collection = loadPuzzleFile(path);
    EXPECT_TRUE(collection.puzzles.empty());
    ASSERT_EQ(collection.errors.size(), 1u);
    const std::string message = collection.errors[0].toString();
    EXPECT_EQ(message.rfind(path + ": 1073741824 bytes", 0), 0u) << message;
    EXPECT_NE(message.find("kMaxPuzzleFileBytes"), std::string::npos) << message;
}

TEST_F(LimitsTest, AGigabyteTableRecordingOrRunsFileIsRefusedByItsSize) {
    ParseError error;
    EXPECT_FALSE(readCsvTable(hugeFile("human.csv", kOneGigabyte), error));
    EXPECT_NE(error.toString().find("kMaxCsvFileBytes"), std::string::npos) << error.toString();

    const RecordingRead read = loadRecording(hugeFile("run.json", kOneGigabyte));
    EXPECT_FALSE(read.recording);
    EXPECT_NE(read.error.toString().find("kMaxRecordingBytes"), std::string::npos) << read.error.toString();

    const std::string runs = hugeFile("runs.jsonl", kOneGigabyte);
    try {
        BenchLog log(runs);
        ADD_FAILURE() << "a 1 GB runs.jsonl was read";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("kMaxRunsFileBytes"), std::string::npos) << e.what();
    }
    EXPECT_EQ(fs::file_size(runs), kOneGigabyte) << "a refused runs file must be left as it was";
}

TEST_F(LimitsTest, AMillionLinePuzzleFileStopsAtThePuzzleLimit) {
    // A million 4x4 puzzles (17 MB, under the size limit): reading stops at kMaxPuzzlesPerFile with one error.
    std::string text;
    text.reserve(17'000'000);
    for (int i = 0; i < 1'000'000; ++i) text += "1..4..1..1..4..1\n";
    const PuzzleCollection collection = parsePuzzles(text, "million.txt");
    EXPECT_EQ(collection.puzzles.size(), kMaxPuzzlesPerFile);
    ASSERT_EQ(collection.errors.size(), 1u);
    EXPECT_EQ(collection.errors[0].line, static_cast<int>(kMaxPuzzlesPerFile) + 1);
    EXPECT_NE(collection.errors[0].message.find("kMaxPuzzlesPerFile"), std::string::npos);
}

TEST_F(LimitsTest, AMillionBadLinesListAThousandErrors) {
    std::string text;
    for (int i = 0; i < 1'000'000; ++i) text += "not a puzzle\n";
    const PuzzleCollection collection = parsePuzzles(text, "junk.txt");
    EXPECT_TRUE(collection.puzzles.empty());
    ASSERT_EQ(collection.errors.size(), kMaxParseErrors + 1);
    EXPECT_EQ(collection.errors.front().toString(), "junk.txt:1:1: not a puzzle: expected a one-line Sudoku (81 "
                                                    "characters), a grid row, a Nurikabe grid or a puzz.link URL");
    EXPECT_NE(collection.errors.back().message.find("kMaxParseErrors"), std::string::npos);
}

TEST_F(LimitsTest, AHugeNurikabeIsRefusedNamingTheLimit) {
    PuzzleCollection collection = parsePuzzles("https://puzz.link/p?nurikabe/1000000000/1000000000/g\n", "big.url");
    ASSERT_EQ(collection.errors.size(), 1u);
    EXPECT_EQ(collection.errors[0].line, 1);
    EXPECT_EQ(collection.errors[0].column, 21);  // the "nurikabe/" of the URL
    EXPECT_NE(collection.errors[0].message.find("kMaxNurikabeSide"), std::string::npos) << collection.errors[0].message;
    EXPECT_NE(collection.errors[0].message.find("1000000000x1000000000"), std::string::npos);

    // A text grid one cell wider than the limit.
    std::string row = "1";
    for (int c = 1; c <= kMaxNurikabeSide; ++c) row += " .";
    collection = parsePuzzles(row + "\n" + row + "\n", "wide.txt");
    ASSERT_EQ(collection.errors.size(), 1u);
    EXPECT_NE(collection.errors[0].message.find("kMaxNurikabeSide"), std::string::npos) << collection.errors[0].message;
    // And one row higher.
    std::string grid;
    for (int r = 0; r <= kMaxNurikabeSide; ++r) grid += "1 . .\n";
    collection = parsePuzzles(grid, "high.txt");
    ASSERT_EQ(collection.errors.size(), 1u);
    EXPECT_EQ(collection.errors[0].line, kMaxNurikabeSide + 1);
    EXPECT_NE(collection.errors[0].message.find("kMaxNurikabeSide"), std::string::npos) << collection.errors[0].message;
}

// Row 1 leaves r1c9 to a 9 that column 9 already holds: no solution, though no given repeats.
const char* const kNoSolution = "12345678.........9...............................................................";

std::string recordingText(std::uint64_t maxSteps, std::uint64_t steps, const char* outcome) {
    Puzzle puzzle = test::sudokuPuzzle(kNoSolution, "none");
    RecordedBudgets budgets;
    budgets.maxSteps = maxSteps;
    RecordedResult result;
    result.outcome = Outcome::BudgetExhausted;
    result.reason = "step limit";
    result.counters.steps = steps;
    result.counters.evaluations = steps;
    result.bestCost = 2;
    std::string text =
        formatRecording(makeRecording(puzzle, "sa", ParameterValues(findAlgorithm("sa")->info.parameters), 1, budgets, result));
    const std::string from = "\"outcome\": \"budget_exhausted\"";
    text.replace(text.find(from), from.size(), std::string("\"outcome\": \"") + outcome + "\"");
    return text;
}

TEST_F(LimitsTest, ARecordingOfTenToTheEighteenStepsIsRefused) {
    const std::string text = recordingText(1'000'000'000'000'000'000ull, 1'000'000'000'000'000'000ull, "budget_exhausted");
    const RecordingRead read = parseRecording(text, "endless.json");
    ASSERT_FALSE(read.recording);
    EXPECT_GT(read.error.line, 1);
    EXPECT_GT(read.error.column, 1);
    EXPECT_NE(read.error.message.find("kMaxRecordedSteps"), std::string::npos) << read.error.toString();
}

TEST_F(LimitsTest, AnEditedRecordingPromisingEndlessBudgetsReplaysOnlyItsRecordedSteps) {
    // The budgets allow 10^18 steps on a puzzle without a solution; the recording says the run took 2000.
    const RecordingRead read = parseRecording(recordingText(1'000'000'000'000'000'000ull, 2000, "failed"), "edited.json");
    ASSERT_TRUE(read.recording) << read.error.toString();
    const RunResult result = replayRecording(*read.recording, nullptr);
    // One step past the recorded ones: a faithful replay never gets there, an edited one stops there.
    EXPECT_EQ(result.counters.steps, 2001u);
}

}  // namespace
}  // namespace pw
