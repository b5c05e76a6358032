#include "race_view.h"

#include "board_model.h"
#include "board_view.h"
#include "animation_export.h"
#include "charts/chart_panel.h"
#include "charts/race_chart.h"
#include "pace_gate.h"
#include "run_controller.h"

#include "algorithms/registry.h"
#include "study/bench.h"

#include <QApplication>
#include <QComboBox>
#include <QProgressDialog>
#include <QFileDialog>
#include <QFileInfo>
#include <QSlider>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QAction>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace pw::ui {

namespace {

constexpr int kRefreshMs = 33;        // the boards and figures are redrawn at most this often
constexpr qint64 kChartRefreshMs = 100;  // and the charts, whose redrawing costs the most, this often
constexpr int kRunChartRefreshMs = 200;  // each run's own chart
constexpr int kTimelineTicks = 1000;     // the saved race's slider: positions from start to end
constexpr int kOwnChartsFromHeight = 640;  // an exported frame this tall shows each run's own chart

const char* paceKey(RacePace pace) {
    switch (pace) {
    case RacePace::StepsPerSecond: return "steps";
    case RacePace::FairEvaluations: return "fair";
    case RacePace::FlatOut: return "flat";
    }
    return "fair";
}
const QColor kRunColors[RaceView::kMaxRuns] = {QColor(0x1f, 0x77, 0xb4), QColor(0xe0, 0x6c, 0x00),
                                               QColor(0x2c, 0xa0, 0x2c), QColor(0x94, 0x67, 0xbd)};

QString number(std::uint64_t value) { return QStringLiteral("%L1").arg(static_cast<qulonglong>(value)); }

QString costText(double cost) { return QString::number(cost, 'g', 6); }

QString outcomeWords(Outcome outcome) {
    switch (outcome) {
    case Outcome::Solved: return QObject::tr("solved");
    case Outcome::Stopped: return QObject::tr("stopped");
    case Outcome::BudgetExhausted: return QObject::tr("ran out of budget");
    case Outcome::Failed: return QObject::tr("gave up");
    }
    return {};
}

PaceGate::Measure gateMeasure(RacePace pace) {
    switch (pace) {
    case RacePace::StepsPerSecond: return PaceGate::Measure::Steps;
    case RacePace::FairEvaluations: return PaceGate::Measure::Evaluations;
    case RacePace::FlatOut: return PaceGate::Measure::None;
    }
    return PaceGate::Measure::None;
}

}  // namespace

// One run of the race: its own RunController (a solver worker on its own thread, sending batches), and what
// the latest batches said.
struct RaceView::Run {
    RaceEntry entry;
    RunRequest request;
    RunController* controller = nullptr;
    std::optional<Board> latestBoard;  // the last snapshot received
    bool boardChanged = false;         // since the board view last showed it
    std::optional<RunResult> result;   // once the run has ended
    BoardModel* model = nullptr;
    BoardView* board = nullptr;
    QLabel* title = nullptr;
    QLabel* status = nullptr;
    ChartPanel* algorithmChart = nullptr;  // the run's own chart (temperature, population, ...), once it has data
    std::shared_ptr<const RunTimeline> timeline;  // a saved race's run, re-run headless
    std::size_t chartCursor = 0;                  // its chart events drawn so far
    bool shownEnded = false;                      // where the timeline stands: the run has ended
    double shownBestCost = 0;

    bool done() const { return result.has_value(); }
};

QString raceEntries(const QString& algorithmList, const QStringList& assignments, std::uint64_t seed, PuzzleKind kind,
                    std::vector<RaceEntry>& entries) {
    std::vector<BenchConfiguration> configurations;
    // "LABEL.seed=N" (or "ID.seed=N", every run of ID) gives a run its own seed; the rest are parameters.
    std::vector<std::pair<std::string, std::uint64_t>> seeds;
    try {
        std::vector<std::string> texts;
        for (const QString& assignment : assignments) {
            const qsizetype dot = assignment.indexOf(QLatin1Char('.'));
            if (dot > 0 && assignment.mid(dot + 1).startsWith(QLatin1String("seed="))) {
                bool ok = false;
                const qulonglong value = assignment.mid(dot + 6).toULongLong(&ok);
                if (!ok)
                    return QStringLiteral("--param %1: the seed is not a non-negative integer").arg(assignment);
                seeds.emplace_back(assignment.left(dot).toStdString(), value);
                continue;
            }
            texts.push_back(assignment.toStdString());
        }
        configurations = benchConfigurations(algorithmList.toStdString(), texts);
    } catch (const std::invalid_argument& error) {
        return QString::fromStdString(error.what()).replace(QStringLiteral(" of -a"), QStringLiteral(" of --race"));
    }
    if (configurations.size() < static_cast<std::size_t>(RaceView::kMinRuns) ||
        configurations.size() > static_cast<std::size_t>(RaceView::kMaxRuns))
        return QStringLiteral("--race: '%1' names %2 runs; a race has %3 to %4")
            .arg(algorithmList)
            .arg(configurations.size())
            .arg(RaceView::kMinRuns)
            .arg(RaceView::kMaxRuns);
    entries.clear();
    for (BenchConfiguration& configuration : configurations) {
        const AlgorithmEntry* algorithm = findAlgorithm(configuration.algorithmId);
        if (!algorithm->info.supports(kind))
            return QStringLiteral("--race: %1 does not solve %2 puzzles")
                .arg(QString::fromStdString(configuration.algorithmId), QString::fromUtf8(puzzleKindName(kind)));
        entries.push_back({configuration.label, configuration.algorithmId, std::move(configuration.parameters), seed});
    }
    for (const auto& [target, value] : seeds) {
        bool matched = false;
        for (RaceEntry& entry : entries)
            if (entry.label == target || (target.find('#') == std::string::npos && entry.algorithmId == target)) {
                entry.seed = value;
                matched = true;
            }
        if (!matched)
            return QStringLiteral("--param %1.seed: '%1' is not one of the runs of --race")
                .arg(QString::fromStdString(target));
    }
    return {};
}

