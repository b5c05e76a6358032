#pragma once
// A form generated from an algorithm's declared parameters: one editor per ParameterSpec (spin boxes with the
// declared range, a check box, a choice list), defaults filled in, tooltips with the help line, the allowed
// values and the paper's wording. Knows nothing about any particular algorithm.

#include "base/parameters.h"

#include <QWidget>

#include <map>

class QFormLayout;

namespace pw::ui {

class ParameterForm : public QWidget {
    Q_OBJECT
public:
    explicit ParameterForm(QWidget* parent = nullptr);

    void setSpecs(const std::vector<ParameterSpec>& specs);
    const std::vector<ParameterSpec>& specs() const { return m_specs; }
    // The values the editors hold, validated against the declarations.
    ParameterValues values() const;
    void setValues(const ParameterValues& values);
    void resetToDefaults();
    // The editor of `key` (a QSpinBox, QDoubleSpinBox, QCheckBox or QComboBox), or null.
    QWidget* editor(const std::string& key) const;
    int editorCount() const { return static_cast<int>(m_editors.size()); }

signals:
    void valuesChanged();

private:
    QWidget* createEditor(const ParameterSpec& spec);
    void setEditorValue(QWidget* editor, const ParameterSpec& spec, const ParameterValue& value);
    ParameterValue editorValue(QWidget* editor, const ParameterSpec& spec) const;

    QFormLayout* m_layout;
    std::vector<ParameterSpec> m_specs;
    std::map<std::string, QWidget*> m_editors;
};

// A tooltip for a parameter: its help, what it allows, its default and where the paper sets it.
QString parameterToolTip(const ParameterSpec& spec);

}  // namespace pw::ui
