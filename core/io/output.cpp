#include "io/output.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

namespace pw {

std::string writeError(const std::string& path, int error) {
    return "cannot write '" + path + "': " + std::strerror(error);
}

bool writeAll(int fd, std::string_view text) {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        text.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

CheckedOutput::CheckedOutput(int fd, std::string name) : m_fd(fd), m_name(std::move(name)) {
    setp(m_buffer, m_buffer + sizeof m_buffer);
}

void CheckedOutput::limitTo(std::uint64_t bytes, std::string message) {
    m_limit = bytes;
    m_limitMessage = std::move(message);
}

void CheckedOutput::fail(std::string message) {
    if (m_error.empty()) m_error = std::move(message);
}

bool CheckedOutput::flush() {
    const std::string_view pending(pbase(), static_cast<std::size_t>(pptr() - pbase()));
    setp(m_buffer, m_buffer + sizeof m_buffer);
    if (!m_error.empty() || pending.empty()) return m_error.empty();
    if (m_written + pending.size() > m_limit) {
        fail(m_name + ": " + m_limitMessage);
        return false;
    }
    if (!writeAll(m_fd, pending)) {
        fail(writeError(m_name, errno));
        return false;
    }
    m_written += pending.size();
    return true;
}

int CheckedOutput::overflow(int c) {
    if (!flush()) return traits_type::eof();
    if (c != traits_type::eof()) {
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
    }
    return traits_type::not_eof(c);
}

int CheckedOutput::sync() { return flush() ? 0 : -1; }

std::streamsize CheckedOutput::xsputn(const char* data, std::streamsize count) {
    for (std::streamsize left = count; left > 0;) {
        if (pptr() == epptr() && !flush()) return count - left;
        const std::streamsize room = std::min<std::streamsize>(left, epptr() - pptr());
        std::memcpy(pptr(), data, static_cast<std::size_t>(room));
        pbump(static_cast<int>(room));
        data += room;
        left -= room;
    }
    return count;
}

OutputFile::OutputFile(const std::string& path) : CheckedOutput(-1, path), m_temporary(path + ".partial") {
    m_fd = ::open(m_temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (m_fd < 0) throw std::runtime_error(writeError(path, errno));
}

OutputFile::~OutputFile() {
    if (m_fd < 0) return;
    ::close(m_fd);
    ::unlink(m_temporary.c_str());
}

void OutputFile::commit() {
    if (flush() && ::fsync(m_fd) != 0) fail(writeError(m_name, errno));
    const int closed = ::close(m_fd);
    m_fd = -1;
    if (closed != 0) fail(writeError(m_name, errno));
    if (error().empty() && std::rename(m_temporary.c_str(), m_name.c_str()) != 0) fail(writeError(m_name, errno));
    if (!error().empty()) {
        ::unlink(m_temporary.c_str());
        throw std::runtime_error(error());
    }
}

}  // namespace pw
