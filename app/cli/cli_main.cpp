// puzzle-cli: the workbench's command-line front end. It lists algorithms, checks puzzles, solves them with
// any registered algorithm, seed and budget (writing results and event traces), gives graded hints, rates
// puzzles with difficulty metrics and correlates ratings with human data. Tests and benchmarks drive the core
// through it.
//
// Exit status: 0 when every input was valid; 1 when some puzzles were rejected (the others still ran and were
// reported); 2 on usage errors (unknown algorithm or parameter, value out of range, missing file).

#include "algorithm.h"
#include "bench_command.h"
#include "csv_table.h"
#include "difficulty_metrics.h"
#include "formats.h"
#include "logic.h"
#include "rating.h"
#include "recording.h"
#include "nurikabe_exact.h"
#include "run_report.h"
#include "runner.h"
#include "statistics.h"
#include "sudoku_exact.h"

#include "data_directory.h"
#include "generate_command.h"
#include "progress_bar.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <thread>

namespace {

using nlohmann::json;

constexpr int kExitOk = 0;
constexpr int kExitRejected = 1;
constexpr int kExitUsage = 2;

std::atomic<bool> g_interrupted{false};

extern "C" void onInterrupt(int) { g_interrupted.store(true); }

struct UsageError {
    std::string message;
};

// Everything the inputs held: the puzzles, and the entries that could not be read.
struct LoadedInputs {
    std::vector<pw::Puzzle> puzzles;
    std::vector<pw::ParseError> errors;
};

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

LoadedInputs loadInputs(const std::vector<std::string>& inputs) {
    LoadedInputs loaded;
    auto take = [&](pw::PuzzleCollection&& collection) {
        for (auto& puzzle : collection.puzzles) loaded.puzzles.push_back(std::move(puzzle));
        for (auto& error : collection.errors) loaded.errors.push_back(std::move(error));
    };
    for (const auto& input : inputs) {
        if (input == "-") {
            const std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
            take(pw::parsePuzzles(text, "<stdin>"));
            continue;
        }
        std::error_code ec;
        if (std::filesystem::is_regular_file(input, ec)) {
            take(pw::loadPuzzleFile(input));
            continue;
        }
        if (std::filesystem::exists(input, ec)) throw UsageError{"'" + input + "' is not a regular file"};
        if (looksLikeFilePath(input)) throw UsageError{"no such file: '" + input + "'"};
        auto collection = pw::parsePuzzles(input, "<argument>");
        if (collection.puzzles.empty() && collection.errors.empty())
            throw UsageError{"'" + input + "' is neither a file nor a puzzle"};
        take(std::move(collection));
    }
    return loaded;
}

void reportErrors(const std::vector<pw::ParseError>& errors) {
    for (const auto& error : errors) std::cerr << "puzzle-cli: " << error.toString() << "\n";
}

std::string kindsText(const pw::AlgorithmInfo& info) {
    std::string text;
    for (auto kind : info.kinds) text += std::string(text.empty() ? "" : ", ") + pw::puzzleKindName(kind);
    return text;
}

using pw::isFalseSolution;
using pw::parameterValueJson;
using pw::puzzleLine;

// ---------------------------------------------------------------------------------------------- algorithms

int listAlgorithms(bool asJson) {
    if (asJson) {
        json list = json::array();
        for (const auto& entry : pw::algorithmRegistry()) {
            const auto& info = entry.info;
            json parameters = json::array();
            for (const auto& spec : info.parameters) {
                json p = {{"key", spec.key},
                          {"type", pw::parameterTypeName(spec.type)},
                          {"default", parameterValueJson(spec.defaultValue)},
                          {"help", spec.help},
                          {"citation", spec.citation}};
                if (spec.type == pw::ParameterType::Integer) {
                    p["minimum"] = static_cast<std::int64_t>(spec.minimum);
                    p["maximum"] = static_cast<std::int64_t>(spec.maximum);
                } else if (spec.type == pw::ParameterType::Real) {
                    p["minimum"] = spec.minimum;
                    p["maximum"] = spec.maximum;
                } else if (spec.type == pw::ParameterType::Choice) {
                    p["choices"] = spec.choices;
                }
                parameters.push_back(std::move(p));
            }
            json kinds = json::array();
            for (auto kind : info.kinds) kinds.push_back(pw::puzzleKindName(kind));
            list.push_back({{"id", info.id},
                            {"name", info.name},
                            {"family", pw::algorithmFamilyName(info.family)},
                            {"paper", info.paper},
                            {"summary", info.summary},
                            {"step", info.stepMeaning},
                            {"uses_seed", info.usesSeed},
                            {"kinds", kinds},
                            {"parameters", parameters}});
        }
        std::cout << list.dump(2) << "\n";
        return kExitOk;
    }
    for (const auto& entry : pw::algorithmRegistry()) {
        const auto& info = entry.info;
        std::cout << info.id << " — " << info.name << "  [" << pw::algorithmFamilyName(info.family) << "; "
                  << kindsText(info) << "]\n"
                  << "  paper: " << info.paper << "\n"
                  << "  step:  " << info.stepMeaning << "\n";
        for (const auto& spec : info.parameters)
            std::cout << "  --param " << spec.key << "=" << pw::formatParameterValue(spec.defaultValue) << "  ("
                      << spec.allowedText() << ") " << spec.help << "\n";
        std::cout << "\n";
    }
    return kExitOk;
}

// ---------------------------------------------------------------------------------------------------- check

struct CheckVerdict {
    std::string status;  // unique / multiple / none / unknown
    int solutions = 0;
    std::string note;
};

CheckVerdict checkPuzzle(const pw::Puzzle& puzzle) {
    if (puzzle.kind() == pw::PuzzleKind::Sudoku) {
        const auto result = pw::solveSudoku(puzzle.sudoku().givens, 2);
        const char* status = result.solutionCount == 0 ? "none" : result.solutionCount == 1 ? "unique" : "multiple";
        return {status, result.solutionCount, {}};
    }
    const auto result = pw::solveNurikabe(puzzle.nurikabe().clues, 2);
    if (result.nodeLimitHit && result.solutionCount < 2)
        return {"unknown", result.solutionCount, "search node limit reached before the count was decided"};
    const char* status = result.solutionCount == 0 ? "none" : result.solutionCount == 1 ? "unique" : "multiple";
    return {status, result.solutionCount, {}};
}

int runCheck(const std::vector<std::string>& inputs, bool asJson) {
    const LoadedInputs loaded = loadInputs(inputs);
    for (const auto& error : loaded.errors) {
        if (asJson) {
            std::cout << json{{"id", error.file + ":" + std::to_string(error.line)},
                              {"status", "invalid"},
                              {"error", error.toString()},
                              {"file", error.file},
                              {"line", error.line},
                              {"column", error.column}}
                             .dump()
                      << "\n";
        } else {
            std::cout << error.file << ":" << error.line << "  invalid  " << error.toString() << "\n";
        }
    }
    for (const auto& puzzle : loaded.puzzles) {
        const CheckVerdict verdict = checkPuzzle(puzzle);
        if (asJson) {
            json line = {{"id", puzzle.id},
                         {"origin", puzzle.origin},
                         {"kind", pw::puzzleKindName(puzzle.kind())},
                         {"status", verdict.status},
                         {"solutions", verdict.solutions}};
            if (!verdict.note.empty()) line["note"] = verdict.note;
            std::cout << line.dump() << "\n";
        } else {
            std::cout << puzzle.id << "  " << verdict.status;
            if (verdict.status == "multiple") std::cout << " (2 or more solutions)";
            if (!verdict.note.empty()) std::cout << " (" << verdict.note << ")";
            std::cout << "\n";
        }
    }
    if (!asJson) reportErrors(loaded.errors);
    return loaded.errors.empty() ? kExitOk : kExitRejected;
}

// ----------------------------------------------------------------------------------------------------- hint

struct HintOptions {
    int level = 3;
    std::string board;  // the player's grid as one line; empty: the givens
    std::string techniques = "all";
    bool asJson = false;
    std::vector<std::string> inputs;
};

// The player's grid for `puzzle`: the givens, or `line` — one character per cell, a digit or '.'/'0' for an
// empty cell — when it has the puzzle's size and keeps every given. Repeated digits are allowed: they are the
// player's mistakes, which the hint reports.
pw::SudokuGrid playerBoard(const pw::Puzzle& puzzle, const std::string& line) {
    const pw::SudokuGrid& givens = puzzle.sudoku().givens;
    if (line.empty()) return givens;
    if (static_cast<int>(line.size()) != givens.cellCount())
        throw UsageError{"--board: expected " + std::to_string(givens.cellCount()) + " characters for the " +
                         givens.shape().name() + " puzzle " + puzzle.id + ", got " + std::to_string(line.size())};
    pw::SudokuGrid board(givens.shape());
    for (int cell = 0; cell < board.cellCount(); ++cell) {
        const char c = line[cell];
        const int digit = pw::digitValue(c, board.size());
        if (!digit && c != '.' && c != '0')
            throw UsageError{"--board:1:" + std::to_string(cell + 1) + ": expected a digit of a " +
                             std::to_string(board.size()) + "x" + std::to_string(board.size()) +
                             " grid or '.', found '" + std::string(1, c) + "'"};
        board.setValue(cell, digit);
    }
    if (!board.keepsGivens(givens)) throw UsageError{"--board: the grid changes a given of puzzle " + puzzle.id};
    return board;
}

const char* hintKindName(pw::Hint::Kind kind) {
    switch (kind) {
    case pw::Hint::Kind::Mistake: return "mistake";
    case pw::Hint::Kind::Step: return "step";
    case pw::Hint::Kind::Solved: return "solved";
    case pw::Hint::Kind::NoSolution: return "no_solution";
    }
    return "step";
}

int runHint(const HintOptions& options) {
    const LoadedInputs loaded = loadInputs(options.inputs);
    const pw::TechniqueSet techniques = options.techniques == "singles" ? pw::TechniqueSet::singlesOnly() : pw::TechniqueSet{};
    int rejected = static_cast<int>(loaded.errors.size());
    for (const auto& puzzle : loaded.puzzles) {
        if (puzzle.kind() != pw::PuzzleKind::Sudoku) {
            std::cerr << "puzzle-cli: " << puzzle.origin << ": hints are given for Sudoku only\n";
            ++rejected;
            continue;
        }
        const pw::SudokuShape shape = puzzle.sudoku().givens.shape();
        const pw::Hint hint = pw::hintFor(puzzle.sudoku().givens, playerBoard(puzzle, options.board), options.level,
                                          techniques);
        if (options.asJson) {
            json cells = json::array();
            for (int cell : hint.cells) cells.push_back(pw::cellName(shape, cell));
            json line = {{"id", puzzle.id}, {"kind", hintKindName(hint.kind)}, {"level", options.level},
                         {"text", hint.text}, {"cells", cells}};
            if (hint.step) line["technique"] = pw::techniqueName(hint.step->technique);
            std::cout << line.dump() << "\n";
        } else {
            if (loaded.puzzles.size() > 1) std::cout << puzzle.id << ": ";
            std::cout << hint.text << "\n";
        }
    }
    reportErrors(loaded.errors);
    return rejected ? kExitRejected : kExitOk;
}

// ---------------------------------------------------------------------------------------------------- solve

struct SolveOptions {
    std::string algorithm;
    std::vector<std::string> parameters;
    std::optional<std::uint64_t> seed;
    std::uint64_t runs = 1;
    std::optional<double> timeLimit;
    std::optional<std::uint64_t> maxSteps;
    std::optional<std::uint64_t> maxEvaluations;
    std::optional<std::uint64_t> stagnationSteps;
    bool asJson = false;
    std::string tracePath;
    std::uint64_t traceEvery = 1;
    std::string recordPath;
    std::vector<std::string> inputs;
};

std::string boardText(const pw::Board& board) {
    if (const auto* grid = std::get_if<pw::SudokuGrid>(&board)) return pw::formatSudoku(*grid, pw::SudokuTextStyle::Grid);
    std::string text = pw::Puzzle::boardLine(board);
    for (char& c : text)
        if (c == '/') c = '\n';
    return text + "\n";
}

// A trace file is written under a temporary name and renamed when complete, so it is never half-written.
class TraceFile {
public:
    explicit TraceFile(const std::string& path) : m_path(path) {
        if (path.empty()) return;
        m_partialPath = path + ".partial";
        m_stream.open(m_partialPath, std::ios::binary | std::ios::trunc);
        if (!m_stream) throw UsageError{"cannot write trace file '" + path + "'"};
    }
    ~TraceFile() {
        if (!m_partialPath.empty() && !m_committed) std::remove(m_partialPath.c_str());
    }
    std::ostream* stream() { return m_partialPath.empty() ? nullptr : &m_stream; }
    void commit() {
        if (m_partialPath.empty()) return;
        m_stream.close();
        std::error_code ec;
        std::filesystem::rename(m_partialPath, m_path, ec);
        if (ec) throw std::runtime_error("cannot write trace file '" + m_path + "': " + ec.message());
        m_committed = true;
    }

private:
    std::string m_path;
    std::string m_partialPath;
    std::ofstream m_stream;
    bool m_committed = false;
};

// `solve --record FILE`: the run's inputs and budgets, from which the window replays it exactly.
void recordRun(const SolveOptions& options, const pw::Puzzle& puzzle, const std::string& algorithmId,
               const pw::ParameterValues& parameters, std::uint64_t seed, const pw::RunResult& result) {
    const pw::RecordedBudgets budgets{options.maxSteps.value_or(0), options.maxEvaluations.value_or(0),
                                      options.stagnationSteps.value_or(0), options.timeLimit.value_or(0)};
    std::string error;
    if (!pw::saveRecording(options.recordPath,
                           pw::makeRecording(puzzle, algorithmId, parameters, seed, budgets, result), error))
        throw std::runtime_error("cannot write recording '" + options.recordPath + "': " + error);
}

int runSolve(const SolveOptions& options) {
    const pw::AlgorithmEntry* entry = pw::findAlgorithm(options.algorithm);
    if (!entry) {
        std::string known;
        for (const auto& e : pw::algorithmRegistry()) known += (known.empty() ? "" : ", ") + e.info.id;
        throw UsageError{"unknown algorithm '" + options.algorithm + "'; known algorithms: " + known};
    }
    pw::ParameterValues parameters(entry->info.parameters);
    for (const auto& assignment : options.parameters)
        if (auto error = parameters.setAssignment(entry->info.parameters, assignment))
            throw UsageError{"--param " + assignment + ": " + *error};

    const LoadedInputs loaded = loadInputs(options.inputs);
    reportErrors(loaded.errors);
    bool rejected = !loaded.errors.empty();
    if (!options.recordPath.empty() && (loaded.puzzles.size() != 1 || options.runs != 1))
        throw UsageError{"--record keeps one run: give one puzzle and --runs 1"};

    const std::uint64_t seed = options.seed ? *options.seed : std::random_device{}();
    TraceFile trace(options.tracePath);
    std::unique_ptr<pw::JsonLinesSink> traceSink;
    if (trace.stream()) traceSink = std::make_unique<pw::JsonLinesSink>(*trace.stream(), options.traceEvery);

    json parameterJson = json::object();
    for (const auto& [key, value] : parameters.all()) parameterJson[key] = parameterValueJson(value);

    for (const auto& puzzle : loaded.puzzles) {
        if (!entry->info.supports(puzzle.kind())) {
            std::cerr << "puzzle-cli: " << puzzle.origin << ": algorithm '" << entry->info.id << "' does not solve "
                      << pw::puzzleKindName(puzzle.kind()) << " puzzles (it solves: " << kindsText(entry->info)
                      << ")\n";
            rejected = true;
            continue;
        }
        for (std::uint64_t run = 0; run < options.runs && !g_interrupted; ++run) {
            const std::uint64_t runSeed = seed + run;
            if (traceSink)
                traceSink->writeHeader(json{{"type", "run"},
                                            {"id", puzzle.id},
                                            {"algorithm", entry->info.id},
                                            {"seed", runSeed},
                                            {"run", run},
                                            {"parameters", parameterJson}}
                                           .dump());
            pw::StopConditions stop;
            if (options.timeLimit) stop.add(pw::timeLimit(*options.timeLimit));
            if (options.maxSteps) stop.add(pw::stepLimit(*options.maxSteps));
            if (options.maxEvaluations) stop.add(pw::evaluationLimit(*options.maxEvaluations));
            if (options.stagnationSteps) stop.add(pw::stagnationLimit(*options.stagnationSteps));
            stop.add(pw::externalStop(g_interrupted));
            auto algorithm = entry->create();
            pw::Runner runner(*algorithm, puzzle, parameters, runSeed, traceSink.get(), std::move(stop));
            const pw::RunResult result = runner.runToEnd();
            if (!options.recordPath.empty()) recordRun(options, puzzle, entry->info.id, parameters, runSeed, result);
            if (options.asJson) {
                const json line = pw::runResultJson(puzzle, entry->info.id, runSeed, run, result);
                std::cout << line.dump() << std::endl;
            } else {
                std::cout << puzzle.id << "  run " << run << "  seed " << runSeed << "\n"
                          << boardText(result.finalBoard) << pw::runStatusName(result.outcome) << " (" << result.reason
                          << "); valid: " << (result.valid ? "yes" : "no") << "; steps " << result.counters.steps
                          << ", evaluations " << result.counters.evaluations << ", best cost " << result.bestCost
                          << ", " << result.seconds << " s\n";
                for (const auto& [key, value] : result.results)
                    std::cout << key << ": " << pw::formatParameterValue(value) << "\n";
                std::cout << "\n";
                if (isFalseSolution(result))
                    std::cout << "false solution: the algorithm's cost is 0 but the board breaks the rules\n\n";
            }
        }
    }
    trace.commit();
    return rejected ? kExitRejected : kExitOk;
}

// ----------------------------------------------------------------------------------------------------- rate

// ---------------------------------------------------------------------------------------------------- bench

int runBench(const BenchOptions& options) {
    const LoadedInputs loaded = loadInputs(options.inputs);
    reportErrors(loaded.errors);
    std::optional<pw::cli::ProgressBar> bar;
    bool complete = false;
    try {
        complete = runBenchCommand(options, loaded.puzzles, g_interrupted, [&bar](std::size_t done, std::size_t total) {
            if (!bar) bar.emplace("bench", total);
            bar->update(done);
        });
    } catch (const std::invalid_argument& e) {
        throw UsageError{e.what()};
    }
    return complete && loaded.errors.empty() ? kExitOk : kExitRejected;
}

struct RateOptions {
    std::string metrics;
    std::optional<int> runs;
    std::uint64_t seed = 1;
    int jobs = 0;  // 0: every core
    std::string outPath;
    std::vector<std::string> inputs;
};

std::vector<const pw::DifficultyMetric*> metricsNamed(const std::string& list) {
    std::vector<const pw::DifficultyMetric*> metrics;
    std::stringstream stream(list);
    for (std::string id; std::getline(stream, id, ',');) {
        if (id.empty()) continue;
        const pw::DifficultyMetric* metric = pw::findDifficultyMetric(id);
        if (!metric) {
            std::string known;
            for (const auto& m : pw::difficultyMetrics()) known += (known.empty() ? "" : ", ") + m.id;
            throw UsageError{"--metrics: unknown metric '" + id + "'; known metrics: " + known};
        }
        metrics.push_back(metric);
    }
    if (metrics.empty()) throw UsageError{"--metrics: name at least one metric"};
    return metrics;
}

std::string formatValue(const std::optional<double>& value) {
    if (!value) return {};
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", *value);
    return text;
}

int runRate(const RateOptions& options) {
    const auto metrics = metricsNamed(options.metrics);
    const LoadedInputs loaded = loadInputs(options.inputs);
    reportErrors(loaded.errors);
    // A metric rates one kind of puzzle: say so once for each metric given puzzles of the other kind.
    for (const auto* metric : metrics) {
        std::size_t otherKind = 0;
        for (const auto& puzzle : loaded.puzzles) otherKind += puzzle.kind() != metric->kind;
        if (otherKind > 0)
            std::cerr << "rate: metric '" << metric->id << "' rates " << pw::puzzleKindName(metric->kind)
                      << " puzzles only; its column is empty for the " << otherKind << " other puzzle"
                      << (otherKind == 1 ? "" : "s") << "\n";
    }
    pw::RatingOptions rating;
    rating.runs = options.runs;
    rating.seed = options.seed;
    rating.jobs = options.jobs > 0 ? options.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    pw::cli::ProgressBar bar("rating", loaded.puzzles.size() * metrics.size());
    const pw::RatingTable table = pw::ratePuzzles(loaded.puzzles, metrics, rating,
                                                  [&bar](std::size_t done, std::size_t) { bar.update(done); },
                                                  &g_interrupted);
    if (g_interrupted.load()) throw std::runtime_error("interrupted; nothing written");

    std::string csv = "id,puzzle";
    for (const auto* metric : metrics) csv += "," + metric->id;
    csv += "\n";
    for (std::size_t p = 0; p < loaded.puzzles.size(); ++p) {
        csv += pw::csvField(loaded.puzzles[p].id) + "," + pw::csvField(puzzleLine(loaded.puzzles[p]));
        for (const auto& value : table[p]) csv += "," + formatValue(value);
        csv += "\n";
    }
    if (options.outPath.empty()) {
        std::cout << csv;
    } else {
        std::string error;
        if (!pw::writeFileAtomically(options.outPath, csv, error))
            throw std::runtime_error("cannot write '" + options.outPath + "': " + error);
    }
    return loaded.errors.empty() ? kExitOk : kExitRejected;
}

// ------------------------------------------------------------------------------------------------ correlate

struct CorrelateOptions {
    std::string ratingsPath;
    std::string humanPath;
    std::string column;
    bool logScale = false;
    bool asJson = false;
};

pw::CsvTable readTable(const std::string& path) {
    pw::ParseError error;
    auto table = pw::readCsvTable(path, error);
    if (!table) throw UsageError{error.toString()};
    return *table;
}

std::string columnList(const pw::CsvTable& table) {
    std::string names;
    for (const auto& name : table.header) names += (names.empty() ? "" : ", ") + name;
    return names;
}

int runCorrelate(const CorrelateOptions& options) {
    const pw::CsvTable ratings = readTable(options.ratingsPath);
    const pw::CsvTable human = readTable(options.humanPath);
    const int ratingsPuzzle = ratings.column("puzzle");
    if (ratingsPuzzle < 0)
        throw UsageError{options.ratingsPath + ":1:1: expected a 'puzzle' column (as `puzzle-cli rate` writes); found " +
                         columnList(ratings)};
    const int humanPuzzle = human.columnContaining("puzzle");
    if (humanPuzzle < 0)
        throw UsageError{options.humanPath + ":1:1: expected a column whose name contains 'puzzle'; found " +
                         columnList(human)};
    const int humanColumn = human.column(options.column);
    if (humanColumn < 0)
        throw UsageError{"--column: '" + options.column + "' is not a column of " + options.humanPath +
                         "; its columns: " + columnList(human)};

    std::map<std::string, double> humanValue;
    for (const auto& row : human.rows)
        if (const auto value = pw::parseNumber(row[humanColumn])) humanValue[pw::puzzleJoinKey(row[humanPuzzle])] = *value;
    auto transformed = [&](double value) { return options.logScale ? std::log1p(value) : value; };

    struct MetricCorrelation {
        std::string metric;
        std::optional<pw::Correlation> pearson;
        std::optional<pw::Correlation> spearman;
    };
    std::vector<MetricCorrelation> results;
    int matched = 0;
    for (const auto& row : ratings.rows) matched += humanValue.count(pw::puzzleJoinKey(row[ratingsPuzzle])) > 0;
    for (std::size_t column = 0; column < ratings.header.size(); ++column) {
        if (static_cast<int>(column) == ratingsPuzzle || ratings.header[column] == "id") continue;
        std::vector<double> x, y;
        for (const auto& row : ratings.rows) {
            const auto found = humanValue.find(pw::puzzleJoinKey(row[ratingsPuzzle]));
            const auto value = pw::parseNumber(row[column]);
            if (found == humanValue.end() || !value) continue;
            if (options.logScale && (*value <= -1 || found->second <= -1)) continue;
            x.push_back(transformed(*value));
            y.push_back(transformed(found->second));
        }
        results.push_back({ratings.header[column], pw::pearson(x, y), pw::spearman(x, y)});
    }

    if (options.asJson) {
        for (const auto& result : results) {
            json line = {{"metric", result.metric}, {"human_column", options.column}, {"log", options.logScale}};
            auto put = [&](const char* name, const std::optional<pw::Correlation>& c) {
                if (c) line[name] = {{"n", c->n}, {"r", c->r}, {"low", c->low}, {"high", c->high}};
                else line[name] = nullptr;
            };
            put("pearson", result.pearson);
            put("spearman", result.spearman);
            std::cout << line.dump() << "\n";
        }
        return kExitOk;
    }
    std::printf("human column %s%s: %d of %zu rated puzzles matched\n", options.column.c_str(),
                options.logScale ? " (log scale: ln(1+x) of both)" : "", matched, ratings.rows.size());
    std::printf("%-26s %6s  %8s  %-17s  %8s  %-17s\n", "metric", "n", "pearson", "95% CI", "spearman", "95% CI");
    for (const auto& result : results) {
        auto cell = [](const std::optional<pw::Correlation>& c, char* r, char* ci) {
            if (!c) {
                std::snprintf(r, 16, "-");
                std::snprintf(ci, 32, "-");
                return;
            }
            std::snprintf(r, 16, "%.3f", c->r);
            std::snprintf(ci, 32, "[%.3f, %.3f]", c->low, c->high);
        };
        char pr[16], pci[32], sr[16], sci[32];
        cell(result.pearson, pr, pci);
        cell(result.spearman, sr, sci);
        const int n = result.pearson ? result.pearson->n : 0;
        std::printf("%-26s %6d  %8s  %-17s  %8s  %-17s\n", result.metric.c_str(), n, pr, pci, sr, sci);
    }
    return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"puzzle-cli — list algorithms, check puzzles and solve them with the Puzzle Workbench core"};
    app.require_subcommand(1);
    app.set_help_all_flag("--help-all", "Show the help of every subcommand");
    app.set_version_flag("--version", [] { return pw::app::versionText("puzzle-cli"); },
                         "Show the version and where the bundled puzzle library is");

