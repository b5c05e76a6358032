#include "board/board_painter.h"


#include <algorithm>
#include <cmath>

namespace pw::ui {

QColor mix(const QColor& a, const QColor& b, double t) {
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t),
                            static_cast<float>(a.alphaF() + (b.alphaF() - a.alphaF()) * t));
}

// Heat-map numbers short enough for a cell corner: 812, 45.2k, 117k, 1.2M, 0.25.
QString compactNumber(double value) {
    const double magnitude = std::abs(value);
    if (magnitude >= 1e6) return QString::number(value / 1e6, 'f', magnitude >= 1e7 ? 0 : 1) + QLatin1Char('M');
    if (magnitude >= 1e4) return QString::number(value / 1e3, 'f', magnitude >= 1e5 ? 0 : 1) + QLatin1Char('k');
    if (value == std::floor(value)) return QString::number(static_cast<qint64>(value));
    return QString::number(value, 'g', 3);
}

// A perceptually even ramp (after viridis) from cold to hot.
QColor heatColor(double t) {
    static const QColor stops[] = {QColor(68, 1, 84), QColor(59, 82, 139), QColor(33, 145, 140),
                                   QColor(94, 201, 98), QColor(253, 231, 37)};
    t = std::clamp(t, 0.0, 1.0) * 4.0;
    const int index = std::min(3, static_cast<int>(t));
    return mix(stops[index], stops[index + 1], t - index);
}

// After Okabe and Ito's palette for colour-blind readers: bluish green, orange, reddish purple, sky blue.
QColor sourceColor(int mark, bool dark) {
    static const QColor light[] = {QColor(0, 140, 100), QColor(214, 128, 0), QColor(190, 80, 150), QColor(60, 150, 210)};
    static const QColor onDark[] = {QColor(60, 200, 150), QColor(240, 170, 40), QColor(224, 140, 190), QColor(110, 190, 240)};
    const int index = std::clamp(mark - 1, 0, 3);
    return dark ? onDark[index] : light[index];
}

}  // namespace pw::ui
