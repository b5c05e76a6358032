// `gp` — genetic programming over human heuristic moves (Pillay 2012), and `gp-random`, its Table 9 baseline.
//
// Idea: do not search grids; search *programs* — strings over Pillay's nine moves (r c b w l k 3 4 2, see
// heuristic_moves.cpp) — applied left to right to the puzzle. A program's fitness is the number of cells it
// leaves empty; a program of fitness 0 solves the puzzle and is itself a readable solving strategy.
//
// The GP (§3.2, as our algorithms notes read it): generational. The initial population holds `population`
// distinct random programs with lengths uniform in 1..`max_length`. Each next generation is bred whole from the
// previous one: an offspring comes from mutation with probability `mutation_rate`, else from crossover, its
// parents chosen by tournaments of `tournament` individuals drawn with replacement (the fittest wins, the first
// drawn among equals). Mutation copies the parent and replaces the move at one random position with a random
// move. Crossover cuts each parent at a random position p (1-based; the head is the first p-1 moves), swaps the
// tails and keeps the fitter child — the first on a tie (§3.2.3's examples: 2wllc × clkb at 2 and 3 give 2kb and
// clwllc). The run stops at fitness 0 and reports the generation in which the solving program appeared (0 =
// the initial population), or fails after `generations` generations.
//
// Representation: programs are strings; the grid a program works on is a HeuristicBoard copied from the
// puzzle's for each evaluation, so evaluating allocates nothing. Try moves draw from the run's random stream;
// each individual keeps the stream's state from before its evaluation, so its result can be replayed exactly.
//
// A step is one generation (`gp`) or one random program (`gp-random`); evaluations count programs evaluated.
//
// Choices where the paper is silent: no elitism (the best program so far is still reported); offspring
// lengths are not capped (the paper caps only the initial programs); the stop is immediate, in the middle of a
// generation, when an offspring solves the puzzle. The initial population's distinctness is by text, so a
// population larger than the programs of at most `max_length` moves (9 of one move, 90 of at most two, 819 of
// at most three) is refused before a run instead of searching for programs that do not exist.
//
// Events: per generation the population's best/mean/worst fitness and the best program; the board shows the
// best program's grid. When the run ends, the best program is replayed on the board from the givens: for each
// move its character's position, then its placements as moves, each with the sentence saying why. When the sink
// wants decisions: per generation (`gp`) the tournaments, mutations and crossovers that made it and what
// happened to the best program; per random program (`gp-random`) its length and fitness. Each carries boards
// (DecisionBoards): the grid the generation's best (or drawn) program leaves, each value marked by the kind of
// move that placed it, against the best program's grid.

#include "algorithms/genetic_programming.h"

#include "algorithms/algorithm_base.h"
#include "base/text_format.h"

#include <algorithm>
#include <optional>
#include <unordered_set>

namespace pw {

namespace {

using Individual = EvaluatedProgram;

// How many distinct programs have 1 to `maxLength` moves (9 + 81 + ...), or `cap` when there are at least as
// many: the most distinct programs an initial population can hold.
std::int64_t distinctPrograms(std::int64_t maxLength, std::int64_t cap) {
    const auto moves = static_cast<std::int64_t>(kHeuristicMoves.size());
    std::int64_t total = 0, ofLength = 1;
    for (std::int64_t length = 1; length <= maxLength && total < cap; ++length) {
        ofLength *= moves;
        total += ofLength;
    }
    return std::min(total, cap);
}

// The initial population's programs are distinct, so it cannot be larger than the programs there are.
std::vector<ParameterRule> parameterRules() {
    ParameterRule rule;
    rule.keys = {"population", "max_length"};
    rule.broken = [](const ParameterValues& values) -> std::optional<std::string> {
        const std::int64_t population = values.integer("population");
        const std::int64_t maxLength = values.integer("max_length");
        const std::int64_t programs = distinctPrograms(maxLength, population);
        if (population <= programs) return std::nullopt;
        return "population (" + std::to_string(population) + ") must be at most " + std::to_string(programs) +
               ", the number of distinct programs of 1 to max_length (" + std::to_string(maxLength) + ") moves";
    };
    return {rule};
}

std::string randomProgram(Rng& rng, int maxLength) {
    std::string program(static_cast<std::size_t>(rng.between(1, maxLength)), 'r');
    for (char& move : program) move = kHeuristicMoves[rng.below(static_cast<std::uint32_t>(kHeuristicMoves.size()))];
    return program;
}

// What the two algorithms share: the puzzle's board, evaluation, the best program, the board shown, replay.
class ProgramSearch : public AlgorithmBase {
public:
    double bestCost() const override { return m_best ? m_best->fitness : m_empty; }
    Board currentBoard() const override { return bestBoard(); }
    Board bestBoard() const override { return m_best ? gridOf(*m_best) : m_givens; }

