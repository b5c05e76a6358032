#include "tools/difficulty_lab.h"

#include "base/parallel.h"
#include "base/statistics.h"
#include "board/board_model.h"
#include "board/board_view.h"
#include "charts/scatter_grid.h"
#include "charts/scatter_plot.h"
#include "io/csv_table.h"
#include "io/formats.h"
#include "io/output.h"
#include "puzzle/puzzle_kind.h"
#include "board/puzzle_io.h"
#include "tools/screen_fit.h"

#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace pw::ui {

namespace {

constexpr std::uint64_t kFillingOrderStepBudget = 10'000'000;
// Fewer pairs give no correlation (pearson() and spearman() need 4) and no plot worth reading.
constexpr std::size_t kMinimumPairs = 4;

std::string puzzleKeyOf(const Puzzle& puzzle) {
    return puzzle.kind() == PuzzleKind::Sudoku ? puzzleJoinKey(boardLine(puzzle.sudoku().givens)) : puzzle.id;
}

// The puzzle in one line: Sudoku's 81 characters, a Nurikabe's puzz.link URL.
std::string puzzleLineOf(const Puzzle& puzzle) {
    return puzzle.kind() == PuzzleKind::Sudoku ? boardLine(puzzle.sudoku().givens) : formatNurikabeUrl(puzzle.nurikabe().clues);
}

// A rated metric chosen in "Compare with" has this prefix before its id; a human column has none.
const QString kMetricPrefix = QStringLiteral("metric:");

// What the lab starts with for each kind: the quick metrics; Nurikabe's are the rating and the thesis's static ones.
QStringList defaultMetrics(PuzzleKind kind) {
    if (kind == PuzzleKind::Nurikabe)
        return {QStringLiteral("nurikabe-logic-level"), QStringLiteral("nurikabe-logic-depth"), QStringLiteral("nurikabe-islands"),
                QStringLiteral("nurikabe-island-area"), QStringLiteral("nurikabe-island-distance"),
                QStringLiteral("nurikabe-shared-cells")};
    return {QStringLiteral("human-time"), QStringLiteral("search-effort"), QStringLiteral("explainer-hardest"),
            QStringLiteral("serate"), QStringLiteral("givens"), QStringLiteral("candidates-after-singles")};
}

QString intervalText(const std::optional<Correlation>& c) {
    if (!c) return QStringLiteral("–");
    return QStringLiteral("%1  [%2, %3]").arg(c->r, 0, 'f', 3).arg(c->low, 0, 'f', 3).arg(c->high, 0, 'f', 3);
}

QTableWidgetItem* numberItem(const std::optional<double>& value) {
    auto* item = new QTableWidgetItem;
    if (value) item->setData(Qt::DisplayRole, *value);  // sorts as a number
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

}  // namespace

DifficultyLab::DifficultyLab(const QString& puzzlesDir, QWidget* parent)
    : QDialog(parent), m_puzzlesDir(puzzlesDir), m_stop(std::make_shared<std::atomic<bool>>(false)),
      m_closing(std::make_shared<std::atomic<bool>>(false)) {
    setObjectName(QStringLiteral("difficultyLab"));
    setWindowTitle(tr("Difficulty lab"));
    setWindowFlag(Qt::WindowMaximizeButtonHint);
    m_annealingOrder = new BoardModel(this);
    m_bruteForceOrder = new BoardModel(this);

    m_tabs = new QTabWidget(this);
    m_ratingTable = new QTableWidget(this);
    m_ratingTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_ratingTable->setSortingEnabled(true);
    m_ratingTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_ratingTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_ratingTable->setWordWrap(false);
    m_ratingTable->verticalHeader()->hide();
    m_tabs->addTab(m_ratingTable, tr("Ratings"));
    m_correlationTable = new QTableWidget(0, 4, this);
    m_correlationTable->setHorizontalHeaderLabels({tr("metric"), tr("n"), tr("Pearson r  [95% CI]"), tr("Spearman ρ  [95% CI]")});
    m_correlationTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_correlationTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_correlationTable->verticalHeader()->hide();
    m_correlationTable->horizontalHeader()->setStretchLastSection(true);
    m_tabs->addTab(m_correlationTable, tr("Correlation"));

    auto* scatterTab = new QWidget(this);
    auto* scatterLayout = new QVBoxLayout(scatterTab);
    auto* scatterBar = new QHBoxLayout;
    m_scatterMetric = new QComboBox(scatterTab);
    m_logX = new QCheckBox(tr("log x"), scatterTab);
    m_logY = new QCheckBox(tr("log y"), scatterTab);
    m_logY->setChecked(true);  // solving times are skewed
    auto* exportChart = new QPushButton(tr("Export chart…"), scatterTab);
    scatterBar->addWidget(new QLabel(tr("Metric"), scatterTab));
    scatterBar->addWidget(m_scatterMetric, 1);
    scatterBar->addWidget(m_logX);
    scatterBar->addWidget(m_logY);
    scatterBar->addWidget(exportChart);
    scatterLayout->addLayout(scatterBar);
    m_scatter = new ScatterPlot(scatterTab);
    m_scatter->setLogY(true);
    scatterLayout->addWidget(m_scatter, 1);
    m_tabs->addTab(scatterTab, tr("Scatter"));
    m_tabs->addTab(createSideBySideTab(), tr("Side by side"));
    m_fillingTab = createFillingOrderTab();
    m_tabs->addTab(m_fillingTab, tr("Filling order"));

    auto* splitter = new QSplitter(this);
    splitter->addWidget(createSetupPanel());
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    connect(m_scatterMetric, &QComboBox::currentIndexChanged, this, &DifficultyLab::refreshScatter);
    connect(m_logX, &QCheckBox::toggled, m_scatter, &ScatterPlot::setLogX);
    connect(m_logY, &QCheckBox::toggled, m_scatter, &ScatterPlot::setLogY);
    connect(exportChart, &QPushButton::clicked, this, [this] {
        QString path;
        ChartExportOptions options;
        if (!askChartExport(this, m_scatter->title(), m_scatter->shownSize(), path, options)) return;
        QString error;
        if (!m_scatter->exportImage(path, error, options)) QMessageBox::warning(this, tr("Cannot export"), error);
    });
    connect(m_ratingTable, &QTableWidget::itemSelectionChanged, this, [this] {
        const auto selected = m_ratingTable->selectedItems();
        if (selected.isEmpty()) return;
        const int index = m_ratingTable->item(selected.front()->row(), 0)->data(Qt::UserRole).toInt();
        if (index >= 0 && index < static_cast<int>(m_puzzles.size())) setFillingOrderPuzzle(m_puzzles[index]);
    });

    const QString human = m_puzzlesDir + QStringLiteral("/human/cloud_sudoku_human_difficulty_20240415.csv");
    if (QFileInfo::exists(human)) {
        setPuzzleSet(human, true);
        setHumanData(human, true);
    }
    setMetrics(defaultMetrics(m_kind));
    fitToScreen(this, QSize(1280, 820));  // a 1024x768 projector: the window manager's frame included
    updateButtons();
}

DifficultyLab::~DifficultyLab() {
    m_stop->store(true);
    m_closing->store(true);
    for (QThread* thread : {m_worker, m_fillingWorker})
        if (thread) thread->wait();
}

void DifficultyLab::closeEvent(QCloseEvent* event) {
    stopRating();
    QDialog::closeEvent(event);
}

// Every rated metric's plot against the compared column at once. Ranks (on by default) put skewed metrics and
// bounded ones on the same footing: the plot then shows what Spearman's ρ measures.
QWidget* DifficultyLab::createSideBySideTab() {
    auto* tab = new QWidget(this);
    auto* layout = new QVBoxLayout(tab);
    auto* bar = new QHBoxLayout;
    m_sideBySideRanks = new QCheckBox(tr("Ranks"), tab);
    m_sideBySideRanks->setObjectName(QStringLiteral("sideBySideRanks"));
    m_sideBySideRanks->setChecked(true);
    m_sideBySideRanks->setToolTip(tr("Plot the average ranks of both axes (ties share their mean rank) instead of the "
                                     "values; values are drawn on log axes where they are all positive"));
    m_sideBySideCaption = new QLabel(tab);
    m_sideBySideCaption->setWordWrap(true);
    bar->addWidget(m_sideBySideRanks);
    bar->addWidget(m_sideBySideCaption, 1);
    layout->addLayout(bar);
    m_sideBySide = new ScatterGrid(tab);
    layout->addWidget(m_sideBySide, 1);
    connect(m_sideBySideRanks, &QCheckBox::toggled, this, &DifficultyLab::refreshSideBySide);
    return tab;
}

QWidget* DifficultyLab::createSetupPanel() {
    auto* panel = new QWidget(this);
    auto* layout = new QVBoxLayout(panel);

    auto* dataBox = new QGroupBox(tr("Puzzles and human data"), panel);
    auto* dataLayout = new QGridLayout(dataBox);
    m_setPath = new QLineEdit(dataBox);
    m_setPath->setReadOnly(true);
    auto* browseSet = new QPushButton(tr("Puzzle set…"), dataBox);
    m_setInfo = new QLabel(dataBox);
    m_humanPath = new QLineEdit(dataBox);
    m_humanPath->setReadOnly(true);
    auto* browseHuman = new QPushButton(tr("Human data…"), dataBox);
    m_humanColumnBox = new QComboBox(dataBox);
    m_humanColumnBox->setToolTip(tr("What the metrics are compared with: a column of the human data, or one of the rated "
                                    "metrics (there are no human times for Nurikabe: compare its metrics with each other)"));
    dataLayout->addWidget(browseSet, 0, 0);
    dataLayout->addWidget(m_setPath, 0, 1);
    dataLayout->addWidget(m_setInfo, 1, 1);
    dataLayout->addWidget(browseHuman, 2, 0);
    dataLayout->addWidget(m_humanPath, 2, 1);
    dataLayout->addWidget(new QLabel(tr("Compare with"), dataBox), 3, 0);
    dataLayout->addWidget(m_humanColumnBox, 3, 1);
    layout->addWidget(dataBox);

    auto* metrics = new QGroupBox(tr("Metrics"), panel);
    auto* metricsLayout = new QVBoxLayout(metrics);
    m_metricList = new QListWidget(metrics);
    fillMetricList();
    metricsLayout->addWidget(m_metricList);
    auto* form = new QFormLayout;
    m_runs = new QSpinBox(metrics);
    m_runs->setRange(0, 10000);
    m_runs->setSpecialValueText(tr("each metric's default"));
    m_runs->setToolTip(tr("Runs of every stochastic metric (the thesis: 100 for brute force and annealing, 30 for the model)"));
    m_seed = new QSpinBox(metrics);
    m_seed->setRange(0, 1'000'000'000);
    m_seed->setValue(1);
    m_jobs = new QSpinBox(metrics);
    m_jobs->setRange(1, 256);
    m_jobs->setValue(threadCount());
    m_jobs->setToolTip(tr("Threads; every core by default"));
    form->addRow(tr("Runs"), m_runs);
    form->addRow(tr("Seed"), m_seed);
    form->addRow(tr("Threads"), m_jobs);
    metricsLayout->addLayout(form);
    layout->addWidget(metrics, 1);

    auto* buttons = new QHBoxLayout;
    m_rateButton = new QPushButton(tr("Rate"), panel);
    m_rateButton->setDefault(true);
    m_stopButton = new QPushButton(tr("Stop"), panel);
    auto* exportCsvButton = new QPushButton(tr("Export CSV…"), panel);
    buttons->addWidget(m_rateButton);
    buttons->addWidget(m_stopButton);
    buttons->addWidget(exportCsvButton);
    layout->addLayout(buttons);
    m_progress = new QProgressBar(panel);
    m_progress->setFormat(tr("%v of %m ratings"));
    layout->addWidget(m_progress);

    connect(browseSet, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Puzzle set"), m_puzzlesDir,
                                                          tr("Puzzles (*.txt *.csv *.sdk *.ss *.sdm);;All files (*)"));
        if (!path.isEmpty()) setPuzzleSet(path);
    });
    connect(browseHuman, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Human data"), m_puzzlesDir, tr("CSV (*.csv);;All files (*)"));
        if (!path.isEmpty()) setHumanData(path);
    });
    connect(m_humanColumnBox, &QComboBox::activated, this,
            [this](int index) { setHumanColumn(m_humanColumnBox->itemData(index).toString()); });
    connect(m_rateButton, &QPushButton::clicked, this, &DifficultyLab::startRating);
    connect(m_stopButton, &QPushButton::clicked, this, &DifficultyLab::stopRating);
    connect(exportCsvButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export ratings"), QDir::homePath(), tr("CSV (*.csv)"));
        if (path.isEmpty()) return;
        QString error;
        if (!exportCsv(path, error)) QMessageBox::warning(this, tr("Cannot export"), error);
    });
    connect(m_metricList, &QListWidget::itemChanged, this, &DifficultyLab::updateButtons);
    panel->setMinimumWidth(380);
    return panel;
}

