#pragma once
// The parts of the Sudoku costs the local searches report: conflicts or missing digits per unit kind, and
// Chel's deviation of each digit's count from the grid size. An algorithm whose cost is built from them names
// sudokuCostPartNames() as its AlgorithmInfo::costParts and sends values() in its cost samples.

#include <string>
#include <vector>

namespace pw {

struct CostBreakdown {
    double rows = 0;
    double columns = 0;
    double boxes = 0;
    double digits = 0;  // Chel's deviation of each digit's count from the grid size; 0 for the other costs
    bool operator==(const CostBreakdown&) const = default;

    std::vector<double> values() const { return {rows, columns, boxes, digits}; }
};

// "rows", "columns", "boxes", "digits": the order of CostBreakdown::values().
inline const std::vector<std::string>& sudokuCostPartNames() {
    static const std::vector<std::string> names = {"rows", "columns", "boxes", "digits"};
    return names;
}

}  // namespace pw
