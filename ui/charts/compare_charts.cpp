#include "charts/compare_charts.h"

#include "base/statistics.h"
#include "study/run_statistics.h"
#include "charts/axis_format.h"
#include "charts/chart_export.h"

#include <QPainter>
#include <QVBoxLayout>
#include <QtCharts/QAreaSeries>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBoxPlotSeries>
#include <QtCharts/QBoxSet>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace pw::ui {

namespace {

void hideFromLegend(QChart* chart, QAbstractSeries* series) {
    for (QLegendMarker* marker : chart->legend()->markers(series)) marker->setVisible(false);
}

// A value axis on `side` of the chart covering [low, high], labelled like every chart of the workbench.
AxisLabeller* valueAxis(QChart* chart, Qt::Alignment side, const QString& title, double low, double high,
                        bool logarithmic, bool integers = false) {
    auto* axis = new AxisLabeller(chart, side, title, logarithmic, integers);
    axis->setRange(low, high);
    return axis;
}

}  // namespace

QColor configurationColor(int index) {
    static const QColor colors[] = {QColor(31, 119, 180), QColor(255, 127, 14), QColor(44, 160, 44),
                                    QColor(214, 39, 40),  QColor(148, 103, 189), QColor(140, 86, 75),
                                    QColor(227, 119, 194), QColor(127, 127, 127), QColor(188, 189, 34),
                                    QColor(23, 190, 207)};
    return colors[static_cast<std::size_t>(index) % std::size(colors)];
}

ExportableChart::ExportableChart(QWidget* parent)
    : QWidget(parent), m_chart(new QChart), m_view(new QChartView(m_chart, this)) {
    m_view->setRenderHint(QPainter::Antialiasing);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setMinimumSize(360, 260);
    m_titleFont = m_chart->titleFont();
    m_legendFont = m_chart->legend()->font();
}

void ExportableChart::setFontPointSize(qreal points) {
    m_fontPoints = points;
    applyFontSize();
}

void ExportableChart::applyFontSize() {
    auto sized = [this](QFont font, qreal points) {
        if (m_fontPoints > 0) font.setPointSizeF(points);
        return font;
    };
    m_chart->setTitleFont(sized(m_titleFont, m_fontPoints + 1));
    m_chart->legend()->setFont(sized(m_legendFont, m_fontPoints));
    if (m_fontPoints <= 0) return;  // new axes have the chart's own sizes
    for (QAbstractAxis* axis : m_chart->axes()) {
        axis->setLabelsFont(sized(axis->labelsFont(), m_fontPoints));
        axis->setTitleFont(sized(axis->titleFont(), m_fontPoints));
    }
    // Fewer ticks fit in larger text.
    for (QAbstractAxis* axis : m_chart->axes())
        if (auto* labeller = axis->findChild<AxisLabeller*>()) labeller->relabel();
}

bool ExportableChart::exportImage(const QString& path, QString& error, const ChartExportOptions& options) const {
    return exportChartView(m_view, m_chart->title(), path, error, options);
}

QSize ExportableChart::shownSize() const { return m_view->size(); }

QString ExportableChart::title() const { return m_chart->title(); }

void ExportableChart::clear() {
    m_chart->removeAllSeries();
    for (QAbstractAxis* axis : m_chart->axes()) {
        m_chart->removeAxis(axis);
        delete axis;
    }
}

ConvergenceChart::ConvergenceChart(QWidget* parent) : ExportableChart(parent) {}

