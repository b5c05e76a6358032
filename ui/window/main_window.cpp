#include "window/main_window.h"
#include "race/race_view.h"

#include "run/algorithm_panel.h"
#include "algorithms/registry.h"
#include "algorithms/run_configuration.h"
#include "style/appearance.h"
#include "board/board_model.h"
#include "board/board_view.h"
#include "board/board_legend.h"
#include "board/decision_boards_view.h"
#include "charts/chart_panel.h"
#include "tools/compare_view.h"
#include "run/decision_panel.h"
#include "run/run_until_menu.h"
#include "run/run_status_bar.h"
#include "window/presentation_mode.h"
#include "window/window_docks.h"
#include "tools/difficulty_lab.h"
#include "tools/generate_dialog.h"
#include "board/hand_solving.h"
#include "run/log_pane.h"
#include "run/parameter_form.h"
#include "run/program_view.h"
#include "io/output.h"
#include "io/puzzle_text.h"
#include "puzzle/puzzle_kind.h"
#include "board/puzzle_io.h"
#include "window/puzzle_library.h"
#include "tools/repeat_runs_dialog.h"
#include "replay/live_step_back.h"
#include "replay/replay_view.h"
#include "sudoku/logic.h"
#include "nurikabe/nurikabe_rules.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QVBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QSignalBlocker>
#include <QSlider>
#include <QStatusBar>
#include <QThread>
#include <QToolBar>
#include <QUndoCommand>
#include <QUndoStack>

#include <array>
#include <cmath>

namespace pw::ui {

namespace {

// The speed control's notches, in the algorithm's own steps per second; the last one is flat out.
constexpr std::array<double, 12> kSpeeds = {1, 2, 5, 10, 20, 50, 100, 250, 1000, 5000, 20000, RunController::kFlatOut};
// 20,000 steps a second: annealing solves the default puzzle in about a minute, and the board and charts
// still show the search as it goes (Step and Slower show single moves).
constexpr int kDefaultSpeedIndex = 10;
constexpr int kMaxRecentFiles = 8;

int speedIndex(double stepsPerSecond) {
    if (stepsPerSecond <= 0) return static_cast<int>(kSpeeds.size()) - 1;
    int best = 0;
    for (int i = 0; i + 1 < static_cast<int>(kSpeeds.size()); ++i)
        if (std::abs(std::log(kSpeeds[i] / stepsPerSecond)) < std::abs(std::log(kSpeeds[best] / stepsPerSecond))) best = i;
    return best;
}

// Decisions get a log line up to this pace; faster they would scroll past unread.
constexpr double kLoggedDecisionsUpTo = 100;

// A user's edit on the board: undone by its inverse move.
class EditCommand : public QUndoCommand {
public:
    EditCommand(BoardModel* model, const Move& move, CellOrigin undoOrigin) : m_model(model), m_move(move), m_undoOrigin(undoOrigin) {
        setText(QString::fromUtf8(moveKindName(move.kind)));
    }
    void redo() override { m_model->applyMove(m_move, CellOrigin::User); }
    void undo() override {
        m_model->applyMove(inverseMove(m_model->board(), m_move), m_undoOrigin);
    }

private:
    BoardModel* m_model;
    Move m_move;
    CellOrigin m_undoOrigin;
};

}  // namespace

MainWindow::MainWindow(const QString& puzzlesDir, bool useSettings, QWidget* parent)
    : QMainWindow(parent), m_puzzlesDir(puzzlesDir), m_useSettings(useSettings), m_model(new BoardModel(this)),
      m_view(new BoardView(m_model, this)), m_boardLegend(new BoardLegend(BoardLegend::Part::Board, m_model, m_view, this)),
      m_decisionBoards(new DecisionBoardsView(m_model, this)), m_panel(new AlgorithmPanel(this)), m_charts(new ChartPanel(this)),
      m_log(new LogPane(this)), m_library(new PuzzleLibrary(this)), m_controller(new RunController(this)),
      m_undo(new QUndoStack(this)) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(workbenchIcon(IconKind::Application));
    // The board with its legend under it, and beside it what the latest step works on when its Decision shows
    // that (three fifths of the width to the board then). Box layouts give a hidden widget no room, so the board
    // takes the whole area otherwise.
    auto* boardArea = new QWidget(this);
    boardArea->setObjectName(QStringLiteral("boardArea"));
    boardArea->setFocusProxy(m_view);
    auto* boardColumn = new QVBoxLayout;
    boardColumn->setSpacing(0);  // the board view's own margin parts board and legend
    boardColumn->addWidget(m_view, 1);
    boardColumn->addWidget(m_boardLegend);
    auto* boardLayout = new QHBoxLayout(boardArea);
    boardLayout->setContentsMargins(0, 0, 0, 0);
    boardLayout->setSpacing(4);
    boardLayout->addLayout(boardColumn, 3);
    boardLayout->addWidget(m_decisionBoards, 2);
    setCentralWidget(boardArea);
    createActions();
    m_docks = new WindowDocks(this, m_viewMenu, m_panel, m_library, m_charts, m_log);
    m_programView = m_docks->programView();
    m_decisions = m_docks->decisionPanel();
    connect(m_decisions, &DecisionPanel::latestChanged, m_decisionBoards, &DecisionBoardsView::showDecision);
    m_stepBack = new LiveStepBack(m_controller, m_model, m_decisions, this);
    connect(m_stepBack, &LiveStepBack::changed, this, [this] { m_stepBackAction->setEnabled(m_stepBack->canStepBack()); });
    connect(m_stepBack, &LiveStepBack::message, this, [this](const QString& text) {
        if (text.isEmpty()) statusBar()->clearMessage();
        else statusBar()->showMessage(text);
    });
    connect(m_stepBack, &LiveStepBack::note, m_log, &LogPane::addNote);
    createStatusBar();
    m_presentation = new PresentationMode(this, m_docks, m_charts, m_statusBar, m_useSettings);
    connect(m_presentation, &PresentationMode::panelsChanged, this, &MainWindow::updateDocks);
    connect(m_presentation, &PresentationMode::toolbarChanged, this, &MainWindow::fitToolbar);
    connect(m_docks, &WindowDocks::frameKnown, this, [this] {
        if (m_presentation->isOn()) m_presentation->reassertFullScreen();
        else m_docks->refitIfOutside();
    });

