#pragma once
// The Race view's one chart: the cost of every run of a race over a common x axis, evaluations, each run in
// its own colour — its best cost as a thick line, its current cost thin and pale behind it. Exposes no Qt
// Charts type.

#include "base/events.h"

#include <QColor>
#include <QStringList>
#include <QWidget>

#include <vector>

namespace pw::ui {

class LiveChart;

class RaceChart : public QWidget {
    Q_OBJECT
public:
    explicit RaceChart(QWidget* parent = nullptr);

    // Starts over with one pair of lines per run.
    void setRuns(const QStringList& labels, const std::vector<QColor>& colors);
    void addCost(int run, const Counters& at, double current, double best);
    void refresh();
    // Points drawn for run `run`'s best cost, for tests; -1 when there is no such run.
    int bestPointCount(int run) const;

private:
    LiveChart* m_chart;
    QStringList m_labels;
    std::vector<int> m_bestSeries;
    std::vector<int> m_currentSeries;
};

}  // namespace pw::ui
