#include "charts/axis_format.h"

#include <QFontMetricsF>
#include <QPointer>
#include <QtCharts/QCategoryAxis>
#include <QtCharts/QChart>
#include <QtCharts/QLogValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace pw::ui {

namespace {

// Digits after the point that separate values `step` apart, in units of `unit`.
int decimalsFor(double step, double unit) {
    const double relative = step / unit;
    if (relative >= 1) return 0;
    return std::clamp(static_cast<int>(std::ceil(-std::log10(relative) - 1e-9)), 0, 9);
}

QString trimmed(QString text) {
    if (!text.contains(QLatin1Char('.'))) return text;
    while (text.endsWith(QLatin1Char('0'))) text.chop(1);
    if (text.endsWith(QLatin1Char('.'))) text.chop(1);
    return text;
}

// 1, 2 or 5 × 10^k: the smallest such step at least `raw`.
double niceStep(double raw) {
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double factor : {1.0, 2.0, 5.0, 10.0})
        if (factor * power >= raw * (1 - 1e-12)) return factor * power;
    return 10 * power;
}

void dropRepeatedLabels(std::vector<AxisTick>& ticks) {
    std::vector<AxisTick> distinct;
    for (AxisTick& tick : ticks)
        if (std::none_of(distinct.begin(), distinct.end(), [&](const AxisTick& kept) { return kept.label == tick.label; }))
            distinct.push_back(std::move(tick));
    ticks = std::move(distinct);
}

}  // namespace

