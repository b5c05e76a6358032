#include "study/statistics_report.h"

#include "io/csv_table.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace pw {

namespace {

using nlohmann::json;

std::string number(double value, int digits = 10) {
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    if (std::isnan(value)) return "nan";
    char text[40];
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    return text;
}

// JSON has no infinity: an infinite ERT is null.
json jsonNumber(double value) {
    if (!std::isfinite(value)) return nullptr;
    return value;
}

struct Table {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
};

std::string sweepValues(const SweepGrid& grid, const SweepCell& cell) {
    std::string text;
    for (std::size_t k = 0; k < grid.keys.size(); ++k) text += (k ? " " : "") + grid.keys[k] + "=" + cell.values[k];
    return text;
}

Table buildTable(const BenchStatistics& stats, StatisticsTable which) {
    Table table;
    const std::string axis = costAxisName(stats.axis);
    switch (which) {
    case StatisticsTable::Summary:
        table.header = {"configuration", "puzzle_index", "puzzle_id", "runs", "target", "successes", "success_rate",
                        "success_rate_low", "success_rate_high", "ert_" + axis, "ert_low", "ert_high",
                        "final_cost_mean", "final_cost_median"};
        for (const auto& row : stats.rows)
            table.rows.push_back({row.configuration, std::to_string(row.puzzleIndex), row.puzzleId,
                                  std::to_string(row.runs), number(stats.targets.front()),
                                  std::to_string(row.successes), number(row.successRate),
                                  number(row.successRateInterval.low), number(row.successRateInterval.high),
                                  number(row.ert), number(row.ertInterval.low), number(row.ertInterval.high),
                                  number(row.meanFinalCost), number(row.medianFinalCost)});
        break;
    case StatisticsTable::Targets:
        table.header = {"configuration", "puzzle_index", "puzzle_id", "runs", "target", "successes", "ert_" + axis};
        for (const auto& row : stats.rows)
            for (const auto& target : row.targets)
                table.rows.push_back({row.configuration, std::to_string(row.puzzleIndex), row.puzzleId,
                                      std::to_string(row.runs), number(target.target),
                                      std::to_string(target.successes), number(target.ert)});
        break;
    case StatisticsTable::Budgets:
        table.header = {"configuration", "puzzle_index", "puzzle_id", "runs", "budget_" + axis, "best_cost_mean",
                        "best_cost_median"};
        for (const auto& row : stats.rows)
            for (std::size_t b = 0; b < stats.budgets.size(); ++b)
                table.rows.push_back({row.configuration, std::to_string(row.puzzleIndex), row.puzzleId,
                                      std::to_string(row.runs), number(stats.budgets[b]),
                                      number(row.meanCostAtBudget[b]), number(row.medianCostAtBudget[b])});
        break;
    case StatisticsTable::Ecdf:
        table.header = {"configuration", "targets", "max_" + axis, "ecdf_auc"};
        for (const auto& ecdf : stats.ecdfs)
            table.rows.push_back({ecdf.configuration, std::to_string(stats.targets.size()), number(stats.maxTime),
                                  number(ecdf.auc)});
        break;
    case StatisticsTable::Pairs:
        table.header = {"puzzle_index", "measure", "first", "second", "u", "p", "method", "p_holm", "a12"};
        for (const auto& pair : stats.pairs)
            table.rows.push_back({std::to_string(pair.puzzleIndex), pair.measure, pair.first, pair.second,
                                  number(pair.test.u), number(pair.test.pValue),
                                  pair.test.exact ? "exact" : "normal", number(pair.pHolm), number(pair.a12)});
        break;
    case StatisticsTable::Groups:
        table.header = {"puzzle_index", "measure", "h", "df", "p"};
        for (const auto& group : stats.groups)
            table.rows.push_back({std::to_string(group.puzzleIndex), group.measure,
                                  group.test ? number(group.test->h) : "",
                                  group.test ? std::to_string(group.test->degreesOfFreedom) : "",
                                  group.test ? number(group.test->pValue) : ""});
        break;
    case StatisticsTable::Friedman:
        table.header = {"measure", "configuration", "puzzles", "mean_rank", "chi2", "df", "p", "critical_difference"};
        for (const auto& comparison : stats.acrossPuzzles)
            for (std::size_t i = 0; i < comparison.configurations.size(); ++i) {
                const std::optional<FriedmanResult>& test = comparison.test;
                table.rows.push_back({comparison.measure, comparison.configurations[i],
                                      std::to_string(comparison.puzzles), test ? number(test->meanRanks[i]) : "",
                                      test ? number(test->statistic) : "",
                                      test ? std::to_string(test->degreesOfFreedom) : "",
                                      test ? number(test->pValue) : "",
                                      test && test->criticalDifference ? number(*test->criticalDifference) : ""});
            }
        break;
    case StatisticsTable::Wilcoxon:
        table.header = {"measure", "first", "second", "puzzles", "statistic", "p", "method", "p_holm"};
        for (const auto& comparison : stats.acrossPuzzles)
            for (const auto& pair : comparison.pairs)
                table.rows.push_back({comparison.measure, pair.first, pair.second,
                                      pair.test ? std::to_string(pair.test->pairs) : "0",
                                      pair.test ? number(pair.test->statistic) : "",
                                      pair.test ? number(pair.test->pValue) : "",
                                      pair.test ? (pair.test->exact ? "exact" : "normal") : "", number(pair.pHolm)});
        break;
    case StatisticsTable::Profiles:
        table.header = {"configuration", "puzzles", "tau", "rho"};
        for (const auto& profile : stats.profiles)
            for (const auto& [tau, rho] : profile.steps)
                table.rows.push_back({profile.configuration, std::to_string(stats.profilePuzzles), number(tau),
                                      number(rho)});
        break;
    case StatisticsTable::Sweep:
        table.header = {"algorithm", "configuration", "parameters", "runs", "successes", "success_rate",
                        "success_rate_low", "success_rate_high", "ert", "median_final_cost"};
        for (const auto& grid : stats.sweeps)
            for (const auto& cell : grid.cells)
                table.rows.push_back({grid.algorithm, cell.configuration, sweepValues(grid, cell),
                                      std::to_string(cell.runs), std::to_string(cell.successes),
                                      number(cell.successRate), number(cell.successRateInterval.low),
                                      number(cell.successRateInterval.high), number(cell.ert),
                                      number(cell.medianFinalCost)});
        break;
    }
    return table;
}

// A sweep as text: per measure, a matrix of the first key's values (rows) by the second's (columns), one per
// combination of any further keys; a sweep of one key is a single row.
std::string sweepText(const SweepGrid& grid) {
    const auto valuesOf = [&](std::size_t k) {
        std::vector<std::string> values;
        for (const auto& cell : grid.cells)
            if (std::find(values.begin(), values.end(), cell.values[k]) == values.end()) values.push_back(cell.values[k]);
        return values;
    };
    const std::vector<std::string> rows = grid.keys.size() >= 2 ? valuesOf(0) : std::vector<std::string>{""};
    const std::size_t columnKey = grid.keys.size() >= 2 ? 1 : 0;
    const std::vector<std::string> columns = valuesOf(columnKey);
    // The combinations of the keys past the first two, in the order the cells hold them.
    std::vector<std::vector<std::string>> panels;
    for (const auto& cell : grid.cells) {
        const std::vector<std::string> rest(cell.values.begin() + std::min<std::ptrdiff_t>(2, cell.values.size()),
                                            cell.values.end());
        if (std::find(panels.begin(), panels.end(), rest) == panels.end()) panels.push_back(rest);
    }
    std::size_t width = 8;
    for (const auto& value : columns) width = std::max(width, value.size());
    for (const auto& value : rows) width = std::max(width, value.size());
    const auto pad = [&](const std::string& text) {
        return std::string(width > text.size() ? width - text.size() : 0, ' ') + text + " ";
    };
    std::string text;
    const std::pair<const char*, double SweepCell::*> measures[] = {{"success rate", &SweepCell::successRate},
                                                                   {"ERT", &SweepCell::ert},
                                                                   {"median final cost", &SweepCell::medianFinalCost}};
    for (const auto& [name, field] : measures) {
        for (const auto& panel : panels) {
            text += "  " + grid.algorithm + ", " + name;
            for (std::size_t k = 2; k < grid.keys.size(); ++k) text += ", " + grid.keys[k] + "=" + panel[k - 2];
            text += " (rows " + (grid.keys.size() >= 2 ? grid.keys[0] : std::string("-")) + ", columns " +
                    grid.keys[columnKey] + ")\n  " + pad("");
            for (const auto& column : columns) text += pad(column);
            text.pop_back();
            text += "\n";
            for (const auto& row : rows) {
                text += "  " + pad(row);
                for (const auto& column : columns) {
                    std::string value = "-";
                    for (const auto& cell : grid.cells) {
                        const bool inRow = grid.keys.size() < 2 || cell.values[0] == row;
                        const std::vector<std::string> rest(
                            cell.values.begin() + std::min<std::ptrdiff_t>(2, cell.values.size()), cell.values.end());
                        if (inRow && cell.values[columnKey] == column && rest == panel)
                            value = number(cell.*field, 4);
                    }
                    text += pad(value);
                }
                text.pop_back();
                text += "\n";
            }
        }
    }
    return text;
}

std::string latexEscape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
        case '#': case '$': case '%': case '&': case '_': case '{': case '}': out += '\\'; out += c; break;
        case '~': out += "\\textasciitilde{}"; break;
        case '^': out += "\\textasciicircum{}"; break;
        case '\\': out += "\\textbackslash{}"; break;
        default: out += c;
        }
    }
    return out;
}

}  // namespace