void ConvergenceChart::setData(const QString& title, const QString& axisName, double xMinimum,
                               const std::vector<CurveBand>& bands) {
    clear();
    m_runSeries.clear();
    m_chart->setTitle(title);
    double maxStep = xMinimum, maxCost = 0;
    std::vector<QAbstractSeries*> series;
    for (std::size_t b = 0; b < bands.size(); ++b) {
        const CurveBand& band = bands[b];
        const QColor color = configurationColor(static_cast<int>(b));
        auto* upper = new QLineSeries;
        auto* lower = new QLineSeries;
        auto* median = new QLineSeries;
        for (std::size_t i = 0; i < band.x.size(); ++i) {
            upper->append(band.x[i], band.upperQuartile[i]);
            lower->append(band.x[i], band.lowerQuartile[i]);
            median->append(band.x[i], band.median[i]);
            maxStep = std::max(maxStep, band.x[i]);
            maxCost = std::max(maxCost, band.upperQuartile[i]);
        }
        auto* area = new QAreaSeries(upper, lower);
        upper->setParent(area);
        lower->setParent(area);
        QColor fill = color;
        fill.setAlpha(55);
        area->setBrush(fill);
        area->setPen(Qt::NoPen);
        m_chart->addSeries(area);
        hideFromLegend(m_chart, area);
        series.push_back(area);

        std::vector<QLineSeries*> runs;
        for (const auto& points : band.runs) {
            auto* run = new QLineSeries;
            run->append(QList<QPointF>(points.begin(), points.end()));
            QColor thin = color;
            thin.setAlpha(110);
            run->setPen(QPen(thin, 1));
            m_chart->addSeries(run);
            hideFromLegend(m_chart, run);
            run->setVisible(false);
            series.push_back(run);
            runs.push_back(run);
        }
        m_runSeries.push_back(std::move(runs));

        median->setName(tr("%1 (median, quartiles shaded)").arg(band.name));
        median->setPen(QPen(color, 2.5));
        // One point draws no line: a setting solved at its start would otherwise not show at all.
        if (band.x.size() < 2) {
            median->setPointsVisible(true);
            median->setMarkerSize(11);
        }
        m_chart->addSeries(median);
        // The title says it is the median with the quartiles shaded: the legend names the setting only, so a
        // narrow chart keeps every name whole.
        for (QLegendMarker* marker : m_chart->legend()->markers(median)) marker->setLabel(band.name);
        series.push_back(median);
        const int index = static_cast<int>(b);
        connect(median, &QLineSeries::hovered, this, [this, index](const QPointF&, bool state) {
            showRunsOf(state ? index : -1);
        });
    }
    AxisLabeller* x = valueAxis(m_chart, Qt::AlignBottom, tr("%1 (log scale)").arg(axisName), xMinimum, maxStep, true);
    m_view->setToolTip(tr("Hover a median for its runs. x: %1 on a log scale from %2; a run's start (0 %1) is drawn at %2, the axis minimum")
                           .arg(axisName, QString::number(xMinimum)));
    AxisLabeller* y = valueAxis(m_chart, Qt::AlignLeft, tr("best cost"), 0, std::max(1.0, maxCost), false);
    for (QAbstractSeries* s : series) {
        s->attachAxis(x->dataAxis());
        s->attachAxis(y->dataAxis());
    }
    applyFontSize();
}

QString ConvergenceChart::axisTitle() const {
    const QList<QAbstractAxis*> axes = m_chart->axes(Qt::Horizontal);
    return axes.isEmpty() ? QString() : axes.front()->titleText();
}

void ConvergenceChart::showRunsOf(int index) {
    for (std::size_t b = 0; b < m_runSeries.size(); ++b)
        for (QLineSeries* run : m_runSeries[b]) run->setVisible(static_cast<int>(b) == index);
}

int ConvergenceChart::visibleRunCount() const {
    int visible = 0;
    for (const auto& runs : m_runSeries)
        for (const QLineSeries* run : runs) visible += run->isVisible();
    return visible;
}

EcdfChart::EcdfChart(QWidget* parent) : ExportableChart(parent) {}

void EcdfChart::setData(const QString& title, const QString& valueTitle, const std::vector<EcdfSample>& samples) {
    clear();
    m_chart->setTitle(title);
    m_curves = 0;
    double low = 0, high = 0;
    bool any = false;
    for (const EcdfSample& sample : samples)
        for (double v : sample.solvedValues) {
            low = any ? std::min(low, v) : v;
            high = any ? std::max(high, v) : v;
            any = true;
        }
    const bool logarithmic = any && low > 0;
    if (logarithmic) {
        low /= 1.5;
        high *= 1.5;
    }
    std::vector<QLineSeries*> curves;
    for (std::size_t s = 0; s < samples.size(); ++s) {
        const EcdfSample& sample = samples[s];
        std::vector<double> values = sample.solvedValues;
        std::sort(values.begin(), values.end());
        auto* curve = new QLineSeries;
        curve->setName(tr("%1 (%2 of %3 solved)").arg(sample.name).arg(values.size()).arg(sample.runs));
        curve->setPen(QPen(configurationColor(static_cast<int>(s)), 2));
        // A step function: the fraction of all runs solved within x.
        if (!values.empty()) curve->append(low, 0);
        for (std::size_t i = 0; i < values.size(); ++i) {
            const double before = sample.runs ? static_cast<double>(i) / sample.runs : 0;
            const double after = sample.runs ? static_cast<double>(i + 1) / sample.runs : 0;
            curve->append(values[i], before);
            curve->append(values[i], after);
        }
        if (!values.empty()) curve->append(high, static_cast<double>(values.size()) / std::max(1, sample.runs));
        m_chart->addSeries(curve);
        curves.push_back(curve);
        ++m_curves;
    }
    AxisLabeller* x = valueAxis(m_chart, Qt::AlignBottom, valueTitle + (logarithmic ? tr(" (log scale)") : QString()),
                                low, high, logarithmic);
    AxisLabeller* y = valueAxis(m_chart, Qt::AlignLeft, tr("fraction of runs solved"), 0, 1, false);
    for (QLineSeries* curve : curves) {
        curve->attachAxis(x->dataAxis());
        curve->attachAxis(y->dataAxis());
    }
    applyFontSize();
}

