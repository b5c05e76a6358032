// The window's side of lessons: the Lesson menu, the player's dock under the board, showing a slide (its run
// started afresh and advanced to the slide's step), revealing a question's step, capturing the window for a
// new slide, the teacher's notes window and practice mode.

#include "window/main_window.h"

#include "board/board_model.h"
#include "export/animation_settings.h"
#include "lesson/lesson_handout.h"
#include "lesson/practice_dialog.h"
#include "replay/live_step_back.h"
#include "run/algorithm_panel.h"
#include "run/log_pane.h"
#include "window/presentation_mode.h"
#include "window/window_docks.h"

#include "io/puzzle_text.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QStatusBar>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace pw::ui {

namespace {
constexpr int kLandingPollMs = 30;
}  // namespace

bool MainWindow::isLessonFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return false;
    return looksLikeLesson(file.read(4096).toStdString());
}

void MainWindow::createLessonActions() {
    m_lessonMenu = menuBar()->addMenu(tr("&Lesson"));
    m_lessonMenu->setObjectName(QStringLiteral("lessonMenu"));
    m_lessonMenu->addAction(m_openLessonAction);  // also in the File menu
    m_openLessonAction->setObjectName(QStringLiteral("openLessonAction"));
    m_openLessonAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_lessonMenu->addAction(tr("&New lesson"), this, &MainWindow::newLesson)->setObjectName(QStringLiteral("newLessonAction"));
    QAction* save = m_lessonMenu->addAction(tr("&Save lesson as…"), this, &MainWindow::saveLessonDialog);
    save->setObjectName(QStringLiteral("saveLessonAction"));
    m_lessonMenu->addAction(tr("E&xport handout…"), this, &MainWindow::exportHandoutDialog)
        ->setObjectName(QStringLiteral("exportHandoutAction"));
    m_lessonMenu->addSeparator();
    m_teacherNotesAction = m_lessonMenu->addAction(tr("&Teacher notes"), this, [this](bool on) { showTeacherNotes(on); });
    m_teacherNotesAction->setObjectName(QStringLiteral("teacherNotesAction"));
    m_teacherNotesAction->setCheckable(true);
    m_teacherNotesAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T));
    m_teacherNotesAction->setToolTip(tr("The slide's notes in a window of their own, for the teacher's screen"));
    addAction(m_teacherNotesAction);  // the key works in presentation mode too, without the menu bar
    m_lessonMenu->addSeparator();
    m_lessonMenu->addAction(tr("&Practice…"), this, &MainWindow::openPractice)->setObjectName(QStringLiteral("practiceAction"));
    m_lessonLanding.setInterval(kLandingPollMs);
    connect(&m_lessonLanding, &QTimer::timeout, this, &MainWindow::checkLessonLanded);
}

LessonPlayer* MainWindow::lessonPlayer() {
    if (m_lessonPlayer) return m_lessonPlayer;
    m_lessonPlayer = new LessonPlayer(this);
    m_lessonDock = new QDockWidget(tr("Lesson"), this);
    m_lessonDock->setObjectName(QStringLiteral("lessonDock"));
    m_lessonDock->setWidget(m_lessonPlayer);
    m_lessonDock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable);
    m_lessonDock->setTitleBarWidget(new QWidget(m_lessonDock));  // the strip says what it is; View ▸ Lesson hides it
    // Above the board, the window's full width: the caption is read first, and the Log and Decisions below keep
    // their places.
    addDockWidget(Qt::TopDockWidgetArea, m_lessonDock);
    m_viewMenu->addAction(m_lessonDock->toggleViewAction());
    // The question beside the board, on its left: in presentation mode that column is free (the Algorithm and
    // Puzzles docks stay behind), and the charts keep theirs.
    m_questionDock = new QDockWidget(tr("Question"), this);
    m_questionDock->setObjectName(QStringLiteral("lessonQuestionDock"));
    m_questionDock->setWidget(m_lessonPlayer->questionPanel());
    m_questionDock->setFeatures(QDockWidget::DockWidgetMovable);
    addDockWidget(Qt::LeftDockWidgetArea, m_questionDock);
    m_questionDock->hide();
    connect(m_lessonPlayer, &LessonPlayer::questionShown, m_questionDock, [this](bool asks) {
        m_questionDock->setVisible(asks);
        m_lessonPlayer->questionPanel()->setVisible(asks);
    });
    m_lessonPlayer->setCapture([this] { return captureForLesson(); });
    connect(m_lessonPlayer, &LessonPlayer::slideWanted, this, &MainWindow::showLessonSlide);
    connect(m_lessonPlayer, &LessonPlayer::revealWanted, this, &MainWindow::revealLessonStep);
    connect(m_lessonPlayer, &LessonPlayer::slideChanged, this, &MainWindow::updateTeacherNotes);
    connect(m_lessonPlayer, &LessonPlayer::message, this, [this](const QString& text) {
        statusBar()->showMessage(text, 8000);
        m_log->addNote(text);
    });
    return m_lessonPlayer;
}