    std::vector<std::pair<std::string, ParameterValue>> results() const override {
        std::vector<std::pair<std::string, ParameterValue>> out;
        if (!m_best) return out;
        out.emplace_back("program", m_best->program);
        if (m_best->fitness == 0 && m_solvedGeneration) out.emplace_back("generation", *m_solvedGeneration);
        return out;
    }

    void finish() override {
        if (!m_sink || !m_best) return;
        // Replay: back to the givens, then the best program move by move.
        emit(PhaseChange{m_counters, PhaseKind::Replay});
        for (int cell = 0; cell < m_givens.cellCount(); ++cell)
            if (!m_givens.value(cell) && m_shown.value(cell)) emit(MoveEvent{m_counters, Move::erase(cell, m_shown.value(cell))});
        HeuristicBoard board = *m_start;
        Rng rng = m_best->evaluation;
        std::vector<HeuristicPlacement> placements;
        for (std::size_t position = 0; position < m_best->program.size() && board.emptyCount() > 0; ++position) {
            emit(ProgramUpdate{m_counters, m_best->program, static_cast<int>(position), static_cast<double>(m_best->fitness)});
            placements.clear();
            board.apply(m_best->program[position], rng, &placements);
            for (const HeuristicPlacement& p : placements) {
                std::vector<int> cells = {p.cell};
                if (p.alternative >= 0) cells.push_back(p.alternative);
                emit(Explanation{m_counters, p.explanation(m_givens.shape()), std::move(cells)});
                emit(MoveEvent{m_counters, Move::place(p.cell, p.digit)});
            }
        }
        m_shown = board.toGrid();
    }

protected:
    void beginSearch(const Puzzle& puzzle, std::uint64_t seed, EventSink* sink) {
        AlgorithmBase::begin(sink);
        m_rng.reseed(seed);
        m_givens = puzzle.sudoku().givens;
        m_start.emplace(m_givens);
        m_shown = m_givens;
        m_empty = m_start->emptyCount();
        m_best.reset();
        m_solvedGeneration.reset();
        m_givensConflict = m_givens.hasConflicts();
    }

    Individual evaluate(std::string program) {
        ++m_counters.evaluations;
        return evaluateFrom(*m_start, std::move(program), m_rng);
    }

    // The grid `individual`'s program leaves: its evaluation again, from the same random state.
    SudokuGrid gridOf(const Individual& individual) const {
        HeuristicBoard board = *m_start;
        Rng rng = individual.evaluation;
        for (char move : individual.program) {
            if (board.emptyCount() == 0) break;
            board.apply(move, rng);
        }
        return board.toGrid();
    }

