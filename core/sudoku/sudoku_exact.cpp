// The exact Sudoku solver: the steppable search, and the entry point that sends batch work to the fast one.
//
// Two solvers. The search in this file runs one node per step() and reports the grid of every node, so the
// `exact` algorithm can animate it and trace it step by step; it works for every box shape. Counting and
// uniqueness checks (library, generator, paste, check, batch solving) need no events, and for 9x9 they go
// to the bit-sliced band solver in sudoku_bands.cpp (digit x band words, row/box and column/band
// matchings, triads; several times faster). solveSudoku() decides: 9x9 without pencil marks goes to the
// band solver. Asked for one solution, it stops at the first it meets, which for a grid with several is any
// one of them (always the same: the solver is deterministic); that is what a first-solution search is for,
// and what lets it end early. Asked to count, should it find two or more solutions, the stepping search
// answers instead, so that a count's "first" solution is the one the stepping search meets first. A unique
// solution is the same for both. The `exact` algorithm only ever uses the stepping search: its steps and
// traces are those of this file's search.
//
// The stepping search.
//
// Representation. A search state holds, for every cell, its value (0 = open) and its candidate mask
// (bit d-1 = digit d still possible; 0 once the cell is filled), and for every unit the mask of digits
// already placed in it. For 9x9 that is 81 + 162 + 54 bytes: a branch copies the whole state instead of
// undoing, which is cheaper than an undo log at this size.
//
//     cell i = row * N + column        units: rows 0..N-1, columns N..2N-1, boxes 2N..3N-1
//     candidates[i] : uint16  ........ 1 0 0 1 0 1 1 0 0   (digits 9..1, here {2,3,5,8})
//     placed[u]     : uint16  digits already in unit u
//
// Propagation runs to a fixpoint of two rules: a naked single (a cell with one candidate takes it) and a
// hidden single (a digit with one possible cell in a unit goes there). Placing a digit clears it from the
// candidates of the cell's peers; a cell left with no candidates, or a unit that can no longer hold some
// digit, is a contradiction. When the singles stall, one pass of locked candidates (a digit confined to where
// a box meets a row or column in one of the two units is cleared from the rest of the other) may restart
// them: on top95 it cuts the nodes per puzzle from 65 to 22 and raises throughput by half. When propagation stops without solving, the search branches on an open cell with
// the fewest candidates (the first such cell in row-major order), trying its digits in ascending order.
//
// The search is an explicit stack of states, advanced one node per step(), so that the same code serves the
// solution counter (the oracle for tests, the generator and the metrics) and the stepping `exact` algorithm
// the window animates. The engine is a template over the box shape so the inner loops have constant bounds;
// 9x9 grids run the same search, node for node, on the band solver's words (sudoku_band_search.cpp), about
// twice as fast.

#include "sudoku/sudoku_exact.h"

#include "sudoku/sudoku_bands.h"
#include "sudoku/sudoku_search_engine.h"

#include <array>

namespace pw {

namespace {

template <int BoxRows, int BoxColumns>
class ShapedEngine final : public SudokuSearch::Engine {
    static constexpr int N = BoxRows * BoxColumns;
    static constexpr int Cells = N * N;
    static constexpr int Units = 3 * N;
    static constexpr DigitMask All = allDigits(N);

    struct State {
        std::array<DigitMask, Cells> candidates;
        std::array<std::uint8_t, Cells> values;
        std::array<DigitMask, Units> placed;
        int open;
    };

    // A box meets a row or a column in a segment; a digit confined to the segment within one of the two
    // units cannot stand elsewhere in the other (locked candidates: pointing and claiming).
    struct Intersection {
        std::array<std::uint8_t, N> segment;
        std::array<std::uint8_t, N> lineRest;
        std::array<std::uint8_t, N> boxRest;
        int segmentSize;
        int restSize;
    };
    static constexpr int Intersections = N * (BoxRows + BoxColumns);

