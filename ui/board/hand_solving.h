#pragma once
// Solving by hand, as a good Sudoku app does it: a timer from the first entry on a new puzzle to "Solved in
// 4:12", the player's mistakes shown in red (after Check, or at once with instant mistakes), auto-candidates,
// and the current Sudoku's rating (level and serate) computed on a worker thread.

#include "puzzle/puzzle.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>
#include <vector>

class QAction;
#include <QLabel>
class QStatusBar;
class QThread;

namespace pw::ui {

class BoardModel;
class BoardView;

class HandSolving : public QObject {
    Q_OBJECT
public:
    // `useSettings`: the two options are read from and written to QSettings (off in tests).
    HandSolving(BoardModel* model, BoardView* view, QStatusBar* statusBar, bool useSettings, QObject* parent = nullptr);
    ~HandSolving() override;

    QAction* instantMistakesAction() const { return m_instantAction; }
    QAction* autoCandidatesAction() const { return m_autoAction; }
    QLabel* timerLabel() const { return m_timerLabel; }
    QLabel* ratingLabel() const { return m_ratingLabel; }

    // Marks every filled, non-given cell that differs from the solution; returns those cells (empty when the
    // puzzle has no solution to compare with).
    std::vector<int> markMistakes();
    // The puzzle's solution (the stored one, else solved once per puzzle); empty when it has none.
    const std::optional<Board>& solution();

    bool timerRunning() const { return m_clock.isValid() && !m_solved; }
    bool solvedByHand() const { return m_solved; }
    qint64 elapsedMs() const;
    bool ratingPending() const { return m_ratingPending; }
    // "2:05", "1:02:05".
    static QString formatDuration(qint64 milliseconds);

signals:
    void solvedByPlayer(const QString& message);
    void ratingReady(const QString& text);
    // The timer's or the rating's text changed (the status bar fits its fields again).
    void labelsChanged();

private:
    void onPuzzleChanged();
    void onCellChanged(int cell);
    void onEditRequested(const Move& move);
    void checkSolved();
    void showTime();
    void startRating();

    BoardModel* m_model;
    BoardView* m_view;
    QStatusBar* m_statusBar;
    bool m_useSettings;
    QAction* m_instantAction;
    QAction* m_autoAction;
    // Made without a parent for the window's status bar to take; deleted here when none took them.
    QPointer<QLabel> m_timerLabel;
    QPointer<QLabel> m_ratingLabel;
    QTimer m_tick;
    QElapsedTimer m_clock;
    qint64 m_finalMs = 0;
    bool m_solved = false;
    bool m_solutionKnown = false;
    std::optional<Board> m_solution;
    std::vector<QThread*> m_ratingThreads;  // waited for on destruction; a stale result is dropped
    quint64 m_ratingGeneration = 0;
    bool m_ratingPending = false;
};

}  // namespace pw::ui
