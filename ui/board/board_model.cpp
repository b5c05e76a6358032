#include "board/board_model.h"

#include "puzzle/puzzle_kind.h"

#include <algorithm>

namespace pw::ui {

BoardModel::BoardModel(QObject* parent) : QObject(parent) {
    Puzzle empty = emptySudoku();  // a placeholder until the window sets its first puzzle
    empty.id = "empty";
    empty.origin.clear();
    setPuzzle(empty);
}

int BoardModel::rows() const { return gridSize(m_board).rows; }

int BoardModel::columns() const { return gridSize(m_board).columns; }

void BoardModel::setPuzzle(const Puzzle& puzzle) {
    m_puzzle = puzzle;
    resetToGivens();
    emit puzzleChanged();
}

void BoardModel::setMistakeCells(const std::vector<int>& cells) {
    std::vector<bool> mistakes(cellCount(), false);
    for (int cell : cells)
        if (cell >= 0 && cell < cellCount()) mistakes[cell] = true;
    std::vector<int> changed;
    for (int cell = 0; cell < cellCount(); ++cell)
        if (mistakes[cell] != isMistake(cell)) changed.push_back(cell);
    m_mistakes = std::move(mistakes);
    announce(changed);
}

void BoardModel::setMistake(int cell, bool wrong) {
    if (cell < 0 || cell >= cellCount() || isMistake(cell) == wrong) return;
    m_mistakes.resize(cellCount(), false);
    m_mistakes[cell] = wrong;
    std::vector<int> changed{cell};
    announce(changed);
}

void BoardModel::resetToGivens() {
    m_board = m_puzzle.startBoard();
    const int count = cellCount();
    m_origins.assign(count, CellOrigin::Empty);
    for (int cell = 0; cell < count; ++cell)
        if (cellValue(m_board, cell) != 0) m_origins[cell] = CellOrigin::Given;
    m_conflicts.assign(count, false);
    m_conflictCount = 0;
    m_solverCandidates.clear();
    m_heatMap.clear();
    m_heatMapLabel.clear();
    m_heatMaps.clear();
    m_lastMove.reset();
    m_highlighted.assign(count, false);
    m_mistakes.assign(count, false);
    m_sourceMarks.clear();
    m_sourceNames.clear();
    std::vector<int> ignored;
    recomputeConflicts(ignored);
    emit boardReset();
    emit heatMapChanged();
    emit conflictsChanged(m_conflictCount);
}

void BoardModel::clearRunOverlays() {
    std::vector<int> changed;
    for (int cell = 0; cell < static_cast<int>(m_solverCandidates.size()); ++cell)
        if (m_solverCandidates[cell]) changed.push_back(cell);
    m_solverCandidates.clear();
    if (m_lastMove) {
        changed.push_back(m_lastMove->cell);
        if (m_lastMove->otherCell >= 0) changed.push_back(m_lastMove->otherCell);
        m_lastMove.reset();
    }
    for (int cell = 0; cell < static_cast<int>(m_highlighted.size()); ++cell)
        if (m_highlighted[cell]) changed.push_back(cell);
    m_highlighted.assign(m_highlighted.size(), false);
    const bool hadHeatMap = !m_heatMap.empty();
    m_heatMap.clear();
    m_heatMapLabel.clear();
    m_heatMaps.clear();
    announce(changed);
    if (hadHeatMap) emit heatMapChanged();
}

void BoardModel::setHighlightedCells(const std::vector<int>& cells) {
    std::vector<bool> highlighted(cellCount(), false);
    for (int cell : cells)
        if (cell >= 0 && cell < cellCount()) highlighted[cell] = true;
    std::vector<int> changed;
    for (int cell = 0; cell < cellCount(); ++cell)
        if (highlighted[cell] != isHighlighted(cell)) changed.push_back(cell);
    m_highlighted = std::move(highlighted);
    announce(changed);
}

void BoardModel::setSourceMarks(const std::vector<int>& marks, const QStringList& names) {
    std::vector<int> changed;
    for (int cell = 0; cell < cellCount(); ++cell)
        if (sourceMark(cell) != (cell < static_cast<int>(marks.size()) ? marks[cell] : 0)) changed.push_back(cell);
    m_sourceMarks = marks;
    m_sourceNames = names;
    announce(changed);
}

bool BoardModel::acceptsMove(const Move& move) const {
    const int count = cellCount();
    if (move.cell < 0 || move.cell >= count) return false;
    if (isGiven(move.cell)) return false;
    return std::visit(Overloaded{[&](const SudokuGrid& grid) {
                                     if (move.kind == MoveKind::Shade) return false;
                                     if (move.kind == MoveKind::Swap)
                                         return move.otherCell >= 0 && move.otherCell < count &&
                                                !isGiven(move.otherCell);
                                     if (move.kind == MoveKind::Erase) return true;
                                     return move.value >= 1 && move.value <= grid.size();
                                 },
                                 [&](const NurikabeGrid&) {
                                     return move.kind == MoveKind::Shade &&
                                            move.value <= static_cast<int>(NurikabeCell::Island);
                                 }},
                      m_board);
}

void BoardModel::applyOne(const Move& move, CellOrigin origin, std::vector<int>& changed) {
    if (!acceptsMove(move)) return;
    const bool candidateMove = move.kind == MoveKind::EliminateCandidate || move.kind == MoveKind::RestoreCandidate;
    if (origin == CellOrigin::Solver && candidateMove && isSudoku()) {
        // A solver's candidate moves change its candidate table (prefiltering), not the player's pencil marks.
        if (m_solverCandidates.size() != static_cast<std::size_t>(cellCount())) m_solverCandidates.assign(cellCount(), 0);
        const auto bit = static_cast<std::uint16_t>(1u << (move.value - 1));
        auto& candidates = m_solverCandidates[static_cast<std::size_t>(move.cell)];
        candidates = move.kind == MoveKind::EliminateCandidate ? static_cast<std::uint16_t>(candidates & ~bit)
                                                               : static_cast<std::uint16_t>(candidates | bit);
        changed.push_back(move.cell);
        m_lastMove = move;
        return;
    }
    std::visit(Overloaded{[&](SudokuGrid& grid) {
                              grid.apply(move);
                              auto originOf = [&](int cell) {
                                  return grid.isEmpty(cell) ? CellOrigin::Empty : origin;
                              };
                              m_origins[move.cell] = originOf(move.cell);
                              m_mistakes[move.cell] = false;
                              changed.push_back(move.cell);
                              if (move.kind == MoveKind::Swap) {
                                  m_origins[move.otherCell] = originOf(move.otherCell);
                                  m_mistakes[move.otherCell] = false;
                                  changed.push_back(move.otherCell);
                              }
                          },
                          [&](NurikabeGrid& grid) {
                              grid.apply(move);
                              m_origins[move.cell] =
                                  grid.state(move.cell) == NurikabeCell::Unknown ? CellOrigin::Empty : origin;
                              m_mistakes[move.cell] = false;
                              changed.push_back(move.cell);
                          }},
               m_board);
    m_lastMove = move;
}

void BoardModel::applyMoves(std::span<const Move> moves, CellOrigin origin, bool animate) {
    if (moves.empty()) return;
    std::vector<int> changed;
    if (m_lastMove) {
        changed.push_back(m_lastMove->cell);
        if (m_lastMove->otherCell >= 0) changed.push_back(m_lastMove->otherCell);
    }
    for (const Move& move : moves) applyOne(move, origin, changed);
    announce(changed);
    emit lastMoveChanged(animate);
}

void BoardModel::applyMove(const Move& move, CellOrigin origin, bool animate) {
    applyMoves(std::span<const Move>(&move, 1), origin, animate);
}

void BoardModel::setBoard(const Board& board, CellOrigin origin) {
    if (board.index() != m_board.index()) return;
    std::vector<int> changed;
    // Both boards are of one kind (checked above), so the visitor takes the model's grid of the same type.
    std::visit(Overloaded{[&](SudokuGrid& mine) {
                              const auto& other = std::get<SudokuGrid>(board);
                              if (other.shape() != mine.shape()) return;
                              for (int cell = 0; cell < mine.cellCount(); ++cell) {
                                  if (isGiven(cell)) continue;
                                  if (other.value(cell) != mine.value(cell) ||
                                      other.marks(cell) != mine.marks(cell)) {
                                      mine.setValue(cell, other.value(cell));
                                      mine.setMarks(cell, other.marks(cell));
                                      m_origins[cell] = mine.isEmpty(cell) ? CellOrigin::Empty : origin;
                                      m_mistakes[cell] = false;
                                      changed.push_back(cell);
                                  }
                              }
                          },
                          [&](NurikabeGrid& mine) {
                              const auto& other = std::get<NurikabeGrid>(board);
                              if (!mine.sameClues(other)) return;
                              for (int cell = 0; cell < mine.cellCount(); ++cell) {
                                  if (isGiven(cell) || other.state(cell) == mine.state(cell)) continue;
                                  mine.setState(cell, other.state(cell));
                                  m_origins[cell] =
                                      mine.state(cell) == NurikabeCell::Unknown ? CellOrigin::Empty : origin;
                                  m_mistakes[cell] = false;
                                  changed.push_back(cell);
                              }
                          }},
               m_board);
    announce(changed);
}

void BoardModel::setSolverCandidates(const std::vector<std::uint16_t>& candidates) {
    if (static_cast<int>(candidates.size()) != cellCount() || !isSudoku()) return;
    std::vector<int> changed;
    for (int cell = 0; cell < cellCount(); ++cell) {
        const std::uint16_t before = cell < static_cast<int>(m_solverCandidates.size()) ? m_solverCandidates[cell] : 0;
        if (before != candidates[cell]) changed.push_back(cell);
    }
    m_solverCandidates = candidates;
    announce(changed);
}

void BoardModel::setHeatMap(const QString& label, const std::vector<double>& values) {
    if (static_cast<int>(values.size()) != cellCount()) return;
    bool replaced = false;
    for (auto& [name, map] : m_heatMaps)
        if (name == label) {
            map = values;
            replaced = true;
        }
    if (!replaced) m_heatMaps.emplace_back(label, values);
    if (m_heatMap.empty() || m_heatMapLabel == label) {
        m_heatMapLabel = label;
        m_heatMap = values;
    }
    emit heatMapChanged();
}

QStringList BoardModel::heatMapLabels() const {
    QStringList labels;
    for (const auto& entry : m_heatMaps) labels.append(entry.first);
    return labels;
}

void BoardModel::showHeatMap(const QString& label) {
    for (const auto& [name, map] : m_heatMaps) {
        if (name != label) continue;
        m_heatMapLabel = name;
        m_heatMap = map;
        emit heatMapChanged();
    }
}

void BoardModel::recomputeConflicts(std::vector<int>& changed) {
    std::vector<bool> conflicts(cellCount(), false);
    QStringList brokenRules;
    std::visit(Overloaded{[&](const SudokuGrid& grid) {
                              for (const SudokuConflict& conflict : grid.conflicts())
                                  for (int cell : conflict.cells)
                                      if (grid.value(cell) == conflict.digit) conflicts[cell] = true;
                          },
                          [&](const NurikabeGrid& nurikabeGrid) {
                              bool undecided = false;
                              for (int cell = 0; cell < nurikabeGrid.cellCount() && !undecided; ++cell)
                                  undecided = nurikabeGrid.state(cell) == NurikabeCell::Unknown;
                              for (const NurikabeViolation& violation : nurikabeGrid.violations()) {
                                  // While cells are undecided only the rules no later cell can repair are
                                  // shown as conflicts.
                                  const bool final = violation.rule == NurikabeRule::Pool ||
                                                     violation.rule == NurikabeRule::TwoCluesInIsland;
                                  if (violation.rule == NurikabeRule::Undecided || (undecided && !final))
                                      continue;
                                  brokenRules.append(QStringLiteral("%1: %2").arg(
                                      QString::fromLatin1(nurikabeRuleName(violation.rule)),
                                      QString::fromStdString(violation.message)));
                                  for (int cell : violation.cells)
                                      if (cell >= 0 && cell < cellCount()) conflicts[cell] = true;
                              }
                          }},
               m_board);
    int count = 0;
    for (int cell = 0; cell < cellCount(); ++cell) {
        if (conflicts[cell] != m_conflicts[cell]) changed.push_back(cell);
        count += conflicts[cell] ? 1 : 0;
    }
    m_conflicts = std::move(conflicts);
    if (brokenRules != m_brokenRules) {
        m_brokenRules = std::move(brokenRules);
        emit brokenRulesChanged(m_brokenRules);
    }
    if (count != m_conflictCount) {
        m_conflictCount = count;
        emit conflictsChanged(count);
    }
}

void BoardModel::announce(std::vector<int>& changed) {
    if (!changed.empty()) recomputeConflicts(changed);
    std::sort(changed.begin(), changed.end());
    changed.erase(std::unique(changed.begin(), changed.end()), changed.end());
    for (int cell : changed) emit cellChanged(cell);
}

}  // namespace pw::ui
