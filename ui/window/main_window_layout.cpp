// The window's layout for classrooms: the docks (window_docks.h) and presentation mode with the zoom
// (presentation_mode.h) wired to the window, a toolbar that keeps the run controls readable when narrow, the
// Program and Decisions docks only when they have something to show, the layout report, and the Help menu.

#include "window/main_window.h"

#include "window/presentation_mode.h"
#include "window/window_docks.h"

#include "run/algorithm_panel.h"
#include "board/board_view.h"
#include "charts/chart_panel.h"
#include "charts/live_chart.h"
#include "run/decision_panel.h"
#include "run/run_status_bar.h"
#include "run/log_pane.h"
#include "window/help_window.h"
#include "run/program_view.h"

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

void MainWindow::createLayoutActions() {
    m_presentation->createActions(m_viewMenu, {m_runAction, m_pauseAction, m_stepAction, m_stopAction, m_resetAction});

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

void MainWindow::fitWindowTo(const QRect& available) { m_docks->fitWindowTo(available); }

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    m_docks->watchFrame();
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    if (!m_presentation) return;  // constructing
    if (m_presentation->isOn()) m_presentation->resized();
    else fitToolbar();
}

bool MainWindow::event(QEvent* event) {
    if (event->type() == QEvent::LayoutRequest && m_presentation) m_presentation->layoutRequested();
    return QMainWindow::event(event);
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
    const bool program = m_presentation->presented(QStringLiteral("program")) && !m_programView->program().isEmpty() &&
                         m_programAlgorithm == m_currentAlgorithm;
    const bool decisions = m_presentation->presented(QStringLiteral("decisions")) && !m_decisions->isEmpty() &&
                           m_decisionsAlgorithm == m_currentAlgorithm;
    m_docks->showOptionalDocks(program, decisions, m_presentation->isOn());
    fitLessonStrip();
}

void MainWindow::setPresentationMode(bool on) { m_presentation->setOn(on); }

bool MainWindow::presentationMode() const { return m_presentation->isOn(); }

void MainWindow::setZoom(double factor) { m_presentation->setZoom(factor); }

double MainWindow::zoomLevel() const { return m_presentation->zoomLevel(); }

QDockWidget* MainWindow::decisionDock() const { return m_docks->decisionDock(); }

FittedStatusBar* MainWindow::fittedStatusBar() const { return m_statusBar; }

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

}  // namespace pw::ui
