#include "race/race_setup_dialog.h"

#include "race/race_entries.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>

namespace pw::ui {

RaceSetupDialog::RaceSetupDialog(PuzzleKind kind, const QString& algorithms, QWidget* parent)
    : QDialog(parent), m_kind(kind), m_algorithms(new QLineEdit(algorithms, this)), m_parameters(new QLineEdit(this)),
      m_seed(new QSpinBox(this)), m_pace(new QComboBox(this)), m_budget(new QDoubleSpinBox(this)) {
    setWindowTitle(tr("Race"));
    setObjectName(QStringLiteral("raceSetupDialog"));
    auto* form = new QFormLayout;
    m_algorithms->setToolTip(tr("2 to 4 algorithm ids, comma-separated; one may come twice (the second is ID#2)"));
    m_parameters->setPlaceholderText(QStringLiteral("sa#2.t0=5 tabu.seed=3"));
    m_parameters->setToolTip(tr("ID.KEY=VALUE for every run of ID, ID#N.KEY=VALUE for its N-th run, "
                                "separated by spaces; KEY seed gives a run its own seed"));
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setValue(1);
    m_pace->addItems({tr("Same steps per second"), tr("Fair by evaluations"), tr("Flat out")});
    m_pace->setCurrentIndex(static_cast<int>(RacePace::FairEvaluations));
    m_budget->setRange(0, 1e12);
    m_budget->setDecimals(0);
    m_budget->setValue(static_cast<double>(RaceBudget{}.maxEvaluations));
    m_budget->setSpecialValueText(tr("none"));
    form->addRow(tr("&Algorithms:"), m_algorithms);
    form->addRow(tr("&Parameters:"), m_parameters);
    form->addRow(tr("&Seed of every run:"), m_seed);
    form->addRow(tr("Pa&ce:"), m_pace);
    form->addRow(tr("&Evaluations per run:"), m_budget);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Race"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (const QString error = raceEntries(m_algorithms->text().remove(QLatin1Char(' ')),
                                              m_parameters->text().split(QLatin1Char(' '), Qt::SkipEmptyParts),
                                              static_cast<std::uint64_t>(m_seed->value()), m_kind, m_entries);
            !error.isEmpty()) {
            QMessageBox::warning(this, tr("Cannot race"), error);
            return;
        }
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

RacePace RaceSetupDialog::pace() const { return static_cast<RacePace>(m_pace->currentIndex()); }

RaceBudget RaceSetupDialog::budget() const {
    RaceBudget budget;
    budget.maxEvaluations = static_cast<std::uint64_t>(m_budget->value());
    return budget;
}

}  // namespace pw::ui
