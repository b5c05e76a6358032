#pragma once
// Numbers in sentences, reasons and tables: the one place that decides how a double is written.

#include <cstdio>
#include <string>

namespace pw {

// `value` with at most `significantDigits` significant digits, as printf's %g writes it: "0.2", "40",
// "0.99995", "1e-05".
inline std::string formatNumber(double value, int significantDigits = 6) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.*g", significantDigits, value);
    return buffer;
}

}  // namespace pw
