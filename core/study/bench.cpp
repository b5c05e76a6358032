#include "study/bench.h"

#include "algorithms/registry.h"
#include "algorithms/run_configuration.h"
#include "base/parallel.h"
#include "base/text_format.h"
#include "engine/algorithm.h"
#include "engine/runner.h"
#include "io/csv_table.h"
#include "io/formats.h"
#include "io/json_place.h"
#include "io/output.h"
#include "io/run_report.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <unistd.h>

namespace pw {

namespace {

using nlohmann::json;

const char* const kFormat = "puzzle-workbench bench 1";

// The lines of runs.jsonl that were written whole; `partial` tells whether a last line without its newline
// (a run killed while writing) followed them, `wholeBytes` where they end.
std::vector<json> readRunLines(const std::string& path, bool& partial, std::uintmax_t& wholeBytes,
                               const BenchPlan* plan) {
    return parseBenchRunLines(readBenchRunsText(path), path, partial, wholeBytes, plan);
}

std::string lineKey(const json& line) {
    return benchRunKey(line.at("configuration").get<std::string>(), line.at("puzzle_index").get<std::size_t>(),
                       line.at("run").get<std::uint64_t>());
}

// Why `line` is not a run of `plan` (whose benchPlanHash is `planHash`), or nothing when it is one.
std::optional<std::string> foreignRun(const BenchPlan& plan, const std::string& planHash, const json& line) {
    const std::string label = line["configuration"].get<std::string>();
    const std::uint64_t run = line["run"].get<std::uint64_t>();
    const auto stated = [&](const char* key) { return line.contains(key) ? line[key].dump() : std::string(); };
    if (line.contains("plan") && line["plan"] != planHash)
        return "made by another plan (" + stated("plan") + "; config.json's is \"" + planHash + "\")";
    if (std::none_of(plan.configurations.begin(), plan.configurations.end(),
                     [&](const BenchConfiguration& configuration) { return configuration.label == label; }))
        return "setting '" + label + "' is not in config.json";
    if (line["puzzle_index"].get<std::size_t>() >= plan.puzzles.size())
        return "puzzle " + stated("puzzle_index") + " is not among config.json's " +
               std::to_string(plan.puzzles.size()) + " puzzles";
    if (run >= plan.runs) return "run " + std::to_string(run) + " is past config.json's " + std::to_string(plan.runs) + " runs";
    if (line.contains("seed") && line["seed"] != plan.seed + run)
        return "seed " + stated("seed") + " is not config.json's seed + run (" + std::to_string(plan.seed + run) + ")";
    return std::nullopt;
}

}  // namespace

std::string readBenchRunsText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > kMaxRunsFileBytes)
        throw std::runtime_error(path + ": " + std::to_string(size) + " bytes is more than a runs file may have (" +
                                 std::to_string(kMaxRunsFileBytes) + ", kMaxRunsFileBytes)");
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string benchPlanHash(const BenchPlan& plan) {
    // FNV-1a, 64 bits, of the plan as config.json holds it.
    std::uint64_t hash = 14695981039346656037ull;
    for (const char c : benchPlanJson(plan).dump()) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211ull;
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
    return text;
}

std::vector<json> parseBenchRunLines(std::string_view text, const std::string& sourceName, bool& partial,
                                     std::uintmax_t& wholeBytes, const BenchPlan* plan,
                                     std::vector<BenchRefusedLine>* refused) {
    std::vector<json> lines;
    std::map<std::string, int> lineOfRun;  // a run counted twice would weigh twice in every summary and test
    const std::string planHash = plan ? benchPlanHash(*plan) : std::string();
    partial = false;
    wholeBytes = 0;
    std::size_t start = 0;
    int lineNumber = 0;
    // Why a whole line is not a run of this bench, or nothing when it is one.
    const auto whyRefused = [&](const json& parsed) -> std::optional<std::string> {
        if (parsed.is_discarded() || !parsed.is_object() || !parsed.contains("configuration") ||
            !parsed.contains("puzzle_index") || !parsed.contains("run") || !parsed["configuration"].is_string() ||
            !parsed["puzzle_index"].is_number_unsigned() || !parsed["run"].is_number_unsigned())
            return "not a run line of puzzle-cli bench";
        const std::string key = lineKey(parsed);
        if (const auto first = lineOfRun.find(key); first != lineOfRun.end())
            return "run " + key + " is already at line " + std::to_string(first->second) + "; a run may be counted once";
        if (!plan) return std::nullopt;
        if (const auto foreign = foreignRun(*plan, planHash, parsed))
            return "run " + key + " is not a run of this bench: " + *foreign;
        try {
            benchRecordFromJson(parsed);
        } catch (const std::invalid_argument& e) {
            return "run " + key + ": " + e.what();
        }
        return std::nullopt;
    };
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        ++lineNumber;
        if (end == std::string::npos) {
            partial = true;
            break;
        }
        const std::string_view line = text.substr(start, end - start);
        if (!line.empty()) {
            json parsed = json::parse(line.begin(), line.end(), nullptr, false);
            if (const auto reason = whyRefused(parsed)) {
                if (!refused)
                    throw BenchRunLineError(sourceName + ":" + std::to_string(lineNumber) + ":1: " + *reason);
                refused->push_back({lineNumber, std::string(line), *reason});
            } else {
                lineOfRun.emplace(lineKey(parsed), lineNumber);
                lines.push_back(std::move(parsed));
            }
        }
        start = end + 1;
        wholeBytes = start;
    }
    return lines;
}

