#include "run/decision_panel.h"

#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QScrollBar>
#include <QSplitter>
#include <QTableWidget>
#include <QToolButton>
#include <QEvent>
#include <QVBoxLayout>

#include <cmath>

namespace pw::ui {

namespace {
// Integers as integers; everything else to four significant digits, so a probability reads 0.3679; a number
// the step did not have (kNoDecisionValue, e.g. no draw for a better swap) as a dash.
QString formatValue(double value) {
    if (std::isnan(value)) return QStringLiteral("—");
    if (std::isfinite(value) && value == std::round(value) && std::abs(value) < 1e15)
        return QString::number(static_cast<long long>(value));
    return QString::number(value, 'g', 4);
}

QString stepPrefix(const Decision& decision) {
    return QObject::tr("step %L1").arg(decision.at.steps);
}
}  // namespace

DecisionPanel::DecisionPanel(QWidget* parent)
    : QWidget(parent), m_sentence(new QLabel(this)), m_detailsToggle(new QToolButton(this)), m_details(new QLabel(this)),
      m_values(new QTableWidget(0, 2, this)),
      m_listBox(new QGroupBox(this)), m_list(new QListWidget(m_listBox)), m_historyView(new QListWidget(this)) {
    setObjectName(QStringLiteral("decisionPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);

    m_sentence->setObjectName(QStringLiteral("decisionSentence"));
    m_sentence->setWordWrap(true);
    m_sentence->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_sentence->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    layout->addWidget(m_sentence);

    // The folded rest of a long sentence, opened on demand; the choice holds from step to step.
    m_detailsToggle->setObjectName(QStringLiteral("decisionDetailsToggle"));
    m_detailsToggle->setText(tr("details"));
    m_detailsToggle->setCheckable(true);
    m_detailsToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_detailsToggle->setArrowType(Qt::RightArrow);
    m_detailsToggle->setAutoRaise(true);
    m_detailsToggle->setToolTip(tr("The rest of a long sentence: the numbers and cells behind what changed"));
    m_details->setObjectName(QStringLiteral("decisionDetails"));
    m_details->setWordWrap(true);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->hide();
    connect(m_detailsToggle, &QToolButton::toggled, this, [this](bool open) {
        m_detailsToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_details->setVisible(open && !m_details->text().isEmpty());
    });
    layout->addWidget(m_detailsToggle);
    layout->addWidget(m_details);

    // Side by side under the sentence: the dock sits in a wide, low row beside the log.
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    m_values->setObjectName(QStringLiteral("decisionValues"));
    m_values->setHorizontalHeaderLabels({tr("name"), tr("value")});
    m_values->verticalHeader()->hide();
    // Both columns as wide as their contents: a narrow dock scrolls the table sideways, never hides the values.
    m_values->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_values->horizontalHeader()->setStretchLastSection(true);
    m_values->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_values->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_values->setSelectionMode(QAbstractItemView::NoSelection);
    m_values->setToolTip(tr("The numbers behind the latest step's sentence"));
    splitter->addWidget(m_values);

    auto* listLayout = new QVBoxLayout(m_listBox);
    listLayout->setContentsMargins(4, 4, 4, 4);
    m_list->setObjectName(QStringLiteral("decisionList"));
    m_list->setToolTip(tr("The newest entry on top"));
    listLayout->addWidget(m_list);
    splitter->addWidget(m_listBox);

    m_historyView->setObjectName(QStringLiteral("decisionHistory"));
    m_historyView->setWordWrap(true);
    m_historyView->setToolTip(tr("The last %1 steps, the newest on top").arg(kHistorySize));
    splitter->addWidget(m_historyView);
    layout->addWidget(splitter, 1);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 0);
    splitter->setStretchFactor(2, 1);
    splitter->setChildrenCollapsible(false);
    fitToFont();
    clear();
}

void DecisionPanel::fitValuesWidth() {
    // The table as wide as its two columns need: the splitter gives the history what is left, never the values'
    // room (a narrow dock scrolls the history, not the numbers out of sight).
    m_values->resizeColumnsToContents();
    const int needed = m_values->horizontalHeader()->length() + m_values->verticalScrollBar()->sizeHint().width() +
                       2 * m_values->frameWidth() + 2;
    m_values->setMinimumWidth(std::max(needed, fontMetrics().horizontalAdvance(QStringLiteral("probability  0.9753")) + 24));
}

void DecisionPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) fitToFont();
}

void DecisionPanel::fitToFont() {
    // The sentence a little larger than the rest; every width follows the font, so the panel zooms with the window.
    QFont sentenceFont = font();
    sentenceFont.setPointSizeF(font().pointSizeF() * 1.1);
    m_sentence->setFont(sentenceFont);
    m_sentence->setMinimumHeight(QFontMetrics(sentenceFont).lineSpacing() * 3);
    const QFontMetrics metrics = fontMetrics();
    m_values->verticalHeader()->setDefaultSectionSize(metrics.height() + 4);  // a compact table
    m_historyView->setMinimumWidth(metrics.averageCharWidth() * 30);  // a sentence stays readable
    // The stack is short entries ("r3c5=1"): narrow, so the history keeps the width for its sentences.
    m_listBox->setMaximumWidth(metrics.horizontalAdvance(QStringLiteral("search stack (88 entries)")) + 40);
    fitValuesWidth();
}

