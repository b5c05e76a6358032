// The Compare view offscreen: a small experiment run from the view, its charts and table, export, a directory
// written by the experiment runner opened in it, and the Tools menu entry.

#include "charts/compare_charts.h"
#include "tools/compare_view.h"
#include "io/formats.h"
#include "window/main_window.h"
#include "study/bench.h"
#include "study/run_statistics.h"
#include "algorithms/registry.h"

#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QDir>
#include <QFile>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTableWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QtCharts/QBoxPlotSeries>
#include <QtCharts/QBoxSet>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>

using namespace pw;
using namespace pw::ui;

namespace {

const std::string kPillayFigure1 = "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5";

Puzzle pillay() { return parsePuzzles(kPillayFigure1, "pillay").puzzles.front(); }

BenchPlan smallPlan() {
    BenchPlan plan;
    plan.configurations = benchConfigurations("sa,tabu,sa", {"sa#2.t0=5"});
    plan.puzzles = {pillay()};
    plan.runs = 3;
    plan.seed = 5;
    plan.budget.maxSteps = 4000;
    return plan;
}

// The series a chart draws, read through its chart view (the charts keep their series to themselves).
QList<QLineSeries*> lineSeriesOf(const QWidget* chart) {
    QList<QLineSeries*> lines;
    for (QAbstractSeries* series : chart->findChild<QChartView*>()->chart()->series())
        if (auto* line = qobject_cast<QLineSeries*>(series)) lines.append(line);
    return lines;
}
QList<QBoxSet*> boxSetsOf(const QWidget* chart) {
    for (QAbstractSeries* series : chart->findChild<QChartView*>()->chart()->series())
        if (auto* boxes = qobject_cast<QBoxPlotSeries*>(series)) return boxes->boxSets();
    return {};
}

// Writes the plan's config.json and its runs, as `puzzle-cli bench` does; `withoutCurveEvaluations` writes the
// curves as benches did before they carried evaluations ([step, best cost] points).
void writeBenchDirectory(const QString& dir, const BenchPlan& plan, bool withoutCurveEvaluations = false) {
    std::ofstream(QDir(dir).filePath(QStringLiteral("config.json")).toStdString()) << benchPlanJson(plan).dump(2);
    BenchLog log(QDir(dir).filePath(QStringLiteral("runs.jsonl")).toStdString());
    runBench(plan, benchTasks(plan), 2, [&](const nlohmann::json& line) {
        nlohmann::json written = line;
        if (withoutCurveEvaluations)
            for (auto& point : written["curve"]) point.erase(2);
        log.append(std::move(written));
    });
}

// The run series of a convergence chart (unnamed, one per run, in the order of the records), per setting.
QList<QLineSeries*> runSeriesOf(const QWidget* chart) {
    QList<QLineSeries*> runs;
    for (QLineSeries* series : lineSeriesOf(chart))
        if (series->name().isEmpty()) runs.append(series);
    return runs;
}

QString readAll(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(file.readAll());
}

}  // namespace

class CompareViewTest : public QObject {
    Q_OBJECT
private slots:
    void runsSettingsAndShowsEveryChart();
    void chartsDrawTheSpreadOfAHandMadeSet();
    void opensADirectoryOfTheRunner();
    void refusesADirectoryThatIsNotOne();
    void costAxisDecidesWhatTheChartsDraw();
    void statisticsTableHoldsTheStatisticsOfTheAxis();
    void benchWithoutCurveEvaluationsFallsBackToSteps();
    void runSolvedAtItsStartShowsOnTheLogAxis();
    void opensFromTheToolsMenu();
    void ranksChartJoinsWhatNemenyiCannotTellApart();
    void aggregatedEcdfAndProfilesDrawEverySetting();
    void sweepHeatMapColoursEverySettingOfTheGrid();
    void setupAddsASweepAsItsFullGrid();
    void ertByTargetDrawsEveryTargetReached();
};

