#pragma once
// The Compare view's charts, one widget each, all exportable to PNG or SVG: convergence curves (the median
// best cost per configuration with its inter-quartile band; hovering a median shows that configuration's
// individual runs), the empirical cumulative distribution of a measure to solve (the run-length distribution),
// and a box plot of a sample per configuration.

#include "charts/chart_export.h"

#include <QFont>
#include <QPointF>
#include <QString>
#include <QWidget>

#include <map>
#include <vector>

class QChart;
class QChartView;
class QLineSeries;

namespace pw::ui {

// A chart in a view, with a title and export.
class ExportableChart : public QWidget {
    Q_OBJECT
public:
    explicit ExportableChart(QWidget* parent = nullptr);
    // .png or .svg by the path's extension (a PNG at the options' size and resolution, else as shown),
    // atomically; false and a message on failure.
    bool exportImage(const QString& path, QString& error, const ChartExportOptions& options = {}) const;
    QSize shownSize() const;
    QString title() const;
    // The text of the chart (title, axes, legend) at `points`; 0: the chart's own sizes. Larger for a projector.
    void setFontPointSize(qreal points);

protected:
    void clear();  // every series and axis
    // Sizes the text as setFontPointSize asked; each setData ends with it (its axes are new).
    void applyFontSize();
    QChart* m_chart;
    QChartView* m_view;

private:
    qreal m_fontPoints = 0;
    QFont m_titleFont, m_legendFont;  // the chart's own
};

// The colour of configuration `index` in every chart.
QColor configurationColor(int index);

struct CurveBand {
    QString name;
    std::vector<double> x;  // the cost-axis value of every point, ascending and positive (the axis is logarithmic)
    std::vector<double> median, lowerQuartile, upperQuartile;
    std::vector<std::vector<QPointF>> runs;  // each run's curve on the same axis
};

class ConvergenceChart : public ExportableChart {
    Q_OBJECT
public:
    explicit ConvergenceChart(QWidget* parent = nullptr);
    // `axisName` ("evaluations", "steps", "seconds") titles the logarithmic x axis, which starts at `xMinimum`:
    // a run's start (cost-axis value 0) is drawn there, and a band of a single point (a setting whose runs all
    // ended at their start) shows its point as a marker.
    void setData(const QString& title, const QString& axisName, double xMinimum, const std::vector<CurveBand>& bands);
    QString axisTitle() const;
    // Shows the individual runs of band `index` (what hovering its median does); -1 hides them.
    void showRunsOf(int index);
    int bandCount() const { return static_cast<int>(m_runSeries.size()); }
    int visibleRunCount() const;

private:
    std::vector<std::vector<QLineSeries*>> m_runSeries;
};

struct EcdfSample {
    QString name;
    std::vector<double> solvedValues;  // the measure of each solved run
    int runs = 0;                      // all runs, solved or not: the curve ends at the success rate
};

class EcdfChart : public ExportableChart {
    Q_OBJECT
public:
    explicit EcdfChart(QWidget* parent = nullptr);
    void setData(const QString& title, const QString& valueTitle, const std::vector<EcdfSample>& samples);
    int curveCount() const { return m_curves; }

private:
    int m_curves = 0;
};

// A step function per setting: the aggregated ECDF over puzzles and targets, or a performance profile.
struct StepCurve {
    QString name;
    std::vector<std::pair<double, double>> steps;  // (x, the value from x on), x ascending and positive
};

// Step functions on a logarithmic x axis from `xLow` to `xHigh` and a y axis from 0 to 1: each curve is 0 up to its
// first step and keeps its last value to `xHigh`.
class StepCurvesChart : public ExportableChart {
    Q_OBJECT
public:
    explicit StepCurvesChart(QWidget* parent = nullptr);
    void setData(const QString& title, const QString& xTitle, const QString& yTitle, double xLow, double xHigh,
                 const std::vector<StepCurve>& curves);
    int curveCount() const { return m_curves; }

private:
    int m_curves = 0;
};

// Fixed-target results: per setting a line with a marker at each target, the target's cost across (linear) and
// the ERT to reach it up (logarithmic); a target no run of the setting reached is left out of its line.
struct TargetCurve {
    QString name;
    std::vector<std::pair<double, double>> points;  // (target, ERT), the target ascending
};
class TargetCurvesChart : public ExportableChart {
    Q_OBJECT
public:
    explicit TargetCurvesChart(QWidget* parent = nullptr);
    void setData(const QString& title, const QString& ertTitle, const std::vector<TargetCurve>& curves);
    int curveCount() const { return m_curves; }
    int pointCount() const { return m_points; }

private:
    int m_curves = 0;
    int m_points = 0;
};

class BoxPlotChart : public ExportableChart {
    Q_OBJECT
public:
    explicit BoxPlotChart(QWidget* parent = nullptr);
    // One box (quartiles, median, whiskers at the extremes) per named sample.
    void setData(const QString& title, const QString& valueTitle,
                 const std::vector<std::pair<QString, std::vector<double>>>& samples);
    int boxCount() const { return m_boxes; }

private:
    int m_boxes = 0;
};

// A critical-difference diagram (Demšar 2006): the settings' mean ranks across puzzles on an axis from 1 (the
// best, on the left) to k, each named at the end of an elbow line, a thick bar joining each group whose ranks
// differ by at most the critical difference (the Nemenyi test cannot tell them apart), and the critical
// difference itself drawn as a bar above the axis.
class CriticalDifferenceChart : public ExportableChart {
    Q_OBJECT
public:
    explicit CriticalDifferenceChart(QWidget* parent = nullptr);
    // `criticalDifference` 0: none known (the groups and the bar are left out).
    void setData(const QString& title, const std::vector<std::pair<QString, double>>& meanRanks,
                 double criticalDifference);
    int groupCount() const { return m_groups; }

private:
    int m_groups = 0;
};

// A heat map of a parameter sweep (a grid of settings of one algorithm): a coloured cell per setting, its value
// written in it, the swept values on the axes. Columns are the values of the last swept parameter, rows the
// combinations of the others (so a sweep of three parameters shows its small multiples as bands of rows). The
// colour runs from pale yellow (the worst value shown) to dark green (the best); a cell without a value (an ERT
// with no success) is grey.
struct HeatMapCell {
    int row = 0;
    int column = 0;
    double value = 0;  // NaN: none
    QString text;      // written in the cell
};
class HeatMapChart : public ExportableChart {
    Q_OBJECT
public:
    explicit HeatMapChart(QWidget* parent = nullptr);
    // How values map to colours: between the smallest and largest value shown, the same on their logarithms
    // (ERTs spread over orders of magnitude), or on [0, 1] whatever is shown (success rates: 2 of 15 is not good
    // because the others are worse).
    enum class Scale { Linear, Logarithmic, UnitInterval };
    void setData(const QString& title, const QString& rowTitle, const QStringList& rows, const QString& columnTitle,
                 const QStringList& columns, const std::vector<HeatMapCell>& cells, bool higherIsBetter, Scale scale);
    int cellCount() const { return static_cast<int>(m_colors.size()); }
    // The fill of the cell at (row, column), for tests; invalid when there is none.
    QColor cellColor(int row, int column) const;

private:
    std::map<std::pair<int, int>, QColor> m_colors;
};

}  // namespace pw::ui
