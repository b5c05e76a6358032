#pragma once
// AC3 prefiltering of a Sudoku (Soto et al. 2014, Algorithms 6–7) over the binary "≠" constraints between
// every cell and each of its peers (same row, column or box), for every supported box shape.
//
// Domains are bitmasks (bit d-1 = digit d): a given's domain is its digit, an empty cell's every digit. On a
// "≠" arc (x_i, x_j) a value v of D_i has a support unless D_j = {v}, so revising an arc removes at most one
// value: the value of a peer whose domain is a single digit. The fixpoint is therefore naked-single
// propagation — fixed values removed from their peers, again and again, until nothing changes — and a domain
// left with one digit is a fixed cell. Every reduction is reported in the order AC3 makes it, so a caller
// can replay (animate) the filtering.

#include "base/event_sinks.h"
#include "sudoku/sudoku.h"

#include <array>
#include <cstdint>
#include <vector>

namespace pw {

using DomainTable = std::array<DigitMask, kMaxSudokuCells>;

// One value removed from one domain.
struct DomainReduction {
    int cell = 0;
    int digit = 0;
    bool operator==(const DomainReduction&) const = default;
};

struct Ac3Result {
    DomainTable domains{};                    // the filtered domains (valid up to the wipe-out, if any)
    std::vector<DomainReduction> reductions;  // every removal, in order
    bool wipedOut = false;                    // some domain became empty: the givens have no solution
    int wipedOutCell = -1;
    std::uint64_t revisions = 0;  // calls of Revise3 (Algorithm 6)
};

// The domains before filtering: the given's digit for a given, every digit for an empty cell.
DomainTable initialDomains(const SudokuGrid& givens);

// Algorithm 7 (AC3) with Algorithm 6 (Revise3) on the "≠" network of `givens`, to a fixpoint or a wipe-out.
// Arcs are revised first-in first-out, starting with every arc in cell order and peer order, so the order of
// the reductions is the same on every machine.
Ac3Result enforceArcConsistency(const SudokuGrid& givens);

// The prefiltering as events, at `at`: a candidate table of the initial domains, then every reduction as an
// elimination move — followed by a place move when it leaves an empty cell with a single digit — and the
// filtered domains as a candidate table. Nothing without a sink; moves only when the sink wants them.
void sendPrefilteringEvents(const SudokuGrid& givens, const Ac3Result& result, const Counters& at,
                            EventSink* sink);

}  // namespace pw
