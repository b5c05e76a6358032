#include "tools/repeat_runs_dialog.h"

#include "algorithms/registry.h"
#include "base/parallel.h"
#include "base/statistics.h"
#include "charts/histogram_chart.h"

#include <QCloseEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>

namespace pw::ui {

namespace {

std::optional<std::int64_t> generationOf(const RunResult& result) {
    for (const auto& [key, value] : result.results)
        if (key == "generation") return std::get<std::int64_t>(value);
    return std::nullopt;
}

QString spread(std::vector<double> values, int precision) {
    if (values.empty()) return QStringLiteral("–");
    const auto [low, high] = std::minmax_element(values.begin(), values.end());
    return QObject::tr("min %1, median %2, max %3")
        .arg(*low, 0, 'g', precision)
        .arg(median(values), 0, 'g', precision)
        .arg(*high, 0, 'g', precision);
}

}  // namespace

RepeatRunsDialog::RepeatRunsDialog(const RunRequest& request, QWidget* parent)
    : QDialog(parent), m_request(request), m_stop(std::make_shared<std::atomic<bool>>(false)) {
    setObjectName(QStringLiteral("repeatRunsDialog"));
    setWindowTitle(tr("Repeated runs of %1 on %2")
                       .arg(QString::fromStdString(request.algorithmId), QString::fromStdString(request.puzzle.id)));
    auto* form = new QFormLayout;
    m_runs = new QSpinBox(this);
    m_runs->setRange(1, 100000);
    m_runs->setValue(30);
    m_jobs = new QSpinBox(this);
    m_jobs->setRange(1, 256);
    m_jobs->setValue(threadCount());
    form->addRow(tr("Runs"), m_runs);
    form->addRow(tr("Threads"), m_jobs);
    QString budgets = tr("seeds %1, %2, …").arg(request.seed).arg(request.seed + 1);
    if (request.stepLimit) budgets += tr("; at most %L1 steps").arg(request.stepLimit);
    if (request.timeLimitSeconds > 0) budgets += tr("; at most %1 s").arg(request.timeLimitSeconds);
    form->addRow(tr("Each run"), new QLabel(budgets, this));
    auto* buttons = new QHBoxLayout;
    m_startButton = new QPushButton(tr("Start"), this);
    m_stopButton = new QPushButton(tr("Stop"), this);
    m_stopButton->setEnabled(false);
    buttons->addWidget(m_startButton);
    buttons->addWidget(m_stopButton);
    m_progress = new QProgressBar(this);
    m_progress->setFormat(tr("%v of %m runs"));
    m_summary = new QLabel(tr("Start to run the algorithm with consecutive seeds."), this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_histogram = new HistogramChart(this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_summary);
    layout->addWidget(m_histogram, 1);
    connect(m_startButton, &QPushButton::clicked, this, &RepeatRunsDialog::start);
    connect(m_stopButton, &QPushButton::clicked, this, &RepeatRunsDialog::stop);
    resize(640, 560);
}

RepeatRunsDialog::~RepeatRunsDialog() {
    m_stop->store(true);
    if (m_worker) m_worker->wait();
}

void RepeatRunsDialog::closeEvent(QCloseEvent* event) {
    stop();
    QDialog::closeEvent(event);
}

void RepeatRunsDialog::setRuns(int runs) { m_runs->setValue(runs); }

void RepeatRunsDialog::stop() {
    if (m_worker) m_stop->store(true);
}

void RepeatRunsDialog::start() {
    if (m_worker) return;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    const int runs = m_runs->value();
    const int jobs = std::min(m_jobs->value(), runs);
    m_progress->setRange(0, runs);
    m_progress->setValue(0);
    m_startButton->setEnabled(false);
    m_stopButton->setEnabled(true);
    auto stop = m_stop;
    m_worker = QThread::create([this, request = m_request, runs, jobs, stop] {
        auto results = std::make_shared<std::vector<RunResult>>(static_cast<std::size_t>(runs));
        std::atomic<int> done{0};
        const AlgorithmEntry* entry = findAlgorithm(request.algorithmId);
        parallelFor(static_cast<std::size_t>(runs), jobs, [&](std::size_t r) {
            auto algorithm = entry->create();
            StopConditions conditions;
            if (request.stepLimit) conditions.add(stepLimit(request.stepLimit));
            if (request.timeLimitSeconds > 0) conditions.add(timeLimit(request.timeLimitSeconds));
            conditions.add(externalStop(*stop));
            (*results)[r] = Runner(*algorithm, request.puzzle, request.parameters, request.seed + r, nullptr,
                                   std::move(conditions))
                                .runToEnd();
            const int finishedRuns = ++done;
            QMetaObject::invokeMethod(this, [this, finishedRuns] { m_progress->setValue(finishedRuns); },
                                      Qt::QueuedConnection);
        }, stop.get());
        // Runs never started (after Stop) keep a default result, without a reason: they are not results.
        std::erase_if(*results, [](const RunResult& r) { return r.reason.empty(); });
        QMetaObject::invokeMethod(this, [this, results] { onDone(results); }, Qt::QueuedConnection);
    });
    connect(m_worker, &QThread::finished, m_worker, &QObject::deleteLater);
    m_worker->start();
}

void RepeatRunsDialog::onDone(std::shared_ptr<std::vector<RunResult>> results) {
    m_worker = nullptr;
    m_results = std::move(*results);
    // Runs stopped from outside before they ended are not results.
    std::erase_if(m_results, [](const RunResult& r) { return r.outcome == Outcome::Stopped; });
    std::vector<double> seconds, steps, generations;
    int solved = 0;
    for (const RunResult& result : m_results) {
        if (result.outcome != Outcome::Solved) continue;
        ++solved;
        seconds.push_back(result.seconds);
        steps.push_back(static_cast<double>(result.counters.steps));
        if (const auto generation = generationOf(result)) generations.push_back(static_cast<double>(*generation));
    }
    const int total = static_cast<int>(m_results.size());
    QString text = tr("%1 of %2 runs solved (%3 %).").arg(solved).arg(total).arg(total ? 100.0 * solved / total : 0, 0, 'f', 1);
    if (solved) {
        text += tr(" Time to solve: %1 s. Steps: %2.").arg(spread(seconds, 3), spread(steps, 6));
        if (!generations.empty()) text += tr(" Generation of the solution: %1.").arg(spread(generations, 4));
    }
    m_summary->setText(text);
    if (!generations.empty())
        m_histogram->setData(tr("Generation in which the solution appeared (0 = initial population)"), tr("generation"), generations);
    else
        m_histogram->setData(tr("Steps to solve"), tr("steps"), steps);
    m_startButton->setEnabled(true);
    m_stopButton->setEnabled(false);
    emit finished();
}

QString RepeatRunsDialog::summary() const { return m_summary->text(); }

}  // namespace pw::ui
