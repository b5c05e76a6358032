#pragma once
// Fitting the simulated human solver (sudoku/human_model.h) to human solving data, with honest validation:
// a hold-out part fixed before any fitting, and k-fold cross-validation with fixed folds on the rest.

#include "base/statistics.h"
#include "sudoku/human_model.h"

#include <string>
#include <string_view>
#include <vector>

namespace pw {

// The hold-out split, written down before fitting: a puzzle is held out when the FNV-1a hash of
// "holdout:" + its join key (csv_table.h, puzzleJoinKey) is 0 modulo 5 — about one puzzle in five, the same
// puzzles in every file and on every machine. Fitting never sees them.
bool isHeldOut(std::string_view puzzleKey);
// The cross-validation fold (0 .. folds-1) of a fitted-on puzzle: FNV-1a of "fold:" + its join key, modulo folds.
int crossValidationFold(std::string_view puzzleKey, int folds);

struct CalibrationSample {
    std::string puzzleKey;  // puzzleJoinKey of the puzzle
    HumanModelTrace trace;
    double human = 0;       // the human value the model should rank alike
};

// The parameters that maximise Spearman's rho between predicted time and the human value on `samples`,
// by coordinate search over a fixed grid within each parameter's declared range, from the defaults and from
// every weight at 1; the same samples give the same fit.
struct HumanModelFit {
    HumanModelParameters parameters;
    double spearman = 0;  // on the samples fitted
};
HumanModelFit fitHumanModel(const std::vector<const CalibrationSample*>& samples);

struct FoldResult {
    int fitted = 0;          // puzzles fitted on
    int tested = 0;          // puzzles of the fold
    double inSample = 0;     // Spearman on the puzzles fitted on
    double outOfSample = 0;  // Spearman on the fold, with the parameters fitted without it
    HumanModelParameters parameters;
};
struct Calibration {
    int folds = 0;
    std::vector<FoldResult> foldResults;
    double meanOutOfSample = 0;  // the folds' out-of-sample rho, averaged (each fold's fit has its own scale,
                                 // so their predictions are not pooled into one ranking)
    HumanModelFit fit;           // on every fitted-on puzzle: the parameters to use
    Correlation inSample;        // that fit on the puzzles it was fitted on
    Correlation heldOut;         // that fit on the held-out puzzles (the honest figure)
    Correlation defaults;        // the default parameters on the held-out puzzles
};
// Throws std::invalid_argument when either part has fewer than 4 puzzles per fold.
Calibration calibrateHumanModel(const std::vector<CalibrationSample>& samples, int folds);

}  // namespace pw
