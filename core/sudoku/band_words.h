#pragma once
// The bit-sliced band words of a 9x9 Sudoku, shared by the batch solver (sudoku_bands.cpp) and the stepping
// search's 9x9 engine (sudoku_band_search.cpp).
//
// The grid is cut into three bands of three rows. For every digit d and band b one 32-bit word holds the 27
// cells of the band where d is still possible or already placed:
//
//     positions[d][b] : bit 9*r + c  for row r (0..2) of the band and column c (0..8)
//
//              column 0 1 2   3 4 5   6 7 8
//     row 0 of band   0 1 2 | 3 4 5 | 6 7 8        box k of the band = columns 3k..3k+2
//     row 1          9 ...                 17
//     row 2         18 ...                 26
//
//     open[b]         : the band's cells not yet placed
//
// so a whole state is 9 x 3 + 3 words and a branch copies it instead of undoing. A placed digit stays in its
// own word, which makes every rule a statement about "exactly one d per row, column and box" with no
// separate record of what is placed. Cell 27*b + bit is the row-major cell index, so the lowest bit of the
// lowest band is the first cell in reading order.
//
// Both rules about lines and boxes read a digit's words as 3x3 patterns of pairs, bit 3*i + j:
//   - in a band, row i of the band still holds d somewhere in box j of the band;
//   - in a stack, box i of the stack (band i) still holds d somewhere in column j of the stack.
// Each line of such a pattern (a row, or a box of the stack) and each column of it (a box of the band, or a
// column) holds d exactly once, so both rules are statements about 3x3 patterns, answered by tables.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

namespace pw::band {

constexpr std::uint32_t kBandCells = (1u << 27) - 1;
constexpr std::uint32_t kRow = 0x1ffu;                          // row 0 of a band
constexpr std::uint32_t kBox = 7u | (7u << 9) | (7u << 18);     // box 0 of a band
constexpr std::uint32_t kColumn = 1u | (1u << 9) | (1u << 18);  // column 0 of a band
constexpr std::uint32_t kAllDigits = 0x1ffu;

// Locked candidates on a 3x3 pattern: a line (row of the pattern) left with one pair confines the digit to
// that pair within the column, and a column left with one pair confines it within the line. Applied until
// nothing changes; the result may have an empty line or column (a contradiction).
constexpr std::uint32_t lockedFixpoint(std::uint32_t pattern) {
    for (bool changed = true; changed;) {
        changed = false;
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t line = pattern & (7u << (3 * k));
            if (line && !(line & (line - 1))) {
                const std::uint32_t crossing = (0x49u << (std::countr_zero(line) % 3)) & ~line;
                if (pattern & crossing) pattern &= ~crossing, changed = true;
            }
            const std::uint32_t column = pattern & (0x49u << k);
            if (column && !(column & (column - 1))) {
                const std::uint32_t crossing = (7u << (3 * (std::countr_zero(column) / 3))) & ~column;
                if (pattern & crossing) pattern &= ~crossing, changed = true;
            }
        }
    }
    return pattern;
}

// True when every line and every column of a 3x3 pattern holds a pair.
constexpr bool coversEveryLine(std::uint32_t pattern) {
    for (int k = 0; k < 3; ++k)
        if (!(pattern & (7u << (3 * k))) || !(pattern & (0x49u << k))) return false;
    return true;
}

struct Tables {
    // For a 9-bit row of a band: bit k set when box k of that row has a bit.
    std::array<std::uint8_t, 512> rowBoxes{};
    // The pairs of a pattern that lie on some perfect matching (every line matched to its own column);
    // 0 when there is none.
    std::array<std::uint16_t, 512> matchedPairs{};
    // The pairs of a pattern that lie on every perfect matching (0 when there is none).
    std::array<std::uint16_t, 512> forcedPairs{};
    // lockedFixpoint of a pattern; 0 when it leaves a line or a column empty.
    std::array<std::uint16_t, 512> lockedPairs{};
    // Pairs (bit 3*i + j: row i, box j of a band) spread to the band's cells.
    std::array<std::uint32_t, 512> pairCells{};
    // matchedPairs and lockedPairs of a band's row-box pattern spread to its cells.
    std::array<std::uint32_t, 512> matchedCells{};
    std::array<std::uint32_t, 512> lockedCells{};
    // The row and box of a cell within its band, without the cell.
    std::array<std::uint32_t, 27> bandPeers{};
};

