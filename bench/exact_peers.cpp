// Throughput of the exact Sudoku solver on one puzzle file, measured the way peer solvers' own benchmark
// programs measure theirs, so that scripts/bench-peers.sh can put the figures side by side: load the
// puzzles, warm up, then solve the whole set again and again until the time is up, and report puzzles per
// second of wall-clock time (and of process CPU time, steadier on a shared machine).
//
//   exact_peers [--limit N] [--seconds S] [--warmup S] [--stepping] [--csv] PUZZLE_FILE
//
// --limit 2 (the default) is the uniqueness check peers run by default; --limit 1 stops at the first
// solution. --stepping times the steppable search (SudokuSearch, the `exact` algorithm's engine and the
// solver solveSudoku used for every grid before the band solver) instead of solveSudoku. Every puzzle must have at least one solution: a set that does not is reported as an error, so a
// broken solver cannot post a fast figure.

#include "io/formats.h"
#include "sudoku/sudoku_exact.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <string>
#include <vector>

namespace {

struct Options {
    int limit = 2;
    double seconds = 10;
    double warmup = 2;
    bool csv = false;
    bool stepping = false;
    std::string file;
};

[[noreturn]] void usage(const char* problem) {
    std::fprintf(stderr, "exact_peers: %s\nusage: exact_peers [--limit N] [--seconds S] [--warmup S] [--stepping] [--csv] PUZZLE_FILE\n",
                 problem);
    std::exit(2);
}

double numberAfter(int& i, int argc, char** argv, const char* option) {
    if (++i >= argc) usage((std::string(option) + " needs a value").c_str());
    char* end = nullptr;
    const double value = std::strtod(argv[i], &end);
    if (end == argv[i] || *end != '\0' || value <= 0) usage((std::string(option) + ": not a positive number: " + argv[i]).c_str());
    return value;
}

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--limit") o.limit = static_cast<int>(numberAfter(i, argc, argv, "--limit"));
        else if (arg == "--seconds") o.seconds = numberAfter(i, argc, argv, "--seconds");
        else if (arg == "--warmup") o.warmup = numberAfter(i, argc, argv, "--warmup");
        else if (arg == "--csv") o.csv = true;
        else if (arg == "--stepping") o.stepping = true;
        else if (!arg.empty() && arg[0] == '-') usage(("unknown option " + arg).c_str());
        else if (o.file.empty()) o.file = arg;
        else usage("one puzzle file only");
    }
    if (o.file.empty()) usage("no puzzle file given");
    if (o.limit < 1) usage("--limit must be at least 1");
    return o;
}

double cpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// The steppable search run to the end, as solveSudoku ran it for every grid before the band solver.
int solveStepping(const pw::SudokuGrid& grid, int limit, std::uint64_t& nodes) {
    pw::SudokuSearch search(grid, limit);
    while (search.step(nullptr) != pw::SudokuSearch::Status::Exhausted) {
        if (search.solutionsFound() >= limit) break;
    }
    nodes += search.nodes();
    return search.solutionsFound();
}

// One pass over the set; returns the number of puzzles that had no solution.
std::size_t solveAll(const std::vector<pw::SudokuGrid>& grids, int limit, bool stepping, std::uint64_t& nodes) {
    std::size_t unsolved = 0;
    for (const auto& grid : grids) {
        if (stepping) {
            unsolved += solveStepping(grid, limit, nodes) == 0;
            continue;
        }
        const auto result = pw::solveSudoku(grid, limit);
        unsolved += result.solutionCount == 0;
        nodes += result.nodes;
    }
    return unsolved;
}

}  // namespace

int main(int argc, char** argv) {
    const Options options = parse(argc, argv);
    std::vector<pw::SudokuGrid> grids;
    try {
        for (const auto& puzzle : pw::loadPuzzleFile(options.file).puzzles) {
            if (puzzle.kind() != pw::PuzzleKind::Sudoku) continue;
            grids.push_back(puzzle.sudoku().givens);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "exact_peers: %s: %s\n", options.file.c_str(), e.what());
        return 1;
    }
    if (grids.empty()) {
        std::fprintf(stderr, "exact_peers: %s: no Sudoku puzzles\n", options.file.c_str());
        return 1;
    }

    using Clock = std::chrono::steady_clock;
    const auto elapsed = [](Clock::time_point since) { return std::chrono::duration<double>(Clock::now() - since).count(); };
    std::uint64_t nodes = 0;
    const auto warmupStart = Clock::now();
    do {
        if (const std::size_t unsolved = solveAll(grids, options.limit, options.stepping, nodes)) {
            std::fprintf(stderr, "exact_peers: %s: %zu puzzles without a solution\n", options.file.c_str(), unsolved);
            return 1;
        }
    } while (elapsed(warmupStart) < options.warmup);

    nodes = 0;
    std::size_t solved = 0;
    const double cpuStart = cpuSeconds();
    const auto start = Clock::now();
    double wall = 0;
    do {
        solveAll(grids, options.limit, options.stepping, nodes);
        solved += grids.size();
        wall = elapsed(start);
    } while (wall < options.seconds);
    const double cpu = cpuSeconds() - cpuStart;

    const double perSecond = static_cast<double>(solved) / wall;
    const double perCpuSecond = static_cast<double>(solved) / cpu;
    const double nodesPerPuzzle = static_cast<double>(nodes) / static_cast<double>(solved);
    if (options.csv) {
        std::printf("%s,%zu,%d,%.1f,%.1f,%.2f\n", options.file.c_str(), grids.size(), options.limit, perSecond, perCpuSecond,
                    nodesPerPuzzle);
    } else {
        std::printf("%s: %zu puzzles, limit %d, %s: %.1f puzzles/s (wall), %.1f puzzles/s (CPU), %.2f nodes/puzzle\n",
                    options.file.c_str(), grids.size(), options.limit, options.stepping ? "stepping search" : "solveSudoku",
                    perSecond, perCpuSecond, nodesPerPuzzle);
    }
    return 0;
}
