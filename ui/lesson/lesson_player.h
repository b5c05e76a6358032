#pragma once
// The lesson player (File ▸ Open lesson…, `puzzle-workbench --lesson FILE`): a strip above the board with the
// slide's caption in type for a room (it follows the zoom), Previous and Next with the keys presentation
// clickers send (Page Down and Page Up, the arrows, Space; B blacks the screen out), a slide counter and the
// table of contents; the teacher's notes in a window of their own, for the teacher's screen.
//
// The player knows the lesson and its plan (lesson_plan.h); the window shows a slide: it asks for one with
// slideWanted and says with landed() when the board stands there. A slide with a question shows the question
// once landed; the first Next (or Reveal) asks the window to make the step asked about (revealWanted), and the
// answer and the Decision's sentence show once it is made. Previous goes back to the earlier slide's exact
// state: the window starts that slide's run afresh.
//
// Authoring (Lesson ▸ New lesson): "Add slide from what I see" asks the window for its state (setCapture) and
// puts it after the current slide; the slide's caption, notes and question are edited in a dialog; slides are
// moved and deleted in the table of contents; Save writes the file.

#include "lesson/lesson_plan.h"

#include <QPointer>
#include <QString>
#include <QWidget>

#include <functional>
#include <optional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTextBrowser;
class QTextDocument;
class QToolButton;
class QGridLayout;
class QHBoxLayout;

namespace pw::ui {

// A caption's Markdown into `document` (whose default font it keeps), with "^(...)" written as a superscript:
// e^(−Δ/T). captionHtml gives the same as HTML, for the notes and the editor's preview.
void fillCaption(QTextDocument& document, const QString& markdown);
QString captionHtml(const QString& markdown);

// The window's state for a new slide: what its run is, how far it has gone, what is shown.
struct CapturedState {
    Puzzle puzzle;
    std::string algorithmId;
    ParameterValues parameters;
    std::uint64_t seed = 1;
    std::uint64_t step = 0;
    double speed = 5;
    std::vector<std::string> panels;
    double zoom = 1;
    std::vector<int> outline;
};

class LessonPlayer : public QWidget {
    Q_OBJECT
public:
    explicit LessonPlayer(QWidget* parent = nullptr);
    ~LessonPlayer() override;

    // Reads and plans `path`; the error ("file:line:column: message") or empty. On success the first slide is wanted.
    QString openLesson(const QString& path);
    // A lesson already read (and its source name); the plan's error or empty.
    QString setLesson(Lesson lesson, const QString& path);
    // An empty lesson to author.
    void newLesson();
    bool hasLesson() const { return m_lesson.has_value(); }
    const Lesson* lesson() const { return m_lesson ? &*m_lesson : nullptr; }
    const LessonPlan& plan() const { return m_plan; }
    const QString& path() const { return m_path; }
    bool isModified() const { return m_modified; }

    int slideCount() const;
    int currentSlide() const { return m_current; }  // 0-based; -1 when none
    const SlideState* currentState() const;
    // Shows slide `index` (0-based): asks the window for it.
    void goToSlide(int index);
    // Next: reveals the slide's question when it has one not yet revealed, else the next slide. Previous: the
    // slide before (or the question again, unrevealed).
    void next();
    void previous();
    // The window shows the wanted slide (or the revealed step): the question, or its answer, shows now.
    void landed();
    bool isLanded() const { return m_landed; }
    bool isRevealed() const { return m_revealed; }
    // Class mode: the teacher reveals; the answer typed in the player (practice of a slide's question) is checked.
    void reveal();
    // Checks an answer typed or clicked; the verdict shows at once (the step is made too).
    void answer(const QString& given);
    QString verdictText() const;
    QString captionText() const;  // the caption as shown (plain text), for tests
    QString notesHtml() const;    // the current slide's notes, for the notes window

    // Authoring.
    void setCapture(std::function<std::optional<CapturedState>()> capture) { m_capture = std::move(capture); }
    // Adds the window's state as a slide after the current one; its caption `caption` (editable later).
    bool addSlideFromWindow(const QString& title = {}, const QString& caption = {});
    void editSlide(int index, const QString& title, const QString& caption, const QString& notes,
                   std::optional<QuizKind> quiz);
    void moveSlide(int from, int to);
    void deleteSlide(int index);
    // Writes the lesson to `path`; the error or empty.
    QString save(const QString& path);
    // Whether to show the authoring controls (a lesson being made) or only the player's.
    void setAuthoring(bool on);
    bool authoring() const { return m_authoring; }
    // The black screen (B): every window of the workbench covered, until B or any key again.
    void setBlackedOut(bool on);
    bool blackedOut() const;
    // The question's panel: the window puts it beside the board (its own dock), shown while questionShown says so.
    QWidget* questionPanel() const { return m_quiz; }
    // Three lines of caption high: the board keeps the most of the screen.
    QSize sizeHint() const override;

signals:
    void slideWanted(const pw::SlideState& state);
    // The step asked about is to be made (`step` is where the run is to stand afterwards).
    void revealWanted(std::uint64_t step);
    // The slide, the counter or the notes changed: the window's title and notes window follow.
    void slideChanged(int index);
    // A line for the status bar.
    void message(const QString& text);
    // The slide asks a question (`asks`), or not: the window shows or hides the question's panel.
    void questionShown(bool asks);
    // The window stands on the wanted slide (`revealed` false) or on its revealed step (true).
    void slideLanded(int index, bool revealed);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void showSlide();
    void showQuiz();
    void updateControls();
    void updateContents();
    QString replan();  // after an edit; the plan's error or empty
    void editCurrentSlide();
    void applyCaptionFont();

    std::optional<Lesson> m_lesson;
    LessonPlan m_plan;
    QString m_path;
    bool m_modified = false;
    int m_current = -1;
    bool m_landed = false;
    bool m_revealed = false;
    bool m_authoring = false;
    std::optional<QString> m_verdict;
    std::function<std::optional<CapturedState>()> m_capture;

    QLabel* m_counter;
    QComboBox* m_contents;
    QToolButton* m_previous;
    QToolButton* m_next;
    QTextBrowser* m_caption;
    QPointer<QWidget> m_quiz;  // in the window's Question dock, which may go first
    QLabel* m_quizPrompt;
    QLabel* m_quizShown;
    QGridLayout* m_choices;  // the choices, in two columns when there are many
    QLineEdit* m_answer;
    QPushButton* m_revealButton;
    QLabel* m_verdictLabel;
    QWidget* m_authoringRow;
    QWidget* m_blackout = nullptr;
};

}  // namespace pw::ui

Q_DECLARE_METATYPE(pw::SlideState)
