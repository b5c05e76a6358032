#include "io/json_parameters.h"

namespace pw {

std::optional<ParameterValue> parameterFromJson(const ParameterSpec& spec, const nlohmann::ordered_json& value) {
    // Built in place: a variant moved into the optional trips GCC 12's -Wmaybe-uninitialized under the sanitizers.
    switch (spec.type) {
    case ParameterType::Integer:
        if (value.is_number_integer()) return std::optional<ParameterValue>(std::in_place, std::in_place_index<0>, value.get<std::int64_t>());
        break;
    case ParameterType::Real:
        if (value.is_number()) return std::optional<ParameterValue>(std::in_place, std::in_place_index<1>, value.get<double>());
        break;
    case ParameterType::Boolean:
        if (value.is_boolean()) return std::optional<ParameterValue>(std::in_place, std::in_place_index<2>, value.get<bool>());
        break;
    case ParameterType::Choice:
        if (value.is_string()) return std::optional<ParameterValue>(std::in_place, std::in_place_index<3>, value.get<std::string>());
        break;
    }
    return std::nullopt;
}

nlohmann::ordered_json parameterToJson(const ParameterValue& value) {
    return std::visit([](const auto& v) { return nlohmann::ordered_json(v); }, value);
}

}  // namespace pw
