#pragma once
// The decision log as a handout: the explained steps of a recorded run, from one step to another, each with its
// sentence, the numbers behind it and the board as the window shows it after the step, written as Markdown or
// HTML for a class ("the 20 proposals around the first reheat"). The run is re-run headless up to the last
// step asked for, with every step explained: determinism makes it the same run, and a run nobody explains
// pays nothing for explanations.

#include "io/recording.h"

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace pw {

// A handout stays readable and its file small: at most this many steps in one.
inline constexpr std::uint64_t kMaxHandoutSteps = 2000;

struct HandoutStep {
    Decision decision;
    Board board;  // after the step
};

struct Handout {
    RunRecording recording;
    std::uint64_t firstStep = 1;
    std::uint64_t lastStep = 1;
    std::vector<HandoutStep> steps;  // the explained steps from firstStep to lastStep, in order
    std::string error;               // why there is no handout: a range the run does not have, too many steps
};

// Re-runs `recording` to `lastStep` (1-based steps, both ends included) and keeps the explained steps in the
// range. Refused, with the reason, when the range is empty, longer than kMaxHandoutSteps, or starts after the
// run's last step; ends early, with what it has, when `cancel` turns true.
Handout collectHandout(const RunRecording& recording, std::uint64_t firstStep, std::uint64_t lastStep,
                       const std::atomic<bool>* cancel = nullptr);

// The handout as Markdown: the run's inputs, then a section per step with its sentence, its numbers and the
// board as a text grid in which the cells the step is about are bracketed.
std::string handoutMarkdown(const Handout& handout);
// The same as one self-contained HTML page (no scripts, no external files): boards as tables, the cells the
// step is about shaded, and a page break before a board that would not fit on the printed page.
std::string handoutHtml(const Handout& handout);

}  // namespace pw