    connect(m_controller, &RunController::eventsPlayed, this, &MainWindow::onEventsPlayed);
    connect(m_controller, &RunController::snapshotReady, this,
            [this](const Board& board) { m_model->setBoard(board, CellOrigin::Solver); });
    connect(m_controller, &RunController::progressed, m_charts, &ChartPanel::beginBatch);
    connect(m_controller, &RunController::stateChanged, this, [this] {
        updateActions();
        refreshRunStatus();
    });
    connect(m_charts, &ChartPanel::refreshed, this, &MainWindow::refreshRunStatus);
    connect(m_controller, &RunController::runFinished, this, &MainWindow::onRunFinished);
    connect(m_view, &BoardView::editRequested, this, &MainWindow::onEditRequested);
    // After the window's own edit slot: the timer and "Solved in" see the edit applied.
    m_handSolving = new HandSolving(m_model, m_view, statusBar(), m_useSettings, this);
    m_statusBar->addField(m_handSolving->timerLabel(), 85);
    m_statusBar->addField(m_handSolving->ratingLabel(), 50);
    connect(m_handSolving, &HandSolving::labelsChanged, m_statusBar, &FittedStatusBar::refit);
    m_viewMenu->addAction(m_handSolving->autoCandidatesAction());
    m_viewMenu->addAction(m_handSolving->instantMistakesAction());
    m_viewMenu->addSeparator();
    connect(m_library, &PuzzleLibrary::puzzleChosen, this,
            [this](const Puzzle& puzzle, const QString& file) {
                if (confirmLeavingHandSolving()) setPuzzle(puzzle, file);
            });
    connect(m_library, &PuzzleLibrary::openFolderRequested, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Add a puzzle folder"));
        if (!folder.isEmpty()) m_library->addFolder(folder);
    });
    connect(m_panel, &AlgorithmPanel::settingsChanged, this, [this] { updateActions(); });
    connect(m_panel, &AlgorithmPanel::algorithmChanged, this, [this](const QString& id) {
        if (!m_currentAlgorithm.isEmpty()) saveAlgorithmSettings();
        // Never a run stepping on under another algorithm's labels and charts.
        endActiveRun(tr("%1 was chosen").arg(id));
        m_currentAlgorithm = id;
        restoreAlgorithmSettings(id);
        offerStepGrains();
        showSpeed();
        updateDocks();
        if (statusBar()->currentMessage() == m_welcomeMessage) showWelcomeMessage();
    });
    m_currentAlgorithm = QString::fromStdString(m_panel->algorithmId());
    // Replay playback: each tick shows events up to and including the next one worth a pause.
    connect(&m_replayTimer, &QTimer::timeout, this, [this] {
        std::vector<Event> shown;
        while (!m_replayEvents.empty()) {
            shown.push_back(std::move(m_replayEvents.front()));
            m_replayEvents.pop_front();
            const Event& last = shown.back();
            if (isPacedEvent(last) || std::holds_alternative<ProgramUpdate>(last)) break;
        }
        if (!shown.empty()) onEventsPlayed(m_controller->runId(), shown, true);
        if (m_replayEvents.empty()) {
            m_replayTimer.stop();
            m_programView->setHighlight(-1);
            updateActions();
        }
    });

    // Event-loop stall probe: a timer that should tick every 5 ms; any longer gap is time the loop was busy.
    m_probe.setTimerType(Qt::PreciseTimer);
    m_probe.setInterval(5);
    connect(&m_probe, &QTimer::timeout, this, &MainWindow::probeTick);
    m_probeClock.start();
    m_probe.start();

    m_library->addFolder(m_puzzlesDir);
    // The first launch teaches: simulated annealing on a medium puzzle, paced to finish in about a minute.
    m_panel->setAlgorithm("sa");
    setStepsPerSecond(kSpeeds[kDefaultSpeedIndex]);
    qApp->installEventFilter(this);
    createLessonActions();
    createLayoutActions();
    m_presentation->restoreZoom();
    fitWindowTo(screen()->availableGeometry());
    if (m_useSettings) readSettings();
    if (m_model->puzzle().id == "empty")
        setPuzzle(defaultPuzzle(m_puzzlesDir), QDir(m_puzzlesDir).filePath(QString::fromLatin1(kDefaultPuzzleFile)));
    updateDocks();
    updateActions();
    showWelcomeMessage();
}

void MainWindow::showWelcomeMessage() {
    const AlgorithmInfo* info = m_panel->algorithmInfo();
    const QStringList parts = {tr("Press Run (F5) to watch %1 solve this puzzle").arg(QString::fromStdString(info ? info->name : "")),
                               tr("Step (F10): one step at a time"), tr("F1: how it works")};
    m_statusBar->showMessageInParts(parts);
    m_welcomeMessage = statusBar()->currentMessage();
}

void MainWindow::endActiveRun(const QString& why) {
    if (!m_controller->isActive()) return;
    const RunStatus status = m_controller->status();
    m_log->addNote(tr("run of %1 ended at step %L2 (%3): %4")
                       .arg(m_lastRequest ? QString::fromStdString(m_lastRequest->algorithmId) : m_currentAlgorithm)
                       .arg(status.counters.steps)
                       .arg(QCoreApplication::translate("pw::ui::RunController", runStateName(m_controller->state()))
                                .toLower(),
                            why));
    m_controller->discard();
    m_model->clearRunOverlays();
    m_charts->clear();
    m_decisions->clear();
    m_programView->clear();
    m_lastRequest.reset();
    m_lastFinished.reset();
    updateDocks();
    refreshRunStatus();
    updateActions();
}

bool MainWindow::confirmLeavingHandSolving() {
    // A scripted window (tests, --screenshot) has nobody to answer: it asks only through a given confirmation.
    if (!m_handSolving->timerRunning() || (!m_useSettings && !m_confirmLeaving)) return true;
    const QString question = tr("You have started solving %1 by hand. Load another puzzle and lose that progress?")
                                 .arg(QString::fromStdString(m_model->puzzle().id));
    const bool leave = m_confirmLeaving ? m_confirmLeaving(question)
                                        : QMessageBox::question(this, tr("Leave this puzzle?"), question,
                                                                QMessageBox::Discard | QMessageBox::Cancel,
                                                                QMessageBox::Cancel) == QMessageBox::Discard;
    if (!leave) m_log->addNote(tr("kept %1: another puzzle was not loaded").arg(QString::fromStdString(m_model->puzzle().id)));
    return leave;
}

MainWindow::~MainWindow() {
    // The run is stopped before the widgets its events are meant for go away.
    m_controller->discard();
    if (m_replayWorker) m_replayWorker->wait();
}

void MainWindow::probeTick() {
    const double elapsed = static_cast<double>(m_probeClock.nsecsElapsed()) / 1e6;
    m_probeClock.restart();
    if (m_controller->state() == RunState::Running || (m_raceView && m_raceView->isRunning()))
        m_longestStallMs = std::max(m_longestStallMs, elapsed - m_probe.interval());
}