void CompareViewTest::runsSettingsAndShowsEveryChart() {
    CompareView view(QStringLiteral(PW_PUZZLES_DIR));
    view.setPuzzles({pillay()}, QStringLiteral("Pillay"));
    const BenchPlan plan = smallPlan();
    for (const auto& configuration : plan.configurations) view.addConfiguration(configuration.algorithmId, configuration.parameters);
    QCOMPARE(view.configurationCount(), 3);
    view.setRuns(3);
    view.setSeed(5);
    view.setStepBudget(4000);
    view.setJobs(2);
    view.show();
    QSignalSpy finished(&view, &CompareView::finished);
    view.start();
    QVERIFY(view.isRunning());
    QVERIFY(finished.wait(120000));
    QVERIFY(!view.isRunning());
    QCOMPARE(view.records().size(), std::size_t{9});

    // The same runs as the experiment runner makes (the seeds do not depend on threads or order).
    std::vector<BenchRecord> expected;
    runBench(plan, benchTasks(plan), 1, [&](const nlohmann::json& line) { expected.push_back(benchRecordFromJson(line)); });
    std::vector<std::string> labels{"sa", "tabu", "sa#2"};
    const std::string csv = benchSummaryCsv(summarizeBench(expected, labels));

    QTableWidget* table = view.summaryTable();
    QCOMPARE(table->rowCount(), 3);
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("sa"));
    QCOMPARE(table->item(2, 0)->text(), QStringLiteral("sa#2"));
    QCOMPARE(table->horizontalHeaderItem(6)->text(), QStringLiteral("success rate"));
    QCOMPARE(table->horizontalHeaderItem(7)->text(), QStringLiteral("time to solve\nmin (s)"));
    QVERIFY(table->horizontalHeaderItem(7)->toolTip().contains(QStringLiteral("time_min")));
    for (int row = 0; row < 3; ++row) {
        QCOMPARE(table->item(row, 4)->text(), QStringLiteral("3"));  // runs
        const auto summary = summarizeBench(expected, labels);
        QCOMPARE(table->item(row, 5)->text(), QString::number(summary[static_cast<std::size_t>(row)].solved));
    }
    QCOMPARE(view.convergenceChart()->bandCount(), 3);
    QCOMPARE(view.convergenceChart()->visibleRunCount(), 0);
    view.convergenceChart()->showRunsOf(1);  // as hovering tabu's median does
    QCOMPARE(view.convergenceChart()->visibleRunCount(), 3);
    view.convergenceChart()->showRunsOf(-1);
    QCOMPARE(view.convergenceChart()->visibleRunCount(), 0);
    QCOMPARE(view.ecdfChart()->curveCount(), 3);
    QCOMPARE(view.boxPlot()->boxCount(), 3);

    // The values drawn, against the runner's runs, on the default axis, evaluations: each ECDF curve ends at its
    // setting's success rate, each box holds the median and quartiles of the best costs within the budget every
    // run had (the shortest unsolved run; three runs: sorted a <= b <= c, median b, quartiles (a+b)/2 and
    // (b+c)/2), and each median curve of the convergence chart ends at the median final cost.
    QCOMPARE(view.costAxis(), CostAxis::Evaluations);
    double commonBudget = std::numeric_limits<double>::infinity();
    for (const BenchRecord& record : expected)
        if (!record.solved) commonBudget = std::min(commonBudget, record.evaluations);
    const auto summaries = summarizeBench(expected, labels);
    const QList<QLineSeries*> ecdfCurves = lineSeriesOf(view.ecdfChart());
    QCOMPARE(ecdfCurves.size(), qsizetype{3});
    const QList<QBoxSet*> boxes = boxSetsOf(view.boxPlot());
    QCOMPARE(boxes.size(), qsizetype{3});
    std::vector<QLineSeries*> medians;
    for (QLineSeries* series : lineSeriesOf(view.convergenceChart()))
        if (series->name().contains(QStringLiteral("median"))) medians.push_back(series);
    QCOMPARE(medians.size(), std::size_t{3});
    for (int row = 0; row < 3; ++row) {
        const auto& summary = summaries[static_cast<std::size_t>(row)];
        QVERIFY(ecdfCurves[row]->name().startsWith(QString::fromStdString(labels[static_cast<std::size_t>(row)])));
        if (summary.solved > 0) {
            QCOMPARE(ecdfCurves[row]->points().last().y(), summary.solved / 3.0);
        } else {
            QCOMPARE(ecdfCurves[row]->count(), 0);
        }
        std::vector<double> finalCosts, costsWithinBudget;
        for (const BenchRecord& record : expected)
            if (record.configuration == labels[static_cast<std::size_t>(row)]) {
                finalCosts.push_back(record.bestCost);
                costsWithinBudget.push_back(std::isfinite(commonBudget)
                                                ? bestCostWithin(record, commonBudget, CostAxis::Evaluations)
                                                : record.bestCost);
            }
        QCOMPARE(finalCosts.size(), std::size_t{3});
        std::sort(finalCosts.begin(), finalCosts.end());
        std::sort(costsWithinBudget.begin(), costsWithinBudget.end());
        QCOMPARE(boxes[row]->at(QBoxSet::Median), costsWithinBudget[1]);
        QCOMPARE(boxes[row]->at(QBoxSet::LowerQuartile), (costsWithinBudget[0] + costsWithinBudget[1]) / 2);
        QCOMPARE(boxes[row]->at(QBoxSet::UpperQuartile), (costsWithinBudget[1] + costsWithinBudget[2]) / 2);
        QCOMPARE(boxes[row]->at(QBoxSet::LowerExtreme), costsWithinBudget[0]);
        QCOMPARE(boxes[row]->at(QBoxSet::UpperExtreme), costsWithinBudget[2]);
        QCOMPARE(medians[static_cast<std::size_t>(row)]->points().last().y(), finalCosts[1]);
    }

    QTemporaryDir dir;
    QString error;
    const QString csvPath = dir.filePath(QStringLiteral("summary.csv"));
    QVERIFY2(view.exportCsv(csvPath, error), qPrintable(error));
    // Apart from the time columns, the exported table is the runner's.
    auto withoutTimes = [](const QString& text) {
        QStringList kept;
        for (const QString& line : text.split(QLatin1Char('\n'))) {
            QStringList fields = line.split(QLatin1Char(','));
            if (fields.size() > 11) fields.remove(7, 5);
            kept.append(fields.join(QLatin1Char(',')));
        }
        return kept.join(QLatin1Char('\n'));
    };
    QCOMPARE(withoutTimes(readAll(csvPath)), withoutTimes(QString::fromStdString(csv)));
    for (int tab = 0; tab < 3; ++tab) {
        view.tabs()->setCurrentIndex(tab);
        for (const char* extension : {".png", ".svg"}) {
            const QString path = dir.filePath(QStringLiteral("chart%1%2").arg(tab).arg(QLatin1String(extension)));
            QVERIFY2(view.exportChart(path, error), qPrintable(error));
            QVERIFY(QFileInfo(path).size() > 1000);
        }
    }
    view.tabs()->setCurrentIndex(3);
    QVERIFY(!view.exportChart(dir.filePath(QStringLiteral("table.png")), error));
    QVERIFY(!view.convergenceChart()->exportImage(dir.filePath(QStringLiteral("chart.txt")), error));
    QVERIFY(error.contains(QStringLiteral(".png or .svg")));
}

