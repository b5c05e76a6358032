#pragma once
// What the latest step works on, beside the main board: the Decision's boards (DecisionBoards) as two small,
// read-only boards — the step's object above (harmony's improvised harmony, each value tinted by where it came
// from; cuckoo search's egg; mga's generation best; gp's program's grid) and the reference it is measured by
// below (the memory's best; the host nest's egg; the generation before; the best program) — the cells where they
// differ outlined on both, and a legend of the marks. A step without a reference (tabu search's tabu list) shows
// its one board alone. Hidden while the latest Decision carries no boards.

#include "base/events.h"

#include <QWidget>

class QLabel;

namespace pw::ui {

class BoardLegend;
class BoardModel;
class BoardView;

class DecisionBoardsView : public QWidget {
    Q_OBJECT
public:
    // `main` is the window's board: its puzzle is the one the step's moves apply to.
    explicit DecisionBoardsView(const BoardModel* main, QWidget* parent = nullptr);

    // Shows `decision`'s boards, or hides the view when it is null or carries none.
    void showDecision(const Decision* decision);

    // What is shown, for tests and screenshots.
    const BoardModel& objectBoard() const { return *m_object; }
    const BoardModel& referenceBoard() const { return *m_reference; }
    QString objectTitle() const;
    QString referenceTitle() const;
    bool showsReference() const;
    const BoardLegend& legend() const { return *m_legend; }

    // Narrower than the main board, which keeps the most room: two boards stacked, each about half its side.
    QSize sizeHint() const override { return {240, 480}; }
    QSize minimumSizeHint() const override { return {120, 240}; }

private:
    const BoardModel* m_main;
    BoardModel* m_object;
    BoardModel* m_reference;
    BoardView* m_objectView;
    BoardView* m_referenceView;
    QLabel* m_objectTitle;
    QLabel* m_referenceTitle;
    QString m_objectTitleText;  // as the Decision gives them; the labels may cut a long word
    QString m_referenceTitleText;
    BoardLegend* m_legend;
};

}  // namespace pw::ui
