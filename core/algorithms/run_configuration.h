#pragma once
// One way to configure a run, for every caller (the CLI's solve and bench, recordings, the window, the race):
// the algorithm id resolved, the puzzle kind checked, the `KEY=VALUE` assignments applied to the declared
// parameters and the cross-parameter rules checked. A failure is a structured error whose message is ready to
// print as it is: callers name their own options through RunNaming instead of rewriting the text.

#include "engine/algorithm.h"
#include "puzzle/puzzle_kind.h"

#include <optional>
#include <string>
#include <vector>

namespace pw {

// How the caller's user named what is configured, for the messages.
struct RunNaming {
    // Put before messages about the algorithm ("--algorithm", "--race": "--race: unknown algorithm ..."); none
    // when empty.
    std::string algorithmOption;
    // The option that gave the assignments: "--param KEY=VALUE: reason", "--param: rule". Empty: the bare
    // reason (a recording names its own place).
    std::string parameterOption = "--param";
    // The configuration's name before a broken rule when several are configured ("--param: sa#2: ...").
    std::string label;
    // The assignments are "TARGET.KEY=VALUE" (the bench's and race's form): the target is left out when
    // applying them and kept when quoting them.
    bool targeted = false;
};

enum class RunConfigurationPart {
    Algorithm,   // the id is not a registered algorithm
    PuzzleKind,  // the algorithm does not solve the puzzle's kind
    Parameter,   // an assignment is malformed, names no parameter, or its value is of the wrong type or range
    Rule,        // the values break a cross-parameter rule
};

struct RunConfigurationError {
    RunConfigurationPart part = RunConfigurationPart::Algorithm;
    std::string parameter;  // Parameter: the key assigned (empty when malformed); Rule: the first key involved
    std::string allowed;    // Parameter: what the parameter allows ("an integer from 1 to 500"), if it exists
    std::string message;    // the whole message, to print as it is
};

struct RunConfiguration {
    const AlgorithmEntry* algorithm = nullptr;  // null on error
    ParameterValues parameters;
    std::optional<RunConfigurationError> error;

    explicit operator bool() const { return !error.has_value(); }
};

// Resolves `algorithmId`, checks that it solves `puzzleKind` (unless empty: a batch of mixed kinds checks each
// puzzle with unsupportedKindMessage), applies `assignments` in order to `startingValues` (the defaults when
// null) and checks the rules.
RunConfiguration configureRun(const std::string& algorithmId, const std::vector<std::string>& assignments,
                              std::optional<PuzzleKind> puzzleKind, const RunNaming& naming = {},
                              const ParameterValues* startingValues = nullptr);

// "algorithm 'sa' does not solve nurikabe puzzles (it solves: sudoku)".
std::string unsupportedKindMessage(const AlgorithmInfo& info, PuzzleKind kind);

}  // namespace pw