    bool algorithmsJson = false;
    auto* algorithmsCommand = app.add_subcommand("algorithms", "List every algorithm with its paper and parameters");
    algorithmsCommand->add_flag("--json", algorithmsJson, "Print JSON");

    bool checkJson = false;
    std::vector<std::string> checkInputs;
    auto* checkCommand = app.add_subcommand("check", "Parse, validate and count the solutions of puzzles");
    checkCommand->add_flag("--json", checkJson, "One JSON object per puzzle per line");
    checkCommand->add_option("INPUT", checkInputs, "A puzzle file (any supported format), - for standard input, "
                                                   "or a literal puzzle string")
        ->required();

    SolveOptions solve;
    std::uint64_t seed = 0;
    auto* solveCommand = app.add_subcommand("solve", "Solve puzzles with an algorithm");
    solveCommand->add_option("-a,--algorithm", solve.algorithm, "Algorithm id (see `puzzle-cli algorithms`)")
        ->required();
    solveCommand->add_option("--param", solve.parameters, "An algorithm parameter as KEY=VALUE (repeatable)");
    auto* seedOption = solveCommand->add_option("--seed", seed, "Seed of the first run; run r uses seed + r "
                                                                "(default: random, reported in the output)");
    solveCommand->add_option("--runs", solve.runs, "Runs per puzzle")->check(CLI::Range(1, 1000000));
    solveCommand->add_option("--time-limit", solve.timeLimit, "Wall-clock budget per run, in seconds")
        ->check(CLI::PositiveNumber);
    solveCommand->add_option("--max-steps", solve.maxSteps, "Step budget per run")->check(CLI::PositiveNumber);
    solveCommand->add_option("--max-evaluations", solve.maxEvaluations, "Evaluation budget per run")
        ->check(CLI::PositiveNumber);
    solveCommand->add_option("--stagnation", solve.stagnationSteps, "Stop after this many steps without a better "
                                                                    "best cost")
        ->check(CLI::PositiveNumber);
    solveCommand->add_flag("--json", solve.asJson, "One JSON object per run per line");
    auto* traceOption = solveCommand->add_option("--trace", solve.tracePath, "Write the events as JSON lines here");
    solveCommand->add_option("--trace-every", solve.traceEvery, "Keep every N-th move, cost and temperature event")
        ->check(CLI::PositiveNumber)
        ->needs(traceOption);
    solveCommand->add_option("--record", solve.recordPath, "Write a recording of the run here (one puzzle, one run): "
                                                           "the window replays it exactly");
    solveCommand->add_option("INPUT", solve.inputs, "Puzzle files, - for standard input, or literal puzzle strings")
        ->required();

