#pragma once
// What every puzzle-cli command shares: how a command registers itself, the exit codes, usage errors, the
// interrupt flag, reading puzzle inputs and the progress bar.
//
// Exit status: 0 when every input was valid; 1 when some puzzles were rejected (the others still ran and were
// reported) or a command failed; 2 on usage errors (unknown algorithm or parameter, value out of range,
// missing file); 130 (128 + SIGINT, as a shell reports a program ended by Ctrl-C) when Ctrl-C stopped the
// command, whatever else happened.
//
// Ctrl-C, the same for every command: the first one asks the command to stop at its next safe point (between
// runs, puzzles or search nodes); it writes what it finished, says on standard error what it left undone and
// exits with 130. A second Ctrl-C ends the program at once, writing nothing more.

#include "base/parallel.h"
#include "io/formats.h"
#include "puzzle/puzzle.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace CLI {
class App;
class Validator;
}

namespace pw {
struct AlgorithmInfo;
}

namespace pw::cli {

constexpr int kExitOk = 0;
constexpr int kExitRejected = 1;
constexpr int kExitUsage = 2;
constexpr int kExitInterrupted = 130;

// A mistake on the command line: reported with exit status 2.
struct UsageError {
    std::string message;
};

// Checks of option values that CLI11's own lack, their messages saying what is allowed as people write it:
// numbers that are finite and above zero ("any positive number": not nan, not inf), whole numbers in decimal
// digits within a range (a seed is one from 0 to 2^64 - 1: not -1, not 99999999999999999999, not 0x10), and
// values that are not empty.
CLI::Validator finiteNumber();
CLI::Validator positiveNumber();
CLI::Validator wholeNumber(std::uint64_t minimum, std::uint64_t maximum = ~std::uint64_t{0});
CLI::Validator notEmpty();

// The commands of the program. Each command file has one `void add<Name>Command(CLI::App&, CliContext&)`
// that adds its subcommand and options to the app and hands the context what to run when it is chosen.
class CliContext {
public:
    // Set by Ctrl-C: long commands stop between runs and say what they kept; the exit status is then 130.
    const std::atomic<bool>& interrupted() const;

    void addCommand(CLI::App* subcommand, std::function<int()> run);
    // Parses the command line and runs the chosen command; returns the exit status. A UsageError becomes
    // "puzzle-cli: MESSAGE" and status 2, any other exception status 1.
    int run(CLI::App& app, int argc, char** argv) const;

private:
    struct Command {
        CLI::App* subcommand;
        std::function<int()> run;
    };
    std::vector<Command> m_commands;
};

// Everything the inputs held: the puzzles, and the entries that could not be read.
struct LoadedInputs {
    std::vector<Puzzle> puzzles;
    std::vector<ParseError> errors;
};

// Each input is a puzzle file (any supported format), "-" for standard input, or a literal puzzle string.
// Throws UsageError for a missing file or an input that is neither.
LoadedInputs loadInputs(const std::vector<std::string>& inputs);

// The same puzzles, read on a thread of its own and handed over in chunks as they are read, so that work on
// the first ones starts while the rest are read. The constructor checks the inputs as loadInputs does.
class InputStream {
public:
    explicit InputStream(const std::vector<std::string>& inputs);
    ~InputStream();  // stops the reading
    InputStream(const InputStream&) = delete;
    InputStream& operator=(const InputStream&) = delete;

