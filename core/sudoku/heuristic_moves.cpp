// Pillay's nine moves, as our algorithms notes settle them (the paper's Figures 3 and 4 have swapped captions;
// §3.1.1's worked example is authoritative: row 1 of Figure 1 receives 3 in its last empty cell and 8 in its
// third).
//
// A move applies its operator to every unit of one kind — rows, columns or boxes — in order (boxes left to
// right, top to bottom), and every placement is seen at once by what follows. A digit "fits" an empty cell of
// a unit when neither of the cell's other two units holds it.
// - `r` `c` `b` (row, column, block move; Figure 2): for each digit missing from the unit, in ascending
//   order, if it fits exactly one empty cell of the unit, place it there.
// - `w` `l` `k` (3-row, 3-column, 3-block move): only a unit with exactly three empty cells when the move
//   reaches it. Its empty cells are examined in order; a cell where the cell's other two units exclude all
//   but one of the unit's missing digits (two of the three, at first) receives that digit. After a placement
//   the same test continues with the digits still missing.
// - `3` `4` `2` (try-row, try-column, try-block move; Figure 6): for the missing digits in ascending order,
//   the first that fits exactly two empty cells is placed in one of them chosen uniformly at random, and the
//   move goes on to the next unit. These are guesses: a wrong one is never undone, it only leaves the grid
//   unsolvable by later moves.
// None of the moves places a digit its three units already hold, so a full grid is a solution.

#include "sudoku/heuristic_moves.h"

