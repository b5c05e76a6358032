#include "puzzle/puzzle.h"

#include "puzzle/puzzle_kind.h"

namespace pw {

const char* puzzleKindName(PuzzleKind kind) {
    switch (kind) {  // no default: a new kind must be named here
    case PuzzleKind::Sudoku: return "sudoku";
    case PuzzleKind::Nurikabe: return "nurikabe";
    }
    return "unknown";
}

PuzzleKind Puzzle::kind() const {
    return std::visit([](const auto& kind) { return kindOf(kind); }, content);
}

Board Puzzle::startBoard() const {
    return std::visit([](const auto& kind) { return Board(startGrid(kind)); }, content);
}

bool Puzzle::isSolvedBy(const Board& board) const {
    return std::visit([&board](const auto& kind) { return pw::isSolvedBy(kind, board); }, content);
}

}  // namespace pw
