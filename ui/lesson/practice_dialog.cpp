#include "lesson/practice_dialog.h"

#include "lesson/slide_editor.h"

#include "algorithms/registry.h"
#include "board/board_model.h"
#include "board/board_view.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace pw::ui {

namespace {
// A round: this many questions, from the run's first steps (a classroom run is short).
constexpr std::size_t kRoundQuestions = 10;
constexpr std::uint64_t kRoundSteps = 5000;
}  // namespace

PracticeDialog::PracticeDialog(const Puzzle& puzzle, const std::string& algorithmId, QWidget* parent)
    : QDialog(parent), m_puzzle(puzzle) {
    setObjectName(QStringLiteral("practiceDialog"));
    setWindowTitle(tr("Practice: predict the algorithm's next step"));
    auto* layout = new QVBoxLayout(this);
    auto* setup = new QHBoxLayout;
    m_algorithm = new QComboBox(this);
    m_algorithm->setObjectName(QStringLiteral("practiceAlgorithm"));
    for (const AlgorithmEntry& entry : algorithmRegistry())
        if (entry.info.supports(puzzle.kind()) && !quizKindsOf(entry.info.id).empty())
            m_algorithm->addItem(QString::fromStdString(entry.info.name), QString::fromStdString(entry.info.id));
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("practiceKind"));
    m_seed = new QSpinBox(this);
    m_seed->setObjectName(QStringLiteral("practiceSeed"));
    m_seed->setRange(1, 1'000'000);
    m_seed->setPrefix(tr("seed "));
    auto* start = new QPushButton(tr("&New round"), this);
    start->setObjectName(QStringLiteral("practiceNewRound"));
    setup->addWidget(m_algorithm, 2);
    setup->addWidget(m_kind, 2);
    setup->addWidget(m_seed);
    setup->addWidget(start);
    layout->addLayout(setup);

    auto* body = new QHBoxLayout;
    m_model = new BoardModel(this);
    m_board = new BoardView(m_model, this);
    m_board->setObjectName(QStringLiteral("practiceBoard"));
    m_board->setEditable(false);
    m_board->setMinimumSize(320, 320);
    body->addWidget(m_board, 3);
    auto* quiz = new QVBoxLayout;
    m_prompt = new QLabel(this);
    m_prompt->setObjectName(QStringLiteral("practicePrompt"));
    m_prompt->setWordWrap(true);
    QFont bold = m_prompt->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.2);
    m_prompt->setFont(bold);
    m_shown = new QLabel(this);
    m_shown->setWordWrap(true);
    m_choices = new QGridLayout;
    m_answer = new QLineEdit(this);
    m_answer->setObjectName(QStringLiteral("practiceAnswer"));
    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("practiceVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_score = new QLabel(this);
    m_score->setObjectName(QStringLiteral("practiceScore"));
    m_next = new QPushButton(tr("Ne&xt question"), this);
    m_next->setObjectName(QStringLiteral("practiceNext"));
    quiz->addWidget(m_prompt);
    quiz->addWidget(m_shown);
    quiz->addLayout(m_choices);
    quiz->addWidget(m_answer);
    quiz->addWidget(m_verdict, 1);
    quiz->addWidget(m_score);
    quiz->addWidget(m_next);
    body->addLayout(quiz, 2);
    layout->addLayout(body, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_algorithm, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] { offerKinds(); });
    connect(start, &QPushButton::clicked, this, [this] { newRound(); });
    connect(m_answer, &QLineEdit::returnPressed, this, [this] { answer(m_answer->text()); });
    connect(m_next, &QPushButton::clicked, this, &PracticeDialog::nextQuestion);
    // A cell clicked on the board is written into the answer: one for a cell, up to two for a swap.
    connect(m_board, &BoardView::selectionChanged, this, [this](int cell) {
        const QuizQuestion* asked = question();
        if (!asked || m_answered || cell < 0 || asked->form == AnswerForm::Choice || asked->form == AnswerForm::Number) return;
        const QString name = QString::fromStdString(boardCellName(cell, asked->width));
        const QStringList cells = m_answer->text().split(QLatin1Char(' '), Qt::SkipEmptyParts);
        m_answer->setText(asked->form == AnswerForm::TwoCells && cells.size() == 1 ? cells.front() + QLatin1Char(' ') + name : name);
    });
    if (!setAlgorithm(algorithmId)) offerKinds();
    m_model->setPuzzle(m_puzzle);
    showQuestion();
    resize(900, 560);
}

bool PracticeDialog::setAlgorithm(const std::string& id) {
    const int index = m_algorithm->findData(QString::fromStdString(id));
    if (index < 0) return false;
    m_algorithm->setCurrentIndex(index);
    offerKinds();
    return true;
}

bool PracticeDialog::setQuizKind(QuizKind kind) {
    const int index = m_kind->findData(QString::fromLatin1(quizKindId(kind)));
    if (index < 0) return false;
    m_kind->setCurrentIndex(index);
    return true;
}

