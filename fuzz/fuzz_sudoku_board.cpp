// `puzzle-cli hint --board LINE`: the player's grid as one line, read against the puzzle's givens with the
// core calls the CLI makes (digitValue, setValue, keepsGivens), then the hint itself (hintFor). Input: the first line
// is the puzzle, the rest the board.
#include "io/formats.h"
#include "sudoku/logic.h"
#include "sudoku/sudoku.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const std::size_t newline = text.find('\n');
    if (newline == std::string::npos) return 0;
    const pw::PuzzleCollection collection = pw::parsePuzzles(text.substr(0, newline), "<puzzle>");
    if (collection.puzzles.size() != 1 || collection.puzzles[0].kind() != pw::PuzzleKind::Sudoku) return 0;
    const pw::SudokuGrid& givens = collection.puzzles[0].sudoku().givens;
    const std::string line = text.substr(newline + 1);
    if (line.size() != static_cast<std::size_t>(givens.cellCount())) return 0;
    pw::SudokuGrid board(givens.shape());
    for (int cell = 0; cell < board.cellCount(); ++cell) {
        const char c = line[static_cast<std::size_t>(cell)];
        const int digit = pw::digitValue(c, board.size());
        if (!digit && c != '.' && c != '0') return 0;
        board.setValue(cell, digit);
    }
    if (!board.keepsGivens(givens)) return 0;
    // Level and technique set from the board's first character, so every kind of hint is reached.
    const int level = 1 + static_cast<unsigned char>(line.empty() ? 0 : line[0]) % 3;
    const pw::TechniqueSet techniques = (line.size() % 2) ? pw::TechniqueSet::singlesOnly() : pw::TechniqueSet{};
    (void)pw::hintFor(givens, board, level, techniques);
    return 0;
}
