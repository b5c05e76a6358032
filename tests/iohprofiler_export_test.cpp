// The IOHprofiler export checked against the layout IOHanalyzer documents ("Supported Data Format" of
// IOHprofiler/IOHanalyzer): per algorithm folder, IOHprofiler_f<F>_i<I>.info whose first line holds the
// mandatory, case-sensitive funcId, DIM and algId pairs, whose second line starts with '%', and whose third
// line is the relative path of the .dat file followed by one "instance:runtime|best-so-far f(x)" per run; the
// .dat file has one block per run opened by a separation line starting with "function evaluation" (double
// quotes), complete records of numbers separated by single spaces, each block ending with the run's last
// function evaluation.

#include "study/iohprofiler_export.h"

#include "algorithms/registry.h"
#include "engine/runner.h"
#include "io/formats.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <regex>
#include <sstream>
#include <unistd.h>

using namespace pw;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> fileLines(const fs::path& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

}  // namespace

TEST(IohProfilerExport, LayoutFollowsTheDocumentedFormat) {
    const BenchDirectory bench = readBenchDirectory(std::string(PW_TEST_FIXTURES_DIR) + "/stats_bench");
    const fs::path out = fs::temp_directory_path() / ("pw_ioh_" + std::to_string(::getpid()));
    fs::remove_all(out);
    EXPECT_EQ(exportIohProfiler(bench, out.string()), 3 * 5 * 2);

    // The runs the export should hold: setting -> puzzle -> run -> record.
    std::map<std::string, std::map<std::size_t, std::map<std::uint64_t, const BenchRecord*>>> expected;
    for (const auto& record : bench.records) expected[record.configuration][record.puzzleIndex][record.run] = &record;

    const std::regex header(R"x(^suite = "[^"]*", funcId = (\d+), funcName = "[^"]*", DIM = (\d+), )x"
                            R"x(maximization = "F", algId = "([^"]*)"$)x");
    const std::regex entry(R"(^1:(\d+)\|([-+0-9.eE]+)$)");
    const std::regex record(R"(^(\d+) ([-+0-9.eE]+)$)");
    int infoFiles = 0;
    for (const auto& [label, byPuzzle] : expected) {
        const fs::path folder = out / iohFolderName(label);
        for (const auto& [puzzle, runs] : byPuzzle) {
            const std::string f = std::to_string(puzzle + 1);
            const fs::path infoPath = folder / ("IOHprofiler_f" + f + "_i1.info");
            SCOPED_TRACE(infoPath.string());
            const auto info = fileLines(infoPath);
            ASSERT_EQ(info.size(), 3u);
            ++infoFiles;
            std::smatch match;
            ASSERT_TRUE(std::regex_match(info[0], match, header)) << info[0];
            EXPECT_EQ(match[1].str(), f);
            EXPECT_EQ(match[2].str(), "81");
            EXPECT_EQ(match[3].str(), label);
            EXPECT_EQ(info[1].rfind('%', 0), 0u);

            std::vector<std::string> parts;
            std::stringstream third(info[2]);
            for (std::string part; std::getline(third, part, ',');)
                parts.push_back(part.substr(part.find_first_not_of(' ')));
            ASSERT_EQ(parts.size(), runs.size() + 1);
            EXPECT_EQ(parts[0], "data_f" + f + "/IOHprofiler_f" + f + "_DIM81_i1.dat");
            std::size_t i = 1;
            for (const auto& [run, r] : runs) {
                ASSERT_TRUE(std::regex_match(parts[i], match, entry)) << parts[i];
                EXPECT_EQ(std::stod(match[1].str()), r->evaluations);
                EXPECT_EQ(std::stod(match[2].str()), r->bestCost);
                ++i;
            }

            const auto dat = fileLines(folder / parts[0]);
            ASSERT_FALSE(dat.empty());
            std::vector<std::pair<double, double>> lastOfBlock;
            double previous = 0;
            for (const std::string& line : dat) {
                if (line.rfind("\"function evaluation\"", 0) == 0) {
                    EXPECT_EQ(line, "\"function evaluation\" \"best-so-far f(x)\"");
                    lastOfBlock.emplace_back(-1, -1);
                    previous = 0;
                    continue;
                }
                ASSERT_FALSE(lastOfBlock.empty()) << "a record before the first separation line";
                ASSERT_TRUE(std::regex_match(line, match, record)) << line;
                const double evaluation = std::stod(match[1].str());
                EXPECT_GE(evaluation, 1);
                EXPECT_GE(evaluation, previous);  // records follow the running time
                previous = evaluation;
                lastOfBlock.back() = {evaluation, std::stod(match[2].str())};
            }
            ASSERT_EQ(lastOfBlock.size(), runs.size());
            i = 0;
            for (const auto& [run, r] : runs) {
                EXPECT_EQ(lastOfBlock[i].first, r->evaluations) << "block " << i << " ends before the last evaluation";
                EXPECT_EQ(lastOfBlock[i].second, r->bestCost);
                ++i;
            }
        }
    }
    EXPECT_EQ(infoFiles, 15);
    EXPECT_TRUE(fs::is_directory(out / "sa_2"));  // sa#2's folder
    fs::remove_all(out);
}

namespace {

// IOHanalyzer's reading of an .info file and its .dat file, rule by rule after read_index_file__IOH, read_dat and
// check_format (R/readFiles.R of IOHprofiler/IOHanalyzer): what a load would take from our files.
struct IohRead {
    std::map<std::string, std::string> text;  // header values after the reader strips single quotes
    std::optional<bool> maximization;         // as.logical of the raw value: empty when R would give NA
    std::string datafile;
    std::vector<double> maxRT, finalFV;
    std::vector<std::vector<std::pair<double, double>>> blocks;  // the .dat's runs: (runtime, best-so-far f(x))
    int columns = 0;  // of the .dat's first line: 2 is the TWO_COL format
};

// read.csv(text = line, header = FALSE, quote = '"'): fields split at commas outside double quotes, a doubled
// quote inside them standing for one.
std::vector<std::string> csvFields(const std::string& line) {
    std::vector<std::string> fields(1);
    bool inQuotes = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '"' && inQuotes && i + 1 < line.size() && line[i + 1] == '"') fields.back() += line[++i];
        else if (c == '"') inQuotes = !inQuotes;
        else if (c == ',' && !inQuotes) fields.emplace_back();
        else fields.back() += c;
    }
    return fields;
}

std::string trimmed(const std::string& text) {
    const auto first = text.find_first_not_of(" \t");
    return first == std::string::npos ? "" : text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// R's as.logical of a string.
std::optional<bool> asLogical(const std::string& value) {
    for (const char* yes : {"T", "TRUE", "true", "True"})
        if (value == yes) return true;
    for (const char* no : {"F", "FALSE", "false", "False"})
        if (value == no) return false;
    return std::nullopt;
}

IohRead readLikeIohAnalyzer(const fs::path& infoPath) {
    IohRead read;
    const auto lines = fileLines(infoPath);
    if (lines.size() < 3) return read;
    for (const std::string& field : csvFields(lines[0])) {
        const std::string pair = trimmed(field);
        const auto equals = pair.find('=');  // the first '=': a value may hold more
        if (equals == std::string::npos) continue;
        const std::string name = trimmed(pair.substr(0, equals)), raw = trimmed(pair.substr(equals + 1));
        std::string value;
        for (const char c : raw)
            if (c != '\'') value += c;
        read.text[name] = value;
        if (name == "maximization") read.maximization = asLogical(raw);  // converted before the quotes go
    }
    std::vector<std::string> record;
    std::stringstream third(lines[2]);
    for (std::string part; std::getline(third, part, ',');) record.push_back(trimmed(part));
    read.datafile = record.empty() ? "" : record[0];
    for (std::size_t i = 1; i < record.size(); ++i) {
        const auto colon = record[i].find(':'), bar = record[i].find('|');
        read.maxRT.push_back(std::stod(record[i].substr(colon + 1, bar - colon - 1)));
        read.finalFV.push_back(std::stod(record[i].substr(bar + 1)));
    }
    // read_dat: space-separated rows; a row whose first field has no digit opens a run.
    const auto dat = fileLines(infoPath.parent_path() / read.datafile);
    for (const std::string& line : dat) {
        std::vector<std::string> fields;  // fread(sep = ' '): a double-quoted field may hold spaces
        bool inQuotes = false;
        for (const char c : line) {
            if (c == '"') inQuotes = !inQuotes;
            else if (c == ' ' && !inQuotes) fields.emplace_back();
            else (fields.empty() ? fields.emplace_back() : fields.back()) += c;
        }
        if (&line == &dat.front()) read.columns = static_cast<int>(fields.size());
        if (fields.empty()) continue;
        if (std::none_of(fields[0].begin(), fields[0].end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
            read.blocks.emplace_back();
            continue;
        }
        if (!read.blocks.empty() && fields.size() >= 2) read.blocks.back().emplace_back(std::stod(fields[0]), std::stod(fields[1]));
    }
    return read;
}

}  // namespace

// A fresh bench and an id a CSV header could trip on, loaded by IOHanalyzer's rules: maximization is FALSE, the
// id comes back whole, every run is there with its length and final cost, and each run's block holds the exact
// time of every fall of the best cost, on evaluations or on steps.
TEST(IohProfilerExport, IohAnalyzersReadingTakesEveryRun) {
    BenchPlan plan;
    plan.configurations = benchConfigurations("sa,tabu", {});
    std::vector<Puzzle> puzzles = parsePuzzles(std::string(
        "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5"), "fixture").puzzles;
    ASSERT_EQ(puzzles.size(), 1u);
    puzzles[0].id = "Pillay, fig. \"1\" = 'easy'";
    plan.puzzles = puzzles;
    plan.runs = 3;
    plan.seed = 5;
    plan.budget.maxEvaluations = 20000;
    BenchDirectory bench;
    bench.plan = plan;
    bench.configurations = {"sa", "tabu"};
    runBench(plan, benchTasks(plan), 1, [&](const nlohmann::json& line) { bench.records.push_back(benchRecordFromJson(line)); });
    ASSERT_EQ(bench.records.size(), 6u);

    const fs::path out = fs::temp_directory_path() / ("pw_ioh_read_" + std::to_string(::getpid()));
    for (const CostAxis axis : {CostAxis::Evaluations, CostAxis::Steps}) {
        SCOPED_TRACE(costAxisName(axis));
        fs::remove_all(out);
        EXPECT_EQ(exportIohProfiler(bench, out.string(), axis), 2 * 2);
        for (const std::string label : {"sa", "tabu"}) {
            const IohRead read = readLikeIohAnalyzer(out / label / "IOHprofiler_f1_i1.info");
            EXPECT_EQ(read.maximization, std::optional<bool>(false));
            EXPECT_EQ(read.text.at("funcName"), "Pillay, fig. \"1\" = easy");  // the reader drops single quotes
            EXPECT_EQ(read.text.at("algId"), label);
            EXPECT_EQ(read.text.at("DIM"), "81");
            EXPECT_EQ(read.text.at("funcId"), "1");
            EXPECT_EQ(read.columns, 2);
            ASSERT_EQ(read.blocks.size(), 3u);
            ASSERT_EQ(read.maxRT.size(), 3u);
            std::size_t run = 0;
            for (const BenchRecord& record : bench.records) {
                if (record.configuration != label) continue;
                const double length = axis == CostAxis::Steps ? record.steps : record.evaluations;
                EXPECT_EQ(read.maxRT[run], std::max(1.0, length));
                EXPECT_EQ(read.finalFV[run], record.bestCost);
                // The start, then each fall at the exact step the same run, stepped one step at a time, made it.
                std::vector<std::pair<double, double>> expected;
                const auto at = [&](const Counters& counters) {
                    return std::max(1.0, static_cast<double>(axis == CostAxis::Steps ? counters.steps
                                                                                     : counters.evaluations));
                };
                auto algorithm = findAlgorithm(label)->create();
                StopConditions conditions;
                conditions.add(evaluationLimit(*plan.budget.maxEvaluations));
                Runner runner(*algorithm, plan.puzzles[0], ParameterValues(findAlgorithm(label)->info.parameters),
                              plan.seed + record.run, nullptr, std::move(conditions));
                expected.emplace_back(at(algorithm->counters()), algorithm->bestCost());
                for (bool running = true; running;) {
                    running = runner.advance();
                    if (algorithm->bestCost() < expected.back().second)
                        expected.emplace_back(at(algorithm->counters()), algorithm->bestCost());
                }
                if (expected.back().first != std::max(1.0, length)) expected.emplace_back(std::max(1.0, length), record.bestCost);
                EXPECT_EQ(read.blocks[run], expected) << "run " << run;
                ++run;
            }
            // IOHanalyzer's ERT of each target from what it read (a run's first runtime at or below the target, an
            // unsuccessful run's last runtime, over the successes) is the ERT `stats` reports — except that the
            // format counts from the first evaluation: tabu's runs, solved by their start at step 0 (ERT 0 steps),
            // show at runtime 1.
            StatisticsOptions options;
            options.targets = {0, 1, 2, 4, 8};
            options.axis = axis;
            const BenchStatistics stats = benchStatistics(bench.records, {"sa", "tabu"}, options);
            const auto row = std::find_if(stats.rows.begin(), stats.rows.end(),
                                          [&](const SettingPuzzleStatistics& r) { return r.configuration == label; });
            ASSERT_NE(row, stats.rows.end());
            for (const TargetResult& target : row->targets) {
                double total = 0;
                int successes = 0;
                for (std::size_t r = 0; r < read.blocks.size(); ++r) {
                    const auto hit = std::find_if(read.blocks[r].begin(), read.blocks[r].end(),
                                                  [&](const auto& point) { return point.second <= target.target; });
                    total += hit != read.blocks[r].end() ? hit->first : read.maxRT[r];
                    successes += hit != read.blocks[r].end();
                }
                const double ert = successes ? total / successes : std::numeric_limits<double>::infinity();
                EXPECT_DOUBLE_EQ(ert, target.ert < 1 ? 1.0 : target.ert) << label << ", target " << target.target;
            }
        }
    }
    EXPECT_THROW(exportIohProfiler(bench, out.string(), CostAxis::Seconds), std::invalid_argument);
    fs::remove_all(out);
}

TEST(IohProfilerExport, RefusesCurvesWithoutEvaluations) {
    BenchDirectory bench = readBenchDirectory(std::string(PW_TEST_FIXTURES_DIR) + "/stats_bench");
    bench.records[4].curveEvaluations.clear();
    const fs::path out = fs::temp_directory_path() / ("pw_ioh_old_" + std::to_string(::getpid()));
    EXPECT_THROW(exportIohProfiler(bench, out.string()), std::invalid_argument);
    fs::remove_all(out);
}

TEST(IohProfilerExport, FolderNames) {
    EXPECT_EQ(iohFolderName("sa#2"), "sa_2");
    EXPECT_EQ(iohFolderName("tabu"), "tabu");
    EXPECT_EQ(iohFolderName("a b/c"), "a_b_c");
}
