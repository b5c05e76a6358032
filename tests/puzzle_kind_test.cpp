// The puzzle-kind contract (puzzle/puzzle_kind.h, io/puzzle_text.h) on a small puzzle of every kind.

#include "io/formats.h"
#include "io/puzzle_text.h"
#include "puzzle/puzzle_kind.h"
#include "test_support.h"

#include <gtest/gtest.h>

namespace pw {
namespace {

Puzzle sudokuPuzzle(const SudokuGrid& givens, std::optional<SudokuGrid> solution = std::nullopt) {
    return Puzzle{"sudoku", "test:1", SudokuPuzzle{givens, std::move(solution)}};
}

Puzzle nurikabePuzzle(const std::vector<std::string>& rows) {
    NurikabeGrid clues(static_cast<int>(rows.size()), static_cast<int>(rows[0].size()));
    for (int cell = 0; cell < clues.cellCount(); ++cell) {
        const char ch = rows[clues.row(cell)][clues.column(cell)];
        if (ch >= '1' && ch <= '9') clues.setClue(cell, ch - '0');
    }
    return Puzzle{"nurikabe", "test:1", NurikabePuzzle{clues, std::nullopt}};
}

TEST(PuzzleKindTest, EveryKindHasItsName) {
    EXPECT_STREQ(puzzleKindName(PuzzleKind::Sudoku), "sudoku");
    EXPECT_STREQ(puzzleKindName(PuzzleKind::Nurikabe), "nurikabe");
    EXPECT_EQ(sudokuPuzzle(test::sudokuFromLine(test::kPillayFigure1)).kind(), PuzzleKind::Sudoku);
    EXPECT_EQ(nurikabePuzzle({"1.."}).kind(), PuzzleKind::Nurikabe);
}

TEST(PuzzleKindTest, SudokuStartsFromItsGivensAndIsSolvedOnlyByAValidCompletion) {
    const Puzzle puzzle = sudokuPuzzle(test::sudokuFromLine(test::kPillayFigure1));
    const Board start = puzzle.startBoard();
    ASSERT_TRUE(std::holds_alternative<SudokuGrid>(start));
    EXPECT_EQ(gridSize(start).rows, 9);
    EXPECT_EQ(gridSize(start).columns, 9);
    for (int cell = 0; cell < 81; ++cell)
        EXPECT_EQ(cellValue(start, cell) != 0, test::kPillayFigure1[cell] != '.') << cell;
    EXPECT_EQ(boardLine(start), test::kPillayFigure1.substr(0, 81));
    EXPECT_FALSE(puzzle.isSolvedBy(start));

    const SolutionCount count = countSolutions(puzzle);
    EXPECT_TRUE(count.decided);
    EXPECT_EQ(count.found, 1);
    EXPECT_STREQ(count.verdict(), "unique");
    ASSERT_TRUE(count.first.has_value());
    EXPECT_TRUE(puzzle.isSolvedBy(*count.first));
    // A solved board of the other kind never solves it.
    EXPECT_FALSE(puzzle.isSolvedBy(Board{NurikabeGrid(9, 9)}));
    // A complete grid that changes a given does not either.
    SudokuGrid changed = std::get<SudokuGrid>(*count.first);
    const int given = static_cast<int>(test::kPillayFigure1.find_first_not_of(".0"));
    changed.setValue(given, changed.value(given) % 9 + 1);
    EXPECT_FALSE(puzzle.isSolvedBy(Board{changed}));
}

TEST(PuzzleKindTest, SudokuCountsSeveralAndNoneAndReportsTheNodeLimitAsUndecided) {
    const SudokuGrid empty(SudokuShape{});
    EXPECT_STREQ(countSolutions(sudokuPuzzle(empty)).verdict(), "multiple");
    SudokuGrid clash(SudokuShape{});
    clash.setValue(0, 5);
    clash.setValue(1, 5);
    EXPECT_STREQ(countSolutions(sudokuPuzzle(clash)).verdict(), "none");

    // One node cannot decide the empty grid: the count is a lower bound, and says so.
    const SolutionCount cut = countSolutions(sudokuPuzzle(empty), 2, 1);
    EXPECT_FALSE(cut.decided);
    EXPECT_LT(cut.found, 2);
    EXPECT_STREQ(cut.verdict(), "undecided");
    EXPECT_EQ(cut.nodes, 1u);
}

TEST(PuzzleKindTest, ABudgetOfTimeAndAStopFlagEndsACountAsUndecidedAndOtherwiseChangesNothing) {
    const Puzzle escargot = sudokuPuzzle(test::sudokuFromLine(test::kAiEscargot));
    const Puzzle nurikabe = nurikabePuzzle({"2.", ".."});
    for (const Puzzle* puzzle : {&escargot, &nurikabe}) {
        // Without time or flag the budget visits the very nodes of the plain node limit.
        const SolutionCount plain = countSolutions(*puzzle, 2, kSolutionSearchNodeLimit);
        const SolutionCount budgeted = countSolutions(*puzzle, 2, SearchBudget{});
        EXPECT_TRUE(budgeted.decided);
        EXPECT_EQ(budgeted.endedBy, nullptr);
        EXPECT_EQ(budgeted.nodes, plain.nodes);
        EXPECT_STREQ(budgeted.verdict(), plain.verdict());

        SearchBudget late;
        late.deadline = std::chrono::steady_clock::now() + std::chrono::hours(1);
        EXPECT_EQ(countSolutions(*puzzle, 2, late).nodes, plain.nodes);

        SearchBudget past;
        past.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
        const SolutionCount timedOut = countSolutions(*puzzle, 2, past);
        EXPECT_FALSE(timedOut.decided);
        EXPECT_STREQ(timedOut.endedBy, "time limit");
        EXPECT_STREQ(timedOut.verdict(), "undecided");

        const std::atomic<bool> stop{true};
        SearchBudget stopped;
        stopped.stop = &stop;
        const SolutionCount cut = countSolutions(*puzzle, 2, stopped);
        EXPECT_FALSE(cut.decided);
        EXPECT_STREQ(cut.endedBy, "stopped");
        EXPECT_EQ(cut.nodes, 0u);

        SearchBudget oneNode;
        oneNode.nodeLimit = 1;
        EXPECT_STREQ(countSolutions(*puzzle, 5, oneNode).endedBy, "node limit");
    }
}

TEST(PuzzleKindTest, NurikabeStartsFromItsCluesAndCountsWithTheSameNodeLimitPolicy) {
    const Puzzle unique = nurikabePuzzle({"1.1", "..."});
    const Board start = unique.startBoard();
    ASSERT_TRUE(std::holds_alternative<NurikabeGrid>(start));
    EXPECT_EQ(gridSize(start).rows, 2);
    EXPECT_EQ(gridSize(start).columns, 3);
    // The clues are the givens: the start board's cells that are not open.
    for (int cell = 0; cell < 6; ++cell) EXPECT_EQ(cellValue(start, cell) != 0, cell == 0 || cell == 2) << cell;
    EXPECT_FALSE(unique.isSolvedBy(start));
    const SolutionCount count = countSolutions(unique);
    EXPECT_STREQ(count.verdict(), "unique");
    ASSERT_TRUE(count.first.has_value());
    EXPECT_TRUE(unique.isSolvedBy(*count.first));
    EXPECT_FALSE(unique.isSolvedBy(Board{SudokuGrid(SudokuShape{})}));

    EXPECT_STREQ(countSolutions(nurikabePuzzle({"2.", ".."})).verdict(), "multiple");
    EXPECT_STREQ(countSolutions(nurikabePuzzle({"22"})).verdict(), "none");
    const SolutionCount cut = countSolutions(nurikabePuzzle({"2.", ".."}), 5, 1);
    EXPECT_FALSE(cut.decided);
    EXPECT_STREQ(cut.verdict(), "undecided");
}

TEST(PuzzleKindTest, KnownSolutionIsTheSourcesAndFindSolutionFallsBackToTheSolver) {
    const SudokuGrid givens = test::sudokuFromLine(test::kPillayFigure1);
    const Puzzle without = sudokuPuzzle(givens);
    EXPECT_FALSE(knownSolution(without).has_value());
    const std::optional<Board> found = findSolution(without);
    ASSERT_TRUE(found.has_value());
    EXPECT_TRUE(without.isSolvedBy(*found));

    const Puzzle with = sudokuPuzzle(givens, std::get<SudokuGrid>(*found));
    ASSERT_TRUE(knownSolution(with).has_value());
    EXPECT_EQ(boardLine(*knownSolution(with)), boardLine(*found));
    EXPECT_FALSE(findSolution(sudokuPuzzle([] {
                     SudokuGrid clash(SudokuShape{});
                     clash.setValue(0, 5);
                     clash.setValue(1, 5);
                     return clash;
                 }()))
                     .has_value());
}

TEST(PuzzleKindTest, TheInverseOfAMoveRestoresTheBoardOfEveryKind) {
    SudokuGrid sudoku = test::sudokuFromLine(test::kPillayFigure1);
    const int empty = static_cast<int>(test::kPillayFigure1.find('.'));
    const std::string before = boardLine(sudoku);
    const Move place = Move::place(empty, 4, 0);
    sudoku.apply(place);
    EXPECT_NE(boardLine(sudoku), before);
    EXPECT_EQ(cellValue(Board{sudoku}, empty), 4);
    sudoku.apply(inverseMove(Board{sudoku}, place));
    EXPECT_EQ(boardLine(sudoku), before);

    NurikabeGrid nurikabe = std::get<NurikabeGrid>(nurikabePuzzle({"1..", "..."}).startBoard());
    const std::string start = boardLine(nurikabe);
    const Move shade = Move::shade(2, static_cast<int>(NurikabeCell::River), static_cast<int>(NurikabeCell::Unknown));
    nurikabe.apply(shade);
    EXPECT_EQ(nurikabe.state(2), NurikabeCell::River);
    EXPECT_EQ(cellValue(Board{nurikabe}, 2), static_cast<int>(NurikabeCell::River));
    nurikabe.apply(inverseMove(Board{nurikabe}, shade));
    EXPECT_EQ(nurikabe.state(2), NurikabeCell::Unknown);
    EXPECT_EQ(cellValue(Board{nurikabe}, 2), 0);  // open again
    EXPECT_EQ(boardLine(nurikabe), start);
}

TEST(PuzzleKindTest, TextFormsOfEveryKind) {
    const Puzzle sudoku = sudokuPuzzle(test::sudokuFromLine(test::kPillayFigure1));
    EXPECT_EQ(puzzleLine(sudoku), boardLine(sudoku.startBoard()));
    EXPECT_EQ(boardText(sudoku.startBoard()).back(), '\n');

    const Puzzle nurikabe = nurikabePuzzle({"1.1", "..."});
    EXPECT_EQ(puzzleLine(nurikabe).rfind("https://puzz.link/p?nurikabe/3/2/", 0), 0u);
    // The terminal form is the one-line form with one row per line.
    std::string rows = boardLine(nurikabe.startBoard());
    for (char& c : rows)
        if (c == '/') c = '\n';
    EXPECT_EQ(boardText(nurikabe.startBoard()), rows + "\n");
    // Both kinds round-trip through the file text.
    const auto again = parsePuzzles(formatPuzzles({sudoku, nurikabe}), "again");
    EXPECT_TRUE(again.errors.empty());
    ASSERT_EQ(again.puzzles.size(), 2u);
    EXPECT_EQ(puzzleLine(again.puzzles[0]), puzzleLine(sudoku));
    EXPECT_EQ(puzzleLine(again.puzzles[1]), puzzleLine(nurikabe));
}

TEST(PuzzleKindTest, ABoardBecomesAPuzzleOfItsKind) {
    // A Sudoku typed into a blank grid: its values become the givens, the player's pencil marks do not.
    Puzzle blank = emptySudoku();
    EXPECT_EQ(blank.id, "new 9x9 (3x3 boxes)");
    EXPECT_EQ(blank.origin, "<new>");
    SudokuGrid typed = std::get<SudokuPuzzle>(blank.content).givens;
    typed.setValue(0, 5);
    typed.setValue(80, 9);
    typed.setMarks(1, 0b100);
    const Puzzle made = puzzleFromBoard(blank, Board{typed});
    const SudokuGrid& givens = std::get<SudokuPuzzle>(made.content).givens;
    EXPECT_EQ(givens.value(0), 5);
    EXPECT_EQ(givens.value(80), 9);
    EXPECT_EQ(givens.filledCount(), 2);
    EXPECT_EQ(givens.marks(1), 0);  // no mark of the player's carried over
    EXPECT_EQ(boardAsPuzzleText(made, made.startBoard(), SudokuTextStyle::Line), formatSudoku(givens, SudokuTextStyle::Line));

    // A Nurikabe's clues are not edited on the board: it stays the puzzle it was; its text gains solution rows
    // once a cell is decided.
    const Puzzle nurikabe = nurikabePuzzle({"1.1", "..."});
    NurikabeGrid shaded = std::get<NurikabeGrid>(nurikabe.startBoard());
    EXPECT_EQ(puzzleLine(puzzleFromBoard(nurikabe, Board{shaded})), puzzleLine(nurikabe));
    const std::string cluesOnly = boardAsPuzzleText(nurikabe, Board{shaded}, SudokuTextStyle::Line);
    EXPECT_EQ(cluesOnly, formatNurikabe(shaded, nullptr, "nurikabe"));
    shaded.apply(Move::shade(1, static_cast<int>(NurikabeCell::River), 0));
    EXPECT_NE(boardAsPuzzleText(nurikabe, Board{shaded}, SudokuTextStyle::Line), cluesOnly);
}

}  // namespace
}  // namespace pw
