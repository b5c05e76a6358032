#pragma once
// The table of explained algorithms — all of the registry — with what each one's entry declares its per-step
// Decision carries (AlgorithmInfo::stepDecision). Without a test framework, so that the core and CLI suites
// (explained_algorithms.h) and the window's tests (tests/ui/explained_window_tests.cpp) read the same table.

#include "algorithms/registry.h"

#include <string>
#include <vector>

namespace pw::test {

struct ExplainedAlgorithm : StepDecision {
    std::string id;
};

inline std::vector<ExplainedAlgorithm> explainedAlgorithms() {
    std::vector<ExplainedAlgorithm> algorithms;
    for (const AlgorithmEntry& entry : algorithmRegistry())
        algorithms.push_back({entry.info.stepDecision, entry.info.id});
    return algorithms;
}

}  // namespace pw::test
