// Run recordings (the window's File > Open of a .pwrec and `puzzle-cli replay`): parsing and validation,
// and the stop conditions a replay would be given. The replay itself is not run: its length is what the
// reader bounds (kMaxRecordedSteps).
#include "io/recording.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)pw::looksLikeRecording(text);
    const pw::RecordingRead read = pw::parseRecording(text, "<fuzz>");
    if (read.recording) {
        (void)read.recording->replayStopConditions();
        (void)pw::formatRecording(*read.recording);
    } else {
        (void)read.error.toString();
    }
    return 0;
}
