// A bench directory's runs.jsonl, as read on resume (BenchLog) and by the Compare view (records, summary).
#include "study/bench.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    bool partial = false;
    std::uintmax_t wholeBytes = 0;
    try {
        const auto lines = pw::parseBenchRunLines(text, "<fuzz>", partial, wholeBytes);
        std::vector<pw::BenchRecord> records;
        for (const auto& line : lines) {
            (void)pw::benchRunKey(line.at("configuration").get<std::string>(), line.at("puzzle_index").get<std::size_t>(),
                                  line.at("run").get<std::uint64_t>());
            try {
                records.push_back(pw::benchRecordFromJson(line));
            } catch (const std::invalid_argument&) {
            }
        }
        for (const auto& record : records) (void)record.costAt(1000);
        (void)pw::benchSummaryCsv(pw::summarizeBench(records));
    } catch (const std::runtime_error&) {
    }
    return 0;
}