// Five final costs 4, 1, 100, 3, 2: sorted 1 2 3 4 100, median 3, quartiles 2 and 4 (positions 1 and 3 of 0..4),
// whiskers 1 and 100. Four runs of which two solved, in 2 and 1 seconds: the ECDF rises by 1/4 at 1 and at 2 and
// ends at the success rate 1/2, not at 1.
void CompareViewTest::chartsDrawTheSpreadOfAHandMadeSet() {
    BoxPlotChart boxPlot;
    boxPlot.setData(QStringLiteral("final cost"), QStringLiteral("best cost"), {{QStringLiteral("hand"), {4, 1, 100, 3, 2}}});
    const QList<QBoxSet*> boxes = boxSetsOf(&boxPlot);
    QCOMPARE(boxes.size(), qsizetype{1});
    QCOMPARE(boxes[0]->at(QBoxSet::LowerExtreme), 1.0);
    QCOMPARE(boxes[0]->at(QBoxSet::LowerQuartile), 2.0);
    QCOMPARE(boxes[0]->at(QBoxSet::Median), 3.0);
    QCOMPARE(boxes[0]->at(QBoxSet::UpperQuartile), 4.0);
    QCOMPARE(boxes[0]->at(QBoxSet::UpperExtreme), 100.0);

    EcdfChart ecdf;
    EcdfSample sample;
    sample.name = QStringLiteral("hand");
    sample.solvedValues = {2, 1};
    sample.runs = 4;
    ecdf.setData(QStringLiteral("time to solve"), QStringLiteral("seconds"), {sample});
    const QList<QLineSeries*> curves = lineSeriesOf(&ecdf);
    QCOMPARE(curves.size(), qsizetype{1});
    QVERIFY(curves[0]->name().contains(QStringLiteral("2 of 4 solved")));
    double highest = 0;
    std::vector<double> levels;
    for (const QPointF& point : curves[0]->points()) {
        highest = std::max(highest, point.y());
        if (levels.empty() || levels.back() != point.y()) levels.push_back(point.y());
    }
    QCOMPARE(curves[0]->points().last().y(), 0.5);
    QCOMPARE(highest, 0.5);
    QCOMPARE(levels, (std::vector<double>{0, 0.25, 0.5}));
    // The steps stand at the solved values.
    for (const QPointF& point : curves[0]->points())
        if (point.y() == 0.25) QVERIFY(point.x() >= 1 && point.x() <= 2);
}