// The metrics that rate the set's kind of puzzle, none checked.
void DifficultyLab::fillMetricList() {
    QSignalBlocker blocker(m_metricList);
    m_metricList->clear();
    for (const DifficultyMetric& metric : difficultyMetrics()) {
        if (metric.kind != m_kind) continue;
        auto* item = new QListWidgetItem(QStringLiteral("%1 — %2").arg(QString::fromStdString(metric.id),
                                                                     QString::fromStdString(metric.name)),
                                         m_metricList);
        item->setData(Qt::UserRole, QString::fromStdString(metric.id));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
        item->setToolTip(QString::fromStdString(metric.definition) +
                         (metric.stochastic ? tr("\nDefault runs: %1").arg(metric.defaultRuns) : QString()));
    }
}

QWidget* DifficultyLab::createFillingOrderTab() {
    auto* tab = new QWidget(this);
    auto* layout = new QVBoxLayout(tab);
    auto* intro = new QLabel(tr("The thesis's cell-filling-order prediction (§4.1): the median over runs of the order in "
                                "which annealing settles each cell (the rank of its last swap) and in which brute "
                                "force first assigns it. Pick a puzzle in the Ratings table, or use the window's."),
                             tab);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* bar = new QHBoxLayout;
    m_fillingRuns = new QSpinBox(tab);
    m_fillingRuns->setRange(1, 1000);
    m_fillingRuns->setValue(20);
    m_fillingButton = new QPushButton(tr("Predict"), tab);
    bar->addWidget(new QLabel(tr("Runs"), tab));
    bar->addWidget(m_fillingRuns);
    bar->addWidget(m_fillingButton);
    bar->addStretch(1);
    layout->addLayout(bar);
    auto* boards = new QHBoxLayout;
    for (int side = 0; side < 2; ++side) {
        auto* column = new QVBoxLayout;
        column->addWidget(new QLabel(side == 0 ? tr("Simulated annealing: cell filling order")
                                               : tr("Brute force: assignment order"),
                                     tab));
        auto* view = new BoardView(side == 0 ? m_annealingOrder : m_bruteForceOrder, tab);
        view->setEditable(false);
        view->setMinimumSize(290, 320);  // two side by side, beside the setup, fit a 1024-pixel screen
        column->addWidget(view, 1);
        boards->addLayout(column, 1);
    }
    layout->addLayout(boards, 1);
    m_fillingCaption = new QLabel(tab);
    m_fillingCaption->setWordWrap(true);
    layout->addWidget(m_fillingCaption);
    connect(m_fillingButton, &QPushButton::clicked, this, [this] { computeFillingOrder(m_fillingRuns->value()); });
    return tab;
}

