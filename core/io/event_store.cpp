#include "io/event_store.h"

#include <algorithm>

namespace pw {

namespace {

// The head byte of a move: its kind in the low three bits, then which parts follow.
constexpr std::uint8_t kKindMask = 0x07;
constexpr std::uint8_t kNoStepDelta = 0x08;          // the steps did not change
constexpr std::uint8_t kEvaluationsAsSteps = 0x10;  // the evaluations changed by as much as the steps
constexpr std::uint8_t kOtherCell = 0x20;           // otherCell is not -1 (a swap)
constexpr std::uint8_t kValues = 0x40;              // value or previous is not 0

std::uint64_t zigzag(std::int64_t value) {
    return (static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63);
}
std::int64_t unzigzag(std::uint64_t value) {
    return static_cast<std::int64_t>(value >> 1) ^ -static_cast<std::int64_t>(value & 1);
}

void writeVarint(std::vector<std::uint8_t>& bytes, std::uint64_t value) {
    while (value >= 0x80) {
        bytes.push_back(static_cast<std::uint8_t>(value | 0x80));
        value >>= 7;
    }
    bytes.push_back(static_cast<std::uint8_t>(value));
}
std::uint64_t readVarint(const std::uint8_t* bytes, std::size_t& at) {
    std::uint64_t value = 0;
    for (int shift = 0;; shift += 7) {
        const std::uint8_t byte = bytes[at++];
        value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
        if (!(byte & 0x80)) return value;
    }
}

std::int64_t delta(std::uint64_t now, std::uint64_t before) { return static_cast<std::int64_t>(now - before); }

// Decodes the move at `at`, moving `at` past it; `last` holds the counters before it and then its own.
MoveEvent decodeMove(const std::uint8_t* bytes, std::size_t& at, Counters& last) {
    const std::uint8_t head = bytes[at++];
    const std::int64_t steps = head & kNoStepDelta ? 0 : unzigzag(readVarint(bytes, at));
    const std::int64_t evaluations = head & kEvaluationsAsSteps ? steps : unzigzag(readVarint(bytes, at));
    last.steps += static_cast<std::uint64_t>(steps);
    last.evaluations += static_cast<std::uint64_t>(evaluations);
    MoveEvent event{last, {}};
    Move& move = event.move;
    move.kind = static_cast<MoveKind>(head & kKindMask);
    move.cell = static_cast<std::int16_t>(unzigzag(readVarint(bytes, at)));
    if (head & kOtherCell) move.otherCell = static_cast<std::int16_t>(unzigzag(readVarint(bytes, at)));
    if (head & kValues) {
        move.value = bytes[at++];
        move.previous = bytes[at++];
    }
    return event;
}

}  // namespace

void EventStore::push_back(const Event& event) {
    if (m_size % kBlockEvents == 0) m_blocks.push_back({m_bytes.size(), m_whole.size(), m_last});
    const Counters& at = eventCounters(event);
    if (const auto* moveEvent = std::get_if<MoveEvent>(&event)) {
        const Move& move = moveEvent->move;
        const std::int64_t steps = delta(at.steps, m_last.steps), evaluations = delta(at.evaluations, m_last.evaluations);
        std::uint8_t head = static_cast<std::uint8_t>(static_cast<std::uint8_t>(move.kind) & kKindMask);
        if (steps == 0) head |= kNoStepDelta;
        if (evaluations == steps) head |= kEvaluationsAsSteps;
        if (move.otherCell != -1) head |= kOtherCell;
        if (move.value != 0 || move.previous != 0) head |= kValues;
        m_bytes.push_back(head);
        if (steps != 0) writeVarint(m_bytes, zigzag(steps));
        if (evaluations != steps) writeVarint(m_bytes, zigzag(evaluations));
        writeVarint(m_bytes, zigzag(move.cell));
        if (head & kOtherCell) writeVarint(m_bytes, zigzag(move.otherCell));
        if (head & kValues) {
            m_bytes.push_back(move.value);
            m_bytes.push_back(move.previous);
        }
    } else {
        m_whole.push_back(event);
        m_wholeAt.push_back(m_size);
    }
    m_last = at;
    ++m_size;
}

Event EventStore::operator[](std::size_t index) const {
    const auto whole = std::lower_bound(m_wholeAt.begin(), m_wholeAt.end(), index);
    if (whole != m_wholeAt.end() && *whole == index) return m_whole[static_cast<std::size_t>(whole - m_wholeAt.begin())];
    Reader reader(*this, index);
    return reader.next();
}

Counters EventStore::counters(std::size_t index) const {
    const auto whole = std::lower_bound(m_wholeAt.begin(), m_wholeAt.end(), index);
    if (whole != m_wholeAt.end() && *whole == index)
        return eventCounters(m_whole[static_cast<std::size_t>(whole - m_wholeAt.begin())]);
    Reader reader(*this, index);
    return eventCounters(reader.next());
}

std::size_t EventStore::memoryBytes() const {
    std::size_t bytes = m_bytes.capacity() + m_whole.capacity() * sizeof(Event) +
                        m_wholeAt.capacity() * sizeof(std::size_t) + m_blocks.capacity() * sizeof(Block);
    return bytes;
}

EventStore::Reader::Reader(const EventStore& store, std::size_t from) : m_store(&store) {
    from = std::min(from, store.m_size);
    const std::size_t block = std::min(from / kBlockEvents, store.m_blocks.empty() ? 0 : store.m_blocks.size() - 1);
    m_position = block * kBlockEvents;
    if (store.m_blocks.empty()) {
        m_byte = 0;
        m_wholeNext = 0;
    } else {
        const Block& start = store.m_blocks[block];
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
    m_move = decodeMove(store.m_bytes.data(), m_byte, m_last);
    ++m_position;
    return m_move;
}

}  // namespace pw
