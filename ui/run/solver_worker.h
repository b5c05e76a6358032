#pragma once
// Lives on the solver thread: runs one algorithm under a pw::Runner, batches its events at the source and
// hands them to the window as value types, pacing itself by the atomics of a RunControl.

#include "run/run_types.h"

#include <QObject>

namespace pw::ui {

class SolverWorker : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

public slots:
    // Runs to the end of the run (blocking this thread, not the window's).
    void run(std::uint64_t runId, const pw::ui::RunRequest& request, std::shared_ptr<pw::ui::RunControl> control);

signals:
    void batchReady(pw::ui::RunBatchPointer batch);
    void runEnded(std::uint64_t runId);
};

}  // namespace pw::ui
