#pragma once
// Practice mode (Lesson ▸ Practice…), for a student alone: pick an algorithm and a kind of question; the
// workbench draws steps from a real run on the window's puzzle (a fresh seed each round), shows the board
// before each, asks, checks the answer, explains it with the step's Decision sentence and keeps the score.
// The answer key is what the run did (quiz.h), never typed by anyone.

#include "lesson/quiz.h"

#include <QDialog>

#include <vector>

class QComboBox;
class QGridLayout;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace pw::ui {

class BoardModel;
class BoardView;

class PracticeDialog : public QDialog {
    Q_OBJECT
public:
    // Questions are asked about runs on `puzzle`; `algorithmId` is chosen first when it can be asked about.
    PracticeDialog(const Puzzle& puzzle, const std::string& algorithmId, QWidget* parent = nullptr);

    bool setAlgorithm(const std::string& id);
    bool setQuizKind(QuizKind kind);
    void setSeed(std::uint64_t seed);
    // Draws a round of questions from a run with the chosen algorithm, kind and seed; false when the run has
    // no step of that kind (the dialog says so).
    bool newRound();
    // Checks an answer to the question shown (a choice's text, a number, cells); shows the verdict.
    void answer(const QString& given);
    void nextQuestion();

    const QuizQuestion* question() const;
    int asked() const { return m_asked; }
    int right() const { return m_right; }
    QString verdictText() const;
    QString promptText() const;

private:
    void showQuestion();
    void offerKinds();

    Puzzle m_puzzle;
    std::vector<QuizQuestion> m_questions;
    std::size_t m_index = 0;
    bool m_answered = false;
    int m_asked = 0;
    int m_right = 0;

    QComboBox* m_algorithm;
    QComboBox* m_kind;
    QSpinBox* m_seed;
    BoardModel* m_model;
    BoardView* m_board;
    QLabel* m_prompt;
    QLabel* m_shown;
    QGridLayout* m_choices;  // the choices, in two columns when there are many
    QLineEdit* m_answer;
    QLabel* m_verdict;
    QLabel* m_score;
    QPushButton* m_next;
};

}  // namespace pw::ui
