#pragma once
// `puzzle-cli calibrate`: fit the simulated human solver (metric `human-time`) to a human column, with a fixed
// hold-out part and k-fold cross-validation on the rest; in-sample and out-of-sample figures apart.

namespace CLI {
class App;
}

namespace pw::cli {

class CliContext;

void addCalibrateCommand(CLI::App& app, CliContext& context);

}  // namespace pw::cli
