// The run controls as a state machine, driven through the window: 1,000 seeded random sequences of run / pause /
// step / faster / slower / stop / reset / new puzzle / change algorithm on Sudoku and Nurikabe, with algorithms
// whose steps are cheap and ones whose steps are dear, at paced speeds and flat out. After every action (and
// the events it set off) the state the window shows is the controller's, it agrees with where the solver
// thread is, a run the worker has left is shown finished as soon as its last batch is handled, and no event
// of an older run reaches the window. Also: the speed is the algorithm's own pace, within 10 %.

#include "run/algorithm_panel.h"
#include "algorithms/registry.h"
#include "board/board_model.h"
#include "charts/chart_panel.h"
#include "run/decision_panel.h"
#include "run/log_pane.h"
#include "window/main_window.h"
#include "board/puzzle_io.h"
#include "run/run_controller.h"
#include "ui_test_puzzles.h"
#include "workbench_stats.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QStatusBar>
#include <QRandomGenerator>
#include <QSlider>
#include <QSignalSpy>
#include <QTest>

#include <map>

using namespace pw;
using namespace pw::ui;
using pw::ui::test::workbenchStats;
using namespace pw::ui::test_puzzles;

namespace {
// r1c9 can hold nothing: local searches run until stopped, exact search fails at once.
const QString kNoSolution = QStringLiteral("12345678.........9") + QString(63, QLatin1Char('.'));

QString nurikabe(const char* id) {
    QFile file(QStringLiteral(PW_PUZZLES_DIR "/nurikabe/janko_sample.txt"));
    if (!file.open(QIODevice::ReadOnly)) return {};
    const QString text = QString::fromUtf8(file.readAll());
    const qsizetype start = text.indexOf(QString::fromLatin1(id) + QLatin1Char(' '));
    if (start < 0) return {};
    const qsizetype end = text.indexOf(QStringLiteral("\n\n"), start);
    return text.mid(start, end < 0 ? -1 : end - start);
}

QSlider* speedSlider(MainWindow& window) { return window.findChild<QSlider*>(QStringLiteral("speedSlider")); }
QString shownState(MainWindow& window) {
    return window.findChild<QLabel*>(QStringLiteral("stateLabel"))->text();
}

// Handles what the last action set off: posted events, and timers for a few milliseconds.
void settle(int milliseconds) {
    QElapsedTimer clock;
    clock.start();
    do {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 2);
    } while (clock.elapsed() < milliseconds);
    QCoreApplication::sendPostedEvents();
}
}  // namespace