void CompareViewTest::opensADirectoryOfTheRunner() {
    QTemporaryDir dir;
    const BenchPlan plan = smallPlan();
    writeBenchDirectory(dir.path(), plan);
    CompareView view(QStringLiteral(PW_PUZZLES_DIR));
    QVERIFY(view.openResults(dir.path(), true));
    QCOMPARE(view.records().size(), std::size_t{9});
    QCOMPARE(view.summaryTable()->rowCount(), 3);
    QCOMPARE(view.summaryTable()->item(1, 0)->text(), QStringLiteral("tabu"));  // in the plan's order
    // The Statistics tab, on the evaluations axis: its column names in words.
    QTableWidget* statistics = view.statisticsTable();
    QCOMPARE(statistics->rowCount(), 3);
    QCOMPARE(statistics->horizontalHeaderItem(6)->text(), QStringLiteral("ERT (evaluations)"));
    QCOMPARE(statistics->horizontalHeaderItem(7)->text(), QStringLiteral("95 % interval"));
    QCOMPARE(view.testsTable()->rowCount(), 6);  // 3 pairs x 2 measures on the one puzzle
    QCOMPARE(view.testsTable()->item(0, 1)->text(), QStringLiteral("evaluations to solve"));
    QCOMPARE(view.testsTable()->horizontalHeaderItem(7)->text(), QStringLiteral("Holm p"));
    QCOMPARE(view.testsTable()->horizontalHeaderItem(8)->text(), QStringLiteral("A₁₂"));
    QVERIFY(view.showTab(QStringLiteral("statistics")));  // what --compare-tab statistics shows
    QCOMPARE(view.tabs()->currentWidget(), view.statisticsTable()->parentWidget());
    QVERIFY(!view.showTab(QStringLiteral("stats")));
    QCOMPARE(view.convergenceChart()->bandCount(), 3);
    QVERIFY(view.convergenceChart()->title().contains(QStringLiteral("pillay")));
    QCOMPARE(view.configurationCount(), 3);  // the experiment's setup, ready to run again
    std::map<std::string, const BenchRecord*> opened;
    const std::vector<BenchRecord> fromDirectory = view.records();
    for (const BenchRecord& record : fromDirectory)
        opened[benchRunKey(record.configuration, record.puzzleIndex, record.run)] = &record;
    QSignalSpy finished(&view, &CompareView::finished);
    view.setJobs(1);
    view.start();  // makes the same runs again: same seeds, same results
    QVERIFY(finished.wait(120000));
    QCOMPARE(view.records().size(), std::size_t{9});
    for (const BenchRecord& record : view.records()) {
        const BenchRecord* before = opened.at(benchRunKey(record.configuration, record.puzzleIndex, record.run));
        QCOMPARE(record.steps, before->steps);
        QCOMPARE(record.bestCost, before->bestCost);
        QCOMPARE(record.solved, before->solved);
    }
}

void CompareViewTest::refusesADirectoryThatIsNotOne() {
    QTemporaryDir dir;
    CompareView view(QStringLiteral(PW_PUZZLES_DIR));
    QVERIFY(!view.openResults(dir.path(), true));
    std::ofstream(dir.filePath(QStringLiteral("config.json")).toStdString()) << "{\"format\": \"something else\"}";
    QVERIFY(!view.openResults(dir.path(), true));
    QVERIFY(view.records().empty());
    QString error;
    QVERIFY(!view.exportCsv(dir.filePath(QStringLiteral("x.csv")), error));
}

void CompareViewTest::opensFromTheToolsMenu() {
    MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
    window.show();
    QAction* compare = nullptr;
    for (QAction* menu : window.menuBar()->actions())
        if (menu->menu())
            for (QAction* action : menu->menu()->actions())
                if (action->text() == QStringLiteral("&Compare…")) compare = action;
    QVERIFY(compare);
    compare->trigger();
    auto* view = window.findChild<CompareView*>();
    QVERIFY(view);
    QVERIFY(view->isVisible());
    QCOMPARE(view->configurationCount(), 1);  // the window's algorithm as a first setting
}

