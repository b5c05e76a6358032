#pragma once
// The editor of one slide's words: its title, the caption for the room and the notes for the teacher (both
// Markdown, the caption previewed as the room will see it), and the question it asks, among those the slide's
// algorithm can be asked.

#include "lesson/lesson.h"

#include <QDialog>

#include <optional>
#include <vector>

class QComboBox;
class QLineEdit;
class QPlainTextEdit;
class QTextBrowser;

namespace pw::ui {

class SlideEditor : public QDialog {
    Q_OBJECT
public:
    explicit SlideEditor(QWidget* parent = nullptr);

    // `kinds`: the questions the slide's algorithm can be asked.
    void setSlide(const QString& title, const QString& caption, const QString& notes, std::optional<QuizKind> quiz,
                  const std::vector<QuizKind>& kinds);
    QString title() const;
    QString caption() const;
    QString notes() const;
    std::optional<QuizKind> quiz() const;

private:
    QLineEdit* m_title;
    QPlainTextEdit* m_caption;
    QTextBrowser* m_preview;
    QPlainTextEdit* m_notes;
    QComboBox* m_quiz;
};

// "Will this swap be accepted?": what a question kind asks, for menus.
QString quizKindTitle(QuizKind kind);

}  // namespace pw::ui