QString formatAxisValue(double value, double step) {
    step = std::abs(step);
    if (!std::isfinite(value)) return QStringLiteral("?");
    if (step <= 0 || !std::isfinite(step)) step = std::max(std::abs(value), 1.0);
    if (std::abs(value) < step * 1e-6) return QStringLiteral("0");
    const double magnitude = std::abs(value);
    // Very small values with a step to match: a short scientific form ("1e-5", "2.5e-4").
    if (magnitude < 1e-3 && step < 1e-3) {
        QString text = QString::number(value, 'g', 2);
        text.replace(QStringLiteral("e-0"), QStringLiteral("e-"));
        return text;
    }
    struct Unit {
        double size;
        const char* suffix;
    };
    static const Unit units[] = {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
    for (const Unit& unit : units)
        if (magnitude >= unit.size)
            return trimmed(QString::number(value / unit.size, 'f', decimalsFor(step, unit.size))) +
                   QLatin1String(unit.suffix);
    return trimmed(QString::number(value, 'f', decimalsFor(step, 1)));
}

std::vector<AxisTick> linearAxisTicks(double low, double high, int maxTicks, bool integers) {
    if (!std::isfinite(low) || !std::isfinite(high)) low = 0, high = 1;
    if (high < low) std::swap(low, high);
    maxTicks = std::max(2, maxTicks);
    double span = high - low;
    // A flat range still gets an axis around its value.
    const double minimumSpan = integers ? 1.0 : std::max(std::abs(high) * 1e-9, 1e-12);
    if (span < minimumSpan) {
        const bool notNegative = low >= 0;
        low -= minimumSpan / 2;
        high += minimumSpan / 2;
        if (integers) low = std::floor(low), high = std::ceil(high);
        // A flat line at or above zero (a solved cost) gets an axis from zero up, not one dipping below.
        if (notNegative && low < 0) {
            high = std::max(high, minimumSpan);
            low = 0;
        }
        span = high - low;
    }
    double step = niceStep(span / (maxTicks - 1));
    if (integers) step = std::max(1.0, std::round(step));
    double first = std::floor(low / step + 1e-9) * step;
    double last = std::ceil(high / step - 1e-9) * step;
    // Rounding outwards can add a tick beyond the budget: the next step then.
    while ((last - first) / step + 1 > maxTicks + 1e-9) {
        step = niceStep(step * 1.000001);
        first = std::floor(low / step + 1e-9) * step;
        last = std::ceil(high / step - 1e-9) * step;
    }
    std::vector<AxisTick> ticks;
    const auto count = static_cast<int>(std::llround((last - first) / step));
    for (int i = 0; i <= count; ++i) {
        double value = first + i * step;
        if (std::abs(value) < step * 1e-9) value = 0;
        ticks.push_back({value, formatAxisValue(value, step)});
    }
    dropRepeatedLabels(ticks);
    return ticks;
}

std::vector<AxisTick> logAxisTicks(double low, double high, int maxTicks) {
    const double smallest = std::numeric_limits<double>::min();
    if (!(low > 0) || !std::isfinite(low)) low = std::max(smallest, std::min(1.0, high > 0 ? high / 10 : 1.0));
    if (!(high > low) || !std::isfinite(high)) high = low * 10;
    maxTicks = std::max(2, maxTicks);
    int from = static_cast<int>(std::floor(std::log10(low) + 1e-9));
    int to = static_cast<int>(std::ceil(std::log10(high) - 1e-9));
    if (to <= from) to = from + 1;
    const int powers = to - from + 1;
    const int stride = (powers + maxTicks - 1) / maxTicks;
    // Strided powers anchored on 10^0 where it is in range, so "1, 100, 10k" rather than "10, 1k, 100k".
    from = static_cast<int>(std::floor(static_cast<double>(from) / stride)) * stride;
    to = static_cast<int>(std::ceil(static_cast<double>(to) / stride)) * stride;
    std::vector<AxisTick> ticks;
    for (int exponent = from; exponent <= to; exponent += stride) {
        const double value = std::pow(10.0, exponent);
        ticks.push_back({value, formatAxisValue(value, value)});
    }
    dropRepeatedLabels(ticks);
    return ticks;
}

int tickBudget(double length, double labelExtent, bool vertical) {
    if (!(length > 0) || !(labelExtent > 0)) return 2;
    // A vertical axis wants about two label heights between labels; a horizontal one the label and a gap.
    const double spacing = vertical ? labelExtent * 2.2 : labelExtent;
    return std::max(2, static_cast<int>(length / spacing) + 1);
}

AxisLabeller::AxisLabeller(QChart* chart, Qt::Alignment side, const QString& title, bool logarithmic, bool integers)
    : QObject(nullptr), m_chart(chart), m_side(side), m_labelAxis(new QCategoryAxis), m_logarithmic(logarithmic),
      m_integers(integers) {
    setParent(m_labelAxis);  // removed and deleted with its axis
    m_labelAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_labelAxis->setTitleText(title);
    // The ticks are already as few as the axis has room for: a label is drawn whole, never cut to "3…" where
    // Qt Charts finds the axis narrower than its own estimate.
    m_labelAxis->setTruncateLabels(false);
    if (logarithmic) {
        // Added first, so the chart's first axis on this side is the one the series use.
        m_log = new QLogValueAxis;
        m_log->setBase(10);
        m_log->setMinorTickCount(0);
        m_log->setTitleText(title);
        chart->addAxis(m_log, side);
        m_log->setVisible(false);  // maps the series; the category axis over the exponents draws
        m_low = 1;
        m_high = 10;
    }
    chart->addAxis(m_labelAxis, side);
    connect(chart, &QChart::plotAreaChanged, this, &AxisLabeller::relabel);
    relabel();
}

AxisLabeller::~AxisLabeller() = default;

QAbstractAxis* AxisLabeller::dataAxis() const {
    if (m_logarithmic) return m_log.data();
    return m_labelAxis;
}

void AxisLabeller::setIntegers(bool integers) {
    if (m_integers == integers) return;
    m_integers = integers;
    m_labels.clear();
    relabel();
}

void AxisLabeller::setTitle(const QString& title) {
    m_labelAxis->setTitleText(title);
    if (m_log) m_log->setTitleText(title);
}

void AxisLabeller::setRange(double low, double high) {
    if (m_logarithmic) {
        low = low > 0 ? low : (high > 0 ? high / 10 : 1);
        high = std::max(high, low);
    }
    if (low == m_low && high == m_high && !m_labels.isEmpty()) return;
    m_low = low;
    m_high = high;
    m_labels.clear();
    relabel();
}

void AxisLabeller::removeFromChart() {
    disconnect(m_chart, nullptr, this, nullptr);
    if (m_log) {
        m_chart->removeAxis(m_log);
        m_log->deleteLater();
    }
    m_chart->removeAxis(m_labelAxis);
    m_labelAxis->deleteLater();
}

AxisLabeller* AxisLabeller::of(const QChart* chart, const QAbstractAxis* axis) {
    for (QAbstractAxis* candidate : chart->axes())
        for (AxisLabeller* labeller : candidate->findChildren<AxisLabeller*>(QString(), Qt::FindDirectChildrenOnly))
            if (labeller->dataAxis() == axis || labeller->labelAxis() == axis) return labeller;
    return nullptr;
}

void AxisLabeller::relabel() {
    if (m_relabelling) return;
    m_relabelling = true;
    const bool vertical = m_side & (Qt::AlignLeft | Qt::AlignRight);
    const QRectF area = m_chart->plotArea();
    double length = vertical ? area.height() : area.width();
    if (length < 20) length = vertical ? 200 : 300;  // not laid out yet
    const QFontMetricsF metrics(m_labelAxis->labelsFont());
    auto ticksFor = [&](int budget) {
        return m_logarithmic ? logAxisTicks(m_low, m_high, budget) : linearAxisTicks(m_low, m_high, budget, m_integers);
    };
    std::vector<AxisTick> ticks;
    if (vertical) {
        ticks = ticksFor(tickBudget(length, metrics.height(), true));
    } else {
        // Horizontal labels are as wide as their text: fewer ticks until the widest label and a gap fit.
        const double gap = metrics.horizontalAdvance(QStringLiteral("MM"));
        for (int budget = std::min(12, tickBudget(length, metrics.horizontalAdvance(QStringLiteral("000")), false));; --budget) {
            ticks = ticksFor(budget);
            double widest = 0;
            for (const AxisTick& tick : ticks) widest = std::max(widest, metrics.horizontalAdvance(tick.label));
            if (budget <= 2 || static_cast<double>(ticks.size()) * (widest + gap) <= length) break;
        }
    }
    double shownHigh = ticks.back().value;
    if (m_endAtData && !m_logarithmic && m_high > m_low && ticks.back().value > m_high) {
        // The axis ends at the data, not at the next round tick past it: one tick more, then the ticks past the
        // data dropped (0, 100, 200 for data up to 112 becomes 0, 50, 100 ending at 112).
        std::vector<AxisTick> finer = ticksFor(static_cast<int>(ticks.size()) + 1);
        while (finer.size() > 2 && finer.back().value > m_high) finer.pop_back();
        if (finer.back().value <= m_high) ticks = std::move(finer);
        shownHigh = std::max(m_high, ticks.back().value);
    }
    QStringList labels;
    for (const AxisTick& tick : ticks) labels.append(tick.label);
    const double shownLow = ticks.front().value;
    if (labels != m_labels || shownLow != m_shownLow || shownHigh != m_shownHigh) {
        m_labels = labels;
        m_shownLow = shownLow;
        m_shownHigh = shownHigh;
        auto position = [this](double value) { return m_logarithmic ? std::log10(value) : value; };
        for (const QString& label : m_labelAxis->categoriesLabels()) m_labelAxis->remove(label);
        const double from = position(shownLow), to = position(shownHigh);
        // The first tick ends an empty category just below it: QCategoryAxis labels category ends.
        const double below = from - std::max(1e-9, (to - from) * 1e-6);
        m_labelAxis->setStartValue(below);
        for (const AxisTick& tick : ticks) m_labelAxis->append(tick.label, position(tick.value));
        m_labelAxis->setRange(from, to);
        if (m_log) m_log->setRange(shownLow, shownHigh);
    }
    m_relabelling = false;
}

}  // namespace pw::ui
