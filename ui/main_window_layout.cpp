// The window's layout for classrooms: fitted to the screen with the board as its largest part, a toolbar that
// keeps the run controls readable when narrow, the Program and Decisions docks only when they have something to show,
// presentation mode, and the Help menu.

#include "main_window.h"

#include "algorithm_panel.h"
#include "board_view.h"
#include "charts/chart_panel.h"
#include "charts/live_chart.h"
#include "decision_panel.h"
#include "fitted_status_bar.h"
#include "log_pane.h"
#include "help_window.h"
#include "program_view.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QLabel>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QDockWidget>
#include <QFormLayout>
#include <QMenu>
#include <QMenuBar>
#include <QResizeEvent>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QSignalBlocker>
#include <QStyle>
#include <QToolBar>
#include <QTimer>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace pw::ui {

namespace {
// The size the window opens at on a screen with room for it.
constexpr int kPreferredWidth = 1440;
constexpr int kPreferredHeight = 900;
// The Decisions dock's height when it opens.
constexpr int kDecisionDockHeight = 230;
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
    {"costChart", QT_TRANSLATE_NOOP("pw::ui::MainWindow", "&Cost chart")},
    {"algorithmChart", QT_TRANSLATE_NOOP("pw::ui::MainWindow", "&Algorithm chart (temperature, population)")},
    {"decisions", QT_TRANSLATE_NOOP("pw::ui::MainWindow", "&Decisions")},
    {"program", QT_TRANSLATE_NOOP("pw::ui::MainWindow", "&Program (heuristic moves)")},
};
}  // namespace

