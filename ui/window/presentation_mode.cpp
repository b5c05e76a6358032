#include "window/presentation_mode.h"

#include "charts/chart_panel.h"
#include "run/fitted_status_bar.h"
#include "window/window_docks.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QSettings>
#include <QSignalBlocker>
#include <QToolBar>

#include <algorithm>
#include <cmath>

namespace pw::ui {

namespace {
// Zoom: each step multiplies every text of the window by kZoomStep, within [kMinZoom, kMaxZoom]; presentation
// mode starts at kPresentationZoom.
constexpr double kZoomStep = 1.15;
constexpr double kMinZoom = 0.7;
constexpr double kMaxZoom = 3.0;
constexpr double kPresentationZoom = 1.5;
// What presentation mode can show beside the board: the settings key, the menu text, on by default. Each
// shows only once the run has something for it (the temperature chart for annealing, the population chart
// for the evolutionary algorithms, the Decisions of the algorithms that explain their steps, a program or
// group table), so the defaults are the sensible set for every family: annealing gets board, cost,
// temperature with acceptance and the Decisions strip; the evolutionary ones board, cost, population and
// program; the searches board, cost and their search stack.
struct PresentedPanel {
    const char* key;
    const char* text;
};
constexpr PresentedPanel kPresentedPanels[] = {
    {"costChart", QT_TRANSLATE_NOOP("pw::ui::PresentationMode", "&Cost chart")},
    {"algorithmChart", QT_TRANSLATE_NOOP("pw::ui::PresentationMode", "&Algorithm chart (temperature, population)")},
    {"decisions", QT_TRANSLATE_NOOP("pw::ui::PresentationMode", "&Decisions")},
    {"program", QT_TRANSLATE_NOOP("pw::ui::PresentationMode", "&Program (heuristic moves)")},
};
}  // namespace

PresentationMode::PresentationMode(QMainWindow* window, WindowDocks* docks, ChartPanel* charts,
                                   FittedStatusBar* statusBar, bool useSettings)
    : QObject(window), m_window(window), m_docks(docks), m_charts(charts), m_statusBar(statusBar),
      m_useSettings(useSettings) {
    m_zoomFitCheck.setSingleShot(true);
    m_zoomFitCheck.setInterval(100);
    connect(&m_zoomFitCheck, &QTimer::timeout, this, [this] {
        if (!fitsScreen()) applyZoom();
    });
}

void PresentationMode::createActions(QMenu* viewMenu, const QList<QAction*>& runActions) {
    m_runActions = runActions;
    m_action = new QAction(tr("&Presentation mode"), m_window);
    m_action->setObjectName(QStringLiteral("presentationAction"));
    m_action->setCheckable(true);
    m_action->setShortcut(QKeySequence(Qt::Key_F11));
    m_action->setToolTip(tr("Full screen for a projector: the board big, the cost chart beside it, "
                                                 "larger text, only the run controls (F11 again to leave)"));
    connect(m_action, &QAction::toggled, this, &PresentationMode::setOn);
    const QList<QAction*> viewActions = viewMenu->actions();
    viewMenu->insertAction(viewActions.value(0), m_action);
    // What presentation mode shows beside the board: the teacher's choice, remembered.
    QMenu* shows = new QMenu(tr("Presentation &shows"), m_window);
    shows->setObjectName(QStringLiteral("presentationShowsMenu"));
    for (const PresentedPanel& panel : kPresentedPanels) {
        QAction* action = shows->addAction(tr(panel.text));
        action->setObjectName(QStringLiteral("present_") + QLatin1String(panel.key));
        action->setCheckable(true);
        action->setChecked(!m_useSettings ||
                           QSettings().value(QStringLiteral("presentation/") + QLatin1String(panel.key), true).toBool());
        connect(action, &QAction::toggled, this, [this, key = QString::fromLatin1(panel.key)](bool on) {
            if (m_useSettings && !m_keepChoice) QSettings().setValue(QStringLiteral("presentation/") + key, on);
            if (m_on) showPresentedPanels();
        });
        m_presentedPanels.append(action);
    }
    viewMenu->insertMenu(viewActions.value(0), shows);
    // Zoom for the room: every text of the window, remembered per screen. Ctrl+Alt, because Ctrl+Plus and
    // Ctrl+Minus set the speed.
    QMenu* zoom = new QMenu(tr("&Zoom"), m_window);
    auto zoomAction = [this, zoom](const char* text, const QString& name, const QList<QKeySequence>& keys, double factor) {
        QAction* action = zoom->addAction(tr(text), this,
                                          [this, factor] { setZoom(factor == 0 ? 0 : zoomLevel() * factor); });
        action->setObjectName(name);
        action->setShortcuts(keys);
        m_window->addAction(action);  // the keys work in presentation mode too, without the menu bar
    };
    zoomAction(QT_TRANSLATE_NOOP("pw::ui::PresentationMode", "Zoom &in"), QStringLiteral("zoomInAction"),
               {QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Plus)}, kZoomStep);
    zoomAction(QT_TRANSLATE_NOOP("pw::ui::PresentationMode", "Zoom &out"), QStringLiteral("zoomOutAction"),
               {QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Minus)}, 1 / kZoomStep);
    zoomAction(QT_TRANSLATE_NOOP("pw::ui::PresentationMode", "&Reset zoom"), QStringLiteral("zoomResetAction"),
               {QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_0)}, 0);
    viewMenu->insertMenu(viewActions.value(0), zoom);
    viewMenu->insertSeparator(viewActions.value(0));
    m_window->addAction(m_action);  // F11 works whatever is shown
}

