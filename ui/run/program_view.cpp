#include "run/program_view.h"

#include "sudoku/heuristic_moves.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace pw::ui {

namespace {
// The strip's layout in pixels: a move's box and the gap between boxes, the margin around them, the header line
// above and the legend below.
constexpr int kBox = 22, kGap = 3;
constexpr int kMargin = 6;
constexpr int kHeader = 22, kLegend = 34;
}  // namespace

ProgramView::ProgramView(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setMinimumHeight(kHeader + kBox + kLegend + 2 * kMargin);
    setAccessibleName(tr("Program of heuristic moves"));
}

void ProgramView::setProgram(const QString& program, double fitness) {
    const bool reflow = program.size() != m_program.size();
    m_program = program;
    m_fitness = fitness;
    m_highlight = -1;
    if (reflow) fitHeight();
    update();
}

void ProgramView::setHighlight(int position) {
    m_highlight = position;
    update();
}

void ProgramView::clear() { setProgram({}, 0); }

// Docks do not ask for height for width: the minimum height follows the wrapped program instead.
void ProgramView::fitHeight() { setMinimumHeight(heightForWidth(std::max(width(), 200))); }

void ProgramView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitHeight();
}

int ProgramView::boxesPerLine(int width) const { return std::max(1, (width - 2 * kMargin + kGap) / (kBox + kGap)); }

int ProgramView::heightForWidth(int width) const {
    const int lines = std::max<int>(1, (static_cast<int>(m_program.size()) + boxesPerLine(width) - 1) / boxesPerLine(width));
    return 2 * kMargin + kHeader + lines * (kBox + kGap) + kLegend;
}

QRect ProgramView::boxRect(int index, int width) const {
    const int perLine = boxesPerLine(width);
    return {kMargin + (index % perLine) * (kBox + kGap), kMargin + kHeader + (index / perLine) * (kBox + kGap), kBox, kBox};
}

void ProgramView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette& p = palette();
    painter.fillRect(rect(), p.color(QPalette::Base));
    painter.setPen(p.color(QPalette::Text));
    const QString header = m_program.isEmpty()
                               ? tr("Programs of heuristic moves appear here when gp or gp-random runs.")
                               : m_highlight >= 0 ? tr("Replaying move %1 of %2: %3")
                                                        .arg(m_highlight + 1)
                                                        .arg(m_program.size())
                                                        .arg(QString::fromStdString(heuristicMoveName(m_program[m_highlight].toLatin1())))
                                                  : tr("Best program: %n move(s), fitness %1 (empty cells left)", nullptr,
                                                       static_cast<int>(m_program.size()))
                                                        .arg(m_fitness);
    painter.drawText(QRect(kMargin, kMargin, width() - 2 * kMargin, kHeader), Qt::AlignLeft | Qt::AlignVCenter, header);
    QFont font = painter.font();
    font.setFamily(QStringLiteral("monospace"));
    font.setBold(true);
    painter.setFont(font);
    const QColor accent = p.color(QPalette::Highlight);
    for (int i = 0; i < static_cast<int>(m_program.size()); ++i) {
        const QRect box = boxRect(i, width());
        const bool current = i == m_highlight;
        const bool done = m_highlight >= 0 && i < m_highlight;
        QColor fill = current ? accent : p.color(QPalette::AlternateBase);
        if (done) fill = p.color(QPalette::Mid).lighter(150);
        painter.setPen(QPen(current ? accent.darker(130) : p.color(QPalette::Mid), 1));
        painter.setBrush(fill);
        painter.drawRoundedRect(QRectF(box).adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
        painter.setPen(current ? p.color(QPalette::HighlightedText) : p.color(QPalette::Text));
        painter.drawText(box, Qt::AlignCenter, m_program.mid(i, 1));
    }
    QFont small = font;
    small.setBold(false);
    small.setPointSizeF(font.pointSizeF() * 0.85);
    painter.setFont(small);
    painter.setPen(p.color(QPalette::PlaceholderText));
    painter.drawText(QRect(kMargin, height() - kMargin - kLegend, width() - 2 * kMargin, kLegend),
                     Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
                     tr("r c b: row, column, block move · w l k: 3-row, 3-column, 3-block move · 3 4 2: try-row, "
                        "try-column, try-block move"));
}

bool ProgramView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        for (int i = 0; i < static_cast<int>(m_program.size()); ++i) {
            if (boxRect(i, width()).contains(help->pos())) {
                QToolTip::showText(help->globalPos(), tr("%1. %2").arg(i + 1).arg(QString::fromStdString(
                                                                       heuristicMoveName(m_program[i].toLatin1()))));
                return true;
            }
        }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    return QWidget::event(event);
}

}  // namespace pw::ui