void MainWindow::createActions() {
    auto* fileMenu = menuBar()->addMenu(tr("&File"));
    auto* openAction = fileMenu->addAction(workbenchIcon(IconKind::Open), tr("&Open…"), this, &MainWindow::openDialog);
    openAction->setShortcut(QKeySequence::Open);
    auto* pasteAction = fileMenu->addAction(workbenchIcon(IconKind::Paste), tr("&Paste puzzle"), this, &MainWindow::pasteFromClipboard);
    pasteAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    m_recentMenu = fileMenu->addMenu(tr("Open &recent"));
    auto* newMenu = fileMenu->addMenu(tr("&New"));
    for (const SudokuShape shape : {SudokuShape{2, 2}, SudokuShape{2, 3}, SudokuShape{3, 3}, SudokuShape{4, 4}}) {
        auto* action = newMenu->addAction(tr("Empty %1").arg(QString::fromStdString(shape.name())), this, [this, shape] { newEmpty(shape); });
        if (shape.size() == 9) action->setShortcut(QKeySequence::New);
    }
    newMenu->addSeparator();
    newMenu->addAction(tr("&Generate…"), this, &MainWindow::openGenerateDialog)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    newMenu->addAction(tr("&Nurikabe"), this, [this] {
        GenerateDialog* dialog = openGenerateDialog();
        dialog->setNurikabe(true);
        dialog->start();
    });
    fileMenu->addSeparator();
    auto* saveAction = fileMenu->addAction(workbenchIcon(IconKind::Save), tr("&Save board as…"), this, &MainWindow::saveAs);
    saveAction->setShortcut(QKeySequence::Save);
    m_openLessonAction = fileMenu->addAction(tr("Open &lesson…"), this, &MainWindow::openLessonDialog);
    fileMenu->addAction(tr("Open recor&ding…"), this, &MainWindow::openRecordingDialog);
    m_saveRecordingAction = fileMenu->addAction(tr("Save run recordin&g…"), this, &MainWindow::saveRecordingDialog);
    m_exportAnimationAction = fileMenu->addAction(tr("E&xport animation…"), this, &MainWindow::exportAnimationDialog);
    m_exportDecisionsAction = fileMenu->addAction(tr("Expor&t decisions…"), this, &MainWindow::exportDecisionsDialog);
    fileMenu->addAction(tr("Save ra&ce…"), this, &MainWindow::saveRaceDialog);
    fileMenu->addAction(tr("Copy as &line"), this, [this] { copyBoard(SudokuTextStyle::Line); })
        ->setShortcut(QKeySequence::Copy);
    fileMenu->addAction(tr("Copy as &grid"), this, [this] { copyBoard(SudokuTextStyle::Grid); })
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    fileMenu->addSeparator();
    fileMenu->addAction(tr("&Quit"), this, &QWidget::close)->setShortcut(QKeySequence::Quit);

    auto* editMenu = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_undo->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_undo->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    editMenu->addAction(undo);
    editMenu->addAction(redo);
    editMenu->addSeparator();
    m_pencilAction = editMenu->addAction(workbenchIcon(IconKind::Pencil), tr("&Pencil marks mode"));
    m_pencilAction->setCheckable(true);
    m_pencilAction->setShortcut(QKeySequence(Qt::Key_P));
    m_pencilAction->setToolTip(tr("Digits toggle candidates instead of placing values (or hold Alt)"));
    connect(m_pencilAction, &QAction::toggled, m_view, &BoardView::setPencilMode);
    m_conflictsAction = editMenu->addAction(tr("Show &conflicts"));
    m_conflictsAction->setCheckable(true);
    m_conflictsAction->setChecked(true);
    connect(m_conflictsAction, &QAction::toggled, m_view, &BoardView::setConflictsVisible);
    editMenu->addAction(tr("C&heck against the solution"), this, &MainWindow::checkAgainstSolution)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_K));
    editMenu->addAction(tr("Use board as &givens"), this, &MainWindow::useBoardAsGivens)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    editMenu->addSeparator();
    m_hintAction = editMenu->addAction(workbenchIcon(IconKind::Hint), tr("&Hint"), this, [this] { showHint(); });
    m_hintAction->setShortcut(QKeySequence(Qt::Key_H));
    m_hintAction->setToolTip(tr("The next logical step for the board as it stands (H); ask again for more: the "
                                "technique, then where, then the whole step"));
    auto* hintLevels = new QMenu(tr("Hint &level"), this);
    const QString levelNames[] = {tr("&1 — which technique"), tr("&2 — technique and where"), tr("&3 — the whole step")};
    for (int level = 1; level <= 3; ++level)
        hintLevels->addAction(levelNames[level - 1], this, [this, level] { showHint(level); });
    editMenu->addMenu(hintLevels);
    m_hintAction->setMenu(hintLevels);

    auto* runMenu = menuBar()->addMenu(tr("&Run"));
    m_runAction = runMenu->addAction(workbenchIcon(IconKind::Run), tr("&Run"), this, &MainWindow::run);
    m_runAction->setObjectName(QStringLiteral("runAction"));
    m_runAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_pauseAction = runMenu->addAction(workbenchIcon(IconKind::Pause), tr("&Pause"), this, &MainWindow::togglePause);
    m_pauseAction->setObjectName(QStringLiteral("pauseAction"));
    m_pauseAction->setShortcut(QKeySequence(Qt::Key_F6));
    m_stepAction = runMenu->addAction(workbenchIcon(IconKind::Step), tr("&Step"), this, &MainWindow::step);
    m_stepAction->setObjectName(QStringLiteral("stepAction"));
    m_stepAction->setShortcut(QKeySequence(Qt::Key_F10));
    m_stepBackAction = runMenu->addAction(tr("Step &back"), this, &MainWindow::stepBack);
    m_stepBackAction->setObjectName(QStringLiteral("stepBackAction"));
    m_stepBackAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F10));
    m_runUntilMenu = new RunUntilMenu(this);
    runMenu->addMenu(m_runUntilMenu);
    connect(m_runUntilMenu, &RunUntilMenu::requested, this, &MainWindow::runUntil);
    m_stopAction = runMenu->addAction(workbenchIcon(IconKind::Stop), tr("S&top"), this, &MainWindow::stop);
    m_stopAction->setObjectName(QStringLiteral("stopAction"));
    // Esc too, but not as a shortcut: a shortcut would take the Esc that closes a drop-down (eventFilter).
    m_stopAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    m_resetAction = runMenu->addAction(workbenchIcon(IconKind::Reset), tr("R&eset"), this, &MainWindow::reset);
    m_resetAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    for (QAction* action : {m_runAction, m_pauseAction, m_stepAction, m_stepBackAction, m_stopAction, m_resetAction})
        action->setToolTip(QStringLiteral("%1 (%2)").arg(action->text().remove(QLatin1Char('&')),
                                                        action->shortcut().toString(QKeySequence::NativeText)));
    m_stopAction->setToolTip(tr("Stop (%1 or Esc)").arg(m_stopAction->shortcut().toString(QKeySequence::NativeText)));
    m_stepBackAction->setToolTip(tr("Step back (%1): the paused run's earlier steps with their explanations, repeated "
                                    "from its seed; F10 goes forward again")
                                     .arg(m_stepBackAction->shortcut().toString(QKeySequence::NativeText)));
    m_solveLogicAction = runMenu->addAction(workbenchIcon(IconKind::Logic), tr("Solve with &logic"), this,
                                            &MainWindow::solveWithLogic);
    m_solveLogicAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    m_solveLogicAction->setToolTip(tr("Step through a human-style solution, each step explained in the log and its "
                                      "cells outlined (Ctrl+L)"));
    runMenu->addAction(tr("Repeat &runs…"), this, &MainWindow::openRepeatRuns)
        ->setToolTip(tr("Run the chosen algorithm many times on this puzzle: success rate, times, and the histogram of "
                        "generations or steps"));
    runMenu->addAction(tr("R&ace…"), this, &MainWindow::raceDialog)
        ->setToolTip(tr("Two to four algorithms on this puzzle side by side, paced together"));
    m_replayAction = runMenu->addAction(tr("Re&play program"), this, &MainWindow::replayProgram);
    m_replayAction->setToolTip(tr("Replay the last run's best program of heuristic moves on the board, move by move"));
    runMenu->addSeparator();
    // Ctrl+= too: on most layouts '+' needs Shift, and Ctrl+= is the same key without it.
    runMenu->addAction(tr("Faster"), this, [this] { m_speedSlider->setValue(m_speedSlider->value() + 1); })
        ->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Plus), QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    runMenu->addAction(tr("Slower"), this, [this] { m_speedSlider->setValue(m_speedSlider->value() - 1); })
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Minus));

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_heatMapAction = m_viewMenu->addAction(workbenchIcon(IconKind::HeatMap), tr("&Heat map overlay"));
    m_heatMapAction->setCheckable(true);
    m_heatMapAction->setChecked(true);
    m_heatMapAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    connect(m_heatMapAction, &QAction::toggled, m_view, &BoardView::setHeatMapVisible);
    m_darkAction = m_viewMenu->addAction(tr("&Dark palette"));
    m_darkAction->setCheckable(true);
    connect(m_darkAction, &QAction::toggled, this, &MainWindow::setDarkPalette);
    m_viewMenu->addSeparator();

    auto* toolsMenu = menuBar()->addMenu(tr("&Tools"));
    toolsMenu->addAction(tr("&Difficulty lab…"), this, &MainWindow::openDifficultyLab)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    toolsMenu->addAction(tr("&Compare…"), this, &MainWindow::openCompareView)
        ->setToolTip(tr("Run several algorithm settings many times on a puzzle or a set and compare them"));

    auto* toolbar = addToolBar(tr("Run"));
    toolbar->setObjectName(QStringLiteral("runToolbar"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolbar->setIconSize(QSize(20, 20));
    toolbar->addAction(openAction);
    toolbar->addSeparator();
    toolbar->addAction(m_runAction);
    toolbar->addAction(m_pauseAction);
    toolbar->addAction(m_stepAction);
    m_grainCombo = new QComboBox(toolbar);
    m_grainCombo->setObjectName(QStringLiteral("grainCombo"));
    m_grainCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    offerStepGrains();
    toolbar->addWidget(m_grainCombo);
    toolbar->addAction(m_stopAction);
    toolbar->addAction(m_resetAction);
    toolbar->addSeparator();
    auto* speedBox = new QWidget(toolbar);
    auto* speedLayout = new QHBoxLayout(speedBox);
    speedLayout->setContentsMargins(6, 0, 6, 0);
    speedLayout->addWidget(new QLabel(tr("Speed"), speedBox));
    m_speedSlider = new QSlider(Qt::Horizontal, speedBox);
    m_speedSlider->setObjectName(QStringLiteral("speedSlider"));
    m_speedSlider->setRange(0, static_cast<int>(kSpeeds.size()) - 1);
    m_speedSlider->setPageStep(1);
    m_speedSlider->setTickPosition(QSlider::TicksBelow);
    m_speedSlider->setFixedWidth(170);
    speedBox->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
    m_speedSlider->setToolTip(tr("The algorithm's own steps per second, from one to flat out (Ctrl+Plus or Ctrl+=, "
                                 "Ctrl+Minus)"));
    speedLayout->addWidget(m_speedSlider);
    m_speedLabel = new QLabel(speedBox);
    m_speedLabel->setObjectName(QStringLiteral("speedLabel"));
    speedLayout->addWidget(m_speedLabel);
    toolbar->addWidget(speedBox);
    toolbar->addSeparator();
    toolbar->addAction(m_hintAction);
    toolbar->addAction(m_solveLogicAction);
    toolbar->addSeparator();
    toolbar->addAction(m_pencilAction);
    toolbar->addAction(m_heatMapAction);
    m_heatMapCombo = new QComboBox(toolbar);
    m_heatMapCombo->setObjectName(QStringLiteral("heatMapCombo"));
    m_heatMapCombo->setToolTip(tr("Which of the run's heat maps the board shows"));
    m_heatMapCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_heatMapCombo->setEnabled(false);
    m_heatMapCombo->addItem(tr("no heat map yet"));
    toolbar->addWidget(m_heatMapCombo);
    connect(m_heatMapCombo, &QComboBox::textActivated, this, [this](const QString& label) { m_model->showHeatMap(label); });
    connect(m_model, &BoardModel::heatMapChanged, this, [this] {
        const QStringList labels = m_model->heatMapLabels();
        QSignalBlocker blocker(m_heatMapCombo);
        m_heatMapCombo->clear();
        m_heatMapCombo->addItems(labels.isEmpty() ? QStringList{tr("no heat map yet")} : labels);
        m_heatMapCombo->setEnabled(!labels.isEmpty());
        if (!labels.isEmpty()) m_heatMapCombo->setCurrentText(m_model->heatMapLabel());
    });
    connect(m_speedSlider, &QSlider::valueChanged, this, [this](int index) {
        const double speed = kSpeeds[static_cast<std::size_t>(index)];
        m_controller->setStepsPerSecond(speed);
        showSpeed();
        // Animations last a little less than the interval between moves, so each one finishes.
        m_view->setAnimationDuration(speed > 0 ? static_cast<int>(std::min(350.0, 800.0 / speed)) : 0);
        // Flat out the curves change faster than the eye follows: redraw them less often and leave the
        // processor to the solver.
        m_charts->setRefreshInterval(speed == RunController::kFlatOut ? 250 : 100);
        if (m_replayView) m_replayView->setMovesPerSecond(speed);
    });
    m_viewMenu->addAction(toolbar->toggleViewAction());
}

void MainWindow::createStatusBar() {
    m_statusBar = new RunStatusBar(this);
    setStatusBar(m_statusBar);
    connect(m_model, &BoardModel::brokenRulesChanged, m_statusBar, &RunStatusBar::showBrokenRules);
    m_statusBar->showBrokenRules(m_model->brokenRules());
    refreshRunStatus();
}

void MainWindow::refreshRunStatus() {
    m_statusBar->showState(m_controller->state());
    // An open recording shows its timeline's figures (showRunStatus from the replay view) until a run starts.
    if (m_replayView && m_replayView->timeline() && m_controller->state() == RunState::Idle) return;
    showRunStatus(m_controller->status());
}

void MainWindow::showRunStatus(const RunStatus& status) {
    const AlgorithmInfo* info = m_panel->algorithmInfo();
    const QString unit = info ? QString::fromStdString(info->stepUnit) : tr("steps");
    const bool anythingRan = status.counters.steps > 0 || status.counters.evaluations > 0 || m_lastFinished;
    m_statusBar->showRunStatus(status, unit, anythingRan);
}

void MainWindow::showSpeed() {
    const double speed = m_controller->stepsPerSecond();
    const AlgorithmInfo* info = m_panel->algorithmInfo();
    const QString unit = info ? QString::fromStdString(info->stepUnit) : tr("steps");
    // As wide as the widest notch in this unit, so the toolbar does not shift as the speed changes.
    m_speedLabel->setMinimumWidth(m_speedLabel->fontMetrics().horizontalAdvance(rateText(20000, unit)));
    m_speedLabel->setText(speed == RunController::kFlatOut ? tr("flat out") : rateText(speed, unit));
    if (info)
        m_speedLabel->setToolTip(tr("One step of %1: %2").arg(QString::fromStdString(info->name),
                                                               QString::fromStdString(info->stepMeaning)));
    m_log->setDecisionsLogged(speed != RunController::kFlatOut && speed <= kLoggedDecisionsUpTo);
}

void MainWindow::offerStepGrains() {
    const AlgorithmInfo* info = m_panel->algorithmInfo();
    const StepGrain wanted = m_grainCombo->count() ? stepGrain() : StepGrain::Iteration;
    QSignalBlocker blocker(m_grainCombo);
    m_grainCombo->clear();
    m_grainCombo->addItem(tr("to the next move"), static_cast<int>(StepGrain::Move));
    m_grainCombo->setItemData(0, tr("Step runs the algorithm until the board changes"), Qt::ToolTipRole);
    const QString meaning = info ? QString::fromStdString(info->stepMeaning) : tr("one step");
    // The meaning without its parenthesis fits the toolbar: "one search node", "one generation".
    const QString shortMeaning = meaning.section(QStringLiteral(" ("), 0, 0);
    m_grainCombo->addItem(shortMeaning, static_cast<int>(StepGrain::Iteration));
    m_grainCombo->setItemData(1, tr("Step advances the algorithm by one of its steps: %1").arg(meaning), Qt::ToolTipRole);
    m_grainCombo->setToolTip(tr("What one Step advances: to the next move on the board, or %1").arg(meaning));
    setStepGrain(wanted);
}

void MainWindow::updateActions() {
    const RunState state = m_controller->state();
    m_statusBar->showState(state);
    const bool running = state == RunState::Running;
    const bool active = m_controller->isActive();
    const AlgorithmInfo* info = m_panel->algorithmInfo();
    // Parameters that break a declared rule (t_min below t0, ...) are refused here, never turned into a run.
    const bool usable = info && info->supports(m_model->puzzle().kind()) && m_panel->parametersValid();
    m_runAction->setEnabled(usable && !running && state != RunState::Finishing);
    m_runAction->setText(state == RunState::Paused || state == RunState::Stepping ? tr("Resume") : tr("Run"));
    // F6 toggles: it pauses a running run and resumes a paused one.
    m_pauseAction->setEnabled(running || state == RunState::Paused);
    m_pauseAction->setText(state == RunState::Paused ? tr("Resume") : tr("Pause"));
    m_stepAction->setEnabled(usable && state != RunState::Finished && state != RunState::Finishing);
    m_runUntilMenu->offer(info, m_stepAction->isEnabled());
    m_stepBackAction->setEnabled(m_stepBack && m_stepBack->canStepBack());
    m_stopAction->setEnabled(active && state != RunState::Finishing);
    m_hintAction->setEnabled(!active);
    m_replayAction->setEnabled(!active && !isReplaying() && m_lastRequest && !m_programView->program().isEmpty() &&
                               state == RunState::Finished);
    m_view->setEditable(!active);
    m_saveRecordingAction->setEnabled(canSaveRecording());
    m_exportAnimationAction->setEnabled(canSaveRecording());
    m_exportDecisionsAction->setEnabled(canSaveRecording());
}

void MainWindow::setPuzzle(const Puzzle& puzzle, const QString& sourceFile) {
    endActiveRun(tr("puzzle %1 was loaded").arg(QString::fromStdString(puzzle.id)));
    m_controller->discard();  // nothing of a finished run is painted on the new board
    stopReplay();
    closeRecording();
    m_lastRequest.reset();
    m_undo->clear();
    m_model->setPuzzle(puzzle);
    m_puzzleFile = sourceFile;
    m_panel->setPuzzleKind(puzzle.kind());
    m_charts->clear();
    m_decisions->clear();
    updateDocks();
    statusBar()->clearMessage();
    refreshRunStatus();
    m_log->addNote(tr("puzzle %1 (%2)").arg(QString::fromStdString(puzzle.id), QString::fromStdString(puzzle.origin)));
    updateTitle();
    updateActions();
}

void MainWindow::updateTitle() {
    setWindowTitle(tr("%1 — Puzzle Workbench").arg(QString::fromStdString(m_model->puzzle().id)));
}

bool MainWindow::openFile(const QString& path, bool quiet) {
    if (isRaceFile(path)) {
        const QString error = openRace(path);
        if (!error.isEmpty()) {
            m_log->addNote(error);
            if (!quiet) QMessageBox::warning(this, tr("Cannot open race"), error);
        }
        return error.isEmpty();
    }
    if (isLessonFile(path)) return openLesson(path, quiet).isEmpty();
    PuzzleLoad load = loadPuzzlesFromFile(path);
    if (!load.puzzles.empty() && !confirmLeavingHandSolving()) return false;
    if (load.puzzles.empty()) {
        if (load.errors.isEmpty()) load.errors.append(tr("%1: no puzzle found").arg(path));
        for (const QString& line : errorLogLines(load.errors)) m_log->addNote(line);
        if (!quiet) loadErrorBox(this, tr("Cannot open puzzle"), load.errors)->exec();
        return false;
    }
    noteSkippedEntries(load.errors);
    setPuzzle(load.puzzles.front(), path);
    addRecentFile(QFileInfo(path).absoluteFilePath());
    return true;
}

void MainWindow::noteSkippedEntries(const QStringList& errors) {
    if (errors.isEmpty()) return;
    m_log->addNote(tr("%n entries skipped:", nullptr, static_cast<int>(errors.size())));
    for (const QString& line : errorLogLines(errors)) m_log->addNote(line);
}

bool MainWindow::openText(const QString& text, const QString& sourceName, bool quiet) {
    PuzzleLoad load = parsePuzzleText(text, sourceName);
    if (!load.puzzles.empty() && !confirmLeavingHandSolving()) return false;
    if (load.puzzles.empty()) {
        if (load.errors.isEmpty()) load.errors.append(tr("%1: no puzzle found in the text").arg(sourceName));
        for (const QString& line : errorLogLines(load.errors)) m_log->addNote(line);
        if (!quiet) loadErrorBox(this, tr("Cannot read puzzle"), load.errors)->exec();
        return false;
    }
    setPuzzle(load.puzzles.front());
    return true;
}

void MainWindow::openDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open puzzle"), m_puzzlesDir,
                                                      tr("Puzzles (*.txt *.csv *.sdk *.ss *.sdm);;Saved races (*.json);;All files (*)"));
    if (!path.isEmpty()) openFile(path);
}

