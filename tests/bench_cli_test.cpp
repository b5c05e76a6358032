// `puzzle-cli bench` as a process: killed mid-run and run again it keeps what was written, never redoes a run
// and ends with the result of an uninterrupted run; usage errors are reported with exit status 2.

#include "test_support.h"
#include "cli_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <sys/resource.h>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace pw {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Starts puzzle-cli with `arguments`, its standard error going to `errPath`; returns the process id.
pid_t startCli(const std::vector<std::string>& arguments, const std::string& errPath) {
    return test::spawnCli(arguments, "/dev/null", errPath);
}

int waitForExit(pid_t pid) {
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::size_t completeLines(const fs::path& path) {
    const std::string text = readFile(path);
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

struct CliOutcome {
    int exitCode = -1;
    std::string err;
};

CliOutcome runCli(const std::vector<std::string>& arguments, const fs::path& errPath) {
    const pid_t pid = startCli(arguments, errPath.string());
    CliOutcome result;
    result.exitCode = waitForExit(pid);
    result.err = readFile(errPath);
    return result;
}

// Run lines by key without the wall-clock seconds; a run made twice fails the test.
std::map<std::string, json> runsOf(const fs::path& dir) {
    std::map<std::string, json> runs;
    std::istringstream in(readFile(dir / "runs.jsonl"));
    for (std::string text; std::getline(in, text);) {
        json line = json::parse(text);
        line.erase("seconds");
        const std::string key = line["configuration"].get<std::string>() + "/" + line["puzzle_index"].dump() + "/" +
                                line["run"].dump();
        EXPECT_EQ(runs.count(key), 0u) << "run made twice: " << key;
        runs[key] = line;
    }
    return runs;
}

// summary.csv without its time columns (7 to 11), the only ones that differ between two equal experiments.
std::string summaryWithoutTimes(const fs::path& dir) {
    std::istringstream in(readFile(dir / "summary.csv"));
    std::string kept;
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        int column = 0;
        for (std::string field; std::getline(fields, field, ','); ++column)
            if (column < 7 || column > 11) kept += field + ",";
        kept += "\n";
    }
    return kept;
}

class BenchCliTest : public ::testing::Test {
protected:
    void SetUp() override {
        m_dir = fs::temp_directory_path() / ("pw_bench_cli_" + std::to_string(::getpid()));
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
    }
    void TearDown() override { fs::remove_all(m_dir); }
    fs::path m_dir;
};

std::vector<std::string> experiment(const fs::path& out, const std::string& jobs) {
    return {"bench", "-a", "sa,tabu,sa", "--param", "sa#2.t0=5", "--runs", "12", "--seed", "3", "--max-steps",
            "300000", "--jobs", jobs, "--out", out.string(), test::kAiEscargot, test::kPillayFigure1};
}

TEST_F(BenchCliTest, AKilledExperimentResumesToTheResultOfAnUninterruptedOne) {
    const fs::path resumed = m_dir / "resumed";
    const pid_t pid = startCli(experiment(resumed, "1"), (m_dir / "err1").string());
    ASSERT_GT(pid, 0);
    // Kill it once some runs are written, without letting it tidy up.
    for (int i = 0; i < 6000 && completeLines(resumed / "runs.jsonl") < 3; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    ::kill(pid, SIGKILL);
    waitForExit(pid);
    const std::size_t written = completeLines(resumed / "runs.jsonl");
    ASSERT_GE(written, 3u);
    ASSERT_LT(written, 72u) << "the experiment ended before it could be killed";
    const auto before = runsOf(resumed);
    std::ofstream(resumed / "runs.jsonl", std::ios::app) << R"({"configuration":"tabu","puzzle_in)";

    const CliOutcome second = runCli(experiment(resumed, "2"), m_dir / "err2");
    ASSERT_EQ(second.exitCode, 0) << second.err;
    EXPECT_NE(second.err.find("dropped a partly written last line"), std::string::npos) << second.err;
    EXPECT_NE(second.err.find("resuming: " + std::to_string(written) + " of 72 runs already done"), std::string::npos)
        << second.err;
    const auto after = runsOf(resumed);
    ASSERT_EQ(after.size(), 72u);
    for (const auto& [key, line] : before) EXPECT_EQ(after.at(key), line) << key;  // never redone

    const fs::path straight = m_dir / "straight";
    const CliOutcome uninterrupted = runCli(experiment(straight, "2"), m_dir / "err3");
    ASSERT_EQ(uninterrupted.exitCode, 0) << uninterrupted.err;
    EXPECT_EQ(after, runsOf(straight));
    EXPECT_EQ(summaryWithoutTimes(resumed), summaryWithoutTimes(straight));
    EXPECT_EQ(readFile(resumed / "config.json"), readFile(straight / "config.json"));

    // Once complete, the same command makes nothing and keeps the file as it is.
    const std::string complete = readFile(resumed / "runs.jsonl");
    const CliOutcome third = runCli(experiment(resumed, "2"), m_dir / "err4");
    EXPECT_EQ(third.exitCode, 0) << third.err;
    EXPECT_EQ(readFile(resumed / "runs.jsonl"), complete);
}

// Ctrl-C: the finished runs stay in runs.jsonl and summary.csv, the message says how many, the status is 130.
TEST_F(BenchCliTest, CtrlCKeepsTheFinishedRunsSummarisesThemAndExits130) {
    // A full grid solves at step 0; the grid without a solution then takes all of its budget: minutes.
    const std::string solved = "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
    const std::string noSolution = "12345678.........9" + std::string(63, '.');
    const fs::path out = m_dir / "interrupted";
    const fs::path errPath = m_dir / "err";
    const pid_t pid = startCli({"bench", "-a", "sa", "--runs", "3", "--seed", "1", "--max-steps", "10000000000",
                                "--jobs", "1", "--out", out.string(), solved, noSolution},
                               errPath.string());
    ASSERT_GT(pid, 0);
    const auto giveUp = std::chrono::steady_clock::now() + std::chrono::minutes(2);  // a safety net only
    while (completeLines(out / "runs.jsonl") < 3 && std::chrono::steady_clock::now() < giveUp)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_EQ(completeLines(out / "runs.jsonl"), 3u) << readFile(errPath);
    ::kill(pid, SIGINT);
    EXPECT_EQ(waitForExit(pid), 130);
    const auto runs = runsOf(out);
    ASSERT_EQ(runs.size(), 3u);
    for (const auto& [key, line] : runs) EXPECT_EQ(line["puzzle_index"], 0) << key;
    const std::string err = readFile(errPath);
    EXPECT_NE(err.find("puzzle-cli: interrupted: 3 of 6 runs are in " + out.string()), std::string::npos) << err;
    // The summary covers the finished runs: the full grid solved 3 of 3, the other puzzle without a run.
    std::istringstream summary(readFile(out / "summary.csv"));
    std::map<std::string, std::vector<std::string>> rows;  // puzzle_index -> fields
    for (std::string line; std::getline(summary, line);) {
        std::vector<std::string> fields;
        std::istringstream in(line);
        for (std::string field; std::getline(in, field, ',');) fields.push_back(field);
        if (fields.size() > 6 && fields[0] == "sa") rows[fields[2]] = fields;
    }
    ASSERT_EQ(rows.count("0"), 1u) << readFile(out / "summary.csv");
    EXPECT_EQ(rows["0"][4], "3");  // runs
    EXPECT_EQ(rows["0"][5], "3");  // solved
    if (rows.count("1")) {
        EXPECT_EQ(rows["1"][4], "0");
    }
}

TEST_F(BenchCliTest, SummaryHasOneRowPerSettingAndPuzzle) {
    const CliOutcome result = runCli({"bench", "-a", "backtracking", "--runs", "2", "--max-steps", "100000", "--out",
                                    (m_dir / "out").string(), test::kPillayFigure1},
                                   m_dir / "err");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_NE(result.err.find("2 runs made"), std::string::npos) << result.err;
    std::istringstream summary(readFile(m_dir / "out" / "summary.csv"));
    std::string header, row, rest;
    std::getline(summary, header);
    std::getline(summary, row);
    EXPECT_FALSE(std::getline(summary, rest));
    EXPECT_EQ(header.substr(0, 69), "configuration,algorithm,puzzle_index,puzzle_id,runs,solved,success_ra");
    EXPECT_EQ(row.substr(0, row.find(",2,2,1,") + 7), "backtracking,backtracking,0,<argument>:1,2,2,1,");

    // Run again, the summary is written afresh through a rename: the old summary, kept under a second name (a
    // hard link), keeps its content and stays a file of its own; written in place, the link would change with
    // it. No temporary is left beside it.
    const fs::path summaryPath = m_dir / "out" / "summary.csv";
    const std::string before = readFile(summaryPath);
    fs::create_hard_link(summaryPath, m_dir / "older_summary.csv");
    std::ofstream(summaryPath, std::ios::app) << "a line only the old file has\n";
    const CliOutcome again = runCli({"bench", "-a", "backtracking", "--runs", "2", "--max-steps", "100000", "--out",
                                     (m_dir / "out").string(), test::kPillayFigure1},
                                    m_dir / "err");
    ASSERT_EQ(again.exitCode, 0) << again.err;
    EXPECT_FALSE(fs::equivalent(summaryPath, m_dir / "older_summary.csv"));
    EXPECT_EQ(readFile(m_dir / "older_summary.csv"), before + "a line only the old file has\n");
    EXPECT_EQ(readFile(summaryPath).find("a line only the old file has"), std::string::npos);
    for (const auto& entry : fs::directory_iterator(m_dir / "out"))
        EXPECT_NE(entry.path().filename().string().rfind(".summary.csv", 0), 0u) << entry.path();
}

// A 3x3 sweep of sa's t0 and alpha from one command: nine settings labelled with their values, resumed as any
// bench, and `stats --table sweep` with a row for each.
TEST_F(BenchCliTest, ASweepRunsItsGridFromOneCommand) {
    const std::vector<std::string> sweep{"bench", "-a", "sa", "--sweep", "sa.t0=10,20,40", "--sweep",
                                         "sa.alpha=0.999,0.9999,0.99995", "--runs", "2", "--max-evaluations", "3000",
                                         "--out", (m_dir / "out").string(), test::kPillayFigure1};
    const CliOutcome result = runCli(sweep, m_dir / "err");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_NE(result.err.find("18 runs made"), std::string::npos) << result.err;
    const auto runs = runsOf(m_dir / "out");
    EXPECT_EQ(runs.size(), 18u);
    EXPECT_EQ(runs.count("sa t0=20 alpha=0.9999/0/1"), 1u);
    EXPECT_EQ(runs.at("sa t0=40 alpha=0.99995/0/0")["parameters"]["alpha"], 0.99995);

    const CliOutcome again = runCli(sweep, m_dir / "err");
    ASSERT_EQ(again.exitCode, 0) << again.err;
    EXPECT_NE(again.err.find("0 runs made"), std::string::npos) << again.err;

    const pid_t stats = test::spawnCli({"stats", (m_dir / "out").string(), "--csv", "--table", "sweep"},
                                       (m_dir / "sweep.csv").string(), (m_dir / "stats.err").string());
    ASSERT_EQ(waitForExit(stats), 0) << readFile(m_dir / "stats.err");
    const std::string csv = readFile(m_dir / "sweep.csv");
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 10) << csv;
    EXPECT_NE(csv.find("\nsa,sa t0=20 alpha=0.9999,t0=20 alpha=0.9999,2,"), std::string::npos) << csv;
}

