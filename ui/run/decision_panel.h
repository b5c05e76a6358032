#pragma once
// Why the algorithm did what it did: for the latest step its Decision's sentence and the numbers behind it
// (name / value, accepted ✓ or refused ✗), the last steps' sentences, and when the Decision carries a list
// (the exact solver's and backtracking's search stack, tabu search's tabu list) that list as a stack, the
// newest entry on top. Fed with the run's Decision events at paced speeds; algorithms that send none leave it
// empty (the window then keeps its dock hidden).

#include "base/events.h"

#include <QWidget>

#include <deque>
#include <vector>

class QLabel;
class QListWidget;
class QTableWidget;
class QGroupBox;

namespace pw::ui {

class DecisionPanel : public QWidget {
    Q_OBJECT
public:
    static constexpr int kHistorySize = 20;

    explicit DecisionPanel(QWidget* parent = nullptr);

    void clear();
    // The decisions of one batch, oldest first; the view is rebuilt once for them all.
    void addDecisions(const std::vector<const Decision*>& decisions);
    bool isEmpty() const { return m_history.empty(); }

    // What is shown, for tests and screenshots.
    QString sentence() const;
    int historyCount() const;
    int valueRowCount() const;
    QString valueText(const QString& name) const;  // the value column of row `name`; empty when none
    QString listLabel() const;
    int listCount() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void showLatest();
    void fitToFont();
    void fitValuesWidth();

    QLabel* m_sentence;
    QTableWidget* m_values;
    QGroupBox* m_listBox;
    QListWidget* m_list;
    QListWidget* m_historyView;
    std::deque<Decision> m_history;
};

}  // namespace pw::ui
