#include "compare_view.h"

#include "algorithms/registry.h"
#include "base/statistics.h"
#include "charts/compare_charts.h"
#include "engine/algorithm.h"
#include "io/csv_table.h"
#include "parameter_form.h"
#include "puzzle_io.h"
#include "study/run_statistics.h"
#include "study/statistics_report.h"

#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <thread>

namespace pw::ui {

namespace {

// "t0=5, alpha=0.9": the parameters that differ from the algorithm's defaults.
QString changedParameters(const BenchConfiguration& configuration) {
    const AlgorithmEntry* entry = findAlgorithm(configuration.algorithmId);
    const ParameterValues defaults(entry->info.parameters);
    QStringList changed;
    for (const auto& [key, value] : configuration.parameters.all())
        if (!(value == defaults.value(key)))
            changed.append(QStringLiteral("%1=%2").arg(QString::fromStdString(key),
                                                       QString::fromStdString(formatParameterValue(value))));
    return changed.isEmpty() ? QObject::tr("defaults") : changed.join(QStringLiteral(", "));
}

// Shows a CSV table (header and rows) in `table`, numbers right-aligned.
void fillTable(QTableWidget* table, const std::string& csv) {
    std::vector<std::vector<CsvField>> lines;
    std::size_t start = 0;
    while (start < csv.size()) {
        const std::size_t end = csv.find('\n', start);
        lines.push_back(splitCsvLine(csv.substr(start, end - start)));
        start = end == std::string::npos ? csv.size() : end + 1;
    }
    table->clear();
    if (lines.empty()) {
        table->setRowCount(0);
        table->setColumnCount(0);
        return;
    }
    table->setColumnCount(static_cast<int>(lines.front().size()));
    table->setRowCount(static_cast<int>(lines.size()) - 1);
    QStringList header;
    for (const CsvField& field : lines.front()) header.append(QString::fromStdString(field.text));
    table->setHorizontalHeaderLabels(header);
    for (std::size_t row = 1; row < lines.size(); ++row)
        for (std::size_t column = 0; column < lines[row].size(); ++column) {
            const QString text = QString::fromStdString(lines[row][column].text);
            auto* item = new QTableWidgetItem(text);
            bool number = false;
            text.toDouble(&number);
            if (number || text == QStringLiteral("inf")) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table->setItem(static_cast<int>(row) - 1, static_cast<int>(column), item);
        }
    table->resizeColumnsToContents();
}

}  // namespace

CompareView::CompareView(const QString& puzzlesDir, QWidget* parent)
    : QDialog(parent), m_puzzlesDir(puzzlesDir), m_stop(std::make_shared<std::atomic<bool>>(false)) {
    setObjectName(QStringLiteral("compareView"));
    setWindowTitle(tr("Compare algorithms"));
    setWindowFlag(Qt::WindowMaximizeButtonHint);

    auto* results = new QWidget(this);
    auto* resultsLayout = new QVBoxLayout(results);
    auto* bar = new QHBoxLayout;
    m_resultPuzzle = new QComboBox(results);
    m_resultPuzzle->setToolTip(tr("The puzzle whose runs the charts show; the summary table holds every puzzle"));
    auto* exportChartButton = new QPushButton(tr("Export chart…"), results);
    auto* exportCsvButton = new QPushButton(tr("Export CSV…"), results);
    bar->addWidget(new QLabel(tr("Puzzle"), results));
    bar->addWidget(m_resultPuzzle, 1);
    bar->addWidget(exportChartButton);
    bar->addWidget(exportCsvButton);
    resultsLayout->addLayout(bar);
    m_tabs = new QTabWidget(results);
    m_convergence = new ConvergenceChart(m_tabs);
    m_tabs->addTab(m_convergence, tr("Convergence"));
    auto* ecdfTab = new QWidget(m_tabs);
    auto* ecdfLayout = new QVBoxLayout(ecdfTab);
    m_ecdfMeasure = new QComboBox(ecdfTab);
    m_ecdfMeasure->addItems({tr("time to solve"), tr("evaluations to solve")});
    auto* measureBar = new QHBoxLayout;
    measureBar->addWidget(new QLabel(tr("Measure"), ecdfTab));
    measureBar->addWidget(m_ecdfMeasure);
    measureBar->addStretch(1);
    ecdfLayout->addLayout(measureBar);
    m_ecdf = new EcdfChart(ecdfTab);
    ecdfLayout->addWidget(m_ecdf, 1);
    m_tabs->addTab(ecdfTab, tr("Run-length distribution"));
    m_boxPlot = new BoxPlotChart(m_tabs);
    m_tabs->addTab(m_boxPlot, tr("Final cost"));
    m_summaryTable = new QTableWidget(m_tabs);
    m_summaryTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_summaryTable->verticalHeader()->hide();
    m_tabs->addTab(m_summaryTable, tr("Summary"));
    // Fixed-target statistics on the evaluations axis, as `puzzle-cli stats` prints them.
    auto* statisticsTab = new QWidget(m_tabs);
    auto* statisticsLayout = new QVBoxLayout(statisticsTab);
    m_statisticsNote = new QLabel(statisticsTab);
    m_statisticsNote->setWordWrap(true);
    statisticsLayout->addWidget(m_statisticsNote);
    m_statisticsTable = new QTableWidget(statisticsTab);
    m_statisticsTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_statisticsTable->verticalHeader()->hide();
    statisticsLayout->addWidget(m_statisticsTable, 3);
    statisticsLayout->addWidget(new QLabel(tr("Pairwise Mann–Whitney U per puzzle, on the evaluations to solve "
                                              "(unsolved runs ranked worst) and on the final cost; p_holm is "
                                              "Holm-corrected within a puzzle and measure; A12 < 0.5 favours "
                                              "the first setting"),
                                           statisticsTab));
    m_testsTable = new QTableWidget(statisticsTab);
    m_testsTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_testsTable->verticalHeader()->hide();
    statisticsLayout->addWidget(m_testsTable, 2);
    m_tabs->addTab(statisticsTab, tr("Statistics"));
    resultsLayout->addWidget(m_tabs, 1);

    auto* splitter = new QSplitter(this);
    splitter->addWidget(createSetupPanel());
    splitter->addWidget(results);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    connect(m_resultPuzzle, &QComboBox::currentIndexChanged, this, &CompareView::refreshCharts);
    connect(m_ecdfMeasure, &QComboBox::currentIndexChanged, this, &CompareView::refreshCharts);
    connect(exportChartButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export chart"), QDir::homePath(),
                                                          tr("PNG image (*.png);;SVG drawing (*.svg)"));
        if (path.isEmpty()) return;
        QString error;
        if (!exportChart(path, error)) QMessageBox::warning(this, tr("Cannot export"), error);
    });
    connect(exportCsvButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export summary"), QDir::homePath(), tr("CSV (*.csv)"));
        if (path.isEmpty()) return;
        QString error;
        if (!exportCsv(path, error)) QMessageBox::warning(this, tr("Cannot export"), error);
    });
    resize(1320, 820);
    refreshResults();
    updateButtons();
}