    // A program's grid beside another's, for a Decision: each value the object program placed marked by the kind
    // of move that placed it (Pillay's single, 3- and try moves); the reference is the program it is measured
    // by. Replays both evaluations from their saved random states, so the grids are the ones their fitness counts.
    DecisionBoards programBoards(const Individual& object, std::string objectLabel, const Individual& reference,
                                 std::string referenceLabel) const {
        DecisionBoards boards;
        boards.objectLabel = std::move(objectLabel) + ": " + object.program + " (" + std::to_string(object.fitness) + " empty)";
        boards.referenceLabel = std::move(referenceLabel) + ": " + reference.program + " (" +
                                std::to_string(reference.fitness) + " empty)";
        boards.sourcesCaption = "placed by";
        boards.sourceNames = {"r, c or b (single)", "w, l or k (3-unit)", "3, 4 or 2 (try)"};
        for (const HeuristicPlacement& p : placementsOf(object)) {
            boards.object.push_back(Move::place(p.cell, p.digit));
            boards.sources.push_back(static_cast<std::uint8_t>(kHeuristicMoves.find(p.move) / 3));
        }
        for (const HeuristicPlacement& p : placementsOf(reference)) boards.reference.push_back(Move::place(p.cell, p.digit));
        return boards;
    }

    std::vector<HeuristicPlacement> placementsOf(const Individual& individual) const {
        HeuristicBoard board = *m_start;
        Rng rng = individual.evaluation;
        std::vector<HeuristicPlacement> placements;
        for (char move : individual.program) {
            if (board.emptyCount() == 0) break;
            board.apply(move, rng, &placements);
        }
        return placements;
    }

    // Keeps `candidate` as the best when it is strictly fitter; shows its grid and announces it.
    bool consider(const Individual& candidate) {
        if (m_best && candidate.fitness >= m_best->fitness) return false;
        m_best = candidate;
        if (m_sink) {
            const SudokuGrid grid = gridOf(candidate);
            for (int cell = 0; cell < grid.cellCount(); ++cell) {
                if (grid.value(cell) == m_shown.value(cell)) continue;
                emit(MoveEvent{m_counters, grid.value(cell) ? Move::place(cell, grid.value(cell), m_shown.value(cell))
                                                            : Move::erase(cell, m_shown.value(cell))});
            }
            m_shown = grid;
            emit(ProgramUpdate{m_counters, candidate.program, -1, static_cast<double>(candidate.fitness)});
        }
        return true;
    }

    Rng m_rng;
    SudokuGrid m_givens;
    std::optional<HeuristicBoard> m_start;
    SudokuGrid m_shown;
    int m_empty = 0;
    std::optional<Individual> m_best;
    std::optional<std::int64_t> m_solvedGeneration;
    bool m_givensConflict = false;
};

class GeneticProgramming final : public ProgramSearch {
public:
    void start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed, EventSink* sink) override {
        beginSearch(puzzle, seed, sink);
        m_populationSize = static_cast<int>(parameters.integer("population"));
        m_generations = parameters.integer("generations");
        m_tournament = static_cast<int>(parameters.integer("tournament"));
        m_mutationRate = parameters.real("mutation_rate");
        m_maxLength = static_cast<int>(parameters.integer("max_length"));
        m_generation = 0;
        m_population.clear();
        m_next.clear();
        // Refused before a run by the CLI, recordings, benches and the window; this guards direct use, where the
        // loop below would never end.
        m_refused = checkParameterRules(parameterRules(), parameters).has_value();
        emit(PhaseChange{m_counters, PhaseKind::Generation, 0});
        if (m_givensConflict || m_refused) return;
        // The initial population: distinct random programs (the paper's "variation of 100%"). Duplicates are
        // drawn again, which takes long when the population is near the number of programs there are: the
        // run's stop conditions are asked after every program.
        std::unordered_set<std::string> seen;
        while (static_cast<int>(m_population.size()) < m_populationSize && !setupInterrupted()) {
            std::string program = randomProgram(m_rng, m_maxLength);
            if (!seen.insert(program).second) continue;
            m_population.push_back(evaluate(std::move(program)));
            consider(m_population.back());
            if (m_best->fitness == 0) {
                m_solvedGeneration = 0;
                break;
            }
        }
        emitGeneration(m_population);
    }