DecisionPanel::FoldedSentence DecisionPanel::foldSentence(const QString& text) {
    const QStringList clauses = text.split(QStringLiteral("; "));
    if (text.size() <= kFoldAt || clauses.size() < 2) return {text, {}};
    if (clauses.size() == 2) return {clauses.front(), clauses.back()};
    return {clauses.front() + QStringLiteral("; … ") + clauses.back(), clauses.mid(1, clauses.size() - 2).join(QStringLiteral("; "))};
}

void DecisionPanel::clear() {
    m_shownCount = 0;
    m_details->clear();
    m_details->hide();
    m_detailsToggle->hide();
    m_history.clear();
    m_historyView->clear();
    m_values->setRowCount(0);
    m_list->clear();
    m_listBox->hide();
    m_sentence->setText(tr("No step explained yet: decisions are shown at paced speeds and when stepping."));
    emit latestChanged(nullptr);
}

void DecisionPanel::addDecisions(const std::vector<const Decision*>& decisions) {
    if (decisions.empty()) return;
    m_shownCount += static_cast<int>(decisions.size());
    for (const Decision* decision : decisions) {
        m_history.push_back(*decision);
        if (m_history.size() > static_cast<std::size_t>(kHistorySize)) m_history.pop_front();
    }
    m_historyView->clear();
    for (auto it = m_history.rbegin(); it != m_history.rend(); ++it) {
        const DecisionDetail& detail = it->detail();
        auto* item =
            new QListWidgetItem(QStringLiteral("%1: %2").arg(stepPrefix(*it), QString::fromStdString(detail.text)));
        if (detail.accepted)
            item->setForeground(*detail.accepted ? QColor(30, 130, 60) : QColor(190, 50, 50));
        m_historyView->addItem(item);
    }
    showLatest();
}

void DecisionPanel::showLatest() {
    const DecisionDetail& latest = m_history.back().detail();
    emit latestChanged(&m_history.back());
    const FoldedSentence folded = foldSentence(QString::fromStdString(latest.text));
    QString text = QStringLiteral("<b>%1</b> — %2").arg(stepPrefix(m_history.back()).toHtmlEscaped(),
                                                        folded.changed.toHtmlEscaped());
    if (latest.accepted)
        text += *latest.accepted ? QStringLiteral(" <span style='color:#1e823c'>✓&nbsp;%1</span>").arg(tr("accepted"))
                                 : QStringLiteral(" <span style='color:#be3232'>✗&nbsp;%1</span>").arg(tr("refused"));
    m_sentence->setText(text);
    m_details->setText(folded.details);
    m_detailsToggle->setVisible(!folded.details.isEmpty());
    m_details->setVisible(m_detailsToggle->isChecked() && !folded.details.isEmpty());

    const int rows = static_cast<int>(latest.values.size()) + (latest.accepted ? 1 : 0) + 1;
    m_values->setRowCount(rows);
    int row = 0;
    auto setRow = [&](const QString& name, const QString& value) {
        m_values->setItem(row, 0, new QTableWidgetItem(name));
        auto* valueItem = new QTableWidgetItem(value);
        valueItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_values->setItem(row, 1, valueItem);
        ++row;
    };
    setRow(tr("action"), QString::fromStdString(latest.action));
    for (const DecisionValue& value : latest.values) setRow(QString::fromStdString(value.name), formatValue(value.value));
    if (latest.accepted) setRow(tr("accepted"), *latest.accepted ? QStringLiteral("✓") : QStringLiteral("✗"));
    fitValuesWidth();

    m_list->clear();
    if (latest.list.empty() && latest.listLabel.empty()) {
        m_listBox->hide();
        return;
    }
    m_listBox->setTitle(tr("%1 (%n entries)", nullptr, static_cast<int>(latest.list.size()))
                            .arg(QString::fromStdString(latest.listLabel)));
    // A stack: the newest (innermost) entry on top, as it would be drawn on paper.
    for (auto it = latest.list.rbegin(); it != latest.list.rend(); ++it) m_list->addItem(QString::fromStdString(*it));
    m_listBox->show();
}

QString DecisionPanel::sentence() const {
    return m_history.empty() ? QString() : QString::fromStdString(m_history.back().detail().text);
}
std::uint64_t DecisionPanel::latestStep() const { return m_history.empty() ? 0 : m_history.back().at.steps; }
QString DecisionPanel::shownChange() const { return foldSentence(sentence()).changed; }
QString DecisionPanel::shownDetails() const { return m_details->text(); }
int DecisionPanel::historyCount() const { return m_historyView->count(); }
int DecisionPanel::valueRowCount() const { return m_values->rowCount(); }
QString DecisionPanel::valueText(const QString& name) const {
    for (int row = 0; row < m_values->rowCount(); ++row)
        if (m_values->item(row, 0) && m_values->item(row, 0)->text() == name)
            return m_values->item(row, 1) ? m_values->item(row, 1)->text() : QString();
    return {};
}
QString DecisionPanel::listLabel() const {
    return m_history.empty() ? QString() : QString::fromStdString(m_history.back().detail().listLabel);
}
int DecisionPanel::listCount() const { return m_list->count(); }

}  // namespace pw::ui
