#pragma once
// Experiments: algorithms x parameter settings x puzzles x runs on every core, each finished run one JSON line
// (the fields of `solve --json` plus the configuration and a sampled cost curve), summarised per configuration
// and puzzle with the columns of Soto's Table 1 and Pillay's Tables 2-3. The engine behind `puzzle-cli bench`
// and the window's Compare view.
//
// Settings: `-a sa,sa` names two configurations of one algorithm, labelled "sa" and "sa#2"; a parameter
// assignment "sa.KEY=VALUE" applies to every configuration of sa, "sa#2.KEY=VALUE" to the second only (and
// wins over the former). A sweep "sa.KEY=V1,V2,V3" makes every configuration of sa one configuration per value,
// and several sweeps of one configuration its full grid: `--sweep sa.t0=10,20 --sweep sa.alpha=0.99,0.999` makes
// four, labelled "sa t0=10 alpha=0.99" and so on (the label of the swept configuration, then each swept key and
// value in the order of the sweeps, the first varying slowest). The other assignments apply to every point.
//
// Seeds: run r of every configuration on every puzzle uses seed + r, so a run's result depends neither on the
// number of threads nor on the order the runs are made in.
//
// Cost curve: [step, best cost, evaluations] at step 0 and at the log-spaced steps round(10^(k/10)), k = 0, 1, 2, ...
// (1, 2, 3, 4, 5, 6, 8, 10, 13, 16, 20, 25, 32, 40, 50, 63, 79, 100, ...: ten points a decade) that the run
// reached. Fixed step counts rather than fractions of a budget make runs of different lengths, and runs under a
// time limit only, comparable point by point; past its last step a run's value is its final best cost
// (carried forward), so medians across runs are defined at every point. The third element, the evaluations
// made by that step, came later: benches written before it have [step, best cost] points and are still read.

#include "base/parameters.h"
#include "base/statistics.h"
#include "puzzle/puzzle.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <fstream>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pw {

struct BenchConfiguration {
    std::string label;        // "sa", "sa#2"
    std::string algorithmId;  // "sa"
    ParameterValues parameters;
};

// The configurations named by a comma-separated algorithm list and "ID.KEY=VALUE" / "ID#N.KEY=VALUE"
// assignments (see above), each resolved by configureRun (which checks `puzzleKind` when given). Throws
// std::invalid_argument with a message naming the bad part and `listOption`, the option that gave the list.
std::vector<BenchConfiguration> benchConfigurations(const std::string& algorithmList,
                                                    const std::vector<std::string>& assignments,
                                                    std::optional<PuzzleKind> puzzleKind = std::nullopt,
                                                    const std::string& listOption = "-a",
                                                    const std::vector<std::string>& sweeps = {});
// The most configurations one bench may hold, sweeps included.
inline constexpr std::size_t kMaxBenchConfigurations = 10000;

struct BenchBudget {
    std::optional<double> timeLimit;  // seconds per run
    std::optional<std::uint64_t> maxSteps;
    std::optional<std::uint64_t> maxEvaluations;
    bool empty() const { return !timeLimit && !maxSteps && !maxEvaluations; }
};

struct BenchPlan {
    std::vector<BenchConfiguration> configurations;
    std::vector<Puzzle> puzzles;
    std::uint64_t runs = 10;
    std::uint64_t seed = 1;
    BenchBudget budget;
    // Soto's protocol (Table 1): tries on each puzzle until this many have solved it, `runs` being the most
    // tries made. Runs are made in waves (run r before run r + 1 is counted), so no try past the last success
    // is made and the result does not depend on the threads.
    std::optional<std::uint64_t> untilSuccesses;
};

// Everything that decides the results, as stored in DIR/config.json: a directory is resumed only by the plan
// that made it.
nlohmann::json benchPlanJson(const BenchPlan& plan);
// The plan a config.json describes (its inverse); throws std::runtime_error naming the field, as in
// "configurations[2].label: must be a string", and what is wrong.
BenchPlan benchPlanFromJson(const nlohmann::json& config);
// Empty when `stored` (a config.json) is the plan `wanted`; otherwise what differs, for the refusal message.
std::optional<std::string> benchPlanDifference(const nlohmann::json& stored, const nlohmann::json& wanted);

struct BenchTask {
    std::size_t configuration = 0;
    std::size_t puzzle = 0;
    std::uint64_t run = 0;
};

