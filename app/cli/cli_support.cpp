#include "cli_support.h"

#include "engine/algorithm.h"
#include "io/output.h"
#include "study/bench_shards.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <mutex>
#include <new>
#include <poll.h>
#include <stdexcept>
#include <thread>
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

namespace {
CLI::Validator decimalNumber(bool positive) {
    return CLI::Validator(
        [positive](std::string& text) -> std::string {
            double value = 0;
            const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (text.empty() || error != std::errc() || end != text.data() + text.size() || !std::isfinite(value) ||
                (positive && value <= 0))
                return "'" + text + "' is not allowed; it must be " + (positive ? "any positive number" : "a number");
            return {};
        },
        positive ? "POSITIVE" : "NUMBER");
}
}  // namespace

CLI::Validator finiteNumber() { return decimalNumber(false); }
CLI::Validator positiveNumber() { return decimalNumber(true); }

CLI::Validator wholeNumber(std::uint64_t minimum, std::uint64_t maximum) {
    const std::string allowed = "a whole number from " + std::to_string(minimum) + " to " + std::to_string(maximum);
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            std::uint64_t value = 0;
            const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < minimum ||
                value > maximum)
                return "'" + text + "' is not allowed; it must be " + allowed;
            return {};
        },
        "UINT");
}

CLI::Validator notEmpty() {
    return CLI::Validator(
        [](std::string& text) -> std::string { return text.empty() ? "an empty value is not allowed" : std::string(); },
        "TEXT");
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
    // What the commands write through std::cout goes through one checked buffer.
    CheckedOutput standardOutput(STDOUT_FILENO, "standard output");
    std::streambuf* const previous = std::cout.rdbuf(standardOutput.stream().rdbuf());
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
    } catch (const std::bad_alloc&) {
        std::cerr << "puzzle-cli: out of memory: the inputs or the work asked for need more memory than there is\n";
        status = kExitRejected;
    } catch (const std::exception& e) {
        std::cerr << "puzzle-cli: " << e.what() << "\n" << repairHint(e);
        status = kExitRejected;
    }
    // The last writes of std::cout and of printf (correlate's table) are checked with the ones before them.
    const bool written = standardOutput.flush();
    std::cout.rdbuf(previous);
    const bool flushed = std::fflush(stdout) == 0;
    if (!written || !flushed || std::ferror(stdout)) {
        std::cerr << "puzzle-cli: "
                  << (!written  ? standardOutput.error()
                      : flushed ? std::string("cannot write 'standard output': a write failed")
                                : writeError("standard output", errno))
                  << "\n";
        if (status == kExitOk) status = kExitRejected;
    }
    // One status for Ctrl-C whichever command ran: the command has already said what it kept.
    return g_interrupted.load() ? kExitInterrupted : status;
}