CompareView::~CompareView() {
    m_stop->store(true);
    if (m_worker) m_worker->wait();
}

void CompareView::closeEvent(QCloseEvent* event) {
    stop();
    QDialog::closeEvent(event);
}

QWidget* CompareView::createSetupPanel() {
    auto* panel = new QWidget(this);
    auto* layout = new QVBoxLayout(panel);

    auto* puzzles = new QGroupBox(tr("Puzzles"), panel);
    auto* puzzlesLayout = new QHBoxLayout(puzzles);
    m_puzzleInfo = new QLabel(tr("none"), puzzles);
    m_puzzleInfo->setWordWrap(true);
    auto* browseSet = new QPushButton(tr("Puzzle set…"), puzzles);
    puzzlesLayout->addWidget(m_puzzleInfo, 1);
    puzzlesLayout->addWidget(browseSet);
    layout->addWidget(puzzles);

    auto* settings = new QGroupBox(tr("Algorithm settings"), panel);
    auto* settingsLayout = new QVBoxLayout(settings);
    m_algorithmBox = new QComboBox(settings);
    for (const AlgorithmEntry& entry : algorithmRegistry())
        m_algorithmBox->addItem(QString::fromStdString(entry.info.name), QString::fromStdString(entry.info.id));
    settingsLayout->addWidget(m_algorithmBox);
    m_parameterForm = new ParameterForm(settings);
    auto* formScroll = new QScrollArea(settings);
    formScroll->setWidget(m_parameterForm);
    formScroll->setWidgetResizable(true);
    formScroll->setFrameShape(QFrame::NoFrame);
    settingsLayout->addWidget(formScroll, 1);
    auto* addButton = new QPushButton(tr("Add setting"), settings);
    addButton->setToolTip(tr("Add the algorithm with these parameters; the same algorithm may be added again with "
                             "other values (labelled id#2, id#3, …)"));
    settingsLayout->addWidget(addButton);
    m_configurationList = new QListWidget(settings);
    settingsLayout->addWidget(m_configurationList, 1);
    auto* removeButton = new QPushButton(tr("Remove setting"), settings);
    settingsLayout->addWidget(removeButton);
    layout->addWidget(settings, 1);

    auto* budget = new QGroupBox(tr("Runs and budget"), panel);
    auto* form = new QFormLayout(budget);
    m_runs = new QSpinBox(budget);
    m_runs->setRange(1, 100000);
    m_runs->setValue(20);
    m_seed = new QSpinBox(budget);
    m_seed->setRange(0, 1'000'000'000);
    m_seed->setValue(1);
    m_seed->setToolTip(tr("Run r of every setting on every puzzle uses seed + r"));
    m_steps = new QSpinBox(budget);
    m_steps->setRange(0, 2'000'000'000);
    m_steps->setValue(200'000);
    m_steps->setSpecialValueText(tr("none"));
    m_steps->setGroupSeparatorShown(true);
    m_seconds = new QDoubleSpinBox(budget);
    m_seconds->setRange(0, 86400);
    m_seconds->setDecimals(1);
    m_seconds->setSpecialValueText(tr("none"));
    m_evaluations = new QSpinBox(budget);
    m_evaluations->setRange(0, 2'000'000'000);
    m_evaluations->setSpecialValueText(tr("none"));
    m_evaluations->setGroupSeparatorShown(true);
    m_jobs = new QSpinBox(budget);
    m_jobs->setRange(1, 256);
    m_jobs->setValue(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    form->addRow(tr("Runs"), m_runs);
    form->addRow(tr("Seed"), m_seed);
    form->addRow(tr("Steps per run"), m_steps);
    form->addRow(tr("Seconds per run"), m_seconds);
    form->addRow(tr("Evaluations per run"), m_evaluations);
    form->addRow(tr("Threads"), m_jobs);
    layout->addWidget(budget);

    auto* buttons = new QHBoxLayout;
    m_startButton = new QPushButton(tr("Run"), panel);
    m_startButton->setDefault(true);
    m_stopButton = new QPushButton(tr("Stop"), panel);
    auto* openButton = new QPushButton(tr("Open results…"), panel);
    openButton->setToolTip(tr("Show a directory written by puzzle-cli bench"));
    buttons->addWidget(m_startButton);
    buttons->addWidget(m_stopButton);
    buttons->addWidget(openButton);
    layout->addLayout(buttons);
    m_progress = new QProgressBar(panel);
    m_progress->setFormat(tr("%v of %m runs"));
    layout->addWidget(m_progress);
    m_status = new QLabel(panel);
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    auto showForm = [this] {
        const AlgorithmEntry* entry = findAlgorithm(m_algorithmBox->currentData().toString().toStdString());
        if (entry) m_parameterForm->setSpecs(entry->info.parameters);
    };
    showForm();
    connect(m_algorithmBox, &QComboBox::currentIndexChanged, this, showForm);
    connect(addButton, &QPushButton::clicked, this, [this] {
        addConfiguration(m_algorithmBox->currentData().toString().toStdString(), m_parameterForm->values());
    });
    connect(removeButton, &QPushButton::clicked, this, [this] { removeConfiguration(m_configurationList->currentRow()); });
    connect(browseSet, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Puzzle set"), m_puzzlesDir,
                                                          tr("Puzzles (*.txt *.csv *.sdk *.ss *.sdm *.json);;All files (*)"));
        if (!path.isEmpty()) openPuzzleSet(path);
    });
    connect(m_startButton, &QPushButton::clicked, this, &CompareView::start);
    connect(m_stopButton, &QPushButton::clicked, this, &CompareView::stop);
    connect(openButton, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Results of puzzle-cli bench"), QDir::homePath());
        if (!dir.isEmpty()) openResults(dir);
    });
    panel->setMinimumWidth(360);
    return panel;
}

void CompareView::setPuzzles(std::vector<Puzzle> puzzles, const QString& description) {
    m_puzzles = std::move(puzzles);
    m_puzzleInfo->setText(tr("%1 (%n puzzle(s))", nullptr, static_cast<int>(m_puzzles.size())).arg(description));
    updateButtons();
}

bool CompareView::openPuzzleSet(const QString& path, bool quiet) {
    PuzzleLoad load = loadPuzzlesFromFile(path);
    if (load.puzzles.empty()) {
        const QString message = load.errors.isEmpty() ? tr("%1: no puzzle found").arg(path) : load.errors.join(QLatin1Char('\n'));
        if (!quiet) QMessageBox::warning(this, tr("Cannot use this puzzle set"), message);
        return false;
    }
    setPuzzles(std::move(load.puzzles), QFileInfo(path).fileName());
    return true;
}

void CompareView::addConfiguration(const std::string& algorithmId, const ParameterValues& parameters) {
    if (!findAlgorithm(algorithmId)) return;
    m_configurations.push_back({algorithmId, algorithmId, parameters});
    refreshConfigurationList();
}

void CompareView::removeConfiguration(int index) {
    if (index < 0 || index >= configurationCount()) return;
    m_configurations.erase(m_configurations.begin() + index);
    refreshConfigurationList();
}

void CompareView::refreshConfigurationList() {
    // The labels of `puzzle-cli bench`: an algorithm's first setting is its id, the next id#2, ...
    std::map<std::string, int> occurrences;
    m_configurationList->clear();
    for (BenchConfiguration& configuration : m_configurations) {
        const int n = ++occurrences[configuration.algorithmId];
        configuration.label = n == 1 ? configuration.algorithmId : configuration.algorithmId + "#" + std::to_string(n);
        auto* item = new QListWidgetItem(
            QStringLiteral("%1 — %2").arg(QString::fromStdString(configuration.label), changedParameters(configuration)),
            m_configurationList);
        QStringList all;
        for (const auto& [key, value] : configuration.parameters.all())
            all.append(QStringLiteral("%1 = %2").arg(QString::fromStdString(key),
                                                    QString::fromStdString(formatParameterValue(value))));
        item->setToolTip(all.join(QLatin1Char('\n')));
    }
    updateButtons();
}

void CompareView::setRuns(int runs) { m_runs->setValue(runs); }
void CompareView::setSeed(int seed) { m_seed->setValue(seed); }
void CompareView::setStepBudget(int steps) { m_steps->setValue(steps); }
void CompareView::setTimeBudget(double seconds) { m_seconds->setValue(seconds); }
void CompareView::setEvaluationBudget(int evaluations) { m_evaluations->setValue(evaluations); }
void CompareView::setJobs(int jobs) { m_jobs->setValue(jobs); }

void CompareView::updateButtons() {
    m_startButton->setEnabled(!isRunning() && !m_puzzles.empty() && !m_configurations.empty());
    m_stopButton->setEnabled(isRunning());
}

void CompareView::start() {
    if (isRunning() || m_puzzles.empty() || m_configurations.empty()) return;
    BenchPlan plan;
    plan.configurations = m_configurations;
    plan.puzzles = m_puzzles;
    plan.runs = static_cast<std::uint64_t>(m_runs->value());
    plan.seed = static_cast<std::uint64_t>(m_seed->value());
    if (m_steps->value() > 0) plan.budget.maxSteps = static_cast<std::uint64_t>(m_steps->value());
    if (m_seconds->value() > 0) plan.budget.timeLimit = m_seconds->value();
    if (m_evaluations->value() > 0) plan.budget.maxEvaluations = static_cast<std::uint64_t>(m_evaluations->value());
    if (plan.budget.empty()) {
        m_status->setText(tr("Give each run a budget: steps, seconds or evaluations."));
        return;
    }
    const std::vector<BenchTask> tasks = benchTasks(plan);
    if (tasks.empty()) {
        m_status->setText(tr("None of the chosen algorithms solves these puzzles."));
        return;
    }
    m_records.clear();
    m_resultLabels.clear();
    for (const auto& configuration : plan.configurations) m_resultLabels.push_back(configuration.label);
    m_resultPuzzleIds.clear();
    for (const auto& puzzle : plan.puzzles) m_resultPuzzleIds.push_back(puzzle.id);
    refreshResults();
    m_progress->setRange(0, static_cast<int>(tasks.size()));
    m_progress->setValue(0);
    m_status->setText(tr("Running %n run(s)…", nullptr, static_cast<int>(tasks.size())));
    m_stop = std::make_shared<std::atomic<bool>>(false);
    auto stop = m_stop;
    const int jobs = m_jobs->value();
    m_worker = QThread::create([this, plan, tasks, jobs, stop] {
        // One queued call per finished run: the window never hears about single steps.
        runBench(plan, tasks, jobs, [this](const nlohmann::json& line) {
            QMetaObject::invokeMethod(this, [this, line] { onRun(line); }, Qt::QueuedConnection);
        }, stop.get());
        const bool stopped = stop->load();
        QMetaObject::invokeMethod(this, [this, stopped] { onDone(stopped); }, Qt::QueuedConnection);
    });
    connect(m_worker, &QThread::finished, m_worker, &QObject::deleteLater);
    m_worker->start();
    updateButtons();
}

void CompareView::stop() {
    if (m_worker) m_stop->store(true);
}

void CompareView::onRun(const nlohmann::json& line) {
    m_records.push_back(benchRecordFromJson(line));
    m_progress->setValue(static_cast<int>(m_records.size()));
}

void CompareView::onDone(bool stopped) {
    m_worker = nullptr;  // deletes itself once finished
    m_status->setText(stopped ? tr("Stopped: %n run(s) made.", nullptr, static_cast<int>(m_records.size()))
                              : tr("%n run(s) made.", nullptr, static_cast<int>(m_records.size())));
    refreshResults();
    updateButtons();
    emit finished();
}

bool CompareView::openResults(const QString& dir, bool quiet) {
    if (isRunning()) return false;
    BenchDirectory results;
    try {
        results = readBenchDirectory(dir.toStdString());
    } catch (const std::exception& e) {
        if (!quiet) QMessageBox::warning(this, tr("Cannot open these results"), QString::fromUtf8(e.what()));
        return false;
    }
    m_records = std::move(results.records);
    m_resultLabels = results.configurations;
    m_resultPuzzleIds.clear();
    for (const auto& puzzle : results.plan.puzzles) m_resultPuzzleIds.push_back(puzzle.id);
    // The experiment's setup, so that Run makes it again (or a variation of it).
    const BenchPlan& plan = results.plan;
    m_configurations = plan.configurations;
    refreshConfigurationList();
    setPuzzles(plan.puzzles, tr("the puzzles of %1").arg(QFileInfo(dir).fileName()));
    auto clampToSpin = [](std::uint64_t value, const QSpinBox* spin) {
        return static_cast<int>(std::min<std::uint64_t>(value, static_cast<std::uint64_t>(spin->maximum())));
    };
    m_runs->setValue(clampToSpin(plan.runs, m_runs));
    m_seed->setValue(clampToSpin(plan.seed, m_seed));
    m_steps->setValue(plan.budget.maxSteps ? clampToSpin(*plan.budget.maxSteps, m_steps) : 0);
    m_seconds->setValue(plan.budget.timeLimit.value_or(0));
    m_evaluations->setValue(plan.budget.maxEvaluations ? clampToSpin(*plan.budget.maxEvaluations, m_evaluations) : 0);
    m_status->setText(tr("%1: %n run(s).", nullptr, static_cast<int>(m_records.size())).arg(dir));
    refreshResults();
    return true;
}

void CompareView::refreshResults() {
    const QString chosen = m_resultPuzzle->currentText();
    {
        QSignalBlocker blocker(m_resultPuzzle);
        m_resultPuzzle->clear();
        for (std::size_t p = 0; p < m_resultPuzzleIds.size(); ++p)
            if (std::any_of(m_records.begin(), m_records.end(), [p](const BenchRecord& r) { return r.puzzleIndex == p; }))
                m_resultPuzzle->addItem(QString::fromStdString(m_resultPuzzleIds[p]), static_cast<int>(p));
        const int index = m_resultPuzzle->findText(chosen);
        if (index >= 0) m_resultPuzzle->setCurrentIndex(index);
    }
    // The table is summary.csv itself, so what is shown is what is exported.
    fillTable(m_summaryTable, benchSummaryCsv(summarizeBench(m_records, m_resultLabels)));
    refreshStatistics();
    refreshCharts();
}

void CompareView::refreshStatistics() {
    if (m_records.empty()) {
        fillTable(m_statisticsTable, {});
        fillTable(m_testsTable, {});
        m_statisticsNote->setText(tr("Run settings or open results to see their statistics."));
        return;
    }
    StatisticsOptions options;
    BenchStatistics stats;
    try {
        stats = benchStatistics(m_records, m_resultLabels, options);
    } catch (const std::invalid_argument&) {
        options.axis = CostAxis::Steps;  // a bench from before its curves carried evaluations
        stats = benchStatistics(m_records, m_resultLabels, options);
    }
    QStringList areas;
    for (const SettingEcdf& ecdf : stats.ecdfs)
        areas.append(QStringLiteral("%1 %2").arg(QString::fromStdString(ecdf.configuration)).arg(ecdf.auc, 0, 'f', 3));
    QStringList targets;
    for (double target : stats.targets) targets.append(QString::number(target));
    m_statisticsNote->setText(
        tr("ERT: %1 of all runs (unsolved ones to their budget) over the solved runs, with bootstrap 95 % "
           "intervals. Area under the ECDF of the %1 to the targets (cost ≤ %2) over every puzzle, up to %3: %4.")
            .arg(QString::fromLatin1(costAxisName(stats.axis)), targets.join(QStringLiteral(", ")),
                 QString::number(stats.maxTime), areas.join(QStringLiteral(" · "))));
    fillTable(m_statisticsTable, statisticsCsv(stats, StatisticsTable::Summary));
    fillTable(m_testsTable, statisticsCsv(stats, StatisticsTable::Pairs));
}

void CompareView::refreshCharts() {
    const int puzzle = m_resultPuzzle->currentIndex() >= 0 ? m_resultPuzzle->currentData().toInt() : -1;
    std::vector<CurveBand> bands;
    std::vector<EcdfSample> samples;
    std::vector<std::pair<QString, std::vector<double>>> finalCosts;
    const bool byTime = m_ecdfMeasure->currentIndex() == 0;
    for (const std::string& label : m_resultLabels) {
        std::vector<const BenchRecord*> runs;
        for (const BenchRecord& record : m_records)
            if (record.configuration == label && static_cast<int>(record.puzzleIndex) == puzzle) runs.push_back(&record);
        if (runs.empty()) continue;
        const QString name = QString::fromStdString(label);
        // Medians and quartiles at the curve's sample points, each run carrying its final cost forward.
        double lastStep = 1;
        for (const BenchRecord* run : runs) lastStep = std::max(lastStep, run->steps);
        CurveBand band;
        band.name = name;
        for (std::uint64_t step = 1;; step = nextCurvePoint(step)) {
            const double x = std::min(static_cast<double>(step), lastStep);
            std::vector<double> costs;
            for (const BenchRecord* run : runs) costs.push_back(run->costAt(static_cast<std::uint64_t>(x)));
            band.steps.push_back(x);
            band.median.push_back(median(costs));
            band.lowerQuartile.push_back(quantile(costs, 0.25));
            band.upperQuartile.push_back(quantile(costs, 0.75));
            if (x >= lastStep) break;
        }
        for (const BenchRecord* run : runs) {
            std::vector<QPointF> points;
            for (const auto& [step, cost] : run->curve)
                if (step >= 1) points.emplace_back(static_cast<double>(step), cost);
            points.emplace_back(std::max(1.0, run->steps), run->bestCost);
            band.runs.push_back(std::move(points));
        }
        bands.push_back(std::move(band));

        EcdfSample sample;
        sample.name = name;
        sample.runs = static_cast<int>(runs.size());
        std::vector<double> costs;
        for (const BenchRecord* run : runs) {
            if (run->solved) sample.solvedValues.push_back(byTime ? run->seconds : run->evaluations);
            costs.push_back(run->bestCost);
        }
        samples.push_back(std::move(sample));
        finalCosts.emplace_back(name, std::move(costs));
    }
    const QString puzzleName = m_resultPuzzle->currentText();
    if (bands.empty()) {
        m_convergence->setData(tr("Run settings or open results to compare them"), {});
        m_ecdf->setData(tr("Run-length distribution"), byTime ? tr("seconds") : tr("evaluations"), {});
        m_boxPlot->setData(tr("Final cost"), tr("best cost"), {});
        return;
    }
    m_convergence->setData(tr("Best cost on %1: median and inter-quartile band (hover a median for its runs)").arg(puzzleName), bands);
    m_ecdf->setData(byTime ? tr("Time to solve %1 (ECDF over all runs)").arg(puzzleName)
                           : tr("Evaluations to solve %1 (ECDF over all runs)").arg(puzzleName),
                    byTime ? tr("seconds") : tr("evaluations"), samples);
    m_boxPlot->setData(tr("Final best cost on %1").arg(puzzleName), tr("best cost"), finalCosts);
}

bool CompareView::exportCsv(const QString& path, QString& error) const {
    if (m_records.empty()) {
        error = tr("Nothing to export yet: run or open results first.");
        return false;
    }
    std::string message;
    if (!writeFileAtomically(path.toStdString(), benchSummaryCsv(summarizeBench(m_records, m_resultLabels)), message)) {
        error = tr("%1: %2").arg(path, QString::fromStdString(message));
        return false;
    }
    return true;
}

bool CompareView::exportChart(const QString& path, QString& error) const {
    switch (m_tabs->currentIndex()) {
    case 0: return m_convergence->exportImage(path, error);
    case 1: return m_ecdf->exportImage(path, error);
    case 2: return m_boxPlot->exportImage(path, error);
    default: break;
    }
    error = tr("The summary is a table: export it as CSV, or choose a chart's tab.");
    return false;
}

}  // namespace pw::ui
