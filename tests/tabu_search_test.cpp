// Hybrid AC3 + tabu search: moves replayed against the tabu rule and the aspiration criterion, the cost against
// a recomputation, the filtered domains kept, prefiltering switched off, easy puzzles solved.

#include "sudoku/ac3.h"
#include "sudoku/row_permutation.h"

#include "algorithms/registry.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <bit>
#include <climits>
#include <map>

namespace pw {
namespace {

const test::AlgorithmUnderTest tabuSearch("tabu");

TEST(TabuSearchTest, IsRegisteredWithDeclaredParameters) {
    const AlgorithmEntry& entry = *findAlgorithm("tabu");
    EXPECT_EQ(entry.info.family, AlgorithmFamily::LocalSearch);
    EXPECT_TRUE(entry.info.supports(PuzzleKind::Sudoku));
    EXPECT_FALSE(entry.info.supports(PuzzleKind::Nurikabe));
    for (const auto& spec : entry.info.parameters) EXPECT_FALSE(spec.help.empty()) << spec.key;
    ParameterValues parameters(entry.info.parameters);
    EXPECT_NE(parameters.set(entry.info.parameters, "tenure", "0"), std::nullopt);
    EXPECT_NE(parameters.set(entry.info.parameters, "restart_after", "-1"), std::nullopt);
}

// Repeated values in the columns and boxes of a complete 9x9 grid (rows are permutations), counted plainly.
int columnAndBoxRepeats(const SudokuGrid& board) {
    int repeats = 0;
    for (int unit = 0; unit < 9; ++unit) {
        std::uint32_t column = 0, box = 0;
        for (int k = 0; k < 9; ++k) {
            column |= 1u << board.value(k * 9 + unit);
            box |= 1u << board.value((unit / 3 * 3 + k / 3) * 9 + unit % 3 * 3 + k % 3);
        }
        repeats += 18 - std::popcount(column) - std::popcount(box);
    }
    return repeats;
}

// Replays every swap with the tabu list the algorithm should keep: after a swap at step t the two values may
// not return to the cells they left until step t + tenure. A swap that breaks that rule must reach a cost
// below every cost before it (aspiration). A long tenure makes most swaps tabu, so aspiration must happen.
// And each swap is the best admissible one: every swap of two open cells of a row whose values stay in their
// filtered domains is tried on a copy of the board, and none admissible (not tabu, or reaching a new best)
// leads to a lower cost than the swap taken.
TEST(TabuSearchTest, TabuSwapsAreTakenOnlyByAspiration) {
    const std::uint64_t tenure = 50;
    int aspirated = 0, swaps = 0, worsening = 0;
    for (std::uint64_t seed : {1, 2, 3}) {
        const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
        const Ac3Result ac3 = enforceArcConsistency(puzzle.sudoku().givens);
        RecordingSink sink;
        sink.setSampleEvery(1);
        // No restarts: a restart empties the tabu list, which this replay keeps across the whole run.
        tabuSearch.run(puzzle, test::parametersOf("tabu", {{"tenure", "50"}, {"restart_after", "0"}}), seed, &sink, 3000);
        SudokuGrid board = puzzle.sudoku().givens;
        std::map<std::pair<int, int>, std::uint64_t> tabuUntil;  // (cell, digit) -> last tabu step
        double best = 1e9;
        bool searching = false;
        for (const Event& event : sink.events()) {
            if (const auto* phase = std::get_if<PhaseChange>(&event)) searching = phase->kind == PhaseKind::Search;
            const auto* move = std::get_if<MoveEvent>(&event);
            if (!searching || !move) continue;
            if (move->move.kind == MoveKind::Place) {
                board.apply(move->move);
                if (board.isComplete()) {
                    const CostBreakdown cost = repeatedValues(board);
                    best = std::min(best, cost.columns + cost.boxes);
                }
                continue;
            }
            ASSERT_EQ(move->move.kind, MoveKind::Swap);
            const int a = move->move.cell, b = move->move.otherCell;
            ASSERT_EQ(a / 9, b / 9) << "a swap stays within a row";
            const std::uint64_t now = move->at.steps;
            const int va = board.value(a), vb = board.value(b);
            const auto until = [&](int cell, int digit) {
                const auto it = tabuUntil.find({cell, digit});
                return it == tabuUntil.end() ? 0 : it->second;
            };
            const bool tabu = until(a, vb) >= now || until(b, va) >= now;
            const int before = columnAndBoxRepeats(board);
            int bestAdmissible = INT_MAX;
            for (int row = 0; row < 9; ++row)
                for (int x = row * 9; x < row * 9 + 9; ++x)
                    for (int y = x + 1; y < row * 9 + 9; ++y) {
                        if (std::popcount(ac3.domains[x]) < 2 || std::popcount(ac3.domains[y]) < 2) continue;
                        const int vx = board.value(x), vy = board.value(y);
                        if (!(ac3.domains[x] & digitBit(vy)) || !(ac3.domains[y] & digitBit(vx))) continue;
                        SudokuGrid swapped = board;
                        swapped.setValue(x, vy);
                        swapped.setValue(y, vx);
                        const int candidate = columnAndBoxRepeats(swapped);
                        const bool candidateTabu = until(x, vy) >= now || until(y, vx) >= now;
                        if (!candidateTabu || candidate < best) bestAdmissible = std::min(bestAdmissible, candidate);
                    }
            board.apply(move->move);
            const CostBreakdown after = repeatedValues(board);
            const double cost = after.columns + after.boxes;
            ASSERT_EQ(columnAndBoxRepeats(board), cost);
            ASSERT_EQ(cost, bestAdmissible) << "a swap at step " << now << " that is not the best admissible one";
            worsening += cost > before;
            if (tabu) {
                ASSERT_LT(cost, best) << "a tabu swap at step " << now << " that does not reach a new best";
                ++aspirated;
            }
            tabuUntil[{a, va}] = now + tenure;
            tabuUntil[{b, vb}] = now + tenure;
            best = std::min(best, cost);
            ++swaps;
        }
    }
    EXPECT_GT(swaps, 1000);
    EXPECT_GT(aspirated, 0);
    EXPECT_GT(worsening, 0);  // the best admissible swap is taken even when it makes the grid worse
}

// Cost samples against a recomputation of the replayed board; the board stays inside the filtered domains
// and keeps the givens; restarts redraw the board.
TEST(TabuSearchTest, ReplayedBoardMatchesTheCostAndStaysInTheDomains) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
    const Ac3Result ac3 = enforceArcConsistency(puzzle.sudoku().givens);
    RecordingSink sink;
    sink.setSampleEvery(7);
    const RunResult result = tabuSearch.run(puzzle, test::parametersOf("tabu", {{"restart_after", "500"}}), 5, &sink, 4000);
    SudokuGrid board = puzzle.sudoku().givens;
    int samples = 0, restarts = 0;
    bool searching = false;
    for (const Event& event : sink.events()) {
        if (const auto* phase = std::get_if<PhaseChange>(&event)) {
            searching = phase->kind != PhaseKind::Prefiltering;
            restarts += phase->kind == PhaseKind::Restart;
        }
        if (const auto* move = std::get_if<MoveEvent>(&event); move && searching) board.apply(move->move);
        if (const auto* sample = std::get_if<CostSample>(&event)) {
            ASSERT_TRUE(board.isComplete());
            const CostBreakdown full = repeatedValues(board);
            ASSERT_EQ(full.rows, 0);
            ASSERT_EQ(sample->current, full.columns + full.boxes) << "at step " << sample->at.steps;
            ASSERT_EQ(sample->parts, full.values());
            EXPECT_LE(sample->best, sample->current);
            for (int cell = 0; cell < 81; ++cell) ASSERT_TRUE(ac3.domains[cell] & digitBit(board.value(cell)));
            ASSERT_TRUE(board.keepsGivens(puzzle.sudoku().givens));
            ++samples;
        }
    }
    EXPECT_GT(samples, 400);
    EXPECT_GT(restarts, 0);
    EXPECT_EQ(result.counters.steps, 4000u);
}

// An explained run: every step's Decision names the swap it makes, and its tabu list holds the two values the
// swap moved out, for the whole tenure, with at most `tenure` steps left on any entry.
TEST(TabuSearchTest, DecisionsCarryTheTabuList) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
    RecordingSink sink;
    sink.setWantsDecisions(true);
    tabuSearch.run(puzzle, test::parametersOf("tabu", {{"tenure", "5"}}), 3, &sink, 300);
    int moves = 0;
    for (const Event& event : sink.events()) {
        const auto* decision = std::get_if<Decision>(&event);
        if (!decision || decision->detail().action != "move") continue;
        const DecisionDetail& detail = decision->detail();
        ++moves;
        EXPECT_EQ(detail.listLabel, "tabu list");
        ASSERT_EQ(detail.cells.size(), 2u);
        for (const std::string& entry : detail.list) {
            const auto open = entry.find('(');
            ASSERT_NE(open, std::string::npos) << entry;
            const int left = std::stoi(entry.substr(open + 1));
            EXPECT_GE(left, 1) << entry;
            EXPECT_LE(left, 5) << entry;
        }
        // The values just swapped out are tabu for the full tenure.
        EXPECT_EQ(std::count_if(detail.list.begin(), detail.list.end(),
                                [](const std::string& entry) { return entry.find("(5 left)") != std::string::npos; }),
                  2)
            << detail.text;
        for (const DecisionValue& value : detail.values)
            if (value.name == "tabu_count") {
                EXPECT_EQ(value.value, static_cast<double>(detail.list.size()));
            }
    }
    EXPECT_GT(moves, 250);
}

