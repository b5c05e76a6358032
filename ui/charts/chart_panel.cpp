#include "charts/chart_panel.h"

#include "charts/live_chart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
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

// Every series either chart can show, in the order of ChartPanel::SeriesKind.
struct SeriesStyle {
    const char* name;
    const char* legend;  // the legend's shorter word for it (the title or axis says the rest); null: the name
    bool onProgressChart;  // the second chart; else the cost chart
    QColor color;
    LiveChart::Side side;
    LiveChart::Style style;
    qreal width;
};
const SeriesStyle kSeriesStyles[] = {
    {QT_TRANSLATE_NOOP("pw::ui::ChartPanel", "current"), nullptr, false, QColor(52, 120, 220), LiveChart::Side::Left, LiveChart::Style::Line, 2.0},
    {QT_TRANSLATE_NOOP("pw::ui::ChartPanel", "best"), nullptr, false, QColor(230, 120, 20), LiveChart::Side::Left, LiveChart::Style::Line, 2.0},
    {QT_TRANSLATE_NOOP("pw::ui::ChartPanel", "cycle start"), nullptr, false, QColor(250, 190, 0), LiveChart::Side::Left, LiveChart::Style::Markers, 2.0},
    {QT_TRANSLATE_NOOP("pw::ui::ChartPanel", "temperature"), nullptr, true, QColor(220, 70, 50), LiveChart::Side::Left, LiveChart::Style::Line, 2.0},
    {QT_TRANSLATE_NOOP("pw::ui::ChartPanel", "acceptance ratio"), QT_TRANSLATE_NOOP("pw::ui::ChartPanel", "accepted (last 50)"), true, QColor(40, 150, 200), LiveChart::Side::Right, LiveChart::Style::Line, 1.2},
    {QT_TRANSLATE_NOOP("pw::ui::ChartPanel", "reheat"), nullptr, true, QColor(250, 190, 0), LiveChart::Side::Left, LiveChart::Style::Markers, 2.0},
    {QT_TRANSLATE_NOOP("pw::ui::ChartPanel", "population worst"), QT_TRANSLATE_NOOP("pw::ui::ChartPanel", "worst"), true, QColor(200, 80, 80), LiveChart::Side::Left, LiveChart::Style::Line, 2.0},
    {QT_TRANSLATE_NOOP("pw::ui::ChartPanel", "population mean"), QT_TRANSLATE_NOOP("pw::ui::ChartPanel", "mean"), true, QColor(120, 120, 200), LiveChart::Side::Left, LiveChart::Style::Line, 2.0},
    {QT_TRANSLATE_NOOP("pw::ui::ChartPanel", "population best"), QT_TRANSLATE_NOOP("pw::ui::ChartPanel", "best"), true, QColor(230, 120, 20), LiveChart::Side::Left, LiveChart::Style::Line, 2.0},
};

// The cost parts an algorithm declares (AlgorithmInfo::costParts), coloured by their position.
static_assert(ChartPanel::kAcceptanceWindow == 50, "the acceptance ratio's legend names its window: 50 proposals");

const QColor kPartColors[] = {QColor(60, 170, 90),  QColor(170, 80, 200), QColor(200, 60, 90),  QColor(120, 120, 120),
                              QColor(20, 160, 170), QColor(150, 110, 40), QColor(90, 90, 210),  QColor(220, 120, 170)};
}  // namespace

ChartPanel::ChartPanel(QWidget* parent)
    : QWidget(parent), m_refreshTimer(new QTimer(this)), m_cost(new LiveChart(tr("Cost"), tr("cost"), this)),
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
    m_logCheck->setToolTip(tr("Logarithmic value axes (cost, temperature, population), labelled at powers of ten"));
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
    m_seriesIndex.fill(-1);

    connect(m_axisCombo, &QComboBox::currentIndexChanged, this,
            [this](int index) { setXAxis(static_cast<ChartAxis>(index)); });
    connect(m_logCheck, &QCheckBox::toggled, this, &ChartPanel::setLogScale);
    m_refreshTimer->setInterval(kRefreshMs);
    connect(m_refreshTimer, &QTimer::timeout, this, &ChartPanel::refreshNow);
    m_refreshTimer->start();
    fitChartText();
}

ChartPanel::~ChartPanel() = default;

