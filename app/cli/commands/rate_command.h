#pragma once
// `puzzle-cli rate`: rate puzzles with difficulty metrics on a pool of threads; CSV on standard output or, atomically,
// in a file.

namespace CLI {
class App;
}

namespace pw::cli {

class CliContext;

void addRateCommand(CLI::App& app, CliContext& context);

}  // namespace pw::cli