bool DifficultyLab::setPuzzleSet(const QString& path, bool quiet) {
    PuzzleLoad load = loadPuzzlesFromFile(path);
    if (load.puzzles.empty()) {
        if (load.errors.isEmpty()) load.errors.append(tr("%1: no puzzle found").arg(path));
        if (!quiet) loadErrorBox(this, tr("Cannot use this puzzle set"), load.errors)->exec();
        return false;
    }
    // A set is of one kind, the kind of its first puzzle; puzzles of the other kind are skipped and counted.
    const PuzzleKind kind = load.puzzles.front().kind();
    std::vector<Puzzle> chosen;
    for (Puzzle& puzzle : load.puzzles)
        if (puzzle.kind() == kind) chosen.push_back(std::move(puzzle));
    const auto skipped = static_cast<int>(load.errors.size() + load.puzzles.size() - chosen.size());
    stopRating();
    m_puzzles = std::move(chosen);
    m_ratings.clear();
    m_ratedMetrics.clear();
    if (kind != m_kind) {
        m_kind = kind;
        fillMetricList();
        setMetrics(defaultMetrics(m_kind));
    }
    // The filling-order prediction is the thesis's for Sudoku.
    m_tabs->setTabEnabled(m_tabs->indexOf(m_fillingTab), m_kind == PuzzleKind::Sudoku);
    m_setPath->setText(path);
    const QString count = m_kind == PuzzleKind::Sudoku
                              ? tr("%n Sudoku puzzle(s)", nullptr, static_cast<int>(m_puzzles.size()))
                              : tr("%n Nurikabe puzzle(s)", nullptr, static_cast<int>(m_puzzles.size()));
    m_setInfo->setText(skipped == 0 ? count : tr("%1; %n entries skipped", nullptr, skipped).arg(count));
    if (m_kind == PuzzleKind::Sudoku) setFillingOrderPuzzle(m_puzzles.front());
    refreshCompareChoices();
    updateButtons();
    return true;
}