void MainWindow::pasteFromClipboard() {
    openText(QApplication::clipboard()->text(), QStringLiteral("<clipboard>"));
}

void MainWindow::saveAs() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save board"), m_puzzlesDir, tr("Puzzle text (*.txt)"));
    if (path.isEmpty()) return;
    const QString text = QString::fromStdString(boardAsPuzzleText(m_model->puzzle(), m_model->board(), SudokuTextStyle::Line));
    std::string error;
    if (!writeFileAtomically(path.toStdString(), text.toStdString(), error)) {
        QMessageBox::warning(this, tr("Cannot save"), tr("%1: %2").arg(path, QString::fromStdString(error)));
        return;
    }
    addRecentFile(path);
    statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
}

void MainWindow::copyBoard(SudokuTextStyle style) {
    QApplication::clipboard()->setText(QString::fromStdString(boardAsPuzzleText(m_model->puzzle(), m_model->board(), style)));
    statusBar()->showMessage(tr("Board copied"), 3000);
}

void MainWindow::newEmpty(SudokuShape shape) {
    if (!confirmLeavingHandSolving()) return;
    setPuzzle(emptySudoku(shape));
    m_view->setSelectedCell(0);
    m_view->setFocus();
    statusBar()->showMessage(tr("Type the givens, then Edit > Use board as givens (Ctrl+G)"), 8000);
}

