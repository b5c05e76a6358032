// The Compare view offscreen: a small experiment run from the view, its charts and table, export, a directory
// written by the experiment runner opened in it, and the Tools menu entry.

#include "charts/compare_charts.h"
#include "compare_view.h"
#include "io/formats.h"
#include "main_window.h"
#include "study/bench.h"
#include "study/run_statistics.h"
#include "study/statistics_report.h"

#include <QAction>
#include <QFile>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QtCharts/QBoxPlotSeries>
#include <QtCharts/QBoxSet>
#include <QtCharts/QChartView>
#include <QtCharts/QLineSeries>

#include <algorithm>

#include <fstream>
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
    void opensFromTheToolsMenu();
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
    QCOMPARE(table->horizontalHeaderItem(7)->text(), QStringLiteral("time_min"));
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

    // The values drawn, against the runner's runs: each ECDF curve ends at its setting's success rate, each box
    // holds the median and quartiles of the final costs (three runs: sorted a <= b <= c, median b, quartiles
    // (a+b)/2 and (b+c)/2), and each median curve of the convergence chart ends at the median final cost.
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
        std::vector<double> finalCosts;
        for (const BenchRecord& record : expected)
            if (record.configuration == labels[static_cast<std::size_t>(row)]) finalCosts.push_back(record.bestCost);
        QCOMPARE(finalCosts.size(), std::size_t{3});
        std::sort(finalCosts.begin(), finalCosts.end());
        QCOMPARE(boxes[row]->at(QBoxSet::Median), finalCosts[1]);
        QCOMPARE(boxes[row]->at(QBoxSet::LowerQuartile), (finalCosts[0] + finalCosts[1]) / 2);
        QCOMPARE(boxes[row]->at(QBoxSet::UpperQuartile), (finalCosts[1] + finalCosts[2]) / 2);
        QCOMPARE(boxes[row]->at(QBoxSet::LowerExtreme), finalCosts[0]);
        QCOMPARE(boxes[row]->at(QBoxSet::UpperExtreme), finalCosts[2]);
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
    {
        std::ofstream(dir.filePath(QStringLiteral("config.json")).toStdString()) << benchPlanJson(plan).dump(2);
        BenchLog log(dir.filePath(QStringLiteral("runs.jsonl")).toStdString());
        runBench(plan, benchTasks(plan), 2, [&](const nlohmann::json& line) { log.append(line); });
    }
    CompareView view(QStringLiteral(PW_PUZZLES_DIR));
    QVERIFY(view.openResults(dir.path(), true));
    QCOMPARE(view.records().size(), std::size_t{9});
    QCOMPARE(view.summaryTable()->rowCount(), 3);
    QCOMPARE(view.summaryTable()->item(1, 0)->text(), QStringLiteral("tabu"));  // in the plan's order
    // The Statistics tab holds what `puzzle-cli stats DIR --csv` prints, on the evaluations axis.
    const BenchStatistics stats = benchStatistics(view.records(), {"sa", "tabu", "sa#2"}, StatisticsOptions{});
    const std::string statsCsv = statisticsCsv(stats, StatisticsTable::Summary);
    QTableWidget* statistics = view.statisticsTable();
    QCOMPARE(statistics->rowCount(), 3);
    QCOMPARE(statistics->horizontalHeaderItem(9)->text(), QStringLiteral("ert_evaluations"));
    QStringList firstRow;
    for (int column = 0; column < statistics->columnCount(); ++column) firstRow.append(statistics->item(0, column)->text());
    const std::size_t lineStart = statsCsv.find('\n') + 1;
    QCOMPARE(firstRow.join(QLatin1Char(',')),
             QString::fromStdString(statsCsv.substr(lineStart, statsCsv.find('\n', lineStart) - lineStart)));
    QCOMPARE(view.testsTable()->rowCount(), 6);  // 3 pairs x 2 measures on the one puzzle
    QCOMPARE(view.testsTable()->item(0, 1)->text(), QStringLiteral("time_to_target"));
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

QTEST_MAIN(CompareViewTest)
#include "compare_view_test.moc"
