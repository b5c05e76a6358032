// A bench directory's config.json, as read when a bench is resumed or opened in the Compare view.
#include "study/bench.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <stdexcept>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const nlohmann::json config = nlohmann::json::parse(data, data + size, nullptr, false);
    if (config.is_discarded()) return 0;
    try {
        const pw::BenchPlan plan = pw::benchPlanFromJson(config);
        (void)pw::benchPlanDifference(config, pw::benchPlanJson(plan));
        (void)pw::benchTasks(plan).size();
    } catch (const std::runtime_error&) {
        // A refused configuration: the message is what the user sees.
    }
    return 0;
}
