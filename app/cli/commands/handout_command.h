#pragma once
// `puzzle-cli handout`: the explained steps of a recorded run, from one step to another, as a Markdown or HTML
// handout for a class.

namespace CLI {
class App;
}

namespace pw::cli {

class CliContext;

void addHandoutCommand(CLI::App& app, CliContext& context);

}  // namespace pw::cli
