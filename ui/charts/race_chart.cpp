#include "charts/race_chart.h"

#include "charts/live_chart.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace pw::ui {

RaceChart::RaceChart(QWidget* parent)
    : QWidget(parent), m_axisCombo(new QComboBox(this)), m_chart(new LiveChart(tr("Cost of each run"), tr("cost"), this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* controls = new QHBoxLayout;
    auto* axisLabel = new QLabel(tr("X axis:"), this);
    // In the order of ChartAxis, as the window's chart panel offers them.
    m_axisCombo->addItems({tr("Steps"), tr("Evaluations"), tr("Seconds")});
    m_axisCombo->setObjectName(QStringLiteral("raceAxisCombo"));
    m_axisCombo->setToolTip(tr("The common x axis of every run's cost, and of each run's own chart"));
    axisLabel->setBuddy(m_axisCombo);
    controls->addWidget(axisLabel);
    controls->addWidget(m_axisCombo);
    controls->addStretch(1);
    layout->addLayout(controls);
    layout->addWidget(m_chart, 1);
    m_axisCombo->setCurrentIndex(static_cast<int>(m_axis));
    m_chart->setXAxis(m_axis);
    connect(m_axisCombo, &QComboBox::currentIndexChanged, this, [this](int index) { setXAxis(static_cast<ChartAxis>(index)); });
}

void RaceChart::setRuns(const QStringList& labels, const std::vector<QColor>& colors) {
    m_chart->clear();
    m_labels = labels;
    m_bestSeries.clear();
    m_currentSeries.clear();
    m_batchSeconds.assign(static_cast<std::size_t>(labels.size()), BatchSeconds{});
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
    m_chart->setXAxis(m_axis);
}

void RaceChart::setXAxis(ChartAxis axis) {
    if (axis == m_axis) return;
    m_axis = axis;
    if (m_axisCombo->currentIndex() != static_cast<int>(axis)) m_axisCombo->setCurrentIndex(static_cast<int>(axis));
    m_chart->setXAxis(axis);
    emit axisChanged(axis);
}

void RaceChart::setControlsVisible(bool visible) {
    m_axisCombo->setVisible(visible);
    for (QLabel* label : findChildren<QLabel*>())
        if (label->buddy() == m_axisCombo) label->setVisible(visible);
}

void RaceChart::beginBatch(int run, const Counters& at, double seconds) {
    const auto index = static_cast<std::size_t>(run);
    if (index < m_batchSeconds.size()) m_batchSeconds[index].begin(at, seconds);
}

void RaceChart::addCost(int run, const Counters& at, double current, double best) {
    const auto index = static_cast<std::size_t>(run);
    if (index >= m_bestSeries.size()) return;
    const auto steps = static_cast<double>(at.steps);
    const auto evaluations = static_cast<double>(at.evaluations);
    const double seconds = m_batchSeconds[index].at(steps);
    m_chart->append(m_currentSeries[index], ChartSample{steps, evaluations, seconds, current});
    m_chart->append(m_bestSeries[index], ChartSample{steps, evaluations, seconds, best});
}

void RaceChart::refresh() { m_chart->refresh(); }

int RaceChart::bestPointCount(int run) const {
    if (run < 0 || run >= m_labels.size()) return -1;
    return m_chart->pointCount(tr("%1 best").arg(m_labels[run]));
}

QStringList RaceChart::xLabels() const { return m_chart->xLabels(); }

}  // namespace pw::ui
