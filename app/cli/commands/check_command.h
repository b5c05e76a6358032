#pragma once
// `puzzle-cli check`: parse and validate puzzles and count their solutions (none, unique, multiple, or unknown when
// the search's node limit comes first).

namespace CLI {
class App;
}

namespace pw::cli {

class CliContext;

void addCheckCommand(CLI::App& app, CliContext& context);

}  // namespace pw::cli