// A bench extended with more runs, a new setting and a new puzzle keeps its runs and ends equal to a bench of
// the larger plan made at once; an extension killed between its two writes (runs.jsonl rewritten, config.json
// not yet) is completed by the same command; what does not extend is refused.
TEST_F(BenchCliTest, ExtendAddsRunsSettingsAndPuzzlesWithoutRedoingAny) {
    const std::string small = (m_dir / "small").string(), whole = (m_dir / "whole").string();
    const auto bench = [&](const std::string& algorithms, const std::string& runs, const std::string& out,
                           std::vector<std::string> puzzles, bool extend) {
        std::vector<std::string> arguments{"bench", "-a", algorithms, "--runs", runs, "--seed", "7",
                                           "--max-evaluations", "20000", "--out", out};
        if (extend) arguments.push_back("--extend");
        arguments.insert(arguments.end(), puzzles.begin(), puzzles.end());
        return runCli(arguments, m_dir / "err");
    };
    ASSERT_EQ(bench("sa", "2", small, {test::kPillayFigure1}, false).exitCode, 0);
    const std::string configBefore = readFile(fs::path(small) / "config.json");
    const CliOutcome refused = bench("sa,tabu", "3", small, {test::kPillayFigure1, test::kAiEscargot}, false);
    EXPECT_EQ(refused.exitCode, 2) << refused.err;
    EXPECT_NE(refused.err.find("add --extend"), std::string::npos) << refused.err;

    const CliOutcome extended = bench("sa,tabu", "3", small, {test::kPillayFigure1, test::kAiEscargot}, true);
    ASSERT_EQ(extended.exitCode, 0) << extended.err;
    EXPECT_NE(extended.err.find("10 runs made"), std::string::npos) << extended.err;  // 12 in all, 2 kept
    ASSERT_EQ(bench("sa,tabu", "3", whole, {test::kPillayFigure1, test::kAiEscargot}, false).exitCode, 0);
    EXPECT_EQ(runsOf(small), runsOf(whole));
    EXPECT_EQ(readFile(fs::path(small) / "config.json"), readFile(fs::path(whole) / "config.json"));

    // Killed after runs.jsonl was rewritten for the larger plan, before config.json was.
    const std::string killed = (m_dir / "killed").string();
    ASSERT_EQ(bench("sa", "2", killed, {test::kPillayFigure1}, false).exitCode, 0);
    ASSERT_EQ(bench("sa,tabu", "3", killed, {test::kPillayFigure1, test::kAiEscargot}, true).exitCode, 0);
    std::ofstream(fs::path(killed) / "config.json") << configBefore;
    const CliOutcome completed = bench("sa,tabu", "3", killed, {test::kPillayFigure1, test::kAiEscargot}, true);
    ASSERT_EQ(completed.exitCode, 0) << completed.err;
    EXPECT_NE(completed.err.find("0 runs made"), std::string::npos) << completed.err;
    EXPECT_EQ(runsOf(killed), runsOf(whole));

    const CliOutcome fewer = bench("sa,tabu", "2", small, {test::kPillayFigure1, test::kAiEscargot}, true);
    EXPECT_EQ(fewer.exitCode, 2);
    EXPECT_NE(fewer.err.find("--runs 2 is fewer than the bench's 3"), std::string::npos) << fewer.err;
    const CliOutcome reordered = bench("sa,tabu", "3", small, {test::kAiEscargot, test::kPillayFigure1}, true);
    EXPECT_NE(reordered.err.find("puzzles must come first, in their order"), std::string::npos) << reordered.err;
    const CliOutcome dropped = bench("tabu", "3", small, {test::kPillayFigure1, test::kAiEscargot}, true);
    EXPECT_NE(dropped.err.find("setting 'sa' is not in the command"), std::string::npos) << dropped.err;
    EXPECT_EQ(runsOf(small), runsOf(whole));  // nothing changed by the refusals
}

