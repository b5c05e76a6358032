#include "board/hand_solving.h"

#include "board/board_model.h"
#include "board/board_view.h"
#include "nurikabe/nurikabe_rules.h"
#include "puzzle/puzzle_kind.h"
#include "study/generator.h"
#include "sudoku/logic.h"
#include "sudoku/sudoku_exact.h"

#include <QAction>
#include <QLabel>
#include <QSettings>
#include <QStatusBar>
#include <QThread>

#include <algorithm>
#include <functional>

namespace pw::ui {

namespace {

const QString kInstantKey = QStringLiteral("handSolving/instantMistakes");
const QString kAutoKey = QStringLiteral("handSolving/autoCandidates");
// The serate as File ▸ New ▸ Generate… computes it (the same runs and seed), so both show one number; a
// hard 9x9 takes about 30 ms.
const int kRatingRuns = SudokuGeneratorOptions{}.serateRuns;
const std::uint64_t kRatingSeed = SudokuGeneratorOptions{}.serateSeed;

}  // namespace

HandSolving::HandSolving(BoardModel* model, BoardView* view, QStatusBar* statusBar, bool useSettings, QObject* parent)
    : QObject(parent), m_model(model), m_view(view), m_statusBar(statusBar), m_useSettings(useSettings),
      m_instantAction(new QAction(tr("Instant &mistakes"), this)),
      m_autoAction(new QAction(tr("&Auto-candidates"), this)), m_timerLabel(new QLabel), m_ratingLabel(new QLabel) {
    m_instantAction->setCheckable(true);
    m_instantAction->setToolTip(tr("Show a wrong digit in red as soon as it is entered (otherwise only after Check)"));
    m_autoAction->setCheckable(true);
    m_autoAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_P));
    m_autoAction->setToolTip(tr("Empty cells without pencil marks show every digit their row, column and box still "
                                "allow, updated as digits go in (Shift+P)"));
    m_timerLabel->setObjectName(QStringLiteral("handTimerLabel"));
    m_timerLabel->setToolTip(tr("Time spent solving this puzzle by hand, from the first entry"));
    m_timerLabel->setContentsMargins(6, 0, 6, 0);
    m_ratingLabel->setObjectName(QStringLiteral("ratingLabel"));
    m_ratingLabel->setToolTip(tr("Sudoku: the puzzle's level (the hardest technique the logic solver needs) and its "
                                 "serate (mean hardest refutation over %1 logic-model runs). Nurikabe: the level of the "
                                 "hardest rule nurikabe-logic needs and how many steps need it, or how deep its "
                                 "hypotheses go")
                                  .arg(kRatingRuns));
    m_ratingLabel->setContentsMargins(6, 0, 6, 0);
    if (m_useSettings) {
        QSettings settings;
        m_instantAction->setChecked(settings.value(kInstantKey, false).toBool());
        m_autoAction->setChecked(settings.value(kAutoKey, false).toBool());
    }
    m_view->setAutoCandidates(m_autoAction->isChecked());
    connect(m_autoAction, &QAction::toggled, this, [this](bool on) {
        m_view->setAutoCandidates(on);
        if (m_useSettings) QSettings().setValue(kAutoKey, on);
    });
    connect(m_instantAction, &QAction::toggled, this, [this](bool on) {
        if (m_useSettings) QSettings().setValue(kInstantKey, on);
        if (on) markMistakes();
        else m_model->setMistakeCells({});
    });
    m_tick.setInterval(1000);
    connect(&m_tick, &QTimer::timeout, this, &HandSolving::showTime);
    connect(m_model, &BoardModel::puzzleChanged, this, &HandSolving::onPuzzleChanged);
    connect(m_model, &BoardModel::cellChanged, this, &HandSolving::onCellChanged);
    connect(m_view, &BoardView::editRequested, this, &HandSolving::onEditRequested);
    onPuzzleChanged();
}

HandSolving::~HandSolving() {
    for (QThread* thread : m_ratingThreads) thread->wait();
    for (QLabel* label : {m_timerLabel.data(), m_ratingLabel.data()})
        if (label && !label->parent()) delete label;
}

QString HandSolving::formatDuration(qint64 milliseconds) {
    const qint64 seconds = std::max<qint64>(0, milliseconds) / 1000;
    const qint64 hours = seconds / 3600;
    const QString minutesSeconds = QStringLiteral("%1:%2").arg(hours ? (seconds / 60) % 60 : seconds / 60, hours ? 2 : 1, 10, QLatin1Char('0'))
                                       .arg(seconds % 60, 2, 10, QLatin1Char('0'));
    return hours ? QStringLiteral("%1:%2").arg(hours).arg(minutesSeconds) : minutesSeconds;
}

qint64 HandSolving::elapsedMs() const {
    if (m_solved) return m_finalMs;
    return m_clock.isValid() ? m_clock.elapsed() : 0;
}

void HandSolving::onPuzzleChanged() {
    m_tick.stop();
    m_clock.invalidate();
    m_solved = false;
    m_finalMs = 0;
    m_solutionKnown = false;
    m_solution.reset();
    showTime();
    startRating();
}

