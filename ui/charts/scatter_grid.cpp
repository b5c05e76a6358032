#include "charts/scatter_grid.h"

#include "charts/scatter_plot.h"

#include <QFrame>
#include <QGridLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>

namespace pw::ui {

namespace {

constexpr int kSpacing = 6;

// The plot of a panel: a compact ScatterPlot (the grid's caption names the series once for all), so that a small
// panel gives its room to the points, on the panel's shared axis ranges.
ScatterPlot* compactPlot(const ScatterPanel& panel, QWidget* parent) {
    auto* plot = new ScatterPlot(parent);
    plot->setMinimumSize(ScatterGrid::kMinimumPanelWidth, ScatterGrid::kMinimumPanelHeight);
    plot->setCompact(true);
    plot->setLogX(panel.logX);
    plot->setLogY(panel.logY);
    plot->setRanges(panel.xRange, panel.yRange);
    plot->setData(panel.title, panel.xTitle, panel.yTitle, panel.points);
    return plot;
}

QWidget* messagePanel(const ScatterPanel& panel, QWidget* parent) {
    auto* frame = new QFrame(parent);
    frame->setFrameShape(QFrame::StyledPanel);
    frame->setMinimumSize(ScatterGrid::kMinimumPanelWidth, ScatterGrid::kMinimumPanelHeight);
    auto* layout = new QVBoxLayout(frame);
    auto* title = new QLabel(panel.title, frame);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    title->setAlignment(Qt::AlignHCenter);
    title->setWordWrap(true);
    auto* message = new QLabel(panel.message, frame);
    message->setAlignment(Qt::AlignCenter);
    message->setWordWrap(true);
    layout->addWidget(title);
    layout->addWidget(message, 1);
    return frame;
}

}  // namespace

ScatterGrid::ScatterGrid(QWidget* parent)
    : QWidget(parent), m_scroll(new QScrollArea(this)), m_content(new QWidget), m_grid(new QGridLayout(m_content)),
      m_empty(new QLabel(m_content)) {
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(kSpacing);
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_scroll->setWidget(m_content);
    m_scroll->setWidgetResizable(true);  // the rows fill the height when they fit, else they scroll
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);  // the columns follow the width instead
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_scroll);
    setMinimumWidth(kMinimumPanelWidth + style()->pixelMetric(QStyle::PM_ScrollBarExtent) + kSpacing);
    placeCells();
}

void ScatterGrid::setPanels(std::vector<ScatterPanel> panels, const QString& emptyText) {
    for (Cell& cell : m_cells) delete cell.widget;
    m_cells.clear();
    m_cells.reserve(panels.size());
    for (const ScatterPanel& panel : panels) {
        Cell cell;
        cell.title = panel.title;
        cell.message = panel.message;
        if (panel.message.isEmpty()) {
            cell.plot = compactPlot(panel, m_content);
            cell.widget = cell.plot;
        } else {
            cell.widget = messagePanel(panel, m_content);
        }
        cell.widget->setToolTip(panel.toolTip);
        m_cells.push_back(cell);
    }
    m_empty->setText(emptyText);
    m_columns = columnsForWidth(width());
    placeCells();
}

ScatterPlot* ScatterGrid::plotAt(int index) const {
    return index >= 0 && index < panelCount() ? m_cells[static_cast<std::size_t>(index)].plot : nullptr;
}

QString ScatterGrid::panelTitle(int index) const {
    return index >= 0 && index < panelCount() ? m_cells[static_cast<std::size_t>(index)].title : QString();
}

QString ScatterGrid::panelMessage(int index) const {
    return index >= 0 && index < panelCount() ? m_cells[static_cast<std::size_t>(index)].message : QString();
}

QWidget* ScatterGrid::panelWidget(int index) const {
    return index >= 0 && index < panelCount() ? m_cells[static_cast<std::size_t>(index)].widget : nullptr;
}

int ScatterGrid::columnsForWidth(int width) const {
    // The vertical scroll bar may come and go with the rows: leave room for it so the columns do not flicker.
    const int available = width - style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    const int fitting = std::max(1, (available + kSpacing) / (kMinimumPanelWidth + kSpacing));
    return std::clamp(fitting, 1, std::max(1, panelCount()));
}

void ScatterGrid::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    const int columns = columnsForWidth(event->size().width());
    if (columns != m_columns) {
        m_columns = columns;
        placeCells();
    }
}

void ScatterGrid::placeCells() {
    while (m_grid->count() > 0) delete m_grid->takeAt(0);  // the layout items only: the widgets stay
    for (int column = 0; column < m_grid->columnCount(); ++column) m_grid->setColumnStretch(column, 0);
    for (int row = 0; row < m_grid->rowCount(); ++row) m_grid->setRowStretch(row, 0);
    m_empty->setVisible(m_cells.empty());
    if (m_cells.empty()) {
        m_grid->addWidget(m_empty, 0, 0);
        return;
    }
    for (int index = 0; index < panelCount(); ++index) {
        QWidget* widget = m_cells[static_cast<std::size_t>(index)].widget;
        m_grid->addWidget(widget, index / m_columns, index % m_columns);
        widget->show();  // at once, not when the layout's queued show comes: a grab right after sees the plots
    }
    for (int column = 0; column < m_columns; ++column) m_grid->setColumnStretch(column, 1);
    for (int row = 0; row < (panelCount() + m_columns - 1) / m_columns; ++row) m_grid->setRowStretch(row, 1);
}

}  // namespace pw::ui
