#pragma once
// `puzzle-cli hint`: the next logical step of a Sudoku as a graded hint, for the givens or the player's grid.

namespace CLI {
class App;
}

namespace pw::cli {

class CliContext;

void addHintCommand(CLI::App& app, CliContext& context);

}  // namespace pw::cli
