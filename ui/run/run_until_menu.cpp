#include "run/run_until_menu.h"

#include <algorithm>

namespace pw::ui {

namespace {
QString actionText(StepEvent kind) {
    switch (kind) {
    case StepEvent::Refusal: return RunUntilMenu::tr("Next &refusal");
    case StepEvent::WorseAccepted: return RunUntilMenu::tr("Next acceptance of a &worse move");
    case StepEvent::Reheat: return RunUntilMenu::tr("Next re&heat");
    case StepEvent::NewBest: return RunUntilMenu::tr("Next new &best");
    case StepEvent::PhaseEnd: return RunUntilMenu::tr("Next &cycle or phase end");
    case StepEvent::Backtrack: return RunUntilMenu::tr("Next bac&ktrack");
    case StepEvent::Restart: return RunUntilMenu::tr("Next re&start");
    }
    return {};
}
}  // namespace

RunUntilMenu::RunUntilMenu(QWidget* parent) : QMenu(tr("Run &until"), parent) {
    setObjectName(QStringLiteral("runUntilMenu"));
    setToolTipsVisible(true);
    int key = Qt::Key_1;
    for (const StepEvent kind : kAllStepEvents) {
        QAction* action = addAction(actionText(kind), this, [this, kind] { emit requested(kind); });
        action->setObjectName(QStringLiteral("runUntil_%1").arg(QString::fromUtf8(stepEventName(kind)).replace(QLatin1Char(' '), QLatin1Char('_'))));
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | static_cast<Qt::Key>(key++)));
        action->setToolTip(tr("Step on, every step explained, and pause on the next step with a %1")
                               .arg(QString::fromUtf8(stepEventName(kind))));
        m_actions.push_back(action);
    }
    m_none = addAction(tr("(this algorithm has no such steps)"));
    m_none->setEnabled(false);
    offer(nullptr, false);
}

void RunUntilMenu::offer(const AlgorithmInfo* info, bool enabled) {
    bool any = false;
    for (std::size_t i = 0; i < kAllStepEvents.size(); ++i) {
        const bool offered = info && std::find(info->stepEvents.begin(), info->stepEvents.end(), kAllStepEvents[i]) !=
                                         info->stepEvents.end();
        // Not offered: hidden and disabled, so its key does nothing either.
        m_actions[i]->setVisible(offered);
        m_actions[i]->setEnabled(offered && enabled);
        any = any || offered;
    }
    m_none->setVisible(!any);
}

QAction* RunUntilMenu::action(StepEvent kind) const {
    const auto it = std::find(kAllStepEvents.begin(), kAllStepEvents.end(), kind);
    return m_actions[static_cast<std::size_t>(it - kAllStepEvents.begin())];
}

}  // namespace pw::ui
