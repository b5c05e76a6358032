#include "sudoku/sudoku.h"

#include "test_support.h"

#include <gtest/gtest.h>

#include <random>

namespace pw {
namespace {

TEST(SudokuShapeTest, SupportedSizesHaveTheirBoxes) {
    SudokuShape shape;
    ASSERT_TRUE(SudokuShape::fromSize(6, shape));
    EXPECT_EQ(shape.boxRows, 2);
    EXPECT_EQ(shape.boxColumns, 3);
    ASSERT_TRUE(SudokuShape::fromSize(16, shape));
    EXPECT_EQ(shape.cellCount(), 256);
    EXPECT_FALSE(SudokuShape::fromSize(8, shape));
    EXPECT_EQ(SudokuShape{}.name(), "9x9 (3x3 boxes)");
}

TEST(SudokuGeometryTest, UnitsAndPeers) {
    const auto& g = SudokuGeometry::of({3, 3});
    EXPECT_EQ(g.peerCount, 20);
    // r5c5 (cell 40) lies in row 4, column 4 (unit 13) and the centre box (unit 22).
    EXPECT_EQ(g.cellUnits[40][0], 4);
    EXPECT_EQ(g.cellUnits[40][1], 13);
    EXPECT_EQ(g.cellUnits[40][2], 22);
    EXPECT_EQ(g.box(80), 8);
    const auto& six = SudokuGeometry::of({2, 3});
    EXPECT_EQ(six.peerCount, 12);  // 5 in row + 5 in column + 2 more in the 2x3 box
    EXPECT_EQ(six.box(3), 1);      // r1c4 is in the second box of the first band
    EXPECT_EQ(six.box(6 * 2), 2);  // r3c1 starts the second band
    EXPECT_EQ(SudokuGeometry::of({4, 4}).peerCount, 39);
}

TEST(SudokuGridTest, LegalDigitsAndConflicts) {
    SudokuGrid grid = test::sudokuFromLine(test::kPillayFigure1);
    // r1c2: its row holds 1 4 5 9, its column 1 2, its box 3 4 7 8: only 6 is left.
    EXPECT_EQ(grid.legalDigits(1), digitBit(6));
    EXPECT_EQ(grid.legalDigits(2), digitBit(2) | digitBit(6));
    EXPECT_FALSE(grid.hasConflicts());
    grid.setValue(1, 4);  // a second 4 in row 1 and box 1
    const auto conflicts = grid.conflicts();
    ASSERT_EQ(conflicts.size(), 2u);
    EXPECT_EQ(conflicts[0].unitKind, UnitKind::Row);
    EXPECT_EQ(conflicts[0].digit, 4);
    EXPECT_EQ(conflicts[0].cells, (std::vector<int>{0, 1}));
    EXPECT_EQ(conflicts[1].unitKind, UnitKind::Box);
    EXPECT_TRUE(grid.hasConflicts());
    EXPECT_FALSE(grid.isSolved());
}

// hasConflicts() is the quick test and conflicts() the list: both must see the same repeats, in rows, columns
// and boxes of every shape, with any number of empty cells.
TEST(SudokuGridTest, TheQuickConflictTestAgreesWithTheListOnEveryShape) {
    std::mt19937 random(17);
    for (const SudokuShape shape : {SudokuShape{2, 2}, SudokuShape{2, 3}, SudokuShape{3, 3}, SudokuShape{4, 4}}) {
        const int n = shape.size();
        int withRepeats = 0;
        for (int trial = 0; trial < 2000; ++trial) {
            SudokuGrid grid(shape);
            // A few digits placed at random: some grids repeat one, some do not.
            const int placed = static_cast<int>(random() % static_cast<unsigned>(2 * n));
            for (int k = 0; k < placed; ++k)
                grid.setValue(static_cast<int>(random() % static_cast<unsigned>(shape.cellCount())),
                              1 + static_cast<int>(random() % static_cast<unsigned>(n)));
            const bool listed = !grid.conflicts().empty();
            withRepeats += listed;
            ASSERT_EQ(grid.hasConflicts(), listed) << shape.name() << ", trial " << trial;
        }
        EXPECT_GT(withRepeats, 200) << shape.name();
        EXPECT_LT(withRepeats, 1800) << shape.name();
    }
    // A repeat in a column only, a row only and a box only, each alone; and the largest digit of 16x16.
    for (const auto& [first, second] : {std::pair{0, 72}, std::pair{0, 8}, std::pair{0, 10}}) {
        SudokuGrid grid;
        grid.setValue(first, 9);
        grid.setValue(second, 9);
        EXPECT_TRUE(grid.hasConflicts()) << "cells " << first << " and " << second;
        grid.setValue(second, 8);
        EXPECT_FALSE(grid.hasConflicts()) << "cells " << first << " and " << second;
    }
    SudokuGrid big(SudokuShape{4, 4});
    big.setValue(0, 16);
    big.setValue(255, 16);  // other row, column and box
    EXPECT_FALSE(big.hasConflicts());
    big.setValue(15, 16);  // r1c16: the row of cell 0 and the column of cell 255
    EXPECT_TRUE(big.hasConflicts());
}

TEST(SudokuGridTest, CopiesKeepEveryCellAcrossShapes) {
    SudokuGrid big(SudokuShape{4, 4});
    big.setValue(0, 16);
    big.setValue(255, 3);
    big.setMarks(200, 0x8001);
    SudokuGrid small;  // 9x9
    small.setValue(80, 9);
    small.setMarks(5, 0x0006);
    SudokuGrid target = small;
    EXPECT_EQ(target, small);
    target = big;  // a larger shape over a smaller one
    EXPECT_EQ(target, big);
    EXPECT_EQ(target.value(255), 3);
    EXPECT_EQ(target.marks(200), 0x8001);
    target = small;  // and back
    EXPECT_EQ(target, small);
    EXPECT_EQ(target.shape(), (SudokuShape{3, 3}));
    const SudokuGrid& same = target;
    target = same;  // onto itself
    EXPECT_EQ(target.value(80), 9);
    EXPECT_EQ(target.marks(5), 0x0006);
    const SudokuGrid copied(big);
    EXPECT_EQ(copied, big);
    EXPECT_EQ(copied.marks(200), 0x8001);
}

TEST(SudokuGridTest, MovesApplyAndInvert) {
    const SudokuGrid start = test::sudokuFromLine(test::kPillayFigure1);
    SudokuGrid grid = start;
    const Move moves[] = {Move::place(1, 3), Move::place(0, 7, 4), Move::swap(0, 3), Move::erase(4, 5),
                          Move::restore(2, 6), Move::eliminate(2, 6), Move::restore(2, 8)};
    for (const Move& move : moves) {
        SudokuGrid before = grid;
        grid.apply(move);
        EXPECT_FALSE(grid == before) << moveKindName(move.kind);
        SudokuGrid undone = grid;
        undone.apply(SudokuGrid::inverse(move));
        EXPECT_EQ(undone, before) << moveKindName(move.kind);
    }
    EXPECT_EQ(grid.value(0), 9);  // 7 swapped with the 9 of r1c4
    EXPECT_EQ(grid.value(3), 7);
    EXPECT_EQ(grid.marks(2), digitBit(8));
    SudokuGrid outOfRange = start;
    outOfRange.apply(Move::place(500, 3));
    EXPECT_EQ(outOfRange, start);
}

TEST(SudokuGridTest, SolvedGridKeepsGivens) {
    const std::string solution =
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
    const SudokuGrid solved = test::sudokuFromLine(solution);
    EXPECT_TRUE(solved.isSolved());
    EXPECT_TRUE(solved.keepsGivens(test::sudokuFromLine(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")));
    EXPECT_FALSE(solved.keepsGivens(test::sudokuFromLine(test::kPillayFigure1)));
}

TEST(SudokuGridTest, NamesAndDigits) {
    EXPECT_EQ(cellName(SudokuShape{}, 24), "r3c7");
    EXPECT_EQ(digitChar(9), '9');
    EXPECT_EQ(digitChar(16), 'G');
    EXPECT_EQ(digitValue('G', 16), 16);
    EXPECT_EQ(digitValue('g', 16), 16);
    EXPECT_EQ(digitValue('A', 9), 0);
    EXPECT_EQ(digitValue('7', 6), 0);
}

}  // namespace
}  // namespace pw
