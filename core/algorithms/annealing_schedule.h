#pragma once
// The temperature of both annealers (Sudoku's `sa`, `nurikabe-sa`): t0, the cooling factor α and the reheat
// threshold t_min of Křivánek's thesis schedule (§3.1), the Metropolis test e^(−δ/t) for integer cost
// changes δ, reheats, and the share of proposals accepted between two samples. Lewis's chain schedule uses the
// same object and cools with cool(factor) at the end of each chain.
//
// e^(−δ/t) is tabulated for δ = 1..8 once per temperature (from e^(−1/t) by multiplication: e^(−2/t) as
// e^(−1/t)·e^(−1/t), e^(−4/t) as e^(−2/t)·e^(−2/t), ...) and recomputed only when t changed since the last
// worsening proposal: at low temperatures most proposals are rejected and t stays put, so the exponential is
// rarely evaluated. Larger δ are computed directly. Nothing is allocated.

#include "base/events.h"
#include "base/rng.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>

namespace pw {

class AnnealingSchedule {
public:
    // A fresh run at temperature t0; alpha and tMin are the thesis schedule's (unused by a chain schedule).
    void start(double t0, double alpha, double tMin) {
        m_t0 = t0;
        m_alpha = alpha;
        m_tMin = tMin;
        m_temperature = t0;
        m_acceptanceFor = -1;
        m_reheats = 0;
        m_acceptedSinceSample = 0;
        m_stepsAtSample = 0;
        m_lastRatio = 0;
    }
    // Lewis's schedule learns t0 after start() from a random walk.
    void setInitialTemperature(double t0) { m_t0 = m_temperature = t0; }

    double temperature() const { return m_temperature; }
    double initialTemperature() const { return m_t0; }
    int reheats() const { return m_reheats; }

    // The Metropolis test: a change that does not raise the cost is accepted without a random draw, a worse
    // one with probability e^(−δ/t) against one uniform draw. Counts what it accepts for the ratio.
    bool accepts(int delta, Rng& rng) {
        if (delta > 0 && rng.uniform() >= acceptanceProbability(delta)) return false;
        ++m_acceptedSinceSample;
        return true;
    }
    // The same test for a run that explains its steps: also tells p and the draw (none when δ ≤ 0 needed
    // none). It draws exactly what accepts() draws, so explaining never changes the run.
    bool acceptsExplained(int delta, Rng& rng, double& probability, std::optional<double>& draw) {
        probability = acceptanceProbability(delta);
        draw.reset();
        if (delta > 0) {
            draw = rng.uniform();
            if (*draw >= probability) return false;
        }
        ++m_acceptedSinceSample;
        return true;
    }
    double acceptanceProbability(int delta) {
        if (delta <= 0) return 1;
        if (delta >= static_cast<int>(m_acceptance.size())) return std::exp(-delta / m_temperature);
        if (m_temperature != m_acceptanceFor) {
            m_acceptanceFor = m_temperature;
            m_acceptance[0] = 1;
            m_acceptance[1] = std::exp(-1.0 / m_temperature);
            for (std::size_t d = 2; d < m_acceptance.size(); ++d)
                m_acceptance[d] = m_acceptance[d / 2] * m_acceptance[d - d / 2];
        }
        return m_acceptance[static_cast<std::size_t>(delta)];
    }

    // The thesis schedule after an accepted move: t ← α·t; true when t fell below t_min (time to reheat).
    bool coolAfterAcceptance() {
        m_temperature *= m_alpha;
        return m_temperature < m_tMin;
    }
    // A chain schedule's cooling step.
    void cool(double factor) { m_temperature *= factor; }
    void reheat() {
        m_temperature = m_t0;
        ++m_reheats;
    }

    // The temperature and the share of proposals accepted since the previous sample (`steps` proposals so
    // far; the previous ratio again when no proposal was made since).
    TemperatureSample sample(const Counters& at) {
        const std::uint64_t proposed = at.steps - m_stepsAtSample;
        if (proposed > 0)
            m_lastRatio = static_cast<double>(m_acceptedSinceSample) / static_cast<double>(proposed);
        m_stepsAtSample = at.steps;
        m_acceptedSinceSample = 0;
        return TemperatureSample{at, m_temperature, m_lastRatio};
    }
    // The temperature as it is now, with the last ratio: sent right after a reheat.
    TemperatureSample current(const Counters& at) const { return TemperatureSample{at, m_temperature, m_lastRatio}; }
    std::uint64_t stepsAtSample() const { return m_stepsAtSample; }

private:
    double m_temperature = 0;
    double m_acceptanceFor = -1;  // the temperature m_acceptance was computed for
    std::array<double, 9> m_acceptance{};
    double m_t0 = 1;
    double m_alpha = 1;
    double m_tMin = 0;
    int m_reheats = 0;
    std::uint64_t m_acceptedSinceSample = 0;
    std::uint64_t m_stepsAtSample = 0;
    double m_lastRatio = 0;
};

}  // namespace pw