void MainWindow::fitLessonStrip() {
    if (!m_lessonDock || !m_lessonDock->isVisible()) return;
    // The strip as high as its three lines of caption; in presentation mode the Decisions strip under the board
    // gives up half its quarter of the screen, so that the board stays the largest thing.
    resizeDocks({m_lessonDock}, {m_lessonPlayer->sizeHint().height()}, Qt::Vertical);
    if (presentationMode() && decisionDock()->isVisible())
        resizeDocks({decisionDock()}, {screen()->geometry().height() / 8}, Qt::Vertical);
}

QString MainWindow::openLesson(const QString& path, bool quiet) {
    LessonPlayer* player = lessonPlayer();
    const QString error = player->openLesson(path);
    if (!error.isEmpty()) {
        m_log->addNote(error);
        if (!quiet) QMessageBox::warning(this, tr("Cannot open lesson"), error);
        return error;
    }
    player->setAuthoring(false);
    m_lessonDock->show();
    m_log->addNote(tr("lesson %1: %2 slides").arg(QFileInfo(path).fileName()).arg(player->slideCount()));
    return {};
}

LessonPlayer* MainWindow::newLesson() {
    LessonPlayer* player = lessonPlayer();
    player->newLesson();
    m_lessonDock->show();
    return player;
}

QString MainWindow::saveLesson(const QString& path) {
    if (!m_lessonPlayer) return tr("no lesson to save");
    return m_lessonPlayer->save(path);
}

void MainWindow::openLessonDialog() {
    const QString dir = m_lessonPlayer && !m_lessonPlayer->path().isEmpty() ? QFileInfo(m_lessonPlayer->path()).path()
                                                                            : m_puzzlesDir + QStringLiteral("/lessons");
    const QString path = QFileDialog::getOpenFileName(this, tr("Open lesson"), dir, tr("Lessons (*.json)"));
    if (!path.isEmpty()) openLesson(path);
}