const char* statisticsTableName(StatisticsTable table) {
    switch (table) {
    case StatisticsTable::Summary: return "summary";
    case StatisticsTable::Targets: return "targets";
    case StatisticsTable::Budgets: return "budgets";
    case StatisticsTable::Ecdf: return "ecdf";
    case StatisticsTable::Pairs: return "pairs";
    case StatisticsTable::Groups: return "groups";
    case StatisticsTable::Friedman: return "friedman";
    case StatisticsTable::Wilcoxon: return "wilcoxon";
    case StatisticsTable::Profiles: return "profiles";
    case StatisticsTable::Sweep: return "sweep";
    }
    return "summary";
}

std::optional<StatisticsTable> statisticsTableFromName(const std::string& name) {
    for (StatisticsTable table : {StatisticsTable::Summary, StatisticsTable::Targets, StatisticsTable::Budgets,
                                  StatisticsTable::Ecdf, StatisticsTable::Pairs, StatisticsTable::Groups,
                                  StatisticsTable::Friedman, StatisticsTable::Wilcoxon, StatisticsTable::Profiles,
                                  StatisticsTable::Sweep})
        if (name == statisticsTableName(table)) return table;
    return std::nullopt;
}

json statisticsJson(const BenchStatistics& stats) {
    json out = {{"axis", costAxisName(stats.axis)},
                {"targets", stats.targets},
                {"budgets", stats.budgets},
                {"max_time", stats.maxTime},
                {"configurations", stats.configurations}};
    json rows = json::array();
    for (const auto& row : stats.rows) {
        json targets = json::array();
        for (const auto& target : row.targets)
            targets.push_back({{"target", target.target}, {"successes", target.successes}, {"ert", jsonNumber(target.ert)}});
        json budgets = json::array();
        for (std::size_t b = 0; b < stats.budgets.size(); ++b)
            budgets.push_back({{"budget", stats.budgets[b]},
                               {"mean_best_cost", row.meanCostAtBudget[b]},
                               {"median_best_cost", row.medianCostAtBudget[b]}});
        rows.push_back({{"configuration", row.configuration},
                        {"puzzle_index", row.puzzleIndex},
                        {"puzzle_id", row.puzzleId},
                        {"runs", row.runs},
                        {"successes", row.successes},
                        {"success_rate", row.successRate},
                        {"success_rate_ci", {row.successRateInterval.low, row.successRateInterval.high}},
                        {"ert", jsonNumber(row.ert)},
                        {"ert_ci", {jsonNumber(row.ertInterval.low), jsonNumber(row.ertInterval.high)}},
                        {"final_cost_mean", row.meanFinalCost},
                        {"final_cost_median", row.medianFinalCost},
                        {"targets", targets},
                        {"budgets", budgets}});
    }
    out["rows"] = rows;
    json ecdfs = json::array();
    for (const auto& ecdf : stats.ecdfs) {
        json points = json::array();
        for (const auto& point : ecdf.points) points.push_back({point.time, point.fraction});
        ecdfs.push_back({{"configuration", ecdf.configuration}, {"auc", ecdf.auc}, {"points", points}});
    }
    out["ecdf"] = ecdfs;
    json pairs = json::array();
    for (const auto& pair : stats.pairs)
        pairs.push_back({{"puzzle_index", pair.puzzleIndex},
                         {"measure", pair.measure},
                         {"first", pair.first},
                         {"second", pair.second},
                         {"u", pair.test.u},
                         {"p", pair.test.pValue},
                         {"method", pair.test.exact ? "exact" : "normal"},
                         {"p_holm", pair.pHolm},
                         {"a12", pair.a12}});
    out["pairs"] = pairs;
    json groups = json::array();
    for (const auto& group : stats.groups) {
        json entry = {{"puzzle_index", group.puzzleIndex}, {"measure", group.measure}};
        if (group.test) {
            entry["h"] = group.test->h;
            entry["df"] = group.test->degreesOfFreedom;
            entry["p"] = group.test->pValue;
        } else {
            entry["h"] = nullptr;
        }
        groups.push_back(entry);
    }
    out["kruskal_wallis"] = groups;
    json friedman = json::array();
    for (const auto& comparison : stats.acrossPuzzles) {
        json entry = {{"measure", comparison.measure}, {"puzzles", comparison.puzzles}};
        if (const auto& test = comparison.test) {
            entry["statistic"] = test->statistic;
            entry["df"] = test->degreesOfFreedom;
            entry["p"] = test->pValue;
            json ranks = json::object();
            for (std::size_t i = 0; i < comparison.configurations.size(); ++i)
                ranks[comparison.configurations[i]] = test->meanRanks[i];
            entry["mean_ranks"] = ranks;
            entry["critical_difference"] =
                test->criticalDifference ? json(*test->criticalDifference) : json(nullptr);
        } else {
            entry["statistic"] = nullptr;
        }
        json wilcoxonPairs = json::array();
        for (const auto& pair : comparison.pairs) {
            json wilcoxon = {{"first", pair.first}, {"second", pair.second}, {"p_holm", pair.pHolm}};
            if (pair.test) {
                wilcoxon["statistic"] = pair.test->statistic;
                wilcoxon["puzzles"] = pair.test->pairs;
                wilcoxon["p"] = pair.test->pValue;
                wilcoxon["method"] = pair.test->exact ? "exact" : "normal";
            } else {
                wilcoxon["statistic"] = nullptr;
            }
            wilcoxonPairs.push_back(wilcoxon);
        }
        entry["wilcoxon"] = wilcoxonPairs;
        friedman.push_back(entry);
    }
    out["friedman"] = friedman;
    json sweeps = json::array();
    for (const auto& grid : stats.sweeps) {
        json cells = json::array();
        for (const auto& cell : grid.cells)
            cells.push_back({{"configuration", cell.configuration},
                             {"values", cell.values},
                             {"runs", cell.runs},
                             {"successes", cell.successes},
                             {"success_rate", cell.successRate},
                             {"success_rate_interval", {cell.successRateInterval.low, cell.successRateInterval.high}},
                             {"ert", jsonNumber(cell.ert)},
                             {"median_final_cost", cell.medianFinalCost}});
        sweeps.push_back({{"algorithm", grid.algorithm}, {"keys", grid.keys}, {"cells", cells}});
    }
    out["sweeps"] = sweeps;
    json profiles = json::array();
    for (const auto& profile : stats.profiles) {
        json steps = json::array();
        for (const auto& [tau, rho] : profile.steps) steps.push_back({tau, rho});
        profiles.push_back({{"configuration", profile.configuration},
                            {"puzzles", stats.profilePuzzles},
                            {"steps", steps},
                            {"wins", profile.wins},
                            {"solved", profile.solved}});
    }
    out["profiles"] = profiles;
    return out;
}

