#include "base/statistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace pw {

namespace {

constexpr double kZ95 = 1.959963984540054;  // the standard normal's 97.5 % quantile

double pearsonR(const std::vector<double>& x, const std::vector<double>& y) {
    // A constant series has no correlation; its rounded mean would leave it a tiny spread instead (344 x 1.2).
    const auto constant = [](const std::vector<double>& v) {
        return std::all_of(v.begin(), v.end(), [&](double value) { return value == v.front(); });
    };
    if (constant(x) || constant(y)) return std::nan("");
    const double mx = mean(x);
    const double my = mean(y);
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    if (sxx == 0 || syy == 0) return std::nan("");
    return sxy / std::sqrt(sxx * syy);
}

std::optional<Correlation> withInterval(double r, int n, double standardError) {
    if (std::isnan(r)) return std::nullopt;
    // atanh(±1) is infinite; clamp so a perfect correlation still gets a (degenerate) interval.
    const double z = std::atanh(std::clamp(r, -1 + 1e-15, 1 - 1e-15));
    return Correlation{n, r, std::tanh(z - kZ95 * standardError), std::tanh(z + kZ95 * standardError)};
}

}  // namespace

double mean(const std::vector<double>& values) {
    if (values.empty()) return 0;
    return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    const std::size_t middle = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle), values.end());
    const double upper = values[middle];
    if (values.size() % 2) return upper;
    const double lower = *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle));
    return (lower + upper) / 2;
}

double quantile(std::vector<double> values, double p) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const double position = std::clamp(p, 0.0, 1.0) * static_cast<double>(values.size() - 1);
    const auto below = static_cast<std::size_t>(std::floor(position));
    const std::size_t above = std::min(below + 1, values.size() - 1);
    return values[below] + (position - static_cast<double>(below)) * (values[above] - values[below]);
}

double standardDeviation(const std::vector<double>& values) {
    if (values.size() < 2) return 0;
    const double m = mean(values);
    double squares = 0;
    for (double v : values) squares += (v - m) * (v - m);
    return std::sqrt(squares / static_cast<double>(values.size() - 1));
}

Spread spreadOf(const std::vector<double>& values) {
    Spread spread;
    if (values.empty()) return spread;
    const auto [low, high] = std::minmax_element(values.begin(), values.end());
    spread.n = static_cast<int>(values.size());
    spread.min = *low;
    spread.max = *high;
    spread.q1 = quantile(values, 0.25);
    spread.median = median(values);
    spread.q3 = quantile(values, 0.75);
    spread.mean = mean(values);
    spread.sd = standardDeviation(values);
    return spread;
}

std::vector<double> averageRanks(const std::vector<double>& values) {
    std::vector<std::size_t> order(values.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
    std::vector<double> ranks(values.size());
    for (std::size_t first = 0; first < order.size();) {
        std::size_t last = first;
        while (last + 1 < order.size() && values[order[last + 1]] == values[order[first]]) ++last;
        const double rank = (static_cast<double>(first + 1) + static_cast<double>(last + 1)) / 2;
        for (std::size_t k = first; k <= last; ++k) ranks[order[k]] = rank;
        first = last + 1;
    }
    return ranks;
}

std::optional<Correlation> pearson(const std::vector<double>& x, const std::vector<double>& y) {
    const int n = static_cast<int>(std::min(x.size(), y.size()));
    if (n < 4 || x.size() != y.size()) return std::nullopt;
    return withInterval(pearsonR(x, y), n, 1 / std::sqrt(n - 3.0));
}

std::optional<Correlation> spearman(const std::vector<double>& x, const std::vector<double>& y) {
    const int n = static_cast<int>(std::min(x.size(), y.size()));
    if (n < 4 || x.size() != y.size()) return std::nullopt;
    return withInterval(pearsonR(averageRanks(x), averageRanks(y)), n, std::sqrt(1.06 / (n - 3.0)));
}

}  // namespace pw
