#pragma once
// What the race's own files share (race_view.cpp runs the race live, race_replay.cpp replays and saves an ended
// one, race_export.cpp exports it as an animation): one run's state and the words the race writes.

#include "race/race_view.h"

#include "board/board_model.h"
#include "board/board_view.h"
#include "charts/chart_panel.h"

#include <QLabel>

namespace pw::ui {

inline constexpr int kRaceTimelineTicks = 1000;  // the saved race's slider: positions from start to end

// One run of the race: its own RunController (a solver worker on its own thread, sending batches), and what
// the latest batches said.
struct RaceView::Run {
    RaceEntry entry;
    RunRequest request;
    RunController* controller = nullptr;
    std::optional<Board> latestBoard;  // the last snapshot received
    bool boardChanged = false;         // since the board view last showed it
    std::optional<RunResult> result;   // once the run has ended
    BoardModel* model = nullptr;
    BoardView* board = nullptr;
    QLabel* title = nullptr;
    QLabel* status = nullptr;
    ChartPanel* algorithmChart = nullptr;  // the run's own chart (temperature, population, ...), once it has data
    std::shared_ptr<const RunTimeline> timeline;  // a saved race's run, re-run headless
    std::size_t chartCursor = 0;                  // its chart events drawn so far
    bool shownEnded = false;                      // where the timeline stands: the run has ended
    double shownBestCost = 0;

    bool done() const { return result.has_value(); }
};

QString number(std::uint64_t value);  // in the locale's digit groups
QString costText(double cost);
QString outcomeWords(Outcome outcome);  // "solved", "ran out of budget", ...

}  // namespace pw::ui
