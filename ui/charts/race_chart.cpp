#include "race_chart.h"

#include "chart_panel.h"
#include "live_chart.h"

#include <QVBoxLayout>

namespace pw::ui {

RaceChart::RaceChart(QWidget* parent) : QWidget(parent), m_chart(new LiveChart(tr("Cost by evaluations"), tr("cost"), this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_chart);
    m_chart->setXAxis(ChartAxis::Evaluations);
}

void RaceChart::setRuns(const QStringList& labels, const std::vector<QColor>& colors) {
    m_chart->clear();
    m_labels = labels;
    m_bestSeries.clear();
    m_currentSeries.clear();
    // The pale current-cost lines first, so every best line is drawn over them.
    for (int i = 0; i < labels.size(); ++i) {
        QColor pale = colors[static_cast<std::size_t>(i)];
        pale.setAlphaF(0.35f);
        m_currentSeries.push_back(m_chart->series(tr("%1 current").arg(labels[i]), pale, LiveChart::Side::Left,
                                                  LiveChart::Style::Line, 1.0));
    }
    for (int i = 0; i < labels.size(); ++i)
        m_bestSeries.push_back(m_chart->series(tr("%1 best").arg(labels[i]), colors[static_cast<std::size_t>(i)],
                                               LiveChart::Side::Left, LiveChart::Style::Line, 2.5));
    m_chart->setXAxis(ChartAxis::Evaluations);
}

void RaceChart::addCost(int run, const Counters& at, double current, double best) {
    const auto index = static_cast<std::size_t>(run);
    if (index >= m_bestSeries.size()) return;
    const auto steps = static_cast<double>(at.steps);
    const auto evaluations = static_cast<double>(at.evaluations);
    m_chart->append(m_currentSeries[index], ChartSample{steps, evaluations, 0, current});
    m_chart->append(m_bestSeries[index], ChartSample{steps, evaluations, 0, best});
}

void RaceChart::refresh() { m_chart->refresh(); }

int RaceChart::bestPointCount(int run) const {
    if (run < 0 || run >= m_labels.size()) return -1;
    return m_chart->pointCount(tr("%1 best").arg(m_labels[run]));
}

}  // namespace pw::ui
