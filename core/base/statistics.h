#pragma once
// Summary statistics and correlation with confidence intervals, for difficulty ratings against human data.

#include <optional>
#include <vector>

namespace pw {

double mean(const std::vector<double>& values);  // 0 for none
double median(std::vector<double> values);       // the mean of the two middle values for an even count; 0 for none
// The p-quantile (0 <= p <= 1) interpolated linearly between order statistics (Hyndman and Fan's type 7, the
// default of R and NumPy): quantile(v, 0.5) is the median. 0 for none.
double quantile(std::vector<double> values, double p);
// The sample standard deviation (divisor n - 1); 0 for fewer than two values.
double standardDeviation(const std::vector<double>& values);

// Min, quartiles, mean, max and sample SD of a sample, as the experiment tables report them.
struct Spread {
    int n = 0;
    double min = 0, q1 = 0, median = 0, q3 = 0, mean = 0, max = 0, sd = 0;
};
Spread spreadOf(const std::vector<double>& values);  // all zero for none

// Ranks 1..n in the order of `values`; tied values share the mean of the ranks they span.
std::vector<double> averageRanks(const std::vector<double>& values);

struct Correlation {
    int n = 0;
    double r = 0;
    double low = 0;   // 95 % confidence interval
    double high = 0;
};

// Pearson's r with the Fisher z interval (standard error 1/sqrt(n-3)). Empty for fewer than 4 pairs or a
// constant series, where r is undefined.
std::optional<Correlation> pearson(const std::vector<double>& x, const std::vector<double>& y);
// Spearman's rho: Pearson's r of the average ranks, with the Fisher z interval of standard error
// sqrt(1.06/(n-3)) (Fieller, Hartley and Pearson 1957).
std::optional<Correlation> spearman(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace pw
