#pragma once
// The Race view's overlaid chart: the cost of every run of a race over a common x axis (evaluations, steps or
// seconds, chosen above it), each run in its own colour — its best cost as a thick line, its current cost thin
// and pale behind it. Exposes no Qt Charts type.

#include "base/events.h"
#include "charts/chart_panel.h"

#include <QColor>
#include <QStringList>
#include <QWidget>

#include <vector>

class QComboBox;

namespace pw::ui {

class LiveChart;

class RaceChart : public QWidget {
    Q_OBJECT
public:
    explicit RaceChart(QWidget* parent = nullptr);

    // Starts over with one pair of lines per run.
    void setRuns(const QStringList& labels, const std::vector<QColor>& colors);
    // Before the cost samples of a batch of run `run`: the batch's counters and solver time.
    void beginBatch(int run, const Counters& at, double seconds);
    void addCost(int run, const Counters& at, double current, double best);
    void setXAxis(ChartAxis axis);
    void setControlsVisible(bool visible);  // the x-axis choice above the chart
    ChartAxis xAxis() const { return m_axis; }
    void refresh();
    // Points drawn for run `run`'s best cost, for tests; -1 when there is no such run.
    int bestPointCount(int run) const;
    // The x axis's tick labels as shown now, for tests.
    QStringList xLabels() const;

signals:
    void axisChanged(pw::ui::ChartAxis axis);

private:
    QComboBox* m_axisCombo;
    LiveChart* m_chart;
    ChartAxis m_axis = ChartAxis::Evaluations;
    std::vector<BatchSeconds> m_batchSeconds;
    QStringList m_labels;
    std::vector<int> m_bestSeries;
    std::vector<int> m_currentSeries;
};

}  // namespace pw::ui
