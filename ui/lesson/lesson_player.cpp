#include "lesson/lesson_player.h"

#include "lesson/slide_editor.h"

#include "algorithms/registry.h"
#include "io/puzzle_text.h"

#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace pw::ui {

namespace {

// The caption's type, against the window's: big enough to read from the back of a room, and scaled with the
// window's zoom, which sets the window's font.
constexpr double kCaptionScale = 1.3;
constexpr int kCaptionLines = 3;  // the strip's height; a longer caption scrolls

QString lessonText(const std::string& text) { return QString::fromStdString(text); }

// Whether `kind` is a key a presentation clicker or a teacher uses to move through slides.
bool isNextKey(int key) { return key == Qt::Key_PageDown || key == Qt::Key_Right || key == Qt::Key_Space; }
bool isPreviousKey(int key) { return key == Qt::Key_PageUp || key == Qt::Key_Left; }
bool isBlackoutKey(int key) { return key == Qt::Key_B || key == Qt::Key_Period; }

}  // namespace

void fillCaption(QTextDocument& document, const QString& markdown) {
    document.setMarkdown(markdown);
    // "^(...)" is raised: e^(−Δ/T) reads as a formula. Found after the Markdown is laid out, so the marks
    // stay out of Markdown's way.
    static const QRegularExpression power(QStringLiteral(R"(\^\(([^()]*)\))"));
    QTextCursor found = document.find(power);
    while (!found.isNull()) {
        const QString inner = found.selectedText().mid(2).chopped(1);
        QTextCharFormat format = found.charFormat();
        format.setVerticalAlignment(QTextCharFormat::AlignSuperScript);
        found.insertText(inner, format);
        found = document.find(power, found);
    }
}

QString captionHtml(const QString& markdown) {
    QTextDocument document;
    fillCaption(document, markdown);
    return document.toHtml();
}

