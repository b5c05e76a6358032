#pragma once
// Writing a chart view as shown to a PNG or SVG file (by the path's extension), atomically. Shared by every
// chart that can be exported.

#include <QString>

class QChartView;

namespace pw::ui {

bool exportChartView(QChartView* view, const QString& title, const QString& path, QString& error);

}  // namespace pw::ui