// Soto's protocol: mga solves Pillay's Figure 1 in some tries and not in others (seeds 1..5: three of five);
// the tries stop at the third success, in run order, and the summary counts exactly those tries. details.csv
// (with mga's cycles) and generations.csv are written beside it.
TEST_F(BenchCliTest, UntilSuccessesMakesTheTriesUpToTheKthSuccess) {
    const fs::path out = m_dir / "until";
    const std::vector<std::string> command{"bench", "-a", "mga", "--runs", "40", "--until-successes", "3", "--max-steps",
                                           "1000", "--jobs", "2", "--out", out.string(), test::kPillayFigure1};
    const CliOutcome result = runCli(command, m_dir / "err");
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const auto runs = runsOf(out);
    std::vector<bool> solved(runs.size());
    for (const auto& [key, line] : runs) {
        const auto run = line["run"].get<std::size_t>();
        ASSERT_LT(run, runs.size()) << "the tries are not runs 0..n-1: " << key;
        solved[run] = line["status"] == "solved";
    }
    // Three successes, the last try being the third one, and failures among the tries before it.
    const auto successes = std::count(solved.begin(), solved.end(), true);
    EXPECT_EQ(successes, 3);
    EXPECT_TRUE(solved.back());
    EXPECT_GT(runs.size(), 3u);
    std::istringstream summary(readFile(out / "summary.csv"));
    std::string header, row;
    std::getline(summary, header);
    std::getline(summary, row);
    EXPECT_NE(row.find("," + std::to_string(runs.size()) + "," + std::to_string(successes) + ","), std::string::npos)
        << row;
    const std::string details = readFile(out / "details.csv");
    EXPECT_EQ(details.rfind("configuration,algorithm,puzzle_index,puzzle_id,measure,", 0), 0u);
    EXPECT_NE(details.find("\nmga,mga,0,<argument>:1,cycles,3,"), std::string::npos) << details;
    EXPECT_EQ(readFile(out / "generations.csv"), "configuration,algorithm,puzzle_index,puzzle_id,generation,runs\n");
    // Run again: nothing is left to do.
    const CliOutcome again = runCli(command, m_dir / "err");
    ASSERT_EQ(again.exitCode, 0) << again.err;
    EXPECT_EQ(runsOf(out).size(), runs.size());
    // Said after the summary was written, never "resuming" a bench with nothing left to run.
    EXPECT_NE(again.err.find("already holds every run of the plan (" + std::to_string(runs.size()) +
                             "); summary.csv rewritten"),
              std::string::npos)
        << again.err;
    EXPECT_EQ(again.err.find("resuming"), std::string::npos) << again.err;
}

