// GUI tests of the workbench window on the offscreen platform: the generated parameter form, runs that change
// the board and feed the charts, pause / step / stop, safety of new runs and new puzzles during a run, undo,
// the library browser, pasting, Nurikabe clicks, conflicts, and the command-line hook (screenshot, bad options).

#include "algorithm_panel.h"
#include "board_model.h"
#include "board_view.h"
#include "charts/chart_panel.h"
#include "charts/histogram_chart.h"
#include "charts/scatter_plot.h"
#include "difficulty_lab.h"
#include "launch_options.h"
#include "log_pane.h"
#include "heuristic_moves.h"
#include "main_window.h"
#include "program_view.h"
#include "puzzle_library.h"
#include "repeat_runs_dialog.h"
#include "parameter_form.h"
#include "puzzle_io.h"
#include "run_controller.h"

#include <QAction>
#include <QCheckBox>
#include <QClipboard>
#include <QGuiApplication>
#include <QTreeWidget>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QProcess>
#include <QSet>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <set>

using namespace pw;
using namespace pw::ui;

namespace {
int filledCells(const BoardModel& model) {
    return model.isSudoku() ? model.sudoku().filledCount() : 0;
}
int outlinedCells(const BoardModel& model) {
    int count = 0;
    for (int cell = 0; cell < model.cellCount(); ++cell) count += model.isHighlighted(cell);
    return count;
}
int distinctColours(const QImage& image) {
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7) colours.insert(image.pixel(x, y));
    return static_cast<int>(colours.size());
}
constexpr const char* kEasySudoku =
    "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5";
}  // namespace

