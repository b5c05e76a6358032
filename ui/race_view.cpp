#include "race_view.h"

#include "board_model.h"
#include "board_view.h"
#include "charts/race_chart.h"

#include "algorithms/registry.h"
#include "study/bench.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace pw::ui {

namespace {

constexpr int kTickMs = 16;
constexpr qint64 kSliceMs = 12;             // computing time per tick, shared by the runs
constexpr std::uint64_t kSampleEvery = 200;  // steps between two cost samples of cheap steps
const QColor kRunColors[RaceView::kMaxRuns] = {QColor(0x1f, 0x77, 0xb4), QColor(0xe0, 0x6c, 0x00),
                                               QColor(0x2c, 0xa0, 0x2c), QColor(0x94, 0x67, 0xbd)};

QString number(std::uint64_t value) { return QStringLiteral("%L1").arg(static_cast<qulonglong>(value)); }

QString costText(double cost) { return QString::number(cost, 'g', 6); }

QString outcomeWords(const RunResult& result) {
    switch (result.outcome) {
    case Outcome::Solved: return QObject::tr("solved");
    case Outcome::Stopped: return QObject::tr("stopped");
    case Outcome::BudgetExhausted: return QObject::tr("ran out of budget");
    case Outcome::Failed: return QObject::tr("gave up");
    }
    return {};
}

// Keeps the cost samples of one run for the chart; moves are not wanted (the board is read from the run).
class CostSink : public EventSink {
public:
    struct Sample {
        Counters at;
        double current = 0;
        double best = 0;
    };
    CostSink() {
        setWantsMoves(false);
        setSampleEvery(kSampleEvery);
    }
    void receive(const Event& event) override {
        if (const auto* sample = std::get_if<CostSample>(&event)) m_samples.push_back({sample->at, sample->current, sample->best});
    }
    std::vector<Sample> take() { return std::exchange(m_samples, {}); }

private:
    std::vector<Sample> m_samples;
};

}  // namespace

struct RaceView::Run {
    RaceEntry entry;
    std::unique_ptr<Algorithm> algorithm;
    CostSink sink;
    std::unique_ptr<Runner> runner;
    BoardModel* model = nullptr;
    BoardView* board = nullptr;
    QLabel* title = nullptr;
    QLabel* status = nullptr;

    bool done() const { return runner->finished(); }
    Counters counters() const { return done() ? runner->result().counters : algorithm->counters(); }
    // Up to `steps` steps; the runner's budget checks stop it on the same step as alone.
    void advance(std::uint64_t steps) {
        if (!done() && steps > 0) runner->advanceBy(steps);
    }
    // Steps until the run has spent at least `target` evaluations (or has ended).
    void advanceToEvaluations(std::uint64_t target) {
        while (!done()) {
            const Counters at = algorithm->counters();
            if (at.evaluations >= target) return;
            // A step may cost many evaluations (a whole neighbourhood): from the mean cost of a step so far, half
            // the steps that seem left, then half of the rest, ..., so a run overshoots by about one step only.
            // The first step teaches the mean.
            if (at.steps == 0) {
                runner->advanceBy(1);
                continue;
            }
            const std::uint64_t perStep = std::max<std::uint64_t>(1, (at.evaluations + at.steps - 1) / at.steps);
            runner->advanceBy(std::max<std::uint64_t>(1, (target - at.evaluations) / perStep / 2));
        }
    }
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
                               "Flat out: every run as fast as it goes, with an equal share of the time."));
    m_speed->setObjectName(QStringLiteral("raceSpeed"));
    m_speed->setRange(0, 1e9);
    m_speed->setDecimals(0);
    m_speed->setSpecialValueText(tr("no limit"));
    controls->addWidget(m_startButton);
    controls->addWidget(m_stepButton);
    controls->addWidget(m_stopButton);
    controls->addSpacing(12);
    controls->addWidget(new QLabel(tr("Pace:"), this));
    controls->addWidget(m_paceCombo);
    controls->addWidget(m_speed);
    controls->addStretch(1);
    layout->addLayout(controls);
    layout->addWidget(m_boards, 3);
    layout->addWidget(m_chart, 2);
    m_chart->setMinimumHeight(260);  // the boards would take it all: they ask for their full size
    m_order->setObjectName(QStringLiteral("raceOrder"));
    m_order->setWordWrap(true);
    QFont font = m_order->font();
    font.setBold(true);
    m_order->setFont(font);
    layout->addWidget(m_order);
    new QGridLayout(m_boards);

    connect(m_startButton, &QPushButton::clicked, this, [this] { isRunning() ? pause() : start(); });
    connect(m_stepButton, &QPushButton::clicked, this, &RaceView::step);
    connect(m_stopButton, &QPushButton::clicked, this, &RaceView::stop);
    connect(m_paceCombo, &QComboBox::currentIndexChanged, this, &RaceView::readControls);
    connect(m_speed, &QDoubleSpinBox::valueChanged, this, &RaceView::readControls);
    connect(&m_timer, &QTimer::timeout, this, &RaceView::tick);
    m_timer.setInterval(kTickMs);
    setPace(RacePace::FairEvaluations);
    updateControls();
}