    StepStatus step() override {
        if (m_givensConflict || m_refused || m_population.empty()) return StepStatus::Failed;
        if (m_solvedGeneration) return StepStatus::Solved;
        if (m_generation >= m_generations) return StepStatus::Failed;
        ++m_generation;
        ++m_counters.steps;
        m_next.clear();
        const double bestBefore = bestCost();
        int mutations = 0;
        int crossovers = 0;
        while (static_cast<int>(m_next.size()) < m_populationSize) {
            const bool mutation = m_rng.chance(m_mutationRate);
            Individual child = mutation ? mutate(tournament()) : crossover(tournament(), tournament());
            mutations += mutation;
            crossovers += !mutation;
            consider(child);
            m_next.push_back(std::move(child));
            if (m_next.back().fitness == 0) {
                m_solvedGeneration = static_cast<std::int64_t>(m_generation);
                break;
            }
        }
        m_population.swap(m_next);
        if (wantsDecisions(m_sink)) explainGeneration(bestBefore, mutations, crossovers);
        emitGeneration(m_population);
        if (m_solvedGeneration) return StepStatus::Solved;
        return m_generation >= m_generations ? StepStatus::Failed : StepStatus::Running;
    }

private:
    const Individual& tournament() {
        const Individual* winner = nullptr;
        for (int i = 0; i < m_tournament; ++i) {
            const Individual& drawn = m_population[m_rng.below(static_cast<std::uint32_t>(m_population.size()))];
            if (!winner || drawn.fitness < winner->fitness) winner = &drawn;
        }
        return *winner;
    }

    Individual mutate(const Individual& parent) {
        std::string program = parent.program;
        program[m_rng.below(static_cast<std::uint32_t>(program.size()))] =
            kHeuristicMoves[m_rng.below(static_cast<std::uint32_t>(kHeuristicMoves.size()))];
        return evaluate(std::move(program));
    }

    Individual crossover(const Individual& first, const Individual& second) {
        const std::size_t cutFirst = m_rng.below(static_cast<std::uint32_t>(first.program.size()));
        const std::size_t cutSecond = m_rng.below(static_cast<std::uint32_t>(second.program.size()));
        m_counters.evaluations += 2;
        return crossPrograms(*m_start, first.program, cutFirst, second.program, cutSecond, m_rng);
    }

    // One generation as a Decision: how many children came from mutation and from crossover, the tournaments
    // that chose their parents, and what happened to the best program.
    [[gnu::cold, gnu::noinline]]
    void explainGeneration(double bestBefore, int mutations, int crossovers) {
        const int selections = mutations + 2 * crossovers;
        const Individual& fittest = *std::min_element(m_population.begin(), m_population.end(),
                                                      [](const Individual& a, const Individual& b) { return a.fitness < b.fitness; });
        const int generationBest = fittest.fitness;
        const double bestAfter = bestCost();
        std::string text = "generation " + std::to_string(m_generation) + ": " + std::to_string(selections) +
                           " tournaments of " + std::to_string(m_tournament) + " chose the parents of " +
                           std::to_string(mutations) + " mutations and " + std::to_string(crossovers) +
                           " crossovers; best of the generation " + std::to_string(generationBest) + "; ";
        text += bestAfter < bestBefore ? "best program improved " + formatNumber(bestBefore) + " \u2192 " +
                                             formatNumber(bestAfter) + " (length " +
                                             std::to_string(m_best->program.size()) + ")"
                                       : "best program unchanged at " + formatNumber(bestAfter);
        m_sink->receive(Decision(m_counters, {"generation",
                                              std::move(text),
                                              {},
                                              {{"generation", static_cast<double>(m_generation)},
                                               {"selections", static_cast<double>(selections)},
                                               {"mutations", static_cast<double>(mutations)},
                                               {"crossovers", static_cast<double>(crossovers)},
                                               {"generation_best", static_cast<double>(generationBest)},
                                               {"best_before", bestBefore},
                                               {"best_after", bestAfter}},
                                              std::nullopt,
                                              {},
                                              {},
                                              std::make_shared<const DecisionBoards>(
                                                  programBoards(fittest, "generation's best", *m_best, "best so far"))}));
    }

