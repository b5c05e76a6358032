#include "sudoku/sudoku.h"


namespace pw {

bool SudokuShape::fromSize(int size, SudokuShape& shape) {
    switch (size) {
    case 4: shape = {2, 2}; return true;
    case 6: shape = {2, 3}; return true;
    case 9: shape = {3, 3}; return true;
    case 16: shape = {4, 4}; return true;
    default: return false;
    }
}

std::string SudokuShape::name() const {
    const std::string n = std::to_string(size());
    return n + "x" + n + " (" + std::to_string(boxRows) + "x" + std::to_string(boxColumns) + " boxes)";
}

namespace {

SudokuGeometry buildGeometry(SudokuShape shape) {
    SudokuGeometry g;
    g.shape = shape;
    g.size = shape.size();
    g.cellCount = shape.cellCount();
    const int n = g.size;
    const int boxesPerRow = n / shape.boxColumns;
    std::array<int, 3 * kMaxSudokuSize> filled{};
    for (int cell = 0; cell < g.cellCount; ++cell) {
        const int r = cell / n;
        const int c = cell % n;
        const int b = (r / shape.boxRows) * boxesPerRow + c / shape.boxColumns;
        const int units[3] = {r, n + c, 2 * n + b};
        for (int k = 0; k < 3; ++k) {
            g.cellUnits[cell][k] = static_cast<std::uint8_t>(units[k]);
            g.unitCells[units[k]][filled[units[k]]++] = static_cast<std::uint8_t>(cell);
        }
    }
    for (int cell = 0; cell < g.cellCount; ++cell) {
        int count = 0;
        for (int other = 0; other < g.cellCount; ++other) {
            if (other == cell) continue;
            bool shares = false;
            for (int k = 0; k < 3; ++k) shares |= g.cellUnits[cell][k] == g.cellUnits[other][k];
            if (shares) g.peers[cell][count++] = static_cast<std::uint8_t>(other);
        }
        g.peerCount = count;
    }
    return g;
}

}  // namespace

const SudokuGeometry& SudokuGeometry::of(SudokuShape shape) {
    // The four supported shapes, built once on first use (thread-safe static initialisation).
    static const std::array<SudokuGeometry, 4> geometries = {
        buildGeometry({2, 2}), buildGeometry({2, 3}), buildGeometry({3, 3}), buildGeometry({4, 4})};
    for (const auto& g : geometries)
        if (g.shape == shape) return g;
    return geometries[2];
}

SudokuGrid::SudokuGrid(SudokuShape shape) : m_shape(shape) {
    SudokuShape checked;
    if (!SudokuShape::fromSize(shape.size(), checked) || !(checked == shape)) m_shape = {3, 3};
    std::fill_n(m_values.begin(), cellCount(), std::uint8_t{0});
    std::fill_n(m_marks.begin(), cellCount(), DigitMask{0});
}

int SudokuGrid::filledCount() const {
    int count = 0;
    for (int cell = 0; cell < cellCount(); ++cell) count += m_values[cell] != 0;
    return count;
}

bool SudokuGrid::hasMarks() const {
    DigitMask any = 0;  // without a branch per cell, so that the loop vectorises: most grids have no marks
    for (int cell = 0, count = cellCount(); cell < count; ++cell) any |= m_marks[cell];
    return any != 0;
}

DigitMask SudokuGrid::legalDigits(int cell) const {
    const SudokuGeometry& g = geometry();
    DigitMask used = 0;
    for (int k = 0; k < g.peerCount; ++k) {
        const int v = m_values[g.peers[cell][k]];
        if (v) used |= digitBit(v);
    }
    return static_cast<DigitMask>(allDigits(size()) & ~used);
}

std::vector<SudokuConflict> SudokuGrid::conflicts() const {
    const SudokuGeometry& g = geometry();
    const int n = size();
    std::vector<SudokuConflict> result;
    for (int unit = 0; unit < g.shape.unitCount(); ++unit) {
        int counts[kMaxSudokuSize + 1] = {};
        for (int k = 0; k < n; ++k) ++counts[m_values[g.unitCells[unit][k]]];
        for (int digit = 1; digit <= n; ++digit) {
            if (counts[digit] < 2) continue;
            SudokuConflict conflict{static_cast<UnitKind>(unit / n), unit % n, digit, {}};
            for (int k = 0; k < n; ++k)
                if (m_values[g.unitCells[unit][k]] == digit) conflict.cells.push_back(g.unitCells[unit][k]);
            result.push_back(std::move(conflict));
        }
    }
    return result;
}

namespace {

// A unit's digits as bits (an empty cell adds none): a digit twice in a unit makes their sum differ from their
// OR, as two equal bits carry. Sums and ORs only, with no test per cell, and a row's cells of a box added up
// before they go to the box; the box shape as constants lets the compiler unroll and vectorise.
template <int BoxRows, int BoxColumns>
bool repeatsADigit(const std::uint8_t* values) {
    constexpr int n = BoxRows * BoxColumns;
    std::array<std::uint32_t, n> columnSum{}, columnAny{}, boxSum{}, boxAny{};
    std::uint32_t repeated = 0;
    for (int row = 0; row < n; ++row, values += n) {
        std::uint32_t rowSum = 0, rowAny = 0;
        for (int first = 0; first < n; first += BoxColumns) {
            std::uint32_t sum = 0, any = 0;
            for (int column = first; column < first + BoxColumns; ++column) {
                const std::uint32_t bit = (1u << values[column]) >> 1;
                sum += bit;
                any |= bit;
                columnSum[static_cast<std::size_t>(column)] += bit;
                columnAny[static_cast<std::size_t>(column)] |= bit;
            }
            rowSum += sum;
            rowAny |= any;
            const auto box = static_cast<std::size_t>(row / BoxRows * (n / BoxColumns) + first / BoxColumns);
            boxSum[box] += sum;
            boxAny[box] |= any;
        }
        repeated |= rowSum ^ rowAny;
    }
    for (std::size_t unit = 0; unit < static_cast<std::size_t>(n); ++unit)
        repeated |= (columnSum[unit] ^ columnAny[unit]) | (boxSum[unit] ^ boxAny[unit]);
    return repeated != 0;
}

}  // namespace

bool SudokuGrid::hasConflicts() const {
    switch (m_shape.size()) {  // the four supported shapes (SudokuShape::fromSize)
    case 4: return repeatsADigit<2, 2>(m_values.data());
    case 6: return repeatsADigit<2, 3>(m_values.data());
    case 16: return repeatsADigit<4, 4>(m_values.data());
    default: return repeatsADigit<3, 3>(m_values.data());
    }
}

bool SudokuGrid::keepsGivens(const SudokuGrid& givens) const {
    if (!(givens.shape() == m_shape)) return false;
    unsigned changed = 0;  // without a branch per cell, so that the loop vectorises
    for (int cell = 0; cell < cellCount(); ++cell) {
        const unsigned given = givens.m_values[cell];
        changed |= static_cast<unsigned>(given != 0) & static_cast<unsigned>(given != m_values[cell]);
    }
    return changed == 0;
}

void SudokuGrid::apply(const Move& move) {
    if (move.cell < 0 || move.cell >= cellCount()) return;
    switch (move.kind) {
    case MoveKind::Place: m_values[move.cell] = move.value; break;
    case MoveKind::Erase: m_values[move.cell] = 0; break;
    case MoveKind::Swap:
        if (move.otherCell >= 0 && move.otherCell < cellCount())
            std::swap(m_values[move.cell], m_values[move.otherCell]);
        break;
    case MoveKind::EliminateCandidate:
        if (move.value >= 1 && move.value <= size())
            m_marks[move.cell] = static_cast<DigitMask>(m_marks[move.cell] & ~digitBit(move.value));
        break;
    case MoveKind::RestoreCandidate:
        if (move.value >= 1 && move.value <= size())
            m_marks[move.cell] = static_cast<DigitMask>(m_marks[move.cell] | digitBit(move.value));
        break;
    case MoveKind::Shade: break;
    }
}

Move SudokuGrid::inverse(const Move& move) {
    switch (move.kind) {
    case MoveKind::Place:
        return move.previous ? Move::place(move.cell, move.previous, move.value) : Move::erase(move.cell, move.value);
    case MoveKind::Erase: return Move::place(move.cell, move.previous, 0);
    case MoveKind::Swap: return move;
    case MoveKind::EliminateCandidate: return Move::restore(move.cell, move.value);
    case MoveKind::RestoreCandidate: return Move::eliminate(move.cell, move.value);
    case MoveKind::Shade: return Move::shade(move.cell, move.previous, move.value);
    }
    return move;
}

bool SudokuGrid::operator==(const SudokuGrid& other) const {
    if (!(m_shape == other.m_shape)) return false;
    for (int cell = 0; cell < cellCount(); ++cell)
        if (m_values[cell] != other.m_values[cell] || m_marks[cell] != other.m_marks[cell]) return false;
    return true;
}

std::string unitName(const SudokuShape& shape, int unit) {
    const int n = shape.size();
    static const char* const kinds[] = {"row ", "column ", "box "};
    return kinds[unit / n] + std::to_string(unit % n + 1);
}

std::string cellName(const SudokuShape& shape, int cell) {
    return "r" + std::to_string(cell / shape.size() + 1) + "c" + std::to_string(cell % shape.size() + 1);
}

int digitValue(char c, int size) {
    int value = 0;
    if (c >= '1' && c <= '9') value = c - '0';
    else if (c >= 'A' && c <= 'G') value = c - 'A' + 10;
    else if (c >= 'a' && c <= 'g') value = c - 'a' + 10;
    return value <= size ? value : 0;
}

const char* moveKindName(MoveKind kind) {
    switch (kind) {
    case MoveKind::Place: return "place";
    case MoveKind::Erase: return "erase";
    case MoveKind::Swap: return "swap";
    case MoveKind::EliminateCandidate: return "eliminate";
    case MoveKind::RestoreCandidate: return "restore";
    case MoveKind::Shade: return "shade";
    }
    return "?";
}

}  // namespace pw
