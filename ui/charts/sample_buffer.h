#pragma once
// A bounded, decimated history of one chart series. Every sample carries all three x coordinates (steps,
// evaluations, seconds) so the chart can switch its x-axis without losing history. When the buffer fills,
// every other point is dropped and only every 2nd, 4th, ... later sample is kept: memory stays fixed however
// long the run, and the kept points stay spread evenly over it. The newest sample is always kept apart, so
// the line reaches the present.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace pw::ui {

struct ChartSample {
    double steps = 0;
    double evaluations = 0;
    double seconds = 0;
    double value = 0;
};

class SampleBuffer {
public:
    explicit SampleBuffer(std::size_t capacity = 4096) : m_capacity(capacity < 16 ? 16 : capacity) {
        m_samples.reserve(m_capacity);
    }

    void append(const ChartSample& sample) {
        m_latest = sample;
        if (m_seen++ % m_stride != 0) return;
        if (m_samples.size() >= m_capacity) {
            std::size_t kept = 0;
            for (std::size_t i = 0; i < m_samples.size(); i += 2) m_samples[kept++] = m_samples[i];
            m_samples.resize(kept);
            m_stride *= 2;
            if ((m_seen - 1) % m_stride != 0) return;
        }
        m_samples.push_back(sample);
    }
    void clear() {
        m_samples.clear();
        m_latest.reset();
        m_seen = 0;
        m_stride = 1;
    }
    // The kept samples, plus the newest one when it was not kept.
    std::vector<ChartSample> points() const {
        std::vector<ChartSample> result = m_samples;
        if (m_latest && (result.empty() || result.back().steps != m_latest->steps ||
                         result.back().value != m_latest->value))
            result.push_back(*m_latest);
        return result;
    }
    std::size_t size() const { return m_samples.size() + (m_latest ? 1 : 0); }
    bool empty() const { return !m_latest; }
    std::size_t capacity() const { return m_capacity; }
    std::uint64_t seen() const { return m_seen; }

private:
    std::size_t m_capacity;
    std::vector<ChartSample> m_samples;
    std::optional<ChartSample> m_latest;
    std::uint64_t m_seen = 0;
    std::uint64_t m_stride = 1;
};

}  // namespace pw::ui
