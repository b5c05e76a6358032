// Smoke tests of the real puzzle-cli binary: exit codes, JSON output, traces and error messages.

#include "io/recording.h"
#include "puzzle/puzzle_kind.h"
#include "sudoku/sudoku_exact.h"
#include "study/generator.h"
#include "cli_process.h"
#include "explained_algorithms.h"
#include "test_support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace pw {
namespace {

struct CliResult {
    int exitCode = -1;
    std::string out;  // standard output
    std::string err;  // standard error
};

// `shellPrefix` goes before the program in the shell's command ("ulimit -f 8; exec ").
CliResult runCli(const std::string& arguments, const std::string& input = "", const std::string& shellPrefix = "") {
    const auto dir = std::filesystem::temp_directory_path();
    const std::string errPath = (dir / ("pw_cli_err_" + std::to_string(::getpid()))).string();
    const std::string inPath = (dir / ("pw_cli_in_" + std::to_string(::getpid()))).string();
    std::ofstream(inPath) << input;
    const std::string command = shellPrefix + "'" + PW_CLI_PATH + "' " + arguments + " <'" + inPath + "' 2>'" + errPath + "'";
    CliResult result;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) return result;
    char buffer[4096];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) result.out.append(buffer, n);
    const int status = ::pclose(pipe);
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream err(errPath);
    result.err.assign(std::istreambuf_iterator<char>(err), std::istreambuf_iterator<char>());
    std::filesystem::remove(errPath);
    std::filesystem::remove(inPath);
    return result;
}

std::vector<nlohmann::json> jsonLines(const std::string& text) {
    std::vector<nlohmann::json> lines;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        if (!line.empty()) lines.push_back(nlohmann::json::parse(line));
    return lines;
}

std::string tempPath(const std::string& name) {
    return (std::filesystem::temp_directory_path() / (name + std::to_string(::getpid()))).string();
}

TEST(CliTest, ListsAlgorithms) {
    const auto result = runCli("algorithms --json");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto list = nlohmann::json::parse(result.out);
    std::vector<std::string> ids;
    for (const auto& algorithm : list) ids.push_back(algorithm["id"]);
    EXPECT_NE(std::find(ids.begin(), ids.end(), "exact"), ids.end());
    EXPECT_NE(std::find(ids.begin(), ids.end(), "backtracking"), ids.end());
    for (const auto& algorithm : list) {
        if (algorithm["id"] != "backtracking") continue;
        EXPECT_EQ(algorithm["parameters"][0]["key"], "cell_order");
        EXPECT_EQ(algorithm["parameters"][0]["choices"].size(), 2u);
        EXPECT_EQ(algorithm["kinds"][0], "sudoku");
    }
    EXPECT_EQ(runCli("algorithms").exitCode, 0);
}

TEST(CliTest, SolvesALiteralPuzzleAsJson) {
    const auto result = runCli("solve -a backtracking --seed 5 --runs 2 --json " + test::kAiEscargot);
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto lines = jsonLines(result.out);
    ASSERT_EQ(lines.size(), 2u);
    for (std::size_t run = 0; run < 2; ++run) {
        const auto& line = lines[run];
        EXPECT_EQ(line["puzzle"], test::kAiEscargot);
        EXPECT_EQ(line["algorithm"], "backtracking");
        EXPECT_EQ(line["seed"], 5 + run);
        EXPECT_EQ(line["run"], run);
        EXPECT_EQ(line["status"], "solved");
        EXPECT_EQ(line["valid"], true);
        EXPECT_EQ(line["best_cost"], 0.0);
        EXPECT_EQ(line["solution"],
                  "162857493534129678789643521475312986913586742628794135356478219241935867897261354");
        EXPECT_GT(line["steps"].get<int>(), 58);
        EXPECT_TRUE(line.contains("seconds"));
        EXPECT_TRUE(line.contains("evaluations"));
        EXPECT_EQ(line["id"], "<argument>:1");
    }
    // The same seed gives the same run.
    const auto again = jsonLines(runCli("solve -a backtracking --seed 5 --json " + test::kAiEscargot).out);
    ASSERT_EQ(again.size(), 1u);
    EXPECT_EQ(again[0]["steps"], lines[0]["steps"]);
}

// A line of `solve --json` with the value of "seconds" cut out, and whether the line is the dump of the
// object it parses to (so the lines written directly look exactly like nlohmann's).
std::string withoutSeconds(const std::string& line) {
    EXPECT_EQ(nlohmann::json::parse(line).dump(), line);
    const std::size_t start = line.find("\"seconds\":");
    if (start == std::string::npos) return line;
    return line.substr(0, start) + line.substr(line.find(',', start));
}

TEST(CliTest, ExactBatchSolvingPrintsWhatTheRunnerGives) {
    const std::string file = tempPath("pw_exact_batch") + ".txt";
    std::ofstream(file) << test::kAiEscargot << "\n"
                        << std::string(81, '.') << "\n"
                        << "12345678.........9" << std::string(63, '.') << "\n"
                        << ".4.2...3.....1..\n";
    for (const std::string limit : {"1", "3"}) {
        // A step budget that never ends a run sends every puzzle through the Runner instead of the batch path.
        const auto solve = [&](const std::string& budget) {
            return runCli("solve -a exact --seed 3 --json " + budget + "'" + file + "' --param solution_limit=" + limit);
        };
        const auto batch = solve("");
        const auto runner = solve("--max-steps 1000000000 ");
        ASSERT_EQ(batch.exitCode, 0) << batch.err;
        ASSERT_EQ(runner.exitCode, 0) << runner.err;
        std::istringstream batchLines(batch.out), runnerLines(runner.out);
        std::string a, b;
        int count = 0;
        while (std::getline(batchLines, a)) {
            ASSERT_TRUE(std::getline(runnerLines, b));
            EXPECT_EQ(withoutSeconds(a), withoutSeconds(b));
            ++count;
        }
        EXPECT_FALSE(std::getline(runnerLines, b));
        EXPECT_EQ(count, 4);
    }
    std::filesystem::remove(file);
}

TEST(CliTest, BudgetsStopRuns) {
    const auto result = runCli("solve -a backtracking --seed 1 --max-steps 10 --json -", test::kAiEscargot + "\n");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto lines = jsonLines(result.out);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0]["status"], "stopped");
    EXPECT_EQ(lines[0]["valid"], false);
    EXPECT_EQ(lines[0]["steps"], 10);
    EXPECT_EQ(lines[0]["id"], "<stdin>:1");
}

// A slow input says how it stands on standard error once it has taken ProgressTicker::kQuietSeconds, and which
// puzzle the output waits on; a fast one says nothing. The grid has no solution (a 9 is missing from row 1 but
// column 9 holds one), so each annealing run lasts its time limit.
TEST(CliTest, ASlowSolveShowsItsProgressOnStandardError) {
    const std::string noSolution = "12345678.........9" + std::string(63, '.');
    const auto slow = runCli("solve -a sa --seed 1 --time-limit 1.5 --jobs 1 --json -", noSolution + "\n" + noSolution + "\n");
    ASSERT_EQ(slow.exitCode, 0) << slow.err;
    EXPECT_EQ(jsonLines(slow.out).size(), 2u);
    // The first line comes at 2 s, when the first run has ended (or, on a slow machine, is about to).
    EXPECT_TRUE(std::regex_search(slow.err, std::regex("^solve: [01] runs done, 2 puzzles read, 2 s; waiting on <stdin>:[12] "
                                                       "for [0-9]+\\.[0-9] s\n")))
        << slow.err;
    const auto fast = runCli("solve -a exact --seed 1 --json -", test::kAiEscargot + "\n");
    ASSERT_EQ(fast.exitCode, 0) << fast.err;
    EXPECT_EQ(fast.err, "");
}

// gp's first population holds distinct programs: with max_length=1 only 9 exist, so the default population of
// 500 is refused before the run instead of searching for the 10th for ever.
TEST(CliTest, RefusesAPopulationOfMoreProgramsThanExist) {
    const auto result = runCli("solve -a gp --param max_length=1 --time-limit 2 --max-steps 5 " + test::kPillayFigure1);
    EXPECT_EQ(result.exitCode, 2) << result.err;
    EXPECT_NE(result.err.find("population (500) must be at most 9"), std::string::npos) << result.err;
    const auto edge = runCli("solve -a gp --param max_length=1 --param population=9 --max-steps 5 --json " +
                             test::kPillayFigure1);
    EXPECT_EQ(edge.exitCode, 0) << edge.err;
}

// Standard output on a full device: the reason and a failed status, not exit 0 with the results lost.
TEST(CliTest, AFullStandardOutputFailsTheCommand) {
    for (const std::string& command : {"solve -a backtracking --seed 1 --json " + test::kPillayFigure1,
                                       "check " + test::kPillayFigure1, std::string("algorithms"),
                                       std::string("generate --count 2 --seed 4")}) {
        const auto result = runCli(command + " >/dev/full");
        EXPECT_EQ(result.exitCode, 1) << command << ": " << result.err;
        EXPECT_NE(result.err.find("cannot write 'standard output': No space left on device"), std::string::npos)
            << command << ": " << result.err;
    }
}

