#pragma once

// A status bar that never cuts its text: each permanent field says how long it should be kept, and when the
// bar is too narrow (a 1024-pixel screen, presentation mode's larger font) the fields kept least are hidden
// until the rest fit, leaving the temporary message its width first. A message that still does not fit is
// elided; the whole message and the hidden fields' texts are in the bar's tooltip.

#include <QStatusBar>
#include <QStringList>

class QLabel;

namespace pw::ui {

class FittedStatusBar : public QStatusBar {
    Q_OBJECT
public:
    explicit FittedStatusBar(QWidget* parent = nullptr);

    // Adds `field` on the right; fields with a higher `keep` stay longest. A field whose text is empty is
    // hidden: it has nothing to say.
    void addField(QLabel* field, int keep);
    // Fields hidden for lack of room (not the empty ones).
    QList<QLabel*> droppedFields() const;
    // A temporary message of parts in order of importance, shown joined by " · ": where the bar is too narrow
    // for all of them, the last parts give way whole (into the tooltip), never cut mid-word.
    void showMessageInParts(const QStringList& parts, int timeoutMs = 0);
    // Whether the temporary message is shown whole (true when there is none); for a message in parts, whether
    // its first part is.
    bool messageShownInFull() const;
    // Fits the fields to the width now (it also happens on its own after a resize, a message or a change of
    // a shown field's text).
    void refit();

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QRect messageRect() const;
    // The message as painted in `width` pixels: elided, or a message in parts without the parts that do not fit.
    QString shownMessage(int width) const;
    void scheduleRefit();

    struct Field {
        QLabel* label;
        int keep;
    };
    QList<Field> m_fields;
    bool m_refitScheduled = false;
    bool m_fitting = false;
    QStringList m_parts;     // the parts of the message shown by showMessageInParts
    QString m_partsMessage;  // those parts joined: the message they make while it is shown
};

}  // namespace pw::ui
