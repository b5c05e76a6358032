#pragma once
// Paints a BoardModel, each kind through its painter (board_painter.h): Sudoku of every size and Nurikabe,
// crisp at any size and DPI (everything is drawn from the cell size, nothing from bitmaps). Repaints only the
// cells the model reports as changed. Owns the view state: selection, pencil mode, heat-map visibility and
// the last-move animation.

#include "board/board_model.h"
#include "board/board_painter.h"

#include <QVariantAnimation>
#include <QWidget>

namespace pw::ui {

class BoardView : public QWidget {
    Q_OBJECT
public:
    explicit BoardView(BoardModel* model, QWidget* parent = nullptr);

    void setHeatMapVisible(bool visible);
    bool heatMapVisible() const { return m_heatMapVisible; }
    void setConflictsVisible(bool visible);
    void setPencilMode(bool pencil) { m_pencilMode = pencil; }
    // Sudoku: empty cells without pencil marks show their candidates, kept up to date as digits go in.
    void setAutoCandidates(bool on);
    bool autoCandidates() const { return m_autoCandidates; }
    bool pencilMode() const { return m_pencilMode; }
    void setEditable(bool editable) { m_editable = editable; }
    int selectedCell() const { return m_selected; }
    void setSelectedCell(int cell);
    void setAnimationDuration(int milliseconds) { m_animationMs = milliseconds; }
    // Where a cell is drawn, in widget coordinates (for clicks, and tests that click).
    QRectF cellRect(int cell) const;
    // The board's palette, derived from the widget's (public for the contrast tests).
    BoardColors colors() const;

    QSize sizeHint() const override { return {560, 560}; }
    QSize minimumSizeHint() const override { return {220, 220}; }

signals:
    // The user asked for a change (typed a digit, clicked a Nurikabe cell); the window decides (undo stack).
    void editRequested(const pw::Move& move);
    void selectionChanged(int cell);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void layoutBoard();
    QRect cellUpdateRect(int cell) const;
    int cellAt(QPointF point) const;
    void onLastMoveChanged(bool animate);
    void updateAnimatedCells();
    void paintCellBackground(QPainter& painter, int cell, const QRectF& rect, const BoardColors& colors);
    void paintHeatLegend(QPainter& painter, const BoardColors& colors);
    double heatFraction(double value) const;

    BoardModel* m_model;
    QRectF m_board;  // the grid's square (or rectangle) in widget coordinates
    double m_cell = 0;
    QRectF m_legend;
    int m_selected = -1;
    bool m_heatMapVisible = true;
    bool m_conflictsVisible = true;
    bool m_pencilMode = false;
    bool m_autoCandidates = false;
    bool m_editable = true;
    int m_animationMs = 250;
    QVariantAnimation m_animation;
    double m_progress = 1.0;  // of the last-move animation
    std::optional<Move> m_animatedMove;
    double m_heatMin = 0;
    double m_heatMax = 1;
};

}  // namespace pw::ui