// A trace that cannot be written whole (here: past the process's file size limit, as on a full disk) fails the
// command with the reason, and neither it nor its temporary is left behind; an older trace stays as it was.
TEST(CliTest, ATraceCutShortIsNeverRenamedIntoPlace) {
    const std::string trace = tempPath("pw_cut_trace") + ".jsonl";
    std::ofstream(trace) << "an older trace\n";
    const auto result = runCli("solve -a sa --seed 1 --max-steps 20000 --trace '" + trace + "' --trace-every 1 " +
                                   test::kPillayFigure1,
                               "", "trap '' XFSZ; ulimit -f 16; exec ");
    EXPECT_EQ(result.exitCode, 1) << result.err;
    EXPECT_NE(result.err.find("cannot write '" + trace + "': File too large"), std::string::npos) << result.err;
    std::ifstream in(trace);
    EXPECT_EQ(std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()), "an older trace\n");
    EXPECT_FALSE(std::filesystem::exists(trace + ".partial"));

    // A bound on the trace's size stops the run where it is reached, with the same care.
    const auto bounded = runCli("solve -a sa --seed 1 --max-steps 100000000 --trace '" + trace +
                                "' --trace-every 1 --max-trace-bytes 100000 " + test::kPillayFigure1);
    EXPECT_EQ(bounded.exitCode, 1) << bounded.err;
    EXPECT_NE(bounded.err.find(trace + ": the trace grew past 100000 bytes (--max-trace-bytes); it was not kept"),
              std::string::npos)
        << bounded.err;
    EXPECT_TRUE(bounded.out.empty()) << bounded.out;
    std::ifstream again(trace);
    EXPECT_EQ(std::string((std::istreambuf_iterator<char>(again)), std::istreambuf_iterator<char>()),
              "an older trace\n");
    EXPECT_FALSE(std::filesystem::exists(trace + ".partial"));
    std::filesystem::remove(trace);
}

// Values that are not what an option allows are refused with what it allows, as people write it: no nan or inf
// for a time, no seed outside 0 to 2^64 - 1 (-1 and 20 nines used to become 2^64 - 1), no empty value.
TEST(CliTest, RefusesOptionValuesOutsideWhatTheyAllow) {
    const std::string puzzle = " " + test::kPillayFigure1;
    const std::vector<std::pair<std::string, std::string>> refused = {
        {"solve -a sa --time-limit nan" + puzzle, "--time-limit: 'nan' is not allowed; it must be any positive number"},
        {"solve -a sa --time-limit inf" + puzzle, "--time-limit: 'inf' is not allowed; it must be any positive number"},
        {"bench -a sa --time-limit nan --out x" + puzzle, "--time-limit: 'nan' is not allowed"},
        {"check --time-limit -inf" + puzzle, "--time-limit: '-inf' is not allowed"},
        {"solve -a sa --max-steps 10 --seed -1" + puzzle,
         "--seed: '-1' is not allowed; it must be a whole number from 0 to 18446744073709551615"},
        {"solve -a sa --max-steps 10 --seed 99999999999999999999" + puzzle, "--seed: '99999999999999999999' is not"},
        {"bench -a sa --max-steps 10 --seed -1 --out x" + puzzle, "--seed: '-1' is not allowed"},
        {"generate --seed -1", "--seed: '-1' is not allowed"},
        {"solve -a sa --max-steps 10 --seed ''" + puzzle, "--seed: '' is not allowed"},
        {"generate --size ''", "--size: an empty value is not allowed"},
        {"generate --clues ''", "--clues: an empty value is not allowed"},
        {"bench -a sa --max-steps 10 --out x --shard ''" + puzzle, "--shard: an empty value is not allowed"},
        {"solve -a sa --max-steps -5" + puzzle, "--max-steps: '-5' is not allowed; it must be a whole number from 1"},
    };
    for (const auto& [arguments, message] : refused) {
        const auto result = runCli(arguments);
        EXPECT_EQ(result.exitCode, 2) << arguments << ": " << result.err;
        EXPECT_NE(result.err.find(message), std::string::npos) << arguments << ": " << result.err;
        EXPECT_EQ(result.err.find("1797693"), std::string::npos) << arguments << ": " << result.err;
    }
    EXPECT_EQ(runCli("solve -a sa --max-steps 10 --seed 18446744073709551615 --json" + puzzle).exitCode, 0);
}

// Standard input has the bound of a puzzle file: 70 MB piped in are refused as 70 MB in a file are, at once
// and without reading them all into memory.
TEST(CliTest, StandardInputHasTheBoundOfAFile) {
    const std::string command = "head -c 70000000 /dev/zero | tr '\\0' x | '" + std::string(PW_CLI_PATH) +
                                "' check - 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string text;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) text.append(buffer, n);
    const int status = ::pclose(pipe);
    EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 1) << text;
    EXPECT_NE(text.find("<stdin>: more than 67108864 bytes, the most a puzzle input may have"), std::string::npos)
        << text;
    EXPECT_EQ(text.find("not a puzzle"), std::string::npos) << text;
}

TEST(CliTest, HintsGrowByLevelAndReportMistakesFirst) {
    const auto one = runCli("hint --level 1 " + test::kPillayFigure1);
    ASSERT_EQ(one.exitCode, 0) << one.err;
    EXPECT_EQ(one.out.rfind("Look for a ", 0), 0u) << one.out;
    const auto three = jsonLines(runCli("hint --json " + test::kPillayFigure1).out);
    ASSERT_EQ(three.size(), 1u);
    EXPECT_EQ(three[0]["kind"], "step");
    EXPECT_EQ(three[0]["level"], 3);
    EXPECT_FALSE(three[0]["cells"].empty());
    const std::string cell = three[0]["cells"].back();
    EXPECT_NE(three[0]["text"].get<std::string>().find(cell), std::string::npos);

    // The player put 1 in r1c2, where the solution has another digit.
    std::string board = test::kPillayFigure1;
    board[1] = '1';
    const auto mistake = jsonLines(runCli("hint --level 2 --json --board " + board + " " + test::kPillayFigure1).out);
    ASSERT_EQ(mistake.size(), 1u);
    EXPECT_EQ(mistake[0]["kind"], "mistake");
    EXPECT_EQ(mistake[0]["cells"], nlohmann::json::array({"r1c2"}));

    std::string changedGiven = test::kPillayFigure1;
    changedGiven[0] = '5';
    const auto bad = runCli("hint --board " + changedGiven + " " + test::kPillayFigure1);
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("changes a given"), std::string::npos) << bad.err;
    EXPECT_EQ(runCli("hint --level 4 " + test::kPillayFigure1).exitCode, 2);
    const auto letter = runCli("hint --board " + board.substr(0, 80) + "x " + test::kPillayFigure1);
    EXPECT_EQ(letter.exitCode, 2);
    EXPECT_NE(letter.err.find("--board:1:81:"), std::string::npos) << letter.err;
}

// Nurikabe hints name the rule, then where, then the whole deduction; a wrong cell comes first.
TEST(CliTest, HintsNurikabeByItsNamedRules) {
    const std::string janko1 = "'https://puzz.link/p?nurikabe/10/10/j2g2i2m2j2m2j2n2g2j2r2g2j2l22j2r2g'";
    for (int level = 1; level <= 3; ++level) {
        const auto hint = jsonLines(runCli("hint --json --level " + std::to_string(level) + " " + janko1).out);
        ASSERT_EQ(hint.size(), 1u) << level;
        EXPECT_EQ(hint[0]["kind"], "step");
        EXPECT_EQ(hint[0]["technique"], "between two clues");
        EXPECT_EQ(hint[0]["cells"].size(), level == 1 ? 0u : level == 2 ? 2u : 3u) << hint[0].dump();
    }
    // Janko 1's solution with r10c7 made island and r10c8 left undecided.
    const std::string wrong = "###oo#oo##/oo######o#/###oo#o#o#/#oo###o###/####oo#oo#/#oo#######/####oo#o#o/"
                              "o#o####o#o/o#o#oo####/######o.o#";
    const auto mistake = jsonLines(runCli("hint --json --level 2 --board '" + wrong + "' " + janko1).out);
    ASSERT_EQ(mistake.size(), 1u);
    EXPECT_EQ(mistake[0]["kind"], "mistake");
    EXPECT_EQ(mistake[0]["cells"], nlohmann::json::array({"r10c7"}));
    const auto bad = runCli("hint --board 'oo/##' " + janko1);
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("expected 10 rows of 10 cells"), std::string::npos) << bad.err;
}

TEST(CliTest, RatesPuzzlesAsCsvTheSameWithAnyNumberOfJobs) {
    const std::string file = "'" + test::puzzlesDir() + "/sudoku/from_papers.csv'";
    const auto one = runCli("rate --metrics givens,serate,refutation-sum --runs 2 --seed 3 --jobs 1 " + file);
    ASSERT_EQ(one.exitCode, 0) << one.err;
    std::istringstream lines(one.out);
    std::string settings, header, first;
    std::getline(lines, settings);
    std::getline(lines, header);
    std::getline(lines, first);
    // The first line says what repeats the rating; the CSV reader skips it.
    EXPECT_EQ(settings.rfind("# puzzle-workbench ", 0), 0u) << settings;
    EXPECT_NE(settings.find(" rating; seed 3; runs: givens 1, serate 2, refutation-sum 2; repeat: puzzle-cli rate "
                            "--metrics givens,serate,refutation-sum --seed 3 --runs 2"),
              std::string::npos)
        << settings;
    EXPECT_EQ(header, "id,puzzle,givens,serate,refutation-sum");
    EXPECT_EQ(first.rfind("Pillay2012_figure1," + test::kPillayFigure1 + ",36,0,0", 0), 0u) << first;
    EXPECT_NE(one.err.find("rating"), std::string::npos);  // the progress report
    EXPECT_EQ(runCli("rate --metrics givens,serate,refutation-sum --runs 2 --seed 3 --jobs 2 " + file).out, one.out);

    const auto unknown = runCli("rate --metrics serate,nonsense " + file);
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_NE(unknown.err.find("unknown metric 'nonsense'"), std::string::npos) << unknown.err;
    EXPECT_NE(unknown.err.find("refutation-sum"), std::string::npos) << unknown.err;
}