void MainWindow::createLayoutActions() {
    m_presentationAction = new QAction(tr("&Presentation mode"), this);
    m_presentationAction->setObjectName(QStringLiteral("presentationAction"));
    m_presentationAction->setCheckable(true);
    m_presentationAction->setShortcut(QKeySequence(Qt::Key_F11));
    m_presentationAction->setToolTip(tr("Full screen for a projector: the board big, the cost chart beside it, larger "
                                        "text, only the run controls (F11 again to leave)"));
    connect(m_presentationAction, &QAction::toggled, this, &MainWindow::setPresentationMode);
    const QList<QAction*> viewActions = m_viewMenu->actions();
    m_viewMenu->insertAction(viewActions.value(0), m_presentationAction);
    // What presentation mode shows beside the board: the teacher's choice, remembered.
    QMenu* shows = new QMenu(tr("Presentation &shows"), this);
    shows->setObjectName(QStringLiteral("presentationShowsMenu"));
    for (const PresentedPanel& panel : kPresentedPanels) {
        QAction* action = shows->addAction(tr(panel.text));
        action->setObjectName(QStringLiteral("present_") + QLatin1String(panel.key));
        action->setCheckable(true);
        action->setChecked(!m_useSettings ||
                           QSettings().value(QStringLiteral("presentation/") + QLatin1String(panel.key), true).toBool());
        connect(action, &QAction::toggled, this, [this, key = QString::fromLatin1(panel.key)](bool on) {
            if (m_useSettings) QSettings().setValue(QStringLiteral("presentation/") + key, on);
            if (m_presentation) showPresentedPanels();
        });
        m_presentedPanels.append(action);
    }
    m_viewMenu->insertMenu(viewActions.value(0), shows);
    // Zoom for the room: every text of the window, remembered per screen. Ctrl+Alt, because Ctrl+Plus and
    // Ctrl+Minus set the speed.
    QMenu* zoom = new QMenu(tr("&Zoom"), this);
    auto zoomAction = [this, zoom](const QString& text, const QString& name, const QList<QKeySequence>& keys, double factor) {
        QAction* action = zoom->addAction(text, this, [this, factor] { setZoom(factor == 0 ? 0 : zoomLevel() * factor); });
        action->setObjectName(name);
        action->setShortcuts(keys);
        addAction(action);  // the keys work in presentation mode too, without the menu bar
    };
    zoomAction(tr("Zoom &in"), QStringLiteral("zoomInAction"),
               {QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Equal), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Plus)}, kZoomStep);
    zoomAction(tr("Zoom &out"), QStringLiteral("zoomOutAction"), {QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Minus)},
               1 / kZoomStep);
    zoomAction(tr("&Reset zoom"), QStringLiteral("zoomResetAction"), {QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_0)}, 0);
    m_viewMenu->insertMenu(viewActions.value(0), zoom);
    m_viewMenu->insertSeparator(viewActions.value(0));
    addAction(m_presentationAction);  // F11 works whatever is shown

    auto* helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&Getting started"), this, [this] { openHelp(QStringLiteral("getting-started")); });
    QAction* algorithmHelp = helpMenu->addAction(tr("This &algorithm"), this, [this] {
        openHelp(QStringLiteral("algorithm:") + QString::fromStdString(m_panel->algorithmId()));
    });
    algorithmHelp->setObjectName(QStringLiteral("algorithmHelpAction"));
    algorithmHelp->setShortcut(QKeySequence::HelpContents);
    algorithmHelp->setToolTip(tr("The chosen algorithm's idea, what one step is, its parameters and its paper (F1)"));
    helpMenu->addAction(tr("&Keyboard shortcuts"), this, [this] { openHelp(QStringLiteral("shortcuts")); });
    helpMenu->addAction(tr("G&lossary"), this, [this] { openHelp(QStringLiteral("glossary")); });
    helpMenu->addSeparator();
    helpMenu->addAction(tr("A&bout Puzzle Workbench"), this, [this] { openHelp(QStringLiteral("about")); });

    // The side panel narrows with the window: its long choice lists and wide-range number fields (budgets up
    // to 10^15) would otherwise hold it wider than a 1024-pixel screen can give it.
    for (QComboBox* box : m_panel->findChildren<QComboBox*>()) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(12);
        box->setMinimumWidth(std::min(box->minimumSizeHint().width(), 150));  // a set minimum overrides the hint
    }
    for (QLineEdit* edit : m_panel->findChildren<QLineEdit*>(QStringLiteral("seedEdit"))) edit->setMinimumWidth(60);
    // A row too wide for the panel puts its field under its label rather than widening the panel.
    for (QFormLayout* form : m_panel->findChildren<QFormLayout*>()) form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    for (QAbstractSpinBox* box : m_panel->findChildren<QAbstractSpinBox*>())
        box->setMinimumWidth(std::min(box->minimumSizeHint().width(), 90));

    // The heat-map selector before the hint, logic and pencil buttons: on a narrow window the toolbar's overflow
    // menu takes the last buttons, and those three are also in the menus with their own keys (H, Ctrl+L, P).
    if (auto* toolbar = findChild<QToolBar*>(QStringLiteral("runToolbar"))) {
        toolbar->addSeparator();
        for (QAction* action : {m_hintAction, m_solveLogicAction, m_pencilAction}) toolbar->addAction(action);
        QAction* previous = nullptr;
        for (QAction* action : toolbar->actions()) {
            if (action->isSeparator() && previous && previous->isSeparator()) toolbar->removeAction(action);
            else previous = action;
        }
    }
}

HelpWindow* MainWindow::openHelp(const QString& topic) {
    if (!m_helpWindow) m_helpWindow = new HelpWindow(this, this);
    if (!m_helpWindow->showTopic(topic)) m_helpWindow->showTopic(QStringLiteral("getting-started"));
    m_helpWindow->show();
    m_helpWindow->raise();
    m_helpWindow->activateWindow();
    return m_helpWindow;
}

