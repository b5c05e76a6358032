#pragma once
// File ▸ New ▸ Generate…: the options of `puzzle-cli generate` in a form; generation runs on a worker thread
// with a progress bar (candidates tried) and Cancel. The result's rating (level, serate, clues) is shown and the
// puzzle is handed to the window through `generated`.

#include "puzzle/puzzle.h"

#include <QDialog>

#include <atomic>
#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QThread;

namespace pw::ui {

class GenerateDialog : public QDialog {
    Q_OBJECT
public:
    explicit GenerateDialog(QWidget* parent = nullptr);
    ~GenerateDialog() override;

    // Generates one puzzle with the form's options; the worker reports through `generated` or `failed`.
    void start();
    void cancel();
    bool isRunning() const { return m_worker != nullptr; }
    // The rating of the last puzzle, or the last error.
    QString summary() const;
    const std::optional<Puzzle>& lastPuzzle() const { return m_lastPuzzle; }

    // For tests and launch options: the form's fields.
    void setNurikabe(bool nurikabe);
    void setSudokuSize(int size);            // 4, 6, 9 or 16
    void setNurikabeSize(int height, int width);
    // Sudoku: "any", "singles", "locked", "pairs", "search"; Nurikabe: "any", "easy", "medium", "hard", "expert".
    void setLevel(const QString& level);
    void setSymmetry(const QString& name);   // "none", "rotational", "mirror", "diagonal" (both kinds)
    void setMinimal(bool minimal);
    void setSerateRange(double low, double high);  // a filter on the serate metric; low > high switches it off
    void setSeed(int seed);
    void setMaxAttempts(int attempts);

signals:
    void generated(const pw::Puzzle& puzzle);
    void failed(const QString& message);
    void finished();  // after `generated`, `failed` or a cancel

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    struct Outcome;
    void onDone(std::shared_ptr<Outcome> outcome);
    void setBusy(bool busy);

    QComboBox* m_kind;
    QStackedWidget* m_pages;
    QComboBox* m_size;
    QComboBox* m_symmetry;
    QComboBox* m_level;
    QCheckBox* m_minimal;
    QCheckBox* m_serateFilter;
    QDoubleSpinBox* m_minSerate;
    QDoubleSpinBox* m_maxSerate;
    QSpinBox* m_height;
    QSpinBox* m_width;
    QComboBox* m_nurikabeSymmetry;
    QComboBox* m_nurikabeLevel;
    QSpinBox* m_seed;
    QSpinBox* m_attempts;
    QPushButton* m_generateButton;
    QPushButton* m_cancelButton;
    QProgressBar* m_progress;
    QLabel* m_summary;
    QThread* m_worker = nullptr;
    std::shared_ptr<std::atomic<bool>> m_stop;
    std::optional<Puzzle> m_lastPuzzle;
};

}  // namespace pw::ui