// Every (configuration, puzzle, run) of the plan, puzzle-major; pairs whose algorithm does not solve the
// puzzle's kind are left out.
std::vector<BenchTask> benchTasks(const BenchPlan& plan);
// The tasks to make next, given the run lines already made: every task not among them; under untilSuccesses,
// per configuration and puzzle only the next (successes still missing) tries in run order, so that a caller
// repeating this until it is empty makes the tries until the successes (or `runs` tries) and no more.
std::vector<BenchTask> benchPendingTasks(const BenchPlan& plan, const std::vector<BenchTask>& tasks,
                                         const std::vector<nlohmann::json>& lines);
// The key a run line is known by on resume.
std::string benchRunKey(const std::string& configuration, std::size_t puzzle, std::uint64_t run);
std::string benchRunKey(const BenchPlan& plan, const BenchTask& task);

// The curve's sample points: 0, then round(10^(k/10)) without repeats.
std::uint64_t nextCurvePoint(std::uint64_t point);

// Makes one run: the `solve --json` fields plus "configuration", "parameters", "puzzle_index" and "curve"
// ([[step, best cost, evaluations], ...]). Empty when `stop` cut the run short: such a run is not a result.
std::optional<nlohmann::json> runBenchTask(const BenchPlan& plan, const BenchTask& task,
                                           const std::atomic<bool>* stop = nullptr);

// The plan's fingerprint (16 hex digits of a hash of benchPlanJson), which runBench writes into every run line
// as "plan": a line of another plan is then refused even where its key would fit.
std::string benchPlanHash(const BenchPlan& plan);

// Makes `tasks` on `jobs` threads (parallelInOrder), each line with "plan" (benchPlanHash) added; `onRun(line)`
// is called for every finished run in the order of `tasks`, on one thread at a time, while the others go on.
// Returns when all are made or, after `stop`, when the runs under way have ended. An exception from `onRun`
// starts no more runs and is rethrown once the runs under way have ended.
// The line is onRun's to keep: it may move it away.
void runBench(const BenchPlan& plan, const std::vector<BenchTask>& tasks, int jobs,
              const std::function<void(nlohmann::json& line)>& onRun, const std::atomic<bool>* stop = nullptr);

// The most runs per setting and puzzle (puzzle-cli bench --runs and a config.json alike), and the most runs one
// bench may plan: a plan asking for more is refused before its task list is built (10^7 tasks take 240 MB).
inline constexpr std::uint64_t kMaxBenchRuns = 1000000;
inline constexpr std::uint64_t kMaxBenchTasks = 10000000;

// A runs.jsonl larger than this is refused before it is read (a bench of a million runs with their curves
// stays far below it).
inline constexpr std::uintmax_t kMaxRunsFileBytes = std::uintmax_t{256} << 20;
// The text of a runs file, empty when there is none; throws std::runtime_error above kMaxRunsFileBytes.
std::string readBenchRunsText(const std::string& path);

// A whole line of a runs file that is not a run of the bench, and why.
struct BenchRefusedLine {
    int line = 0;
    std::string text;
    std::string reason;
};

// Thrown for a refused line (see parseBenchRunLines): the place and the reason, and what `--repair` does.
struct BenchRunLineError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The whole run lines of a runs.jsonl text (see BenchLog). A line that is not a run, a run already on an
// earlier line (a run is counted once) and, given the bench's `plan`, a run that is not one of its runs
// (another setting, puzzle, run number, seed or plan fingerprint than config.json's; lines written before the
// fingerprint have none) or a line benchRecordFromJson refuses, is refused: with `refused` null it throws
// BenchRunLineError naming sourceName:line:column, otherwise the line is left out and added to `refused`.
std::vector<nlohmann::json> parseBenchRunLines(std::string_view text, const std::string& sourceName, bool& partial,
                                               std::uintmax_t& wholeBytes, const BenchPlan* plan = nullptr,
                                               std::vector<BenchRefusedLine>* refused = nullptr);

// DIR/runs.jsonl: read on opening (a partial last line, left by a killed run, is cut off the file), then
// appended to, one flushed line per run.
class BenchLog {
public:
    // Throws std::runtime_error naming the file and line of a line that is not a run (of `plan`, when given;
    // see parseBenchRunLines).
    explicit BenchLog(const std::string& path, const BenchPlan* plan = nullptr);
    ~BenchLog();
    BenchLog(const BenchLog&) = delete;
    BenchLog& operator=(const BenchLog&) = delete;
    const std::vector<nlohmann::json>& lines() const { return m_lines; }
    bool contains(const std::string& key) const { return m_keys.count(key) > 0; }
    bool droppedPartialLine() const { return m_droppedPartialLine; }
    // Thread-safe. The line is moved into lines().
    void append(nlohmann::json&& line);

private:
    std::string m_path;
    std::vector<nlohmann::json> m_lines;
    std::set<std::string> m_keys;
    bool m_droppedPartialLine = false;
    int m_fd = -1;  // opened to append: each line goes out in one checked write
    std::mutex m_mutex;
};

