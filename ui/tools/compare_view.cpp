#include "tools/compare_view.h"

#include "algorithms/registry.h"
#include "base/parallel.h"
#include "base/statistics.h"
#include "charts/compare_charts.h"
#include "engine/algorithm.h"
#include "io/csv_table.h"
#include "io/output.h"
#include "run/parameter_form.h"
#include "board/puzzle_io.h"
#include "study/run_statistics.h"
#include "tools/screen_fit.h"

#include <QAction>
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
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QSignalBlocker>
#include <QTabWidget>
#include <QToolButton>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>

namespace pw::ui {

namespace {

// The charts' text in presentation mode, as the main window's charts have it.
constexpr qreal kPresentationChartPoints = 13;

// "t0=5, alpha=0.9": the parameters that differ from the algorithm's defaults.
// "t0 × alpha": the keys a sweep varies.
QString sweptKeys(const SweepGrid& grid) {
    QStringList keys;
    for (const std::string& key : grid.keys) keys << QString::fromStdString(key);
    return keys.join(QStringLiteral(" × "));
}

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

// The column names of summary.csv in words; the raw name stays the header's tooltip, as it is in the file.
QString readableColumn(const QString& raw) {
    static const std::map<QString, QString> names = {
        {QStringLiteral("configuration"), QObject::tr("setting")},
        {QStringLiteral("algorithm"), QObject::tr("algorithm")},
        {QStringLiteral("puzzle_index"), QObject::tr("puzzle #")},
        {QStringLiteral("puzzle_id"), QObject::tr("puzzle")},
        {QStringLiteral("runs"), QObject::tr("runs")},
        {QStringLiteral("solved"), QObject::tr("solved")},
        {QStringLiteral("success_rate"), QObject::tr("success rate")},
    };
    if (const auto found = names.find(raw); found != names.end()) return found->second;
    // time_min, evaluations_median, ...: "time to solve / min (s)", "evaluations to solve / median" on two lines.
    static const std::map<QString, QString> statistics = {
        {QStringLiteral("min"), QObject::tr("min")},       {QStringLiteral("median"), QObject::tr("median")},
        {QStringLiteral("mean"), QObject::tr("mean")},     {QStringLiteral("max"), QObject::tr("max")},
        {QStringLiteral("sd"), QObject::tr("sd")}};
    const qsizetype cut = raw.lastIndexOf(QLatin1Char('_'));
    if (cut > 0) {
        const auto statistic = statistics.find(raw.mid(cut + 1));
        const QString measure = raw.left(cut);
        if (statistic != statistics.end() && measure == QStringLiteral("time"))
            return QObject::tr("time to solve\n%1 (s)").arg(statistic->second);
        if (statistic != statistics.end() && measure == QStringLiteral("evaluations"))
            return QObject::tr("evaluations to solve\n%1").arg(statistic->second);
    }
    return raw;
}

// A number as the Statistics tab shows it: four significant digits, infinity as ∞; the exact value is the
// item's Qt::UserRole data.
QTableWidgetItem* numberItem(double value) {
    const QString text = std::isinf(value) ? QStringLiteral("∞") : QString::number(value, 'g', 4);
    auto* item = new QTableWidgetItem(text);
    item->setData(Qt::UserRole, value);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}
QTableWidgetItem* intervalItem(const Interval& interval) {
    // Three digits: the interval is an estimate, and the table must fit the tab.
    auto bound = [](double value) { return std::isinf(value) ? QStringLiteral("∞") : QString::number(value, 'g', 3); };
    auto* item = new QTableWidgetItem(QStringLiteral("[%1, %2]").arg(bound(interval.low), bound(interval.high)));
    item->setData(Qt::UserRole, QVariantList{interval.low, interval.high});
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}
QTableWidgetItem* textItem(const QString& text) { return new QTableWidgetItem(text); }

void setHeader(QTableWidget* table, const QStringList& header, const QStringList& tooltips) {
    table->clear();
    table->setColumnCount(static_cast<int>(header.size()));
    table->setHorizontalHeaderLabels(header);
    for (int column = 0; column < static_cast<int>(tooltips.size()); ++column)
        table->horizontalHeaderItem(column)->setToolTip(tooltips[column]);
}

// Shows a CSV table (header in words, rows) in `table`, numbers right-aligned.
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
    for (const CsvField& field : lines.front()) header.append(readableColumn(QString::fromStdString(field.text)));
    table->setHorizontalHeaderLabels(header);
    for (std::size_t column = 0; column < lines.front().size(); ++column)
        table->horizontalHeaderItem(static_cast<int>(column))
            ->setToolTip(QObject::tr("%1 in summary.csv").arg(QString::fromStdString(lines.front()[column].text)));
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
    m_costAxis = new QComboBox(results);
    m_costAxis->addItem(tr("evaluations"), static_cast<int>(CostAxis::Evaluations));
    m_costAxis->addItem(tr("steps"), static_cast<int>(CostAxis::Steps));
    m_costAxis->addItem(tr("seconds"), static_cast<int>(CostAxis::Seconds));
    m_costAxis->setToolTip(tr("What a run's cost is measured in, in every chart and in the statistics. Evaluations "
                              "are fair across algorithms: an SA step evaluates one move, a tabu step a whole "
                              "neighbourhood."));
    bar->addWidget(new QLabel(tr("Puzzle"), results));
    bar->addWidget(m_resultPuzzle, 1);
    bar->addWidget(new QLabel(tr("Cost axis"), results));
    bar->addWidget(m_costAxis);
    bar->addWidget(exportChartButton);
    bar->addWidget(exportCsvButton);
    m_exportButtons = {exportChartButton, exportCsvButton};
    m_presentationAction = new QAction(tr("Presentation"), this);
    m_presentationAction->setObjectName(QStringLiteral("comparePresentationAction"));
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(QKeySequence(Qt::Key_F11));
    m_presentationAction->setToolTip(tr("Full screen for a projector: the charts and tables alone, larger text (F11)"));
    connect(m_presentationAction, &QAction::toggled, this, &CompareView::setPresentationMode);
    addAction(m_presentationAction);  // F11 wherever the focus is
    resultsLayout->addLayout(bar);
    m_tabs = new QTabWidget(results);
    // Beside the tabs, where the row has room even on a 1024-pixel screen.
    auto* presentationButton = new QToolButton(m_tabs);
    presentationButton->setDefaultAction(m_presentationAction);
    presentationButton->setAutoRaise(true);
    m_tabs->setCornerWidget(presentationButton, Qt::TopRightCorner);
    m_convergence = new ConvergenceChart(m_tabs);
    m_tabs->addTab(m_convergence, tr("Convergence"));
    m_ecdf = new EcdfChart(m_tabs);
    m_tabs->addTab(m_ecdf, tr("Run-length distribution"));
    m_boxPlot = new BoxPlotChart(m_tabs);
    m_tabs->addTab(m_boxPlot, tr("Final cost"));
    m_summaryTable = new QTableWidget(m_tabs);
    m_summaryTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_summaryTable->verticalHeader()->hide();
    m_tabs->addTab(m_summaryTable, tr("Summary"));
    // Fixed-target statistics on the cost axis, as `puzzle-cli stats` prints them.
    auto* statisticsTab = new QWidget(m_tabs);
    auto* statisticsLayout = new QVBoxLayout(statisticsTab);
    m_statisticsNote = new QLabel(statisticsTab);
    m_statisticsNote->setWordWrap(true);
    statisticsLayout->addWidget(m_statisticsNote);
    m_statisticsTable = new QTableWidget(statisticsTab);
    m_statisticsTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_statisticsTable->verticalHeader()->hide();
    statisticsLayout->addWidget(m_statisticsTable, 3);
    auto* testsNote = new QLabel(tr("Pairwise Mann–Whitney U per puzzle, on the cost to solve (unsolved runs ranked "
                                    "worst) and on the final cost. Holm p is corrected within a puzzle and measure; "
                                    "A₁₂ < 0.5 favours setting A."),
                                 statisticsTab);
    testsNote->setWordWrap(true);
    statisticsLayout->addWidget(testsNote);
    m_testsTable = new QTableWidget(statisticsTab);
    m_testsTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_testsTable->verticalHeader()->hide();
    statisticsLayout->addWidget(m_testsTable, 2);
    m_acrossPuzzlesNote = new QLabel(statisticsTab);
    m_acrossPuzzlesNote->setWordWrap(true);
    m_acrossPuzzlesNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    statisticsLayout->addWidget(m_acrossPuzzlesNote);
    m_tabs->addTab(statisticsTab, tr("Statistics"));
    m_ranks = new CriticalDifferenceChart(m_tabs);
    m_tabs->addTab(m_ranks, tr("Ranks"));
    m_aggregatedEcdf = new StepCurvesChart(m_tabs);
    m_tabs->addTab(m_aggregatedEcdf, tr("ECDF, all targets"));
    m_profiles = new StepCurvesChart(m_tabs);
    m_tabs->addTab(m_profiles, tr("Profiles"));
    // A parameter sweep as a heat map: the sweep and the measure chosen above it.
    auto* sweepTab = new QWidget(m_tabs);
    auto* sweepLayout = new QVBoxLayout(sweepTab);
    sweepLayout->setContentsMargins(0, 0, 0, 0);
    auto* sweepBar = new QHBoxLayout;
    m_sweepChoice = new QComboBox(sweepTab);
    m_sweepChoice->setObjectName(QStringLiteral("sweepChoice"));
    m_sweepChoice->setToolTip(tr("The algorithm whose settings were swept"));
    m_sweepMeasure = new QComboBox(sweepTab);
    m_sweepMeasure->setObjectName(QStringLiteral("sweepMeasure"));
    m_sweepMeasure->addItems({tr("success rate"), tr("ERT"), tr("median final cost")});
    sweepBar->addWidget(new QLabel(tr("Sweep:"), sweepTab));
    sweepBar->addWidget(m_sweepChoice);
    sweepBar->addWidget(new QLabel(tr("Measure:"), sweepTab));
    sweepBar->addWidget(m_sweepMeasure);
    sweepBar->addStretch(1);
    sweepLayout->addLayout(sweepBar);
    m_sweepChart = new HeatMapChart(sweepTab);
    sweepLayout->addWidget(m_sweepChart, 1);
    connect(m_sweepChoice, &QComboBox::currentIndexChanged, this, &CompareView::showSweep);
    connect(m_sweepMeasure, &QComboBox::currentIndexChanged, this, &CompareView::showSweep);
    m_tabs->addTab(sweepTab, tr("Sweep"));
    m_targets = new TargetCurvesChart(m_tabs);
    m_tabs->addTab(m_targets, tr("ERT by target"));
    resultsLayout->addWidget(m_tabs, 1);