class UiTests : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("PuzzleWorkbenchTests"));
        QCoreApplication::setApplicationName(QStringLiteral("ui_tests"));
    }

    void formReflectsEveryAlgorithmsParameters() {
        AlgorithmPanel panel;
        for (const AlgorithmEntry& entry : algorithmRegistry()) {
            QVERIFY(panel.setAlgorithm(entry.info.id));
            QCOMPARE(panel.algorithmId(), entry.info.id);
            ParameterForm* form = panel.parameterForm();
            QCOMPARE(form->editorCount(), static_cast<int>(entry.info.parameters.size()));
            QCOMPARE(form->values(), ParameterValues(entry.info.parameters));  // defaults filled in
            for (const ParameterSpec& spec : entry.info.parameters) {
                QWidget* editor = form->editor(spec.key);
                QVERIFY2(editor, spec.key.c_str());
                QVERIFY(editor->toolTip().contains(QString::fromStdString(spec.help).toHtmlEscaped()));
                if (!spec.citation.empty())
                    QVERIFY(editor->toolTip().contains(QString::fromStdString(spec.citation).toHtmlEscaped()));
                if (spec.type == ParameterType::Integer)
                    if (auto* box = qobject_cast<QSpinBox*>(editor)) {
                        QCOMPARE(box->minimum(), static_cast<int>(spec.minimum));
                        QCOMPARE(box->maximum(), static_cast<int>(spec.maximum));
                    }
                if (spec.type == ParameterType::Real) {
                    auto* box = qobject_cast<QDoubleSpinBox*>(editor);
                    QVERIFY(box);
                    QCOMPARE(box->minimum(), spec.minimum);
                    QCOMPARE(box->maximum(), spec.maximum);
                }
                if (spec.type == ParameterType::Choice) {
                    auto* box = qobject_cast<QComboBox*>(editor);
                    QVERIFY(box);
                    QCOMPARE(box->count(), static_cast<int>(spec.choices.size()));
                }
            }
        }
    }

    void formEditsAndResetsValues() {
        AlgorithmPanel panel;
        QVERIFY(panel.setAlgorithm("backtracking"));
        auto* order = qobject_cast<QComboBox*>(panel.parameterForm()->editor("cell_order"));
        QVERIFY(order);
        QSignalSpy changed(&panel, &AlgorithmPanel::settingsChanged);
        const int other = order->currentIndex() == 0 ? 1 : 0;
        order->setCurrentIndex(other);
        QVERIFY(changed.count() > 0);
        QCOMPARE(panel.parameters().choice("cell_order"), order->itemText(other).toStdString());
        panel.parameterForm()->resetToDefaults();
        QCOMPARE(panel.parameters(), ParameterValues(findAlgorithm("backtracking")->info.parameters));
    }

    void runFromThePanelChangesTheBoardAndAddsChartPoints() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kEasySudoku), QStringLiteral("<test>"), true));
        QVERIFY(window.algorithmPanel()->setAlgorithm("backtracking"));
        window.setMovesPerSecond(RunController::kFlatOut);
        const int givens = filledCells(*window.boardModel());
        QSignalSpy finished(&window, &MainWindow::runFinished);
        QSignalSpy changed(window.boardModel(), &BoardModel::cellChanged);
        window.run();
        QVERIFY(finished.wait(20000));
        QVERIFY(changed.count() > 0);
        QCOMPARE(filledCells(*window.boardModel()), 81);
        QVERIFY(filledCells(*window.boardModel()) > givens);
        QVERIFY(window.boardModel()->sudoku().isSolved());
        window.chartPanel()->refreshNow();
        QVERIFY(window.chartPanel()->costPointCount(QStringLiteral("best")) > 1);
        QVERIFY(window.boardModel()->hasHeatMap());
        QVERIFY(!window.logPane()->toPlainText().isEmpty());
    }

    // Flat out the solver sends no moves: the board must still follow the run through snapshots, long before
    // the run ends.
    void flatOutBoardFollowsTheRunBeforeItEnds() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        // No solution (r1c9 can hold nothing), so annealing runs until it is stopped.
        QVERIFY(window.openText(QStringLiteral("12345678.........9") + QString(63, QLatin1Char('.')),
                                QStringLiteral("<test>"), true));
        QVERIFY(window.algorithmPanel()->setAlgorithm("sa"));
        window.setMovesPerSecond(RunController::kFlatOut);
        const Board start = window.boardModel()->board();
        window.run();
        QTRY_VERIFY_WITH_TIMEOUT(window.boardModel()->board() != start, 5000);  // the initial fill
        const Board filled = window.boardModel()->board();
        QTRY_VERIFY_WITH_TIMEOUT(window.boardModel()->board() != filled, 5000);  // swaps, via snapshots
        QCOMPARE(window.controller()->state(), RunState::Running);
        QSignalSpy finished(&window, &MainWindow::runFinished);
        window.stop();
        QVERIFY(finished.count() == 1 || finished.wait(5000));
    }

    void slowRunIsPacedAndAnimatedMoveByMove() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kEasySudoku), QStringLiteral("<test>"), true));
        window.setMovesPerSecond(20);
        const int givens = filledCells(*window.boardModel());
        window.run();
        QTest::qWait(500);
        const int shown = filledCells(*window.boardModel()) - givens;
        // About ten moves in half a second at 20 moves per second: paced by the window, not the solver.
        QVERIFY2(shown >= 2 && shown <= 20, qPrintable(QString::number(shown)));
        window.stop();
    }

    void pauseStepAndStopBehave() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kEasySudoku), QStringLiteral("<test>"), true));
        window.setMovesPerSecond(5);
        RunController* controller = window.controller();
        window.run();
        QCOMPARE(controller->state(), RunState::Running);
        QTest::qWait(400);
        window.pause();
        QCOMPARE(controller->state(), RunState::Paused);
        QTest::qWait(100);
        const Board paused = window.boardModel()->board();
        const std::uint64_t pausedSteps = controller->status().counters.steps;
        QTest::qWait(400);
        QVERIFY(window.boardModel()->board() == paused);  // nothing moves while paused
        QCOMPARE(controller->status().counters.steps, pausedSteps);

        // One move: exactly one cell changes.
        window.setStepGrain(StepGrain::Move);
        QSignalSpy cells(window.boardModel(), &BoardModel::cellChanged);
        window.step();
        QTRY_VERIFY_WITH_TIMEOUT(!(window.boardModel()->board() == paused), 2000);
        QCOMPARE(filledCells(*window.boardModel()), [&] {
            int count = 0;
            for (int cell = 0; cell < 81; ++cell) count += std::get<SudokuGrid>(paused).isEmpty(cell) ? 0 : 1;
            return count + 1;
        }());

        // One iteration: the step counter advances (by one, unless moves queued ahead are shown first).
        window.setStepGrain(StepGrain::Iteration);
        const std::uint64_t before = controller->status().counters.steps;
        window.step();
        QTRY_VERIFY_WITH_TIMEOUT(controller->status().counters.steps > before, 2000);
        QCOMPARE(controller->state(), RunState::Paused);

        // Stop ends the run promptly with the Stopped outcome.
        QSignalSpy finished(&window, &MainWindow::runFinished);
        QElapsedTimer clock;
        clock.start();
        window.stop();
        QVERIFY(finished.count() == 1 || finished.wait(2000));
        qInfo("stop took %lld ms", static_cast<long long>(clock.elapsed()));
        QVERIFY(clock.elapsed() < 500);
        QCOMPARE(finished.first().first().value<Finished>().outcome, Outcome::Stopped);
        QCOMPARE(controller->state(), RunState::Finished);
    }

    void newPuzzleOrNewRunDuringARunIsSafe() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        window.setMovesPerSecond(RunController::kFlatOut);
        QVERIFY(window.algorithmPanel()->setAlgorithm("backtracking"));
        window.algorithmPanel()->setStepLimit(0);
        for (int i = 0; i < 5; ++i) {
            window.run();
            QTest::qWait(5);
        }
        QVERIFY(window.openText(QString::fromLatin1(kEasySudoku), QStringLiteral("<other>"), true));
        const Board givens = window.boardModel()->board();
        QTest::qWait(300);
        // Nothing of the discarded runs reached the new board.
        QVERIFY(window.boardModel()->board() == givens);
        QCOMPARE(window.controller()->state(), RunState::Idle);
        window.setMovesPerSecond(2);
        window.run();
        QTest::qWait(50);
        // Closing during a run is safe too (the destructor stops the worker).
    }

    void typingUndoAndRedo() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kEasySudoku), QStringLiteral("<test>"), true));
        BoardView* view = window.boardView();
        const int cell = 1;  // empty in kEasySudoku
        QVERIFY(window.boardModel()->sudoku().isEmpty(cell));
        view->setSelectedCell(cell);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_6);
        QCOMPARE(window.boardModel()->sudoku().value(cell), 6);
        QCOMPARE(window.boardModel()->origin(cell), CellOrigin::User);
        QTest::keyClick(view, Qt::Key_2, Qt::AltModifier);  // a filled cell takes no pencil marks
        window.undoStack()->undo();
        QVERIFY(window.boardModel()->sudoku().isEmpty(cell));
        QTest::keyClick(view, Qt::Key_3, Qt::AltModifier);
        QVERIFY(window.boardModel()->sudoku().marks(cell) & (1u << 2));
        window.undoStack()->undo();
        window.undoStack()->redo();
        QVERIFY(window.boardModel()->sudoku().marks(cell) & (1u << 2));
        view->setSelectedCell(0);  // a given
        QTest::keyClick(view, Qt::Key_9);
        QCOMPARE(window.boardModel()->sudoku().value(0), 4);
    }

    // Asking again on the same board tells more; an edit starts over. The cells a hint names are outlined.
    void hintsEscalateAndOutlineCells() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kEasySudoku), QStringLiteral("<test>"), true));
        BoardModel* model = window.boardModel();
        auto outlined = [model] { return outlinedCells(*model); };
        window.showHint();
        QVERIFY2(window.lastHint().startsWith(QStringLiteral("Look for a ")), qPrintable(window.lastHint()));
        QCOMPARE(outlined(), 0);
        window.showHint();
        QVERIFY(window.lastHint().startsWith(QStringLiteral("Look for a ")));
        QVERIFY(outlined() > 0);
        window.showHint();
        QVERIFY2(window.lastHint().contains(QStringLiteral("can only hold")) ||
                     window.lastHint().contains(QStringLiteral("can hold")),
                 qPrintable(window.lastHint()));
        window.showHint();  // level 3 stays level 3
        QVERIFY(window.lastHint().contains(QStringLiteral("hold")));
        QVERIFY(window.logPane()->toPlainText().contains(QStringLiteral("hint, level 3")));

        // A wrong digit in r1c2 (its solution is 6): the next hint, back at level 1, reports the mistake.
        BoardView* view = window.boardView();
        view->setSelectedCell(1);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_7);
        QCOMPARE(outlined(), 0);  // an edit clears the outline
        window.showHint();
        QCOMPARE(window.lastHint(), QStringLiteral("There is a mistake on the board."));
        window.showHint();
        QCOMPARE(window.lastHint(), QStringLiteral("Check r1c2."));
        QVERIFY(model->isHighlighted(1));
        window.showHint();
        QCOMPARE(window.lastHint(), QStringLiteral("r1c2 holds 7, but the solution has 6 there."));
    }

    // Solve with logic runs `logic` with refutation: a hard puzzle is solved, every step is explained in the
    // log, and the cells of the latest step are outlined.
    void solveWithLogicExplainsEveryStep() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QStringLiteral("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."),
                                QStringLiteral("<test>"), true));
        QSignalSpy finished(&window, &MainWindow::runFinished);
        window.solveWithLogic();
        QCOMPARE(window.algorithmPanel()->algorithmId(), std::string("logic"));
        QCOMPARE(window.controller()->movesPerSecond(), 2.0);  // a readable pace
        QTRY_VERIFY_WITH_TIMEOUT(window.logPane()->toPlainText().contains(QStringLiteral("single: ")), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(outlinedCells(*window.boardModel()) > 0, 5000);
        window.setMovesPerSecond(RunController::kFlatOut);
        QVERIFY(finished.count() == 1 || finished.wait(20000));
        QVERIFY(window.boardModel()->sudoku().isSolved());
        QVERIFY(window.logPane()->toPlainText().contains(QStringLiteral("refutation: ")));
    }

    // The lab rates a set on threads, correlates with the bundled human data, plots and exports; Stop leaves
    // nothing half-computed; the filling-order view fills both boards with heat maps.
    void difficultyLabRatesCorrelatesAndExports() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        DifficultyLab* lab = window.openDifficultyLab();
        QCOMPARE(lab->puzzles().size(), std::size_t{344});  // the bundled human-difficulty set
        lab->setMetrics({QStringLiteral("givens"), QStringLiteral("candidates-after-singles")});
        QVERIFY(lab->setHumanColumn(QStringLiteral("D_TO")));
        QSignalSpy finished(lab, &DifficultyLab::ratingFinished);
        lab->startRating();
        QVERIFY(lab->isRating());
        QVERIFY(finished.wait(60000));
        QCOMPARE(lab->ratings().size(), std::size_t{344});
        QVERIFY(lab->ratings().front()[0].has_value());
        const QString r = lab->correlationText(QStringLiteral("givens"), QStringLiteral("pearson"));
        QVERIFY2(r.contains(QLatin1Char('[')), qPrintable(r));
        QVERIFY(lab->scatterPlot()->shownPointCount() > 300);
        QVERIFY(lab->scatterPlot()->hasFittedLine());

        QTemporaryDir dir;
        QString error;
        QVERIFY2(lab->exportCsv(dir.filePath(QStringLiteral("ratings.csv")), error), qPrintable(error));
        QFile csv(dir.filePath(QStringLiteral("ratings.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readLine().trimmed(), QByteArray("id,puzzle,givens,candidates-after-singles,D_TO"));
        for (const char* name : {"plot.png", "plot.svg"}) {
            QVERIFY2(lab->scatterPlot()->exportImage(dir.filePath(QString::fromLatin1(name)), error), qPrintable(error));
            QVERIFY(QFileInfo(dir.filePath(QString::fromLatin1(name))).size() > 1000);
        }
        QVERIFY(!lab->scatterPlot()->exportImage(dir.filePath(QStringLiteral("plot.gif")), error));
        QVERIFY(error.contains(QStringLiteral(".svg")));

        // Stop: the run ends without a table.
        lab->setMetrics({QStringLiteral("sa-steps")});
        lab->startRating();
        lab->stopRating();
        QVERIFY(finished.wait(60000));
        QVERIFY(lab->ratings().empty());

        QSignalSpy predicted(lab, &DifficultyLab::fillingOrderFinished);
        lab->setFillingOrderPuzzle(window.boardModel()->puzzle());
        lab->computeFillingOrder(3);
        QVERIFY(predicted.wait(60000));
        QVERIFY(lab->fillingOrderModel(0)->hasHeatMap());
        QVERIFY(lab->fillingOrderModel(1)->hasHeatMap());
    }

    // A gp run fills the program view; Replay program repeats the run headless and plays the best program
    // back move by move, each move highlighted, ending on the run's solution.
    void gpProgramIsShownAndReplayed() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kEasySudoku), QStringLiteral("<test>"), true));
        QVERIFY(window.algorithmPanel()->setAlgorithm("gp"));
        window.algorithmPanel()->setRandomSeed(false);
        window.algorithmPanel()->setSeed(3);
        window.setMovesPerSecond(RunController::kFlatOut);
        QSignalSpy finished(&window, &MainWindow::runFinished);
        window.run();
        QVERIFY(finished.wait(30000));
        QVERIFY(window.boardModel()->sudoku().isSolved());
        const SudokuGrid solved = window.boardModel()->sudoku();
        const QString program = window.programView()->program();
        QVERIFY(!program.isEmpty());
        for (QChar move : program) QVERIFY(isHeuristicMove(move.toLatin1()));

        window.setMovesPerSecond(250);
        std::set<int> highlighted;
        window.replayProgram();
        QVERIFY(window.isReplaying());
        QElapsedTimer clock;
        clock.start();
        while (window.isReplaying() && clock.elapsed() < 30000) {
            QTest::qWait(5);
            highlighted.insert(window.programView()->highlight());
        }
        QVERIFY(!window.isReplaying());
        QCOMPARE(window.boardModel()->sudoku(), solved);
        QVERIFY(highlighted.count(0));  // the first move was highlighted on its way
        QCOMPARE(window.programView()->program(), program);
        QVERIFY(window.logPane()->toPlainText().contains(QStringLiteral("replaying program")));
    }

    // Repeated runs give the success rate and the histogram of the generation a solution appeared in.
    void repeatedRunsSummariseGenerations() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        // Sato and Inoue's "difficult 28": gp needs a few generations for it.
        QVERIFY(window.openText(QStringLiteral("5.......99..8.5..63..9.7..5....9.....9..1..2..38...94.4.......2..35.96....24.13.."),
                                QStringLiteral("<test>"), true));
        QVERIFY(window.algorithmPanel()->setAlgorithm("gp"));
        RepeatRunsDialog* dialog = window.openRepeatRuns();
        QVERIFY(dialog);
        dialog->setRuns(12);
        QSignalSpy finished(dialog, &RepeatRunsDialog::finished);
        dialog->start();
        QVERIFY(dialog->isRunning());
        QVERIFY(finished.wait(60000));
        QCOMPARE(dialog->results().size(), std::size_t{12});
        QVERIFY2(dialog->summary().contains(QStringLiteral(" of 12 runs solved")), qPrintable(dialog->summary()));
        QVERIFY(dialog->summary().contains(QStringLiteral("Generation of the solution")));
        QVERIFY(dialog->histogram()->barCount() >= 1);
    }

    // A solver's candidate moves (AC3's domain reductions) change the candidate table the board shows, never the
    // player's pencil marks.
    void solverCandidateMovesChangeTheCandidateTable() {
        BoardModel model;
        model.setPuzzle(Puzzle{"t", "t", SudokuPuzzle{SudokuGrid(), std::nullopt}});
        model.setSolverCandidates(std::vector<std::uint16_t>(81, 0x1FF));
        QSignalSpy changed(&model, &BoardModel::cellChanged);
        model.applyMove(Move::eliminate(10, 4), CellOrigin::Solver, true);
        QCOMPARE(model.solverCandidates()[10], std::uint16_t(0x1FF & ~(1u << 3)));
        QCOMPARE(model.sudoku().marks(10), DigitMask(0));
        QVERIFY(changed.count() >= 1);
        model.applyMove(Move::restore(10, 4), CellOrigin::Solver);
        QCOMPARE(model.solverCandidates()[10], std::uint16_t(0x1FF));
        model.applyMove(Move::restore(11, 2), CellOrigin::User);  // the player's pencil mark
        QVERIFY(model.sudoku().marks(11) & (1u << 1));
    }

    void libraryCountsSolutionsAndOpensPuzzles() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        auto* tree = window.library()->findChild<QTreeWidget*>(QStringLiteral("libraryTree"));
        QVERIFY(tree);
        auto fileItem = [tree](const QString& relativePath) -> QTreeWidgetItem* {
            for (int i = 0; i < tree->topLevelItemCount(); ++i)
                for (int j = 0; j < tree->topLevelItem(i)->childCount(); ++j)
                    if (tree->topLevelItem(i)->child(j)->text(0) == relativePath) return tree->topLevelItem(i)->child(j);
            return nullptr;
        };
        auto allStatuses = [](QTreeWidgetItem* item, const QString& status) {
            if (item->childCount() == 0) return false;
            for (int i = 0; i < item->childCount(); ++i)
                if (item->child(i)->text(1) != status) return false;
            return true;
        };
        QTreeWidgetItem* unique = fileItem(QStringLiteral("sudoku/famous_hard.csv"));
        QTreeWidgetItem* several = fileItem(QStringLiteral("sudoku/multiple_solutions/serg_sample.csv"));
        QTreeWidgetItem* nurikabe = fileItem(QStringLiteral("nurikabe/wikipedia_nikoli.txt"));
        QVERIFY(unique && several && nurikabe);
        unique->setExpanded(true);
        several->setExpanded(true);
        nurikabe->setExpanded(true);
        QTRY_VERIFY_WITH_TIMEOUT(allStatuses(unique, QStringLiteral("unique")), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(allStatuses(several, QStringLiteral("several")), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(allStatuses(nurikabe, QStringLiteral("unique")), 30000);
        emit tree->itemActivated(nurikabe->child(1), 0);
        QCOMPARE(QString::fromStdString(window.boardModel()->puzzle().id), nurikabe->child(1)->text(0));
        QVERIFY(!window.boardModel()->isSudoku());
    }

    void pastesAnyFormatTheCliReads() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QAction* paste = nullptr;
        for (QAction* action : window.findChildren<QAction*>())
            if (action->text() == QStringLiteral("&Paste puzzle")) paste = action;
        QVERIFY(paste);
        // A grid with box separators, as a forum post would have it.
        QGuiApplication::clipboard()->setText(QStringLiteral(
            "4 . . |9 5 . |1 . .\n8 . 7 |. 2 . |. . 6\n. . 3 |4 . . |9 . 8\n------+------+------\n"
            "5 2 . |. . 6 |. 3 .\n9 . . |. 7 . |. . 4\n. 1 . |8 . 3 |. 5 2\n------+------+------\n"
            "6 . 5 |. . 9 |3 . .\n2 . . |. 3 . |4 . 1\n. . 1 |. 8 4 |. . 5\n"));
        window.openText(QStringLiteral("1.3..4....2.3..1"), QStringLiteral("<test>"), true);  // something else first
        QCOMPARE(window.boardModel()->sudoku().size(), 4);
        paste->trigger();
        QCOMPARE(window.boardModel()->sudoku().size(), 9);
        QCOMPARE(Puzzle::boardLine(Board{window.boardModel()->sudoku()}), std::string(kEasySudoku));
    }

    void nurikabeCellsCycleByClick() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QStringLiteral("2 . .\n. . .\n. . 1\n"), QStringLiteral("<test>"), true));
        QVERIFY(!window.boardModel()->isSudoku());
        BoardView* view = window.boardView();
        const auto stateOf = [&](int cell) { return window.boardModel()->nurikabe().state(cell); };
        const QPoint centre = view->cellRect(4).center().toPoint();
        QCOMPARE(stateOf(4), NurikabeCell::Unknown);
        QTest::mouseClick(view, Qt::LeftButton, {}, centre);
        QCOMPARE(stateOf(4), NurikabeCell::River);
        QTest::mouseClick(view, Qt::LeftButton, {}, centre);
        QCOMPARE(stateOf(4), NurikabeCell::Island);
        QTest::mouseClick(view, Qt::LeftButton, {}, centre);
        QCOMPARE(stateOf(4), NurikabeCell::Unknown);
        window.undoStack()->undo();
        QCOMPARE(stateOf(4), NurikabeCell::Island);
        QTest::mouseClick(view, Qt::LeftButton, {}, view->cellRect(0).center().toPoint());  // a clue stays
        QCOMPARE(stateOf(0), NurikabeCell::Island);
        QCOMPARE(window.boardModel()->nurikabe().clue(0), 2);
    }

    // A broken Nurikabe rule is shown on its cells and named in the status bar; undo and redo follow.
    void nurikabeBrokenRulesAreNamedAndUndone() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QStringLiteral("2 . .\n. . .\n. . 1\n"), QStringLiteral("<test>"), true));
        BoardView* view = window.boardView();
        for (int cell : {1, 2, 4, 5}) QTest::mouseClick(view, Qt::LeftButton, {}, view->cellRect(cell).center().toPoint());
        const QStringList pool{QStringLiteral("pool: 2x2 pool of river at r1c2")};
        QCOMPARE(window.boardModel()->brokenRules(), pool);
        QVERIFY(window.boardModel()->isConflict(4));
        auto* label = window.findChild<QLabel*>(QStringLiteral("rulesLabel"));
        QVERIFY(label);
        QCOMPARE(label->text(), pool.front());
        window.undoStack()->undo();
        QVERIFY(window.boardModel()->brokenRules().isEmpty());
        QVERIFY(!window.boardModel()->isConflict(4));
        window.undoStack()->redo();
        QCOMPARE(window.boardModel()->brokenRules(), pool);
    }

    // Each Nurikabe search runs in the window: the board changes and its charts get points.
    void nurikabeAlgorithmsRunWithTheirCharts() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QStringLiteral(". . . . .\n. 4 . 4 .\n. . . . .\n. 4 . 4 .\n. . . . .\n"),
                                QStringLiteral("<test>"), true));
        window.setMovesPerSecond(RunController::kFlatOut);
        for (const char* id : {"nurikabe-sa", "nurikabe-harmony", "nurikabe-backtracking"}) {
            QVERIFY2(window.algorithmPanel()->setAlgorithm(id), id);
            const Board start = window.boardModel()->board();
            QSignalSpy finished(&window, &MainWindow::runFinished);
            window.run();
            QTRY_VERIFY_WITH_TIMEOUT(window.boardModel()->board() != start, 5000);
            QTest::qWait(300);
            window.stop();
            QVERIFY(finished.count() == 1 || finished.wait(5000));
            window.chartPanel()->refreshNow();
            QVERIFY2(window.chartPanel()->costPointCount(QStringLiteral("best")) > 1, id);
            if (std::string(id) == "nurikabe-sa")
                QVERIFY(window.chartPanel()->progressPointCount(QStringLiteral("temperature")) > 0);
            if (std::string(id) == "nurikabe-harmony")
                QVERIFY(window.chartPanel()->progressPointCount(QStringLiteral("population best")) > 0);
            window.reset();
        }
    }

    void typedConflictsAreCounted() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kEasySudoku), QStringLiteral("<test>"), true));
        QCOMPARE(window.boardModel()->conflictCount(), 0);
        BoardView* view = window.boardView();
        view->setSelectedCell(1);  // empty, and its row already holds a 4
        view->setFocus();
        QTest::keyClick(view, Qt::Key_4);
        QVERIFY(window.boardModel()->conflictCount() > 0);
        window.undoStack()->undo();
        QCOMPARE(window.boardModel()->conflictCount(), 0);
    }

    void windowRendersNonBlank() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QImage image = window.grab().toImage();
        QVERIFY(!image.isNull());
        QVERIFY(distinctColours(image) > 20);
    }

    void launchOptionsAreValidated() {
        auto parse = [](QStringList arguments) {
            arguments.prepend(QStringLiteral("puzzle-workbench"));
            return parseLaunchOptions(arguments);
        };
        QVERIFY(parse({QStringLiteral("--bogus")}).error.contains(QStringLiteral("bogus")));
        QVERIFY(!parse({QStringLiteral("--seed"), QStringLiteral("x")}).error.isEmpty());
        QVERIFY(!parse({QStringLiteral("--screenshot"), QStringLiteral("a.jpg")}).error.isEmpty());
        QVERIFY(!parse({QStringLiteral("--after-ms"), QStringLiteral("10")}).error.isEmpty());
        QVERIFY(parse({QStringLiteral("--hint"), QStringLiteral("4")}).error.contains(QStringLiteral("1 to 3")));
        QCOMPARE(parse({QStringLiteral("--hint"), QStringLiteral("2")}).options.hintLevel, 2);
        // The desktop entry's "Exec=puzzle-workbench %f" passes one file alone.
        QCOMPARE(parse({QStringLiteral("a.txt")}).options.open, QStringLiteral("a.txt"));
        QVERIFY(parse({QStringLiteral("a.txt"), QStringLiteral("b.txt")}).error.contains(QStringLiteral("'b.txt'")));
        QVERIFY(parse({QStringLiteral("--open"), QStringLiteral("a.txt"), QStringLiteral("b.txt")})
                    .error.contains(QStringLiteral("'b.txt'")));
        QVERIFY(parse({QStringLiteral("--version")}).versionShown);
        QVERIFY(!parse({QStringLiteral("--run")}).versionShown);
        const LaunchParse good = parse({QStringLiteral("--algorithm"), QStringLiteral("exact"), QStringLiteral("--seed"),
                                        QStringLiteral("7"), QStringLiteral("--param"), QStringLiteral("a=1"),
                                        QStringLiteral("--run")});
        QVERIFY(good.error.isEmpty());
        QCOMPARE(good.options.seed.value(), 7u);
        QVERIFY(good.options.run);

        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        LaunchOptions options;
        options.algorithm = QStringLiteral("no-such-algorithm");
        QVERIFY(window.applyLaunchOptions(options).contains(QStringLiteral("no-such-algorithm")));
        options = {};
        options.algorithm = QStringLiteral("backtracking");
        options.parameters = {QStringLiteral("cell_order=sideways")};
        QVERIFY(window.applyLaunchOptions(options).contains(QStringLiteral("cell_order")));
        options = {};
        options.open = QStringLiteral("/no/such/file.txt");
        QVERIFY(window.applyLaunchOptions(options).contains(QStringLiteral("no such file")));
        options.open = QStringLiteral("12345");
        QVERIFY(!window.applyLaunchOptions(options).isEmpty());
    }

    void screenshotHookWritesANonBlankImage() {
        QTemporaryDir dir;
        const QString shot = dir.filePath(QStringLiteral("shot.png"));
        QProcess process;
        process.start(QStringLiteral(PW_WORKBENCH_PATH),
                      {QStringLiteral("--open"), QString::fromLatin1(kEasySudoku), QStringLiteral("--algorithm"),
                       QStringLiteral("backtracking"), QStringLiteral("--seed"), QStringLiteral("3"),
                       QStringLiteral("--run"), QStringLiteral("--screenshot"), shot, QStringLiteral("--after-ms"),
                       QStringLiteral("800")});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 0);
        const QImage image(shot);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() > 600 && image.height() > 400);
        QVERIFY(distinctColours(image) > 20);
    }

    void badCommandLineExitsWithAMessage() {
        QProcess process;
        process.start(QStringLiteral(PW_WORKBENCH_PATH), {QStringLiteral("--algorithm"), QStringLiteral("nope")});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("unknown algorithm 'nope'"));
        process.start(QStringLiteral(PW_WORKBENCH_PATH), {QStringLiteral("--open"), QStringLiteral("missing.txt")});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("missing.txt"));
    }
};

QTEST_MAIN(UiTests)
#include "ui_tests.moc"