LessonPlayer::LessonPlayer(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("lessonPlayer"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);

    // Left: where the lesson stands and the way through it.
    auto* navigation = new QVBoxLayout;
    auto* buttons = new QHBoxLayout;
    m_previous = new QToolButton(this);
    m_previous->setObjectName(QStringLiteral("lessonPrevious"));
    m_previous->setText(tr("◀ Previous"));
    m_previous->setToolTip(tr("The slide before, exactly as it was (Page Up, ←)"));
    m_counter = new QLabel(this);
    m_counter->setObjectName(QStringLiteral("lessonCounter"));
    m_counter->setAlignment(Qt::AlignCenter);
    m_next = new QToolButton(this);
    m_next->setObjectName(QStringLiteral("lessonNext"));
    m_next->setText(tr("Next ▶"));
    m_next->setToolTip(tr("Reveals the answer, then the next slide (Page Down, →, Space); B blacks the screen out"));
    buttons->addWidget(m_previous);
    buttons->addWidget(m_counter, 1);
    buttons->addWidget(m_next);
    m_contents = new QComboBox(this);
    m_contents->setObjectName(QStringLiteral("lessonContents"));
    m_contents->setToolTip(tr("Contents: go to any slide"));
    m_contents->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_contents->setMinimumContentsLength(14);
    // The contents box names the slide: a title of its own would take a caption line's height.
    navigation->addLayout(buttons);
    navigation->addWidget(m_contents);
    navigation->addStretch();

    m_authoringRow = new QWidget(this);
    m_authoringRow->setObjectName(QStringLiteral("lessonAuthoring"));
    auto* authoring = new QVBoxLayout(m_authoringRow);
    authoring->setContentsMargins(0, 0, 0, 0);
    auto addButton = [this, authoring](const QString& text, const QString& name, const QString& tip, auto slot) {
        auto* button = new QPushButton(text, m_authoringRow);
        button->setObjectName(name);
        button->setToolTip(tip);
        connect(button, &QPushButton::clicked, this, slot);
        authoring->addWidget(button);
        return button;
    };
    addButton(tr("Add slide from what I see"), QStringLiteral("lessonAddSlide"),
              tr("A new slide after this one: the puzzle, algorithm, parameters, seed, step, panels, zoom and "
                 "outlined cells as the window shows them now"),
              [this] {
                  if (addSlideFromWindow()) editCurrentSlide();
              });
    addButton(tr("Edit slide…"), QStringLiteral("lessonEditSlide"), tr("The slide's title, caption, notes and question"),
              [this] { editCurrentSlide(); });
    auto* order = new QHBoxLayout;
    for (const auto& [text, name, delta] : {std::tuple{tr("Up"), QStringLiteral("lessonMoveUp"), -1},
                                            std::tuple{tr("Down"), QStringLiteral("lessonMoveDown"), 1}}) {
        auto* button = new QPushButton(text, m_authoringRow);
        button->setObjectName(name);
        connect(button, &QPushButton::clicked, this, [this, delta = delta] { moveSlide(m_current, m_current + delta); });
        order->addWidget(button);
    }
    auto* remove = new QPushButton(tr("Delete"), m_authoringRow);
    remove->setObjectName(QStringLiteral("lessonDeleteSlide"));
    connect(remove, &QPushButton::clicked, this, [this] { deleteSlide(m_current); });
    order->addWidget(remove);
    authoring->addLayout(order);
    m_authoringRow->setVisible(false);
    navigation->addWidget(m_authoringRow);

    // Middle: the caption, for the room.
    m_caption = new QTextBrowser(this);
    m_caption->setObjectName(QStringLiteral("lessonCaption"));
    m_caption->setFrameShape(QFrame::NoFrame);
    m_caption->setOpenExternalLinks(true);
    m_caption->setFocusPolicy(Qt::NoFocus);
    m_caption->setMinimumHeight(40);
    m_caption->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);

    // Right: the question.
    m_quiz = new QWidget;  // put beside the board by the window (questionPanel), owned by its dock
    m_quiz->setObjectName(QStringLiteral("lessonQuiz"));
    auto* quiz = new QVBoxLayout(m_quiz);
    quiz->setContentsMargins(0, 0, 0, 0);
    m_quizPrompt = new QLabel(m_quiz);
    m_quizPrompt->setObjectName(QStringLiteral("lessonQuizPrompt"));
    m_quizPrompt->setWordWrap(true);
    m_quizShown = new QLabel(m_quiz);
    m_quizShown->setObjectName(QStringLiteral("lessonQuizShown"));
    m_quizShown->setWordWrap(true);
    m_choices = new QGridLayout;
    m_answer = new QLineEdit(m_quiz);
    m_answer->setObjectName(QStringLiteral("lessonAnswer"));
    connect(m_answer, &QLineEdit::returnPressed, this, [this] { answer(m_answer->text()); });
    m_revealButton = new QPushButton(tr("Reveal"), m_quiz);
    m_revealButton->setObjectName(QStringLiteral("lessonReveal"));
    m_revealButton->setToolTip(tr("Make the step asked about and show what the algorithm did (also Next)"));
    connect(m_revealButton, &QPushButton::clicked, this, &LessonPlayer::reveal);
    m_verdictLabel = new QLabel(m_quiz);
    m_verdictLabel->setObjectName(QStringLiteral("lessonVerdict"));
    m_verdictLabel->setWordWrap(true);
    m_verdictLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    quiz->addWidget(m_quizPrompt);
    quiz->addWidget(m_quizShown);
    quiz->addLayout(m_choices);
    quiz->addWidget(m_answer);
    quiz->addWidget(m_revealButton);
    quiz->addWidget(m_verdictLabel, 1);
    m_quiz->setMinimumWidth(180);
    m_quiz->setVisible(false);

    // The question is not in the strip: the window puts its panel beside the board (questionPanel).
    layout->addLayout(navigation, 2);
    layout->addWidget(m_caption, 7);

    connect(m_previous, &QToolButton::clicked, this, &LessonPlayer::previous);
    connect(m_next, &QToolButton::clicked, this, &LessonPlayer::next);
    connect(m_contents, qOverload<int>(&QComboBox::activated), this, &LessonPlayer::goToSlide);
    // The clicker's keys reach the player wherever the focus is in the window, except where text is typed.
    qApp->installEventFilter(this);
    applyCaptionFont();
    updateControls();
}

LessonPlayer::~LessonPlayer() {
    qApp->removeEventFilter(this);
    if (m_quiz && !m_quiz->parent()) delete m_quiz;
}

QString LessonPlayer::openLesson(const QString& path) {
    const LessonRead read = loadLesson(path.toStdString());
    if (!read.lesson) return QString::fromStdString(read.error.toString());
    return setLesson(*read.lesson, path);
}

