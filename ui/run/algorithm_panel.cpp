#include "run/algorithm_panel.h"

#include "algorithms/registry.h"
#include "run/parameter_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRandomGenerator>
#include <QRegularExpressionValidator>
#include <QStandardItemModel>
#include <QStyleOptionComboBox>
#include <QStylePainter>
#include <QVBoxLayout>

#include <algorithm>

namespace pw::ui {

namespace {
constexpr int kIdRole = Qt::UserRole + 1;
const AlgorithmFamily kFamilies[] = {AlgorithmFamily::Exact, AlgorithmFamily::Logic, AlgorithmFamily::LocalSearch,
                                     AlgorithmFamily::Evolutionary, AlgorithmFamily::Swarm};

// A drop-down whose shown choice wraps onto more lines rather than being cut when the panel is narrow (long
// algorithm names at a 1024-pixel width or a large scale).
class WrappingComboBox : public QComboBox {
public:
    using QComboBox::QComboBox;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override {
        const int oneLine = QComboBox::sizeHint().height();
        QStyleOptionComboBox option;
        initStyleOption(&option);
        option.rect = QRect(0, 0, width, oneLine);
        const QRect field = style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this);
        const int lines = fontMetrics().boundingRect(QRect(0, 0, field.width(), 10000), Qt::TextWordWrap, currentText()).height() /
                          fontMetrics().lineSpacing();
        return oneLine + std::max(0, lines - 1) * fontMetrics().lineSpacing();
    }
    QSize sizeHint() const override {
        QSize size = QComboBox::sizeHint();
        if (width() > 0) size.setHeight(heightForWidth(width()));
        return size;
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QStylePainter painter(this);
        QStyleOptionComboBox option;
        initStyleOption(&option);
        const QString text = option.currentText;
        option.currentText.clear();
        painter.drawComplexControl(QStyle::CC_ComboBox, option);
        painter.drawControl(QStyle::CE_ComboBoxLabel, option);  // the icon, if any
        const QRect field = style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this);
        painter.setPen(palette().color(isEnabled() ? QPalette::Active : QPalette::Disabled, QPalette::ButtonText));
        painter.drawText(field, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, text);
    }
    void resizeEvent(QResizeEvent* event) override {
        QComboBox::resizeEvent(event);
        if (height() != heightForWidth(width())) updateGeometry();
    }
};

QString capitalised(const char* text) {
    QString result = QString::fromUtf8(text);
    if (!result.isEmpty()) result[0] = result[0].toUpper();
    return result;
}
}  // namespace

