// Draws and edits a Sudoku of any size: digits by origin, pencil marks and solver candidates, box lines;
// digits and pencil marks from the keyboard.

#include "board/painter_for.h"

#include <QKeyEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace pw::ui {

namespace {

QString digitText(int digit) { return QString(QChar::fromLatin1(digitChar(digit))); }

class SudokuPainter : public BoardPainter {
public:
    void paint(QPainter& painter, const QRect& dirty, const BoardPaint& view) const override;
    bool isPeer(const BoardModel& model, int selected, int cell) const override;
    // A click only selects: digits come from the keyboard.
    std::optional<Move> clickEdit(const BoardModel&, int, bool) const override { return std::nullopt; }
    KeyEdit keyEdit(const BoardModel& model, int cell, const QKeyEvent& event, bool pencilMode) const override;
};

}  // namespace

const BoardPainter& sudokuPainter() {
    static const SudokuPainter painter;
    return painter;
}

void SudokuPainter::paint(QPainter& painter, const QRect& dirty, const BoardPaint& view) const {
    const BoardColors& c = view.colors;
    const SudokuGrid& grid = view.model.sudoku();
    const int size = grid.size();
    const SudokuShape shape = grid.shape();
    QFont digitFont = view.font;
    digitFont.setPixelSize(std::max(6, static_cast<int>(view.cell * (size > 9 ? 0.5 : 0.62))));
    QFont givenFont = digitFont;
    givenFont.setWeight(QFont::Bold);
    QFont placedFont = digitFont;
    placedFont.setWeight(QFont::Normal);
    const int markColumns = size <= 4 ? 2 : (size <= 6 ? 3 : (size <= 9 ? 3 : 4));
    const int markRows = (size + markColumns - 1) / markColumns;
    // Pencil marks as large as their slot allows (a third of a 9x9 cell): readable from the back of a room.
    QFont markFont = view.font;
    markFont.setPixelSize(std::max(6, static_cast<int>(view.cell / markRows * 0.9)));
    markFont.setWeight(QFont::DemiBold);
    const auto& geometry = grid.geometry();
    const auto allowed = [&](int cell) {
        DigitMask placed = 0;
        for (int unit : geometry.cellUnits[cell])
            for (int k = 0; k < size; ++k) {
                const int digit = grid.value(geometry.unitCells[unit][k]);
                if (digit) placed |= static_cast<DigitMask>(1u << (digit - 1));
            }
        return static_cast<DigitMask>(((1u << size) - 1) & ~placed);
    };

    const auto& last = view.model.lastMove();
    const bool swapAnimating = last && last->kind == MoveKind::Swap && view.progress < 1.0 && last->otherCell >= 0;
    const bool heat = view.heatMapVisible && view.model.hasHeatMap();

    for (int cell = 0; cell < grid.cellCount(); ++cell) {
        const QRectF rect = view.cellRect(cell);
        if (!rect.toAlignedRect().adjusted(-2, -2, 2, 2).intersects(dirty)) continue;
        view.paintCellBackground(painter, cell, rect);
        const int value = grid.value(cell);
        if (value) {
            const CellOrigin origin = view.model.origin(cell);
            painter.setFont(origin == CellOrigin::Given ? givenFont : placedFont);
            painter.setPen(origin == CellOrigin::Given   ? c.given
                           : view.model.isMistake(cell) ? c.wrong
                           : origin == CellOrigin::User ? c.user
                                                        : c.solver);
            QRectF textRect = rect;
            if (swapAnimating && (cell == last->cell || cell == last->otherCell)) {
                const int from = cell == last->cell ? last->otherCell : last->cell;
                const QPointF offset = (view.cellRect(from).center() - rect.center()) * (1.0 - view.progress);
                textRect.translate(offset);
            } else if (last && last->cell == cell && view.progress < 1.0 && last->kind == MoveKind::Place) {
                const double scale = 1.0 + 0.6 * (1.0 - view.progress);
                QFont grown = painter.font();
                grown.setPixelSize(static_cast<int>(digitFont.pixelSize() * scale));
                painter.setFont(grown);
            }
            painter.drawText(textRect, Qt::AlignCenter, digitText(value));
        } else {
            DigitMask marks = grid.marks(cell);
            bool solverMarks = false;
            if (!marks && view.autoCandidates) {
                marks = allowed(cell);
            } else if (!marks && cell < static_cast<int>(view.model.solverCandidates().size())) {
                marks = view.model.solverCandidates()[cell];
                solverMarks = true;
            }
            if (marks) {
                painter.setFont(markFont);
                painter.setPen(solverMarks ? c.solver : c.pencil);
                const double w = view.cell / markColumns;
                const double h = view.cell / markRows;
                for (int digit = 1; digit <= size; ++digit) {
                    if (!(marks & (1u << (digit - 1)))) continue;
                    const int index = digit - 1;
                    QRectF markRect(rect.left() + (index % markColumns) * w, rect.top() + (index / markColumns) * h, w, h);
                    painter.drawText(markRect, Qt::AlignCenter, digitText(digit));
                }
            }
        }
        if (heat && view.model.heatMap()[cell] >= 0 && view.cell >= 28) {
            QFont small = view.font;
            small.setPixelSize(std::max(6, static_cast<int>(view.cell * 0.2)));
            painter.setFont(small);
            painter.setPen(c.dark ? QColor(255, 255, 255, 200) : QColor(0, 0, 0, 170));
            painter.drawText(rect.adjusted(2, 1, -3, -1), Qt::AlignRight | Qt::AlignBottom,
                             compactNumber(view.model.heatMap()[cell]));
        }
    }

    // Lines on top: thin cell lines, thick box lines, aligned to whole pixels.
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setPen(QPen(c.thinLine, 1));
    for (int i = 1; i < size; ++i) {
        const double x = view.board.left() + i * view.cell;
        const double y = view.board.top() + i * view.cell;
        if (i % shape.boxColumns) painter.drawLine(QPointF(x, view.board.top()), QPointF(x, view.board.bottom()));
        if (i % shape.boxRows) painter.drawLine(QPointF(view.board.left(), y), QPointF(view.board.right(), y));
    }
    const double thick = std::max(2.0, std::round(view.cell / 18));
    painter.setPen(QPen(c.thickLine, thick, Qt::SolidLine, Qt::SquareCap));
    for (int i = 0; i <= size; i += shape.boxColumns) {
        const double x = view.board.left() + i * view.cell;
        painter.drawLine(QPointF(x, view.board.top()), QPointF(x, view.board.bottom()));
    }
    for (int i = 0; i <= size; i += shape.boxRows) {
        const double y = view.board.top() + i * view.cell;
        painter.drawLine(QPointF(view.board.left(), y), QPointF(view.board.right(), y));
    }
    painter.setRenderHint(QPainter::Antialiasing, true);
}

