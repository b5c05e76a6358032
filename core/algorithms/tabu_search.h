#pragma once
#include "algorithm.h"

namespace pw {
AlgorithmEntry tabuSearchAlgorithmEntry();
}
