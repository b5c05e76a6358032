#pragma once
// The algorithms that explain every step they take: the action of each one's per-step Decision and what every
// such decision carries. One table for the Decision events of the core (decisions_test.cpp) and for the
// "decision" lines of a `puzzle-cli solve --trace-every 1` trace (cli_test.cpp), read from each algorithm's
// decision code.

#include "test_support.h"

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

namespace pw::test {

struct ExplainedAlgorithm {
    std::string id;
    std::vector<std::string> values; // named values every decision of `action` carries
    std::string action;              // the per-step action
    std::string listLabel;           // the list every decision of `action` carries, empty for none
    bool verdict = false;            // every decision of `action` says whether it was accepted
};

// A failing test names the algorithm, not the bytes of its row.
inline void PrintTo(const ExplainedAlgorithm& algorithm, std::ostream* out) { *out << algorithm.id; }

inline std::vector<ExplainedAlgorithm> explainedAlgorithms() {
    const std::vector<std::string> annealing{"cost_before", "cost_after",  "delta",
                                             "temperature", "probability", "draw"};
    const std::vector<std::string> harmony{"from_memory", "pitch_adjusted", "random",         "cost",
                                           "worst_cost",  "best_cost",      "replaced_member"};
    const std::vector<std::string> egg{"cost_before", "cost_after", "host_cost", "nest", "host"};
    const std::vector<std::string> generation{"cost_before", "cost_after",    "population",
                                              "offspring",   "pairs_crossed", "cells_swapped",
                                              "mutants",     "cells_redrawn"};
    return {
        {"sa", annealing, "swap", "", true},
        {"nurikabe-sa", annealing, "swap", "", true},
        {"harmony", harmony, "improvise", ""},
        {"nurikabe-harmony", harmony, "improvise", ""},
        {"random-fill", {"cost", "best_cost"}, "fill", ""},
        {"backtracking", {"depth", "value", "backtracks", "empty_cells"}, "try", "search stack"},
        {"nurikabe-backtracking",
         {"depth", "island", "backtracks", "islands_left"},
         "reject",
         "search stack"},
        {"gp",
         {"generation", "selections", "mutations", "crossovers", "generation_best", "best_before",
          "best_after"},
         "generation",
         ""},
        {"gp-random", {"length", "fitness", "best_cost"}, "draw", ""},
        {"exact", {"depth", "solutions"}, "branch", "search stack"},
        {"logic", {"applications", "empty_cells"}, "technique", ""},
        {"nurikabe-logic", {"rule", "cells_decided", "depth", "undecided"}, "deduce", ""},
        {"tabu",
         {"cost_before", "cost_after", "delta", "ties", "aspiration", "tabu_count", "best_cost"},
         "move",
         "tabu list"},
        {"cuckoo", egg, "egg", "", true},
        {"cuckoo-plus", egg, "egg", "", true},
        {"mga", generation, "generation", ""},
        {"mga-plus", generation, "generation", ""},
    };
}

inline std::string explainedTestName(const ::testing::TestParamInfo<ExplainedAlgorithm>& parameter) {
    return testNameOf(::testing::TestParamInfo<std::string>(parameter.param.id, parameter.index));
}

} // namespace pw::test