namespace {

// One input, checked: standard input, a puzzle file, or a literal puzzle string (read at once).
struct CheckedInput {
    enum class Kind { Stdin, File, Literal };
    Kind kind;
    std::string path;
    PuzzleCollection literal;
};

// Throws UsageError for a missing file or an input that is neither a file nor a puzzle.
std::vector<CheckedInput> checkInputs(const std::vector<std::string>& inputs) {
    std::vector<CheckedInput> checked;
    for (const auto& input : inputs) {
        if (input == "-") {
            checked.push_back({CheckedInput::Kind::Stdin, {}, {}});
            continue;
        }
        std::error_code ec;
        if (std::filesystem::is_regular_file(input, ec)) {
            checked.push_back({CheckedInput::Kind::File, input, {}});
            continue;
        }
        if (std::filesystem::exists(input, ec)) throw UsageError{"'" + input + "' is not a regular file"};
        if (looksLikeFilePath(input)) throw UsageError{"no such file: '" + input + "'"};
        PuzzleCollection collection = parsePuzzles(input, "<argument>");
        if (collection.puzzles.empty() && collection.errors.empty())
            throw UsageError{"'" + input + "' is neither a file nor a puzzle"};
        checked.push_back({CheckedInput::Kind::Literal, {}, std::move(collection)});
    }
    return checked;
}

// Standard input, read as a puzzle file is: past kMaxPuzzleFileBytes it is refused with an error like a file's,
// and Ctrl-C is heard while it is awaited or read (the reading then stops, with nothing kept). Nothing, with the
// error, when it is too large or cannot be read.
std::optional<std::string> standardInputText(std::vector<ParseError>& errors) {
    constexpr std::size_t kPiece = std::size_t{1} << 20;
    std::string text;
    while (!g_interrupted.load()) {
        pollfd input{STDIN_FILENO, POLLIN, 0};
        if (::poll(&input, 1, 100) == 0) continue;  // nothing yet: look at the Ctrl-C flag again
        const std::size_t before = text.size();
        text.resize(before + kPiece);
        const ssize_t n = ::read(STDIN_FILENO, text.data() + before, kPiece);
        text.resize(before + static_cast<std::size_t>(std::max<ssize_t>(n, 0)));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            errors.push_back({"<stdin>", 0, 0, std::string("cannot read standard input: ") + std::strerror(errno)});
            return std::nullopt;
        }
        if (n == 0) return text;
        if (text.size() > kMaxPuzzleFileBytes) {
            errors.push_back({"<stdin>", 0, 0, "more than " + std::to_string(kMaxPuzzleFileBytes) +
                                                   " bytes, the most a puzzle input may have (kMaxPuzzleFileBytes)"});
            return std::nullopt;
        }
    }
    return std::nullopt;
}

}  // namespace

LoadedInputs loadInputs(const std::vector<std::string>& inputs) {
    LoadedInputs loaded;
    auto take = [&](PuzzleCollection&& collection) {
        if (loaded.puzzles.empty())
            loaded.puzzles = std::move(collection.puzzles);  // the common case of one input: no copy
        else
            for (auto& puzzle : collection.puzzles) loaded.puzzles.push_back(std::move(puzzle));
        for (auto& error : collection.errors) loaded.errors.push_back(std::move(error));
    };
    for (auto& input : checkInputs(inputs)) {
        switch (input.kind) {
        case CheckedInput::Kind::Stdin:
            if (auto text = standardInputText(loaded.errors)) take(parsePuzzles(*text, "<stdin>"));
            break;
        case CheckedInput::Kind::File: take(loadPuzzleFile(input.path)); break;
        case CheckedInput::Kind::Literal: take(std::move(input.literal)); break;
        }
    }
    return loaded;
}

struct InputStream::Reading {
    std::vector<CheckedInput> inputs;
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<std::vector<Puzzle>> ready;  // chunks read and not yet handed over
    std::vector<std::vector<Puzzle>> spare;  // chunks handed back, emptied: their memory is used again
    bool done = false;
    bool stopping = false;
    std::exception_ptr failure;
    std::vector<ParseError> errors;
};

InputStream::InputStream(const std::vector<std::string>& inputs) : m_reading(std::make_unique<Reading>()) {
    m_reading->inputs = checkInputs(inputs);
    m_thread = std::thread([this] { read(); });
}

InputStream::~InputStream() {
    {
        const std::lock_guard lock(m_reading->mutex);
        m_reading->stopping = true;
    }
    m_reading->changed.notify_all();
    m_thread.join();
}

