#include "window/help_window.h"

#include "algorithms/registry.h"
#include "puzzle/puzzle.h"
#include "study/generator.h"

#include <QAction>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QListWidget>
#include <QMap>
#include <QTextBrowser>

#include <algorithm>

namespace pw::ui {

namespace {

QString escaped(const std::string& text) { return QString::fromStdString(text).toHtmlEscaped(); }

QString page(const QString& title, const QString& body) {
    return QStringLiteral("<h2>%1</h2>%2").arg(title.toHtmlEscaped(), body);
}

QString row(const QString& term, const QString& meaning) {
    return QStringLiteral("<tr><td style='padding-right:12px'><b>%1</b></td><td>%2</td></tr>").arg(term, meaning);
}

// A picture of the window (resources/help, made by scripts/help-illustrations.sh), centred under its step.
QString illustration(const char* name, const QString& description) {
    return QStringLiteral("<p align='center'><img src=':/help/%1' alt='%2'></p>")
        .arg(QString::fromLatin1(name), description.toHtmlEscaped());
}

// A page of the user manual (docs/manual/ of the project's repository), opened in the browser: the manual is
// Markdown with pictures, which the repository's site shows as pages and a text browser does not.
QString manualLink(const char* page, const QString& text) {
    return QStringLiteral("<a href='https://github.com/puzzle-workbench/puzzle-workbench/blob/main/docs/manual/%1'>%2</a>")
        .arg(QString::fromLatin1(page), text.toHtmlEscaped());
}

}  // namespace

QString gettingStartedHtml() {
    // Each %N is a picture of the window or a link to the manual's page, filled in below the text.
    const QString steps = QObject::tr(
        "<p>The workbench shows a puzzle-solving algorithm at work, move by move.</p>"
        "<ol>"
        "<li><b>Choose a puzzle</b> in the <i>Puzzles</i> tab on the left, or with File ▸ Open, File ▸ New ▸ "
        "Generate… or File ▸ Paste puzzle.</li>"
        "<li><b>Choose an algorithm</b> in the <i>Algorithm</i> tab. Its parameters are below it; a value out of "
        "range is marked in red with the range it must keep, and Run waits until it is fixed.%1</li>"
        "<li><b>Press Run (F5)</b> and watch: the board shows every move, the <i>Cost</i> chart how far the board "
        "is from a solution (0 = solved), the <i>Algorithm</i> chart what the algorithm steers by (temperature for "
        "annealing, the population for evolutionary methods).%2"
        "<b>Step (F10)</b> goes one step at a time and <b>Step back (Shift+F10)</b> back to the paused run's "
        "earlier steps, <b>Pause (F6)</b> holds and resumes, <b>Stop (Esc)</b> ends "
        "the run, <b>Reset (Ctrl+R)</b> puts the givens back. The <i>Speed</i> slider sets the pace (Ctrl+Plus, "
        "Ctrl+Minus). More in the manual: %3.%4</li>"
        "<li><b>Read about it</b>: F1 opens the page of the chosen algorithm — its idea, what one step is, its "
        "parameters and its paper. The Glossary explains the words the window uses.</li>"
        "<li><b>Compare</b>: Tools ▸ Compare runs several algorithm settings many times on a puzzle or a set and "
        "draws how fast each brings the cost down (%5).%6</li>"
        "<li><b>In class</b>: View ▸ Presentation mode (F11) fills the screen with the board and what View ▸ "
        "Presentation shows ticks (cost chart, temperature or population, Decisions, program); View ▸ Zoom "
        "(Ctrl+Alt+=, Ctrl+Alt+-, Ctrl+Alt+0) makes every text larger for the back of the room. To show a refused "
        "annealing move, choose Run ▸ Run until ▸ Next refusal (Ctrl+Alt+1): the run pauses on it, its sentence in "
        "the Decisions dock. F11 in the Compare view shows its charts full screen (%7).</li>"
        "</ol>"
        "<p>To solve a puzzle yourself, click a cell and type its digit; P switches to pencil marks, H gives a hint "
        "(press again for more), Ctrl+K checks the board (%8). Tools ▸ Difficulty lab rates puzzle sets (%9).</p>"
        "<p>The %10 also covers recordings, races, exporting animations and the command line.</p>");
    return page(QObject::tr("Getting started"),
                steps.arg(illustration("choose-algorithm.png", QObject::tr("The Algorithm tab: the chosen algorithm and its idea")),
                          illustration("watch-a-run.png", QObject::tr("Annealing mid-run: the board and its two charts")),
                          manualLink("window.md", QObject::tr("the window and run control")),
                          illustration("run-controls.png", QObject::tr("The toolbar: Run, Pause, Step and what one "
                                                                       "step is, Stop, Reset, the speed")),
                          manualLink("compare.md", QObject::tr("Compare and statistics")),
                          illustration("compare.png", QObject::tr("The Compare view: the median best cost of three settings")),
                          manualLink("teaching.md", QObject::tr("teaching and presentation")),
                          manualLink("hand-solving.md", QObject::tr("solving by hand")),
                          manualLink("difficulty-lab.md", QObject::tr("the Difficulty lab")))
                    .arg(manualLink("README.md", QObject::tr("user manual"))));
}

QString algorithmHelpHtml(const AlgorithmInfo& info) {
    QString body;
    body += QObject::tr("<p><i>%1</i> · puzzles: %2</p>")
                .arg(QString::fromUtf8(algorithmFamilyName(info.family)).toHtmlEscaped(), [&] {
                    QStringList kinds;
                    for (PuzzleKind kind : info.kinds) kinds.append(QString::fromUtf8(puzzleKindName(kind)));
                    return kinds.join(QStringLiteral(", "));
                }());
    body += QObject::tr("<h3>Idea and representation</h3><p>%1</p>").arg(escaped(info.summary));
    body += QObject::tr("<h3>One step</h3><p>%1. Step (F10) advances by one step; the status bar counts them, and "
                        "the evaluations (how many boards the cost was computed for).</p>")
                .arg(escaped(info.stepMeaning));
    body += QObject::tr("<h3>Parameters</h3>");
    if (info.parameters.empty()) {
        body += QObject::tr("<p>None.</p>");
    } else {
        body += QStringLiteral("<table cellspacing='0' cellpadding='3'>");
        body += QObject::tr("<tr><th align='left'>name</th><th align='left'>allowed</th><th align='left'>default</th>"
                            "<th align='left'>meaning</th></tr>");
        for (const ParameterSpec& spec : info.parameters) {
            QString meaning = escaped(spec.help);
            if (!spec.citation.empty()) meaning += QStringLiteral("<br><i>%1</i>").arg(escaped(spec.citation));
            body += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td><td>%3</td><td>%4</td></tr>")
                        .arg(escaped(spec.key), escaped(spec.allowedText()), escaped(formatParameterValue(spec.defaultValue)),
                             meaning);
        }
        body += QStringLiteral("</table>");
    }
    body += QObject::tr("<h3>What the charts show</h3><p>The <i>Cost</i> chart draws the current board's cost and "
                        "the best so far (0 = solved)");
    if (!info.costParts.empty()) {
        QStringList parts;
        for (const std::string& part : info.costParts) parts.append(escaped(part));
        body += QObject::tr(", and one line per part of the cost: %1").arg(parts.join(QStringLiteral(", ")));
    }
    body += QObject::tr(". The <i>Algorithm</i> chart shows what the algorithm reports beyond its cost — temperature "
                        "and acceptance ratio with reheats for annealing, the population's worst, mean and best for "
                        "population methods — and stays hidden when there is nothing.</p>");
    if (!info.usesSeed) body += QObject::tr("<p>The algorithm does not use the random seed: every run is the same.</p>");
    body += QObject::tr("<h3>Paper</h3><p>%1</p>").arg(escaped(info.paper));
    return page(QString::fromStdString(info.name), body);
}

QString shortcutsHtml(const QWidget* window) {
    QMap<QString, QString> byName;  // sorted by the action's words
    if (window)
        for (const QAction* action : window->findChildren<QAction*>()) {
            if (action->shortcuts().isEmpty() || action->text().isEmpty()) continue;
            QStringList keys;
            for (const QKeySequence& key : action->shortcuts()) keys.append(key.toString(QKeySequence::NativeText));
            QString name = action->text();
            name.remove(QLatin1Char('&'));
            name.remove(QStringLiteral("…"));
            byName.insert(name, keys.join(QStringLiteral(", ")));
        }
    QString body = QStringLiteral("<table cellspacing='0' cellpadding='3'>");
    for (auto it = byName.cbegin(); it != byName.cend(); ++it) body += row(it.value().toHtmlEscaped(), it.key().toHtmlEscaped());
    body += QStringLiteral("</table>");
    body += QObject::tr("<h3>On the board</h3><table cellspacing='0' cellpadding='3'>") +
            row(QObject::tr("arrow keys"), QObject::tr("move the selected cell")) +
            row(QObject::tr("a digit"), QObject::tr("put it in the selected cell (a pencil mark in pencil marks mode, "
                                                   "or with Alt)")) +
            row(QObject::tr("Delete, Backspace, 0"), QObject::tr("clear the cell")) +
            row(QObject::tr("Space"), QObject::tr("on a Nurikabe, cycle the cell through its states")) + QStringLiteral("</table>");
    return page(QObject::tr("Keyboard shortcuts"), body);
}

QString glossaryHtml() {
    // Term and meaning, translated where shown; a meaning's %1 is the runs the serate averages over.
    static const char* const terms[][2] = {
        {"move",
         "One change to the board: a value placed or removed, two cells swapped, a "
         "Nurikabe cell painted. The board animates moves."},
        {"step",
         "The unit an algorithm advances by when you press Step: one proposal for "
         "annealing, one iteration for tabu search, one generation for a genetic "
         "algorithm. Each algorithm's page says what its step is."},
        {"evaluation",
         "One computation of the cost of a board. A step may evaluate one "
         "board (annealing) or a whole neighbourhood (tabu search), so "
         "evaluations compare algorithms more fairly than steps."},
        {"cost",
         "How far a board is from a solution, in the algorithm's own measure (for "
         "most Sudoku methods the digits missing from rows and columns). 0 means "
         "solved."},
        {"temperature",
         "Simulated annealing's willingness to accept a worse board: a move "
         "that raises the cost by Δ is accepted with probability e^(−Δ/t). "
         "It falls as the run cools."},
        {"acceptance ratio",
         "The share of proposed moves accepted since the last sample."},
        {"reheat",
         "Raising the temperature again when the search has frozen, to leave a "
         "local minimum."},
        {"harmony memory",
         "Harmony search's store of the best boards so far; a new board is "
         "composed cell by cell from values in the memory, sometimes "
         "adjusted or drawn at random."},
        {"group table",
         "In the multistage genetic algorithm, each empty cell's list of "
         "digits its row, column and box do not rule out; cycles fix cells "
         "in it and so shrink the search."},
        {"tabu tenure",
         "For how many iterations tabu search forbids undoing a recent move, "
         "so that it does not circle back."},
        {"population, generation",
         "A genetic algorithm keeps a population of candidate "
         "boards or programs; one generation breeds, mutates and "
         "selects a new population."},
        {"heat map",
         "A colour per cell from the run (when a cell was last changed, in "
         "which order cells were filled), with its scale under the board."},
        {"seed",
         "The starting number of the random generator: the same seed and "
         "parameters give the same run, step for step."},
        {"level",
         "The hardest technique the logic solver needs for a Sudoku, shown "
         "in the status bar: singles, locked (locked candidates), pairs (naked "
         "and hidden pairs), or search when those techniques get stuck."},
        {"serate",
         "Pelánek's rating of a Sudoku, shown beside its level: a model "
         "solver places singles and, when none applies, refutes a cell's wrong "
         "candidates by trying them; a refutation scores the singles it takes. "
         "The serate is the hardest refutation of a run, averaged over %1 runs: "
         "0 when singles solve the puzzle without any refutation (every puzzle "
         "of level singles, some of level locked), 3.8 for Sato and Inoue's "
         "difficult 24, 57 for AI Escargot."},
        {"ERT",
         "Expected running time: the evaluations (or steps, seconds) spent by all "
         "runs divided by the number that solved the puzzle."},
        {"ECDF",
         "The share of runs solved within a given cost: the run-length "
         "distribution of the Compare view."},
    };
    QString body = QStringLiteral("<table cellspacing='0' cellpadding='4'>");
    const int serateRuns = SudokuGeneratorOptions{}.serateRuns;
    for (const auto& [term, meaning] : terms) {
        const QString text = QObject::tr(meaning);
        body += row(QObject::tr(term).toHtmlEscaped(),
                    (text.contains(QStringLiteral("%1")) ? text.arg(serateRuns) : text).toHtmlEscaped());
    }
    body += QStringLiteral("</table>");
    return page(QObject::tr("Glossary"), body);
}

QString aboutHtml() {
    return page(QObject::tr("About Puzzle Workbench"),
                QObject::tr("<p>Version %1</p>"
                            "<p>A workbench for watching puzzle-solving algorithms think: Sudoku and Nurikabe, "
                            "algorithms from the research literature, each following its paper.</p>"
                            "<p><b>Licence:</b> the project's source tree states no licence of its own; the "
                            "bundled puzzles name their sources in their files.</p>"
                            "<p><b>Libraries:</b> Qt %2 (Widgets, Charts, Svg; LGPL-3.0), nlohmann/json (MIT), "
                            "Boost (BSL-1.0), CLI11 for puzzle-cli (BSD-3-Clause).</p>")
                    .arg(QStringLiteral(PW_VERSION), QString::fromLatin1(qVersion())));
}

QStringList HelpWindow::topicKeys() {
    QStringList keys{QStringLiteral("getting-started")};
    for (const AlgorithmEntry& entry : algorithmRegistry()) keys.append(QStringLiteral("algorithm:") + QString::fromStdString(entry.info.id));
    keys << QStringLiteral("shortcuts") << QStringLiteral("glossary") << QStringLiteral("about");
    return keys;
}

HelpWindow::HelpWindow(const QWidget* shortcutsOf, QWidget* parent)
    : QDialog(parent), m_shortcutsOf(shortcutsOf), m_topics(new QListWidget(this)), m_page(new QTextBrowser(this)) {
    setWindowTitle(tr("Puzzle Workbench help"));
    setObjectName(QStringLiteral("helpWindow"));
    auto* layout = new QHBoxLayout(this);
    m_topics->setObjectName(QStringLiteral("helpTopics"));
    for (const QString& key : topicKeys()) {
        QString title;
        if (key.startsWith(QStringLiteral("algorithm:"))) {
            const AlgorithmEntry* entry = findAlgorithm(key.mid(10).toStdString());
            title = QStringLiteral("    ") + QString::fromStdString(entry ? entry->info.name : key.toStdString());
        } else if (key == QStringLiteral("getting-started")) title = tr("Getting started");
        else if (key == QStringLiteral("shortcuts")) title = tr("Keyboard shortcuts");
        else if (key == QStringLiteral("glossary")) title = tr("Glossary");
        else title = tr("About");
        auto* item = new QListWidgetItem(title, m_topics);
        item->setData(Qt::UserRole, key);
        if (key == QStringLiteral("getting-started")) {
            auto* header = new QListWidgetItem(tr("Algorithms"), m_topics);
            header->setFlags(Qt::NoItemFlags);
            QFont bold = header->font();
            bold.setBold(true);
            header->setFont(bold);
        }
    }
    m_topics->setMinimumWidth(std::min(m_topics->sizeHintForColumn(0) + 28, 380));  // the names in full
    m_topics->setMaximumWidth(380);
    layout->addWidget(m_topics);
    m_page->setObjectName(QStringLiteral("helpPage"));
    m_page->setOpenExternalLinks(true);
    layout->addWidget(m_page, 1);
    connect(m_topics, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (item) showTopic(item->data(Qt::UserRole).toString());
    });
    resize(1000, 640);
    showTopic(QStringLiteral("getting-started"));
}

