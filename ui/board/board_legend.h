#pragma once
// What every colour and outline of a board means, as a wrapped line of swatches: under the main board
// (Part::Board) the givens, the algorithm's and the player's values, the latest step's cells, the last move,
// conflicts, and Nurikabe's clues, river, island and undecided cells; under the boards of a step's object
// (Part::StepBoards) the outline of the cells where object and reference differ and what each value's mark says
// (BoardModel::sourceNames, after a caption). In the view's palette; refresh() after setting source marks.

#include <QLabel>

namespace pw::ui {

class BoardModel;
class BoardView;

class BoardLegend : public QLabel {
    Q_OBJECT
public:
    enum class Part { Board, StepBoards };
    BoardLegend(Part part, const BoardModel* model, const BoardView* view, QWidget* parent = nullptr);
    // The legend's entries as plain text ("given", "solver", …), for tests.
    QStringList entries() const { return m_entries; }

    // Part::StepBoards: whether the step compares two boards (then "differs" is an entry), and what the source
    // marks name ("value from"), shown before them.
    void describeStepBoards(bool compared, const QString& sourcesCaption);

public slots:
    void refresh();

protected:
    void changeEvent(QEvent* event) override;

private:
    Part m_part;
    const BoardModel* m_model;
    const BoardView* m_view;
    QStringList m_entries;
    bool m_compared = true;
    QString m_sourcesCaption;
};

}  // namespace pw::ui
