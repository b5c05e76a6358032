// Saved races' manifests (File > Open and `--open` of a race): parsing and validation, and the manifest
// written back. The recordings it names are read by fuzz_recording's reader.
#include "io/race_recording.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)pw::looksLikeRaceManifest(text);
    const pw::RaceRead read = pw::parseRaceManifest(text, "<fuzz>");
    if (read.manifest) (void)pw::formatRaceManifest(*read.manifest);
    else (void)read.error.toString();
    return 0;
}