StepCurvesChart::StepCurvesChart(QWidget* parent) : ExportableChart(parent) {}

void StepCurvesChart::setData(const QString& title, const QString& xTitle, const QString& yTitle, double xLow,
                              double xHigh, const std::vector<StepCurve>& curves) {
    clear();
    m_chart->setTitle(title);
    m_curves = 0;
    std::vector<QLineSeries*> series;
    for (std::size_t c = 0; c < curves.size(); ++c) {
        auto* line = new QLineSeries;
        line->setName(curves[c].name);
        line->setPen(QPen(configurationColor(static_cast<int>(c)), 2));
        double value = 0;
        line->append(xLow, 0);
        for (const auto& [x, after] : curves[c].steps) {
            line->append(x, value);
            line->append(x, after);
            value = after;
        }
        line->append(xHigh, value);
        m_chart->addSeries(line);
        series.push_back(line);
        ++m_curves;
    }
    AxisLabeller* x = valueAxis(m_chart, Qt::AlignBottom, xTitle + tr(" (log scale)"), xLow, xHigh, true);
    AxisLabeller* y = valueAxis(m_chart, Qt::AlignLeft, yTitle, 0, 1, false);
    for (QLineSeries* line : series) {
        line->attachAxis(x->dataAxis());
        line->attachAxis(y->dataAxis());
    }
    applyFontSize();
}

TargetCurvesChart::TargetCurvesChart(QWidget* parent) : ExportableChart(parent) {}

void TargetCurvesChart::setData(const QString& title, const QString& ertTitle, const std::vector<TargetCurve>& curves) {
    clear();
    m_chart->setTitle(title);
    m_curves = m_points = 0;
    double lowTarget = 0, highTarget = 1, lowErt = std::numeric_limits<double>::infinity(), highErt = 0;
    for (const TargetCurve& curve : curves)
        for (const auto& [target, ert] : curve.points) {
            highTarget = std::max(highTarget, target);
            lowErt = std::min(lowErt, ert);
            highErt = std::max(highErt, ert);
        }
    if (!(lowErt <= highErt)) lowErt = highErt = 1;
    std::vector<QLineSeries*> series;
    for (std::size_t c = 0; c < curves.size(); ++c) {
        auto* line = new QLineSeries;
        line->setName(curves[c].name);
        line->setPen(QPen(configurationColor(static_cast<int>(c)), 2));
        line->setPointsVisible(true);
        // An ERT of 0 (reached at the start) is drawn at the log axis's minimum, 1, as the convergence chart does.
        for (const auto& [target, ert] : curves[c].points) line->append(target, std::max(1.0, ert));
        m_points += static_cast<int>(curves[c].points.size());
        m_chart->addSeries(line);
        series.push_back(line);
        ++m_curves;
    }
    AxisLabeller* x = valueAxis(m_chart, Qt::AlignBottom, tr("target: best cost at most"), lowTarget, highTarget, false);
    AxisLabeller* y = valueAxis(m_chart, Qt::AlignLeft, ertTitle + tr(" (log scale)"), std::max(1.0, lowErt / 1.5),
                                std::max(10.0, highErt * 1.5), true);
    for (QLineSeries* line : series) {
        line->attachAxis(x->dataAxis());
        line->attachAxis(y->dataAxis());
    }
    applyFontSize();
}

BoxPlotChart::BoxPlotChart(QWidget* parent) : ExportableChart(parent) {}

