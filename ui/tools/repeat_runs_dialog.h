#pragma once
// Repeated runs of one algorithm on one puzzle, seeds S, S+1, ... on every core: the success rate, the spread
// of time and steps, and a histogram of the generation the solution appeared in (Pillay's Tables 2-5), or of
// the steps to solve for algorithms without generations.

#include "engine/runner.h"
#include "run/run_types.h"

#include <QDialog>

#include <atomic>
#include <memory>
#include <vector>

class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QThread;

namespace pw::ui {

class HistogramChart;

class RepeatRunsDialog : public QDialog {
    Q_OBJECT
public:
    // `request` gives the puzzle, algorithm, parameters, first seed and budgets.
    explicit RepeatRunsDialog(const RunRequest& request, QWidget* parent = nullptr);
    ~RepeatRunsDialog() override;

    void setRuns(int runs);
    void start();
    void stop();
    bool isRunning() const { return m_worker != nullptr; }
    const std::vector<RunResult>& results() const { return m_results; }
    QString summary() const;
    HistogramChart* histogram() const { return m_histogram; }

signals:
    void finished();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void onDone(std::shared_ptr<std::vector<RunResult>> results);

    RunRequest m_request;
    std::vector<RunResult> m_results;
    QSpinBox* m_runs;
    QSpinBox* m_jobs;
    QPushButton* m_startButton;
    QPushButton* m_stopButton;
    QProgressBar* m_progress;
    QLabel* m_summary;
    HistogramChart* m_histogram;
    QThread* m_worker = nullptr;
    std::shared_ptr<std::atomic<bool>> m_stop;
};

}  // namespace pw::ui