// Nurikabe puzzles get the Nurikabe metrics; a Sudoku metric leaves its column empty and says why.
TEST(CliTest, RatesNurikabeAndSaysWhichMetricsDoNotApply) {
    const auto result = runCli("rate --metrics nurikabe-islands,nurikabe-island-area,givens --jobs 1 '" +
                               test::puzzlesDir() + "/nurikabe/janko_sample.txt'");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    std::istringstream lines(result.out);
    std::string settings, header, first;
    std::getline(lines, settings);
    std::getline(lines, header);
    std::getline(lines, first);
    EXPECT_NE(settings.find("; seed 1; runs: nurikabe-islands 1, nurikabe-island-area 1, givens 1;"),
              std::string::npos)
        << settings;
    EXPECT_EQ(header, "id,puzzle,nurikabe-islands,nurikabe-island-area,givens");
    EXPECT_EQ(first.rfind("01_10x10,", 0), 0u) << first;
    EXPECT_EQ(first.substr(first.size() - 7), ",17,34,") << first;
    EXPECT_NE(result.err.find("metric 'givens' rates sudoku puzzles only; its column is empty for the 38 other "
                              "puzzles"),
              std::string::npos)
        << result.err;
    EXPECT_EQ(result.err.find("metric 'nurikabe-islands'"), std::string::npos) << result.err;
}

TEST(CliTest, CorrelatesRatingsWithAHumanColumn) {
    const auto dir = std::filesystem::temp_directory_path();
    const std::string ratings = (dir / ("pw_ratings_" + std::to_string(::getpid()) + ".csv")).string();
    const std::string human = (dir / ("pw_human_" + std::to_string(::getpid()) + ".csv")).string();
    // Five puzzles (any text works as a key); metric a rises with the human time, b has ties.
    std::ofstream(ratings) << "id,puzzle,a,b\n1,p1,1,2\n2,p2,2,4\n3,p3,3,5\n4,p4,4,4\n5,p5,5,5\n6,unrated,,\n";
    std::ofstream(human) << "Game No.,Sudoku Puzzle,D_TO\n9,p1,1\n8,p2,2\n7,p3,3\n6,p4,4\n5,p5,5\n4,p6,99\n";
    const auto result = runCli("correlate --json --column d_to '" + ratings + "' '" + human + "'");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto lines = jsonLines(result.out);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0]["metric"], "a");
    EXPECT_EQ(lines[0]["pearson"]["n"], 5);
    EXPECT_NEAR(lines[0]["pearson"]["r"].get<double>(), 1.0, 1e-12);
    EXPECT_NEAR(lines[1]["pearson"]["r"].get<double>(), 0.7745967, 1e-6);   // hand-computed, as in the core test
    EXPECT_NEAR(lines[1]["spearman"]["r"].get<double>(), 0.7378648, 1e-6);  // ties share ranks
    const auto table = runCli("correlate --column D_TO '" + ratings + "' '" + human + "'");
    EXPECT_NE(table.out.find("5 of 6 rated puzzles matched"), std::string::npos) << table.out;
    const auto missing = runCli("correlate --column speed '" + ratings + "' '" + human + "'");
    EXPECT_EQ(missing.exitCode, 2);
    EXPECT_NE(missing.err.find("D_TO"), std::string::npos) << missing.err;  // the columns there are
    std::filesystem::remove(ratings);
    std::filesystem::remove(human);
}

// The simulated human solver fitted to the human D_TO values: the held-out part and the folds are reported apart,
// and `correlate --held-out` splits a rating the same way.
TEST(CliTest, CalibratesTheHumanModelAndReportsHeldOutPuzzlesApart) {
    const std::string human = "'" + test::sharedDataDir() + "/sudoku/cloud_sudoku_human_difficulty_20240415.csv'";
    const auto result = runCli("calibrate --json --runs 1 --folds 2 --column D_TO " + human);
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto lines = jsonLines(result.out);
    ASSERT_EQ(lines.size(), 1u);
    const auto& calibration = lines[0];
    ASSERT_EQ(calibration["folds"].size(), 2u);
    const int fittedOn = calibration["in_sample"]["n"], heldOut = calibration["held_out"]["n"];
    EXPECT_EQ(fittedOn + heldOut, 344);
    EXPECT_NEAR(heldOut, 344 / 5, 20);
    for (const auto& fold : calibration["folds"]) {
        EXPECT_EQ(fold["fitted"].get<int>() + fold["tested"].get<int>(), fittedOn);
        EXPECT_GT(fold["out_of_sample"].get<double>(), 0.6);  // the model ranks unseen puzzles as people do
    }
    EXPECT_GT(calibration["held_out"]["r"].get<double>(), 0.6);
    EXPECT_GE(calibration["parameters"]["scan_exponent"].get<double>(), 0.25);

    const auto dir = std::filesystem::temp_directory_path();
    const std::string ratings = (dir / ("pw_calibrate_" + std::to_string(::getpid()) + ".csv")).string();
    ASSERT_EQ(runCli("rate --metrics givens --out '" + ratings + "' " + human).exitCode, 0);
    const auto parts = jsonLines(runCli("correlate --json --held-out --column D_TO '" + ratings + "' " + human).out);
    ASSERT_EQ(parts.size(), 2u);
    EXPECT_EQ(parts[0]["part"], "fitted_on");
    EXPECT_EQ(parts[0]["spearman"]["n"], fittedOn);
    EXPECT_EQ(parts[1]["part"], "held_out");
    EXPECT_EQ(parts[1]["spearman"]["n"], heldOut);
    std::filesystem::remove(ratings);

    // A puzzle that does not read is named by its place; too few puzzles to fit is a usage error.
    const std::string small = (dir / ("pw_calibrate_small_" + std::to_string(::getpid()) + ".csv")).string();
    std::ofstream(small) << "puzzle,time\n" << test::kPillayFigure1 << ",300\n12x,20\n";
    const auto few = runCli("calibrate --column time '" + small + "'");
    EXPECT_EQ(few.exitCode, 2);
    EXPECT_NE(few.err.find(small + ":3"), std::string::npos) << few.err;
    EXPECT_NE(few.err.find("too few puzzles"), std::string::npos) << few.err;
    const auto column = runCli("calibrate --column speed '" + small + "'");
    EXPECT_EQ(column.exitCode, 2);
    EXPECT_NE(column.err.find("'speed' is not a column"), std::string::npos) << column.err;
    std::filesystem::remove(small);
}

TEST(CliTest, SolvesNurikabeFromTheLibrary) {
    const auto result = runCli("solve -a exact --json '" + test::puzzlesDir() + "/nurikabe/janko_sample.txt'");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto lines = jsonLines(result.out);
    ASSERT_GE(lines.size(), 20u);
    EXPECT_EQ(lines[0]["id"], "01_10x10");
    EXPECT_EQ(lines[0]["status"], "solved");
    EXPECT_EQ(lines[0]["matches_known"], true);
    EXPECT_EQ(lines[0]["solution"],
              "###oo#oo##/oo######o#/###oo#o#o#/#oo###o###/####oo#oo#/#oo#######/####oo#o#o/o#o####o#o/"
              "o#o#oo####/#######oo#");
}

TEST(CliTest, WritesATraceAtomically) {
    const std::string trace = tempPath("pw_trace") + ".jsonl";
    // An older trace with a second name (a hard link): written through a temporary and renamed, the new trace is
    // a new file and the old one keeps its content; written in place, the link would show the new trace.
    std::ofstream(trace) << "an older trace\n";
    const std::string older = trace + ".older";
    std::filesystem::remove(older);
    std::filesystem::create_hard_link(trace, older);
    const auto result = runCli("solve -a exact --seed 1 --trace '" + trace + "' --trace-every 1 " + test::kAiEscargot);
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_FALSE(std::filesystem::equivalent(trace, older));
    {
        std::ifstream old(older);
        EXPECT_EQ(std::string((std::istreambuf_iterator<char>(old)), std::istreambuf_iterator<char>()), "an older trace\n");
    }
    std::filesystem::remove(older);
    std::ifstream in(trace);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto lines = jsonLines(text);
    ASSERT_GT(lines.size(), 10u);
    EXPECT_EQ(lines.front()["type"], "run");
    EXPECT_EQ(lines.front()["algorithm"], "exact");
    EXPECT_EQ(lines.back()["type"], "finished");
    EXPECT_EQ(lines.back()["outcome"], "solved");
    EXPECT_FALSE(std::filesystem::exists(trace + ".partial"));
    std::filesystem::remove(trace);
}

// The lines of a trace file.
std::vector<nlohmann::json> traceLines(const std::string& path) {
    std::ifstream in(path);
    return jsonLines(std::string(std::istreambuf_iterator<char>(in), {}));
}

// `--trace-every 1` writes a "decision" per step with its sentence and the named numbers of each algorithm's
// decisions (test::explainedAlgorithms); for the annealers every swap carries the whole Metropolis test; a trace
// without the option has none.
class CliDecisionTraceTest : public ::testing::TestWithParam<test::ExplainedAlgorithm> {};

