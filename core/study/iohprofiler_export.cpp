#include "study/iohprofiler_export.h"

#include "io/output.h"

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

// Single quotes delimit values in an .info line; the documented format has no escape, so none may appear.
std::string quoted(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? '"' : c;
    return out + "'";
}

int cellCount(const Puzzle& puzzle) {
    return puzzle.kind() == PuzzleKind::Sudoku ? puzzle.sudoku().givens.cellCount() : puzzle.nurikabe().clues.cellCount();
}

// One run as a raw-data block: the evaluations at which the best cost first took each value, then the last
// evaluation (the format requires a block to end there).
std::string runBlock(const BenchRecord& run) {
    std::string block = "\"function evaluation\" \"best-so-far f(x)\"\n";
    double last = std::nan("");
    double lastEvaluation = 0;
    for (std::size_t i = 0; i < run.curve.size(); ++i) {
        const double evaluation = std::max(1.0, std::min(run.evaluations, static_cast<double>(run.curveEvaluations[i])));
        const double cost = run.curve[i].second;
        if (cost == last || evaluation < lastEvaluation) continue;
        block += value(evaluation) + " " + value(cost) + "\n";
        last = cost;
        lastEvaluation = evaluation;
    }
    const double end = std::max(1.0, run.evaluations);
    if (run.bestCost != last || end != lastEvaluation) block += value(end) + " " + value(run.bestCost) + "\n";
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

int exportIohProfiler(const BenchDirectory& bench, const std::string& outDir) {
    for (const auto& run : bench.records)
        if (run.curveEvaluations.empty())
            throw std::invalid_argument("run " + benchRunKey(run.configuration, run.puzzleIndex, run.run) +
                                        ": its curve has no evaluations (a bench from before they were recorded); "
                                        "IOHprofiler's format counts function evaluations");
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
            std::string info = "suite = 'PuzzleWorkbench', funcId = " + f + ", funcName = " + quoted(p.id) +
                               ", DIM = " + dim + ", maximization = 'F', algId = " + quoted(label) + "\n";
            info += "% puzzle-cli bench: f(x) is the algorithm's own cost (0: solved); runtime in evaluations\n";
            info += datName;
            std::string dat;
            for (const auto& [run, record] : byRun) {
                info += ", 1:" + value(std::max(1.0, record->evaluations)) + "|" + value(record->bestCost);
                dat += runBlock(*record);
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