class RunStateMachineTests : public QObject {
    Q_OBJECT
private slots:
    void randomSequencesKeepWindowAndWorkerInStep() {
        // Not shown: painting 6,000 moments of an offscreen window would take most of the time, and the run
        // controls, the state shown and the worker are the same without it.
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        RunController* controller = window.controller();
        QSlider* slider = speedSlider(window);
        QVERIFY(slider);

        const QString nurikabe26 = nurikabe("26_7x7");
        QVERIFY(!nurikabe26.isEmpty());
        struct Setting {
            QString puzzle;
            std::vector<const char*> algorithms;
        };
        const std::vector<Setting> settings = {
            {QString::fromLatin1(kPillayFigure1), {"backtracking", "exact", "sa", "logic"}},
            {kNoSolution, {"sa", "harmony", "tabu", "cuckoo", "backtracking"}},
            {QString::fromLatin1(kAiEscargot), {"exact", "logic", "backtracking", "sa"}},
            {nurikabe26, {"nurikabe-sa", "nurikabe-backtracking", "nurikabe-harmony"}},
        };

        // Every batch the window is handed belongs to the run it shows.
        std::uint64_t startedRun = 0;
        int strayBatches = 0;
        int batches = 0;
        std::map<std::uint64_t, std::uint64_t> lastStepOfRun;
        int stepsBackwards = 0;
        connect(controller, &RunController::runStarted, this, [&](std::uint64_t id) { startedRun = id; });
        connect(controller, &RunController::eventsPlayed, this,
                [&](std::uint64_t id, const std::vector<Event>& events, bool) {
                    ++batches;
                    if (id != startedRun || id != controller->runId()) ++strayBatches;
                    for (const Event& event : events) {
                        std::uint64_t& last = lastStepOfRun[id];
                        const std::uint64_t step = eventCounters(event).steps;
                        if (step < last) ++stepsBackwards;
                        last = std::max(last, step);
                    }
                });

        int finishedShown = 0;
        int actions = 0;
        QElapsedTimer clock;
        clock.start();
        for (int sequence = 0; sequence < 1000; ++sequence) {
            QRandomGenerator random(static_cast<quint32>(sequence) + 1);
            const Setting* setting = &settings[random.bounded(static_cast<int>(settings.size()))];
            auto newPuzzle = [&] {
                setting = &settings[random.bounded(static_cast<int>(settings.size()))];
                QVERIFY(window.openText(setting->puzzle, QStringLiteral("<test>"), true));
                QVERIFY(window.algorithmPanel()->setAlgorithm(setting->algorithms[0]));
            };
            newPuzzle();
            slider->setValue(random.bounded(slider->maximum() + 1));
            window.algorithmPanel()->setSeed(random.bounded(1000) + 1);
            const int length = 5;
            QString history;  // what this sequence did so far, for a failure's message
            for (int a = 0; a < length; ++a, ++actions) {
                const int action = random.bounded(9);
                const QString where = QStringLiteral("sequence %1, action %2 (%3), algorithm %4, speed %5")
                                          .arg(sequence)
                                          .arg(a)
                                          .arg(action)
                                          .arg(QString::fromStdString(window.algorithmPanel()->algorithmId()))
                                          .arg(slider->value()) +
                                      history;
                history += QStringLiteral(" [%1 %2 %3]").arg(action).arg(QString::fromStdString(window.algorithmPanel()->algorithmId())).arg(slider->value());
                switch (action) {
                case 0: window.run(); break;
                case 1: window.pause(); break;
                case 2:
                    window.setStepGrain(random.bounded(2) ? StepGrain::Move : StepGrain::Iteration);
                    window.step();
                    break;
                case 3: slider->setValue(slider->value() + 1 + random.bounded(3)); break;
                case 4: slider->setValue(slider->value() - 1 - random.bounded(3)); break;
                case 5: window.stop(); break;
                case 6: window.reset(); break;
                case 7: newPuzzle(); break;
                case 8: {
                    const auto& ids = setting->algorithms;
                    QVERIFY(window.algorithmPanel()->setAlgorithm(ids[random.bounded(static_cast<int>(ids.size()))]));
                    break;
                }
                }
                settle(random.bounded(5));

                // The state shown is the controller's.
                QVERIFY2(shownState(window) == QCoreApplication::translate("pw::ui::RunController",
                                                                           runStateName(controller->state())),
                         qPrintable(where + QStringLiteral(": shows ") + shownState(window)));
                // A run the worker has left is shown finished once its last batch is handled: nothing is
                // waiting on a timer or on the playback of queued moves.
                if (controller->isActive() && controller->workerPhase() == WorkerPhase::Ended) {
                    QCoreApplication::sendPostedEvents();
                    QVERIFY2(controller->state() == RunState::Finished, qPrintable(where + QStringLiteral(": worker ended, window shows ") + shownState(window)));
                    QCOMPARE(shownState(window), QStringLiteral("Finished"));
                }
                // A run shown finished has left the worker (its last batch and the worker's exit are one
                // moment apart).
                if (controller->state() == RunState::Finished) {
                    ++finishedShown;
                    QTRY_VERIFY2_WITH_TIMEOUT(controller->workerPhase() == WorkerPhase::Ended, qPrintable(where), 2000);
                }
                // Paused: the worker comes to rest once its current step is done.
                if (controller->state() == RunState::Paused) {
                    QTRY_VERIFY2_WITH_TIMEOUT(controller->workerPhase() == WorkerPhase::Waiting ||
                                                  controller->state() != RunState::Paused,
                                              qPrintable(where + QStringLiteral(": paused, worker phase %1")
                                                                     .arg(static_cast<int>(controller->workerPhase()))),
                                              5000);
                }
                QCOMPARE(strayBatches, 0);
                QCOMPARE(stepsBackwards, 0);
            }
            // However a sequence ends, Stop ends it: never a window stuck in a run state.
            window.stop();
            QTRY_VERIFY2_WITH_TIMEOUT(!controller->isActive(), qPrintable(QStringLiteral("sequence %1 stuck in %2")
                                                                                   .arg(sequence)
                                                                                   .arg(shownState(window))),
                                      10000);
        }
        qInfo("%d actions in %lld ms, %d batches shown, finished shown %d times", actions,
              static_cast<long long>(clock.elapsed()), batches, finishedShown);
        QVERIFY(batches > 1000);
        QVERIFY(finishedShown > 100);
    }

