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

void BoardLegend::describeStepBoards(bool compared, const QString& sourcesCaption) {
    m_compared = compared;
    m_sourcesCaption = sourcesCaption;
    m_entries.clear();  // the caption is not an entry: redraw even when the entries stay the same
    refresh();
}

void BoardLegend::refresh() {
    const BoardColors c = m_view->colors();
    QStringList html;
    QStringList entries;
    QStringList meanings;
    // The line says each entry in a word or two, so that the main board's legend keeps to one line at 1024×768
    // and the board keeps its height; the tooltip says each in full.
    auto add = [&](const QString& mark, const QString& text, const QString& meaning) {
        // An entry never breaks inside; the line wraps between entries.
        html << mark + QStringLiteral("&nbsp;") + text.toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;"));
        entries << text;
        meanings << QStringLiteral("<b>%1</b>: %2").arg(text.toHtmlEscaped(), meaning.toHtmlEscaped());
    };
    const QString outline = glyph(QStringLiteral("&#9633;"), c.highlight, true);
    const QString digit = QStringLiteral("5");
    if (m_part == Part::StepBoards) {
        if (m_compared) add(outline, tr("differs"), tr("the two boards hold different values here"));
        const QStringList& sources = m_model->sourceNames();
        if (!sources.isEmpty() && !m_sourcesCaption.isEmpty())
            html << QStringLiteral("<i>%1:</i>").arg(m_sourcesCaption.toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;")));
        for (int i = 0; i < sources.size(); ++i)
            add(swatch(sourceColor(i + 1, c.dark)), sources[i],
                tr("the upper board's %1: %2").arg(m_sourcesCaption.isEmpty() ? tr("value") : m_sourcesCaption, sources[i]));
    } else if (m_model->isSudoku()) {
        add(glyph(digit, c.given, true), tr("given"), tr("a clue of the puzzle"));
        add(glyph(digit, c.solver, false), tr("solver"), tr("a value the algorithm placed"));
        add(glyph(digit, c.user, false), tr("yours"), tr("a value you typed"));
    } else {
        add(swatch(c.island) + glyph(QStringLiteral("3"), c.clue, true), tr("clue"), tr("a numbered cell: the size of its island"));
        add(swatch(c.island), tr("island"), tr("a white cell"));
        add(swatch(c.river), tr("river"), tr("a black cell"));
        add(swatch(c.undecided), tr("undecided"), tr("neither island nor river yet"));
    }
    if (m_part == Part::Board) {
        add(outline, tr("step"), tr("the cells the latest step is about, named in the Decisions dock"));
        add(swatch(over(c.lastMove, c.cell)), tr("last move"), tr("the cells the last move changed"));
        add(swatch(over(c.conflict, c.cell)), tr("conflict"), tr("a value that breaks a rule of the puzzle"));
    }
    if (entries == m_entries) return;
    m_entries = entries;
    setText(html.join(QStringLiteral(" &nbsp; ")));
    setToolTip(meanings.join(QStringLiteral("<br>")));
}

}  // namespace pw::ui
