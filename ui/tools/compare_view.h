#pragma once
// The Compare view: many runs of several algorithm settings on a puzzle or a puzzle set, made on every core
// with the experiment runner of `puzzle-cli bench` (same seeds, same run lines), then compared side by side:
// convergence curves (median and inter-quartile band per setting, a setting's runs on hover), the run-length
// distribution (ECDF of the cost to solve), a box plot of the best cost within the budget every run had, the
// summary table, and the statistics of `puzzle-cli stats` (ERT with intervals, ECDF area, pairwise tests).
// Cost is measured on one axis for all of them, chosen in the view: evaluations (the default, and the fair
// one: an SA step evaluates one move, a tabu step a whole neighbourhood), steps or seconds. Charts export to
// PNG/SVG and the table to CSV; a directory written by `puzzle-cli bench` opens here.

#include "study/bench.h"
#include "study/run_statistics.h"
#include "charts/chart_export.h"

#include <QDialog>

#include <atomic>
#include <memory>
#include <mutex>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTabWidget;
class QThread;

namespace pw::ui {

class BoxPlotChart;
class CriticalDifferenceChart;
class ExportableChart;
class ConvergenceChart;
class EcdfChart;
class HeatMapChart;
class ParameterForm;
class StepCurvesChart;
class TargetCurvesChart;

class CompareView : public QDialog {
    Q_OBJECT
public:
    explicit CompareView(const QString& puzzlesDir, QWidget* parent = nullptr);
    ~CompareView() override;

    // The puzzles to run on: the window's puzzle, or a set read from a file (false with a dialog unless
    // `quiet` when it holds none).
    void setPuzzles(std::vector<Puzzle> puzzles, const QString& description);
    bool openPuzzleSet(const QString& path, bool quiet = false);
    // Adds a setting of an algorithm (labelled id, id#2, ... as in `puzzle-cli bench`).
    void addConfiguration(const std::string& algorithmId, const ParameterValues& parameters);
    // Adds the full grid of a parameter sweep of `algorithmId` on top of `base` (the other parameters): `sweep`
    // holds "KEY=V1,V2,..." items separated by spaces or semicolons, as `puzzle-cli bench --sweep ID.KEY=...`
    // takes them. False, with a message naming the bad part, when a key, a value or the grid's size is refused.
    bool addSweep(const std::string& algorithmId, const ParameterValues& base, const QString& sweep, QString& error);
    void removeConfiguration(int index);
    int configurationCount() const { return static_cast<int>(m_configurations.size()); }
    void setRuns(int runs);
    void setSeed(int seed);
    void setStepBudget(int steps);  // 0: none
    void setTimeBudget(double seconds);  // 0: none
    void setEvaluationBudget(int evaluations);  // 0: none
    void setJobs(int jobs);

    void start();
    void stop();
    bool isRunning() const { return m_worker != nullptr; }
    // Shows the runs of a directory `puzzle-cli bench` wrote; false with a dialog unless `quiet`, and why in
    // `error` when given (the file and line at fault).
    bool openResults(const QString& dir, bool quiet = false, QString* error = nullptr);

