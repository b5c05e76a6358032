// The experiment runner: settings, curve sampling, summary statistics on a hand-made set, determinism across
// thread counts, and resuming after an interruption through the API.

#include "study/bench.h"
#include "study/bench_shards.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <unistd.h>

namespace pw {
namespace {

using nlohmann::json;

BenchRecord record(const std::string& configuration, std::size_t puzzle, std::uint64_t run, bool solved,
                   double seconds, double evaluations) {
    BenchRecord r = test::benchRecord(configuration, puzzle, run, solved);
    r.seconds = seconds;
    r.evaluations = evaluations;
    r.steps = evaluations;
    return r;
}

TEST(StatisticsTest, QuantilesAndStandardDeviation) {
    const std::vector<double> values{7, 1, 3, 5};
    EXPECT_DOUBLE_EQ(quantile(values, 0), 1);
    EXPECT_DOUBLE_EQ(quantile(values, 1), 7);
    EXPECT_DOUBLE_EQ(quantile(values, 0.5), 4);
    EXPECT_DOUBLE_EQ(quantile(values, 0.25), 2.5);  // type 7: 1 + 0.75 * (3 - 1)
    EXPECT_DOUBLE_EQ(quantile(values, 0.75), 5.5);
    EXPECT_DOUBLE_EQ(standardDeviation(values), std::sqrt(20.0 / 3));  // mean 4, squares 9+1+1+9
    EXPECT_DOUBLE_EQ(standardDeviation({4}), 0);
    const Spread spread = spreadOf(values);
    EXPECT_EQ(spread.n, 4);
    EXPECT_DOUBLE_EQ(spread.min, 1);
    EXPECT_DOUBLE_EQ(spread.median, 4);
    EXPECT_DOUBLE_EQ(spread.mean, 4);
    EXPECT_DOUBLE_EQ(spread.max, 7);
    EXPECT_EQ(spreadOf({}).n, 0);
}

TEST(BenchTest, SummaryOfAHandMadeSet) {
    // sa on puzzle 0: 4 runs, 3 solved in 1, 2 and 6 s with 100, 200 and 600 evaluations; tabu on puzzle 0: one
    // unsolved run; sa#2 on puzzle 1: one solved run.
    const std::vector<BenchRecord> records{
        record("tabu", 0, 0, false, 9, 900), record("sa", 0, 0, true, 2, 200),  record("sa", 0, 1, false, 10, 1000),
        record("sa", 0, 2, true, 6, 600),    record("sa#2", 1, 0, true, 3, 300), record("sa", 0, 3, true, 1, 100)};
    const auto rows = summarizeBench(records, {"sa", "sa#2", "tabu"});
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0].configuration, "sa");
    EXPECT_EQ(rows[0].runs, 4);
    EXPECT_EQ(rows[0].solved, 3);
    EXPECT_DOUBLE_EQ(rows[0].successRate(), 0.75);
    EXPECT_DOUBLE_EQ(rows[0].seconds.min, 1);
    EXPECT_DOUBLE_EQ(rows[0].seconds.median, 2);
    EXPECT_DOUBLE_EQ(rows[0].seconds.mean, 3);
    EXPECT_DOUBLE_EQ(rows[0].seconds.max, 6);
    EXPECT_DOUBLE_EQ(rows[0].seconds.sd, std::sqrt(7.0));  // squares 4+1+9 over 2
    EXPECT_DOUBLE_EQ(rows[0].evaluations.median, 200);
    EXPECT_EQ(rows[1].configuration, "sa#2");
    EXPECT_EQ(rows[1].puzzleId, "p1");
    EXPECT_EQ(rows[2].configuration, "tabu");
    EXPECT_EQ(rows[2].solved, 0);
    EXPECT_EQ(benchSummaryCsv(rows),
              "configuration,algorithm,puzzle_index,puzzle_id,runs,solved,success_rate,time_min,time_median,time_mean,time_max,"
              "time_sd,evaluations_min,evaluations_median,evaluations_mean,evaluations_max,evaluations_sd\n"
              "sa,sa,0,p0,4,3,0.75,1,2,3,6,2.64575,100,200,300,600,264.5751311\n"
              "sa#2,sa,1,p1,1,1,1,3,3,3,3,,300,300,300,300,\n"
              "tabu,tabu,0,p0,1,0,0,,,,,,,,,,\n");
}