namespace pw {

namespace {

// 0 rows, 1 columns, 2 boxes: the unit kind a move works on.
int unitKindOf(char move) {
    switch (move) {
    case 'r': case 'w': case '3': return 0;
    case 'c': case 'l': case '4': return 1;
    default: return 2;  // 'b', 'k', '2'
    }
}

enum class Operator { Single, Three, Try };

Operator operatorOf(char move) {
    switch (move) {
    case 'r': case 'c': case 'b': return Operator::Single;
    case 'w': case 'l': case 'k': return Operator::Three;
    default: return Operator::Try;
    }
}

}  // namespace

bool isHeuristicMove(char move) { return kHeuristicMoves.find(move) != std::string_view::npos; }

std::string heuristicMoveName(char move) {
    static const char* const kinds[] = {"row", "column", "block"};
    const std::string kind = kinds[unitKindOf(move)];
    switch (operatorOf(move)) {
    case Operator::Single: return kind + " move";
    case Operator::Three: return "3-" + kind + " move";
    case Operator::Try: return "try-" + kind + " move";
    }
    return kind;
}

std::string HeuristicPlacement::explanation(const SudokuShape& shape) const {
    const std::string where = unitName(shape, unit);
    const std::string name = heuristicMoveName(move) + " (" + move + "): ";
    const char d = digitChar(digit);
    switch (operatorOf(move)) {
    case Operator::Single:
        return name + "in " + where + " " + d + " fits only " + cellName(shape, cell);
    case Operator::Three:
        return name + where + " had three empty cells; the other units of " + cellName(shape, cell) +
               " leave only " + d + " for it";
    case Operator::Try:
        return name + "in " + where + " " + d + " fits " + cellName(shape, cell) + " or " +
               cellName(shape, alternative) + "; chose " + cellName(shape, cell) + " at random";
    }
    return name;
}

HeuristicBoard::HeuristicBoard(const SudokuGrid& grid) : m_geometry(&grid.geometry()) {
    for (int cell = 0; cell < m_geometry->cellCount; ++cell) {
        const int digit = grid.value(cell);
        m_values[cell] = static_cast<std::uint8_t>(digit);
        if (!digit) {
            ++m_empty;
            continue;
        }
        for (int unit : m_geometry->cellUnits[cell]) m_used[unit] |= digitBit(digit);
    }
}

SudokuGrid HeuristicBoard::toGrid() const {
    SudokuGrid grid(m_geometry->shape);
    for (int cell = 0; cell < m_geometry->cellCount; ++cell) grid.setValue(cell, m_values[cell]);
    return grid;
}

void HeuristicBoard::place(int cell, int digit) {
    m_values[cell] = static_cast<std::uint8_t>(digit);
    for (int unit : m_geometry->cellUnits[cell]) m_used[unit] |= digitBit(digit);
    --m_empty;
}

int HeuristicBoard::apply(char move, Rng& rng, std::vector<HeuristicPlacement>* placements) {
    const SudokuGeometry& g = *m_geometry;
    const int n = g.size;
    const DigitMask all = allDigits(n);
    const Operator op = operatorOf(move);
    const int firstUnit = unitKindOf(move) * n;
    const int emptyBefore = m_empty;
    auto record = [&](int unit, int cell, int digit, int alternative) {
        if (placements) placements->push_back({move, unit, cell, digit, alternative});
    };
    // fits[k]: the digits the unit's k-th cell may take — empty, and not held by its other two units. A
    // placement in the unit only ever removes its own digit (now held by the unit) and empties its cell, so
    // the masks stay right as the move goes on once the placed cell's mask is cleared.
    std::array<DigitMask, kMaxSudokuSize> fits;
    for (int unit = firstUnit; unit < firstUnit + n && m_empty > 0; ++unit) {
        const auto& cells = g.unitCells[unit];
        const DigitMask missing = all & static_cast<DigitMask>(~m_used[unit]);
        if (!missing) continue;
        int empty = 0;
        for (int k = 0; k < n; ++k) {
            const int cell = cells[k];
            if (m_values[cell]) {
                fits[k] = 0;
                continue;
            }
            ++empty;
            DigitMask others = 0;
            for (int u : g.cellUnits[cell])
                if (u != unit) others |= m_used[u];
            fits[k] = missing & static_cast<DigitMask>(~others);
        }
        switch (op) {
        case Operator::Single:
            for (DigitMask left = missing; left; left = static_cast<DigitMask>(withoutLowestBit(left))) {
                const int digit = lowestDigit(left);
                const DigitMask bit = digitBit(digit);
                int only = -1, count = 0;
                for (int k = 0; k < n && count < 2; ++k)
                    if (fits[k] & bit) {
                        only = k;
                        ++count;
                    }
                if (count != 1) continue;
                place(cells[only], digit);
                fits[only] = 0;
                record(unit, cells[only], digit, -1);
            }
            break;
        case Operator::Three:
            if (empty != 3) break;
            for (int k = 0; k < n; ++k) {
                // The unit's digits still missing that the cell's other units leave open.
                const DigitMask open = fits[k] & static_cast<DigitMask>(~m_used[unit]);
                if (!m_values[cells[k]] && isSingleBit(open)) {
                    place(cells[k], lowestDigit(open));
                    record(unit, cells[k], lowestDigit(open), -1);
                }
            }
            break;
        case Operator::Try:
            for (DigitMask left = missing; left; left = static_cast<DigitMask>(withoutLowestBit(left))) {
                const int digit = lowestDigit(left);
                const DigitMask bit = digitBit(digit);
                int options[3];
                int count = 0;
                for (int k = 0; k < n && count < 3; ++k)
                    if (fits[k] & bit) options[count++] = cells[k];
                if (count != 2) continue;
                const std::uint32_t chosen = rng.below(2);
                place(options[chosen], digit);
                record(unit, options[chosen], digit, options[1 - chosen]);
                break;
            }
            break;
        }
    }
    return emptyBefore - m_empty;
}

int evaluateProgram(const HeuristicBoard& start, std::string_view program, Rng& rng) {
    HeuristicBoard board = start;
    // A move that placed nothing places nothing again until something else places (a try move that finds no
    // two-way choice draws nothing from the stream either), so it is skipped: the result and the random
    // stream are exactly those of applying every move.
    std::uint32_t idle = 0;  // bit i: move kHeuristicMoves[i] is known to place nothing now
    for (char move : program) {
        if (board.emptyCount() == 0) break;
        const auto index = static_cast<std::uint32_t>(kHeuristicMoves.find(move));
        if (idle & (1u << index)) continue;
        if (board.apply(move, rng) > 0) idle = 0;
        else idle |= 1u << index;
    }
    return board.emptyCount();
}

}  // namespace pw
