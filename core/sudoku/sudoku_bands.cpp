// The fast batch solver for 9x9 Sudoku.
//
// Representation: the band words of band_words.h, 9 x 3 + 3 words (120 bytes) a state, copied on a branch.
//
// Propagation repeats rounds until a round changes nothing:
//   - naked singles: counting the digits of each cell bit-sliced across the nine words of a band (one, two)
//     finds the open cells with one candidate, and a cell with none is a contradiction;
//   - row/box matching in a band: for digit d each of the band's three rows holds d in exactly one of the
//     band's three boxes, and each box in exactly one row, so the row-box pairs that still hold d must
//     contain a perfect matching; pairs in no matching are cleared. This is locked candidates (pointing and
//     claiming along rows) and a little more, by one table look-up on a 9-bit pattern per band;
//   - column/band matching in a stack: the same argument for the three columns and three boxes of a stack,
//     read from which columns of each band still hold d: locked candidates along columns;
//   - hidden singles: a row, box or column of a word with one position left places d there.
// A row, column or box left without d, or a cell without candidates, is a contradiction. When these rounds
// stall, triads (below: a minirow or minicolumn holds exactly three digits) may remove more and restart them.
//
// Search: when propagation stalls the solver branches on an open cell with the fewest candidates (two,
// found bit-sliced, in almost every node), the one with the most open peers; it tries the lowest digit and
// keeps the state without that digit for the way back. The search order differs from the steppable solver
// in sudoku_exact.cpp, so the two agree on counts and on a unique solution but may meet several solutions
// in a different order (solveSudoku() takes care of that).
//
// Measured with bench/exact_peers and scripts/bench-peers.sh (docs/performance.md); the portable release
// build reaches the figures there, -march=native adds nothing measurable, so there is no dispatch.

#include "sudoku/sudoku_bands.h"

#include "sudoku/band_words.h"

#include <bit>