    struct Frame {
        State state;  // the node's state after propagation, before the branch digit is placed
        int cell;
        DigitMask untried;
        int level;  // how many branch choices lie above this one (traced searches only)
    };
    using Failure = SearchFailure::Kind;

public:
    explicit ShapedEngine(const SudokuGrid& givens)
        : m_geometry(SudokuGeometry::of({BoxRows, BoxColumns})), m_intersections(intersections(m_geometry)) {
        // Most searches stay shallow: the stack grows when one does not (a batch makes an engine per puzzle).
        m_frames.reserve(16);
        m_current.candidates.fill(All);
        m_current.values.fill(0);
        m_current.placed.fill(0);
        m_current.open = Cells;
        m_queueSize = 0;
        bool consistent = true;
        for (int cell = 0; cell < Cells && consistent; ++cell) {
            const int digit = givens.value(cell);
            if (digit && m_current.values[cell] == 0) consistent = place(m_current, cell, digit);
            else if (digit) consistent = m_current.values[cell] == digit;
        }
        // Pencil marks, where a puzzle carries them, restrict the open cells' candidates.
        for (int cell = 0; cell < Cells && consistent; ++cell) {
            const DigitMask marks = givens.marks(cell);
            if (marks && m_current.values[cell] == 0) {
                m_current.candidates[cell] &= marks;
                if (m_current.candidates[cell] == 0) consistent = false;
                else if (isSingleBit(m_current.candidates[cell])) m_queue[m_queueSize++] = static_cast<std::uint8_t>(cell);
            }
        }
        m_pendingContradiction = !consistent;
    }

    SudokuSearch::Status step() override {
        // A leaf (solution or contradiction) stays on show until the next step resumes the search.
        m_trace.resumed = m_leafPending;
        if (m_leafPending) {
            m_leafPending = false;
            resumeAfterLeaf();
        }
        if (m_exhausted) {
            m_trace.outcome = SudokuSearchTrace::Outcome::Exhausted;
            return SudokuSearch::Status::Exhausted;
        }
        ++m_nodes;
        const bool consistent = !m_pendingContradiction && propagate(m_current);
        m_pendingContradiction = false;
        if (!consistent || m_current.open == 0) {
            m_leafPending = true;
            m_trace.outcome = consistent ? SudokuSearchTrace::Outcome::Solution : SudokuSearchTrace::Outcome::Contradiction;
            return consistent ? SudokuSearch::Status::FoundSolution : SudokuSearch::Status::Running;
        }
        // Branch on the open cell with the fewest candidates.
        int bestCell = -1;
        int bestCount = N + 1;
        for (int cell = 0; cell < Cells; ++cell) {
            if (m_current.values[cell]) continue;
            const int count = popCount(m_current.candidates[cell]);
            if (count < bestCount) {
                bestCount = count;
                bestCell = cell;
                if (count == 2) break;
            }
        }
        m_frames.push_back(Frame{m_current, bestCell, m_current.candidates[bestCell],
                                 m_trace.tracing ? static_cast<int>(m_trace.path.size()) : 0});
        m_trace.outcome = SudokuSearchTrace::Outcome::Branched;
        m_trace.branchCell = bestCell;
        m_trace.branchCandidates = bestCount;
        tryNextDigit();
        return SudokuSearch::Status::Running;
    }

    void setTracing(bool tracing) override {
        m_trace.tracing = tracing;
        m_trace.path.reserve(Cells);
    }

    SudokuSearchTrace trace() const override { return m_trace.toTrace(m_geometry.shape); }

    void writeCurrent(SudokuGrid& grid) const override {
        for (int cell = 0; cell < Cells; ++cell) grid.setValue(cell, m_current.values[cell]);
    }

    std::vector<std::uint16_t> candidates() const override {
        return std::vector<std::uint16_t>(m_current.candidates.begin(), m_current.candidates.end());
    }

    std::uint64_t nodes() const override { return m_nodes; }

private:
    // Places `digit` in `cell` and clears it from the peers; queues peers left with one candidate.
    bool place(State& s, int cell, int digit) {
        const DigitMask bit = digitBit(digit);
        if (!(s.candidates[cell] & bit)) return fail(Failure::NotACandidate, cell, digit);
        s.values[cell] = static_cast<std::uint8_t>(digit);
        s.candidates[cell] = 0;
        --s.open;
        for (int k = 0; k < 3; ++k) s.placed[m_geometry.cellUnits[cell][k]] |= bit;
        const auto& peers = m_geometry.peers[cell];
        for (int k = 0; k < m_geometry.peerCount; ++k) {
            const int peer = peers[k];
            DigitMask& candidates = s.candidates[peer];
            if (!(candidates & bit)) continue;
            candidates = static_cast<DigitMask>(candidates & ~bit);
            if (candidates == 0) return fail(Failure::NoCandidate, peer);
            if (isSingleBit(candidates)) m_queue[m_queueSize++] = static_cast<std::uint8_t>(peer);
        }
        return true;
    }

