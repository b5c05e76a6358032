// A bench directory's config.json, as read when a bench is resumed or merged, or opened by stats or the Compare
// view: parsed, its plan checked field by field and, for a fault, the field's place found again in the text.
#include "study/bench.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const pw::BenchConfigFile file =
            pw::parseBenchConfig(std::string_view(reinterpret_cast<const char*>(data), size), "config.json");
        (void)pw::benchPlanDifference(file.config, pw::benchPlanJson(file.plan));
        (void)pw::benchTasks(file.plan).size();
    } catch (const std::runtime_error&) {
        // A refused configuration: the message is what the user sees.
    }
    return 0;
}