void MainWindow::useBoardAsGivens() {
    if (m_controller->isActive()) return;
    Puzzle puzzle = puzzleFromBoard(m_model->puzzle(), m_model->board());
    if (puzzle.kind() == PuzzleKind::Sudoku && puzzle.id.rfind("new ", 0) == 0) puzzle.id = "typed in";
    setPuzzle(puzzle);
}

void MainWindow::checkAgainstSolution() {
    const Puzzle& puzzle = m_model->puzzle();
    const std::optional<Board> solution = findSolution(puzzle);
    if (!solution) {
        QMessageBox::information(this, tr("Check"), tr("This puzzle has no solution to check against."));
        return;
    }
    int wrong = 0, open = 0, firstWrong = -1;
    for (int cell = 0; cell < m_model->cellCount(); ++cell) {
        const int value = cellValue(m_model->board(), cell);
        const bool empty = value == 0;
        const bool differs = !empty && value != cellValue(*solution, cell);
        open += empty ? 1 : 0;
        if (differs) {
            ++wrong;
            if (firstWrong < 0) firstWrong = cell;
        }
    }
    if (firstWrong >= 0) m_view->setSelectedCell(firstWrong);
    m_handSolving->markMistakes();  // the wrong digits turn red
    const QString message = wrong ? tr("%n cell(s) differ from the solution (the first is selected).", nullptr, wrong)
                            : open ? tr("No mistakes so far; %n cell(s) still open.", nullptr, open)
                                   : tr("Solved!");
    statusBar()->showMessage(message, 8000);
    m_log->addNote(message);
}