    // The next puzzles, in input order, in place of `chunk`'s; false (and `chunk` empty) once all were handed
    // over.
    bool next(std::vector<Puzzle>& chunk);
    // The entries that could not be read, in input order: all of them once next() returned false.
    std::vector<ParseError> errors() const;

private:
    static constexpr std::size_t kChunk = 256;  // puzzles a chunk: the first work waits for no more
    struct Reading;
    void read();
    std::unique_ptr<Reading> m_reading;
    std::thread m_thread;
};
// "puzzle-cli: FILE:LINE:COLUMN: ..." on standard error for each.
void reportErrors(const std::vector<ParseError>& errors);
// "sudoku, nurikabe": the kinds an algorithm solves.
std::string kindsText(const AlgorithmInfo& info);
// A command's whole result: on standard output, or written atomically to `outPath` when one is given; a write
// that fails throws with "cannot write 'PATH': REASON".
void writeResult(const std::string& outPath, const std::string& text);

// The lines a command writes to standard output, sent in large writes: a thread writes what is pending every
// 50 ms (at once past a quarter of a megabyte), so the result of a slow input shows within that time even while
// the next input is being worked on, and thousands of fast results cost a few system calls instead of one each.
// Everything is written by finish() (or, without a check, by the destructor). Only this object may write to
// standard output while it lives. Every write is checked: after the first that fails nothing more is written,
// and finish() throws "cannot write 'standard output': REASON".
class ResultOutput {
public:
    ResultOutput();
    ~ResultOutput();
    ResultOutput(const ResultOutput&) = delete;
    ResultOutput& operator=(const ResultOutput&) = delete;
    void write(std::string_view text);
    // Writes what is pending and throws std::runtime_error if any write failed.
    void finish();

private:
    static constexpr std::size_t kWriteSoonBytes = std::size_t{1} << 18;
    void writePending();
    void writeChecked(std::string_view text);
    int m_writeError = 0;  // errno of the first failed write, written by one thread at a time
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::string m_pending;
    bool m_closing = false;
    std::thread m_writer;
};

// --repair of bench, bench merge and stats: takes the lines a bench refuses (a run counted twice, a run of another
// plan, a line that is not a run) out of DIR's runs files, naming each line on standard error and the file it
// was moved to (study/bench_shards.h). Throws std::runtime_error as repairBenchDirectory does.
void repairBenchRuns(const std::string& dir);
// After the error of a refused run line (pw::BenchRunLineError), the line saying what --repair would do; empty
// after any other error.
std::string repairHint(const std::exception& error);

// A progress bar on standard error: redrawn in place on a terminal, one line per tenth otherwise.
// The progress of a command that reads its input while it works, so that its total is not known ahead
// (`solve`): nothing for the first kQuietSeconds, so short inputs stay quiet, then "solve: 261 runs done, 512
// puzzles read, 8 s; waiting on top95.txt:45 for 3.2 s" on standard error, redrawn in place every 0.1 s on a
// terminal and written as a line every kLineSeconds otherwise. "Waiting on" names the first puzzle in input
// order whose runs are not done: the one the output waits for, and on a slow input the slowest at work.
class ProgressTicker {
public:
    static constexpr double kQuietSeconds = 2;
    static constexpr double kLineSeconds = 10;
    explicit ProgressTicker(std::string label);
    ~ProgressTicker();  // ends the line drawn on a terminal
    ProgressTicker(const ProgressTicker&) = delete;
    ProgressTicker& operator=(const ProgressTicker&) = delete;
    void setRead(std::uint64_t puzzles);
    void setDone(std::uint64_t runs);
    void setWaitingOn(const std::string& origin);  // the puzzle's file:line

private:
    void draw(std::chrono::steady_clock::time_point now);

    std::string m_label;
    bool m_terminal;
    std::chrono::steady_clock::time_point m_start;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    bool m_drawn = false;
    std::uint64_t m_read = 0;
    std::uint64_t m_done = 0;
    std::string m_waitingOn;
    std::chrono::steady_clock::time_point m_waitingSince;
    std::thread m_thread;  // last: it starts once every member above is set
};

class ProgressBar {
public:
    ProgressBar(std::string label, std::size_t total);
    void update(std::size_t done);

private:
    std::string m_label;
    std::size_t m_total;
    bool m_terminal;
    std::chrono::steady_clock::time_point m_start;
    std::chrono::steady_clock::time_point m_lastDraw{};
    std::size_t m_lastTenth = 0;
};

}  // namespace pw::cli
