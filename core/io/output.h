#pragma once
// The one way out for what the programs write in pieces: result lines on standard output, a trace, a bench's
// runs.jsonl. Every write(2), sync and close is checked, and a failure is reported in one wording,
// "cannot write 'PATH': REASON" (REASON from strerror, PATH "standard output" for it). A file written in pieces
// appears at its path only once all of it is written, synced and closed; a failed or unfinished one is
// removed, never renamed into place. writeFileAtomically (atomic_write.cpp) writes a whole text at once the same way.

#include <cstdint>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

namespace pw {

// "cannot write 'PATH': REASON" for the error number `error`.
std::string writeError(const std::string& path, int error);

// Writes all of `text` to `fd`, again after EINTR and short writes; false, with errno set, when a write fails.
bool writeAll(int fd, std::string_view text);

// A stream onto an open file descriptor (not closed here) through a buffer. Writes go on after a failure but
// reach nothing: the first failure is kept. A byte bound, when set, is a failure too: the first write past it
// fails with the bound's message.
class CheckedOutput : private std::streambuf {
public:
    // `name` is what messages call it: the path, or "standard output".
    CheckedOutput(int fd, std::string name);
    CheckedOutput(const CheckedOutput&) = delete;
    CheckedOutput& operator=(const CheckedOutput&) = delete;

    std::ostream& stream() { return m_stream; }
    // At most `bytes` bytes, else the output fails with "NAME: MESSAGE".
    void limitTo(std::uint64_t bytes, std::string message);
    // Writes what is buffered; false when this or any write before failed.
    bool flush();
    // The first failure so far ("" while there is none).
    const std::string& error() const { return m_error; }

protected:
    void fail(std::string message);
    int m_fd;
    std::string m_name;

private:
    int overflow(int c) override;
    int sync() override;
    std::streamsize xsputn(const char* data, std::streamsize count) override;

    char m_buffer[1 << 16];
    std::uint64_t m_written = 0;
    std::uint64_t m_limit = ~std::uint64_t{0};
    std::string m_limitMessage;
    std::string m_error;
    std::ostream m_stream{this};
};

// A new file written under the temporary name PATH.partial and renamed over PATH by commit().
class OutputFile : public CheckedOutput {
public:
    // Throws std::runtime_error(writeError(...)) when the temporary cannot be created.
    explicit OutputFile(const std::string& path);
    ~OutputFile();  // removes the temporary unless commit() renamed it

    // Writes what is buffered, syncs, closes and renames the file into place; throws std::runtime_error with the
    // first failure instead, the temporary removed.
    void commit();

private:
    std::string m_temporary;
};

// Writes through a temporary file in the same folder and renames it over `path`, so a reader never sees a
// half-written file. Returns false and sets `error` to "cannot write 'PATH': REASON" when anything fails.
bool writeFileAtomically(const std::string& path, std::string_view content, std::string& error);

// A fault seam for tests: when set, it is called after the temporary file is complete and synced and before the
// rename, with the temporary's path and the target's; returning false makes the write fail at that moment, as a
// full disk or a crash between write and rename would. Unset (nullptr) in the programs.
using AtomicWriteFault = bool (*)(const std::string& temporaryPath, const std::string& targetPath);
void setAtomicWriteFault(AtomicWriteFault fault);

}  // namespace pw