    bool placeQueued(State& s) {
        while (m_queueSize > 0) {
            const int cell = m_queue[--m_queueSize];
            if (s.values[cell]) continue;
            if (!place(s, cell, lowestDigit(s.candidates[cell]))) return false;
        }
        return true;
    }

    // Naked and hidden singles to a fixpoint; false on a contradiction.
    bool propagate(State& s) {
        for (;;) {
            if (!placeQueued(s)) {
                m_queueSize = 0;
                return false;
            }
            if (s.open == 0) return true;
            bool placedAny = false;
            for (int unit = 0; unit < Units; ++unit) {
                const auto& cells = m_geometry.unitCells[unit];
                DigitMask once = 0;
                DigitMask twice = 0;
                for (int k = 0; k < N; ++k) {
                    const DigitMask c = s.candidates[cells[k]];
                    twice |= once & c;
                    once |= c;
                }
                if ((once | s.placed[unit]) != All) return fail(Failure::UnitLacksDigit, unit);
                DigitMask hidden = static_cast<DigitMask>(once & ~twice);
                while (hidden) {
                    const DigitMask bit = static_cast<DigitMask>(hidden & -hidden);
                    hidden = static_cast<DigitMask>(hidden & ~bit);
                    for (int k = 0; k < N; ++k) {
                        const int cell = cells[k];
                        if (s.candidates[cell] & bit) {
                            if (!place(s, cell, lowestDigit(bit))) {
                                m_queueSize = 0;
                                return false;
                            }
                            break;
                        }
                    }
                    placedAny = true;
                }
                if (placedAny && m_queueSize > 0 && !placeQueued(s)) {
                    m_queueSize = 0;
                    return false;
                }
            }
            if (placedAny || m_queueSize > 0) continue;
            bool eliminated = false;
            if (!lockedCandidates(s, eliminated)) {
                m_queueSize = 0;
                return false;
            }
            if (!eliminated) return true;
        }
    }

    using IntersectionTable = std::array<Intersection, Intersections>;
    // The shape's intersections, built once.
    static const IntersectionTable& intersections(const SudokuGeometry& geometry) {
        static const IntersectionTable table = buildIntersections(geometry);
        return table;
    }

    static IntersectionTable buildIntersections(const SudokuGeometry& geometry) {
        IntersectionTable table{};
        int k = 0;
        for (int box = 0; box < N; ++box) {
            const auto& boxCells = geometry.unitCells[2 * N + box];
            for (int lineUnit = 0; lineUnit < 2 * N; ++lineUnit) {
                const auto& lineCells = geometry.unitCells[lineUnit];
                Intersection in{};
                int segment = 0, lineRest = 0, boxRest = 0;
                for (int i = 0; i < N; ++i) {
                    const int cell = lineCells[i];
                    if (geometry.cellUnits[cell][2] == 2 * N + box) in.segment[segment++] = static_cast<std::uint8_t>(cell);
                    else in.lineRest[lineRest++] = static_cast<std::uint8_t>(cell);
                }
                if (segment == 0) continue;
                for (int i = 0; i < N; ++i) {
                    const int cell = boxCells[i];
                    if (geometry.cellUnits[cell][0] != lineUnit && geometry.cellUnits[cell][1] != lineUnit)
                        in.boxRest[boxRest++] = static_cast<std::uint8_t>(cell);
                }
                in.segmentSize = segment;
                in.restSize = lineRest;  // equal to boxRest: N minus the segment
                table[static_cast<std::size_t>(k++)] = in;
            }
        }
        return table;
    }

