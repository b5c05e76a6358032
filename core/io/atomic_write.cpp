// Writing a whole file at once so that a reader never sees it half-written (formats.h).

#include "io/formats.h"
#include "io/output.h"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace pw {

namespace {
std::atomic<AtomicWriteFault> g_atomicWriteFault{nullptr};
}  // namespace

void setAtomicWriteFault(AtomicWriteFault fault) { g_atomicWriteFault.store(fault); }

namespace {
// Gives the complete unnamed file `fd` (O_TMPFILE) a name "<prefix><pid>.<n>" in `folder`, free at the moment.
bool nameUnnamedFile(int fd, const std::filesystem::path& folder, const std::string& prefix, std::string& name) {
    static std::atomic<unsigned> counter{0};
    const std::string self = "/proc/self/fd/" + std::to_string(fd);
    for (int attempt = 0; attempt < 100; ++attempt) {
        name = (folder / (prefix + std::to_string(::getpid()) + "." + std::to_string(counter++))).string();
        if (::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, name.c_str(), AT_SYMLINK_FOLLOW) == 0) return true;
        if (errno != EEXIST) break;
    }
    name.clear();
    return false;
}

// Removes the complete temporaries "<prefix><pid>.<n>" that writers of the same file left when they were killed
// between naming one and renaming it over the file. A temporary whose process still runs (or may: one that is
// not ours to signal) is a write in progress and stays.
void removeStaleTemporaries(const std::filesystem::path& folder, const std::string& prefix) {
    const auto isNumber = [](std::string_view text) {
        return !text.empty() && text.size() <= 9 && std::all_of(text.begin(), text.end(), [](char c) {
            return c >= '0' && c <= '9';
        });
    };
    std::error_code ec;
    for (std::filesystem::directory_iterator entry(folder, ec), end; !ec && entry != end; entry.increment(ec)) {
        const std::string name = entry->path().filename().string();
        if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
        const std::string_view rest = std::string_view(name).substr(prefix.size());
        const std::size_t dot = rest.find('.');
        if (dot == std::string_view::npos || !isNumber(rest.substr(0, dot)) || !isNumber(rest.substr(dot + 1)))
            continue;
        const pid_t pid = static_cast<pid_t>(std::stol(std::string(rest.substr(0, dot))));
        if (pid == ::getpid() || ::kill(pid, 0) == 0 || errno != ESRCH) continue;
        std::error_code ignored;
        std::filesystem::remove(entry->path(), ignored);
    }
}
}  // namespace

// The content goes to an unnamed file (O_TMPFILE), which the kernel deletes if the program dies before it is
// complete; only once it is whole and synced does it get a temporary name, at once renamed over `path`. A kill
// therefore leaves no temporary behind, but in the instant between those two calls: such a complete temporary
// is removed by the next write of the same file. Where the file system has no O_TMPFILE, a named temporary
// from mkstemp takes its place from the start.
bool writeFileAtomically(const std::string& path, std::string_view content, std::string& error) {
    const std::filesystem::path target(path);
    const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : ".";
    const std::string prefix = "." + target.filename().string() + ".";
    std::string temporary;
    int fd = ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
    const bool unnamed = fd >= 0;
    if (!unnamed) {
        temporary = (folder / (prefix + "XXXXXX")).string();
        fd = ::mkstemp(temporary.data());
    }
    if (fd < 0) {
        error = writeError(path, errno);
        return false;
    }
    ::fchmod(fd, 0644);  // mkstemp creates 0600, O_TMPFILE follows the umask; a saved file is an ordinary readable one
    bool complete = writeAll(fd, content) && ::fsync(fd) == 0;
    int savedErrno = errno;
    if (complete && unnamed && !nameUnnamedFile(fd, folder, prefix, temporary)) {
        complete = false;
        savedErrno = errno;
    }
    if (::close(fd) != 0 && complete) {
        complete = false;
        savedErrno = errno;
    }
    if (const AtomicWriteFault fault = g_atomicWriteFault.load(); complete && fault && !fault(temporary, path)) {
        complete = false;
        savedErrno = EIO;
    }
    if (!complete || ::rename(temporary.c_str(), path.c_str()) != 0) {
        error = writeError(path, complete ? errno : savedErrno);
        if (!temporary.empty()) ::unlink(temporary.c_str());
        return false;
    }
    removeStaleTemporaries(folder, prefix);
    return true;
}

}  // namespace pw
