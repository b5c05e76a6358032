#include "charts/scatter_plot.h"

#include "charts/axis_format.h"
#include "charts/chart_export.h"

#include <QPainter>
#include <QVBoxLayout>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <algorithm>
#include <cmath>

namespace pw::ui {

ScatterPlot::ScatterPlot(QWidget* parent) : QWidget(parent), m_chart(new QChart), m_view(new QChartView(m_chart, this)) {
    m_view->setRenderHint(QPainter::Antialiasing);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    setMinimumSize(360, 280);
}

void ScatterPlot::setData(const QString& title, const QString& xTitle, const QString& yTitle, std::vector<QPointF> points) {
    m_title = title;
    m_xTitle = xTitle;
    m_yTitle = yTitle;
    m_points = std::move(points);
    rebuild();
}

void ScatterPlot::setLogX(bool logX) {
    m_logX = logX;
    rebuild();
}

void ScatterPlot::setLogY(bool logY) {
    m_logY = logY;
    rebuild();
}

void ScatterPlot::setCompact(bool compact) {
    m_chart->legend()->setVisible(!compact);
    if (compact) m_chart->setMargins(QMargins(2, 2, 6, 2));
}

void ScatterPlot::setRanges(Range x, Range y) {
    m_xRange = std::move(x);
    m_yRange = std::move(y);
    rebuild();
}

void ScatterPlot::rebuild() {
    m_chart->removeAllSeries();
    for (QAbstractAxis* axis : m_chart->axes()) {
        m_chart->removeAxis(axis);
        delete axis;
    }
    // The fit is made on the scale shown: on a log axis, of the logarithm.
    auto toFit = [](double v, bool log) { return log ? std::log10(v) : v; };
    auto fromFit = [](double v, bool log) { return log ? std::pow(10.0, v) : v; };
    auto* points = new QScatterSeries;
    points->setName(tr("puzzles"));
    points->setMarkerSize(7);
    points->setBorderColor(Qt::transparent);
    QColor fill(48, 110, 200);
    fill.setAlpha(150);
    points->setColor(fill);
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    double minX = 0, maxX = 0, minY = 0, maxY = 0;
    m_shown = 0;
    for (const QPointF& p : m_points) {
        if ((m_logX && p.x() <= 0) || (m_logY && p.y() <= 0)) continue;
        points->append(p);
        const double x = toFit(p.x(), m_logX), y = toFit(p.y(), m_logY);
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
        minX = m_shown ? std::min(minX, p.x()) : p.x();
        maxX = m_shown ? std::max(maxX, p.x()) : p.x();
        minY = m_shown ? std::min(minY, p.y()) : p.y();
        maxY = m_shown ? std::max(maxY, p.y()) : p.y();
        ++m_shown;
    }
    m_chart->addSeries(points);
    const double n = m_shown;
    const double denominator = n * sxx - sx * sx;
    m_fitted = m_shown >= 2 && denominator > 0;
    QLineSeries* line = nullptr;
    if (m_fitted) {
        const double slope = (n * sxy - sx * sy) / denominator;
        const double intercept = (sy - slope * sx) / n;
        line = new QLineSeries;
        line->setName(tr("least-squares fit"));
        QPen pen(QColor(220, 90, 40));
        pen.setWidthF(2);
        line->setPen(pen);
        const double from = toFit(minX, m_logX), to = toFit(maxX, m_logX);
        for (int i = 0; i <= 40; ++i) {
            const double x = from + (to - from) * i / 40;
            const double y = fromFit(intercept + slope * x, m_logY);
            if (!m_logY || y > 0) line->append(fromFit(x, m_logX), y);
        }
        m_chart->addSeries(line);
    }
    auto makeAxis = [this](Qt::Alignment side, bool log, const QString& title, double low, double high, const Range& fixed) {
        auto* axis = new AxisLabeller(m_chart, side, title, log);
        // A little room so that the extreme points do not sit on the frame.
        if (fixed) axis->setRange(fixed->first, fixed->second);
        else if (log) axis->setRange(low / 1.2, high * 1.2);
        else {
            const double pad = high > low ? (high - low) * 0.04 : 1;
            axis->setRange(low - pad, high + pad);
        }
        return axis->dataAxis();
    };
    QAbstractAxis* x = makeAxis(Qt::AlignBottom, m_logX, m_xTitle, minX, maxX, m_xRange);
    QAbstractAxis* y = makeAxis(Qt::AlignLeft, m_logY, m_yTitle, minY, maxY, m_yRange);
    points->attachAxis(x);
    points->attachAxis(y);
    if (line) {
        line->attachAxis(x);
        line->attachAxis(y);
    }
    m_chart->setTitle(m_title);
}

bool ScatterPlot::exportImage(const QString& path, QString& error, const ChartExportOptions& options) const {
    return exportChartView(m_view, m_title, path, error, options);
}

QSize ScatterPlot::shownSize() const { return m_view->size(); }

}  // namespace pw::ui