bool DifficultyLab::setHumanData(const QString& path, bool quiet) {
    ParseError error;
    const auto table = readCsvTable(path.toStdString(), error);
    const int puzzleColumn = table ? table->columnContaining("puzzle") : -1;
    if (!table || puzzleColumn < 0) {
        const QString message = table ? tr("%1: no column whose name contains 'puzzle'").arg(path)
                                      : QString::fromStdString(error.toString());
        if (!quiet) QMessageBox::warning(this, tr("Cannot use this human data"), message);
        return false;
    }
    m_humanColumns.clear();
    for (std::size_t column = 0; column < table->header.size(); ++column) {
        if (static_cast<int>(column) == puzzleColumn) continue;
        std::map<std::string, double> values;
        for (const auto& row : table->rows)
            if (const auto value = parseNumber(row[column])) values[puzzleJoinKey(row[puzzleColumn])] = *value;
        // Identifiers are numbers too; a human measure is a column that is not the id.
        const std::string name = table->header[column];
        const bool idColumn = name == "id" || name == "game_no" || name == "Game No.";
        if (!values.empty() && !idColumn) m_humanColumns[name] = std::move(values);
    }
    m_humanPath->setText(path);
    m_humanColumn.clear();
    // The mean solving time where there is one: the thesis correlates with human time.
    for (const char* preferred : {"avg_solve_time_s", "D_TO"})
        if (m_humanColumns.count(preferred)) m_humanColumn = QString::fromLatin1(preferred);
    refreshCompareChoices();
    return true;
}

