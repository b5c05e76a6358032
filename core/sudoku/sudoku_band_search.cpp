// The stepping search's engine for 9x9 grids: the search of sudoku_exact.cpp, node for node, on the band
// words of band_words.h.
//
// The generic engine (sudoku_exact.cpp) keeps a candidate mask per cell and scans the units cell by cell;
// this one keeps a word per digit and band and answers each rule for a whole band or digit at once, about
// twice as fast (docs/performance.md). Both run one search:
//   - a node applies three rules until none changes anything: naked singles, hidden singles and locked
//     candidates (pointing and claiming). Each rule only removes candidates, and a removal it allows stays
//     allowed as other removals follow, so every order of applying them ends in the same state: the one
//     state closed under the rules, or a contradiction when a cell or a unit runs out of digits on the way.
//     The order decides only which contradiction is met first and the partial grid shown with it;
//   - it branches on the first open cell in row-major order with the fewest candidates and tries its digits
//     in ascending order; after a solution or a contradiction it resumes the deepest branch with digits left.
// So the nodes, the solutions and their order are the generic engine's; tests/sudoku_exact_test.cpp runs the
// two side by side, node by node, over the bundled and shared puzzle sets.
//
// Locked candidates on band words: in a band, the 3x3 pattern of which rows still hold digit d in which
// boxes is closed under "a row left with d in one box keeps d out of that box's other rows" (claiming) and
// "a box left with d in one row keeps d out of that row's other boxes" (pointing) by one table look-up; in a
// stack the same holds for boxes and columns. Each rule looks only at the digits whose words changed since it
// last looked; naked singles look at every band each round.

#include "sudoku/band_words.h"
#include "sudoku/sudoku_search_engine.h"

#include <array>
#include <bit>
#include <vector>

namespace pw {
namespace {

using namespace band;
using Status = SudokuSearch::Status;
using Outcome = SudokuSearchTrace::Outcome;

constexpr int kUnitColumns = 9;  // unit numbering of SearchFailure: rows 0..8, columns 9..17, boxes 18..26
constexpr int kUnitBoxes = 18;

class BandSearchEngine final : public SudokuSearch::Engine {
    struct Frame {
        State state;  // the node's state after propagation, before the branch digit is placed
        int band;
        int pos;
        std::uint32_t untried;  // the cell's digits (bits 0..8) not tried yet
        int level;              // how many branch choices lie above this one (traced searches only)
    };

public:
    explicit BandSearchEngine(const SudokuGrid& givens) : m_current(State::empty()) {
        // Most searches go no deeper than seven branches, and seven frames fit glibc's per-thread cache of
        // small blocks (up to 1,032 bytes): an engine a puzzle costs two quick allocations.
        m_frames.reserve(7);
        bool consistent = placeGivens(givens);
        // Pencil marks, where a puzzle carries them, restrict the open cells' candidates.
        const bool marked = givens.hasMarks();
        for (int cell = 0; cell < 81 && consistent && marked; ++cell) {
            const std::uint32_t marks = givens.marks(cell);
            const int b = cell / 27, pos = cell % 27;
            if (!marks || !(m_current.open[b] & (1u << pos))) continue;
            for (int d = 0; d < 9; ++d) {
                if (((marks >> d) & 1u) || !((m_current.positions[d][b] >> pos) & 1u)) continue;
                m_current.positions[d][b] &= ~(1u << pos);
                m_current.dirty |= 1u << d;
            }
            if (!m_current.digitsAt(b, pos)) consistent = fail(SearchFailure::Kind::NoCandidate, cell);
        }
        m_pendingContradiction = !consistent;
    }

    Status step() override {
        // A leaf (solution or contradiction) stays on show until the next step resumes the search.
        m_trace.resumed = m_leafPending;
        if (m_leafPending) {
            m_leafPending = false;
            resumeAfterLeaf();
        }
        if (m_exhausted) {
            m_trace.outcome = Outcome::Exhausted;
            return Status::Exhausted;
        }
        ++m_nodes;
        const bool consistent = !m_pendingContradiction && propagate(m_current);
        m_pendingContradiction = false;
        if (!consistent || m_current.solved()) {
            m_leafPending = true;
            m_trace.outcome = consistent ? Outcome::Solution : Outcome::Contradiction;
            return consistent ? Status::FoundSolution : Status::Running;
        }
        int band = 0, pos = 0;
        m_trace.branchCandidates = chooseCell(m_current, band, pos);
        m_trace.branchCell = 27 * band + pos;
        m_frames.push_back(Frame{m_current, band, pos, m_current.digitsAt(band, pos),
                                 m_trace.tracing ? static_cast<int>(m_trace.path.size()) : 0});
        m_trace.outcome = Outcome::Branched;
        tryNextDigit();
        return Status::Running;
    }

