#include "race/race_entries.h"

#include "study/bench.h"

#include <stdexcept>

namespace pw::ui {

QString raceEntries(const QString& algorithmList, const QStringList& assignments, std::uint64_t seed, PuzzleKind kind,
                    std::vector<RaceEntry>& entries) {
    std::vector<BenchConfiguration> configurations;
    // "LABEL.seed=N" (or "ID.seed=N", every run of ID) gives a run its own seed; the rest are parameters.
    std::vector<std::pair<std::string, std::uint64_t>> seeds;
    try {
        std::vector<std::string> texts;
        for (const QString& assignment : assignments) {
            const qsizetype dot = assignment.indexOf(QLatin1Char('.'));
            if (dot > 0 && assignment.mid(dot + 1).startsWith(QLatin1String("seed="))) {
                bool ok = false;
                const qulonglong value = assignment.mid(dot + 6).toULongLong(&ok);
                if (!ok)
                    return QStringLiteral("--param %1: the seed is not a non-negative integer").arg(assignment);
                seeds.emplace_back(assignment.left(dot).toStdString(), value);
                continue;
            }
            texts.push_back(assignment.toStdString());
        }
        configurations = benchConfigurations(algorithmList.toStdString(), texts, kind, "--race");
    } catch (const std::invalid_argument& error) {
        return QString::fromStdString(error.what());
    }
    if (configurations.size() < static_cast<std::size_t>(RaceView::kMinRuns) ||
        configurations.size() > static_cast<std::size_t>(RaceView::kMaxRuns))
        return QStringLiteral("--race: '%1' names %2 runs; a race has %3 to %4")
            .arg(algorithmList)
            .arg(configurations.size())
            .arg(RaceView::kMinRuns)
            .arg(RaceView::kMaxRuns);
    entries.clear();
    for (BenchConfiguration& configuration : configurations)
        entries.push_back({configuration.label, configuration.algorithmId, std::move(configuration.parameters), seed});
    for (const auto& [target, value] : seeds) {
        bool matched = false;
        for (RaceEntry& entry : entries)
            if (entry.label == target || (target.find('#') == std::string::npos && entry.algorithmId == target)) {
                entry.seed = value;
                matched = true;
            }
        if (!matched)
            return QStringLiteral("--param %1.seed: '%1' is not one of the runs of --race")
                .arg(QString::fromStdString(target));
    }
    return {};
}

}  // namespace pw::ui
