#include "lesson/slide_editor.h"

#include "lesson/lesson_player.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextBrowser>

namespace pw::ui {

QString quizKindTitle(QuizKind kind) {
    switch (kind) {
    case QuizKind::Accept: return QObject::tr("Will this swap be accepted?");
    case QuizKind::Probability: return QObject::tr("What is p = e^(−Δ/T) here?");
    case QuizKind::BranchCell: return QObject::tr("Which cell will the exact solver branch on?");
    case QuizKind::Technique: return QObject::tr("Which technique applies next?");
    case QuizKind::TabuMove: return QObject::tr("Which swap will tabu search make?");
    case QuizKind::HarmonySource: return QObject::tr("Where does the improvised harmony take this value from?");
    }
    return {};
}

SlideEditor::SlideEditor(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("slideEditor"));
    setWindowTitle(tr("Edit slide"));
    auto* form = new QFormLayout(this);
    m_title = new QLineEdit(this);
    m_title->setObjectName(QStringLiteral("slideTitle"));
    m_caption = new QPlainTextEdit(this);
    m_caption->setObjectName(QStringLiteral("slideCaption"));
    m_caption->setPlaceholderText(tr("What the room reads: **bold**, lists (- item), formulas like e^(−Δ/T)"));
    m_preview = new QTextBrowser(this);
    m_preview->setObjectName(QStringLiteral("slidePreview"));
    m_notes = new QPlainTextEdit(this);
    m_notes->setObjectName(QStringLiteral("slideNotes"));
    m_notes->setPlaceholderText(tr("For the teacher only: what to say, what to ask"));
    m_quiz = new QComboBox(this);
    m_quiz->setObjectName(QStringLiteral("slideQuiz"));
    connect(m_caption, &QPlainTextEdit::textChanged, this, [this] { m_preview->setHtml(captionHtml(caption())); });
    form->addRow(tr("&Title:"), m_title);
    form->addRow(tr("&Caption:"), m_caption);
    form->addRow(tr("As shown:"), m_preview);
    form->addRow(tr("&Notes:"), m_notes);
    form->addRow(tr("&Question:"), m_quiz);
    auto* note = new QLabel(tr("The run answers the question: the slide stands before the next step it asks about, "
                               "and Reveal makes that step."),
                            this);
    note->setWordWrap(true);
    form->addRow(note);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

void SlideEditor::setSlide(const QString& title, const QString& caption, const QString& notes,
                           std::optional<QuizKind> quiz, const std::vector<QuizKind>& kinds) {
    m_title->setText(title);
    m_caption->setPlainText(caption);
    m_preview->setHtml(captionHtml(caption));
    m_notes->setPlainText(notes);
    m_quiz->clear();
    m_quiz->addItem(tr("No question"), QString());
    for (QuizKind kind : kinds) m_quiz->addItem(quizKindTitle(kind), QString::fromLatin1(quizKindId(kind)));
    if (quiz) m_quiz->setCurrentIndex(std::max(0, m_quiz->findData(QString::fromLatin1(quizKindId(*quiz)))));
}

QString SlideEditor::title() const { return m_title->text(); }
QString SlideEditor::caption() const { return m_caption->toPlainText(); }
QString SlideEditor::notes() const { return m_notes->toPlainText(); }

std::optional<QuizKind> SlideEditor::quiz() const {
    return quizKindFromId(m_quiz->currentData().toString().toStdString());
}

}  // namespace pw::ui
