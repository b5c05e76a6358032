#pragma once
// `puzzle-cli algorithms`: every algorithm with its paper, the kinds it solves and its parameters.

namespace CLI {
class App;
}

namespace pw::cli {

class CliContext;

void addAlgorithmsCommand(CLI::App& app, CliContext& context);

}  // namespace pw::cli
