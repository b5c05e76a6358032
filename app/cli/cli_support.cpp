#include "cli_support.h"

#include "engine/algorithm.h"

#include <CLI/CLI.hpp>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <unistd.h>
#include <utility>

namespace pw::cli {

namespace {

std::atomic<bool> g_interrupted{false};

// The first Ctrl-C sets the flag the commands look at; the second one, for a user who will not wait, ends the
// process the way Ctrl-C ends any program (both calls are async-signal-safe).
extern "C" void onInterrupt(int) {
    if (g_interrupted.exchange(true)) {
        std::signal(SIGINT, SIG_DFL);
        std::raise(SIGINT);
    }
}

// A missing file should be reported as such, not parsed as a puzzle: an argument with a folder separator or
// a short name with a file extension (".txt", ".sdk") is taken for a path. Puzzle strings use '.' for empty
// cells, so an "extension" made only of digits is not one (16x16 lines, which hold letters, are longer).
bool looksLikeFilePath(const std::string& input) {
    if (input.find("?nurikabe/") != std::string::npos) return false;
    if (input.find('/') != std::string::npos || input.find('\\') != std::string::npos) return true;
    const auto dot = input.rfind('.');
    if (dot == std::string::npos || input.size() - dot > 6 || input.size() >= 256) return false;
    bool letter = false;
    for (std::size_t i = dot + 1; i < input.size(); ++i) {
        const auto c = static_cast<unsigned char>(input[i]);
        if (!std::isalnum(c)) return false;
        letter |= std::isalpha(c) != 0;
    }
    return letter;
}

}  // namespace

const std::atomic<bool>& CliContext::interrupted() const { return g_interrupted; }

void CliContext::addCommand(CLI::App* subcommand, std::function<int()> run) {
    m_commands.push_back({subcommand, std::move(run)});
}

int CliContext::run(CLI::App& app, int argc, char** argv) const {
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitUsage;
    }

    std::signal(SIGINT, onInterrupt);
    int status = kExitUsage;  // stays so only if no command was chosen, which the app does not allow
    try {
        for (const auto& command : m_commands)
            if (command.subcommand->parsed()) {
                status = command.run();
                break;
            }
    } catch (const UsageError& e) {
        std::cerr << "puzzle-cli: " << e.message << "\n";
        status = kExitUsage;
    } catch (const std::exception& e) {
        std::cerr << "puzzle-cli: " << e.what() << "\n";
        status = kExitRejected;
    }
    // One status for Ctrl-C whichever command ran: the command has already said what it kept.
    return g_interrupted.load() ? kExitInterrupted : status;
}

LoadedInputs loadInputs(const std::vector<std::string>& inputs) {
    LoadedInputs loaded;
    auto take = [&](PuzzleCollection&& collection) {
        if (loaded.puzzles.empty())
            loaded.puzzles = std::move(collection.puzzles);  // the common case of one input: no copy
        else
            for (auto& puzzle : collection.puzzles) loaded.puzzles.push_back(std::move(puzzle));
        for (auto& error : collection.errors) loaded.errors.push_back(std::move(error));
    };
    for (const auto& input : inputs) {
        if (input == "-") {
            const std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
            take(parsePuzzles(text, "<stdin>"));
            continue;
        }
        std::error_code ec;
        if (std::filesystem::is_regular_file(input, ec)) {
            take(loadPuzzleFile(input));
            continue;
        }
        if (std::filesystem::exists(input, ec)) throw UsageError{"'" + input + "' is not a regular file"};
        if (looksLikeFilePath(input)) throw UsageError{"no such file: '" + input + "'"};
        auto collection = parsePuzzles(input, "<argument>");
        if (collection.puzzles.empty() && collection.errors.empty())
            throw UsageError{"'" + input + "' is neither a file nor a puzzle"};
        take(std::move(collection));
    }
    return loaded;
}

int jobsOrEveryCore(int requested) {
    return requested > 0 ? requested : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

void reportErrors(const std::vector<ParseError>& errors) {
    for (const auto& error : errors) std::cerr << "puzzle-cli: " << error.toString() << "\n";
}

std::string kindsText(const AlgorithmInfo& info) {
    std::string text;
    for (auto kind : info.kinds) text += std::string(text.empty() ? "" : ", ") + puzzleKindName(kind);
    return text;
}

ProgressBar::ProgressBar(std::string label, std::size_t total)
    : m_label(std::move(label)), m_total(total), m_terminal(::isatty(STDERR_FILENO) != 0),
      m_start(std::chrono::steady_clock::now()) {}

ResultOutput::ResultOutput()
    : m_writer([this] {
          std::string text;  // swapped with m_pending, so both buffers keep their capacity from write to write
          std::unique_lock lock(m_mutex);
          while (!m_closing) {
              m_wake.wait_for(lock, std::chrono::milliseconds(50));
              text.swap(m_pending);
              lock.unlock();
              if (!text.empty()) {
                  std::fwrite(text.data(), 1, text.size(), stdout);
                  std::fflush(stdout);
                  text.clear();
              }
              lock.lock();
          }
      }) {}

ResultOutput::~ResultOutput() {
    {
        const std::lock_guard lock(m_mutex);
        m_closing = true;
    }
    m_wake.notify_one();
    m_writer.join();
    writePending();
}

void ResultOutput::write(std::string_view text) {
    const std::lock_guard lock(m_mutex);
    m_pending += text;
}

void ResultOutput::writePending() {
    std::fwrite(m_pending.data(), 1, m_pending.size(), stdout);
    std::fflush(stdout);
    m_pending.clear();
}

void ProgressBar::update(std::size_t done) {
    const auto now = std::chrono::steady_clock::now();
    const double elapsed = std::chrono::duration<double>(now - m_start).count();
    const std::size_t tenth = m_total ? done * 10 / m_total : 10;
    if (m_terminal) {
        if (done < m_total && now - m_lastDraw < std::chrono::milliseconds(100)) return;
        m_lastDraw = now;
        constexpr int kWidth = 30;
        const int filled = m_total ? static_cast<int>(kWidth * done / m_total) : kWidth;
        const double eta = done ? elapsed * static_cast<double>(m_total - done) / static_cast<double>(done) : 0;
        std::fprintf(stderr, "\r%s [%s%s] %zu/%zu  %.0f s left ", m_label.c_str(), std::string(filled, '#').c_str(),
                     std::string(kWidth - filled, '.').c_str(), done, m_total, eta);
        if (done == m_total) std::fputc('\n', stderr);
    } else if (tenth > m_lastTenth || done == m_total) {
        m_lastTenth = tenth;
        std::fprintf(stderr, "%s %zu/%zu (%.1f s)\n", m_label.c_str(), done, m_total, elapsed);
    }
    std::fflush(stderr);
}

}  // namespace pw::cli
