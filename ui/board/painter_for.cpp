#include "board/painter_for.h"

#include "puzzle/puzzle_kind.h"

namespace pw::ui {

const BoardPainter& painterFor(const Board& board) {
    return std::visit(Overloaded{[](const SudokuGrid&) -> const BoardPainter& { return sudokuPainter(); },
                                 [](const NurikabeGrid&) -> const BoardPainter& { return nurikabePainter(); }},
                      board);
}

}  // namespace pw::ui
