// GUI tests of run recordings on the offscreen platform: a recorded run reopened shows, at the end of its
// timeline, the same board, candidate table, heat map and chart points as the live run; scrubbing back
// restores earlier boards; bad recordings are refused with their place; `--open` takes a recording.

#include "run/algorithm_panel.h"
#include "run/decision_panel.h"
#include "export/decision_handout_dialog.h"
#include "algorithms/registry.h"
#include "board/board_model.h"
#include "charts/chart_panel.h"
#include "window/launch_options.h"
#include "run/log_pane.h"
#include "window/main_window.h"
#include "replay/replay_view.h"
#include "run/run_controller.h"
#include "ui_test_puzzles.h"

#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QProgressDialog>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace pw;
using namespace pw::ui;
using namespace pw::ui::test_puzzles;

namespace {


// What the window shows of a run.
struct Shown {
    Board board;
    std::vector<std::uint16_t> candidates;
    std::vector<double> heatMap;
    QStringList heatMapLabels;
    int currentPoints = 0;
    int bestPoints = 0;
    int temperaturePoints = 0;
    int populationPoints = 0;
};

Shown shown(MainWindow& window) {
    window.chartPanel()->refreshNow();
    const BoardModel& model = *window.boardModel();
    return {model.board(),
            model.solverCandidates(),
            model.heatMap(),
            model.heatMapLabels(),
            window.chartPanel()->costPointCount(QStringLiteral("current")),
            window.chartPanel()->costPointCount(QStringLiteral("best")),
            window.chartPanel()->progressPointCount(QStringLiteral("temperature")),
            window.chartPanel()->progressPointCount(QStringLiteral("population best"))};
}

void compareShown(const Shown& replayed, const Shown& live) {
    QVERIFY(replayed.board == live.board);
    QVERIFY(replayed.candidates == live.candidates);
    QVERIFY(replayed.heatMap == live.heatMap);
    QCOMPARE(replayed.heatMapLabels, live.heatMapLabels);
    QCOMPARE(replayed.currentPoints, live.currentPoints);
    QCOMPARE(replayed.bestPoints, live.bestPoints);
    QCOMPARE(replayed.temperaturePoints, live.temperaturePoints);
    QCOMPARE(replayed.populationPoints, live.populationPoints);
}

// Runs `algorithmId` live to its end at the given pace and saves the recording to `path`.
Shown runLiveAndRecord(MainWindow& window, const char* puzzle, const std::string& algorithmId,
                       std::initializer_list<std::pair<const char*, const char*>> parameters, std::uint64_t steps,
                       double movesPerSecond, const QString& path) {
    Shown live;
    if (!window.openText(QString::fromLatin1(puzzle), QStringLiteral("<test>"), true)) return live;
    AlgorithmPanel* panel = window.algorithmPanel();
    panel->setAlgorithm(algorithmId);
    const auto& specs = panel->algorithmInfo()->parameters;
    ParameterValues values(specs);
    for (const auto& [key, value] : parameters) values.set(specs, key, value);
    panel->setParameters(values);
    panel->setRandomSeed(false);
    panel->setSeed(21);
    panel->setStepLimit(steps);
    window.setStepsPerSecond(movesPerSecond);
    QSignalSpy finished(&window, &MainWindow::runFinished);
    window.run();
    if (!finished.wait(60000)) return live;
    live = shown(window);
    window.saveRunRecording(path, true);
    return live;
}

}  // namespace

