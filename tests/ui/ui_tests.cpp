// GUI tests of the workbench window on the offscreen platform: the generated parameter form, runs that change
// the board and feed the charts, pause / step / stop, safety of new runs and new puzzles during a run, undo,
// the library browser, pasting, Nurikabe clicks, conflicts, and the command-line hook (screenshot, bad options).

#include "algorithms/registry.h"
#include "algorithm_panel.h"
#include "board_model.h"
#include "board_view.h"
#include "charts/chart_panel.h"
#include "charts/histogram_chart.h"
#include "charts/scatter_plot.h"
#include "difficulty_lab.h"
#include "launch_options.h"
#include "log_pane.h"
#include "main_window.h"
#include "parameter_form.h"
#include "program_view.h"
#include "puzzle/puzzle_kind.h"
#include "puzzle_io.h"
#include "puzzle_library.h"
#include "repeat_runs_dialog.h"
#include "replay_view.h"
#include "run_controller.h"
#include "io/formats.h"
#include "sudoku/heuristic_moves.h"

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
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QChartView>

#include <algorithm>
#include <cmath>
#include <map>
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
// The replay timeline's slider, when the window has made its replay view; the other slider is the speed.
const QSlider* replaySlider(const MainWindow& window) {
    return window.replayView() ? window.replayView()->slider() : nullptr;
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

    // A relation between parameters (t_min below t0) marks both fields with the message and blocks Run until
    // the values are fixed; nothing runs meanwhile.
    void brokenParameterRuleMarksTheFieldsAndBlocksRun() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kEasySudoku), QStringLiteral("<test>"), true));
        QVERIFY(window.algorithmPanel()->setAlgorithm("sa"));
        ParameterForm* form = window.algorithmPanel()->parameterForm();
        QVERIFY(form->rulesHold());
        QAction* runAction = window.findChild<QAction*>(QStringLiteral("runAction"));
        QVERIFY(runAction);
        QVERIFY(runAction->isEnabled());
        auto* tMin = qobject_cast<QDoubleSpinBox*>(form->editor("t_min"));
        QVERIFY(tMin);
        tMin->setValue(50);
        QVERIFY(!form->rulesHold());
        QVERIFY(form->isMarked("t_min"));
        QVERIFY(form->isMarked("t0"));
        QVERIFY(!form->isMarked("alpha"));
        QVERIFY(form->editor("t_min")->toolTip().contains(QStringLiteral("t_min (50) must be below t0 (40)")));
        auto* message = form->findChild<QLabel*>(QStringLiteral("parameterRuleMessage"));
        QVERIFY(message);
        QVERIFY(message->isVisibleTo(form));
        QCOMPARE(message->text(), QStringLiteral("t_min (50) must be below t0 (40)"));
        QVERIFY(!runAction->isEnabled());
        window.run();
        window.step();
        QTest::qWait(100);
        QCOMPARE(window.controller()->state(), RunState::Idle);
        // Under Lewis's schedule the rule does not apply; back under the thesis schedule a valid t_min clears it.
        auto* schedule = qobject_cast<QComboBox*>(form->editor("schedule"));
        QVERIFY(schedule);
        schedule->setCurrentText(QStringLiteral("lewis"));
        QVERIFY(form->rulesHold());
        QVERIFY(runAction->isEnabled());
        schedule->setCurrentText(QStringLiteral("thesis"));
        QVERIFY(!form->rulesHold());
        tMin->setValue(0.5);
        QVERIFY(form->rulesHold());
        QVERIFY(!form->isMarked("t_min"));
        QVERIFY(!message->isVisibleTo(form));
        QVERIFY(runAction->isEnabled());
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
        window.setStepsPerSecond(RunController::kFlatOut);
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
        // The heat map shown is the assignment order: -1 on the givens, and the open cells numbered 0, 1, ... in
        // the order they were first assigned, each number once.
        QCOMPARE(window.boardModel()->heatMapLabel(), QStringLiteral("assignment order"));
        const std::vector<double>& order = window.boardModel()->heatMap();
        const SudokuGrid& puzzleGivens = window.boardModel()->puzzle().sudoku().givens;
        std::vector<double> openOrder;
        for (int cell = 0; cell < 81; ++cell) {
            if (puzzleGivens.value(cell)) {
                QCOMPARE(order[static_cast<std::size_t>(cell)], -1.0);
            } else {
                openOrder.push_back(order[static_cast<std::size_t>(cell)]);
            }
        }
        std::sort(openOrder.begin(), openOrder.end());
        QCOMPARE(static_cast<int>(openOrder.size()), 81 - givens);
        for (std::size_t k = 0; k < openOrder.size(); ++k) QCOMPARE(openOrder[k], static_cast<double>(k));
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
        window.setStepsPerSecond(RunController::kFlatOut);
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
        window.setStepsPerSecond(20);
        const int givens = filledCells(*window.boardModel());
        const int empty = 81 - givens;
        // Every change of the filled count is one more digit: animated move by move, never a jump to a later
        // state.
        std::vector<int> filledAtEachChange;
        connect(window.boardModel(), &BoardModel::cellChanged, this, [&] {
            const int filled = filledCells(*window.boardModel());
            if (filledAtEachChange.empty() ? filled != givens : filled != filledAtEachChange.back())
                filledAtEachChange.push_back(filled);
        });
        window.run();
        // Paced by the window, not the solver: flat out the solver fills the board in a few milliseconds; at 20
        // moves per second the run is still going after five moves shown, however loaded the machine (the
        // time-out is only a safety net).
        QTRY_VERIFY_WITH_TIMEOUT(filledAtEachChange.size() >= 5, 20000);
        QCOMPARE(window.controller()->state(), RunState::Running);
        QVERIFY(filledCells(*window.boardModel()) - givens < empty);
        for (std::size_t k = 0; k < filledAtEachChange.size(); ++k)
            QCOMPARE(filledAtEachChange[k], givens + static_cast<int>(k) + 1);
        window.stop();
        disconnect(window.boardModel(), nullptr, this, nullptr);
    }

    void pauseStepAndStopBehave() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kEasySudoku), QStringLiteral("<test>"), true));
        window.setStepsPerSecond(5);
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

        // Stop ends the paused run where it stands, with the Stopped outcome, not run on to the solution (the
        // wait is only a safety net for a loaded machine).
        const std::uint64_t stoppedAt = controller->status().counters.steps;
        QSignalSpy finished(&window, &MainWindow::runFinished);
        window.stop();
        QVERIFY(finished.count() == 1 || finished.wait(20000));
        const Finished end = finished.first().first().value<Finished>();
        QCOMPARE(end.outcome, Outcome::Stopped);
        QVERIFY(end.at.steps >= stoppedAt);
        QVERIFY(!end.valid);  // stopped before the solution, not run on to it
        QCOMPARE(controller->state(), RunState::Finished);
    }

    void newPuzzleOrNewRunDuringARunIsSafe() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        window.setStepsPerSecond(RunController::kFlatOut);
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
        window.setStepsPerSecond(2);
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
        QCOMPARE(window.controller()->stepsPerSecond(), 2.0);  // a readable pace
        QTRY_VERIFY_WITH_TIMEOUT(window.logPane()->toPlainText().contains(QStringLiteral("single: ")), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(outlinedCells(*window.boardModel()) > 0, 5000);
        window.setStepsPerSecond(RunController::kFlatOut);
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
        // The numbers, computed here from the data file by the plain formulas: each puzzle's givens counted from
        // its line, Pearson's r of (givens, D_TO) and its Fisher interval (se 1/sqrt(n-3), z 1.959964).
        std::map<QString, double> humanByLine;
        {
            QFile data(QStringLiteral(PW_PUZZLES_DIR "/human/cloud_sudoku_human_difficulty_20240415.csv"));
            QVERIFY(data.open(QIODevice::ReadOnly));
            data.readLine();  // the header: Game No.,Sudoku Puzzle,D_TO,D_TR
            while (!data.atEnd()) {
                const QStringList fields = QString::fromUtf8(data.readLine()).trimmed().split(QLatin1Char(','));
                if (fields.size() >= 3) humanByLine[fields[1]] = fields[2].toDouble();
            }
        }
        double n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
        for (std::size_t p = 0; p < lab->puzzles().size(); ++p) {
            const QString line =
                QString::fromStdString(formatSudoku(lab->puzzles()[p].sudoku().givens, SudokuTextStyle::Line)).trimmed();
            QVERIFY2(humanByLine.contains(line), qPrintable(line));
            const double givens = static_cast<double>(line.size() - line.count(QLatin1Char('.')));
            QCOMPARE(*lab->ratings()[p][0], givens);
            const double human = humanByLine.at(line);
            n += 1, sx += givens, sy += human, sxx += givens * givens, syy += human * human, sxy += givens * human;
        }
        const double r = (n * sxy - sx * sy) / std::sqrt((n * sxx - sx * sx) * (n * syy - sy * sy));
        const double z = std::atanh(r), se = 1 / std::sqrt(n - 3);
        const QString expected = QStringLiteral("%1  [%2, %3]")
                                     .arg(r, 0, 'f', 3)
                                     .arg(std::tanh(z - 1.959964 * se), 0, 'f', 3)
                                     .arg(std::tanh(z + 1.959964 * se), 0, 'f', 3);
        QCOMPARE(lab->correlationText(QStringLiteral("givens"), QStringLiteral("pearson")), expected);
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
        window.setStepsPerSecond(RunController::kFlatOut);
        QSignalSpy finished(&window, &MainWindow::runFinished);
        window.run();
        QVERIFY(finished.wait(30000));
        QVERIFY(window.boardModel()->sudoku().isSolved());
        const SudokuGrid solved = window.boardModel()->sudoku();
        const QString program = window.programView()->program();
        QVERIFY(!program.isEmpty());
        for (QChar move : program) QVERIFY(isHeuristicMove(move.toLatin1()));

        window.setStepsPerSecond(250);
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
        // The numbers against the runs themselves: the solved count and rate, the steps' median and extremes,
        // and a histogram whose bars count every solved run's generation once.
        std::vector<double> steps, generations;
        for (const RunResult& result : dialog->results()) {
            if (result.outcome != Outcome::Solved) continue;
            steps.push_back(static_cast<double>(result.counters.steps));
            for (const auto& [key, value] : result.results)
                if (key == "generation") generations.push_back(static_cast<double>(std::get<std::int64_t>(value)));
        }
        QVERIFY(!steps.empty());
        QCOMPARE(generations.size(), steps.size());
        const int solved = static_cast<int>(steps.size());
        QVERIFY2(dialog->summary().startsWith(QStringLiteral("%1 of 12 runs solved (%2 %).")
                                                  .arg(solved)
                                                  .arg(100.0 * solved / 12, 0, 'f', 1)),
                 qPrintable(dialog->summary()));
        std::sort(steps.begin(), steps.end());
        const double medianSteps = steps.size() % 2 ? steps[steps.size() / 2]
                                                    : (steps[steps.size() / 2 - 1] + steps[steps.size() / 2]) / 2;
        QVERIFY2(dialog->summary().contains(QStringLiteral("Steps: min %1, median %2, max %3.")
                                                .arg(steps.front(), 0, 'g', 6)
                                                .arg(medianSteps, 0, 'g', 6)
                                                .arg(steps.back(), 0, 'g', 6)),
                 qPrintable(dialog->summary()));
        double counted = 0;
        for (QAbstractSeries* series : dialog->histogram()->findChild<QChartView*>()->chart()->series())
            if (auto* bars = qobject_cast<QBarSeries*>(series))
                for (QBarSet* set : bars->barSets())
                    for (int bar = 0; bar < set->count(); ++bar) counted += set->at(bar);
        QCOMPARE(counted, static_cast<double>(solved));
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
        QCOMPARE(boardLine(Board{window.boardModel()->sudoku()}), std::string(kEasySudoku));
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
        window.setStepsPerSecond(RunController::kFlatOut);
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
            // The cost parts the algorithm declares are lines of the cost chart.
            int partLines = 0;
            for (const std::string& part : findAlgorithm(id)->info.costParts)
                partLines += window.chartPanel()->costPointCount(QString::fromStdString(part)) > 0;
            if (!findAlgorithm(id)->info.costParts.empty()) QVERIFY2(partLines > 0, id);
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
        QVERIFY(parse({QStringLiteral("--compare-tab"), QStringLiteral("statistics")}).error.contains(QStringLiteral("--compare DIR")));
        QVERIFY(parse({QStringLiteral("--compare"), QStringLiteral("d"), QStringLiteral("--compare-tab"), QStringLiteral("stats")})
                    .error.contains(QStringLiteral("'stats' is not one of convergence, run-length")));
        QCOMPARE(parse({QStringLiteral("--compare"), QStringLiteral("d"), QStringLiteral("--compare-tab"),
                        QStringLiteral("statistics")}).options.compareTab,
                 QStringLiteral("statistics"));
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

    // The README's keyboard table, as keys sent to the window (not the methods the keys call).
    void keyboardShortcutsDriveTheWindow() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.openText(QString::fromLatin1(kEasySudoku), QStringLiteral("<test>"), true));
        QVERIFY(window.algorithmPanel()->setAlgorithm("backtracking"));
        const Board givens = window.boardModel()->board();
        QSlider* speed = nullptr;
        for (QSlider* slider : window.findChildren<QSlider*>())
            if (slider != replaySlider(window)) speed = slider;
        QVERIFY(speed);
        speed->setValue(1);  // slow, so the run is still going while the keys are sent
        const auto key = [&](int k, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
            QTest::keyClick(&window, static_cast<Qt::Key>(k), modifiers);
        };
        RunController* controller = window.controller();

        key(Qt::Key_F5);  // run
        QTRY_COMPARE_WITH_TIMEOUT(controller->state(), RunState::Running, 10000);
        key(Qt::Key_F6);  // pause
        QTRY_COMPARE_WITH_TIMEOUT(controller->state(), RunState::Paused, 10000);
        window.setStepGrain(StepGrain::Iteration);
        const std::uint64_t before = controller->status().counters.steps;
        key(Qt::Key_F10);  // one step
        QTRY_VERIFY_WITH_TIMEOUT(controller->status().counters.steps > before, 10000);
        QCOMPARE(controller->state(), RunState::Paused);
        QSignalSpy finished(&window, &MainWindow::runFinished);
        key(Qt::Key_Escape);  // stop
        QVERIFY(finished.count() == 1 || finished.wait(20000));
        QCOMPARE(finished.first().first().value<Finished>().outcome, Outcome::Stopped);
        const int slow = speed->value();
        speed->setValue(speed->maximum());  // flat out, to a solved board
        key(Qt::Key_F5);
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.last().first().value<Finished>().outcome, Outcome::Solved);
        QVERIFY(!(window.boardModel()->board() == givens));
        key(Qt::Key_R, Qt::ControlModifier);  // reset the board to the puzzle
        QTRY_VERIFY_WITH_TIMEOUT(window.boardModel()->board() == givens, 10000);
        speed->setValue(slow);

        key(Qt::Key_Plus, Qt::ControlModifier);  // faster
        QCOMPARE(speed->value(), slow + 1);
        key(Qt::Key_Minus, Qt::ControlModifier);  // slower
        QCOMPARE(speed->value(), slow);
        key(Qt::Key_Equal, Qt::ControlModifier);  // faster, the '+' key without Shift
        QCOMPARE(speed->value(), slow + 1);
        key(Qt::Key_Minus, Qt::ControlModifier);
        QCOMPARE(speed->value(), slow);

        QAction* heatMap = nullptr;
        for (QAction* action : window.findChildren<QAction*>())
            if (action->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_H)) heatMap = action;
        QVERIFY(heatMap && heatMap->isCheckable());
        const bool shown = heatMap->isChecked();
        key(Qt::Key_H, Qt::ControlModifier);  // heat-map overlay
        QCOMPARE(heatMap->isChecked(), !shown);

        key(Qt::Key_H);  // a hint, then more of it
        QTRY_VERIFY_WITH_TIMEOUT(!window.lastHint().isEmpty(), 10000);
        const QString first = window.lastHint();
        key(Qt::Key_H);
        QTRY_VERIFY_WITH_TIMEOUT(window.lastHint() != first && window.lastHint().startsWith(QStringLiteral("Look for")), 10000);

        key(Qt::Key_L, Qt::ControlModifier);  // solve with logic
        QTRY_COMPARE_WITH_TIMEOUT(window.algorithmPanel()->algorithmId(), std::string("logic"), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.logPane()->toPlainText().contains(QStringLiteral("single: ")), 20000);
        window.stop();

        QVERIFY(!window.findChild<DifficultyLab*>() || !window.findChild<DifficultyLab*>()->isVisible());
        key(Qt::Key_D, Qt::ControlModifier);  // the Difficulty lab
        QTRY_VERIFY_WITH_TIMEOUT(window.findChild<DifficultyLab*>() && window.findChild<DifficultyLab*>()->isVisible(), 10000);
    }

    // What the window remembers between launches: the puzzle, the algorithm, its parameters, the seed, the
    // speed and the palette (in a settings file of the test's own).
    void settingsAreRememberedBetweenLaunches() {
        QTemporaryDir dir;
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
        const QString hard = QStringLiteral("...4.7.....1...7..4.......3.2.3.9.4..4..1..9...6...8..5.......8.84.6.53.3.......2");
        int speedIndex = -1;
        {
            MainWindow first(QStringLiteral(PW_PUZZLES_DIR), true);
            first.show();
            QVERIFY(first.openText(hard, QStringLiteral("<remembered>"), true));
            QVERIFY(first.algorithmPanel()->setAlgorithm("tabu"));
            ParameterValues parameters = first.algorithmPanel()->parameters();
            QCOMPARE(parameters.set(findAlgorithm("tabu")->info.parameters, "tenure", "17"), std::nullopt);
            first.algorithmPanel()->setParameters(parameters);
            first.algorithmPanel()->setSeed(4242);
            first.setDarkPalette(true);
            for (QSlider* slider : first.findChildren<QSlider*>())
                if (slider != replaySlider(first)) {
                    slider->setValue(2);
                    speedIndex = slider->value();
                }
            QVERIFY(first.close());
        }
        MainWindow second(QStringLiteral(PW_PUZZLES_DIR), true);
        QCOMPARE(QString::fromStdString(formatPuzzles({second.boardModel()->puzzle()})).trimmed(), hard);
        QCOMPARE(second.algorithmPanel()->algorithmId(), std::string("tabu"));
        QCOMPARE(second.algorithmPanel()->parameters().integer("tenure"), std::int64_t{17});
        QCOMPARE(second.algorithmPanel()->seed(), std::uint64_t{4242});
        QVERIFY(second.palette().color(QPalette::Window).lightness() < 128);
        for (QSlider* slider : second.findChildren<QSlider*>())
            if (slider != replaySlider(second)) {
                QCOMPARE(slider->value(), speedIndex);
            }
        second.setDarkPalette(false);
    }

    // The launch options the measuring commands use, through the binary: --speed max, --step-limit, --stats
    // and --exit-when-finished end a run at its step limit and print its counters; --palette dark darkens the
    // screenshot; --compare refuses a directory that is not an experiment.
    void launchOptionsWorkThroughTheBinary() {
        QProcess process;
        process.start(QStringLiteral(PW_WORKBENCH_PATH),
                      {QStringLiteral("--open"), QStringLiteral("12345678.........9") + QString(63, QLatin1Char('.')),
                       QStringLiteral("--algorithm"), QStringLiteral("sa"), QStringLiteral("--seed"), QStringLiteral("1"),
                       QStringLiteral("--run"), QStringLiteral("--speed"), QStringLiteral("max"), QStringLiteral("--step-limit"),
                       QStringLiteral("20000"), QStringLiteral("--stats"), QStringLiteral("--exit-when-finished")});
        QVERIFY(process.waitForFinished(120000));
        QCOMPARE(process.exitCode(), 0);
        const QString stats = QString::fromUtf8(process.readAllStandardOutput());
        QVERIFY2(stats.startsWith(QStringLiteral("steps=20000 evaluations=20000 ")), qPrintable(stats));
        QVERIFY2(stats.contains(QStringLiteral("longest_stall_ms=")), qPrintable(stats));

        QTemporaryDir dir;
        std::map<QString, double> lightness;
        for (const QString& palette : {QStringLiteral("light"), QStringLiteral("dark")}) {
            const QString shot = dir.filePath(palette + QStringLiteral(".png"));
            process.start(QStringLiteral(PW_WORKBENCH_PATH),
                          {QStringLiteral("--open"), QString::fromLatin1(kEasySudoku), QStringLiteral("--palette"), palette,
                           QStringLiteral("--screenshot"), shot, QStringLiteral("--after-ms"), QStringLiteral("300")});
            QVERIFY(process.waitForFinished(60000));
            QCOMPARE(process.exitCode(), 0);
            const QImage image(shot);
            QVERIFY(!image.isNull());
            double sum = 0;
            int count = 0;
            for (int y = 0; y < image.height(); y += 5)
                for (int x = 0; x < image.width(); x += 5, ++count) sum += QColor(image.pixel(x, y)).lightness();
            lightness[palette] = sum / count;
        }
        QVERIFY2(lightness[QStringLiteral("dark")] + 60 < lightness[QStringLiteral("light")],
                 qPrintable(QStringLiteral("%1 vs %2").arg(lightness[QStringLiteral("dark")]).arg(lightness[QStringLiteral("light")])));

        process.start(QStringLiteral(PW_WORKBENCH_PATH), {QStringLiteral("--compare"), dir.path(), QStringLiteral("--screenshot"),
                                                         dir.filePath(QStringLiteral("compare.png"))});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("is not a directory written by puzzle-cli bench"));
    }

    // The launch options the test above leaves out, through the binary.
    void moreLaunchOptionsWorkThroughTheBinary() {
        QProcess process;
        // --time-limit alone ends a run on a grid without a solution, which no other budget would end.
        process.start(QStringLiteral(PW_WORKBENCH_PATH),
                      {QStringLiteral("--open"), QStringLiteral("12345678.........9") + QString(63, QLatin1Char('.')),
                       QStringLiteral("--algorithm"), QStringLiteral("sa"), QStringLiteral("--seed"), QStringLiteral("1"),
                       QStringLiteral("--run"), QStringLiteral("--speed"), QStringLiteral("max"), QStringLiteral("--time-limit"),
                       QStringLiteral("0.5"), QStringLiteral("--stats"), QStringLiteral("--exit-when-finished")});
        QVERIFY(process.waitForFinished(120000));
        QCOMPARE(process.exitCode(), 0);
        const QString stats = QString::fromUtf8(process.readAllStandardOutput());
        const QRegularExpressionMatch steps = QRegularExpression(QStringLiteral("^steps=(\\d+) ")).match(stats);
        const QRegularExpressionMatch seconds = QRegularExpression(QStringLiteral(" seconds=([0-9.]+) ")).match(stats);
        QVERIFY2(steps.hasMatch() && seconds.hasMatch(), qPrintable(stats));
        QVERIFY2(steps.captured(1).toULongLong() > 0, qPrintable(stats));
        QVERIFY2(seconds.captured(1).toDouble() >= 0.5, qPrintable(stats));

        QTemporaryDir dir;
        // --compare on a directory puzzle-cli bench wrote (the test before gives it a wrong one).
        const QString benchDir = dir.filePath(QStringLiteral("bench"));
        process.start(QStringLiteral(PW_CLI_PATH),
                      {QStringLiteral("bench"), QStringLiteral("-a"), QStringLiteral("sa"), QStringLiteral("--runs"),
                       QStringLiteral("2"), QStringLiteral("--max-steps"), QStringLiteral("2000"), QStringLiteral("--jobs"),
                       QStringLiteral("1"), QStringLiteral("--out"), benchDir, QString::fromLatin1(kEasySudoku)});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        const auto screenshotOf = [&](const QString& name, QStringList arguments, const QString& afterMs = QStringLiteral("300")) {
            const QString shot = dir.filePath(name + QStringLiteral(".png"));
            arguments << QStringLiteral("--screenshot") << shot << QStringLiteral("--after-ms") << afterMs;
            process.start(QStringLiteral(PW_WORKBENCH_PATH), arguments);
            if (!process.waitForFinished(60000) || process.exitCode() != 0) return QImage();
            return QImage(shot);
        };
        const QImage compare = screenshotOf(QStringLiteral("compare"), {QStringLiteral("--compare"), benchDir});
        QVERIFY2(!compare.isNull(), process.readAllStandardError().constData());
        const QImage window = screenshotOf(QStringLiteral("window"), {QStringLiteral("--open"), QString::fromLatin1(kEasySudoku)});
        QVERIFY(!window.isNull());
        QVERIFY(compare != window);  // the screenshot shows the Compare view, not the window

        // --generate LEVEL and --difficulty-lab open their windows; an unknown level is refused.
        const QImage generate = screenshotOf(QStringLiteral("generate"), {QStringLiteral("--generate"), QStringLiteral("singles"),
                                                                           QStringLiteral("--seed"), QStringLiteral("3")});
        QVERIFY2(!generate.isNull(), process.readAllStandardError().constData());
        QVERIFY(generate.size() == window.size() && generate != window);  // the dialog drawn over the window
        const QImage lab = screenshotOf(QStringLiteral("lab"), {QStringLiteral("--difficulty-lab")});
        QVERIFY2(!lab.isNull(), process.readAllStandardError().constData());
        QVERIFY(lab != window);
        // --replay-at: a recorded run shown at its start and at its end (without the option both would show the
        // end). The recording is re-run when opened, so the shots wait long enough for a loaded machine.
        const QString recording = dir.filePath(QStringLiteral("run.json"));
        process.start(QStringLiteral(PW_CLI_PATH),
                      {QStringLiteral("solve"), QStringLiteral("-a"), QStringLiteral("sa"), QStringLiteral("--seed"),
                       QStringLiteral("9"), QStringLiteral("--max-steps"), QStringLiteral("3000"), QStringLiteral("--record"),
                       recording, QString::fromLatin1(kEasySudoku)});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        const auto replayAt = [&](const QString& name, const QString& fraction) {
            return screenshotOf(name, {QStringLiteral("--open"), recording, QStringLiteral("--replay-at"), fraction},
                                QStringLiteral("3000"));
        };
        const QImage start = replayAt(QStringLiteral("start"), QStringLiteral("0"));
        const QImage end = replayAt(QStringLiteral("end"), QStringLiteral("1"));
        QVERIFY2(!start.isNull() && !end.isNull(), process.readAllStandardError().constData());
        QVERIFY(start != end);
        process.start(QStringLiteral(PW_WORKBENCH_PATH), {QStringLiteral("--open"), recording, QStringLiteral("--replay-at"),
                                                         QStringLiteral("1.5")});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("--replay-at: '1.5' is not a fraction from 0 to 1"));

        process.start(QStringLiteral(PW_WORKBENCH_PATH), {QStringLiteral("--generate"), QStringLiteral("hardest")});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitCode(), 2);
        QVERIFY(process.readAllStandardError().contains("--generate: 'hardest' is not one of"));
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