void MainWindow::fitWindowTo(const QRect& available) {
    if (isFullScreen() || available.isEmpty()) return;
    m_fitArea = available;
    // The frame a window manager adds is known once the window is shown; before, the whole area is used and a
    // window manager fits the frame in when it maps the window.
    QSize frame = isVisible() ? frameGeometry().size() - geometry().size() : QSize(0, 0);
    // At a fractional scale (1.5) the frame's device pixels round to logical ones either way: a pixel to spare.
    const qreal scale = devicePixelRatioF();
    if (frame != QSize(0, 0) && scale != std::floor(scale)) frame += QSize(1, 1);
    const QSize room = available.size() - frame;
    const QSize size(std::min(kPreferredWidth, room.width()), std::min(kPreferredHeight, room.height()));
    resize(size);
    move(available.left() + (room.width() - size.width()) / 2, available.top() + (room.height() - size.height()) / 2);
    proportionDocks();
}

void MainWindow::proportionDocks() {
    // The board gets what the side docks leave: they take what their contents need at this width, no more.
    // The side panel as wide as its narrowest layout needs (with room for its vertical scroll bar), so that it
    // never scrolls sideways.
    const int panelNeeds = m_panel->minimumSizeHint().width() + style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 8;
    const int sidePanel = std::max(std::clamp(width() * 27 / 100, 280, 340), std::min(panelNeeds, 380));
    const int charts = std::clamp(width() * 28 / 100, 290, 520);
    const int log = std::clamp(height() * 12 / 100, 72, 130);
    resizeDocks({m_algorithmDock, m_chartDock}, {sidePanel, charts}, Qt::Horizontal);
    resizeDocks({m_logDock}, {log}, Qt::Vertical);
    fitProgramDock();
}

void MainWindow::fitProgramDock() {
    if (m_programDock->isHidden()) return;
    // As tall as the wrapped program needs, up to 45 % of the window: the charts keep the rest of the column
    // (a longer program scrolls).
    const int title = std::max(0, m_programDock->height() - m_programDock->widget()->height());
    const int wanted = m_programView->heightForWidth(m_programDock->widget()->width()) + title + 4;
    resizeDocks({m_programDock}, {std::min(wanted, height() * 45 / 100)}, Qt::Vertical);
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    // A window manager adds its frame (a title bar, borders) some time after the window is mapped. Until it
    // does, the frame is not known; once it is, fit again if the frame pushed the window over the screen's edge
    // (the status bar with its "what to press" line below the screen). Without a window manager no frame comes.
    m_frameChecks = 0;
    m_frameWatch.start();
}

void MainWindow::checkFrame() {
    const bool framed = frameGeometry() != geometry();
    if (!framed && ++m_frameChecks < kFrameChecks) return;
    m_frameWatch.stop();
    // Presentation mode asked before the window manager took the window (--presentation) can be lost in the
    // mapping: ask again now that it manages it.
    if (m_presentation && !isFullScreen()) enterFullScreen();
    else if (!m_fitArea.isEmpty() && !isFullScreen() && !isMaximized() && !m_fitArea.contains(frameGeometry()))
        fitWindowTo(m_fitArea);
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    if (m_presentation) resizeDocks({m_chartDock}, {std::max(300, width() * 30 / 100)}, Qt::Horizontal);
    else fitToolbar();
}

void MainWindow::fitToolbar() {
    auto* toolbar = findChild<QToolBar*>(QStringLiteral("runToolbar"));
    if (!toolbar) return;
    // Run and Step keep their words; the others show icons only (their names in tooltips) when the words would
    // push buttons into the overflow menu.
    const QList<QAction*> secondary = {m_pauseAction, m_stopAction,     m_resetAction, m_hintAction,
                                       m_solveLogicAction, m_pencilAction, m_heatMapAction};
    auto setStyle = [&](Qt::ToolButtonStyle style) {
        for (QAction* action : toolbar->actions())
            if (action->isVisible() && (secondary.contains(action) || action->text() == tr("&Open…")))
                if (auto* button = qobject_cast<QToolButton*>(toolbar->widgetForAction(action)))
                    button->setToolButtonStyle(style);
    };
    setStyle(Qt::ToolButtonTextBesideIcon);
    if (toolbar->sizeHint().width() > width()) setStyle(Qt::ToolButtonIconOnly);
}