// Switching the cost axis changes the x values every chart draws: each run's curve point at the evaluations
// (then the steps) it had made, each ECDF step at a solved run's evaluations (then steps).
void CompareViewTest::costAxisDecidesWhatTheChartsDraw() {
    QTemporaryDir dir;
    writeBenchDirectory(dir.path(), smallPlan());
    CompareView view(QStringLiteral(PW_PUZZLES_DIR));
    QVERIFY(view.openResults(dir.path(), true));
    QCOMPARE(view.costAxis(), CostAxis::Evaluations);
    const std::vector<BenchRecord> records = view.records();
    // tabu evaluates a neighbourhood a step: the two axes differ, so the test can tell them apart.
    QVERIFY(std::any_of(records.begin(), records.end(),
                        [](const BenchRecord& r) { return r.algorithm == "tabu" && r.evaluations > 2 * r.steps; }));
    const std::vector<std::string> labels{"sa", "tabu", "sa#2"};
    for (const CostAxis axis : {CostAxis::Evaluations, CostAxis::Steps}) {
        view.setCostAxis(axis);
        QCOMPARE(view.costAxis(), axis);
        const QString name = QString::fromLatin1(costAxisName(axis));
        QCOMPARE(view.convergenceChart()->axisTitle(), QStringLiteral("%1 (log scale)").arg(name));
        // The runs in the order the chart draws them: per setting, in the order of the records.
        std::vector<const BenchRecord*> ordered;
        for (const std::string& label : labels)
            for (const BenchRecord& record : records)
                if (record.configuration == label) ordered.push_back(&record);
        const QList<QLineSeries*> runs = runSeriesOf(view.convergenceChart());
        QCOMPARE(runs.size(), qsizetype{9});
        for (std::size_t r = 0; r < ordered.size(); ++r) {
            const BenchRecord& record = *ordered[r];
            const QList<QPointF> points = runs[static_cast<qsizetype>(r)]->points();
            QCOMPARE(points.size(), static_cast<qsizetype>(record.curve.size() + 1));
            for (std::size_t i = 0; i < record.curve.size(); ++i) {
                const double at = axis == CostAxis::Evaluations
                                      ? std::min(record.evaluations, static_cast<double>(record.curveEvaluations[i]))
                                      : std::min(record.steps, static_cast<double>(record.curve[i].first));
                QCOMPARE(points[static_cast<qsizetype>(i)].x(), std::max(1.0, at));  // the start drawn at 1
                QCOMPARE(points[static_cast<qsizetype>(i)].y(), record.curve[i].second);
            }
            const double length = axis == CostAxis::Evaluations ? record.evaluations : record.steps;
            QCOMPARE(points.last().x(), std::max(1.0, length));
            QCOMPARE(points.last().y(), record.bestCost);
        }
        // The ECDF steps up at the solved runs' lengths on the axis.
        const QList<QLineSeries*> curves = lineSeriesOf(view.ecdfChart());
        QCOMPARE(curves.size(), qsizetype{3});
        for (std::size_t s = 0; s < labels.size(); ++s) {
            std::vector<double> solved;
            for (const BenchRecord& record : records)
                if (record.configuration == labels[s] && record.solved)
                    solved.push_back(axis == CostAxis::Evaluations ? record.evaluations : record.steps);
            std::sort(solved.begin(), solved.end());
            std::vector<double> rises;
            const QList<QPointF> points = curves[static_cast<qsizetype>(s)]->points();
            for (qsizetype i = 1; i < points.size(); ++i)
                if (points[i].y() > points[i - 1].y()) rises.push_back(points[i].x());
            QCOMPARE(rises, solved);
        }
    }
}

// The Statistics tab's numbers are pw::benchStatistics of the same records on the chosen axis.
void CompareViewTest::statisticsTableHoldsTheStatisticsOfTheAxis() {
    QTemporaryDir dir;
    writeBenchDirectory(dir.path(), smallPlan());
    CompareView view(QStringLiteral(PW_PUZZLES_DIR));
    QVERIFY(view.openResults(dir.path(), true));
    const std::vector<std::string> labels{"sa", "tabu", "sa#2"};
    for (const CostAxis axis : {CostAxis::Evaluations, CostAxis::Steps}) {
        view.setCostAxis(axis);
        StatisticsOptions options;
        options.axis = axis;
        const BenchStatistics stats = benchStatistics(view.records(), labels, options);
        QTableWidget* table = view.statisticsTable();
        QCOMPARE(table->horizontalHeaderItem(6)->text(),
                 QStringLiteral("ERT (%1)").arg(QString::fromLatin1(costAxisName(axis))));
        QCOMPARE(table->rowCount(), static_cast<int>(stats.rows.size()));
        auto value = [table](int row, int column) { return table->item(row, column)->data(Qt::UserRole); };
        for (int row = 0; row < table->rowCount(); ++row) {
            const SettingPuzzleStatistics& expected = stats.rows[static_cast<std::size_t>(row)];
            QCOMPARE(table->item(row, 0)->text(), QString::fromStdString(expected.configuration));
            QCOMPARE(value(row, 2).toDouble(), static_cast<double>(expected.runs));
            QCOMPARE(value(row, 3).toDouble(), static_cast<double>(expected.successes));
            QCOMPARE(value(row, 4).toDouble(), expected.successRate);
            QCOMPARE(value(row, 5).toList().at(0).toDouble(), expected.successRateInterval.low);
            QCOMPARE(value(row, 5).toList().at(1).toDouble(), expected.successRateInterval.high);
            QCOMPARE(value(row, 6).toDouble(), expected.ert);
            QCOMPARE(value(row, 7).toList().at(0).toDouble(), expected.ertInterval.low);
            QCOMPARE(value(row, 7).toList().at(1).toDouble(), expected.ertInterval.high);
            QCOMPARE(value(row, 8).toDouble(), expected.meanFinalCost);
            QCOMPARE(value(row, 9).toDouble(), expected.medianFinalCost);
            // What is shown is the number, to four digits (∞ without a success).
            QCOMPARE(table->item(row, 6)->text(),
                     std::isinf(expected.ert) ? QStringLiteral("∞") : QString::number(expected.ert, 'g', 4));
        }
        QTableWidget* tests = view.testsTable();
        QCOMPARE(tests->rowCount(), static_cast<int>(stats.pairs.size()));
        for (int row = 0; row < tests->rowCount(); ++row) {
            const PairComparison& expected = stats.pairs[static_cast<std::size_t>(row)];
            QCOMPARE(tests->item(row, 2)->text(), QString::fromStdString(expected.first));
            QCOMPARE(tests->item(row, 3)->text(), QString::fromStdString(expected.second));
            QCOMPARE(tests->item(row, 4)->data(Qt::UserRole).toDouble(), expected.test.u);
            QCOMPARE(tests->item(row, 5)->data(Qt::UserRole).toDouble(), expected.test.pValue);
            QCOMPARE(tests->item(row, 7)->data(Qt::UserRole).toDouble(), expected.pHolm);
            QCOMPARE(tests->item(row, 8)->data(Qt::UserRole).toDouble(), expected.a12);
        }
        // The tests across puzzles: the same sentences as the statistics give.
        QCOMPARE(view.acrossPuzzlesNote(), CompareView::acrossPuzzlesText(stats, QString::fromLatin1(costAxisName(axis))));
        QVERIFY(view.acrossPuzzlesNote().contains(QStringLiteral("Friedman across")));
    }
}

