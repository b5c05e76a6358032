#include "board/painter_for.h"

#include "board/nurikabe_painter.h"
#include "board/sudoku_painter.h"
#include "puzzle/puzzle_kind.h"

namespace pw::ui {

const BoardPainter& painterFor(const Board& board) {
    static const SudokuPainter sudoku;
    static const NurikabePainter nurikabe;
    return std::visit(Overloaded{[](const SudokuGrid&) -> const BoardPainter& { return sudoku; },
                                 [](const NurikabeGrid&) -> const BoardPainter& { return nurikabe; }},
                      board);
}

}  // namespace pw::ui
