#pragma once
// The pieces the algorithms' Decision sentences share: cell names, signed changes and the Metropolis test of
// both annealers. Called only when the sink wants decisions (wantsDecisions), so nothing here is on the path
// of a run nobody explains.

#include "base/events.h"
#include "engine/algorithm.h"
#include "base/text_format.h"

#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace pw {

// "r3c4" for row 2, column 3 (counted from 0), as the board's labels count from 1.
inline std::string cellName(int row, int column) {
    return "r" + std::to_string(row + 1) + "c" + std::to_string(column + 1);
}

// "+1", "−2", "0": a change written with its sign.
inline std::string signedNumber(double value) {
    if (value > 0) return "+" + formatNumber(value);
    if (value < 0) return "\u2212" + formatNumber(-value);
    return "0";
}

// One annealing proposal: `proposal` says what would change ("swap r3c4=7 ↔ r3c6=2 in box 2"), the rest is
// the Metropolis test as the annealers run it — a change that does not raise the cost is accepted without a
// draw (then its "draw" is kNoDecisionValue, null in a trace: every decision names the same numbers, and none
// is made up), a worse one when the draw is below p = e^(−Δ/T).
inline Decision annealingDecision(const Counters& at, std::string proposal, std::vector<int> cells, int costBefore,
                                  int delta, double temperature, double probability, std::optional<double> draw,
                                  bool accepted) {
    const int costAfter = costBefore + delta;
    std::string text = std::move(proposal) + ": cost " + std::to_string(costBefore) + " \u2192 " +
                       std::to_string(costAfter) + " (\u0394 " + signedNumber(delta) + "); T = " +
                       formatNumber(temperature, 3) + "; ";
    if (draw) {
        text += "p = e^(\u2212" + std::to_string(delta) + "/" + formatNumber(temperature, 3) + ") = " +
                formatNumber(probability, 3) + "; draw " + formatNumber(*draw, 3) +
                (accepted ? " < p \u2192 accepted" : " \u2265 p \u2192 rejected");
    } else {
        text += "p = 1 (\u0394 \u2264 0), no draw \u2192 accepted";
    }
    DecisionDetail detail{"swap", std::move(text), std::move(cells), {}, accepted, {}, {}};
    detail.values = {{"cost_before", static_cast<double>(costBefore)},
                     {"cost_after", static_cast<double>(costAfter)},
                     {"delta", static_cast<double>(delta)},
                     {"temperature", temperature},
                     {"probability", probability},
                     {"draw", draw.value_or(kNoDecisionValue)}};
    return Decision(at, std::move(detail));
}

// What a step of either annealer is: a swap proposed, explained by its Metropolis test as annealingDecision
// builds it, and the events Run until can stop on.
inline void describeAnnealingStep(AlgorithmInfo& info) {
    info.stepMeaning = "one swap proposed";
    info.stepUnit = "proposals";
    info.stepDecision = {"swap", {"cost_before", "cost_after", "delta", "temperature", "probability", "draw"}, "", true};
    info.stepEvents = {StepEvent::Refusal, StepEvent::WorseAccepted, StepEvent::Reheat, StepEvent::NewBest};
}

// A reheat: why it happened and the temperatures before and after.
inline Decision reheatDecision(const Counters& at, const std::string& reason, double before, double after,
                               int cost) {
    return Decision(
        at, {"reheat",
             reason + ": reheat from T = " + formatNumber(before, 3) + " to T = " + formatNumber(after, 3) +
                 " at cost " + std::to_string(cost),
             {},
             {{"temperature_before", before}, {"temperature", after}, {"cost", static_cast<double>(cost)}},
             std::nullopt,
             {},
             {}});
}

// Which rule a Sudoku digit breaks in a cell, from the used-digit masks of its row, column and box: "4 is
// already in row 1" (the first unit that holds it, in that order).
inline std::string sudokuConflict(int digit, bool inRow, bool inColumn, bool inBox, int row, int column, int box) {
    const std::string d = std::to_string(digit);
    if (inRow) return d + " is already in row " + std::to_string(row + 1);
    if (inColumn) return d + " is already in column " + std::to_string(column + 1);
    if (inBox) return d + " is already in box " + std::to_string(box + 1);
    return d + " breaks no rule";
}

// One step of a depth-first search: `text` says what was tried and what came of it; `stack` is the search
// stack after the step, outermost first ("r1c3=4"), and `depth` its length.
inline Decision searchDecision(const Counters& at, std::string action, std::string text, std::vector<int> cells,
                               std::vector<std::string> stack, std::vector<DecisionValue> more = {}) {
    std::vector<DecisionValue> values{{"depth", static_cast<double>(stack.size())}};
    values.insert(values.end(), more.begin(), more.end());
    return Decision(at, {std::move(action), std::move(text), std::move(cells), std::move(values),
                         std::nullopt, "search stack", std::move(stack)});
}

}  // namespace pw
