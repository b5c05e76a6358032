#pragma once
// `puzzle-cli solve`: solve puzzles with any registered algorithm, seed and budget; results as text or JSON
// lines, the events as a trace file, one run as a recording the window replays.

namespace CLI {
class App;
}

namespace pw::cli {

class CliContext;

void addSolveCommand(CLI::App& app, CliContext& context);

}  // namespace pw::cli