TEST_P(CliDecisionTraceTest, TraceEveryOneExplainsEveryStep) {
    const test::ExplainedAlgorithm& expected = GetParam();
    const std::string& id = expected.id;
    const pw::AlgorithmEntry* entry = findAlgorithm(id);
    ASSERT_NE(entry, nullptr);
    const std::string input = entry->info.supports(PuzzleKind::Sudoku)
                                  ? std::string(test::kAiEscargot)
                                  : "'" + test::puzzlesDir() + "/nurikabe/janko_sample.txt'";
    const std::string trace = tempPath("pw_decisions") + ".jsonl";
    const auto decisionsOf = [&](const std::string& extra) {
        const auto result = runCli("solve -a " + id + " --seed 2 --max-steps 200 --trace '" + trace + "' " + extra +
                                   " " + input);
        EXPECT_EQ(result.exitCode, 0) << result.err;
        std::vector<nlohmann::json> decisions;
        for (const auto& line : traceLines(trace))
            if (line["type"] == "decision") decisions.push_back(line);
        return decisions;
    };
    const auto decisions = decisionsOf("--trace-every 1");
    ASSERT_FALSE(decisions.empty()) << id;
    const bool annealing = id == "sa" || id == "nurikabe-sa";
    std::set<std::uint64_t> stepsExplained;
    std::size_t perStep = 0, worseProposals = 0;
    for (const auto& decision : decisions) {
        EXPECT_TRUE(decision.contains("text") && decision["text"].is_string()) << decision.dump();
        ASSERT_TRUE(decision.contains("action") && decision.contains("step")) << decision.dump();
        stepsExplained.insert(decision["step"].get<std::uint64_t>());
        if (decision["action"] != expected.action) continue;
        ++perStep;
        for (const std::string& key : expected.values)
            EXPECT_TRUE(decision.contains(key)) << key << " in " << decision.dump();
        if (!expected.listLabel.empty()) {
            // The list (a search stack, the tabu list) is written when it holds something; a stack as deep as
            // the decision's depth.
            if (decision.contains("list")) {
                EXPECT_EQ(decision.value("list_label", ""), expected.listLabel) << decision.dump();
            }
            if (decision.contains("depth")) {
                EXPECT_EQ(static_cast<double>(decision.value("list", nlohmann::json::array()).size()),
                          decision["depth"].get<double>())
                    << decision.dump();
            }
        }
        if (expected.verdict) {
            EXPECT_TRUE(decision.contains("accepted") && decision["accepted"].is_boolean()) << decision.dump();
        }
        if (!annealing) continue;
        // The Metropolis test, number by number: p = e^(−Δ/T) and a draw below it for a worse swap; p = 1 and no
        // draw (null) for one that does not raise the cost.
        for (const char* key : {"delta", "temperature", "probability", "cost_before", "cost_after"})
            ASSERT_TRUE(decision[key].is_number()) << key << " in " << decision.dump();
        const double delta = decision["delta"].get<double>();
        const double temperature = decision["temperature"].get<double>();
        const double probability = decision["probability"].get<double>();
        const bool accepted = decision["accepted"].get<bool>();
        EXPECT_EQ(decision["cost_after"].get<double>(), decision["cost_before"].get<double>() + delta);
        EXPECT_GT(temperature, 0.0) << decision.dump();
        if (delta > 0) {
            ++worseProposals;
            ASSERT_TRUE(decision["draw"].is_number()) << decision.dump();
            const double draw = decision["draw"].get<double>();
            EXPECT_GE(draw, 0.0);
            EXPECT_LT(draw, 1.0);
            EXPECT_NEAR(probability, std::exp(-delta / temperature), 1e-9) << decision.dump();
            EXPECT_EQ(accepted, draw < probability) << decision.dump();
        } else {
            EXPECT_TRUE(decision["draw"].is_null()) << decision.dump();
            EXPECT_EQ(probability, 1.0) << decision.dump();
            EXPECT_TRUE(accepted) << decision.dump();
        }
    }
    EXPECT_GT(perStep, 0u) << id << ": no '" << expected.action << "' decision";
    if (annealing) {
        EXPECT_GT(worseProposals, 0u) << id << ": no swap that raises the cost was proposed";
    }
    const auto finished = traceLines(trace).back();
    ASSERT_EQ(finished["type"], "finished");
    for (std::uint64_t step = 1; step <= finished["step"].get<std::uint64_t>(); ++step)
        EXPECT_TRUE(stepsExplained.count(step)) << id << ": step " << step << " has no decision";
    EXPECT_TRUE(decisionsOf("").empty()) << id << ": decisions without --trace-every 1";
    EXPECT_TRUE(decisionsOf("--trace-every 2").empty()) << id << ": decisions with --trace-every 2";
    std::filesystem::remove(trace);
}

INSTANTIATE_TEST_SUITE_P(Algorithms, CliDecisionTraceTest, ::testing::ValuesIn(test::explainedAlgorithms()),
                         test::explainedTestName);

// A trace without --trace-every 1 is as small as before decisions existed: no decision line; a cost and a
// temperature sample at the start, every EventSink::kDefaultSampleEvery (1,000) proposals and at the end; a move
// for each cell of the initial fill (AI Escargot's 58 open cells, at step 0) and then for each accepted swap
// only (counted from the same run explained with --trace-every 1). The counts follow from those rules: 5,500
// proposals without a reheat (at T0 = 40 the thesis schedule is far from t_min) sample at 0, 1,000, ..., 5,000
// and 5,500.
TEST(CliTest, ATraceWithoutTraceEveryOneKeepsOnlyTheSampledStream) {
    const std::uint64_t steps = 5500, sampleEvery = pw::EventSink::kDefaultSampleEvery;
    std::vector<std::uint64_t> sampleSteps;
    for (std::uint64_t step = 0; step <= steps; step += sampleEvery) sampleSteps.push_back(step);
    if (steps % sampleEvery != 0) sampleSteps.push_back(steps);
    ASSERT_EQ(sampleSteps.size(), 7u);
    const auto openCells = static_cast<std::size_t>(std::count(test::kAiEscargot.begin(), test::kAiEscargot.end(), '.'));
    ASSERT_EQ(openCells, 58u);

    const std::string trace = tempPath("pw_small_trace") + ".jsonl";
    const auto traceOf = [&](const std::string& extra) {
        const auto result = runCli("solve -a sa --seed 4 --max-steps " + std::to_string(steps) + " --trace '" +
                                   trace + "' " + extra + " " + test::kAiEscargot);
        EXPECT_EQ(result.exitCode, 0) << result.err;
        return traceLines(trace);
    };
    std::size_t acceptedSwaps = 0;
    for (const auto& line : traceOf("--trace-every 1")) {
        ASSERT_NE(line["type"], "reheat") << "the sampling rule below assumes no reheat";
        if (line["type"] == "decision" && line["action"] == "swap") acceptedSwaps += line["accepted"].get<bool>();
    }
    ASSERT_GT(acceptedSwaps, 0u);

    std::map<std::string, std::size_t> count;
    std::vector<std::uint64_t> costSteps, temperatureSteps;
    std::size_t fillMoves = 0;
    const auto lines = traceOf("");
    for (const auto& line : lines) {
        const std::string type = line["type"];
        ++count[type];
        if (type == "cost") costSteps.push_back(line["step"]);
        if (type == "temperature") temperatureSteps.push_back(line["step"]);
        if (type == "move" && line["step"] == 0) ++fillMoves;
    }
    std::filesystem::remove(trace);
    EXPECT_EQ(count["decision"], 0u);
    EXPECT_EQ(costSteps, sampleSteps);
    EXPECT_EQ(temperatureSteps, sampleSteps);
    EXPECT_EQ(fillMoves, openCells);
    EXPECT_EQ(count["move"], openCells + acceptedSwaps);
    // The rest: the header, the two phases (initial fill, annealing), the schedule's sentence at the start and
    // the summary at the end, the two closing heat maps (last swap step, cell filling order) and the result.
    EXPECT_EQ(count["run"], 1u);
    EXPECT_EQ(count["phase"], 2u);
    EXPECT_EQ(count["explanation"], 2u);
    EXPECT_EQ(count["heat_map"], 2u);
    EXPECT_EQ(count["finished"], 1u);
    EXPECT_EQ(lines.size(), 1 + 2 + 2 + openCells + acceptedSwaps + 2 * sampleSteps.size() + 2 + 1);
}

