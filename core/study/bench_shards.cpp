#include "study/bench_shards.h"

#include "io/output.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <charconv>
#include <optional>
#include <string_view>
#include <stdexcept>

namespace pw {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string shardName(const BenchShard& shard) {
    return "shard-" + std::to_string(shard.index) + "-of-" + std::to_string(shard.count);
}

// The two numbers of PREFIX + K + MIDDLE + N + SUFFIX, each of 1 to 9 digits, or nothing when `text` is not so.
std::optional<BenchShard> twoNumbers(std::string_view text, std::string_view prefix, std::string_view middle,
                                     std::string_view suffix) {
    if (!text.starts_with(prefix) || !text.ends_with(suffix)) return std::nullopt;
    text = text.substr(prefix.size(), text.size() - prefix.size() - suffix.size());
    const auto split = text.find(middle);
    if (split == std::string_view::npos) return std::nullopt;
    auto number = [](std::string_view digits) -> std::optional<std::size_t> {
        if (digits.empty() || digits.size() > 9) return std::nullopt;
        std::size_t value = 0;
        const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
        return value;
    };
    const auto first = number(text.substr(0, split));
    const auto second = number(text.substr(split + middle.size()));
    if (!first || !second) return std::nullopt;
    return BenchShard{*first, *second};
}

json readJsonFile(const fs::path& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read '" + path.string() + "'");
    json parsed = json::parse(in, nullptr, false);
    if (parsed.is_discarded()) throw std::runtime_error(path.string() + ": not JSON");
    return parsed;
}

}  // namespace

BenchShard parseBenchShard(const std::string& text) {
    const std::optional<BenchShard> parsed = twoNumbers(text, "", "/", "");
    if (!parsed) throw std::invalid_argument("--shard " + text + ": expected K/N, e.g. 3/8");
    const BenchShard shard = *parsed;
    if (shard.count < 1 || shard.index < 1 || shard.index > shard.count)
        throw std::invalid_argument("--shard " + text + ": K must be 1 to N");
    return shard;
}

std::vector<BenchTask> benchShardTasks(const std::vector<BenchTask>& tasks, const BenchShard& shard) {
    std::vector<BenchTask> share;
    for (std::size_t i = shard.index - 1; i < tasks.size(); i += shard.count) share.push_back(tasks[i]);
    return share;
}

std::string benchShardRunsPath(const std::string& dir, const BenchShard& shard) {
    return (fs::path(dir) / "parts" / (shardName(shard) + ".jsonl")).string();
}

std::string benchShardPlanPath(const std::string& dir, const BenchShard& shard) {
    return (fs::path(dir) / "parts" / (shardName(shard) + ".plan.json")).string();
}

