#include "study/iohprofiler_export.h"

#include "io/output.h"
#include "study/run_statistics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <stdexcept>

namespace pw {

namespace {

namespace fs = std::filesystem;

std::string value(double number) {
    char text[40];
    std::snprintf(text, sizeof text, "%.10g", number);
    return text;
}

// A string value of an .info header: in double quotes, as IOHexperimenter writes them, a double quote inside
// doubled (the header is read as one CSV line) and line breaks made spaces (the header is one line). Single
// quotes are kept, though IOHanalyzer's reader removes them from every value.
std::string quoted(const std::string& text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"') out += "\"\"";
        else out += (c == '\n' || c == '\r') ? ' ' : c;
    }
    return out + "\"";
}

int cellCount(const Puzzle& puzzle) {
    return puzzle.kind() == PuzzleKind::Sudoku ? puzzle.sudoku().givens.cellCount() : puzzle.nurikabe().clues.cellCount();
}

// One run as a raw-data block: the time at which the best cost first took each value, then the run's last time
// (the format requires a block to end there). The times are the exact steps of the falls a run recorded as its
// improvements; a run from before they were recorded has them read off its log-spaced curve, where a fall shows
// at the next curve point, at most 26 % later than it happened (curve points are 10^(1/10) apart).
std::string runBlock(const BenchRecord& run, CostAxis axis) {
    const double end = std::max(1.0, runLength(run, axis));
    std::vector<std::pair<double, double>> falls;  // (time, best cost)
    if (!run.curve.empty()) falls.emplace_back(curvePointTime(run, 0, axis), run.curve.front().second);
    if (run.hasImprovements)
        for (const auto& improvement : run.improvements)
            falls.emplace_back(improvementTime(run, improvement, axis), improvement.bestCost);
    else
        for (std::size_t i = 1; i < run.curve.size(); ++i)
            falls.emplace_back(curvePointTime(run, i, axis), run.curve[i].second);
    std::string block = "\"function evaluation\" \"best-so-far f(x)\"\n";
    double last = std::nan("");
    double lastTime = 0;
    for (const auto& [at, cost] : falls) {
        const double time = std::max(1.0, at);  // the format counts from the first evaluation
        if (cost == last || time < lastTime) continue;
        block += value(time) + " " + value(cost) + "\n";
        last = cost;
        lastTime = time;
    }
    if (run.bestCost != last || end != lastTime) block += value(end) + " " + value(run.bestCost) + "\n";
    return block;
}

void write(const fs::path& path, const std::string& content) {
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    std::string error;
    if (ec || !writeFileAtomically(path.string(), content, error))
        throw std::runtime_error(ec ? "cannot write '" + path.string() + "': " + ec.message() : error);
}

}  // namespace

std::string iohFolderName(const std::string& label) {
    std::string name;
    for (char c : label) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                           c == '.' || c == '_';
        name += plain ? c : '_';
    }
    return name;
}

int exportIohProfiler(const BenchDirectory& bench, const std::string& outDir, CostAxis axis) {
    if (axis == CostAxis::Seconds)
        throw std::invalid_argument("the IOHprofiler export counts evaluations or steps, not seconds: a run's "
                                    "curve keeps the evaluations and steps of its points, not their times (--axis "
                                    "evaluations or steps)");
    for (const auto& run : bench.records)
        if (axis == CostAxis::Evaluations && run.curveEvaluations.empty())
            throw std::invalid_argument("run " + benchRunKey(run.configuration, run.puzzleIndex, run.run) +
                                        ": its curve has no evaluations (a bench from before they were recorded); "
                                        "IOHprofiler's format counts function evaluations (--axis steps does not)");
    const bool exact = std::all_of(bench.records.begin(), bench.records.end(),
                                   [](const BenchRecord& run) { return run.hasImprovements; });
    const std::string comment = "% puzzle-cli bench: f(x) is the algorithm's own cost (0: solved); runtime in " +
                                std::string(axis == CostAxis::Steps ? "steps" : "evaluations") +
                                (exact ? ", at the exact step of each fall of f(x)\n"
                                       : ", read off each run's log-spaced curve where a run did not record its "
                                         "falls (a fall of f(x) shows up to 26 % late)\n");
    // setting -> puzzle -> runs in run order
    std::map<std::string, std::map<std::size_t, std::map<std::uint64_t, const BenchRecord*>>> runs;
    for (const auto& run : bench.records) runs[run.configuration][run.puzzleIndex][run.run] = &run;
    std::vector<std::string> labels = bench.configurations;
    for (const auto& [label, byPuzzle] : runs)
        if (std::find(labels.begin(), labels.end(), label) == labels.end()) labels.push_back(label);

    int files = 0;
    for (const std::string& label : labels) {
        const auto found = runs.find(label);
        if (found == runs.end()) continue;
        const fs::path folder = fs::path(outDir) / iohFolderName(label);
        for (const auto& [puzzle, byRun] : found->second) {
            if (puzzle >= bench.plan.puzzles.size())
                throw std::invalid_argument("run " + benchRunKey(label, puzzle, 0) + ": puzzle index " +
                                            std::to_string(puzzle) + " is not in config.json");
            const Puzzle& p = bench.plan.puzzles[puzzle];
            const std::string f = std::to_string(puzzle + 1);
            const std::string dim = std::to_string(cellCount(p));
            const std::string datName = "data_f" + f + "/IOHprofiler_f" + f + "_DIM" + dim + "_i1.dat";
            std::string info = "suite = \"PuzzleWorkbench\", funcId = " + f + ", funcName = " + quoted(p.id) +
                               ", DIM = " + dim + ", maximization = \"F\", algId = " + quoted(label) + "\n";
            info += comment;
            info += datName;
            std::string dat;
            for (const auto& [run, record] : byRun) {
                const double length = axis == CostAxis::Steps ? record->steps : record->evaluations;
                info += ", 1:" + value(std::max(1.0, length)) + "|" + value(record->bestCost);
                dat += runBlock(*record, axis);
            }
            info += "\n";
            write(folder / ("IOHprofiler_f" + f + "_i1.info"), info);
            write(folder / datName, dat);
            files += 2;
        }
    }
    return files;
}

}  // namespace pw