RaceView::RaceView(QWidget* parent)
    : QWidget(parent), m_boards(new QWidget(this)), m_chart(new RaceChart(this)), m_order(new QLabel(this)),
      m_startButton(new QPushButton(tr("Start"), this)), m_stepButton(new QPushButton(tr("Step"), this)),
      m_stopButton(new QPushButton(tr("Stop"), this)), m_paceCombo(new QComboBox(this)),
      m_speed(new QDoubleSpinBox(this)) {
    setObjectName(QStringLiteral("raceView"));
    setWindowTitle(tr("Race — Puzzle Workbench"));
    auto* layout = new QVBoxLayout(this);
    auto* controls = new QHBoxLayout;
    m_startButton->setObjectName(QStringLiteral("raceStart"));
    m_stepButton->setObjectName(QStringLiteral("raceStep"));
    m_stopButton->setObjectName(QStringLiteral("raceStop"));
    m_stepButton->setToolTip(tr("One step of every run still going"));
    m_paceCombo->setObjectName(QStringLiteral("racePace"));
    m_paceCombo->addItems({tr("Same steps per second"), tr("Fair by evaluations"), tr("Flat out")});
    m_paceCombo->setToolTip(tr("Steps per second: every run makes the same number of steps a second. Fair by "
                               "evaluations: no run goes further until the others have spent as many evaluations. "
                               "Flat out: every run as fast as its own thread goes."));
    m_speed->setObjectName(QStringLiteral("raceSpeed"));
    m_speed->setRange(0, 1e9);
    m_speed->setDecimals(0);
    m_speed->setSpecialValueText(tr("no limit"));
    controls->addWidget(m_startButton);
    controls->addWidget(m_stepButton);
    controls->addWidget(m_stopButton);
    controls->addSpacing(12);
    m_paceLabel = new QLabel(tr("Pace:"), this);
    controls->addWidget(m_paceLabel);
    controls->addWidget(m_paceCombo);
    controls->addWidget(m_speed);
    // A saved race: one slider over the race's evaluations (steps for a race paced by steps) moves every board.
    m_timeline = new QSlider(Qt::Horizontal, this);
    m_timeline->setObjectName(QStringLiteral("raceTimeline"));
    m_timeline->setRange(0, kTimelineTicks);
    m_timelineLabel = new QLabel(this);
    controls->addWidget(m_timeline, 1);
    controls->addWidget(m_timelineLabel);
    m_timeline->hide();
    m_timelineLabel->hide();
    connect(m_timeline, &QSlider::valueChanged, this, [this](int value) { seekReplay(value); });
    m_saveButton = new QPushButton(tr("Save race…"), this);
    m_saveButton->setObjectName(QStringLiteral("raceSave"));
    m_saveButton->setToolTip(tr("Each run as a run recording, and a manifest that reopens them together"));
    connect(m_saveButton, &QPushButton::clicked, this, &RaceView::saveRaceDialog);
    m_exportButton = new QPushButton(tr("Export animation…"), this);
    m_exportButton->setObjectName(QStringLiteral("raceExport"));
    m_exportButton->setToolTip(tr("The race as a GIF, MP4 or WebM: its boards and charts growing, frame by frame"));
    connect(m_exportButton, &QPushButton::clicked, this, &RaceView::exportAnimationDialog);
    controls->addStretch(1);
    controls->addWidget(m_saveButton);
    controls->addWidget(m_exportButton);
    layout->addLayout(controls);
    layout->addWidget(m_boards, 3);
    layout->addWidget(m_chart, 2);
    m_chart->setMinimumHeight(210);  // the boards would take it all: they ask for their full size
    m_order->setObjectName(QStringLiteral("raceOrder"));
    m_order->setWordWrap(true);
    QFont font = m_order->font();
    font.setBold(true);
    m_order->setFont(font);
    layout->addWidget(m_order);
    new QGridLayout(m_boards);
    connect(m_chart, &RaceChart::axisChanged, this, [this](ChartAxis axis) {
        for (const auto& run : m_runs) run->algorithmChart->setXAxis(axis);
    });

    connect(m_startButton, &QPushButton::clicked, this, [this] { isRunning() ? pause() : start(); });
    connect(m_stepButton, &QPushButton::clicked, this, &RaceView::step);
    connect(m_stopButton, &QPushButton::clicked, this, &RaceView::stop);
    m_restartButton = new QPushButton(tr("Restart"), this);
    m_restartButton->setObjectName(QStringLiteral("raceRestart"));
    m_restartButton->setToolTip(tr("The same race again from its start (Ctrl+R)"));
    controls->insertWidget(controls->indexOf(m_stopButton) + 1, m_restartButton);
    connect(m_restartButton, &QPushButton::clicked, this, &RaceView::restart);
    // The main window's keys, here too: F5 runs, F6 pauses or resumes, F10 steps, Shift+F5 or Esc stops,
    // Ctrl+R restarts.
    auto key = [this](const QList<QKeySequence>& keys, auto slot) {
        auto* action = new QAction(this);
        action->setShortcuts(keys);
        action->setShortcutContext(Qt::WindowShortcut);
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
    };
    key({QKeySequence(Qt::Key_F5)}, [this] {
        if (!isRunning()) start();
    });
    key({QKeySequence(Qt::Key_F6)}, [this] { isRunning() ? pause() : start(); });
    key({QKeySequence(Qt::Key_F10)}, [this] { step(); });
    key({QKeySequence(Qt::SHIFT | Qt::Key_F5), QKeySequence(Qt::Key_Escape)}, [this] { stop(); });
    key({QKeySequence(Qt::CTRL | Qt::Key_R)}, [this] { restart(); });
    m_startButton->setToolTip(tr("Start, or pause and resume (F5, F6)"));
    m_stepButton->setToolTip(tr("One step of every run still going (F10)"));
    m_stopButton->setToolTip(tr("Stop every run (Shift+F5 or Esc)"));
    connect(m_paceCombo, &QComboBox::currentIndexChanged, this, &RaceView::readControls);
    connect(m_speed, &QDoubleSpinBox::valueChanged, this, &RaceView::readControls);
    connect(&m_refreshTimer, &QTimer::timeout, this, [this] {
        if (m_dirty) showProgress();
    });
    m_refreshTimer.setInterval(kRefreshMs);
    setPace(RacePace::FairEvaluations);
    updateControls();
}