constexpr Tables buildTables() {
    Tables t{};
    for (std::uint32_t row = 0; row < 512; ++row) {
        std::uint8_t boxes = 0;
        for (int k = 0; k < 3; ++k)
            if (row & (7u << (3 * k))) boxes = static_cast<std::uint8_t>(boxes | (1u << k));
        t.rowBoxes[row] = boxes;
    }
    constexpr int permutations[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (std::uint32_t pattern = 0; pattern < 512; ++pattern) {
        std::uint32_t kept = 0, forced = 0x1ff;
        for (const auto& p : permutations) {
            const std::uint32_t pairs = (1u << p[0]) | (1u << (3 + p[1])) | (1u << (6 + p[2]));
            if ((pattern & pairs) == pairs) {
                kept |= pairs;
                forced &= pairs;
            }
        }
        t.matchedPairs[pattern] = static_cast<std::uint16_t>(kept);
        t.forcedPairs[pattern] = static_cast<std::uint16_t>(kept ? forced : 0);
        const std::uint32_t locked = lockedFixpoint(pattern);
        t.lockedPairs[pattern] = static_cast<std::uint16_t>(coversEveryLine(locked) ? locked : 0);
        std::uint32_t pairCells = 0;
        for (int i = 0; i < 9; ++i)
            if (pattern & (1u << i)) pairCells |= 7u << (9 * (i / 3) + 3 * (i % 3));
        t.pairCells[pattern] = pairCells;
    }
    for (std::uint32_t pattern = 0; pattern < 512; ++pattern) {
        t.matchedCells[pattern] = t.pairCells[t.matchedPairs[pattern]];
        t.lockedCells[pattern] = t.pairCells[t.lockedPairs[pattern]];
    }
    for (int pos = 0; pos < 27; ++pos) {
        const int row = pos / 9;
        const int box = pos % 9 / 3;
        t.bandPeers[pos] = ((kRow << (9 * row)) | (kBox << (3 * box))) & ~(1u << pos);
    }
    return t;
}

inline constexpr Tables kTables = buildTables();

// The portable build has no popcount instruction, and std::popcount and std::has_single_bit call a library
// function there; these two stay inline.
// x when it has at most one bit, else 0.
constexpr std::uint32_t onlyIfSingle(std::uint32_t x) { return (x & (x - 1)) ? 0u : x; }
// The number of bits of x, counted in parallel within the word.
constexpr int bitCount(std::uint32_t x) {
    x -= (x >> 1) & 0x55555555u;
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return static_cast<int>((x * 0x01010101u) >> 24);
}
static_assert(bitCount(0) == 0 && bitCount(0x1ffu) == 9 && bitCount(0x80000001u) == 2 && bitCount(~0u) == 32);

// The columns (bits 0..8) of a band word that hold a bit.
constexpr std::uint32_t columnsOf(std::uint32_t word) { return (word | (word >> 9) | (word >> 18)) & kRow; }
// Columns (bits 0..8) spread back to the three rows of a band.
constexpr std::uint32_t spreadColumns(std::uint32_t columns) { return columns | (columns << 9) | (columns << 18); }

// The row-box pattern of a band word: bit 3*i + j when row i of the band still holds a bit in box j.
inline std::uint32_t rowBoxPattern(std::uint32_t word) {
    return kTables.rowBoxes[word & kRow] | (kTables.rowBoxes[(word >> 9) & kRow] << 3) |
           (kTables.rowBoxes[word >> 18] << 6);
}

// The column-box pattern of stack k from the columns (bits 0..8) of the three bands: bit 3*i + j when band
// i still holds a bit in column j of the stack.
inline std::uint32_t stackPattern(const std::uint32_t (&bandColumns)[3], int k) {
    const int shift = 3 * k;
    return ((bandColumns[0] >> shift) & 7u) | (((bandColumns[1] >> shift) & 7u) << 3) |
           (((bandColumns[2] >> shift) & 7u) << 6);
}

// Adds the pairs kept in stack k (a stack pattern) to the columns (bits 0..8) each band may keep.
inline void keepStackPairs(std::uint32_t pairs, int k, std::uint32_t (&allowed)[3]) {
    const int shift = 3 * k;
    allowed[0] |= (pairs & 7u) << shift;
    allowed[1] |= ((pairs >> 3) & 7u) << shift;
    allowed[2] |= ((pairs >> 6) & 7u) << shift;
}

// Hidden singles of one digit's three words: the bits alone in their row or box (within a band) or in their
// column (across the bands), placed or not.
inline void hiddenSingles(const std::uint32_t (&w)[3], std::uint32_t (&singles)[3]) {
    std::uint32_t multi = 0;  // columns with two bits within one band
    std::uint32_t bandColumns[3];
    for (int b = 0; b < 3; ++b) {
        const std::uint32_t r0 = w[b] & kRow, r1 = (w[b] >> 9) & kRow, r2 = w[b] >> 18;
        bandColumns[b] = r0 | r1 | r2;
        multi |= (r0 & r1) | (r0 & r2) | (r1 & r2);
        // Without branches: which units hold one bit is unpredictable.
        std::uint32_t found = onlyIfSingle(r0) | (onlyIfSingle(r1) << 9) | (onlyIfSingle(r2) << 18);
        for (int k = 0; k < 3; ++k) found |= onlyIfSingle(w[b] & (kBox << (3 * k)));
        singles[b] = found;
    }
    const std::uint32_t c0 = bandColumns[0], c1 = bandColumns[1], c2 = bandColumns[2];
    const std::uint32_t singleColumns = (c0 ^ c1 ^ c2) & ~((c0 & c1) | (c0 & c2) | (c1 & c2)) & ~multi;
    for (int b = 0; b < 3; ++b) singles[b] |= w[b] & spreadColumns(singleColumns);
}

struct State {
    std::uint32_t positions[9][3];
    std::uint32_t open[3];
    std::uint32_t dirty;  // digits (bits 0..8) whose words changed since the rules last looked at them

    // The empty grid: every digit possible everywhere, every digit to be looked at.
    static State empty() {
        State s;
        for (auto& digit : s.positions)
            for (auto& word : digit) word = kBandCells;
        for (auto& word : s.open) word = kBandCells;
        s.dirty = kAllDigits;
        return s;
    }
    bool solved() const { return (open[0] | open[1] | open[2]) == 0; }
    // The open cells of band b with exactly two candidates, counted bit-sliced across the nine words.
    std::uint32_t openPairs(int b) const {
        std::uint32_t one = 0, two = 0, three = 0;
        for (int d = 0; d < 9; ++d) {
            const std::uint32_t w = positions[d][b];
            three |= two & w;
            two |= one & w;
            one |= w;
        }
        return two & ~three & open[b];
    }
    // The digits (bits 0..8) still possible at bit `pos` of band b, found without branching.
    std::uint32_t digitsAt(int b, int pos) const {
        std::uint32_t digits = 0;
        for (int d = 0; d < 9; ++d) digits |= ((positions[d][b] >> pos) & 1u) << d;
        return digits;
    }
};

// Places digit d (0-based) at bit `pos` of band b, which only d holds: clears the cell's peers from d's
// words. The caller has checked that d is possible there and that the cell is open.
inline void placeOnly(State& s, int d, int b, int pos) {
    s.positions[d][b] &= ~kTables.bandPeers[pos];
    s.dirty |= 1u << d;
    const std::uint32_t column = ~(kColumn << (pos % 9));
    s.positions[d][b == 0 ? 1 : 0] &= column;
    s.positions[d][b == 2 ? 1 : 2] &= column;
    s.open[b] &= ~(1u << pos);
}

// Places digit d (0-based) at bit `pos` of band b; false when d is no longer possible there.
inline bool place(State& s, int d, int b, int pos) {
    const std::uint32_t bit = 1u << pos;
    if (!(s.positions[d][b] & bit)) return false;
    if (!(s.open[b] & bit)) return true;  // already placed, with d
    // Every other digit leaves the cell; the ones that held it change. Branch-free: the cell's candidates are
    // unpredictable.
    std::uint32_t held = 0;
    for (int e = 0; e < 9; ++e) {
        held |= ((s.positions[e][b] >> pos) & 1u) << e;
        s.positions[e][b] &= ~bit;
    }
    s.positions[d][b] |= bit;
    s.dirty |= held;
    placeOnly(s, d, b, pos);
    return true;
}

// Places the givens on the empty state s, valueAt(cell) giving each cell's value (0: open); false when two
// of them clash or a value is no 9x9 digit. Every digit leaves every given cell at once, and then each given
// clears its digit from its peers.
template <class ValueAt>
bool placeGivens(State& s, const ValueAt& valueAt) {
    std::uint32_t cells[11][3] = {};  // by value (1..9; 10: any value above 9) and band
    for (int b = 0; b < 3; ++b) {
        // The filled cells first, in a register: the open ones are most cells, and adding each to one word in
        // memory would make a chain of dependent stores.
        std::uint32_t filled = 0;
        for (int pos = 0; pos < 27; ++pos) filled |= static_cast<std::uint32_t>(valueAt(27 * b + pos) != 0) << pos;
        s.open[b] = kBandCells & ~filled;
        for (; filled; filled &= filled - 1) {
            const int pos = std::countr_zero(filled);
            cells[std::min(static_cast<int>(valueAt(27 * b + pos)), 10)][b] |= 1u << pos;
        }
    }
    if (cells[10][0] | cells[10][1] | cells[10][2]) return false;
    for (int d = 0; d < 9; ++d)
        for (int b = 0; b < 3; ++b) s.positions[d][b] = s.open[b] | cells[d + 1][b];
    for (int d = 0; d < 9; ++d)
        for (int b = 0; b < 3; ++b)
            for (std::uint32_t own = cells[d + 1][b]; own; own &= own - 1) {
                const int pos = std::countr_zero(own);
                if (!((s.positions[d][b] >> pos) & 1u)) return false;  // a peer given took d
                placeOnly(s, d, b, pos);
            }
    return true;
}

// Places digit d (0-based) at the open cells `cells` of band b, each found alone in a unit for d: every
// other digit leaves them at once, then d takes them one by one. Returns the first of them (its bit
// position) that d had already lost, to an earlier placement or an earlier band (two of them are peers: a
// contradiction), or -1 when all are placed.
inline int placeSingles(State& s, int d, int b, std::uint32_t cells) {
    const std::uint32_t own = s.positions[d][b];
    std::uint32_t held = 0;
    for (int e = 0; e < 9; ++e) {
        held |= static_cast<std::uint32_t>((s.positions[e][b] & cells) != 0) << e;
        s.positions[e][b] &= ~cells;
    }
    s.positions[d][b] = own;
    s.dirty |= held;
    for (; cells; cells &= cells - 1) {
        const int pos = std::countr_zero(cells);
        if (!(s.positions[d][b] & (1u << pos))) return pos;
        placeOnly(s, d, b, pos);
    }
    return -1;
}

}  // namespace pw::band
