#include "data_directory.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>

namespace fs = std::filesystem;

namespace {

// A fresh folder under the system's temporary folder, removed with the fixture.
class DataDirectoryTest : public ::testing::Test {
protected:
    void SetUp() override {
        m_root = fs::temp_directory_path() / ("pw-data-directory-" + std::to_string(std::random_device{}()));
        fs::create_directories(m_root);
    }
    void TearDown() override { fs::remove_all(m_root); }
    fs::path make(const fs::path& relative) {
        fs::create_directories(m_root / relative);
        return m_root / relative;
    }
    fs::path m_root;
};

TEST_F(DataDirectoryTest, InstalledProgramFindsTheLibraryUnderItsPrefix) {
    const fs::path installed = make("usr/share/puzzle-workbench/puzzles");
    make("usr/bin");
    const pw::app::PuzzleLibrary library =
        pw::app::findPuzzleLibrary({std::nullopt, m_root / "usr/bin/puzzle-workbench", make("source/puzzles")});
    EXPECT_EQ(library.directory, installed);
    EXPECT_EQ(library.error, "");
}

TEST_F(DataDirectoryTest, BuildTreeProgramFallsBackToTheSourceTree) {
    const fs::path source = make("source/puzzles");
    const pw::app::PuzzleLibrary library =
        pw::app::findPuzzleLibrary({std::nullopt, make("build/app") / "puzzle-cli", source});
    EXPECT_EQ(library.directory, source);
}

TEST_F(DataDirectoryTest, EnvironmentOverrideWinsAndIsNeverSilentlyIgnored) {
    make("usr/share/puzzle-workbench/puzzles");
    const fs::path chosen = make("elsewhere/puzzles");
    const fs::path executable = m_root / "usr/bin/puzzle-cli";
    EXPECT_EQ(pw::app::findPuzzleLibrary({(m_root / "elsewhere").string(), executable, {}}).directory, chosen);

    const pw::app::PuzzleLibrary bad = pw::app::findPuzzleLibrary({(m_root / "empty").string(), executable, {}});
    EXPECT_TRUE(bad.directory.empty());
    EXPECT_NE(bad.error.find("PUZZLE_WORKBENCH_DATA=" + (m_root / "empty").string()), std::string::npos) << bad.error;
}

TEST_F(DataDirectoryTest, MissingLibraryNamesEveryPlaceTried) {
    const pw::app::PuzzleLibrary library =
        pw::app::findPuzzleLibrary({std::nullopt, m_root / "opt/bin/puzzle-cli", m_root / "source/puzzles"});
    EXPECT_TRUE(library.directory.empty());
    EXPECT_NE(library.error.find((m_root / "opt/share/puzzle-workbench/puzzles").string()), std::string::npos)
        << library.error;
    EXPECT_NE(library.error.find((m_root / "source/puzzles").string()), std::string::npos) << library.error;
    EXPECT_NE(library.error.find("PUZZLE_WORKBENCH_DATA"), std::string::npos) << library.error;
}

TEST(VersionText, NamesTheProgramAndTheProjectVersion) {
    const std::string text = pw::app::versionText("puzzle-cli");
    EXPECT_EQ(text.rfind(std::string("puzzle-cli ") + PW_EXPECTED_VERSION + "\n", 0), 0u) << text;
    EXPECT_NE(text.find("\npuzzle library: "), std::string::npos) << text;
}

}  // namespace