RaceView::~RaceView() { clearRuns(); }

void RaceView::clearRuns() {
    m_refreshTimer.stop();
    for (const auto& run : m_runs) {
        delete run->controller;  // stops its worker and waits for its thread
        delete run->board;
        delete run->model;
        delete run->title;
        delete run->status;
        delete run->algorithmChart;
    }
    m_runs.clear();
    m_gate.reset();
    m_finishOrder.clear();
    m_replay = false;
    m_chartsShownTo = 0;
}

QString RaceView::setRace(const Puzzle& puzzle, std::vector<RaceEntry> entries, const RaceBudget& budget) {
    if (entries.size() < static_cast<std::size_t>(kMinRuns) || entries.size() > static_cast<std::size_t>(kMaxRuns))
        return tr("a race has %1 to %2 runs, not %3").arg(kMinRuns).arg(kMaxRuns).arg(entries.size());
    for (const RaceEntry& entry : entries) {
        const AlgorithmEntry* algorithm = findAlgorithm(entry.algorithmId);
        if (!algorithm) return tr("unknown algorithm '%1'").arg(QString::fromStdString(entry.algorithmId));
        if (!algorithm->info.supports(puzzle.kind()))
            return tr("%1 does not solve %2 puzzles")
                .arg(QString::fromStdString(entry.algorithmId), QString::fromUtf8(puzzleKindName(puzzle.kind())));
    }
    clearRuns();
    m_puzzle = puzzle;
    m_budget = budget;
    m_running = false;
    m_gate = std::make_shared<PaceGate>(static_cast<int>(entries.size()));
    m_gate->setPace(gateMeasure(m_pace), m_perSecond);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        Run& run = addRun(std::move(entries[i]));
        run.request.puzzle = m_puzzle;
        run.request.algorithmId = run.entry.algorithmId;
        run.request.parameters = run.entry.parameters;
        run.request.seed = run.entry.seed;
        run.request.stepLimit = budget.maxSteps;
        run.request.evaluationLimit = budget.maxEvaluations;
        run.request.timeLimitSeconds = budget.maxSeconds;
        run.request.gate = m_gate;
        run.request.gateSeat = static_cast<int>(i);
        run.controller = new RunController(this);
        connectRun(static_cast<int>(i), run.controller);
    }
    finishSetup(false);
    showProgress();
    m_refreshTimer.start();  // until every run has ended
    return {};
}

RaceView::Run& RaceView::addRun(RaceEntry entry) {
    const std::size_t i = m_runs.size();
    auto* grid = static_cast<QGridLayout*>(m_boards->layout());
    auto run = std::make_unique<Run>();
    run->entry = std::move(entry);
    run->model = new BoardModel(m_boards);
    run->model->setPuzzle(m_puzzle);
    run->board = new BoardView(run->model, m_boards);
    run->board->setEditable(false);
    run->board->setAnimationDuration(0);
    run->board->setMinimumSize(160, 160);
    // The parameters that differ from the defaults name the run beside its algorithm.
    const AlgorithmEntry* algorithm = findAlgorithm(run->entry.algorithmId);
    const ParameterValues defaults(algorithm->info.parameters);
    QStringList changed;
    for (const auto& [key, value] : run->entry.parameters.all())
        if (!(defaults.value(key) == value))
            changed << QStringLiteral("%1=%2").arg(QString::fromStdString(key), QString::fromStdString(formatParameterValue(value)));
    const QColor color = kRunColors[i];
    run->title = new QLabel(m_boards);
    run->title->setText(QStringLiteral("<b style='color:%1'>■ %2</b> seed %3%4")
                            .arg(color.name(), QString::fromStdString(run->entry.label).toHtmlEscaped())
                            .arg(run->entry.seed)
                            .arg(changed.isEmpty() ? QString() : QStringLiteral(" · ") + changed.join(QStringLiteral(", ")).toHtmlEscaped()));
    run->status = new QLabel(m_boards);
    run->status->setObjectName(QStringLiteral("raceStatus%1").arg(i + 1));
    run->status->setWordWrap(true);  // the columns share the width equally, whatever the numbers
    run->title->setWordWrap(true);
    const int column = static_cast<int>(i);
    grid->addWidget(run->title, 0, column);
    grid->addWidget(run->board, 1, column);
    grid->addWidget(run->status, 2, column);
    // The window's chart panel, its cost chart left to the race's overlaid one.
    run->algorithmChart = new ChartPanel(m_boards);
    run->algorithmChart->setObjectName(QStringLiteral("raceAlgorithmChart%1").arg(i + 1));
    run->algorithmChart->setControlsVisible(false);
    run->algorithmChart->setCostChartVisible(false);
    run->algorithmChart->setXAxis(m_chart->xAxis());
    run->algorithmChart->setRefreshInterval(kRunChartRefreshMs);
    run->algorithmChart->hide();
    grid->addWidget(run->algorithmChart, 3, column);
    grid->setColumnStretch(column, 1);
    grid->setRowStretch(1, 1);
    m_runs.push_back(std::move(run));
    return *m_runs.back();
}