AlgorithmPanel::AlgorithmPanel(QWidget* parent)
    : QWidget(parent), m_algorithms(new WrappingComboBox(this)), m_model(new QStandardItemModel(this)),
      m_description(new QLabel(this)), m_form(new ParameterForm(this)),
      m_resetDefaults(new QPushButton(tr("Reset to defaults"), this)), m_seed(new QLineEdit(this)),
      m_randomSeed(new QCheckBox(tr("Random each run"), this)), m_stepLimit(new QDoubleSpinBox(this)),
      m_timeLimit(new QDoubleSpinBox(this)) {
    auto* layout = new QVBoxLayout(this);
    m_algorithms->setObjectName(QStringLiteral("algorithmCombo"));
    m_algorithms->setModel(m_model);
    QSizePolicy policy = m_algorithms->sizePolicy();
    policy.setHeightForWidth(true);
    m_algorithms->setSizePolicy(policy);
    m_algorithms->setToolTip(tr("The solving algorithm, grouped by family"));
    layout->addWidget(m_algorithms);

    m_description->setWordWrap(true);
    m_description->setTextFormat(Qt::RichText);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_description->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    layout->addWidget(m_description);

    auto* parametersBox = new QGroupBox(tr("Parameters"), this);
    auto* parametersLayout = new QVBoxLayout(parametersBox);
    parametersLayout->addWidget(m_form);
    m_resetDefaults->setToolTip(tr("Put every parameter back to the value the paper uses"));
    parametersLayout->addWidget(m_resetDefaults, 0, Qt::AlignRight);
    layout->addWidget(parametersBox);

    auto* runBox = new QGroupBox(tr("Seed and budgets"), this);
    auto* runLayout = new QFormLayout(runBox);
    m_seed->setObjectName(QStringLiteral("seedEdit"));
    m_seed->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{1,19}")), m_seed));
    m_seed->setText(QStringLiteral("1"));
    m_seed->setToolTip(tr("The same seed and parameters replay the same run, step for step"));
    auto* seedRow = new QHBoxLayout;
    seedRow->addWidget(m_seed, 1);
    seedRow->addWidget(m_randomSeed);
    runLayout->addRow(tr("Seed"), seedRow);
    m_stepLimit->setDecimals(0);
    m_stepLimit->setRange(0, 1e15);
    m_stepLimit->setSingleStep(1000);
    m_stepLimit->setSpecialValueText(tr("none"));
    m_stepLimit->setGroupSeparatorShown(true);
    m_stepLimit->setToolTip(tr("Stop after this many steps (0: no limit)"));
    runLayout->addRow(tr("Step budget"), m_stepLimit);
    m_timeLimit->setDecimals(1);
    m_timeLimit->setRange(0, 86400);
    m_timeLimit->setSuffix(tr(" s"));
    m_timeLimit->setSpecialValueText(tr("none"));
    m_timeLimit->setToolTip(tr("Stop after this many seconds (0: no limit)"));
    runLayout->addRow(tr("Time budget"), m_timeLimit);
    layout->addWidget(runBox);
    layout->addStretch(1);

    populate();
    connect(m_algorithms, &QComboBox::currentIndexChanged, this, [this] {
        m_algorithms->updateGeometry();  // another name may need another number of lines
        showAlgorithm();
        emit algorithmChanged(QString::fromStdString(algorithmId()));
        emit settingsChanged();
    });
    connect(m_resetDefaults, &QPushButton::clicked, m_form, &ParameterForm::resetToDefaults);
    connect(m_form, &ParameterForm::valuesChanged, this, &AlgorithmPanel::settingsChanged);
    connect(m_seed, &QLineEdit::textChanged, this, &AlgorithmPanel::settingsChanged);
    connect(m_randomSeed, &QCheckBox::toggled, this, &AlgorithmPanel::settingsChanged);
    showAlgorithm();
}

void AlgorithmPanel::populate() {
    m_model->clear();
    for (AlgorithmFamily family : kFamilies) {
        bool headerAdded = false;
        for (const AlgorithmEntry& entry : algorithmRegistry()) {
            if (entry.info.family != family) continue;
            if (!headerAdded) {
                auto* header = new QStandardItem(capitalised(algorithmFamilyName(family)));
                header->setFlags(Qt::ItemIsEnabled);
                QFont bold = header->font();
                bold.setBold(true);
                header->setFont(bold);
                m_model->appendRow(header);
                headerAdded = true;
            }
            auto* item = new QStandardItem(QStringLiteral("    ") + QString::fromStdString(entry.info.name));
            item->setData(QString::fromStdString(entry.info.id), kIdRole);
            item->setToolTip(QString::fromStdString(entry.info.summary));
            m_model->appendRow(item);
        }
    }
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (!m_model->item(row)->data(kIdRole).isNull()) {
            m_algorithms->setCurrentIndex(row);
            break;
        }
    }
}

std::string AlgorithmPanel::algorithmId() const {
    return m_algorithms->currentData(kIdRole).toString().toStdString();
}

const AlgorithmInfo* AlgorithmPanel::algorithmInfo() const {
    const AlgorithmEntry* entry = findAlgorithm(algorithmId());
    return entry ? &entry->info : nullptr;
}