bool DifficultyLab::setHumanColumn(const QString& column) {
    if (m_humanColumnBox->findData(column) < 0) return false;
    m_humanColumn = column;
    refreshCompareChoices();
    return true;
}

// "Compare with" offers the human columns that match puzzles of the set, then every rated metric. The choice
// stays when it is still offered; otherwise the first human column, else the Nurikabe rating, else the first metric.
void DifficultyLab::refreshCompareChoices() {
    QSignalBlocker blocker(m_humanColumnBox);
    m_humanColumnBox->clear();
    for (const auto& [name, values] : m_humanColumns) {
        const bool matches = std::any_of(m_puzzles.begin(), m_puzzles.end(),
                                         [&values = values](const Puzzle& puzzle) { return values.count(puzzleKeyOf(puzzle)) > 0; });
        if (matches) m_humanColumnBox->addItem(QString::fromStdString(name), QString::fromStdString(name));
    }
    for (const auto* metric : m_ratedMetrics)
        m_humanColumnBox->addItem(tr("%1 (metric)").arg(QString::fromStdString(metric->id)),
                                  kMetricPrefix + QString::fromStdString(metric->id));
    if (m_humanColumnBox->findData(m_humanColumn) < 0) {
        const int rating = m_humanColumnBox->findData(kMetricPrefix + QStringLiteral("nurikabe-logic-level"));
        const bool human = m_humanColumnBox->count() > 0 && !m_humanColumnBox->itemData(0).toString().startsWith(kMetricPrefix);
        const int index = human ? 0 : rating >= 0 ? rating : 0;
        m_humanColumn = m_humanColumnBox->count() > 0 ? m_humanColumnBox->itemData(index).toString() : QString();
    }
    m_humanColumnBox->setCurrentIndex(m_humanColumnBox->findData(m_humanColumn));
    refreshResults();
}

QString DifficultyLab::compareName() const {
    if (m_humanColumn.isEmpty()) return tr("human");
    return m_humanColumn.startsWith(kMetricPrefix) ? m_humanColumn.mid(kMetricPrefix.size()) : m_humanColumn;
}

int DifficultyLab::compareMetricIndex() const {
    if (!m_humanColumn.startsWith(kMetricPrefix)) return -1;
    const std::string id = m_humanColumn.mid(kMetricPrefix.size()).toStdString();
    for (std::size_t m = 0; m < m_ratedMetrics.size(); ++m)
        if (m_ratedMetrics[m]->id == id) return static_cast<int>(m);
    return -1;
}

void DifficultyLab::setMetrics(const QStringList& ids) {
    for (int row = 0; row < m_metricList->count(); ++row) {
        QListWidgetItem* item = m_metricList->item(row);
        item->setCheckState(ids.contains(item->data(Qt::UserRole).toString()) ? Qt::Checked : Qt::Unchecked);
    }
}

void DifficultyLab::setRuns(int runs) { m_runs->setValue(runs); }

std::vector<const DifficultyMetric*> DifficultyLab::checkedMetrics() const {
    std::vector<const DifficultyMetric*> metrics;
    for (int row = 0; row < m_metricList->count(); ++row) {
        const QListWidgetItem* item = m_metricList->item(row);
        if (item->checkState() == Qt::Checked)
            metrics.push_back(findDifficultyMetric(item->data(Qt::UserRole).toString().toStdString()));
    }
    return metrics;
}

void DifficultyLab::updateButtons() {
    const bool rating = isRating();
    m_rateButton->setEnabled(!rating && !m_puzzles.empty() && !checkedMetrics().empty());
    m_stopButton->setEnabled(rating);
    m_fillingButton->setEnabled(!m_fillingWorker && m_fillingPuzzle.has_value());
}

RatingOptions DifficultyLab::ratingOptions() const {
    RatingOptions options;
    if (m_runs->value() > 0) options.runs = m_runs->value();  // 0: each metric's own default
    options.seed = static_cast<std::uint64_t>(m_seed->value());
    options.jobs = m_jobs->value();
    return options;
}

void DifficultyLab::startRating() {
    if (isRating() || m_puzzles.empty()) return;
    const auto metrics = checkedMetrics();
    if (metrics.empty()) return;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    const RatingOptions options = ratingOptions();
    m_progress->setRange(0, static_cast<int>(m_puzzles.size() * metrics.size()));
    m_progress->setValue(0);
    auto stop = m_stop;
    m_worker = QThread::create([this, puzzles = m_puzzles, metrics, options, stop] {
        auto table = std::make_shared<RatingTable>(ratePuzzles(
            puzzles, metrics, options,
            [this](std::size_t done, std::size_t) {
                QMetaObject::invokeMethod(this, [this, done] { m_progress->setValue(static_cast<int>(done)); },
                                          Qt::QueuedConnection);
            },
            stop.get()));
        const bool stopped = stop->load();
        QMetaObject::invokeMethod(this, [this, table, stopped] { onRatingDone(table, stopped); }, Qt::QueuedConnection);
    });
    m_ratedMetrics = metrics;
    m_ratedOptions = options;  // the boxes may change before the export
    connect(m_worker, &QThread::finished, m_worker, &QObject::deleteLater);
    m_worker->start();
    updateButtons();
}

