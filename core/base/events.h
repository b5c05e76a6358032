#pragma once
// The closed, typed event vocabulary every algorithm speaks. Every event carries the step and evaluation
// counts at which it happened. Events hold no wall-clock time, so the same seed and parameters give an
// identical stream (compared with ==) on every machine.

#include "base/move.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace pw {

struct Counters {
    std::uint64_t steps = 0;
    std::uint64_t evaluations = 0;
    bool operator==(const Counters&) const = default;
};

// A cell changed: the window animates these.
struct MoveEvent {
    Counters at;
    Move move;
    bool operator==(const MoveEvent&) const = default;
};

// Cost of the current and best solution, and the parts the current cost is made of, in the order the
// algorithm names them in AlgorithmInfo::costParts ("rows", "columns", ...; empty when it names none).
// Consumers (trace files, charts) take the names from there, so a new kind of part needs no new field here.
struct CostSample {
    Counters at;
    double current = 0;
    double best = 0;
    std::vector<double> parts;
    bool operator==(const CostSample&) const = default;
};

// Simulated annealing's temperature and the share of proposals accepted since the last sample.
struct TemperatureSample {
    Counters at;
    double temperature = 0;
    double acceptanceRatio = 0;
    bool operator==(const TemperatureSample&) const = default;
};
struct Reheat {
    Counters at;
    double temperature = 0;
    bool operator==(const Reheat&) const = default;
};

// Population statistics of one generation of an evolutionary algorithm.
struct GenerationStats {
    Counters at;
    std::uint64_t generation = 0;
    double best = 0;
    double mean = 0;
    double worst = 0;
    bool operator==(const GenerationStats&) const = default;
};

// The candidate ("group") table: for every cell, the digits still allowed (bit d-1 = digit d).
struct CandidatesUpdate {
    Counters at;
    std::vector<std::uint16_t> candidates;
    bool operator==(const CandidatesUpdate&) const = default;
};

// One number per cell, e.g. assignment order or change count; NaN-free, cells without a value hold -1.
struct HeatMap {
    Counters at;
    std::string label;  // "assignment order"
    std::vector<double> values;
    bool operator==(const HeatMap&) const = default;
};

// The phases algorithms go through. Numbered phases (a multistage GA's cycle, a GP generation, a tabu restart)
// carry their number in PhaseChange::number; the text ("cycle 3") is made from the two by phaseName().
enum class PhaseKind {
    InitialFill,     // "initial fill"
    Annealing,       // "annealing"
    Search,          // "search"
    Logic,           // "logic"
    Improvisation,   // "improvisation"
    Prefiltering,    // "prefiltering"
    Cycle,           // "cycle N"
    Generation,      // "generation N"
    Restart,         // "restart N"
    RandomPrograms,  // "random programs"
    Replay,          // "replay"
};
struct PhaseChange {
    Counters at;
    PhaseKind kind = PhaseKind::Search;
    std::uint64_t number = 0;  // the cycle, generation or restart; 0 for unnumbered phases
    bool operator==(const PhaseChange&) const = default;
};
bool isNumberedPhase(PhaseKind kind);
std::string phaseName(const PhaseChange& phase);  // "initial fill", "cycle 3"

// A sentence for the log: "hidden single: in box 3 only r3c7 can hold 5", with the cells it is about
// (highlighted on the board while the sentence is the latest).
struct Explanation {
    Counters at;
    std::string text;
    std::vector<int> cells;
    bool operator==(const Explanation&) const = default;
};

// Genetic programming over heuristic moves: the best program of a generation (`position` -1), or, while a
// program is replayed on the board, the move at `position` (0-based) being applied.
struct ProgramUpdate {
    Counters at;
    std::string program;
    int position = -1;
    double fitness = 0;
    bool operator==(const ProgramUpdate&) const = default;
};

