#include "study/filling_order.h"

#include "algorithms/registry.h"
#include "base/statistics.h"
#include "engine/runner.h"

namespace pw {

namespace {

// Keeps the last heat map of one name; asks for no moves, so a long annealing run builds none.
class HeatMapSink final : public EventSink {
public:
    explicit HeatMapSink(std::string label) : m_label(std::move(label)) { setWantsMoves(false); }
    void receive(const Event& event) override {
        if (const auto* heat = std::get_if<HeatMap>(&event); heat && heat->label == m_label) m_values = heat->values;
    }
    const std::vector<double>& values() const { return m_values; }

private:
    std::string m_label;
    std::vector<double> m_values;
};

}  // namespace

FillingOrderPrediction predictFillingOrder(const Puzzle& puzzle, const std::string& algorithmId,
                                           const std::string& heatMap, int runs, std::uint64_t seed,
                                           std::uint64_t stepBudget, const std::atomic<bool>* stop) {
    FillingOrderPrediction prediction{algorithmId, heatMap, {}, runs, 0};
    const AlgorithmEntry* entry = findAlgorithm(algorithmId);
    if (!entry || !entry->info.supports(puzzle.kind()) || runs <= 0) return prediction;
    const ParameterValues parameters(entry->info.parameters);
    std::vector<std::vector<double>> perCell;
    for (int r = 0; r < runs && !(stop && stop->load()); ++r) {
        HeatMapSink sink(heatMap);
        auto algorithm = entry->create();
        StopConditions conditions;
        conditions.add(stepLimit(stepBudget));
        if (stop) conditions.add(externalStop(*stop));
        const RunResult result = Runner(*algorithm, puzzle, parameters, seed + static_cast<std::uint64_t>(r), &sink,
                                        std::move(conditions))
                                     .runToEnd();
        prediction.solvedRuns += result.outcome == Outcome::Solved;
        if (sink.values().empty()) continue;
        perCell.resize(sink.values().size());
        for (std::size_t cell = 0; cell < perCell.size(); ++cell)
            if (sink.values()[cell] >= 0) perCell[cell].push_back(sink.values()[cell]);
    }
    prediction.medianOrder.assign(perCell.size(), -1);
    for (std::size_t cell = 0; cell < perCell.size(); ++cell)
        if (!perCell[cell].empty()) prediction.medianOrder[cell] = median(perCell[cell]);
    return prediction;
}

}  // namespace pw
