#pragma once
// One way of labelling every chart axis of the workbench (live charts, Compare, the Difficulty lab, their
// exports): thousands as "10k" and "1.2M", ticks at steps of 1, 2 or 5 times a power of ten (whole numbers on
// an integer axis), no two ticks with the same label, logarithmic axes labelled at powers of ten, and only as
// many ticks as the axis has room for, so Qt Charts never has to elide a label to "…".
//
// The tick computation is pure (tested on its own); AxisLabeller puts it on a Qt Charts axis. Qt Charts formats
// labels with printf patterns only, so the labels are drawn by a QCategoryAxis whose boundaries are the ticks:
// on a linear axis that QCategoryAxis is the series' axis itself; on a logarithmic one the series keep a
// hidden QLogValueAxis (their values stay as they are) and a QCategoryAxis over the exponents draws the labels.

#include <QFont>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <vector>

class QAbstractAxis;
class QCategoryAxis;
class QChart;
class QLogValueAxis;

namespace pw::ui {

struct AxisTick {
    double value = 0;
    QString label;
};

// `value` as an axis label when neighbouring ticks are `step` apart: "0", "40", "0.25", "1.5k", "10k", "1.2M",
// "3G", "1e-5"; no more decimals than the step needs, no trailing zeros.
QString formatAxisValue(double value, double step);

// Ticks over [low, high] at a nice step (1, 2 or 5 × 10^k; at least 1 when `integers`) with at most `maxTicks`
// ticks; the first tick is at or below `low` and the last at or above `high` (the range to show is
// [front, back]). Labels are distinct.
std::vector<AxisTick> linearAxisTicks(double low, double high, int maxTicks, bool integers = false);

// Ticks at powers of ten covering [low, high] (low > 0): from the power at or below `low` to the one at or above
// `high`, every one, or every second, third, ... when more than `maxTicks` would not fit. The first and last
// ticks are the range to show.
std::vector<AxisTick> logAxisTicks(double low, double high, int maxTicks);

// How many ticks fit along an axis of `length` pixels whose labels are at most `labelExtent` pixels long in
// the axis direction (the text height on a vertical axis, its width on a horizontal one): at least 2.
int tickBudget(double length, double labelExtent, bool vertical);

// A value axis of a chart labelled by the rules above. Attach series to dataAxis(); set the data's range with
// setRange() (a logarithmic range needs low > 0); the labels follow the chart's plot area as it is resized.
class AxisLabeller : public QObject {
    Q_OBJECT
public:
    AxisLabeller(QChart* chart, Qt::Alignment side, const QString& title, bool logarithmic, bool integers = false);
    ~AxisLabeller() override;

    QAbstractAxis* dataAxis() const;
    bool logarithmic() const { return m_logarithmic; }
    void setIntegers(bool integers);
    void setTitle(const QString& title);
    // A live x axis ends where the data ends rather than at the next tick past it (linear axes only).
    void setEndAtData(bool endAtData) { m_endAtData = endAtData; }
    // The data's range; the axis shows it widened to the ticks around it (see setEndAtData).
    void setRange(double low, double high);
    double shownMinimum() const { return m_shownLow; }
    double shownMaximum() const { return m_shownHigh; }
    QStringList labels() const { return m_labels; }
    // Recomputes the ticks for the chart's current size (done on every plot area change).
    void relabel();
    // The axis drawing the labels (for styling: fonts and colours).
    QCategoryAxis* labelAxis() const { return m_labelAxis; }
    // Takes its axes off the chart and deletes them, and with them this labeller (later, from the event loop).
    void removeFromChart();
    // The labeller of `axis` (its data or label axis) in `chart`, or null.
    static AxisLabeller* of(const QChart* chart, const QAbstractAxis* axis);

private:
    QChart* m_chart;
    Qt::Alignment m_side;
    QCategoryAxis* m_labelAxis;
    bool m_endAtData = false;
    QPointer<QLogValueAxis> m_log;  // a chart clearing its axes may delete it first
    bool m_logarithmic = false;
    bool m_integers;
    double m_low = 0;
    double m_high = 1;
    double m_shownLow = 0;
    double m_shownHigh = 1;
    QStringList m_labels;
    bool m_relabelling = false;
};

}  // namespace pw::ui