    void setTracing(bool tracing) override {
        m_trace.tracing = tracing;
        m_trace.path.reserve(81);
    }

    SudokuSearchTrace trace() const override { return m_trace.toTrace(SudokuShape{3, 3}); }

    void writeCurrent(SudokuGrid& grid) const override {
        for (int b = 0; b < 3; ++b) {
            for (std::uint32_t open = m_current.open[b]; open; open &= open - 1)
                grid.setValue(27 * b + std::countr_zero(open), 0);
            for (int d = 0; d < 9; ++d)
                for (std::uint32_t w = m_current.positions[d][b] & ~m_current.open[b] & kBandCells; w; w &= w - 1)
                    grid.setValue(27 * b + std::countr_zero(w), d + 1);
        }
    }

    std::vector<std::uint16_t> candidates() const override {
        std::vector<std::uint16_t> out(81, 0);
        for (int cell = 0; cell < 81; ++cell)
            if (m_current.open[cell / 27] & (1u << (cell % 27)))
                out[static_cast<std::size_t>(cell)] = static_cast<std::uint16_t>(m_current.digitsAt(cell / 27, cell % 27));
        return out;
    }

    std::uint64_t nodes() const override { return m_nodes; }

private:
    // The three rules to a fixpoint; false on a contradiction. Singles run until they stall, then locked
    // candidates look at the digits whose words changed since they last did; what they remove restarts the
    // singles. (The order changes nothing in the fixpoint, only the time: singles are cheap and often finish
    // the grid alone.)
    bool propagate(State& s) {
        std::uint32_t changed = s.dirty;  // digits whose words changed since locked candidates looked at them
        for (;;) {
            for (;;) {
                if (s.solved()) return true;
                if (!nakedSingles(s)) return false;
                if (!s.dirty) break;
                // Digits changed by this pass's placements stay dirty for the next one, and so reach `changed`.
                const std::uint32_t pending = s.dirty;
                changed |= pending;
                s.dirty = 0;
                for (int d = 0; d < 9; ++d)
                    if (((pending >> d) & 1u) && !hiddenSingles(s, d)) return false;
            }
            if (!changed) return true;
            for (int d = 0; d < 9; ++d)
                if (((changed >> d) & 1u) && !lockedCandidates(s, d)) return false;
            changed = 0;
            if (!s.dirty) return true;
        }
    }

    // Places every open cell with one candidate; false when a cell has none.
    bool nakedSingles(State& s) {
        for (int b = 0; b < 3; ++b) {
            std::uint32_t one = 0, two = 0;
            for (int d = 0; d < 9; ++d) {
                two |= one & s.positions[d][b];
                one |= s.positions[d][b];
            }
            if (one != kBandCells) return fail(SearchFailure::Kind::NoCandidate, 27 * b + std::countr_zero(~one));
            for (std::uint32_t singles = one & ~two & s.open[b]; singles; singles &= singles - 1) {
                const int pos = std::countr_zero(singles);
                const std::uint32_t digits = s.digitsAt(b, pos);
                // an earlier single of this scan took the cell's last digit
                if (!digits) return fail(SearchFailure::Kind::NoCandidate, 27 * b + pos);
                placeOnly(s, std::countr_zero(digits), b, pos);  // its only candidate: no other digit holds it
            }
        }
        return true;
    }

    // Places digit d wherever a row, column or box has one place left for it; false on a contradiction.
    bool hiddenSingles(State& s, int d) {
        const std::uint32_t w[3] = {s.positions[d][0], s.positions[d][1], s.positions[d][2]};
        std::uint32_t singles[3];
        band::hiddenSingles(w, singles);
        for (int b = 0; b < 3; ++b) {
            const std::uint32_t toPlace = singles[b] & s.open[b];
            if (!toPlace) continue;
            if (const int lost = placeSingles(s, d, b, toPlace); lost >= 0)
                return fail(SearchFailure::Kind::NotACandidate, 27 * b + lost, d + 1);
        }
        return true;
    }