void BoxPlotChart::setData(const QString& title, const QString& valueTitle,
                           const std::vector<std::pair<QString, std::vector<double>>>& samples) {
    clear();
    m_chart->setTitle(title);
    m_chart->legend()->hide();
    m_boxes = 0;
    auto* series = new QBoxPlotSeries;
    QStringList categories;
    double low = 0, high = 0;
    for (std::size_t s = 0; s < samples.size(); ++s) {
        const auto& [name, values] = samples[s];
        if (values.empty()) continue;
        categories.append(name);
        const Spread spread = spreadOf(values);
        auto* box = new QBoxSet(name);
        box->setValue(QBoxSet::LowerExtreme, spread.min);
        box->setValue(QBoxSet::LowerQuartile, spread.q1);
        box->setValue(QBoxSet::Median, spread.median);
        box->setValue(QBoxSet::UpperQuartile, spread.q3);
        box->setValue(QBoxSet::UpperExtreme, spread.max);
        QColor fill = configurationColor(static_cast<int>(s));
        fill.setAlpha(150);
        box->setBrush(fill);
        series->append(box);
        low = m_boxes ? std::min(low, spread.min) : spread.min;
        high = m_boxes ? std::max(high, spread.max) : spread.max;
        ++m_boxes;
    }
    m_chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    m_chart->addAxis(x, Qt::AlignBottom);
    AxisLabeller* y = valueAxis(m_chart, Qt::AlignLeft, valueTitle, std::min(0.0, low), std::max(1.0, high), false);
    series->attachAxis(x);
    series->attachAxis(y->dataAxis());
    applyFontSize();
}

CriticalDifferenceChart::CriticalDifferenceChart(QWidget* parent) : ExportableChart(parent) {}

void CriticalDifferenceChart::setData(const QString& title, const std::vector<std::pair<QString, double>>& meanRanks,
                                      double criticalDifference) {
    clear();
    m_chart->setTitle(title);
    m_chart->legend()->hide();
    m_groups = 0;
    auto sorted = meanRanks;
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    const int k = std::max(2, static_cast<int>(sorted.size()));
    // Ticks at the whole ranks; half a rank of room on either side for the names.
    auto* x = new QValueAxis;
    x->setRange(0.4, k + 0.6);
    x->setTickType(QValueAxis::TicksDynamic);
    x->setTickAnchor(1);
    x->setTickInterval(1);
    x->setLabelFormat(QStringLiteral("%d"));
    x->setGridLineVisible(false);
    x->setTitleText(tr("mean rank across puzzles (1 the best)"));
    m_chart->addAxis(x, Qt::AlignTop);
    // Below the axis (y 0) a level per setting for the elbows, half a unit apart; above it the CD bar.
    constexpr double kLevel = 0.5;
    auto* y = new QValueAxis;
    y->setRange(-kLevel * (static_cast<double>(sorted.size()) / 2 + 1.5), 1.0);
    y->setVisible(false);
    m_chart->addAxis(y, Qt::AlignLeft);
    const auto add = [&](const std::vector<QPointF>& points, const QPen& pen, const QString& label = {}) {
        auto* line = new QLineSeries;
        for (const QPointF& point : points) line->append(point);
        line->setPen(pen);
        if (!label.isEmpty()) {
            // The label is drawn at every point of a series: a one-point series carries it at the elbow's end.
            auto* end = new QLineSeries;
            end->append(points.back());
            end->setPointLabelsFormat(label);
            end->setPointLabelsVisible(true);
            end->setPointLabelsClipping(false);
            end->setPointsVisible(true);
            end->setColor(pen.color());
            m_chart->addSeries(end);
            end->attachAxis(x);
            end->attachAxis(y);
        }
        m_chart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    };
    // Each setting: down from its rank, then out to the nearer side, named there; the better half to the left.
    const double half = static_cast<double>(sorted.size()) / 2;
    for (std::size_t i = 0; i < sorted.size(); ++i) {
        const auto& [name, rank] = sorted[i];
        const bool left = static_cast<double>(i) < half;
        const double level = -kLevel * (left ? static_cast<double>(i) + 1.5 : static_cast<double>(sorted.size() - i) + 0.5);
        const double side = left ? 0.6 : static_cast<double>(k) + 0.4;
        QPen pen(configurationColor(static_cast<int>(std::find(meanRanks.begin(), meanRanks.end(), sorted[i]) -
                                                     meanRanks.begin())),
                 2);
        add({{rank, 0}, {rank, level}, {side, level}}, pen, QStringLiteral("%1 %2").arg(name).arg(rank, 0, 'f', 2));
    }
    if (criticalDifference > 0) {
        std::vector<double> ranks;
        for (const auto& entry : sorted) ranks.push_back(entry.second);
        const auto groups = criticalDifferenceGroups(ranks, criticalDifference);
        for (std::size_t g = 0; g < groups.size(); ++g) {
            const double level = -0.15 - 0.12 * static_cast<double>(g);
            add({{ranks[groups[g].first] - 0.03, level}, {ranks[groups[g].second] + 0.03, level}}, QPen(Qt::black, 5));
        }
        m_groups = static_cast<int>(groups.size());
        add({{1, 0.6}, {1 + criticalDifference, 0.6}}, QPen(Qt::black, 2),
            tr("CD %1").arg(criticalDifference, 0, 'f', 2));
    }
    applyFontSize();
}

