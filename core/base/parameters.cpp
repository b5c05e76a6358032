#include "base/parameters.h"

#include "base/text_format.h"

#include <charconv>
#include <cmath>
#include <stdexcept>

namespace pw {

const char* parameterTypeName(ParameterType type) {
    switch (type) {
    case ParameterType::Integer: return "integer";
    case ParameterType::Real: return "real";
    case ParameterType::Boolean: return "boolean";
    case ParameterType::Choice: return "choice";
    }
    return "?";
}

ParameterSpec ParameterSpec::integer(std::string key, std::int64_t value, std::int64_t minimum,
                                     std::int64_t maximum, std::string help, std::string citation) {
    ParameterSpec spec;
    spec.key = std::move(key);
    spec.type = ParameterType::Integer;
    spec.defaultValue = value;
    spec.minimum = static_cast<double>(minimum);
    spec.maximum = static_cast<double>(maximum);
    spec.help = std::move(help);
    spec.citation = std::move(citation);
    return spec;
}

ParameterSpec ParameterSpec::real(std::string key, double value, double minimum, double maximum, std::string help,
                                  std::string citation) {
    ParameterSpec spec;
    spec.key = std::move(key);
    spec.type = ParameterType::Real;
    spec.defaultValue = value;
    spec.minimum = minimum;
    spec.maximum = maximum;
    spec.help = std::move(help);
    spec.citation = std::move(citation);
    return spec;
}

ParameterSpec ParameterSpec::boolean(std::string key, bool value, std::string help, std::string citation) {
    ParameterSpec spec;
    spec.key = std::move(key);
    spec.type = ParameterType::Boolean;
    spec.defaultValue = value;
    spec.help = std::move(help);
    spec.citation = std::move(citation);
    return spec;
}

ParameterSpec ParameterSpec::choice(std::string key, std::string value, std::vector<std::string> choices,
                                    std::string help, std::string citation) {
    ParameterSpec spec;
    spec.key = std::move(key);
    spec.type = ParameterType::Choice;
    spec.defaultValue = std::move(value);
    spec.choices = std::move(choices);
    spec.help = std::move(help);
    spec.citation = std::move(citation);
    return spec;
}

std::string formatParameterValue(const ParameterValue& value) {
    if (const auto* i = std::get_if<std::int64_t>(&value)) return std::to_string(*i);
    if (const auto* d = std::get_if<double>(&value)) {
        char buffer[32];
        const auto result = std::to_chars(buffer, buffer + sizeof buffer, *d);
        return std::string(buffer, result.ptr);
    }
    if (const auto* b = std::get_if<bool>(&value)) return *b ? "true" : "false";
    return std::get<std::string>(value);
}

std::string ParameterSpec::allowedText() const {
    switch (type) {
    case ParameterType::Integer:
        return "an integer from " + formatParameterValue(static_cast<std::int64_t>(minimum)) + " to " +
               formatParameterValue(static_cast<std::int64_t>(maximum));
    case ParameterType::Real:
        return "a number from " + formatParameterValue(minimum) + " to " + formatParameterValue(maximum);
    case ParameterType::Boolean: return "true or false";
    case ParameterType::Choice: {
        std::string text = "one of: ";
        for (std::size_t i = 0; i < choices.size(); ++i) text += (i ? ", " : "") + choices[i];
        return text;
    }
    }
    return {};
}

std::optional<std::string> retiredParameterNote(const std::string& key) {
    if (key == "sample_every")
        return "'sample_every' is no longer a parameter: the receiver of the events sets the spacing of samples "
               "(puzzle-cli solve --trace-every 1, the window's speed)";
    return std::nullopt;
}

ParameterValues::ParameterValues(const std::vector<ParameterSpec>& specs) {
    for (const auto& spec : specs) m_values[spec.key] = spec.defaultValue;
}

const ParameterValue& ParameterValues::value(const std::string& key) const {
    const auto it = m_values.find(key);
    if (it == m_values.end()) throw std::out_of_range("no parameter named '" + key + "'");
    return it->second;
}

std::int64_t ParameterValues::integer(const std::string& key) const { return std::get<std::int64_t>(value(key)); }
double ParameterValues::real(const std::string& key) const { return std::get<double>(value(key)); }
bool ParameterValues::boolean(const std::string& key) const { return std::get<bool>(value(key)); }
const std::string& ParameterValues::choice(const std::string& key) const { return std::get<std::string>(value(key)); }

namespace {

const ParameterSpec* findSpec(const std::vector<ParameterSpec>& specs, const std::string& key) {
    for (const auto& spec : specs)
        if (spec.key == key) return &spec;
    return nullptr;
}

std::string unknownParameter(const std::vector<ParameterSpec>& specs, const std::string& key) {
    std::string text = "unknown parameter '" + key + "'";
    if (auto note = retiredParameterNote(key)) text += " (" + *note + ")";
    if (specs.empty()) return text + "; this algorithm has no parameters";
    text += "; known parameters: ";
    for (std::size_t i = 0; i < specs.size(); ++i) text += (i ? ", " : "") + specs[i].key;
    return text;
}

std::string outOfRange(const ParameterSpec& spec, const std::string& given) {
    return "parameter '" + spec.key + "' got '" + given + "'; it must be " + spec.allowedText();
}

}  // namespace

std::optional<std::string> ParameterValues::setValue(const std::vector<ParameterSpec>& specs, const std::string& key,
                                                     const ParameterValue& value) {
    const ParameterSpec* spec = findSpec(specs, key);
    if (!spec) return unknownParameter(specs, key);
    ParameterValue stored = value;
    switch (spec->type) {
    case ParameterType::Integer: {
        const auto* i = std::get_if<std::int64_t>(&value);
        if (!i || static_cast<double>(*i) < spec->minimum || static_cast<double>(*i) > spec->maximum)
            return outOfRange(*spec, formatParameterValue(value));
        break;
    }
    case ParameterType::Real: {
        double d = 0;
        if (const auto* asReal = std::get_if<double>(&value)) d = *asReal;
        else if (const auto* asInteger = std::get_if<std::int64_t>(&value)) d = static_cast<double>(*asInteger);
        else return outOfRange(*spec, formatParameterValue(value));
        if (!std::isfinite(d) || d < spec->minimum || d > spec->maximum) return outOfRange(*spec, formatParameterValue(d));
        stored = d;
        break;
    }
    case ParameterType::Boolean:
        if (!std::holds_alternative<bool>(value)) return outOfRange(*spec, formatParameterValue(value));
        break;
    case ParameterType::Choice: {
        const auto* s = std::get_if<std::string>(&value);
        bool known = false;
        for (const auto& choice : spec->choices) known |= s && *s == choice;
        if (!known) return outOfRange(*spec, formatParameterValue(value));
        break;
    }
    }
    m_values[key] = std::move(stored);
    return std::nullopt;
}

std::optional<std::string> ParameterValues::set(const std::vector<ParameterSpec>& specs, const std::string& key,
                                                const std::string& text) {
    const ParameterSpec* spec = findSpec(specs, key);
    if (!spec) return unknownParameter(specs, key);
    const char* first = text.data();
    const char* last = text.data() + text.size();
    switch (spec->type) {
    case ParameterType::Integer: {
        std::int64_t value = 0;
        const auto result = std::from_chars(first, last, value);
        if (text.empty() || result.ec != std::errc() || result.ptr != last) return outOfRange(*spec, text);
        return setValue(specs, key, value);
    }
    case ParameterType::Real: {
        double value = 0;
        const auto result = std::from_chars(first, last, value);
        if (text.empty() || result.ec != std::errc() || result.ptr != last) return outOfRange(*spec, text);
        return setValue(specs, key, value);
    }
    case ParameterType::Boolean:
        if (text == "true" || text == "1" || text == "yes" || text == "on") return setValue(specs, key, true);
        if (text == "false" || text == "0" || text == "no" || text == "off") return setValue(specs, key, false);
        return outOfRange(*spec, text);
    case ParameterType::Choice: return setValue(specs, key, text);
    }
    return outOfRange(*spec, text);
}

std::optional<std::string> ParameterValues::setAssignment(const std::vector<ParameterSpec>& specs,
                                                          const std::string& assignment) {
    const auto equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0)
        return "expected KEY=VALUE, got '" + assignment + "'";
    return set(specs, assignment.substr(0, equals), assignment.substr(equals + 1));
}

ParameterRule ParameterRule::below(std::string lower, std::string upper,
                                   std::function<bool(const ParameterValues& values)> applies) {
    ParameterRule rule;
    rule.keys = {lower, upper};
    rule.broken = [lower, upper, applies = std::move(applies)](const ParameterValues& values)
        -> std::optional<std::string> {
        if (applies && !applies(values)) return std::nullopt;
        const double low = values.real(lower);
        const double high = values.real(upper);
        if (low < high) return std::nullopt;
        return lower + " (" + formatNumber(low) + ") must be below " + upper + " (" + formatNumber(high) + ")";
    };
    return rule;
}

std::vector<ParameterRuleViolation> brokenParameterRules(const std::vector<ParameterRule>& rules,
                                                         const ParameterValues& values) {
    std::vector<ParameterRuleViolation> violations;
    for (const ParameterRule& rule : rules)
        if (auto message = rule.broken(values)) violations.push_back({rule.keys, std::move(*message)});
    return violations;
}

std::optional<std::string> checkParameterRules(const std::vector<ParameterRule>& rules, const ParameterValues& values) {
    for (const ParameterRule& rule : rules)
        if (auto message = rule.broken(values)) return message;
    return std::nullopt;
}

}  // namespace pw
