#include "tools/generate_dialog.h"

#include "study/generator.h"

#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QThread>
#include <QVBoxLayout>

#include <chrono>
#include <limits>

namespace pw::ui {

struct GenerateDialog::Outcome {
    std::optional<Puzzle> puzzle;
    QString summary;
    QString error;
    int attempts = 0;
};

namespace {

constexpr auto kProgressInterval = std::chrono::milliseconds(50);  // progress posts to the GUI thread at most this often

QComboBox* comboOf(QWidget* parent, const QList<std::pair<QString, QString>>& items) {
    auto* combo = new QComboBox(parent);
    for (const auto& [text, key] : items) combo->addItem(text, key);
    return combo;
}

// The clue symmetries, keyed by their names in study/generator.h.
QComboBox* symmetryCombo(QWidget* parent, const QString& diagonalText) {
    return comboOf(parent, {{QObject::tr("None"), QStringLiteral("none")},
                            {QObject::tr("Rotational (half-turn)"), QStringLiteral("rotational")},
                            {QObject::tr("Mirror (left-right)"), QStringLiteral("mirror")},
                            {diagonalText, QStringLiteral("diagonal")}});
}

void selectData(QComboBox* combo, const QVariant& data) {
    const int index = combo->findData(data);
    if (index >= 0) combo->setCurrentIndex(index);
}

QString sudokuSummary(const GeneratedSudoku& puzzle, const SudokuGeneratorOptions& options, std::uint64_t seed) {
    const QString symmetry = options.symmetry == Symmetry::None
                                 ? QObject::tr("no symmetry")
                                 : QObject::tr("%1 symmetry").arg(QString::fromLatin1(symmetryName(options.symmetry)));
    QString text = QObject::tr("%1, %2 clues, %3. Level: %4")
                       .arg(QString::fromStdString(options.shape.name()))
                       .arg(puzzle.givens.filledCount())
                       .arg(symmetry)
                       .arg(QString::fromLatin1(sudokuLevelName(puzzle.level)));
    if (puzzle.serate)
        text += QObject::tr("; serate %1 (mean of %2 runs, seed %3)")
                    .arg(*puzzle.serate, 0, 'g', 4)
                    .arg(options.serateRuns)
                    .arg(options.serateSeed);
    text += QObject::tr(". Candidates tried: %1; seed %2.").arg(puzzle.attempts).arg(seed);
    if (options.minimal) text += QObject::tr(" Minimal: every clue is needed.");
    return text;
}

QString nurikabeSummary(const GeneratedNurikabe& puzzle, const NurikabeGeneratorOptions& options, std::uint64_t seed) {
    int islands = 0;
    for (int cell = 0; cell < puzzle.clues.cellCount(); ++cell) islands += puzzle.clues.clue(cell) > 0;
    const QString symmetry = options.symmetry == Symmetry::None
                                 ? QObject::tr("no symmetry")
                                 : QObject::tr("%1 symmetry").arg(QString::fromLatin1(symmetryName(options.symmetry)));
    const QString level = puzzle.rating ? QString::fromStdString(nurikabeRatingText(*puzzle.rating))
                                        : QObject::tr("beyond hypotheses %1 deep").arg(kNurikabeRatingDepth);
    return QObject::tr("Nurikabe %1×%2, %3 islands, %4, one solution. Level: %5. Candidates tried: %6; seed %7.")
        .arg(puzzle.clues.height())
        .arg(puzzle.clues.width())
        .arg(islands)
        .arg(symmetry)
        .arg(level)
        .arg(puzzle.attempts)
        .arg(seed);
}

}  // namespace

GenerateDialog::GenerateDialog(QWidget* parent)
    : QDialog(parent), m_stop(std::make_shared<std::atomic<bool>>(false)) {
    setObjectName(QStringLiteral("generateDialog"));
    setWindowTitle(tr("Generate a puzzle"));

    m_kind = comboOf(this, {{tr("Sudoku"), QStringLiteral("sudoku")}, {tr("Nurikabe"), QStringLiteral("nurikabe")}});
    m_pages = new QStackedWidget(this);

    auto* sudokuPage = new QWidget(m_pages);
    auto* sudokuForm = new QFormLayout(sudokuPage);
    sudokuForm->setContentsMargins(0, 0, 0, 0);
    m_size = comboOf(sudokuPage, {{QStringLiteral("4×4"), QStringLiteral("4")}, {QStringLiteral("6×6"), QStringLiteral("6")},
                                  {QStringLiteral("9×9"), QStringLiteral("9")}, {QStringLiteral("16×16"), QStringLiteral("16")}});
    m_size->setCurrentIndex(2);
    m_symmetry = symmetryCombo(sudokuPage, tr("Diagonal"));
    m_level = comboOf(sudokuPage, {{tr("Any"), QStringLiteral("any")},
                                   {tr("Singles: naked and hidden singles solve it"), QStringLiteral("singles")},
                                   {tr("Locked: needs pointing or claiming"), QStringLiteral("locked")},
                                   {tr("Pairs: needs naked or hidden pairs"), QStringLiteral("pairs")},
                                   {tr("Search: those techniques get stuck"), QStringLiteral("search")}});
    m_level->setToolTip(tr("The hardest technique a person needs, as the logic solver grades it"));
    m_minimal = new QCheckBox(tr("Minimal (remove every clue that can go)"), sudokuPage);
    sudokuForm->addRow(tr("Size"), m_size);
    sudokuForm->addRow(tr("Symmetry"), m_symmetry);
    sudokuForm->addRow(tr("Difficulty"), m_level);
    sudokuForm->addRow(QString(), m_minimal);
    m_serateFilter = new QCheckBox(tr("Serate from"), sudokuPage);
    m_serateFilter->setToolTip(tr("Keep only puzzles whose serate metric (Pelánek's model, as the Difficulty lab "
                                  "computes it: 30 runs, seed 1) lies in the range"));
    m_minSerate = new QDoubleSpinBox(sudokuPage);
    m_maxSerate = new QDoubleSpinBox(sudokuPage);
    for (QDoubleSpinBox* bound : {m_minSerate, m_maxSerate}) {
        bound->setRange(0, 10000);
        bound->setDecimals(1);
        bound->setEnabled(false);
        connect(m_serateFilter, &QCheckBox::toggled, bound, &QWidget::setEnabled);
    }
    m_minSerate->setValue(2);
    m_maxSerate->setValue(20);
    auto* serateRow = new QHBoxLayout;
    serateRow->addWidget(m_serateFilter);
    serateRow->addWidget(m_minSerate);
    serateRow->addWidget(new QLabel(tr("to"), sudokuPage));
    serateRow->addWidget(m_maxSerate);
    sudokuForm->addRow(QString(), serateRow);
    m_pages->addWidget(sudokuPage);

    auto* nurikabePage = new QWidget(m_pages);
    auto* nurikabeForm = new QFormLayout(nurikabePage);
    nurikabeForm->setContentsMargins(0, 0, 0, 0);
    m_height = new QSpinBox(nurikabePage);
    m_width = new QSpinBox(nurikabePage);
    for (QSpinBox* side : {m_height, m_width}) {
        side->setRange(kMinNurikabeGeneratorSide, kMaxNurikabeGeneratorSide);
        side->setValue(7);
    }
    m_nurikabeSymmetry = symmetryCombo(nurikabePage, tr("Diagonal (square grids)"));
    m_nurikabeSymmetry->setToolTip(tr("The clue cells map onto themselves; the clues' values may differ"));
    m_nurikabeLevel = comboOf(nurikabePage, {{tr("Any"), QStringLiteral("any")},
                                             {tr("Easy: rules about a cell's neighbours"), QStringLiteral("easy")},
                                             {tr("Medium: needs reach (unreachable, river cut off)"), QStringLiteral("medium")},
                                             {tr("Hard: needs an island's completions"), QStringLiteral("hard")},
                                             {tr("Expert: needs a hypothesis"), QStringLiteral("expert")}});
    m_nurikabeLevel->setToolTip(tr("The hardest rule a person needs, as the nurikabe-logic solver rates it"));
    nurikabeForm->addRow(tr("Rows"), m_height);
    nurikabeForm->addRow(tr("Columns"), m_width);
    nurikabeForm->addRow(tr("Symmetry"), m_nurikabeSymmetry);
    nurikabeForm->addRow(tr("Difficulty"), m_nurikabeLevel);
    m_pages->addWidget(nurikabePage);

    m_seed = new QSpinBox(this);
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setValue(1);
    m_attempts = new QSpinBox(this);
    m_attempts->setRange(1, 1'000'000);
    m_attempts->setValue(SudokuGeneratorOptions{}.maxAttempts);
    m_attempts->setToolTip(tr("Candidate puzzles tried before giving up (a level may be out of reach at a size)"));

    auto* form = new QFormLayout;
    form->addRow(tr("Puzzle"), m_kind);
    auto* common = new QFormLayout;
    common->addRow(tr("Seed"), m_seed);
    common->addRow(tr("Attempts"), m_attempts);

    m_generateButton = new QPushButton(tr("Generate"), this);
    m_generateButton->setDefault(true);
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_cancelButton->setEnabled(false);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_generateButton);
    buttons->addWidget(m_cancelButton);
    m_progress = new QProgressBar(this);
    m_progress->setFormat(tr("%v candidates"));
    m_progress->setValue(0);
    m_summary = new QLabel(tr("Every puzzle has exactly one solution, proved by the exact solver. The puzzle is "
                              "loaded onto the board."),
                           this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setObjectName(QStringLiteral("generateSummary"));

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_pages);
    layout->addLayout(common);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_summary);
    layout->addStretch(1);

    connect(m_kind, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_pages->setCurrentIndex(index);
        m_attempts->setValue(index ? NurikabeGeneratorOptions{}.maxAttempts : SudokuGeneratorOptions{}.maxAttempts);
    });
    connect(m_generateButton, &QPushButton::clicked, this, &GenerateDialog::start);
    connect(m_cancelButton, &QPushButton::clicked, this, &GenerateDialog::cancel);
    resize(460, 400);
}