namespace {

// One "--sweep ID.KEY=V1,V2,..." option: the configurations it names and the assignment of each of its values.
struct Sweep {
    std::string target;  // an algorithm id (every configuration of it) or a label "ID#N"
    std::string key;
    std::vector<std::string> values;
};

Sweep parseSweep(const std::string& text, const std::string& listOption) {
    const std::size_t dot = text.find('.');
    const std::size_t equals = text.find('=');
    if (dot == std::string::npos || equals == std::string::npos || dot > equals || dot == 0 || equals == dot + 1)
        throw std::invalid_argument("--sweep " + text + ": expected ID.KEY=V1,V2,... or ID#N.KEY=V1,V2,... (ID one of "
                                    "the algorithms of " + listOption + ")");
    Sweep sweep{text.substr(0, dot), text.substr(dot + 1, equals - dot - 1), {}};
    std::size_t start = equals + 1;
    while (true) {
        const std::size_t comma = text.find(',', start);
        const std::string value = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (value.empty()) throw std::invalid_argument("--sweep " + text + ": a value is empty");
        if (std::find(sweep.values.begin(), sweep.values.end(), value) != sweep.values.end())
            throw std::invalid_argument("--sweep " + text + ": the value " + value + " is named twice");
        sweep.values.push_back(value);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return sweep;
}

}  // namespace

std::vector<BenchConfiguration> benchConfigurations(const std::string& algorithmList,
                                                    const std::vector<std::string>& assignments,
                                                    std::optional<PuzzleKind> puzzleKind, const std::string& listOption,
                                                    const std::vector<std::string>& sweepTexts) {
    std::vector<BenchConfiguration> configurations;
    std::map<std::string, int> occurrences;
    std::size_t start = 0;
    while (start <= algorithmList.size()) {
        std::size_t end = algorithmList.find(',', start);
        if (end == std::string::npos) end = algorithmList.size();
        const std::string id = algorithmList.substr(start, end - start);
        start = end + 1;
        if (id.empty()) continue;
        const int n = ++occurrences[id];
        configurations.push_back({n == 1 ? id : id + "#" + std::to_string(n), id, {}});
    }
    if (configurations.empty()) throw std::invalid_argument("name at least one algorithm");

    // Each configuration's assignments: those to every configuration of its algorithm first, then those to it
    // alone, which win.
    std::vector<std::vector<std::string>> configurationAssignments(configurations.size());
    for (const bool toOne : {false, true}) {
        for (const std::string& assignment : assignments) {
            const std::size_t dot = assignment.find('.');
            const std::size_t equals = assignment.find('=');
            if (dot == std::string::npos || equals == std::string::npos || dot > equals || dot == 0)
                throw std::invalid_argument("--param " + assignment + ": expected ID.KEY=VALUE or ID#N.KEY=VALUE "
                                            "(ID one of the algorithms of " + listOption + ")");
            const std::string target = assignment.substr(0, dot);
            if ((target.find('#') != std::string::npos) != toOne) continue;
            bool matched = false;
            for (std::size_t c = 0; c < configurations.size(); ++c) {
                if ((toOne ? configurations[c].label : configurations[c].algorithmId) != target) continue;
                matched = true;
                configurationAssignments[c].push_back(assignment);
            }
            if (!matched) {
                std::string labels;
                for (const auto& c : configurations) labels += (labels.empty() ? "" : ", ") + c.label;
                throw std::invalid_argument("--param " + assignment + ": '" + target +
                                            "' is not one of the configurations of " + listOption + " (" + labels + ")");
            }
        }
    }

    // Sweeps: each configuration becomes the grid of the sweeps that name it, its own assignments at every point.
    std::vector<Sweep> sweeps;
    for (const std::string& text : sweepTexts) sweeps.push_back(parseSweep(text, listOption));
    std::vector<std::vector<const Sweep*>> configurationSweeps(configurations.size());
    for (const Sweep& sweep : sweeps) {
        bool matched = false;
        for (std::size_t c = 0; c < configurations.size(); ++c) {
            const bool toOne = sweep.target.find('#') != std::string::npos;
            if ((toOne ? configurations[c].label : configurations[c].algorithmId) != sweep.target) continue;
            for (const Sweep* other : configurationSweeps[c])
                if (other->key == sweep.key)
                    throw std::invalid_argument("--sweep " + sweep.target + "." + sweep.key + ": " +
                                                configurations[c].label + "'s " + sweep.key + " is swept twice");
            if (!matched)  // each value on its own, so that a bad one is named as part of its --sweep
                for (const std::string& value : sweep.values) {
                    RunNaming naming;
                    naming.algorithmOption = listOption;
                    naming.parameterOption = "--sweep";
                    naming.targeted = true;
                    const RunConfiguration configured = configureRun(
                        configurations[c].algorithmId, {sweep.target + "." + sweep.key + "=" + value}, puzzleKind, naming);
                    if (!configured && configured.error->part != RunConfigurationPart::Rule)
                        throw std::invalid_argument(configured.error->message);
                }
            configurationSweeps[c].push_back(&sweep);
            matched = true;
        }
        if (!matched) {
            std::string labels;
            for (const auto& c : configurations) labels += (labels.empty() ? "" : ", ") + c.label;
            throw std::invalid_argument("--sweep " + sweep.target + "." + sweep.key + ": '" + sweep.target +
                                        "' is not one of the configurations of " + listOption + " (" + labels + ")");
        }
    }
    std::vector<BenchConfiguration> points;
    std::vector<std::vector<std::string>> pointAssignments;
    for (std::size_t c = 0; c < configurations.size(); ++c) {
        std::size_t count = 1;
        for (const Sweep* sweep : configurationSweeps[c]) {
            // Checked before each product, so that a grid too large to count is refused as one too large to run.
            if (sweep->values.size() > (kMaxBenchConfigurations - points.size()) / count)
                throw std::invalid_argument("the sweeps make more than " + std::to_string(kMaxBenchConfigurations) +
                                            " configurations");
            count *= sweep->values.size();
        }
        for (std::size_t index = 0; index < count; ++index) {
            BenchConfiguration point{configurations[c].label, configurations[c].algorithmId, {}};
            std::vector<std::string> pointAssignment = configurationAssignments[c];
            std::size_t rest = index;
            std::size_t stride = count;
            for (const Sweep* sweep : configurationSweeps[c]) {  // the first sweep varies slowest
                stride /= sweep->values.size();
                const std::string& value = sweep->values[rest / stride];
                rest %= stride;
                point.label += " " + sweep->key + "=" + value;
                pointAssignment.push_back(configurations[c].label + "." + sweep->key + "=" + value);
            }
            points.push_back(std::move(point));
            pointAssignments.push_back(std::move(pointAssignment));
        }
    }

    for (std::size_t c = 0; c < points.size(); ++c) {
        RunNaming naming;
        naming.algorithmOption = listOption;
        naming.label = points[c].label;
        naming.targeted = true;
        RunConfiguration configured = configureRun(points[c].algorithmId, pointAssignments[c], puzzleKind, naming);
        if (!configured) throw std::invalid_argument(configured.error->message);
        points[c].parameters = std::move(configured.parameters);
    }
    return points;
}

json benchPlanJson(const BenchPlan& plan) {
    json configurations = json::array();
    for (const auto& configuration : plan.configurations) {
        json parameters = json::object();
        for (const auto& [key, value] : configuration.parameters.all()) parameters[key] = parameterValueJson(value);
        configurations.push_back(
            {{"label", configuration.label}, {"algorithm", configuration.algorithmId}, {"parameters", parameters}});
    }
    json puzzles = json::array();
    for (const auto& puzzle : plan.puzzles)
        puzzles.push_back({{"id", puzzle.id}, {"kind", puzzleKindName(puzzle.kind())}, {"puzzle", puzzleLine(puzzle)}});
    json budget = json::object();
    if (plan.budget.timeLimit) budget["time_limit"] = *plan.budget.timeLimit;
    if (plan.budget.maxSteps) budget["max_steps"] = *plan.budget.maxSteps;
    if (plan.budget.maxEvaluations) budget["max_evaluations"] = *plan.budget.maxEvaluations;
    json config = {{"format", kFormat},
                   {"configurations", configurations},
                   {"puzzles", puzzles},
                   {"runs", plan.runs},
                   {"seed", plan.seed},
                   {"budget", budget},
                   {"curve", "best cost at step 0 and at steps round(10^(k/10)), k = 0, 1, 2, ..."}};
    // Only when set: a plan of every run keeps the config.json it had before the key existed.
    if (plan.untilSuccesses) config["until_successes"] = *plan.untilSuccesses;
    return config;
}

namespace {

// A fault of config.json at a path of keys and list indices; readBenchConfig places it in the text.
struct BenchConfigError : std::runtime_error {
    BenchConfigError(std::vector<std::string> at, const std::string& message)
        : std::runtime_error(at.empty() ? message : jsonPathText(at) + ": " + message), path(std::move(at)) {}
    std::vector<std::string> path;
};

using JsonPath = std::vector<std::string>;

JsonPath operator/(JsonPath path, std::string step) {
    path.push_back(std::move(step));
    return path;
}

// config.json's values, each checked before it is read: the JSON library's own errors name no place and
// speak its own terms.
const json& configMember(const json& object, const JsonPath& path, const std::string& key) {
    if (!object.is_object()) throw BenchConfigError(path, "must be an object");
    const auto found = object.find(key);
    if (found == object.end()) throw BenchConfigError(path, "no '" + key + "' field");
    return *found;
}

std::string configString(const json& value, const JsonPath& path) {
    if (!value.is_string()) throw BenchConfigError(path, "must be a string");
    return value.get<std::string>();
}

const json& configList(const json& value, const JsonPath& path) {
    if (!value.is_array()) throw BenchConfigError(path, "must be a list");
    return value;
}

std::uint64_t configCount(const json& value, const JsonPath& path) {
    if (!value.is_number_unsigned()) throw BenchConfigError(path, "must be a whole number of 0 or more");
    return value.get<std::uint64_t>();
}

ParameterValue configParameter(const ParameterSpec& spec, const json& value, const JsonPath& path) {
    switch (spec.type) {
    case ParameterType::Integer:
        // An unchecked conversion of a fractional or huge number would be undefined behaviour.
        if (!value.is_number_integer()) throw BenchConfigError(path, "must be a whole number");
        return value.get<std::int64_t>();
    case ParameterType::Real:
        if (!value.is_number()) throw BenchConfigError(path, "must be a number");
        return value.get<double>();
    case ParameterType::Boolean:
        if (!value.is_boolean()) throw BenchConfigError(path, "must be true or false");
        return value.get<bool>();
    case ParameterType::Choice: return configString(value, path);
    }
    throw BenchConfigError(path, "has a type no parameter has");
}

}  // namespace

BenchPlan benchPlanFromJson(const json& config) {
    BenchPlan plan;
    const JsonPath root;
    const JsonPath configurations = root / "configurations";
    const json& configurationList = configList(configMember(config, root, "configurations"), configurations);
    for (std::size_t i = 0; i < configurationList.size(); ++i) {
        const json& entry = configurationList[i];
        const JsonPath at = configurations / std::to_string(i);
        const std::string algorithmId = configString(configMember(entry, at, "algorithm"), at / "algorithm");
        const AlgorithmEntry* algorithm = findAlgorithm(algorithmId);
        if (!algorithm) throw BenchConfigError(at / "algorithm", "unknown algorithm '" + algorithmId + "'");
        const auto& specs = algorithm->info.parameters;
        BenchConfiguration configuration{configString(configMember(entry, at, "label"), at / "label"), algorithmId,
                                         ParameterValues(specs)};
        const json& parameters = configMember(entry, at, "parameters");
        if (!parameters.is_object()) throw BenchConfigError(at / "parameters", "must be an object");
        for (const auto& item : parameters.items()) {
            const std::string& key = item.key();
            const auto spec = std::find_if(specs.begin(), specs.end(), [&](const ParameterSpec& s) { return s.key == key; });
            if (spec == specs.end()) {
                if (retiredParameterNote(key)) continue;  // a plan written before the key was retired
                throw BenchConfigError(at / "parameters" / key, algorithmId + " has no parameter '" + key + "'");
            }
            if (auto error = configuration.parameters.setValue(specs, key,
                                                               configParameter(*spec, item.value(), at / "parameters" / key)))
                throw BenchConfigError(at / "parameters" / key, *error);
        }
        plan.configurations.push_back(std::move(configuration));
    }
    const JsonPath puzzles = root / "puzzles";
    const json& puzzleList = configList(configMember(config, root, "puzzles"), puzzles);
    for (std::size_t i = 0; i < puzzleList.size(); ++i) {
        const JsonPath at = puzzles / std::to_string(i);
        const std::string id = configString(configMember(puzzleList[i], at, "id"), at / "id");
        PuzzleCollection parsed = parsePuzzles(configString(configMember(puzzleList[i], at, "puzzle"), at / "puzzle"), id);
        if (parsed.puzzles.size() != 1) throw BenchConfigError(at / "puzzle", "puzzle " + id + " does not parse");
        parsed.puzzles.front().id = id;
        plan.puzzles.push_back(std::move(parsed.puzzles.front()));
    }
    plan.runs = configCount(configMember(config, root, "runs"), root / "runs");
    if (plan.runs > kMaxBenchRuns)
        throw BenchConfigError(root / "runs", std::to_string(plan.runs) + " is more than a bench makes per setting "
                               "and puzzle (" + std::to_string(kMaxBenchRuns) + ", kMaxBenchRuns)");
    plan.seed = configCount(configMember(config, root, "seed"), root / "seed");
    const JsonPath budgetPath = root / "budget";
    const json& budget = configMember(config, root, "budget");
    if (!budget.is_object()) throw BenchConfigError(budgetPath, "must be an object");
    if (budget.contains("time_limit")) {
        const json& limit = budget["time_limit"];
        if (!limit.is_number() || !(limit.get<double>() > 0))
            throw BenchConfigError(budgetPath / "time_limit", "must be a positive number of seconds");
        plan.budget.timeLimit = limit.get<double>();
    }
    if (budget.contains("max_steps")) plan.budget.maxSteps = configCount(budget["max_steps"], budgetPath / "max_steps");
    if (budget.contains("max_evaluations"))
        plan.budget.maxEvaluations = configCount(budget["max_evaluations"], budgetPath / "max_evaluations");
    if (config.contains("until_successes")) {
        plan.untilSuccesses = configCount(config["until_successes"], root / "until_successes");
        if (*plan.untilSuccesses == 0) throw BenchConfigError(root / "until_successes", "must be at least 1");
    }
    return plan;
}

namespace {

// A plan stored before a parameter was retired still names it; the key never changed a result.
json withoutRetiredParameters(json configurations) {
    if (!configurations.is_array()) return configurations;
    for (json& configuration : configurations) {
        if (!configuration.is_object() || !configuration.contains("parameters")) continue;
        json& parameters = configuration["parameters"];
        if (!parameters.is_object()) continue;
        for (auto it = parameters.begin(); it != parameters.end();)
            it = retiredParameterNote(it.key()) ? parameters.erase(it) : std::next(it);
    }
    return configurations;
}

}  // namespace

std::optional<std::string> benchPlanDifference(const json& stored, const json& wanted) {
    for (const char* key : {"format", "configurations", "puzzles", "runs", "seed", "budget", "curve", "until_successes"}) {
        json there = stored.contains(key) ? stored[key] : json();
        json here = wanted.contains(key) ? wanted[key] : json();
        if (std::string_view(key) == "configurations") {
            there = withoutRetiredParameters(std::move(there));
            here = withoutRetiredParameters(std::move(here));
        }
        if (there == here) continue;
        std::string text = std::string(key) + " differ";
        const std::string thereText = there.dump(), hereText = here.dump();
        if (thereText.size() + hereText.size() < 160) text += ": " + thereText + " there, " + hereText + " here";
        return text;
    }
    return std::nullopt;
}

std::vector<BenchTask> benchTasks(const BenchPlan& plan) {
    // The (setting, puzzle) pairs whose algorithm solves the puzzle, puzzle by puzzle.
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (std::size_t p = 0; p < plan.puzzles.size(); ++p)
        for (std::size_t c = 0; c < plan.configurations.size(); ++c)
            if (findAlgorithm(plan.configurations[c].algorithmId)->info.supports(plan.puzzles[p].kind()))
                pairs.emplace_back(c, p);
    if (!pairs.empty() && plan.runs > kMaxBenchTasks / pairs.size())
        throw std::runtime_error(std::to_string(plan.runs) + " runs of " + std::to_string(pairs.size()) +
                                 " settings and puzzles are more runs than a bench may plan (" +
                                 std::to_string(kMaxBenchTasks) + ", kMaxBenchTasks)");
    std::vector<BenchTask> tasks;
    tasks.reserve(static_cast<std::size_t>(pairs.size() * plan.runs));
    for (const auto& [c, p] : pairs)
        for (std::uint64_t run = 0; run < plan.runs; ++run) tasks.push_back({c, p, run});
    return tasks;
}

std::vector<BenchTask> benchPendingTasks(const BenchPlan& plan, const std::vector<BenchTask>& tasks,
                                         const std::vector<json>& lines) {
    std::set<std::string> made;
    std::map<std::pair<std::string, std::size_t>, std::uint64_t> successes;
    for (const json& line : lines) {
        made.insert(lineKey(line));
        if (line.value("status", "") == "solved")
            ++successes[{line.at("configuration").get<std::string>(), line.at("puzzle_index").get<std::size_t>()}];
    }
    std::vector<BenchTask> pending;
    std::map<std::pair<std::string, std::size_t>, std::uint64_t> issued;
    for (const BenchTask& task : tasks) {
        if (made.count(benchRunKey(plan, task))) continue;
        if (plan.untilSuccesses) {
            const std::pair<std::string, std::size_t> pair{plan.configurations[task.configuration].label, task.puzzle};
            const std::uint64_t have = successes[pair];
            // Tries are made in run order: a try is issued only while the successes still missing outnumber
            // the tries of this wave.
            if (have >= *plan.untilSuccesses || issued[pair] >= *plan.untilSuccesses - have) continue;
            ++issued[pair];
        }
        pending.push_back(task);
    }
    return pending;
}

std::string benchRunKey(const std::string& configuration, std::size_t puzzle, std::uint64_t run) {
    return configuration + "/" + std::to_string(puzzle) + "/" + std::to_string(run);
}

std::string benchRunKey(const BenchPlan& plan, const BenchTask& task) {
    return benchRunKey(plan.configurations[task.configuration].label, task.puzzle, task.run);
}

std::uint64_t nextCurvePoint(std::uint64_t point) {
    if (point == 0) return 1;
    // The smallest round(10^(k/10)) above `point`: k from the logarithm, then corrected for rounding.
    auto at = [](int k) { return static_cast<std::uint64_t>(std::llround(std::pow(10.0, k / 10.0))); };
    int k = std::max(0, static_cast<int>(std::floor(10 * std::log10(static_cast<double>(point)))) - 1);
    while (at(k) <= point) ++k;
    return at(k);
}

std::optional<json> runBenchTask(const BenchPlan& plan, const BenchTask& task, const std::atomic<bool>* stop) {
    const BenchConfiguration& configuration = plan.configurations[task.configuration];
    const AlgorithmEntry* entry = findAlgorithm(configuration.algorithmId);
    const Puzzle& puzzle = plan.puzzles[task.puzzle];
    const std::uint64_t seed = plan.seed + task.run;
    StopConditions conditions;
    if (plan.budget.timeLimit) conditions.add(timeLimit(*plan.budget.timeLimit));
    if (plan.budget.maxSteps) conditions.add(stepLimit(*plan.budget.maxSteps));
    if (plan.budget.maxEvaluations) conditions.add(evaluationLimit(*plan.budget.maxEvaluations));
    if (stop) conditions.add(externalStop(*stop));
    auto algorithm = entry->create();
    Runner runner(*algorithm, puzzle, configuration.parameters, seed, nullptr, std::move(conditions));

    json curve = json::array();
    json improvements = json::array();
    double best = algorithm->bestCost();
    std::uint64_t point = 0;
    // Steps between sample points run in the runner's tight loop, which returns early after a step that lowers
    // the best cost: a point is sampled once the run reaches it, and every fall is kept at its exact step.
    while (true) {
        const std::uint64_t steps = algorithm->counters().steps;
        while (point <= steps) {
            curve.push_back(json::array({point, algorithm->bestCost(), algorithm->counters().evaluations}));
            point = nextCurvePoint(point);
        }
        if (runner.finished()) break;
        const bool running = runner.advanceUntilBestFalls(point - steps);
        if (algorithm->bestCost() < best) {
            best = algorithm->bestCost();
            const Counters counters = algorithm->counters();
            improvements.push_back(json::array({counters.steps, best, counters.evaluations}));
        }
        if (!running) break;
    }
    const RunResult& result = runner.result();
    if (result.outcome == Outcome::Stopped && stop && stop->load()) return std::nullopt;

    json line = runResultJson(puzzle, configuration.algorithmId, seed, task.run, result);
    json parameters = json::object();
    for (const auto& [key, value] : configuration.parameters.all()) parameters[key] = parameterValueJson(value);
    line["configuration"] = configuration.label;
    line["parameters"] = parameters;
    line["puzzle_index"] = task.puzzle;
    line["curve"] = std::move(curve);
    line["improvements"] = std::move(improvements);
    return line;
}

void runBench(const BenchPlan& plan, const std::vector<BenchTask>& tasks, int jobs,
              const std::function<void(json& line)>& onRun, const std::atomic<bool>* stop) {
    // Finished lines wait in the parallel service's bounded queue while writing the log and drawing progress
    // go on, so that a slow writer holds the workers back instead of letting lines pile up.
    const std::string planHash = benchPlanHash(plan);
    parallelInOrder<std::optional<json>>(
        tasks.size(), jobs,
        [&](std::size_t i) {
            auto line = runBenchTask(plan, tasks[i], stop);
            if (line) (*line)["plan"] = planHash;
            return line;
        },
        [&](std::size_t, std::optional<json>& line) {
            if (line) onRun(*line);
            return true;
        },
        stop);
}

BenchLog::BenchLog(const std::string& path, const BenchPlan* plan) : m_path(path) {
    std::uintmax_t wholeBytes = 0;
    m_lines = readRunLines(path, m_droppedPartialLine, wholeBytes, plan);
    for (const auto& line : m_lines) m_keys.insert(lineKey(line));
    std::error_code ec;
    if (m_droppedPartialLine) std::filesystem::resize_file(path, wholeBytes, ec);
    if (ec) throw std::runtime_error(path + ": cannot cut off the partial last line: " + ec.message());
    m_fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (m_fd < 0) throw std::runtime_error(writeError(path, errno));
}

BenchLog::~BenchLog() {
    if (m_fd >= 0) ::close(m_fd);
}

void BenchLog::append(json&& line) {
    // The line and its newline leave in one write: a process killed at any moment leaves whole lines and at
    // most one partial last line (which the next resume cuts off), never a whole line without its newline.
    std::string text = line.dump();
    text += '\n';
    std::string key = lineKey(line);
    std::lock_guard lock(m_mutex);
    if (!writeAll(m_fd, text)) throw std::runtime_error(writeError(m_path, errno));
    m_keys.insert(std::move(key));
    m_lines.push_back(std::move(line));
}

double BenchRecord::costAt(std::uint64_t step) const {
    if (static_cast<double>(step) >= steps || curve.empty()) return bestCost;
    double cost = curve.front().second;
    for (const auto& [point, value] : curve) {
        if (point > step) break;
        cost = value;
    }
    return cost;
}

namespace {

// The fields of every run line (runResultJson's and the bench's); any other numeric field is the algorithm's.
bool isCommonRunField(const std::string& key) {
    static const std::set<std::string> common{"id",       "kind",   "puzzle",     "algorithm",      "seed",
                                              "run",      "status", "outcome",    "reason",         "valid",
                                              "seconds",  "steps",  "evaluations", "best_cost",     "false_solution",
                                              "solution", "matches_known", "configuration", "parameters",
                                              "puzzle_index", "curve", "improvements"};
    return common.count(key) > 0;
}

// Records grouped by configuration (in `configurations` order, then of appearance) and puzzle index.
std::map<std::pair<std::size_t, std::size_t>, std::vector<const BenchRecord*>> groupRecords(
    const std::vector<BenchRecord>& records, const std::vector<std::string>& configurations, std::vector<std::string>& order) {
    order = configurations;
    for (const auto& record : records)
        if (std::find(order.begin(), order.end(), record.configuration) == order.end())
            order.push_back(record.configuration);
    std::map<std::pair<std::size_t, std::size_t>, std::vector<const BenchRecord*>> groups;
    for (const auto& record : records) {
        const auto c = static_cast<std::size_t>(std::find(order.begin(), order.end(), record.configuration) - order.begin());
        groups[{c, record.puzzleIndex}].push_back(&record);
    }
    return groups;
}

}  // namespace

BenchRecord benchRecordFromJson(const json& line) {
    auto field = [&](const char* name) -> const json& {
        if (!line.contains(name)) throw std::invalid_argument(std::string("no '") + name + "' field");
        return line[name];
    };
    // The library converts a fractional or huge number to an integer type without a check (undefined
    // behaviour): counts are checked to be whole numbers first.
    auto count = [&](const char* name) -> std::uint64_t {
        const json& value = field(name);
        if (!value.is_number_unsigned()) throw std::invalid_argument(std::string("'") + name + "' must be a whole number");
        return value.get<std::uint64_t>();
    };
    auto text = [&](const char* name) {
        const json& value = field(name);
        if (!value.is_string()) throw std::invalid_argument(std::string("'") + name + "' must be a string");
        return value.get<std::string>();
    };
    auto number = [&](const char* name) {
        const json& value = field(name);
        if (!value.is_number()) throw std::invalid_argument(std::string("'") + name + "' must be a number");
        return value.get<double>();
    };
    try {
        BenchRecord record;
        record.configuration = text("configuration");
        record.algorithm = text("algorithm");
        record.puzzleIndex = static_cast<std::size_t>(count("puzzle_index"));
        record.puzzleId = text("id");
        record.run = count("run");
        record.solved = text("status") == "solved";
        record.seconds = number("seconds");
        record.steps = number("steps");
        record.evaluations = number("evaluations");
        record.bestCost = number("best_cost");
        if (line.contains("curve"))
            for (const auto& point : line["curve"]) {
                if (!point.is_array() || (point.size() != 2 && point.size() != 3) || !point[0].is_number_unsigned() ||
                    !point[1].is_number() || (point.size() == 3 && !point[2].is_number_unsigned()))
                    throw std::invalid_argument(
                        "a curve point must be [step, best cost] or [step, best cost, evaluations], with a whole step");
                record.curve.emplace_back(point[0].get<std::uint64_t>(), point[1].get<double>());
                if (point.size() > 2) record.curveEvaluations.push_back(point[2].get<std::uint64_t>());
            }
        if (line.contains("improvements")) {
            if (!line["improvements"].is_array()) throw std::invalid_argument("'improvements' must be a list");
            for (const auto& fall : line["improvements"]) {
                if (!fall.is_array() || fall.size() != 3 || !fall[0].is_number_unsigned() || !fall[1].is_number() ||
                    !fall[2].is_number_unsigned())
                    throw std::invalid_argument("an improvement must be [step, best cost, evaluations], with a whole "
                                                "step and whole evaluations");
                const BenchImprovement improvement{fall[0].get<std::uint64_t>(), fall[1].get<double>(),
                                                   fall[2].get<std::uint64_t>()};
                if (!record.improvements.empty() && (improvement.step <= record.improvements.back().step ||
                                                     improvement.bestCost >= record.improvements.back().bestCost))
                    throw std::invalid_argument("'improvements' must fall, step after step");
                record.improvements.push_back(improvement);
            }
            record.hasImprovements = true;
        }
        for (const auto& [key, value] : line.items())
            if (value.is_number() && !isCommonRunField(key)) record.results[key] = value.get<double>();
        // A bench written before the curve carried evaluations has none; a mix is not a curve.
        if (!record.curveEvaluations.empty() && record.curveEvaluations.size() != record.curve.size())
            throw std::invalid_argument("'curve' mixes points with and without evaluations");
        return record;
    } catch (const json::exception&) {
        // Every field is checked before it is read; a value the checks missed is named without library terms.
        throw std::invalid_argument("a field has a value of the wrong kind");
    }
}

std::vector<BenchSummaryRow> summarizeBench(const std::vector<BenchRecord>& records,
                                            const std::vector<std::string>& configurations) {
    std::vector<std::string> order;
    const auto groups = groupRecords(records, configurations, order);
    std::vector<BenchSummaryRow> rows;
    for (const auto& [key, group] : groups) {
        BenchSummaryRow row;
        row.configuration = order[key.first];
        row.algorithm = group.front()->algorithm;
        row.puzzleIndex = key.second;
        row.puzzleId = group.front()->puzzleId;
        row.runs = static_cast<int>(group.size());
        std::vector<double> seconds, evaluations;
        for (const BenchRecord* record : group) {
            if (!record->solved) continue;
            ++row.solved;
            seconds.push_back(record->seconds);
            evaluations.push_back(record->evaluations);
        }
        row.seconds = spreadOf(seconds);
        row.evaluations = spreadOf(evaluations);
        rows.push_back(std::move(row));
    }
    return rows;
}

std::string benchSummaryCsv(const std::vector<BenchSummaryRow>& rows) {
    std::string csv = "configuration,algorithm,puzzle_index,puzzle_id,runs,solved,success_rate";
    for (const char* measure : {"time", "evaluations"})
        for (const char* statistic : {"min", "median", "mean", "max", "sd"})
            csv += std::string(",") + measure + "_" + statistic;
    csv += "\n";
    auto spreadFields = [](const Spread& spread, int digits) {
        if (spread.n == 0) return std::string(",,,,,");
        return "," + formatNumber(spread.min, digits) + "," + formatNumber(spread.median, digits) + "," +
               formatNumber(spread.mean, digits) + "," + formatNumber(spread.max, digits) + "," +
               (spread.n > 1 ? formatNumber(spread.sd, digits) : std::string());
    };
    for (const auto& row : rows) {
        csv += csvField(row.configuration) + "," + csvField(row.algorithm) + "," + std::to_string(row.puzzleIndex) + "," +
               csvField(row.puzzleId) + "," + std::to_string(row.runs) + "," +
               std::to_string(row.solved) + "," + formatNumber(row.successRate(), 6);
        csv += spreadFields(row.seconds, 6) + spreadFields(row.evaluations, 10) + "\n";
    }
    return csv;
}

std::string benchDetailsCsv(const std::vector<BenchRecord>& records, const std::vector<std::string>& configurations) {
    std::vector<std::string> order;
    const auto groups = groupRecords(records, configurations, order);
    std::string csv =
        "configuration,algorithm,puzzle_index,puzzle_id,measure,solved_runs,solved_mean,unsolved_runs,unsolved_mean\n";
    for (const auto& [key, group] : groups) {
        std::vector<std::string> measures{"steps", "best_cost"};
        for (const BenchRecord* record : group)
            for (const auto& entry : record->results)
                if (std::find(measures.begin(), measures.end(), entry.first) == measures.end())
                    measures.push_back(entry.first);
        std::sort(measures.begin() + 2, measures.end());
        for (const std::string& measure : measures) {
            int solvedRuns = 0, unsolvedRuns = 0;
            std::vector<double> solved, unsolved;
            for (const BenchRecord* record : group) {
                (record->solved ? solvedRuns : unsolvedRuns) += 1;
                std::optional<double> value;
                if (measure == "steps") value = record->steps;
                else if (measure == "best_cost") value = record->bestCost;
                else if (const auto it = record->results.find(measure); it != record->results.end()) value = it->second;
                if (value) (record->solved ? solved : unsolved).push_back(*value);
            }
            auto mean = [](const std::vector<double>& values) {
                return values.empty() ? std::string() : formatNumber(spreadOf(values).mean, 6);
            };
            csv += csvField(order[key.first]) + "," + csvField(group.front()->algorithm) + "," +
                   std::to_string(key.second) + "," + csvField(group.front()->puzzleId) + "," + csvField(measure) + "," +
                   std::to_string(solvedRuns) + "," + mean(solved) + "," + std::to_string(unsolvedRuns) + "," +
                   mean(unsolved) + "\n";
        }
    }
    return csv;
}

std::string benchGenerationsCsv(const std::vector<BenchRecord>& records, const std::vector<std::string>& configurations) {
    std::vector<std::string> order;
    const auto groups = groupRecords(records, configurations, order);
    std::string csv = "configuration,algorithm,puzzle_index,puzzle_id,generation,runs\n";
    for (const auto& [key, group] : groups) {
        std::map<long long, int> histogram;
        for (const BenchRecord* record : group) {
            const auto it = record->results.find("generation");
            if (record->solved && it != record->results.end()) ++histogram[std::llround(it->second)];
        }
        for (const auto& [generation, runs] : histogram)
            csv += csvField(order[key.first]) + "," + csvField(group.front()->algorithm) + "," +
                   std::to_string(key.second) + "," + csvField(group.front()->puzzleId) + "," +
                   std::to_string(generation) + "," + std::to_string(runs) + "\n";
    }
    return csv;
}

BenchConfigFile parseBenchConfig(std::string_view text, const std::string& path) {
    const std::string_view body = withoutByteOrderMark(text);
    const auto place = [&](std::size_t offset) {
        const auto [line, column] = lineAndColumn(body, offset);
        return path + ":" + std::to_string(line) + ":" + std::to_string(column) + ": ";
    };
    BenchConfigFile file;
    try {
        file.config = json::parse(body.begin(), body.end());
    } catch (const json::parse_error& e) {
        // The library counts bytes from 1 and points at the byte it could not take.
        throw std::runtime_error(place(e.byte > 0 ? e.byte - 1 : 0) + "not valid JSON");
    } catch (const json::exception&) {
        throw std::runtime_error(path + ": not valid JSON (a number out of range)");
    }
    const auto format = file.config.is_object() ? file.config.find("format") : file.config.end();
    if (format == file.config.end() || !format->is_string() || *format != kFormat)
        throw std::runtime_error(place(format != file.config.end() ? jsonValueOffset(body, {"format"}) : 0) +
                                 "not a configuration written by puzzle-cli bench (its \"format\" is \"" + kFormat +
                                 "\")");
    try {
        file.plan = benchPlanFromJson(file.config);
    } catch (const BenchConfigError& e) {
        throw std::runtime_error(place(jsonValueOffset(body, e.path)) + e.what());
    }
    return file;
}

BenchConfigFile readBenchConfig(const std::string& dir) {
    namespace fs = std::filesystem;
    const std::string path = (fs::path(dir) / "config.json").string();
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(dir + ": no config.json; not a directory written by puzzle-cli bench");
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (!ec && size > kMaxRunsFileBytes)
        throw std::runtime_error(path + ": " + std::to_string(size) + " bytes is more than a bench's config.json may have (" +
                                 std::to_string(kMaxRunsFileBytes) + ")");
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    return parseBenchConfig(text, path);
}

BenchDirectory readBenchDirectory(const std::string& dir) {
    namespace fs = std::filesystem;
    BenchDirectory result;
    BenchConfigFile config = readBenchConfig(dir);
    result.config = std::move(config.config);
    result.plan = std::move(config.plan);
    for (const auto& configuration : result.plan.configurations) result.configurations.push_back(configuration.label);
    bool partial = false;
    std::uintmax_t wholeBytes = 0;
    const std::string runsPath = (fs::path(dir) / "runs.jsonl").string();
    const auto lines = readRunLines(runsPath, partial, wholeBytes, &result.plan);
    for (const json& line : lines) result.records.push_back(benchRecordFromJson(line));  // checked by the reader
    return result;
}

}  // namespace pw
