// The Race view on the offscreen platform: runs named as `--race` and `--param` name them, each race run ends
// exactly as the same run made alone (whatever the pace), each on a thread of its own, fairness by evaluations
// holds while it runs, and step, stop and the finishing order line.

#include "race/race_entries.h"
#include "race/race_view.h"

#include "algorithms/registry.h"
#include "board/board_view.h"
#include "charts/chart_panel.h"
#include "charts/race_chart.h"
#include "io/formats.h"
#include "io/race_recording.h"
#include "window/launch_options.h"
#include "run/pace_gate.h"
#include "ui_test_puzzles.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QRegularExpression>
#include <QSlider>
#include <QTemporaryDir>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <algorithm>

using namespace pw;
using namespace pw::ui;
using namespace pw::ui::test_puzzles;

namespace {


Puzzle escargot() {
    const PuzzleCollection read = parsePuzzles(kAiEscargot, "escargot");
    return read.puzzles.at(0);
}

std::vector<RaceEntry> entries(const QString& list, const QStringList& assignments, std::uint64_t seed = 1) {
    std::vector<RaceEntry> result;
    const QString error = raceEntries(list, assignments, seed, PuzzleKind::Sudoku, result);
    if (!error.isEmpty()) qWarning("%s", qPrintable(error));
    return result;
}

// The same run alone: the runner without a window, with the race's budget.
RunResult alone(const Puzzle& puzzle, const RaceEntry& entry, const RaceBudget& budget) {
    auto algorithm = findAlgorithm(entry.algorithmId)->create();
    StopConditions conditions;
    if (budget.maxSteps) conditions.add(stepLimit(budget.maxSteps));
    if (budget.maxEvaluations) conditions.add(evaluationLimit(budget.maxEvaluations));
    Runner runner(*algorithm, puzzle, entry.parameters, entry.seed, nullptr, std::move(conditions));
    return runner.runToEnd();
}

}  // namespace

class RaceViewTests : public QObject {
    Q_OBJECT
private slots:
    void runsAreNamedAsTheCommandLineNamesThem() {
        const std::vector<RaceEntry> race = entries(QStringLiteral("sa,tabu,sa"), {QStringLiteral("sa#2.t0=5"), QStringLiteral("tabu.seed=3")}, 7);
        QCOMPARE(race.size(), std::size_t{3});
        QCOMPARE(race[0].label, std::string("sa"));
        QCOMPARE(race[2].label, std::string("sa#2"));
        QCOMPARE(race[2].parameters.real("t0"), 5.0);
        QVERIFY(race[0].parameters.real("t0") != 5.0);
        QCOMPARE(race[0].seed, std::uint64_t{7});
        QCOMPARE(race[1].seed, std::uint64_t{3});
        QCOMPARE(race[2].seed, std::uint64_t{7});

        std::vector<RaceEntry> refused;
        auto error = [&refused](const QString& list, const QStringList& assignments = {}) {
            return raceEntries(list, assignments, 1, PuzzleKind::Sudoku, refused);
        };
        QVERIFY(error(QStringLiteral("sa")).contains(QStringLiteral("a race has 2 to 4")));
        QVERIFY(error(QStringLiteral("sa,sa,sa,sa,sa")).contains(QStringLiteral("names 5 runs")));
        QVERIFY(error(QStringLiteral("sa,nope")).contains(QStringLiteral("unknown algorithm 'nope'")));
        QVERIFY(error(QStringLiteral("sa,tabu"), {QStringLiteral("sa#2.t0=5")}).contains(QStringLiteral("of --race")));
        QVERIFY(error(QStringLiteral("sa,tabu"), {QStringLiteral("sa.t0=hot")}).startsWith(QStringLiteral("--param sa.t0=hot")));
        QVERIFY(error(QStringLiteral("sa,tabu"), {QStringLiteral("sa.seed=x")}).contains(QStringLiteral("seed")));
        QVERIFY(error(QStringLiteral("sa,nurikabe-sa")).contains(QStringLiteral("does not solve sudoku")));
    }