void MainWindow::saveLessonDialog() {
    if (!m_lessonPlayer || !m_lessonPlayer->hasLesson()) {
        statusBar()->showMessage(tr("No lesson to save: Lesson ▸ New lesson starts one"), 5000);
        return;
    }
    QString path = QFileDialog::getSaveFileName(this, tr("Save lesson"), m_lessonPlayer->path(), tr("Lessons (*.json)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".json");
    const QString error = saveLesson(path);
    if (!error.isEmpty()) QMessageBox::warning(this, tr("Cannot save lesson"), error);
    else statusBar()->showMessage(tr("Lesson saved to %1").arg(path), 5000);
}

QString MainWindow::exportLessonHandout(const QString& path, bool withNotes) {
    if (!m_lessonPlayer || !m_lessonPlayer->hasLesson() || m_lessonPlayer->slideCount() == 0)
        return tr("no lesson to export: Lesson ▸ Open lesson… opens one");
    return writeLessonHandout(*m_lessonPlayer->lesson(), m_lessonPlayer->plan(), path, withNotes);
}

void MainWindow::exportHandoutDialog() {
    QString path = QFileDialog::getSaveFileName(this, tr("Export lesson handout"), QString(),
                                                tr("PDF (*.pdf);;HTML (*.html);;Video (*.mp4 *.webm *.gif)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".pdf");
    const bool video = animationFormatForPath(path).has_value();
    const bool withNotes = !video && QMessageBox::question(this, tr("Export lesson handout"),
                                                           tr("Put the teacher notes in the handout too?")) == QMessageBox::Yes;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const QString error = exportLessonHandout(path, withNotes);
    QApplication::restoreOverrideCursor();
    if (!error.isEmpty()) QMessageBox::warning(this, tr("Cannot export handout"), error);
    else statusBar()->showMessage(tr("Handout written to %1").arg(path), 5000);
}

void MainWindow::showLessonSlide(const SlideState& state) {
    // A slide is a run started afresh with the slide's inputs and advanced to its step: the same board every
    // time, whichever slide came before.
    if (m_controller->isActive()) m_controller->discard();
    stopReplay();
    closeRecording();
    const Puzzle& shown = m_model->puzzle();
    if (shown.kind() != state.puzzle.kind() || boardText(shown.startBoard()) != boardText(state.puzzle.startBoard()) ||
        shown.id != state.puzzle.id)
        setPuzzle(state.puzzle);
    m_panel->setAlgorithm(state.algorithmId);
    m_panel->setParameters(state.parameters);
    m_panel->setRandomSeed(false);
    m_panel->setSeed(state.seed);
    setStepsPerSecond(state.speed > 0 ? state.speed : RunController::kFlatOut);
    if (state.panels) m_presentation->presentPanels([&state] {
        QStringList keys;
        for (const std::string& key : *state.panels) keys.append(QString::fromStdString(key));
        return keys;
    }());
    if (state.zoom && std::abs(*state.zoom - zoomLevel()) > 1e-9) setZoom(*state.zoom);
    fitLessonStrip();
    m_lessonOutline = state.outline;
    if (state.quiz)
        m_lessonOutline.insert(m_lessonOutline.end(), state.quiz->cells.begin(), state.quiz->cells.end());
    startRun(true, false);  // no budget: the run ends where the algorithm ends, as the plan's does
    m_lessonTarget = state.step;
    m_controller->advanceTo(state.step);
    m_lessonLanding.start();
}

void MainWindow::revealLessonStep(std::uint64_t step) {
    m_lessonOutline.clear();
    m_lessonTarget = step;
    m_controller->advanceTo(step);
    m_lessonLanding.start();
}

void MainWindow::checkLessonLanded() {
    const RunState state = m_controller->state();
    const bool ended = state == RunState::Finished || state == RunState::Idle;
    if (!ended && !(m_controller->settled() && m_controller->status().counters.steps >= m_lessonTarget)) return;
    m_lessonLanding.stop();
    if (!m_lessonOutline.empty()) m_model->setHighlightedCells(m_lessonOutline);
    if (m_lessonPlayer) m_lessonPlayer->landed();
}

std::optional<CapturedState> MainWindow::captureForLesson() {
    const AlgorithmInfo* info = m_panel->algorithmInfo();
    if (!info || !info->supports(m_model->puzzle().kind()) || !m_panel->parametersValid()) return std::nullopt;
    CapturedState captured;
    captured.puzzle = m_model->puzzle();
    captured.algorithmId = info->id;
    // The run shown is the one captured: its own inputs, or the panel's when no run was made yet.
    const bool shownRun = m_lastRequest && m_lastRequest->algorithmId == info->id &&
                          m_lastRequest->puzzle.kind() == captured.puzzle.kind() &&
                          boardText(m_lastRequest->puzzle.startBoard()) == boardText(captured.puzzle.startBoard());
    captured.parameters = shownRun ? m_lastRequest->parameters : m_panel->parameters();
    captured.seed = shownRun ? m_lastRequest->seed : m_panel->seed();
    captured.step = shownRun ? m_controller->status().counters.steps : 0;
    if (shownRun && m_stepBack->isSteppedBack()) captured.step = m_stepBack->shownStep();
    captured.speed = m_controller->paced() ? m_controller->stepsPerSecond() : 0;
    for (const QString& key : m_presentation->presentedPanels()) captured.panels.push_back(key.toStdString());
    captured.zoom = zoomLevel();
    for (int cell = 0; cell < m_model->cellCount(); ++cell)
        if (m_model->isHighlighted(cell)) captured.outline.push_back(cell);
    return captured;
}

QWidget* MainWindow::showTeacherNotes(bool shown) {
    if (!m_teacherNotes) {
        m_teacherNotes = new QWidget(this, Qt::Window);
        m_teacherNotes->setObjectName(QStringLiteral("teacherNotes"));
        m_teacherNotes->setWindowTitle(tr("Teacher notes — Puzzle Workbench"));
        auto* layout = new QVBoxLayout(m_teacherNotes);
        auto* text = new QTextBrowser(m_teacherNotes);
        text->setObjectName(QStringLiteral("teacherNotesText"));
        layout->addWidget(text);
        m_teacherNotes->resize(520, 420);
    }
    {
        const QSignalBlocker blocker(m_teacherNotesAction);
        m_teacherNotesAction->setChecked(shown);
    }
    m_teacherNotes->setVisible(shown);
    updateTeacherNotes();
    return m_teacherNotes;
}

void MainWindow::updateTeacherNotes() {
    if (!m_teacherNotes || !m_teacherNotes->isVisible()) return;
    auto* text = m_teacherNotes->findChild<QTextBrowser*>(QStringLiteral("teacherNotesText"));
    text->setHtml(m_lessonPlayer ? m_lessonPlayer->notesHtml() : tr("<p>No lesson is open.</p>"));
}

PracticeDialog* MainWindow::openPractice() {
    auto* dialog = new PracticeDialog(m_model->puzzle(), m_panel->algorithmId(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

}  // namespace pw::ui