    auto* splitter = new QSplitter(this);
    m_setupPanel = createSetupPanel();
    splitter->addWidget(m_setupPanel);
    splitter->addWidget(results);
    splitter->setStretchFactor(1, 1);
    // The setup at its narrowest: the Statistics table's columns need the width.
    splitter->setSizes({360, 960});
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    connect(m_resultPuzzle, &QComboBox::currentIndexChanged, this, &CompareView::refreshCharts);
    connect(m_resultPuzzle, &QComboBox::currentIndexChanged, this, &CompareView::showTargets);
    connect(m_costAxis, &QComboBox::currentIndexChanged, this, [this] {
        m_axisFellBack = false;  // the user's choice from now on
        refreshStatistics();
        refreshCharts();
    });
    connect(exportChartButton, &QPushButton::clicked, this, [this] {
        const ExportableChart* chart = currentChart();
        if (!chart) {
            QMessageBox::information(this, tr("Export chart"), tr("The summary is a table: export it as CSV, or choose a chart's tab."));
            return;
        }
        QString path;
        ChartExportOptions options;
        if (!askChartExport(this, chart->title() + QLatin1Char(' ') + m_resultPuzzle->currentText(), chart->shownSize(), path, options))
            return;
        QString error;
        if (!exportChart(path, error, options)) QMessageBox::warning(this, tr("Cannot export"), error);
    });
    connect(exportCsvButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export summary"), QDir::homePath(), tr("CSV (*.csv)"));
        if (path.isEmpty()) return;
        QString error;
        if (!exportCsv(path, error)) QMessageBox::warning(this, tr("Cannot export"), error);
    });
    fitToScreen(this, QSize(1320, 820));  // a 1024x768 projector: the window manager's frame included
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
    // A sweep: every combination of the listed values, the other parameters as the form holds them.
    auto* sweepRow = new QHBoxLayout;
    m_sweepEdit = new QLineEdit(settings);
    m_sweepEdit->setObjectName(QStringLiteral("sweepEdit"));
    m_sweepEdit->setPlaceholderText(tr("t0=5,20,80 alpha=0.99,0.999"));
    m_sweepEdit->setToolTip(tr("A parameter sweep: KEY=V1,V2,… items separated by spaces; Add sweep adds one setting "
                               "per combination of the values, the other parameters as above (puzzle-cli bench "
                               "--sweep ID.KEY=V1,V2)"));
    auto* sweepButton = new QPushButton(tr("Add sweep"), settings);
    sweepRow->addWidget(m_sweepEdit, 1);
    sweepRow->addWidget(sweepButton);
    settingsLayout->addLayout(sweepRow);
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
    // The budget on the axis the charts and statistics measure by default: the same work for every algorithm
    // (a step budget would give sa 200,000 evaluations and tabu about 8 million).
    m_evaluations->setValue(200'000);
    m_jobs = new QSpinBox(budget);
    m_jobs->setRange(1, 256);
    m_jobs->setValue(threadCount());
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
        if (entry) m_parameterForm->setSpecs(entry->info.parameters, entry->info.parameterRules);
    };
    showForm();
    connect(m_algorithmBox, &QComboBox::currentIndexChanged, this, showForm);
    // A refused value is marked in the form; a setting is added only with values the runs accept.
    connect(m_parameterForm, &ParameterForm::valuesChanged, addButton,
            [this, addButton] { addButton->setEnabled(m_parameterForm->rulesHold()); });
    connect(addButton, &QPushButton::clicked, this, [this] {
        if (!m_parameterForm->rulesHold()) return;
        addConfiguration(m_algorithmBox->currentData().toString().toStdString(), m_parameterForm->values());
    });
    const auto addSweepFromSetup = [this] {
        if (!m_parameterForm->rulesHold()) return;
        QString error;
        if (!addSweep(m_algorithmBox->currentData().toString().toStdString(), m_parameterForm->values(),
                      m_sweepEdit->text(), error))
            QMessageBox::warning(this, tr("Cannot add this sweep"), error);
    };
    connect(sweepButton, &QPushButton::clicked, this, addSweepFromSetup);
    connect(m_sweepEdit, &QLineEdit::returnPressed, this, addSweepFromSetup);
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
        if (load.errors.isEmpty()) load.errors.append(tr("%1: no puzzle found").arg(path));
        if (!quiet) loadErrorBox(this, tr("Cannot use this puzzle set"), load.errors)->exec();
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

bool CompareView::addSweep(const std::string& algorithmId, const ParameterValues& base, const QString& sweep,
                           QString& error) {
    std::vector<std::string> assignments, sweeps;
    for (const auto& [key, value] : base.all()) assignments.push_back(algorithmId + "." + key + "=" + formatParameterValue(value));
    for (const QString& item : sweep.split(QRegularExpression(QStringLiteral("[\\s;]+")), Qt::SkipEmptyParts))
        sweeps.push_back(algorithmId + "." + item.toStdString());
    if (sweeps.empty()) {
        error = tr("Name a parameter and its values to sweep, e.g. t0=5,20,80 alpha=0.99,0.999");
        return false;
    }
    std::vector<BenchConfiguration> grid;
    try {
        grid = benchConfigurations(algorithmId, assignments, std::nullopt, "sweep", sweeps);
    } catch (const std::exception& e) {
        error = QString::fromUtf8(e.what());
        return false;
    }
    if (m_configurations.size() + grid.size() > kMaxBenchConfigurations) {
        error = tr("The sweep's %1 settings would make more than %2 in all").arg(grid.size()).arg(kMaxBenchConfigurations);
        return false;
    }
    m_configurations.insert(m_configurations.end(), grid.begin(), grid.end());
    refreshConfigurationList();
    return true;
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
    std::vector<BenchTask> tasks;
    try {
        tasks = benchTasks(plan);
    } catch (const std::runtime_error& error) {  // more runs than a bench may plan
        m_status->setText(QString::fromStdString(error.what()));
        return;
    }
    if (tasks.empty()) {
        m_status->setText(tr("None of the chosen algorithms solves these puzzles."));
        return;
    }
    m_records.clear();
    m_resultLabels.clear();
    for (const auto& configuration : plan.configurations) m_resultLabels.push_back(configuration.label);
    m_resultSettings = settingParametersOf(plan.configurations);
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

bool CompareView::openResults(const QString& dir, bool quiet, QString* error) {
    if (isRunning()) return false;
    BenchDirectory results;
    try {
        results = readBenchDirectory(dir.toStdString());
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        if (!quiet) QMessageBox::warning(this, tr("Cannot open these results"), QString::fromUtf8(e.what()));
        return false;
    }
    m_records = std::move(results.records);
    m_resultLabels = results.configurations;
    m_resultSettings = settingParametersOf(results.plan.configurations);  // by the bench's labels, before relabelling
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
    // Evaluations on the axis need curves that carry them; a bench made before they were recorded has none.
    const bool evaluationsRecorded = std::all_of(m_records.begin(), m_records.end(),
                                                 [](const BenchRecord& r) { return !r.curveEvaluations.empty(); });
    {
        QSignalBlocker blocker(m_costAxis);
        auto* model = qobject_cast<QStandardItemModel*>(m_costAxis->model());
        const int evaluations = m_costAxis->findData(static_cast<int>(CostAxis::Evaluations));
        if (model && evaluations >= 0) {
            QStandardItem* item = model->item(evaluations);
            item->setEnabled(evaluationsRecorded);
            item->setToolTip(evaluationsRecorded
                                 ? QString()
                                 : tr("These runs were made before their curves recorded evaluations: measure them "
                                      "in steps or seconds, or run the bench again"));
        }
        if (!evaluationsRecorded && costAxis() == CostAxis::Evaluations) {
            m_costAxis->setCurrentIndex(m_costAxis->findData(static_cast<int>(CostAxis::Steps)));
            m_axisFellBack = true;
        } else if (evaluationsRecorded && m_axisFellBack) {
            m_costAxis->setCurrentIndex(evaluations);
            m_axisFellBack = false;
        }
    }
    // The table is summary.csv itself, so what is shown is what is exported.
    fillTable(m_summaryTable, benchSummaryCsv(summarizeBench(m_records, m_resultLabels)));
    refreshStatistics();
    refreshCharts();
}

QStringList CompareView::tabKeys() {
    return {QStringLiteral("convergence"), QStringLiteral("run-length"), QStringLiteral("final-cost"),
            QStringLiteral("summary"), QStringLiteral("statistics"), QStringLiteral("ranks"),
            QStringLiteral("ecdf-all"), QStringLiteral("profiles"), QStringLiteral("sweep"),
            QStringLiteral("ert-targets")};
}

void CompareView::setPresentationMode(bool on) {
    if (on == m_presentation) return;
    m_presentation = on;
    {
        const QSignalBlocker blocker(m_presentationAction);
        m_presentationAction->setChecked(on);
    }
    // The setup and the export buttons are for the desk, not the wall.
    m_setupPanel->setVisible(!on);
    for (QWidget* button : m_exportButtons) button->setVisible(!on);
    if (on) {
        QFont larger = QFont();
        larger.setPointSizeF(std::max(14.0, QFont().pointSizeF() * 1.5));
        setFont(larger);
    } else {
        setFont(QFont());
        setAttribute(Qt::WA_SetFont, false);
    }
    for (ExportableChart* chart : {static_cast<ExportableChart*>(m_convergence), static_cast<ExportableChart*>(m_ecdf),
                                   static_cast<ExportableChart*>(m_boxPlot), static_cast<ExportableChart*>(m_ranks),
                                   static_cast<ExportableChart*>(m_aggregatedEcdf),
                                   static_cast<ExportableChart*>(m_profiles), static_cast<ExportableChart*>(m_sweepChart),
                                   static_cast<ExportableChart*>(m_targets)})
        chart->setFontPointSize(on ? kPresentationChartPoints : 0);
    for (QTableWidget* table : {m_summaryTable, m_statisticsTable, m_testsTable}) table->resizeColumnsToContents();
    if (on) showFullScreen();
    else showNormal();
}

bool CompareView::showTab(const QString& key) {
    const qsizetype index = tabKeys().indexOf(key);
    if (index < 0 || index >= m_tabs->count()) return false;
    m_tabs->setCurrentIndex(static_cast<int>(index));
    return true;
}

CostAxis CompareView::costAxis() const { return static_cast<CostAxis>(m_costAxis->currentData().toInt()); }

void CompareView::setCostAxis(CostAxis axis) {
    const int index = m_costAxis->findData(static_cast<int>(axis));
    auto* model = qobject_cast<QStandardItemModel*>(m_costAxis->model());
    if (index >= 0 && (!model || model->item(index)->isEnabled())) m_costAxis->setCurrentIndex(index);
}

void CompareView::refreshStatistics() {
    const QString axisName = QString::fromLatin1(costAxisName(costAxis()));
    BenchStatistics stats;
    QString problem;
    if (m_records.empty()) {
        problem = tr("Run settings or open results to see their statistics.");
    } else {
        StatisticsOptions options;
        options.axis = costAxis();
        options.settingParameters = m_resultSettings;
        try {
            stats = benchStatistics(m_records, m_resultLabels, options);
        } catch (const std::invalid_argument& e) {
            problem = QString::fromUtf8(e.what());
        }
    }
    setHeader(m_statisticsTable,
              {tr("setting"), tr("puzzle"), tr("runs"), tr("solved"), tr("success\nrate"), tr("95 % interval"),
               tr("ERT (%1)").arg(axisName), tr("95 % interval"), tr("mean\nfinal cost"), tr("median\nfinal cost")},
              {QString(), QString(), QString(), tr("Runs that reached the target: a best cost at most the smallest target"),
               QString(), tr("Wilson 95 % interval of the success rate"),
               tr("Expected running time: the %1 of all runs (unsolved ones to their budget) over the successes")
                   .arg(axisName),
               tr("Bootstrap 95 % interval of the ERT"), QString(), QString()});
    setHeader(m_testsTable,
              {tr("puzzle"), tr("measure"), tr("setting A"), tr("setting B"), tr("U"), tr("p"), tr("method"),
               tr("Holm p"), tr("A₁₂")},
              {QString(), QString(), QString(), QString(), tr("Mann–Whitney U of setting A"),
               tr("Two-sided p-value"), tr("Exact null distribution for small samples without ties, else normal"),
               tr("p after Holm's correction within the puzzle and measure"),
               tr("Vargha–Delaney effect size: the chance that A's value exceeds B's; below 0.5 favours A")});
    if (!problem.isEmpty()) {
        m_statisticsTable->setRowCount(0);
        m_testsTable->setRowCount(0);
        m_statisticsNote->setText(problem);
        m_acrossPuzzlesNote->clear();
        m_ranks->setData(tr("Ranks across puzzles"), {}, 0);
        m_aggregatedEcdf->setData(tr("ECDF over puzzles and targets"), axisName, tr("fraction of (run, target) pairs"),
                                  1, 10, {});
        m_profiles->setData(tr("Performance profiles"), tr("τ, ERT over the best setting's"), tr("fraction of puzzles"),
                            1, 10, {});
        m_sweeps.clear();
        showSweep();
        m_statisticsRows.clear();
        showTargets();
        return;
    }
    QStringList areas;
    for (const SettingEcdf& ecdf : stats.ecdfs)
        areas.append(QStringLiteral("%1 %2").arg(QString::fromStdString(ecdf.configuration)).arg(ecdf.auc, 0, 'f', 3));
    QStringList targets;
    for (double target : stats.targets) targets.append(QString::number(target));
    m_statisticsNote->setText(
        tr("ERT: %1 of all runs (unsolved ones to their budget) over the runs that reached cost ≤ %2, with "
           "bootstrap 95 % intervals. Area under the ECDF of the %1 to the targets (cost ≤ %3) over every puzzle, "
           "up to %4: %5.")
            .arg(axisName, QString::number(stats.targets.empty() ? 0.0 : stats.targets.front()),
                 targets.join(QStringLiteral(", ")), QString::number(stats.maxTime, 'g', 4),
                 areas.join(QStringLiteral(" · "))));

    m_statisticsTable->setRowCount(static_cast<int>(stats.rows.size()));
    for (std::size_t r = 0; r < stats.rows.size(); ++r) {
        const SettingPuzzleStatistics& row = stats.rows[r];
        const int i = static_cast<int>(r);
        m_statisticsTable->setItem(i, 0, textItem(QString::fromStdString(row.configuration)));
        m_statisticsTable->setItem(i, 1, textItem(QString::fromStdString(row.puzzleId)));
        m_statisticsTable->setItem(i, 2, numberItem(row.runs));
        m_statisticsTable->setItem(i, 3, numberItem(row.successes));
        m_statisticsTable->setItem(i, 4, numberItem(row.successRate));
        m_statisticsTable->setItem(i, 5, intervalItem(row.successRateInterval));
        m_statisticsTable->setItem(i, 6, numberItem(row.ert));
        m_statisticsTable->setItem(i, 7, intervalItem(row.ertInterval));
        m_statisticsTable->setItem(i, 8, numberItem(row.meanFinalCost));
        m_statisticsTable->setItem(i, 9, numberItem(row.medianFinalCost));
    }
    m_statisticsTable->resizeColumnsToContents();

    auto puzzleName = [this](std::size_t index) {
        return index < m_resultPuzzleIds.size() ? QString::fromStdString(m_resultPuzzleIds[index])
                                                : QString::number(index);
    };
    m_testsTable->setRowCount(static_cast<int>(stats.pairs.size()));
    for (std::size_t r = 0; r < stats.pairs.size(); ++r) {
        const PairComparison& pair = stats.pairs[r];
        const int i = static_cast<int>(r);
        m_testsTable->setItem(i, 0, textItem(puzzleName(pair.puzzleIndex)));
        m_testsTable->setItem(i, 1, textItem(pair.measure == "final_cost" ? tr("final cost")
                                                                          : tr("%1 to solve").arg(axisName)));
        m_testsTable->setItem(i, 2, textItem(QString::fromStdString(pair.first)));
        m_testsTable->setItem(i, 3, textItem(QString::fromStdString(pair.second)));
        m_testsTable->setItem(i, 4, numberItem(pair.test.u));
        m_testsTable->setItem(i, 5, numberItem(pair.test.pValue));
        m_testsTable->setItem(i, 6, textItem(pair.test.exact ? tr("exact") : tr("normal")));
        m_testsTable->setItem(i, 7, numberItem(pair.pHolm));
        m_testsTable->setItem(i, 8, numberItem(pair.a12));
    }
    m_testsTable->resizeColumnsToContents();
    m_acrossPuzzlesNote->setText(acrossPuzzlesText(stats, axisName));
    showRanks(stats, axisName);
    showAggregatedViews(stats, axisName);
    m_sweeps = stats.sweeps;
    m_statisticsAxisName = axisName;
    {
        const QString chosen = m_sweepChoice->currentText();
        const QSignalBlocker blocker(m_sweepChoice);
        m_sweepChoice->clear();
        for (const SweepGrid& grid : m_sweeps)
            m_sweepChoice->addItem(QStringLiteral("%1: %2").arg(QString::fromStdString(grid.algorithm),
                                                                sweptKeys(grid)));
        m_sweepChoice->setCurrentIndex(std::max(0, m_sweepChoice->findText(chosen)));
    }
    showSweep();
    m_statisticsRows = stats.rows;
    showTargets();
}

void CompareView::showTargets() {
    const int puzzle = m_resultPuzzle->currentIndex() >= 0 ? m_resultPuzzle->currentData().toInt() : -1;
    std::vector<TargetCurve> curves;
    for (const SettingPuzzleStatistics& row : m_statisticsRows) {
        if (static_cast<int>(row.puzzleIndex) != puzzle) continue;
        TargetCurve curve{QString::fromStdString(row.configuration), {}};
        for (const TargetResult& target : row.targets)
            if (std::isfinite(target.ert)) curve.points.emplace_back(target.target, target.ert);
        std::sort(curve.points.begin(), curve.points.end());
        curves.push_back(std::move(curve));
    }
    m_targets->setData(curves.empty() ? tr("ERT by target: run settings or open results")
                                      : tr("ERT to each target, %1").arg(m_resultPuzzle->currentText()),
                       tr("ERT (%1)").arg(m_statisticsAxisName), curves);
}

void CompareView::showSweep() {
    const int index = m_sweepChoice->currentIndex();
    if (index < 0 || index >= static_cast<int>(m_sweeps.size())) {
        m_sweepChart->setData(tr("No parameter sweep: bench one algorithm with several values of a parameter "
                                 "(puzzle-cli bench --sweep ID.KEY=V1,V2)"),
                              QString(), {}, QString(), {}, {}, true, HeatMapChart::Scale::Linear);
        return;
    }
    const SweepGrid& grid = m_sweeps[static_cast<std::size_t>(index)];
    // Columns: the values of the last swept key; rows: the combinations of the others, in the bench's order.
    QStringList rows, columns;
    std::vector<HeatMapCell> cells;
    const int measure = m_sweepMeasure->currentIndex();
    for (const SweepCell& cell : grid.cells) {
        QStringList rowParts;
        for (std::size_t k = 0; k + 1 < grid.keys.size(); ++k)
            rowParts << QStringLiteral("%1=%2").arg(QString::fromStdString(grid.keys[k]), QString::fromStdString(cell.values[k]));
        const QString row = rowParts.join(QLatin1Char(' '));
        const QString column = QString::fromStdString(cell.values.back());
        if (!rows.contains(row)) rows << row;
        if (!columns.contains(column)) columns << column;
        HeatMapCell shown{static_cast<int>(rows.indexOf(row)), static_cast<int>(columns.indexOf(column)), 0, QString()};
        switch (measure) {
        case 0:
            shown.value = cell.successRate;
            shown.text = QStringLiteral("%1/%2").arg(cell.successes).arg(cell.runs);
            break;
        case 1:
            shown.value = std::isfinite(cell.ert) ? cell.ert : std::numeric_limits<double>::quiet_NaN();
            shown.text = std::isfinite(cell.ert) ? QString::number(cell.ert, 'g', 3) : tr("none solved");
            break;
        default:
            shown.value = cell.medianFinalCost;
            shown.text = QString::number(cell.medianFinalCost, 'g', 4);
            break;
        }
        cells.push_back(std::move(shown));
    }
    QStringList rowKeys;
    for (std::size_t k = 0; k + 1 < grid.keys.size(); ++k) rowKeys << QString::fromStdString(grid.keys[k]);
    const QString measureName = measure == 0 ? tr("success rate (solved/runs)")
                                : measure == 1 ? tr("ERT (%1)").arg(m_statisticsAxisName)
                                               : tr("median final cost");
    m_sweepChart->setData(tr("%1 of %2 over %3, every puzzle pooled")
                              .arg(measureName, QString::fromStdString(grid.algorithm),
                                   sweptKeys(grid)),
                          rowKeys.join(QStringLiteral(", ")), rows,
                          QString::fromStdString(grid.keys.back()), columns, cells, measure == 0,
                          measure == 0   ? HeatMapChart::Scale::UnitInterval
                          : measure == 1 ? HeatMapChart::Scale::Logarithmic
                                         : HeatMapChart::Scale::Linear);
}

void CompareView::showAggregatedViews(const BenchStatistics& stats, const QString& axisName) {
    // COCO's runtime ECDF: every (puzzle, run, target) triple, on the cost axis from 1 to the longest run.
    std::vector<StepCurve> ecdfs;
    for (const SettingEcdf& ecdf : stats.ecdfs) {
        StepCurve curve{tr("%1 (area %2)").arg(QString::fromStdString(ecdf.configuration)).arg(ecdf.auc, 0, 'f', 3), {}};
        for (const EcdfPoint& point : ecdf.points) curve.steps.emplace_back(std::max(1.0, point.time), point.fraction);
        ecdfs.push_back(std::move(curve));
    }
    QStringList targets;
    for (double target : stats.targets) targets.append(QString::number(target));
    m_aggregatedEcdf->setData(tr("ECDF of the %1 to %2 target(s) (cost ≤ %3) over %4 puzzle(s)")
                                  .arg(axisName)
                                  .arg(stats.targets.size())
                                  .arg(targets.join(QStringLiteral(", ")))
                                  .arg(m_resultPuzzleIds.size()),
                              axisName, tr("fraction of (run, target) pairs"), 1, std::max(10.0, stats.maxTime * 1.5),
                              ecdfs);

    // Dolan and Moré: the share of puzzles within τ times the best setting's ERT.
    std::vector<StepCurve> profiles;
    double largest = 2;
    for (const PerformanceProfile& profile : stats.profiles) {
        // The name alone, so the legend keeps it whole: the wins are the curve at τ = 1, the solved share its end.
        StepCurve curve{QString::fromStdString(profile.configuration), profile.steps};
        if (!profile.steps.empty()) largest = std::max(largest, profile.steps.back().first);
        profiles.push_back(std::move(curve));
    }
    m_profiles->setData(tr("Performance profiles on the ERT (%1) over %2 puzzle(s) every setting ran")
                            .arg(axisName)
                            .arg(stats.profilePuzzles),
                        tr("τ, ERT over the best setting's ERT"), tr("fraction of puzzles within τ"), 1, largest * 1.5,
                        profiles);
}

void CompareView::showRanks(const BenchStatistics& stats, const QString& axisName) {
    // The ERT when the Friedman test is defined on it, else the median final cost (when nothing is solved).
    const auto shown = std::find_if(stats.acrossPuzzles.begin(), stats.acrossPuzzles.end(),
                                    [](const AcrossPuzzlesComparison& comparison) { return comparison.test.has_value(); });
    if (shown == stats.acrossPuzzles.end()) {
        m_ranks->setData(tr("Ranks across puzzles: needs two settings that differ on two puzzles or more"), {}, 0);
        return;
    }
    std::vector<std::pair<QString, double>> ranks;
    for (std::size_t i = 0; i < shown->configurations.size(); ++i)
        ranks.emplace_back(QString::fromStdString(shown->configurations[i]), shown->test->meanRanks[i]);
    const QString measure = shown->measure == "ert" ? tr("ERT (%1)").arg(axisName) : tr("median final cost");
    m_ranks->setData(tr("Ranks by %1 on %2 puzzles (Friedman p %3)")
                         .arg(measure, QString::number(shown->puzzles), QString::number(shown->test->pValue, 'g', 3)),
                     ranks, shown->test->criticalDifference.value_or(0));
}

QString CompareView::acrossPuzzlesNote() const { return m_acrossPuzzlesNote->text(); }

QString CompareView::acrossPuzzlesText(const BenchStatistics& stats, const QString& axisName) {
    QStringList lines;
    for (const AcrossPuzzlesComparison& comparison : stats.acrossPuzzles) {
        const QString measure = comparison.measure == "ert" ? tr("ERT (%1)").arg(axisName) : tr("median final cost");
        const std::optional<FriedmanResult>& test = comparison.test;
        if (!test) {
            lines.append(tr("Friedman across puzzles on the %1: undefined — it needs two settings on two puzzles or "
                            "more, and settings that differ somewhere (not all unsolved).")
                             .arg(measure));
            continue;
        }
        QStringList ranks;
        for (std::size_t i = 0; i < comparison.configurations.size(); ++i)
            ranks.append(QStringLiteral("%1 %2").arg(QString::fromStdString(comparison.configurations[i]))
                             .arg(test->meanRanks[i], 0, 'f', 2));
        lines.append(tr("Friedman across %1 puzzles on the %2: χ² %3, p %4; mean ranks (1 the best) %5%6.")
                         .arg(QString::number(comparison.puzzles), measure, QString::number(test->statistic, 'g', 4), QString::number(test->pValue, 'g', 3),
                              ranks.join(QStringLiteral(", ")),
                              test->criticalDifference
                                  ? tr("; settings whose ranks differ by more than %1 differ (Nemenyi, 0.05)")
                                        .arg(*test->criticalDifference, 0, 'f', 2)
                                  : QString()));
        QStringList pairs;
        for (const PairAcrossPuzzles& pair : comparison.pairs)
            if (pair.test)
                pairs.append(QStringLiteral("%1–%2 %3").arg(QString::fromStdString(pair.first),
                                                             QString::fromStdString(pair.second),
                                                             QString::number(pair.pHolm, 'g', 3)));
        if (!pairs.isEmpty())
            lines.append(tr("  Wilcoxon signed-rank per pair over the puzzles, Holm p: %1.").arg(pairs.join(QStringLiteral(", "))));
    }
    return lines.join(QLatin1Char('\n'));
}

namespace {

// Log-spaced points from `low` to `high` (both included), ten a decade: on the integer axes the curve's own
// sample points 1, 2, 3, 4, 5, 6, 8, 10, 13, ...
std::vector<double> axisPoints(double low, double high, bool integral) {
    std::vector<double> points;
    if (integral) {
        for (std::uint64_t point = 1;; point = nextCurvePoint(point)) {
            const double x = std::min(static_cast<double>(point), high);
            points.push_back(std::max(x, low));
            if (x >= high) break;
        }
    } else {
        for (int k = 0;; ++k) {
            const double x = std::min(low * std::pow(10.0, k / 10.0), high);
            points.push_back(x);
            if (x >= high) break;
        }
    }
    return points;
}

}  // namespace

void CompareView::refreshCharts() {
    const int puzzle = m_resultPuzzle->currentIndex() >= 0 ? m_resultPuzzle->currentData().toInt() : -1;
    const CostAxis axis = costAxis();
    const QString axisName = QString::fromLatin1(costAxisName(axis));
    std::vector<std::vector<const BenchRecord*>> runsBySetting;
    std::vector<QString> names;
    for (const std::string& label : m_resultLabels) {
        std::vector<const BenchRecord*> runs;
        for (const BenchRecord& record : m_records)
            if (record.configuration == label && static_cast<int>(record.puzzleIndex) == puzzle) runs.push_back(&record);
        if (runs.empty()) continue;
        runsBySetting.push_back(std::move(runs));
        names.push_back(QString::fromStdString(label));
    }
    const QString puzzleName = m_resultPuzzle->currentText();
    if (runsBySetting.empty()) {
        m_convergence->setData(tr("Run settings or open results to compare them"), axisName, 1, {});
        m_ecdf->setData(tr("Run-length distribution"), axisName, {});
        m_boxPlot->setData(tr("Final cost"), tr("best cost"), {});
        return;
    }
    try {
        // The log axis starts at 1 evaluation or step; seconds start at the decade below the first curve point
        // after the start. A run's start, at 0, is drawn there.
        double xMinimum = 1;
        if (axis == CostAxis::Seconds) {
            double first = std::numeric_limits<double>::infinity();
            for (const auto& runs : runsBySetting)
                for (const BenchRecord* run : runs)
                    for (std::size_t i = 0; i < run->curve.size(); ++i)
                        if (const double t = curvePointTime(*run, i, axis); t > 0) first = std::min(first, t);
            xMinimum = std::isfinite(first) ? std::pow(10.0, std::floor(std::log10(first))) : 1e-3;
        }
        std::vector<CurveBand> bands;
        std::vector<EcdfSample> samples;
        std::vector<std::pair<QString, std::vector<double>>> finalCosts;
        // The budget every run had on the axis: the shortest unsolved run (a solved run stops early, its best
        // cost carried forward); all the runs' lengths when every run solved the puzzle.
        double commonBudget = std::numeric_limits<double>::infinity();
        for (const auto& runs : runsBySetting)
            for (const BenchRecord* run : runs)
                if (!run->solved) commonBudget = std::min(commonBudget, runLength(*run, axis));
        for (std::size_t s = 0; s < runsBySetting.size(); ++s) {
            const auto& runs = runsBySetting[s];
            // Medians and quartiles at log-spaced points of the axis, each run carrying its final cost forward.
            double last = xMinimum;
            for (const BenchRecord* run : runs) last = std::max(last, runLength(*run, axis));
            CurveBand band;
            band.name = names[s];
            for (double x : axisPoints(xMinimum, last, axis != CostAxis::Seconds)) {
                std::vector<double> costs;
                for (const BenchRecord* run : runs) costs.push_back(bestCostWithin(*run, x, axis));
                band.x.push_back(x);
                band.median.push_back(median(costs));
                band.lowerQuartile.push_back(quantile(costs, 0.25));
                band.upperQuartile.push_back(quantile(costs, 0.75));
            }
            for (const BenchRecord* run : runs) {
                std::vector<QPointF> points;
                for (std::size_t i = 0; i < run->curve.size(); ++i)
                    points.emplace_back(std::max(xMinimum, curvePointTime(*run, i, axis)), run->curve[i].second);
                points.emplace_back(std::max(xMinimum, runLength(*run, axis)), run->bestCost);
                band.runs.push_back(std::move(points));
            }
            bands.push_back(std::move(band));

            EcdfSample sample;
            sample.name = names[s];
            sample.runs = static_cast<int>(runs.size());
            std::vector<double> costs;
            for (const BenchRecord* run : runs) {
                if (run->solved) sample.solvedValues.push_back(runLength(*run, axis));
                costs.push_back(std::isfinite(commonBudget) ? bestCostWithin(*run, commonBudget, axis) : run->bestCost);
            }
            samples.push_back(std::move(sample));
            finalCosts.emplace_back(names[s], std::move(costs));
        }
        m_convergence->setData(
            tr("Best cost on %1 by %2: median, quartiles shaded").arg(puzzleName, axisName),
            axisName, xMinimum, bands);
        m_ecdf->setData(tr("Cost to solve %1 in %2 (ECDF over all runs)").arg(puzzleName, axisName), axisName, samples);
        m_boxPlot->setData(std::isfinite(commonBudget)
                               ? tr("Best cost on %1 within %2 %3, the budget every run had")
                                     .arg(puzzleName, QString::number(commonBudget, 'g', 4), axisName)
                               : tr("Final best cost on %1 (every run solved it)").arg(puzzleName),
                           tr("best cost"), finalCosts);
    } catch (const std::invalid_argument& e) {
        const QString message = QString::fromUtf8(e.what());
        m_convergence->setData(message, axisName, 1, {});
        m_ecdf->setData(message, axisName, {});
        m_boxPlot->setData(message, tr("best cost"), {});
    }
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

const ExportableChart* CompareView::currentChart() const {
    switch (m_tabs->currentIndex()) {
    case 0: return m_convergence;
    case 1: return m_ecdf;
    case 2: return m_boxPlot;
    case 5: return m_ranks;
    case 6: return m_aggregatedEcdf;
    case 7: return m_profiles;
    case 8: return m_sweepChart;
    case 9: return m_targets;
    default: return nullptr;
    }
}

bool CompareView::exportChart(const QString& path, QString& error, const ChartExportOptions& options) const {
    if (const ExportableChart* chart = currentChart()) return chart->exportImage(path, error, options);
    error = tr("The summary is a table: export it as CSV, or choose a chart's tab.");
    return false;
}

}  // namespace pw::ui
