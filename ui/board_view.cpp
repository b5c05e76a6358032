#include "board_view.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace pw::ui {

struct BoardView::Colors {
    QColor background;
    QColor cell;
    QColor thinLine;
    QColor thickLine;
    QColor given;
    QColor solver;
    QColor user;
    QColor pencil;
    QColor conflict;
    QColor lastMove;
    QColor selection;
    QColor peer;
    QColor highlight;
    QColor river;
    QColor islandDot;
    QColor text;
    bool dark = false;
};

namespace {

QColor mix(const QColor& a, const QColor& b, double t) {
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t),
                            static_cast<float>(a.alphaF() + (b.alphaF() - a.alphaF()) * t));
}

// Heat-map numbers short enough for a cell corner: 812, 45.2k, 117k, 1.2M, 0.25.
QString compactNumber(double value) {
    const double magnitude = std::abs(value);
    if (magnitude >= 1e6) return QString::number(value / 1e6, 'f', magnitude >= 1e7 ? 0 : 1) + QLatin1Char('M');
    if (magnitude >= 1e4) return QString::number(value / 1e3, 'f', magnitude >= 1e5 ? 0 : 1) + QLatin1Char('k');
    if (value == std::floor(value)) return QString::number(static_cast<qint64>(value));
    return QString::number(value, 'g', 3);
}

// A perceptually even ramp (after viridis) from cold to hot.
QColor heatColor(double t) {
    static const QColor stops[] = {QColor(68, 1, 84), QColor(59, 82, 139), QColor(33, 145, 140),
                                   QColor(94, 201, 98), QColor(253, 231, 37)};
    t = std::clamp(t, 0.0, 1.0) * 4.0;
    const int index = std::min(3, static_cast<int>(t));
    return mix(stops[index], stops[index + 1], t - index);
}

QString digitText(int digit) { return QString(QChar::fromLatin1(digitChar(digit))); }

}  // namespace

BoardView::BoardView(BoardModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAccessibleName(tr("Puzzle board"));
    connect(m_model, &BoardModel::cellChanged, this, [this](int cell) { update(cellUpdateRect(cell)); });
    connect(m_model, &BoardModel::boardReset, this, [this] {
        m_animation.stop();
        m_animatedMove.reset();
        if (m_selected >= m_model->cellCount()) m_selected = -1;
        layoutBoard();
        update();
    });
    connect(m_model, &BoardModel::heatMapChanged, this, [this] {
        m_heatMin = 0;
        m_heatMax = 1;
        bool first = true;
        for (double value : m_model->heatMap()) {
            if (value < 0) continue;
            m_heatMin = first ? value : std::min(m_heatMin, value);
            m_heatMax = first ? value : std::max(m_heatMax, value);
            first = false;
        }
        layoutBoard();
        update();
    });
    connect(m_model, &BoardModel::lastMoveChanged, this, &BoardView::onLastMoveChanged);
    m_animation.setStartValue(0.0);
    m_animation.setEndValue(1.0);
    m_animation.setEasingCurve(QEasingCurve::OutCubic);
    connect(&m_animation, &QVariantAnimation::valueChanged, this, [this](const QVariant& value) {
        m_progress = value.toDouble();
        updateAnimatedCells();
    });
    layoutBoard();
}

void BoardView::setHeatMapVisible(bool visible) {
    m_heatMapVisible = visible;
    layoutBoard();
    update();
}

void BoardView::setConflictsVisible(bool visible) {
    m_conflictsVisible = visible;
    update();
}

void BoardView::setSelectedCell(int cell) {
    if (cell < -1 || cell >= m_model->cellCount() || cell == m_selected) return;
    m_selected = cell;
    update();  // peers of the old and the new selection change tint
    emit selectionChanged(cell);
}

