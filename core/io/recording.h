#pragma once
// A run recording: everything needed to repeat one run exactly — the puzzle, the algorithm and its
// parameters, the seed, the budgets and the workbench version — in a small JSON file. Runs are deterministic
// (same seed and parameters give the same event stream), so the recording holds the inputs, not the events:
// replaying re-runs the algorithm headless and gets the very same events back.
//
// Wall-clock time limits and the Stop button are not reproducible. The recording therefore keeps the steps
// the run actually took, and a run that a clock or a person ended is replayed with a step budget equal to
// them: the replay ends on the same step, with the same board, and only its Finished reason names the step
// budget instead of the clock.
//
// Reading is strict: a syntax error, a missing or mistyped field, an unknown algorithm, or parameters that no
// longer validate against the algorithm's declarations give one error with file:line:column.

#include "base/events.h"
#include "base/parameters.h"
#include "engine/runner.h"
#include "io/formats.h"
#include "puzzle/puzzle.h"

#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace pw {

// A recording holds inputs only (a puzzle, parameters, numbers): a file above this size is refused unread.
inline constexpr std::uintmax_t kMaxRecordingBytes = std::uintmax_t{4} << 20;
// The most steps a recording may claim: a replay re-runs every one of them.
inline constexpr std::uint64_t kMaxRecordedSteps = 1'000'000'000;

// The project version this build was made from ("0.1.0").
const char* workbenchVersion();

// The budgets the run was given; 0 means none.
struct RecordedBudgets {
    std::uint64_t maxSteps = 0;
    std::uint64_t maxEvaluations = 0;
    std::uint64_t stagnationSteps = 0;
    double timeLimitSeconds = 0;
    bool operator==(const RecordedBudgets&) const = default;
};

// How the recorded run ended; a replay is checked against it.
struct RecordedResult {
    Outcome outcome = Outcome::Failed;
    std::string reason;
    Counters counters;
    double bestCost = 0;
    bool operator==(const RecordedResult&) const = default;
};

struct RunRecording {
    std::string workbenchVersion;
    std::string algorithmId;
    ParameterValues parameters;
    std::uint64_t seed = 0;
    Puzzle puzzle;
    RecordedBudgets budgets;
    RecordedResult result;

    // True when the run ended by something a replay cannot repeat (a clock, a person): it is then replayed
    // with a step budget equal to the steps it took.
    bool endedByClockOrPerson() const;
    // The stop conditions that end a replay on the recorded run's last step.
    StopConditions replayStopConditions() const;
};

// The recording of a finished run: from the runner's result, or from the Finished event that closed it (what
// the window sees of a run).
RunRecording makeRecording(const Puzzle& puzzle, const std::string& algorithmId, const ParameterValues& parameters,
                           std::uint64_t seed, const RecordedBudgets& budgets, const RecordedResult& result);
RunRecording makeRecording(const Puzzle& puzzle, const std::string& algorithmId, const ParameterValues& parameters,
                           std::uint64_t seed, const RecordedBudgets& budgets, const RunResult& result);
RecordedResult recordedResultOf(const Finished& finished);

// The JSON text of a recording (pretty-printed, with a comment field that explains replay).
std::string formatRecording(const RunRecording& recording);

struct RecordingRead {
    std::optional<RunRecording> recording;
    ParseError error;  // set when `recording` is empty
    // What the reader skipped and why: a retired parameter an older recording names ("parameters.sample_every:
    // ignored; ..."). The recording still replays exactly, because skipped keys never changed the run's path.
    std::vector<std::string> notes;
};
// Parses and validates a recording; `sourceName` names the source in errors.
RecordingRead parseRecording(std::string_view text, const std::string& sourceName);
RecordingRead loadRecording(const std::string& path);
// Written atomically; false and `error` set on failure.
bool saveRecording(const std::string& path, const RunRecording& recording, std::string& error);
// Whether `text` claims to be a recording (a JSON object naming the recording format): lets a caller that
// opens "a file" tell recordings from puzzle files without guessing from the name.
bool looksLikeRecording(std::string_view text);

// Re-runs the recorded run headless, sending its events to `sink` (may be null); any of `stopFlags` turning
// true ends it early, as the Stop button ends a run.
RunResult replayRecording(const RunRecording& recording, EventSink* sink,
                          std::initializer_list<const std::atomic<bool>*> stopFlags = {});

}  // namespace pw