void PracticeDialog::setSeed(std::uint64_t seed) { m_seed->setValue(static_cast<int>(seed)); }

void PracticeDialog::offerKinds() {
    m_kind->clear();
    for (QuizKind kind : quizKindsOf(m_algorithm->currentData().toString().toStdString()))
        m_kind->addItem(quizKindTitle(kind), QString::fromLatin1(quizKindId(kind)));
}

bool PracticeDialog::newRound() {
    const std::string algorithmId = m_algorithm->currentData().toString().toStdString();
    const auto kind = quizKindFromId(m_kind->currentData().toString().toStdString());
    const AlgorithmEntry* entry = findAlgorithm(algorithmId);
    if (!entry || !kind) return false;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    m_questions = practiceQuestions(m_puzzle, algorithmId, ParameterValues(entry->info.parameters),
                                    static_cast<std::uint64_t>(m_seed->value()), *kind, kRoundQuestions, kRoundSteps);
    QApplication::restoreOverrideCursor();
    m_index = 0;
    m_answered = false;
    m_asked = m_right = 0;
    showQuestion();
    if (m_questions.empty())
        m_verdict->setText(tr("This run has no step that question asks about in its first %1 steps: try another "
                              "seed or puzzle.")
                               .arg(kRoundSteps));
    m_seed->setValue(m_seed->value() + 1);  // the next round, another run
    return !m_questions.empty();
}

const QuizQuestion* PracticeDialog::question() const {
    return m_index < m_questions.size() ? &m_questions[m_index] : nullptr;
}

void PracticeDialog::answer(const QString& given) {
    const QuizQuestion* asked = question();
    if (!asked || m_answered) return;
    const QuizCheck check = checkQuizAnswer(*asked, given.toStdString());
    if (!check.understood) {
        m_verdict->setText(QString::fromStdString(check.message));
        return;
    }
    m_answered = true;
    ++m_asked;
    m_right += check.correct;
    m_verdict->setText(QString::fromStdString(check.message));
    m_model->setHighlightedCells(asked->answerCells.empty() ? asked->cells : asked->answerCells);
    showQuestion();
}

void PracticeDialog::nextQuestion() {
    if (m_index + 1 >= m_questions.size()) {
        newRound();
        return;
    }
    ++m_index;
    m_answered = false;
    m_verdict->clear();
    showQuestion();
}

QString PracticeDialog::verdictText() const { return m_verdict->text(); }
QString PracticeDialog::promptText() const { return m_prompt->text(); }

void PracticeDialog::showQuestion() {
    // Later, not now: the button clicked to answer is still in its clicked signal.
    while (QLayoutItem* item = m_choices->takeAt(0)) {
        item->widget()->hide();
        item->widget()->deleteLater();
        delete item;
    }
    m_score->setText(m_asked ? tr("Score: %1 of %2 right").arg(m_right).arg(m_asked) : QString());
    const QuizQuestion* asked = question();
    m_answer->setVisible(asked && asked->form != AnswerForm::Choice);
    m_next->setEnabled(asked && m_answered);
    if (!asked) {
        m_prompt->setText(tr("Pick an algorithm and a question, then New round."));
        m_shown->clear();
        return;
    }
    if (!m_answered) {
        if (asked->boardBefore) m_model->setBoard(*asked->boardBefore, CellOrigin::Solver);
        m_model->setHighlightedCells(asked->cells);
        m_answer->clear();
    }
    m_prompt->setText(tr("Question %1 of %2 (step %3): %4")
                          .arg(m_index + 1)
                          .arg(m_questions.size())
                          .arg(asked->step)
                          .arg(QString::fromStdString(asked->prompt)));
    QStringList shown;
    for (const std::string& line : asked->shown) shown.append(QString::fromStdString(line));
    m_shown->setText(shown.join(QLatin1Char('\n')));
    m_answer->setEnabled(!m_answered);
    m_answer->setPlaceholderText(asked->form == AnswerForm::Number ? tr("a number, e.g. 0.25")
                                 : asked->form == AnswerForm::Cell ? tr("a cell, e.g. r3c4 (or click it)")
                                                                   : tr("two cells, e.g. r3c4 r3c6"));
    for (std::size_t i = 0; asked->form == AnswerForm::Choice && i < asked->choices.size(); ++i) {
        auto* button = new QPushButton(QString::fromStdString(asked->choices[i]), this);
        button->setObjectName(QStringLiteral("practiceChoice%1").arg(i + 1));
        button->setEnabled(!m_answered);
        connect(button, &QPushButton::clicked, this, [this, text = QString::fromStdString(asked->choices[i])] { answer(text); });
        const int columns = asked->choices.size() <= 3 ? static_cast<int>(asked->choices.size()) : 2;
        m_choices->addWidget(button, static_cast<int>(i) / columns, static_cast<int>(i) % columns);
    }
}

}  // namespace pw::ui
