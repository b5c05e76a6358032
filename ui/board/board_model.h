#pragma once
// The puzzle state the board shows: the puzzle, the current grid, who put each value there, and what a run
// adds on top (solver candidates, a heat map, the last move). Changes are signalled per cell so the view
// repaints only what changed. Selection and animation are view state and live in BoardView.

#include "puzzle/puzzle.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <span>
#include <vector>

namespace pw::ui {

enum class CellOrigin : std::uint8_t { Empty, Given, Solver, User };

class BoardModel : public QObject {
    Q_OBJECT
public:
    explicit BoardModel(QObject* parent = nullptr);

    void setPuzzle(const Puzzle& puzzle);
    const Puzzle& puzzle() const { return m_puzzle; }
    const Board& board() const { return m_board; }
    bool isSudoku() const { return std::holds_alternative<SudokuGrid>(m_board); }
    const SudokuGrid& sudoku() const { return std::get<SudokuGrid>(m_board); }
    const NurikabeGrid& nurikabe() const { return std::get<NurikabeGrid>(m_board); }
    int rows() const;
    int columns() const;
    int cellCount() const { return rows() * columns(); }

    CellOrigin origin(int cell) const { return m_origins[cell]; }
    bool isGiven(int cell) const { return m_origins[cell] == CellOrigin::Given; }
    bool isConflict(int cell) const { return m_conflicts[cell]; }
    int conflictCount() const { return m_conflictCount; }
    // Nurikabe: the broken rules whose cells are shown as conflicts, named ("pool: 2x2 pool of river at r5c5").
    const QStringList& brokenRules() const { return m_brokenRules; }

    // Solver candidates (bit d-1 = digit d), shown as pencil marks in empty cells without user marks.
    const std::vector<std::uint16_t>& solverCandidates() const { return m_solverCandidates; }
    void setSolverCandidates(const std::vector<std::uint16_t>& candidates);

    const QString& heatMapLabel() const { return m_heatMapLabel; }
    const std::vector<double>& heatMap() const { return m_heatMap; }
    bool hasHeatMap() const { return !m_heatMap.empty(); }
    // Adds or replaces the heat map `label`; the first one of a run is shown until another is chosen.
    void setHeatMap(const QString& label, const std::vector<double>& values);
    QStringList heatMapLabels() const;
    void showHeatMap(const QString& label);

    const std::optional<Move>& lastMove() const { return m_lastMove; }

    // Cells a hint or a logic step is about, outlined on the board until replaced or cleared.
    bool isHighlighted(int cell) const { return cell < static_cast<int>(m_highlighted.size()) && m_highlighted[cell]; }
    void setHighlightedCells(const std::vector<int>& cells);
    void clearHighlights() { setHighlightedCells({}); }

    // Where each cell's value came from, on a board that shows a step's object (harmony's improvised harmony:
    // memory, pitch adjusted, random): 0 unmarked, otherwise 1 + an index into sourceNames(). Cleared by
    // resetToGivens.
    int sourceMark(int cell) const { return cell < static_cast<int>(m_sourceMarks.size()) ? m_sourceMarks[cell] : 0; }
    const QStringList& sourceNames() const { return m_sourceNames; }
    void setSourceMarks(const std::vector<int>& marks, const QStringList& names);

    // Applies moves in order; each changed cell is signalled once. Moves that would change a given, or that
    // do not fit the board, are ignored (a solver never needs them, and bad input must not crash).
    void applyMoves(std::span<const Move> moves, CellOrigin origin, bool animate = false);
    void applyMove(const Move& move, CellOrigin origin, bool animate = false);
    // Shows a whole board (a solver's snapshot or final board): cells that differ from the givens and are
    // not empty are marked with `origin`.
    void setBoard(const Board& board, CellOrigin origin);
    // Back to the givens: run state (candidates, heat map, last move) is cleared too.
    void resetToGivens();
    void clearRunOverlays();

    // Values shown as wrong (a Check, or instant mistakes): each mark lasts until its cell changes or the puzzle
    // is replaced.
    bool isMistake(int cell) const { return cell < static_cast<int>(m_mistakes.size()) && m_mistakes[cell]; }
    void setMistakeCells(const std::vector<int>& cells);
    void setMistake(int cell, bool wrong);

    // A move is valid for this board: right kind, cell in range, not a given.
    bool acceptsMove(const Move& move) const;

signals:
    void cellChanged(int cell);
    void puzzleChanged();  // after setPuzzle, once the new board is shown
    void boardReset();
    void heatMapChanged();
    void lastMoveChanged(bool animate);
    void conflictsChanged(int count);
    void brokenRulesChanged(const QStringList& rules);

private:
    void applyOne(const Move& move, CellOrigin origin, std::vector<int>& changed);
    void recomputeConflicts(std::vector<int>& changed);
    void announce(std::vector<int>& changed);

    Puzzle m_puzzle;
    Board m_board;
    std::vector<CellOrigin> m_origins;
    std::vector<bool> m_conflicts;
    int m_conflictCount = 0;
    QStringList m_brokenRules;
    std::vector<std::uint16_t> m_solverCandidates;
    QString m_heatMapLabel;
    std::vector<double> m_heatMap;
    std::vector<std::pair<QString, std::vector<double>>> m_heatMaps;
    std::optional<Move> m_lastMove;
    std::vector<bool> m_highlighted;
    std::vector<bool> m_mistakes;
    std::vector<int> m_sourceMarks;
    QStringList m_sourceNames;
};

}  // namespace pw::ui