void MainWindow::onEditRequested(const Move& move) {
    if (m_controller->isActive()) {
        statusBar()->showMessage(tr("Stop the run to edit the board"), 3000);
        return;
    }
    if (!m_model->acceptsMove(move)) return;
    if (m_controller->state() == RunState::Finished) {
        m_controller->discard();
        m_model->clearRunOverlays();
    }
    m_model->clearHighlights();
    const CellOrigin before = m_model->origin(move.cell);
    m_undo->push(new EditCommand(m_model, move, before == CellOrigin::Empty ? CellOrigin::User : before));
}

void MainWindow::showHint(int level) {
    if (m_controller->isActive()) return;
    const Board board = m_model->board();
    if (level == 0) level = m_hintBoard && *m_hintBoard == board ? std::min(3, m_hintLevel + 1) : 1;
    // Sudoku: the logic solver's technique; Nurikabe: the rule a person uses (nurikabe_rules.h). Either way a
    // wrong cell comes first, and level 1 names, 2 also places, 3 tells the whole step.
    std::string text;
    std::vector<int> cells;
    if (m_model->isSudoku()) {
        Hint hint = hintFor(m_model->puzzle().sudoku().givens, m_model->sudoku(), level);
        text = std::move(hint.text);
        cells = std::move(hint.cells);
    } else {
        NurikabeHint hint = nurikabeHint(m_model->puzzle().nurikabe().clues, m_model->nurikabe(), level);
        text = std::move(hint.text);
        cells = std::move(hint.cells);
    }
    m_hintLevel = level;
    m_hintBoard = board;
    m_lastHint = QString::fromStdString(text);
    m_model->setHighlightedCells(cells);
    statusBar()->showMessage(tr("Hint: %1").arg(m_lastHint), 20000);
    m_log->addNote(tr("hint, level %1: %2").arg(level).arg(m_lastHint));
}

void MainWindow::solveWithLogic() {
    m_controller->discard();
    if (m_model->isSudoku()) {
        m_panel->setAlgorithm("logic");
        ParameterValues parameters = m_panel->parameters();
        parameters.set(m_panel->algorithmInfo()->parameters, "refutation", "true");
        m_panel->setParameters(parameters);
    } else {
        m_panel->setAlgorithm("nurikabe-logic");  // its hypotheses play refutation's part
    }
    // Each step is a sentence to read: slow a fast pace down, keep a pace the user already made slow.
    const double pace = m_controller->stepsPerSecond();
    if (pace == RunController::kFlatOut || pace > 5) setStepsPerSecond(2);
    startRun(false);
}

GenerateDialog* MainWindow::openGenerateDialog() {
    if (!m_generateDialog) {
        m_generateDialog = new GenerateDialog(this);
        connect(m_generateDialog, &GenerateDialog::generated, this, [this](const Puzzle& puzzle) {
            if (confirmLeavingHandSolving()) setPuzzle(puzzle);
        });
    }
    m_generateDialog->show();
    m_generateDialog->raise();
    m_generateDialog->activateWindow();
    return m_generateDialog;
}

DifficultyLab* MainWindow::openDifficultyLab() {
    if (!m_difficultyLab) m_difficultyLab = new DifficultyLab(m_puzzlesDir, this);
    if (m_model->isSudoku()) m_difficultyLab->setFillingOrderPuzzle(m_model->puzzle());
    m_difficultyLab->show();
    m_difficultyLab->raise();
    m_difficultyLab->activateWindow();
    return m_difficultyLab;
}

CompareView* MainWindow::openCompareView() {
    if (!m_compareView) {
        m_compareView = new CompareView(m_puzzlesDir, this);
        if (const AlgorithmInfo* info = m_panel->algorithmInfo()) m_compareView->addConfiguration(info->id, m_panel->parameters());
    }
    if (!m_compareView->isRunning())
        m_compareView->setPuzzles({m_model->puzzle()}, tr("the window's puzzle %1").arg(QString::fromStdString(m_model->puzzle().id)));
    m_compareView->show();
    m_compareView->raise();
    m_compareView->activateWindow();
    return m_compareView;
}

namespace {

// Keeps what a run sends once its best program is replayed: from the first replayed move on.
class ReplayRecorder final : public EventSink {
public:
    void receive(const Event& event) override {
        if (const auto* update = std::get_if<ProgramUpdate>(&event); update && update->position >= 0) m_replaying = true;
        if (m_replaying && !std::holds_alternative<Finished>(event)) events.push_back(event);
    }
    std::deque<Event> events;

private:
    bool m_replaying = false;
};

}  // namespace

RunRequest MainWindow::requestFromPanel() {
    RunRequest request;
    request.puzzle = m_model->puzzle();
    request.algorithmId = m_panel->algorithmInfo()->id;
    request.parameters = m_panel->parameters();
    request.seed = m_panel->takeSeed();
    request.stepLimit = m_panel->stepLimit();
    request.timeLimitSeconds = m_panel->timeLimitSeconds();
    return request;
}

