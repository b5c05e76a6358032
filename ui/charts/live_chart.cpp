#include "charts/live_chart.h"

#include "charts/axis_format.h"
#include "charts/chart_panel.h"

#include <QEvent>
#include <QLabel>
#include <QResizeEvent>
#include <QtCharts/QCategoryAxis>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QAbstractAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace pw::ui {

namespace {
// A log axis cannot show zero (a solved cost): such values sit on this floor instead, or lower when the
// positive values go lower (a temperature near t_min).
constexpr double kLogFloor = 0.5;
bool isWhole(double value) { return value == std::floor(value); }
}  // namespace

struct LiveChart::Entry {
    QString name;
    QString legend;  // the legend's word for it
    QXYSeries* series = nullptr;
    Side side = Side::Left;
    SampleBuffer buffer;
    bool dirty = false;
};

LiveChart::LiveChart(const QString& title, const QString& leftTitle, QWidget* parent)
    : QWidget(parent), m_chart(new QChart), m_view(new QChartView(m_chart, this)), m_legend(new QLabel(this)), m_x(nullptr),
      m_left(nullptr), m_right(nullptr), m_leftTitle(leftTitle), m_axis(ChartAxis::Steps) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view, 1);
    // The legend is a wrapping line of its own under the plot: every name stays whole at any width and zoom,
    // where Qt Charts' own legend cuts names to "curr…" or to bare colour squares.
    m_legend->setObjectName(QStringLiteral("chartLegend"));
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setContentsMargins(6, 0, 6, 2);
    m_legend->hide();
    layout->addWidget(m_legend);
    m_view->setRenderHint(QPainter::Antialiasing);
    // Below this a chart's title and ticks no longer fit: the splitter and the docks stop there.
    m_view->setMinimumHeight(150);  // the legend under it adds its own lines
    m_title = title;
    m_chart->setTitle(title);
    m_chart->legend()->hide();
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_x = new AxisLabeller(m_chart, Qt::AlignBottom, tr("steps"), false, true);
    m_x->setEndAtData(true);
    m_x->setRange(0, 1);
    rebuildLeftAxis();
    applyTheme();
}

LiveChart::~LiveChart() = default;

void LiveChart::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) applyTheme();
}

void LiveChart::applyTheme() {
    const QPalette& p = palette();
    const bool dark = p.color(QPalette::Base).lightnessF() < 0.5;
    m_chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    m_chart->setBackgroundBrush(p.color(QPalette::Base));
    m_chart->setTitleBrush(p.color(QPalette::Text));
    m_chart->legend()->hide();  // the legend is m_legend, under the plot
    // A theme resets series colours and axis fonts; put ours back.
    for (auto& entry : m_entries) {
        const QColor color = entry->series->property("pwColor").value<QColor>();
        if (auto* line = qobject_cast<QLineSeries*>(entry->series)) {
            QPen pen(color, entry->series->property("pwWidth").toReal());
            line->setPen(pen);
        } else if (auto* scatter = qobject_cast<QScatterSeries*>(entry->series)) {
            scatter->setColor(color);
            scatter->setBorderColor(color);
        }
    }
    for (QAbstractAxis* axis : m_chart->axes()) {
        axis->setLabelsColor(p.color(QPalette::Text));
        axis->setTitleBrush(p.color(QPalette::Text));
        QFont small = axis->labelsFont();
        small.setPointSizeF(m_fontPoints);
        axis->setLabelsFont(small);
        axis->setTitleFont(small);
        axis->setGridLineColor(p.color(QPalette::Mid));
    }
    QFont titleFont = m_chart->titleFont();
    titleFont.setPointSizeF(m_fontPoints + 1);
    titleFont.setBold(true);
    m_chart->setTitleFont(titleFont);
    QFont legendFont = m_legend->font();
    legendFont.setPointSizeF(m_fontPoints);
    m_legend->setFont(legendFont);
    QPalette legendPalette = m_legend->palette();
    legendPalette.setColor(QPalette::WindowText, p.color(QPalette::Text));
    m_legend->setPalette(legendPalette);
    showLegend();
    // The last x label is centred on the plot's right edge: room for half of it, so it is not clipped.
    QFont labelFont = m_chart->titleFont();
    labelFont.setPointSizeF(m_fontPoints);
    const int half = QFontMetrics(labelFont).horizontalAdvance(QStringLiteral("000k")) / 2 + 2;
    m_chart->setMargins(QMargins(4, 4, m_right ? 4 : half, 4));
    for (AxisLabeller* labeller : {m_x, m_left, m_right})
        if (labeller) labeller->relabel();
}

