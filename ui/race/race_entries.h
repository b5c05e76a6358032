#pragma once
// The runs of a race as `--race` and `--param` (and the Race setup dialog) give them.

#include "race/race_view.h"

#include <QStringList>

namespace pw::ui {

// The race's runs from `algorithmList` ("sa,tabu,sa") and "ID.KEY=VALUE" / "ID#N.KEY=VALUE" assignments (as
// `puzzle-cli bench` takes them), all with `seed` unless an assignment "LABEL.seed=N" gives a run its own;
// checks 2 to 4 runs that each support `kind`. Returns the error, or an empty string.
QString raceEntries(const QString& algorithmList, const QStringList& assignments, std::uint64_t seed, PuzzleKind kind,
                    std::vector<RaceEntry>& entries);

}  // namespace pw::ui
