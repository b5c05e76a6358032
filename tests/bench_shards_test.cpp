// A bench spread over shards: the shares partition the plan, the merged parts equal a single run of the plan
// apart from timing, a killed shard resumes from its part, and merge refuses parts of another plan, mixed shard
// counts and missing runs.

#include "study/bench_shards.h"

#include "cli_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

using Output = pw::test::CliOutput;

Output runCli(const std::string& arguments) { return pw::test::runCliCombined(arguments); }

// runs.jsonl by run key, without the timing field.
std::map<std::string, json> runsOf(const fs::path& dir) {
    std::map<std::string, json> runs;
    std::ifstream in(dir / "runs.jsonl");
    for (std::string line; std::getline(in, line);) {
        json run = json::parse(line);
        run.erase("seconds");
        runs[pw::benchRunKey(run["configuration"], run["puzzle_index"], run["run"])] = run;
    }
    return runs;
}

const std::string kPuzzles = std::string(PW_PUZZLES_DIR) + "/sudoku/famous_hard.csv";
const std::string kPlan = "-a sa,tabu,sa --param sa#2.t0=5 --runs 3 --max-evaluations 5000 --jobs 2 ";

class BenchShardsTest : public ::testing::Test {
protected:
    void SetUp() override {
        root = fs::temp_directory_path() / ("pw_shards_" + std::to_string(::getpid()));
        fs::remove_all(root);
        fs::create_directories(root);
    }
    void TearDown() override { fs::remove_all(root); }
    fs::path root;
};

}  // namespace

TEST(BenchShards, SharesPartitionThePlanRoundRobin) {
    std::vector<pw::BenchTask> tasks(10);
    for (std::size_t i = 0; i < tasks.size(); ++i) tasks[i].run = i;
    std::vector<int> seen(10, 0);
    for (std::size_t k = 1; k <= 4; ++k)
        for (const auto& task : pw::benchShardTasks(tasks, {k, 4})) {
            EXPECT_EQ(task.run % 4, k - 1);
            ++seen[task.run];
        }
    EXPECT_EQ(seen, std::vector<int>(10, 1));
    EXPECT_EQ(pw::parseBenchShard("3/8").index, 3u);
    EXPECT_THROW(pw::parseBenchShard("0/8"), std::invalid_argument);
    EXPECT_THROW(pw::parseBenchShard("9/8"), std::invalid_argument);
    EXPECT_THROW(pw::parseBenchShard("x"), std::invalid_argument);
}

TEST_F(BenchShardsTest, MergedShardsEqualASingleRun) {
    const fs::path sharded = root / "sharded", local = root / "local";
    ASSERT_EQ(runCli("bench " + kPlan + "--out " + local.string() + " " + kPuzzles).status, 0);
    for (int k = 1; k <= 3; ++k)
        ASSERT_EQ(runCli("bench " + kPlan + "--shard " + std::to_string(k) + "/3 --out " + sharded.string() + " " +
                         kPuzzles).status,
                  0);
    EXPECT_FALSE(fs::exists(sharded / "runs.jsonl"));  // shards write only their parts

    // A killed shard leaves a partly written line: it is dropped, and the shard's rerun makes nothing new.
    const fs::path part = sharded / "parts" / "shard-2-of-3.jsonl";
    { std::ofstream(part, std::ios::app) << R"({"configuration":"sa","puz)"; }
    const Output rerun = runCli("bench " + kPlan + "--shard 2/3 --out " + sharded.string() + " " + kPuzzles);
    EXPECT_EQ(rerun.status, 0) << rerun.text;
    EXPECT_NE(rerun.text.find("dropped a partly written last line"), std::string::npos) << rerun.text;
    EXPECT_NE(rerun.text.find(part.string() + " already holds every run of shard 2/3"), std::string::npos)
        << rerun.text;

    // A run copied twice into a part is refused with its place; --repair drops it, saying so.
    std::string first;
    std::getline(std::ifstream(part), first);
    { std::ofstream(part, std::ios::app) << first << "\n"; }
    const Output twice = runCli("bench merge " + sharded.string());
    EXPECT_EQ(twice.status, 1);
    EXPECT_NE(twice.text.find("is already at line 1; a run may be counted once"), std::string::npos) << twice.text;
    EXPECT_NE(twice.text.find("with --repair takes such lines out"), std::string::npos) << twice.text;
    const Output merged = runCli("bench merge --repair " + sharded.string());
    ASSERT_EQ(merged.status, 0) << merged.text;
    EXPECT_NE(merged.text.find(part.string() + ": 1 line(s) dropped, kept in " + part.string() + ".dropped"),
              std::string::npos)
        << merged.text;
    const auto expected = runsOf(local);
    EXPECT_EQ(expected.size(), 3u * 3 * 8);  // settings x runs x the 8 puzzles of famous_hard.csv
    EXPECT_EQ(runsOf(sharded), expected);
    EXPECT_TRUE(fs::exists(sharded / "summary.csv"));
}

TEST_F(BenchShardsTest, MergeRefusesOtherPlansMixedCountsAndMissingRuns) {
    const fs::path dir = root / "dir", other = root / "other";
    ASSERT_EQ(runCli("bench " + kPlan + "--shard 1/2 --out " + dir.string() + " " + kPuzzles).status, 0);
    Output missing = runCli("bench merge " + dir.string());
    EXPECT_EQ(missing.status, 1);
    EXPECT_NE(missing.text.find("1 of 2 shards have not started"), std::string::npos) << missing.text;
    Output partial = runCli("bench merge --allow-missing " + dir.string());
    EXPECT_EQ(partial.status, 1);
    EXPECT_NE(partial.text.find("missing"), std::string::npos) << partial.text;

    // A part of another plan (other seed) copied in is refused, naming the part.
    ASSERT_EQ(runCli("bench " + kPlan + "--seed 9 --shard 2/2 --out " + other.string() + " " + kPuzzles).status, 0);
    fs::copy_file(other / "parts" / "shard-2-of-2.jsonl", dir / "parts" / "shard-2-of-2.jsonl");
    fs::copy_file(other / "parts" / "shard-2-of-2.plan.json", dir / "parts" / "shard-2-of-2.plan.json");
    Output foreign = runCli("bench merge " + dir.string());
    EXPECT_EQ(foreign.status, 1);
    EXPECT_NE(foreign.text.find("shard-2-of-2.plan.json: a part of another plan (seed differ"), std::string::npos)
        << foreign.text;
    // The shard itself refuses to resume into that part.
    Output resume = runCli("bench " + kPlan + "--shard 2/2 --out " + dir.string() + " " + kPuzzles);
    EXPECT_EQ(resume.status, 2);
    EXPECT_NE(resume.text.find("holds a part of another plan"), std::string::npos) << resume.text;
    fs::remove(dir / "parts" / "shard-2-of-2.jsonl");
    fs::remove(dir / "parts" / "shard-2-of-2.plan.json");

    ASSERT_EQ(runCli("bench " + kPlan + "--shard 1/3 --out " + dir.string() + " " + kPuzzles).status, 0);
    Output mixed = runCli("bench merge " + dir.string());
    EXPECT_EQ(mixed.status, 1);
    EXPECT_NE(mixed.text.find("are mixed"), std::string::npos) << mixed.text;
}
