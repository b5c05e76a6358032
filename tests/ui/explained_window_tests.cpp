// Every algorithm explains itself in the window, and Run until pauses where the trace says it must.
// - For every algorithm of the table of explained algorithms (explained_algorithm_table.h, the whole registry):
//   `puzzle-workbench --speed 5 --run --stats` reports decisions_shown > 0, and F10 steps show a Decision each,
//   the latest about the step the run is at.
// - Run ▸ Run until, for every algorithm and every kind of step its entry declares (AlgorithmInfo::stepEvents):
//   the run pauses on the first and then the second step of that kind in the `puzzle-cli solve --trace-every 1`
//   trace of the same seed and parameters, with that step's last sentence in the Decisions dock.

#include "algorithm_puzzle.h"
#include "explained_algorithm_table.h"
#include "run/decision_panel.h"
#include "run/run_controller.h"
#include "run/run_until_menu.h"
#include "window/launch_options.h"
#include "window/main_window.h"
#include "ui_test_puzzles.h"
#include "workbench_stats.h"

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

using namespace pw;
using namespace pw::ui;
using pw::ui::test::writePuzzleFor;
using pw::ui::test::workbenchStats;

namespace {

// Parameters that bring each kind of step within a few thousand steps: a quick cooling reheats soon.
QStringList parametersOf(const std::string& id) {
    if (id == "sa") return {QStringLiteral("alpha=0.99")};
    if (id == "nurikabe-sa") return {QStringLiteral("alpha=0.9")};
    return {};
}

// What a trace says about each step: its last sentence and the kinds of step it was, read from the trace's
// own fields (not from the code the window pauses by).
struct TracedStep {
    QString sentence;
    std::vector<StepEvent> kinds;
};

// `firstCostStep` is the step of the first cost sample: new bests are counted from there.
std::map<qint64, TracedStep> readTrace(const QString& path, qint64& firstCostStep) {
    std::map<qint64, TracedStep> steps;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return steps;
    double best = std::numeric_limits<double>::infinity();
    while (!file.atEnd()) {
        const QJsonObject line = QJsonDocument::fromJson(file.readLine()).object();
        const qint64 step = line.value(QStringLiteral("step")).toInteger();
        const QString type = line.value(QStringLiteral("type")).toString();
        TracedStep& traced = steps[step];
        auto add = [&traced](StepEvent kind) { traced.kinds.push_back(kind); };
        if (type == QLatin1String("decision")) {
            traced.sentence = line.value(QStringLiteral("text")).toString();
            const QJsonValue accepted = line.value(QStringLiteral("accepted"));
            if (accepted.isBool() && !accepted.toBool()) add(StepEvent::Refusal);
            if (accepted.isBool() && accepted.toBool() && line.value(QStringLiteral("delta")).toDouble() > 0)
                add(StepEvent::WorseAccepted);
            const QString action = line.value(QStringLiteral("action")).toString();
            if (action == QLatin1String("backtrack") || line.value(QStringLiteral("backtracks")).toDouble() > 0)
                add(StepEvent::Backtrack);
            if (action == QLatin1String("restart")) add(StepEvent::Restart);
        } else if (type == QLatin1String("reheat")) {
            add(StepEvent::Reheat);
        } else if (type == QLatin1String("phase")) {
            add(StepEvent::PhaseEnd);
            if (line.value(QStringLiteral("name")).toString().startsWith(QLatin1String("restart"))) add(StepEvent::Restart);
        } else if (type == QLatin1String("cost")) {
            // The first sample sets the mark (some algorithms sample first after their first step).
            const double sampled = line.value(QStringLiteral("best")).toDouble();
            if (sampled < best && std::isfinite(best)) add(StepEvent::NewBest);
            if (!std::isfinite(best)) firstCostStep = step;
            best = std::min(best, sampled);
        }
    }
    return steps;
}

bool settledAfterSteps(MainWindow& window, int timeoutMs) {
    return QTest::qWaitFor([&] { return window.controller()->settled() || !window.controller()->isActive(); }, timeoutMs);
}

}  // namespace