void LiveChart::setFontPointSize(qreal points) {
    m_fontPoints = points;
    applyTheme();
}

QStringList LiveChart::xLabels() const { return m_x->labels(); }
QStringList LiveChart::leftLabels() const { return m_left ? m_left->labels() : QStringList(); }
bool LiveChart::leftIsLogarithmic() const { return m_left && m_left->logarithmic(); }
QString LiveChart::title() const { return m_title; }

void LiveChart::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // A short chart gives its titles' lines to the plot, so that the tick labels keep room to show in full:
    // the chart panel's X axis choice names the x axis, the y axis title names the chart.
    const bool compact = height() < 240;
    if (compact == m_compact) return;
    m_compact = compact;
    m_chart->setTitle(compact ? QString() : m_title);
    m_x->labelAxis()->setTitleVisible(!compact);
}

void LiveChart::rebuildLeftAxis() {
    if (m_left) {
        for (auto& entry : m_entries)
            if (entry->side == Side::Left) entry->series->detachAxis(m_left->dataAxis());
        m_left->removeFromChart();
    }
    m_left = new AxisLabeller(m_chart, Qt::AlignLeft, m_leftTitle, m_logScale);
    // The value axes carry no title: the chart's title and the legend under the plot name every line, and Qt
    // Charts sizes a value axis for narrower labels than "39.95", drawing them over a title beside them.
    m_left->labelAxis()->setTitleVisible(false);
    m_left->setRange(m_logScale ? kLogFloor : 0, m_logScale ? 10 : 1);
    for (auto& entry : m_entries) {
        if (entry->side != Side::Left) continue;
        entry->series->attachAxis(m_left->dataAxis());
        entry->dirty = true;
    }
    m_dirty = true;
    applyTheme();
}

void LiveChart::setRightAxisTitle(const QString& title) {
    if (m_right) m_right->setTitle(title);
}

int LiveChart::series(const QString& name, const QColor& color, Side side, Style style, qreal width) {
    for (std::size_t i = 0; i < m_entries.size(); ++i)
        if (m_entries[i]->name == name) return static_cast<int>(i);
    auto entry = std::make_unique<Entry>();
    entry->name = name;
    entry->side = side;
    if (style == Style::Markers) {
        auto* scatter = new QScatterSeries(this);
        scatter->setMarkerSize(9);
        scatter->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
        scatter->setColor(color);
        scatter->setBorderColor(color);
        entry->series = scatter;
        entry->buffer = SampleBuffer(512);
    } else {
        auto* line = new QLineSeries(this);
        line->setPen(QPen(color, width));
        entry->series = line;
        // About two points per pixel of a wide chart: more looks the same and costs painting time that a
        // flat-out run would rather spend solving.
        entry->buffer = SampleBuffer(1024);
    }
    entry->series->setName(name);
    entry->legend = name;
    entry->series->setProperty("pwColor", color);
    entry->series->setProperty("pwWidth", width);
    m_chart->addSeries(entry->series);
    entry->series->attachAxis(m_x->dataAxis());
    if (side == Side::Right) {
        if (!m_right) {
            m_right = new AxisLabeller(m_chart, Qt::AlignRight, QString(), false);
            m_right->setRange(0, 1);
            m_right->labelAxis()->setTitleVisible(false);
        }
        entry->series->attachAxis(m_right->dataAxis());
    } else {
        entry->series->attachAxis(m_left->dataAxis());
    }
    m_entries.push_back(std::move(entry));
    applyTheme();
    return static_cast<int>(m_entries.size()) - 1;
}

void LiveChart::setLegendLabel(int series, const QString& label) {
    if (series < 0 || series >= static_cast<int>(m_entries.size())) return;
    m_entries[series]->legend = label;
    showLegend();
}

void LiveChart::showLegend() {
    QStringList items;
    for (const auto& entry : m_entries) {
        const QColor color = entry->series->property("pwColor").value<QColor>();
        // A square for markers, a dash for lines; no break inside an entry, so a line wraps between entries.
        const bool markers = qobject_cast<QScatterSeries*>(entry->series) != nullptr;
        items << QStringLiteral("<span style='white-space:nowrap'><span style='color:%1'>%2</span>&nbsp;%3</span>")
                     .arg(color.name(), markers ? QStringLiteral("■") : QStringLiteral("━"), entry->legend.toHtmlEscaped());
    }
    m_legend->setText(items.join(QStringLiteral(" &nbsp; ")));
    m_legend->setVisible(!items.isEmpty());
}

