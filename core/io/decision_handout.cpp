#include "io/decision_handout.h"

#include "algorithms/registry.h"
#include "base/text_format.h"
#include "puzzle/puzzle_kind.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

namespace pw {

namespace {

// Keeps the decisions of the range and, for each, the board once its step is over: a step's moves may come
// before or after its decision, so the board is taken when the first event of a later step arrives (or the
// run ends). Raises `pastLast` once the run is beyond the range, which ends the replay.
class HandoutSink final : public EventSink {
public:
    HandoutSink(Handout& handout, Board board, std::atomic<bool>& pastLast)
        : m_handout(handout), m_board(std::move(board)), m_pastLast(pastLast) {
        setWantsDecisions(true);
        setSampleEvery(kMaxRecordedSteps);  // the charts' samples are not wanted
    }

    void receive(const Event& event) override {
        const std::uint64_t step = eventCounters(event).steps;
        if (step > m_openStep) closeOpenStep();
        if (const auto* moveEvent = std::get_if<MoveEvent>(&event)) {
            const Move& move = moveEvent->move;
            // A solver's candidate moves change its candidate table, not the grid the window shows.
            if (move.kind != MoveKind::EliminateCandidate && move.kind != MoveKind::RestoreCandidate)
                std::visit([&move](auto& board) { board.apply(move); }, m_board);
        } else if (const auto* decision = std::get_if<Decision>(&event)) {
            if (step >= m_handout.firstStep && step <= m_handout.lastStep) {
                m_open.push_back(*decision);
                m_openStep = step;
            }
        }
        if (step > m_handout.lastStep) m_pastLast.store(true, std::memory_order_relaxed);
    }

