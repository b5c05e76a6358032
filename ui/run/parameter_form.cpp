#include "run/parameter_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOptionSpinBox>

#include <algorithm>
#include <climits>
#include <cmath>

namespace pw::ui {

namespace {

// The editors accept far more than the declared range so that a value typed out of range stays as typed and
// is refused with a message, instead of being clamped to the nearest bound without a word.
constexpr double kRealEntryLimit = 1e9;
constexpr double kWideIntegerEntryLimit = 9e18;

// A spin box as wide as the declared range needs, not as wide as the range it accepts.
QSize declaredRangeSize(const QAbstractSpinBox* box, const QStringList& texts, QSize fallback) {
    const QFontMetrics metrics = box->fontMetrics();
    int width = 0;
    for (const QString& text : texts) width = std::max(width, metrics.horizontalAdvance(text + QLatin1Char(' ')));
    QStyleOptionSpinBox option;
    option.initFrom(box);
    option.buttonSymbols = box->buttonSymbols();
    option.frame = box->hasFrame();
    const QSize content(width + 4, std::max(metrics.height(), fallback.height() / 2));
    const QSize size = box->style()->sizeFromContents(QStyle::CT_SpinBox, &option, content, box);
    return QSize(size.width(), fallback.height());
}

class DeclaredRangeSpinBox : public QSpinBox {
public:
    DeclaredRangeSpinBox(const ParameterSpec& spec, QWidget* parent)
        : QSpinBox(parent), m_texts({formatParameterValue(static_cast<std::int64_t>(spec.minimum)).c_str(),
                                     formatParameterValue(static_cast<std::int64_t>(spec.maximum)).c_str()}) {}
    QSize sizeHint() const override { return declaredRangeSize(this, m_texts, QSpinBox::sizeHint()); }
    QSize minimumSizeHint() const override { return declaredRangeSize(this, m_texts, QSpinBox::minimumSizeHint()); }

private:
    QStringList m_texts;
};

// Shows reals in their shortest form ("0.99995", "40") instead of padding every value to the decimals needed
// by the most precise one.
class CompactDoubleSpinBox : public QDoubleSpinBox {
public:
    CompactDoubleSpinBox(const ParameterSpec& spec, QWidget* parent)
        : QDoubleSpinBox(parent), m_texts({QString::number(spec.minimum, 'g', 12), QString::number(spec.maximum, 'g', 12)}) {}
    QString textFromValue(double value) const override {
        if (decimals() == 0) return QString::number(static_cast<qlonglong>(std::llround(value)));
        return QString::number(value, 'g', 12);
    }
    QSize sizeHint() const override { return declaredRangeSize(this, m_texts, QDoubleSpinBox::sizeHint()); }
    QSize minimumSizeHint() const override { return declaredRangeSize(this, m_texts, QDoubleSpinBox::minimumSizeHint()); }

private:
    QStringList m_texts;
};

int decimalsNeeded(double value) {
    for (int decimals = 0; decimals <= 10; ++decimals) {
        const double scaled = value * std::pow(10.0, decimals);
        if (std::abs(scaled - std::round(scaled)) <= 1e-9 * std::max(1.0, std::abs(scaled))) return decimals;
    }
    return 10;
}

QString escaped(const std::string& text) { return QString::fromStdString(text).toHtmlEscaped(); }

}  // namespace

QString parameterToolTip(const ParameterSpec& spec) {
    QString tip = QStringLiteral("<b>%1</b>: %2<br>Allowed: %3<br>Default: %4")
                      .arg(escaped(spec.key), escaped(spec.help), escaped(spec.allowedText()),
                           escaped(formatParameterValue(spec.defaultValue)));
    if (!spec.citation.empty()) tip += QStringLiteral("<br><i>%1</i>").arg(escaped(spec.citation));
    return tip;
}

ParameterForm::ParameterForm(QWidget* parent) : QWidget(parent), m_layout(new QFormLayout(this)) {
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_layout->setRowWrapPolicy(QFormLayout::WrapLongRows);  // a narrow panel puts a field under its label
    connect(this, &ParameterForm::valuesChanged, this, &ParameterForm::checkRules);  // first, before any listener
}

void ParameterForm::setSpecs(const std::vector<ParameterSpec>& specs, const std::vector<ParameterRule>& rules) {
    while (m_layout->rowCount() > 0) m_layout->removeRow(0);
    m_ruleMessage = nullptr;  // removed with the rows
    m_editors.clear();
    m_specs = specs;
    m_rules = rules;
    m_violations.clear();
    if (m_specs.empty()) {
        auto* none = new QLabel(tr("This algorithm has no parameters."), this);
        none->setEnabled(false);
        m_layout->addRow(none);
    }
    for (const ParameterSpec& spec : m_specs) {
        QWidget* editor = createEditor(spec);
        editor->setObjectName(QString::fromStdString("parameter_" + spec.key));
        editor->setToolTip(parameterToolTip(spec));
        editor->setWhatsThis(parameterToolTip(spec));
        auto* label = new QLabel(QString::fromStdString(spec.key).replace(QLatin1Char('_'), QLatin1Char(' ')), this);
        label->setToolTip(editor->toolTip());
        label->setBuddy(editor);
        m_layout->addRow(label, editor);
        m_editors[spec.key] = editor;
        setEditorValue(editor, spec, spec.defaultValue);
    }
    m_ruleMessage = new QLabel(this);
    m_ruleMessage->setObjectName(QStringLiteral("parameterRuleMessage"));
    m_ruleMessage->setWordWrap(true);
    m_ruleMessage->setStyleSheet(QStringLiteral("color: #c03030;"));
    m_ruleMessage->hide();
    m_layout->addRow(m_ruleMessage);
    emit valuesChanged();
}

void ParameterForm::checkRules() {
    // First each value against its own declaration, with the message the command line gives for it; then the
    // relations between values, leaving out a rule whose values are already refused on their own.
    std::vector<ParameterRuleViolation> violations;
    std::vector<std::string> refused;
    for (const ParameterSpec& spec : m_specs) {
        auto editor = m_editors.find(spec.key);
        if (editor == m_editors.end()) continue;
        ParameterValues scratch(m_specs);
        if (auto problem = scratch.setValue(m_specs, spec.key, editorValue(editor->second, spec))) {
            violations.push_back({{spec.key}, *problem});
            refused.push_back(spec.key);
        }
    }
    if (!m_rules.empty()) {
        const ParameterValues current = values();
        for (const ParameterRule& rule : m_rules) {
            const bool involvesRefused = std::any_of(rule.keys.begin(), rule.keys.end(), [&](const std::string& key) {
                return std::find(refused.begin(), refused.end(), key) != refused.end();
            });
            if (involvesRefused) continue;
            if (auto message = rule.broken(current)) violations.push_back({rule.keys, *message});
        }
    }
    for (const ParameterSpec& spec : m_specs) {
        auto editor = m_editors.find(spec.key);
        if (editor == m_editors.end()) continue;
        QStringList messages;
        for (const ParameterRuleViolation& violation : violations)
            if (std::find(violation.keys.begin(), violation.keys.end(), spec.key) != violation.keys.end())
                messages.append(QString::fromStdString(violation.message).toHtmlEscaped());
        const bool marked = !messages.isEmpty();
        editor->second->setProperty("ruleBroken", marked);
        editor->second->setStyleSheet(marked ? QStringLiteral("border: 2px solid #c03030;") : QString());
        editor->second->setToolTip(marked ? QStringLiteral("<b style='color:#c03030'>%1</b><br>%2")
                                                .arg(messages.join(QStringLiteral("<br>")), parameterToolTip(spec))
                                          : parameterToolTip(spec));
    }
    m_violations = std::move(violations);
    if (m_ruleMessage) {
        m_ruleMessage->setText(ruleMessage());
        m_ruleMessage->setVisible(!m_violations.empty());
    }
}

QString ParameterForm::ruleMessage() const {
    QStringList lines;
    for (const ParameterRuleViolation& violation : m_violations) lines.append(QString::fromStdString(violation.message));
    return lines.join(QLatin1Char('\n'));
}

bool ParameterForm::isMarked(const std::string& key) const {
    const QWidget* found = editor(key);
    return found && found->property("ruleBroken").toBool();
}

QWidget* ParameterForm::createEditor(const ParameterSpec& spec) {
    switch (spec.type) {
    case ParameterType::Integer:
        if (spec.minimum >= INT_MIN && spec.maximum <= INT_MAX) {
            auto* box = new DeclaredRangeSpinBox(spec, this);
            box->setRange(INT_MIN, INT_MAX);
            box->setAccelerated(true);
            box->setGroupSeparatorShown(spec.maximum >= 100000);
            connect(box, &QSpinBox::valueChanged, this, &ParameterForm::valuesChanged);
            return box;
        } else {
            auto* box = new CompactDoubleSpinBox(spec, this);
            box->setDecimals(0);
            box->setRange(-kWideIntegerEntryLimit, kWideIntegerEntryLimit);
            connect(box, &QDoubleSpinBox::valueChanged, this, &ParameterForm::valuesChanged);
            return box;
        }
    case ParameterType::Real: {
        auto* box = new CompactDoubleSpinBox(spec, this);
        const double defaultValue = std::get_if<double>(&spec.defaultValue) ? std::get<double>(spec.defaultValue) : 0;
        const int decimals = std::max({2, decimalsNeeded(defaultValue), decimalsNeeded(spec.minimum),
                                       decimalsNeeded(spec.maximum)});
        box->setDecimals(decimals);
        box->setRange(std::min(spec.minimum, -kRealEntryLimit), std::max(spec.maximum, kRealEntryLimit));
        // A step of one unit in the default's last significant decimal, so arrows nudge it meaningfully.
        box->setSingleStep(std::pow(10.0, -std::max(0, decimalsNeeded(defaultValue))));
        connect(box, &QDoubleSpinBox::valueChanged, this, &ParameterForm::valuesChanged);
        return box;
    }
    case ParameterType::Boolean: {
        auto* box = new QCheckBox(this);
        connect(box, &QCheckBox::toggled, this, &ParameterForm::valuesChanged);
        return box;
    }
    case ParameterType::Choice: {
        auto* box = new QComboBox(this);
        for (const std::string& choice : spec.choices) box->addItem(QString::fromStdString(choice));
        connect(box, &QComboBox::currentIndexChanged, this, &ParameterForm::valuesChanged);
        return box;
    }
    }
    return new QWidget(this);
}

void ParameterForm::setEditorValue(QWidget* editor, const ParameterSpec& spec, const ParameterValue& value) {
    switch (spec.type) {
    case ParameterType::Integer: {
        const auto* number = std::get_if<std::int64_t>(&value);
        if (!number) return;
        if (auto* box = qobject_cast<QSpinBox*>(editor)) box->setValue(static_cast<int>(*number));
        else if (auto* wide = qobject_cast<QDoubleSpinBox*>(editor)) wide->setValue(static_cast<double>(*number));
        return;
    }
    case ParameterType::Real:
        if (const auto* number = std::get_if<double>(&value))
            if (auto* box = qobject_cast<QDoubleSpinBox*>(editor)) box->setValue(*number);
        return;
    case ParameterType::Boolean:
        if (const auto* flag = std::get_if<bool>(&value))
            if (auto* box = qobject_cast<QCheckBox*>(editor)) box->setChecked(*flag);
        return;
    case ParameterType::Choice:
        if (const auto* choice = std::get_if<std::string>(&value))
            if (auto* box = qobject_cast<QComboBox*>(editor)) box->setCurrentText(QString::fromStdString(*choice));
        return;
    }
}

ParameterValue ParameterForm::editorValue(QWidget* editor, const ParameterSpec& spec) const {
    switch (spec.type) {
    case ParameterType::Integer:
        if (auto* box = qobject_cast<QSpinBox*>(editor)) return static_cast<std::int64_t>(box->value());
        if (auto* wide = qobject_cast<QDoubleSpinBox*>(editor)) return static_cast<std::int64_t>(std::llround(wide->value()));
        break;
    case ParameterType::Real:
        if (auto* box = qobject_cast<QDoubleSpinBox*>(editor)) return box->value();
        break;
    case ParameterType::Boolean:
        if (auto* box = qobject_cast<QCheckBox*>(editor)) return box->isChecked();
        break;
    case ParameterType::Choice:
        if (auto* box = qobject_cast<QComboBox*>(editor)) return box->currentText().toStdString();
        break;
    }
    return spec.defaultValue;
}

ParameterValues ParameterForm::values() const {
    ParameterValues values(m_specs);
    for (const ParameterSpec& spec : m_specs) {
        auto found = m_editors.find(spec.key);
        if (found == m_editors.end()) continue;
        // A refused value keeps its default here; rulesHold() is false and Run stays blocked until it is fixed.
        values.setValue(m_specs, spec.key, editorValue(found->second, spec));
    }
    return values;
}

void ParameterForm::setValues(const ParameterValues& values) {
    for (const ParameterSpec& spec : m_specs) {
        auto found = values.all().find(spec.key);
        auto editor = m_editors.find(spec.key);
        if (found != values.all().end() && editor != m_editors.end())
            setEditorValue(editor->second, spec, found->second);
    }
    emit valuesChanged();
}

void ParameterForm::resetToDefaults() {
    for (const ParameterSpec& spec : m_specs) {
        auto editor = m_editors.find(spec.key);
        if (editor != m_editors.end()) setEditorValue(editor->second, spec, spec.defaultValue);
    }
    emit valuesChanged();
}

QWidget* ParameterForm::editor(const std::string& key) const {
    auto found = m_editors.find(key);
    return found == m_editors.end() ? nullptr : found->second;
}

}  // namespace pw::ui
