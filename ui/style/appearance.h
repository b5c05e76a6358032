#pragma once
// Light and dark palettes on the Fusion style, and the workbench's icons.

#include <QIcon>

namespace pw::ui {

void applyPalette(bool dark);

enum class IconKind { Run, Pause, Step, Stop, Reset, Open, Save, Paste, Library, HeatMap, Pencil, Hint, Logic, Application };
// The SVG from the resources where an SVG reader is installed, else the same drawing painted directly.
QIcon workbenchIcon(IconKind kind);

}  // namespace pw::ui
