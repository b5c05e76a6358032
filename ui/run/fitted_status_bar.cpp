#include "run/fitted_status_bar.h"

#include <QEvent>
#include <QLabel>
#include <QLayout>
#include <QPainter>
#include <QSizeGrip>
#include <QStyleOption>
#include <QTimer>

#include <algorithm>

namespace pw::ui {

namespace {
// Fields kept at least this long need only fit the bar; the others also leave the message its whole width.
constexpr int kKeptBeforeMessage = 75;
// What QStatusBar's layout puts between and around its permanent widgets, and around its message.
constexpr int kFieldSpacing = 6;
constexpr int kMessageMargins = 6 + 2 + 6;
const QString kPartSeparator = QStringLiteral(" · ");
}  // namespace

FittedStatusBar::FittedStatusBar(QWidget* parent) : QStatusBar(parent) {
    // The bar hides fields until the rest fit (refit): its fields never hold the window wider than its screen.
    setMinimumWidth(1);
    connect(this, &QStatusBar::messageChanged, this, &FittedStatusBar::refit);
}

void FittedStatusBar::addField(QLabel* field, int keep) {
    addPermanentWidget(field);
    m_fields.append({field, keep});
    std::stable_sort(m_fields.begin(), m_fields.end(), [](const Field& a, const Field& b) { return a.keep > b.keep; });
    scheduleRefit();
}

QList<QLabel*> FittedStatusBar::droppedFields() const {
    QList<QLabel*> dropped;
    for (const Field& field : m_fields)
        if (field.label->isHidden() && !field.label->text().isEmpty()) dropped.append(field.label);
    return dropped;
}

QRect FittedStatusBar::messageRect() const {
    int right = width() - 12;
    if (const auto* grip = findChild<QSizeGrip*>(); grip && grip->isVisible()) right = std::min(right, grip->x());
    for (const Field& field : m_fields)
        if (field.label->isVisible()) right = std::min(right, field.label->x() - 2);
    return QRect(6, 0, std::max(0, right - 6), height());
}

void FittedStatusBar::showMessageInParts(const QStringList& parts, int timeoutMs) {
    m_parts = parts;
    m_partsMessage = parts.join(kPartSeparator);
    showMessage(m_partsMessage, timeoutMs);
}

QString FittedStatusBar::shownMessage(int width) const {
    const QString message = currentMessage();
    if (message.isEmpty() || message != m_partsMessage) return fontMetrics().elidedText(message, Qt::ElideRight, width);
    // A message in parts loses whole parts from its end, never words: the first part, the most important, stays.
    QString shown = m_parts.value(0);
    for (qsizetype i = 1; i < m_parts.size(); ++i) {
        const QString longer = shown + kPartSeparator + m_parts[i];
        if (fontMetrics().horizontalAdvance(longer) > width) break;
        shown = longer;
    }
    return fontMetrics().horizontalAdvance(shown) <= width ? shown : fontMetrics().elidedText(shown, Qt::ElideRight, width);
}

bool FittedStatusBar::messageShownInFull() const {
    const QString message = currentMessage();
    if (message.isEmpty()) return true;
    const QString shown = shownMessage(messageRect().width());
    return message == m_partsMessage ? fontMetrics().horizontalAdvance(m_parts.value(0)) <= messageRect().width()
                                     : shown == message;
}

void FittedStatusBar::refit() {
    m_refitScheduled = false;
    if (m_fitting) return;
    m_fitting = true;
    const auto* grip = findChild<QSizeGrip*>();
    const int room = width() - 2 * kFieldSpacing - (grip && grip->isVisible() ? grip->width() : 0);
    const QString message = currentMessage();
    const QString needed = !message.isEmpty() && message == m_partsMessage ? m_parts.value(0) : message;
    const int messageNeeds = needed.isEmpty() ? 0 : fontMetrics().horizontalAdvance(needed) + kMessageMargins;
    int used = 0;
    QStringList dropped;
    for (const Field& field : m_fields) {
        const QString text = field.label->text();
        const int needs = field.label->sizeHint().width() + kFieldSpacing;
        const int reserve = field.keep >= kKeptBeforeMessage ? 0 : messageNeeds;
        const bool show = !text.isEmpty() && used + needs + reserve <= room;
        if (show) used += needs;
        else if (!text.isEmpty()) dropped.append(text);
        if (field.label->isHidden() == show) field.label->setVisible(show);
    }
    // Nothing is lost: the message whole and the fields that do not fit are in the tooltip. The message is
    // always there: whether it is cut shows only once the layout has placed the fields, after this.
    QStringList tip;
    if (!message.isEmpty()) tip.append(message);
    tip.append(dropped);
    setToolTip(tip.join(QLatin1Char('\n')));
    // Place the fields now, not at the layout's next turn in the event loop: until then a field whose text just
    // grew ("Step 9" to "Step 16") would keep its old, too narrow width.
    if (layout()) layout()->activate();
    m_fitting = false;
    update();
}

void FittedStatusBar::scheduleRefit() {
    if (m_refitScheduled) return;
    m_refitScheduled = true;
    QTimer::singleShot(0, this, &FittedStatusBar::refit);
}

bool FittedStatusBar::event(QEvent* event) {
    // A shown field's text changed width (or a field was shown or hidden from outside): fit again.
    if (event->type() == QEvent::LayoutRequest && !m_fitting) scheduleRefit();
    return QStatusBar::event(event);
}

void FittedStatusBar::resizeEvent(QResizeEvent* event) {
    QStatusBar::resizeEvent(event);
    refit();
}

void FittedStatusBar::paintEvent(QPaintEvent* event) {
    const QString message = currentMessage();
    if (message.isEmpty()) {
        QStatusBar::paintEvent(event);
        return;
    }
    // As QStatusBar paints it, with the message elided where it would be cut.
    QPainter painter(this);
    QStyleOption option;
    option.initFrom(this);
    style()->drawPrimitive(QStyle::PE_PanelStatusBar, &option, &painter, this);
    for (const Field& field : m_fields) {
        if (!field.label->isVisible()) continue;
        QStyleOption frame;
        frame.rect = field.label->geometry().adjusted(-2, -1, 2, 1);
        frame.palette = palette();
        frame.state = QStyle::State_None;
        style()->drawPrimitive(QStyle::PE_FrameStatusBarItem, &frame, &painter, field.label);
    }
    const QRect rect = messageRect();
    painter.setPen(palette().windowText().color());
    painter.drawText(rect, Qt::AlignLeading | Qt::AlignVCenter | Qt::TextSingleLine, shownMessage(rect.width()));
}

}  // namespace pw::ui
