// Every puzzle format behind content detection: one-line and grid Sudoku (4x4 to 16x16), pencil marks,
// SadMan, CSV, Nurikabe text grids and puzz.link URLs. Whatever loads must survive a write and a re-read.
#include "io/formats.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const pw::PuzzleCollection collection = pw::parsePuzzles(text, "<fuzz>");
    for (const auto& error : collection.errors) (void)error.toString();
    for (const auto& puzzle : collection.puzzles) {
        const std::string written = pw::formatPuzzles({puzzle});
        const pw::PuzzleCollection again = pw::parsePuzzles(written, "<written>");
        if (again.puzzles.size() != 1 || !again.errors.empty()) {
            std::fprintf(stderr, "a loaded puzzle does not read back after writing:\n%s\n", written.c_str());
            std::abort();
        }
        if (puzzle.kind() == pw::PuzzleKind::Nurikabe) {
            const std::string url = pw::formatNurikabeUrl(puzzle.nurikabe().clues);
            if (pw::parsePuzzles(url, "<url>").puzzles.size() != 1) {
                std::fprintf(stderr, "a loaded Nurikabe does not read back from its URL: %s\n", url.c_str());
                std::abort();
            }
        }
    }
    return 0;
}