    void emitGeneration(const std::vector<Individual>& population) {
        if (!m_sink || population.empty()) return;
        double sum = 0;
        int best = population.front().fitness, worst = best;
        for (const Individual& individual : population) {
            sum += individual.fitness;
            best = std::min(best, individual.fitness);
            worst = std::max(worst, individual.fitness);
        }
        const double mean = sum / static_cast<double>(population.size());
        emit(GenerationStats{m_counters, static_cast<std::uint64_t>(m_generation), static_cast<double>(best), mean, static_cast<double>(worst)});
        emit(CostSample{m_counters, static_cast<double>(best), bestCost(), {}});
        if (m_generation > 0 && m_generation % 10 == 0)
            emit(PhaseChange{m_counters, PhaseKind::Generation, static_cast<std::uint64_t>(m_generation)});
    }

    int m_populationSize = 500;
    std::int64_t m_generations = 50;
    int m_tournament = 4;
    double m_mutationRate = 0.5;
    int m_maxLength = 50;
    bool m_refused = false;
    std::int64_t m_generation = 0;
    std::vector<Individual> m_population;
    std::vector<Individual> m_next;
};

class RandomPrograms final : public ProgramSearch {
public:
    void start(const Puzzle& puzzle, const ParameterValues& parameters, std::uint64_t seed, EventSink* sink) override {
        beginSearch(puzzle, seed, sink);
        m_maxLength = static_cast<int>(parameters.integer("max_length"));
        emit(PhaseChange{m_counters, PhaseKind::RandomPrograms});
    }

    StepStatus step() override {
        if (m_givensConflict) return StepStatus::Failed;
        if (m_best && m_best->fitness == 0) return StepStatus::Solved;
        ++m_counters.steps;
        const Individual drawn = evaluate(randomProgram(m_rng, m_maxLength));
        const double bestBefore = bestCost();
        const bool explain = wantsDecisions(m_sink);
        std::shared_ptr<const DecisionBoards> boards;
        if (explain)  // against the best before this draw (the first draw against itself)
            boards = std::make_shared<const DecisionBoards>(programBoards(drawn, "drawn", m_best ? *m_best : drawn, "best before"));
        consider(drawn);
        if (explain)
            m_sink->receive(Decision(
                m_counters,
                {"draw",
                 "drew a random program of length " + std::to_string(drawn.program.size()) + ": fitness " +
                     std::to_string(drawn.fitness) +
                     (bestCost() < bestBefore ? ", a new best" : ", best stays " + formatNumber(bestCost())),
                 {},
                 {{"length", static_cast<double>(drawn.program.size())},
                  {"fitness", static_cast<double>(drawn.fitness)},
                  {"best_cost", bestCost()}},
                 bestCost() < bestBefore,
                 {},
                 {},
                 std::move(boards)}));
        emit(CostSample{m_counters, static_cast<double>(drawn.fitness), bestCost(), {}});
        if (m_best->fitness == 0) {
            m_solvedGeneration = static_cast<std::int64_t>(m_counters.steps);
            return StepStatus::Solved;
        }
        return StepStatus::Running;
    }

