#include "board/decision_boards_view.h"

#include "board/board_legend.h"
#include "board/board_model.h"
#include "board/board_view.h"
#include "puzzle/puzzle_kind.h"

#include <QLabel>
#include <QVBoxLayout>

namespace pw::ui {

namespace {

BoardView* smallBoard(BoardModel* model, QWidget* parent) {
    auto* view = new BoardView(model, parent);
    view->setEditable(false);
    view->setFocusPolicy(Qt::NoFocus);
    view->setAnimationDuration(0);
    view->setHeatMapVisible(false);
    view->setConflictsVisible(false);  // the sentence weighs costs; the tints say where values came from
    view->setMinimumSize(100, 100);
    return view;
}

QLabel* title(QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setAlignment(Qt::AlignHCenter);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}

// A title wraps between words; a word too long for the narrow column (a genetic program of a hundred moves) is
// cut short with an ellipsis, and the label's tooltip holds the whole title.
QString shortened(const QString& text) {
    constexpr qsizetype kLongestWord = 24;
    QStringList words = text.split(QLatin1Char(' '));
    for (QString& word : words)
        if (word.size() > kLongestWord) word = word.left(kLongestWord - 4) + QChar(0x2026);
    return words.join(QLatin1Char(' '));
}

}  // namespace

DecisionBoardsView::DecisionBoardsView(const BoardModel* main, QWidget* parent)
    : QWidget(parent), m_main(main), m_object(new BoardModel(this)), m_reference(new BoardModel(this)),
      m_objectView(smallBoard(m_object, this)), m_referenceView(smallBoard(m_reference, this)),
      m_objectTitle(title(this)), m_referenceTitle(title(this)), m_legend(new BoardLegend(BoardLegend::Part::StepBoards, m_object, m_objectView, this)) {
    setObjectName(QStringLiteral("decisionBoards"));
    m_objectView->setAccessibleName(tr("The step's object"));
    m_referenceView->setAccessibleName(tr("What the step is measured by"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_objectTitle);
    layout->addWidget(m_objectView, 1);
    layout->addWidget(m_referenceTitle);
    layout->addWidget(m_referenceView, 1);
    layout->addWidget(m_legend);
    connect(main, &BoardModel::puzzleChanged, this, [this] { showDecision(nullptr); });
    hide();
}

QString DecisionBoardsView::objectTitle() const { return m_objectTitleText; }
QString DecisionBoardsView::referenceTitle() const { return m_referenceTitleText; }
bool DecisionBoardsView::showsReference() const { return !m_referenceView->isHidden(); }

void DecisionBoardsView::showDecision(const Decision* decision) {
    const DecisionBoards* boards = decision ? decision->boards() : nullptr;
    if (!boards) {
        hide();
        return;
    }
    const bool compared = !boards->referenceLabel.empty();
    m_object->setPuzzle(m_main->puzzle());
    m_reference->setPuzzle(m_main->puzzle());
    m_object->applyMoves(boards->object, CellOrigin::Solver);
    m_reference->applyMoves(boards->reference, CellOrigin::Solver);
    m_object->clearRunOverlays();  // no last move: both boards are whole grids, not a move
    m_reference->clearRunOverlays();
    // The cells where the two differ are outlined on both (harmony: the cells its sentence names).
    std::vector<int> differing;
    if (compared)
        for (int cell = 0; cell < m_object->cellCount(); ++cell)
            if (cellValue(m_object->board(), cell) != cellValue(m_reference->board(), cell)) differing.push_back(cell);
    m_object->setHighlightedCells(differing);
    m_reference->setHighlightedCells(differing);
    QStringList names;
    for (const std::string& name : boards->sourceNames) names << QString::fromStdString(name);
    std::vector<int> marks(static_cast<std::size_t>(m_object->cellCount()), 0);
    for (std::size_t i = 0; i < boards->sources.size() && i < boards->object.size(); ++i) {
        const int cell = boards->object[i].cell;
        if (cell >= 0 && cell < m_object->cellCount()) marks[static_cast<std::size_t>(cell)] = boards->sources[i] + 1;
    }
    m_object->setSourceMarks(marks, names);
    m_legend->describeStepBoards(compared, QString::fromStdString(boards->sourcesCaption));
    m_objectTitleText = QString::fromStdString(boards->objectLabel);
    m_referenceTitleText = QString::fromStdString(boards->referenceLabel);
    m_objectTitle->setText(shortened(m_objectTitleText));
    m_referenceTitle->setText(shortened(m_referenceTitleText));
    m_objectTitle->setToolTip(m_objectTitleText);
    m_referenceTitle->setToolTip(m_referenceTitleText);
    // A step without a reference (tabu search's tabu list) gives its one board the whole height.
    m_referenceTitle->setVisible(compared);
    m_referenceView->setVisible(compared);
    show();
}

}  // namespace pw::ui