TEST(BenchTest, CurvePointsAreLogSpacedAndCarryTheFinalValue) {
    std::vector<std::uint64_t> points{0};
    while (points.size() < 20) points.push_back(nextCurvePoint(points.back()));
    EXPECT_EQ(points, (std::vector<std::uint64_t>{0, 1, 2, 3, 4, 5, 6, 8, 10, 13, 16, 20, 25, 32, 40, 50, 63, 79,
                                                  100, 126}));
    EXPECT_EQ(nextCurvePoint(1'000'000), 1'258'925u);
    BenchRecord run;
    run.steps = 30;
    run.bestCost = 0;
    run.curve = {{0, 9}, {1, 8}, {2, 8}, {10, 5}, {25, 2}};
    EXPECT_EQ(run.costAt(0), 9);
    EXPECT_EQ(run.costAt(9), 8);
    EXPECT_EQ(run.costAt(12), 5);
    EXPECT_EQ(run.costAt(29), 2);
    EXPECT_EQ(run.costAt(30), 0);  // the final value from the last step on
    EXPECT_EQ(run.costAt(1'000'000), 0);
}

TEST(BenchTest, SettingsOfOneAlgorithm) {
    const auto configurations = benchConfigurations("sa,tabu,sa", {"sa.t0=20", "sa#2.t0=5", "tabu.tenure=7"});
    ASSERT_EQ(configurations.size(), 3u);
    EXPECT_EQ(configurations[0].label, "sa");
    EXPECT_EQ(configurations[1].label, "tabu");
    EXPECT_EQ(configurations[2].label, "sa#2");
    EXPECT_EQ(configurations[2].algorithmId, "sa");
    EXPECT_DOUBLE_EQ(configurations[0].parameters.real("t0"), 20);
    EXPECT_DOUBLE_EQ(configurations[2].parameters.real("t0"), 5);  // the setting's own value wins
    EXPECT_EQ(configurations[1].parameters.integer("tenure"), 7);

    auto message = [](const std::string& list, const std::vector<std::string>& assignments) {
        try {
            benchConfigurations(list, assignments);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_NE(message("nope", {}).find("unknown algorithm 'nope'"), std::string::npos);
    EXPECT_NE(message("sa", {"tabu.tenure=3"}).find("'tabu' is not one of the configurations"), std::string::npos);
    EXPECT_NE(message("sa", {"sa#2.t0=3"}).find("'sa#2' is not one"), std::string::npos);
    EXPECT_NE(message("sa", {"t0=3"}).find("expected ID.KEY=VALUE"), std::string::npos);
    EXPECT_NE(message("sa", {"sa.t0=0"}).find("t0"), std::string::npos);
    EXPECT_NE(message(",", {}).find("at least one"), std::string::npos);
}

// A sweep makes the full grid of its values for every setting it names, the first sweep varying slowest, the
// labels carrying the values and the other assignments applying at every point; a bad sweep is named.
TEST(BenchTest, SweepsMakeTheFullGrid) {
    const auto configurations = benchConfigurations("sa,tabu", {"sa.t_min=0.5", "sa.alpha=0.9"}, std::nullopt, "-a",
                                                    {"sa.t0=10,20,40", "sa.alpha=0.999,0.9999,0.99995"});
    ASSERT_EQ(configurations.size(), 10u);
    const char* t0s[] = {"10", "20", "40"};
    const char* alphas[] = {"0.999", "0.9999", "0.99995"};
    for (int i = 0; i < 9; ++i) {
        SCOPED_TRACE(i);
        const BenchConfiguration& point = configurations[static_cast<std::size_t>(i)];
        EXPECT_EQ(point.label, std::string("sa t0=") + t0s[i / 3] + " alpha=" + alphas[i % 3]);
        EXPECT_EQ(point.algorithmId, "sa");
        EXPECT_DOUBLE_EQ(point.parameters.real("t0"), std::stod(t0s[i / 3]));
        EXPECT_DOUBLE_EQ(point.parameters.real("alpha"), std::stod(alphas[i % 3]));  // the sweep wins over --param
        EXPECT_DOUBLE_EQ(point.parameters.real("t_min"), 0.5);
    }
    EXPECT_EQ(configurations[9].label, "tabu");
    // A sweep of one setting of two leaves the other alone.
    const auto second = benchConfigurations("sa,sa", {}, std::nullopt, "-a", {"sa#2.t0=5,6"});
    ASSERT_EQ(second.size(), 3u);
    EXPECT_EQ(second[0].label, "sa");
    EXPECT_EQ(second[2].label, "sa#2 t0=6");

    auto message = [](const std::vector<std::string>& sweeps) {
        try {
            benchConfigurations("sa", {}, std::nullopt, "-a", sweeps);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(message({"sa.t0=10,,20"}), "--sweep sa.t0=10,,20: a value is empty");
    EXPECT_EQ(message({"sa.t0=10,10"}), "--sweep sa.t0=10,10: the value 10 is named twice");
    EXPECT_EQ(message({"sa.t0=1", "sa.t0=2"}), "--sweep sa.t0: sa's t0 is swept twice");
    EXPECT_NE(message({"sa.t0=abc"}).find("--sweep sa.t0=abc: parameter 't0' got 'abc'"), std::string::npos);
    EXPECT_NE(message({"tabu.tenure=3"}).find("'tabu' is not one of the configurations of -a (sa)"), std::string::npos);
    EXPECT_NE(message({"sa.t0"}).find("expected ID.KEY=V1,V2,..."), std::string::npos);
    EXPECT_NE(message({"sa.t0=0.01"}).find("t_min (0.2) must be below t0 (0.01)"), std::string::npos);
    EXPECT_NE(message({"sa.t0=1,2,3,4,5,6,7,8,9,10", "sa.alpha=0.9,0.91,0.92,0.93,0.94,0.95,0.96,0.97,0.98,0.99",
                       "sa.t_min=0.001,0.002,0.003,0.004,0.005,0.006,0.007,0.008,0.009,0.01",
                       "sa.lewis_chain_length=1,2,3,4,5,6,7,8,9,10,11"})
                  .find("more than 10000 configurations"),
              std::string::npos);
}

BenchPlan smallPlan() {
    BenchPlan plan;
    plan.configurations = benchConfigurations("sa,tabu", {});
    plan.puzzles = {test::sudokuPuzzle(test::kPillayFigure1, "pillay")};
    plan.runs = 3;
    plan.seed = 11;
    plan.budget.maxSteps = 3000;
    return plan;
}

// The run lines by key, without the wall-clock seconds (the only field that may differ between two runs).
std::map<std::string, json> linesByKey(const std::vector<json>& lines) {
    std::map<std::string, json> byKey;
    for (json line : lines) {
        line.erase("seconds");
        const std::string key = benchRunKey(line["configuration"], line["puzzle_index"], line["run"]);
        EXPECT_EQ(byKey.count(key), 0u) << "run made twice: " << key;
        byKey[key] = line;
    }
    return byKey;
}

std::vector<json> runAll(const BenchPlan& plan, int jobs) {
    std::vector<json> lines;
    runBench(plan, benchTasks(plan), jobs, [&](const json& line) { lines.push_back(line); });
    return lines;
}

TEST(BenchTest, RunLinesHoldTheSolveFieldsAndDoNotDependOnThreads) {
    const BenchPlan plan = smallPlan();
    const auto one = runAll(plan, 1);
    ASSERT_EQ(one.size(), 6u);
    for (const char* field : {"id", "kind", "puzzle", "algorithm", "seed", "run", "status", "outcome", "reason", "valid",
                              "seconds", "steps", "evaluations", "best_cost", "false_solution", "solution",
                              "configuration", "parameters", "puzzle_index", "curve", "improvements"})
        EXPECT_TRUE(one.front().contains(field)) << field;
    for (const auto& line : one) {
        EXPECT_EQ(line["seed"].get<std::uint64_t>(), 11 + line["run"].get<std::uint64_t>());
        const auto& curve = line["curve"];
        ASSERT_FALSE(curve.empty());
        EXPECT_EQ(curve.front()[0], 0);
        EXPECT_LE(curve.back()[0].get<std::uint64_t>(), line["steps"].get<std::uint64_t>());
        for (std::size_t i = 1; i < curve.size(); ++i) EXPECT_LE(curve[i][1].get<double>(), curve[i - 1][1].get<double>());
    }
    EXPECT_EQ(linesByKey(one), linesByKey(runAll(plan, 2)));
}

// A bench run records every fall of its best cost at the exact step that made it: the same steps, costs and
// evaluations as the same run stepped one step at a time and asked after each, for every registered algorithm
// (the runner's tight loops must not hide a fall inside a batch of steps).
TEST(BenchTest, ImprovementsAreTheStepsWhereTheBestCostFell) {
    const Puzzle sudoku = test::sudokuPuzzle(test::kAiEscargot, "escargot");
    const auto nurikabe = loadPuzzleFile(test::puzzlesDir() + "/nurikabe/janko_sample.txt").puzzles;
    ASSERT_FALSE(nurikabe.empty());
    for (const auto& entry : algorithmRegistry()) {
        const std::string id = entry.info.id;
        SCOPED_TRACE(id);
        BenchPlan plan;
        plan.configurations = benchConfigurations(id, {});
        plan.puzzles = {entry.info.supports(PuzzleKind::Sudoku) ? sudoku : nurikabe.front()};
        plan.runs = 1;
        plan.seed = 3;
        plan.budget.maxSteps = 2000;
        const json line = *runBenchTask(plan, BenchTask{0, 0, 0}, nullptr);

        json stepped = json::array();
        auto algorithm = entry.create();
        StopConditions conditions;
        conditions.add(stepLimit(*plan.budget.maxSteps));
        Runner runner(*algorithm, plan.puzzles[0], plan.configurations[0].parameters, plan.seed, nullptr,
                      std::move(conditions));
        double best = algorithm->bestCost();
        while (true) {
            const bool running = runner.advance();
            if (algorithm->bestCost() < best) {
                best = algorithm->bestCost();
                stepped.push_back(json::array({algorithm->counters().steps, best, algorithm->counters().evaluations}));
            }
            if (!running) break;
        }
        EXPECT_EQ(line["improvements"], stepped);
        EXPECT_EQ(line["best_cost"].get<double>(), best);
        const BenchRecord record = benchRecordFromJson(line);
        EXPECT_TRUE(record.hasImprovements);
        EXPECT_EQ(record.improvements.size(), stepped.size());
    }
}

TEST(BenchTest, ImprovementsThatDoNotFallAreRefused) {
    json line = runAll(smallPlan(), 1).front();
    ASSERT_GE(line["improvements"].size(), 2u);
    line["improvements"][1][1] = line["improvements"][0][1];
    EXPECT_THROW(benchRecordFromJson(line), std::invalid_argument);
    line["improvements"] = json::array({json::array({1, 2})});
    EXPECT_THROW(benchRecordFromJson(line), std::invalid_argument);
}

// A run line of configuration `label` on puzzle 0, solved or not (what benchPendingTasks reads of it).
json runLine(const std::string& label, std::uint64_t run, bool solved) {
    return {{"configuration", label}, {"puzzle_index", 0}, {"run", run}, {"status", solved ? "solved" : "stopped"}};
}

TEST(BenchTest, UntilSuccessesIssuesOnlyTheTriesStillNeededInRunOrder) {
    BenchPlan plan = smallPlan();
    plan.runs = 10;
    plan.untilSuccesses = 3;
    const auto tasks = benchTasks(plan);
    auto pendingRuns = [&](const std::vector<json>& lines, const std::string& label) {
        std::vector<std::uint64_t> runs;
        for (const auto& task : benchPendingTasks(plan, tasks, lines))
            if (plan.configurations[task.configuration].label == label) runs.push_back(task.run);
        return runs;
    };
    // Nothing made: the first three tries of each setting.
    EXPECT_EQ(pendingRuns({}, "sa"), (std::vector<std::uint64_t>{0, 1, 2}));
    // sa: tries 0 and 2 solved, 1 failed: one success missing, so one more try, the next in run order.
    const std::vector<json> made{runLine("sa", 0, true), runLine("sa", 1, false), runLine("sa", 2, true),
                                 runLine("tabu", 0, true), runLine("tabu", 1, true), runLine("tabu", 2, true)};
    EXPECT_EQ(pendingRuns(made, "sa"), (std::vector<std::uint64_t>{3}));
    EXPECT_TRUE(pendingRuns(made, "tabu").empty());  // three successes: done
    // Never more than `runs` tries, however many successes are missing.
    std::vector<json> failures;
    for (std::uint64_t run = 0; run < 9; ++run) failures.push_back(runLine("sa", run, false));
    EXPECT_EQ(pendingRuns(failures, "sa"), (std::vector<std::uint64_t>{9}));
    failures.push_back(runLine("sa", 9, false));
    EXPECT_TRUE(pendingRuns(failures, "sa").empty());
    // Without the protocol every run not made is pending.
    plan.untilSuccesses.reset();
    EXPECT_EQ(pendingRuns(made, "sa").size(), 7u);
}

TEST(BenchTest, UntilSuccessesStopsAtTheKthSuccessAndIsStoredInThePlan) {
    BenchPlan plan = smallPlan();
    plan.configurations = benchConfigurations("exact", {});
    plan.runs = 8;
    plan.untilSuccesses = 2;
    std::vector<json> lines;
    for (auto pending = benchPendingTasks(plan, benchTasks(plan), lines); !pending.empty();
         pending = benchPendingTasks(plan, benchTasks(plan), lines))
        runBench(plan, pending, 2, [&](const json& line) { lines.push_back(line); });
    EXPECT_EQ(lines.size(), 2u);  // the exact solver solves every try: two tries, not eight
    const json config = benchPlanJson(plan);
    EXPECT_EQ(config.at("until_successes"), 2);
    EXPECT_EQ(benchPlanFromJson(config).untilSuccesses, std::optional<std::uint64_t>(2));
    BenchPlan every = plan;
    every.untilSuccesses.reset();
    EXPECT_FALSE(benchPlanJson(every).contains("until_successes"));
    EXPECT_NE(benchPlanDifference(config, benchPlanJson(every))->find("until_successes differ"), std::string::npos);
    json zero = config;
    zero["until_successes"] = 0;
    EXPECT_THROW(benchPlanFromJson(zero), std::runtime_error);
}

TEST(BenchTest, DetailsAndGenerationsOfAHandMadeSet) {
    // gp on puzzle 0: solved in generations 0, 0 and 2, one failure at best cost 4 after 50 generations;
    // mga on puzzle 0: one solved run after 3 cycles, two failures after 20 cycles at best costs 2 and 4.
    auto withResult = [](BenchRecord r, const std::string& key, double value, double bestCost) {
        r.results[key] = value;
        r.bestCost = bestCost;
        return r;
    };
    const std::vector<BenchRecord> records{
        withResult(record("gp", 0, 0, true, 1, 10), "generation", 0, 0),
        withResult(record("gp", 0, 1, true, 1, 10), "generation", 2, 0),
        withResult(record("gp", 0, 2, true, 1, 10), "generation", 0, 0),
        withResult(record("gp", 0, 3, false, 1, 50), "programs", 7, 4),
        withResult(record("mga", 0, 0, true, 1, 30), "cycles", 3, 0),
        withResult(record("mga", 0, 1, false, 1, 200), "cycles", 20, 2),
        withResult(record("mga", 0, 2, false, 1, 200), "cycles", 20, 4)};
    EXPECT_EQ(benchGenerationsCsv(records, {"gp", "mga"}),
              "configuration,algorithm,puzzle_index,puzzle_id,generation,runs\n"
              "gp,gp,0,p0,0,2\n"
              "gp,gp,0,p0,2,1\n");
    const std::string details = benchDetailsCsv(records, {"mga", "gp"});
    EXPECT_EQ(details,
              "configuration,algorithm,puzzle_index,puzzle_id,measure,solved_runs,solved_mean,unsolved_runs,unsolved_mean\n"
              "mga,mga,0,p0,steps,1,30,2,200\n"
              "mga,mga,0,p0,best_cost,1,0,2,3\n"
              "mga,mga,0,p0,cycles,1,3,2,20\n"
              "gp,gp,0,p0,steps,3,10,1,50\n"
              "gp,gp,0,p0,best_cost,3,0,1,4\n"
              "gp,gp,0,p0,generation,3,0.666667,1,\n"
              "gp,gp,0,p0,programs,3,,1,7\n");
    // The algorithm's results are read from a run line: its numeric fields that are not every run's.
    const BenchPlan plan = smallPlan();
    json line = runAll(plan, 1).front();
    line["generation"] = 4;
    line["program"] = "k1r";
    const BenchRecord read = benchRecordFromJson(line);
    EXPECT_EQ(read.results.at("generation"), 4);
    EXPECT_EQ(read.results.count("program"), 0u);  // not a number
    for (const char* common : {"seed", "run", "seconds", "steps", "evaluations", "best_cost", "puzzle_index"})
        EXPECT_EQ(read.results.count(common), 0u) << common;
}

TEST(BenchTest, AnInterruptedExperimentResumesWithoutRedoingRuns) {
    const BenchPlan plan = smallPlan();
    const auto dir = std::filesystem::temp_directory_path() / ("pw_bench_resume_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "runs.jsonl").string();
    {
        // Interrupted after two of the six runs: the finished runs queued behind a stop are still written, so
        // how many a real stop leaves depends on the machine's pace; two runs of the plan stand for any number.
        const std::vector<BenchTask> tasks = benchTasks(plan);
        BenchLog log(path);
        runBench(plan, {tasks.begin(), tasks.begin() + 2}, 2, [&](json& line) { log.append(std::move(line)); });
        EXPECT_EQ(log.lines().size(), 2u);
    }
    std::ofstream(path, std::ios::app) << R"({"configuration":"sa","puzzle_index":0,"ru)";  // killed mid-line

    BenchLog log(path);
    EXPECT_TRUE(log.droppedPartialLine());
    const std::size_t kept = log.lines().size();
    const auto firstLines = log.lines();
    std::vector<BenchTask> pending;
    for (const auto& task : benchTasks(plan))
        if (!log.contains(benchRunKey(plan, task))) pending.push_back(task);
    EXPECT_EQ(pending.size(), 6u - kept);
    runBench(plan, pending, 2, [&](json& line) { log.append(std::move(line)); });
    ASSERT_EQ(log.lines().size(), 6u);
    for (std::size_t i = 0; i < kept; ++i) EXPECT_EQ(log.lines()[i], firstLines[i]);  // kept as written

    const BenchLog reread(path);
    EXPECT_FALSE(reread.droppedPartialLine());
    EXPECT_EQ(linesByKey(reread.lines()), linesByKey(runAll(plan, 1)));
    std::filesystem::remove_all(dir);
}

// A run may be counted once: a repeated line (copied, or appended twice) is refused with its place, and so is a
// line that is not a run of the bench's plan, whatever reads it (resume, stats, merge, the Compare view).
TEST(BenchTest, RunLinesOfTheSameRunOrOfAnotherPlanAreRefused) {
    const BenchPlan plan = smallPlan();
    std::vector<json> lines;
    runBench(plan, benchTasks(plan), 1, [&](const json& line) { lines.push_back(line); });
    ASSERT_EQ(lines.size(), 6u);
    EXPECT_EQ(lines[0]["plan"], benchPlanHash(plan));
    bool partial = false;
    std::uintmax_t wholeBytes = 0;
    const auto textOf = [](const std::vector<json>& some) {
        std::string text;
        for (const json& line : some) text += line.dump() + "\n";
        return text;
    };
    EXPECT_EQ(parseBenchRunLines(textOf(lines), "runs.jsonl", partial, wholeBytes, &plan).size(), 6u);

    const auto refusal = [&](const std::vector<json>& some) {
        try {
            parseBenchRunLines(textOf(some), "runs.jsonl", partial, wholeBytes, &plan);
        } catch (const std::runtime_error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    std::vector<json> repeated = lines;
    repeated.push_back(lines[1]);
    const std::string key = benchRunKey(lines[1]["configuration"], lines[1]["puzzle_index"], lines[1]["run"]);
    EXPECT_EQ(refusal(repeated), "runs.jsonl:7:1: run " + key + " is already at line 2; a run may be counted once");

    BenchPlan other = plan;
    other.seed = 12;
    std::vector<json> foreign = lines;
    foreign[2]["plan"] = benchPlanHash(other);
    EXPECT_EQ(refusal(foreign).rfind("runs.jsonl:3:1: run ", 0), 0u) << refusal(foreign);
    EXPECT_NE(refusal(foreign).find("made by another plan"), std::string::npos) << refusal(foreign);
    foreign = lines;
    foreign[3].erase("plan");  // a line of a bench written before the fingerprint: its key and seed still count
    foreign[3]["run"] = 3;
    EXPECT_NE(refusal(foreign).find("runs.jsonl:4:1: run"), std::string::npos) << refusal(foreign);
    EXPECT_NE(refusal(foreign).find("past config.json's 3 runs"), std::string::npos) << refusal(foreign);
    foreign = lines;
    foreign[0].erase("plan");
    foreign[0]["seed"] = 99;
    EXPECT_NE(refusal(foreign).find("seed 99 is not config.json's seed + run"), std::string::npos) << refusal(foreign);
}

// --repair: the refused lines leave the runs files (the bench's and a shard's part) for FILE.dropped, in order,
// the first line of a run counted twice staying; a second repair finds nothing.
TEST(BenchTest, RepairTakesRefusedLinesOutAndKeepsThemBeside) {
    const BenchPlan plan = smallPlan();
    std::vector<json> lines;
    runBench(plan, benchTasks(plan), 1, [&](const json& line) { lines.push_back(line); });
    ASSERT_EQ(lines.size(), 6u);
    const auto textOf = [](const std::vector<json>& some) {
        std::string text;
        for (const json& line : some) text += line.dump() + "\n";
        return text;
    };
    const auto read = [](const std::filesystem::path& path) {
        std::ifstream in(path, std::ios::binary);
        return std::string{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    };
    const auto dir = std::filesystem::temp_directory_path() / ("pw_bench_repair_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir / "parts");
    std::ofstream(dir / "config.json") << benchPlanJson(plan).dump(2) << "\n";
    json foreign = lines[4];
    foreign["seed"] = 99;
    foreign.erase("plan");
    const std::string repeated = lines[1].dump();
    std::ofstream(dir / "runs.jsonl") << textOf({lines[0], lines[1], lines[2]}) << repeated << "\nnot a run\n"
                                      << textOf({lines[3]}) << foreign.dump() << "\n";
    std::ofstream(dir / "parts" / "shard-1-of-2.jsonl") << textOf({lines[0], lines[0]});

    const std::vector<BenchRepair> repairs = repairBenchDirectory(dir.string());
    ASSERT_EQ(repairs.size(), 2u);
    EXPECT_EQ(repairs[0].path, (dir / "runs.jsonl").string());
    ASSERT_EQ(repairs[0].dropped.size(), 3u);
    EXPECT_EQ(repairs[0].dropped[0].line, 4);
    EXPECT_NE(repairs[0].dropped[0].reason.find("is already at line 2"), std::string::npos);
    EXPECT_EQ(repairs[0].dropped[1].line, 5);
    EXPECT_EQ(repairs[0].dropped[1].reason, "not a run line of puzzle-cli bench");
    EXPECT_EQ(repairs[0].dropped[2].line, 7);
    EXPECT_NE(repairs[0].dropped[2].reason.find("seed 99"), std::string::npos) << repairs[0].dropped[2].reason;
    EXPECT_EQ(read(dir / "runs.jsonl"), textOf({lines[0], lines[1], lines[2], lines[3]}));
    EXPECT_EQ(read(dir / "runs.jsonl.dropped"), repeated + "\nnot a run\n" + foreign.dump() + "\n");
    EXPECT_EQ(repairs[1].path, (dir / "parts" / "shard-1-of-2.jsonl").string());
    EXPECT_EQ(read(dir / "parts" / "shard-1-of-2.jsonl"), textOf({lines[0]}));
    EXPECT_NO_THROW(readBenchDirectory(dir.string()));

    EXPECT_TRUE(repairBenchDirectory(dir.string()).empty());
    EXPECT_EQ(read(dir / "runs.jsonl.dropped"), repeated + "\nnot a run\n" + foreign.dump() + "\n");
    std::filesystem::remove_all(dir);
}

// A fault in config.json is named by file:line:column and the field's path, in words of the project, never the
// JSON library's.
TEST(BenchTest, AConfigFaultIsNamedByLineColumnAndField) {
    const auto dir = std::filesystem::temp_directory_path() / ("pw_bench_config_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto refusal = [&](const json& config) {
        std::ofstream(dir / "config.json") << config.dump(2) << "\n";
        try {
            readBenchConfig(dir.string());
        } catch (const std::runtime_error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    const std::string file = (dir / "config.json").string();
    const json good = benchPlanJson(smallPlan());
    EXPECT_EQ(refusal(good), "accepted");
    json broken = good;
    broken.erase("runs");
    EXPECT_EQ(refusal(broken), file + ":1:1: no 'runs' field");
    broken = good;
    broken["configurations"][1]["label"] = 5;
    const std::string text = broken.dump(2);
    const auto labelLine = 1 + std::count(text.begin(), text.begin() + text.find("\"label\": 5"), '\n');
    EXPECT_EQ(refusal(broken), file + ":" + std::to_string(labelLine) + ":16: configurations[1].label: must be a string");
    broken = good;
    broken["configurations"][0]["parameters"]["t0"] = "hot";
    EXPECT_NE(refusal(broken).find(": configurations[0].parameters.t0: must be a number"), std::string::npos)
        << refusal(broken);
    broken = good;
    broken["budget"]["max_steps"] = -3;
    EXPECT_NE(refusal(broken).find(": budget.max_steps: must be a whole number of 0 or more"), std::string::npos)
        << refusal(broken);
    broken = good;
    broken["configurations"] = json::object();
    EXPECT_NE(refusal(broken).find(": configurations: must be a list"), std::string::npos) << refusal(broken);
    for (const json& each : {broken, good}) EXPECT_EQ(refusal(each).find("json.exception"), std::string::npos);
    std::ofstream(dir / "config.json") << "{\n  \"format\": tru\n}\n";
    try {
        readBenchConfig(dir.string());
        ADD_FAILURE() << "a config.json that is not JSON was read";
    } catch (const std::runtime_error& e) {
        EXPECT_EQ(std::string(e.what()), file + ":2:16: not valid JSON");  // where the parser gave up
    }
    std::filesystem::remove_all(dir);
}

TEST(BenchTest, APlanReadsBackFromItsJson) {
    BenchPlan plan = smallPlan();
    plan.configurations = benchConfigurations("sa,tabu,sa", {"sa#2.t0=5", "tabu.prefilter=false"});
    plan.budget.timeLimit = 2.5;
    const BenchPlan read = benchPlanFromJson(benchPlanJson(plan));
    EXPECT_EQ(benchPlanJson(read), benchPlanJson(plan));
    ASSERT_EQ(read.configurations.size(), 3u);
    EXPECT_EQ(read.configurations[2].label, "sa#2");
    EXPECT_EQ(read.configurations[2].parameters, plan.configurations[2].parameters);
    EXPECT_EQ(read.puzzles.front().id, "pillay");
    json broken = benchPlanJson(plan);
    broken["configurations"][0]["parameters"]["t0"] = -1;
    EXPECT_THROW(benchPlanFromJson(broken), std::runtime_error);
    broken = benchPlanJson(plan);
    broken.erase("runs");
    EXPECT_THROW(benchPlanFromJson(broken), std::runtime_error);
}

TEST(BenchTest, APlanIsResumedOnlyByItself) {
    BenchPlan plan = smallPlan();
    const json stored = benchPlanJson(plan);
    EXPECT_FALSE(benchPlanDifference(stored, benchPlanJson(plan)));
    plan.runs = 4;
    const auto difference = benchPlanDifference(stored, benchPlanJson(plan));
    ASSERT_TRUE(difference);
    EXPECT_EQ(*difference, "runs differ: 3 there, 4 here");
    plan = smallPlan();
    plan.configurations = benchConfigurations("sa,tabu", {"sa.t0=3"});
    EXPECT_NE(benchPlanDifference(stored, benchPlanJson(plan))->find("configurations differ"), std::string::npos);
}

// A plan stored while `sample_every` was a parameter of sa and tabu still reads and still resumes: the key never
// changed a result. Any other unknown key is still refused.
TEST(BenchTest, APlanNamingTheRetiredSampleEveryStillReadsAndResumes) {
    BenchPlan plan = smallPlan();
    plan.configurations = benchConfigurations("sa,tabu", {});
    json older = benchPlanJson(plan);
    for (json& configuration : older["configurations"]) configuration["parameters"]["sample_every"] = 100;
    const BenchPlan read = benchPlanFromJson(older);
    EXPECT_EQ(benchPlanJson(read), benchPlanJson(plan));
    EXPECT_FALSE(benchPlanDifference(older, benchPlanJson(plan)));
    older["configurations"][0]["parameters"]["sample_rate"] = 100;
    EXPECT_THROW(benchPlanFromJson(older), std::runtime_error);
}

}  // namespace
}  // namespace pw