// A run line that cannot be written (here: past the process's file size limit, as on a full disk) ends the bench
// with the reason beside the path.
TEST_F(BenchCliTest, AFailedWriteOfARunLineNamesTheReason) {
    const fs::path out = m_dir / "limited";
    // The limit, inherited by the child, lets config.json through and stops runs.jsonl after a few lines; the
    // signal the kernel sends past it stays ignored in the child, so the write fails with EFBIG instead.
    ::signal(SIGXFSZ, SIG_IGN);
    rlimit old{};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
    rlimit limited = old;
    limited.rlim_cur = 4096;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &limited), 0);
    const pid_t pid = startCli({"bench", "-a", "sa", "--runs", "100", "--seed", "1", "--max-steps", "1000", "--jobs",
                                "1", "--out", out.string(), test::kPillayFigure1},
                               (m_dir / "err").string());
    ::setrlimit(RLIMIT_FSIZE, &old);
    ::signal(SIGXFSZ, SIG_DFL);
    ASSERT_GT(pid, 0);
    EXPECT_EQ(waitForExit(pid), 1);
    const std::string err = readFile(m_dir / "err");
    EXPECT_NE(err.find("cannot write '" + (out / "runs.jsonl").string() + "': File too large"), std::string::npos)
        << err;
}

// A runs.jsonl with a run repeated is refused on resume with the place, before anything is counted or made.
TEST_F(BenchCliTest, ResumeRefusesARunRepeated) {
    const fs::path out = m_dir / "repeated";
    const std::vector<std::string> command{"bench", "-a", "sa", "--runs", "2", "--seed", "1", "--max-steps", "100",
                                           "--out", out.string(), test::kPillayFigure1};
    ASSERT_EQ(runCli(command, m_dir / "err").exitCode, 0);
    const std::string runs = readFile(out / "runs.jsonl");
    std::ofstream(out / "runs.jsonl", std::ios::app) << runs.substr(0, runs.find('\n') + 1);
    const CliOutcome again = runCli(command, m_dir / "err");
    EXPECT_EQ(again.exitCode, 1) << again.err;
    EXPECT_NE(again.err.find((out / "runs.jsonl").string() + ":3:1: run sa/0/"), std::string::npos) << again.err;
    EXPECT_NE(again.err.find("is already at line 1"), std::string::npos) << again.err;
    EXPECT_EQ(again.err.find("resuming"), std::string::npos) << again.err;
    EXPECT_NE(again.err.find("with --repair takes such lines out"), std::string::npos) << again.err;

    // --repair takes the repeated line out, names it, keeps it beside the runs, and the bench goes on.
    std::vector<std::string> repair = command;
    repair.insert(repair.begin() + 1, "--repair");
    const CliOutcome repaired = runCli(repair, m_dir / "err");
    EXPECT_EQ(repaired.exitCode, 0) << repaired.err;
    EXPECT_NE(repaired.err.find((out / "runs.jsonl").string() + ":3:1: dropped: run sa/0/"), std::string::npos)
        << repaired.err;
    EXPECT_EQ(readFile(out / "runs.jsonl"), runs);
    EXPECT_EQ(readFile(out / "runs.jsonl.dropped"), runs.substr(0, runs.find('\n') + 1));
}

