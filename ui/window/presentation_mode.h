#pragma once
// Presentation mode (F11, View menu) and the zoom, for a projector read from the back row: full screen on the
// window's own screen, the board big with what the teacher chose beside it (View ▸ Presentation shows), larger
// text, only the run controls on a toolbar of their own; the docks, the frame's place and size as they were
// when it ends. View ▸ Zoom scales every text of the window, remembered per screen and separately for
// presentation mode, and never past what the screen holds.

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QRect>
#include <QTimer>

class QAction;
class QMainWindow;
class QMenu;
class QToolBar;

namespace pw::ui {

class ChartPanel;
class FittedStatusBar;
class WindowDocks;

class PresentationMode : public QObject {
    Q_OBJECT
public:
    // `useSettings` false neither reads nor writes the teacher's choices and zoom (scripted windows, tests).
    PresentationMode(QMainWindow* window, WindowDocks* docks, ChartPanel* charts, FittedStatusBar* statusBar,
                     bool useSettings);

    // The F11 action, the Presentation shows menu and the Zoom menu, put at the top of `viewMenu`;
    // `runActions` are the run controls the presentation toolbar shows.
    void createActions(QMenu* viewMenu, const QList<QAction*>& runActions);

    bool isOn() const { return m_on; }
    void setOn(bool on);
    // In presentation mode, whether the teacher chose to show this panel ("costChart", "decisions", ...); always
    // true outside it.
    bool presented(const QString& key) const;
    // What presentation mode shows beside the board, for a lesson's slide: each of `keys` on, the others off;
    // the teacher's remembered choice is left as it was.
    void presentPanels(const QStringList& keys);
    // The keys of the panels shown now (all of them outside presentation mode).
    QStringList presentedPanels() const;

    double zoomLevel() const;
    // Every text of the window times `factor` (0: back to the mode's default).
    void setZoom(double factor);
    // The zoom remembered for the window's screen, applied.
    void restoreZoom();
    // Presentation mode asked before a window manager took the window (--presentation) can be lost in the
    // mapping: asked again once the frame is known.
    void reassertFullScreen();
    // The window's least size grows with what a run shows: a zoom that fitted is checked again once the
    // layout has settled.
    void layoutRequested();
    // Full screen keeps the chart column at its share of the width.
    void resized();

signals:
    // The panels shown beside the board may change: the Program and Decisions docks are to be updated.
    void panelsChanged();
    // The run toolbar is back or its text larger: it is to be fitted to the window's width.
    void toolbarChanged();

private:
    void showPresentedPanels();
    QString zoomSettingsKey(bool presentation) const;
    void applyZoom();
    // Whether the window's least size fits its screen's available area with the frame.
    bool fitsScreen();
    void enterFullScreen();
    void leaveFullScreen();
    // The chart column beside the board: 30 % of `width`, at least 300 pixels.
    void giveChartsTheirShare(int width);
    QToolBar* runToolbar() const;

    QMainWindow* m_window;
    WindowDocks* m_docks;
    ChartPanel* m_charts;
    FittedStatusBar* m_statusBar;
    bool m_useSettings;
    bool m_on = false;
    QAction* m_action = nullptr;
    QList<QAction*> m_runActions;
    QToolBar* m_toolbar = nullptr;      // the run controls alone, big, in presentation mode
    QList<QAction*> m_presentedPanels;  // View ▸ Presentation shows: one checkable action per panel
    bool m_keepChoice = false;          // a lesson sets the panels: the teacher's settings stay as they were
    QTimer m_zoomFitCheck;              // single shot: the zoom checked again once a grown layout has settled
    double m_zoom = 1.0;
    double m_presentationZoom = 1.5;
    QByteArray m_stateLeft;  // the docks and toolbars before presentation mode
    QRect m_frameLeft;       // the frame's position and the window's size before presentation mode
};

}  // namespace pw::ui