    // Locked candidates of digit d, in the bands and then the stacks; false when a row, column or box is left
    // without d.
    bool lockedCandidates(State& s, int d) {
        std::uint32_t w[3] = {s.positions[d][0], s.positions[d][1], s.positions[d][2]};
        for (int b = 0; b < 3; ++b) {
            const std::uint32_t pattern = rowBoxPattern(w[b]);
            const std::uint32_t kept = kTables.lockedCells[pattern];
            if (!kept) return failPattern(pattern, 3 * b, 1, kUnitBoxes + 3 * b, 1);
            w[b] &= kept;
        }
        const std::uint32_t columns[3] = {columnsOf(w[0]), columnsOf(w[1]), columnsOf(w[2])};
        std::uint32_t allowed[3] = {0, 0, 0};
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t pattern = stackPattern(columns, k);
            const std::uint32_t pairs = kTables.lockedPairs[pattern];
            if (!pairs) return failPattern(pattern, kUnitBoxes + k, 3, kUnitColumns + 3 * k, 1);
            keepStackPairs(pairs, k, allowed);
        }
        for (int b = 0; b < 3; ++b) {
            w[b] &= spreadColumns(allowed[b]);
            if (w[b] != s.positions[d][b]) {
                s.positions[d][b] = w[b];
                s.dirty |= 1u << d;
            }
        }
        return true;
    }

    // The cell to branch on: the first open cell in row-major order with the fewest candidates (two whenever
    // some cell has two, found bit-sliced); returns how many it has.
    static int chooseCell(const State& s, int& band, int& pos) {
        for (int b = 0; b < 3; ++b) {
            if (const std::uint32_t pairs = s.openPairs(b)) {
                band = b;
                pos = std::countr_zero(pairs);
                return 2;
            }
        }
        int fewest = 10;
        for (int b = 0; b < 3; ++b)
            for (std::uint32_t open = s.open[b]; open; open &= open - 1) {
                const int p = std::countr_zero(open);
                const int count = bitCount(s.digitsAt(b, p));
                if (count < fewest) {
                    fewest = count;
                    band = b;
                    pos = p;
                }
            }
        return fewest;
    }

    // Places the givens; false, with the failure, when two of them clash: placing them cell by cell in reading
    // order then names the first clash.
    bool placeGivens(const SudokuGrid& givens) {
        if (band::placeGivens(m_current, [&givens](int cell) { return givens.value(cell); })) return true;
        m_current = State::empty();
        for (int cell = 0; cell < 81; ++cell) {
            const int digit = givens.value(cell);
            if (digit && (digit > 9 || !place(m_current, digit - 1, cell / 27, cell % 27)))
                return fail(SearchFailure::Kind::NotACandidate, cell, digit);
        }
        return true;
    }

    void resumeAfterLeaf() {
        resumeDeepestBranch(m_frames, m_exhausted, [this] { tryNextDigit(); });
    }

    void tryNextDigit() {
        Frame& frame = m_frames.back();
        const int d = std::countr_zero(frame.untried);
        if (m_trace.tracing) {
            m_trace.path.resize(static_cast<std::size_t>(frame.level));
            m_trace.path.emplace_back(27 * frame.band + frame.pos, d + 1);
        }
        frame.untried &= frame.untried - 1;
        m_current = frame.state;
        place(m_current, d, frame.band, frame.pos);  // one of the open cell's candidates: always possible
        if (frame.untried == 0) m_frames.pop_back();  // the last digit needs no saved state
    }

    // A contradiction, noted (a store or three, on the failing path only) for the trace.
    bool fail(SearchFailure::Kind kind, int at, int digit = 0) {
        m_trace.failure = {kind, at, digit};
        return false;
    }

    // A 3x3 pattern whose locked candidates leave a line or a column empty: names the unit. Line i of the
    // pattern is unit lineUnit + i * lineStep, column j unit columnUnit + j * columnStep.
    [[gnu::cold]] bool failPattern(std::uint32_t pattern, int lineUnit, int lineStep, int columnUnit, int columnStep) {
        const std::uint32_t fixpoint = lockedFixpoint(pattern);
        for (int k = 0; k < 3; ++k)
            if (!(fixpoint & (7u << (3 * k)))) return fail(SearchFailure::Kind::UnitLacksDigit, lineUnit + k * lineStep);
        for (int k = 0; k < 3; ++k)
            if (!(fixpoint & (0x49u << k))) return fail(SearchFailure::Kind::UnitLacksDigit, columnUnit + k * columnStep);
        return false;
    }

    State m_current;
    std::vector<Frame> m_frames;  // one per branch on the current path with digits left
    bool m_pendingContradiction = false;
    bool m_leafPending = false;
    bool m_exhausted = false;
    std::uint64_t m_nodes = 0;
    NodeTrace m_trace;  // what the last node did
};

}  // namespace

std::unique_ptr<SudokuSearch::Engine> makeBandSearchEngine(const SudokuGrid& givens) {
    return std::make_unique<BandSearchEngine>(givens);
}

}  // namespace pw
