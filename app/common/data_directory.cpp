#include "data_directory.h"

#include <cstdlib>
#include <system_error>

namespace pw::app {
namespace {

bool isDirectory(const std::filesystem::path& path) {
    std::error_code ec;
    return std::filesystem::is_directory(path, ec);
}

// The library relative to an executable: <executable's folder>/<bin-to-data path>/puzzles.
std::filesystem::path installedLibraryFor(const std::filesystem::path& executable) {
    return (executable.parent_path() / PW_BIN_TO_DATA_DIR / "puzzles").lexically_normal();
}

}  // namespace

PuzzleLibrary findPuzzleLibrary(const PuzzleLibraryPlaces& places) {
    if (places.overrideDataDirectory) {
        const std::filesystem::path library = std::filesystem::path(*places.overrideDataDirectory) / "puzzles";
        if (isDirectory(library)) return {library, {}};
        return {{}, std::string(kDataDirectoryVariable) + "=" + *places.overrideDataDirectory +
                        ": no puzzles folder at " + library.string()};
    }
    std::string tried;
    if (!places.executable.empty()) {
        const std::filesystem::path installed = installedLibraryFor(places.executable);
        if (isDirectory(installed)) return {installed, {}};
        tried = installed.string();
    }
    if (!places.buildTreeLibrary.empty()) {
        if (isDirectory(places.buildTreeLibrary)) return {places.buildTreeLibrary, {}};
        tried += (tried.empty() ? "" : " nor at ") + places.buildTreeLibrary.string();
    }
    const std::string where = tried.empty() ? "was not found" : "is not at " + tried;
    return {{}, "the puzzle library " + where + "; set " + kDataDirectoryVariable + " to the folder that holds puzzles/"};
}

PuzzleLibrary findPuzzleLibrary() {
    PuzzleLibraryPlaces places;
    if (const char* value = std::getenv(kDataDirectoryVariable); value && *value) places.overrideDataDirectory = value;
    std::error_code ec;
    places.executable = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) places.executable.clear();
    places.buildTreeLibrary = PW_BUILD_TREE_PUZZLES_DIR;
    return findPuzzleLibrary(places);
}

std::string versionText(const std::string& program) {
    const PuzzleLibrary library = findPuzzleLibrary();
    return program + " " + PW_VERSION + "\npuzzle library: " +
           (library.directory.empty() ? "not found (" + library.error + ")" : library.directory.string());
}

}  // namespace pw::app