void RaceView::resetCharts() {
    QStringList labels;
    std::vector<QColor> colors;
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        labels << QString::fromStdString(m_runs[i]->entry.label);
        colors.push_back(kRunColors[i]);
        m_runs[i]->algorithmChart->clear();
    }
    m_chart->setRuns(labels, colors);
}

void RaceView::finishSetup(bool replay) {
    resetCharts();
    m_chartsShownTo = 0;
    // A live race has the run controls; a saved one the timeline.
    for (QWidget* control : {static_cast<QWidget*>(m_startButton), static_cast<QWidget*>(m_stepButton),
                             static_cast<QWidget*>(m_stopButton), static_cast<QWidget*>(m_paceLabel),
                             static_cast<QWidget*>(m_paceCombo), static_cast<QWidget*>(m_speed)})
        control->setVisible(!replay);
    m_timeline->setVisible(replay);
    m_timelineLabel->setVisible(replay);
}

void RaceView::connectRun(int index, RunController* controller) {
    // Batches, not steps: each signal carries what a worker did since its last batch (about a frame's worth).
    connect(controller, &RunController::progressed, this, [this, index](const Counters& at, double seconds) {
        m_chart->beginBatch(index, at, seconds);
        m_runs[static_cast<std::size_t>(index)]->algorithmChart->beginBatch(at, seconds);
        m_dirty = true;
    });
    connect(controller, &RunController::eventsPlayed, this, [this, index](std::uint64_t, const std::vector<Event>& events, bool) {
        ChartPanel* own = m_runs[static_cast<std::size_t>(index)]->algorithmChart;
        for (const Event& event : events) {
            if (const auto* sample = std::get_if<CostSample>(&event)) m_chart->addCost(index, sample->at, sample->current, sample->best);
            else own->addEvent(event);
        }
        m_dirty = true;
    });
    connect(controller, &RunController::snapshotReady, this, [this, index](const Board& board) {
        Run& run = *m_runs[static_cast<std::size_t>(index)];
        run.latestBoard = board;
        run.boardChanged = true;
        m_dirty = true;
    });
    connect(controller, &RunController::runFinished, this, [this, index](const Finished& end) {
        Run& run = *m_runs[static_cast<std::size_t>(index)];
        RunResult result;
        result.outcome = end.outcome;
        result.reason = end.reason;
        result.valid = end.valid;
        result.counters = end.at;
        result.seconds = run.controller->status().seconds;
        result.bestCost = end.bestCost;
        if (run.latestBoard) result.finalBoard = *run.latestBoard;  // the last batch carries the final board
        run.result = std::move(result);
        m_finishOrder.push_back(index);
        showProgress();
        if (isFinished()) {
            m_running = false;
            m_refreshTimer.stop();
            updateControls();
            emit finished();
        }
    });
}

void RaceView::setPace(RacePace pace, double perSecond) {
    {
        const QSignalBlocker comboBlocker(m_paceCombo);
        const QSignalBlocker speedBlocker(m_speed);
        m_paceCombo->setCurrentIndex(static_cast<int>(pace));
        m_speed->setValue(perSecond);
    }
    readControls();
}

void RaceView::readControls() {
    m_pace = static_cast<RacePace>(m_paceCombo->currentIndex());
    m_perSecond = m_speed->value();
    m_speed->setEnabled(m_pace != RacePace::FlatOut);
    m_speed->setSuffix(m_pace == RacePace::FairEvaluations ? tr(" evaluations/s") : tr(" steps/s"));
    if (m_gate) m_gate->setPace(gateMeasure(m_pace), m_perSecond);
}

void RaceView::start() {
    if (m_runs.empty() || isFinished() || m_replay) return;
    m_gate->restartClock();
    for (const auto& run : m_runs) {
        if (run->done()) continue;
        // Every run flat out on its own thread; the gate holds each back to the pace.
        run->controller->setStepsPerSecond(RunController::kFlatOut);
        if (run->controller->state() == RunState::Idle) run->controller->start(run->request);
        else run->controller->resume();
    }
    m_running = true;
    updateControls();
}

void RaceView::restart() {
    if (m_replay || m_runs.empty()) return;
    std::vector<RaceEntry> entries;
    for (const auto& run : m_runs) entries.push_back(run->entry);
    const Puzzle puzzle = m_puzzle;
    setRace(puzzle, std::move(entries), m_budget);
    start();
}

void RaceView::pause() {
    m_running = false;
    for (const auto& run : m_runs)
        if (run->controller) run->controller->pause();
    updateControls();
}