std::string statisticsCsv(const BenchStatistics& stats, StatisticsTable which) {
    const Table table = buildTable(stats, which);
    std::string csv;
    for (std::size_t i = 0; i < table.header.size(); ++i) csv += (i ? "," : "") + csvField(table.header[i]);
    csv += "\n";
    for (const auto& row : table.rows) {
        for (std::size_t i = 0; i < row.size(); ++i) csv += (i ? "," : "") + csvField(row[i]);
        csv += "\n";
    }
    return csv;
}

std::string statisticsLatex(const BenchStatistics& stats, StatisticsTable which) {
    const Table table = buildTable(stats, which);
    std::string columns;
    for (std::size_t i = 0; i < table.header.size(); ++i) columns += i < 3 && which != StatisticsTable::Ecdf ? "l" : "r";
    std::string tex = "% " + std::string(statisticsTableName(which)) + " (" + costAxisName(stats.axis) +
                      " axis); needs \\usepackage{booktabs}\n\\begin{tabular}{" + columns + "}\n\\toprule\n";
    auto line = [&](const std::vector<std::string>& cells) {
        for (std::size_t i = 0; i < cells.size(); ++i)
            tex += (i ? " & " : "") + (cells[i] == "inf" ? std::string("$\\infty$") : latexEscape(cells[i]));
        tex += " \\\\\n";
    };
    line(table.header);
    tex += "\\midrule\n";
    for (const auto& row : table.rows) line(row);
    tex += "\\bottomrule\n\\end{tabular}\n";
    return tex;
}

