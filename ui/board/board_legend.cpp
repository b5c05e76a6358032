#include "board/board_legend.h"

#include "board/board_model.h"
#include "board/board_view.h"

#include <QEvent>

namespace pw::ui {

namespace {

// A tint as it looks over an empty cell, for a swatch that has no cell under it.
QColor over(const QColor& tint, const QColor& cell) { return mix(cell, QColor(tint.red(), tint.green(), tint.blue()), tint.alphaF()); }

QString swatch(const QColor& fill) {
    return QStringLiteral("<span style=\"background-color:%1;\">&nbsp;&nbsp;&nbsp;&nbsp;</span>").arg(fill.name());
}

QString glyph(const QString& text, const QColor& colour, bool bold) {
    return QStringLiteral("<span style=\"color:%1;%2\">%3</span>")
        .arg(colour.name(), bold ? QStringLiteral(" font-weight:bold;") : QString(), text);
}

}  // namespace

BoardLegend::BoardLegend(Part part, const BoardModel* model, const BoardView* view, QWidget* parent)
    : QLabel(parent), m_part(part), m_model(model), m_view(view) {
    setObjectName(part == Part::Board ? QStringLiteral("boardLegend") : QStringLiteral("stepBoardsLegend"));
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    connect(model, &BoardModel::puzzleChanged, this, &BoardLegend::refresh);
    connect(model, &BoardModel::boardReset, this, &BoardLegend::refresh);
    refresh();
}

void BoardLegend::changeEvent(QEvent* event) {
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) refresh();
}

void BoardLegend::refresh() {
    const BoardColors c = m_view->colors();
    QStringList html;
    QStringList entries;
    auto add = [&](const QString& mark, const QString& text) {
        // An entry never breaks inside; the line wraps between entries.
        html << mark + QStringLiteral("&nbsp;") + text.toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;"));
        entries << text;
    };
    const QString outline = glyph(QStringLiteral("&#9633;"), c.highlight, true);
    const QString digit = QStringLiteral("5");
    if (m_part == Part::StepBoards) {
        add(outline, tr("differs"));
        const QStringList& sources = m_model->sourceNames();
        for (int i = 0; i < sources.size(); ++i) add(swatch(sourceColor(i + 1, c.dark)), tr("from %1").arg(sources[i]));
    } else if (m_model->isSudoku()) {
        add(glyph(digit, c.given, true), tr("given"));
        add(glyph(digit, c.solver, false), tr("algorithm's value"));
        add(glyph(digit, c.user, false), tr("your value"));
    } else {
        add(swatch(c.island) + glyph(QStringLiteral("3"), c.clue, true), tr("clue"));
        add(swatch(c.island), tr("island"));
        add(swatch(c.river), tr("river"));
        add(swatch(c.undecided), tr("undecided"));
    }
    if (m_part == Part::Board) {
        add(outline, tr("step's cells"));
        add(swatch(over(c.lastMove, c.cell)), tr("last move"));
        add(swatch(over(c.conflict, c.cell)), tr("conflict"));
    }
    if (entries == m_entries) return;
    m_entries = entries;
    setText(html.join(QStringLiteral(" &nbsp; ")));
}

}  // namespace pw::ui
