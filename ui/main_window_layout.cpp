// The window's layout for classrooms: fitted to the screen with the board as its largest part, a toolbar that
// keeps the run controls readable when narrow, the Program and Decisions docks only when they have something to show,
// presentation mode, and the Help menu.

#include "main_window.h"

#include "algorithm_panel.h"
#include "board_view.h"
#include "charts/chart_panel.h"
#include "decision_panel.h"
#include "help_window.h"
#include "program_view.h"

#include <QAbstractSpinBox>
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
#include <QSignalBlocker>
#include <QStyle>
#include <QToolBar>
#include <QTimer>
#include <QToolButton>

#include <algorithm>

namespace pw::ui {

namespace {
// The size the window opens at on a screen with room for it.
constexpr int kPreferredWidth = 1440;
constexpr int kPreferredHeight = 900;
// The Decisions dock's height when it opens.
constexpr int kDecisionDockHeight = 230;
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
    const QSize frame = isVisible() ? frameGeometry().size() - geometry().size() : QSize(0, 0);
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
    // Once shown, the frame the window system adds is known: fit again if it pushed the window over the edge.
    QTimer::singleShot(0, this, [this] {
        if (!m_fitArea.isEmpty() && !isFullScreen() && !isMaximized() && !m_fitArea.contains(frameGeometry()))
            fitWindowTo(m_fitArea);
    });
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
    // nothing to show, or in presentation mode (the board and the charts only), it stays hidden.
    const bool program = !m_presentation && !m_programView->program().isEmpty() && m_programAlgorithm == m_currentAlgorithm;
    if (program == m_programDock->isHidden()) {
        m_programDock->setVisible(program);
        if (program) proportionDocks();  // the charts keep most of the column
    }
    const bool decisions = !m_presentation && !m_decisions->isEmpty() && m_decisionsAlgorithm == m_currentAlgorithm;
    if (decisions == m_decisionDock->isHidden()) {
        m_decisionDock->setVisible(decisions);
        if (decisions) {
            // Room for the sentence, its numbers and a few earlier steps; the log shares the row.
            if (m_decisionDock->height() < kDecisionDockHeight)
                resizeDocks({m_decisionDock}, {kDecisionDockHeight}, Qt::Vertical);
            resizeDocks({m_decisionDock}, {width() / 2}, Qt::Horizontal);
        }
    }
}

void MainWindow::setPresentationMode(bool on) {
    if (on == m_presentation) return;
    m_presentation = on;
    {
        const QSignalBlocker blocker(m_presentationAction);
        m_presentationAction->setChecked(on);
    }
    auto* toolbar = findChild<QToolBar*>(QStringLiteral("runToolbar"));
    if (on) {
        m_statePresentationLeft = saveState();
        m_geometryPresentationLeft = saveGeometry();
        for (QDockWidget* dock : findChildren<QDockWidget*>()) dock->setVisible(dock == m_chartDock);
        // Only the run controls, big, with their words, on a toolbar of their own.
        if (toolbar) toolbar->hide();
        if (!m_presentationToolbar) {
            m_presentationToolbar = new QToolBar(tr("Presentation"), this);
            m_presentationToolbar->setObjectName(QStringLiteral("presentationToolbar"));
            m_presentationToolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
            m_presentationToolbar->setIconSize(QSize(32, 32));
            m_presentationToolbar->setMovable(false);
            for (QAction* action : {m_runAction, m_pauseAction, m_stepAction, m_stopAction, m_resetAction})
                m_presentationToolbar->addAction(action);
            m_presentationToolbar->addSeparator();
            m_presentationToolbar->addAction(m_presentationAction);
            addToolBar(Qt::TopToolBarArea, m_presentationToolbar);
        }
        m_presentationToolbar->show();
        QFont larger = font();
        larger.setPointSizeF(std::max(14.0, QFont().pointSizeF() * 1.5));
        setFont(larger);
        // The chart controls keep their size (the charts' own text grows): the chart column stays narrow.
        m_charts->setFont(QApplication::font());
        m_charts->setPresentation(true);
        showFullScreen();  // resizeEvent gives the chart column its share of the full-screen width
        m_view->setFocus();
    } else {
        m_charts->setPresentation(false);
        m_charts->setFont(QFont());
        m_charts->setAttribute(Qt::WA_SetFont, false);
        setFont(QFont());
        setAttribute(Qt::WA_SetFont, false);
        if (m_presentationToolbar) m_presentationToolbar->hide();
        if (toolbar) toolbar->show();
        showNormal();
        restoreGeometry(m_geometryPresentationLeft);
        restoreState(m_statePresentationLeft);
        updateDocks();
        fitToolbar();
    }
}

}  // namespace pw::ui