void InputStream::read() {
    Reading& r = *m_reading;
    std::vector<Puzzle> chunk;
    chunk.reserve(kChunk);
    bool closed = false;  // the stream is being closed: no more reading
    // Hands the chunk over and starts the next in a spare one's memory (fresh memory costs a page fault every
    // 4 KB); false once the stream is being closed. With two chunks ready it first waits until both were
    // taken: reading is much faster than the work, and the reader then wakes once for every two chunks.
    const auto publish = [&r, &chunk, &closed] {
        std::unique_lock lock(r.mutex);
        if (r.ready.size() >= 2) r.changed.wait(lock, [&r] { return r.ready.empty() || r.stopping; });
        closed = r.stopping;
        if (closed) return false;
        r.ready.push_back(std::move(chunk));
        chunk = {};
        if (!r.spare.empty()) {
            chunk = std::move(r.spare.back());
            r.spare.pop_back();
        }
        r.changed.notify_all();
        lock.unlock();
        chunk.reserve(kChunk);
        return true;
    };
    const PuzzleSink take = [&chunk, &publish](Puzzle&& puzzle) {
        chunk.push_back(std::move(puzzle));
        return chunk.size() < kChunk || publish();
    };
    const auto keepErrors = [&r](std::vector<ParseError>&& errors) {
        const std::lock_guard lock(r.mutex);
        for (auto& error : errors) r.errors.push_back(std::move(error));
    };
    try {
        for (auto& input : r.inputs) {
            if (closed) break;
            switch (input.kind) {
            case CheckedInput::Kind::Stdin: {
                std::vector<ParseError> errors;
                if (auto text = standardInputText(errors)) errors = readPuzzles(*text, "<stdin>", take);
                keepErrors(std::move(errors));
                break;
            }
            case CheckedInput::Kind::File: keepErrors(readPuzzleFile(input.path, take)); break;
            case CheckedInput::Kind::Literal:
                for (auto& puzzle : input.literal.puzzles) take(std::move(puzzle));
                keepErrors(std::move(input.literal.errors));
                break;
            }
        }
        if (!closed && !chunk.empty()) publish();
    } catch (...) {
        const std::lock_guard lock(r.mutex);
        r.failure = std::current_exception();
    }
    const std::lock_guard lock(r.mutex);
    r.done = true;
    r.changed.notify_all();
}

bool InputStream::next(std::vector<Puzzle>& chunk) {
    Reading& r = *m_reading;
    chunk.clear();  // before taking the lock, which the reader needs
    std::unique_lock lock(r.mutex);
    r.changed.wait(lock, [&r] { return !r.ready.empty() || r.done; });
    if (r.failure) std::rethrow_exception(r.failure);
    if (chunk.capacity() > 0) r.spare.push_back(std::move(chunk));
    chunk = {};
    if (r.ready.empty()) return false;
    chunk = std::move(r.ready.front());
    r.ready.pop_front();
    if (r.ready.empty()) r.changed.notify_all();  // the reader waits for that
    return true;
}

std::vector<ParseError> InputStream::errors() const {
    const std::lock_guard lock(m_reading->mutex);
    return m_reading->errors;
}

void writeResult(const std::string& outPath, const std::string& text) {
    if (outPath.empty()) {
        std::cout << text << std::flush;
        return;
    }
    std::string error;
    if (!writeFileAtomically(outPath, text, error)) throw std::runtime_error(error);
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

ResultOutput::ResultOutput() {
    // Both buffers get room for what piles up while the other one is written. Growing them would take fresh
    // memory each time, a page fault every 4 KB.
    m_pending.reserve(2 * kWriteSoonBytes);
    m_writer = std::thread([this] {
        std::string text;  // swapped with m_pending, so both buffers keep their capacity from write to write
        text.reserve(2 * kWriteSoonBytes);
        std::unique_lock lock(m_mutex);
        while (!m_closing) {
            m_wake.wait_for(lock, std::chrono::milliseconds(50));
            text.swap(m_pending);
            lock.unlock();
            if (!text.empty()) {
                writeChecked(text);
                text.clear();
            }
            lock.lock();
        }
    });
}

ResultOutput::~ResultOutput() {
    {
        const std::lock_guard lock(m_mutex);
        m_closing = true;
    }
    m_wake.notify_one();
    if (m_writer.joinable()) m_writer.join();
    writePending();
}

void ResultOutput::write(std::string_view text) {
    std::unique_lock lock(m_mutex);
    m_pending += text;
    // Past a quarter of a megabyte the writer goes at once: the two buffers stay small (memory touched for the
    // first time costs a page fault every 4 KB).
    if (m_pending.size() >= kWriteSoonBytes) {
        lock.unlock();
        m_wake.notify_one();
    }
}

void ResultOutput::writePending() {
    writeChecked(m_pending);
    m_pending.clear();
}

void ResultOutput::writeChecked(std::string_view text) {
    // After a failure nothing more is written: what follows would leave a gap in the lines.
    if (m_writeError == 0 && !writeAll(STDOUT_FILENO, text)) m_writeError = errno;
}

void ResultOutput::finish() {
    {
        const std::lock_guard lock(m_mutex);
        m_closing = true;
    }
    m_wake.notify_one();
    if (m_writer.joinable()) m_writer.join();
    writePending();
    if (m_writeError) throw std::runtime_error(writeError("standard output", m_writeError));
}

ProgressTicker::ProgressTicker(std::string label)
    : m_label(std::move(label)), m_terminal(::isatty(STDERR_FILENO) != 0), m_start(std::chrono::steady_clock::now()),
      m_waitingSince(m_start), m_thread([this] {
          const auto period = std::chrono::duration<double>(m_terminal ? 0.1 : kLineSeconds);
          auto next = m_start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                    std::chrono::duration<double>(kQuietSeconds));
          std::unique_lock lock(m_mutex);
          while (!m_wake.wait_until(lock, next, [this] { return m_stopping; })) {
              draw(std::chrono::steady_clock::now());
              next += std::chrono::duration_cast<std::chrono::steady_clock::duration>(period);
          }
      }) {}

