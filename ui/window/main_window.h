#pragma once
// The workbench window: the board in the middle, the algorithm panel and puzzle library on the left, the
// charts on the right, the log below; run controls in the toolbar; run figures in the status bar. Driven
// entirely by the registry's AlgorithmInfo, ParameterSpec and the Event vocabulary: a new algorithm needs
// no change here.

#include "io/formats.h"
#include "io/recording.h"
#include "io/run_timeline.h"
#include "lesson/lesson_player.h"
#include "window/launch_options.h"
#include "run/run_controller.h"

#include <QElapsedTimer>
#include <QMainWindow>

#include <deque>
#include <functional>
#include <optional>
#include <QTimer>

class QAction;
class QDockWidget;
class QThread;
class QActionGroup;
class QComboBox;
class QLabel;
class QMenu;
class QSlider;
class QToolBar;
class QUndoStack;

namespace pw::ui {

class AlgorithmPanel;
class BoardLegend;
class BoardModel;
class BoardView;
class ChartPanel;
class CompareView;
class DecisionBoardsView;
class DecisionPanel;
class DifficultyLab;
class FittedStatusBar;
class RunStatusBar;
class GenerateDialog;
class HandSolving;
class HelpWindow;
class LiveStepBack;
class ProgramView;
class RaceView;
class RepeatRunsDialog;
class RunUntilMenu;
class ReplayView;
class LogPane;
class PresentationMode;
class LessonPlayer;
class PracticeDialog;
class PuzzleLibrary;
class WindowDocks;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // `puzzlesDir` is the bundled library; `useSettings` false keeps the user's settings untouched.
    explicit MainWindow(const QString& puzzlesDir, bool useSettings = true, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Applies --open/--algorithm/--seed/--param/...; returns an error message, empty when all were valid.
    QString applyLaunchOptions(const LaunchOptions& options);

    void setPuzzle(const Puzzle& puzzle, const QString& sourceFile = {});
    // Opens a file or puzzle text; on errors shows them (a dialog unless `quiet`) and returns false.
    bool openFile(const QString& path, bool quiet = false);
    bool openText(const QString& text, const QString& sourceName, bool quiet = false);

    void run();
    void pause();
    // F6: pauses a running run, resumes a paused one.
    void togglePause();
    void step();
    // Run ▸ Step back (Shift+F10): the paused run's step before the one shown (LiveStepBack); F10 goes forward again.
    void stepBack();
    // Run ▸ Run until: steps on (starting a paused run first) and pauses on the next step of kind `kind`.
    void runUntil(StepEvent kind);
    void stop();
    void reset();
    void setStepGrain(StepGrain grain);
    StepGrain stepGrain() const;
    // The algorithm's own steps per second (AlgorithmInfo::stepUnit names them); RunController::kFlatOut for
    // flat out.
    void setStepsPerSecond(double stepsPerSecond);
    void setDarkPalette(bool dark);
    // A hint against the board as it stands: `level` 1 names the technique, 2 also where, 3 the whole step;
    // 0 asks again at the next level when the board has not changed since the last hint, else at level 1.
    void showHint(int level = 0);
    const QString& lastHint() const { return m_lastHint; }
    // Replaces the question asked before hand-solving progress is thrown away (tests answer it themselves).
    void setLeavingConfirmation(std::function<bool(const QString& question)> confirm) { m_confirmLeaving = std::move(confirm); }
    // Runs `logic` with refutation from the givens at a readable pace: explanations in the log, cells outlined.
    void solveWithLogic();
    // Opens the Difficulty lab (created on first use), with the current Sudoku for its filling-order view.
    DifficultyLab* openDifficultyLab();
    // File ▸ New ▸ Generate…: the generator's dialog (created on first use); its puzzles load onto the board.
    GenerateDialog* openGenerateDialog();
    // Opens the Compare view (created on first use) with the current puzzle and algorithm as a first setting.
    CompareView* openCompareView();
    // Replays the last run's best program of heuristic moves on the board, move by move at the chosen pace:
    // the run is repeated headless with its seed (determinism makes it the same run) to recover the replay.
    void replayProgram();
    // Opens a dialog that repeats the chosen algorithm on this puzzle with consecutive seeds.
    RepeatRunsDialog* openRepeatRuns();
    bool isReplaying() const { return !m_replayEvents.empty() || m_replayWorker; }
    ProgramView* programView() const { return m_programView; }
    // Run recordings (main_window_recording.cpp): opening one re-runs it headless and shows its timeline under
    // the board; saving writes the open recording, or else the window's last finished run. On errors both
    // show them (a dialog unless `quiet`) and return false.
    bool openRecording(const QString& path, bool quiet = false);
    bool saveRunRecording(const QString& path, bool quiet = false);
    ReplayView* replayView() const { return m_replayView; }
    // File ▸ Export animation… (main_window_export.cpp): the open recording, or else the last finished run.
    void exportAnimationDialog();
    // File ▸ Export decisions…: the explained steps of the shown run as a handout (Markdown, HTML, PDF).
    void exportDecisionsDialog();
    // Run ▸ Race… (main_window_race.cpp): a race on the window's puzzle, in a window of its own.
    RaceView* openRaceView();
    RaceView* raceView() const { return m_raceView; }
    void raceDialog();
    // A saved race (its manifest): reopened in the Race view, one timeline scrubbing every board. The error, or
    // an empty string.
    static bool isRaceFile(const QString& path);
    QString openRace(const QString& manifestPath);
    void saveRaceDialog();

    // Lessons (main_window_lesson.cpp): File ▸ Open lesson… plays a lesson slide by slide in a strip under the
    // board; Lesson ▸ New lesson authors one from what the window shows; Lesson ▸ Practice… asks a student
    // about a real run's next steps. On errors openLesson shows them (a dialog unless `quiet`) and returns them.
    QString openLesson(const QString& path, bool quiet = false);
    LessonPlayer* newLesson();
    // The player (created on first use), in its dock under the board.
    LessonPlayer* lessonPlayer();
    bool hasLessonPlayer() const { return m_lessonPlayer != nullptr; }
    // Writes the lesson to `path`; the error or empty.
    QString saveLesson(const QString& path);
    PracticeDialog* openPractice();
    // Lesson ▸ Export handout…: the open lesson as HTML or PDF (lesson_handout.h); the error or empty.
    QString exportLessonHandout(const QString& path, bool withNotes);
    // The teacher's notes for the current slide, in a window of their own (for the teacher's screen).
    QWidget* showTeacherNotes(bool shown);
    static bool isLessonFile(const QString& path);

    // Classroom layout (main_window_layout.cpp). The window within `available` (a screen's available
    // geometry), its docks shared out so that the board is the largest part; applied on the first launch and
    // whenever a saved geometry would not fit the screen.
    void fitWindowTo(const QRect& available);
    // Presentation mode (F11, View menu): full screen, the board big, the cost chart beside it, larger fonts,
    // a minimal toolbar; the docks as they were when it ends.
    void setPresentationMode(bool on);
    bool presentationMode() const;
    // View ▸ Zoom: every text of the window times `factor` (0: back to the mode's default), remembered per screen
    // and separately for presentation mode, which starts zoomed.
    void setZoom(double factor);
    double zoomLevel() const;
    // For --stats and the window-manager test: the window's state, frame, screen and zoom, and every text a
    // reader would miss (a label cut short, a widget past the window's edge, an elided status message).
    QStringList layoutReport() const;
    // Help ▸ … (created on first use): `topic` as HelpWindow::showTopic takes it; F1 opens the chosen
    // algorithm's page.
    HelpWindow* openHelp(const QString& topic);

    BoardModel* boardModel() const { return m_model; }
    BoardView* boardView() const { return m_view; }
    DecisionBoardsView* decisionBoards() const { return m_decisionBoards; }
    BoardLegend* boardLegend() const { return m_boardLegend; }
    AlgorithmPanel* algorithmPanel() const { return m_panel; }
    ChartPanel* chartPanel() const { return m_charts; }
    LogPane* logPane() const { return m_log; }
    RunController* controller() const { return m_controller; }
    DecisionPanel* decisionPanel() const { return m_decisions; }
    LiveStepBack* liveStepBack() const { return m_stepBack; }
    QDockWidget* decisionDock() const;
    FittedStatusBar* fittedStatusBar() const;
    PuzzleLibrary* library() const { return m_library; }
    QUndoStack* undoStack() const { return m_undo; }
    HandSolving* handSolving() const { return m_handSolving; }
    // The longest gap between two ticks of a 5 ms probe timer during runs, minus the interval.
    double longestStallMs() const { return m_longestStallMs; }
    void resetStallProbe() { m_longestStallMs = 0; }

signals:
    void runFinished(const pw::Finished& finished);

protected:
    void closeEvent(QCloseEvent* event) override;
    // Esc stops the run, but only when no popup (a drop-down) or dialog has the key: there it closes them.
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool event(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    // main_window_lesson.cpp
    void createLessonActions();
    void showLessonSlide(const SlideState& state);
    void revealLessonStep(std::uint64_t step);
    // Polled while a slide is on its way: once the run stands on its step, the player is told.
    void checkLessonLanded();
    std::optional<CapturedState> captureForLesson();
    void openLessonDialog();
    void saveLessonDialog();
    void exportHandoutDialog();
    void updateTeacherNotes();
    void fitLessonStrip();

    void createActions();
    void createStatusBar();
    void updateActions();
    // The run figures in the status bar, from the controller; on the charts' refresh, never per event.
    void refreshRunStatus();
    void showRunStatus(const RunStatus& status);
    void showSpeed();
    // The step grains the chosen algorithm has: a move on the board, one of its steps.
    void offerStepGrains();
    void onEventsPlayed(std::uint64_t runId, const std::vector<Event>& events, bool animate);
    void onRunFinished(const Finished& finished);
    // `budgets` false leaves the panel's step and time budgets out: a lesson's run ends where its plan's does.
    void startRun(bool paused, bool budgets = true);
    // Ends a running or paused run explicitly, `why` said in the log; its charts and explanations cleared.
    void endActiveRun(const QString& why);
    // The first launch's "what to press" line, naming the chosen algorithm.
    void showWelcomeMessage();
    // Asks before a new puzzle throws away progress solving this one by hand; true to go on. A window without
    // settings (scripted, tests) asks only through setLeavingConfirmation.
    bool confirmLeavingHandSolving();
    void stopReplay();
    void closeRecording();
    // Opens the recording at `path` and shows its timeline at `fraction` of the run (default: the end); the
    // error ("file:line:column: message") or empty. Cancel in the progress dialog leaves the window as it was
    // and sets `*cancelled`, or without `cancelled` counts as an error.
    QString showRecording(const QString& path, std::optional<double> fraction = std::nullopt, bool* cancelled = nullptr);
    // Replays `recording` into a timeline on a thread of its own. A long replay shows a progress dialog with
    // Cancel and the window keeps painting; a short one (under kQuietLoadMs) ends before any dialog shows.
    // `explain`: keep the steps' decisions (TimelineLoadOptions::explain), for a replay the Decisions dock follows.
    TimelineLoad loadTimeline(RunRecording recording, const QString& what, bool explain = false);
    static constexpr int kQuietLoadMs = 200;
    static bool isRecordingFile(const QString& path);
    void openRecordingDialog();
    void saveRecordingDialog();
    bool canSaveRecording() const;
    // The window's last finished or stopped run as a recording; none while a run is active.
    std::optional<RunRecording> lastRunRecording() const;
    // The Decisions dock for the replay's position: the explained steps up to it.
    void showReplayedDecisions(std::size_t position);
    // The recording shown in the replay, else the last run's.
    std::optional<RunRecording> shownRecording() const;
    // The puzzle, the chosen algorithm, its parameters, the next seed and the budgets of the panel.
    RunRequest requestFromPanel();
    void onEditRequested(const Move& move);
    // The entries of a partly bad puzzle file that were left out, each with its file:line:column, in the log.
    void noteSkippedEntries(const QStringList& errors);
    void openDialog();
    void pasteFromClipboard();
    void saveAs();
    void copyBoard(SudokuTextStyle style);
    void newEmpty(SudokuShape shape);
    void useBoardAsGivens();
    void checkAgainstSolution();
    void addRecentFile(const QString& path);
    void rebuildRecentMenu();
    void readSettings();
    void writeSettings() const;
    void saveAlgorithmSettings() const;
    void restoreAlgorithmSettings(const QString& id);
    void updateTitle();
    void probeTick();
    // main_window_layout.cpp
    void createLayoutActions();
    void fitToolbar();
    void updateDocks();

    QString m_puzzlesDir;
    bool m_useSettings;
    BoardModel* m_model;
    BoardView* m_view;
    BoardLegend* m_boardLegend;
    DecisionBoardsView* m_decisionBoards;
    AlgorithmPanel* m_panel;
    ChartPanel* m_charts;
    LogPane* m_log;
    PuzzleLibrary* m_library;
    RunController* m_controller;
    QUndoStack* m_undo;
    QString m_puzzleFile;

    QAction* m_runAction = nullptr;
    QAction* m_pauseAction = nullptr;
    QAction* m_stepAction = nullptr;
    QAction* m_stepBackAction = nullptr;
    LiveStepBack* m_stepBack = nullptr;
    RunUntilMenu* m_runUntilMenu = nullptr;
    QAction* m_stopAction = nullptr;
    QAction* m_resetAction = nullptr;
    QAction* m_heatMapAction = nullptr;
    QAction* m_conflictsAction = nullptr;
    QAction* m_pencilAction = nullptr;
    QAction* m_darkAction = nullptr;
    QAction* m_hintAction = nullptr;
    QAction* m_solveLogicAction = nullptr;
    DifficultyLab* m_difficultyLab = nullptr;
    GenerateDialog* m_generateDialog = nullptr;
    HandSolving* m_handSolving = nullptr;
    CompareView* m_compareView = nullptr;
    RaceView* m_raceView = nullptr;
    QAction* m_replayAction = nullptr;
    ProgramView* m_programView = nullptr;  // in the docks
    DecisionPanel* m_decisions = nullptr;  // in the docks
    bool m_decisionsThisRun = false;
    std::optional<RunRequest> m_lastRequest;
    QThread* m_replayWorker = nullptr;
    std::deque<Event> m_replayEvents;
    QTimer m_replayTimer;
    std::optional<Finished> m_lastFinished;  // how the run of m_lastRequest ended
    ReplayView* m_replayView = nullptr;
    QDockWidget* m_replayDock = nullptr;
    QAction* m_saveRecordingAction = nullptr;
    QAction* m_exportAnimationAction = nullptr;
    QAction* m_exportDecisionsAction = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_viewMenu = nullptr;
    QComboBox* m_grainCombo = nullptr;
    QComboBox* m_heatMapCombo = nullptr;
    QSlider* m_speedSlider = nullptr;
    QLabel* m_speedLabel = nullptr;
    RunStatusBar* m_statusBar = nullptr;
    // main_window_layout.cpp
    WindowDocks* m_docks = nullptr;
    PresentationMode* m_presentation = nullptr;
    LessonPlayer* m_lessonPlayer = nullptr;
    QDockWidget* m_lessonDock = nullptr;
    QDockWidget* m_questionDock = nullptr;  // the slide's question, beside the board
    QWidget* m_teacherNotes = nullptr;
    QAction* m_teacherNotesAction = nullptr;
    QMenu* m_lessonMenu = nullptr;
    QAction* m_openLessonAction = nullptr;  // in the File and Lesson menus
    QTimer m_lessonLanding;                  // polls for the slide's step while one is on its way
    std::uint64_t m_lessonTarget = 0;        // the step the run is to stand on
    std::vector<int> m_lessonOutline;        // the slide's cells, outlined once it stands there
    HelpWindow* m_helpWindow = nullptr;
    QString m_programAlgorithm;  // the algorithm whose program the Program dock shows
    QString m_decisionsAlgorithm;  // the algorithm whose steps the Decisions dock shows
    QStringList m_recentFiles;

    QTimer m_probe;
    QElapsedTimer m_probeClock;
    double m_longestStallMs = 0;
    QString m_currentAlgorithm;
    int m_hintLevel = 0;
    std::optional<Board> m_hintBoard;  // the board the last hint was given for
    QString m_lastHint;
    QString m_welcomeMessage;
    std::function<bool(const QString&)> m_confirmLeaving;
};

}  // namespace pw::ui
