// Step back in a live run (Run ▸ Step back, Shift+F10), for every algorithm of the table of explained algorithms
// (explained_algorithm_table.h, the whole registry): a run paused after k steps (F10) steps back j times, each
// shown step as the run showed it when it was there (board, highlighted cells, the Decisions dock's sentence and
// step); F10 j times shows the same steps again, and F10 once more continues the same run — its step k+1 is an
// uninterrupted run's step k+1.

#include "algorithm_puzzle.h"
#include "explained_algorithm_table.h"
#include "board/board_model.h"
#include "replay/live_step_back.h"
#include "run/decision_panel.h"
#include "run/run_controller.h"
#include "window/launch_options.h"
#include "window/main_window.h"
#include "ui_test_puzzles.h"

#include <QAction>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <vector>

using namespace pw;
using namespace pw::ui;
using pw::ui::test::writePuzzleFor;

namespace {

constexpr int kSteps = 6;      // k: the steps taken before stepping back
constexpr int kStepsBack = 3;  // j

// What the window shows of one step.
struct ShownStep {
    std::uint64_t step = 0;
    Board board;
    std::vector<bool> highlighted;
    QString sentence;
};

ShownStep shown(const MainWindow& window) {
    ShownStep step;
    step.step = window.decisionPanel()->latestStep();
    step.board = window.boardModel()->board();
    for (int cell = 0; cell < window.boardModel()->cellCount(); ++cell)
        step.highlighted.push_back(window.boardModel()->isHighlighted(cell));
    step.sentence = window.decisionPanel()->sentence();
    return step;
}

QByteArray differences(const ShownStep& actual, const ShownStep& expected) {
    QByteArray what;
    if (actual.step != expected.step)
        what += " step " + QByteArray::number(actual.step) + " instead of " + QByteArray::number(expected.step);
    if (!(actual.board == expected.board)) what += " board differs";
    if (actual.highlighted != expected.highlighted) what += " highlighted cells differ";
    if (actual.sentence != expected.sentence)
        what += " sentence \"" + actual.sentence.toUtf8() + "\" instead of \"" + expected.sentence.toUtf8() + "\"";
    return what;
}

// A window on `algorithm` with seed 1, its Step one step of the algorithm.
void prepare(MainWindow& window, const std::string& algorithm, const QString& puzzle) {
    window.show();
    LaunchOptions options;
    options.open = puzzle;
    options.algorithm = QString::fromStdString(algorithm);
    options.seed = 1;
    QCOMPARE(window.applyLaunchOptions(options), QString());
    window.setStepGrain(StepGrain::Iteration);
}

bool settled(MainWindow& window) {
    return QTest::qWaitFor([&] { return window.controller()->settled() || !window.controller()->isActive(); }, 60000);
}

}  // namespace

