#pragma once
// A scatter plot of one difficulty metric against a human column: the puzzles as points, a least-squares line
// fitted on the scale shown, linear or logarithmic axes, and export to PNG or SVG.

#include "charts/chart_export.h"

#include <QPointF>
#include <QString>
#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

class QChart;
class QChartView;

namespace pw::ui {

class ScatterPlot : public QWidget {
    Q_OBJECT
public:
    explicit ScatterPlot(QWidget* parent = nullptr);

    void setData(const QString& title, const QString& xTitle, const QString& yTitle, std::vector<QPointF> points);
    void setLogX(bool logX);
    void setLogY(bool logY);
    // A small panel among many: no legend, thin margins.
    void setCompact(bool compact);
    // Fixed axis ranges (several panels on one scale); an empty one fits the points, with a little room.
    using Range = std::optional<std::pair<double, double>>;
    void setRanges(Range x, Range y);
    int shownPointCount() const { return m_shown; }  // a log axis drops values that are not positive
    bool hasFittedLine() const { return m_fitted; }
    // Writes the chart as it is shown, as .png or .svg by the path's extension, atomically; false and a message
    // on failure.
    bool exportImage(const QString& path, QString& error, const ChartExportOptions& options = {}) const;
    QString title() const { return m_title; }
    QSize shownSize() const;

private:
    void rebuild();

    QChart* m_chart;
    QChartView* m_view;
    QString m_title;
    QString m_xTitle;
    QString m_yTitle;
    std::vector<QPointF> m_points;
    bool m_logX = false;
    bool m_logY = false;
    Range m_xRange;
    Range m_yRange;
    int m_shown = 0;
    bool m_fitted = false;
};

}  // namespace pw::ui