RaceView::~RaceView() = default;

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
    m_timer.stop();
    for (const auto& run : m_runs) {
        delete run->board;
        delete run->model;
        delete run->title;
        delete run->status;
    }
    m_runs.clear();  // before the puzzle their runners refer to changes
    m_puzzle = puzzle;
    m_finishOrder.clear();
    m_fairTarget = 0;
    m_fairChunk = 256;
    m_carry = 0;

    auto* grid = static_cast<QGridLayout*>(m_boards->layout());
    QStringList labels;
    std::vector<QColor> colors;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        auto run = std::make_unique<Run>();
        run->entry = std::move(entries[i]);
        run->algorithm = findAlgorithm(run->entry.algorithmId)->create();
        StopConditions conditions;
        if (budget.maxSteps) conditions.add(stepLimit(budget.maxSteps));
        if (budget.maxEvaluations) conditions.add(evaluationLimit(budget.maxEvaluations));
        run->runner = std::make_unique<Runner>(*run->algorithm, m_puzzle, run->entry.parameters, run->entry.seed,
                                               &run->sink, std::move(conditions));
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
                changed << QStringLiteral("%1=%2").arg(QString::fromStdString(key),
                                                       QString::fromStdString(formatParameterValue(value)));
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
        grid->setColumnStretch(column, 1);
        grid->setRowStretch(1, 1);
        labels << QString::fromStdString(run->entry.label);
        colors.push_back(color);
        m_runs.push_back(std::move(run));
    }
    m_chart->setRuns(labels, colors);
    afterAdvance();
    return {};
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
    m_carry = 0;
    m_clock.restart();
}

void RaceView::start() {
    if (m_runs.empty() || isFinished()) return;
    m_clock.restart();
    m_carry = 0;
    m_timer.start();
    updateControls();
}

void RaceView::pause() {
    m_timer.stop();
    updateControls();
}

void RaceView::step() {
    m_timer.stop();
    for (const auto& run : m_runs) run->advance(1);
    afterAdvance();
}

void RaceView::stop() {
    m_timer.stop();
    for (const auto& run : m_runs)
        if (!run->done()) run->runner->stop({Outcome::Stopped, "stopped by the person watching"});
    afterAdvance();
}

bool RaceView::isFinished() const {
    return !m_runs.empty() && std::all_of(m_runs.begin(), m_runs.end(), [](const auto& run) { return run->done(); });
}

const RaceEntry& RaceView::entry(int run) const { return m_runs.at(static_cast<std::size_t>(run))->entry; }

Counters RaceView::counters(int run) const { return m_runs.at(static_cast<std::size_t>(run))->counters(); }

std::optional<RunResult> RaceView::result(int run) const {
    const Run& r = *m_runs.at(static_cast<std::size_t>(run));
    if (!r.done()) return std::nullopt;
    return r.runner->result();
}

void RaceView::advanceFair(std::uint64_t target) {
    for (const auto& run : m_runs) run->advanceToEvaluations(target);
}