const std::optional<Board>& HandSolving::solution() {
    if (!m_solutionKnown) {
        m_solution = findSolution(m_model->puzzle());
        m_solutionKnown = true;
    }
    return m_solution;
}

std::vector<int> HandSolving::markMistakes() {
    std::vector<int> wrong;
    if (!solution()) {
        m_model->setMistakeCells({});
        return wrong;
    }
    for (int cell = 0; cell < m_model->cellCount(); ++cell) {
        const int value = cellValue(m_model->board(), cell);
        if (value && !m_model->isGiven(cell) && value != cellValue(*m_solution, cell)) wrong.push_back(cell);
    }
    m_model->setMistakeCells(wrong);
    return wrong;
}

void HandSolving::onEditRequested(const Move& move) {
    // The window applied the edit already (its slot was connected first); an edit it refused changes nothing.
    if (m_solved || !m_model->acceptsMove(move)) return;
    if (!m_clock.isValid()) {
        m_clock.start();
        m_tick.start();
        showTime();
    }
    checkSolved();
}

void HandSolving::onCellChanged(int cell) {
    // A Sudoku digit or a Nurikabe cell marked river or island (0 is empty or undecided).
    if (m_instantAction->isChecked() && m_model->origin(cell) == CellOrigin::User) {
        const int value = cellValue(m_model->board(), cell);
        if (value && solution()) m_model->setMistake(cell, value != cellValue(*m_solution, cell));
    }
    if (m_clock.isValid() && !m_solved) checkSolved();
}

void HandSolving::checkSolved() {
    // Solved by hand: the rules hold on a full board and no value on it came from a solver.
    for (int cell = 0; cell < m_model->cellCount(); ++cell)
        if (m_model->origin(cell) == CellOrigin::Solver) return;
    const bool solved = m_model->isSudoku() ? m_model->sudoku().isSolved() : m_model->nurikabe().isSolved();
    if (!solved) return;
    m_finalMs = m_clock.elapsed();
    m_solved = true;
    m_tick.stop();
    showTime();
    const QString message = tr("Solved in %1!").arg(formatDuration(m_finalMs));
    if (m_statusBar) m_statusBar->showMessage(message, 30000);
    emit solvedByPlayer(message);
}

void HandSolving::showTime() {
    if (!m_timerLabel) return;
    // Empty until the first entry: the status bar then leaves the room to the run's figures.
    m_timerLabel->setText(!m_clock.isValid() ? QString()
                          : m_solved         ? tr("Solved in %1").arg(formatDuration(m_finalMs))
                                             : tr("Time %1").arg(formatDuration(m_clock.elapsed())));
    emit labelsChanged();
}

void HandSolving::startRating() {
    const quint64 generation = ++m_ratingGeneration;
    const Puzzle& puzzle = m_model->puzzle();
    // A Sudoku's level and serate; a Nurikabe's level by the rules a person needs (nurikabe_rules.h).
    std::function<QString()> rate;
    if (puzzle.kind() == PuzzleKind::Sudoku && puzzle.sudoku().givens.size() <= 9) {
        rate = [givens = puzzle.sudoku().givens] {
            if (solveSudoku(givens, 2).solutionCount != 1) return tr("Rating: needs one solution");
            const SudokuLevel level = gradeSudoku(givens);
            const std::optional<LogicRating> rating = rateWithLogicModel(givens, kRatingRuns, kRatingSeed);
            return tr("Level %1 · serate %2")
                .arg(QString::fromLatin1(sudokuLevelName(level)))
                .arg(rating ? QString::number(rating->serate, 'g', 4) : QStringLiteral("—"));
        };
    } else if (puzzle.kind() == PuzzleKind::Nurikabe) {
        rate = [clues = puzzle.nurikabe().clues] {
            const std::optional<NurikabeRating> rating = rateNurikabe(clues);
            if (!rating) return tr("Rating: needs one solution");
            return tr("Level %1").arg(QString::fromStdString(nurikabeRatingText(*rating)));
        };
    }
    if (!rate) {
        m_ratingPending = false;
        m_ratingLabel->setText(QString());
        emit labelsChanged();
        return;
    }
    m_ratingPending = true;
    m_ratingLabel->setText(tr("Rating in progress"));
    emit labelsChanged();
    QThread* thread = QThread::create([this, rate, generation] {
        const QString text = rate();
        QMetaObject::invokeMethod(
            this,
            [this, text, generation] {
                if (generation != m_ratingGeneration) return;
                m_ratingPending = false;
                if (m_ratingLabel) m_ratingLabel->setText(text);
                emit labelsChanged();
                emit ratingReady(text);
            },
            Qt::QueuedConnection);
    });
    m_ratingThreads.push_back(thread);
    connect(thread, &QThread::finished, this, [this, thread] {
        m_ratingThreads.erase(std::remove(m_ratingThreads.begin(), m_ratingThreads.end(), thread), m_ratingThreads.end());
        thread->deleteLater();
    });
    thread->start();
}

}  // namespace pw::ui