    HintOptions hint;
    auto* hintCommand = app.add_subcommand("hint", "The next logical step of a Sudoku, as a graded hint");
    hintCommand->add_option("--level", hint.level, "1: the technique, 2: also where, 3: the whole step")
        ->check(CLI::Range(1, 3));
    hintCommand->add_option("--board", hint.board, "The player's current grid as one line (default: the givens); "
                                                   "a value that differs from the solution is reported first");
    hintCommand->add_option("--techniques", hint.techniques, "Techniques beyond singles: all, or singles only")
        ->check(CLI::IsMember({"all", "singles"}));
    hintCommand->add_flag("--json", hint.asJson, "One JSON object per puzzle per line");
    hintCommand->add_option("INPUT", hint.inputs, "Puzzle files, - for standard input, or literal puzzle strings")
        ->required();

    RateOptions rate;
    auto* rateCommand = app.add_subcommand("rate", "Rate puzzles with difficulty metrics; CSV on standard output");
    std::string metricHelp = "Comma-separated metric ids:";
    for (const auto& metric : pw::difficultyMetrics()) metricHelp += " " + metric.id;
    rateCommand->add_option("--metrics", rate.metrics, metricHelp)->required();
    rateCommand->add_option("--runs", rate.runs, "Runs of every stochastic metric (default: each metric's own)")
        ->check(CLI::Range(1, 100000));
    rateCommand->add_option("--seed", rate.seed, "Seed of run 0; run r uses seed + r (default 1)");
    rateCommand->add_option("--jobs", rate.jobs, "Threads (default: every core)")->check(CLI::Range(1, 1024));
    rateCommand->add_option("--out", rate.outPath, "Write the CSV here (atomically) instead of standard output");
    rateCommand->add_option("INPUT", rate.inputs, "Puzzle files, - for standard input, or literal puzzle strings")
        ->required();