TEST(TabuSearchTest, PrefilterOffSendsNoPrefilteringEvents) {
    RecordingSink sink;
    tabuSearch.run(test::sudokuPuzzle(test::kAiEscargot), test::parametersOf("tabu", {{"prefilter", "false"}}), 1, &sink, 50);
    ASSERT_FALSE(sink.events().empty());
    for (const Event& event : sink.events()) {
        EXPECT_FALSE(std::holds_alternative<CandidatesUpdate>(event));
        if (const auto* phase = std::get_if<PhaseChange>(&event)) {
            EXPECT_NE(phase->kind, PhaseKind::Prefiltering);
        }
        if (const auto* move = std::get_if<MoveEvent>(&event)) {
            EXPECT_NE(move->move.kind, MoveKind::EliminateCandidate);
        }
    }
    RecordingSink filtered;
    tabuSearch.run(test::sudokuPuzzle(test::kAiEscargot), test::parametersOf("tabu"), 1, &filtered, 50);
    const auto* first = std::get_if<PhaseChange>(&filtered.events().front());
    ASSERT_NE(first, nullptr);
    EXPECT_EQ(first->kind, PhaseKind::Prefiltering);
}

TEST(TabuSearchTest, SolvesEasyPuzzlesWithinABudget) {
    std::vector<Puzzle> puzzles;
    for (const char* file : {"small_4x4.csv", "small_6x6.csv"})
        for (const Puzzle& puzzle : loadPuzzleFile(test::puzzlesDir() + "/sudoku/" + file).puzzles) puzzles.push_back(puzzle);
    puzzles.push_back(test::sudokuPuzzle(test::kPillayFigure1, "pillay"));
    // Sato and Inoue's medium_30: AC3 leaves it open.
    puzzles.push_back(test::sudokuPuzzle("..1.8.......3.475..6..5....8.6..2349..9......3.4..8172.3..7.......8.156...2.3....", "medium_30"));
    for (const Puzzle& puzzle : puzzles) {
        for (const char* prefilter : {"true", "false"}) {
            const RunResult result = tabuSearch.run(puzzle, test::parametersOf("tabu", {{"prefilter", prefilter}}), 1, nullptr, 50'000);
            EXPECT_EQ(result.outcome, Outcome::Solved) << puzzle.id << " prefilter=" << prefilter;
            EXPECT_TRUE(result.valid) << puzzle.id;
        }
    }
}

TEST(TabuSearchTest, ImpossibleGivensFail) {
    Puzzle conflicting = test::sudokuPuzzle(test::kPillayFigure1);
    std::get<SudokuPuzzle>(conflicting.content).givens.setValue(1, 4);
    for (const char* prefilter : {"true", "false"}) {
        const RunResult result = tabuSearch.run(conflicting, test::parametersOf("tabu", {{"prefilter", prefilter}}), 1, nullptr, 100);
        EXPECT_EQ(result.outcome, Outcome::Failed) << prefilter;
        EXPECT_GT(result.bestCost, 0);
    }
}

}  // namespace
}  // namespace pw
