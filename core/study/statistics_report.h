#pragma once
// The tables of `puzzle-cli stats` (and of the Compare view) from a BenchStatistics: JSON with everything, and
// one table at a time as CSV or as a LaTeX tabular (booktabs), plus a plain-text report for the terminal.

#include "study/run_statistics.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace pw {

enum class StatisticsTable {
    Summary,  // per setting and puzzle: runs, successes, success rate and its interval, ERT and its interval
    Targets,  // per setting, puzzle and target: successes and ERT
    Budgets,  // per setting, puzzle and budget: mean and median best cost
    Ecdf,     // per setting: the AUC of the ECDF over targets and puzzles
    Pairs,    // per puzzle, measure and pair: U, p, Holm-adjusted p, A12
    Groups,   // per puzzle and measure: Kruskal-Wallis H, df, p
    Friedman, // per measure and setting, across puzzles: mean rank, Friedman χ², df, p, Nemenyi's critical difference
    Wilcoxon, // per measure and pair, across puzzles: Wilcoxon signed-rank statistic, p, Holm-adjusted p
    Profiles, // per setting: Dolan and Moré's performance profile on the ERT, rho at every ratio where it rises
    Sweep,    // per swept setting: its parameter values, success rate, ERT, median final cost over its puzzles
};
const char* statisticsTableName(StatisticsTable table);
std::optional<StatisticsTable> statisticsTableFromName(const std::string& name);

nlohmann::json statisticsJson(const BenchStatistics& stats);
// Numbers with up to 10 significant digits; infinity as "inf", an undefined test as empty fields.
std::string statisticsCsv(const BenchStatistics& stats, StatisticsTable table);
// A booktabs tabular; configuration labels and puzzle ids are escaped for LaTeX.
std::string statisticsLatex(const BenchStatistics& stats, StatisticsTable table);
// The summary, the ECDF scores and the tests, for reading in a terminal.
std::string statisticsText(const BenchStatistics& stats);

}  // namespace pw