void ChartPanel::clear() {
    m_cost->clear();
    m_progress->clear();
    m_seriesIndex.fill(-1);
    std::fill(m_partSeries.begin(), m_partSeries.end(), -1);
    m_progress->setVisible(m_progressPinned && m_algorithmChartShown);
    m_batchSeconds = {};
    m_acceptanceWindow.clear();
    m_acceptanceProposals = 0;
    m_acceptanceAccepted = 0;
    m_lastTemperatureSteps = 0;
}

void ChartPanel::setCostParts(const std::vector<std::string>& names) {
    m_partNames.clear();
    for (const std::string& name : names) m_partNames.append(QString::fromStdString(name));
    m_partSeries.assign(names.size(), -1);
}

void BatchSeconds::begin(const Counters& at, double seconds) {
    m_startSteps = m_endSteps;
    m_startSeconds = m_endSeconds;
    m_endSteps = static_cast<double>(at.steps);
    m_endSeconds = seconds;
}

double BatchSeconds::at(double steps) const {
    if (m_endSteps <= m_startSteps) return m_endSeconds;
    const double t = std::clamp((steps - m_startSteps) / (m_endSteps - m_startSteps), 0.0, 1.0);
    return m_startSeconds + t * (m_endSeconds - m_startSeconds);
}

void ChartPanel::beginBatch(const Counters& at, double seconds) { m_batchSeconds.begin(at, seconds); }

// Called for every sample of a flat-out run: the series is created once, then found by its kind alone.
void ChartPanel::addSample(SeriesKind kind, const Counters& at, double value) {
    const SeriesStyle& style = kSeriesStyles[static_cast<int>(kind)];
    LiveChart* chart = style.onProgressChart ? m_progress : m_cost;
    int& index = m_seriesIndex[static_cast<int>(kind)];
    if (index < 0) {
        const QString name = tr(style.name);
        index = chart->series(name, style.color, style.side, style.style, style.width);
        // Short words keep a narrow chart's legend and right axis whole ("acceptance" for the acceptance
        // ratio; the population's "worst", "mean", "best").
        if (style.side == LiveChart::Side::Right) chart->setRightAxisTitle(style.legend ? tr(style.legend) : name);
        if (style.legend) chart->setLegendLabel(index, tr(style.legend));
        if (chart == m_progress && m_algorithmChartShown && m_progress->isHidden()) {
            m_progress->show();
            m_splitter->setSizes({1, 1});  // the two charts share the column evenly
        }
    }
    const auto steps = static_cast<double>(at.steps);
    chart->append(index, ChartSample{steps, static_cast<double>(at.evaluations), m_batchSeconds.at(steps), value});
}

// One line per declared cost part. A part appears with its first non-zero value, so a part that is 0 all
// along (the boxes of a search that keeps boxes valid, Chel's digit counts elsewhere) draws no flat line.
void ChartPanel::addPartSample(std::size_t part, const Counters& at, double value) {
    if (part >= m_partSeries.size()) {
        m_partSeries.resize(part + 1, -1);
        while (m_partNames.size() <= static_cast<qsizetype>(part))
            m_partNames.append(tr("part %1").arg(m_partNames.size() + 1));
    }
    int& index = m_partSeries[part];
    if (index < 0) {
        if (value == 0) return;
        const QColor color = kPartColors[part % std::size(kPartColors)];
        index = m_cost->series(m_partNames[static_cast<qsizetype>(part)], color, LiveChart::Side::Left,
                               LiveChart::Style::Line, 1.2);
    }
    const auto steps = static_cast<double>(at.steps);
    m_cost->append(index, ChartSample{steps, static_cast<double>(at.evaluations), m_batchSeconds.at(steps), value});
}

void ChartPanel::addEvent(const Event& event) {
    if (const auto* cost = std::get_if<CostSample>(&event)) {
        addSample(SeriesKind::Current, cost->at, cost->current);
        addSample(SeriesKind::Best, cost->at, cost->best);
        m_lastBest = cost->best;
        for (std::size_t part = 0; part < cost->parts.size(); ++part) addPartSample(part, cost->at, cost->parts[part]);
    } else if (const auto* phase = std::get_if<PhaseChange>(&event); phase && phase->kind == PhaseKind::Cycle) {
        // Cycle boundaries of a multistage run, marked on the cost curve (cycle 1 starts the run: no marker).
        if (phase->number != 1) addSample(SeriesKind::CycleStart, phase->at, m_lastBest);
    } else if (const auto* temperature = std::get_if<TemperatureSample>(&event)) {
        addSample(SeriesKind::Temperature, temperature->at, temperature->temperature);
        addSample(SeriesKind::Acceptance, temperature->at, movingAcceptance(*temperature));
    } else if (const auto* reheat = std::get_if<Reheat>(&event)) {
        addSample(SeriesKind::Reheat, reheat->at, reheat->temperature);
    } else if (const auto* generation = std::get_if<GenerationStats>(&event)) {
        addSample(SeriesKind::PopulationWorst, generation->at, generation->worst);
        addSample(SeriesKind::PopulationMean, generation->at, generation->mean);
        addSample(SeriesKind::PopulationBest, generation->at, generation->best);
    }
}

void ChartPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    // The charts' titles, ticks and legends follow the panel's font: they zoom with the window.
    if (event->type() == QEvent::FontChange) fitChartText();
}

void ChartPanel::fitChartText() {
    const qreal points = std::max(6.0, font().pointSizeF() * kChartTextRatio);
    m_cost->setFontPointSize(points);
    m_progress->setFontPointSize(points);
}

void ChartPanel::setChartsShown(bool cost, bool algorithm) {
    m_algorithmChartShown = algorithm;
    m_cost->setVisible(cost);
    m_progress->setVisible(algorithm && (m_progress->hasData() || m_progressPinned));
}

double ChartPanel::movingAcceptance(const TemperatureSample& sample) {
    // Each sample gives the share accepted of the proposals since the one before. The chart shows the share over
    // the last kAcceptanceWindow proposals (or the last sample's, when one sample spans more): at a few steps a
    // second a ratio per sample would be a train of 0s and 1s.
    const std::uint64_t proposals = sample.at.steps - std::min(sample.at.steps, m_lastTemperatureSteps);
    m_lastTemperatureSteps = sample.at.steps;
    if (proposals == 0) return m_acceptanceProposals ? m_acceptanceAccepted / static_cast<double>(m_acceptanceProposals)
                                                     : sample.acceptanceRatio;
    const double accepted = sample.acceptanceRatio * static_cast<double>(proposals);
    m_acceptanceWindow.push_back({proposals, accepted});
    m_acceptanceProposals += proposals;
    m_acceptanceAccepted += accepted;
    while (m_acceptanceWindow.size() > 1 && m_acceptanceProposals - m_acceptanceWindow.front().first >= kAcceptanceWindow) {
        m_acceptanceProposals -= m_acceptanceWindow.front().first;
        m_acceptanceAccepted -= m_acceptanceWindow.front().second;
        m_acceptanceWindow.pop_front();
    }
    return m_acceptanceAccepted / static_cast<double>(m_acceptanceProposals);
}

void ChartPanel::setCostChartVisible(bool visible) { m_cost->setVisible(visible); }

void ChartPanel::setControlsVisible(bool visible) {
    m_axisCombo->setVisible(visible);
    m_logCheck->setVisible(visible);
    for (QLabel* label : findChildren<QLabel*>())
        if (label->buddy() == m_axisCombo) label->setVisible(visible);
}

void ChartPanel::setProgressChartPinned(bool pinned) {
    m_progressPinned = pinned;
    if (!pinned) return;
    m_progress->show();
    const int half = std::max(1, m_splitter->height() / 2);
    m_splitter->setSizes({half, half});
}

void ChartPanel::setRefreshInterval(int milliseconds) { m_refreshTimer->setInterval(milliseconds); }

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
    m_progress->setLogScale(logScale);
    emit axisChanged();
}

void ChartPanel::refreshNow() {
    m_cost->refresh();
    if (m_progress->isVisible()) m_progress->refresh();
    emit refreshed();
}

int ChartPanel::costPointCount(const QString& series) const { return m_cost->pointCount(series); }
int ChartPanel::progressPointCount(const QString& series) const {
    m_progress->refresh();
    return m_progress->pointCount(series);
}
bool ChartPanel::progressChartVisible() const { return !m_progress->isHidden(); }

QList<QPair<QString, int>> ChartPanel::pointCounts() const {
    m_cost->refresh();
    m_progress->refresh();
    QList<QPair<QString, int>> counts;
    for (const SeriesStyle& style : kSeriesStyles) {
        const QString name = tr(style.name);
        const int points = style.onProgressChart ? m_progress->pointCount(name) : m_cost->pointCount(name);
        if (points >= 0) counts.append({name, points});
    }
    for (const QString& name : m_partNames)
        if (const int points = m_cost->pointCount(name); points >= 0) counts.append({name, points});
    return counts;
}

}  // namespace pw::ui
