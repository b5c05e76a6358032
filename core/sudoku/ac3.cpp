// AC3 on the Sudoku "≠" network. An arc is (cell, k): the constraint between `cell` and its k-th peer, so the
// arcs of a shape are numbered cell * peerCount + k and the queue is a ring of arc numbers with one
// "queued" flag per arc: every arc is queued at most once at a time, which bounds the ring by the arc count
// (1,620 arcs for 9x9, 9,984 for 16x16).

#include "sudoku/ac3.h"

namespace pw {

DomainTable initialDomains(const SudokuGrid& givens) {
    DomainTable domains{};
    const DigitMask all = allDigits(givens.size());
    for (int cell = 0; cell < givens.cellCount(); ++cell)
        domains[cell] = givens.value(cell) ? digitBit(givens.value(cell)) : all;
    return domains;
}

namespace {

// Algorithm 6 (Revise3) for the arc (x_i, x_j) of x_i ≠ x_j: a value v of D_i is supported by any value of
// D_j other than v, so v loses its support exactly when D_j = {v}. Returns the removed digit, or 0.
int revise(DomainTable& domains, int i, int j) {
    const DigitMask other = domains[j];
    for (DigitMask rest = domains[i]; rest; rest = static_cast<DigitMask>(withoutLowestBit(rest))) {
        const int digit = lowestDigit(rest);
        const bool supported = (other & static_cast<DigitMask>(~digitBit(digit))) != 0;
        if (!supported) {
            domains[i] = static_cast<DigitMask>(domains[i] & ~digitBit(digit));
            return digit;
        }
    }
    return 0;
}

}  // namespace

Ac3Result enforceArcConsistency(const SudokuGrid& givens) {
    const SudokuGeometry& g = givens.geometry();
    const int peers = g.peerCount;
    const int arcCount = g.cellCount * peers;
    Ac3Result result;
    result.domains = initialDomains(givens);

    // backArc[cell * peers + k] = the arc (peer, position of cell among the peer's peers): the arcs that point
    // at `cell`, to requeue when D_cell shrinks.
    std::vector<std::uint16_t> backArc(static_cast<std::size_t>(arcCount));
    for (int cell = 0; cell < g.cellCount; ++cell)
        for (int k = 0; k < peers; ++k) {
            const int peer = g.peers[cell][k];
            int back = 0;
            while (g.peers[peer][back] != cell) ++back;
            backArc[static_cast<std::size_t>(cell * peers + k)] = static_cast<std::uint16_t>(peer * peers + back);
        }

    // Line 1 of Algorithm 7: Q ← every arc.
    std::vector<std::uint16_t> ring(static_cast<std::size_t>(arcCount));
    std::vector<std::uint8_t> queued(static_cast<std::size_t>(arcCount), 1);
    for (int arc = 0; arc < arcCount; ++arc) ring[static_cast<std::size_t>(arc)] = static_cast<std::uint16_t>(arc);
    std::size_t head = 0;
    std::size_t size = static_cast<std::size_t>(arcCount);

    while (size > 0) {  // line 2
        const int arc = ring[head];
        head = (head + 1) % ring.size();
        --size;
        queued[static_cast<std::size_t>(arc)] = 0;
        const int cell = arc / peers;
        const int k = arc % peers;
        const int peer = g.peers[cell][k];
        ++result.revisions;
        const int removed = revise(result.domains, cell, peer);  // line 4
        if (!removed) continue;
        result.reductions.push_back({cell, removed});
        if (result.domains[cell] == 0) {  // lines 5–6: a wipe-out
            result.wipedOut = true;
            result.wipedOutCell = cell;
            return result;
        }
        // Line 8: every arc (x_m, x_cell) with m ≠ peer may have lost its support.
        for (int q = 0; q < peers; ++q) {
            if (q == k) continue;
            const int back = backArc[static_cast<std::size_t>(cell * peers + q)];
            if (queued[static_cast<std::size_t>(back)]) continue;
            queued[static_cast<std::size_t>(back)] = 1;
            ring[(head + size) % ring.size()] = static_cast<std::uint16_t>(back);
            ++size;
        }
    }
    return result;
}

void sendPrefilteringEvents(const SudokuGrid& givens, const Ac3Result& result, const Counters& at,
                            EventSink* sink) {
    if (!sink) return;
    const DomainTable start = initialDomains(givens);
    const auto cellCount = static_cast<std::size_t>(givens.cellCount());
    sendEvent(sink, CandidatesUpdate{at, std::vector<std::uint16_t>(start.begin(), start.begin() + cellCount)});
    if (sink->wantsMoves()) {
        DomainTable domains = start;
        for (const DomainReduction& reduction : result.reductions) {
            sendEvent(sink, MoveEvent{at, Move::eliminate(reduction.cell, reduction.digit)});
            DigitMask& domain = domains[reduction.cell];
            domain = static_cast<DigitMask>(domain & ~digitBit(reduction.digit));
            if (!givens.value(reduction.cell) && isSingleBit(domain))
                sendEvent(sink, MoveEvent{at, Move::place(reduction.cell, lowestDigit(domain))});
        }
    }
    sendEvent(sink, CandidatesUpdate{at, std::vector<std::uint16_t>(result.domains.begin(),
                                                                    result.domains.begin() + cellCount)});
}

}  // namespace pw