// A bench from before the curves carried evaluations: the evaluations axis is disabled with the reason as its
// tooltip, the view measures in steps; results with evaluations bring the default back.
void CompareViewTest::benchWithoutCurveEvaluationsFallsBackToSteps() {
    QTemporaryDir before, after;
    writeBenchDirectory(before.path(), smallPlan(), true);
    writeBenchDirectory(after.path(), smallPlan());
    CompareView view(QStringLiteral(PW_PUZZLES_DIR));
    QVERIFY(view.openResults(before.path(), true));
    QCOMPARE(view.costAxis(), CostAxis::Steps);
    auto* model = qobject_cast<QStandardItemModel*>(view.costAxisBox()->model());
    QVERIFY(model);
    const int evaluations = view.costAxisBox()->findData(static_cast<int>(CostAxis::Evaluations));
    QVERIFY(!model->item(evaluations)->isEnabled());
    QVERIFY(model->item(evaluations)->toolTip().contains(QStringLiteral("before their curves recorded evaluations")));
    view.setCostAxis(CostAxis::Evaluations);  // cannot be chosen
    QCOMPARE(view.costAxis(), CostAxis::Steps);
    QCOMPARE(view.convergenceChart()->axisTitle(), QStringLiteral("steps (log scale)"));
    QCOMPARE(view.statisticsTable()->rowCount(), 3);
    QCOMPARE(view.statisticsTable()->horizontalHeaderItem(6)->text(), QStringLiteral("ERT (steps)"));
    QVERIFY(view.openResults(after.path(), true));
    QVERIFY(model->item(evaluations)->isEnabled());
    QCOMPARE(view.costAxis(), CostAxis::Evaluations);
}

// A setting whose runs all ended at their start (solved at step 0) is one point: drawn at the log axis's
// minimum, 1, as a marker, and the chart's tooltip says where the start is drawn.
void CompareViewTest::runSolvedAtItsStartShowsOnTheLogAxis() {
    ConvergenceChart chart;
    CurveBand solvedAtStart;
    solvedAtStart.name = QStringLiteral("given");
    solvedAtStart.x = {1};
    solvedAtStart.median = solvedAtStart.lowerQuartile = solvedAtStart.upperQuartile = {0};
    solvedAtStart.runs = {{QPointF(1, 0)}};
    CurveBand searching;
    searching.name = QStringLiteral("search");
    searching.x = {1, 10, 100};
    searching.median = searching.lowerQuartile = searching.upperQuartile = {9, 4, 0};
    chart.setData(QStringLiteral("two settings"), QStringLiteral("evaluations"), 1, {solvedAtStart, searching});
    QLineSeries* median = nullptr;
    for (QLineSeries* series : lineSeriesOf(&chart))
        if (series->name().startsWith(QStringLiteral("given"))) median = series;
    QVERIFY(median);
    QCOMPARE(median->count(), 1);
    QCOMPARE(median->at(0), QPointF(1, 0));
    QVERIFY(median->pointsVisible());
    QChart* drawn = chart.findChild<QChartView*>()->chart();
    auto* x = qobject_cast<QLogValueAxis*>(drawn->axes(Qt::Horizontal).front());
    QVERIFY(x);
    QCOMPARE(x->min(), 1.0);
    QVERIFY(chart.findChild<QChartView*>()->toolTip().contains(QStringLiteral("drawn at 1, the axis minimum")));
}

QTEST_MAIN(CompareViewTest)