QString LessonPlayer::setLesson(Lesson lesson, const QString& path) {
    QApplication::setOverrideCursor(Qt::WaitCursor);
    LessonPlan plan = planLesson(lesson, path.toStdString());
    QApplication::restoreOverrideCursor();
    if (plan.error) return QString::fromStdString(plan.error->toString());
    m_lesson = std::move(lesson);
    m_plan = std::move(plan);
    m_path = path;
    m_modified = false;
    m_current = -1;
    updateContents();
    goToSlide(0);
    return {};
}

void LessonPlayer::newLesson() {
    m_lesson = Lesson{};
    m_lesson->title = tr("New lesson").toStdString();
    m_plan = LessonPlan{};
    m_path.clear();
    m_modified = false;
    m_current = -1;
    setAuthoring(true);
    updateContents();
    showSlide();
}

int LessonPlayer::slideCount() const { return m_lesson ? static_cast<int>(m_lesson->slides.size()) : 0; }

const SlideState* LessonPlayer::currentState() const {
    if (m_current < 0 || m_current >= static_cast<int>(m_plan.slides.size())) return nullptr;
    return &m_plan.slides[static_cast<std::size_t>(m_current)];
}

void LessonPlayer::goToSlide(int index) {
    if (index < 0 || index >= static_cast<int>(m_plan.slides.size())) return;
    m_current = index;
    m_landed = false;
    m_revealed = false;
    m_verdict.reset();
    showSlide();
    emit slideWanted(m_plan.slides[static_cast<std::size_t>(index)]);
}

void LessonPlayer::next() {
    const SlideState* state = currentState();
    if (state && state->quiz && !m_revealed) {
        reveal();
        return;
    }
    if (m_current + 1 < slideCount()) goToSlide(m_current + 1);
}

void LessonPlayer::previous() {
    const SlideState* state = currentState();
    if (state && state->quiz && m_revealed) goToSlide(m_current);  // the question again, unanswered
    else if (m_current > 0) goToSlide(m_current - 1);
}

void LessonPlayer::landed() {
    m_landed = true;
    showQuiz();
    updateControls();
    emit slideLanded(m_current, m_revealed);
}

void LessonPlayer::reveal() {
    const SlideState* state = currentState();
    if (!state || !state->quiz || m_revealed || !m_landed) return;
    m_revealed = true;
    m_landed = false;  // until the window has made the step
    emit revealWanted(state->quiz->step);
    showQuiz();
    updateControls();
}

void LessonPlayer::answer(const QString& given) {
    const SlideState* state = currentState();
    if (!state || !state->quiz || m_revealed) return;
    const QuizCheck check = checkQuizAnswer(*state->quiz, given.toStdString());
    if (!check.understood) {
        emit message(QString::fromStdString(check.message));
        return;
    }
    m_verdict = QString::fromStdString(check.message);
    reveal();
}

QString LessonPlayer::verdictText() const { return m_verdictLabel->text(); }
QString LessonPlayer::captionText() const { return m_caption->toPlainText(); }

QString LessonPlayer::notesHtml() const {
    if (!m_lesson || m_current < 0 || m_current >= slideCount()) return {};
    const LessonSlide& slide = m_lesson->slides[static_cast<std::size_t>(m_current)];
    QString html = QStringLiteral("<h2>%1 / %2 · %3</h2>")
                       .arg(m_current + 1)
                       .arg(slideCount())
                       .arg(lessonText(slide.title).toHtmlEscaped());
    html += slide.notes.empty() ? tr("<p><i>No notes for this slide.</i></p>") : captionHtml(lessonText(slide.notes));
    if (const SlideState* state = currentState(); state && state->quiz)
        html += tr("<p><b>The run answers:</b> %1</p><p>%2</p>")
                    .arg(lessonText(state->quiz->answer).toHtmlEscaped(), lessonText(state->quiz->explanation).toHtmlEscaped());
    return html;
}

