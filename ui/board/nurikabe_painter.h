#pragma once
// Draws and edits a Nurikabe: clues, river and island dots, 2x2 pools outlined; a click or a key
// cycles a cell through unknown, river and island.

#include "board/board_painter.h"

namespace pw::ui {

class NurikabePainter : public BoardPainter {
public:
    void paint(QPainter& painter, const QRect& dirty, const BoardPaint& view) const override;
    bool isPeer(const BoardModel& model, int selected, int cell) const override;
    std::optional<Move> clickEdit(const BoardModel& model, int cell, bool reverse) const override;
    KeyEdit keyEdit(const BoardModel& model, int cell, const QKeyEvent& event, bool pencilMode) const override;
};

}  // namespace pw::ui