// The Ranks tab's critical-difference diagram: a bar for each group within the critical difference, none without
// one, and it exports like every chart.
void CompareViewTest::ranksChartJoinsWhatNemenyiCannotTellApart() {
    CriticalDifferenceChart chart;
    chart.resize(800, 500);
    chart.setData(QStringLiteral("ranks"), {{QStringLiteral("sa"), 1.5}, {QStringLiteral("tabu"), 1.2},
                                            {QStringLiteral("harmony"), 3.3}},
                  1.0);
    QCOMPARE(chart.groupCount(), 1);  // tabu and sa; harmony stands apart
    chart.setData(QStringLiteral("ranks"), {{QStringLiteral("sa"), 1.5}, {QStringLiteral("tabu"), 1.2}}, 0);
    QCOMPARE(chart.groupCount(), 0);  // no critical difference known
    QTemporaryDir dir;
    QString error;
    QVERIFY2(chart.exportImage(dir.filePath(QStringLiteral("ranks.svg")), error), qPrintable(error));
    QVERIFY(QFileInfo(dir.filePath(QStringLiteral("ranks.svg"))).size() > 1000);
}

// The ECDF over every puzzle and target and the performance profiles: a curve per setting, exported like every
// chart, and a profile's curve ends at the share of puzzles the setting solved.
void CompareViewTest::aggregatedEcdfAndProfilesDrawEverySetting() {
    QTemporaryDir dir;
    writeBenchDirectory(dir.path(), smallPlan());
    CompareView view(QStringLiteral(PW_PUZZLES_DIR));
    QVERIFY(view.openResults(dir.path(), true));
    QCOMPARE(view.aggregatedEcdfChart()->curveCount(), 3);
    QCOMPARE(view.profilesChart()->curveCount(), 3);
    QVERIFY(view.profilesChart()->title().contains(QStringLiteral("1 puzzle(s) every setting ran")));
    for (const QString& tab : {QStringLiteral("ecdf-all"), QStringLiteral("profiles")}) {
        QVERIFY(view.showTab(tab));
        QString error;
        const QString path = dir.filePath(tab + QStringLiteral(".svg"));
        QVERIFY2(view.exportChart(path, error), qPrintable(error));
        QVERIFY(QFileInfo(path).size() > 1000);
    }
    StepCurvesChart chart;
    chart.setData(QStringLiteral("profiles"), QStringLiteral("tau"), QStringLiteral("share"), 1, 10,
                  {{QStringLiteral("a"), {{1.0, 0.5}, {3.0, 0.75}}}, {QStringLiteral("b"), {}}});
    const auto lines = chart.findChild<QChartView*>()->chart()->series();
    QCOMPARE(lines.size(), 2);
    const auto* a = qobject_cast<QLineSeries*>(lines[0]);
    QVERIFY(a);
    QCOMPARE(a->points().back(), QPointF(10, 0.75));  // kept to the axis end
    QCOMPARE(qobject_cast<QLineSeries*>(lines[1])->points().back(), QPointF(10, 0));  // never within any tau
}

// A bench with a 2 × 2 sweep of sa (and a tabu setting beside it): the Sweep tab offers sa's grid, colours each
// setting's cell by its success rate — a higher rate greener, as the statistics computed here say — greys an
// ERT that no run reached, and exports like every chart.
void CompareViewTest::sweepHeatMapColoursEverySettingOfTheGrid() {
    QTemporaryDir dir;
    BenchPlan plan = smallPlan();
    plan.configurations = benchConfigurations("sa", {}, std::nullopt, "-a", {"sa.t0=1,80", "sa.alpha=0.9,0.9999"});
    plan.configurations.push_back(benchConfigurations("tabu", {}).front());
    plan.runs = 4;
    plan.budget.maxSteps = 3000;
    writeBenchDirectory(dir.path(), plan);
    CompareView view(QStringLiteral(PW_PUZZLES_DIR));
    QVERIFY(view.openResults(dir.path(), true));
    QCOMPARE(view.sweepChoice()->count(), 1);
    QCOMPARE(view.sweepChoice()->currentText(), QStringLiteral("sa: t0 × alpha"));
    QVERIFY(view.showTab(QStringLiteral("sweep")));
    view.sweepMeasure()->setCurrentIndex(0);  // success rate
    const HeatMapChart& chart = *view.sweepChart();
    QCOMPARE(chart.cellCount(), 4);
    QVERIFY(chart.title().contains(QStringLiteral("success rate")));
    // The same grid, computed here from the bench: rows t0 = 1, 80; columns alpha = 0.9, 0.9999.
    StatisticsOptions options;
    options.settingParameters = settingParametersOf(plan.configurations);
    const BenchDirectory bench = readBenchDirectory(dir.path().toStdString());
    const BenchStatistics stats = benchStatistics(bench.records, bench.configurations, options);
    QCOMPARE(stats.sweeps.size(), std::size_t{1});
    const auto& cells = stats.sweeps.front().cells;
    QCOMPARE(cells.size(), std::size_t{4});
    for (std::size_t a = 0; a < cells.size(); ++a) {
        const QColor colour = chart.cellColor(static_cast<int>(a / 2), static_cast<int>(a % 2));
        QVERIFY(colour.isValid());
        // Pale yellow (255, 247, 188) at 0 % to dark green (0, 104, 55) at 100 %: red falls as the rate rises.
        QCOMPARE(colour.red(), static_cast<int>(std::lround(255 * (1 - cells[a].successRate))));
        for (std::size_t b = 0; b < cells.size(); ++b)
            if (cells[a].successRate > cells[b].successRate)
                QVERIFY(colour.red() < chart.cellColor(static_cast<int>(b / 2), static_cast<int>(b % 2)).red());
    }
    view.sweepMeasure()->setCurrentIndex(1);  // ERT
    QVERIFY(chart.title().contains(QStringLiteral("ERT")));
    for (std::size_t a = 0; a < cells.size(); ++a)
        QCOMPARE(chart.cellColor(static_cast<int>(a / 2), static_cast<int>(a % 2)) == QColor(200, 200, 200),
                 !std::isfinite(cells[a].ert));
    QString error;
    const QString path = dir.filePath(QStringLiteral("sweep.svg"));
    QVERIFY2(view.exportChart(path, error), qPrintable(error));
    QVERIFY(QFileInfo(path).size() > 1000);
    // Without a sweep (one setting per algorithm) the tab says how to make one.
    QTemporaryDir plain;
    BenchPlan unswept = smallPlan();
    unswept.configurations = benchConfigurations("sa,tabu", {});
    writeBenchDirectory(plain.path(), unswept);
    QVERIFY(view.openResults(plain.path(), true));
    QCOMPARE(view.sweepChoice()->count(), 0);
    QCOMPARE(view.sweepChart()->cellCount(), 0);
    QVERIFY(view.sweepChart()->title().contains(QStringLiteral("--sweep")));
}

