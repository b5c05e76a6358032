#pragma once
// The window's status bar: the run's figures (state, best and current cost, steps, evaluations, temperature,
// solver time, the rate it really advances at) and a Nurikabe's broken rules, as fields of a FittedStatusBar
// kept in that order of importance when the bar is narrow.

#include "run/fitted_status_bar.h"
#include "run/run_controller.h"

namespace pw::ui {

// "20 proposals/s": the algorithm's steps in its own unit (AlgorithmInfo::stepUnit).
QString rateText(double stepsPerSecond, const QString& unit);

class RunStatusBar : public FittedStatusBar {
    Q_OBJECT
public:
    explicit RunStatusBar(QWidget* parent = nullptr);

    void showState(RunState state);
    // `unit` names the algorithm's steps; `anythingRan` false shows no best cost (a 0 would say "solved").
    void showRunStatus(const RunStatus& status, const QString& unit, bool anythingRan);
    // The first broken rule by name, all of them in the tooltip; nothing while no rule is broken.
    void showBrokenRules(const QStringList& rules);

private:
    QLabel* m_rules;
    QLabel* m_state;
    QLabel* m_best;
    QLabel* m_step;
    QLabel* m_current;
    QLabel* m_temperature;
    QLabel* m_evaluations;
    QLabel* m_elapsed;
    QLabel* m_rate;
};

}  // namespace pw::ui