void DifficultyLab::stopRating() {
    if (m_worker) m_stop->store(true);
}

void DifficultyLab::onRatingDone(std::shared_ptr<RatingTable> table, bool stopped) {
    m_worker = nullptr;  // deletes itself once finished
    if (stopped) {
        m_ratedMetrics.clear();
        m_ratings.clear();
        m_progress->setValue(0);
    } else {
        m_ratings = std::move(*table);
    }
    refreshResults();
    refreshCompareChoices();
    if (!stopped && !m_humanColumn.isEmpty()) m_tabs->setCurrentIndex(1);  // the correlations: the result
    updateButtons();
    emit ratingFinished();
}

std::optional<double> DifficultyLab::compareValueOf(std::size_t p) const {
    if (m_humanColumn.startsWith(kMetricPrefix)) {
        const int m = compareMetricIndex();
        if (m < 0 || p >= m_ratings.size()) return std::nullopt;
        return m_ratings[p][static_cast<std::size_t>(m)];
    }
    const auto column = m_humanColumns.find(m_humanColumn.toStdString());
    if (column == m_humanColumns.end()) return std::nullopt;
    const auto value = column->second.find(puzzleKeyOf(m_puzzles[p]));
    if (value == column->second.end()) return std::nullopt;
    return value->second;
}

void DifficultyLab::refreshResults() {
    const bool rated = !m_ratings.empty() && m_ratings.size() == m_puzzles.size();
    QStringList headers = {tr("id"), tr("puzzle")};
    for (const auto* metric : m_ratedMetrics) headers.append(QString::fromStdString(metric->id));
    headers.append(compareName());
    m_ratingTable->setSortingEnabled(false);
    m_ratingTable->clear();
    m_ratingTable->setColumnCount(static_cast<int>(headers.size()));
    m_ratingTable->setHorizontalHeaderLabels(headers);
    m_ratingTable->setRowCount(static_cast<int>(m_puzzles.size()));
    for (int p = 0; p < static_cast<int>(m_puzzles.size()); ++p) {
        const Puzzle& puzzle = m_puzzles[static_cast<std::size_t>(p)];
        auto* id = new QTableWidgetItem(QString::fromStdString(puzzle.id));
        id->setData(Qt::UserRole, p);
        m_ratingTable->setItem(p, 0, id);
        auto* line = new QTableWidgetItem(QString::fromStdString(puzzleLineOf(puzzle)));
        line->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        line->setToolTip(line->text());
        m_ratingTable->setItem(p, 1, line);
        for (std::size_t m = 0; m < m_ratedMetrics.size(); ++m)
            m_ratingTable->setItem(p, static_cast<int>(m) + 2,
                                   numberItem(rated ? m_ratings[static_cast<std::size_t>(p)][m] : std::nullopt));
        m_ratingTable->setItem(p, static_cast<int>(headers.size()) - 1, numberItem(compareValueOf(static_cast<std::size_t>(p))));
    }
    m_ratingTable->setSortingEnabled(true);
    m_ratingTable->resizeColumnsToContents();
    m_ratingTable->setColumnWidth(1, std::min(m_ratingTable->columnWidth(1), 260));
    refreshCorrelations();
    const QString chosen = m_scatterMetric->currentText();
    QSignalBlocker blocker(m_scatterMetric);
    m_scatterMetric->clear();
    for (const auto* metric : m_ratedMetrics) m_scatterMetric->addItem(QString::fromStdString(metric->id));
    if (!chosen.isEmpty()) m_scatterMetric->setCurrentText(chosen);
    refreshScatter();
    refreshSideBySide();
}

void DifficultyLab::pairsOf(std::size_t m, std::vector<double>& metricValues, std::vector<double>& compareValues) const {
    metricValues.clear();
    compareValues.clear();
    for (std::size_t p = 0; p < m_puzzles.size() && p < m_ratings.size(); ++p) {
        const auto compared = compareValueOf(p);
        if (!compared || !m_ratings[p][m]) continue;
        metricValues.push_back(*m_ratings[p][m]);
        compareValues.push_back(*compared);
    }
}

