#pragma once
// `puzzle-cli stats DIR`: fixed-target (ERT, ECDF over targets and its area) and fixed-budget analysis of a
// bench directory with the pairwise rank tests, as text, JSON, CSV or LaTeX, and its export in IOHprofiler's
// format (core/study/run_statistics.h, statistics_report.h, iohprofiler_export.h).

namespace CLI {
class App;
}

namespace pw::cli {

class CliContext;

// Exit status: 0 done, 1 the directory cannot be read or written, 2 bad options.
void addStatsCommand(CLI::App& app, CliContext& context);

}  // namespace pw::cli