HeatMapChart::HeatMapChart(QWidget* parent) : ExportableChart(parent) {}

QColor HeatMapChart::cellColor(int row, int column) const {
    const auto found = m_colors.find({row, column});
    return found == m_colors.end() ? QColor() : found->second;
}

void HeatMapChart::setData(const QString& title, const QString& rowTitle, const QStringList& rows,
                           const QString& columnTitle, const QStringList& columns, const std::vector<HeatMapCell>& cells,
                           bool higherIsBetter, Scale scale) {
    clear();
    m_colors.clear();
    m_chart->setTitle(title);
    m_chart->legend()->hide();
    // Category axes: a label in the middle of each cell; the first row on top.
    auto* x = new QCategoryAxis;
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionCenter);
    for (qsizetype c = 0; c < columns.size(); ++c) x->append(columns[c], static_cast<double>(c + 1));
    x->setRange(0, std::max<double>(1, static_cast<double>(columns.size())));
    x->setTitleText(columnTitle);
    x->setGridLineVisible(false);
    m_chart->addAxis(x, Qt::AlignBottom);
    auto* y = new QCategoryAxis;
    y->setLabelsPosition(QCategoryAxis::AxisLabelsPositionCenter);
    for (qsizetype r = rows.size() - 1; r >= 0; --r) y->append(rows[r], static_cast<double>(rows.size() - r));
    y->setRange(0, std::max<double>(1, static_cast<double>(rows.size())));
    y->setTitleText(rowTitle);
    y->setGridLineVisible(false);
    m_chart->addAxis(y, Qt::AlignLeft);
    const bool logarithmic = scale == Scale::Logarithmic;
    const auto scaled = [logarithmic](double value) { return logarithmic ? std::log10(std::max(value, 1e-300)) : value; };
    double low = std::numeric_limits<double>::infinity(), high = -low;
    for (const HeatMapCell& cell : cells)
        if (std::isfinite(cell.value)) {
            low = std::min(low, scaled(cell.value));
            high = std::max(high, scaled(cell.value));
        }
    if (scale == Scale::UnitInterval) {
        low = 0;
        high = 1;
    }
    QFont labelFont = m_chart->titleFont();
    labelFont.setBold(true);
    const QColor worst(255, 247, 188), best(0, 104, 55), none(200, 200, 200);
    for (const HeatMapCell& cell : cells) {
        const double x0 = cell.column, y0 = static_cast<double>(rows.size() - 1 - cell.row);
        double goodness = -1;  // 0 the worst shown, 1 the best
        if (std::isfinite(cell.value)) {
            const double t = high > low ? (scaled(cell.value) - low) / (high - low) : 1.0;
            goodness = higherIsBetter ? t : 1 - t;
        }
        const auto blend = [goodness](int from, int to) { return static_cast<int>(std::lround(from + (to - from) * goodness)); };
        const QColor fill = goodness < 0 ? none
                                         : QColor(blend(worst.red(), best.red()), blend(worst.green(), best.green()),
                                                  blend(worst.blue(), best.blue()));
        m_colors[{cell.row, cell.column}] = fill;
        auto* area = new QAreaSeries;
        auto* upper = new QLineSeries(area);
        auto* lower = new QLineSeries(area);
        upper->append(x0, y0 + 1);
        upper->append(x0 + 1, y0 + 1);
        lower->append(x0, y0);
        lower->append(x0 + 1, y0);
        area->setUpperSeries(upper);
        area->setLowerSeries(lower);
        area->setBrush(fill);
        area->setPen(QPen(Qt::white, 2));
        m_chart->addSeries(area);
        area->attachAxis(x);
        area->attachAxis(y);
        // The value in the cell: a point's label is drawn above it, so the point sits a little below the middle.
        auto* label = new QLineSeries;
        label->append(x0 + 0.5, y0 + 0.4);
        label->setPointLabelsFormat(cell.text);
        label->setPointLabelsVisible(true);
        label->setPointLabelsClipping(false);
        label->setPointLabelsColor(goodness > 0.55 ? Qt::white : Qt::black);
        label->setPointLabelsFont(labelFont);
        label->setPen(Qt::NoPen);
        m_chart->addSeries(label);
        label->attachAxis(x);
        label->attachAxis(y);
    }
    applyFontSize();
}

}  // namespace pw::ui
