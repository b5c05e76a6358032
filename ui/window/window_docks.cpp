#include "window/window_docks.h"

#include "charts/chart_panel.h"
#include "run/decision_panel.h"
#include "run/log_pane.h"
#include "run/program_view.h"
#include "tools/screen_fit.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QScrollArea>
#include <QStyle>

#include <algorithm>

namespace pw::ui {

namespace {
// The size the window opens at on a screen with room for it.
constexpr int kPreferredWidth = 1440;
constexpr int kPreferredHeight = 900;
// The Decisions dock's height when it opens.
constexpr int kDecisionDockHeight = 230;

QScrollArea* scrolled(QMainWindow* window, QWidget* widget) {
    auto* scroll = new QScrollArea(window);
    scroll->setWidget(widget);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
}
}  // namespace

WindowDocks::WindowDocks(QMainWindow* window, QMenu* viewMenu, QWidget* algorithmPanel, QWidget* library,
                         ChartPanel* charts, LogPane* log)
    : QObject(window), m_window(window), m_algorithmPanel(algorithmPanel) {
    auto dock = [window, viewMenu](const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, window);
        d->setObjectName(name);
        d->setWidget(widget);
        window->addDockWidget(area, d);
        viewMenu->addAction(d->toggleViewAction());
        return d;
    };
    QScrollArea* panelScroll = scrolled(window, algorithmPanel);
    panelScroll->setMinimumWidth(220);
    m_algorithm = dock(tr("Algorithm"), QStringLiteral("algorithmDock"), panelScroll, Qt::LeftDockWidgetArea);
    m_library = dock(tr("Puzzles"), QStringLiteral("libraryDock"), library, Qt::LeftDockWidgetArea);
    window->tabifyDockWidget(m_library, m_algorithm);
    m_algorithm->raise();
    m_chart = dock(tr("Charts"), QStringLiteral("chartDock"), charts, Qt::RightDockWidgetArea);
    charts->setMinimumWidth(260);
    m_log = dock(tr("Log"), QStringLiteral("logDock"), log, Qt::BottomDockWidgetArea);
    m_programView = new ProgramView(window);
    // A long program scrolls in its dock rather than growing the window past the screen.
    QScrollArea* programScroll = scrolled(window, m_programView);
    programScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_program = dock(tr("Program"), QStringLiteral("programDock"), programScroll, Qt::RightDockWidgetArea);
    window->splitDockWidget(m_chart, m_program, Qt::Vertical);
    m_program->hide();  // shown when a program of heuristic moves arrives
    // Beside the log, whose lines are the same sentences: the charts keep their height.
    m_decisions = new DecisionPanel(window);
    m_decision = dock(tr("Decisions"), QStringLiteral("decisionDock"), m_decisions, Qt::BottomDockWidgetArea);
    window->splitDockWidget(m_log, m_decision, Qt::Horizontal);
    m_decision->hide();  // shown when a step is explained: algorithms that explain none leave it hidden
    window->resizeDocks({m_chart}, {520}, Qt::Horizontal);
    window->resizeDocks({m_log}, {130}, Qt::Vertical);
    m_frameWatch.setInterval(50);
    connect(&m_frameWatch, &QTimer::timeout, this, &WindowDocks::checkFrame);
}

void WindowDocks::fitWindowTo(const QRect& available) {
    if (m_window->isFullScreen() || available.isEmpty()) return;
    m_fitArea = available;
    // The frame a window manager adds is known once the window is shown; before, the whole area is used and a
    // window manager fits the frame in when it maps the window.
    const QSize room = available.size() - (m_window->isVisible() ? frameAllowance(m_window) : QSize(0, 0));
    const QSize size(std::min(kPreferredWidth, room.width()), std::min(kPreferredHeight, room.height()));
    m_window->resize(size);
    m_window->move(available.left() + (room.width() - size.width()) / 2, available.top() + (room.height() - size.height()) / 2);
    proportion();
}

void WindowDocks::refitIfOutside() {
    if (!m_fitArea.isEmpty() && !m_window->isFullScreen() && !m_window->isMaximized() &&
        !m_fitArea.contains(m_window->frameGeometry()))
        fitWindowTo(m_fitArea);
}

void WindowDocks::proportion() {
    // The board gets what the side docks leave: they take what their contents need at this width, no more.
    // The side panel as wide as its narrowest layout needs (with room for its vertical scroll bar), so that it
    // never scrolls sideways.
    const int width = m_window->width();
    const int panelNeeds = m_algorithmPanel->minimumSizeHint().width() +
                           m_window->style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 8;
    const int sidePanel = std::max(std::clamp(width * 27 / 100, 280, 340), std::min(panelNeeds, 380));
    const int charts = std::clamp(width * 28 / 100, 290, 520);
    const int log = std::clamp(m_window->height() * 12 / 100, 72, 130);
    m_window->resizeDocks({m_algorithm, m_chart}, {sidePanel, charts}, Qt::Horizontal);
    m_window->resizeDocks({m_log}, {log}, Qt::Vertical);
    fitProgramDock();
}

void WindowDocks::fitProgramDock() {
    if (m_program->isHidden()) return;
    // As tall as the wrapped program needs, up to 45 % of the window: the charts keep the rest of the column
    // (a longer program scrolls).
    const int title = std::max(0, m_program->height() - m_program->widget()->height());
    const int wanted = m_programView->heightForWidth(m_program->widget()->width()) + title + 4;
    m_window->resizeDocks({m_program}, {std::min(wanted, m_window->height() * 45 / 100)}, Qt::Vertical);
}

void WindowDocks::showOptionalDocks(bool program, bool decisions, bool presentation) {
    if (program == m_program->isHidden()) {
        m_program->setVisible(program);
        if (program) proportion();  // the charts keep most of the column
    }
    if (decisions == m_decision->isHidden()) {
        m_decision->setVisible(decisions);
        if (decisions) {
            // Room for the sentence, its numbers and a few earlier steps; the log shares the row.
            const int wanted = presentation ? m_window->height() / 4 : kDecisionDockHeight;
            if (m_decision->height() < wanted) m_window->resizeDocks({m_decision}, {wanted}, Qt::Vertical);
            if (!presentation) m_window->resizeDocks({m_decision}, {m_window->width() / 2}, Qt::Horizontal);
        }
    }
}

void WindowDocks::watchFrame() {
    // A window manager adds its frame (a title bar, borders) some time after the window is mapped. Until it
    // does, the frame is not known; once it is, the window may need fitting again (the status bar with its
    // "what to press" line below the screen). Without a window manager no frame comes.
    m_frameChecks = 0;
    m_frameWatch.start();
}

void WindowDocks::checkFrame() {
    const bool framed = m_window->frameGeometry() != m_window->geometry();
    if (!framed && ++m_frameChecks < kFrameChecks) return;
    m_frameWatch.stop();
    emit frameKnown();
}

}  // namespace pw::ui