    // Clears `mask` from `cells`; false on a contradiction.
    bool eliminate(State& s, const std::array<std::uint8_t, N>& cells, int count, DigitMask mask) {
        for (int i = 0; i < count; ++i) {
            DigitMask& candidates = s.candidates[cells[i]];
            if (!(candidates & mask)) continue;
            candidates = static_cast<DigitMask>(candidates & ~mask);
            if (candidates == 0) return fail(Failure::NoCandidate, cells[i]);
            if (isSingleBit(candidates)) m_queue[m_queueSize++] = cells[i];
        }
        return true;
    }

    // One pass of locked candidates; sets `changed` when it removed anything.
    bool lockedCandidates(State& s, bool& changed) {
        for (const Intersection& in : m_intersections) {
            DigitMask segment = 0, lineRest = 0, boxRest = 0;
            for (int i = 0; i < in.segmentSize; ++i) segment |= s.candidates[in.segment[i]];
            if (!segment) continue;
            for (int i = 0; i < in.restSize; ++i) {
                lineRest |= s.candidates[in.lineRest[i]];
                boxRest |= s.candidates[in.boxRest[i]];
            }
            const DigitMask pointing = static_cast<DigitMask>(segment & ~boxRest & lineRest);
            if (pointing) {
                changed = true;
                if (!eliminate(s, in.lineRest, in.restSize, pointing)) return false;
            }
            const DigitMask claiming = static_cast<DigitMask>(segment & ~lineRest & boxRest);
            if (claiming) {
                changed = true;
                if (!eliminate(s, in.boxRest, in.restSize, claiming)) return false;
            }
        }
        return true;
    }

    void resumeAfterLeaf() {
        resumeDeepestBranch(m_frames, m_exhausted, [this] { tryNextDigit(); });
    }

    // A contradiction, noted (a store or three, on the failing path only) for the trace.
    bool fail(Failure failure, int at, int digit = 0) {
        m_trace.failure = {failure, at, digit};
        return false;
    }

    void tryNextDigit() {
        Frame& frame = m_frames.back();
        const int digit = lowestDigit(frame.untried);
        if (m_trace.tracing) {
            m_trace.path.resize(static_cast<std::size_t>(frame.level));
            m_trace.path.emplace_back(frame.cell, digit);
        }
        frame.untried = static_cast<DigitMask>(withoutLowestBit(frame.untried));
        m_current = frame.state;
        m_queueSize = 0;
        m_pendingContradiction = !place(m_current, frame.cell, digit);
        if (frame.untried == 0) m_frames.pop_back();  // the last digit needs no saved state
    }

