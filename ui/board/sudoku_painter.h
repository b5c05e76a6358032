#pragma once
// Draws and edits a Sudoku of any size: digits by origin, pencil marks and solver candidates, box lines;
// digits and pencil marks from the keyboard.

#include "board/board_painter.h"

namespace pw::ui {

class SudokuPainter : public BoardPainter {
public:
    void paint(QPainter& painter, const QRect& dirty, const BoardPaint& view) const override;
    bool isPeer(const BoardModel& model, int selected, int cell) const override;
    std::optional<Move> clickEdit(const BoardModel& model, int cell, bool reverse) const override;
    KeyEdit keyEdit(const BoardModel& model, int cell, const QKeyEvent& event, bool pencilMode) const override;
};

}  // namespace pw::ui
