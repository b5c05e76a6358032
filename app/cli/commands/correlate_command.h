#pragma once
// `puzzle-cli correlate`: Pearson and Spearman correlation of `rate` columns with a human column, with 95%
// confidence intervals.

namespace CLI {
class App;
}

namespace pw::cli {

class CliContext;

void addCorrelateCommand(CLI::App& app, CliContext& context);

}  // namespace pw::cli