    // The speed is the algorithm's own pace: at 20 steps per second every algorithm makes 20 of its steps a
    // second (within 10 %), on the window's rate display as in its counters; at 5 a second too, for an
    // algorithm whose steps are cheap (sa: one proposal) and one whose steps are costly (mga: a generation).
    // All run at once, so the slower pace costs no extra time.
    void pacedSpeedIsTheAlgorithmsOwnStepRate() {
        const QString nurikabe26 = nurikabe("26_7x7");
        constexpr int kMeasureMs = 3000;
        std::vector<std::pair<std::string, double>> paces;
        for (const AlgorithmEntry& entry : algorithmRegistry()) paces.emplace_back(entry.info.id, 20.0);
        paces.emplace_back("sa", 5.0);
        paces.emplace_back("mga", 5.0);
        std::vector<std::unique_ptr<RunController>> controllers;
        for (const auto& [id, rate] : paces) {
            const AlgorithmEntry* entry = findAlgorithm(id);
            QVERIFY(entry);
            RunRequest request;
            PuzzleLoad load = entry->info.supports(PuzzleKind::Sudoku)
                                  ? parsePuzzleText(QString::fromLatin1(kAiEscargot), QStringLiteral("<test>"))
                                  : parsePuzzleText(nurikabe26, QStringLiteral("<test>"));
            QVERIFY(!load.puzzles.empty());
            request.puzzle = load.puzzles.front();
            request.algorithmId = id;
            request.parameters = ParameterValues(entry->info.parameters);
            request.seed = 1;
            auto controller = std::make_unique<RunController>();
            controller->setStepsPerSecond(rate);
            controller->start(request);
            controllers.push_back(std::move(controller));
        }
        QTest::qWait(kMeasureMs);
        for (std::size_t i = 0; i < controllers.size(); ++i) {
            RunController& controller = *controllers[i];
            const RunStatus status = controller.status();
            const double rate = paces[i].second;
            const QString name = QStringLiteral("%1 at %2/s").arg(QString::fromStdString(paces[i].first)).arg(rate);
            if (controller.state() == RunState::Finished) {
                // Solved before the measurement ended (logic on an easy stretch): its steps still came paced.
                QVERIFY2(static_cast<double>(status.counters.steps) <= rate * kMeasureMs / 1000.0 * 1.1 + 1, qPrintable(name));
                continue;
            }
            QVERIFY2(controller.state() == RunState::Running, qPrintable(name));
            QVERIFY2(std::abs(status.stepsPerSecond - rate) <= 0.1 * rate,
                     qPrintable(QStringLiteral("%1: %2 steps/s").arg(name).arg(status.stepsPerSecond)));
            const double average = static_cast<double>(status.counters.steps) / status.seconds;
            QVERIFY2(std::abs(average - rate) <= 0.1 * rate,
                     qPrintable(QStringLiteral("%1: %2 steps in %3 s").arg(name).arg(status.counters.steps).arg(status.seconds)));
        }
        for (auto& controller : controllers) controller->discard();
        for (auto& controller : controllers) QVERIFY(controller->waitUntilIdle(10000));
    }

    // Paced, every step is a sample: three seconds of annealing at 20 proposals a second draw a cost curve of
    // some 60 points from the first step on. Flat out the charts' buffers stay bounded however many samples come.
    void chartsGrowPointByPointWhenPacedAndStayBoundedFlatOut() {
        const QStringList common = {QStringLiteral("--open"), kNoSolution, QStringLiteral("--algorithm"), QStringLiteral("sa"),
                                    QStringLiteral("--seed"), QStringLiteral("1"), QStringLiteral("--run"),
                                    QStringLiteral("--screenshot"), QDir::temp().filePath(QStringLiteral("pw-chart-points.png")),
                                    QStringLiteral("--after-ms"), QStringLiteral("3000")};
        const auto paced = workbenchStats(common + QStringList{QStringLiteral("--speed"), QStringLiteral("20")});
        QVERIFY(paced.count(QStringLiteral("chart_current")));
        QVERIFY2(paced.at(QStringLiteral("chart_current")) >= 30,
                 qPrintable(QStringLiteral("%1 cost points after 3 s").arg(paced.at(QStringLiteral("chart_current")))));
        QVERIFY(paced.at(QStringLiteral("chart_temperature")) >= 30);
        QVERIFY(std::abs(paced.at(QStringLiteral("actual_steps_per_second")) - 20) <= 2);
        const auto flatOut = workbenchStats(common + QStringList{QStringLiteral("--speed"), QStringLiteral("max")});
        QVERIFY(flatOut.count(QStringLiteral("chart_current")));
        QVERIFY(flatOut.at(QStringLiteral("steps")) > 100000);
        for (const auto& [key, value] : flatOut)
            if (key.startsWith(QStringLiteral("chart_"))) QVERIFY2(value <= 4097, qPrintable(key));
    }