// Why the algorithm did what it did in one step: the Decision panel, the log at paced speeds and trace files
// (`"type":"decision"`) read it. Built only when the sink wants decisions (EventSink::wantsDecisions), so a run
// nobody explains pays nothing. `values` are named numbers in the order the sentence uses them; the names are
// the trace file's keys ("cost_before", "cost_after", "delta", "temperature", "probability", "draw", "depth").
// A value that is NaN (kNoDecisionValue) says the number does not exist in this step, e.g. the draw of an annealing
// step that drew nothing; the trace writes it as null. Two absent values compare equal, so identical runs still do.
inline constexpr double kNoDecisionValue = std::numeric_limits<double>::quiet_NaN();
struct DecisionValue {
    std::string name;
    double value = 0;
    bool operator==(const DecisionValue& other) const {
        return name == other.name && (value == other.value || (std::isnan(value) && std::isnan(other.value)));
    }
};
// What a step works on, drawn beside the board: the `object` the step made or uses (harmony's improvised
// harmony, the cuckoo's egg, mga's generation best, gp's program's grid, tabu search's tabu list) against the
// `reference` it is measured by (the memory's best, the host nest, ...), each as the moves that turn the
// puzzle's givens into it. A board without a reference (tabu search) leaves `referenceLabel` empty. When the
// object's values have origins, `sources[i]` says where the value of `object[i]` came from, as an index into
// `sourceNames` ("memory", "pitch adjusted", "random"), and `sourcesCaption` says what they name ("value
// from"). Built with the Decision, so only when the sink wants decisions.
struct DecisionBoards {
    std::string objectLabel;     // "improvised harmony"
    std::string referenceLabel;  // "memory's best"; empty when the step has no reference
    std::vector<Move> object;
    std::vector<Move> reference;
    std::vector<std::uint8_t> sources;
    std::string sourcesCaption;  // "value from"
    std::vector<std::string> sourceNames;
    bool operator==(const DecisionBoards&) const = default;
};

struct DecisionDetail {
    std::string action;                 // "swap", "improvise", "move", "egg", "generation", "try", "backtrack"
    std::string text;                   // the plain sentence: "swap r3c4=7 <-> r3c6=2 in box 2: cost 12 -> 13 ..."
    std::vector<int> cells;             // the cells it is about, highlighted on the board
    std::vector<DecisionValue> values;  // the numbers behind the sentence
    std::optional<bool> accepted;       // for proposals that may be refused (annealing, harmony memory, nests)
    std::string listLabel;              // what `list` holds: "search stack", "tabu list"; empty when no list
    std::vector<std::string> list;      // the current search stack (outermost first) or tabu list
    std::shared_ptr<const DecisionBoards> boards = nullptr;  // what the step works on; null when it shows none
    bool operator==(const DecisionDetail& other) const {
        return action == other.action && text == other.text && cells == other.cells && values == other.values &&
               accepted == other.accepted && listLabel == other.listLabel && list == other.list &&
               (boards == other.boards || (boards && other.boards && *boards == *other.boards));
    }
};
// The detail sits behind a pointer because Event is a variant: inline, its ~180 bytes would make every
// event that size, and events are stored by the million (replay timeline, GUI batches, recordings) while
// decisions are rare. Copies share the immutable detail; == compares the details' contents, so identical
// runs still give streams that compare equal.
struct Decision {
    Counters at;
    Decision(const Counters& when, DecisionDetail detail)
        : at(when), m_detail(std::make_shared<const DecisionDetail>(std::move(detail))) {}
    const DecisionDetail& detail() const { return *m_detail; }
    const DecisionDetail* operator->() const { return m_detail.get(); }
    const DecisionBoards* boards() const { return m_detail->boards.get(); }  // null when the step shows none
    bool operator==(const Decision& other) const {
        return at == other.at && (m_detail == other.m_detail || *m_detail == *other.m_detail);
    }

private:
    std::shared_ptr<const DecisionDetail> m_detail;  // never null
};

enum class Outcome {
    Solved,           // the final board solves the puzzle
    Stopped,          // stopped from outside (Stop button, external flag)
    BudgetExhausted,  // a step, evaluation, time or stagnation budget ran out
    Failed,           // the algorithm ended without a solution (proved none, or gave up by its rules)
};
const char* outcomeName(Outcome outcome);  // "solved", "stopped", "budget_exhausted", "failed"

struct Finished {
    Counters at;
    Outcome outcome = Outcome::Failed;
    bool valid = false;  // an independent check of the final board against the puzzle's rules and givens
    double bestCost = 0;
    std::string reason;  // "solution found", "step budget of 1000 reached", ...
    bool operator==(const Finished&) const = default;
};

using Event = std::variant<MoveEvent, CostSample, TemperatureSample, Reheat, GenerationStats, CandidatesUpdate,
                           HeatMap, PhaseChange, Explanation, ProgramUpdate, Decision, Finished>;

const Counters& eventCounters(const Event& event);
const char* eventTypeName(const Event& event);  // "move", "cost", "temperature", ...

}  // namespace pw
