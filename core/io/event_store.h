#pragma once
// The events of a long run, kept compactly for its timeline (io/run_timeline.h).
//
// A replayed run is mostly moves: an annealing run of ten million steps sends a few cost samples and millions of
// swaps. A move is kept in a few bytes: a head byte (the move's kind and which parts follow), the steps and
// evaluations since the event before (two bytes each, or eight when either is large or negative, and left out
// when nothing changed or the evaluations moved with the steps), the cell, and the other cell or the value and
// previous value where they are not the defaults. The parts have fixed sizes, so decoding a run of moves of one
// kind takes no branch that depends on their values. Every other event is kept whole, in order, with its index.
// A block index every kBlockEvents events (the byte offset, the counters before it, the whole events before
// it) makes any event a short decode away, and reading on from one is one pass. An annealing swap takes 7
// bytes instead of the 80 of a std::variant.

#include "base/events.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace pw {

class EventStore {
public:
    static constexpr std::size_t kBlockEvents = 1024;
    // Moves are written into chunks of this size that are never moved or grown: a long load never holds an old
    // and a new copy at once, and wastes at most a record's room a chunk.
    static constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
    static constexpr std::size_t kMaxMoveBytes = 1 + 8 + 8 + 2 + 2 + 2;  // head, deltas, cells, values

    EventStore() = default;
    EventStore(const EventStore& other);  // copies the chunks too
    EventStore& operator=(const EventStore& other);
    EventStore(EventStore&&) noexcept = default;
    EventStore& operator=(EventStore&&) noexcept = default;
    ~EventStore() = default;

    void push_back(const Event& event);
    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }

    // The event at `index` (< size()), decoded: a short walk from its block's start for a move.
    Event operator[](std::size_t index) const;
    Event back() const { return (*this)[m_size - 1]; }
    Counters counters(std::size_t index) const;

    // The events that are not moves, whole and in order, and the index of each among all the events: what charts,
    // explanations and markers are made of, read without decoding a move.
    const std::vector<Event>& wholeEvents() const { return m_whole; }
    const std::vector<std::size_t>& wholeIndices() const { return m_wholeAt; }

    // Bytes held by the store's own vectors (their capacities; not what whole events hold on the heap).
    std::size_t memoryBytes() const;

    // Reads the events one after another from `from`; the store must not grow while it reads.
    class Reader {
    public:
        Reader(const EventStore& store, std::size_t from);
        std::size_t position() const { return m_position; }
        bool atEnd() const { return m_position >= m_store->m_size; }
        // The event at position() (not at the end), then moves on. A whole event is returned by reference to
        // the store; a move is decoded into the reader's own event, valid until the next call.
        const Event& next();

    private:
        const EventStore* m_store;
        std::size_t m_position = 0;
        std::size_t m_byte = 0;
        std::size_t m_wholeNext = 0;  // the first whole event at or after m_position
        Counters m_last;          // the counters of the event before m_position
        Event m_move;
    };

private:
    struct Block {
        std::size_t byte = 0;       // the byte position of the block's first move (see recordStart)
        std::size_t wholeBefore = 0;  // how many whole events come before the block
        Counters before;            // the counters of the event before the block
    };

    // A move starts at `byte` unless too little room is left in its chunk for the longest record; then at the
    // next chunk's start. Byte positions count across chunks: chunk byte / kChunkBytes, offset byte % kChunkBytes.
    static std::size_t recordStart(std::size_t byte);
    // The event at `index` when it is kept whole, else null.
    const Event* wholeAt(std::size_t index) const;

    std::vector<std::unique_ptr<std::uint8_t[]>> m_chunks;
    std::size_t m_end = 0;  // where the next move may start
    std::vector<Event> m_whole;
    std::vector<std::size_t> m_wholeAt;
    std::vector<Block> m_blocks;
    std::size_t m_size = 0;
    Counters m_last;
};

}  // namespace pw
