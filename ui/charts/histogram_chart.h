#pragma once
// A histogram of one number over repeated runs (the generation a solution appeared in, steps to solve):
// whole-number values of a small range get a bar each, anything else is binned.

#include <QString>
#include <QWidget>

#include <vector>

class QChart;
class QChartView;

namespace pw::ui {

class HistogramChart : public QWidget {
    Q_OBJECT
public:
    explicit HistogramChart(QWidget* parent = nullptr);
    void setData(const QString& title, const QString& valueTitle, const std::vector<double>& values);
    int barCount() const { return m_bars; }

private:
    QChart* m_chart;
    QChartView* m_view;
    int m_bars = 0;
};

}  // namespace pw::ui