class ExplainedWindowTests : public QObject {
    Q_OBJECT
private slots:
    // At 5 steps a second, for a little over two seconds, every algorithm's dock shows its decisions.
    void everyAlgorithmIsExplainedAtFiveStepsPerSecond() {
        for (const pw::test::ExplainedAlgorithm& algorithm : pw::test::explainedAlgorithms()) {
            const AlgorithmEntry* entry = findAlgorithm(algorithm.id);
            QVERIFY(entry);
            QTemporaryDir dir;
            const QString puzzle = writePuzzleFor(entry->info, dir);
            QVERIFY(!puzzle.isEmpty());
            const std::map<QString, double> stats = workbenchStats(
                {QStringLiteral("--open"), puzzle, QStringLiteral("--algorithm"), QString::fromStdString(algorithm.id),
                 QStringLiteral("--seed"), QStringLiteral("1"), QStringLiteral("--speed"), QStringLiteral("5"),
                 QStringLiteral("--run"), QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("shot.png")),
                 QStringLiteral("--after-ms"), QStringLiteral("2500")});
            QVERIFY2(stats.count(QStringLiteral("decisions_shown")), algorithm.id.c_str());
            QVERIFY2(stats.at(QStringLiteral("decisions_shown")) > 0, algorithm.id.c_str());
        }
    }

    // F10 three times from a fresh run: each step shows its Decision, the latest about the step the run is at.
    void everyAlgorithmIsExplainedStepByStep() {
        for (const pw::test::ExplainedAlgorithm& algorithm : pw::test::explainedAlgorithms()) {
            const AlgorithmEntry* entry = findAlgorithm(algorithm.id);
            QTemporaryDir dir;
            MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
            window.show();
            LaunchOptions options;
            options.open = writePuzzleFor(entry->info, dir);
            options.algorithm = QString::fromStdString(algorithm.id);
            options.seed = 1;
            QCOMPARE(window.applyLaunchOptions(options), QString());
            window.setStepGrain(StepGrain::Iteration);
            // Three steps, fewer when the run ends sooner (logic without refutation gives up on AI Escargot).
            for (int step = 1; step <= 3 && window.controller()->state() != RunState::Finished; ++step) {
                window.findChild<QAction*>(QStringLiteral("stepAction"))->trigger();
                QVERIFY2(settledAfterSteps(window, 60000), algorithm.id.c_str());
            }
            const auto steps = static_cast<int>(window.controller()->status().counters.steps);
            QVERIFY2(steps > 0 && window.decisionPanel()->shownCount() >= steps,
                     (algorithm.id + ": " + std::to_string(window.decisionPanel()->shownCount()) + " decisions in " +
                      std::to_string(window.controller()->status().counters.steps) + " steps")
                         .c_str());
            QVERIFY2(window.decisionDock()->isVisible(), algorithm.id.c_str());
            QCOMPARE(window.decisionPanel()->latestStep(), window.controller()->status().counters.steps);
        }
    }

    // Run until each declared kind of step, twice: the pauses are the trace's first two steps of that kind.
    void runUntilPausesOnTheTracedStep() {
        int checked = 0;
        for (const AlgorithmEntry& entry : algorithmRegistry()) {
            if (entry.info.stepEvents.empty()) continue;
            QTemporaryDir dir;
            const QString puzzle = writePuzzleFor(entry.info, dir);
            const QString trace = dir.filePath(QStringLiteral("trace.jsonl"));
            QStringList cli{QStringLiteral("solve"), QStringLiteral("-a"), QString::fromStdString(entry.info.id),
                            QStringLiteral("--seed"), QStringLiteral("1"), QStringLiteral("--max-steps"),
                            QStringLiteral("3000"), QStringLiteral("--time-limit"), QStringLiteral("20"), QStringLiteral("--trace-every"), QStringLiteral("1"),
                            QStringLiteral("--trace"), trace};
            for (const QString& parameter : parametersOf(entry.info.id)) cli << QStringLiteral("--param") << parameter;
            cli << puzzle;
            QProcess process;
            process.start(QStringLiteral(PW_CLI_PATH), cli);
            QVERIFY(process.waitForFinished(120000));
            qint64 firstCostStep = 0;
            const std::map<qint64, TracedStep> steps = readTrace(trace, firstCostStep);
            QVERIFY2(!steps.empty(), entry.info.id.c_str());

            for (const StepEvent kind : entry.info.stepEvents) {
                const QByteArray what = QByteArray::fromStdString(entry.info.id) + ": " + stepEventName(kind);
                // New bests are looked for from the first cost sample on, the other kinds from the start.
                const qint64 begin = kind == StepEvent::NewBest ? firstCostStep : 0;
                std::vector<qint64> expected;
                for (const auto& [step, traced] : steps)
                    if (std::find(traced.kinds.begin(), traced.kinds.end(), kind) != traced.kinds.end() && step > begin)
                        expected.push_back(step);
                QVERIFY2(!expected.empty(), what + " never happens in the traced steps (3000, or 20 s)");
                MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
                window.show();
                LaunchOptions options;
                options.open = puzzle;
                options.algorithm = QString::fromStdString(entry.info.id);
                options.seed = 1;
                options.parameters = parametersOf(entry.info.id);
                QCOMPARE(window.applyLaunchOptions(options), QString());
                QAction* action = window.findChild<RunUntilMenu*>()->action(kind);
                QVERIFY2(action->isVisible() && action->isEnabled(), what);
                window.setStepGrain(StepGrain::Iteration);
                for (qint64 step = 0; step < begin; ++step) {
                    window.step();
                    QVERIFY2(settledAfterSteps(window, 60000), what);
                }
                for (std::size_t i = 0; i < std::min<std::size_t>(2, expected.size()); ++i) {
                    action->trigger();
                    QVERIFY2(settledAfterSteps(window, 120000), what);
                    // The step of that kind may end the run (a new best that solves it): then Finished, not Paused.
                    const bool ended = window.controller()->state() == RunState::Finished;
                    QVERIFY(ended || window.controller()->state() == RunState::Paused);
                    const auto at = static_cast<qint64>(window.controller()->status().counters.steps);
                    QVERIFY2(at == expected[i], what + " paused at step " + QByteArray::number(at) + ", the trace says " +
                                                    QByteArray::number(expected[i]));
                    QCOMPARE(static_cast<qint64>(window.decisionPanel()->latestStep()), at);
                    QCOMPARE(window.decisionPanel()->sentence(), steps.at(at).sentence);
                    QVERIFY(window.decisionDock()->isVisible());
                    if (ended) break;
                }
                window.stop();
                QVERIFY(window.controller()->waitUntilIdle(30000));
                ++checked;
            }
        }
        QVERIFY(checked >= 7);  // sa's four kinds, exact's backtrack, tabu's restart, mga's cycles at least
    }

    // Only the kinds an algorithm declares are offered: logic has none of them, sa no backtrack.
    void runUntilOffersOnlyTheAlgorithmsKinds() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(test_puzzles::kAiEscargot), QStringLiteral("<test>"), true));
        LaunchOptions options;
        options.algorithm = QStringLiteral("sa");
        QCOMPARE(window.applyLaunchOptions(options), QString());
        auto* menu = window.findChild<RunUntilMenu*>();
        QVERIFY(menu->action(StepEvent::Refusal)->isVisible());
        QVERIFY(menu->action(StepEvent::Refusal)->isEnabled());
        // Ctrl+Alt with a digit: Alt with a digit is a pencil mark on the board.
        QCOMPARE(menu->action(StepEvent::Refusal)->shortcut(), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_1));
        QVERIFY(!menu->action(StepEvent::Backtrack)->isVisible());
        QVERIFY(!menu->action(StepEvent::Backtrack)->isEnabled());
        options.algorithm = QStringLiteral("logic");
        QCOMPARE(window.applyLaunchOptions(options), QString());
        for (const StepEvent kind : kAllStepEvents) QVERIFY(!menu->action(kind)->isVisible());
    }
};

QTEST_MAIN(ExplainedWindowTests)
#include "explained_window_tests.moc"
