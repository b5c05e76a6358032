#pragma once
// Helpers shared by the core tests.

#include "algorithms/registry.h"
#include "engine/algorithm.h"
#include "engine/runner.h"
#include "io/formats.h"
#include "puzzle/puzzle.h"
#include "study/bench.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <tuple>
#include <vector>

namespace pw::test {

inline std::string puzzlesDir() { return PW_PUZZLES_DIR; }
inline std::string sharedDataDir() { return PW_SHARED_DATA_DIR; }

inline SudokuGrid sudokuFromLine(const std::string& line) {
    SudokuShape shape;
    int size = 1;
    while (size * size < static_cast<int>(line.size())) ++size;
    SudokuShape::fromSize(size, shape);
    SudokuGrid grid(shape);
    for (int cell = 0; cell < grid.cellCount(); ++cell) grid.setValue(cell, digitValue(line[cell], size));
    return grid;
}

// A 9x9 grid holding the given (row, column, digit) entries, 0-based rows and columns.
inline SudokuGrid gridWith(std::initializer_list<std::tuple<int, int, int>> entries) {
    SudokuGrid grid;
    for (const auto& [row, column, digit] : entries) grid.setValue(row * 9 + column, digit);
    return grid;
}

inline Puzzle sudokuPuzzle(const std::string& line, const std::string& id = "test") {
    return Puzzle{id, id, SudokuPuzzle{sudokuFromLine(line), std::nullopt}};
}

// Pillay's Figure 1, the default puzzle of the window.
inline const std::string kPillayFigure1 =
    "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5";
inline const std::string kAiEscargot =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

// Every registered algorithm id, and a test-name-safe form of one, for suites run over all algorithms.
// A Nurikabe grid from rows of '#' river, 'o' island, '.' unknown and digits for clues.
inline NurikabeGrid gridFrom(const std::vector<std::string>& rows) {
    NurikabeGrid grid(static_cast<int>(rows.size()), static_cast<int>(rows[0].size()));
    for (int r = 0; r < grid.height(); ++r) {
        for (int c = 0; c < grid.width(); ++c) {
            const int cell = r * grid.width() + c;
            const char ch = rows[r][c];
            if (ch >= '1' && ch <= '9') grid.setClue(cell, ch - '0');
            else if (ch == '#') grid.setState(cell, NurikabeCell::River);
            else if (ch == 'o') grid.setState(cell, NurikabeCell::Island);
        }
    }
    return grid;
}

inline std::vector<std::string> algorithmIds() {
    std::vector<std::string> ids;
    for (const auto& entry : algorithmRegistry()) ids.push_back(entry.info.id);
    return ids;
}
inline std::string testNameOf(const ::testing::TestParamInfo<std::string>& parameter) {
    std::string name = parameter.param;
    for (char& c : name)
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    return name;
}

// The algorithm's default parameters with some set from text, as the CLI would; a rejected value fails the test.
inline ParameterValues parametersOf(const std::string& algorithmId,
                                    std::initializer_list<std::pair<const char*, const char*>> assignments = {}) {
    const auto& specs = findAlgorithm(algorithmId)->info.parameters;
    ParameterValues parameters(specs);
    for (const auto& [key, value] : assignments)
        EXPECT_EQ(parameters.set(specs, key, value), std::nullopt) << key << "=" << value;
    return parameters;
}

// One whole run through the real Runner; `steps` 0 means no step budget.
inline RunResult runAlgorithm(const std::string& algorithmId, const Puzzle& puzzle,
                              const ParameterValues& parameters, std::uint64_t seed, EventSink* sink,
                              std::uint64_t steps) {
    auto algorithm = findAlgorithm(algorithmId)->create();
    StopConditions stop;
    if (steps) stop.add(stepLimit(steps));
    return Runner(*algorithm, puzzle, parameters, seed, sink, std::move(stop)).runToEnd();
}

// One algorithm's runs for its own test file, bound to its id: `const test::AlgorithmUnderTest sa("sa");` then
// sa.run(puzzle, sa.parametersWith({{"t0", "5"}}), seed, &sink).
class AlgorithmUnderTest {
public:
    explicit AlgorithmUnderTest(std::string id) : m_id(std::move(id)) {}
    const AlgorithmEntry& entry() const { return *findAlgorithm(m_id); }
    ParameterValues parametersWith(std::initializer_list<std::pair<const char*, const char*>> assignments = {}) const {
        return parametersOf(m_id, assignments);
    }
    RunResult run(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed, EventSink* sink,
                  std::uint64_t steps = 0) const {
        return runAlgorithm(m_id, puzzle, parameters, seed, sink, steps);
    }
    // The assignments among `assignments` that the parameters take or that change them: none when each is
    // refused and leaves the defaults as they were.
    std::vector<std::string> acceptedAmong(std::initializer_list<std::pair<const char*, const char*>> assignments) const {
        const auto& specs = entry().info.parameters;
        const ParameterValues defaults(specs);
        std::vector<std::string> accepted;
        for (const auto& [key, value] : assignments) {
            ParameterValues parameters(specs);
            if (!parameters.set(specs, key, value) || parameters != defaults)
                accepted.push_back(std::string(key) + "=" + value);
        }
        return accepted;
    }

private:
    std::string m_id;
};

// A bench run line as read back: configuration "sa#2" is algorithm "sa", puzzle N is named "pN"; the measures
// are each test's own.
inline BenchRecord benchRecord(const std::string& configuration, std::size_t puzzle, std::uint64_t run, bool solved) {
    BenchRecord record;
    record.configuration = configuration;
    record.algorithm = configuration.substr(0, configuration.find('#'));
    record.puzzleIndex = puzzle;
    record.puzzleId = "p" + std::to_string(puzzle);
    record.run = run;
    record.solved = solved;
    return record;
}

}  // namespace pw::test
