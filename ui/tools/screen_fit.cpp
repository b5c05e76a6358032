#include "tools/screen_fit.h"

#include <QEvent>
#include <QScreen>
#include <QTimer>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace pw::ui {

namespace {

// Watches one window: when it is shown, waits for the window manager's frame, then shrinks and moves the window
// so that the frame lies inside the screen's free area.
class ScreenFit : public QObject {
public:
    explicit ScreenFit(QWidget* window) : QObject(window), m_window(window), m_givenSize(window->size()) {
        window->installEventFilter(this);
        m_frameWatch.setInterval(50);
        connect(&m_frameWatch, &QTimer::timeout, this, &ScreenFit::checkFrame);
    }

protected:
    bool eventFilter(QObject*, QEvent* event) override {
        if (event->type() == QEvent::Show) {
            m_checks = 0;
            m_frameWatch.start();
        }
        return false;
    }

private:
    static constexpr int kFrameChecks = 40;  // 2 s: a window manager frames a window well within that

    // Without a window manager no frame comes, and the size fitToScreen gave already fits.
    void checkFrame() {
        const bool framed = m_window->frameGeometry() != m_window->geometry();
        if (framed || ++m_checks >= kFrameChecks) m_frameWatch.stop();
        if (framed) fit();
    }

    void fit() {
        const QScreen* screen = m_window->screen();
        // A window resized since fitToScreen sized it is where its user (or a program) wants it.
        if (!screen || m_window->size() != m_givenSize || m_window->isMaximized() || m_window->isFullScreen()) return;
        const QRect available = screen->availableGeometry();
        const QSize room = available.size() - frameAllowance(m_window);
        if (m_window->width() > room.width() || m_window->height() > room.height()) {
            m_window->resize(m_window->size().boundedTo(room));
            m_givenSize = m_window->size();
        }
        const QRect placed = m_window->frameGeometry();
        if (available.contains(placed)) return;
        // move() places a top-level window's frame.
        m_window->move(std::clamp(placed.left(), available.left(), std::max(available.left(), available.right() + 1 - placed.width())),
                       std::clamp(placed.top(), available.top(), std::max(available.top(), available.bottom() + 1 - placed.height())));
    }

    QWidget* m_window;
    QSize m_givenSize;
    QTimer m_frameWatch;
    int m_checks = 0;
};

}  // namespace

QSize frameAllowance(const QWidget* window) {
    QSize frame = window->frameGeometry().size() - window->geometry().size();
    const qreal scale = window->devicePixelRatioF();
    if (frame != QSize(0, 0) && scale != std::floor(scale)) frame += QSize(1, 1);
    return frame;
}

void fitToScreen(QWidget* window, QSize preferred) {
    if (const QScreen* screen = window->screen()) preferred = preferred.boundedTo(screen->availableGeometry().size());
    window->resize(preferred);
    new ScreenFit(window);
}

}  // namespace pw::ui
