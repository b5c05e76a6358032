#include "run/log_pane.h"

#include <QFontDatabase>
#include <QScrollBar>
#include <QTime>

namespace pw::ui {

namespace {
constexpr int kMaxLines = 5000;
// A batch from a chatty solver is cut to its last lines: the log stays readable and cheap.
constexpr int kMaxLinesPerBatch = 400;
}  // namespace

LogPane::LogPane(QWidget* parent) : QPlainTextEdit(parent) {
    setReadOnly(true);
    setMaximumBlockCount(kMaxLines);
    // The fixed-pitch family only: the size follows the window's, so the log zooms with it.
    QFont fixed;
    fixed.setFamilies(QFontDatabase::systemFont(QFontDatabase::FixedFont).families());
    fixed.setStyleHint(QFont::Monospace);
    setFont(fixed);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setPlaceholderText(tr("Phases, reheats and explanations of the run appear here."));
}

QString LogPane::describe(const Event& event) {
    const QString at = QStringLiteral("[step %L1] ").arg(eventCounters(event).steps);
    if (const auto* phase = std::get_if<PhaseChange>(&event))
        return at + tr("phase: %1").arg(QString::fromStdString(phaseName(*phase)));
    if (const auto* reheat = std::get_if<Reheat>(&event))
        return at + tr("reheat to temperature %1").arg(reheat->temperature, 0, 'g', 4);
    if (const auto* explanation = std::get_if<Explanation>(&event))
        return at + QString::fromStdString(explanation->text);
    if (const auto* decision = std::get_if<Decision>(&event))
        return at + QString::fromStdString(decision->detail().text);
    if (const auto* heat = std::get_if<HeatMap>(&event))
        return at + tr("heat map: %1").arg(QString::fromStdString(heat->label));
    if (const auto* finished = std::get_if<Finished>(&event)) {
        return at + tr("finished: %1 (%2), best cost %3, evaluations %L4%5")
                        .arg(QString::fromUtf8(outcomeName(finished->outcome)), QString::fromStdString(finished->reason))
                        .arg(finished->bestCost, 0, 'g', 6)
                        .arg(finished->at.evaluations)
                        .arg(finished->valid ? tr(", board verified") : QString());
    }
    return {};
}

int LogPane::addEvents(const std::vector<Event>& events) {
    QStringList lines;
    int skipped = 0;
    for (const Event& event : events) {
        if (!m_decisionsLogged && std::holds_alternative<Decision>(event)) continue;
        QString line = describe(event);
        if (line.isEmpty()) continue;
        lines.append(std::move(line));
        if (lines.size() > kMaxLinesPerBatch) {
            lines.removeFirst();
            ++skipped;
        }
    }
    if (lines.isEmpty()) return 0;
    if (skipped) lines.prepend(tr("… %L1 earlier lines of this moment skipped").arg(skipped));
    appendPlainText(lines.join(QLatin1Char('\n')));
    return static_cast<int>(lines.size());
}

void LogPane::addNote(const QString& text) { appendPlainText(QStringLiteral("— ") + text); }

}  // namespace pw::ui