    // Paced together or not, each run ends on the step, with the board and cost, of the same run alone.
    void racedRunsEqualTheSameRunsAlone_data() {
        QTest::addColumn<int>("pace");
        QTest::addColumn<double>("perSecond");
        QTest::newRow("fair by evaluations") << static_cast<int>(RacePace::FairEvaluations) << 0.0;
        QTest::newRow("steps per second") << static_cast<int>(RacePace::StepsPerSecond) << 2'000'000.0;
        QTest::newRow("flat out") << static_cast<int>(RacePace::FlatOut) << 0.0;
    }
    void racedRunsEqualTheSameRunsAlone() {
        QFETCH(int, pace);
        QFETCH(double, perSecond);
        const Puzzle puzzle = escargot();
        RaceBudget budget;
        budget.maxEvaluations = 150'000;
        const std::vector<RaceEntry> race = entries(QStringLiteral("sa,tabu,sa"), {QStringLiteral("sa#2.t0=5")}, 4);
        RaceView view;
        view.resize(1000, 700);
        view.show();
        QCOMPARE(view.setRace(puzzle, race, budget), QString());
        view.setPace(static_cast<RacePace>(pace), perSecond);
        QSignalSpy finished(&view, &RaceView::finished);
        view.start();
        QVERIFY(finished.wait(120000));
        QVERIFY(view.isFinished());
        for (int i = 0; i < view.runCount(); ++i) {
            const std::optional<RunResult> raced = view.result(i);
            QVERIFY(raced);
            const RunResult single = alone(puzzle, race[static_cast<std::size_t>(i)], budget);
            QVERIFY2(raced->counters == single.counters, race[static_cast<std::size_t>(i)].label.c_str());
            QCOMPARE(raced->outcome, single.outcome);
            QCOMPARE(raced->bestCost, single.bestCost);
            QVERIFY(raced->finalBoard == single.finalBoard);
            QVERIFY(view.chart()->bestPointCount(i) > 1);
        }
    }

    // Fair by evaluations: while the race runs, no run is ahead of another by more than a step's evaluations.
    void fairRunsSpendTheSameEvaluations() {
        RaceView view;
        QCOMPARE(view.setRace(escargot(), entries(QStringLiteral("sa,tabu"), {}), RaceBudget{}), QString());
        view.setPace(RacePace::FairEvaluations, 20'000);
        view.start();
        QTest::qWait(400);
        view.pause();
        QVERIFY(!view.isRunning());
        QTRY_VERIFY(view.isSettled());
        const Counters sa = view.counters(0);
        const Counters tabu = view.counters(1);
        QVERIFY(sa.evaluations > 1000 && tabu.evaluations > 1000);
        const std::uint64_t tabuStep = tabu.evaluations / std::max<std::uint64_t>(1, tabu.steps) * 2 + 1;
        const std::uint64_t spread = sa.evaluations > tabu.evaluations ? sa.evaluations - tabu.evaluations
                                                                       : tabu.evaluations - sa.evaluations;
        QVERIFY2(spread <= tabuStep, qPrintable(QStringLiteral("sa %1, tabu %2").arg(sa.evaluations).arg(tabu.evaluations)));
        // Paused: nothing moves.
        QTest::qWait(100);
        QVERIFY(view.counters(0) == sa);
        QVERIFY(view.finishingOrder().contains(QStringLiteral("sa still at cost")));
    }

    // The overlaid cost chart's x axis is the race's: evaluations, steps or seconds, and each run's own chart
    // (the annealer's temperature) follows it.
    void eachRunHasItsOwnChartOnTheCommonAxis() {
        RaceView view;
        view.resize(1000, 700);
        view.show();
        RaceBudget budget;
        budget.maxEvaluations = 300'000;
        QCOMPARE(view.setRace(escargot(), entries(QStringLiteral("sa,tabu"), {}), budget), QString());
        view.setPace(RacePace::FlatOut);
        QSignalSpy finished(&view, &RaceView::finished);
        view.start();
        QVERIFY(finished.wait(120000));
        auto* annealing = view.findChild<ChartPanel*>(QStringLiteral("raceAlgorithmChart1"));
        QVERIFY(annealing);
        QTRY_VERIFY(annealing->progressPointCount(QStringLiteral("temperature")) > 1);
        QVERIFY(!annealing->isHidden());
        QCOMPARE(view.chart()->xAxis(), ChartAxis::Evaluations);
        const QStringList byEvaluations = view.chart()->xLabels();
        QVERIFY2(byEvaluations.last().endsWith(QLatin1Char('k')), qPrintable(byEvaluations.join(' ')));  // "350k"
        auto* axisCombo = view.findChild<QComboBox*>(QStringLiteral("raceAxisCombo"));
        QVERIFY(axisCombo);
        axisCombo->setCurrentIndex(static_cast<int>(ChartAxis::Seconds));
        QCOMPARE(view.chart()->xAxis(), ChartAxis::Seconds);
        QCOMPARE(annealing->xAxis(), ChartAxis::Seconds);
        view.chart()->refresh();
        const QStringList bySeconds = view.chart()->xLabels();
        QVERIFY2(bySeconds != byEvaluations, qPrintable(bySeconds.join(' ')));
        QVERIFY2(bySeconds.last().toDouble() > 0 && bySeconds.last().toDouble() < 100, qPrintable(bySeconds.join(' ')));
    }

    // A race saved as recordings and reopened: one slider moves every board, and at its end each board is the
    // live race's final board.
    void aSavedRaceReopensOnOneTimeline() {
        const Puzzle puzzle = escargot();
        RaceBudget budget;
        budget.maxEvaluations = 120'000;
        RaceView live;
        QCOMPARE(live.setRace(puzzle, entries(QStringLiteral("sa,tabu,sa"), {QStringLiteral("sa#2.t0=5")}, 2), budget), QString());
        QVERIFY(!live.saveRace(QDir::temp().filePath(QStringLiteral("unfinished.json"))).isEmpty());  // not ended yet
        QSignalSpy finished(&live, &RaceView::finished);
        live.start();
        QVERIFY(finished.wait(120000));

        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        const QString manifest = folder.filePath(QStringLiteral("escargot.json"));
        QCOMPARE(live.saveRace(manifest), QString());
        QVERIFY(QFileInfo::exists(folder.filePath(QStringLiteral("escargot-3-sa-2.json"))));
        const RaceRead read = loadRace(manifest.toStdString());
        QVERIFY2(read.manifest, read.error.toString().c_str());
        QCOMPARE(read.recordings.size(), std::size_t{3});
        QCOMPARE(read.manifest->pace, std::string("fair"));

        RaceView reopened;
        QCOMPARE(reopened.setReplay(*read.manifest, read.recordings), QString());
        QVERIFY(reopened.isReplay());
        QCOMPARE(reopened.runCount(), 3);
        QCOMPARE(reopened.timelineSlider()->value(), reopened.timelineSlider()->maximum());
        for (int i = 0; i < 3; ++i) {
            QVERIFY2(reopened.shownBoard(i) == live.result(i)->finalBoard, live.entry(i).label.c_str());
            QVERIFY(reopened.result(i)->counters == live.result(i)->counters);
        }
        QCOMPARE(reopened.finishingOrder(), live.finishingOrder());
        // One slider: at its start every board is the puzzle's givens, part-way every run has moved on.
        reopened.timelineSlider()->setValue(0);
        for (int i = 0; i < 3; ++i) QVERIFY(!(reopened.shownBoard(i) == live.result(i)->finalBoard));
        reopened.timelineSlider()->setValue(reopened.timelineSlider()->maximum() / 2);  // 60,013 evaluations
        for (int i = 0; i < 3; ++i) {
            const QString status = reopened.findChild<QLabel*>(QStringLiteral("raceStatus%1").arg(i + 1))->text();
            const QRegularExpressionMatch match = QRegularExpression(QStringLiteral("evaluations ([0-9,]+)")).match(status);
            QVERIFY2(match.hasMatch(), qPrintable(status));
            const qulonglong evaluations = QString(match.captured(1)).remove(QLatin1Char(',')).toULongLong();
            QVERIFY2(evaluations > 50'000 && evaluations <= 60'013, qPrintable(status));
        }

        // A manifest naming a file outside its folder is refused with the place named.
        const RaceRead bad = parseRaceManifest(R"({"format": "puzzle-workbench-race", "format_version": 1, "pace": "fair",
            "runs": [{"label": "sa", "recording": "../x.json"}, {"label": "tabu", "recording": "y.json"}]})", "bad.json");
        QVERIFY(!bad.manifest);
        QVERIFY2(bad.error.toString().find("runs[0].recording") != std::string::npos, bad.error.toString().c_str());
    }

