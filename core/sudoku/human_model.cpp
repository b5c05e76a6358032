// A simulated human solver that predicts how long people take over a Sudoku (metric `human-time`).
//
// The idea follows R. Pelánek, "Difficulty rating of sudoku puzzles by a computational model", Twenty-Fourth
// International FLAIRS Conference, 2011 (reference [12] of Křivánek's thesis, summarised in its §2.3): a
// solver that takes the steps a person takes, whose difficulty is read from the solve. Pelánek reads it from
// the refutation steps; most puzzles people solve for fun need none (94-95 % of the bundled Cloud Sudoku data),
// so here every step has a time and the prediction is their sum. The thesis's summary is our source for his
// model: this is our own model in its spirit, not a reimplementation of his.
//
// The solve (traceHumanModel). From the givens, as the logic model of logic.cpp: while a single applies, one
// chosen uniformly at random among every naked-single cell and hidden-single application is placed; when none
// does, the easiest tier of the logic model's techniques that applies (locked candidates, then naked and hidden
// pairs) gives one application, chosen at random, which eliminates candidates; when none applies either,
// Pelánek's refutation step places the cell whose wrong candidates singles refute fastest. Each step records
// what was on offer before it. The path does not depend on the time parameters below, so one simulation is
// priced under any parameters; that is what makes the calibration (study/calibration.h) cheap.
//
// The time of a step (humanStepTime), in cell scans (E: empty cells before the step; γ: scan exponent):
// - a single: (E / (b + λ·l + ν·n))^γ, with b hidden-single applications in boxes, l in rows and columns and
//   n naked-single cells on offer — the places a person looks at before one falls, per single on offer: a
//   single that is the only one on the board is far harder to find than one of twenty. Where it is counts
//   too: λ weighs a digit with one place in a row or column against one with one place in a box (cross-hatching
//   a box is what people do first), and ν a naked single (a cell whose peers hold all digits but one), which
//   people find harder to see than a digit with one place in a unit;
// - a technique step: E^γ (a scan for singles that found none) + α·(E / k)^γ with k applications on offer;
// - a refutation step: E^γ + ρ·s, with s the singles its refutations took;
// and a solve takes τ for writing each of its empty cells. The predicted time is the mean over the runs of
// the solve's total.
//
// What differs from Pelánek's model and why: the time of a single depends on how many are on offer (his model
// weighs only the refutation steps); the logic model's locked candidates and pairs come before refutation
// (a person who knows them uses them); where a single is on the board counts only as the kind of unit that
// shows it. The six parameters are fitted to the human data by `puzzle-cli calibrate` (study/calibration.h)
// on a fixed part of it and reported on the rest; their defaults are the values of that fit
// (docs/manual/difficulty-lab.md gives the command and the figures).
//
// The numbers reached: the thesis's Table 3.1 gives the model's refutation metrics 0.68-0.83 with median human
// times on its own data, which is not public. On the bundled Cloud Sudoku data, out of sample, this model
// reaches Spearman 0.82 with D_TO and 0.67-0.75 with the mean solving time (the refutation metrics: 0.35).

#include "sudoku/human_model.h"

#include "sudoku/sudoku_exact.h"

#include <cmath>

namespace pw {

std::optional<HumanModelTrace> traceHumanModel(const SudokuGrid& givens, int runs, std::uint64_t seed) {
    const SudokuSolveResult solved = solveSudoku(givens, 1);
    if (!solved.firstSolution || runs <= 0) return std::nullopt;
    Rng rng(seed);
    HumanModelTrace trace;
    const LogicGrid start(givens);
    trace.startEmpty = start.emptyCount();
    trace.runs.resize(static_cast<std::size_t>(runs));
    std::uint64_t refutationSingles = 0;
    for (auto& steps : trace.runs) {
        LogicGrid grid = start;
        while (grid.emptyCount() > 0) {
            HumanModelStep step;
            step.empty = grid.emptyCount();
            SinglesOnOffer offered;
            const SinglesOutcome outcome = placeRandomSingle(grid, rng, &offered);
            if (outcome == SinglesOutcome::Contradiction) break;  // not reached from givens with a solution
            if (outcome == SinglesOutcome::Placed) {
                step.naked = offered.naked;
                step.hidden = offered.hidden;
                step.hiddenInBoxes = offered.hiddenInBoxes;
                steps.push_back(step);
                continue;
            }
            const std::vector<LogicStep> techniques = easiestApplications(grid, TechniqueSet{});
            if (!techniques.empty()) {
                step.kind = HumanModelStep::Kind::Technique;
                step.techniques = static_cast<int>(techniques.size());
                grid.apply(techniques[rng.below(static_cast<std::uint32_t>(techniques.size()))]);
                steps.push_back(step);
                continue;
            }
            const LogicStep refutation = refuteCheapestCell(grid, *solved.firstSolution, rng, refutationSingles);
            if (!refutation.places()) break;
            grid.place(refutation.placeCell, refutation.placeDigit);
            step.kind = HumanModelStep::Kind::Refutation;
            step.refutationScore = refutation.refutationScore;
            steps.push_back(step);
        }
    }
    return trace;
}

const std::vector<ParameterSpec>& humanModelParameterSpecs() {
    static const std::vector<ParameterSpec> specs = {
        ParameterSpec::real("naked_weight", 0.01, 0.01, 4,
                            "how visible a naked single is next to a hidden single in a box (ν; 1: as visible)"),
        ParameterSpec::real("line_weight", 1.3, 0.01, 4,
                            "how visible a hidden single in a row or column is next to one in a box (λ)"),
        ParameterSpec::real("scan_exponent", 1.18, 0.25, 3,
                            "how the time to find a step grows with the places per step on offer (γ)"),
        ParameterSpec::real("technique_weight", 100, 0, 1000,
                            "a locked-candidates or pairs step next to a single at the same odds (α)"),
        ParameterSpec::real("refutation_weight", 1000, 0, 1000, "each single a refutation step takes (ρ)"),
        ParameterSpec::real("placement_time", 0.63, 0, 100, "writing one digit, in cell scans (τ)"),
    };
    return specs;
}

HumanModelParameters humanModelParameters(const ParameterValues& values) {
    return {values.real("naked_weight"), values.real("line_weight"), values.real("scan_exponent"), values.real("technique_weight"),
            values.real("refutation_weight"), values.real("placement_time")};
}

HumanModelParameters defaultHumanModelParameters() {
    return humanModelParameters(ParameterValues(humanModelParameterSpecs()));
}

double humanStepTime(const HumanModelStep& step, const HumanModelParameters& p) {
    const double empty = step.empty;
    const double fruitlessScan = std::pow(empty, p.scanExponent);
    switch (step.kind) {
    case HumanModelStep::Kind::Single:
        return std::pow(empty / (step.hiddenInBoxes + p.lineWeight * (step.hidden - step.hiddenInBoxes) +
                                 p.nakedWeight * step.naked),
                        p.scanExponent);
    case HumanModelStep::Kind::Technique:
        return fruitlessScan + p.techniqueWeight * std::pow(empty / step.techniques, p.scanExponent);
    case HumanModelStep::Kind::Refutation: return fruitlessScan + p.refutationWeight * step.refutationScore;
    }
    return 0;
}

double humanPredictedTime(const HumanModelTrace& trace, const HumanModelParameters& parameters) {
    if (trace.runs.empty()) return 0;
    double total = 0;
    for (const auto& steps : trace.runs)
        for (const HumanModelStep& step : steps) total += humanStepTime(step, parameters);
    return parameters.placementTime * trace.startEmpty + total / static_cast<double>(trace.runs.size());
}

}  // namespace pw
