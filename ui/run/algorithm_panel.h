#pragma once
// Picks the algorithm and everything a run needs: the algorithms grouped by family (from the registry), a
// description, the generated parameter form, the seed (fixed or random per run) and the budgets.

#include "engine/algorithm.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QStandardItemModel;

namespace pw::ui {

class ParameterForm;

class AlgorithmPanel : public QWidget {
    Q_OBJECT
public:
    explicit AlgorithmPanel(QWidget* parent = nullptr);

    std::string algorithmId() const;
    // False when no registered algorithm has this id.
    bool setAlgorithm(const std::string& id);
    const AlgorithmInfo* algorithmInfo() const;
    // Algorithms that cannot solve this kind of puzzle are shown but disabled.
    void setPuzzleKind(PuzzleKind kind);

    ParameterForm* parameterForm() const { return m_form; }
    ParameterValues parameters() const;
    // False while the parameters break one of the algorithm's declared rules (the form shows which).
    bool parametersValid() const;
    void setParameters(const ParameterValues& values);

    // The seed of the next run: the fixed one, or a fresh random one when "random" is ticked (and then shown).
    std::uint64_t takeSeed();
    std::uint64_t seed() const;
    void setSeed(std::uint64_t seed);
    bool randomSeed() const;
    void setRandomSeed(bool random);

    std::uint64_t stepLimit() const;
    void setStepLimit(std::uint64_t steps);
    double timeLimitSeconds() const;
    void setTimeLimitSeconds(double seconds);

signals:
    void algorithmChanged(const QString& id);
    void settingsChanged();

private:
    void populate();
    void showAlgorithm();

    QComboBox* m_algorithms;
    QStandardItemModel* m_model;
    QLabel* m_description;
    ParameterForm* m_form;
    QPushButton* m_resetDefaults;
    QLineEdit* m_seed;
    QCheckBox* m_randomSeed;
    QDoubleSpinBox* m_stepLimit;
    QDoubleSpinBox* m_timeLimit;
    PuzzleKind m_kind = PuzzleKind::Sudoku;
};

}  // namespace pw::ui