    const SudokuGeometry& m_geometry;
    State m_current{};
    std::vector<Frame> m_frames;
    const IntersectionTable& m_intersections;
    std::array<std::uint8_t, Cells * 4> m_queue{};
    int m_queueSize = 0;
    bool m_pendingContradiction = false;
    bool m_leafPending = false;
    bool m_exhausted = false;
    std::uint64_t m_nodes = 0;
    NodeTrace m_trace;  // what the last node did
};

std::unique_ptr<SudokuSearch::Engine> makeEngine(const SudokuGrid& givens) {
    const SudokuShape shape = givens.shape();
    if (shape == SudokuShape{3, 3}) return makeBandSearchEngine(givens);
    return makeGenericSearchEngine(givens);
}

}  // namespace

std::unique_ptr<SudokuSearch::Engine> makeGenericSearchEngine(const SudokuGrid& givens) {
    const SudokuShape shape = givens.shape();
    if (shape == SudokuShape{2, 2}) return std::make_unique<ShapedEngine<2, 2>>(givens);
    if (shape == SudokuShape{2, 3}) return std::make_unique<ShapedEngine<2, 3>>(givens);
    if (shape == SudokuShape{4, 4}) return std::make_unique<ShapedEngine<4, 4>>(givens);
    return std::make_unique<ShapedEngine<3, 3>>(givens);
}

SudokuSearchTrace NodeTrace::toTrace(const SudokuShape& shape) const {
    SudokuSearchTrace out;
    out.outcome = outcome;
    out.stack = path;
    out.resumed = resumed;
    out.branchCell = branchCell;
    out.branchCandidates = branchCandidates;
    if (outcome == SudokuSearchTrace::Outcome::Contradiction) out.contradiction = describeFailure(failure, shape);
    return out;
}

std::string describeFailure(const SearchFailure& failure, const SudokuShape& shape) {
    const int n = shape.size();
    switch (failure.kind) {
    case SearchFailure::Kind::NoCandidate: return cellName(shape, failure.at) + " has no candidate left";
    case SearchFailure::Kind::NotACandidate:
        return std::to_string(failure.digit) + " cannot go in " + cellName(shape, failure.at);
    case SearchFailure::Kind::UnitLacksDigit: {
        const char* kind = failure.at < n ? "row " : failure.at < 2 * n ? "column " : "box ";
        return std::string(kind) + std::to_string(failure.at % n + 1) + " has no place left for some digit";
    }
    case SearchFailure::Kind::None: break;
    }
    return "the givens contradict each other";
}

SudokuSearch::SudokuSearch(const SudokuGrid& givens, int solutionLimit)
    : m_engine(makeEngine(givens)), m_current(givens), m_solutionLimit(solutionLimit < 1 ? 1 : solutionLimit) {}

SudokuSearch::~SudokuSearch() = default;
SudokuSearch::SudokuSearch(SudokuSearch&&) noexcept = default;
SudokuSearch& SudokuSearch::operator=(SudokuSearch&&) noexcept = default;

SudokuSearch::Status SudokuSearch::step(std::vector<Move>* moves) {
    if (m_solutionsFound >= m_solutionLimit) return Status::Exhausted;
    const Status status = m_engine->step();
    m_nodes = m_engine->nodes();
    if (status == Status::FoundSolution) ++m_solutionsFound;
    if (moves) {
        SudokuGrid next = m_current;
        m_engine->writeCurrent(next);
        for (int cell = 0; cell < next.cellCount(); ++cell) {
            const int before = m_current.value(cell);
            const int after = next.value(cell);
            if (before == after) continue;
            moves->push_back(after ? Move::place(cell, after, before) : Move::erase(cell, before));
        }
        m_current = next;
    } else if (status == Status::FoundSolution) {
        m_engine->writeCurrent(m_current);  // every cell is written
    }
    if (status == Status::FoundSolution && !m_firstSolution) m_firstSolution = m_current;
    return status;
}

std::vector<std::uint16_t> SudokuSearch::candidates() const { return m_engine->candidates(); }
void SudokuSearch::setTracing(bool tracing) { m_engine->setTracing(tracing); }
SudokuSearchTrace SudokuSearch::trace() const { return m_engine->trace(); }

namespace {

SudokuSolveResult solveStepping(const SudokuGrid& givens, int solutionLimit) {
    SudokuSearch search(givens, solutionLimit);
    SudokuSolveResult result;
    for (;;) {
        const auto status = search.step(nullptr);
        if (status == SudokuSearch::Status::Exhausted) break;
        if (status == SudokuSearch::Status::FoundSolution && search.solutionsFound() >= solutionLimit) break;
    }
    result.solutionCount = search.solutionsFound();
    result.firstSolution = search.firstSolution();
    result.nodes = search.nodes();
    return result;
}

}  // namespace

SudokuSolveResult solveSudoku(const SudokuGrid& givens, int solutionLimit) {
    if (solutionLimit < 1) solutionLimit = 1;
    if (givens.shape() != SudokuShape{3, 3} || givens.hasMarks()) return solveStepping(givens, solutionLimit);
    std::array<std::uint8_t, 81> values{};
    for (int cell = 0; cell < 81; ++cell) values[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(givens.value(cell));
    // Asked for one solution, the band solver stops at the first it meets. Asked for more, it counts them, and
    // when it finds several the stepping search answers, so that "the first" is the one it meets first.
    const BandSolveResult fast = solveSudokuBands(values, solutionLimit);
    if (fast.solutionCount >= 2) return solveStepping(givens, solutionLimit);
    SudokuSolveResult result;
    result.solutionCount = fast.solutionCount;
    result.nodes = fast.nodes;
    if (fast.solutionCount == 1) {
        SudokuGrid solution = givens;
        for (int cell = 0; cell < 81; ++cell) solution.setValue(cell, fast.first[static_cast<std::size_t>(cell)]);
        result.firstSolution = std::move(solution);
    }
    return result;
}

}  // namespace pw