TEST_F(BenchCliTest, UsageErrors) {
    const std::string out = (m_dir / "out").string();
    auto expectUsage = [&](const std::vector<std::string>& arguments, const std::string& message) {
        const CliOutcome result = runCli(arguments, m_dir / "err");
        EXPECT_EQ(result.exitCode, 2) << result.err;
        EXPECT_NE(result.err.find(message), std::string::npos) << result.err;
    };
    expectUsage({"bench", "-a", "sa", "--out", out, test::kPillayFigure1}, "needs a budget");
    expectUsage({"bench", "-a", "nope", "--max-steps", "10", "--out", out, test::kPillayFigure1},
                "unknown algorithm 'nope'");
    expectUsage({"bench", "-a", "sa", "--param", "sa.t0=-4", "--max-steps", "10", "--out", out, test::kPillayFigure1},
                "--param sa.t0=-4");
    expectUsage({"bench", "-a", "sa", "--param", "tabu.tenure=4", "--max-steps", "10", "--out", out,
                 test::kPillayFigure1},
                "'tabu' is not one of the configurations");
    expectUsage({"bench", "-a", "sa", "--max-steps", "10", test::kPillayFigure1}, "--out");
    expectUsage({"bench", "-a", "sa", "--runs", "3", "--until-successes", "4", "--max-steps", "10", "--out", out,
                 test::kPillayFigure1},
                "--until-successes 4 is more than --runs 3");
    expectUsage({"bench", "-a", "sa", "--runs", "3", "--until-successes", "2", "--shard", "1/2", "--max-steps", "10",
                 "--out", out, test::kPillayFigure1},
                "--until-successes and --shard");

    const CliOutcome first = runCli({"bench", "-a", "sa", "--runs", "2", "--max-steps", "10", "--out", out,
                                   test::kPillayFigure1},
                                  m_dir / "err");
    ASSERT_EQ(first.exitCode, 0) << first.err;
    expectUsage({"bench", "-a", "sa", "--runs", "3", "--max-steps", "10", "--out", out, test::kPillayFigure1},
                "holds another experiment (runs differ: 2 there, 3 here)");
}

}  // namespace
}  // namespace pw