void MainWindow::updateDocks() {
    // A dock shows what the last run of the chosen algorithm left (its program, its explained steps); with
    // nothing to show, or in presentation mode when the teacher left it out, it stays hidden.
    const bool program = presented(QStringLiteral("program")) && !m_programView->program().isEmpty() &&
                         m_programAlgorithm == m_currentAlgorithm;
    if (program == m_programDock->isHidden()) {
        m_programDock->setVisible(program);
        if (program) proportionDocks();  // the charts keep most of the column
    }
    const bool decisions = presented(QStringLiteral("decisions")) && !m_decisions->isEmpty() &&
                           m_decisionsAlgorithm == m_currentAlgorithm;
    if (decisions == m_decisionDock->isHidden()) {
        m_decisionDock->setVisible(decisions);
        if (decisions) {
            // Room for the sentence, its numbers and a few earlier steps; the log shares the row.
            const int wanted = m_presentation ? height() / 4 : kDecisionDockHeight;
            if (m_decisionDock->height() < wanted) resizeDocks({m_decisionDock}, {wanted}, Qt::Vertical);
            if (!m_presentation) resizeDocks({m_decisionDock}, {width() / 2}, Qt::Horizontal);
        }
    }
}

bool MainWindow::presented(const QString& key) const {
    if (!m_presentation) return true;
    for (const QAction* action : m_presentedPanels)
        if (action->objectName() == QStringLiteral("present_") + key) return action->isChecked();
    return true;
}

void MainWindow::showPresentedPanels() {
    const bool cost = presented(QStringLiteral("costChart"));
    const bool algorithm = presented(QStringLiteral("algorithmChart"));
    m_charts->setChartsShown(cost, algorithm);
    m_chartDock->setVisible(cost || algorithm);
    updateDocks();
}

double MainWindow::zoomLevel() const { return m_presentation ? m_presentationZoom : m_zoom; }

QString MainWindow::zoomSettingsKey(bool presentation) const {
    const QScreen* where = screen();
    return QStringLiteral("%1/%2").arg(presentation ? QStringLiteral("presentationZoom") : QStringLiteral("zoom"),
                                       where ? where->name() : QString());
}

void MainWindow::setZoom(double factor) {
    const double level = factor <= 0 ? (m_presentation ? kPresentationZoom : 1.0) : std::clamp(factor, kMinZoom, kMaxZoom);
    (m_presentation ? m_presentationZoom : m_zoom) = level;
    applyZoom();
    if (m_useSettings) QSettings().setValue(zoomSettingsKey(m_presentation), zoomLevel());
    if (zoomLevel() == level) statusBar()->showMessage(tr("Zoom %1 %").arg(std::lround(level * 100)), 3000);
}

void MainWindow::readZoom() {
    if (!m_useSettings) return;
    const QSettings settings;
    m_zoom = std::clamp(settings.value(zoomSettingsKey(false), 1.0).toDouble(), kMinZoom, kMaxZoom);
    m_presentationZoom =
        std::clamp(settings.value(zoomSettingsKey(true), kPresentationZoom).toDouble(), kMinZoom, kMaxZoom);
}

void MainWindow::applyZoom() {
    // Every text of the window follows its font: the docks, the log, the Decisions, the chart titles, ticks and
    // legends, the board's labels and the status bar.
    auto apply = [this](double level) {
        if (level == 1.0) {
            setFont(QFont());
            setAttribute(Qt::WA_SetFont, false);
        } else {
            QFont zoomed = QApplication::font();
            zoomed.setPointSizeF(QApplication::font().pointSizeF() * level);
            setFont(zoomed);
        }
        const int icon = static_cast<int>(std::lround(20 * level));
        if (auto* toolbar = findChild<QToolBar*>(QStringLiteral("runToolbar"))) toolbar->setIconSize(QSize(icon, icon));
        if (m_presentationToolbar) m_presentationToolbar->setIconSize(QSize(icon * 3 / 2, icon * 3 / 2));
    };
    double& level = m_presentation ? m_presentationZoom : m_zoom;
    apply(level);
    // Never larger than the screen holds: a window whose least size passes the screen spills over its edge
    // under a window manager. The zoom steps back until the window fits, and says so.
    const double wanted = level;
    while (level > 1.0 && !fitsScreen()) {
        level = std::max(1.0, level / kZoomStep);
        apply(level);
    }
    if (level < wanted)
        statusBar()->showMessage(tr("Zoom held at %1 %: larger would not fit this screen").arg(std::lround(level * 100)), 5000);
    m_statusBar->refit();
    if (!m_presentation) fitToolbar();
}

