#pragma once
// Run ▸ Run until: one action per kind of step a run can pause at (StepEvent: the next refusal, worse move
// accepted, reheat, new best, cycle or phase end, backtrack, restart), each with its key, Ctrl+Alt+1 to
// Ctrl+Alt+7 (Alt with a digit is a pencil mark on the board). Only the kinds the chosen algorithm declares
// (AlgorithmInfo::stepEvents) are shown.

#include "engine/algorithm.h"

#include <QMenu>

#include <vector>

namespace pw::ui {

class RunUntilMenu : public QMenu {
    Q_OBJECT
public:
    explicit RunUntilMenu(QWidget* parent = nullptr);

    // Shows the kinds `info` declares (none without an algorithm), enabled when `enabled`.
    void offer(const AlgorithmInfo* info, bool enabled);
    // The action of `kind`, for tests and the Help; hidden when the algorithm has no such steps.
    QAction* action(StepEvent kind) const;

signals:
    void requested(pw::StepEvent kind);

private:
    std::vector<QAction*> m_actions;  // in the order of kAllStepEvents
    QAction* m_none;                  // "(no such steps)" when the algorithm declares none
};

}  // namespace pw::ui