// One run line, the parts the summary and the charts use.
// A fall of a run's best cost, at the exact step that made it.
struct BenchImprovement {
    std::uint64_t step = 0;
    double bestCost = 0;
    std::uint64_t evaluations = 0;
};

struct BenchRecord {
    std::string configuration;
    std::string algorithm;
    std::size_t puzzleIndex = 0;
    std::string puzzleId;
    std::uint64_t run = 0;
    bool solved = false;
    double seconds = 0;
    double steps = 0;
    double evaluations = 0;
    double bestCost = 0;
    std::vector<std::pair<std::uint64_t, double>> curve;  // (step, best cost)
    std::vector<std::uint64_t> curveEvaluations;           // evaluations at each curve point; empty in old benches
    // Every fall of the best cost below its value at step 0, in order; benches from before they were recorded
    // have none (hasImprovements false).
    std::vector<BenchImprovement> improvements;
    bool hasImprovements = false;
    // The algorithm's own numeric results (gp's "generation", mga's "cycles", gp-random's "programs", ...):
    // the line's numeric fields that are not fields of every run.
    std::map<std::string, double> results;

    // The best cost after `step` steps: the curve's last point at or before it, and the final best cost from
    // the run's last step on.
    double costAt(std::uint64_t step) const;
};

// Throws std::invalid_argument naming the missing field.
BenchRecord benchRecordFromJson(const nlohmann::json& line);

struct BenchSummaryRow {
    std::string configuration;
    std::string algorithm;
    std::size_t puzzleIndex = 0;
    std::string puzzleId;
    int runs = 0;
    int solved = 0;
    Spread seconds;      // of the solved runs
    Spread evaluations;  // of the solved runs
    double successRate() const { return runs ? static_cast<double>(solved) / runs : 0; }
};

// One row per configuration and puzzle, in the order of `configurations` (labels; those not listed follow in
// order of appearance), then of the puzzle index.
std::vector<BenchSummaryRow> summarizeBench(const std::vector<BenchRecord>& records,
                                            const std::vector<std::string>& configurations = {});
// configuration, algorithm, puzzle_index (0-based, as in runs.jsonl: ids may repeat), puzzle_id, runs, solved,
// success_rate, then min / median / mean / max / sd of the
// time (seconds) and of the evaluations to solve; empty where no run solved (sd: fewer than two).
std::string benchSummaryCsv(const std::vector<BenchSummaryRow>& rows);

// The papers' other per-puzzle averages (Chel's Tables 2-3: cycles, generations, fitness of the unsuccessful
// runs): per configuration and puzzle, for "steps", "best_cost" and each algorithm result, its mean over the
// solved and over the unsolved runs. Columns configuration, algorithm, puzzle_index, puzzle_id, measure,
// solved_runs, solved_mean, unsolved_runs, unsolved_mean (a mean is empty where its runs are none or lack it).
std::string benchDetailsCsv(const std::vector<BenchRecord>& records, const std::vector<std::string>& configurations = {});
// Pillay's Tables 4-5: how many solved runs found their solution in each generation (the "generation" result),
// per configuration and puzzle. Columns configuration, algorithm, puzzle_index, puzzle_id, generation, runs;
// empty (header only) when no solved run reports a generation.
std::string benchGenerationsCsv(const std::vector<BenchRecord>& records,
                                const std::vector<std::string>& configurations = {});

// DIR/config.json and the plan it holds. Throws std::runtime_error naming config.json, and its line and column
// for a fault in the text.
struct BenchConfigFile {
    nlohmann::json config;
    BenchPlan plan;
};
BenchConfigFile readBenchConfig(const std::string& dir);
// The same from the text of a config.json that `path` names in errors.
BenchConfigFile parseBenchConfig(std::string_view text, const std::string& path);

// A directory `puzzle-cli bench` wrote, for viewing: its config.json and runs. Throws std::runtime_error.
struct BenchDirectory {
    nlohmann::json config;
    BenchPlan plan;
    std::vector<std::string> configurations;  // labels in the plan's order
    std::vector<BenchRecord> records;
};
BenchDirectory readBenchDirectory(const std::string& dir);

}  // namespace pw