void RaceView::tick() {
    QElapsedTimer slice;
    slice.start();
    const double seconds = std::min(0.25, static_cast<double>(m_clock.restart()) / 1000.0);
    switch (m_pace) {
    case RacePace::StepsPerSecond: {
        if (m_perSecond <= 0) {  // no limit: the same steps for every run, as many as fit in the slice
            std::uint64_t steps = 64;
            while (slice.elapsed() < kSliceMs && !isFinished()) {
                for (const auto& run : m_runs) run->advance(steps);
                steps = std::min<std::uint64_t>(steps * 2, 1 << 16);
            }
            break;
        }
        m_carry += m_perSecond * seconds;
        const auto steps = static_cast<std::uint64_t>(m_carry);
        m_carry -= static_cast<double>(steps);
        for (const auto& run : m_runs) run->advance(steps);
        break;
    }
    case RacePace::FairEvaluations: {
        if (m_perSecond > 0) {
            m_carry += m_perSecond * seconds;
            const auto more = static_cast<std::uint64_t>(m_carry);
            m_carry -= static_cast<double>(more);
            m_fairTarget += more;
            advanceFair(m_fairTarget);
            break;
        }
        // No limit: the target moves on in chunks, grown while they take little of the slice.
        while (slice.elapsed() < kSliceMs && !isFinished()) {
            QElapsedTimer chunk;
            chunk.start();
            m_fairTarget += m_fairChunk;
            advanceFair(m_fairTarget);
            if (chunk.elapsed() < 2) m_fairChunk = std::min<std::uint64_t>(m_fairChunk * 2, 1 << 20);
            else if (chunk.elapsed() > 6) m_fairChunk = std::max<std::uint64_t>(m_fairChunk / 2, 16);
        }
        break;
    }
    case RacePace::FlatOut: {
        const qint64 share = std::max<qint64>(1, kSliceMs / static_cast<qint64>(m_runs.size()));
        for (const auto& run : m_runs) {
            QElapsedTimer own;
            own.start();
            while (!run->done() && own.elapsed() < share) run->advance(1024);
        }
        break;
    }
    }
    afterAdvance();
}

void RaceView::afterAdvance() {
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        Run& run = *m_runs[i];
        for (const CostSink::Sample& sample : run.sink.take())
            m_chart->addCost(static_cast<int>(i), sample.at, sample.current, sample.best);
        const bool done = run.done();
        if (done && std::find(m_finishOrder.begin(), m_finishOrder.end(), static_cast<int>(i)) == m_finishOrder.end())
            m_finishOrder.push_back(static_cast<int>(i));
        run.model->setBoard(done ? run.runner->result().finalBoard : run.algorithm->currentBoard(), CellOrigin::Solver);
        const Counters at = run.counters();
        const double best = done ? run.runner->result().bestCost : run.algorithm->bestCost();
        QString status = tr("step %1 · evaluations %2 · best cost %3").arg(number(at.steps), number(at.evaluations), costText(best));
        if (done) status += QStringLiteral(" · ") + outcomeWords(run.runner->result());
        run.status->setText(status);
    }
    m_chart->refresh();
    m_order->setText(finishingOrder());
    if (isFinished() && m_timer.isActive()) m_timer.stop();
    updateControls();
    if (isFinished()) emit finished();
}

QString RaceView::finishingOrder() const {
    QStringList parts;
    for (const int index : m_finishOrder) {
        const Run& run = *m_runs[static_cast<std::size_t>(index)];
        const RunResult& result = run.runner->result();
        QString part = tr("%1 %2 at %3 evaluations")
                           .arg(QString::fromStdString(run.entry.label), outcomeWords(result), number(result.counters.evaluations));
        if (result.outcome != Outcome::Solved) part += tr(" (cost %1)").arg(costText(result.bestCost));
        parts << part;
    }
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        if (std::find(m_finishOrder.begin(), m_finishOrder.end(), static_cast<int>(i)) != m_finishOrder.end()) continue;
        const Run& run = *m_runs[i];
        parts << tr("%1 still at cost %2").arg(QString::fromStdString(run.entry.label), costText(run.algorithm->bestCost()));
    }
    return parts.join(QStringLiteral("; "));
}

void RaceView::updateControls() {
    const bool finished = isFinished();
    m_startButton->setText(isRunning() ? tr("Pause") : tr("Start"));
    m_startButton->setEnabled(!m_runs.empty() && !finished);
    m_stepButton->setEnabled(!m_runs.empty() && !finished);
    m_stopButton->setEnabled(!m_runs.empty() && !finished);
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