TEST(CliTest, RecordsARunThatReplaysToTheSameResult) {
    const std::string path = tempPath("pw_record") + ".json";
    // The recording replaces an older file through a rename (see WritesATraceAtomically): the older file, kept
    // under a second name, is untouched, and no temporary is left beside it.
    std::ofstream(path) << "an older recording\n";
    const std::string older = path + ".older";
    std::filesystem::remove(older);
    std::filesystem::create_hard_link(path, older);
    const auto result = runCli("solve -a sa --seed 9 --max-steps 3000 --param t0=30 --json --record '" + path +
                               "' " + test::kAiEscargot);
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_FALSE(std::filesystem::equivalent(path, older));
    {
        std::ifstream old(older);
        EXPECT_EQ(std::string((std::istreambuf_iterator<char>(old)), std::istreambuf_iterator<char>()),
                  "an older recording\n");
    }
    std::filesystem::remove(older);
    const std::string temporaryPrefix = "." + std::filesystem::path(path).filename().string();
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(path).parent_path()))
        EXPECT_NE(entry.path().filename().string().rfind(temporaryPrefix, 0), 0u) << entry.path();
    const auto lines = jsonLines(result.out);
    ASSERT_EQ(lines.size(), 1u);
    const RecordingRead read = loadRecording(path);
    std::filesystem::remove(path);
    ASSERT_TRUE(read.recording) << read.error.toString();
    const RunRecording& recording = *read.recording;
    EXPECT_EQ(recording.algorithmId, "sa");
    EXPECT_EQ(recording.seed, 9u);
    EXPECT_EQ(recording.parameters.real("t0"), 30.0);
    EXPECT_EQ(recording.budgets.maxSteps, 3000u);
    EXPECT_EQ(recording.result.counters.steps, lines[0]["steps"].get<std::uint64_t>());
    EXPECT_EQ(recording.workbenchVersion, workbenchVersion());
    const RunResult replayed = replayRecording(recording, nullptr);
    EXPECT_EQ(boardLine(replayed.finalBoard), lines[0]["solution"].get<std::string>());
    EXPECT_EQ(replayed.counters.evaluations, lines[0]["evaluations"].get<std::uint64_t>());

    const auto twoRuns = runCli("solve -a sa --runs 2 --record '" + path + "' " + test::kAiEscargot);
    EXPECT_EQ(twoRuns.exitCode, 2);
    EXPECT_NE(twoRuns.err.find("--record keeps one run"), std::string::npos) << twoRuns.err;
    EXPECT_FALSE(std::filesystem::exists(path));
}

// A puzzle-cli process in the background, its standard output and error going to files the test reads while
// it runs: the Ctrl-C tests wait for output, then send SIGINT.
class BackgroundCli {
public:
    explicit BackgroundCli(std::vector<std::string> arguments)
        : m_outPath(tempPath("pw_cli_bg_out")), m_errPath(tempPath("pw_cli_bg_err")) {
        m_pid = test::spawnCli(std::move(arguments), m_outPath, m_errPath);
    }
    ~BackgroundCli() {
        if (m_pid > 0 && !m_exited) {
            ::kill(m_pid, SIGKILL);
            ::waitpid(m_pid, nullptr, 0);
        }
        std::filesystem::remove(m_outPath);
        std::filesystem::remove(m_errPath);
    }
    BackgroundCli(const BackgroundCli&) = delete;
    BackgroundCli& operator=(const BackgroundCli&) = delete;

    bool started() const { return m_pid > 0; }
    std::string out() const { return readAll(m_outPath); }
    std::string err() const { return readAll(m_errPath); }

    // Waits until the standard output satisfies `ready`; false when the process ended first or the safety
    // time-out (far beyond what a loaded machine needs) passed.
    bool waitForOutput(const std::function<bool(const std::string&)>& ready) {
        const auto giveUp = std::chrono::steady_clock::now() + std::chrono::minutes(2);
        while (std::chrono::steady_clock::now() < giveUp) {
            if (ready(out())) return true;
            int status = 0;
            if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
                m_exited = true;
                return false;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    }

    // Sends Ctrl-C's signal and returns the exit status, -1 when the process did not exit by itself.
    int interruptAndWait() {
        ::kill(m_pid, SIGINT);
        int status = 0;
        ::waitpid(m_pid, &status, 0);
        m_exited = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

private:
    static std::string readAll(const std::string& path) {
        std::ifstream in(path, std::ios::binary);
        return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    }
    std::string m_outPath;
    std::string m_errPath;
    pid_t m_pid = -1;
    bool m_exited = false;
};

std::size_t lineCount(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

// Row 1 holds 1 to 8 and its last cell sees the 9 below it: no solution, so a stochastic run uses its whole
// budget.
const std::string kNoSolution = "12345678.........9" + std::string(63, '.');
// A Nurikabe whose count takes the exact solver about 30 s.
const std::string kSlowNurikabe = std::string(PW_TEST_FIXTURES_DIR) + "/nurikabe_slow_count.txt";
// AI Escargot's solution with one cell open: every algorithm solves it at once.
std::string oneCellOpen() {
    const auto solution = countSolutions(test::sudokuPuzzle(test::kAiEscargot)).first;
    std::string line = boardLine(*solution);
    line[40] = '.';
    return line;
}

TEST(CliInterruptTest, SolveReportsTheFinishedRunsAndExits130) {
    BackgroundCli cli({"solve", "-a", "sa", "--seed", "1", "--runs", "3", "--max-steps", "10000000000", "--json",
                       oneCellOpen(), kNoSolution});
    ASSERT_TRUE(cli.started());
    // The three runs on the open cell end at once; the first run on the impossible grid then takes minutes
    // (10^10 steps; 10^8 take about 2 s).
    ASSERT_TRUE(cli.waitForOutput([](const std::string& out) { return lineCount(out) >= 3; })) << cli.err();
    EXPECT_EQ(cli.interruptAndWait(), 130);
    const auto lines = jsonLines(cli.out());
    ASSERT_EQ(lines.size(), 3u) << cli.out();
    for (std::size_t run = 0; run < 3; ++run) {
        EXPECT_EQ(lines[run]["run"], run);
        EXPECT_EQ(lines[run]["valid"], true) << lines[run];
    }
    EXPECT_NE(cli.err().find("puzzle-cli: interrupted: 3 of 6 runs done"), std::string::npos) << cli.err();
}

TEST(CliInterruptTest, CheckStopsBetweenPuzzlesAndExits130) {
    BackgroundCli cli({"check", "--json", test::kAiEscargot, kSlowNurikabe, test::kAiEscargot});
    ASSERT_TRUE(cli.started());
    // The first verdict is written at once; the Nurikabe after it takes far longer than the signal needs.
    ASSERT_TRUE(cli.waitForOutput([](const std::string& out) { return lineCount(out) >= 1; })) << cli.err();
    EXPECT_EQ(cli.interruptAndWait(), 130);
    const auto lines = jsonLines(cli.out());
    ASSERT_EQ(lines.size(), 1u) << cli.out();
    EXPECT_EQ(lines[0]["status"], "unique");
    EXPECT_NE(cli.err().find("puzzle-cli: interrupted: 1 of 3 puzzles checked"), std::string::npos) << cli.err();
}

TEST(CliInterruptTest, GenerateKeepsWhatItWroteAndExits130) {
    BackgroundCli cli({"generate", "--count", "1000000", "--seed", "4"});
    ASSERT_TRUE(cli.started());
    ASSERT_TRUE(cli.waitForOutput([](const std::string& out) { return lineCount(out) >= 1; })) << cli.err();
    EXPECT_EQ(cli.interruptAndWait(), 130);
    const std::string out = cli.out();
    ASSERT_GE(lineCount(out), 1u);
    EXPECT_EQ(out.substr(0, 81), runCli("generate --count 1 --seed 4").out.substr(0, 81));  // whole puzzles only
    EXPECT_EQ(out.back(), '\n');
    EXPECT_NE(cli.err().find("interrupted"), std::string::npos) << cli.err();
}

TEST(CliTest, CheckBudgetsMakeAPuzzleUndecidedWithoutFailingTheCommand) {
    auto result = runCli("check --json --node-limit 1 " + test::kAiEscargot);
    EXPECT_EQ(result.exitCode, 0) << result.err;
    auto lines = jsonLines(result.out);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0]["status"], "undecided");
    EXPECT_EQ(lines[0]["ended_by"], "node limit");
    EXPECT_EQ(lines[0]["solutions"], 0);
    // A budget large enough decides it as before.
    lines = jsonLines(runCli("check --json --node-limit 100000 --time-limit 600 " + test::kAiEscargot).out);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0]["status"], "unique");
    EXPECT_FALSE(lines[0].contains("ended_by"));

    result = runCli("check --time-limit 0.2 '" + kSlowNurikabe + "'");
    EXPECT_EQ(result.exitCode, 0) << result.err;
    EXPECT_NE(result.out.find("660_14x24  undecided (time limit of 0.2 s reached before the count was decided"),
              std::string::npos)
        << result.out;

    EXPECT_EQ(runCli("check --node-limit 0 " + test::kAiEscargot).exitCode, 2);
    EXPECT_EQ(runCli("check --time-limit -1 " + test::kAiEscargot).exitCode, 2);
}

TEST(CliTest, ChecksUniqueMultipleNoneAndInvalid) {
    const std::string file = tempPath("pw_check") + ".txt";
    std::ofstream(file) << test::kAiEscargot << "\n"
                        << "................................................................................."
                        << "\n"
                        << "12345678.........9..............................................................."
                        << "\n"
                        << "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3x.\n";
    const auto result = runCli("check --json '" + file + "'");
    EXPECT_EQ(result.exitCode, 1);
    const auto lines = jsonLines(result.out);
    ASSERT_EQ(lines.size(), 4u);
    // Each line is exactly the dump of its object, though the verdicts are written directly.
    std::istringstream rawLines(result.out);
    for (std::string raw; std::getline(rawLines, raw);) EXPECT_EQ(nlohmann::json::parse(raw).dump(), raw);
    std::map<std::string, std::string> statusById;
    for (const auto& line : lines) statusById[line["id"]] = line["status"];
    const std::string name = std::filesystem::path(file).string();
    EXPECT_EQ(statusById[name + ":1"], "unique");
    EXPECT_EQ(statusById[name + ":2"], "multiple");
    EXPECT_EQ(statusById[name + ":3"], "none");
    EXPECT_EQ(statusById[name + ":4"], "invalid");
    bool placed = false;
    for (const auto& line : lines)
        if (line["status"] == "invalid") placed = line["line"] == 4 && line["column"] == 80;
    EXPECT_TRUE(placed) << result.out;
    std::filesystem::remove(file);
}

