#pragma once
// Why the algorithm did what it did: for the latest step its Decision's sentence and the numbers behind it
// (name / value, accepted ✓ or refused ✗), the last steps' sentences, and when the Decision carries a list
// (the exact solver's and backtracking's search stack, tabu search's tabu list) that list as a stack, the
// newest entry on top. Fed with the run's Decision events at paced speeds; algorithms that send none leave it
// empty (the window then keeps its dock hidden). A long sentence is folded: what changed on top, the rest under
// "details" (foldSentence).

#include "base/events.h"

#include <QWidget>

#include <deque>
#include <vector>

class QLabel;
class QToolButton;
class QListWidget;
class QTableWidget;
class QGroupBox;

namespace pw::ui {

class DecisionPanel : public QWidget {
    Q_OBJECT
public:
    static constexpr int kHistorySize = 20;
    // Sentences longer than this are folded.
    static constexpr int kFoldAt = 140;

    // A sentence as "what changed" and "details": a long sentence of clauses ("a; b; c; d") keeps its first
    // clause and its outcome (the last) on top and moves the clauses between them to the details (with two
    // clauses the second); a short one is all "what changed", with no details.
    struct FoldedSentence {
        QString changed;
        QString details;
    };
    static FoldedSentence foldSentence(const QString& text);

    explicit DecisionPanel(QWidget* parent = nullptr);

    void clear();
    // The decisions of one batch, oldest first; the view is rebuilt once for them all.
    void addDecisions(const std::vector<const Decision*>& decisions);
    bool isEmpty() const { return m_history.empty(); }
    // The decision shown on top; null when none.
    const Decision* latest() const { return m_history.empty() ? nullptr : &m_history.back(); }
    // How many decisions were shown since the last clear(): each step's, also when many came in one batch.
    int shownCount() const { return m_shownCount; }

    // What is shown, for tests and screenshots.
    QString sentence() const;
    std::uint64_t latestStep() const;  // the step of the latest decision shown; 0 when none
    QString shownChange() const;   // the "what changed" line as displayed, without markup
    QString shownDetails() const;  // the folded "details"; empty when the sentence was short
    int historyCount() const;
    int valueRowCount() const;
    QString valueText(const QString& name) const;  // the value column of row `name`; empty when none
    QString listLabel() const;
    int listCount() const;

signals:
    // The decision on top changed (or is gone after clear()): the board beside shows its object.
    void latestChanged(const pw::Decision* latest);

protected:
    void changeEvent(QEvent* event) override;

private:
    void showLatest();
    void fitToFont();
    void fitValuesWidth();

    QLabel* m_sentence;
    QToolButton* m_detailsToggle;
    QLabel* m_details;
    QTableWidget* m_values;
    QGroupBox* m_listBox;
    QListWidget* m_list;
    QListWidget* m_historyView;
    std::deque<Decision> m_history;
    int m_shownCount = 0;
};

}  // namespace pw::ui
