#pragma once
// Runs the puzzle-workbench binary the build names in PW_WORKBENCH_PATH offscreen with `--stats`, for the window
// tests that read its figures from outside.

#include <QProcess>
#include <QRegularExpression>
#include <QStringList>

#include <map>

namespace pw::ui::test {

// `puzzle-workbench ARGS --stats` offscreen: its "key=value" figures; empty when it failed.
inline std::map<QString, double> workbenchStats(const QStringList& arguments) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(PW_WORKBENCH_PATH), arguments + QStringList{QStringLiteral("--stats")});
    if (!process.waitForFinished(60000) || process.exitCode() != 0) return {};
    std::map<QString, double> stats;
    const QString output = QString::fromLocal8Bit(process.readAllStandardOutput());
    QRegularExpressionMatchIterator it = QRegularExpression(QStringLiteral("(\\w+)=([0-9.]+)")).globalMatch(output);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        stats[match.captured(1)] = match.captured(2).toDouble();
    }
    return stats;
}

}  // namespace pw::ui::test
