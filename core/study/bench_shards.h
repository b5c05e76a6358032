#pragma once
// One bench spread over machines: shard K of N runs the tasks i of benchTasks(plan) with i mod N = K - 1 (the
// shares are fixed by the plan, and dealt round-robin so each shard gets every puzzle and setting), with the
// seeds of a single-machine run, so merged shards equal that run apart from timing. A shard writes only its own
// part, DIR/parts/shard-K-of-N.jsonl (one flushed line per run; a partly written last line is dropped on
// resume, so a killed or requeued shard resumes), beside DIR/parts/shard-K-of-N.plan.json, the plan it ran.
// `bench merge DIR` joins the parts into DIR/runs.jsonl (in the plan's task order) and DIR/summary.csv, both
// written atomically, and refuses a part made by another plan.

#include "study/bench.h"

#include <cstddef>
#include <string>
#include <vector>

namespace pw {

struct BenchShard {
    std::size_t index = 1;  // K, 1-based (as Slurm's array task ids)
    std::size_t count = 1;  // N
};

// "K/N" with 1 <= K <= N; throws std::invalid_argument naming the text.
BenchShard parseBenchShard(const std::string& text);

// The tasks of shard K of N, in the plan's order.
std::vector<BenchTask> benchShardTasks(const std::vector<BenchTask>& tasks, const BenchShard& shard);

// DIR/parts/shard-K-of-N.jsonl and its plan file.
std::string benchShardRunsPath(const std::string& dir, const BenchShard& shard);
std::string benchShardPlanPath(const std::string& dir, const BenchShard& shard);

struct BenchMergeResult {
    std::size_t parts = 0;
    std::size_t runs = 0;     // in the merged runs.jsonl
    std::size_t missing = 0;  // runs of the plan found in no part
    std::vector<std::string> incompleteParts;  // "shard-K-of-N: M of T runs"
};

// Merges DIR/parts/* with the runs already in DIR/runs.jsonl. Throws std::runtime_error naming the part when
// one belongs to another plan (its plan file differs from DIR/config.json), parts of different N are mixed, or
// a line is not a run of its shard; with runs missing it merges what there is when `allowMissing`, and
// otherwise refuses, naming the incomplete shards.
BenchMergeResult mergeBenchParts(const std::string& dir, bool allowMissing);

// What repairing one runs file did: the lines taken out (kept, in order, at the end of `droppedPath`).
struct BenchRepair {
    std::string path;
    std::string droppedPath;
    std::vector<BenchRefusedLine> dropped;
};

// --repair: takes the lines parseBenchRunLines refuses out of DIR/runs.jsonl and of every shard's runs file in
// DIR/parts/, keeping the first line of a run counted twice. Nothing is lost: the dropped lines are appended to
// the file's ".dropped" sibling before the runs file is replaced, each write atomic. Files with nothing to drop
// are not rewritten. Throws std::runtime_error when DIR is not a bench or a file cannot be read or written.
std::vector<BenchRepair> repairBenchDirectory(const std::string& dir);

// `bench --extend`: makes DIR's bench one of `plan`, which must extend it — the same seed, budget and curve,
// at least as many runs, every setting of DIR's plan unchanged (new ones anywhere) and DIR's puzzles first, in
// their order (new ones after them). Every run in DIR is then a run of `plan`: runs.jsonl is rewritten with the
// plan's hash on each line, then config.json, each atomically; a run line already carrying the new hash (an
// extension killed between the two writes) is kept, so the same command completes it. Returns false when DIR
// already holds `plan`. Throws std::invalid_argument naming what does not extend (or DIR's shard parts, to be
// merged first) and std::runtime_error when a file cannot be read or written.
bool extendBenchDirectory(const std::string& dir, const BenchPlan& plan);

}  // namespace pw
