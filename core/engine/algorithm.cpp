#include "engine/algorithm.h"

#include <algorithm>

namespace pw {

const char* algorithmFamilyName(AlgorithmFamily family) {
    switch (family) {
    case AlgorithmFamily::Exact: return "exact";
    case AlgorithmFamily::Logic: return "logic";
    case AlgorithmFamily::LocalSearch: return "local search";
    case AlgorithmFamily::Evolutionary: return "evolutionary";
    case AlgorithmFamily::Swarm: return "swarm";
    }
    return "?";
}

bool AlgorithmInfo::supports(PuzzleKind kind) const {
    return std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
}

AlgorithmInfo variantOf(AlgorithmInfo parent, std::string id, std::string name, std::string summary,
                        std::vector<ParameterSpec> added) {
    parent.id = std::move(id);
    parent.name = std::move(name);
    parent.summary = std::move(summary);
    for (ParameterSpec& spec : added) parent.parameters.push_back(std::move(spec));
    return parent;
}

}  // namespace pw
