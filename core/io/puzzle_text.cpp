#include "io/puzzle_text.h"

#include "io/formats.h"
#include "puzzle/puzzle_kind.h"

namespace pw {

// ---- Sudoku

std::string puzzleLine(const SudokuPuzzle& puzzle) { return boardLine(puzzle.givens); }

void appendPuzzleText(std::string& text, const SudokuPuzzle& puzzle, const std::string&) {
    text += formatSudoku(puzzle.givens, SudokuTextStyle::Line);
}

std::string boardText(const SudokuGrid& board) { return formatSudoku(board, SudokuTextStyle::Grid); }

// ---- Nurikabe

std::string puzzleLine(const NurikabePuzzle& puzzle) { return formatNurikabeUrl(puzzle.clues); }

void appendPuzzleText(std::string& text, const NurikabePuzzle& puzzle, const std::string& id) {
    if (!text.empty()) text += "\n";  // a blank line between Nurikabe blocks
    // A "file:line" id is where the puzzle came from, not a name to write into a header. But a grid one cell
    // wide reads back as a grid only under a header, and a square one of a Sudoku's size (4, 6, 9, 16) with
    // clues of one character may read back as a Sudoku's givens (see isNurikabeParagraph): both get one.
    std::string header = id.find(':') == std::string::npos ? id : std::string();
    SudokuShape sudokuShape;
    const bool sudokuSized =
        puzzle.clues.width() == puzzle.clues.height() && SudokuShape::fromSize(puzzle.clues.width(), sudokuShape);
    if (header.empty() && (puzzle.clues.width() == 1 || sudokuSized)) header = "nurikabe";
    text += formatNurikabe(puzzle.clues, puzzle.solution ? &*puzzle.solution : nullptr, header);
}

std::string boardText(const NurikabeGrid& board) {
    std::string text = boardLine(board);
    for (char& c : text)
        if (c == '/') c = '\n';
    return text + "\n";
}

// ---- any kind

std::string puzzleLine(const Puzzle& puzzle) {
    return std::visit([](const auto& content) { return puzzleLine(content); }, puzzle.content);
}

std::string boardText(const Board& board) {
    return std::visit([](const auto& grid) { return boardText(grid); }, board);
}

std::string boardAsPuzzleText(const Puzzle& puzzle, const Board& board, SudokuTextStyle style) {
    return std::visit(Overloaded{[&](const SudokuGrid& grid) { return formatSudoku(grid, style); },
                                 [&](const NurikabeGrid& grid) {
                                     bool decided = false;
                                     for (int cell = 0; cell < grid.cellCount() && !decided; ++cell)
                                         decided = grid.clue(cell) == 0 && grid.state(cell) != NurikabeCell::Unknown;
                                     const auto* nurikabe = std::get_if<NurikabePuzzle>(&puzzle.content);
                                     const NurikabeGrid& clues = nurikabe ? nurikabe->clues : grid;
                                     return formatNurikabe(clues, decided ? &grid : nullptr, puzzle.id);
                                 }},
                      board);
}

}  // namespace pw
