#pragma once
// Where the bundled puzzle library is at run time. An installed program finds it beside its install prefix
// (<prefix>/share/puzzle-workbench/puzzles, from the executable's own path), so a package or a
// `cmake --install --prefix DIR` works wherever it lands; a program run from its build folder falls back to the
// source tree's puzzles/. PUZZLE_WORKBENCH_DATA names a data folder (holding puzzles/) that overrides both.

#include <filesystem>
#include <optional>
#include <string>

namespace pw::app {

inline constexpr const char* kDataDirectoryVariable = "PUZZLE_WORKBENCH_DATA";

// The places to look, in order; findPuzzleLibrary() fills them from this process.
struct PuzzleLibraryPlaces {
    std::optional<std::string> overrideDataDirectory;  // the environment variable's value, when set
    std::filesystem::path executable;                    // this program's own file; empty when unknown
    std::filesystem::path buildTreeLibrary;              // the source tree's puzzles/, baked in at build time
};

struct PuzzleLibrary {
    std::filesystem::path directory;  // the puzzles/ folder; empty when none was found
    std::string error;                // when `directory` is empty: why, naming every place tried
};

// The first of: the override (an error when it holds no puzzles/ folder, never a silent fallback), the
// installed location (<executable's folder>/../share/puzzle-workbench/puzzles), the build tree.
PuzzleLibrary findPuzzleLibrary(const PuzzleLibraryPlaces& places);
PuzzleLibrary findPuzzleLibrary();

// "<program> <version>" and, on a second line, where the puzzle library was found (or why it was not).
std::string versionText(const std::string& program);

}  // namespace pw::app