GenerateDialog::~GenerateDialog() {
    m_stop->store(true);
    if (m_worker) m_worker->wait();
}

void GenerateDialog::closeEvent(QCloseEvent* event) {
    cancel();
    QDialog::closeEvent(event);
}

void GenerateDialog::setNurikabe(bool nurikabe) { m_kind->setCurrentIndex(nurikabe ? 1 : 0); }
void GenerateDialog::setSudokuSize(int size) { selectData(m_size, QString::number(size)); }
void GenerateDialog::setLevel(const QString& level) {
    selectData(m_level, level);
    selectData(m_nurikabeLevel, level);
}
void GenerateDialog::setSymmetry(const QString& name) {
    selectData(m_symmetry, name);
    selectData(m_nurikabeSymmetry, name);
}
void GenerateDialog::setNurikabeSize(int height, int width) {
    m_height->setValue(height);
    m_width->setValue(width);
}
void GenerateDialog::setMinimal(bool minimal) { m_minimal->setChecked(minimal); }
void GenerateDialog::setSerateRange(double low, double high) {
    m_serateFilter->setChecked(low <= high);
    m_minSerate->setValue(low);
    m_maxSerate->setValue(high);
}
void GenerateDialog::setSeed(int seed) { m_seed->setValue(seed); }
void GenerateDialog::setMaxAttempts(int attempts) { m_attempts->setValue(attempts); }
QString GenerateDialog::summary() const { return m_summary->text(); }

