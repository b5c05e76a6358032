#include "board/board_view.h"

#include "board/painter_for.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace pw::ui {

BoardView::BoardView(BoardModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAccessibleName(tr("Puzzle board"));
    connect(m_model, &BoardModel::cellChanged, this, [this](int cell) {
        // Auto-candidates: a digit changes the candidates of every peer.
        if (m_autoCandidates) update();
        else update(cellUpdateRect(cell));
    });
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

void BoardView::setAutoCandidates(bool on) {
    m_autoCandidates = on;
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

BoardColors BoardView::colors() const {
    const QPalette& p = palette();
    BoardColors c;
    c.background = p.color(QPalette::Window);
    c.cell = p.color(QPalette::Base);
    c.text = p.color(QPalette::Text);
    c.dark = c.cell.lightnessF() < 0.5;
    c.thinLine = mix(c.cell, c.text, 0.28);
    c.thickLine = mix(c.cell, c.text, 0.85);
    c.given = c.text;
    // Every digit colour keeps 4.5:1 (WCAG AA) on every cell background, selection and heat map included
    // (tests/ui/hand_solving_tests.cpp measures it).
    c.solver = c.dark ? QColor(166, 208, 255) : QColor(18, 68, 148);
    c.user = c.dark ? QColor(206, 212, 228) : QColor(50, 60, 84);
    c.wrong = c.dark ? QColor(255, 178, 178) : QColor(164, 0, 0);
    c.pencil = c.dark ? QColor(200, 204, 212) : QColor(60, 64, 72);
    c.conflict = c.dark ? QColor(230, 70, 70, 56) : QColor(220, 40, 40, 56);
    c.lastMove = c.dark ? QColor(255, 190, 60, 44) : QColor(255, 176, 0, 90);
    c.selection = p.color(QPalette::Highlight);
    c.selection.setAlpha(c.dark ? 64 : 56);
    c.peer = mix(c.cell, p.color(QPalette::Highlight), c.dark ? 0.12 : 0.08);
    c.highlight = c.dark ? QColor(120, 200, 255) : QColor(20, 110, 200);
    c.river = c.dark ? QColor(10, 12, 16) : QColor(40, 52, 72);
    c.island = c.dark ? QColor(206, 210, 218) : QColor(255, 252, 242);
    c.undecided = c.dark ? QColor(84, 87, 94) : QColor(204, 208, 216);
    c.clue = c.dark ? QColor(18, 20, 24) : c.text;
    c.islandDot = c.dark ? QColor(110, 114, 122) : QColor(150, 140, 110);
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
    const BoardColors c = colors();
    painter.fillRect(event->rect(), c.background);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    const BoardPaint paint{*m_model,
                           c,
                           font(),
                           m_board,
                           m_cell,
                           m_progress,
                           m_heatMapVisible,
                           m_conflictsVisible,
                           m_autoCandidates,
                           [this](int cell) { return cellRect(cell); },
                           [this, &c](QPainter& p, int cell, const QRectF& rect) { paintCellBackground(p, cell, rect, c); }};
    painterFor(m_model->board()).paint(painter, event->rect(), paint);
    if (!m_legend.isNull() && event->rect().intersects(m_legend.toAlignedRect().adjusted(-2, -2, 200, 2)))
        paintHeatLegend(painter, c);
    if (hasFocus() && m_editable) {
        // A quiet focus frame: the board takes keys.
        painter.setPen(QPen(c.selection, 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(m_board.adjusted(-4, -4, 4, 4));
    }
}

void BoardView::paintCellBackground(QPainter& painter, int cell, const QRectF& rect, const BoardColors& c) {
    QColor fill = c.cell;
    if (!m_model->isSudoku()) {
        const NurikabeGrid& grid = m_model->nurikabe();
        const NurikabeCell state = grid.clue(cell) > 0 ? NurikabeCell::Island : grid.state(cell);
        fill = state == NurikabeCell::River ? c.river : state == NurikabeCell::Island ? c.island : c.undecided;
    } else if (m_selected >= 0 && cell != m_selected && painterFor(m_model->board()).isPeer(*m_model, m_selected, cell))
        fill = c.peer;
    painter.fillRect(rect, fill);
    if (m_heatMapVisible && m_model->hasHeatMap()) {
        const double value = m_model->heatMap()[cell];
        if (value >= 0) {
            // On the dark palette the ramp is dimmed, so light digits stay readable over its bright end.
            QColor heat = heatColor(heatFraction(value));
            if (c.dark) heat = heat.darker(260);
            heat.setAlpha(c.dark ? 150 : 64);
            painter.fillRect(rect, heat);
        }
    }
    if (const int mark = m_model->sourceMark(cell); mark > 0) {
        // Where a step's value came from: a strong tint, in the colour the legend (BoardLegend) names, that the
        // outline of a differing cell leaves visible.
        QColor tint = sourceColor(mark, c.dark);
        tint.setAlpha(c.dark ? 120 : 110);
        painter.fillRect(rect, tint);
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
        tint.setAlpha(c.dark ? 40 : 36);
        painter.fillRect(rect, tint);
        const double width = std::max(2.0, m_cell * 0.06);
        painter.setPen(QPen(c.highlight, width));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(rect.adjusted(width / 2 + 1, width / 2 + 1, -width / 2 - 1, -width / 2 - 1));
    }
}

void BoardView::paintHeatLegend(QPainter& painter, const BoardColors& c) {
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
    setSelectedCell(cell);
    if (!m_editable || m_model->isGiven(cell)) return;
    if (const auto move = painterFor(m_model->board()).clickEdit(*m_model, cell, event->button() == Qt::RightButton))
        emit editRequested(*move);
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
    const KeyEdit edit = painterFor(m_model->board()).keyEdit(*m_model, m_selected, *event, m_pencilMode);
    if (edit.move) emit editRequested(*edit.move);
    else if (!edit.used) QWidget::keyPressEvent(event);
}

}  // namespace pw::ui
