#pragma once
// Parameters are declared data: key, type, default, range or choices, one-line help and the paper's wording.
// The CLI flags, the GUI form and validation are all generated from these declarations.

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace pw {

enum class ParameterType { Integer, Real, Boolean, Choice };
const char* parameterTypeName(ParameterType type);  // "integer", "real", "boolean", "choice"

using ParameterValue = std::variant<std::int64_t, double, bool, std::string>;

struct ParameterSpec {
    std::string key;  // "population", "cell_order"
    ParameterType type = ParameterType::Integer;
    ParameterValue defaultValue;
    double minimum = 0;  // Integer and Real: inclusive range
    double maximum = 0;
    std::vector<std::string> choices;  // Choice only
    std::string help;                  // one line
    std::string citation;              // where the paper sets it: "Křivánek 2011, §3.3"

    static ParameterSpec integer(std::string key, std::int64_t value, std::int64_t minimum, std::int64_t maximum,
                                 std::string help, std::string citation = {});
    static ParameterSpec real(std::string key, double value, double minimum, double maximum, std::string help,
                              std::string citation = {});
    static ParameterSpec boolean(std::string key, bool value, std::string help, std::string citation = {});
    static ParameterSpec choice(std::string key, std::string value, std::vector<std::string> choices,
                                std::string help, std::string citation = {});

    std::string allowedText() const;  // "an integer from 1 to 500", "one of: fixed, dynamic"
};

std::string formatParameterValue(const ParameterValue& value);

// Keys that were parameters once and are no longer: `sample_every` (the spacing of cost and temperature
// samples) is chosen by whoever receives the events (EventSink::sampleEvery) since the receiver, not the
// algorithm, knows how many samples it can use. Files written before (run recordings, bench plans) still name
// it: readers skip such a key with this note instead of refusing the file. Empty for every other key.
std::optional<std::string> retiredParameterNote(const std::string& key);

class ParameterValues {
public:
    ParameterValues() = default;
    // The defaults of every declared parameter.
    explicit ParameterValues(const std::vector<ParameterSpec>& specs);

    std::int64_t integer(const std::string& key) const;
    double real(const std::string& key) const;
    bool boolean(const std::string& key) const;
    const std::string& choice(const std::string& key) const;
    const ParameterValue& value(const std::string& key) const;
    const std::map<std::string, ParameterValue>& all() const { return m_values; }

    // Parses `text` for the declared parameter `key` and stores it; on failure leaves the values as they were
    // and returns a message naming the parameter and what it allows.
    std::optional<std::string> set(const std::vector<ParameterSpec>& specs, const std::string& key,
                                   const std::string& text);
    // Stores an already typed value after the same validation.
    std::optional<std::string> setValue(const std::vector<ParameterSpec>& specs, const std::string& key,
                                        const ParameterValue& value);
    // "KEY=VALUE" as given on a command line.
    std::optional<std::string> setAssignment(const std::vector<ParameterSpec>& specs, const std::string& assignment);

    bool operator==(const ParameterValues&) const = default;

private:
    std::map<std::string, ParameterValue> m_values;
};

// A relation between parameters that no single range can state ("t_min must be below t0"), declared beside
// the ParameterSpecs. `broken` returns the message when the values break the rule, naming the parameters and
// their values; `keys` are the parameters it involves (the GUI marks their fields).
struct ParameterRule {
    std::vector<std::string> keys;
    std::function<std::optional<std::string>(const ParameterValues& values)> broken;

    // "`lower` (value) must be below `upper` (value)" for two real parameters, checked only where `applies`
    // holds (always when it is empty).
    static ParameterRule below(std::string lower, std::string upper,
                               std::function<bool(const ParameterValues& values)> applies = {});
};

struct ParameterRuleViolation {
    std::vector<std::string> keys;
    std::string message;
};
// Every declared rule the values break, in declaration order.
std::vector<ParameterRuleViolation> brokenParameterRules(const std::vector<ParameterRule>& rules,
                                                         const ParameterValues& values);
// The message of the first broken rule, or nothing when all hold: what the CLI and recordings refuse with.
std::optional<std::string> checkParameterRules(const std::vector<ParameterRule>& rules, const ParameterValues& values);

}  // namespace pw
