#include "sudoku/row_permutation.h"

namespace pw {

CostBreakdown repeatedValues(const SudokuGrid& grid) {
    const SudokuGeometry& g = grid.geometry();
    CostBreakdown cost;
    for (int unit = 0; unit < 3 * g.size; ++unit) {
        DigitMask present = 0;
        int filled = 0;
        for (int k = 0; k < g.size; ++k) {
            const int value = grid.value(g.unitCells[unit][k]);
            if (!value) continue;
            ++filled;
            present = static_cast<DigitMask>(present | digitBit(value));
        }
        const double repeated = filled - popCount(present);
        (unit < g.size ? cost.rows : unit < 2 * g.size ? cost.columns : cost.boxes) += repeated;
    }
    return cost;
}

RowPermutationGrid::RowPermutationGrid(const SudokuGrid& grid) { assign(grid); }

void RowPermutationGrid::assign(const SudokuGrid& grid) {
    std::array<std::uint8_t, kMaxSudokuCells> values{};
    for (int cell = 0; cell < grid.cellCount(); ++cell) values[cell] = static_cast<std::uint8_t>(grid.value(cell));
    assign(grid.shape(), values.data());
}

void RowPermutationGrid::assign(SudokuShape shape, const std::uint8_t* values) {
    m_geometry = &SudokuGeometry::of(shape);
    m_size = m_geometry->size;
    m_columnCost = m_boxCost = 0;
    for (auto& counts : m_count) counts.fill(0);
    for (int cell = 0; cell < m_geometry->cellCount; ++cell) {
        m_values[cell] = values[cell];
        if (!values[cell]) continue;  // only a complete grid is searched; an empty cell counts for nothing
        add(m_count[columnSlot(cell)], values[cell], m_columnCost);
        add(m_count[boxSlot(cell)], values[cell], m_boxCost);
    }
}

SudokuGrid RowPermutationGrid::toGrid() const {
    SudokuGrid grid(m_geometry->shape);
    for (int cell = 0; cell < grid.cellCount(); ++cell) grid.setValue(cell, m_values[cell]);
    return grid;
}

std::optional<std::string> RowSearchSpace::prepare(const SudokuGrid& givens, bool prefilter, const Counters& at,
                                                   EventSink* sink) {
    fixed = givens;
    domains = initialDomains(givens);
    size = givens.size();
    prefiltered = prefilter;
    reductions = 0;
    cellsFixedByAc3 = 0;
    openCount.fill(0);
    missing.fill(0);
    if (givens.hasConflicts()) return "the givens already break a rule";
    if (prefilter) {
        sendEvent(sink, PhaseChange{at, PhaseKind::Prefiltering});
        const Ac3Result filtered = enforceArcConsistency(givens);
        sendPrefilteringEvents(givens, filtered, at, sink);
        reductions = filtered.reductions.size();
        if (filtered.wipedOut)
            return "AC3 emptied the domain of " + cellName(givens.shape(), filtered.wipedOutCell) +
                   ": the givens have no solution";
        domains = filtered.domains;
        for (int cell = 0; cell < givens.cellCount(); ++cell)
            if (!givens.value(cell) && isSingleBit(domains[cell])) {
                fixed.setValue(cell, lowestDigit(domains[cell]));
                ++cellsFixedByAc3;
            }
    }
    for (int cell = 0; cell < givens.cellCount(); ++cell) fixedValues[cell] = static_cast<std::uint8_t>(fixed.value(cell));
    for (int r = 0; r < size; ++r) {
        DigitMask present = 0;
        for (int c = 0; c < size; ++c) {
            const int cell = r * size + c;
            if (fixed.value(cell))
                present = static_cast<DigitMask>(present | digitBit(fixed.value(cell)));
            else
                openCells[r][openCount[r]++] = static_cast<std::uint8_t>(cell);
        }
        missing[r] = static_cast<DigitMask>(allDigits(size) & ~present);
    }
    return std::nullopt;
}

namespace {

// Kuhn's augmenting paths over the open cells of one row (left) and the row's missing digits (right), with
// the digits of a cell tried from a random starting digit, so different calls find different matchings.
struct RowMatching {
    const RowSearchSpace& space;
    Rng& rng;
    int row;
    std::array<int, kMaxSudokuSize + 1> cellOfDigit;  // index into the row's open cells, or -1
    DigitMask visited = 0;

    bool augment(int index) {
        const int cell = space.openCells[row][index];
        const std::uint32_t allowed = space.domains[cell] & space.missing[row] & ~visited & 0xffffu;
        if (!allowed) return false;
        // The digits from a random one upwards, then the ones below it.
        const std::uint32_t from = ~0u << rng.below(static_cast<std::uint32_t>(space.size));
        for (std::uint32_t digits : {allowed & from, allowed & ~from}) {
            for (; digits; digits = withoutLowestBit(digits)) {
                const int digit = lowestDigit(digits);
                if (visited & digitBit(digit)) continue;  // a deeper search took it meanwhile
                visited = static_cast<DigitMask>(visited | digitBit(digit));
                if (cellOfDigit[digit] < 0 || augment(cellOfDigit[digit])) {
                    cellOfDigit[digit] = index;
                    return true;
                }
            }
        }
        return false;
    }
};

}  // namespace

void RowSearchSpace::fill(RowPermutationGrid& grid, Rng& rng) const {
    std::array<std::uint8_t, kMaxSudokuCells> values = fixedValues;
    for (int r = 0; r < size; ++r) {
        const int open = openCount[r];
        if (open == 0) continue;
        RowMatching matching{*this, rng, r, {}, 0};
        matching.cellOfDigit.fill(-1);
        std::array<std::uint8_t, kMaxSudokuSize> order{};
        for (int i = 0; i < open; ++i) order[i] = static_cast<std::uint8_t>(i);
        for (int i = open; i > 1; --i) std::swap(order[i - 1], order[rng.below(static_cast<std::uint32_t>(i))]);
        for (int i = 0; i < open; ++i) {
            matching.visited = 0;
            matching.augment(order[i]);
        }
        // The matched digits first, then the rest of the missing digits, shuffled, into the unmatched cells.
        std::array<std::uint8_t, kMaxSudokuSize> cellDigit{};
        std::array<std::uint8_t, kMaxSudokuSize> spare{};
        int spareCount = 0;
        for (int digit = 1; digit <= size; ++digit) {
            if (!(missing[r] & digitBit(digit))) continue;
            if (matching.cellOfDigit[digit] >= 0)
                cellDigit[matching.cellOfDigit[digit]] = static_cast<std::uint8_t>(digit);
            else
                spare[spareCount++] = static_cast<std::uint8_t>(digit);
        }
        for (int i = spareCount; i > 1; --i) std::swap(spare[i - 1], spare[rng.below(static_cast<std::uint32_t>(i))]);
        for (int i = 0, next = 0; i < open; ++i) {
            if (!cellDigit[i]) cellDigit[i] = spare[next++];
            values[openCells[r][i]] = cellDigit[i];
        }
    }
    grid.assign(fixed.shape(), values.data());
}

}  // namespace pw