bool PresentationMode::presented(const QString& key) const {
    if (!m_on) return true;
    for (const QAction* action : m_presentedPanels)
        if (action->objectName() == QStringLiteral("present_") + key) return action->isChecked();
    return true;
}

void PresentationMode::presentPanels(const QStringList& keys) {
    m_keepChoice = true;
    for (QAction* action : m_presentedPanels)
        action->setChecked(keys.contains(action->objectName().mid(int(sizeof("present_")) - 1)));
    m_keepChoice = false;
}

QStringList PresentationMode::presentedPanels() const {
    QStringList keys;
    for (const QAction* action : m_presentedPanels)
        if (!m_on || action->isChecked()) keys.append(action->objectName().mid(int(sizeof("present_")) - 1));
    return keys;
}

void PresentationMode::showPresentedPanels() {
    const bool cost = presented(QStringLiteral("costChart"));
    const bool algorithm = presented(QStringLiteral("algorithmChart"));
    m_charts->setChartsShown(cost, algorithm);
    m_docks->chartDock()->setVisible(cost || algorithm);
    emit panelsChanged();
}

double PresentationMode::zoomLevel() const { return m_on ? m_presentationZoom : m_zoom; }

QString PresentationMode::zoomSettingsKey(bool presentation) const {
    const QScreen* where = m_window->screen();
    return QStringLiteral("%1/%2").arg(presentation ? QStringLiteral("presentationZoom") : QStringLiteral("zoom"),
                                       where ? where->name() : QString());
}

void PresentationMode::setZoom(double factor) {
    const double level = factor <= 0 ? (m_on ? kPresentationZoom : 1.0) : std::clamp(factor, kMinZoom, kMaxZoom);
    (m_on ? m_presentationZoom : m_zoom) = level;
    applyZoom();
    if (m_useSettings) QSettings().setValue(zoomSettingsKey(m_on), zoomLevel());
    if (zoomLevel() == level)
        m_statusBar->showMessage(tr("Zoom %1 %").arg(std::lround(level * 100)), 3000);
}

void PresentationMode::restoreZoom() {
    if (m_useSettings) {
        const QSettings settings;
        m_zoom = std::clamp(settings.value(zoomSettingsKey(false), 1.0).toDouble(), kMinZoom, kMaxZoom);
        m_presentationZoom =
            std::clamp(settings.value(zoomSettingsKey(true), kPresentationZoom).toDouble(), kMinZoom, kMaxZoom);
    }
    applyZoom();
}

QToolBar* PresentationMode::runToolbar() const { return m_window->findChild<QToolBar*>(QStringLiteral("runToolbar")); }

void PresentationMode::applyZoom() {
    // Every text of the window follows its font: the docks, the log, the Decisions, the chart titles, ticks and
    // legends, the board's labels and the status bar.
    auto apply = [this](double level) {
        if (level == 1.0) {
            m_window->setFont(QFont());
            m_window->setAttribute(Qt::WA_SetFont, false);
        } else {
            QFont zoomed = QApplication::font();
            zoomed.setPointSizeF(QApplication::font().pointSizeF() * level);
            m_window->setFont(zoomed);
        }
        const int icon = static_cast<int>(std::lround(20 * level));
        if (QToolBar* toolbar = runToolbar()) toolbar->setIconSize(QSize(icon, icon));
        if (m_toolbar) m_toolbar->setIconSize(QSize(icon * 3 / 2, icon * 3 / 2));
    };
    double& level = m_on ? m_presentationZoom : m_zoom;
    apply(level);
    // Never larger than the screen holds: a window whose least size passes the screen spills over its edge
    // under a window manager. The zoom steps back until the window fits, and says so.
    const double wanted = level;
    while (level > 1.0 && !fitsScreen()) {
        level = std::max(1.0, level / kZoomStep);
        apply(level);
    }
    if (level < wanted)
        m_statusBar->showMessage(tr("Zoom held at %1 %: larger would not fit this screen")
                                     .arg(std::lround(level * 100)),
                                 5000);
    m_statusBar->refit();
    if (!m_on) emit toolbarChanged();
}

