#pragma once
// The progress bar of puzzle-cli's long commands (rate, generate).

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <string>
#include <unistd.h>

namespace pw::cli {

// A progress bar on standard error: redrawn in place on a terminal, one line per tenth otherwise.
class ProgressBar {
public:
    ProgressBar(std::string label, std::size_t total)
        : m_label(std::move(label)), m_total(total), m_terminal(::isatty(STDERR_FILENO) != 0),
          m_start(std::chrono::steady_clock::now()) {}

    void update(std::size_t done) {
        const auto now = std::chrono::steady_clock::now();
        const double elapsed = std::chrono::duration<double>(now - m_start).count();
        const std::size_t tenth = m_total ? done * 10 / m_total : 10;
        if (m_terminal) {
            if (done < m_total && now - m_lastDraw < std::chrono::milliseconds(100)) return;
            m_lastDraw = now;
            constexpr int kWidth = 30;
            const int filled = m_total ? static_cast<int>(kWidth * done / m_total) : kWidth;
            const double eta = done ? elapsed * static_cast<double>(m_total - done) / static_cast<double>(done) : 0;
            std::fprintf(stderr, "\r%s [%s%s] %zu/%zu  %.0f s left ", m_label.c_str(), std::string(filled, '#').c_str(),
                         std::string(kWidth - filled, '.').c_str(), done, m_total, eta);
            if (done == m_total) std::fputc('\n', stderr);
        } else if (tenth > m_lastTenth || done == m_total) {
            m_lastTenth = tenth;
            std::fprintf(stderr, "%s %zu/%zu (%.1f s)\n", m_label.c_str(), done, m_total, elapsed);
        }
        std::fflush(stderr);
    }

private:
    std::string m_label;
    std::size_t m_total;
    bool m_terminal;
    std::chrono::steady_clock::time_point m_start;
    std::chrono::steady_clock::time_point m_lastDraw{};
    std::size_t m_lastTenth = 0;
};

}  // namespace pw::cli
