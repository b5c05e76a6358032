#pragma once
// `puzzle-cli bench`: algorithms x settings x puzzles x runs on a pool of threads, written to DIR/runs.jsonl as
// the runs finish and summarised in DIR/summary.csv; the same command on the same DIR resumes.

namespace CLI {
class App;
}

namespace pw::cli {

class CliContext;

void addBenchCommand(CLI::App& app, CliContext& context);

}  // namespace pw::cli
