#pragma once
#include "algorithm.h"

namespace pw {
AlgorithmEntry nurikabeBacktrackingAlgorithmEntry();
}
