#pragma once
// The Difficulty lab: rate a Sudoku or Nurikabe set with the thesis's metrics and ours on every core (with a
// progress bar and Stop), see the ratings, their Pearson and Spearman correlations with a human column or with
// another rated metric (Nurikabe has no human times), a scatter plot of each metric against it (log axes, fitted
// line), every metric's plot side by side (as ranks or values), export CSV (opened by the rating's settings), PNG
// and SVG; and, for one Sudoku, the cell-filling order that annealing and brute force predict, as heat maps side
// by side.

#include "study/difficulty_metrics.h"
#include "study/filling_order.h"
#include "study/rating.h"

#include <QDialog>

#include <atomic>
#include <map>
#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
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

class BoardModel;
class ScatterGrid;
class ScatterPlot;

class DifficultyLab : public QDialog {
    Q_OBJECT
public:
    // `puzzlesDir` holds the bundled human data (puzzles/human).
    DifficultyLab(const QString& puzzlesDir, QWidget* parent = nullptr);
    ~DifficultyLab() override;

    // Loads a puzzle set; false with a dialog (unless `quiet`) when it holds no puzzle.
    bool setPuzzleSet(const QString& path, bool quiet = false);
    // Reads the human data (a CSV with a puzzle column); the numeric columns become choices.
    bool setHumanData(const QString& path, bool quiet = false);
    // What the metrics are compared with: a human column's name, or "metric:ID" for a rated metric.
    bool setHumanColumn(const QString& column);
    void setMetrics(const QStringList& ids);
    void setRuns(int runs);  // 0: each metric's own default
    void setFillingOrderPuzzle(const Puzzle& puzzle);

    void startRating();
    void stopRating();
    bool isRating() const { return m_worker != nullptr; }
    void computeFillingOrder(int runs);

    const std::vector<Puzzle>& puzzles() const { return m_puzzles; }
    const RatingTable& ratings() const { return m_ratings; }
    // The correlation table's text for a metric and a column ("n", "pearson", "spearman"), for tests.
    QString correlationText(const QString& metricId, const QString& which) const;
    ScatterPlot* scatterPlot() const { return m_scatter; }
    ScatterGrid* sideBySide() const { return m_sideBySide; }
    BoardModel* fillingOrderModel(int side) const { return side == 0 ? m_annealingOrder : m_bruteForceOrder; }
    bool exportCsv(const QString& path, QString& error) const;

signals:
    void ratingFinished();
    void fillingOrderFinished();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    QWidget* createSetupPanel();
    QWidget* createSideBySideTab();
    QWidget* createFillingOrderTab();
    void onRatingDone(std::shared_ptr<RatingTable> table, bool stopped);
    void refreshResults();
    void refreshCorrelations();
    void refreshScatter();
    void refreshSideBySide();
    // The puzzles where metric `m` and the compared column both have a value: the pairs every correlation uses.
    void pairsOf(std::size_t m, std::vector<double>& metricValues, std::vector<double>& compareValues) const;
    RatingOptions ratingOptions() const;  // from the runs, seed and threads boxes
    void fillMetricList();
    void refreshCompareChoices();
    QString compareName() const;      // the column's name or the metric's id
    int compareMetricIndex() const;   // the compared metric's index in m_ratedMetrics, or -1
    std::optional<double> compareValueOf(std::size_t puzzle) const;
    std::vector<const DifficultyMetric*> checkedMetrics() const;
    void updateButtons();

    QString m_puzzlesDir;
    PuzzleKind m_kind = PuzzleKind::Sudoku;  // of the set: the metric list shows this kind's metrics
    std::vector<Puzzle> m_puzzles;
    std::vector<const DifficultyMetric*> m_ratedMetrics;
    RatingOptions m_ratedOptions;  // what the ratings were made with: the exported CSV's first line says so
    RatingTable m_ratings;
    std::map<std::string, std::map<std::string, double>> m_humanColumns;  // column -> puzzle key -> value
    QString m_humanColumn;  // "Compare with": a human column, or kMetricPrefix + a rated metric's id

    QLineEdit* m_setPath;
    QLabel* m_setInfo;
    QLineEdit* m_humanPath;
    QComboBox* m_humanColumnBox;
    QListWidget* m_metricList;
    QSpinBox* m_runs;
    QSpinBox* m_seed;
    QSpinBox* m_jobs;
    QPushButton* m_rateButton;
    QPushButton* m_stopButton;
    QProgressBar* m_progress;
    QTabWidget* m_tabs;
    QTableWidget* m_ratingTable;
    QTableWidget* m_correlationTable;
    QComboBox* m_scatterMetric;
    QCheckBox* m_logX;
    QCheckBox* m_logY;
    ScatterPlot* m_scatter;
    QCheckBox* m_sideBySideRanks;
    QLabel* m_sideBySideCaption;
    ScatterGrid* m_sideBySide;
    QWidget* m_fillingTab;
    QLabel* m_fillingCaption;
    QSpinBox* m_fillingRuns;
    QPushButton* m_fillingButton;
    BoardModel* m_annealingOrder;
    BoardModel* m_bruteForceOrder;
    std::optional<Puzzle> m_fillingPuzzle;

    QThread* m_worker = nullptr;
    std::shared_ptr<std::atomic<bool>> m_stop;     // the rating's Stop
    std::shared_ptr<std::atomic<bool>> m_closing;  // set when the lab goes away: every worker ends
    QThread* m_fillingWorker = nullptr;
};

}  // namespace pw::ui