void RaceView::step() {
    if (m_replay) return;
    pause();
    for (const auto& run : m_runs) {
        if (run->done()) continue;
        if (run->controller->state() == RunState::Idle) run->controller->start(run->request, true);
        run->controller->step(StepGrain::Iteration);
    }
}

void RaceView::stop() {
    if (m_replay) return;
    m_running = false;
    for (const auto& run : m_runs) {
        if (run->done()) continue;
        if (run->controller->state() == RunState::Idle) run->controller->start(run->request, true);
        run->controller->stop();
    }
    updateControls();
}

bool RaceView::isFinished() const {
    return !m_runs.empty() && std::all_of(m_runs.begin(), m_runs.end(), [](const auto& run) { return run->done(); });
}

bool RaceView::isSettled() const {
    return std::all_of(m_runs.begin(), m_runs.end(), [](const auto& run) { return run->done() || run->controller->settled(); });
}

const RaceEntry& RaceView::entry(int run) const { return m_runs.at(static_cast<std::size_t>(run))->entry; }

Counters RaceView::counters(int run) const {
    const Run& r = *m_runs.at(static_cast<std::size_t>(run));
    return r.done() ? r.result->counters : r.controller->status().counters;
}

RunStatus RaceView::status(int run) const {
    const Run& r = *m_runs.at(static_cast<std::size_t>(run));
    if (r.controller) return r.controller->status();
    RunStatus status;  // a saved race's run: as it ended
    status.counters = r.result->counters;
    status.seconds = r.result->seconds;
    status.bestCost = r.result->bestCost;
    return status;
}

std::optional<RunResult> RaceView::result(int run) const { return m_runs.at(static_cast<std::size_t>(run))->result; }

void RaceView::showProgress() {
    m_dirty = false;
    for (const auto& run : m_runs) {
        if (run->boardChanged) run->model->setBoard(*run->latestBoard, CellOrigin::Solver);
        run->boardChanged = false;
        if (run->timeline) continue;  // a saved race shows where its timeline stands
        const RunStatus status = run->controller->status();
        const Counters at = run->done() ? run->result->counters : status.counters;
        const double best = run->done() ? run->result->bestCost : status.bestCost;
        QString text = tr("step %1 · evaluations %2 · best cost %3").arg(number(at.steps), number(at.evaluations), costText(best));
        if (run->done()) text += QStringLiteral(" · ") + outcomeWords(run->result->outcome);
        run->status->setText(text);
        if (run->algorithmChart->isHidden() && run->algorithmChart->progressChartVisible()) run->algorithmChart->show();
    }
    if (!m_chartClock.isValid() || m_chartClock.elapsed() >= kChartRefreshMs || isFinished()) {
        m_chart->refresh();
        m_chartClock.start();
    }
    m_order->setText(finishingOrder());
    updateControls();
}

namespace {
// A run re-run headless into a timeline; null, with `error` set, when it would pass the timeline's event bound.
std::shared_ptr<const RunTimeline> timelineOf(RunRecording recording, QString& error) {
    TimelineLoad load = RunTimeline::load(std::move(recording));
    if (!load.timeline) error = QString::fromStdString(load.error);
    return load.timeline;
}
}  // namespace

QString RaceView::setReplay(const RaceManifest& manifest, const std::vector<RunRecording>& recordings) {
    if (recordings.size() < static_cast<std::size_t>(kMinRuns) || recordings.size() > static_cast<std::size_t>(kMaxRuns) ||
        recordings.size() != manifest.runs.size())
        return tr("a race has %1 to %2 runs, not %3").arg(kMinRuns).arg(kMaxRuns).arg(recordings.size());
    std::vector<ReplayRun> runs;
    for (std::size_t i = 0; i < recordings.size(); ++i) {
        QString error;
        auto timeline = timelineOf(recordings[i], error);  // re-run headless
        if (!timeline) return QString::fromStdString(manifest.runs[i].label) + QStringLiteral(": ") + error;
        runs.push_back({manifest.runs[i].label, std::move(timeline)});
    }
    const RacePace pace = manifest.pace == "steps" ? RacePace::StepsPerSecond
                          : manifest.pace == "flat" ? RacePace::FlatOut
                                                    : RacePace::FairEvaluations;
    setReplayRuns(pace, std::move(runs));
    return {};
}

void RaceView::setReplayRuns(RacePace pace, std::vector<ReplayRun> runs) {
    clearRuns();
    m_replay = true;
    m_running = false;
    m_pace = pace;
    m_puzzle = runs.front().timeline->recording().puzzle;
    const RecordedBudgets& budgets = runs.front().timeline->recording().budgets;
    m_budget = RaceBudget{budgets.maxEvaluations, budgets.maxSteps, budgets.timeLimitSeconds};
    m_timelineEnd = 0;
    for (ReplayRun& replayRun : runs) {
        const RunRecording& recording = replayRun.timeline->recording();
        Run& run = addRun({replayRun.label, recording.algorithmId, recording.parameters, recording.seed});
        run.timeline = std::move(replayRun.timeline);
        run.result = run.timeline->result();
        m_timelineEnd = std::max(m_timelineEnd, timelineMeasure(run.result->counters));
        m_finishOrder.push_back(static_cast<int>(m_runs.size() - 1));
        // The run's own chart keeps its place from the start when the run fills it at all.
        const auto& events = run.timeline->events();
        const bool ownChart = std::any_of(events.begin(), events.end(), [](const Event& event) {
            return std::holds_alternative<TemperatureSample>(event) || std::holds_alternative<GenerationStats>(event);
        });
        if (ownChart) run.algorithmChart->setProgressChartPinned(true);
        run.algorithmChart->setVisible(ownChart);
    }
    finishSetup(true);
    {
        const QSignalBlocker blocker(m_timeline);
        m_timeline->setValue(kTimelineTicks);
    }
    showReplayAt(m_timelineEnd, true);  // the end, where the race stopped
}

