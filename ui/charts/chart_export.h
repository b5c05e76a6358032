#pragma once
// Writing a chart to a PNG or SVG file (by the path's extension), atomically. Shared by every chart that can
// be exported. A PNG can be drawn at a size and resolution of its own (a slide, a printed page): the chart is
// laid out anew at the size the resolution gives in points, so its text keeps its point size and the tick
// labels are chosen for that size; an SVG is the chart as shown.

#include <QSize>
#include <QString>

class QChartView;
class QWidget;

namespace pw::ui {

struct ChartExportOptions {
    QSize pixels;  // invalid: as shown on screen
    int dpi = 96;
};

bool exportChartView(QChartView* view, const QString& title, const QString& path, QString& error,
                     const ChartExportOptions& options = {});

// "cost-convergence-ai_escargot.png": the title in lower case, words joined by '-', without characters a file
// name should not hold.
QString suggestedChartFileName(const QString& title, const QString& extension);

// Asks where to write (suggesting a file name from `title` in the pictures folder) and, for a PNG, the size and
// resolution (default: twice the size shown, at 192 dpi). False when cancelled.
bool askChartExport(QWidget* parent, const QString& title, QSize shown, QString& path, ChartExportOptions& options);

}  // namespace pw::ui
