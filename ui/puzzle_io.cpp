#include "puzzle_io.h"

#include "puzzle/puzzle_kind.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

#include <algorithm>

namespace pw::ui {

namespace {

constexpr const char* kBuiltInSudoku =
    "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5";

PuzzleLoad fromCollection(PuzzleCollection&& collection) {
    PuzzleLoad load;
    load.puzzles = std::move(collection.puzzles);
    for (const ParseError& error : collection.errors) load.errors.append(QString::fromStdString(error.toString()));
    return load;
}

bool looksLikePath(const QString& argument) {
    if (argument.contains(QStringLiteral("?nurikabe/"))) return false;
    if (argument.contains(QLatin1Char('/')) || argument.contains(QLatin1Char('\\'))) return true;
    const QString suffix = QFileInfo(argument).suffix();
    return !suffix.isEmpty() && suffix.size() <= 5 && argument.size() < 200 &&
           std::any_of(suffix.begin(), suffix.end(), [](QChar c) { return c.isLetter(); }) &&
           std::all_of(suffix.begin(), suffix.end(), [](QChar c) { return c.isLetterOrNumber(); });
}

}  // namespace

PuzzleLoad loadPuzzlesFromFile(const QString& path) {
    return fromCollection(loadPuzzleFile(QDir::toNativeSeparators(path).toStdString()));
}

PuzzleLoad parsePuzzleText(const QString& text, const QString& sourceName) {
    return fromCollection(parsePuzzles(text.toStdString(), sourceName.toStdString()));
}

PuzzleLoad loadFileOrPuzzleString(const QString& argument) {
    const QFileInfo info(argument);
    if (info.isFile()) return loadPuzzlesFromFile(argument);
    if (info.isDir()) return {{}, {QStringLiteral("%1: is a folder, not a puzzle file").arg(argument)}};
    if (looksLikePath(argument)) return {{}, {QStringLiteral("%1: no such file").arg(argument)}};
    PuzzleLoad load = parsePuzzleText(argument, QStringLiteral("<argument>"));
    if (load.puzzles.empty() && load.errors.isEmpty())
        load.errors.append(QStringLiteral("<argument>: no puzzle found in \"%1\"").arg(argument.left(60)));
    return load;
}

Puzzle emptySudoku(SudokuShape shape) {
    Puzzle puzzle;
    puzzle.id = "new " + shape.name();
    puzzle.origin = "<new>";
    puzzle.content = SudokuPuzzle{SudokuGrid(shape), std::nullopt};
    return puzzle;
}

Puzzle defaultPuzzle(const QString& puzzlesDir) {
    const QDir dir(puzzlesDir);
    const QString preferred = dir.filePath(QStringLiteral("sudoku/from_papers.csv"));
    if (QFileInfo::exists(preferred)) {
        PuzzleLoad load = loadPuzzlesFromFile(preferred);
        for (Puzzle& puzzle : load.puzzles)
            if (puzzle.kind() == PuzzleKind::Sudoku) return puzzle;
    }
    if (dir.exists()) {
        QStringList files;
        QDirIterator it(puzzlesDir, {QStringLiteral("*.txt"), QStringLiteral("*.csv"), QStringLiteral("*.sdk"),
                                     QStringLiteral("*.ss")},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) files.append(it.next());
        files.sort();
        for (const QString& file : files) {
            PuzzleLoad load = loadPuzzlesFromFile(file);
            for (Puzzle& puzzle : load.puzzles)
                if (puzzle.kind() == PuzzleKind::Sudoku) return puzzle;
        }
    }
    PuzzleLoad builtIn = parsePuzzleText(QString::fromLatin1(kBuiltInSudoku), QStringLiteral("<built-in>"));
    if (!builtIn.puzzles.empty()) return builtIn.puzzles.front();
    return emptySudoku(SudokuShape{});
}

QString boardText(const Puzzle& puzzle, const Board& board, SudokuTextStyle style) {
    return std::visit(Overloaded{[&](const SudokuGrid& grid) { return QString::fromStdString(formatSudoku(grid, style)); },
                                 [&](const NurikabeGrid& grid) {
                                     bool decided = false;
                                     for (int cell = 0; cell < grid.cellCount() && !decided; ++cell)
                                         decided = grid.clue(cell) == 0 && grid.state(cell) != NurikabeCell::Unknown;
                                     const auto* nurikabe = std::get_if<NurikabePuzzle>(&puzzle.content);
                                     const NurikabeGrid& clues = nurikabe ? nurikabe->clues : grid;
                                     return QString::fromStdString(
                                         formatNurikabe(clues, decided ? &grid : nullptr, puzzle.id));
                                 }},
                      board);
}

Puzzle puzzleFromBoard(const Puzzle& puzzle, const Board& board) {
    Puzzle result = puzzle;
    std::visit(Overloaded{[&](const SudokuGrid& grid) {
                              // the values become the givens; pencil marks are the player's, not the puzzle's
                              SudokuGrid givens(grid.shape());
                              for (int cell = 0; cell < grid.cellCount(); ++cell) givens.setValue(cell, grid.value(cell));
                              result.content = SudokuPuzzle{givens, std::nullopt};
                          },
                          [](const NurikabeGrid&) {}},  // a Nurikabe's clues are not edited on the board
               board);
    return result;
}

}  // namespace pw::ui
