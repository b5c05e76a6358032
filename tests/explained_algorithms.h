#pragma once
// The algorithms that explain every step they take (explained_algorithm_table.h), for GoogleTest: one list for the
// Decision events of the core (decisions_test.cpp) and for the "decision" lines of a `puzzle-cli solve
// --trace-every 1` trace (cli_test.cpp), which hold every algorithm to its declaration; the window's tests
// read the same table.

#include "explained_algorithm_table.h"
#include "test_support.h"

#include <gtest/gtest.h>

#include <ostream>

namespace pw::test {

// A failing test names the algorithm, not the bytes of its row.
inline void PrintTo(const ExplainedAlgorithm& algorithm, std::ostream* out) { *out << algorithm.id; }

inline std::string explainedTestName(const ::testing::TestParamInfo<ExplainedAlgorithm>& parameter) {
    return testNameOf(::testing::TestParamInfo<std::string>(parameter.param.id, parameter.index));
}

} // namespace pw::test
