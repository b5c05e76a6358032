#pragma once

namespace CLI {
class App;
}

namespace pw::cli {
class CliContext;
// `puzzle-cli logic-survey`: how far the named Nurikabe rules (and bounded hypotheses) get on a puzzle set.
void addLogicSurveyCommand(CLI::App& app, CliContext& context);
}  // namespace pw::cli