BoardView::Colors BoardView::colors() const {
    const QPalette& p = palette();
    Colors c;
    c.background = p.color(QPalette::Window);
    c.cell = p.color(QPalette::Base);
    c.text = p.color(QPalette::Text);
    c.dark = c.cell.lightnessF() < 0.5;
    c.thinLine = mix(c.cell, c.text, 0.28);
    c.thickLine = mix(c.cell, c.text, 0.85);
    c.given = c.text;
    c.solver = c.dark ? QColor(120, 178, 255) : QColor(30, 94, 190);
    c.user = c.dark ? QColor(120, 214, 150) : QColor(22, 128, 64);
    c.pencil = mix(c.cell, c.text, 0.55);
    c.conflict = c.dark ? QColor(230, 70, 70, 110) : QColor(220, 40, 40, 70);
    c.lastMove = c.dark ? QColor(255, 190, 60, 120) : QColor(255, 176, 0, 110);
    c.selection = p.color(QPalette::Highlight);
    c.selection.setAlpha(95);
    c.peer = mix(c.cell, p.color(QPalette::Highlight), 0.10);
    c.highlight = c.dark ? QColor(120, 200, 255) : QColor(20, 110, 200);
    c.river = c.dark ? QColor(96, 120, 150) : QColor(48, 62, 84);
    c.islandDot = mix(c.cell, c.text, 0.5);
    return c;
}

void BoardView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    layoutBoard();
}

void BoardView::layoutBoard() {
    const int rows = std::max(1, m_model->rows());
    const int columns = std::max(1, m_model->columns());
    const double margin = 12;
    const bool legend = m_heatMapVisible && m_model->hasHeatMap();
    const double legendHeight = legend ? 34 : 0;
    const double width = std::max(10.0, static_cast<double>(this->width()) - 2 * margin);
    const double height = std::max(10.0, static_cast<double>(this->height()) - 2 * margin - legendHeight);
    // Whole pixels per cell keep every line on the pixel grid.
    m_cell = std::max(4.0, std::floor(std::min(width / columns, height / rows)));
    const double boardWidth = m_cell * columns;
    const double boardHeight = m_cell * rows;
    const double left = std::round((this->width() - boardWidth) / 2);
    const double top = std::round((this->height() - legendHeight - boardHeight) / 2);
    m_board = QRectF(left, top, boardWidth, boardHeight);
    m_legend = legend ? QRectF(left, top + boardHeight + 10, boardWidth, 22) : QRectF();
}

QRectF BoardView::cellRect(int cell) const {
    const int columns = std::max(1, m_model->columns());
    return {m_board.left() + (cell % columns) * m_cell, m_board.top() + (cell / columns) * m_cell, m_cell, m_cell};
}

QRect BoardView::cellUpdateRect(int cell) const { return cellRect(cell).toAlignedRect().adjusted(-2, -2, 2, 2); }

int BoardView::cellAt(QPointF point) const {
    if (!m_board.contains(point) || m_cell <= 0) return -1;
    const int column = static_cast<int>((point.x() - m_board.left()) / m_cell);
    const int row = static_cast<int>((point.y() - m_board.top()) / m_cell);
    if (row < 0 || column < 0 || row >= m_model->rows() || column >= m_model->columns()) return -1;
    return row * m_model->columns() + column;
}

void BoardView::onLastMoveChanged(bool animate) {
    if (m_animatedMove) updateAnimatedCells();
    m_animatedMove = m_model->lastMove();
    if (animate && m_animationMs > 0 && m_animatedMove && isVisible()) {
        m_animation.stop();
        m_animation.setDuration(m_animationMs);
        m_progress = 0;
        m_animation.start();
    } else {
        m_animation.stop();
        m_progress = 1.0;
    }
    updateAnimatedCells();
}

void BoardView::updateAnimatedCells() {
    if (!m_animatedMove) return;
    QRect area = cellUpdateRect(m_animatedMove->cell);
    if (m_animatedMove->kind == MoveKind::Swap && m_animatedMove->otherCell >= 0)
        area = area.united(cellUpdateRect(m_animatedMove->otherCell));
    update(area);
}

double BoardView::heatFraction(double value) const {
    if (m_heatMax <= m_heatMin) return 1.0;
    return (value - m_heatMin) / (m_heatMax - m_heatMin);
}