void GenerateDialog::cancel() {
    if (m_worker) m_stop->store(true);
}

void GenerateDialog::setBusy(bool busy) {
    m_generateButton->setEnabled(!busy);
    m_cancelButton->setEnabled(busy);
    m_kind->setEnabled(!busy);
    m_pages->setEnabled(!busy);
}

void GenerateDialog::start() {
    if (m_worker) return;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    const bool nurikabe = m_kind->currentIndex() == 1;
    const auto seed = static_cast<std::uint64_t>(m_seed->value());

    SudokuGeneratorOptions sudoku;
    SudokuShape::fromSize(m_size->currentData().toString().toInt(), sudoku.shape);
    sudoku.symmetry = symmetryFromName(m_symmetry->currentData().toString().toStdString()).value_or(Symmetry::None);
    sudoku.level = sudokuLevelFromName(m_level->currentData().toString().toStdString());
    sudoku.minimal = m_minimal->isChecked();
    sudoku.computeSerate = true;
    if (m_serateFilter->isChecked()) {
        sudoku.minSerate = m_minSerate->value();
        sudoku.maxSerate = m_maxSerate->value();
    }
    sudoku.maxAttempts = m_attempts->value();
    NurikabeGeneratorOptions nurikabeOptions;
    nurikabeOptions.height = m_height->value();
    nurikabeOptions.width = m_width->value();
    nurikabeOptions.symmetry =
        symmetryFromName(m_nurikabeSymmetry->currentData().toString().toStdString()).value_or(Symmetry::None);
    nurikabeOptions.level = nurikabeLevelFromName(m_nurikabeLevel->currentData().toString().toStdString());
    nurikabeOptions.maxAttempts = m_attempts->value();

    const std::string error =
        nurikabe ? validateNurikabeGeneratorOptions(nurikabeOptions) : validateSudokuGeneratorOptions(sudoku);
    if (!error.empty()) {
        m_summary->setText(tr("No puzzle: %1").arg(QString::fromStdString(error)));
        emit failed(m_summary->text());
        emit finished();
        return;
    }
    m_progress->setRange(0, m_attempts->value());
    m_progress->setValue(0);
    m_summary->setText(tr("Generating…"));
    setBusy(true);
    auto stop = m_stop;
    m_worker = QThread::create([this, nurikabe, sudoku, nurikabeOptions, seed, stop] {
        auto outcome = std::make_shared<Outcome>();
        auto lastPost = std::chrono::steady_clock::now();
        const AttemptCallback onAttempt = [this, &lastPost](int attempts) {
            const auto now = std::chrono::steady_clock::now();
            if (now - lastPost < kProgressInterval) return;
            lastPost = now;
            QMetaObject::invokeMethod(this, [this, attempts] { m_progress->setValue(attempts); }, Qt::QueuedConnection);
        };
        try {
            if (nurikabe) {
                if (const auto made = generateNurikabe(nurikabeOptions, seed, stop.get(), onAttempt)) {
                    const std::string id = "generated-" + std::to_string(made->clues.height()) + "x" +
                                           std::to_string(made->clues.width()) + "-seed-" + std::to_string(seed);
                    outcome->puzzle = Puzzle{id, "generated", NurikabePuzzle{made->clues, made->solution}};
                    outcome->attempts = made->attempts;
                    outcome->summary = nurikabeSummary(*made, nurikabeOptions, seed);
                }
            } else if (const auto made = generateSudoku(sudoku, seed, stop.get(), onAttempt)) {
                const std::string id = "generated-" + std::to_string(sudoku.shape.size()) + "x" +
                                       std::to_string(sudoku.shape.size()) + "-seed-" + std::to_string(seed);
                outcome->puzzle = Puzzle{id, "generated", SudokuPuzzle{made->givens, made->solution}};
                outcome->attempts = made->attempts;
                outcome->summary = sudokuSummary(*made, sudoku, seed);
            }
        } catch (const std::exception& e) {
            outcome->error = QString::fromStdString(e.what());
        }
        QMetaObject::invokeMethod(this, [this, outcome] { onDone(outcome); }, Qt::QueuedConnection);
    });
    connect(m_worker, &QThread::finished, m_worker, &QObject::deleteLater);
    m_worker->start();
}

void GenerateDialog::onDone(std::shared_ptr<Outcome> outcome) {
    m_worker = nullptr;
    setBusy(false);
    if (!outcome->error.isEmpty()) {
        m_summary->setText(tr("No puzzle: %1").arg(outcome->error));
        emit failed(outcome->error);
    } else if (!outcome->puzzle) {
        m_summary->setText(tr("Cancelled."));
    } else {
        m_progress->setValue(outcome->attempts);
        m_lastPuzzle = outcome->puzzle;
        m_summary->setText(outcome->summary);
        // The next press makes a new puzzle; the summary names the seed that made this one.
        if (m_seed->value() < m_seed->maximum()) m_seed->setValue(m_seed->value() + 1);
        emit generated(*outcome->puzzle);
    }
    emit finished();
}

}  // namespace pw::ui
