#pragma once
// The run's charts: cost against progress (current, best, and one line per cost part the algorithm declares in
// AlgorithmInfo::costParts — rows, columns, ...; island size, pools, ...) and a second chart each algorithm fills from its own events (temperature and
// acceptance ratio with reheat markers, population best/mean/worst). Fed with core events; this header
// exposes no Qt Charts type, so the rest of the window does not depend on the charts module.

#include "base/events.h"

#include <QStringList>
#include <QWidget>

#include <array>
#include <deque>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QSplitter;
class QTimer;

namespace pw::ui {

class LiveChart;

enum class ChartAxis { Steps, Evaluations, Seconds };

// The seconds of a sample inside a batch, interpolated between the counters and elapsed time of the batch
// before it and its own (events themselves carry no wall-clock time).
class BatchSeconds {
public:
    void begin(const Counters& at, double seconds);
    double at(double steps) const;

private:
    double m_startSteps = 0;
    double m_startSeconds = 0;
    double m_endSteps = 0;
    double m_endSeconds = 0;
};

class ChartPanel : public QWidget {
    Q_OBJECT
public:
    explicit ChartPanel(QWidget* parent = nullptr);
    ~ChartPanel() override;

    void clear();
    // The names of the parts the coming cost samples carry, in their order (the algorithm's
    // AlgorithmInfo::costParts); kept across clear(). Parts beyond the names are called "part N".
    void setCostParts(const std::vector<std::string>& names);
    // Called before the events of a batch: the batch's counters and elapsed time, from which the seconds of
    // each sample are interpolated (events themselves carry no wall-clock time).
    void beginBatch(const Counters& at, double seconds);
    void addEvent(const Event& event);

    void setXAxis(ChartAxis axis);
    ChartAxis xAxis() const { return m_axis; }
    void setLogScale(bool logScale);
    bool logScale() const { return m_logScale; }
    // Pushes buffered samples into the chart series now (normally done on a timer).
    void refreshNow();
    void setRefreshInterval(int milliseconds);
    // The x-axis and log-scale controls above the charts; hidden where nobody can use them (exported frames).
    void setControlsVisible(bool visible);
    // Shows the second chart from the start, even before (or after a clear, without) its first sample, the
    // two charts sharing the height equally: exported frames keep their layout from the first to the last.
    void setProgressChartPinned(bool pinned);

    // For tests and the status line: points shown by a series of the cost chart ("current", "best", ...) or
    // of the second chart ("temperature", "population best", ...); -1 when there is no such series.
    int costPointCount(const QString& series) const;
    int progressPointCount(const QString& series) const;
    bool progressChartVisible() const;
    // Every series either chart holds, with the points it holds: "current" 812, "temperature" 812, ...
    QList<QPair<QString, int>> pointCounts() const;
    // The algorithm's own chart alone (temperature, population, ...), where another chart shows the cost.
    void setCostChartVisible(bool visible);
    // Which of the two charts show (presentation mode lets the teacher choose); the algorithm's chart shows
    // once it has data.
    void setChartsShown(bool cost, bool algorithm);
    // The acceptance ratio is drawn over this many proposals (its legend and axis say so).
    static constexpr std::uint64_t kAcceptanceWindow = 50;
    // The two charts (for their tick labels in tests, and their fonts in presentation mode).
    LiveChart* costChart() const { return m_cost; }
    LiveChart* progressChart() const { return m_progress; }

protected:
    void changeEvent(QEvent* event) override;

signals:
    void axisChanged();
    // After each refresh of the charts: the window refreshes its run figures with them.
    void refreshed();

private:
    enum class SeriesKind {
        Current, Best, CycleStart,                                // the cost chart
        Temperature, Acceptance, Reheat,                          // the second chart: annealing
        PopulationWorst, PopulationMean, PopulationBest,          // the second chart: populations
        Count
    };
    void addSample(SeriesKind kind, const Counters& at, double value);
    void addPartSample(std::size_t part, const Counters& at, double value);
    // The share of proposals accepted over the last kAcceptanceWindow proposals, with this sample's.
    double movingAcceptance(const TemperatureSample& sample);
    // The charts' text size from the panel's font (kChartTextRatio of it).
    void fitChartText();
    // Chart text in points per point of the panel's font.
    static constexpr qreal kChartTextRatio = 0.9;

    QTimer* m_refreshTimer;
    LiveChart* m_cost;
    LiveChart* m_progress;
    QSplitter* m_splitter;
    QComboBox* m_axisCombo;
    QCheckBox* m_logCheck;
    ChartAxis m_axis = ChartAxis::Steps;
    bool m_logScale = false;
    bool m_algorithmChartShown = true;
    std::deque<std::pair<std::uint64_t, double>> m_acceptanceWindow;  // (proposals, accepted) per sample
    std::uint64_t m_acceptanceProposals = 0;
    double m_acceptanceAccepted = 0;
    std::uint64_t m_lastTemperatureSteps = 0;
    bool m_progressPinned = false;
    double m_lastBest = 0;  // where a cycle-start marker sits on the cost chart
    BatchSeconds m_batchSeconds;
    std::array<int, static_cast<int>(SeriesKind::Count)> m_seriesIndex;  // -1 until the series exists
    QStringList m_partNames;
    std::vector<int> m_partSeries;  // per cost part: its series on the cost chart, -1 until it exists
};

}  // namespace pw::ui