BenchMergeResult mergeBenchParts(const std::string& dir, bool allowMissing) {
    const BenchConfigFile configFile = readBenchConfig(dir);
    const json& config = configFile.config;
    const BenchPlan& plan = configFile.plan;
    const std::vector<BenchTask> tasks = benchTasks(plan);
    std::map<std::string, std::size_t> taskIndex;
    for (std::size_t i = 0; i < tasks.size(); ++i) taskIndex[benchRunKey(plan, tasks[i])] = i;

    // The part files, by shard; a plan file without runs is a shard that has not written a run yet.
    std::vector<BenchShard> shards;
    const fs::path partsDir = fs::path(dir) / "parts";
    if (fs::is_directory(partsDir))
        for (const auto& entry : fs::directory_iterator(partsDir)) {
            const std::string name = entry.path().filename().string();
            if (const auto shard = twoNumbers(name, "shard-", "-of-", ".plan.json")) shards.push_back(*shard);
        }
    std::sort(shards.begin(), shards.end(), [](const BenchShard& a, const BenchShard& b) { return a.index < b.index; });
    for (const BenchShard& shard : shards) {
        if (shard.count != shards.front().count)
            throw std::runtime_error(partsDir.string() + ": parts of " + std::to_string(shards.front().count) +
                                     " and of " + std::to_string(shard.count) +
                                     " shards are mixed; merge the parts of one sharding only");
        if (shard.index < 1 || shard.index > shard.count)
            throw std::runtime_error(benchShardPlanPath(dir, shard) + ": shard number out of range");
    }

    std::vector<std::optional<json>> merged(tasks.size());
    std::size_t found = 0;
    auto take = [&](const json& line, const std::string& where) {
        const std::string key = benchRunKey(line.at("configuration").get<std::string>(),
                                            line.at("puzzle_index").get<std::size_t>(), line.at("run").get<std::uint64_t>());
        const auto index = taskIndex.find(key);
        if (index == taskIndex.end())
            throw std::runtime_error(where + ": run " + key + " is not a run of the plan in config.json");
        if (!merged[index->second]) ++found;
        merged[index->second] = line;
        return index->second;
    };
    // Runs already merged or made by an unsharded run of the same plan come first; the parts add to them.
    {
        BenchLog existing((fs::path(dir) / "runs.jsonl").string(), &plan);
        for (const auto& line : existing.lines()) take(line, dir + "/runs.jsonl");
    }
    BenchMergeResult result;
    for (const BenchShard& shard : shards) {
        const std::string planPath = benchShardPlanPath(dir, shard);
        if (const auto difference = benchPlanDifference(readJsonFile(planPath), config))
            throw std::runtime_error(planPath + ": a part of another plan (" + *difference +
                                     "); it does not belong in " + dir);
        const std::string runsPath = benchShardRunsPath(dir, shard);
        std::size_t lines = 0;
        if (fs::exists(runsPath)) {
            BenchLog part(runsPath, &plan);
            for (const auto& line : part.lines()) {
                const std::size_t index = take(line, runsPath);
                if (index % shard.count != shard.index - 1)
                    throw std::runtime_error(runsPath + ": run " + benchRunKey(plan, tasks[index]) +
                                             " belongs to another shard");
                ++lines;
            }
        }
        const std::size_t share = benchShardTasks(tasks, shard).size();
        if (lines < share)
            result.incompleteParts.push_back(shardName(shard) + ": " + std::to_string(lines) + " of " +
                                             std::to_string(share) + " runs");
        ++result.parts;
    }
    if (shards.empty() && found == 0) throw std::runtime_error(dir + ": no parts to merge (no parts/shard-K-of-N files)");
    result.runs = found;
    result.missing = tasks.size() - found;
    if (result.missing && !allowMissing) {
        std::string list;
        for (const auto& part : result.incompleteParts) list += (list.empty() ? "" : "; ") + part;
        const std::size_t expectedShards = shards.empty() ? 0 : shards.front().count;
        if (shards.size() < expectedShards)
            list += (list.empty() ? "" : "; ") + std::to_string(expectedShards - shards.size()) + " of " +
                    std::to_string(expectedShards) + " shards have not started";
        throw std::runtime_error(dir + ": " + std::to_string(result.missing) + " of " + std::to_string(tasks.size()) +
                                 " runs are in no part (" + list + "); finish or rerun those shards");
    }

    std::string text;
    std::vector<BenchRecord> records;
    for (const auto& line : merged) {
        if (!line) continue;
        text += line->dump() + "\n";
        records.push_back(benchRecordFromJson(*line));
    }
    std::string error;
    const std::string runsPath = (fs::path(dir) / "runs.jsonl").string();
    if (!writeFileAtomically(runsPath, text, error)) throw std::runtime_error(error);
    std::vector<std::string> labels;
    for (const auto& configuration : plan.configurations) labels.push_back(configuration.label);
    const std::string summaryPath = (fs::path(dir) / "summary.csv").string();
    if (!writeFileAtomically(summaryPath, benchSummaryCsv(summarizeBench(records, labels)), error))
        throw std::runtime_error(error);
    return result;
}

namespace {

// Takes the refused lines out of one runs file (see repairBenchDirectory).
BenchRepair repairRunsFile(const std::string& path, const BenchPlan& plan) {
    BenchRepair repair{path, path + ".dropped", {}};
    const std::string text = readBenchRunsText(path);
    bool partial = false;
    std::uintmax_t wholeBytes = 0;
    parseBenchRunLines(text, path, partial, wholeBytes, &plan, &repair.dropped);
    if (repair.dropped.empty()) return repair;
    // The kept lines as they were written, a partly written last line included (resuming cuts it off).
    std::string kept;
    std::string dropped = readBenchRunsText(repair.droppedPath);
    std::size_t start = 0;
    int lineNumber = 0;
    auto next = repair.dropped.begin();
    while (start < text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        ++lineNumber;
        const std::string_view line = std::string_view(text).substr(start, end - start + (end < text.size()));
        if (next != repair.dropped.end() && next->line == lineNumber) {
            dropped += line;
            if (line.back() != '\n') dropped += '\n';
            ++next;
        } else {
            kept += line;
        }
        start = end + 1;
    }
    std::string error;
    // The dropped lines are safe before the runs file loses them.
    if (!writeFileAtomically(repair.droppedPath, dropped, error) || !writeFileAtomically(path, kept, error))
        throw std::runtime_error(error);
    return repair;
}

}  // namespace

