#include "chart_panel.h"

#include "live_chart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <variant>

namespace pw::ui {

namespace {
constexpr int kRefreshMs = 100;
const QColor kCurrent(52, 120, 220);
const QColor kBest(230, 120, 20);
const QColor kRows(60, 170, 90);
const QColor kColumns(170, 80, 200);
const QColor kBoxes(200, 60, 90);
const QColor kTemperature(220, 70, 50);
const QColor kAcceptance(40, 150, 200);
const QColor kReheat(250, 190, 0);
const QColor kWorst(200, 80, 80);
const QColor kMean(120, 120, 200);
}  // namespace

ChartPanel::ChartPanel(QWidget* parent)
    : QWidget(parent), m_cost(new LiveChart(tr("Cost"), tr("cost"), this)),
      m_progress(new LiveChart(tr("Algorithm"), tr("value"), this)), m_splitter(new QSplitter(Qt::Vertical, this)),
      m_axisCombo(new QComboBox(this)), m_logCheck(new QCheckBox(tr("Log scale"), this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    auto* controls = new QHBoxLayout;
    auto* axisLabel = new QLabel(tr("X axis:"), this);
    m_axisCombo->addItems({tr("Steps"), tr("Evaluations"), tr("Seconds")});
    m_axisCombo->setObjectName(QStringLiteral("chartAxisCombo"));
    axisLabel->setBuddy(m_axisCombo);
    m_logCheck->setObjectName(QStringLiteral("chartLogCheck"));
    m_logCheck->setToolTip(tr("Logarithmic cost axis"));
    controls->addWidget(axisLabel);
    controls->addWidget(m_axisCombo);
    controls->addWidget(m_logCheck);
    controls->addStretch(1);
    layout->addLayout(controls);
    m_splitter->addWidget(m_cost);
    m_splitter->addWidget(m_progress);
    m_splitter->setChildrenCollapsible(false);
    layout->addWidget(m_splitter, 1);
    m_progress->hide();  // shown once the algorithm reports something for it

    connect(m_axisCombo, &QComboBox::currentIndexChanged, this,
            [this](int index) { setXAxis(static_cast<ChartAxis>(index)); });
    connect(m_logCheck, &QCheckBox::toggled, this, &ChartPanel::setLogScale);
    auto* timer = new QTimer(this);
    timer->setInterval(kRefreshMs);
    connect(timer, &QTimer::timeout, this, &ChartPanel::refreshNow);
    timer->start();
}

ChartPanel::~ChartPanel() = default;

void ChartPanel::clear() {
    m_cost->clear();
    m_progress->clear();
    m_progress->hide();
    m_batchStartSteps = m_batchStartSeconds = m_batchEndSteps = m_batchEndSeconds = 0;
}

void ChartPanel::beginBatch(const Counters& at, double seconds) {
    m_batchStartSteps = m_batchEndSteps;
    m_batchStartSeconds = m_batchEndSeconds;
    m_batchEndSteps = static_cast<double>(at.steps);
    m_batchEndSeconds = seconds;
}

double ChartPanel::secondsAt(double steps) const {
    if (m_batchEndSteps <= m_batchStartSteps) return m_batchEndSeconds;
    const double t = std::clamp((steps - m_batchStartSteps) / (m_batchEndSteps - m_batchStartSteps), 0.0, 1.0);
    return m_batchStartSeconds + t * (m_batchEndSeconds - m_batchStartSeconds);
}

void ChartPanel::addSample(LiveChart* chart, const QString& series, const Counters& at, double value) {
    QColor color = kCurrent;
    LiveChart::Side side = LiveChart::Side::Left;
    LiveChart::Style style = LiveChart::Style::Line;
    qreal width = 2.0;
    if (series == tr("best")) color = kBest;
    else if (series == tr("rows")) { color = kRows; width = 1.2; }
    else if (series == tr("columns")) { color = kColumns; width = 1.2; }
    else if (series == tr("boxes")) { color = kBoxes; width = 1.2; }
    else if (series == tr("temperature")) color = kTemperature;
    else if (series == tr("acceptance ratio")) { color = kAcceptance; side = LiveChart::Side::Right; width = 1.2; }
    else if (series == tr("reheat")) { color = kReheat; style = LiveChart::Style::Markers; }
    else if (series == tr("population best")) color = kBest;
    else if (series == tr("population mean")) color = kMean;
    else if (series == tr("population worst")) color = kWorst;
    const int index = chart->series(series, color, side, style, width);
    if (side == LiveChart::Side::Right) chart->setRightAxisTitle(series);
    const auto steps = static_cast<double>(at.steps);
    chart->append(index, ChartSample{steps, static_cast<double>(at.evaluations), secondsAt(steps), value});
    if (chart == m_progress && m_progress->isHidden()) m_progress->show();
}

void ChartPanel::addEvent(const Event& event) {
    if (const auto* cost = std::get_if<CostSample>(&event)) {
        addSample(m_cost, tr("current"), cost->at, cost->current);
        addSample(m_cost, tr("best"), cost->at, cost->best);
        if (cost->breakdown) {
            addSample(m_cost, tr("rows"), cost->at, cost->breakdown->rows);
            addSample(m_cost, tr("columns"), cost->at, cost->breakdown->columns);
            addSample(m_cost, tr("boxes"), cost->at, cost->breakdown->boxes);
        }
    } else if (const auto* temperature = std::get_if<TemperatureSample>(&event)) {
        addSample(m_progress, tr("temperature"), temperature->at, temperature->temperature);
        addSample(m_progress, tr("acceptance ratio"), temperature->at, temperature->acceptanceRatio);
    } else if (const auto* reheat = std::get_if<Reheat>(&event)) {
        addSample(m_progress, tr("reheat"), reheat->at, reheat->temperature);
    } else if (const auto* generation = std::get_if<GenerationStats>(&event)) {
        addSample(m_progress, tr("population worst"), generation->at, generation->worst);
        addSample(m_progress, tr("population mean"), generation->at, generation->mean);
        addSample(m_progress, tr("population best"), generation->at, generation->best);
    }
}

void ChartPanel::setXAxis(ChartAxis axis) {
    m_axis = axis;
    if (m_axisCombo->currentIndex() != static_cast<int>(axis)) m_axisCombo->setCurrentIndex(static_cast<int>(axis));
    m_cost->setXAxis(axis);
    m_progress->setXAxis(axis);
    emit axisChanged();
}

void ChartPanel::setLogScale(bool logScale) {
    m_logScale = logScale;
    if (m_logCheck->isChecked() != logScale) m_logCheck->setChecked(logScale);
    m_cost->setLogScale(logScale);
    emit axisChanged();
}

void ChartPanel::refreshNow() {
    m_cost->refresh();
    if (m_progress->isVisible()) m_progress->refresh();
}

int ChartPanel::costPointCount(const QString& series) const { return m_cost->pointCount(series); }
int ChartPanel::progressPointCount(const QString& series) const {
    m_progress->refresh();
    return m_progress->pointCount(series);
}
bool ChartPanel::progressChartVisible() const { return !m_progress->isHidden(); }

}  // namespace pw::ui