QStringList LiveChart::legendLabels() const {
    QStringList labels;
    for (const auto& entry : m_entries) labels << entry->legend;
    return labels;
}

void LiveChart::append(int series, const ChartSample& sample) {
    if (series < 0 || series >= static_cast<int>(m_entries.size())) return;
    m_entries[series]->buffer.append(sample);
    m_entries[series]->dirty = true;
    m_dirty = true;
}

void LiveChart::clear() {
    for (auto& entry : m_entries) {
        m_chart->removeSeries(entry->series);
        entry->series->deleteLater();
    }
    m_entries.clear();
    showLegend();
    if (m_right) {
        m_right->removeFromChart();
        m_right = nullptr;
    }
    m_x->setRange(0, 1);
    rebuildLeftAxis();
}

void LiveChart::setXAxis(ChartAxis axis) {
    m_axis = axis;
    m_x->setTitle(axis == ChartAxis::Steps ? tr("steps") : axis == ChartAxis::Evaluations ? tr("evaluations") : tr("seconds"));
    m_x->setIntegers(axis != ChartAxis::Seconds);
    for (auto& entry : m_entries) entry->dirty = true;
    m_dirty = true;
    refresh();
}

void LiveChart::setLogScale(bool logScale) {
    if (m_logScale == logScale) return;
    m_logScale = logScale;
    rebuildLeftAxis();
    refresh();
}

bool LiveChart::hasData() const {
    return std::any_of(m_entries.begin(), m_entries.end(), [](const auto& entry) { return !entry->buffer.empty(); });
}

int LiveChart::pointCount(const QString& name) const {
    for (const auto& entry : m_entries)
        if (entry->name == name) return static_cast<int>(entry->series->count());
    return -1;
}

QList<QPointF> LiveChart::points(const QString& name) const {
    for (const auto& entry : m_entries)
        if (entry->name == name) return entry->series->points();
    return {};
}

double LiveChart::xOf(const ChartSample& sample) const {
    switch (m_axis) {
    case ChartAxis::Steps: return sample.steps;
    case ChartAxis::Evaluations: return sample.evaluations;
    case ChartAxis::Seconds: return sample.seconds;
    }
    return sample.steps;
}

void LiveChart::refresh() {
    if (!m_dirty) return;
    m_dirty = false;
    double xMin = std::numeric_limits<double>::infinity(), xMax = -xMin;
    double leftMin = xMin, leftMax = -xMin;
    double rightMax = 1;
    bool leftWhole = true;
    // The log floor: below the smallest positive value on the left axis, so every positive value shows.
    double floor = kLogFloor;
    if (m_logScale)
        for (auto& entry : m_entries)
            if (entry->side == Side::Left)
                for (const ChartSample& sample : entry->buffer.points())
                    if (sample.value > 0) floor = std::min(floor, sample.value);
    for (auto& entry : m_entries) {
        const std::vector<ChartSample> samples = entry->buffer.points();
        const bool logged = m_logScale && entry->side == Side::Left;
        for (const ChartSample& sample : samples) {
            xMin = std::min(xMin, xOf(sample));
            xMax = std::max(xMax, xOf(sample));
            const double value = logged ? std::max(floor, sample.value) : sample.value;
            if (entry->side == Side::Left) {
                leftMin = std::min(leftMin, value);
                leftMax = std::max(leftMax, value);
                leftWhole = leftWhole && isWhole(sample.value);
            } else {
                rightMax = std::max(rightMax, value);
            }
        }
        if (!entry->dirty) continue;
        entry->dirty = false;
        QList<QPointF> points;
        points.reserve(static_cast<qsizetype>(samples.size()));
        for (const ChartSample& sample : samples)
            points.append(QPointF(xOf(sample), logged ? std::max(floor, sample.value) : sample.value));
        entry->series->replace(points);
    }
    if (xMax < xMin) return;
    if (xMax <= xMin) xMax = xMin + 1;
    m_x->setRange(xMin, xMax);
    if (leftMax >= leftMin) {
        m_left->setIntegers(leftWhole);
        if (m_logScale) {
            m_left->setRange(leftMin, std::max(leftMax, leftMin * 10));
        } else {
            // Costs and counts are not negative: a range close to zero starts at zero.
            const double low = leftMin >= 0 && leftMin < (leftMax - leftMin) * 0.5 ? 0 : leftMin;
            m_left->setRange(low, leftMax);
        }
    }
    if (m_right) m_right->setRange(0, rightMax);
}

}  // namespace pw::ui
