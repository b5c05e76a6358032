#include "io/output.h"
#include "io/race_recording.h"

#include "io/json_place.h"

#include "base/text_format.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace pw {

namespace {

using Json = nlohmann::ordered_json;

// How the runs were paced, in the words the manifest uses.
const char* const kPaces[] = {"steps", "fair", "flat"};

ParseError errorAt(const std::string& source, const std::string& message) { return {source, 0, 0, message}; }

constexpr const char* kFormatName = "puzzle-workbench-race";
constexpr int kFormatVersion = 1;
constexpr const char* kComment =
    "A race of Puzzle Workbench: each run is a run recording of its own, named here in the race's order. "
    "Open this file to scrub all the runs' boards together on one timeline.";

}  // namespace

std::string raceRecordingName(const std::string& manifestStem, std::size_t index, const std::string& label) {
    std::string safe;
    for (const char c : label) safe += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '-';
    return manifestStem + "-" + std::to_string(index + 1) + "-" + safe + ".json";
}

std::string formatRaceManifest(const RaceManifest& manifest) {
    Json runs = Json::array();
    for (const RaceManifestRun& run : manifest.runs) runs.push_back({{"label", run.label}, {"recording", run.recording}});
    const Json root = {{"format", kFormatName}, {"format_version", kFormatVersion}, {"comment", kComment},
                       {"pace", manifest.pace}, {"runs", runs}};
    return root.dump(2) + "\n";
}

bool looksLikeRaceManifest(std::string_view text) {
    return looksLikeJsonFormat(text, kFormatName);
}

RaceRead parseRaceManifest(std::string_view text, const std::string& sourceName) {
    RaceRead read;
    const Json root = Json::parse(text, nullptr, false);
    auto fail = [&](const std::string& message) {
        read.error = errorAt(sourceName, message);
        return read;
    };
    if (root.is_discarded()) return fail("not JSON");
    if (!root.is_object() || !root.contains("format") || !root["format"].is_string() ||
        root["format"].get<std::string>() != kFormatName)
        return fail(std::string("not a race: 'format' must be \"") + kFormatName + "\"");
    if (!root.contains("format_version") || !root["format_version"].is_number_unsigned() ||
        root["format_version"].get<std::uint64_t>() != kFormatVersion)
        return fail("format_version: this workbench reads race format version " + std::to_string(kFormatVersion));
    RaceManifest manifest;
    if (!root.contains("pace") || !root["pace"].is_string()) return fail("pace: missing, or not a string");
    manifest.pace = root["pace"].get<std::string>();
    if (std::find(std::begin(kPaces), std::end(kPaces), manifest.pace) == std::end(kPaces))
        return fail("pace: '" + manifest.pace + "' is not one of steps, fair, flat");
    if (!root.contains("runs") || !root["runs"].is_array()) return fail("runs: missing, or not a list");
    const Json& runs = root["runs"];
    if (runs.size() < 2 || runs.size() > kMaxRaceRuns)
        return fail("runs: a race has 2 to " + std::to_string(kMaxRaceRuns) + " runs, not " + std::to_string(runs.size()));
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const Json& run = runs[i];
        const std::string place = "runs[" + std::to_string(i) + "]";
        if (!run.is_object() || !run.contains("label") || !run["label"].is_string() || !run.contains("recording") ||
            !run["recording"].is_string())
            return fail(place + ": must be an object with the strings 'label' and 'recording'");
        const std::string name = run["recording"].get<std::string>();
        if (name.empty() || name.find('/') != std::string::npos || name.find('\\') != std::string::npos || name == "." || name == "..")
            return fail(place + ".recording: '" + name + "' must be a file name in the race's folder");
        manifest.runs.push_back({run["label"].get<std::string>(), name});
    }
    read.manifest = std::move(manifest);
    return read;
}

RaceRead loadRace(const std::string& manifestPath) {
    std::error_code ec;
    const auto size = std::filesystem::file_size(manifestPath, ec);
    std::ifstream in(manifestPath, std::ios::binary);
    if (!in || ec) return {std::nullopt, {}, errorAt(manifestPath, "cannot read the file")};
    if (size > kMaxRecordingBytes)
        return {std::nullopt, {}, errorAt(manifestPath, std::to_string(size) + " bytes is more than a race manifest may have (" +
                                                            std::to_string(kMaxRecordingBytes) + ")")};
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    RaceRead read = parseRaceManifest(text, manifestPath);
    if (!read.manifest) return read;
    const std::filesystem::path folder = std::filesystem::path(manifestPath).parent_path();
    for (const RaceManifestRun& run : read.manifest->runs) {
        RecordingRead recording = loadRecording((folder / run.recording).string());
        if (!recording.recording) return {std::nullopt, {}, recording.error};
        if (!read.recordings.empty() &&
            formatPuzzles({recording.recording->puzzle}) != formatPuzzles({read.recordings.front().puzzle}))
            return {std::nullopt, {}, errorAt(manifestPath, "runs: " + run.recording + " is not on the puzzle of the first run")};
        read.recordings.push_back(std::move(*recording.recording));
    }
    return read;
}

bool saveRace(const std::string& manifestPath, const RaceManifest& manifest, const std::vector<RunRecording>& recordings,
              std::string& error) {
    if (recordings.size() != manifest.runs.size()) {
        error = "the race has " + std::to_string(manifest.runs.size()) + " runs but " + std::to_string(recordings.size()) +
                " recordings";
        return false;
    }
    const std::filesystem::path folder = std::filesystem::path(manifestPath).parent_path();
    for (std::size_t i = 0; i < recordings.size(); ++i)
        if (!saveRecording((folder / manifest.runs[i].recording).string(), recordings[i], error)) return false;
    return writeFileAtomically(manifestPath, formatRaceManifest(manifest), error);
}

}  // namespace pw