void LessonPlayer::showSlide() {
    if (!m_lesson || m_current < 0 || m_current >= slideCount()) {
        m_caption->setHtml(m_authoring ? tr("<p>Set up the window as the class should see it — puzzle, algorithm, "
                                            "parameters, the step, the panels — then press <b>Add slide from what I "
                                            "see</b>.</p>")
                                       : QString());
        m_counter->clear();
        m_quiz->setVisible(false);
        emit questionShown(false);
        updateControls();
        emit slideChanged(m_current);
        return;
    }
    const LessonSlide& slide = m_lesson->slides[static_cast<std::size_t>(m_current)];
    m_counter->setText(tr("%1 / %2").arg(m_current + 1).arg(slideCount()));
    m_contents->setCurrentIndex(m_current);
    fillCaption(*m_caption->document(), lessonText(slide.caption));
    if (const SlideState* state = currentState(); state && !state->note.empty())
        emit message(tr("Slide %1: %2").arg(m_current + 1).arg(lessonText(state->note)));
    showQuiz();
    updateControls();
    emit slideChanged(m_current);
}

void LessonPlayer::showQuiz() {
    const SlideState* state = currentState();
    const bool asks = state && state->quiz;
    m_quiz->setVisible(asks);
    emit questionShown(asks);
    // Later, not now: the button clicked to answer is still in its clicked signal.
    while (QLayoutItem* item = m_choices->takeAt(0)) {
        item->widget()->hide();
        item->widget()->deleteLater();
        delete item;
    }
    if (!asks) return;
    const QuizQuestion& question = *state->quiz;
    m_quizPrompt->setText(lessonText(question.prompt));
    QStringList shown;
    for (const std::string& line : question.shown) shown.append(lessonText(line).toHtmlEscaped());
    m_quizShown->setText(shown.join(QStringLiteral("<br>")));
    const bool open = m_landed && !m_revealed;
    if (question.form == AnswerForm::Choice) {
        for (std::size_t i = 0; i < question.choices.size(); ++i) {
            auto* button = new QPushButton(lessonText(question.choices[i]), m_quiz);
            button->setObjectName(QStringLiteral("lessonChoice%1").arg(i + 1));
            button->setEnabled(open);
            if (m_revealed && question.choices[i] == question.answer) {
                QFont font = button->font();
                font.setBold(true);
                button->setFont(font);
            }
            connect(button, &QPushButton::clicked, this, [this, text = lessonText(question.choices[i])] { answer(text); });
            const int columns = question.choices.size() <= 3 ? static_cast<int>(question.choices.size()) : 2;
            m_choices->addWidget(button, static_cast<int>(i) / columns, static_cast<int>(i) % columns);
        }
    }
    m_answer->setVisible(question.form != AnswerForm::Choice);
    m_answer->setEnabled(open);
    m_answer->setPlaceholderText(question.form == AnswerForm::Number ? tr("a number, e.g. 0.25")
                                 : question.form == AnswerForm::Cell ? tr("a cell, e.g. r3c4")
                                                                     : tr("two cells, e.g. r3c4 r3c6"));
    if (!m_revealed) m_answer->clear();
    m_revealButton->setEnabled(open);
    if (m_revealed) {
        const QString answerLine = tr("The run's answer: %1").arg(lessonText(question.answer));
        m_verdictLabel->setText(m_verdict ? *m_verdict : answerLine + QStringLiteral("\n") + lessonText(question.explanation));
    } else {
        m_verdictLabel->setText(m_landed ? tr("Answer, or Reveal when the class has answered.") : tr("Getting there…"));
    }
}

void LessonPlayer::updateControls() {
    const bool any = slideCount() > 0 && !m_plan.slides.empty();
    m_previous->setEnabled(any && (m_current > 0 || m_revealed));
    const SlideState* state = currentState();
    m_next->setEnabled(any && (m_current + 1 < slideCount() || (state && state->quiz && !m_revealed)));
    m_next->setText(state && state->quiz && !m_revealed ? tr("Reveal ▶") : tr("Next ▶"));
    m_contents->setEnabled(any);
    for (QPushButton* button : m_authoringRow->findChildren<QPushButton*>()) {
        const QString name = button->objectName();
        if (name == QLatin1String("lessonAddSlide")) button->setEnabled(m_lesson.has_value());
        else if (name == QLatin1String("lessonMoveUp")) button->setEnabled(m_current > 0);
        else if (name == QLatin1String("lessonMoveDown")) button->setEnabled(m_current >= 0 && m_current + 1 < slideCount());
        else button->setEnabled(m_current >= 0 && m_current < slideCount());
    }
}

