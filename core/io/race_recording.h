#pragma once
// A saved race: one run recording per run (io/recording.h), each in a file of its own beside a small manifest
// that names them in the race's order with their labels, and the race's pace. Reopened, every recording is
// re-run headless (runs are deterministic), so the race's boards can be scrubbed together.

#include "io/formats.h"
#include "io/recording.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pw {

// A race has this many runs at most (and 2 at least).
inline constexpr std::size_t kMaxRaceRuns = 4;

struct RaceManifestRun {
    std::string label;      // "sa", "sa#2"
    std::string recording;  // the recording's file name, in the manifest's folder
};

struct RaceManifest {
    std::string pace;  // "steps", "fair" or "flat"
    std::vector<RaceManifestRun> runs;
};

// The file name of run `index` (0-based) of a race saved as `manifestStem` ("race" for race.json): "race-2-sa-2.json"
// for the second run, labelled "sa#2".
std::string raceRecordingName(const std::string& manifestStem, std::size_t index, const std::string& label);

std::string formatRaceManifest(const RaceManifest& manifest);
bool looksLikeRaceManifest(std::string_view text);

struct RaceRead {
    std::optional<RaceManifest> manifest;
    std::vector<RunRecording> recordings;  // in the manifest's order
    ParseError error;                      // set when `manifest` is empty
};
RaceRead parseRaceManifest(std::string_view text, const std::string& sourceName);
// Reads the manifest and every recording it names (from the manifest's folder; a name with a folder in it is
// refused), checking that they race on one puzzle.
RaceRead loadRace(const std::string& manifestPath);
// Writes every recording, then the manifest (each atomically); the recordings' names come from the manifest.
bool saveRace(const std::string& manifestPath, const RaceManifest& manifest, const std::vector<RunRecording>& recordings,
              std::string& error);

}  // namespace pw
