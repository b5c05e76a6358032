#pragma once
// Numbers in sentences, reasons and tables: the one place that decides how a double is written; and the one
// place that drops a UTF-8 byte-order mark, which editors on Windows put before any text they save.

#include <cstdio>
#include <string>
#include <string_view>

namespace pw {

// `value` with at most `significantDigits` significant digits, as printf's %g writes it: "0.2", "40",
// "0.99995", "1e-05".
inline std::string formatNumber(double value, int significantDigits = 6) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.*g", significantDigits, value);
    return buffer;
}

// `text` without the UTF-8 byte-order mark it may begin with: every text format accepts one.
inline std::string_view withoutByteOrderMark(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    return text;
}

}  // namespace pw