    // The gate itself: a run that has reached the target gets no further step until every other run still
    // going has reached it too; a run that ends stops holding the others back; a rate holds the target back.
    void paceGateHoldsARunUntilTheOthersCatchUp() {
        using namespace std::chrono_literals;
        PaceGate gate(2);
        gate.setPace(PaceGate::Measure::Evaluations, 0);
        auto at = [](std::uint64_t steps, std::uint64_t evaluations) {
            Counters counters;
            counters.steps = steps;
            counters.evaluations = evaluations;
            return counters;
        };
        QCOMPARE(gate.stepsAllowed(0, at(0, 0), 0ms), std::uint64_t{1});  // the first step teaches a step's cost
        const std::uint64_t target = gate.target();
        QVERIFY(target > 0);
        // Run 0 is at the target: held while run 1 is behind.
        QCOMPARE(gate.stepsAllowed(0, at(10, target), 5ms), std::uint64_t{0});
        // Run 1, 100 evaluations a step: half the steps that seem left, so it lands about a step past it at most.
        QCOMPARE(gate.stepsAllowed(1, at(1, 100), 0ms), std::max<std::uint64_t>(1, (target - 100) / 100 / 2));
        QCOMPARE(gate.target(), target);
        // Run 1 arrives (a little past it): the target moves on from there, and both may go again.
        QVERIFY(gate.stepsAllowed(1, at(3, target + 50), 0ms) > 0);
        QVERIFY(gate.target() > target + 50);
        QVERIFY(gate.stepsAllowed(0, at(10, target), 0ms) > 0);
        // Run 1 ends: run 0 no longer waits for it.
        gate.leave(1);
        const std::uint64_t later = gate.target();
        QVERIFY(gate.stepsAllowed(0, at(20, later), 0ms) > 0);

        // By steps at 100 steps a second: the target moves by about a second's worth in a second, no more.
        PaceGate paced(2);
        paced.setPace(PaceGate::Measure::Steps, 100);
        QElapsedTimer clock;
        clock.start();
        std::uint64_t steps[2] = {0, 0};
        while (clock.elapsed() < 500)
            for (int seat = 0; seat < 2; ++seat)
                steps[seat] += paced.stepsAllowed(seat, at(steps[seat], steps[seat]), 5ms);
        const std::uint64_t spread = steps[0] > steps[1] ? steps[0] - steps[1] : steps[1] - steps[0];
        QVERIFY2(spread <= 5, qPrintable(QStringLiteral("%1 and %2 steps").arg(steps[0]).arg(steps[1])));
        QVERIFY2(steps[0] >= 30 && steps[0] <= 60, qPrintable(QString::number(steps[0])));
    }

