#pragma once
#include "engine/algorithm.h"

namespace pw {

// `cuckoo-plus`: the prefiltered cuckoo search of Soto et al. 2014 with an escape from local minima (see the
// essay in cuckoo_search_plus.cpp).
AlgorithmEntry cuckooSearchPlusAlgorithmEntry();

}  // namespace pw
