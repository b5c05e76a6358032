#pragma once
// The algorithms that explain every step they take — all of the registry — with what each one's entry declares
// its per-step Decision carries (AlgorithmInfo::stepDecision). One list for the Decision events of the core
// (decisions_test.cpp) and for the "decision" lines of a `puzzle-cli solve --trace-every 1` trace
// (cli_test.cpp), which hold every algorithm to its declaration.

#include "algorithms/registry.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

namespace pw::test {

struct ExplainedAlgorithm : StepDecision {
    std::string id;
};

// A failing test names the algorithm, not the bytes of its row.
inline void PrintTo(const ExplainedAlgorithm& algorithm, std::ostream* out) { *out << algorithm.id; }

inline std::vector<ExplainedAlgorithm> explainedAlgorithms() {
    std::vector<ExplainedAlgorithm> algorithms;
    for (const AlgorithmEntry& entry : algorithmRegistry())
        algorithms.push_back({entry.info.stepDecision, entry.info.id});
    return algorithms;
}

inline std::string explainedTestName(const ::testing::TestParamInfo<ExplainedAlgorithm>& parameter) {
    return testNameOf(::testing::TestParamInfo<std::string>(parameter.param.id, parameter.index));
}

} // namespace pw::test
