#pragma once
#include "engine/algorithm.h"

namespace pw {
AlgorithmEntry randomFillAlgorithmEntry();
}
