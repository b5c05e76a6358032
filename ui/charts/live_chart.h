#pragma once
// One live chart: named series on a left or right y-axis, each backed by a bounded SampleBuffer, pushed into
// Qt Charts with QXYSeries::replace() when refreshed (on a timer, never per sample).

#include "sample_buffer.h"

#include <QColor>
#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

class QChart;
class QChartView;
class QAbstractAxis;
class QValueAxis;
class QLogValueAxis;
class QXYSeries;

namespace pw::ui {

enum class ChartAxis;

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
    void clear();
    void setXAxis(ChartAxis axis);
    void setLogScale(bool logScale);
    void setRightAxisTitle(const QString& title);
    void refresh();
    bool hasData() const;
    int pointCount(const QString& name) const;  // points in the Qt series, -1 when no such series
    void applyTheme();

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Entry;
    double xOf(const ChartSample& sample) const;
    void rebuildLeftAxis();

    QChart* m_chart;
    QChartView* m_view;
    QValueAxis* m_x;
    QAbstractAxis* m_left;
    QValueAxis* m_right;
    QString m_leftTitle;
    std::vector<std::unique_ptr<Entry>> m_entries;
    ChartAxis m_axis;
    bool m_logScale = false;
    bool m_dirty = false;
};

}  // namespace pw::ui