std::vector<RaceView::ReplayRun> RaceView::replayRuns(QString& error) const {
    std::vector<ReplayRun> runs;
    for (const auto& run : m_runs) {
        auto timeline = run->timeline ? run->timeline : timelineOf(recordingOf(*run), error);
        if (!timeline) return {};
        runs.push_back({run->entry.label, std::move(timeline)});
    }
    return runs;
}

RunRecording RaceView::recordingOf(const Run& run) const {
    if (run.timeline) return run.timeline->recording();
    return makeRecording(m_puzzle, run.entry.algorithmId, run.entry.parameters, run.entry.seed,
                         RecordedBudgets{m_budget.maxSteps, m_budget.maxEvaluations, 0, m_budget.maxSeconds}, *run.result);
}

std::uint64_t RaceView::timelineMeasure(const Counters& at) const {
    return m_pace == RacePace::StepsPerSecond ? at.steps : at.evaluations;
}

void RaceView::seekReplay(int tick) {
    if (!m_replay) return;
    showReplayAt(static_cast<std::uint64_t>(static_cast<double>(m_timelineEnd) * tick / kTimelineTicks), tick >= kTimelineTicks);
}

void RaceView::showReplayAt(std::uint64_t target, bool end) {
    // Every event up to the target, in the race's measure (the events' counters never decrease).
    const auto upTo = [this, target, end](const Event& event) { return end || timelineMeasure(eventCounters(event)) <= target; };
    if (target < m_chartsShownTo || m_chartsShownTo == 0) {  // back (or the first time): the charts start over
        resetCharts();
        for (const auto& run : m_runs) run->chartCursor = 0;
    }
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        Run& run = *m_runs[i];
        const std::vector<Event>& events = run.timeline->events();
        const std::vector<std::size_t>& chartEvents = run.timeline->chartEvents();
        // The charts grow with the slider, from the timeline's kept (already thinned) samples.
        for (; run.chartCursor < chartEvents.size() && upTo(events[chartEvents[run.chartCursor]]); ++run.chartCursor) {
            const Event& event = events[chartEvents[run.chartCursor]];
            if (const auto* sample = std::get_if<CostSample>(&event)) m_chart->addCost(static_cast<int>(i), sample->at, sample->current, sample->best);
            else run.algorithmChart->addEvent(event);
        }
        run.algorithmChart->refreshNow();
        const std::size_t position =
            end ? events.size()
                : static_cast<std::size_t>(std::partition_point(events.begin(), events.end(), upTo) - events.begin());
        const TimelineState state = run.timeline->stateAt(position);
        run.model->setBoard(state.board, CellOrigin::Solver);
        run.shownEnded = state.finished.has_value();
        run.shownBestCost = state.bestCost.value_or(0);
        QString text = tr("step %1 · evaluations %2 · best cost %3")
                           .arg(number(state.at.steps), number(state.at.evaluations), costText(run.shownBestCost));
        if (state.finished) text += QStringLiteral(" · ") + outcomeWords(state.finished->outcome);
        run.status->setText(text);
    }
    m_chartsShownTo = std::max<std::uint64_t>(1, end ? m_timelineEnd + 1 : target);
    m_chart->refresh();
    m_timelineLabel->setText(m_pace == RacePace::StepsPerSecond ? tr("%1 steps").arg(number(target))
                                                                : tr("%1 evaluations").arg(number(target)));
    m_order->setText(finishingOrder());
    updateControls();
}

AnimationExportResult RaceView::exportAnimation(const QString& path, const AnimationSettings& settings,
                                                const std::function<bool(std::size_t, std::size_t)>& progress) const {
    AnimationExportResult result;
    if (!isFinished()) {
        result.error = tr("the race has not ended: let it finish, or stop it, before exporting it");
        return result;
    }
    if (result.error = checkAnimationTarget(path); !result.error.isEmpty()) return result;
    // The frames: the race at evenly spaced points of its measure, the last at its end.
    const bool bySteps = m_pace == RacePace::StepsPerSecond;
    const auto maxFrames = static_cast<std::uint64_t>(AnimationSettings::kMaxDurationSeconds * settings.fps);
    std::uint64_t frameCount = 0;
    double perFrame = 0;
    if (settings.pace == AnimationPace::FitDuration) {
        frameCount = std::max<std::uint64_t>(2, static_cast<std::uint64_t>(std::llround(settings.durationSeconds * settings.fps)));
        perFrame = static_cast<double>(m_timelineEnd) / static_cast<double>(frameCount - 1);
    } else {
        if ((settings.pace == AnimationPace::StepsPerFrame) != bySteps) {
            result.error = bySteps ? tr("a race by steps is exported by --steps-per-frame (or --duration)")
                                   : tr("a race by evaluations is exported by --evaluations-per-frame (or --duration)");
            return result;
        }
        const std::uint64_t step = std::max<std::uint64_t>(1, settings.perFrame);
        frameCount = (m_timelineEnd + step - 1) / step + 1;
        perFrame = static_cast<double>(step);
        if (frameCount > maxFrames) {
            result.error = tr("%L1 a frame makes %L2 frames, more than %3 s at %4 fps")
                               .arg(static_cast<qulonglong>(step))
                               .arg(static_cast<qulonglong>(frameCount))
                               .arg(AnimationSettings::kMaxDurationSeconds)
                               .arg(settings.fps);
            return result;
        }
    }
    // The frames are the Race view's own painting: a second view of the same timelines, offscreen at the
    // animation's size, without its controls.
    RaceView stage;
    stage.setAttribute(Qt::WA_DontShowOnScreen);
    std::vector<ReplayRun> runs = replayRuns(result.error);
    if (runs.empty()) return result;
    stage.setReplayRuns(m_pace, std::move(runs));
    stage.setAxis(bySteps ? ChartAxis::Steps : ChartAxis::Evaluations);
    stage.setExportLayout(settings.size);
    stage.resize(settings.size);
    stage.show();
    return encodeAnimation(
        path, settings, static_cast<std::size_t>(frameCount),
        [&](std::size_t frame) {
            const bool last = frame + 1 == frameCount;
            stage.showReplayAt(last ? m_timelineEnd : static_cast<std::uint64_t>(perFrame * static_cast<double>(frame)), last);
            return renderOffscreen(stage, settings.size);
        },
        progress);
}

