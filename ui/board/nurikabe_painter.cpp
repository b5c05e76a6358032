// Draws and edits a Nurikabe: clues, river and island dots, 2x2 pools outlined; a click or a key
// cycles a cell through unknown, river and island.

#include "board/painter_for.h"

#include <QKeyEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace pw::ui {

namespace {

class NurikabePainter : public BoardPainter {
public:
    void paint(QPainter& painter, const QRect& dirty, const BoardPaint& view) const override;
    bool isPeer(const BoardModel&, int, int) const override { return false; }  // no units to share
    std::optional<Move> clickEdit(const BoardModel& model, int cell, bool reverse) const override;
    KeyEdit keyEdit(const BoardModel& model, int cell, const QKeyEvent& event, bool pencilMode) const override;
};

}  // namespace

const BoardPainter& nurikabePainter() {
    static const NurikabePainter painter;
    return painter;
}

void NurikabePainter::paint(QPainter& painter, const QRect& dirty, const BoardPaint& view) const {
    const BoardColors& c = view.colors;
    const NurikabeGrid& grid = view.model.nurikabe();
    QFont clueFont = view.font;
    clueFont.setPixelSize(std::max(6, static_cast<int>(view.cell * 0.55)));
    clueFont.setWeight(QFont::Bold);
    for (int cell = 0; cell < grid.cellCount(); ++cell) {
        const QRectF rect = view.cellRect(cell);
        if (!rect.toAlignedRect().adjusted(-2, -2, 2, 2).intersects(dirty)) continue;
        view.paintCellBackground(painter, cell, rect);
        // The cell's fill (river dark, island light) comes with the background; a clue or a dot goes on top.
        const NurikabeCell state = grid.state(cell);
        if (grid.clue(cell) > 0) {
            painter.setFont(clueFont);
            painter.setPen(c.clue);
            painter.drawText(rect, Qt::AlignCenter, QString::number(grid.clue(cell)));
        } else if (state == NurikabeCell::River) {
            if (view.model.lastMove() && view.model.lastMove()->cell == cell && view.progress < 1.0)
                painter.fillRect(rect.adjusted(1, 1, -1, -1), mix(c.lastMove, c.river, view.progress));
        } else if (state == NurikabeCell::Island) {
            painter.setPen(Qt::NoPen);
            painter.setBrush(c.islandDot);
            const double radius = view.cell * 0.09 * (1.0 + (1.0 - view.progress) * 0.8);
            painter.drawEllipse(rect.center(), radius, radius);
        }
    }
    // A cell shown as wrong (Check, or instant mistakes): a cross in the mistake colour, with a halo of the cell's
    // opposite shade so that it reads on a dark river as on a light island.
    for (int cell = 0; cell < grid.cellCount(); ++cell) {
        if (!view.model.isMistake(cell)) continue;
        const QRectF rect = view.cellRect(cell);
        if (!rect.toAlignedRect().adjusted(-2, -2, 2, 2).intersects(dirty)) continue;
        const QRectF cross = rect.adjusted(rect.width() * 0.22, rect.height() * 0.22, -rect.width() * 0.22, -rect.height() * 0.22);
        const double width = std::max(2.0, view.cell * 0.09);
        for (const auto& [colour, pen] : {std::pair{grid.state(cell) == NurikabeCell::River ? c.island : c.river, width * 1.8},
                                          std::pair{c.wrong, width}}) {
            painter.setPen(QPen(colour, pen, Qt::SolidLine, Qt::RoundCap));
            painter.drawLine(cross.topLeft(), cross.bottomRight());
            painter.drawLine(cross.topRight(), cross.bottomLeft());
        }
    }
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setPen(QPen(c.thinLine, 1));
    painter.setBrush(Qt::NoBrush);
    for (int i = 1; i < grid.width(); ++i) {
        const double x = view.board.left() + i * view.cell;
        painter.drawLine(QPointF(x, view.board.top()), QPointF(x, view.board.bottom()));
    }
    for (int i = 1; i < grid.height(); ++i) {
        const double y = view.board.top() + i * view.cell;
        painter.drawLine(QPointF(view.board.left(), y), QPointF(view.board.right(), y));
    }
    painter.setPen(QPen(c.thickLine, 2));
    painter.drawRect(view.board);
    painter.setRenderHint(QPainter::Antialiasing, true);
    if (view.conflictsVisible) {
        // Each 2x2 pool of river outlined as a block, so neighbouring pools stay apart.
        QColor outline = c.conflict;
        outline.setAlpha(255);
        painter.setPen(QPen(outline, std::max(2.0, view.cell * 0.06)));
        const auto river = [&grid](int cell) { return grid.state(cell) == NurikabeCell::River; };
        for (int r = 0; r + 1 < grid.height(); ++r)
            for (int col = 0; col + 1 < grid.width(); ++col) {
                const int cell = r * grid.width() + col;
                if (river(cell) && river(cell + 1) && river(cell + grid.width()) && river(cell + grid.width() + 1))
                    painter.drawRect(view.cellRect(cell).united(view.cellRect(cell + grid.width() + 1)).adjusted(3, 3, -3, -3));
            }
    }
}

// Unknown -> river -> island dot -> unknown; the right button goes the other way.
std::optional<Move> NurikabePainter::clickEdit(const BoardModel& model, int cell, bool reverse) const {
    const int current = static_cast<int>(model.nurikabe().state(cell));
    const int next = reverse ? (current + 2) % 3 : (current + 1) % 3;
    return Move::shade(cell, next, current);
}

KeyEdit NurikabePainter::keyEdit(const BoardModel& model, int cell, const QKeyEvent& event, bool) const {
    const int current = static_cast<int>(model.nurikabe().state(cell));
    int next = -1;
    if (event.key() == Qt::Key_Space) next = (current + 1) % 3;
    else if (event.key() == Qt::Key_Delete || event.key() == Qt::Key_Backspace) next = 0;
    else if (event.text() == QLatin1String("#")) next = static_cast<int>(NurikabeCell::River);
    else if (event.text().toLower() == QLatin1String("o")) next = static_cast<int>(NurikabeCell::Island);
    if (next < 0) return {};
    if (next != current) return {true, Move::shade(cell, next, current)};
    return {true, std::nullopt};
}

}  // namespace pw::ui
