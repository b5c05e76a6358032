#pragma once
// Run ▸ Race…: the dialog that sets a race up.

#include "race/race_view.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace pw::ui {

// Run ▸ Race…: the runs (as --race and --param take them), the seed, the pace and the budget.
class RaceSetupDialog : public QDialog {
    Q_OBJECT
public:
    RaceSetupDialog(PuzzleKind kind, const QString& algorithms, QWidget* parent = nullptr);
    const std::vector<RaceEntry>& entries() const { return m_entries; }  // once accepted
    RacePace pace() const;
    RaceBudget budget() const;

private:
    PuzzleKind m_kind;  // the puzzle's: every raced algorithm must support it
    std::vector<RaceEntry> m_entries;
    // The form's fields.
    QLineEdit* m_algorithms;
    QLineEdit* m_parameters;
    QSpinBox* m_seed;
    QComboBox* m_pace;
    QDoubleSpinBox* m_budget;
};

}  // namespace pw::ui