void LessonPlayer::updateContents() {
    m_contents->clear();
    if (!m_lesson) return;
    for (std::size_t i = 0; i < m_lesson->slides.size(); ++i) {
        const LessonSlide& slide = m_lesson->slides[i];
        const QString title = slide.title.empty() ? tr("(untitled)") : lessonText(slide.title);
        m_contents->addItem(tr("%1. %2%3").arg(i + 1).arg(title, slide.quiz ? tr(" ?") : QString()));
    }
    if (m_current >= 0) m_contents->setCurrentIndex(m_current);
}

QString LessonPlayer::replan() {
    LessonPlan plan = planLesson(*m_lesson, m_path.toStdString());
    if (plan.error) return QString::fromStdString(plan.error->toString());
    m_plan = std::move(plan);
    m_modified = true;
    updateContents();
    return {};
}

bool LessonPlayer::addSlideFromWindow(const QString& title, const QString& caption) {
    if (!m_lesson || !m_capture) return false;
    const std::optional<CapturedState> captured = m_capture();
    if (!captured) {
        emit message(tr("Nothing to capture: the window has no puzzle and algorithm that go together"));
        return false;
    }
    LessonSlide slide;
    slide.title = title.isEmpty() ? tr("Slide %1").arg(slideCount() + 1).toStdString() : title.toStdString();
    slide.caption = caption.toStdString();
    // Only what differs from the run in force after the current slide is written: the file stays readable,
    // and a slide that continues the run says so.
    const SlideState* before = currentState();
    const auto sameBoard = [](const Puzzle& a, const Puzzle& b) {
        return a.kind() == b.kind() && boardText(a.startBoard()) == boardText(b.startBoard());
    };
    if (!before || !sameBoard(before->puzzle, captured->puzzle)) slide.puzzle = captured->puzzle;
    if (!before || before->algorithmId != captured->algorithmId) slide.algorithm = captured->algorithmId;
    const ParameterValues inForce = before && before->algorithmId == captured->algorithmId
                                        ? before->parameters
                                        : ParameterValues(findAlgorithm(captured->algorithmId)->info.parameters);
    for (const auto& [key, value] : captured->parameters.all())
        if (!(inForce.all().count(key) && inForce.value(key) == value)) slide.parameters[key] = value;
    if (!before || before->seed != captured->seed) slide.seed = captured->seed;
    if (!before || before->speed != captured->speed) slide.speed = captured->speed;
    if (!before || before->panels != captured->panels) slide.panels = captured->panels;
    if (!before || before->zoom != captured->zoom) slide.zoom = captured->zoom;
    slide.advance = {SlideAdvance::Kind::ToStep, captured->step, StepEvent::NewBest};
    slide.outline = captured->outline;
    const auto at = m_lesson->slides.begin() + (m_current + 1);
    m_lesson->slides.insert(at, std::move(slide));
    if (const QString error = replan(); !error.isEmpty()) {
        m_lesson->slides.erase(m_lesson->slides.begin() + (m_current + 1));
        emit message(error);
        return false;
    }
    goToSlide(m_current + 1);
    return true;
}

void LessonPlayer::editSlide(int index, const QString& title, const QString& caption, const QString& notes,
                             std::optional<QuizKind> quiz) {
    if (!m_lesson || index < 0 || index >= slideCount()) return;
    LessonSlide& slide = m_lesson->slides[static_cast<std::size_t>(index)];
    const LessonSlide kept = slide;
    slide.title = title.toStdString();
    slide.caption = caption.toStdString();
    slide.notes = notes.toStdString();
    slide.quiz = quiz;
    if (const QString error = replan(); !error.isEmpty()) {
        slide = kept;
        emit message(error);
        return;
    }
    goToSlide(index);
}

void LessonPlayer::moveSlide(int from, int to) {
    if (!m_lesson || from < 0 || to < 0 || from >= slideCount() || to >= slideCount() || from == to) return;
    auto& slides = m_lesson->slides;
    const std::vector<LessonSlide> kept = slides;
    LessonSlide moved = std::move(slides[static_cast<std::size_t>(from)]);
    slides.erase(slides.begin() + from);
    slides.insert(slides.begin() + to, std::move(moved));
    if (const QString error = replan(); !error.isEmpty()) {
        // A slide that relied on the one before it (its puzzle, its algorithm) cannot move first.
        slides = kept;
        emit message(tr("Not moved: %1").arg(error));
        return;
    }
    goToSlide(to);
}

