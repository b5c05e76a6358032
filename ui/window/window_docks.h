#pragma once
// The docks around the board — Algorithm and Puzzles on the left, Charts and Program on the right, Log and
// Decisions below — and how they share the screen for a classroom: the window fitted to its screen (again
// once a window manager's frame is known), the side docks only as wide as their contents need so that the
// board is the largest part, and the Program and Decisions docks shown only when they have something to show.

#include <QObject>
#include <QRect>
#include <QTimer>

class QDockWidget;
class QMainWindow;
class QMenu;
class QWidget;

namespace pw::ui {

class ChartPanel;
class DecisionPanel;
class LogPane;
class ProgramView;

class WindowDocks : public QObject {
    Q_OBJECT
public:
    // Creates the docks on `window`, each with its toggle in `viewMenu`.
    WindowDocks(QMainWindow* window, QMenu* viewMenu, QWidget* algorithmPanel, QWidget* library, ChartPanel* charts,
                LogPane* log);

    QDockWidget* algorithmDock() const { return m_algorithm; }
    QDockWidget* libraryDock() const { return m_library; }
    QDockWidget* chartDock() const { return m_chart; }
    QDockWidget* logDock() const { return m_log; }
    QDockWidget* programDock() const { return m_program; }
    QDockWidget* decisionDock() const { return m_decision; }
    ProgramView* programView() const { return m_programView; }
    DecisionPanel* decisionPanel() const { return m_decisions; }

    // The window within `available` (a screen's available geometry), its docks shared out.
    void fitWindowTo(const QRect& available);
    // Fits again when the window manager's frame pushed the window past the area it was fitted to.
    void refitIfOutside();
    // The board gets what the side docks leave.
    void proportion();
    // The Program dock as tall as its program needs, up to 45 % of the window.
    void fitProgramDock();
    // Shows or hides the Program and Decisions docks; in `presentation` the Decisions strip is a quarter of
    // the screen high under the board.
    void showOptionalDocks(bool program, bool decisions, bool presentation);
    // After the window shows: waits for the window manager's frame (every 50 ms, up to 2 s), then says so.
    void watchFrame();

signals:
    void frameKnown();

private:
    void checkFrame();

    QMainWindow* m_window;
    QWidget* m_algorithmPanel;
    QDockWidget* m_algorithm;
    QDockWidget* m_library;
    QDockWidget* m_chart;
    QDockWidget* m_log;
    ProgramView* m_programView;
    QDockWidget* m_program;
    DecisionPanel* m_decisions;
    QDockWidget* m_decision;
    QRect m_fitArea;      // the area the window was last fitted to; refitted once its frame is known
    QTimer m_frameWatch;  // after showing: looks for the window manager's frame
    int m_frameChecks = 0;
    static constexpr int kFrameChecks = 40;
};

}  // namespace pw::ui