    void launchOptionsTakeARace() {
        const auto parse = [](QStringList arguments) {
            arguments.prepend(QStringLiteral("puzzle-workbench"));
            return parseLaunchOptions(arguments);
        };
        LaunchParse parsed = parse({QStringLiteral("--race"), QStringLiteral("sa,tabu,sa"), QStringLiteral("--param"),
                                    QStringLiteral("sa#2.t0=5"), QStringLiteral("--race-pace"), QStringLiteral("flat")});
        QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
        QCOMPARE(parsed.options.race, QStringLiteral("sa,tabu,sa"));
        QCOMPARE(parsed.options.racePace, QStringLiteral("flat"));
        QCOMPARE(parsed.options.parameters, QStringList{QStringLiteral("sa#2.t0=5")});
        parsed = parse({QStringLiteral("--race"), QStringLiteral("sa,tabu"), QStringLiteral("--race-pace"), QStringLiteral("slow")});
        QCOMPARE(parsed.error, QStringLiteral("--race-pace: 'slow' is not one of steps, fair, flat"));
        parsed = parse({QStringLiteral("--race-pace"), QStringLiteral("fair")});
        QCOMPARE(parsed.error, QStringLiteral("--race-pace needs --race ID,ID"));
        parsed = parse({QStringLiteral("--race"), QStringLiteral("sa,sa"), QStringLiteral("--race-evaluations"), QStringLiteral("0")});
        QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
        QCOMPARE(parsed.options.raceEvaluations, std::optional<std::uint64_t>(0));
        parsed = parse({QStringLiteral("--race"), QStringLiteral("sa,sa"), QStringLiteral("--race-evaluations"), QStringLiteral("many")});
        QCOMPARE(parsed.error, QStringLiteral("--race-evaluations: 'many' is not a non-negative integer"));
    }

    void stepAndStopAct_onEveryRun() {
        RaceView view;
        // A second race replaces the first, boards and all.
        QCOMPARE(view.setRace(escargot(), entries(QStringLiteral("sa,tabu,sa"), {}), RaceBudget{}), QString());
        QCOMPARE(view.setRace(escargot(), entries(QStringLiteral("sa,sa"), {QStringLiteral("sa#2.seed=2")}), RaceBudget{}), QString());
        QCOMPARE(view.runCount(), 2);
        QCOMPARE(view.findChildren<BoardView*>().size(), qsizetype{2});
        QCOMPARE(view.findChildren<QThread*>().size(), qsizetype{2});  // each run a worker on a thread of its own
        QCOMPARE(view.counters(0).steps, std::uint64_t{0});
        view.step();
        QTRY_VERIFY(view.isSettled());
        QCOMPARE(view.counters(0).steps, std::uint64_t{1});
        QCOMPARE(view.counters(1).steps, std::uint64_t{1});
        view.stop();
        QTRY_VERIFY(view.isFinished());
        QCOMPARE(view.result(0)->outcome, Outcome::Stopped);
        QCOMPARE(view.result(1)->outcome, Outcome::Stopped);
        QCOMPARE(view.finishingOrder(), QStringLiteral("sa stopped at %1 evaluations (cost %2); sa#2 stopped at %3 evaluations (cost %4)")
                                            .arg(view.result(0)->counters.evaluations)
                                            .arg(view.result(0)->bestCost)
                                            .arg(view.result(1)->counters.evaluations)
                                            .arg(view.result(1)->bestCost));
    }
};

QTEST_MAIN(RaceViewTests)
#include "race_view_tests.moc"