bool PresentationMode::fitsScreen() {
    // The new font's sizes reach the layouts through posted layout requests: take them in first.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    const QSize frame = m_window->isVisible() ? m_window->frameGeometry().size() - m_window->geometry().size() : QSize(0, 0);
    const QSize room = m_window->screen()->availableGeometry().size() - frame;
    const QSize least = m_window->minimumSizeHint();
    return least.width() <= room.width() && least.height() <= room.height();
}

void PresentationMode::layoutRequested() {
    if (zoomLevel() > 1.0 && !m_zoomFitCheck.isActive()) m_zoomFitCheck.start();
}

void PresentationMode::resized() {
    if (m_on) giveChartsTheirShare(m_window->width());
}

void PresentationMode::giveChartsTheirShare(int width) {
    m_window->resizeDocks({m_docks->chartDock()}, {std::max(300, width * 30 / 100)}, Qt::Horizontal);
}

void PresentationMode::setOn(bool on) {
    if (on == m_on) return;
    {
        const QSignalBlocker blocker(m_action);
        m_action->setChecked(on);
    }
    QToolBar* toolbar = runToolbar();
    if (on) {
        m_stateLeft = m_window->saveState();
        m_frameLeft = QRect(m_window->pos(), m_window->size());  // where the frame stood, and the window's own size
        m_on = true;
        // The board, and beside and under it what the teacher chose; the side panel and the log stay behind.
        for (QDockWidget* dock : {m_docks->algorithmDock(), m_docks->logDock(), m_docks->libraryDock()}) dock->hide();
        // Only the run controls, big, with their words, on a toolbar of their own.
        if (toolbar) toolbar->hide();
        if (!m_toolbar) {
            m_toolbar = new QToolBar(tr("Presentation"), m_window);
            m_toolbar->setObjectName(QStringLiteral("presentationToolbar"));
            m_toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
            m_toolbar->setMovable(false);
            for (QAction* action : m_runActions) m_toolbar->addAction(action);
            m_toolbar->addSeparator();
            m_toolbar->addAction(m_action);
            m_window->addToolBar(Qt::TopToolBarArea, m_toolbar);
        }
        m_toolbar->show();
        m_window->menuBar()->hide();
        // The chart column runs the screen's full height; the Decisions strip sits under the board alone.
        m_window->setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
        applyZoom();
        showPresentedPanels();
        enterFullScreen();
        if (QWidget* board = m_window->centralWidget()) board->setFocus();
    } else {
        m_on = false;
        if (m_toolbar) m_toolbar->hide();
        if (toolbar) toolbar->show();
        m_window->menuBar()->show();
        m_window->setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
        m_charts->setChartsShown(true, true);
        applyZoom();
        leaveFullScreen();
        m_window->restoreState(m_stateLeft);
        emit panelsChanged();
        emit toolbarChanged();
    }
}

void PresentationMode::reassertFullScreen() {
    if (m_on && !m_window->isFullScreen()) enterFullScreen();
}

void PresentationMode::enterFullScreen() {
    // Full screen on the window's own screen, under a window manager too: nothing in the window may ask for more
    // room than the screen has, or the manager keeps the window's minimum size and it spills over the edge.
    const QRect screenArea = m_window->screen()->geometry();
    m_charts->setMinimumWidth(std::min(260, screenArea.width() / 4));
    m_window->setWindowState(m_window->windowState() | Qt::WindowFullScreen);
    m_window->show();
    giveChartsTheirShare(screenArea.width());
}

void PresentationMode::leaveFullScreen() {
    m_window->setWindowState(m_window->windowState() & ~Qt::WindowFullScreen);
    m_charts->setMinimumWidth(260);
    m_window->show();
    // Back where it stood: at once, and again once a window manager has carried out the change of state (it
    // puts the window back itself, its frame rounded at a fractional scale).
    auto restore = [this] {
        if (m_window->isFullScreen() || QRect(m_window->pos(), m_window->size()) == m_frameLeft) return;
        m_window->resize(m_frameLeft.size());
        m_window->move(m_frameLeft.topLeft());
    };
    restore();
    QTimer::singleShot(300, this, restore);
}

}  // namespace pw::ui
