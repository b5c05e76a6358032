// The IOHprofiler export checked against the layout IOHanalyzer documents ("Supported Data Format" of
// IOHprofiler/IOHanalyzer): per algorithm folder, IOHprofiler_f<F>_i<I>.info whose first line holds the
// mandatory, case-sensitive funcId, DIM and algId pairs, whose second line starts with '%', and whose third
// line is the relative path of the .dat file followed by one "instance:runtime|best-so-far f(x)" per run; the
// .dat file has one block per run opened by a separation line starting with "function evaluation" (double
// quotes), complete records of numbers separated by single spaces, each block ending with the run's last
// function evaluation.

#include "study/iohprofiler_export.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
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

    const std::regex header(R"(^suite = '[^']*', funcId = (\d+), funcName = '[^']*', DIM = (\d+), )"
                            R"(maximization = 'F', algId = '([^']*)'$)");
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
