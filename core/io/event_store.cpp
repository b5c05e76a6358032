#include "io/event_store.h"

#include <algorithm>
#include <cstring>

namespace pw {

namespace {

// The head byte of a move: its kind in the low three bits, then which parts follow. The parts have fixed sizes,
// so a run of moves of one kind decodes without a branch that depends on its values.
constexpr std::uint8_t kKindMask = 0x07;
constexpr std::uint8_t kNoStepDelta = 0x08;          // the steps did not change
constexpr std::uint8_t kEvaluationsAsSteps = 0x10;  // the evaluations changed by as much as the steps
constexpr std::uint8_t kOtherCell = 0x20;           // otherCell is not -1 (a swap)
constexpr std::uint8_t kValues = 0x40;              // value or previous is not 0
constexpr std::uint8_t kWideDeltas = 0x80;          // the deltas are 8 bytes each, not 2

template <class Value>
void writeRaw(std::uint8_t*& p, Value value) {
    std::memcpy(p, &value, sizeof value);
    p += sizeof value;
}

template <class Value>
Value readRaw(const std::uint8_t*& p) {
    Value value;
    std::memcpy(&value, p, sizeof value);
    p += sizeof value;
    return value;
}

// The counters' change since the event before: two bytes each when both are small and not negative.
std::int64_t delta(std::uint64_t now, std::uint64_t before) { return static_cast<std::int64_t>(now - before); }
bool fitsNarrow(std::int64_t delta) { return delta >= 0 && delta <= 0xffff; }

// Decodes the move at `record` into `event`, moving the store's byte position `at` past it; `last` holds the
// counters before it and then its own. Everything is read into locals first and stored once: a store through
// `event` could alias the bytes.
void decodeMove(const std::uint8_t* record, std::size_t& at, Counters& last, MoveEvent& event) {
    const std::uint8_t* p = record;
    const std::uint8_t head = *p++;
    const bool wide = head & kWideDeltas;
    auto readDelta = [&p, wide]() -> std::int64_t {
        return wide ? readRaw<std::int64_t>(p) : static_cast<std::int64_t>(readRaw<std::uint16_t>(p));
    };
    const std::int64_t steps = head & kNoStepDelta ? 0 : readDelta();
    const std::int64_t evaluations = head & kEvaluationsAsSteps ? steps : readDelta();
    const auto cell = readRaw<std::int16_t>(p);
    const auto otherCell = head & kOtherCell ? readRaw<std::int16_t>(p) : std::int16_t{-1};
    std::uint8_t value = 0, previous = 0;
    if (head & kValues) {
        value = p[0];
        previous = p[1];
        p += 2;
    }
    at += static_cast<std::size_t>(p - record);
    last.steps += static_cast<std::uint64_t>(steps);
    last.evaluations += static_cast<std::uint64_t>(evaluations);
    event.at = last;
    event.move = Move{static_cast<MoveKind>(head & kKindMask), cell, otherCell, value, previous};
}

}  // namespace

EventStore::EventStore(const EventStore& other)
    : m_end(other.m_end), m_whole(other.m_whole), m_wholeAt(other.m_wholeAt), m_blocks(other.m_blocks),
      m_size(other.m_size), m_last(other.m_last) {
    m_chunks.reserve(other.m_chunks.size());
    for (const auto& chunk : other.m_chunks) {
        m_chunks.push_back(std::make_unique_for_overwrite<std::uint8_t[]>(kChunkBytes));
        std::memcpy(m_chunks.back().get(), chunk.get(), kChunkBytes);
    }
}

EventStore& EventStore::operator=(const EventStore& other) {
    if (this != &other) *this = EventStore(other);
    return *this;
}

std::size_t EventStore::recordStart(std::size_t byte) {
    return kChunkBytes - byte % kChunkBytes < kMaxMoveBytes ? (byte / kChunkBytes + 1) * kChunkBytes : byte;
}

void EventStore::push_back(const Event& event) {
    if (m_size % kBlockEvents == 0) m_blocks.push_back({m_end, m_whole.size(), m_last});
    const Counters& at = eventCounters(event);
    if (const auto* moveEvent = std::get_if<MoveEvent>(&event)) {
        const Move& move = moveEvent->move;
        const std::int64_t steps = delta(at.steps, m_last.steps), evaluations = delta(at.evaluations, m_last.evaluations);
        std::uint8_t head = static_cast<std::uint8_t>(static_cast<std::uint8_t>(move.kind) & kKindMask);
        if (steps == 0) head |= kNoStepDelta;
        if (evaluations == steps) head |= kEvaluationsAsSteps;
        if (move.otherCell != -1) head |= kOtherCell;
        if (move.value != 0 || move.previous != 0) head |= kValues;
        const bool wide = !fitsNarrow(steps) || !fitsNarrow(evaluations);
        if (wide) head |= kWideDeltas;
        m_end = recordStart(m_end);
        if (m_end / kChunkBytes == m_chunks.size())
            m_chunks.push_back(std::make_unique_for_overwrite<std::uint8_t[]>(kChunkBytes));
        std::uint8_t* const start = m_chunks.back().get() + m_end % kChunkBytes;
        std::uint8_t* p = start;
        auto writeDelta = [&p, wide](std::int64_t value) {
            if (wide) writeRaw(p, value);
            else writeRaw(p, static_cast<std::uint16_t>(value));
        };
        *p++ = head;
        if (steps != 0) writeDelta(steps);
        if (evaluations != steps) writeDelta(evaluations);
        writeRaw(p, move.cell);
        if (head & kOtherCell) writeRaw(p, move.otherCell);
        if (head & kValues) {
            *p++ = move.value;
            *p++ = move.previous;
        }
        m_end += static_cast<std::size_t>(p - start);
    } else {
        m_whole.push_back(event);
        m_wholeAt.push_back(m_size);
    }
    m_last = at;
    ++m_size;
}

const Event* EventStore::wholeAt(std::size_t index) const {
    const auto whole = std::lower_bound(m_wholeAt.begin(), m_wholeAt.end(), index);
    return whole != m_wholeAt.end() && *whole == index ? &m_whole[static_cast<std::size_t>(whole - m_wholeAt.begin())]
                                                        : nullptr;
}

Event EventStore::operator[](std::size_t index) const {
    if (const Event* whole = wholeAt(index)) return *whole;
    return Reader(*this, index).next();
}

Counters EventStore::counters(std::size_t index) const {
    if (const Event* whole = wholeAt(index)) return eventCounters(*whole);
    return eventCounters(Reader(*this, index).next());
}

std::size_t EventStore::memoryBytes() const {
    return m_chunks.size() * kChunkBytes + m_whole.capacity() * sizeof(Event) +
           m_wholeAt.capacity() * sizeof(std::size_t) + m_blocks.capacity() * sizeof(Block);
}

EventStore::Reader::Reader(const EventStore& store, std::size_t from) : m_store(&store) {
    from = std::min(from, store.m_size);
    if (!store.m_blocks.empty()) {  // an empty store starts and ends at 0
        const std::size_t block = std::min(from / kBlockEvents, store.m_blocks.size() - 1);
        const Block& start = store.m_blocks[block];
        m_position = block * kBlockEvents;
        m_byte = start.byte;
        m_wholeNext = start.wholeBefore;
        m_last = start.before;
    }
    while (m_position < from) next();
}

const Event& EventStore::Reader::next() {
    const EventStore& store = *m_store;
    if (m_wholeNext < store.m_wholeAt.size() && store.m_wholeAt[m_wholeNext] == m_position) {
        const Event& whole = store.m_whole[m_wholeNext++];
        m_last = eventCounters(whole);
        ++m_position;
        return whole;
    }
    // m_move holds a MoveEvent from the start (the variant's first alternative) and only ever one.
    m_byte = recordStart(m_byte);
    decodeMove(store.m_chunks[m_byte / kChunkBytes].get() + m_byte % kChunkBytes, m_byte, m_last,
               *std::get_if<MoveEvent>(&m_move));
    ++m_position;
    return m_move;
}

}  // namespace pw