void DifficultyLab::refreshCorrelations() {
    m_correlationTable->setRowCount(0);
    if (m_ratings.size() != m_puzzles.size()) return;
    for (std::size_t m = 0; m < m_ratedMetrics.size(); ++m) {
        if (static_cast<int>(m) == compareMetricIndex()) continue;  // a metric against itself says nothing
        std::vector<double> x, y;
        pairsOf(m, x, y);
        const auto r = pearson(x, y);
        const auto rho = spearman(x, y);
        const int row = m_correlationTable->rowCount();
        m_correlationTable->insertRow(row);
        m_correlationTable->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(m_ratedMetrics[m]->id)));
        m_correlationTable->setItem(row, 1, numberItem(static_cast<double>(x.size())));
        m_correlationTable->setItem(row, 2, new QTableWidgetItem(intervalText(r)));
        m_correlationTable->setItem(row, 3, new QTableWidgetItem(intervalText(rho)));
        m_correlationTable->item(row, 0)->setToolTip(QString::fromStdString(m_ratedMetrics[m]->definition));
    }
}

QString DifficultyLab::correlationText(const QString& metricId, const QString& which) const {
    for (int row = 0; row < m_correlationTable->rowCount(); ++row)
        if (m_correlationTable->item(row, 0)->text() == metricId)
            return m_correlationTable->item(row, which == QLatin1String("n")          ? 1
                                                 : which == QLatin1String("spearman") ? 3
                                                                                      : 2)
                ->text();
    return {};
}

void DifficultyLab::refreshScatter() {
    const int m = m_scatterMetric->currentIndex();
    std::vector<QPointF> points;
    QString title;
    if (m >= 0 && m_ratings.size() == m_puzzles.size()) {
        for (std::size_t p = 0; p < m_puzzles.size(); ++p) {
            const auto human = compareValueOf(p);
            if (human && m_ratings[p][static_cast<std::size_t>(m)]) points.emplace_back(*m_ratings[p][static_cast<std::size_t>(m)], *human);
        }
        title = tr("%1 against %2 (%n puzzle(s))", nullptr, static_cast<int>(points.size()))
                    .arg(m_scatterMetric->currentText(), compareName());
    } else {
        title = tr("Rate a puzzle set to see each metric against the human column or another metric");
    }
    m_scatter->setData(title, m_scatterMetric->currentText(), compareName(), std::move(points));
}

void DifficultyLab::refreshSideBySide() {
    const bool ranks = m_sideBySideRanks->isChecked();
    const QString compared = compareName();
    if (m_ratings.size() != m_puzzles.size() || m_ratings.empty()) {
        m_sideBySideCaption->clear();
        m_sideBySide->setPanels({}, tr("Rate a puzzle set to see every metric against the human column or another metric"));
        return;
    }
    m_sideBySideCaption->setText(
        ranks ? tr("Each metric against %1, as average ranks of both (ties share their mean rank); line: least-squares fit.")
                    .arg(compared)
              : tr("Each metric against %1, as values (log axes where all are positive); line: least-squares fit on the "
                   "scale shown.")
                    .arg(compared));
    std::vector<ScatterPanel> panels;
    panels.reserve(m_ratedMetrics.size());
    std::vector<double> x, y;
    for (std::size_t m = 0; m < m_ratedMetrics.size(); ++m) {
        if (static_cast<int>(m) == compareMetricIndex()) continue;  // a metric against itself says nothing
        const QString id = QString::fromStdString(m_ratedMetrics[m]->id);
        pairsOf(m, x, y);
        ScatterPanel panel;
        panel.toolTip = QString::fromStdString(m_ratedMetrics[m]->definition);
        if (x.size() < kMinimumPairs) {
            panel.title = id;
            panel.message = tr("Too few puzzles with both values to plot: %1 (a plot needs %2).")
                                .arg(static_cast<qulonglong>(x.size()))
                                .arg(static_cast<qulonglong>(kMinimumPairs));
            panels.push_back(std::move(panel));
            continue;
        }
        const auto rho = spearman(x, y);
        panel.title = tr("%1 — ρ %2, n %3")
                          .arg(id, rho ? QString::number(rho->r, 'f', 2) : QStringLiteral("–"))
                          .arg(static_cast<qulonglong>(x.size()));
        const std::vector<double> shownX = ranks ? averageRanks(x) : x;
        const std::vector<double> shownY = ranks ? averageRanks(y) : y;
        panel.points.reserve(x.size());
        for (std::size_t i = 0; i < x.size(); ++i) panel.points.emplace_back(shownX[i], shownY[i]);
        auto allPositive = [](const std::vector<double>& values) {
            return std::all_of(values.begin(), values.end(), [](double value) { return value > 0; });
        };
        if (ranks) panel.xRange = panel.yRange = std::pair{1.0, static_cast<double>(x.size())};
        panel.logX = !ranks && allPositive(x);
        panel.logY = !ranks && allPositive(y);
        panel.xTitle = ranks ? tr("rank") : id;  // the panel's title names the metric: a long id would be cut here
        panel.yTitle = ranks ? tr("rank of %1").arg(compared) : compared;
        panels.push_back(std::move(panel));
    }
    m_sideBySide->setPanels(std::move(panels), tr("No metric to plot against %1.").arg(compared));
}