bool extendBenchDirectory(const std::string& dir, const BenchPlan& plan) {
    const BenchPlan old = readBenchConfig(dir).plan;
    const nlohmann::json oldJson = benchPlanJson(old), newJson = benchPlanJson(plan);
    if (!benchPlanDifference(oldJson, newJson)) return false;
    const auto refuse = [&](const std::string& why) {
        throw std::invalid_argument("--extend: " + dir + ": the command does not extend the bench there: " + why);
    };
    for (const char* key : {"format", "seed", "budget", "curve", "until_successes"})
        if ((oldJson.contains(key) ? oldJson[key] : nlohmann::json()) !=
            (newJson.contains(key) ? newJson[key] : nlohmann::json()))
            refuse(std::string(key) + " differ (only runs, settings and puzzles may be added)");
    if (plan.runs < old.runs)
        refuse("--runs " + std::to_string(plan.runs) + " is fewer than the bench's " + std::to_string(old.runs));
    for (const auto& configuration : oldJson["configurations"]) {
        const auto same = std::find_if(newJson["configurations"].begin(), newJson["configurations"].end(),
                                       [&](const nlohmann::json& c) { return c["label"] == configuration["label"]; });
        if (same == newJson["configurations"].end())
            refuse("setting '" + configuration["label"].get<std::string>() + "' is not in the command");
        if (*same != configuration)
            refuse("setting '" + configuration["label"].get<std::string>() + "' has other parameters");
    }
    if (plan.puzzles.size() < old.puzzles.size() ||
        !std::equal(oldJson["puzzles"].begin(), oldJson["puzzles"].end(), newJson["puzzles"].begin()))
        refuse("the bench's " + std::to_string(old.puzzles.size()) +
               " puzzles must come first, in their order (new puzzles after them)");
    std::error_code ec;
    if (fs::is_directory(fs::path(dir) / "parts", ec) && !fs::is_empty(fs::path(dir) / "parts", ec))
        throw std::invalid_argument("--extend: " + dir + " holds shard parts; join them first with bench merge");

    // Every line of the old plan (or, after a kill between the two writes below, of the new) becomes a run of
    // the new plan: its setting, puzzle, run number and seed are the same in both.
    const std::string oldHash = benchPlanHash(old), newHash = benchPlanHash(plan);
    const std::string runsPath = (fs::path(dir) / "runs.jsonl").string();
    bool partial = false;
    std::uintmax_t wholeBytes = 0;
    std::vector<BenchRefusedLine> refused;
    const std::vector<nlohmann::json> lines =
        parseBenchRunLines(readBenchRunsText(runsPath), runsPath, partial, wholeBytes, nullptr, &refused);
    if (!refused.empty())
        throw std::invalid_argument(runsPath + ":" + std::to_string(refused.front().line) + ":1: " +
                                    refused.front().reason);
    std::string runs;
    for (nlohmann::json line : lines) {
        if (line.contains("plan") && line["plan"] != oldHash && line["plan"] != newHash)
            throw std::invalid_argument(runsPath + ": run " + benchRunKey(line["configuration"], line["puzzle_index"],
                                                                          line["run"]) +
                                        " is of neither the bench's plan nor the extended one");
        if (line.contains("plan")) line["plan"] = newHash;
        runs += line.dump() + "\n";
    }
    std::string error;
    if (!writeFileAtomically(runsPath, runs, error) ||
        !writeFileAtomically((fs::path(dir) / "config.json").string(), newJson.dump(2) + "\n", error))
        throw std::runtime_error(error);
    return true;
}

std::vector<BenchRepair> repairBenchDirectory(const std::string& dir) {
    const BenchPlan plan = readBenchConfig(dir).plan;
    std::vector<std::string> paths{(fs::path(dir) / "runs.jsonl").string()};
    const fs::path partsDir = fs::path(dir) / "parts";
    std::error_code ec;
    if (fs::is_directory(partsDir, ec))
        for (const auto& entry : fs::directory_iterator(partsDir)) {
            const std::string name = entry.path().filename().string();
            if (twoNumbers(name, "shard-", "-of-", ".jsonl")) paths.push_back(entry.path().string());
        }
    std::sort(paths.begin() + 1, paths.end());
    std::vector<BenchRepair> repairs;
    for (const std::string& path : paths)
        if (BenchRepair repair = repairRunsFile(path, plan); !repair.dropped.empty()) repairs.push_back(std::move(repair));
    return repairs;
}

}  // namespace pw
