// The runner-free path of `exact` for batch Sudoku solving and the direct JSON line writer: both must give
// what the Runner and runResultJson give, field for field and byte for byte.

#include "algorithms/exact.h"
#include "io/run_report.h"
#include "puzzle/puzzle_kind.h"

#include "test_support.h"

#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

namespace pw {
namespace {

std::vector<std::string> puzzleLines() {
    std::vector<std::string> lines = {
        test::kAiEscargot,
        std::string(81, '.'),  // many solutions
        "12345678.........9" + std::string(63, '.'),  // none
        "11" + std::string(79, '.'),  // clashing givens
        ".4.2...3.....1..",                      // 4x4
        "..51..6....5..23......2.4..6.......1",  // 6x6
    };
    std::ifstream in(test::sharedDataDir() + "/sudoku/17clue_first1000.txt");
    std::string line;
    for (int kept = 0; kept < 40 && std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        lines.push_back(line.substr(0, 81));
        ++kept;
    }
    return lines;
}

std::string jsonLine(const Puzzle& puzzle, const RunResult& result) {
    std::string line;
    appendRunResultJson(line, puzzle, "exact", 7, 0, result);
    return line;
}

TEST(ExactBatchTest, GivesTheRunnersResultForEveryLimit) {
    const std::vector<std::string> lines = puzzleLines();
    ASSERT_GT(lines.size(), 40u) << "the 17-clue file was not read";
    const std::atomic<bool> stop{false};
    for (const char* limit : {"1", "2", "5"}) {
        const ParameterValues parameters = test::parametersOf("exact", {{"solution_limit", limit}});
        for (const std::string& text : lines) {
            const Puzzle puzzle = test::sudokuPuzzle(text, "p");
            const RunResult expected = test::runAlgorithm("exact", puzzle, parameters, 7, nullptr, 0);
            std::optional<RunResult> batch = runExactSudoku(puzzle, std::stoi(limit), stop);
            ASSERT_TRUE(batch) << text;
            EXPECT_EQ(batch->outcome, expected.outcome) << text;
            EXPECT_EQ(batch->counters, expected.counters) << text;
            batch->seconds = expected.seconds;
            EXPECT_EQ(jsonLine(puzzle, *batch), jsonLine(puzzle, expected)) << text << " limit " << limit;
        }
    }
}

TEST(ExactBatchTest, StopsWhenAskedAndReportsNothing) {
    const std::atomic<bool> stop{true};
    EXPECT_FALSE(runExactSudoku(test::sudokuPuzzle(test::kAiEscargot), 1, stop));
}

TEST(ExactBatchTest, TheDirectLineIsTheDumpOfTheJsonObject) {
    const std::atomic<bool> stop{false};
    const Puzzle plain = test::sudokuPuzzle(test::kAiEscargot, "file.txt:1");
    // Names that need escaping, text beyond ASCII, and algorithm results that sort among the fields, one
    // of them replacing a field and one given twice.
    const Puzzle odd = test::sudokuPuzzle(test::kAiEscargot, "a \"quoted\"\\ name\t\x01 \xc3\xa9t\xc3\xa9");
    RunResult result = *runExactSudoku(plain, 1, stop);
    result.seconds = 5.167e-05;
    for (const Puzzle* puzzle : {&plain, &odd}) {
        for (const bool withResults : {false, true}) {
            if (withResults)
                result.results = {{"program", std::string("lR\"s")},
                                  {"generation", std::int64_t{12}},
                                  {"best_cost", 1.5},
                                  {"zeta", true},
                                  {"generation", std::int64_t{13}}};
            std::string line;
            appendRunResultJson(line, *puzzle, "exact", 42, 3, result);
            EXPECT_EQ(line, runResultJson(*puzzle, "exact", 42, 3, result).dump() + "\n");
        }
    }
    for (const double seconds : {0.0, -0.0, 1.0, 26.0, -3.0, 123456789.25, 1e-9, 0.1, 1e14, 999999999999999.0,
                                 1e15, 1e16, 4503599627370496.0, 1e300, 5.167e-05, 1.0 / 3, -2.5e-300,
                                 std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()}) {
        std::string text;
        appendJsonNumber(text, seconds);
        EXPECT_EQ(text, nlohmann::json(seconds).dump());
    }
}

}  // namespace
}  // namespace pw