bool DifficultyLab::exportCsv(const QString& path, QString& error) const {
    if (m_ratings.size() != m_puzzles.size() || m_ratings.empty()) {
        error = tr("Nothing to export yet: rate a puzzle set first.");
        return false;
    }
    // The settings first (a comment line that CSV readers skip), so that the file says how to repeat it.
    std::string csv = ratingSettingsLine(m_ratedMetrics, m_ratedOptions) + "id,puzzle";
    for (const auto* metric : m_ratedMetrics) csv += "," + metric->id;
    if (!m_humanColumn.startsWith(kMetricPrefix)) csv += "," + csvField(compareName().toStdString());
    csv += "\n";
    for (std::size_t p = 0; p < m_puzzles.size(); ++p) {
        csv += csvField(m_puzzles[p].id) + "," + csvField(puzzleLineOf(m_puzzles[p]));
        auto field = [](const std::optional<double>& value) {
            return value ? QString::number(*value, 'g', 6).toStdString() : std::string();
        };
        for (const auto& value : m_ratings[p]) csv += "," + field(value);
        if (!m_humanColumn.startsWith(kMetricPrefix)) csv += "," + field(compareValueOf(p));
        csv += "\n";
    }
    std::string message;
    if (!writeFileAtomically(path.toStdString(), csv, message)) {
        error = tr("%1: %2").arg(path, QString::fromStdString(message));
        return false;
    }
    return true;
}

void DifficultyLab::setFillingOrderPuzzle(const Puzzle& puzzle) {
    if (puzzle.kind() != PuzzleKind::Sudoku) return;
    m_fillingPuzzle = puzzle;
    for (BoardModel* model : {m_annealingOrder, m_bruteForceOrder}) model->setPuzzle(puzzle);
    m_fillingCaption->setText(tr("Puzzle %1: press Predict.").arg(QString::fromStdString(puzzle.id)));
    updateButtons();
}

void DifficultyLab::computeFillingOrder(int runs) {
    if (m_fillingWorker || !m_fillingPuzzle) return;
    const Puzzle puzzle = *m_fillingPuzzle;
    const auto seed = static_cast<std::uint64_t>(m_seed->value());
    auto stop = m_closing;
    m_fillingCaption->setText(tr("Running annealing and brute force %n time(s) each…", nullptr, runs));
    m_fillingWorker = QThread::create([this, puzzle, runs, seed, stop] {
        auto annealing = std::make_shared<FillingOrderPrediction>(
            predictFillingOrder(puzzle, "sa", "cell filling order", runs, seed, kFillingOrderStepBudget, stop.get()));
        auto bruteForce = std::make_shared<FillingOrderPrediction>(predictFillingOrder(
            puzzle, "backtracking", "assignment order", runs, seed, kFillingOrderStepBudget, stop.get()));
        QMetaObject::invokeMethod(
            this,
            [this, puzzle, annealing, bruteForce] {
                m_fillingWorker = nullptr;
                if (!m_fillingPuzzle || m_fillingPuzzle->id != puzzle.id) {
                    updateButtons();
                    return;
                }
                const QString runsText = tr("median of %1 runs").arg(annealing->runs);
                m_annealingOrder->setHeatMap(tr("cell filling order, %1").arg(runsText), annealing->medianOrder);
                m_bruteForceOrder->setHeatMap(tr("assignment order, %1").arg(runsText), bruteForce->medianOrder);
                std::vector<double> a, b;
                for (std::size_t cell = 0; cell < annealing->medianOrder.size() && cell < bruteForce->medianOrder.size(); ++cell)
                    if (annealing->medianOrder[cell] >= 0 && bruteForce->medianOrder[cell] >= 0) {
                        a.push_back(annealing->medianOrder[cell]);
                        b.push_back(bruteForce->medianOrder[cell]);
                    }
                const auto rho = spearman(a, b);
                m_fillingCaption->setText(
                    tr("Puzzle %1. Annealing solved %2 of %3 runs, brute force %4 of %5 (each run up to %L6 steps). "
                       "Spearman ρ between the two predicted orders: %7. Darker cells are settled earlier.")
                        .arg(QString::fromStdString(puzzle.id))
                        .arg(annealing->solvedRuns)
                        .arg(annealing->runs)
                        .arg(bruteForce->solvedRuns)
                        .arg(bruteForce->runs)
                        .arg(kFillingOrderStepBudget)
                        .arg(rho ? QString::number(rho->r, 'f', 2) : tr("undefined")));
                updateButtons();
                emit fillingOrderFinished();
            },
            Qt::QueuedConnection);
    });
    connect(m_fillingWorker, &QThread::finished, m_fillingWorker, &QObject::deleteLater);
    m_fillingWorker->start();
    updateButtons();
}

}  // namespace pw::ui