bool HelpWindow::showTopic(const QString& key) {
    QString html;
    if (key == QStringLiteral("getting-started")) html = gettingStartedHtml();
    else if (key == QStringLiteral("shortcuts")) html = shortcutsHtml(m_shortcutsOf);
    else if (key == QStringLiteral("glossary")) html = glossaryHtml();
    else if (key == QStringLiteral("about")) html = aboutHtml();
    else if (key.startsWith(QStringLiteral("algorithm:"))) {
        const AlgorithmEntry* entry = findAlgorithm(key.mid(10).toStdString());
        if (!entry) return false;
        html = algorithmHelpHtml(entry->info);
    } else {
        return false;
    }
    m_html = html;
    m_page->setHtml(html);
    for (int i = 0; i < m_topics->count(); ++i)
        if (m_topics->item(i)->data(Qt::UserRole).toString() == key && m_topics->currentRow() != i) {
            const QSignalBlocker blocker(m_topics);
            m_topics->setCurrentRow(i);
        }
    return true;
}

QString HelpWindow::currentTopic() const {
    const QListWidgetItem* item = m_topics->currentItem();
    return item ? item->data(Qt::UserRole).toString() : QString();
}

QString HelpWindow::pageHtml() const { return m_html; }

}  // namespace pw::ui