// Puzzles are checked on several threads, and the lines come in the input's order whatever their number.
TEST(CliTest, CheckWritesTheSameLinesWithAnyNumberOfJobs) {
    // The file twice: 2,000 puzzles, more than one chunk of the reading thread.
    const std::string one1000 = "'" + test::sharedDataDir() + "/sudoku/17clue_first1000.txt'";
    const std::string file = one1000 + " " + one1000;
    const auto one = runCli("check --json --jobs 1 " + file);
    ASSERT_EQ(one.exitCode, 0) << one.err;
    const auto lines = jsonLines(one.out);
    ASSERT_EQ(lines.size(), 2000u);
    const std::string origin = lines[0]["origin"];
    const std::string source = origin.substr(0, origin.rfind(':') + 1);
    int previousLine = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto& line = lines[i];
        EXPECT_EQ(line["status"], "unique") << line;
        const std::string at = line["origin"];
        const int lineNumber = std::stoi(at.substr(source.size()));
        if (i == 1000) previousLine = 0;  // the second time through
        EXPECT_GT(lineNumber, previousLine) << at;  // the inputs' order
        previousLine = lineNumber;
    }
    // (compared as a whole: two thousand lines are too many to print when they differ)
    EXPECT_TRUE(runCli("check --json --jobs 2 " + file).out == one.out);
    EXPECT_TRUE(runCli("check --json --jobs 3 " + file).out == one.out);
    EXPECT_EQ(runCli("check --jobs 0 " + file).exitCode, 2);
}

// Solve's results with the time each run took taken out: the one field that differs between two runs.
std::vector<nlohmann::json> untimed(const std::string& out) {
    std::vector<nlohmann::json> lines = jsonLines(out);
    for (auto& line : lines) line.erase("seconds");
    return lines;
}

TEST(CliTest, SolveWritesTheSameResultsWithAnyNumberOfJobs) {
    // The file twice: 2,000 puzzles, more than one chunk of the reading thread.
    const std::string one1000 = "'" + test::sharedDataDir() + "/sudoku/17clue_first1000.txt'";
    const std::string file = one1000 + " " + one1000;
    const auto one = runCli("solve -a exact --seed 1 --json --jobs 1 " + file);
    ASSERT_EQ(one.exitCode, 0) << one.err;
    const auto lines = untimed(one.out);
    ASSERT_EQ(lines.size(), 2000u);
    const std::string first = lines[0]["id"];
    const std::string source = first.substr(0, first.rfind(':') + 1);
    int previousLine = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto& line = lines[i];
        EXPECT_EQ(line["status"], "solved") << line;
        const std::string id = line["id"];
        const int lineNumber = std::stoi(id.substr(source.size()));
        if (i == 1000) previousLine = 0;  // the second time through
        EXPECT_GT(lineNumber, previousLine) << id;  // the inputs' order
        previousLine = lineNumber;
        if (i >= 1000) {
            EXPECT_EQ(line, lines[i - 1000]);
        }
    }
    // (compared as a whole: a thousand lines are too many to print when they differ)
    EXPECT_TRUE(untimed(runCli("solve -a exact --seed 1 --json --jobs 2 " + file).out) == lines);
    EXPECT_TRUE(untimed(runCli("solve -a exact --seed 1 --json --jobs 3 " + file).out) == lines);
    // Any algorithm: each run's seed decides it, whichever thread makes it; a Nurikabe puzzle among Sudoku is
    // refused in its place.
    const std::string mixed = "'" + test::puzzlesDir() + "/sudoku/famous_hard.csv' '" + test::puzzlesDir() +
                              "/nurikabe/janko_sample.txt' " + test::kAiEscargot;
    const auto serial = runCli("solve -a sa --seed 9 --runs 2 --max-steps 20000 --json --jobs 1 " + mixed);
    ASSERT_EQ(serial.exitCode, 1) << serial.err;
    EXPECT_NE(serial.err.find("does not solve nurikabe puzzles"), std::string::npos) << serial.err;
    const auto parallel = runCli("solve -a sa --seed 9 --runs 2 --max-steps 20000 --json --jobs 3 " + mixed);
    EXPECT_EQ(parallel.exitCode, 1);
    EXPECT_EQ(parallel.err, serial.err);
    EXPECT_TRUE(untimed(parallel.out) == untimed(serial.out));
    EXPECT_EQ(untimed(serial.out).size(), 2u * 9u);  // the eight famous_hard puzzles and AI Escargot, twice each
    EXPECT_EQ(runCli("solve -a exact --jobs 0 " + file).exitCode, 2);
}

TEST(CliTest, UsageErrorsExitTwoWithAClearMessage) {
    auto result = runCli("solve -a no-such " + test::kAiEscargot);
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("unknown algorithm 'no-such'; known algorithms: exact, backtracking"), std::string::npos)
        << result.err;
    result = runCli("solve -a backtracking --param cell_order=sideways " + test::kAiEscargot);
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("it must be one of: ordered-list, dynamic"), std::string::npos) << result.err;
    result = runCli("solve -a exact --param solution_limit=0 " + test::kAiEscargot);
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("an integer from 1 to 1000"), std::string::npos) << result.err;
    // A relation between parameters, declared with them: refused before any run, for solve and bench alike.
    result = runCli("solve -a sa --param t_min=50 --json " + test::kAiEscargot);
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_TRUE(result.out.empty()) << result.out;
    EXPECT_NE(result.err.find("t_min (50) must be below t0 (40)"), std::string::npos) << result.err;
    result = runCli("solve -a nurikabe-sa --param t0=0.5 --param t_min=0.5 " + test::puzzlesDir() +
                    "/nurikabe/janko_sample.txt");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("t_min (0.5) must be below t0 (0.5)"), std::string::npos) << result.err;
    EXPECT_EQ(runCli("solve -a sa --param schedule=lewis --param t_min=50 --max-steps 10 " + test::kAiEscargot).exitCode,
              0);  // Lewis's schedule has no t_min: the rule does not apply
    result = runCli("bench -a sa --param sa.t_min=50 --max-steps 10 --out " +
                    (std::filesystem::temp_directory_path() / "pw_rule_bench").string() + " " + test::kAiEscargot);
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("sa: t_min (50) must be below t0 (40)"), std::string::npos) << result.err;
    result = runCli("solve -a exact missing/file.txt");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("no such file: 'missing/file.txt'"), std::string::npos) << result.err;
    EXPECT_EQ(runCli("solve " + test::kAiEscargot).exitCode, 2);  // no algorithm
    EXPECT_EQ(runCli("frobnicate").exitCode, 2);
}

TEST(CliTest, RejectedPuzzlesDoNotStopTheOthers) {
    const auto result = runCli("solve -a backtracking --seed 1 --json - " + test::kAiEscargot,
                               "not a puzzle line at all, clearly\n");
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_EQ(jsonLines(result.out).size(), 1u);
    EXPECT_NE(result.err.find("<stdin>: no puzzle found"), std::string::npos) << result.err;
    // backtracking does not solve Nurikabe: the puzzle is rejected, named, and the exit code says so.
    const auto nurikabe = runCli("solve -a backtracking '" + test::puzzlesDir() + "/nurikabe/wikipedia_nikoli.txt'");
    EXPECT_EQ(nurikabe.exitCode, 1);
    EXPECT_NE(nurikabe.err.find("does not solve nurikabe puzzles"), std::string::npos) << nurikabe.err;
}

TEST(CliTest, GeneratesUniquePuzzlesThatCheckReads) {
    const auto result = runCli("generate --seed 4 --count 3 --difficulty locked --symmetry rotational");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    std::istringstream lines(result.out);
    std::string line;
    int count = 0;
    while (std::getline(lines, line)) {
        ASSERT_EQ(line.size(), 81u) << line;
        const auto check = runCli("check --json " + line);
        EXPECT_EQ(jsonLines(check.out).at(0)["status"], "unique") << line;
        ++count;
    }
    EXPECT_EQ(count, 3);
    // The same seed gives the same puzzles; puzzle i uses seed S + i.
    EXPECT_EQ(runCli("generate --seed 4 --count 3 --difficulty locked --symmetry rotational").out, result.out);
    EXPECT_EQ(runCli("generate --seed 5 --count 2 --difficulty locked --symmetry rotational").out,
              result.out.substr(82));
}