    const std::vector<BenchRecord>& records() const { return m_records; }
    QTableWidget* summaryTable() const { return m_summaryTable; }
    // The Statistics tab: ERT per setting and puzzle (the `stats --table summary` columns) and the pairwise tests.
    QTableWidget* statisticsTable() const { return m_statisticsTable; }
    QTableWidget* testsTable() const { return m_testsTable; }
    QString acrossPuzzlesNote() const;
    // The Friedman tests across puzzles in a sentence each, as the Statistics tab shows them.
    static QString acrossPuzzlesText(const BenchStatistics& stats, const QString& axisName);
    ConvergenceChart* convergenceChart() const { return m_convergence; }
    EcdfChart* ecdfChart() const { return m_ecdf; }
    BoxPlotChart* boxPlot() const { return m_boxPlot; }
    CriticalDifferenceChart* ranksChart() const { return m_ranks; }
    StepCurvesChart* aggregatedEcdfChart() const { return m_aggregatedEcdf; }
    StepCurvesChart* profilesChart() const { return m_profiles; }
    HeatMapChart* sweepChart() const { return m_sweepChart; }
    TargetCurvesChart* targetsChart() const { return m_targets; }
    // The Sweep tab's choices: which sweep (one per algorithm with several settings) and which measure (success
    // rate, ERT, median final cost).
    QComboBox* sweepChoice() const { return m_sweepChoice; }
    QComboBox* sweepMeasure() const { return m_sweepMeasure; }
    QTabWidget* tabs() const { return m_tabs; }
    // The cost axis of the charts and the statistics. Evaluations cannot be chosen for a bench whose curves
    // have none (made before they were recorded): the view then falls back to steps.
    CostAxis costAxis() const;
    void setCostAxis(CostAxis axis);
    QComboBox* costAxisBox() const { return m_costAxis; }
    // The tabs by key, in order: convergence, run-length, final-cost, summary, statistics, ranks, ecdf-all,
    // profiles, sweep, ert-targets (for --compare-tab).
    static QStringList tabKeys();
    // Shows the tab of `key`; false when no tab has it.
    bool showTab(const QString& key);
    // The summary table as CSV (the columns of summary.csv), atomically.
    bool exportCsv(const QString& path, QString& error) const;
    // The chart of the current tab as PNG or SVG.
    bool exportChart(const QString& path, QString& error, const ChartExportOptions& options = {}) const;
    // The chart of the current tab, or null on a table's tab.
    const ExportableChart* currentChart() const;
    // Presentation mode (F11): full screen, the charts and tables alone with larger text, for a projector.
    void setPresentationMode(bool on);
    bool presentationMode() const { return m_presentation; }

signals:
    void finished();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    QWidget* createSetupPanel();
    void refreshConfigurationList();
    void onRun(const nlohmann::json& line);
    void onDone(bool stopped);
    void refreshResults();
    void refreshCharts();
    void refreshStatistics();
    // The Ranks tab: the critical-difference diagram of the Friedman test across puzzles.
    void showRanks(const BenchStatistics& stats, const QString& axisName);
    // The aggregated ECDF over puzzles and targets, and the performance profiles.
    void showAggregatedViews(const BenchStatistics& stats, const QString& axisName);
    // The Sweep tab: the heat map of the chosen sweep and measure.
    void showSweep();
    // The ERT by target tab: the fixed-target results of the chosen puzzle.
    void showTargets();
    void updateButtons();

    QString m_puzzlesDir;
    std::vector<Puzzle> m_puzzles;
    std::vector<BenchConfiguration> m_configurations;
    std::vector<BenchRecord> m_records;
    std::vector<std::string> m_resultLabels;     // the settings of the results shown, in order
    SettingParameters m_resultSettings;          // their algorithms and parameter values, by label (sweeps)
    std::vector<std::string> m_resultPuzzleIds;  // by puzzle index

    QLabel* m_puzzleInfo;
    QComboBox* m_algorithmBox;
    ParameterForm* m_parameterForm;
    QListWidget* m_configurationList;
    QLineEdit* m_sweepEdit;
    QSpinBox* m_runs;
    QSpinBox* m_seed;
    QSpinBox* m_steps;
    QDoubleSpinBox* m_seconds;
    QSpinBox* m_evaluations;
    QSpinBox* m_jobs;
    QPushButton* m_startButton;
    QPushButton* m_stopButton;
    QProgressBar* m_progress;
    QLabel* m_status;
    QComboBox* m_resultPuzzle;
    QComboBox* m_costAxis;
    bool m_axisFellBack = false;  // evaluations were chosen but the results have none
    QTabWidget* m_tabs;
    QWidget* m_setupPanel = nullptr;
    QList<QWidget*> m_exportButtons;
    QAction* m_presentationAction = nullptr;
    bool m_presentation = false;
    ConvergenceChart* m_convergence;
    EcdfChart* m_ecdf;
    BoxPlotChart* m_boxPlot;
    CriticalDifferenceChart* m_ranks;
    StepCurvesChart* m_aggregatedEcdf;
    StepCurvesChart* m_profiles;
    QComboBox* m_sweepChoice;
    QComboBox* m_sweepMeasure;
    HeatMapChart* m_sweepChart;
    std::vector<SweepGrid> m_sweeps;  // of the statistics shown
    QString m_statisticsAxisName;     // the axis of the statistics shown (their ERTs)
    TargetCurvesChart* m_targets;
    std::vector<SettingPuzzleStatistics> m_statisticsRows;  // of the statistics shown, for the ERT by target
    QTableWidget* m_summaryTable;
    QLabel* m_statisticsNote;
    QTableWidget* m_statisticsTable;
    QTableWidget* m_testsTable;
    QLabel* m_acrossPuzzlesNote;

    QThread* m_worker = nullptr;
    std::shared_ptr<std::atomic<bool>> m_stop;
};

}  // namespace pw::ui