    std::vector<std::pair<std::string, ParameterValue>> results() const override {
        auto out = ProgramSearch::results();
        // A random draw has no generation; report how many programs it took instead.
        std::erase_if(out, [](const auto& entry) { return entry.first == "generation"; });
        out.emplace_back("programs", static_cast<std::int64_t>(m_counters.evaluations));
        return out;
    }

private:
    int m_maxLength = 50;
};

const std::string kPillay =
    "N. Pillay, Finding solutions to Sudoku puzzles using human intuitive heuristics, South African Computer "
    "Journal 49 (2012)";

ParameterSpec maxLengthParameter() {
    return ParameterSpec::integer("max_length", 50, 1, 1000, "Longest random program (lengths uniform in 1..max)",
                                  "Pillay §3.2.1: \"between 1 and 50\"");
}

}  // namespace

EvaluatedProgram evaluateFrom(const HeuristicBoard& start, std::string program, Rng& rng) {
    EvaluatedProgram evaluated{std::move(program), 0, rng};
    evaluated.fitness = evaluateProgram(start, evaluated.program, rng);
    return evaluated;
}

EvaluatedProgram crossPrograms(const HeuristicBoard& start, std::string_view first, std::size_t cutFirst,
                               std::string_view second, std::size_t cutSecond, Rng& rng) {
    EvaluatedProgram a = evaluateFrom(start, std::string(first.substr(0, cutFirst)).append(second.substr(cutSecond)), rng);
    EvaluatedProgram b = evaluateFrom(start, std::string(second.substr(0, cutSecond)).append(first.substr(cutFirst)), rng);
    return b.fitness < a.fitness ? b : a;
}

AlgorithmEntry geneticProgrammingAlgorithmEntry() {
    AlgorithmInfo info;
    info.id = "gp";
    info.name = "Genetic programming over human moves (Pillay)";
    info.family = AlgorithmFamily::Evolutionary;
    info.paper = kPillay;
    info.summary = "Evolves programs over nine human solving moves (row, column, block; 3-row, 3-column, 3-block; "
                   "try-row, try-column, try-block) until one fills the grid; the winning program is replayed "
                   "move by move.";
    info.stepMeaning = "one generation";
    info.stepUnit = "generations";
    info.stepDecision = {"generation",
                         {"generation", "selections", "mutations", "crossovers", "generation_best", "best_before",
                          "best_after"}, "", false};
    info.stepEvents = {StepEvent::NewBest, StepEvent::PhaseEnd};
    info.kinds = {PuzzleKind::Sudoku};
    info.parameters = {
        ParameterSpec::integer("population", 500, 2, 100'000, "Programs per generation", "Pillay Table 1: 500"),
        ParameterSpec::integer("generations", 50, 1, 100'000, "Generations before the run gives up",
                               "Pillay Table 1: 50"),
        ParameterSpec::integer("tournament", 4, 1, 100, "Tournament size (selection with replacement)",
                               "Pillay Table 1: 4"),
        ParameterSpec::real("mutation_rate", 0.5, 0, 1, "Chance an offspring comes from mutation, else crossover",
                            "Pillay Table 1: mutation 0.5, crossover 0.5"),
        maxLengthParameter(),
    };
    info.parameterRules = parameterRules();
    return {std::move(info), [] { return std::make_unique<GeneticProgramming>(); }};
}

AlgorithmEntry randomProgramsAlgorithmEntry() {
    AlgorithmInfo info;
    info.id = "gp-random";
    info.name = "Random programs over human moves (Pillay's baseline)";
    info.family = AlgorithmFamily::Evolutionary;
    info.paper = kPillay + ", Table 9";
    info.summary = "Draws random programs over the same nine moves until one fills the grid: the baseline that "
                   "shows what evolution adds.";
    info.stepMeaning = "one random program";
    info.stepUnit = "programs";
    info.stepDecision = {"draw", {"length", "fitness", "best_cost"}, "", false};
    info.stepEvents = {StepEvent::NewBest};
    info.kinds = {PuzzleKind::Sudoku};
    info.parameters = {maxLengthParameter()};
    return {std::move(info), [] { return std::make_unique<RandomPrograms>(); }};
}

}  // namespace pw
