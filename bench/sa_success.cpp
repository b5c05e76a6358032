// Success rate and time to solve of a stochastic algorithm over puzzle files: every puzzle is run `--runs`
// times (seeds seed, seed+1, ...) under a time budget through the real Runner, without a sink. Prints one
// line per puzzle and a summary per file; `--json` adds one JSON object per run on standard error.
//
//   sa_success [--algorithm sa] [--runs 20] [--time-limit 10] [--seed 1] [--limit N] [--json]
//              [--param KEY=VALUE]... FILE...
//
// The median over all runs counts an unsolved run as slower than any solved one, so it is "> budget" when
// fewer than half the runs solved; the median over solved runs is given beside it.

#include "algorithms/registry.h"
#include "engine/algorithm.h"
#include "engine/runner.h"
#include "io/formats.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <limits>
#include <string>
#include <vector>

namespace {

struct Options {
    std::string algorithm = "sa";
    std::uint64_t runs = 20;
    double timeLimit = 10;
    std::uint64_t seed = 1;
    std::size_t limit = std::numeric_limits<std::size_t>::max();
    bool json = false;
    std::vector<std::string> parameters;
    std::vector<std::string> files;
};

double median(std::vector<double> values) {
    if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

std::string seconds(double value) {
    if (value != value) return "-";
    if (value == std::numeric_limits<double>::infinity()) return "> budget";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f s", value);
    return buffer;
}

[[noreturn]] void usage(const std::string& message) {
    std::cerr
        << "sa_success: " << message
        << "\nusage: sa_success [--algorithm ID] [--runs N] [--time-limit S] [--seed N] [--limit N] [--json] "
           "[--param KEY=VALUE]... FILE...\n";
    std::exit(2);
}

Options parse(int argc, char** argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) usage(arg + " needs a value");
            return argv[++i];
        };
        if (arg == "--algorithm")
            options.algorithm = next();
        else if (arg == "--runs")
            options.runs = std::stoull(next());
        else if (arg == "--time-limit")
            options.timeLimit = std::stod(next());
        else if (arg == "--seed")
            options.seed = std::stoull(next());
        else if (arg == "--limit")
            options.limit = std::stoull(next());
        else if (arg == "--param")
            options.parameters.push_back(next());
        else if (arg == "--json")
            options.json = true;
        else if (!arg.empty() && arg[0] == '-')
            usage("unknown option " + arg);
        else
            options.files.push_back(arg);
    }
    if (options.files.empty()) usage("no puzzle file");
    return options;
}

}  // namespace

int main(int argc, char** argv) {
    const Options options = parse(argc, argv);
    const pw::AlgorithmEntry* entry = pw::findAlgorithm(options.algorithm);
    if (!entry) usage("unknown algorithm " + options.algorithm);
    pw::ParameterValues parameters(entry->info.parameters);
    for (const auto& assignment : options.parameters)
        if (auto error = parameters.setAssignment(entry->info.parameters, assignment)) usage(*error);
    std::cout << "algorithm " << entry->info.id;
    for (const auto& [key, value] : parameters.all())
        std::cout << " " << key << "=" << pw::formatParameterValue(value);
    std::cout << "\nruns " << options.runs << ", time limit " << options.timeLimit << " s, seeds from "
              << options.seed << "\n";

    for (const auto& file : options.files) {
        const auto collection = pw::loadPuzzleFile(file);
        for (const auto& error : collection.errors)
            std::cerr << error.toString() << "\n";
        std::vector<double> allTimes;
        std::vector<double> solvedTimes;
        std::uint64_t totalSteps = 0;
        double totalSeconds = 0;
        std::size_t puzzlesAllSolved = 0;
        std::size_t count = 0;
        std::cout << "\n" << file << "\n";
        for (const auto& puzzle : collection.puzzles) {
            if (count++ >= options.limit) break;
            if (!entry->info.supports(puzzle.kind())) continue;
            std::vector<double> times;
            std::vector<double> solved;
            std::vector<double> steps;
            for (std::uint64_t run = 0; run < options.runs; ++run) {
                auto algorithm = entry->create();
                pw::StopConditions stop;
                stop.add(pw::timeLimit(options.timeLimit));
                pw::Runner runner(*algorithm, puzzle, parameters, options.seed + run, nullptr,
                                  std::move(stop));
                const pw::RunResult result = runner.runToEnd();
                const bool ok = result.outcome == pw::Outcome::Solved;
                totalSteps += result.counters.steps;
                totalSeconds += result.seconds;
                times.push_back(ok ? result.seconds : std::numeric_limits<double>::infinity());
                if (ok) {
                    solved.push_back(result.seconds);
                    steps.push_back(static_cast<double>(result.counters.steps));
                }
                if (options.json)
                    std::cerr << "{\"id\":\"" << puzzle.id << "\",\"seed\":" << options.seed + run
                              << ",\"outcome\":\"" << pw::outcomeName(result.outcome)
                              << "\",\"seconds\":" << result.seconds << ",\"steps\":" << result.counters.steps
                              << ",\"best_cost\":" << result.bestCost << "}\n";
            }
            allTimes.insert(allTimes.end(), times.begin(), times.end());
            solvedTimes.insert(solvedTimes.end(), solved.begin(), solved.end());
            puzzlesAllSolved += solved.size() == options.runs;
            char line[256];
            std::snprintf(line, sizeof line,
                          "  %-28s %3zu/%-3llu median %-10s (solved runs %-10s, %.3g steps)",
                          puzzle.id.c_str(), solved.size(), static_cast<unsigned long long>(options.runs),
                          seconds(median(times)).c_str(), seconds(median(solved)).c_str(), median(steps));
            std::cout << line << std::endl;
        }
        const double rate = allTimes.empty() ? 0
                                             : 100.0 * static_cast<double>(solvedTimes.size()) /
                                                   static_cast<double>(allTimes.size());
        std::cout << "  summary: " << solvedTimes.size() << "/" << allTimes.size() << " runs solved (" << rate
                  << " %), " << puzzlesAllSolved << " puzzles solved in every run; median time "
                  << seconds(median(allTimes)) << " over all runs, " << seconds(median(solvedTimes))
                  << " over solved runs; "
                  << (totalSeconds > 0 ? static_cast<double>(totalSteps) / totalSeconds / 1e6 : 0)
                  << " M steps/s through the runner" << std::endl;
    }
    return 0;
}
