#pragma once
// Parameter values in the JSON files the workbench reads and writes (run recordings, lessons): each value in the
// JSON type of its declaration, so that a file says 40.0 for a real and "lewis" for a choice.

#include "base/parameters.h"

#include <nlohmann/json.hpp>

#include <optional>

namespace pw {

// The value of `spec`'s declared type that `value` holds, or nothing when the JSON type does not match (range and
// choices are checked by ParameterValues::setValue).
std::optional<ParameterValue> parameterFromJson(const ParameterSpec& spec, const nlohmann::ordered_json& value);
nlohmann::ordered_json parameterToJson(const ParameterValue& value);

}  // namespace pw