void BoardView::paintEvent(QPaintEvent* event) {
    QPainter painter(this);
    const Colors c = colors();
    painter.fillRect(event->rect(), c.background);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    if (m_model->isSudoku()) paintSudoku(painter, event->rect(), c);
    else paintNurikabe(painter, event->rect(), c);
    if (!m_legend.isNull() && event->rect().intersects(m_legend.toAlignedRect().adjusted(-2, -2, 200, 2)))
        paintHeatLegend(painter, c);
    if (hasFocus() && m_editable) {
        // A quiet focus frame: the board takes keys.
        painter.setPen(QPen(c.selection, 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(m_board.adjusted(-4, -4, 4, 4));
    }
}

void BoardView::paintCellBackground(QPainter& painter, int cell, const QRectF& rect, const Colors& c) {
    QColor fill = c.cell;
    if (m_selected >= 0 && m_model->isSudoku() && cell != m_selected) {
        const auto& geometry = m_model->sudoku().geometry();
        if (geometry.row(cell) == geometry.row(m_selected) || geometry.column(cell) == geometry.column(m_selected) ||
            geometry.box(cell) == geometry.box(m_selected))
            fill = c.peer;
    }
    painter.fillRect(rect, fill);
    if (m_heatMapVisible && m_model->hasHeatMap()) {
        const double value = m_model->heatMap()[cell];
        if (value >= 0) {
            QColor heat = heatColor(heatFraction(value));
            heat.setAlpha(c.dark ? 150 : 120);
            painter.fillRect(rect, heat);
        }
    }
    if (m_conflictsVisible && m_model->isConflict(cell)) painter.fillRect(rect, c.conflict);
    const auto& last = m_model->lastMove();
    if (last && (last->cell == cell || last->otherCell == cell)) {
        QColor highlight = c.lastMove;
        // Starts strong and settles to the steady highlight.
        highlight.setAlphaF(static_cast<float>(std::min(1.0, c.lastMove.alphaF() * (1.0 + 1.2 * (1.0 - m_progress)))));
        painter.fillRect(rect, highlight);
    }
    if (cell == m_selected) painter.fillRect(rect, c.selection);
    if (m_model->isHighlighted(cell)) {
        // A tinted cell with an inner outline: visible over heat maps, conflicts and the selection alike.
        QColor tint = c.highlight;
        tint.setAlpha(c.dark ? 70 : 45);
        painter.fillRect(rect, tint);
        const double width = std::max(2.0, m_cell * 0.06);
        painter.setPen(QPen(c.highlight, width));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(rect.adjusted(width / 2 + 1, width / 2 + 1, -width / 2 - 1, -width / 2 - 1));
    }
}

void BoardView::paintSudoku(QPainter& painter, const QRect& dirty, const Colors& c) {
    const SudokuGrid& grid = m_model->sudoku();
    const int size = grid.size();
    const SudokuShape shape = grid.shape();
    QFont digitFont = font();
    digitFont.setPixelSize(std::max(6, static_cast<int>(m_cell * (size > 9 ? 0.5 : 0.62))));
    QFont givenFont = digitFont;
    givenFont.setWeight(QFont::Bold);
    QFont placedFont = digitFont;
    placedFont.setWeight(QFont::Normal);
    const int markColumns = size <= 4 ? 2 : (size <= 6 ? 3 : (size <= 9 ? 3 : 4));
    const int markRows = (size + markColumns - 1) / markColumns;
    QFont markFont = font();
    markFont.setPixelSize(std::max(5, static_cast<int>(m_cell / (markRows + 0.6) * 0.8)));

    const auto& last = m_model->lastMove();
    const bool swapAnimating = last && last->kind == MoveKind::Swap && m_progress < 1.0 && last->otherCell >= 0;
    const bool heat = m_heatMapVisible && m_model->hasHeatMap();

    for (int cell = 0; cell < grid.cellCount(); ++cell) {
        const QRectF rect = cellRect(cell);
        if (!rect.toAlignedRect().adjusted(-2, -2, 2, 2).intersects(dirty)) continue;
        paintCellBackground(painter, cell, rect, c);
        const int value = grid.value(cell);
        if (value) {
            const CellOrigin origin = m_model->origin(cell);
            painter.setFont(origin == CellOrigin::Given ? givenFont : placedFont);
            painter.setPen(origin == CellOrigin::Given ? c.given : (origin == CellOrigin::User ? c.user : c.solver));
            QRectF textRect = rect;
            if (swapAnimating && (cell == last->cell || cell == last->otherCell)) {
                const int from = cell == last->cell ? last->otherCell : last->cell;
                const QPointF offset = (cellRect(from).center() - rect.center()) * (1.0 - m_progress);
                textRect.translate(offset);
            } else if (last && last->cell == cell && m_progress < 1.0 && last->kind == MoveKind::Place) {
                const double scale = 1.0 + 0.6 * (1.0 - m_progress);
                QFont grown = painter.font();
                grown.setPixelSize(static_cast<int>(digitFont.pixelSize() * scale));
                painter.setFont(grown);
            }
            painter.drawText(textRect, Qt::AlignCenter, digitText(value));
        } else {
            DigitMask marks = grid.marks(cell);
            bool solverMarks = false;
            if (!marks && cell < static_cast<int>(m_model->solverCandidates().size())) {
                marks = m_model->solverCandidates()[cell];
                solverMarks = true;
            }
            if (marks) {
                painter.setFont(markFont);
                painter.setPen(solverMarks ? mix(c.pencil, c.solver, 0.45) : c.pencil);
                const double w = m_cell / markColumns;
                const double h = m_cell / markRows;
                for (int digit = 1; digit <= size; ++digit) {
                    if (!(marks & (1u << (digit - 1)))) continue;
                    const int index = digit - 1;
                    QRectF markRect(rect.left() + (index % markColumns) * w, rect.top() + (index / markColumns) * h, w, h);
                    painter.drawText(markRect, Qt::AlignCenter, digitText(digit));
                }
            }
        }
        if (heat && m_model->heatMap()[cell] >= 0 && m_cell >= 28) {
            QFont small = font();
            small.setPixelSize(std::max(6, static_cast<int>(m_cell * 0.2)));
            painter.setFont(small);
            painter.setPen(c.dark ? QColor(255, 255, 255, 200) : QColor(0, 0, 0, 170));
            painter.drawText(rect.adjusted(2, 1, -3, -1), Qt::AlignRight | Qt::AlignBottom,
                             compactNumber(m_model->heatMap()[cell]));
        }
    }

    // Lines on top: thin cell lines, thick box lines, aligned to whole pixels.
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setPen(QPen(c.thinLine, 1));
    for (int i = 1; i < size; ++i) {
        const double x = m_board.left() + i * m_cell;
        const double y = m_board.top() + i * m_cell;
        if (i % shape.boxColumns) painter.drawLine(QPointF(x, m_board.top()), QPointF(x, m_board.bottom()));
        if (i % shape.boxRows) painter.drawLine(QPointF(m_board.left(), y), QPointF(m_board.right(), y));
    }
    const double thick = std::max(2.0, std::round(m_cell / 18));
    painter.setPen(QPen(c.thickLine, thick, Qt::SolidLine, Qt::SquareCap));
    for (int i = 0; i <= size; i += shape.boxColumns) {
        const double x = m_board.left() + i * m_cell;
        painter.drawLine(QPointF(x, m_board.top()), QPointF(x, m_board.bottom()));
    }
    for (int i = 0; i <= size; i += shape.boxRows) {
        const double y = m_board.top() + i * m_cell;
        painter.drawLine(QPointF(m_board.left(), y), QPointF(m_board.right(), y));
    }
    painter.setRenderHint(QPainter::Antialiasing, true);
}

void BoardView::paintNurikabe(QPainter& painter, const QRect& dirty, const Colors& c) {
    const NurikabeGrid& grid = m_model->nurikabe();
    QFont clueFont = font();
    clueFont.setPixelSize(std::max(6, static_cast<int>(m_cell * 0.55)));
    clueFont.setWeight(QFont::Bold);
    for (int cell = 0; cell < grid.cellCount(); ++cell) {
        const QRectF rect = cellRect(cell);
        if (!rect.toAlignedRect().adjusted(-2, -2, 2, 2).intersects(dirty)) continue;
        paintCellBackground(painter, cell, rect, c);
        const NurikabeCell state = grid.state(cell);
        if (grid.clue(cell) > 0) {
            painter.setFont(clueFont);
            painter.setPen(c.given);
            painter.drawText(rect, Qt::AlignCenter, QString::number(grid.clue(cell)));
        } else if (state == NurikabeCell::River) {
            QColor river = m_model->origin(cell) == CellOrigin::User ? mix(c.river, c.user, 0.25) : c.river;
            if (m_model->lastMove() && m_model->lastMove()->cell == cell && m_progress < 1.0)
                river = mix(c.lastMove, river, m_progress);
            painter.fillRect(rect.adjusted(1, 1, -1, -1), river);
            if (m_conflictsVisible && m_model->isConflict(cell)) painter.fillRect(rect, c.conflict);
        } else if (state == NurikabeCell::Island) {
            painter.setPen(Qt::NoPen);
            painter.setBrush(m_model->origin(cell) == CellOrigin::User ? c.user : c.islandDot);
            const double radius = m_cell * 0.09 * (1.0 + (1.0 - m_progress) * 0.8);
            painter.drawEllipse(rect.center(), radius, radius);
        }
    }
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setPen(QPen(c.thinLine, 1));
    painter.setBrush(Qt::NoBrush);
    for (int i = 1; i < grid.width(); ++i) {
        const double x = m_board.left() + i * m_cell;
        painter.drawLine(QPointF(x, m_board.top()), QPointF(x, m_board.bottom()));
    }
    for (int i = 1; i < grid.height(); ++i) {
        const double y = m_board.top() + i * m_cell;
        painter.drawLine(QPointF(m_board.left(), y), QPointF(m_board.right(), y));
    }
    painter.setPen(QPen(c.thickLine, 2));
    painter.drawRect(m_board);
    painter.setRenderHint(QPainter::Antialiasing, true);
    if (m_conflictsVisible) {
        // Each 2x2 pool of river outlined as a block, so neighbouring pools stay apart.
        QColor outline = c.conflict;
        outline.setAlpha(255);
        painter.setPen(QPen(outline, std::max(2.0, m_cell * 0.06)));
        const auto river = [&grid](int cell) { return grid.state(cell) == NurikabeCell::River; };
        for (int r = 0; r + 1 < grid.height(); ++r)
            for (int col = 0; col + 1 < grid.width(); ++col) {
                const int cell = r * grid.width() + col;
                if (river(cell) && river(cell + 1) && river(cell + grid.width()) && river(cell + grid.width() + 1))
                    painter.drawRect(cellRect(cell).united(cellRect(cell + grid.width() + 1)).adjusted(3, 3, -3, -3));
            }
    }
}

void BoardView::paintHeatLegend(QPainter& painter, const Colors& c) {
    QFont small = font();
    small.setPixelSize(12);
    painter.setFont(small);
    const QString label = m_model->heatMapLabel();
    const double labelWidth = std::min(m_legend.width() * 0.4, static_cast<double>(painter.fontMetrics().horizontalAdvance(label) + 12));
    const QRectF labelRect(m_legend.left(), m_legend.top(), labelWidth, m_legend.height());
    painter.setPen(c.text);
    painter.drawText(labelRect, Qt::AlignLeft | Qt::AlignVCenter, label);
    const double numberWidth = 48;
    QRectF bar(labelRect.right() + numberWidth, m_legend.top() + 5, m_legend.width() - labelWidth - 2 * numberWidth,
               m_legend.height() - 10);
    if (bar.width() < 20) return;
    QLinearGradient gradient(bar.topLeft(), bar.topRight());
    for (int i = 0; i <= 8; ++i) gradient.setColorAt(i / 8.0, heatColor(i / 8.0));
    painter.setPen(QPen(c.thinLine, 1));
    painter.setBrush(gradient);
    painter.drawRoundedRect(bar, 3, 3);
    painter.setPen(c.text);
    painter.drawText(QRectF(bar.left() - numberWidth, m_legend.top(), numberWidth - 6, m_legend.height()),
                     Qt::AlignRight | Qt::AlignVCenter, compactNumber(m_heatMin));
    painter.drawText(QRectF(bar.right() + 6, m_legend.top(), numberWidth, m_legend.height()),
                     Qt::AlignLeft | Qt::AlignVCenter, compactNumber(m_heatMax));
}

void BoardView::mousePressEvent(QMouseEvent* event) {
    setFocus(Qt::MouseFocusReason);
    const int cell = cellAt(event->position());
    if (cell < 0) return;
    if (m_model->isSudoku()) {
        setSelectedCell(cell);
        return;
    }
    setSelectedCell(cell);
    if (!m_editable || m_model->isGiven(cell)) return;
    // Unknown -> river -> island dot -> unknown; the right button goes the other way.
    const int current = static_cast<int>(m_model->nurikabe().state(cell));
    const int next = event->button() == Qt::RightButton ? (current + 2) % 3 : (current + 1) % 3;
    emit editRequested(Move::shade(cell, next, current));
}

void BoardView::keyPressEvent(QKeyEvent* event) {
    const int count = m_model->cellCount();
    const int columns = m_model->columns();
    if (m_selected < 0 && count > 0 &&
        (event->key() == Qt::Key_Left || event->key() == Qt::Key_Right || event->key() == Qt::Key_Up ||
         event->key() == Qt::Key_Down)) {
        setSelectedCell(0);
        return;
    }
    switch (event->key()) {
    case Qt::Key_Left: setSelectedCell(m_selected % columns ? m_selected - 1 : m_selected); return;
    case Qt::Key_Right: setSelectedCell((m_selected + 1) % columns ? m_selected + 1 : m_selected); return;
    case Qt::Key_Up: setSelectedCell(m_selected >= columns ? m_selected - columns : m_selected); return;
    case Qt::Key_Down: setSelectedCell(m_selected + columns < count ? m_selected + columns : m_selected); return;
    default: break;
    }
    if (m_selected < 0 || !m_editable || m_model->isGiven(m_selected)) {
        QWidget::keyPressEvent(event);
        return;
    }
    if (!m_model->isSudoku()) {
        const int current = static_cast<int>(m_model->nurikabe().state(m_selected));
        int next = -1;
        if (event->key() == Qt::Key_Space) next = (current + 1) % 3;
        else if (event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) next = 0;
        else if (event->text() == QLatin1String("#")) next = static_cast<int>(NurikabeCell::River);
        else if (event->text().toLower() == QLatin1String("o")) next = static_cast<int>(NurikabeCell::Island);
        if (next >= 0 && next != current) emit editRequested(Move::shade(m_selected, next, current));
        else if (next < 0) QWidget::keyPressEvent(event);
        return;
    }
    const SudokuGrid& grid = m_model->sudoku();
    const int current = grid.value(m_selected);
    if (event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace || event->text() == QLatin1String("0") ||
        event->text() == QLatin1String(".")) {
        if (current) emit editRequested(Move::erase(m_selected, current));
        return;
    }
    const QString text = event->text();
    const int digit = text.size() == 1 ? digitValue(text.at(0).toUpper().toLatin1(), grid.size()) : 0;
    if (digit <= 0) {
        QWidget::keyPressEvent(event);
        return;
    }
    // Pencil mode, or Alt with a digit, toggles a candidate instead of placing the digit.
    if (m_pencilMode || (event->modifiers() & Qt::AltModifier)) {
        if (current) return;
        const bool marked = grid.marks(m_selected) & (1u << (digit - 1));
        emit editRequested(marked ? Move::eliminate(m_selected, digit) : Move::restore(m_selected, digit));
        return;
    }
    if (digit != current) emit editRequested(Move::place(m_selected, digit, current));
}

}  // namespace pw::ui