// The setup's sweep adds one setting per combination of the values, the other parameters as given; a bad key or
// value is refused with a message naming it, and nothing is added.
void CompareViewTest::setupAddsASweepAsItsFullGrid() {
    CompareView view(QStringLiteral(PW_PUZZLES_DIR));
    const int before = view.configurationCount();
    ParameterValues base(findAlgorithm("sa")->info.parameters);
    QVERIFY(!base.set(findAlgorithm("sa")->info.parameters, "t_min", "0.5"));
    QString error;
    QVERIFY2(view.addSweep("sa", base, QStringLiteral("t0=5,20  alpha=0.99,0.999,0.9999"), error), qPrintable(error));
    QCOMPARE(view.configurationCount(), before + 6);
    QVERIFY(!view.addSweep("sa", base, QStringLiteral("t0=5,abc"), error));
    QVERIFY2(error.contains(QStringLiteral("t0")) && error.contains(QStringLiteral("abc")), qPrintable(error));
    QVERIFY(!view.addSweep("sa", base, QStringLiteral("nosuchkey=1,2"), error));
    QVERIFY2(error.contains(QStringLiteral("nosuchkey")), qPrintable(error));
    QVERIFY(!view.addSweep("sa", base, QStringLiteral("  "), error));
    QCOMPARE(view.configurationCount(), before + 6);
    // The same grid in the CLI's syntax, which addSweep goes through, keeps the other parameters: t_min = 0.5.
    BenchPlan plan = smallPlan();
    plan.configurations = benchConfigurations("sa", {"sa.t_min=0.5"}, std::nullopt, "-a", {"sa.t0=5,20", "sa.alpha=0.99,0.999,0.9999"});
    QCOMPARE(plan.configurations.size(), std::size_t{6});
    for (const BenchConfiguration& configuration : plan.configurations)
        QCOMPARE(configuration.parameters.real("t_min"), 0.5);
}

// The fixed-target tab: a line per setting on the chosen puzzle, a point for each target some run reached — the
// targets whose ERT the statistics computed here find finite — and exported like every chart.
void CompareViewTest::ertByTargetDrawsEveryTargetReached() {
    QTemporaryDir dir;
    const BenchPlan plan = smallPlan();
    writeBenchDirectory(dir.path(), plan);
    CompareView view(QStringLiteral(PW_PUZZLES_DIR));
    QVERIFY(view.openResults(dir.path(), true));
    const BenchDirectory bench = readBenchDirectory(dir.path().toStdString());
    const BenchStatistics stats = benchStatistics(bench.records, bench.configurations, StatisticsOptions{});
    int reached = 0;
    for (const SettingPuzzleStatistics& row : stats.rows)
        for (const TargetResult& target : row.targets) reached += row.puzzleIndex == 0 && std::isfinite(target.ert);
    QVERIFY(reached > 0);
    QCOMPARE(view.targetsChart()->curveCount(), 3);
    QCOMPARE(view.targetsChart()->pointCount(), reached);
    QVERIFY(view.showTab(QStringLiteral("ert-targets")));
    QString error;
    const QString path = dir.filePath(QStringLiteral("ert-targets.svg"));
    QVERIFY2(view.exportChart(path, error), qPrintable(error));
    QVERIFY(QFileInfo(path).size() > 1000);
}

#include "compare_view_test.moc"
