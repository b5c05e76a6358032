#pragma once
// Which painter draws a board: the one place that knows every kind's painter, so that the painters' shared
// base (board/board_painter.h) knows none of them.

#include "board/board_painter.h"

namespace pw::ui {

// The painter of the board's kind.
const BoardPainter& painterFor(const Board& board);

// Each kind's painter, defined with its drawing (board/sudoku_painter.cpp, board/nurikabe_painter.cpp).
const BoardPainter& sudokuPainter();
const BoardPainter& nurikabePainter();

}  // namespace pw::ui
