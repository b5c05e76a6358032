#pragma once
// The single move vocabulary spoken by user input, every solver, undo/redo, replay and animation.
// A solver never writes to a grid the view reads: it emits moves, and whoever owns a grid applies them.

#include <cstdint>
#include <string>

namespace pw {

enum class MoveKind : std::uint8_t {
    Place,               // cell := value (previous = what was there, for undo)
    Erase,               // cell := empty (previous = the erased value)
    Swap,                // exchange the values of cell and otherCell
    EliminateCandidate,  // remove pencil mark `value` from cell
    RestoreCandidate,    // add pencil mark `value` to cell
    Shade,               // Nurikabe: cell state := value (a NurikabeCell), previous = old state
};

struct Move {
    MoveKind kind = MoveKind::Place;
    std::int16_t cell = 0;
    std::int16_t otherCell = -1;  // Swap only
    std::uint8_t value = 0;
    std::uint8_t previous = 0;

    static Move place(int cell, int value, int previous = 0) {
        return {MoveKind::Place, static_cast<std::int16_t>(cell), -1, static_cast<std::uint8_t>(value),
                static_cast<std::uint8_t>(previous)};
    }
    static Move erase(int cell, int previous) {
        return {MoveKind::Erase, static_cast<std::int16_t>(cell), -1, 0, static_cast<std::uint8_t>(previous)};
    }
    static Move swap(int cell, int otherCell) {
        return {MoveKind::Swap, static_cast<std::int16_t>(cell), static_cast<std::int16_t>(otherCell), 0, 0};
    }
    static Move eliminate(int cell, int digit) {
        return {MoveKind::EliminateCandidate, static_cast<std::int16_t>(cell), -1,
                static_cast<std::uint8_t>(digit), 0};
    }
    static Move restore(int cell, int digit) {
        return {MoveKind::RestoreCandidate, static_cast<std::int16_t>(cell), -1, static_cast<std::uint8_t>(digit),
                0};
    }
    static Move shade(int cell, int state, int previous) {
        return {MoveKind::Shade, static_cast<std::int16_t>(cell), -1, static_cast<std::uint8_t>(state),
                static_cast<std::uint8_t>(previous)};
    }

    bool operator==(const Move&) const = default;
};

const char* moveKindName(MoveKind kind);  // "place", "erase", "swap", "eliminate", "restore", "shade"

}  // namespace pw