bool AlgorithmPanel::setAlgorithm(const std::string& id) {
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_model->item(row)->data(kIdRole).toString().toStdString() == id) {
            m_algorithms->setCurrentIndex(row);
            return true;
        }
    }
    return false;
}

void AlgorithmPanel::setPuzzleKind(PuzzleKind kind) {
    m_kind = kind;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        QStandardItem* item = m_model->item(row);
        const QString id = item->data(kIdRole).toString();
        if (id.isEmpty()) continue;
        const AlgorithmEntry* entry = findAlgorithm(id.toStdString());
        const bool usable = entry && entry->info.supports(kind);
        item->setFlags(usable ? Qt::ItemIsEnabled | Qt::ItemIsSelectable : Qt::NoItemFlags);
        item->setToolTip(usable ? QString::fromStdString(entry->info.summary)
                                : tr("Does not solve %1 puzzles").arg(QString::fromUtf8(puzzleKindName(kind))));
    }
    // Move off an algorithm that cannot solve the new kind.
    const AlgorithmInfo* current = algorithmInfo();
    if (current && !current->supports(kind)) {
        for (const AlgorithmEntry& entry : algorithmRegistry()) {
            if (entry.info.supports(kind)) {
                setAlgorithm(entry.info.id);
                break;
            }
        }
    }
    showAlgorithm();
}

void AlgorithmPanel::showAlgorithm() {
    const AlgorithmInfo* info = algorithmInfo();
    if (!info) {
        m_description->clear();
        m_form->setSpecs({});
        return;
    }
    QString text = QStringLiteral("<b>%1</b> <span style='color:gray'>(%2)</span><br>%3")
                       .arg(QString::fromStdString(info->name).toHtmlEscaped(),
                            QString::fromUtf8(algorithmFamilyName(info->family)),
                            QString::fromStdString(info->summary).toHtmlEscaped());
    if (!info->stepMeaning.empty())
        text += tr("<br><b>One step:</b> %1").arg(QString::fromStdString(info->stepMeaning).toHtmlEscaped());
    if (!info->paper.empty())
        text += QStringLiteral("<br><small><i>%1</i></small>").arg(QString::fromStdString(info->paper).toHtmlEscaped());
    if (!info->supports(m_kind))
        text += tr("<br><b style='color:#c03030'>Cannot solve %1 puzzles.</b>").arg(QString::fromUtf8(puzzleKindName(m_kind)));
    m_description->setText(text);
    m_form->setSpecs(info->parameters, info->parameterRules);
    m_seed->setEnabled(info->usesSeed);
    m_randomSeed->setEnabled(info->usesSeed);
}

ParameterValues AlgorithmPanel::parameters() const { return m_form->values(); }
bool AlgorithmPanel::parametersValid() const { return m_form->rulesHold(); }
void AlgorithmPanel::setParameters(const ParameterValues& values) { m_form->setValues(values); }

std::uint64_t AlgorithmPanel::seed() const { return m_seed->text().toULongLong(); }
void AlgorithmPanel::setSeed(std::uint64_t seed) { m_seed->setText(QString::number(seed)); }
bool AlgorithmPanel::randomSeed() const { return m_randomSeed->isChecked(); }
void AlgorithmPanel::setRandomSeed(bool random) { m_randomSeed->setChecked(random); }

std::uint64_t AlgorithmPanel::takeSeed() {
    if (m_randomSeed->isChecked()) setSeed(QRandomGenerator::global()->bounded(static_cast<quint64>(1) << 48));
    return seed();
}

std::uint64_t AlgorithmPanel::stepLimit() const { return static_cast<std::uint64_t>(m_stepLimit->value()); }
void AlgorithmPanel::setStepLimit(std::uint64_t steps) { m_stepLimit->setValue(static_cast<double>(steps)); }
double AlgorithmPanel::timeLimitSeconds() const { return m_timeLimit->value(); }
void AlgorithmPanel::setTimeLimitSeconds(double seconds) { m_timeLimit->setValue(seconds); }

}  // namespace pw::ui
