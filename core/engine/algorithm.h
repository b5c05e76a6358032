#pragma once
// An algorithm is a value behind one interface: declared parameters, started on a puzzle with a seed, then
// advanced by step() — one iteration of the paper's main loop (one value suggested, one search node, one
// proposal, one generation). Stepping is exact and deterministic in the CLI, the tests and the GUI alike.

#include "base/event_sinks.h"
#include "base/parameters.h"
#include "engine/step_events.h"
#include "puzzle/puzzle.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pw {

enum class StepStatus {
    Running,  // more steps to come
    Solved,   // the current board solves the puzzle
    Failed,   // the algorithm ended without a solution (exhausted its search, or its own end condition)
};

class Algorithm {
public:
    virtual ~Algorithm() = default;

    // Prepares a run; `parameters` were validated against the algorithm's declarations. `sink` may be null.
    virtual void start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed,
                       EventSink* sink) = 0;
    virtual StepStatus step() = 0;
    // Up to `count` steps, ending after the first that is not Running: its status, or Running when all ran.
    // The runner's loop between two stop-condition checks; an algorithm whose steps take nanoseconds
    // overrides it with runSteps() (algorithm_base.h) so that its step() is called directly, not virtually.
    virtual StepStatus steps(std::uint64_t count) {
        for (; count > 0; --count)
            if (const StepStatus status = step(); status != StepStatus::Running) return status;
        return StepStatus::Running;
    }
    // steps() that also ends after the first step lowering bestCost(), so that a caller learns the exact step of
    // every fall of the best cost (a bench's run times to targets); `taken` receives the number of steps run.
    virtual StepStatus stepsUntilBestFalls(std::uint64_t count, std::uint64_t& taken) {
        const double best = bestCost();
        for (taken = 0; taken < count;) {
            const StepStatus status = step();
            ++taken;
            if (status != StepStatus::Running || bestCost() < best) return status;
        }
        return StepStatus::Running;
    }
    // Called once when the run ends for any reason, before the runner's Finished event: a place for the
    // algorithm's closing events (heat maps, summaries).
    virtual void finish() {}

    // What the run found beyond the board, for the result and `solve --json`: Pillay's GP reports the
    // solving `program` and the `generation` it appeared in. Asked once, when the run has ended.
    virtual std::vector<std::pair<std::string, ParameterValue>> results() const { return {}; }

    virtual Counters counters() const = 0;
    // The most evaluations one step() can add (after start()), so that an evaluation budget need not be asked
    // after every step; 0 when there is no such bound.
    virtual std::uint64_t maxEvaluationsPerStep() const { return 0; }
    // The algorithm's own cost of its best board so far; 0 means solved.
    virtual double bestCost() const = 0;
    virtual Board currentBoard() const = 0;
    virtual Board bestBoard() const = 0;

    // What a long set-up in start() (a first population of distinct programs) asks between its parts: true
    // when the run's time limit or Stop flag has fired, and start() must return at once. The runner sets it around start() and then ends the run with that condition's verdict.
    void setSetupInterruption(std::function<bool()> interrupted) { m_setupInterrupted = std::move(interrupted); }

protected:
    bool setupInterrupted() const { return m_setupInterrupted && m_setupInterrupted(); }

private:
    std::function<bool()> m_setupInterrupted;
};

enum class AlgorithmFamily { Exact, Logic, LocalSearch, Evolutionary, Swarm };
const char* algorithmFamilyName(AlgorithmFamily family);  // "exact", "logic", "local search", ...

// What the Decision every step sends (when the receiver wants decisions) carries: the Decision panel and the
// trace files read these names, and the decisions suite holds every algorithm to its declaration.
struct StepDecision {
    std::string action;               // the per-step action: "swap", "fill", "try"
    std::vector<std::string> values;  // named values every decision of `action` carries
    std::string listLabel;            // the list every decision of `action` carries ("search stack"), empty for none
    bool verdict = false;             // every decision of `action` says whether it was accepted
};

struct AlgorithmInfo {
    std::string id;       // "backtracking"
    std::string name;     // "Brute force (backtracking)"
    AlgorithmFamily family = AlgorithmFamily::Exact;
    std::string paper;    // full reference
    std::string summary;  // one paragraph for the GUI and `puzzle-cli algorithms`
    std::string stepMeaning;  // "one value suggested"
    // What a step is, as a short plural unit for rates and speeds: "proposals" (so "20 proposals/s"),
    // "search nodes", "generations".
    std::string stepUnit;
    StepDecision stepDecision;
    // The kinds of step its runs produce, that Run until can pause at (a refusal, a reheat, a restart, ...).
    std::vector<StepEvent> stepEvents;
    std::vector<PuzzleKind> kinds;
    std::vector<ParameterSpec> parameters;
    // Relations between the parameters (t_min below t0, ...): values that break one are refused before a run.
    std::vector<ParameterRule> parameterRules;
    // The names of the parts its cost samples carry, in their order ("rows", "columns", ...; "island size",
    // ...); empty when its samples carry none. Charts draw one line per part, trace files name them.
    std::vector<std::string> costParts;
    bool usesSeed = true;

    bool supports(PuzzleKind kind) const;
};

struct AlgorithmEntry {
    AlgorithmInfo info;
    std::function<std::unique_ptr<Algorithm>()> create;
};

// The description of an algorithm that is `parent` with additions: its own id, name and summary, and the
// parent's parameters followed by `added`.
AlgorithmInfo variantOf(AlgorithmInfo parent, std::string id, std::string name, std::string summary,
                        std::vector<ParameterSpec> added);

}  // namespace pw