    // The step grains offered are the algorithm's own: to the next move, or one of its steps by its name.
    void stepGrainsAreTheAlgorithmsOwn() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        auto* grains = window.findChild<QComboBox*>(QStringLiteral("grainCombo"));
        QVERIFY(grains);
        QVERIFY(window.algorithmPanel()->setAlgorithm("sa"));
        QCOMPARE(grains->count(), 2);
        QCOMPARE(grains->itemText(1), QString::fromStdString(findAlgorithm("sa")->info.stepMeaning));
        for (int i = 0; i < grains->count(); ++i) QVERIFY(!grains->itemText(i).contains(QStringLiteral("generation")));
        QVERIFY(window.algorithmPanel()->setAlgorithm("mga"));
        QCOMPARE(grains->itemText(1), QStringLiteral("one generation"));
        QVERIFY(window.algorithmPanel()->setAlgorithm("tabu"));
        QCOMPARE(grains->itemText(1), QStringLiteral("one move"));  // its meaning, without the parenthesis
        window.setStepGrain(StepGrain::Move);
        QVERIFY(window.algorithmPanel()->setAlgorithm("exact"));
        QCOMPARE(window.stepGrain(), StepGrain::Move);  // the choice survives a change of algorithm
        // The speed is shown in the algorithm's unit.
        window.setStepsPerSecond(20);
        QCOMPARE(window.findChild<QLabel*>(QStringLiteral("speedLabel"))->text(), QStringLiteral("20 search nodes/s"));
        QVERIFY(window.algorithmPanel()->setAlgorithm("sa"));
        QCOMPARE(window.findChild<QLabel*>(QStringLiteral("speedLabel"))->text(), QStringLiteral("20 proposals/s"));
    }

    // The status bar is the run's, refreshed as the charts are, and a new run starts with none of the last.
    void statusBarIsCurrentAndClearedAtEachRun() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kAiEscargot), QStringLiteral("<test>"), true));
        QVERIFY(window.algorithmPanel()->setAlgorithm("mga"));
        window.setStepsPerSecond(10);
        window.run();
        auto* steps = window.findChild<QLabel*>(QStringLiteral("stepLabel"));
        auto* elapsed = window.findChild<QLabel*>(QStringLiteral("elapsedLabel"));
        auto* rate = window.findChild<QLabel*>(QStringLiteral("rateLabel"));
        QTRY_VERIFY_WITH_TIMEOUT(steps->text() != QStringLiteral("Step 0"), 3000);
        const QString stepsBefore = steps->text();
        const QString elapsedBefore = elapsed->text();
        QTest::qWait(600);
        QVERIFY(steps->text() != stepsBefore);
        QVERIFY(elapsed->text() != elapsedBefore);
        QVERIFY2(rate->text().endsWith(QStringLiteral("generations/s")), qPrintable(rate->text()));
        window.stop();
        QTRY_COMPARE_WITH_TIMEOUT(window.controller()->state(), RunState::Finished, 5000);
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("stopped by the user")));
        window.run();
        QVERIFY(window.statusBar()->currentMessage().isEmpty());  // no "stopped by the user" during the next run
        QCOMPARE(shownState(window), QStringLiteral("Running"));
        window.stop();
        QTRY_COMPARE_WITH_TIMEOUT(window.controller()->state(), RunState::Finished, 5000);
    }
};

QTEST_MAIN(RunStateMachineTests)
#include "run_state_machine_tests.moc"
