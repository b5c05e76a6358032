#include "run/run_status_bar.h"


#include <QCoreApplication>
#include <QLabel>

namespace pw::ui {

namespace {

QString formatSeconds(double seconds) {
    if (seconds < 60) return QStringLiteral("%1 s").arg(seconds, 0, 'f', 2);
    const int whole = static_cast<int>(seconds);
    return QStringLiteral("%1:%2").arg(whole / 60).arg(whole % 60, 2, 10, QLatin1Char('0'));
}

}  // namespace

QString rateText(double stepsPerSecond, const QString& unit) {
    const int decimals = stepsPerSecond > 0 && stepsPerSecond < 10 ? 1 : 0;
    return QObject::tr("%L1 %2/s").arg(stepsPerSecond, 0, 'f', decimals).arg(unit);
}

RunStatusBar::RunStatusBar(QWidget* parent) : FittedStatusBar(parent) {
    // `keep`: on a narrow bar the fields kept least give way first (the message before all but the first four).
    auto field = [this](const QString& name, const QString& tip, int keep) {
        auto* label = new QLabel(this);
        label->setObjectName(name);
        label->setToolTip(tip);
        label->setContentsMargins(6, 0, 6, 0);
        addField(label, keep);
        return label;
    };
    m_rules = field(QStringLiteral("rulesLabel"), QString(), 100);
    m_state = field(QStringLiteral("stateLabel"), tr("Run state"), 95);
    m_best = field(QStringLiteral("bestLabel"), tr("Best cost so far (0 = solved)"), 90);
    m_step = field(QStringLiteral("stepLabel"), tr("Steps of the algorithm so far"), 80);
    m_current = field(QStringLiteral("currentCostLabel"), tr("Cost of the latest sample"), 60);
    m_temperature = field(QStringLiteral("temperatureLabel"), tr("Annealing temperature"), 55);
    m_evaluations = field(QStringLiteral("evaluationsLabel"), tr("Cost evaluations so far"), 40);
    m_elapsed = field(QStringLiteral("elapsedLabel"), tr("Solver time"), 30);
    m_rate = field(QStringLiteral("rateLabel"), tr("The rate the algorithm actually advances at"), 20);
}

void RunStatusBar::showState(RunState state) {
    m_state->setText(QCoreApplication::translate("pw::ui::RunController", runStateName(state)));
    refit();
}

void RunStatusBar::showRunStatus(const RunStatus& status, const QString& unit, bool anythingRan) {
    m_step->setText(tr("Step %L1").arg(status.counters.steps));
    m_evaluations->setText(tr("Evaluations %L1").arg(status.counters.evaluations));
    m_current->setText(status.currentCost ? tr("Cost %1").arg(*status.currentCost, 0, 'g', 6) : QString());
    m_best->setText(anythingRan ? tr("Best cost %1").arg(status.bestCost, 0, 'g', 6) : tr("Best cost —"));
    m_temperature->setText(status.temperature ? tr("T %1").arg(*status.temperature, 0, 'g', 4) : QString());
    m_elapsed->setText(formatSeconds(status.seconds));
    m_rate->setText(rateText(status.stepsPerSecond, unit));
    refit();  // a field hidden for room may now fit, or a shown one no longer
}

void RunStatusBar::showBrokenRules(const QStringList& rules) {
    m_rules->setText(rules.isEmpty()       ? QString()
                     : rules.size() == 1   ? rules.front()
                                           : tr("%1 (and %n more)", nullptr, static_cast<int>(rules.size() - 1))
                                                 .arg(rules.front()));
    m_rules->setToolTip(rules.join(QLatin1Char('\n')));
    refit();
}

}  // namespace pw::ui