std::string statisticsText(const BenchStatistics& stats) {
    std::string text;
    char buffer[4096];
    const char* axis = costAxisName(stats.axis);
    std::snprintf(buffer, sizeof buffer, "Fixed target: cost <= %s (axis: %s; 95%% bootstrap intervals)\n",
                  number(stats.targets.front()).c_str(), axis);
    text += buffer;
    // Settings' labels are at least 12 wide, wider when a sweep's values are in them ("sa t0=10 alpha=0.999").
    int w = 12;
    for (const auto& row : stats.rows) w = std::max(w, static_cast<int>(row.configuration.size()));
    std::snprintf(buffer, sizeof buffer, "%-*s %-24s %5s %9s %-15s %12s %-27s %10s\n", w, "setting", "puzzle", "runs",
                  "success", "95% CI", "ERT", "95% CI", "final cost");
    text += buffer;
    for (const auto& row : stats.rows) {
        const std::string rateCi = "[" + number(row.successRateInterval.low, 3) + ", " +
                                   number(row.successRateInterval.high, 3) + "]";
        const std::string ertCi = "[" + number(row.ertInterval.low, 4) + ", " + number(row.ertInterval.high, 4) + "]";
        std::snprintf(buffer, sizeof buffer, "%-*s %-24s %5d %9s %-15s %12s %-27s %10s\n", w, row.configuration.c_str(),
                      (std::to_string(row.puzzleIndex) + " " + row.puzzleId).substr(0, 24).c_str(), row.runs,
                      (std::to_string(row.successes) + "/" + std::to_string(row.runs)).c_str(), rateCi.c_str(),
                      number(row.ert, 6).c_str(), ertCi.c_str(), number(row.meanFinalCost, 4).c_str());
        text += buffer;
    }
    text += "\nECDF of the " + std::string(axis) + " to " + std::to_string(stats.targets.size()) +
            " targets (cost <=";
    for (double target : stats.targets) text += " " + number(target);
    text += ") over every puzzle; area over [1, " + number(stats.maxTime) + "], normalised:\n";
    for (const auto& ecdf : stats.ecdfs) {
        std::snprintf(buffer, sizeof buffer, "  %-*s AUC %.4f\n", w, ecdf.configuration.c_str(), ecdf.auc);
        text += buffer;
    }
    if (!stats.budgets.empty()) {
        text += "\nFixed budget: mean best cost after";
        for (double budget : stats.budgets) text += " " + number(budget);
        text += std::string(" ") + axis + "\n";
        for (const auto& row : stats.rows) {
            std::snprintf(buffer, sizeof buffer, "  %-*s %-24s", w, row.configuration.c_str(),
                          (std::to_string(row.puzzleIndex) + " " + row.puzzleId).substr(0, 24).c_str());
            text += buffer;
            for (double cost : row.meanCostAtBudget) text += " " + number(cost, 5);
            text += "\n";
        }
    }
    text += "\nPairwise Mann-Whitney U per puzzle (Holm within puzzle and measure; A12 < 0.5 favours the first)\n";
    std::snprintf(buffer, sizeof buffer, "  %-6s %-15s %-*s %-*s %8s %10s %-7s %10s %6s\n", "puzzle", "measure",
                  w, "first", w, "second", "U", "p", "method", "p (Holm)", "A12");
    text += buffer;
    for (const auto& pair : stats.pairs) {
        std::snprintf(buffer, sizeof buffer, "  %-6zu %-15s %-*s %-*s %8s %10s %-7s %10s %6.3f\n", pair.puzzleIndex,
                      pair.measure.c_str(), w, pair.first.c_str(), w, pair.second.c_str(), number(pair.test.u, 6).c_str(),
                      number(pair.test.pValue, 4).c_str(), pair.test.exact ? "exact" : "normal",
                      number(pair.pHolm, 4).c_str(), pair.a12);
        text += buffer;
    }
    text += "\nKruskal-Wallis across all settings per puzzle\n";
    for (const auto& group : stats.groups) {
        if (group.test)
            std::snprintf(buffer, sizeof buffer, "  %-6zu %-15s H %.4g, df %d, p %s\n", group.puzzleIndex,
                          group.measure.c_str(), group.test->h, group.test->degreesOfFreedom,
                          number(group.test->pValue, 4).c_str());
        else
            std::snprintf(buffer, sizeof buffer, "  %-6zu %-15s undefined (all values equal, or one setting)\n",
                          group.puzzleIndex, group.measure.c_str());
        text += buffer;
    }
    text += "\nFriedman across puzzles (mean rank, 1 the best; Nemenyi's critical difference at 0.05)\n";
    for (const auto& comparison : stats.acrossPuzzles) {
        const std::optional<FriedmanResult>& test = comparison.test;
        if (!test) {
            std::snprintf(buffer, sizeof buffer, "  %-17s undefined (fewer than two settings or puzzles, or all tied)\n",
                          comparison.measure.c_str());
            text += buffer;
            continue;
        }
        std::snprintf(buffer, sizeof buffer, "  %-17s %zu puzzles, chi2 %.4g, df %d, p %s, CD %s\n",
                      comparison.measure.c_str(), comparison.puzzles, test->statistic, test->degreesOfFreedom,
                      number(test->pValue, 4).c_str(),
                      test->criticalDifference ? number(*test->criticalDifference, 4).c_str() : "-");
        text += buffer;
        for (std::size_t i = 0; i < comparison.configurations.size(); ++i) {
            std::snprintf(buffer, sizeof buffer, "    %-*s %.3f\n", std::max(w, 15), comparison.configurations[i].c_str(),
                          test->meanRanks[i]);
            text += buffer;
        }
        for (const auto& pair : comparison.pairs) {
            if (!pair.test) continue;
            std::snprintf(buffer, sizeof buffer, "    Wilcoxon %-*s %-*s W %s, p %s (%s), p (Holm) %s\n",
                          w, pair.first.c_str(), w, pair.second.c_str(), number(pair.test->statistic, 6).c_str(),
                          number(pair.test->pValue, 4).c_str(), pair.test->exact ? "exact" : "normal",
                          number(pair.pHolm, 4).c_str());
            text += buffer;
        }
    }
    if (!stats.profiles.empty()) {
        text += "\nPerformance profiles (Dolan-More) on the ERT over the " + std::to_string(stats.profilePuzzles) +
                " puzzle(s) every setting ran: the share of puzzles within tau times the best setting's ERT\n";
        std::snprintf(buffer, sizeof buffer, "  %-*s %9s %9s %9s %9s\n", w, "setting", "tau=1", "tau=2", "tau=10",
                      "solved");
        text += buffer;
        for (const auto& profile : stats.profiles) {
            const auto rho = [&](double tau) {
                double share = 0;
                for (const auto& [ratio, fraction] : profile.steps)
                    if (ratio <= tau) share = fraction;
                return share;
            };
            std::snprintf(buffer, sizeof buffer, "  %-*s %9.3f %9.3f %9.3f %9.3f\n", w, profile.configuration.c_str(),
                          rho(1), rho(2), rho(10), profile.solved);
            text += buffer;
        }
    }
    if (!stats.sweeps.empty()) {
        text += "\nSweeps (each setting pooled over its puzzles, at cost <= " + number(stats.targets.front()) +
                "; ERT in " + axis + ")\n";
        for (const auto& grid : stats.sweeps) text += sweepText(grid);
    }
    return text;
}

}  // namespace pw
