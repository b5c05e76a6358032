#include "race/race_view.h"

#include "race/race_run.h"
#include "charts/race_chart.h"
#include "run/pace_gate.h"
#include "run/run_controller.h"

#include "algorithms/registry.h"

#include <QAction>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QPushButton>
#include <QSlider>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace pw::ui {

namespace {

constexpr int kRefreshMs = 33;        // the boards and figures are redrawn at most this often
constexpr qint64 kChartRefreshMs = 100;  // and the charts, whose redrawing costs the most, this often
constexpr int kRunChartRefreshMs = 200;  // each run's own chart

const QColor kRunColors[RaceView::kMaxRuns] = {QColor(0x1f, 0x77, 0xb4), QColor(0xe0, 0x6c, 0x00),
                                               QColor(0x2c, 0xa0, 0x2c), QColor(0x94, 0x67, 0xbd)};

PaceGate::Measure gateMeasure(RacePace pace) {
    switch (pace) {
    case RacePace::StepsPerSecond: return PaceGate::Measure::Steps;
    case RacePace::FairEvaluations: return PaceGate::Measure::Evaluations;
    case RacePace::FlatOut: return PaceGate::Measure::None;
    }
    return PaceGate::Measure::None;
}

}  // namespace

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
    m_timeline->setRange(0, kRaceTimelineTicks);
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

Board RaceView::shownBoard(int run) const { return m_runs.at(static_cast<std::size_t>(run))->model->board(); }

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

}  // namespace pw::ui
