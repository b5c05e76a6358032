#pragma once
// A form generated from an algorithm's declared parameters: one editor per ParameterSpec (spin boxes with the
// declared range, a check box, a choice list), defaults filled in, tooltips with the help line, the allowed
// values and the paper's wording. Every change is checked: a value outside its declared range (the editors
// accept it as typed, never clamp it) and a broken relation between parameters (ParameterRule: t_min below
// t0) outline the fields in red with the command line's message (naming the allowed range) in their tooltip
// and below the form, and rulesHold() is false until the values are fixed. Knows nothing about any particular
// algorithm.

#include "base/parameters.h"

#include <QWidget>

#include <map>

class QFormLayout;
class QLabel;

namespace pw::ui {

class ParameterForm : public QWidget {
    Q_OBJECT
public:
    explicit ParameterForm(QWidget* parent = nullptr);

    void setSpecs(const std::vector<ParameterSpec>& specs, const std::vector<ParameterRule>& rules = {});
    const std::vector<ParameterSpec>& specs() const { return m_specs; }
    // The values the editors hold, validated against the declarations.
    ParameterValues values() const;
    void setValues(const ParameterValues& values);
    void resetToDefaults();
    // The editor of `key` (a QSpinBox, QDoubleSpinBox, QCheckBox or QComboBox), or null.
    QWidget* editor(const std::string& key) const;
    int editorCount() const { return static_cast<int>(m_editors.size()); }
    // Whether every value is within its declared range and the values keep every declared rule; else the
    // messages, one per line.
    bool rulesHold() const { return m_violations.empty(); }
    QString ruleMessage() const;
    // Whether the editor of `key` is marked as refused (out of range or part of a broken rule).
    bool isMarked(const std::string& key) const;

signals:
    void valuesChanged();

private:
    QWidget* createEditor(const ParameterSpec& spec);
    void setEditorValue(QWidget* editor, const ParameterSpec& spec, const ParameterValue& value);
    ParameterValue editorValue(QWidget* editor, const ParameterSpec& spec) const;
    void checkRules();

    QFormLayout* m_layout;
    std::vector<ParameterSpec> m_specs;
    std::map<std::string, QWidget*> m_editors;
    std::vector<ParameterRule> m_rules;
    std::vector<ParameterRuleViolation> m_violations;
    QLabel* m_ruleMessage = nullptr;
};

// A tooltip for a parameter: its help, what it allows, its default and where the paper sets it.
QString parameterToolTip(const ParameterSpec& spec);

}  // namespace pw::ui