RepeatRunsDialog* MainWindow::openRepeatRuns() {
    const AlgorithmInfo* info = m_panel->algorithmInfo();
    if (!info || !info->supports(m_model->puzzle().kind())) {
        statusBar()->showMessage(tr("The chosen algorithm does not solve this kind of puzzle"), 5000);
        return nullptr;
    }
    auto* dialog = new RepeatRunsDialog(requestFromPanel(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

void MainWindow::replayProgram() {
    const std::optional<RunRecording> recording = lastRunRecording();
    if (!recording || m_controller->isActive() || isReplaying()) return;
    // The recorded run repeated headless is the same run (determinism); only the program's replay is kept.
    m_replayWorker = QThread::create([this, recording] {
        auto recorder = std::make_shared<ReplayRecorder>();
        replayRecording(*recording, recorder.get());
        QMetaObject::invokeMethod(
            this,
            [this, recorder] {
                m_replayWorker = nullptr;
                m_replayEvents = std::move(recorder->events);
                if (m_replayEvents.empty()) {
                    statusBar()->showMessage(tr("The run left no program to replay"), 5000);
                } else {
                    m_model->resetToGivens();
                    m_log->addNote(tr("replaying program %1").arg(m_programView->program()));
                    const double pace = m_controller->stepsPerSecond();
                    m_replayTimer.start(pace > 0 ? std::clamp(static_cast<int>(1000 / pace), 15, 1000) : 15);
                }
                updateActions();
            },
            Qt::QueuedConnection);
    });
    connect(m_replayWorker, &QThread::finished, m_replayWorker, &QObject::deleteLater);
    m_replayWorker->start();
    updateActions();
}

void MainWindow::stopReplay() {
    m_replayTimer.stop();
    m_replayEvents.clear();
    m_programView->setHighlight(-1);
}

void MainWindow::startRun(bool paused, bool budgets) {
    const AlgorithmInfo* info = m_panel->algorithmInfo();
    if (!info || !info->supports(m_model->puzzle().kind())) return;
    if (!m_panel->parametersValid()) {
        m_log->addNote(tr("not run: %1").arg(m_panel->parameterForm()->ruleMessage()));
        return;
    }
    stopReplay();
    closeRecording();
    m_lastFinished.reset();
    m_undo->clear();
    m_model->resetToGivens();
    m_charts->clear();
    m_charts->setCostParts(info->costParts);
    // A new run starts with a clean slate: no figures, message or decisions of the last one.
    statusBar()->clearMessage();
    m_decisions->clear();
    m_decisionsThisRun = false;
    RunRequest request = requestFromPanel();
    if (!budgets) {
        request.stepLimit = 0;
        request.timeLimitSeconds = 0;
    }
    m_lastRequest = request;
    m_programView->clear();
    updateDocks();
    QStringList parameters;
    for (const auto& [key, value] : request.parameters.all())
        parameters.append(QStringLiteral("%1=%2").arg(QString::fromStdString(key), QString::fromStdString(formatParameterValue(value))));
    m_log->addNote(tr("run %1 seed %2 %3").arg(QString::fromStdString(info->id)).arg(request.seed).arg(parameters.join(QLatin1Char(' '))));
    resetStallProbe();
    m_controller->start(request, paused);
    updateActions();
    refreshRunStatus();
}

void MainWindow::run() {
    const RunState state = m_controller->state();
    if (state == RunState::Finishing) return;  // Stop was asked; the run's end is on its way
    if (state == RunState::Paused || state == RunState::Stepping) m_controller->resume();
    else startRun(false);
}

void MainWindow::pause() { m_controller->pause(); }

void MainWindow::togglePause() {
    const RunState state = m_controller->state();
    if (state == RunState::Running) pause();
    else if (state == RunState::Paused) m_controller->resume();
}

void MainWindow::step() {
    if (m_stepBack->stepForward()) return;  // stepped back: one step nearer the live run
    if (!m_controller->isActive()) {
        startRun(true);
        if (!m_controller->isActive()) return;  // refused: parameters that break a rule, or no algorithm
    }
    m_controller->step(stepGrain());
}

void MainWindow::stepBack() {
    if (m_lastRequest) m_stepBack->stepBack(*m_lastRequest);
}

void MainWindow::runUntil(StepEvent kind) {
    if (!m_controller->isActive()) {
        startRun(true);
        if (!m_controller->isActive()) return;
    }
    m_controller->runUntil(kind);
}

void MainWindow::stop() { m_controller->stop(); }

void MainWindow::reset() {
    endActiveRun(tr("Reset"));
    m_controller->discard();
    stopReplay();
    closeRecording();
    m_undo->clear();
    m_model->resetToGivens();
    m_charts->clear();
    m_decisions->clear();
    updateDocks();
    statusBar()->clearMessage();
    refreshRunStatus();
    updateActions();
}

void MainWindow::setStepGrain(StepGrain grain) {
    const int index = m_grainCombo->findData(static_cast<int>(grain));
    m_grainCombo->setCurrentIndex(index >= 0 ? index : m_grainCombo->count() - 1);
}
StepGrain MainWindow::stepGrain() const {
    return static_cast<StepGrain>(m_grainCombo->currentData().toInt());
}

void MainWindow::setStepsPerSecond(double stepsPerSecond) {
    const int index = speedIndex(stepsPerSecond);
    if (m_speedSlider->value() == index) emit m_speedSlider->valueChanged(index);
    else m_speedSlider->setValue(index);
    if (stepsPerSecond > 0 && kSpeeds[static_cast<std::size_t>(index)] != stepsPerSecond) {
        // An exact pace from the command line, between two notches.
        m_controller->setStepsPerSecond(stepsPerSecond);
        showSpeed();
    }
}

void MainWindow::setDarkPalette(bool dark) {
    if (m_darkAction->isChecked() != dark) m_darkAction->setChecked(dark);
    applyPalette(dark);
}

void MainWindow::onEventsPlayed(std::uint64_t runId, const std::vector<Event>& events, bool animate) {
    if (runId != m_controller->runId()) return;  // never paint an older run on this one
    const std::vector<int>* latestCells = nullptr;
    std::vector<const Decision*> decisions;
    std::vector<Move> moves;
    auto flushMoves = [&] {
        if (moves.empty()) return;
        m_model->applyMoves(moves, CellOrigin::Solver, animate);
        moves.clear();
    };
    for (const Event& event : events) {
        if (const auto* move = std::get_if<MoveEvent>(&event)) {
            moves.push_back(move->move);
            continue;
        }
        if (const auto* candidates = std::get_if<CandidatesUpdate>(&event)) {
            flushMoves();
            m_model->setSolverCandidates(candidates->candidates);
        } else if (const auto* heat = std::get_if<HeatMap>(&event)) {
            flushMoves();
            m_model->setHeatMap(QString::fromStdString(heat->label), heat->values);
        } else if (const auto* explanation = std::get_if<Explanation>(&event); explanation && !explanation->cells.empty()) {
            latestCells = &explanation->cells;
        } else if (const auto* decision = std::get_if<Decision>(&event)) {
            decisions.push_back(decision);
            if (!decision->detail().cells.empty()) latestCells = &decision->detail().cells;
        } else if (const auto* update = std::get_if<ProgramUpdate>(&event)) {
            const QString program = QString::fromStdString(update->program);
            const bool longer = program.size() > m_programView->program().size();
            if (update->position < 0 || program != m_programView->program()) m_programView->setProgram(program, update->fitness);
            if (longer && !m_docks->programDock()->isHidden()) m_docks->fitProgramDock();
            m_programView->setHighlight(update->position);
            m_programAlgorithm = m_currentAlgorithm;
            if (m_docks->programDock()->isHidden()) updateDocks();
        } else {
            m_charts->addEvent(event);
        }
    }
    flushMoves();
    if (latestCells) m_model->setHighlightedCells(*latestCells);
    if (!decisions.empty()) {
        m_decisions->addDecisions(decisions);
        m_decisionsAlgorithm = m_currentAlgorithm;
        if (!m_decisionsThisRun) {
            m_decisionsThisRun = true;
            updateDocks();
        }
    }
    m_log->addEvents(events);
}

void MainWindow::onRunFinished(const Finished& finished) {
    m_lastFinished = finished;
    updateActions();
    refreshRunStatus();
    statusBar()->showMessage(tr("Run finished: %1 — %2").arg(QString::fromUtf8(outcomeName(finished.outcome)),
                                                              QString::fromStdString(finished.reason)),
                             10000);
    m_charts->refreshNow();
    emit runFinished(finished);
}

QString MainWindow::applyLaunchOptions(const LaunchOptions& options) {
    if (!options.palette.isEmpty()) setDarkPalette(options.palette == QLatin1String("dark"));
    // With --compare the Compare view is what is presented (it is open by the time the event loop runs).
    if (options.presentation)
        QTimer::singleShot(0, this, [this] {
            if (m_compareView && m_compareView->isVisible()) m_compareView->setPresentationMode(true);
            else setPresentationMode(true);
        });
    if (!options.open.isEmpty() && isRaceFile(options.open)) {
        if (const QString error = openRace(options.open); !error.isEmpty()) return QStringLiteral("--open: ") + error;
    } else if (!options.open.isEmpty() && isRecordingFile(options.open)) {
        if (const QString error = showRecording(options.open, options.replayAt); !error.isEmpty())
            return QStringLiteral("--open: ") + error;
    } else if (options.replayAt) {
        return tr("--replay-at needs --open of a run recording");
    } else if (!options.open.isEmpty()) {
        PuzzleLoad load = loadFileOrPuzzleString(options.open);
        if (load.puzzles.empty())
            return load.errors.isEmpty() ? tr("--open: no puzzle found in '%1'").arg(options.open)
                                         : QStringLiteral("--open: ") + summarizeErrors(load.errors).brief.replace(
                                                                            QLatin1Char('\n'), QStringLiteral("\n  "));
        const QFileInfo info(options.open);
        noteSkippedEntries(load.errors);  // as File ▸ Open lists them
        setPuzzle(load.puzzles.front(), info.isFile() ? info.absoluteFilePath() : QString());
    }
    if (!options.algorithm.isEmpty() || !options.parameters.isEmpty()) {
        // --algorithm starts from its defaults and must solve the puzzle; --param alone changes the chosen one.
        const bool chosen = !options.algorithm.isEmpty();
        const std::string id = chosen ? options.algorithm.toStdString() : m_panel->algorithmId();
        std::vector<std::string> assignments;
        for (const QString& assignment : options.parameters) assignments.push_back(assignment.toStdString());
        RunNaming naming;
        naming.algorithmOption = "--algorithm";
        const ParameterValues current = m_panel->parameters();
        const RunConfiguration configured = configureRun(
            id, assignments, chosen ? std::optional(m_model->puzzle().kind()) : std::nullopt, naming, chosen ? nullptr : &current);
        if (!configured) return QString::fromStdString(configured.error->message);
        if (chosen) m_panel->setAlgorithm(id);
        m_panel->setParameters(configured.parameters);
    }
    if (options.seed) {
        m_panel->setRandomSeed(false);
        m_panel->setSeed(*options.seed);
    }
    if (options.stepLimit) m_panel->setStepLimit(options.stepLimit);
    if (options.timeLimitSeconds > 0) m_panel->setTimeLimitSeconds(options.timeLimitSeconds);
    if (options.movesPerSecond) setStepsPerSecond(*options.movesPerSecond);
    return {};
}

void MainWindow::addRecentFile(const QString& path) {
    m_recentFiles.removeAll(path);
    m_recentFiles.prepend(path);
    while (m_recentFiles.size() > kMaxRecentFiles) m_recentFiles.removeLast();
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    for (const QString& path : m_recentFiles)
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openFile(path); })->setToolTip(path);
    m_recentMenu->setEnabled(!m_recentFiles.isEmpty());
}

void MainWindow::saveAlgorithmSettings() const {
    if (!m_useSettings || m_currentAlgorithm.isEmpty()) return;
    QSettings settings;
    settings.beginGroup(QStringLiteral("parameters/") + m_currentAlgorithm);
    settings.remove(QString());
    const AlgorithmInfo* info = m_panel->algorithmInfo();
    if (!info || QString::fromStdString(info->id) != m_currentAlgorithm) return;
    const ParameterValues values = m_panel->parameters();
    for (const auto& [key, value] : values.all())
        settings.setValue(QString::fromStdString(key), QString::fromStdString(formatParameterValue(value)));
}

void MainWindow::restoreAlgorithmSettings(const QString& id) {
    if (!m_useSettings) return;
    const AlgorithmEntry* entry = findAlgorithm(id.toStdString());
    if (!entry) return;
    QSettings settings;
    settings.beginGroup(QStringLiteral("parameters/") + id);
    ParameterValues values(entry->info.parameters);
    for (const QString& key : settings.childKeys())
        values.set(entry->info.parameters, key.toStdString(), settings.value(key).toString().toStdString());
    m_panel->setParameters(values);
}

void MainWindow::readSettings() {
    QSettings settings;
    m_recentFiles = settings.value(QStringLiteral("recentFiles")).toStringList();
    rebuildRecentMenu();
    setDarkPalette(settings.value(QStringLiteral("darkPalette"), false).toBool());
    restoreGeometry(settings.value(QStringLiteral("geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("windowState")).toByteArray());
    // A geometry saved on a larger screen (or at a smaller scale) is fitted to this one.
    if (!screen()->availableGeometry().contains(frameGeometry())) fitWindowTo(screen()->availableGeometry());
    const QString puzzleText = settings.value(QStringLiteral("lastPuzzle")).toString();
    if (!puzzleText.isEmpty()) {
        PuzzleLoad load = parsePuzzleText(puzzleText, QStringLiteral("<last session>"));
        if (!load.puzzles.empty()) {
            Puzzle puzzle = load.puzzles.front();
            const QString id = settings.value(QStringLiteral("lastPuzzleId")).toString();
            if (!id.isEmpty()) puzzle.id = id.toStdString();
            setPuzzle(puzzle, settings.value(QStringLiteral("lastPuzzleFile")).toString());
        }
    }
    const QString algorithm = settings.value(QStringLiteral("algorithm")).toString();
    if (!algorithm.isEmpty()) m_panel->setAlgorithm(algorithm.toStdString());
    m_currentAlgorithm = QString::fromStdString(m_panel->algorithmId());
    restoreAlgorithmSettings(m_currentAlgorithm);
    m_panel->setSeed(settings.value(QStringLiteral("seed"), 1).toULongLong());
    m_panel->setRandomSeed(settings.value(QStringLiteral("randomSeed"), false).toBool());
    m_speedSlider->setValue(settings.value(QStringLiteral("speedIndex"), kDefaultSpeedIndex).toInt());
    setStepGrain(settings.value(QStringLiteral("stepGrain"), 1).toInt() == 0 ? StepGrain::Move : StepGrain::Iteration);
    m_charts->setXAxis(static_cast<ChartAxis>(std::clamp(settings.value(QStringLiteral("chartAxis"), 0).toInt(), 0, 2)));
    m_charts->setLogScale(settings.value(QStringLiteral("chartLog"), false).toBool());
    m_heatMapAction->setChecked(settings.value(QStringLiteral("heatMap"), true).toBool());
}

void MainWindow::writeSettings() const {
    if (!m_useSettings) return;
    QSettings settings;
    settings.setValue(QStringLiteral("geometry"), saveGeometry());
    settings.setValue(QStringLiteral("windowState"), saveState());
    settings.setValue(QStringLiteral("recentFiles"), m_recentFiles);
    settings.setValue(QStringLiteral("darkPalette"), m_darkAction->isChecked());
    const Puzzle& puzzle = m_model->puzzle();
    settings.setValue(QStringLiteral("lastPuzzle"), QString::fromStdString(formatPuzzles({puzzle})));
    settings.setValue(QStringLiteral("lastPuzzleId"), QString::fromStdString(puzzle.id));
    settings.setValue(QStringLiteral("lastPuzzleFile"), m_puzzleFile);
    settings.setValue(QStringLiteral("algorithm"), QString::fromStdString(m_panel->algorithmId()));
    settings.setValue(QStringLiteral("seed"), QString::number(m_panel->seed()));
    settings.setValue(QStringLiteral("randomSeed"), m_panel->randomSeed());
    settings.setValue(QStringLiteral("speedIndex"), m_speedSlider->value());
    settings.setValue(QStringLiteral("stepGrain"), static_cast<int>(stepGrain()));
    settings.setValue(QStringLiteral("chartAxis"), static_cast<int>(m_charts->xAxis()));
    settings.setValue(QStringLiteral("chartLog"), m_charts->logScale());
    settings.setValue(QStringLiteral("heatMap"), m_heatMapAction->isChecked());
    saveAlgorithmSettings();
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::KeyPress) return QMainWindow::eventFilter(watched, event);
    const auto* key = static_cast<QKeyEvent*>(event);
    if (key->key() != Qt::Key_Escape || key->modifiers() != Qt::NoModifier) return false;
    const auto* widget = qobject_cast<QWidget*>(watched);
    // A drop-down, a menu or a dialog has the key: Esc closes it, and the run goes on.
    if (!widget || widget->window() != this || QApplication::activePopupWidget() || QApplication::activeModalWidget())
        return false;
    if (!m_controller->isActive() || m_controller->state() == RunState::Finishing) return false;
    stop();
    return true;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    writeSettings();
    qApp->removeEventFilter(this);
    m_controller->discard();
    event->accept();
}

}  // namespace pw::ui
