#pragma once
// The run's log: phases, reheats, explanations ("hidden single: 5 in r3c7") and outcomes, each with the step
// it happened at. Bounded: old lines scroll away.

#include "base/events.h"

#include <QPlainTextEdit>

namespace pw::ui {

class LogPane : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit LogPane(QWidget* parent = nullptr);

    // Appends a line for every event worth telling; returns how many lines were added.
    int addEvents(const std::vector<Event>& events);
    void addNote(const QString& text);
    // Whether each step's Decision sentence gets a line: at a pace the eye follows, not faster.
    void setDecisionsLogged(bool logged) { m_decisionsLogged = logged; }
    bool decisionsLogged() const { return m_decisionsLogged; }
    static QString describe(const Event& event);  // empty for events the log does not tell

private:
    bool m_decisionsLogged = true;
};

}  // namespace pw::ui
