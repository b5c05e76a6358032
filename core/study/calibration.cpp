// Calibration of the simulated human solver. Spearman's rho is the target because the human values (times,
// D_TO) are skewed and the model's unit is arbitrary: only the order matters. The search is a plain coordinate
// search over a fixed grid: six parameters, a few hundred evaluations of a cheap sum (the simulated solves are
// priced, not re-run), and a result that depends only on the samples.

#include "study/calibration.h"

#include <cmath>
#include <cstdint>
#include <stdexcept>

namespace pw {

namespace {

std::uint64_t fnv1a(std::string_view salt, std::string_view key) {
    std::uint64_t hash = 14695981039346656037ull;
    auto mix = [&](std::string_view text) {
        for (const char c : text) {
            hash ^= static_cast<unsigned char>(c);
            hash *= 1099511628211ull;
        }
    };
    mix(salt);
    mix(key);
    return hash;
}

constexpr int kGridPoints = 17;
constexpr int kMaxRounds = 6;

// The values tried for one parameter: geometric over its range, with 0 first when the range starts at 0.
std::vector<double> gridOf(const ParameterSpec& spec) {
    std::vector<double> values;
    double low = spec.minimum;
    int points = kGridPoints;
    if (low <= 0) {
        values.push_back(0);
        low = spec.maximum / 1000;
        --points;
    }
    for (int i = 0; i < points; ++i)
        values.push_back(low * std::pow(spec.maximum / low, static_cast<double>(i) / (points - 1)));
    return values;
}

double* parameterField(HumanModelParameters& p, const std::string& key) {
    if (key == "naked_weight") return &p.nakedWeight;
    if (key == "line_weight") return &p.lineWeight;
    if (key == "scan_exponent") return &p.scanExponent;
    if (key == "technique_weight") return &p.techniqueWeight;
    if (key == "refutation_weight") return &p.refutationWeight;
    return &p.placementTime;
}

std::optional<Correlation> rankAgreement(const std::vector<const CalibrationSample*>& samples,
                                         const HumanModelParameters& parameters) {
    std::vector<double> predicted, human;
    predicted.reserve(samples.size());
    human.reserve(samples.size());
    for (const CalibrationSample* sample : samples) {
        predicted.push_back(humanPredictedTime(sample->trace, parameters));
        human.push_back(sample->human);
    }
    return spearman(predicted, human);
}

double rho(const std::vector<const CalibrationSample*>& samples, const HumanModelParameters& parameters) {
    const auto correlation = rankAgreement(samples, parameters);
    return correlation ? correlation->r : -1;
}

}  // namespace

bool isHeldOut(std::string_view puzzleKey) { return fnv1a("holdout:", puzzleKey) % 5 == 0; }

int crossValidationFold(std::string_view puzzleKey, int folds) {
    return static_cast<int>(fnv1a("fold:", puzzleKey) % static_cast<std::uint64_t>(folds));
}

HumanModelFit fitHumanModel(const std::vector<const CalibrationSample*>& samples) {
    // Two starts, the defaults and every weight at 1, so a fit is not held by where the defaults happen to be.
    HumanModelFit best{defaultHumanModelParameters(), -2};
    for (const HumanModelParameters& start : {defaultHumanModelParameters(), HumanModelParameters{1, 1, 1, 1, 1, 1}}) {
        HumanModelFit fit{start, rho(samples, start)};
        for (int round = 0; round < kMaxRounds; ++round) {
            bool moved = false;
            for (const ParameterSpec& spec : humanModelParameterSpecs()) {
                for (const double value : gridOf(spec)) {
                    HumanModelParameters trial = fit.parameters;
                    *parameterField(trial, spec.key) = value;
                    const double r = rho(samples, trial);
                    if (r > fit.spearman + 1e-9) {
                        fit = {trial, r};
                        moved = true;
                    }
                }
            }
            if (!moved) break;
        }
        if (fit.spearman > best.spearman) best = fit;
    }
    return best;
}

Calibration calibrateHumanModel(const std::vector<CalibrationSample>& samples, int folds) {
    if (folds < 2) throw std::invalid_argument("cross-validation needs at least 2 folds");
    std::vector<const CalibrationSample*> fittedOn, heldOut;
    for (const auto& sample : samples) (isHeldOut(sample.puzzleKey) ? heldOut : fittedOn).push_back(&sample);
    if (heldOut.size() < 4 || fittedOn.size() < static_cast<std::size_t>(4 * folds))
        throw std::invalid_argument("too few puzzles: " + std::to_string(fittedOn.size()) + " to fit on and " +
                                    std::to_string(heldOut.size()) + " held out; calibration needs 4 per fold and 4 "
                                    "held out");

    Calibration result;
    result.folds = folds;
    for (int fold = 0; fold < folds; ++fold) {
        std::vector<const CalibrationSample*> train, test;
        for (const CalibrationSample* sample : fittedOn)
            (crossValidationFold(sample->puzzleKey, folds) == fold ? test : train).push_back(sample);
        const HumanModelFit fit = fitHumanModel(train);
        FoldResult foldResult{static_cast<int>(train.size()), static_cast<int>(test.size()), fit.spearman,
                              rho(test, fit.parameters), fit.parameters};
        result.foldResults.push_back(foldResult);
        result.meanOutOfSample += foldResult.outOfSample / folds;
    }
    const auto orNone = [](const std::optional<Correlation>& c) { return c.value_or(Correlation{}); };
    result.fit = fitHumanModel(fittedOn);
    result.inSample = orNone(rankAgreement(fittedOn, result.fit.parameters));
    result.heldOut = orNone(rankAgreement(heldOut, result.fit.parameters));
    result.defaults = orNone(rankAgreement(heldOut, defaultHumanModelParameters()));
    return result;
}

}  // namespace pw