void LessonPlayer::deleteSlide(int index) {
    if (!m_lesson || index < 0 || index >= slideCount()) return;
    auto& slides = m_lesson->slides;
    const std::vector<LessonSlide> kept = slides;
    slides.erase(slides.begin() + index);
    if (slides.empty()) {
        m_plan = LessonPlan{};
        m_modified = true;
        m_current = -1;
        updateContents();
        showSlide();
        return;
    }
    if (const QString error = replan(); !error.isEmpty()) {
        slides = kept;
        emit message(tr("Not deleted: %1").arg(error));
        return;
    }
    goToSlide(std::min(index, slideCount() - 1));
}

QString LessonPlayer::save(const QString& path) {
    if (!m_lesson) return tr("no lesson to save");
    if (m_lesson->slides.empty()) return tr("a lesson needs at least one slide");
    std::string error;
    if (!saveLesson(path.toStdString(), *m_lesson, error)) return QString::fromStdString(error);
    m_path = path;
    m_modified = false;
    return {};
}

void LessonPlayer::setAuthoring(bool on) {
    m_authoring = on;
    m_authoringRow->setVisible(on);
    updateControls();
}

void LessonPlayer::editCurrentSlide() {
    if (!m_lesson || m_current < 0 || m_current >= slideCount()) return;
    const LessonSlide& slide = m_lesson->slides[static_cast<std::size_t>(m_current)];
    SlideEditor editor(this);
    const SlideState* state = currentState();
    editor.setSlide(lessonText(slide.title), lessonText(slide.caption), lessonText(slide.notes), slide.quiz,
                    state ? quizKindsOf(state->algorithmId) : std::vector<QuizKind>{});
    if (editor.exec() != QDialog::Accepted) return;
    editSlide(m_current, editor.title(), editor.caption(), editor.notes(), editor.quiz());
}

void LessonPlayer::setBlackedOut(bool on) {
    QWidget* top = window();
    if (on && !m_blackout) {
        m_blackout = new QWidget(top);
        m_blackout->setObjectName(QStringLiteral("lessonBlackout"));
        m_blackout->setAutoFillBackground(true);
        QPalette black = m_blackout->palette();
        black.setColor(QPalette::Window, Qt::black);
        m_blackout->setPalette(black);
    }
    if (!m_blackout) return;
    m_blackout->setGeometry(top->rect());
    m_blackout->setVisible(on);
    if (on) m_blackout->raise();
}

bool LessonPlayer::blackedOut() const { return m_blackout && m_blackout->isVisible(); }

bool LessonPlayer::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::KeyPress || !m_lesson || !isVisible()) return QWidget::eventFilter(watched, event);
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget || widget->window() != window() || !widget->hasFocus()) return QWidget::eventFilter(watched, event);
    // Typing (an answer, a parameter, a caption) keeps its keys.
    if (qobject_cast<QLineEdit*>(widget) || widget->inherits("QAbstractSpinBox") || widget->inherits("QPlainTextEdit") ||
        widget->inherits("QTextEdit") || widget->inherits("QComboBox"))
        return QWidget::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    if (key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) return QWidget::eventFilter(watched, event);
    if (blackedOut()) {
        setBlackedOut(false);  // any key brings the screen back
        return true;
    }
    if (isNextKey(key->key())) next();
    else if (isPreviousKey(key->key())) previous();
    else if (isBlackoutKey(key->key())) setBlackedOut(true);
    else return QWidget::eventFilter(watched, event);
    return true;
}

QSize LessonPlayer::sizeHint() const {
    const int captionLines = QFontMetrics(m_caption->font()).lineSpacing() * kCaptionLines + 12;
    const int controls = layout()->contentsMargins().top() + layout()->contentsMargins().bottom();
    return {QWidget::sizeHint().width(),
            std::max(captionLines, m_previous->sizeHint().height() + m_contents->sizeHint().height() + 8) + controls};
}

void LessonPlayer::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange) applyCaptionFont();
    QWidget::changeEvent(event);
}

void LessonPlayer::applyCaptionFont() {
    QFont font = this->font();
    font.setPointSizeF(font.pointSizeF() * kCaptionScale);
    m_caption->setFont(font);
    m_caption->document()->setDefaultFont(font);
    QFont question = this->font();
    question.setPointSizeF(question.pointSizeF() * 1.2);
    question.setBold(true);
    m_quizPrompt->setFont(question);
}

}  // namespace pw::ui
