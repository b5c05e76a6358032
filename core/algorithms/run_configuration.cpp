#include "algorithms/run_configuration.h"

#include "algorithms/registry.h"

namespace pw {
namespace {

std::string prefixed(const std::string& option, const std::string& message) {
    return option.empty() ? message : option + ": " + message;
}

RunConfiguration failed(RunConfigurationPart part, std::string message, std::string parameter = {},
                        std::string allowed = {}) {
    RunConfiguration configuration;
    configuration.error = RunConfigurationError{part, std::move(parameter), std::move(allowed), std::move(message)};
    return configuration;
}

}  // namespace

std::string unsupportedKindMessage(const AlgorithmInfo& info, PuzzleKind kind) {
    std::string kinds;
    for (const PuzzleKind solved : info.kinds) kinds += std::string(kinds.empty() ? "" : ", ") + puzzleKindName(solved);
    return "algorithm '" + info.id + "' does not solve " + puzzleKindName(kind) + " puzzles (it solves: " + kinds + ")";
}

RunConfiguration configureRun(const std::string& algorithmId, const std::vector<std::string>& assignments,
                              std::optional<PuzzleKind> puzzleKind, const RunNaming& naming,
                              const ParameterValues* startingValues) {
    const AlgorithmEntry* entry = findAlgorithm(algorithmId);
    if (!entry) {
        std::string known;
        for (const auto& e : algorithmRegistry()) known += (known.empty() ? "" : ", ") + e.info.id;
        return failed(RunConfigurationPart::Algorithm,
                      prefixed(naming.algorithmOption,
                               "unknown algorithm '" + algorithmId + "'; known algorithms: " + known));
    }
    const AlgorithmInfo& info = entry->info;
    if (puzzleKind && !info.supports(*puzzleKind))
        return failed(RunConfigurationPart::PuzzleKind,
                      prefixed(naming.algorithmOption, unsupportedKindMessage(info, *puzzleKind)));

    RunConfiguration configuration;
    configuration.algorithm = entry;
    configuration.parameters = startingValues ? *startingValues : ParameterValues(info.parameters);
    for (const std::string& written : assignments) {
        const std::size_t equals = written.find('=');
        const std::size_t dot = naming.targeted ? written.find('.') : std::string::npos;
        const std::string assignment = dot < equals ? written.substr(dot + 1) : written;
        if (auto error = configuration.parameters.setAssignment(info.parameters, assignment)) {
            const std::size_t keyEnd = assignment.find('=');
            const std::string key = keyEnd == std::string::npos ? std::string() : assignment.substr(0, keyEnd);
            std::string allowed;
            for (const auto& spec : info.parameters)
                if (spec.key == key) allowed = spec.allowedText();
            return failed(RunConfigurationPart::Parameter,
                          naming.parameterOption.empty() ? *error : naming.parameterOption + " " + written + ": " + *error,
                          key, std::move(allowed));
        }
    }
    const auto broken = brokenParameterRules(info.parameterRules, configuration.parameters);
    if (!broken.empty()) {
        const ParameterRuleViolation& first = broken.front();
        return failed(RunConfigurationPart::Rule,
                      prefixed(naming.parameterOption, prefixed(naming.label, first.message)),
                      first.keys.empty() ? std::string() : first.keys.front());
    }
    return configuration;
}

}  // namespace pw