    void closeOpenStep() {
        for (Decision& decision : m_open) m_handout.steps.push_back({std::move(decision), m_board});
        m_open.clear();
    }

private:
    Handout& m_handout;
    Board m_board;
    std::atomic<bool>& m_pastLast;
    std::vector<Decision> m_open;  // the decisions of the step under way
    std::uint64_t m_openStep = 0;
};

std::string htmlEscaped(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

// A Sudoku digit or a Nurikabe cell as one short token: a clue's number, '#' river, 'o' island, '.' open.
std::string cellToken(const Board& board, int cell) {
    return std::visit(Overloaded{[cell](const SudokuGrid& grid) {
                                     const int value = grid.value(cell);
                                     return value ? std::string(1, digitChar(value)) : std::string(".");
                                 },
                                 [cell](const NurikabeGrid& grid) {
                                     if (grid.clue(cell)) return std::to_string(grid.clue(cell));
                                     switch (grid.state(cell)) {
                                     case NurikabeCell::River: return std::string("#");
                                     case NurikabeCell::Island: return std::string("o");
                                     default: return std::string(".");
                                     }
                                 }},
                      board);
}

// The box size of a Sudoku (rows, columns of a box); none for a Nurikabe.
std::pair<int, int> boxShape(const Board& board) {
    if (const auto* grid = std::get_if<SudokuGrid>(&board)) return {grid->shape().boxRows, grid->shape().boxColumns};
    return {0, 0};
}

std::string verdictText(const DecisionDetail& detail) {
    if (!detail.accepted) return {};
    return *detail.accepted ? "accepted" : "refused";
}

std::string valueText(double value) { return std::isnan(value) ? std::string("—") : formatNumber(value); }

std::string parametersText(const RunRecording& recording) {
    std::string text;
    for (const auto& [key, value] : recording.parameters.all()) {
        if (!text.empty()) text += ", ";
        text += key + "=" + formatParameterValue(value);
    }
    return text.empty() ? "none" : text;
}

std::string algorithmName(const RunRecording& recording) {
    const AlgorithmEntry* entry = findAlgorithm(recording.algorithmId);
    return entry ? entry->info.name : recording.algorithmId;
}

std::string stepTitle(const HandoutStep& step) {
    const DecisionDetail& detail = step.decision.detail();
    std::string title = "Step " + std::to_string(step.decision.at.steps) + ": " + detail.action;
    if (const std::string verdict = verdictText(detail); !verdict.empty()) title += ", " + verdict;
    return title;
}

std::string markdownBoard(const Board& board, const std::vector<int>& marked) {
    const std::set<int> shaded(marked.begin(), marked.end());
    const GridSize size = gridSize(board);
    const auto [boxRows, boxColumns] = boxShape(board);
    std::string text = "```\n";
    for (int row = 0; row < size.rows; ++row) {
        if (boxRows && row && row % boxRows == 0) {
            for (int column = 0; column < size.columns; ++column)
                text += (boxColumns && column && column % boxColumns == 0) ? "+---" : "---";
            text += "\n";
        }
        for (int column = 0; column < size.columns; ++column) {
            if (boxColumns && column && column % boxColumns == 0) text += "|";
            const int cell = row * size.columns + column;
            const std::string token = cellToken(board, cell);
            const bool mark = shaded.count(cell) > 0;
            std::string padded = (mark ? "[" : " ") + token + (mark ? "]" : " ");
            while (padded.size() < 3) padded += ' ';
            text += padded;
        }
        text += "\n";
    }
    return text + "```\n";
}

// Givens in black, what the algorithm placed in blue, as on the window's board.
std::string htmlBoard(const Board& board, const Board& start, const std::vector<int>& marked) {
    const std::set<int> shaded(marked.begin(), marked.end());
    const GridSize size = gridSize(board);
    const auto [boxRows, boxColumns] = boxShape(board);
    const bool nurikabe = std::holds_alternative<NurikabeGrid>(board);
    std::string html = "<table class='board' cellspacing='0' cellpadding='5'>\n";
    for (int row = 0; row < size.rows; ++row) {
        html += "<tr>";
        for (int column = 0; column < size.columns; ++column) {
            const int cell = row * size.columns + column;
            std::string classes;
            if (boxRows && row % boxRows == 0) classes += " top";
            if (boxColumns && column % boxColumns == 0) classes += " left";
            std::string token = cellToken(board, cell);
            if (nurikabe && token == "#") {
                classes += " river";
                token.clear();
            } else if (nurikabe && token == "o") {
                token = "•";
            } else if (token == ".") {
                token.clear();
            } else if (!nurikabe && cellValue(start, cell) == 0) {
                classes += " placed";
            }
            if (shaded.count(cell)) classes += " marked";
            html += "<td" + (classes.empty() ? std::string() : " class='" + classes.substr(1) + "'") + ">" + token +
                    "</td>";
        }
        html += "</tr>\n";
    }
    return html + "</table>\n";
}

}  // namespace

Handout collectHandout(const RunRecording& recording, std::uint64_t firstStep, std::uint64_t lastStep,
                       const std::atomic<bool>* cancel) {
    Handout handout;
    handout.recording = recording;
    handout.firstStep = firstStep;
    handout.lastStep = lastStep;
    const std::uint64_t runSteps = recording.result.counters.steps;
    if (firstStep < 1 || lastStep < firstStep) {
        handout.error = "the steps " + std::to_string(firstStep) + " to " + std::to_string(lastStep) +
                        " are no range: the first step is 1 and the last may not come before the first";
        return handout;
    }
    if (lastStep - firstStep + 1 > kMaxHandoutSteps) {
        handout.error = "a handout holds at most " + std::to_string(kMaxHandoutSteps) + " steps; " +
                        std::to_string(lastStep - firstStep + 1) + " were asked for";
        return handout;
    }
    if (firstStep > runSteps) {
        handout.error = "the run took " + std::to_string(runSteps) + " steps; step " + std::to_string(firstStep) +
                        " is not among them";
        return handout;
    }
    std::atomic<bool> pastLast = false;
    HandoutSink sink(handout, recording.puzzle.startBoard(), pastLast);
    replayRecording(recording, &sink, {&pastLast, cancel});
    sink.closeOpenStep();
    return handout;
}

std::string handoutMarkdown(const Handout& handout) {
    const RunRecording& run = handout.recording;
    std::ostringstream out;
    out << "# " << algorithmName(run) << ": steps " << handout.firstStep << " to " << handout.lastStep << "\n\n"
        << "- Puzzle: " << run.puzzle.id << " (" << puzzleKindName(run.puzzle.kind()) << ")\n"
        << "- Seed: " << run.seed << "\n"
        << "- Parameters: " << parametersText(run) << "\n"
        << "- The run: " << run.result.counters.steps << " steps, " << outcomeName(run.result.outcome) << " ("
        << run.result.reason << ")\n\n"
        << "Cells in [brackets] are the ones the step is about.\n";
    if (handout.steps.empty()) out << "\nThe algorithm explained none of these steps.\n";
    for (const HandoutStep& step : handout.steps) {
        const DecisionDetail& detail = step.decision.detail();
        out << "\n## " << stepTitle(step) << "\n\n" << detail.text << "\n";
        if (!detail.values.empty()) {
            out << "\n| value | |\n|---|---|\n";
            for (const DecisionValue& value : detail.values)
                out << "| " << value.name << " | " << valueText(value.value) << " |\n";
        }
        if (!detail.listLabel.empty()) {
            out << "\n" << detail.listLabel << " (" << detail.list.size() << "):";
            for (const std::string& entry : detail.list) out << " " << entry << ";";
            out << "\n";
        }
        out << "\n" << markdownBoard(step.board, detail.cells);
    }
    return out.str();
}

std::string handoutHtml(const Handout& handout) {
    const RunRecording& run = handout.recording;
    const Board start = run.puzzle.startBoard();
    std::ostringstream out;
    const std::string title = algorithmName(run) + ": steps " + std::to_string(handout.firstStep) + " to " +
                              std::to_string(handout.lastStep);
    out << "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>" << htmlEscaped(title) << "</title>\n"
        << "<style>\n"
           "body { font-family: sans-serif; max-width: 46em; margin: 2em auto; }\n"
           "section { page-break-inside: avoid; margin-bottom: 1.5em; }\n"
           "table.values td { padding: 0 1em 0 0; }\n"
           "table.board { border-collapse: collapse; border: 2px solid black; margin-top: 0.5em; }\n"
           "table.board { font-size: 1.25em; }\n"
           "table.board td { width: 1.4em; height: 1.4em; text-align: center; border: 1px solid #999; }\n"
           "table.board td.placed { color: #1a4f9c; }\n"
           "table.board td.top { border-top: 2px solid black; }\n"
           "table.board td.left { border-left: 2px solid black; }\n"
           "table.board td.river { background: #333; }\n"
           "table.board td.marked { background: #ffd54f; font-weight: bold; }\n"
           "table.board td.river.marked { background: #8d6e00; }\n"
           ".accepted { color: #1b5e20; } .refused { color: #b71c1c; }\n"
           "</style></head><body>\n"
        << "<h1>" << htmlEscaped(title) << "</h1>\n<ul>\n"
        << "<li>Puzzle: " << htmlEscaped(run.puzzle.id) << " (" << puzzleKindName(run.puzzle.kind()) << ")</li>\n"
        << "<li>Seed: " << run.seed << "</li>\n"
        << "<li>Parameters: " << htmlEscaped(parametersText(run)) << "</li>\n"
        << "<li>The run: " << run.result.counters.steps << " steps, " << outcomeName(run.result.outcome) << " ("
        << htmlEscaped(run.result.reason) << ")</li>\n</ul>\n"
        << "<p>Shaded cells are the ones the step is about.</p>\n";
    if (handout.steps.empty()) out << "<p>The algorithm explained none of these steps.</p>\n";
    for (const HandoutStep& step : handout.steps) {
        const DecisionDetail& detail = step.decision.detail();
        const std::string verdict = verdictText(detail);
        out << "<section>\n<h2>Step " << step.decision.at.steps << ": " << htmlEscaped(detail.action);
        if (!verdict.empty()) out << ", <span class='" << verdict << "'>" << verdict << "</span>";
        out << "</h2>\n<p>" << htmlEscaped(detail.text) << "</p>\n";
        if (!detail.values.empty()) {
            out << "<table class='values'>\n";
            for (const DecisionValue& value : detail.values)
                out << "<tr><td>" << htmlEscaped(value.name) << "</td><td>" << valueText(value.value) << "</td></tr>\n";
            out << "</table>\n";
        }
        if (!detail.listLabel.empty()) {
            out << "<p>" << htmlEscaped(detail.listLabel) << " (" << detail.list.size() << "):";
            for (const std::string& entry : detail.list) out << " " << htmlEscaped(entry) << ";";
            out << "</p>\n";
        }
        out << htmlBoard(step.board, start, detail.cells) << "</section>\n";
    }
    out << "</body></html>\n";
    return out.str();
}

}  // namespace pw