void RaceView::setAxis(ChartAxis axis) { m_chart->setXAxis(axis); }

void RaceView::setExportLayout(QSize size) {
    // Frames are smaller than the window: the boards may shrink, and each run's own chart needs the height.
    m_chart->setMinimumHeight(0);
    for (const auto& run : m_runs) {
        run->board->setMinimumSize(80, 80);
        if (size.height() < kOwnChartsFromHeight) run->algorithmChart->hide();
    }
    for (QWidget* control : {static_cast<QWidget*>(m_timeline), static_cast<QWidget*>(m_saveButton),
                             static_cast<QWidget*>(m_exportButton)})
        control->hide();
    m_chart->setControlsVisible(false);
    QFont font = m_timelineLabel->font();
    font.setBold(true);
    m_timelineLabel->setFont(font);
}

void RaceView::exportAnimationDialog() {
    if (!isFinished()) return;
    QString error;
    const std::vector<ReplayRun> runs = replayRuns(error);  // the dialog estimates from the longest run
    if (runs.empty()) {
        QMessageBox::warning(this, tr("Cannot export animation"), error);
        return;
    }
    const auto longest = std::max_element(runs.begin(), runs.end(), [this](const ReplayRun& a, const ReplayRun& b) {
        return timelineMeasure(a.timeline->result().counters) < timelineMeasure(b.timeline->result().counters);
    });
    AnimationExportDialog dialog(*longest->timeline, this);
    if (dialog.exec() != QDialog::Accepted) return;
    QProgressDialog progress(tr("Exporting %1…").arg(dialog.path()), tr("Cancel"), 0, 100, this);
    progress.setWindowTitle(tr("Export animation"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    const AnimationExportResult result = exportAnimation(dialog.path(), dialog.settings(), [&progress](std::size_t done, std::size_t total) {
        progress.setMaximum(static_cast<int>(total));
        progress.setValue(static_cast<int>(done));
        QApplication::processEvents();
        return !progress.wasCanceled();
    });
    progress.reset();
    if (!result.error.isEmpty()) QMessageBox::warning(this, tr("Cannot export animation"), result.error);
}

QString exportRaceAnimation(const QString& manifestPath, const QString& outputPath, const AnimationSettings& settings,
                            QString& summary) {
    if (QString error = checkAnimationTarget(outputPath); !error.isEmpty()) return QStringLiteral("--export-animation: ") + error;
    const RaceRead read = loadRace(manifestPath.toStdString());
    if (!read.manifest) return QStringLiteral("--open: ") + QString::fromStdString(read.error.toString());
    RaceView race;
    race.setAttribute(Qt::WA_DontShowOnScreen);
    if (QString error = race.setReplay(*read.manifest, read.recordings); !error.isEmpty()) return QStringLiteral("--open: ") + error;
    const AnimationExportResult result = race.exportAnimation(outputPath, settings);
    if (!result.error.isEmpty()) return QStringLiteral("--export-animation: ") + result.error;
    summary = QStringLiteral("%1: a race of %2 runs, %3 frames of %4x%5 at %6 fps (%7), %8 bytes in %9 s")
                  .arg(outputPath)
                  .arg(race.runCount())
                  .arg(result.frames)
                  .arg(settings.size.width())
                  .arg(settings.size.height())
                  .arg(settings.fps)
                  .arg(result.codec)
                  .arg(result.bytes)
                  .arg(result.seconds, 0, 'f', 2);
    return {};
}

Board RaceView::shownBoard(int run) const { return m_runs.at(static_cast<std::size_t>(run))->model->board(); }

QString RaceView::saveRace(const QString& manifestPath) const {
    if (!isFinished()) return tr("the race has not ended: let it finish, or stop it, before saving it");
    RaceManifest manifest;
    manifest.pace = paceKey(m_pace);
    std::vector<RunRecording> recordings;
    const std::string stem = QFileInfo(manifestPath).completeBaseName().toStdString();
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        const Run& run = *m_runs[i];
        manifest.runs.push_back({run.entry.label, raceRecordingName(stem, i, run.entry.label)});
        recordings.push_back(recordingOf(run));
    }
    std::string error;
    if (!pw::saveRace(manifestPath.toStdString(), manifest, recordings, error))
        return tr("cannot save the race to %1: %2").arg(manifestPath, QString::fromStdString(error));
    return {};
}

void RaceView::saveRaceDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save race"), QStringLiteral("race.json"), tr("Race (*.json)"));
    if (path.isEmpty()) return;
    if (const QString error = saveRace(path); !error.isEmpty()) QMessageBox::warning(this, tr("Cannot save race"), error);
}