TEST(CliTest, GeneratesCsvSweepsAndNurikabe) {
    auto result = runCli("generate --seed 2 --count 2 --clues 16 --format csv");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    std::istringstream csv(result.out);
    std::string header, row;
    std::getline(csv, header);
    EXPECT_EQ(header, "id,puzzle,solution,clues,unique,level,serate,attempts");
    std::getline(csv, row);
    EXPECT_EQ(row.rfind("seed-2,", 0), 0u) << row;
    EXPECT_NE(row.find(",16,no,"), std::string::npos) << row;
    EXPECT_NE(result.err.find("fewer than 17 clues"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("2 of 2 puzzles have several solutions"), std::string::npos) << result.err;

    const std::string path = tempPath("pw_generated_nurikabe_");
    result = runCli("generate --nurikabe --size 5x6 --seed 3 --count 2 --out '" + path + "'");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto check = runCli("check --json '" + path + "'");
    const auto verdicts = jsonLines(check.out);
    ASSERT_EQ(verdicts.size(), 2u) << check.err;
    for (const auto& verdict : verdicts) EXPECT_EQ(verdict["status"], "unique");
    std::filesystem::remove(path);
}

TEST(CliTest, GeneratesByRandomRemovalFromASolution) {
    const std::string solution =
        "237841569186795243594326718315674892469582137728139456642918375853467921971253684";
    auto result = runCli("generate --from-solution " + solution + " --clues 21 --allow-multiple --count 3 --seed 7");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    std::istringstream lines(result.out);
    std::string line;
    int count = 0;
    while (std::getline(lines, line)) {
        ++count;
        ASSERT_EQ(line.size(), 81u) << line;
        int clues = 0;
        for (std::size_t i = 0; i < line.size(); ++i)
            if (line[i] != '.') {
                ++clues;
                EXPECT_EQ(line[i], solution[i]) << "cell " << i;
            }
        EXPECT_EQ(clues, 21);
    }
    EXPECT_EQ(count, 3);
    // Puzzle i uses seed S + i, so the second puzzle of seed 7 is the first of seed 8.
    EXPECT_EQ(runCli("generate --from-solution " + solution + " --clues 21 --allow-multiple --seed 8").out,
              result.out.substr(82, 82));
    result = runCli("generate --from-solution " + solution + " --clues 15 --allow-multiple --seed 1 --format csv");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(result.out.rfind("id,puzzle,solution,clues,unique\nseed-1,", 0), 0u) << result.out;
    EXPECT_NE(result.out.find("," + solution + ",15,no\n"), std::string::npos) << result.out;
}

TEST(CliTest, RandomRemovalRejectsBadInputClearly) {
    const std::string solution =
        "237841569186795243594326718315674892469582137728139456642918375853467921971253684";
    auto result = runCli("generate --from-solution " + solution + " --clues 20");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("add --allow-multiple"), std::string::npos) << result.err;
    result = runCli("generate --from-solution " + solution + " --allow-multiple");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("--clues N is required"), std::string::npos) << result.err;
    result = runCli("generate --from-solution " + solution.substr(0, 80) + ". --clues 20 --allow-multiple");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("--from-solution: not complete (1 empty of 81 cells)"), std::string::npos) << result.err;
    result = runCli("generate --from-solution " + solution.substr(0, 80) + "1 --clues 20 --allow-multiple");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("--from-solution: "), std::string::npos) << result.err;
    result = runCli("generate --from-solution 12345 --clues 20 --allow-multiple");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("--from-solution: "), std::string::npos) << result.err;
    result = runCli("generate --from-solution " + solution + " --clues 82 --allow-multiple");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("82"), std::string::npos) << result.err;
    result = runCli("generate --from-solution " + solution + " --clues 20 --allow-multiple --difficulty singles");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("only --clues, --count, --seed, --format and --out go with it"), std::string::npos)
        << result.err;
    result = runCli("generate --allow-multiple --clues 20");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("--allow-multiple: goes with --from-solution"), std::string::npos) << result.err;
}

TEST(CliTest, GenerateRejectsBadOptionsClearly) {
    auto result = runCli("generate --size 7");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("--size: '7' is no Sudoku size; sizes are 4, 6, 9 and 16"), std::string::npos) << result.err;
    result = runCli("generate --difficulty hard");
    EXPECT_EQ(result.exitCode, 2);
    result = runCli("generate --clues 90");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("--clues: 90 is out of range [0, 81]"), std::string::npos) << result.err;
    result = runCli("generate --min-serate 5 --max-serate 1");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("--min-serate: must not exceed max-serate"), std::string::npos) << result.err;
    result = runCli("generate --nurikabe --size 12x4");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("--size: height: 12 is out of range [2, 10]"), std::string::npos) << result.err;
    result = runCli("generate --nurikabe --difficulty singles");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("--difficulty: 'singles' is a Sudoku level; Nurikabe levels are easy, medium, hard and "
                              "expert"), std::string::npos) << result.err;
    result = runCli("generate --difficulty hard");
    EXPECT_NE(result.err.find("--difficulty: 'hard' is a Nurikabe level (with --nurikabe)"), std::string::npos)
        << result.err;
    result = runCli("generate --nurikabe --size 6x8 --symmetry diagonal");
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_NE(result.err.find("--symmetry: diagonal needs a square grid (6x8 is not)"), std::string::npos) << result.err;
    // A level the size cannot reach: the generator gives up with the reason.
    result = runCli("generate --size 4 --difficulty search --attempts 20 --seed 1");
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_NE(result.err.find("no 4x4 (2x2 boxes) puzzle graded 'search' in 20 attempts"), std::string::npos)
        << result.err;
}