bool MainWindow::fitsScreen() {
    // The new font's sizes reach the layouts through posted layout requests: take them in first.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    const QSize frame = isVisible() ? frameGeometry().size() - geometry().size() : QSize(0, 0);
    const QSize room = screen()->availableGeometry().size() - frame;
    const QSize least = minimumSizeHint();
    return least.width() <= room.width() && least.height() <= room.height();
}

bool MainWindow::event(QEvent* event) {
    // The window's least size grows with what a run shows (a second chart, a longer legend, the Decisions): a
    // zoom that fitted may no longer, so it is checked again once the layout has settled.
    if (event->type() == QEvent::LayoutRequest && zoomLevel() > 1.0 && !m_zoomFitCheck.isActive()) m_zoomFitCheck.start();
    return QMainWindow::event(event);
}

void MainWindow::setPresentationMode(bool on) {
    if (on == m_presentation) return;
    {
        const QSignalBlocker blocker(m_presentationAction);
        m_presentationAction->setChecked(on);
    }
    auto* toolbar = findChild<QToolBar*>(QStringLiteral("runToolbar"));
    if (on) {
        m_statePresentationLeft = saveState();
        m_framePresentationLeft = QRect(pos(), size());  // where the frame stood, and the window's own size
        m_presentation = true;
        // The board, and beside and under it what the teacher chose; the side panel and the log stay behind.
        for (QDockWidget* dock : {m_algorithmDock, m_logDock, findChild<QDockWidget*>(QStringLiteral("libraryDock"))})
            if (dock) dock->hide();
        // Only the run controls, big, with their words, on a toolbar of their own.
        if (toolbar) toolbar->hide();
        if (!m_presentationToolbar) {
            m_presentationToolbar = new QToolBar(tr("Presentation"), this);
            m_presentationToolbar->setObjectName(QStringLiteral("presentationToolbar"));
            m_presentationToolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
            m_presentationToolbar->setMovable(false);
            for (QAction* action : {m_runAction, m_pauseAction, m_stepAction, m_stopAction, m_resetAction})
                m_presentationToolbar->addAction(action);
            m_presentationToolbar->addSeparator();
            m_presentationToolbar->addAction(m_presentationAction);
            addToolBar(Qt::TopToolBarArea, m_presentationToolbar);
        }
        m_presentationToolbar->show();
        menuBar()->hide();
        // The chart column runs the screen's full height; the Decisions strip sits under the board alone.
        setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
        applyZoom();
        showPresentedPanels();
        enterFullScreen();
        m_view->setFocus();
    } else {
        m_presentation = false;
        if (m_presentationToolbar) m_presentationToolbar->hide();
        if (toolbar) toolbar->show();
        menuBar()->show();
        setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
        m_charts->setChartsShown(true, true);
        applyZoom();
        leaveFullScreen();
        restoreState(m_statePresentationLeft);
        updateDocks();
        fitToolbar();
    }
}

