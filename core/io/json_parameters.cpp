#include "io/json_parameters.h"

namespace pw {

std::optional<ParameterValue> parameterFromJson(const ParameterSpec& spec, const nlohmann::ordered_json& value) {
    switch (spec.type) {
    case ParameterType::Integer:
        if (value.is_number_integer()) return ParameterValue(value.get<std::int64_t>());
        break;
    case ParameterType::Real:
        if (value.is_number()) return ParameterValue(value.get<double>());
        break;
    case ParameterType::Boolean:
        if (value.is_boolean()) return ParameterValue(value.get<bool>());
        break;
    case ParameterType::Choice:
        if (value.is_string()) return ParameterValue(value.get<std::string>());
        break;
    }
    return std::nullopt;
}

nlohmann::ordered_json parameterToJson(const ParameterValue& value) {
    return std::visit([](const auto& v) { return nlohmann::ordered_json(v); }, value);
}

}  // namespace pw
