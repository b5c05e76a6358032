#pragma once
// `puzzle-cli generate`: new Sudoku (unique, symmetric, at a level or serate range, minimal, or a clue-count
// sweep) and Nurikabe (unique) from a seed. The generator itself is core/study/generator.h.

namespace CLI {
class App;
}

namespace pw::cli {

class CliContext;

// Generates and prints; the exit status: 0 done, 1 a puzzle could not be made, 2 bad options. Ctrl-C stops
// between candidates.
void addGenerateCommand(CLI::App& app, CliContext& context);

}  // namespace pw::cli
