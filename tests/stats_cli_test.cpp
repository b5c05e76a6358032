// `puzzle-cli stats` as a process on the fixture bench: the tables it prints, its JSON, and the errors that name
// what is wrong.

#include "cli_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;

using Output = pw::test::CliOutput;

Output runCli(const std::string& arguments) { return pw::test::runCliCombined(arguments); }

const std::string kFixture = std::string(PW_TEST_FIXTURES_DIR) + "/stats_bench";

}  // namespace

TEST(StatsCli, TablesAndJson) {
    const Output ecdf = runCli("stats " + kFixture + " --csv --table ecdf");
    ASSERT_EQ(ecdf.status, 0) << ecdf.text;
    EXPECT_EQ(ecdf.text, "configuration,targets,max_evaluations,ecdf_auc\n"
                         "sa,7,200000,0.5646655376\n"
                         "tabu,7,200000,0.721759204\n"
                         "sa#2,7,200000,0.4548446314\n");

    const Output json = runCli("stats " + kFixture + " --json --budgets 1000,100000");
    ASSERT_EQ(json.status, 0) << json.text;
    const auto parsed = nlohmann::json::parse(json.text);
    EXPECT_EQ(parsed["axis"], "evaluations");
    EXPECT_EQ(parsed["rows"].size(), 15u);
    EXPECT_TRUE(parsed["rows"][11]["ert"].is_null());  // sa#2 never solved puzzle 1: ERT infinite
    EXPECT_EQ(parsed["rows"][0]["budgets"].size(), 2u);
    EXPECT_EQ(parsed["pairs"].size(), 30u);
    EXPECT_EQ(parsed["kruskal_wallis"].size(), 10u);

    const Output latex = runCli("stats " + kFixture + " --latex --table summary --targets 0,4");
    ASSERT_EQ(latex.status, 0) << latex.text;
    EXPECT_NE(latex.text.find("\\begin{tabular}"), std::string::npos);
    EXPECT_NE(latex.text.find("sa\\#2 & 1 & Inkala\\_2012\\_Everest"), std::string::npos) << latex.text;
    EXPECT_NE(latex.text.find("$\\infty$"), std::string::npos);

    const Output text = runCli("stats " + kFixture + " --axis steps");
    ASSERT_EQ(text.status, 0) << text.text;
    EXPECT_NE(text.text.find("axis: steps"), std::string::npos);
    EXPECT_NE(text.text.find("Kruskal-Wallis"), std::string::npos);
}

TEST(StatsCli, ErrorsNameThePlace) {
    const Output missing = runCli("stats /nonexistent/bench");
    EXPECT_EQ(missing.status, 1);
    EXPECT_NE(missing.text.find("/nonexistent/bench: no config.json"), std::string::npos) << missing.text;

    const Output target = runCli("stats " + kFixture + " --targets -3");
    EXPECT_EQ(target.status, 2);
    EXPECT_NE(target.text.find("--targets"), std::string::npos) << target.text;

    // A bench written before the curve carried evaluations: the evaluations axis is refused, steps work.
    const fs::path old = fs::temp_directory_path() / ("pw_stats_old_" + std::to_string(::getpid()));
    fs::create_directories(old);
    fs::copy_file(kFixture + "/config.json", old / "config.json", fs::copy_options::overwrite_existing);
    {
        std::ofstream runs(old / "runs.jsonl");
        runs << R"({"configuration":"sa","algorithm":"sa","puzzle_index":0,"id":"AI_Escargot","run":0,"status":"solved",)"
             << R"("steps":50,"evaluations":51,"seconds":0.01,"best_cost":0,"curve":[[0,30],[1,29],[10,4]]})" << "\n";
    }
    const Output refused = runCli("stats " + old.string());
    EXPECT_EQ(refused.status, 2);
    EXPECT_NE(refused.text.find("run sa/0/0: its curve has no evaluations"), std::string::npos) << refused.text;
    EXPECT_EQ(runCli("stats " + old.string() + " --axis steps").status, 0);
    fs::remove_all(old);

    // A run repeated is refused with its place instead of weighing twice in every test.
    const fs::path repeated = fs::temp_directory_path() / ("pw_stats_repeated_" + std::to_string(::getpid()));
    fs::create_directories(repeated);
    fs::copy_file(kFixture + "/config.json", repeated / "config.json", fs::copy_options::overwrite_existing);
    {
        std::ifstream in(kFixture + "/runs.jsonl");
        std::string first;
        std::getline(in, first);
        std::ofstream runs(repeated / "runs.jsonl");
        runs << first << "\n" << in.rdbuf();
        runs.seekp(0, std::ios::end);
        runs << first << "\n";
    }
    const Output twice = runCli("stats " + repeated.string());
    EXPECT_EQ(twice.status, 1);
    EXPECT_NE(twice.text.find((repeated / "runs.jsonl").string() + ":"), std::string::npos) << twice.text;
    EXPECT_NE(twice.text.find(":1: run sa/0/0 is already at line 1; a run may be counted once"), std::string::npos)
        << twice.text;
    // --repair drops it, naming the line, and the statistics are those of the bench without it.
    const Output repaired = runCli("stats --repair --csv " + repeated.string());
    EXPECT_EQ(repaired.status, 0) << repaired.text;
    EXPECT_NE(repaired.text.find(":1: dropped: run sa/0/0 is already at line 1"), std::string::npos) << repaired.text;
    const Output fixture = runCli("stats --csv " + kFixture);
    EXPECT_NE(repaired.text.find(fixture.text), std::string::npos) << repaired.text;
    const Output again = runCli("stats --repair --csv " + repeated.string());
    EXPECT_NE(again.text.find("nothing to repair"), std::string::npos) << again.text;
    fs::remove_all(repeated);

    // A config.json without a field its plan needs: the file, line and column and the field, in plain words.
    const fs::path unplanned = fs::temp_directory_path() / ("pw_stats_unplanned_" + std::to_string(::getpid()));
    fs::create_directories(unplanned);
    {
        std::ifstream in(kFixture + "/config.json");
        nlohmann::json config = nlohmann::json::parse(in);
        config.erase("runs");
        std::ofstream(unplanned / "config.json") << config.dump(2) << "\n";
    }
    const Output noRuns = runCli("stats " + unplanned.string());
    EXPECT_EQ(noRuns.status, 1);
    EXPECT_NE(noRuns.text.find((unplanned / "config.json").string() + ":1:1: no 'runs' field"), std::string::npos)
        << noRuns.text;
    EXPECT_EQ(noRuns.text.find("json.exception"), std::string::npos) << noRuns.text;
    fs::remove_all(unplanned);
}
