#pragma once
#include "algorithm.h"

namespace pw {
AlgorithmEntry geneticProgrammingAlgorithmEntry();
AlgorithmEntry randomProgramsAlgorithmEntry();
}