bool SudokuPainter::isPeer(const BoardModel& model, int selected, int cell) const {
    const auto& geometry = model.sudoku().geometry();
    return geometry.row(cell) == geometry.row(selected) || geometry.column(cell) == geometry.column(selected) ||
           geometry.box(cell) == geometry.box(selected);
}

KeyEdit SudokuPainter::keyEdit(const BoardModel& model, int cell, const QKeyEvent& event, bool pencilMode) const {
    const SudokuGrid& grid = model.sudoku();
    const int current = grid.value(cell);
    if (event.key() == Qt::Key_Delete || event.key() == Qt::Key_Backspace || event.text() == QLatin1String("0") ||
        event.text() == QLatin1String(".")) {
        if (current) return {true, Move::erase(cell, current)};
        return {true, std::nullopt};
    }
    const QString text = event.text();
    const int digit = text.size() == 1 ? digitValue(text.at(0).toUpper().toLatin1(), grid.size()) : 0;
    if (digit <= 0) return {};
    // Pencil mode, or Alt with a digit, toggles a candidate instead of placing the digit.
    if (pencilMode || (event.modifiers() & Qt::AltModifier)) {
        if (current) return {true, std::nullopt};
        const bool marked = grid.marks(cell) & (1u << (digit - 1));
        return {true, marked ? Move::eliminate(cell, digit) : Move::restore(cell, digit)};
    }
    if (digit != current) return {true, Move::place(cell, digit, current)};
    return {true, std::nullopt};
}

}  // namespace pw::ui
