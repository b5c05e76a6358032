#include "algorithms_command.h"

#include "../cli_support.h"

#include "algorithms/registry.h"
#include "engine/algorithm.h"
#include "io/run_report.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>

namespace pw::cli {

namespace {

using nlohmann::json;

int listAlgorithms(bool asJson) {
    if (asJson) {
        json list = json::array();
        for (const auto& entry : pw::algorithmRegistry()) {
            const auto& info = entry.info;
            json parameters = json::array();
            for (const auto& spec : info.parameters) {
                json p = {{"key", spec.key},
                          {"type", pw::parameterTypeName(spec.type)},
                          {"default", pw::parameterValueJson(spec.defaultValue)},
                          {"help", spec.help},
                          {"citation", spec.citation}};
                if (spec.type == pw::ParameterType::Integer) {
                    p["minimum"] = static_cast<std::int64_t>(spec.minimum);
                    p["maximum"] = static_cast<std::int64_t>(spec.maximum);
                } else if (spec.type == pw::ParameterType::Real) {
                    p["minimum"] = spec.minimum;
                    p["maximum"] = spec.maximum;
                } else if (spec.type == pw::ParameterType::Choice) {
                    p["choices"] = spec.choices;
                }
                parameters.push_back(std::move(p));
            }
            json kinds = json::array();
            for (auto kind : info.kinds) kinds.push_back(pw::puzzleKindName(kind));
            list.push_back({{"id", info.id},
                            {"name", info.name},
                            {"family", pw::algorithmFamilyName(info.family)},
                            {"paper", info.paper},
                            {"summary", info.summary},
                            {"step", info.stepMeaning},
                            {"uses_seed", info.usesSeed},
                            {"kinds", kinds},
                            {"parameters", parameters}});
        }
        std::cout << list.dump(2) << "\n";
        return kExitOk;
    }
    for (const auto& entry : pw::algorithmRegistry()) {
        const auto& info = entry.info;
        std::cout << info.id << " — " << info.name << "  [" << pw::algorithmFamilyName(info.family) << "; "
                  << kindsText(info) << "]\n"
                  << "  paper: " << info.paper << "\n"
                  << "  step:  " << info.stepMeaning << "\n";
        for (const auto& spec : info.parameters)
            std::cout << "  --param " << spec.key << "=" << pw::formatParameterValue(spec.defaultValue) << "  ("
                      << spec.allowedText() << ") " << spec.help << "\n";
        std::cout << "\n";
    }
    return kExitOk;
}

}  // namespace

void addAlgorithmsCommand(CLI::App& app, CliContext& context) {
    auto asJson = std::make_shared<bool>(false);
    auto* command = app.add_subcommand("algorithms", "List every algorithm with its paper and parameters");
    command->add_flag("--json", *asJson, "Print JSON");
    context.addCommand(command, [asJson] { return listAlgorithms(*asJson); });
}

}  // namespace pw::cli