class ReplayUiTests : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("PuzzleWorkbenchTests"));
        QCoreApplication::setApplicationName(QStringLiteral("replay_ui_tests"));
    }

    // Annealing flat out: the live window saw snapshots only, the replay applies every move; both end alike.
    void annealingReplayEndsWhereTheLiveRunEnded() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sa.json"));
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        const Shown live = runLiveAndRecord(window, kAiEscargot, "sa", {}, 150000,
                                            RunController::kFlatOut, path);
        QVERIFY(live.currentPoints > 100);
        QVERIFY(live.temperaturePoints > 100);
        QVERIFY(QFile::exists(path));

        QVERIFY(window.openRecording(path, true));
        ReplayView* replay = window.replayView();
        QVERIFY(replay && replay->timeline());
        QCOMPARE(replay->position(), replay->timeline()->size());
        compareShown(shown(window), live);

        // Scrubbing back restores earlier boards: the start, then a point in the middle, as the timeline has them.
        const Board start = window.boardModel()->puzzle().startBoard();
        replay->slider()->setValue(0);
        QCOMPARE(replay->position(), std::size_t{0});
        QVERIFY(window.boardModel()->board() == start);
        QVERIFY(window.chartPanel()->costPointCount(QStringLiteral("current")) <= 0);  // no curve yet
        const std::size_t middle = replay->timeline()->size() / 2;
        replay->slider()->setValue(static_cast<int>(middle));
        QVERIFY(window.boardModel()->board() == replay->timeline()->stateAt(middle).board);
        QVERIFY(window.boardModel()->board() != start);
        QVERIFY(window.boardModel()->board() != live.board);
        const int middlePoints = window.chartPanel()->costPointCount(QStringLiteral("current"));
        QVERIFY(middlePoints > 0 && middlePoints < live.currentPoints);
        replay->seek(middle / 2);  // backwards from the middle
        QVERIFY(window.boardModel()->board() == replay->timeline()->stateAt(middle / 2).board);
        replay->slider()->setValue(replay->slider()->maximum());
        compareShown(shown(window), live);

        // Saving again writes the open recording unchanged.
        const QString again = dir.filePath(QStringLiteral("again.json"));
        QVERIFY(window.saveRunRecording(again, true));
        QFile first(path), second(again);
        QVERIFY(first.open(QIODevice::ReadOnly) && second.open(QIODevice::ReadOnly));
        QCOMPARE(second.readAll(), first.readAll());

        // A new live run closes the recording.
        window.run();
        QVERIFY(!replay->timeline());
        window.stop();
    }

    // A short run's replay is explained: under the slider the Decisions dock shows the explained steps up to
    // there, the latest on top, and the board outlines the latest step's cells.
    void explainedReplayShowsTheDecisionsUnderTheSlider() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sa.json"));
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        runLiveAndRecord(window, kAiEscargot, "sa", {}, 3000, RunController::kFlatOut, path);
        QVERIFY(window.openRecording(path, true));
        ReplayView* replay = window.replayView();
        QVERIFY(replay && replay->timeline() && replay->timeline()->explained());
        const std::size_t middle = replay->timeline()->size() / 2;
        replay->seek(middle);
        const std::vector<const Decision*> expected =
            replay->timeline()->decisionsBefore(middle, DecisionPanel::kHistorySize);
        QCOMPARE(expected.size(), std::size_t{DecisionPanel::kHistorySize});
        QVERIFY(window.decisionDock()->isVisible());
        QCOMPARE(window.decisionPanel()->historyCount(), DecisionPanel::kHistorySize);
        QVERIFY(!window.decisionPanel()->sentence().isEmpty());
        for (int cell : expected.back()->detail().cells) QVERIFY(window.boardModel()->isHighlighted(cell));
        replay->seek(0);  // before the first step nothing is explained yet
        QVERIFY(window.decisionPanel()->isEmpty());
    }

    // File ▸ Export decisions…: 20 steps of a finished annealing run as Markdown, HTML and PDF.
    void decisionsExportAsAHandout() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sa.json"));
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        runLiveAndRecord(window, kAiEscargot, "sa", {}, 3000, RunController::kFlatOut, path);
        QAction* exportAction = nullptr;
        for (QAction* action : window.findChildren<QAction*>())
            if (action->text().remove(u'&') == QStringLiteral("Export decisions…")) exportAction = action;
        QVERIFY(exportAction && exportAction->isEnabled());
        const RecordingRead read = loadRecording(path.toStdString());
        QVERIFY(read.recording);
        const auto written = [&](const QString& name) {
            const QString file = dir.filePath(name);
            const QString error = writeDecisionHandout(*read.recording, 2981, 3000, file);
            if (!error.isEmpty()) qWarning("%s", qPrintable(error));
            QFile in(file);
            return error.isEmpty() && in.open(QIODevice::ReadOnly) ? in.readAll() : QByteArray();
        };
        QCOMPARE(written(QStringLiteral("handout.md")).count("\n## Step "), 20);
        QCOMPARE(written(QStringLiteral("handout.html")).count("<table class='board'"), 20);
        const QByteArray pdf = written(QStringLiteral("handout.pdf"));
        QVERIFY(pdf.startsWith("%PDF"));
        QVERIFY2(pdf.size() > 10'000, QByteArray::number(pdf.size()).constData());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("handout.pdf.partial"))));
        // A format it does not write, and a range the run does not have, are refused with the reason.
        QVERIFY(writeDecisionHandout(*read.recording, 1, 20, dir.filePath(QStringLiteral("h.txt"))).contains(".md"));
        QVERIFY(writeDecisionHandout(*read.recording, 3001, 3020, dir.filePath(QStringLiteral("h.md")))
                    .contains(QStringLiteral("took 3000 steps")));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("h.md"))));
    }

    // The logic solver at a readable pace: the candidate table and the outlined cells follow the timeline.
    void logicReplayKeepsTheCandidateTable() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("logic.json"));
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        const Shown live = runLiveAndRecord(window, kPillayFigure1, "logic", {}, 0, 5000, path);
        QVERIFY(!live.candidates.empty());
        QVERIFY(window.openRecording(path, true));
        compareShown(shown(window), live);
        ReplayView* replay = window.replayView();
        // Some point before the end shows another candidate table than the end.
        bool differs = false;
        for (std::size_t position = 1; position < replay->timeline()->size() && !differs; position += 5) {
            replay->seek(position);
            differs = !window.boardModel()->solverCandidates().empty() &&
                      window.boardModel()->solverCandidates() != live.candidates;
        }
        QVERIFY(differs);
        // Playing from the start at full speed reaches the end and shows the live run's final state again.
        replay->setMovesPerSecond(RunController::kFlatOut);
        replay->seek(0);
        replay->play();
        QTRY_VERIFY_WITH_TIMEOUT(!replay->isPlaying(), 20000);
        QCOMPARE(replay->position(), replay->timeline()->size());
        compareShown(shown(window), live);
    }

    void badRecordingsAreRefusedWithTheirPlace() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\n  \"format\": \"puzzle-workbench-recording\",\n  \"format_version\": 1,\n"
                   "  \"workbench_version\": \"0.1.0\",\n  \"algorithm\": \"no-such-algorithm\"\n}\n");
        file.close();
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        QVERIFY(!window.openRecording(path, true));
        QVERIFY(window.logPane()->toPlainText().contains(path + QStringLiteral(":5:3: unknown algorithm")));
        QVERIFY(!window.replayView() || !window.replayView()->timeline());

        // --open tells a recording from a puzzle file by its content, and reports a bad one the same way.
        LaunchOptions options;
        options.open = path;
        const QString error = window.applyLaunchOptions(options);
        QVERIFY2(error.startsWith(QStringLiteral("--open: ") + path + QStringLiteral(":5:3:")), qPrintable(error));
    }

    void launchOptionOpensARecording() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("run.json"));
        {
            MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
            runLiveAndRecord(window, kPillayFigure1, "backtracking", {}, 0, RunController::kFlatOut, path);
        }
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        LaunchOptions options;
        options.open = path;
        QCOMPARE(window.applyLaunchOptions(options), QString());
        QVERIFY(window.replayView() && window.replayView()->timeline());
        QVERIFY(window.boardModel()->sudoku().isSolved());
        QCOMPARE(window.algorithmPanel()->algorithmId(), std::string("backtracking"));
        QCOMPARE(window.algorithmPanel()->seed(), std::uint64_t{21});
    }

    // A long recording replays on a thread of its own: a progress dialog with Cancel shows, the window keeps
    // handling events meanwhile, and Cancel leaves the window as it was.
    void aLongRecordingLoadsInTheBackgroundAndCancels() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("long.json"));
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        // Row 1 leaves r1c9 to a 9 that column 9 already holds: annealing never ends before its budget.
        QVERIFY(window.openText(QStringLiteral("12345678.........9") + QString(63, QLatin1Char('.')),
                                QStringLiteral("<test>"), true));
        const std::uint64_t steps = 30'000'000;
        RecordedResult result{Outcome::BudgetExhausted, "step limit", {}, 1};
        result.counters.steps = steps;
        const RunRecording recording = makeRecording(window.boardModel()->puzzle(), "sa",
                                                     ParameterValues(findAlgorithm("sa")->info.parameters), 1,
                                                     RecordedBudgets{steps, 0, 0, 0}, result);
        std::string error;
        QVERIFY2(saveRecording(path.toStdString(), recording, error), error.c_str());
        QVERIFY(window.openText(QString::fromLatin1(kPillayFigure1), QStringLiteral("<test>"), true));
        const Board before = window.boardModel()->board();

        int ticks = 0;  // the window's event loop at work during the load
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, &window, [&ticks] { ++ticks; });
        ticker.start(20);
        QString labelAtCancel;
        int ticksAtCancel = -1;
        QElapsedTimer sinceCancel;
        QTimer canceller;  // presses Cancel once the dialog shows progress and ten ticks went by
        connect(&canceller, &QTimer::timeout, &window, [&] {
            auto* progress = window.findChild<QProgressDialog*>();
            if (!progress || !progress->isVisible() || progress->value() <= 0 || ticks < 10 || ticksAtCancel >= 0)
                return;
            labelAtCancel = progress->labelText();
            ticksAtCancel = ticks;
            sinceCancel.start();
            progress->cancel();
        });
        canceller.start(20);
        QVERIFY(!window.openRecording(path, true));
        QVERIFY2(ticksAtCancel >= 10, "the window handled no events while the recording loaded");
        QVERIFY2(labelAtCancel.contains(QStringLiteral("long.json: step")), qPrintable(labelAtCancel));
        QVERIFY2(sinceCancel.elapsed() < 30000, "the load went on long after Cancel");
        QVERIFY(window.logPane()->toPlainText().contains(QStringLiteral("opening %1 cancelled").arg(path)));
        QVERIFY(!window.replayView() || !window.replayView()->timeline());
        QVERIFY(window.boardModel()->board() == before);
    }
};

QTEST_MAIN(ReplayUiTests)
#include "replay_ui_tests.moc"
