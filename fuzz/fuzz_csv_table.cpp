// The CSV reader behind human data and rating tables (Difficulty Lab, `puzzle-cli correlate`): the table,
// then the column lookups and number parsing both callers make of it.
#include "io/csv_table.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    pw::ParseError error;
    const auto table = pw::parseCsvTable(text, "<fuzz>", error);
    if (!table) return 0;
    const int puzzleColumn = table->columnContaining("puzzle");
    (void)table->column("puzzle");
    if (puzzleColumn < 0) return 0;
    for (std::size_t column = 0; column < table->header.size(); ++column) {
        std::map<std::string, double> values;
        for (const auto& row : table->rows)
            if (const auto value = pw::parseNumber(row[column])) values[pw::puzzleJoinKey(row[puzzleColumn])] = *value;
        (void)pw::csvField(table->header[column]);
    }
    return 0;
}
