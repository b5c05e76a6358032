#pragma once
// `puzzle-cli lesson`: checks lesson files and works out where every slide lands, as the window's lesson
// player will show it: the run, the step, the board and the question with the answer the run gives.

namespace CLI {
class App;
}

namespace pw::cli {

class CliContext;

void addLessonCommand(CLI::App& app, CliContext& context);

}  // namespace pw::cli