    BenchOptions bench;
    auto* benchCommand = app.add_subcommand("bench", "Run algorithms x settings x puzzles x runs on every core into "
                                                     "a directory (resumable), with a summary table");
    addBenchOptions(*benchCommand, bench);

    CorrelateOptions correlate;
    auto* correlateCommand = app.add_subcommand("correlate", "Pearson and Spearman correlation of ratings with a "
                                                             "human column, with 95% confidence intervals");
    correlateCommand->add_option("RATINGS", correlate.ratingsPath, "A CSV written by `puzzle-cli rate`")->required();
    correlateCommand->add_option("HUMAN", correlate.humanPath, "A CSV with a puzzle column and human data")->required();
    correlateCommand->add_option("--column", correlate.column, "The human column to correlate with")->required();
    correlateCommand->add_flag("--log", correlate.logScale, "Correlate ln(1+x) of both (solving times are skewed)");
    correlateCommand->add_flag("--json", correlate.asJson, "One JSON object per metric per line");

    pw::cli::GenerateCommand generateCommand(app);

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
    try {
        if (*algorithmsCommand) return listAlgorithms(algorithmsJson);
        if (*checkCommand) return runCheck(checkInputs, checkJson);
        if (*hintCommand) return runHint(hint);
        if (*rateCommand) return runRate(rate);
        if (*correlateCommand) return runCorrelate(correlate);
        if (generateCommand.chosen()) return generateCommand.run(g_interrupted);
        if (*benchCommand) return runBench(bench);
        if (*seedOption) solve.seed = seed;
        return runSolve(solve);
    } catch (const UsageError& e) {
        std::cerr << "puzzle-cli: " << e.message << "\n";
        return kExitUsage;
    } catch (const std::exception& e) {
        std::cerr << "puzzle-cli: " << e.what() << "\n";
        return kExitRejected;
    }
}
