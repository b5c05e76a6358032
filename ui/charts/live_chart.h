#pragma once
// One live chart: named series on a left or right y-axis, each backed by a bounded SampleBuffer, pushed into
// Qt Charts with QXYSeries::replace() when refreshed (on a timer, never per sample).

#include "charts/sample_buffer.h"

#include <QColor>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

class QChart;
class QLabel;
class QChartView;
class QXYSeries;

namespace pw::ui {

enum class ChartAxis;
class AxisLabeller;

class LiveChart : public QWidget {
    Q_OBJECT
public:
    enum class Side { Left, Right };
    enum class Style { Line, Markers };

    LiveChart(const QString& title, const QString& leftTitle, QWidget* parent = nullptr);
    ~LiveChart() override;

    // Adds a series on first use; later calls return the same one.
    int series(const QString& name, const QColor& color, Side side = Side::Left, Style style = Style::Line,
               qreal width = 2.0);
    void append(int series, const ChartSample& sample);
    // A shorter name for the legend than the series' own ("best" for "population best" under a chart that says
    // it is about the population).
    void setLegendLabel(int series, const QString& label);
    void clear();
    void setXAxis(ChartAxis axis);
    void setLogScale(bool logScale);
    void setRightAxisTitle(const QString& title);
    void refresh();
    bool hasData() const;
    int pointCount(const QString& name) const;  // points in the Qt series, -1 when no such series
    QList<QPointF> points(const QString& name) const;  // the points the series draws (for tests)
    // The tick labels the axes show now (for tests and the layout checks).
    QStringList xLabels() const;
    QStringList leftLabels() const;
    // The legend's names, in the order of the series.
    QStringList legendLabels() const;
    bool leftIsLogarithmic() const;
    QString title() const;
    void applyTheme();
    // Label and title font size in points (larger in presentation mode).
    void setFontPointSize(qreal points);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Entry;
    double xOf(const ChartSample& sample) const;
    void rebuildLeftAxis();
    void showLegend();

    QChart* m_chart;
    QChartView* m_view;
    QLabel* m_legend;
    AxisLabeller* m_x;
    AxisLabeller* m_left;
    AxisLabeller* m_right;
    qreal m_fontPoints = 8;
    QString m_title;
    bool m_compact = false;  // short: no chart title and no x-axis title (the window says both elsewhere)
    QString m_leftTitle;
    std::vector<std::unique_ptr<Entry>> m_entries;
    ChartAxis m_axis;
    bool m_logScale = false;
    bool m_dirty = false;
};

}  // namespace pw::ui
