#pragma once
// Small scatter plots side by side: one ScatterPlot per panel in a scrolling grid of as many columns as the
// width allows, each without a legend (the caption above the grid says what the points and the line are); a
// panel with nothing to plot shows its title and a short message instead.

#include <QPointF>
#include <QString>
#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

class QGridLayout;
class QLabel;
class QScrollArea;

namespace pw::ui {

class ScatterPlot;

struct ScatterPanel {
    QString title;
    QString xTitle;
    QString yTitle;
    std::vector<QPointF> points;
    bool logX = false;
    bool logY = false;
    // The data ranges the axes show when not the points' own padded ones: ranks 1..n get axes from 0, where
    // padding would start them a whole tick below it.
    std::optional<std::pair<double, double>> xRange;
    std::optional<std::pair<double, double>> yRange;
    QString message;  // when not empty, shown in place of the plot
    QString toolTip;
};

class ScatterGrid : public QWidget {
    Q_OBJECT
public:
    // A panel is never narrower than this, so that its axes keep their labels; more fit side by side when wider.
    static constexpr int kMinimumPanelWidth = 280;
    static constexpr int kMinimumPanelHeight = 210;

    explicit ScatterGrid(QWidget* parent = nullptr);

    // Replaces every panel; with none, `emptyText` fills the grid.
    void setPanels(std::vector<ScatterPanel> panels, const QString& emptyText = {});
    int panelCount() const { return static_cast<int>(m_cells.size()); }
    int columnCount() const { return m_columns; }
    ScatterPlot* plotAt(int index) const;  // null where the panel shows a message
    QString panelTitle(int index) const;
    QString panelMessage(int index) const;
    QWidget* panelWidget(int index) const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Cell {
        QWidget* widget = nullptr;
        ScatterPlot* plot = nullptr;
        QString title;
        QString message;
    };
    int columnsForWidth(int width) const;
    void placeCells();

    QScrollArea* m_scroll;
    QWidget* m_content;
    QGridLayout* m_grid;
    QLabel* m_empty;
    std::vector<Cell> m_cells;
    int m_columns = 1;
};

}  // namespace pw::ui
