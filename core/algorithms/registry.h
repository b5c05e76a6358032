#pragma once
// The list of every algorithm the workbench offers. It sits above the algorithms (it names each of them) and
// below everything that looks algorithms up by id: the CLI, the window, recordings, benches and metrics.

#include "engine/algorithm.h"

#include <string_view>
#include <vector>

namespace pw {

// Every registered algorithm, in presentation order.
const std::vector<AlgorithmEntry>& algorithmRegistry();
const AlgorithmEntry* findAlgorithm(std::string_view id);

}  // namespace pw
