#include "engine/runner.h"

#include "algorithms/registry.h"
#include "sudoku/sudoku_cost.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <map>
#include <set>

namespace pw {
namespace {

const test::AlgorithmUnderTest sa("sa");

// The thesis's cost from scratch: digits missing from every row and every column.
CostBreakdown missingDigits(const SudokuGrid& grid) {
    const auto& geometry = grid.geometry();
    CostBreakdown cost;
    for (int unit = 0; unit < 2 * grid.size(); ++unit) {
        DigitMask present = 0;
        for (int i = 0; i < grid.size(); ++i) {
            const int value = grid.value(geometry.unitCells[unit][i]);
            if (value) present = static_cast<DigitMask>(present | digitBit(value));
        }
        (unit < grid.size() ? cost.rows : cost.columns) += grid.size() - popCount(present);
    }
    return cost;
}

TEST(SimulatedAnnealingTest, IsRegisteredForSudoku) {
    EXPECT_EQ(sa.entry().info.family, AlgorithmFamily::LocalSearch);
    EXPECT_TRUE(sa.entry().info.supports(PuzzleKind::Sudoku));
    EXPECT_FALSE(sa.entry().info.supports(PuzzleKind::Nurikabe));
    for (const auto& spec : sa.entry().info.parameters)
        EXPECT_FALSE(spec.help.empty()) << spec.key;
}

// Replays the moves onto the givens and checks, after every single proposal, that the incrementally kept cost
// (and its row/column split) equals a full recomputation on the replayed grid. A hot, slowly cooling run
// accepts most swaps, worse ones included, so this covers every kind of delta.
TEST(SimulatedAnnealingTest, DeltaCostEqualsFullRecomputation) {
    for (const std::string& line : {test::kAiEscargot, test::kPillayFigure1, std::string(".4.2...3.....1.."),
                                    std::string("..51..6....5..23......2.4..6.......1")}) {
        const Puzzle puzzle = test::sudokuPuzzle(line);
        for (const char* t0 : {"1000", "1.5"}) {
            RecordingSink sink;
            const auto parameters =
                sa.parametersWith({{"t0", t0}, {"alpha", "0.99999"}, {"t_min", "0.01"}});
            sink.setSampleEvery(1);
            sa.run(puzzle, parameters, 11, &sink, 30'000);
            SudokuGrid grid = puzzle.sudoku().givens;
            int checked = 0, swaps = 0, worse = 0;
            double previous = -1;
            for (const Event& event : sink.events()) {
                if (const auto* move = std::get_if<MoveEvent>(&event)) {
                    grid.apply(move->move);
                    swaps += move->move.kind == MoveKind::Swap;
                } else if (const auto* sample = std::get_if<CostSample>(&event)) {
                    const CostBreakdown expected = missingDigits(grid);
                    ASSERT_EQ(sample->parts.size(), 4u);  // rows, columns, boxes, digits
                    ASSERT_EQ(sample->current, expected.rows + expected.columns)
                        << line << " at " << sample->at.steps;
                    ASSERT_EQ(sample->parts[0], expected.rows);
                    ASSERT_EQ(sample->parts[1], expected.columns);
                    EXPECT_EQ(sample->parts[2], 0);
                    EXPECT_LE(sample->best, sample->current);
                    worse += previous >= 0 && sample->current > previous;
                    previous = sample->current;
                    ++checked;
                }
            }
            // Every box stays a permutation of 1..N.
            for (int box = 0; box < grid.size(); ++box) {
                DigitMask present = 0;
                for (int i = 0; i < grid.size(); ++i)
                    present = static_cast<DigitMask>(
                        present | digitBit(grid.value(grid.geometry().unitCells[2 * grid.size() + box][i])));
                EXPECT_EQ(present, allDigits(grid.size()));
            }
            EXPECT_TRUE(grid.keepsGivens(puzzle.sudoku().givens));
            if (line.size() == 81) {
                EXPECT_GT(checked, 100) << line;
            }
            if (std::string(t0) == "1000" && line.size() == 81) {
                EXPECT_GT(swaps, 20'000) << line;
                EXPECT_GT(worse, 1000) << line;
            }
        }
    }
}

TEST(SimulatedAnnealingTest, SolvesEveryShape) {
    const auto parameters = sa.parametersWith({});
    for (const std::string& line :
         {std::string(".4.2...3.....1.."), std::string("..51..6....5..23......2.4..6.......1"),
          test::kPillayFigure1, test::kAiEscargot}) {
        for (std::uint64_t seed : {1, 2}) {
            RecordingSink sink;
            const RunResult result = sa.run(test::sudokuPuzzle(line), parameters, seed, &sink, 200'000'000);
            EXPECT_EQ(result.outcome, Outcome::Solved) << line;
            EXPECT_TRUE(result.valid) << line;
            EXPECT_EQ(result.bestCost, 0);
            // The moves turn the givens into the solution.
            SudokuGrid replay = test::sudokuFromLine(line);
            for (const Event& event : sink.events())
                if (const auto* move = std::get_if<MoveEvent>(&event)) replay.apply(move->move);
            EXPECT_EQ(replay, std::get<SudokuGrid>(result.finalBoard)) << line;
        }
    }
}

TEST(SimulatedAnnealingTest, SolvesA16x16Puzzle) {
    const auto collection = loadPuzzleFile(test::puzzlesDir() + "/sudoku/janko_16x16_sample.csv");
    ASSERT_FALSE(collection.puzzles.empty());
    const RunResult result = sa.run(collection.puzzles.front(), sa.parametersWith({}), 3, nullptr, 400'000'000);
    EXPECT_EQ(result.outcome, Outcome::Solved);
    EXPECT_TRUE(result.valid);
}

// Thesis schedule on a small example: after k accepted moves since the last reheat t = t0·α^k, and the run
// reheats to t0 exactly when t falls below t_min.
TEST(SimulatedAnnealingTest, ThesisScheduleCoolsPerAcceptedMoveAndReheatsBelowTMin) {
    const auto parameters =
        sa.parametersWith({{"t0", "2"}, {"alpha", "0.8"}, {"t_min", "0.5"}});
    RecordingSink sink;
    sink.setSampleEvery(1);
    sa.run(test::sudokuPuzzle(test::kAiEscargot), parameters, 5, &sink, 3000);
    // t0 = 2, 1.6, 1.28, 1.024, 0.8192, 0.65536, 0.524288, then 0.4194304 < 0.5: reheat after 7 accepted
    // moves.
    double expected = 2;
    int reheats = 0, acceptedSinceReheat = 0;
    bool reheatDue = false;
    std::uint64_t lastMoveStep = 0;
    for (const Event& event : sink.events()) {
        if (const auto* move = std::get_if<MoveEvent>(&event)) {
            if (move->move.kind != MoveKind::Swap) continue;
            ASSERT_FALSE(reheatDue) << "no reheat before the move at step " << move->at.steps;
            expected *= 0.8;
            ++acceptedSinceReheat;
            lastMoveStep = move->at.steps;
            reheatDue = expected < 0.5;
        } else if (const auto* reheat = std::get_if<Reheat>(&event)) {
            ASSERT_TRUE(reheatDue) << "unexpected reheat at step " << reheat->at.steps;
            EXPECT_EQ(reheat->at.steps, lastMoveStep);
            EXPECT_EQ(acceptedSinceReheat, 7);
            EXPECT_EQ(reheat->temperature, 2);
            expected = 2;
            acceptedSinceReheat = 0;
            reheatDue = false;
            ++reheats;
        } else if (const auto* sample = std::get_if<TemperatureSample>(&event)) {
            ASSERT_DOUBLE_EQ(sample->temperature, expected) << "at step " << sample->at.steps;
            EXPECT_GE(sample->acceptanceRatio, 0);
            EXPECT_LE(sample->acceptanceRatio, 1);
        }
    }
    EXPECT_GT(reheats, 10);
}

// Lewis schedule: the temperature changes only at the end of a chain (α per chain), and the run reheats to t0
// after R consecutive chains whose lowest cost did not beat the previous chain's.
TEST(SimulatedAnnealingTest, LewisScheduleCoolsPerChainAndReheatsAfterChainsWithoutImprovement) {
    const std::uint64_t chain = 50;
    const auto parameters = sa.parametersWith({{"schedule", "lewis"},
                                            {"lewis_chain_length", "50"},
                                            {"lewis_alpha", "0.5"},
                                            {"lewis_reheat_after", "3"}});
    RecordingSink sink;
    sink.setSampleEvery(1);
    sa.run(test::sudokuPuzzle(test::kAiEscargot), parameters, 9, &sink, 20'000);
    // Per step: the temperature after it (the last sample at that step) and the cost after it (the first).
    std::map<std::uint64_t, double> temperature;
    std::map<std::uint64_t, double> cost;
    std::set<std::uint64_t> reheatSteps;
    double t0 = -1;
    for (const Event& event : sink.events()) {
        if (const auto* sample = std::get_if<TemperatureSample>(&event)) {
            if (t0 < 0) t0 = sample->temperature;
            temperature[sample->at.steps] = sample->temperature;
        } else if (const auto* costSample = std::get_if<CostSample>(&event)) {
            cost.emplace(costSample->at.steps, costSample->current);
        } else if (const auto* reheat = std::get_if<Reheat>(&event)) {
            EXPECT_EQ(reheat->temperature, t0);
            reheatSteps.insert(reheat->at.steps);
        }
    }
    ASSERT_GT(t0, 0);
    double t = t0;
    double chainLow = cost.at(0), previousLow = chainLow + 1;
    int without = 0;
    std::set<std::uint64_t> predicted;
    for (std::uint64_t step = 1; step <= 20'000; ++step) {
        chainLow = std::min(chainLow, cost.at(step));
        if (step % chain == 0) {
            t *= 0.5;
            without = chainLow < previousLow ? 0 : without + 1;
            previousLow = chainLow;
            chainLow = cost.at(step);
            if (without >= 3) {
                t = t0;
                without = 0;
                chainLow = cost.at(step);
                previousLow = chainLow + 1;
                predicted.insert(step);
            }
        }
        ASSERT_DOUBLE_EQ(temperature.at(step), t) << "at step " << step;
    }
    EXPECT_EQ(reheatSteps, predicted);
    EXPECT_GT(predicted.size(), 3u);
}

TEST(SimulatedAnnealingTest, LewisInitialTemperatureIsTheCostDeviationOfARandomWalk) {
    const auto parameters = sa.parametersWith({{"schedule", "lewis"}});
    RecordingSink sink;
    const RunResult result = sa.run(test::sudokuPuzzle(test::kAiEscargot), parameters, 4, &sink, 10);
    const auto* first = [&]() -> const TemperatureSample* {
        for (const Event& event : sink.events())
            if (const auto* sample = std::get_if<TemperatureSample>(&event)) return sample;
        return nullptr;
    }();
    ASSERT_NE(first, nullptr);
    // A random walk over block permutations of AI Escargot moves the cost by a few units.
    EXPECT_GT(first->temperature, 0.5);
    EXPECT_LT(first->temperature, 10);
    // The walk's swaps are evaluations, not steps.
    EXPECT_EQ(result.counters.steps, 10u);
    EXPECT_EQ(result.counters.evaluations, 210u);
}

TEST(SimulatedAnnealingTest, HeatMapsRecordTheLastSwapOfEveryOpenCell) {
    const Puzzle puzzle = test::sudokuPuzzle(test::kPillayFigure1);
    RecordingSink sink;
    const RunResult result = sa.run(puzzle, sa.parametersWith({}), 2, &sink);
    ASSERT_EQ(result.outcome, Outcome::Solved);
    std::vector<double> expected(81, -1);
    for (int cell = 0; cell < 81; ++cell)
        if (!puzzle.sudoku().givens.value(cell)) expected[cell] = 0;
    for (const Event& event : sink.events())
        if (const auto* move = std::get_if<MoveEvent>(&event); move && move->move.kind == MoveKind::Swap)
            expected[move->move.cell] = expected[move->move.otherCell] = static_cast<double>(move->at.steps);
    const HeatMap* lastSwap = nullptr;
    const HeatMap* order = nullptr;
    for (const Event& event : sink.events()) {
        if (const auto* map = std::get_if<HeatMap>(&event)) {
            if (map->label == "last swap step") lastSwap = map;
            if (map->label == "cell filling order") order = map;
        }
    }
    ASSERT_NE(lastSwap, nullptr);
    ASSERT_NE(order, nullptr);
    EXPECT_EQ(lastSwap->values, expected);
    for (int a = 0; a < 81; ++a) {
        EXPECT_EQ(order->values[a] < 0, expected[a] < 0);
        for (int b = 0; b < 81; ++b)
            if (expected[a] >= 0 && expected[b] >= 0 && expected[a] < expected[b]) {
                EXPECT_LT(order->values[a], order->values[b]);
            }
    }
    EXPECT_EQ(*std::min_element(order->values.begin(), order->values.end()), -1);
    // Samples are thinned: far fewer temperature samples than steps.
    const auto samples = std::count_if(sink.events().begin(), sink.events().end(), [](const Event& e) {
        return std::holds_alternative<TemperatureSample>(e);
    });
    EXPECT_LT(static_cast<std::uint64_t>(samples), result.counters.steps / 500 + 10);
}

TEST(SimulatedAnnealingTest, SameSeedSameStreamOtherSeedOtherStream) {
    for (const char* schedule : {"thesis", "lewis"}) {
        const auto parameters = sa.parametersWith({{"schedule", schedule}});
        RecordingSink first, second, other;
        for (RecordingSink* sink : {&first, &second, &other}) sink->setSampleEvery(100);
        const Puzzle puzzle = test::sudokuPuzzle(test::kAiEscargot);
        sa.run(puzzle, parameters, 8, &first, 50'000);
        sa.run(puzzle, parameters, 8, &second, 50'000);
        sa.run(puzzle, parameters, 9, &other, 50'000);
        EXPECT_TRUE(first.events() == second.events()) << schedule;
        EXPECT_FALSE(first.events() == other.events()) << schedule;
        // A run nobody watches takes the same path.
        const RunResult unwatched = sa.run(puzzle, parameters, 8, nullptr, 50'000);
        const auto& finished = std::get<Finished>(first.events().back());
        EXPECT_EQ(unwatched.bestCost, finished.bestCost);
        EXPECT_EQ(unwatched.counters, finished.at);
    }
}

double valueOf(const DecisionDetail& decision, const std::string& name) {
    for (const DecisionValue& value : decision.values)
        if (value.name == name) return value.value;
    ADD_FAILURE() << "no '" << name << "' in \"" << decision.text << "\"";
    return 0;
}

// Every proposal of an explained run is a Decision whose numbers are the Metropolis rule's own: p = e^(−Δ/T)
// (1 for Δ ≤ 0), a draw only when Δ > 0 (an absent one, NaN, otherwise), accepted exactly when Δ ≤ 0 or the
// draw is below p, and the cost after an accepted swap is the cost the next proposal starts from. Fast cooling
// makes the run reheat.
TEST(SimulatedAnnealingTest, DecisionsFollowTheMetropolisRule) {
    for (const char* schedule : {"thesis", "lewis"}) {
        RecordingSink sink;
        sink.setWantsDecisions(true);
        const auto parameters = sa.parametersWith(
            {{"schedule", schedule}, {"t0", "3"}, {"alpha", "0.99"}, {"t_min", "0.3"}, {"lewis_chain_length", "50"},
             {"lewis_alpha", "0.8"}, {"lewis_reheat_after", "2"}});
        const RunResult result = sa.run(test::sudokuPuzzle(test::kAiEscargot), parameters, 3, &sink, 2000);
        ASSERT_EQ(result.counters.steps, 2000u) << schedule;
        std::uint64_t swaps = 0, accepted = 0, worseAccepted = 0, reheats = 0, moves = 0;
        std::optional<double> nextCost;
        std::uint64_t previousStep = 0;
        for (const Event& event : sink.events()) {
            if (const auto* move = std::get_if<MoveEvent>(&event))
                moves += move->move.kind == MoveKind::Swap;
            const auto* decision = std::get_if<Decision>(&event);
            if (!decision) continue;
            const DecisionDetail& detail = decision->detail();
            if (detail.action == "reheat") {
                ++reheats;
                EXPECT_GT(valueOf(detail, "temperature"), valueOf(detail, "temperature_before"));
                continue;
            }
            ASSERT_EQ(detail.action, "swap");
            ++swaps;
            EXPECT_EQ(decision->at.steps, previousStep + 1);
            previousStep = decision->at.steps;
            ASSERT_EQ(detail.cells.size(), 2u);
            ASSERT_TRUE(detail.accepted.has_value());
            const double before = valueOf(detail, "cost_before");
            const double after = valueOf(detail, "cost_after");
            const double delta = valueOf(detail, "delta");
            const double temperature = valueOf(detail, "temperature");
            const double probability = valueOf(detail, "probability");
            EXPECT_EQ(after, before + delta);
            if (nextCost) {
                EXPECT_EQ(before, *nextCost) << detail.text;
            }
            if (delta <= 0) {
                EXPECT_EQ(probability, 1.0);
                EXPECT_TRUE(std::isnan(valueOf(detail, "draw"))) << "no draw, none made up: " << detail.text;
                EXPECT_TRUE(*detail.accepted) << detail.text;
            } else {
                EXPECT_NEAR(probability, std::exp(-delta / temperature), 1e-12 * std::exp(-delta / temperature));
                const double draw = valueOf(detail, "draw");
                EXPECT_GE(draw, 0.0);
                EXPECT_LT(draw, 1.0);
                EXPECT_EQ(*detail.accepted, draw < probability) << detail.text;
                worseAccepted += *detail.accepted;
            }
            accepted += *detail.accepted;
            nextCost = *detail.accepted ? after : before;
            EXPECT_NE(detail.text.find(*detail.accepted ? "accepted" : "rejected"), std::string::npos);
        }
        EXPECT_EQ(swaps, 2000u) << schedule;
        EXPECT_EQ(moves, accepted) << schedule;  // every accepted swap, and only those, moved the board
        EXPECT_GT(worseAccepted, 0u) << schedule;
        EXPECT_LT(accepted, swaps) << schedule;
        EXPECT_GT(reheats, 0u) << schedule;
    }
}

TEST(SimulatedAnnealingTest, RejectsInvalidParameters) {
    EXPECT_EQ(sa.acceptedAmong({
                  {"schedule", "geometric"},
                  {"t0", "0"},
                  {"alpha", "1"},
                  {"alpha", "1.5"},
                  {"t_min", "-1"},
                  {"lewis_reheat_after", "0"},
                  {"sample_every", "10"},  // the receiver's choice now
                  {"lewis_chain_length", "x"}
              }),
              std::vector<std::string>{});

    // t_min must lie below t0: the run fails at once and says why.
    RecordingSink sink;
    const RunResult result = sa.run(test::sudokuPuzzle(test::kAiEscargot),
                                 sa.parametersWith({{"t0", "1"}, {"t_min", "2"}}), 1, &sink, 1000);
    EXPECT_EQ(result.outcome, Outcome::Failed);
    EXPECT_GT(result.bestCost, 0);
    bool explained = false;
    for (const Event& event : sink.events())
        if (const auto* explanation = std::get_if<Explanation>(&event))
            explained |= explanation->text.find("t_min") != std::string::npos;
    EXPECT_TRUE(explained);
}

TEST(SimulatedAnnealingTest, ConflictingGivensFail) {
    Puzzle conflicting = test::sudokuPuzzle(test::kPillayFigure1);
    std::get<SudokuPuzzle>(conflicting.content).givens.setValue(1, 4);  // a second 4 in row 1
    const RunResult result = sa.run(conflicting, sa.parametersWith({}), 1, nullptr, 1000);
    EXPECT_EQ(result.outcome, Outcome::Failed);
    EXPECT_GT(result.bestCost, 0);
}

TEST(SimulatedAnnealingTest, CompleteGridIsSolvedAtOnce) {
    const RunResult result =
        sa.run(test::sudokuPuzzle("3412124343212134"), sa.parametersWith({}), 1, nullptr, 1000);
    EXPECT_EQ(result.outcome, Outcome::Solved);
    EXPECT_EQ(result.counters.steps, 0u);
}

}  // namespace
}  // namespace pw