TEST(CliTest, SolveFlagsAHarmonyFalseSolution) {
    // A Sudoku with a deadly rectangle: harmony search's sum45 objective can reach cost 0 on a board that
    // breaks the rules. Find a seed whose run ends so in the core, then ask the CLI for the same run.
    const auto solved = solveSudoku(test::sudokuFromLine(test::kPillayFigure1), 1);
    ASSERT_TRUE(solved.firstSolution.has_value());
    SudokuGrid givens = *solved.firstSolution;
    for (int cell : {0, 1, 9, 10}) givens.setValue(cell, 0);
    const Puzzle puzzle{"rectangle", "rectangle", SudokuPuzzle{givens, std::nullopt}};
    const ParameterValues parameters = test::parametersOf("harmony", {{"objective", "sum45"}, {"hms", "5"}});
    std::uint64_t seed = 0;
    for (std::uint64_t candidate = 1; candidate <= 50 && !seed; ++candidate)
        if (test::runAlgorithm("harmony", puzzle, parameters, candidate, nullptr, 100'000).outcome == Outcome::Failed)
            seed = candidate;
    ASSERT_NE(seed, 0u);
    const CliResult result = runCli("solve -a harmony --param objective=sum45 --param hms=5 --max-steps 100000 "
                                    "--json --seed " + std::to_string(seed) + " " + boardLine(givens));
    const auto lines = jsonLines(result.out);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(lines[0]["status"], "unsolved");
    EXPECT_EQ(lines[0]["false_solution"], true);
    EXPECT_EQ(lines[0]["valid"], false);
    EXPECT_EQ(lines[0]["best_cost"], 0);
}

// The options docs/manual/cli.md lists, each through the binary.

TEST(CliTest, HintWithSinglesOnlyRefutesWhereAllTechniquesPointAtLockedCandidates) {
    // Generated at the "locked" level (seed 3), and the board singles leave it at: all techniques give the
    // pointing step; singles only fall back to the model's refutation.
    const std::string puzzle = ".7.5....28......9....8.43........41.982......5.....7...5.9.6.83......9....4.5....";
    const std::string stuck = "47.5..8628.57..194.1.8.43577....541.9824..536541...72.157946283..81..945.94.58671";
    const auto all = runCli("hint --json --level 3 --board " + stuck + " " + puzzle);
    ASSERT_EQ(all.exitCode, 0) << all.err;
    EXPECT_EQ(jsonLines(all.out).at(0)["technique"], "locked candidates (pointing)");
    const auto singles = runCli("hint --json --level 3 --techniques singles --board " + stuck + " " + puzzle);
    ASSERT_EQ(singles.exitCode, 0) << singles.err;
    EXPECT_EQ(jsonLines(singles.out).at(0)["technique"], "refutation");
    // Where a single applies, both give it.
    EXPECT_EQ(jsonLines(runCli("hint --json --level 3 --techniques singles " + puzzle).out).at(0)["technique"],
              "hidden single");
    EXPECT_EQ(runCli("hint --techniques pairs " + puzzle).exitCode, 2);
}

TEST(CliTest, CorrelateLogCorrelatesTheLogarithms) {
    const auto dir = std::filesystem::temp_directory_path();
    const std::string ratings = (dir / ("pw_log_ratings_" + std::to_string(::getpid()) + ".csv")).string();
    const std::string human = (dir / ("pw_log_human_" + std::to_string(::getpid()) + ".csv")).string();
    // a = 2^k - 1 and time = 4^k - 1 (k = 1..5): ln(1+x) of both are k ln 2 and 2k ln 2, a perfect line; the raw
    // values are not (Pearson 0.974250, computed separately). Ranks are the same either way.
    std::ofstream(ratings) << "id,puzzle,a\n1,p1,1\n2,p2,3\n3,p3,7\n4,p4,15\n5,p5,31\n";
    std::ofstream(human) << "Game No.,Sudoku Puzzle,time\n1,p1,3\n2,p2,15\n3,p3,63\n4,p4,255\n5,p5,1023\n";
    const auto raw = runCli("correlate --json --column time '" + ratings + "' '" + human + "'");
    const auto logged = runCli("correlate --json --log --column time '" + ratings + "' '" + human + "'");
    std::filesystem::remove(ratings);
    std::filesystem::remove(human);
    ASSERT_EQ(raw.exitCode, 0) << raw.err;
    ASSERT_EQ(logged.exitCode, 0) << logged.err;
    EXPECT_NEAR(jsonLines(raw.out).at(0)["pearson"]["r"].get<double>(), 0.974250, 1e-6);
    EXPECT_NEAR(jsonLines(logged.out).at(0)["pearson"]["r"].get<double>(), 1.0, 1e-12);
    EXPECT_NEAR(jsonLines(raw.out).at(0)["spearman"]["r"].get<double>(), 1.0, 1e-12);
    EXPECT_NEAR(jsonLines(logged.out).at(0)["spearman"]["r"].get<double>(), 1.0, 1e-12);
}

// A graded, symmetric Nurikabe: every puzzle is rated in the tier asked for, has one solution, and its id says
// the tier.
TEST(CliTest, GenerateNurikabeAtALevel) {
    const auto result = runCli("generate --nurikabe --size 10 --difficulty hard --symmetry rotational --count 3 --seed 1");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto collection = parsePuzzles(result.out, "generated");
    ASSERT_TRUE(collection.errors.empty()) << collection.errors.front().toString();
    ASSERT_EQ(collection.puzzles.size(), 3u);
    EXPECT_EQ(collection.puzzles.front().id, "gen-10x10-hard-seed-1");
    for (const auto& puzzle : collection.puzzles) {
        const NurikabeGrid& clues = puzzle.nurikabe().clues;
        const auto rating = rateNurikabe(clues);
        ASSERT_TRUE(rating) << puzzle.id;
        EXPECT_EQ(nurikabeLevelOf(*rating), NurikabeLevel::Hard) << puzzle.id;
        EXPECT_EQ(countSolutions(clues, 2, 10'000'000).found, 1) << puzzle.id;
        for (int cell = 0; cell < clues.cellCount(); ++cell)
            EXPECT_EQ(clues.clue(cell) > 0, clues.clue(clues.cellCount() - 1 - cell) > 0) << puzzle.id;
    }
}

TEST(CliTest, GenerateNurikabeKeepsIslandsWithinMaxIsland) {
    const auto result = runCli("generate --nurikabe --size 6x6 --max-island 2 --count 4 --seed 1 --format grid");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto collection = parsePuzzles(result.out, "generated");
    ASSERT_TRUE(collection.errors.empty()) << collection.errors.front().toString();
    ASSERT_EQ(collection.puzzles.size(), 4u);
    for (const auto& puzzle : collection.puzzles) {
        const NurikabeGrid& clues = puzzle.nurikabe().clues;
        int largest = 0;
        for (int cell = 0; cell < clues.cellCount(); ++cell) largest = std::max(largest, clues.clue(cell));
        EXPECT_GE(largest, 1) << puzzle.id;
        EXPECT_LE(largest, 2) << puzzle.id;
        ASSERT_TRUE(puzzle.nurikabe().solution) << puzzle.id;
        EXPECT_TRUE(puzzle.isSolvedBy(Board{*puzzle.nurikabe().solution})) << puzzle.id;
    }
    EXPECT_EQ(runCli("generate --nurikabe --size 6x6 --max-island 0 --count 1 --seed 1").exitCode, 2);
}

TEST(CliTest, SolveEndsOnEachBudgetAndSaysWhich) {
    // No solution (r1c9 can hold nothing): annealing runs until a budget ends it.
    const std::string none = "12345678.........9...............................................................";
    const auto evaluations = runCli("solve -a sa --seed 1 --max-evaluations 5000 --json " + none);
    ASSERT_EQ(evaluations.exitCode, 0) << evaluations.err;
    const auto byEvaluations = jsonLines(evaluations.out).at(0);
    EXPECT_EQ(byEvaluations["evaluations"], 5000);
    EXPECT_EQ(byEvaluations["reason"], "evaluation budget of 5000 reached");
    EXPECT_EQ(byEvaluations["status"], "stopped");

    const auto stagnation = runCli("solve -a sa --seed 1 --stagnation 300 --json " + none);
    ASSERT_EQ(stagnation.exitCode, 0) << stagnation.err;
    const auto byStagnation = jsonLines(stagnation.out).at(0);
    EXPECT_EQ(byStagnation["reason"], "no improvement in 300 steps");
    EXPECT_GE(byStagnation["steps"].get<std::uint64_t>(), 300u);
    // A longer patience runs longer on the same seed.
    const auto longer = jsonLines(runCli("solve -a sa --seed 1 --stagnation 3000 --json " + none).out).at(0);
    EXPECT_GT(longer["steps"].get<std::uint64_t>(), byStagnation["steps"].get<std::uint64_t>());

    const auto timed = runCli("solve -a sa --seed 1 --time-limit 0.3 --json " + none);
    ASSERT_EQ(timed.exitCode, 0) << timed.err;
    const auto byTime = jsonLines(timed.out).at(0);
    EXPECT_EQ(byTime["reason"], "time limit of 0.3 s reached");
    EXPECT_GE(byTime["seconds"].get<double>(), 0.3);
    EXPECT_GT(byTime["steps"].get<std::uint64_t>(), 0u);
}

TEST(CliTest, ARunEndedByItsTimeLimitReplaysToTheSameStep) {
    const std::string path = tempPath("pw_timed_record") + ".json";
    const std::string none = "12345678.........9...............................................................";
    const auto result = runCli("solve -a sa --seed 4 --time-limit 0.2 --json --record '" + path + "' " + none);
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto line = jsonLines(result.out).at(0);
    EXPECT_EQ(line["reason"], "time limit of 0.2 s reached");
    const RecordingRead read = loadRecording(path);
    std::filesystem::remove(path);
    ASSERT_TRUE(read.recording) << read.error.toString();
    EXPECT_TRUE(read.recording->endedByClockOrPerson());
    EXPECT_EQ(read.recording->budgets.timeLimitSeconds, 0.2);
    // The clock is not repeated: the replay stops on the step the run took, with the same board and cost.
    const RunResult replayed = replayRecording(*read.recording, nullptr);
    EXPECT_EQ(replayed.counters.steps, line["steps"].get<std::uint64_t>());
    EXPECT_EQ(replayed.counters.evaluations, line["evaluations"].get<std::uint64_t>());
    EXPECT_EQ(replayed.bestCost, line["best_cost"].get<double>());
    EXPECT_EQ(boardLine(replayed.finalBoard), line["solution"].get<std::string>());
}

// `handout`: the explained steps of a recording, by the same re-run as the window's File ▸ Export decisions….
TEST(CliTest, HandoutWritesTheExplainedStepsOfARecording) {
    const std::string recording = tempPath("pw_handout_run") + ".json";
    ASSERT_EQ(runCli("solve -a sa --seed 1 --max-steps 2000 --record '" + recording + "' " + test::kAiEscargot).exitCode,
              0);
    const auto markdown = runCli("handout '" + recording + "' --from 1981 --to 2000");
    EXPECT_EQ(markdown.exitCode, 0) << markdown.err;
    std::size_t steps = 0;
    for (auto at = markdown.out.find("\n## Step "); at != std::string::npos; at = markdown.out.find("\n## Step ", at + 1))
        ++steps;
    EXPECT_EQ(steps, 20u);
    EXPECT_NE(markdown.err.find("handout: 20 explained steps"), std::string::npos);
    const std::string html = tempPath("pw_handout") + ".html";
    EXPECT_EQ(runCli("handout '" + recording + "' --from 1 --to 5 --out '" + html + "'").exitCode, 0);
    std::ifstream written(html);
    const std::string page((std::istreambuf_iterator<char>(written)), std::istreambuf_iterator<char>());
    EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
    // A range the run does not have is refused with the reason; a file that is not a recording with its place.
    const auto late = runCli("handout '" + recording + "' --from 2001 --to 2010");
    EXPECT_EQ(late.exitCode, 2);
    EXPECT_NE(late.err.find("the run took 2000 steps"), std::string::npos) << late.err;
    const auto notRecording = runCli("handout '" + html + "'");
    EXPECT_EQ(notRecording.exitCode, 1);
    EXPECT_NE(notRecording.err.find(html), std::string::npos) << notRecording.err;
    std::filesystem::remove(recording);
    std::filesystem::remove(html);
}

}  // namespace
}  // namespace pw

namespace pw {
namespace {

// `lesson`: every slide's landing and the answers the run gives; a bad lesson named with its place, exit 1.
TEST(CliTest, LessonShowsWhereEachSlideLandsAndRefusesBadFiles) {
    const std::string bundled = test::puzzlesDir() + "/lessons/tabu-search.json";
    const auto lines = jsonLines(runCli("lesson --json '" + bundled + "'").out);
    ASSERT_EQ(lines.size(), 11u);
    bool asked = false;
    for (const auto& line : lines) {
        EXPECT_EQ(line["lesson"], bundled);
        EXPECT_EQ(line["algorithm"], "tabu");
        if (line.contains("quiz")) {
            asked = true;
            EXPECT_EQ(line["quiz"]["kind"], "tabu-move");
            EXPECT_EQ(line["quiz"]["answered_by_step"], line["step"].get<int>() + 1);
        }
    }
    EXPECT_TRUE(asked);
    const auto text = runCli("lesson '" + bundled + "'");
    EXPECT_EQ(text.exitCode, 0);
    EXPECT_NE(text.out.find("the run answers"), std::string::npos) << text.out;

    const std::string bad = tempPath("pw_bad_lesson") + ".json";
    std::ofstream(bad) << "{\"format\": \"puzzle-workbench-lesson\", \"format_version\": 1,\n \"slides\": [{\"puzzle\": "
                          "{\"text\": \"" + test::kPillayFigure1 + "\"}, \"algorithm\": \"sa\", \"seed\": -1}]}\n";
    const auto refused = runCli("lesson '" + bad + "' '" + bundled + "'");
    EXPECT_EQ(refused.exitCode, 1);
    EXPECT_NE(refused.err.find(bad + ":2:"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("slides[0].seed"), std::string::npos) << refused.err;
    EXPECT_NE(refused.out.find("tabu-search.json"), std::string::npos);  // the good one is still checked
    std::filesystem::remove(bad);
}

}  // namespace
}  // namespace pw
