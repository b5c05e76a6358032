// Killing a program while it saves: writeFileAtomically leaves the old file or the new one, never a torn one.
// A child process rewrites one file over and over, alternating two contents; it is SIGKILLed at random
// moments and the file is read after each kill. The unfinished new content dies with the process: no
// temporary is left beside the file (one at most, should a kill land between naming it and the rename; the
// next write removes it).
#include "io/formats.h"
#include "io/output.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <thread>

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

namespace pw {
namespace {

namespace fs = std::filesystem;

TEST(AtomicWriteTest, AKillWhileWritingLeavesTheOldOrTheNewFile) {
    const fs::path dir = fs::temp_directory_path() / ("pw_atomic_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string path = (dir / "collection.txt").string();
    // Large enough that a kill often lands inside a write.
    const std::string first(4 << 20, 'A');
    const std::string second(4 << 20, 'B');
    std::string error;
    ASSERT_TRUE(writeFileAtomically(path, first, error)) << error;

    std::mt19937 random(23);
    int sawFirst = 0;
    int sawSecond = 0;
    for (int kill = 0; kill < 30; ++kill) {
        const pid_t child = ::fork();
        ASSERT_GE(child, 0);
        if (child == 0) {
            std::string childError;
            for (int round = 0;; ++round)
                if (!writeFileAtomically(path, round % 2 ? first : second, childError)) ::_exit(3);
        }
        std::this_thread::sleep_for(std::chrono::microseconds(random() % 40000));
        ::kill(child, SIGKILL);
        int status = 0;
        ::waitpid(child, &status, 0);
        ASSERT_TRUE(WIFSIGNALED(status)) << "the writer failed on its own, status " << status;

        std::ifstream in(path, std::ios::binary);
        const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        ASSERT_TRUE(text == first || text == second)
            << "after kill " << kill + 1 << ": a torn file of " << text.size() << " bytes";
        (text == first ? sawFirst : sawSecond) += 1;
    }
    std::size_t temporaries = 0;
    for (const auto& entry : fs::directory_iterator(dir)) temporaries += entry.path().filename() != "collection.txt";
    EXPECT_LE(temporaries, 1u) << "the killed writers left their unfinished temporaries behind";
    RecordProperty("old_file_seen", sawFirst);
    RecordProperty("new_file_seen", sawSecond);
    fs::remove_all(dir);
}

// A kill between naming the complete temporary and renaming it leaves ".NAME.PID.N" beside the file: the next
// write of the file removes it, but not the temporary of a process that still runs (a write in progress).
TEST(AtomicWriteTest, TheNextWriteRemovesTheTemporaryOfAKilledWriter) {
    const fs::path dir = fs::temp_directory_path() / ("pw_atomic_stale_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) ::_exit(0);
    ::waitpid(child, nullptr, 0);  // a process that no longer runs
    const auto plant = [&](const std::string& name) { std::ofstream(dir / name) << "complete\n"; };
    const std::string dead = ".run.json." + std::to_string(child) + ".0";
    const std::string alive = ".run.json." + std::to_string(::getppid()) + ".1";
    const std::string otherFile = ".other.json." + std::to_string(child) + ".0";
    const std::string notATemporary = ".run.json." + std::to_string(child) + ".x";
    for (const auto& name : {dead, alive, otherFile, notATemporary}) plant(name);

    std::string error;
    ASSERT_TRUE(writeFileAtomically((dir / "run.json").string(), "{}\n", error)) << error;
    EXPECT_FALSE(fs::exists(dir / dead));
    EXPECT_TRUE(fs::exists(dir / alive));
    EXPECT_TRUE(fs::exists(dir / otherFile));
    EXPECT_TRUE(fs::exists(dir / notATemporary));
    EXPECT_TRUE(fs::exists(dir / "run.json"));
    fs::remove_all(dir);
}

}  // namespace
}  // namespace pw