namespace pw {
namespace {

using namespace band;

// Rounds of singles and matchings to a fixpoint; false on a contradiction. A round looks only at the
// digits whose words changed; every change marks its digit dirty, so an empty dirty set is the fixpoint.
bool propagateSingles(State& s) {
    while (s.dirty) {
        if (s.solved()) return true;
        // Naked singles, and cells without a candidate.
        for (int b = 0; b < 3; ++b) {
            std::uint32_t one = 0, two = 0;
            for (int d = 0; d < 9; ++d) {
                two |= one & s.positions[d][b];
                one |= s.positions[d][b];
            }
            if (one != kBandCells) return false;
            for (std::uint32_t singles = one & ~two & s.open[b]; singles; singles &= singles - 1) {
                const int pos = std::countr_zero(singles);
                const std::uint32_t digits = s.digitsAt(b, pos);
                if (!digits) return false;  // an earlier single of this scan took the cell's last digit
                placeOnly(s, std::countr_zero(digits), b, pos);  // its only candidate: no other digit holds it
            }
        }
        for (int d = 0; d < 9; ++d) {
            if (!(s.dirty & (1u << d))) continue;
            s.dirty &= ~(1u << d);
            std::uint32_t w[3] = {s.positions[d][0], s.positions[d][1], s.positions[d][2]};
            // Rows against boxes in each band.
            for (int b = 0; b < 3; ++b) {
                w[b] &= kTables.matchedCells[rowBoxPattern(w[b])];
                if (!w[b]) return false;
            }
            // Columns against bands in each stack.
            const std::uint32_t columns[3] = {columnsOf(w[0]), columnsOf(w[1]), columnsOf(w[2])};
            if ((columns[0] | columns[1] | columns[2]) != kRow) return false;
            std::uint32_t allowed[3] = {0, 0, 0};
            for (int k = 0; k < 3; ++k) {
                const std::uint32_t pairs = kTables.matchedPairs[stackPattern(columns, k)];
                if (!pairs) return false;
                keepStackPairs(pairs, k, allowed);
            }
            for (int b = 0; b < 3; ++b) w[b] &= spreadColumns(allowed[b]);
            // Hidden singles: rows and boxes within a band, columns across the bands.
            std::uint32_t singles[3];
            hiddenSingles(w, singles);
            for (int b = 0; b < 3; ++b) {
                if (w[b] != s.positions[d][b]) {
                    s.positions[d][b] = w[b];
                    s.dirty |= 1u << d;
                }
            }
            for (int b = 0; b < 3; ++b)
                if (const std::uint32_t toPlace = singles[b] & s.open[b]; toPlace && placeSingles(s, d, b, toPlace) >= 0)
                    return false;
        }
    }
    return true;
}

// Triads. A minirow (the three cells where a row meets a box) and a minicolumn (where a column meets a box)
// hold exactly three digits. For every digit one 27-bit word tells which of the grid's 27 minirows still
// hold it (bit 9*band + 3*row + box, read from the row-box patterns) and one which minicolumns
// (bit 9*band + column); a second pair of words tells where the digit is forced by every matching.
// Counting bit-sliced across the nine digits:
//   - a minirow or minicolumn with fewer than three possible digits is a contradiction, and one with more
//     than three forced digits;
//   - one with exactly three possible digits holds all three: they leave the rest of its row (column) and box;
//   - one with exactly three forced digits holds no other digit.
constexpr std::uint32_t kGroupLow = 0x1249249u;  // bit 0 of each group of three bits, 27 bits
constexpr std::uint32_t kAll27 = (1u << 27) - 1;

// Every group of three bits that holds a bit, filled.
constexpr std::uint32_t fillGroups(std::uint32_t x) { return ((x | (x >> 1) | (x >> 2)) & kGroupLow) * 7u; }

// Counts, bit by bit, how many of nine words hold a bit: exactly three (bits set in `three` and not in `four`).
struct SliceCount {
    std::uint32_t one = 0, two = 0, three = 0, four = 0;
    void add(std::uint32_t w) {
        four |= three & w;
        three |= two & w;
        two |= one & w;
        one |= w;
    }
};

bool triads(State& s) {
    std::uint32_t minirows[9], minicolumns[9], forcedRows[9], forcedColumns[9];
    SliceCount rows, columns, rowsForced, columnsForced;
    for (int d = 0; d < 9; ++d) {
        std::uint32_t mr = 0, mc = 0, fr = 0, fc = 0;
        std::uint32_t bandColumns[3];
        for (int b = 0; b < 3; ++b) {
            const std::uint32_t w = s.positions[d][b];
            const std::uint32_t pattern = rowBoxPattern(w);
            mr |= pattern << (9 * b);
            fr |= static_cast<std::uint32_t>(kTables.forcedPairs[pattern]) << (9 * b);
            bandColumns[b] = columnsOf(w);
            mc |= bandColumns[b] << (9 * b);
        }
        for (int k = 0; k < 3; ++k) {
            const int shift = 3 * k;
            const std::uint32_t forced = kTables.forcedPairs[stackPattern(bandColumns, k)];
            fc |= ((forced & 7u) << shift) | (((forced >> 3) & 7u) << (9 + shift)) | (((forced >> 6) & 7u) << (18 + shift));
        }
        minirows[d] = mr;
        minicolumns[d] = mc;
        forcedRows[d] = fr;
        forcedColumns[d] = fc;
        rows.add(mr);
        columns.add(mc);
        rowsForced.add(fr);
        columnsForced.add(fc);
    }
    if ((rows.three & columns.three) != kAll27 || (rowsForced.four | columnsForced.four)) return false;
    const std::uint32_t nakedRows = rows.three & ~rows.four, nakedColumns = columns.three & ~columns.four;
    const std::uint32_t hiddenRows = rowsForced.three, hiddenColumns = columnsForced.three;
    if (!(nakedRows | nakedColumns | hiddenRows | hiddenColumns)) return true;
    for (int d = 0; d < 9; ++d) {
        // A naked triad confines the digit to it within its row (the group) and its box (three bits apart).
        const std::uint32_t inRows = minirows[d] & nakedRows;
        const std::uint32_t boxRows = (inRows | (inRows >> 3) | (inRows >> 6)) & 0x1c0e07u;  // 3 low bits per band
        const std::uint32_t rowsOut = ((fillGroups(inRows) | (boxRows * 0x49u)) & ~inRows) | (hiddenRows & ~forcedRows[d]);
        // ... and within its box (the group) and its column (nine bits apart).
        const std::uint32_t inColumns = minicolumns[d] & nakedColumns;
        const std::uint32_t columnAny = columnsOf(inColumns);
        const std::uint32_t columnsOut =
            ((fillGroups(inColumns) | spreadColumns(columnAny)) & ~inColumns) | (hiddenColumns & ~forcedColumns[d]);
        if (!((rowsOut & minirows[d]) | (columnsOut & minicolumns[d]))) continue;
        const std::uint32_t keepRows = minirows[d] & ~rowsOut, keepColumns = minicolumns[d] & ~columnsOut;
        for (int b = 0; b < 3; ++b) {
            const std::uint32_t w = s.positions[d][b] & kTables.pairCells[(keepRows >> (9 * b)) & 0x1ffu] &
                                    spreadColumns((keepColumns >> (9 * b)) & kRow);
            if (w != s.positions[d][b]) {
                if (!w) return false;
                s.positions[d][b] = w;
                s.dirty |= 1u << d;
            }
        }
    }
    return true;
}

// Singles and matchings to a fixpoint, then triads; again while triads remove anything.
bool propagate(State& s) {
    for (;;) {
        if (!propagateSingles(s)) return false;
        if (s.solved()) return true;
        if (!triads(s)) return false;
        if (!s.dirty) return true;
    }
}

// The number of open cells among a cell's twenty peers: its row and box in the band, its column elsewhere.
inline int openPeers(const State& s, int b, int pos) {
    const std::uint32_t column = kColumn << (pos % 9);
    return bitCount(s.open[b] & kTables.bandPeers[pos]) + bitCount(s.open[b == 0 ? 1 : 0] & column) +
           bitCount(s.open[b == 2 ? 1 : 2] & column);
}

// The open cell to branch on: the fewest candidates (two whenever some cell has two, found bit-sliced), and
// among those the most open peers, so that either branch reaches far; on top95 this halves the search tree
// against taking the first cell with two candidates.
void chooseCell(const State& s, int& band, int& pos) {
    int bestPeers = -1;
    for (int b = 0; b < 3; ++b) {
        for (std::uint32_t pairs = s.openPairs(b); pairs; pairs &= pairs - 1) {
            const int p = std::countr_zero(pairs);
            const int peers = openPeers(s, b, p);
            if (peers > bestPeers) {
                bestPeers = peers;
                band = b;
                pos = p;
            }
        }
    }
    if (bestPeers >= 0) return;
    int bestCount = 10;
    for (int b = 0; b < 3; ++b) {
        for (std::uint32_t open = s.open[b]; open; open &= open - 1) {
            const int p = std::countr_zero(open);
            int count = 0;
            for (int d = 0; d < 9; ++d) count += (s.positions[d][b] >> p) & 1u;
            if (count > bestCount) continue;
            const int peers = openPeers(s, b, p);
            if (count < bestCount || peers > bestPeers) {
                bestCount = count;
                bestPeers = peers;
                band = b;
                pos = p;
            }
        }
    }
}

}  // namespace

BandSolveResult solveSudokuBands(const std::array<std::uint8_t, 81>& givens, int solutionLimit) {
    BandSolveResult result;
    if (solutionLimit < 1) solutionLimit = 1;
    State current = State::empty();
    if (!placeGivens(current, [&givens](int cell) { return givens[static_cast<std::size_t>(cell)]; })) return result;
    // One pending "without this digit" state per branch on the current path, and each branch places a cell.
    std::array<State, 81> pending;
    int depth = 0;
    for (;;) {
        ++result.nodes;
        bool alive = propagate(current);
        if (alive && current.solved()) {
            if (result.solutionCount++ == 0) {
                // Solved, every word holds just the cells of its digit.
                for (int d = 0; d < 9; ++d)
                    for (int b = 0; b < 3; ++b)
                        for (std::uint32_t w = current.positions[d][b]; w; w &= w - 1)
                            result.first[static_cast<std::size_t>(27 * b + std::countr_zero(w))] =
                                static_cast<std::uint8_t>(d + 1);
            }
            if (result.solutionCount >= solutionLimit) return result;
            alive = false;
        }
        if (alive) {
            int band = 0, pos = 0, d = 0;
            chooseCell(current, band, pos);
            const std::uint32_t bit = 1u << pos;
            while (!(current.positions[d][band] & bit)) ++d;
            State& without = pending[static_cast<std::size_t>(depth++)];
            without = current;
            without.positions[d][band] &= ~bit;
            without.dirty |= 1u << d;
            place(current, d, band, pos);
            continue;
        }
        if (depth == 0) return result;
        current = pending[static_cast<std::size_t>(--depth)];
    }
}

}  // namespace pw
