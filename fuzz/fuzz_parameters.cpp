// `--param KEY=VALUE` for every algorithm (`puzzle-cli solve`, the window's --param) and the bench's
// `-a LIST` with `ID.KEY=VALUE` / `ID#N.KEY=VALUE` assignments and `--sweep ID.KEY=V1,V2,...`. Input: the first
// line is the algorithm list, every further line one assignment, or a sweep when it starts with '~'.
#include "algorithms/registry.h"
#include "base/parameters.h"
#include "study/bench.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        lines.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    for (const auto& entry : pw::algorithmRegistry()) {
        pw::ParameterValues values(entry.info.parameters);
        for (std::size_t i = 1; i < lines.size(); ++i) (void)values.setAssignment(entry.info.parameters, lines[i]);
        for (const auto& [key, value] : values.all()) (void)pw::formatParameterValue(value);
    }
    // A line starting with '~' is a --sweep (ID.KEY=V1,V2,...), any other an assignment.
    std::vector<std::string> assignments, sweeps;
    for (std::size_t i = 1; i < lines.size(); ++i)
        (lines[i].starts_with('~') ? sweeps : assignments).push_back(lines[i].substr(lines[i].starts_with('~')));
    try {
        (void)pw::benchConfigurations(lines[0], assignments, std::nullopt, "-a", sweeps);
    } catch (const std::invalid_argument&) {
    }
    return 0;
}