class StepBackTests : public QObject {
    Q_OBJECT
private slots:
    void stepBackThenForwardShowsTheSameStepsAndContinuesTheRun() {
        int checked = 0;
        for (const pw::test::ExplainedAlgorithm& algorithm : pw::test::explainedAlgorithms()) {
            const QByteArray id = QByteArray::fromStdString(algorithm.id);
            const AlgorithmEntry* entry = findAlgorithm(algorithm.id);
            QTemporaryDir dir;
            // Logic gives up on AI Escargot within its first steps: it steps through Pillay's puzzle.
            const QString puzzle = writePuzzleFor(entry->info, dir, algorithm.id == "logic" ? test_puzzles::kPillayFigure1
                                                                                           : test_puzzles::kAiEscargot);
            QVERIFY(!puzzle.isEmpty());

            // The uninterrupted run: what each of its first k+1 steps shows.
            std::vector<ShownStep> uninterrupted;
            {
                MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
                prepare(window, algorithm.id, puzzle);
                for (int step = 1; step <= kSteps + 1 && window.controller()->state() != RunState::Finished; ++step) {
                    window.step();
                    QVERIFY2(settled(window), id);
                    uninterrupted.push_back(shown(window));
                }
                window.stop();
                QVERIFY(window.controller()->waitUntilIdle(30000));
            }
            QVERIFY2(uninterrupted.size() == kSteps + 1, id + ": the run ended before its step k+1");
            const int steps = kSteps;
            const int back = kStepsBack;

            MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
            prepare(window, algorithm.id, puzzle);
            auto* stepBack = window.findChild<QAction*>(QStringLiteral("stepBackAction"));
            QVERIFY(stepBack);
            QCOMPARE(stepBack->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F10));
            QVERIFY2(!stepBack->isEnabled(), id + ": no run, no earlier step");
            for (int step = 1; step <= steps; ++step) {
                window.step();
                QVERIFY2(settled(window), id);
                QVERIFY2(differences(shown(window), uninterrupted[step - 1]).isEmpty(),
                         id + " step " + QByteArray::number(step) + ":" + differences(shown(window), uninterrupted[step - 1]));
            }
            QVERIFY2(stepBack->isEnabled(), id);

            for (int i = 1; i <= back; ++i) {
                stepBack->trigger();
                QVERIFY2(QTest::qWaitFor([&] { return !window.liveStepBack()->isReRunning(); }, 60000), id);
                const ShownStep expected = uninterrupted[steps - i - 1];
                QCOMPARE(window.liveStepBack()->shownStep(), static_cast<std::uint64_t>(steps - i));
                QVERIFY2(differences(shown(window), expected).isEmpty(),
                         id + " back to step " + QByteArray::number(steps - i) + ":" + differences(shown(window), expected));
                QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("stepped back")),
                         window.statusBar()->currentMessage().toUtf8());
                QCOMPARE(window.controller()->status().counters.steps, static_cast<std::uint64_t>(steps));
            }
            for (int i = back - 1; i >= 0; --i) {
                window.step();
                QVERIFY2(settled(window), id);
                const ShownStep expected = uninterrupted[steps - i - 1];
                QVERIFY2(differences(shown(window), expected).isEmpty(),
                         id + " forward to step " + QByteArray::number(steps - i) + ":" + differences(shown(window), expected));
                QCOMPARE(window.controller()->status().counters.steps, static_cast<std::uint64_t>(steps));
            }
            QVERIFY2(!window.liveStepBack()->isSteppedBack(), id);
            // Forward from the live step: the run itself takes its next step, the uninterrupted run's.
            window.step();
            QVERIFY2(settled(window), id);
            QCOMPARE(window.controller()->status().counters.steps, static_cast<std::uint64_t>(steps + 1));
            QVERIFY2(differences(shown(window), uninterrupted[steps]).isEmpty(),
                     id + " step " + QByteArray::number(steps + 1) + ":" + differences(shown(window), uninterrupted[steps]));
            window.stop();
            QVERIFY(window.controller()->waitUntilIdle(30000));
            ++checked;
        }
        QCOMPARE(checked, static_cast<int>(pw::test::explainedAlgorithms().size()));
    }

    // Back at the start no step is earlier; Resume from an earlier step goes on from the live step; while the run
    // runs, Step back waits for a pause; once it has ended there is nothing to step back in.
    void stepBackIsOfferedOnlyWhereThereIsAnEarlierStep() {
        QTemporaryDir dir;
        const QString puzzle = writePuzzleFor(findAlgorithm("sa")->info, dir);
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        prepare(window, "sa", puzzle);
        auto* stepBack = window.findChild<QAction*>(QStringLiteral("stepBackAction"));
        window.step();
        QVERIFY(settled(window));
        window.step();
        QVERIFY(settled(window));
        stepBack->trigger();
        QVERIFY(QTest::qWaitFor([&] { return window.liveStepBack()->isSteppedBack(); }, 60000));
        QVERIFY(stepBack->isEnabled());
        stepBack->trigger();
        QCOMPARE(window.liveStepBack()->shownStep(), std::uint64_t{0});
        QVERIFY(!stepBack->isEnabled());  // the start of the run
        window.setStepsPerSecond(200);
        window.run();  // Resume: from the live step, not from the one shown
        QVERIFY(!window.liveStepBack()->isSteppedBack());
        QCOMPARE(window.liveStepBack()->shownStep(), std::uint64_t{2});
        QVERIFY(!stepBack->isEnabled());  // while the run runs
        QVERIFY(QTest::qWaitFor([&] { return window.controller()->status().counters.steps > 20; }, 60000));
        QVERIFY(!stepBack->isEnabled());
        window.pause();
        QVERIFY(QTest::qWaitFor([&] { return stepBack->isEnabled(); }, 60000));
        window.stop();
        QVERIFY(window.controller()->waitUntilIdle(30000));
        QVERIFY(!stepBack->isEnabled());
    }
};

QTEST_MAIN(StepBackTests)
#include "step_back_tests.moc"