QString RaceView::finishingOrder() const {
    // The runs that ended on their own by how far they had gone in the race's measure (evaluations, or steps
    // for a race by steps; seconds flat out), ties in the race's order: the runs' threads report their ends in
    // no fixed order. Those stopped by Stop (all at once) after them, in the race's order.
    // A saved race: the runs whose end the timeline has reached.
    const auto ended = [this](std::size_t index) { return m_replay ? m_runs[index]->shownEnded : m_runs[index]->done(); };
    std::vector<int> order;
    for (const int index : m_finishOrder)
        if (ended(static_cast<std::size_t>(index))) order.push_back(index);
    std::sort(order.begin(), order.end());
    const auto stopped = std::stable_partition(order.begin(), order.end(), [this](int index) {
        return m_runs[static_cast<std::size_t>(index)]->result->outcome != Outcome::Stopped;
    });
    std::stable_sort(order.begin(), stopped, [this](int a, int b) {
        const RunResult& first = *m_runs[static_cast<std::size_t>(a)]->result;
        const RunResult& second = *m_runs[static_cast<std::size_t>(b)]->result;
        if (m_pace == RacePace::FlatOut && !m_replay) return first.seconds < second.seconds;
        return timelineMeasure(first.counters) < timelineMeasure(second.counters);
    });
    QStringList parts;
    for (const int index : order) {
        const Run& run = *m_runs[static_cast<std::size_t>(index)];
        const RunResult& result = *run.result;
        QString part = tr("%1 %2 at %3 evaluations")
                           .arg(QString::fromStdString(run.entry.label), outcomeWords(result.outcome), number(result.counters.evaluations));
        if (result.outcome != Outcome::Solved) part += tr(" (cost %1)").arg(costText(result.bestCost));
        parts << part;
    }
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        if (std::find(order.begin(), order.end(), static_cast<int>(i)) != order.end()) continue;
        const Run& run = *m_runs[i];
        const double best = m_replay ? run.shownBestCost : status(static_cast<int>(i)).bestCost;
        parts << tr("%1 still at cost %2").arg(QString::fromStdString(run.entry.label), costText(best));
    }
    return parts.join(QStringLiteral("; "));
}

void RaceView::updateControls() {
    const bool finished = isFinished();
    m_startButton->setText(isRunning() ? tr("Pause") : tr("Start"));
    m_startButton->setEnabled(!m_runs.empty() && !finished);
    m_saveButton->setEnabled(finished);
    m_exportButton->setEnabled(finished);
    m_stepButton->setEnabled(!m_runs.empty() && !finished);
    m_stopButton->setEnabled(!m_runs.empty() && !finished);
    m_restartButton->setEnabled(!m_runs.empty() && !m_replay);
    m_restartButton->setVisible(!m_replay);
}

RaceSetupDialog::RaceSetupDialog(PuzzleKind kind, const QString& algorithms, QWidget* parent)
    : QDialog(parent), m_kind(kind), m_algorithms(new QLineEdit(algorithms, this)), m_parameters(new QLineEdit(this)),
      m_seed(new QSpinBox(this)), m_pace(new QComboBox(this)), m_budget(new QDoubleSpinBox(this)) {
    setWindowTitle(tr("Race"));
    setObjectName(QStringLiteral("raceSetupDialog"));
    auto* form = new QFormLayout;
    m_algorithms->setToolTip(tr("2 to 4 algorithm ids, comma-separated; one may come twice (the second is ID#2)"));
    m_parameters->setPlaceholderText(QStringLiteral("sa#2.t0=5 tabu.seed=3"));
    m_parameters->setToolTip(tr("ID.KEY=VALUE for every run of ID, ID#N.KEY=VALUE for its N-th run, "
                                "separated by spaces; KEY seed gives a run its own seed"));
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setValue(1);
    m_pace->addItems({tr("Same steps per second"), tr("Fair by evaluations"), tr("Flat out")});
    m_pace->setCurrentIndex(static_cast<int>(RacePace::FairEvaluations));
    m_budget->setRange(0, 1e12);
    m_budget->setDecimals(0);
    m_budget->setValue(static_cast<double>(RaceBudget{}.maxEvaluations));
    m_budget->setSpecialValueText(tr("none"));
    form->addRow(tr("&Algorithms:"), m_algorithms);
    form->addRow(tr("&Parameters:"), m_parameters);
    form->addRow(tr("&Seed of every run:"), m_seed);
    form->addRow(tr("Pa&ce:"), m_pace);
    form->addRow(tr("&Evaluations per run:"), m_budget);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Race"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (const QString error = raceEntries(m_algorithms->text().remove(QLatin1Char(' ')),
                                              m_parameters->text().split(QLatin1Char(' '), Qt::SkipEmptyParts),
                                              static_cast<std::uint64_t>(m_seed->value()), m_kind, m_entries);
            !error.isEmpty()) {
            QMessageBox::warning(this, tr("Cannot race"), error);
            return;
        }
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

RacePace RaceSetupDialog::pace() const { return static_cast<RacePace>(m_pace->currentIndex()); }

RaceBudget RaceSetupDialog::budget() const {
    RaceBudget budget;
    budget.maxEvaluations = static_cast<std::uint64_t>(m_budget->value());
    return budget;
}

}  // namespace pw::ui
