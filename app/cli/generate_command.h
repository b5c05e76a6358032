#pragma once
// `puzzle-cli generate`: new Sudoku (unique, symmetric, at a level or serate range, minimal, or a clue-count
// sweep) and Nurikabe (unique) from a seed. The generator itself is core/generator.h.

#include <atomic>
#include <memory>

namespace CLI {
class App;
}

namespace pw::cli {

struct GenerateOptions;

// Adds the subcommand to `app`; the returned object owns the parsed options until runGenerate.
class GenerateCommand {
public:
    explicit GenerateCommand(CLI::App& app);
    ~GenerateCommand();
    GenerateCommand(const GenerateCommand&) = delete;
    GenerateCommand& operator=(const GenerateCommand&) = delete;

    // True when the command line chose `generate`.
    bool chosen() const;
    // Generates and prints; the exit status: 0 done, 1 a puzzle could not be made, 2 bad options. A true
    // `interrupted` stops between candidates.
    int run(const std::atomic<bool>& interrupted) const;

private:
    CLI::App* m_command;
    std::unique_ptr<GenerateOptions> m_options;
};

}  // namespace pw::cli
