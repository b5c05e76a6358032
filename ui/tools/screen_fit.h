#pragma once
// Tool windows (the Difficulty lab, Compare) open at a preferred size, and never beyond the screen's free area
// together with the frame a window manager adds. That frame is known only some time after the window is mapped,
// so the fit is checked again each time the window is shown (on a 1024x768 projector the frame's title bar
// would otherwise push the window's bottom row off the screen).

#include <QSize>

class QWidget;

namespace pw::ui {

void fitToScreen(QWidget* window, QSize preferred);
// The room a top-level window's frame takes beside its client area: nothing until a window manager framed it;
// at a fractional scale (1.5) a pixel more, as the frame's device pixels round to logical ones either way.
QSize frameAllowance(const QWidget* window);

}  // namespace pw::ui
