#include "charts/histogram_chart.h"

#include "charts/axis_format.h"

#include <QVBoxLayout>
#include <QtCharts/QBarCategoryAxis>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>

namespace pw::ui {

namespace {
constexpr int kMaxBars = 30;
}

HistogramChart::HistogramChart(QWidget* parent) : QWidget(parent), m_chart(new QChart), m_view(new QChartView(m_chart, this)) {
    m_view->setRenderHint(QPainter::Antialiasing);
    m_chart->legend()->hide();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setMinimumSize(320, 220);
}

void HistogramChart::setData(const QString& title, const QString& valueTitle, const std::vector<double>& values) {
    m_chart->removeAllSeries();
    for (QAbstractAxis* axis : m_chart->axes()) {
        m_chart->removeAxis(axis);
        delete axis;
    }
    m_chart->setTitle(title);
    m_bars = 0;
    if (values.empty()) return;
    const auto [low, high] = std::minmax_element(values.begin(), values.end());
    const bool whole = std::all_of(values.begin(), values.end(), [](double v) { return v == std::floor(v); });
    // Whole numbers in a short range: one bar per value, empty ones included, so gaps show.
    const bool perValue = whole && *high - *low < kMaxBars;
    const int bins = perValue ? static_cast<int>(*high - *low) + 1 : std::min<int>(kMaxBars, static_cast<int>(values.size()));
    const double width = perValue ? 1 : (*high - *low) / bins;
    std::vector<int> counts(static_cast<std::size_t>(bins), 0);
    for (double v : values) {
        int bin = width > 0 ? static_cast<int>((v - *low) / width) : 0;
        ++counts[static_cast<std::size_t>(std::clamp(bin, 0, bins - 1))];
    }
    auto* set = new QBarSet(valueTitle);
    set->setColor(QColor(48, 110, 200));
    QStringList categories;
    for (int b = 0; b < bins; ++b) {
        *set << counts[static_cast<std::size_t>(b)];
        const double from = *low + b * width;
        categories << (perValue ? formatAxisValue(from, 1)
                                : QStringLiteral("%1–%2").arg(formatAxisValue(from, width), formatAxisValue(from + width, width)));
    }
    auto* series = new QBarSeries;
    series->append(set);
    series->setBarWidth(0.9);
    m_chart->addSeries(series);
    auto* x = new QBarCategoryAxis;
    x->append(categories);
    x->setTitleText(valueTitle);
    m_chart->addAxis(x, Qt::AlignBottom);
    // Counts: whole-number ticks.
    auto* y = new AxisLabeller(m_chart, Qt::AlignLeft, tr("runs"), false, true);
    y->setRange(0, *std::max_element(counts.begin(), counts.end()) + 1);
    series->attachAxis(x);
    series->attachAxis(y->dataAxis());
    m_bars = bins;
}

}  // namespace pw::ui