QStringList MainWindow::layoutReport() const {
    QStringList report;
    const QRect frame = frameGeometry();
    const QScreen* where = screen();
    auto rectText = [](const QRect& r) { return QStringLiteral("%1,%2,%3x%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height()); };
    report << QStringLiteral("layout state=%1 frame=%2 screen=%3 available=%4 zoom=%5")
                  .arg(isFullScreen() ? QStringLiteral("fullscreen") : isMaximized() ? QStringLiteral("maximized")
                                                                                      : QStringLiteral("normal"),
                       rectText(frame), rectText(where->geometry()), rectText(where->availableGeometry()))
                  .arg(zoomLevel());
    // What a reader at the back would miss: a label cut short, a widget reaching past the window's edge, the
    // status bar's message elided.
    QStringList cut;
    const QRect inside = rect().adjusted(0, 0, 1, 1);
    for (const QWidget* widget : findChildren<QWidget*>()) {
        // Shown, and not behind another (a dock in a tab that is not raised is visible but never drawn).
        if (!widget->isVisible() || widget->window() != this || widget->visibleRegion().isEmpty()) continue;
        const QString name = widget->objectName().isEmpty() ? QString::fromLatin1(widget->metaObject()->className())
                                                            : widget->objectName();
        const QRect placed(widget->mapTo(this, QPoint(0, 0)), widget->size());
        // A child of a scroll area may reach past its viewport; what matters is its scroll area.
        bool scrolled = false;
        for (const QWidget* up = widget->parentWidget(); up && up != this; up = up->parentWidget())
            scrolled = scrolled || qobject_cast<const QAbstractScrollArea*>(up) != nullptr;
        if (!scrolled && !inside.contains(placed)) cut << QStringLiteral("%1(outside %2)").arg(name, rectText(placed));
        const auto* label = qobject_cast<const QLabel*>(widget);
        if (!label || scrolled || label->text().isEmpty()) continue;
        const bool rich = Qt::mightBeRichText(label->text());
        if (label->wordWrap()) {
            if (label->heightForWidth(label->contentsRect().width()) > label->contentsRect().height() + 2)
                cut << QStringLiteral("%1(wrapped text cut)").arg(name);
        } else if (!rich && label->fontMetrics().horizontalAdvance(label->text()) > label->contentsRect().width()) {
            cut << QStringLiteral("%1(cut: '%2')").arg(name, label->text());
        }
    }
    if (!m_statusBar->messageShownInFull()) cut << QStringLiteral("statusMessage(elided)");
    report << QStringLiteral("layout_cut=%1 %2").arg(cut.size()).arg(cut.join(QLatin1Char(' ')));
    QStringList dropped;
    for (const QLabel* field : m_statusBar->droppedFields()) dropped << field->objectName();
    report << QStringLiteral("status_fields_dropped=%1 %2").arg(dropped.size()).arg(dropped.join(QLatin1Char(' ')));
    QStringList legends;
    for (const LiveChart* chart : {m_charts->costChart(), m_charts->progressChart()})
        if (chart->isVisible()) legends << chart->legendLabels().join(QLatin1Char('|'));
    report << QStringLiteral("chart_legends=%1").arg(legends.join(QStringLiteral(" / ")));
    return report;
}

void MainWindow::enterFullScreen() {
    // Full screen on the window's own screen, under a window manager too: nothing in the window may ask for more
    // room than the screen has, or the manager keeps the window's minimum size and it spills over the edge.
    const QRect screenArea = screen()->geometry();
    m_charts->setMinimumWidth(std::min(260, screenArea.width() / 4));
    setWindowState(windowState() | Qt::WindowFullScreen);
    show();
    resizeDocks({m_chartDock}, {std::max(300, screenArea.width() * 30 / 100)}, Qt::Horizontal);
}

void MainWindow::leaveFullScreen() {
    setWindowState(windowState() & ~Qt::WindowFullScreen);
    m_charts->setMinimumWidth(260);
    show();
    // Back where it stood: at once, and again once a window manager has carried out the change of state (it
    // puts the window back itself, its frame rounded at a fractional scale).
    auto restore = [this] {
        if (isFullScreen() || QRect(pos(), size()) == m_framePresentationLeft) return;
        resize(m_framePresentationLeft.size());
        move(m_framePresentationLeft.topLeft());
    };
    restore();
    QTimer::singleShot(300, this, restore);
}

}  // namespace pw::ui