ProgressTicker::~ProgressTicker() {
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_one();
    m_thread.join();
    if (m_terminal && m_drawn) std::fputc('\n', stderr);
}

void ProgressTicker::setRead(std::uint64_t puzzles) {
    const std::lock_guard lock(m_mutex);
    m_read = puzzles;
}

void ProgressTicker::setDone(std::uint64_t runs) {
    const std::lock_guard lock(m_mutex);
    m_done = runs;
}

void ProgressTicker::setWaitingOn(const std::string& origin) {
    const std::lock_guard lock(m_mutex);
    if (origin == m_waitingOn) return;
    m_waitingOn = origin;
    m_waitingSince = std::chrono::steady_clock::now();
}

void ProgressTicker::draw(std::chrono::steady_clock::time_point now) {
    const double elapsed = std::chrono::duration<double>(now - m_start).count();
    std::string line = m_label + ": " + std::to_string(m_done) + " runs done, " + std::to_string(m_read) +
                       " puzzles read, " + std::to_string(static_cast<long long>(elapsed)) + " s";
    if (!m_waitingOn.empty()) {
        char waited[32];
        std::snprintf(waited, sizeof waited, "%.1f", std::chrono::duration<double>(now - m_waitingSince).count());
        line += "; waiting on " + m_waitingOn + " for " + waited + " s";
    }
    if (m_terminal) std::fprintf(stderr, "\r%s\033[K", line.c_str());
    else std::fprintf(stderr, "%s\n", line.c_str());
    std::fflush(stderr);
    m_drawn = true;
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

void repairBenchRuns(const std::string& dir) {
    const std::vector<BenchRepair> repairs = repairBenchDirectory(dir);
    for (const BenchRepair& repair : repairs) {
        for (const BenchRefusedLine& line : repair.dropped)
            std::cerr << "puzzle-cli: " << repair.path << ":" << line.line << ":1: dropped: " << line.reason << "\n";
        std::cerr << "puzzle-cli: " << repair.path << ": " << repair.dropped.size() << " line(s) dropped, kept in "
                  << repair.droppedPath << "\n";
    }
    if (repairs.empty()) std::cerr << "puzzle-cli: " << dir << ": every run line is a run of the bench; nothing to repair\n";
}

std::string repairHint(const std::exception& error) {
    if (!dynamic_cast<const BenchRunLineError*>(&error)) return {};
    return "puzzle-cli: the same command with --repair takes such lines out of the runs file and keeps them in a "
           "file beside it (FILE.dropped)\n";
}

}  // namespace pw::cli
