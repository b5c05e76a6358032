#pragma once
// A simulated human solver whose predicted solving time rates a Sudoku (metric `human-time`). The essay, the
// citation and what differs from the model it follows are in human_model.cpp.

#include "base/parameters.h"
#include "sudoku/logic.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace pw {

// One step of a simulated solve and what was on offer before it: all the time model needs. The path a run takes
// does not depend on the time parameters, so a trace is simulated once and priced under any parameters
// (that is what makes calibration cheap).
struct HumanModelStep {
    enum class Kind : std::uint8_t { Single, Technique, Refutation };
    Kind kind = Kind::Single;
    int empty = 0;            // empty cells before the step
    int naked = 0;            // Single: naked-single cells on offer
    int hidden = 0;           // Single: hidden-single applications on offer
    int hiddenInBoxes = 0;    // Single: of those, the ones in a box
    int techniques = 0;       // Technique: applications of the easiest technique tier on offer
    int refutationScore = 0;  // Refutation: the singles its refutations took (logic.h)
    bool operator==(const HumanModelStep&) const = default;
};

struct HumanModelTrace {
    int startEmpty = 0;
    std::vector<std::vector<HumanModelStep>> runs;  // each run's steps, in order
};

// `runs` simulated solves of `givens`, run r drawn from one random stream seeded by `seed`; empty when the
// givens have no solution or `runs` is not positive.
std::optional<HumanModelTrace> traceHumanModel(const SudokuGrid& givens, int runs, std::uint64_t seed);

// The model's free parameters. Spearman's rho and every ranking are unchanged by the time unit, so the scan
// of one cell is the unit and there is no scale factor to fit.
struct HumanModelParameters {
    double nakedWeight = 0;      // how visible a naked single is, next to a hidden single in a box (1)
    double lineWeight = 1;       // how visible a hidden single in a row or column is, next to one in a box
    double scanExponent = 1;     // how the time to find a step grows with the places per step on offer
    double techniqueWeight = 0;  // a locked-candidates or pairs step, next to a single at the same odds
    double refutationWeight = 0; // each single a refutation takes
    double placementTime = 0;    // writing one digit
};
// The parameters as declared data (range, default, help): the defaults are the calibrated values of
// docs/manual/difficulty-lab.md, fitted on the fitted-on part of the human data (study/calibration.h).
const std::vector<ParameterSpec>& humanModelParameterSpecs();
HumanModelParameters humanModelParameters(const ParameterValues& values);
HumanModelParameters defaultHumanModelParameters();

// The predicted time of one step, and of a solve: the placement time for each empty cell plus every step's
// time, mean over the trace's runs.
double humanStepTime(const HumanModelStep& step, const HumanModelParameters& parameters);
double humanPredictedTime(const HumanModelTrace& trace, const HumanModelParameters& parameters);

}  // namespace pw
