// Puzzle formats: detection, every reader and writer, round trips, errors that name their place, atomic
// writes, and the real data sets loading without a single error.

#include "io/csv_table.h"
#include "io/formats.h"
#include "io/output.h"
#include "io/recording.h"
#include "puzzle/puzzle_kind.h"
#include "sudoku/sudoku_exact.h"

#include "test_support.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <vector>
#include <sys/stat.h>

namespace pw {
namespace {

std::string readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

TEST(FormatsTest, ReadingOnePuzzleAtATimeGivesWhatParsingGives) {
    const std::string text = "# a mixed text\n" + test::kAiEscargot + "\nnot a puzzle\n\n" +
                             ". 2 .\n. . .\n3 . .\n\n" + std::string(81, '.') + "\n";
    const PuzzleCollection parsed = parsePuzzles(text, "mixed");
    ASSERT_EQ(parsed.puzzles.size(), 3u);
    ASSERT_EQ(parsed.errors.size(), 1u);
    std::vector<Puzzle> handed;
    const std::vector<ParseError> errors = readPuzzles(text, "mixed", [&handed](Puzzle&& puzzle) {
        handed.push_back(std::move(puzzle));
        return true;
    });
    ASSERT_EQ(handed.size(), parsed.puzzles.size());
    for (std::size_t i = 0; i < handed.size(); ++i) {
        EXPECT_EQ(handed[i].id, parsed.puzzles[i].id);
        EXPECT_EQ(handed[i].origin, parsed.puzzles[i].origin);
        EXPECT_EQ(handed[i].kind(), parsed.puzzles[i].kind());
        EXPECT_EQ(boardLine(handed[i].startBoard()), boardLine(parsed.puzzles[i].startBoard()));
    }
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].toString(), parsed.errors[0].toString());
    // A sink that wants no more ends the reading: nothing after it is read, and no error is made of it.
    int taken = 0;
    EXPECT_TRUE(readPuzzles(test::kAiEscargot + "\n" + test::kAiEscargot + "\n" + test::kAiEscargot + "\n", "three",
                            [&taken](Puzzle&&) { return ++taken < 2; })
                    .empty());
    EXPECT_EQ(taken, 2);
    EXPECT_EQ(readPuzzleFile("/no/such/file.txt", [](Puzzle&&) { return true; }).size(), 1u);
}

TEST(FormatsTest, ReadsOneLineSudokuWithEveryEmptyMarker) {
    std::string zeros = test::kPillayFigure1;
    std::string dashes = test::kPillayFigure1;
    for (char& c : zeros)
        if (c == '.') c = '0';
    for (char& c : dashes)
        if (c == '.') c = '-';
    const auto collection = parsePuzzles(test::kPillayFigure1 + "\n" + zeros + "  trailing note\n" + dashes, "x");
    ASSERT_TRUE(collection.errors.empty()) << collection.errors.front().toString();
    ASSERT_EQ(collection.puzzles.size(), 3u);
    for (const auto& puzzle : collection.puzzles) {
        ASSERT_EQ(puzzle.kind(), PuzzleKind::Sudoku);
        EXPECT_EQ(puzzle.sudoku().givens, test::sudokuFromLine(test::kPillayFigure1));
    }
    EXPECT_EQ(collection.puzzles[1].origin, "x:2");
}

TEST(FormatsTest, ReadsEverySudokuSize) {
    const std::string four = "1.3..4....2.3..1";
    const std::string six = "1......4......5......1......6......2";
    const std::string sixteen(256, '.');
    const auto collection = parsePuzzles(four + "\n" + six + "\n" + sixteen + "\n", "sizes");
    ASSERT_TRUE(collection.errors.empty()) << collection.errors.front().toString();
    ASSERT_EQ(collection.puzzles.size(), 3u);
    EXPECT_EQ(collection.puzzles[0].sudoku().givens.size(), 4);
    EXPECT_EQ(collection.puzzles[1].sudoku().givens.size(), 6);
    EXPECT_EQ(collection.puzzles[2].sudoku().givens.size(), 16);
}

TEST(FormatsTest, GridFormatRoundTrips) {
    const SudokuGrid grid = test::sudokuFromLine(test::kPillayFigure1);
    const std::string text = formatSudoku(grid, SudokuTextStyle::Grid);
    EXPECT_NE(text.find('|'), std::string::npos);
    const auto collection = parsePuzzles(text, "grid.ss");
    ASSERT_TRUE(collection.errors.empty()) << collection.errors.front().toString();
    ASSERT_EQ(collection.puzzles.size(), 1u);
    EXPECT_EQ(collection.puzzles[0].sudoku().givens, grid);
    EXPECT_EQ(formatSudoku(grid, SudokuTextStyle::Line), test::kPillayFigure1 + "\n");
}

TEST(FormatsTest, ReadsSadManSections) {
    std::string text = "#A Someone\n#D A comment\n[Puzzle]\n";
    for (int row = 0; row < 9; ++row) text += test::kPillayFigure1.substr(row * 9, 9) + "\n";
    const auto collection = parsePuzzles(text, "p.sdk");
    ASSERT_TRUE(collection.errors.empty()) << collection.errors.front().toString();
    ASSERT_EQ(collection.puzzles.size(), 1u);
    EXPECT_EQ(collection.puzzles[0].sudoku().givens, test::sudokuFromLine(test::kPillayFigure1));
}

TEST(FormatsTest, ReadsCsvWithSolutionColumn) {
    const SudokuGrid solution = *solveSudoku(test::sudokuFromLine(test::kPillayFigure1), 1).firstSolution;
    const std::string text =
        "id,puzzle,solution\nfig1," + test::kPillayFigure1 + "," + boardLine(Board{solution}) + "\n";
    const auto collection = parsePuzzles(text, "set.csv");
    ASSERT_TRUE(collection.errors.empty()) << collection.errors.front().toString();
    ASSERT_EQ(collection.puzzles.size(), 1u);
    EXPECT_EQ(collection.puzzles[0].id, "fig1");
    ASSERT_TRUE(collection.puzzles[0].sudoku().solution.has_value());
    EXPECT_EQ(boardLine(Board{*collection.puzzles[0].sudoku().solution}), boardLine(Board{solution}));
}

TEST(FormatsTest, ReadsPencilMarkLines) {
    // 729 characters: each cell lists its candidates in nine slots; a given is a slot set alone.
    std::string text;
    const SudokuGrid grid = test::sudokuFromLine(test::kPillayFigure1);
    for (int cell = 0; cell < 81; ++cell) {
        for (int digit = 1; digit <= 9; ++digit) {
            const bool shown = grid.value(cell) ? grid.value(cell) == digit : true;
            text += shown ? static_cast<char>('0' + digit) : '.';
        }
    }
    const auto collection = parsePuzzles(text + "\n", "marks");
    ASSERT_TRUE(collection.errors.empty()) << collection.errors.front().toString();
    ASSERT_EQ(collection.puzzles.size(), 1u);
    EXPECT_EQ(boardLine(Board{collection.puzzles[0].sudoku().givens}), test::kPillayFigure1);
}

TEST(FormatsTest, NurikabeTextRoundTripsWithSolution) {
    const std::string text = "tiny 2 3 somewhere\n1 . 2\n. . .\no#oo\n";  // bad: solution row too long
    EXPECT_FALSE(parsePuzzles(text, "n.txt").errors.empty());

    const std::string good = "tiny 2 3\n1 . 2\n. . .\no#o\n##o\n";
    const auto collection = parsePuzzles(good, "n.txt");
    ASSERT_TRUE(collection.errors.empty()) << collection.errors.front().toString();
    ASSERT_EQ(collection.puzzles.size(), 1u);
    const auto& puzzle = collection.puzzles[0];
    ASSERT_EQ(puzzle.kind(), PuzzleKind::Nurikabe);
    EXPECT_EQ(puzzle.id, "tiny");
    EXPECT_EQ(puzzle.nurikabe().clues.height(), 2);
    EXPECT_EQ(puzzle.nurikabe().clues.width(), 3);
    EXPECT_EQ(puzzle.nurikabe().clues.clue(2), 2);
    ASSERT_TRUE(puzzle.nurikabe().solution.has_value());
    EXPECT_EQ(puzzle.nurikabe().solution->solutionString(), "o#o/##o");

    const std::string written = formatNurikabe(puzzle.nurikabe().clues, &*puzzle.nurikabe().solution, "tiny");
    const auto again = parsePuzzles(written, "again.txt");
    ASSERT_TRUE(again.errors.empty()) << again.errors.front().toString();
    ASSERT_EQ(again.puzzles.size(), 1u);
    EXPECT_EQ(again.puzzles[0].nurikabe().clues, puzzle.nurikabe().clues);
    EXPECT_EQ(again.puzzles[0].nurikabe().solution, puzzle.nurikabe().solution);
}

TEST(FormatsTest, PuzzLinkUrlsRoundTrip) {
    const auto library = loadPuzzleFile(test::puzzlesDir() + "/nurikabe/janko_sample.txt");
    ASSERT_FALSE(library.puzzles.empty());
    for (const auto& puzzle : library.puzzles) {
        const std::string url = formatNurikabeUrl(puzzle.nurikabe().clues);
        EXPECT_EQ(url.rfind("https://puzz.link/p?nurikabe/", 0), 0u) << url;
        const auto parsed = parsePuzzles(url, "url");
        ASSERT_TRUE(parsed.errors.empty()) << url << ": " << parsed.errors.front().toString();
        ASSERT_EQ(parsed.puzzles.size(), 1u);
        EXPECT_EQ(parsed.puzzles[0].nurikabe().clues, puzzle.nurikabe().clues) << puzzle.id;
    }
}

TEST(FormatsTest, CollectionsRoundTripThroughTheirNaturalFormat) {
    for (const std::string name : {"sudoku/top95.csv", "sudoku/small_4x4.csv", "sudoku/janko_16x16_sample.csv",
                                   "nurikabe/wikipedia_nikoli.txt"}) {
        const auto collection = loadPuzzleFile(test::puzzlesDir() + "/" + name);
        ASSERT_TRUE(collection.errors.empty()) << name;
        ASSERT_FALSE(collection.puzzles.empty()) << name;
        const auto again = parsePuzzles(formatPuzzles(collection.puzzles), "again");
        ASSERT_TRUE(again.errors.empty()) << name << ": " << again.errors.front().toString();
        ASSERT_EQ(again.puzzles.size(), collection.puzzles.size()) << name;
        for (std::size_t i = 0; i < again.puzzles.size(); ++i)
            EXPECT_EQ(again.puzzles[i].startBoard(), collection.puzzles[i].startBoard()) << name << " #" << i;
    }
}

TEST(FormatsTest, BadEntriesNameTheirPlaceAndTheRestStillLoad) {
    std::string badDigit = test::kPillayFigure1;
    badDigit[80] = 'X';
    std::string repeated = test::kPillayFigure1;
    repeated[1] = '4';
    const std::string text = test::kPillayFigure1 + "\n" + badDigit + "\n" + repeated + "\n12345\n";
    const auto collection = parsePuzzles(text, "in.txt");
    ASSERT_EQ(collection.puzzles.size(), 1u);
    ASSERT_EQ(collection.errors.size(), 3u);
    EXPECT_EQ(collection.errors[0].toString().rfind("in.txt:2:81: ", 0), 0u) << collection.errors[0].toString();
    EXPECT_NE(collection.errors[0].message.find("'X'"), std::string::npos);
    EXPECT_EQ(collection.errors[1].line, 3);
    EXPECT_NE(collection.errors[1].message.find("repeat 4"), std::string::npos);
    EXPECT_EQ(collection.errors[2].line, 4);
    EXPECT_EQ(collection.errors[2].column, 1);
    // The same lines indented: the columns move with the cells.
    const auto indented = parsePuzzles("  " + badDigit + "\n\t" + repeated + "\n", "in.txt");
    ASSERT_EQ(indented.errors.size(), 2u);
    EXPECT_EQ(indented.errors[0].column, 83);
    EXPECT_EQ(indented.errors[1].column, collection.errors[1].column + 1);
}

// A Sudoku of a size the workbench does not solve is named with the sizes it does.
TEST(FormatsTest, AnOversizeSudokuNamesTheSupportedSizes) {
    const PuzzleCollection collection = parsePuzzles(std::string(625, '.') + "\n", "big.txt");
    ASSERT_EQ(collection.errors.size(), 1u);
    EXPECT_EQ(collection.errors[0].toString(), "big.txt:1:1: a 25x25 Sudoku is not supported (625 characters); the "
                                               "supported sizes are 4x4, 6x6, 9x9 and 16x16");
}

// Short rows are filled up to the header's width, so a wide header over many near-empty lines would make a table
// far larger than its text; such a table is refused at the line where it grows too large, with its numbers. A
// table with short rows of an ordinary size still reads, filled.
TEST(FormatsTest, ACsvTableCannotGrowFarBeyondItsText) {
    std::string text = std::string(1999, ',') + "\n";  // 2,000 columns
    for (int row = 0; row < 1000; ++row) text += "x\n";  // 2,000,000 fields from 4 KB
    ParseError error;
    EXPECT_FALSE(parseCsvTable(text, "wide.csv", error));
    EXPECT_EQ(error.line, 528);  // the 527th row passes 4,000 + 1,048,576 fields
    EXPECT_NE(error.message.find("2000 columns on each of 527 rows"), std::string::npos) << error.message;
    const auto ordinary = parseCsvTable("id,rating,time\na,1\nb\n", "short.csv", error);
    ASSERT_TRUE(ordinary) << error.toString();
    EXPECT_EQ(ordinary->rows[1], (std::vector<std::string>{"b", "", ""}));
}

// Editors on Windows begin a saved text with a byte-order mark: every text format reads past it.
TEST(FormatsTest, EveryTextFormatAcceptsAByteOrderMark) {
    const std::string mark = "\xEF\xBB\xBF";
    EXPECT_EQ(parsePuzzles(mark + test::kAiEscargot + "\n", "bom.txt").puzzles.size(), 1u);
    ParseError error;
    const auto table = parseCsvTable(mark + "id,rating\na,1\n", "bom.csv", error);
    ASSERT_TRUE(table) << error.toString();
    EXPECT_EQ(table->header.front(), "id");
    const RunRecording recording = makeRecording(test::sudokuPuzzle(test::kPillayFigure1), "backtracking",
                                                 test::parametersOf("backtracking"), 1, {}, RunResult{});
    const std::string text = mark + formatRecording(recording);
    EXPECT_TRUE(looksLikeRecording(text));
    const RecordingRead read = parseRecording(text, "bom.json");
    EXPECT_TRUE(read.recording) << read.error.toString();
}

TEST(FormatsTest, BadNurikabeTokensNameLineAndColumn) {
    const auto collection = parsePuzzles("p1 3 3\n1 . .\n. . x\n. . 2\n\np2 2 2\n1 .\n. .\n#o\n##\n", "n.txt");
    EXPECT_TRUE(collection.puzzles.empty());
    ASSERT_EQ(collection.errors.size(), 2u);
    EXPECT_EQ(collection.errors[0].toString().rfind("n.txt:3:5: ", 0), 0u) << collection.errors[0].toString();
    EXPECT_EQ(collection.errors[1].line, 9);  // the solution shades a clue
}

TEST(FormatsTest, BinaryAndEmptyInputGiveErrorsNotCrashes) {
    std::string binary;
    for (int i = 0; i < 4096; ++i) binary += static_cast<char>((i * 7919) & 0xff);
    const auto garbage = parsePuzzles(binary, "blob");
    EXPECT_TRUE(garbage.puzzles.empty());
    EXPECT_FALSE(garbage.errors.empty());
    const auto empty = parsePuzzles("", "empty");
    EXPECT_TRUE(empty.puzzles.empty());
    EXPECT_FALSE(empty.errors.empty());
    const auto missing = loadPuzzleFile("/nonexistent/folder/puzzle.txt");
    ASSERT_EQ(missing.errors.size(), 1u);
    EXPECT_EQ(missing.errors[0].line, 0);
}

TEST(FormatsTest, AtomicWriteReplacesWholeFileAndReportsFailure) {
    const std::string dir = ::testing::TempDir();
    const std::string path = dir + "/pw_atomic_write_test.txt";
    std::string error;
    ASSERT_TRUE(writeFileAtomically(path, "first version\n", error)) << error;
    ASSERT_TRUE(writeFileAtomically(path, "second\n", error)) << error;
    EXPECT_EQ(readAll(path), "second\n");
    std::remove(path.c_str());
    EXPECT_FALSE(writeFileAtomically("/nonexistent/folder/out.txt", "x", error));
    EXPECT_NE(error.find("/nonexistent/folder"), std::string::npos) << error;
}

// A failure between writing the new content and renaming it over the old file (a full disk, a crash) leaves the
// old file whole and no temporary behind. A write straight into the target (a plain ofstream) fails this test:
// the fault is never reached and the old content is gone.
struct AtomicWriteFaultSeen {
    static inline std::string temporary, targetContent, temporaryContent;
    static inline int calls = 0;
    static bool failHere(const std::string& temporaryPath, const std::string& targetPath) {
        ++calls;
        temporary = temporaryPath;
        targetContent = readAll(targetPath);
        temporaryContent = readAll(temporaryPath);
        return false;
    }
};

TEST(FormatsTest, AtomicWriteKeepsTheOldFileWhenItFailsBeforeTheRename) {
    const std::filesystem::path folder = std::filesystem::path(::testing::TempDir()) / "pw_atomic_fault_test";
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    const std::string path = (folder / "puzzles.txt").string();
    std::string error;
    ASSERT_TRUE(writeFileAtomically(path, "old content\n", error)) << error;

    AtomicWriteFaultSeen::calls = 0;
    setAtomicWriteFault(&AtomicWriteFaultSeen::failHere);
    const bool written = writeFileAtomically(path, "new content, longer than the old\n", error);
    setAtomicWriteFault(nullptr);

    EXPECT_FALSE(written);
    EXPECT_NE(error.find(path), std::string::npos) << error;
    ASSERT_EQ(AtomicWriteFaultSeen::calls, 1);
    // At the fault the new content is complete in a temporary beside the target, and the target is untouched.
    EXPECT_EQ(std::filesystem::path(AtomicWriteFaultSeen::temporary).parent_path(), folder);
    EXPECT_NE(AtomicWriteFaultSeen::temporary, path);
    EXPECT_EQ(AtomicWriteFaultSeen::temporaryContent, "new content, longer than the old\n");
    EXPECT_EQ(AtomicWriteFaultSeen::targetContent, "old content\n");
    // After it: the old file survives and the temporary is gone.
    EXPECT_EQ(readAll(path), "old content\n");
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) names.push_back(entry.path().filename().string());
    EXPECT_EQ(names, std::vector<std::string>{"puzzles.txt"});

    // Without the fault the same call replaces the file.
    ASSERT_TRUE(writeFileAtomically(path, "new content, longer than the old\n", error)) << error;
    EXPECT_EQ(readAll(path), "new content, longer than the old\n");
    std::filesystem::remove_all(folder);
}

// The real data sets: every file loads without a single error, with the number of puzzles its README gives.
TEST(FormatsTest, SharedDataSetsLoadCompletely) {
    const std::pair<const char*, std::size_t> files[] = {
        {"sudoku/17clue_first1000.txt", 1000},
        {"sudoku/famous_hard.txt", 8},
        {"sudoku/forum_hardest_1106_375.txt", 375},
        {"sudoku/forum_hardest_1905_11plus_first500.txt", 500},
        {"sudoku/magictour_top1465.txt", 1465},
        {"sudoku/puzzles_from_papers.txt", 4},
        {"sudoku/sato_inoue_testset_via_rehfeldt.txt", 9},
        {"sudoku/serg_benchmark_first200.txt", 200},
        {"sudoku/sudoku_exchange_diabolical_SE_sample.txt", 81},
        {"sudoku/top95.txt", 95},
        {"sudoku/cloud_sudoku_human_difficulty_20240415.csv", 344},
        {"sudoku/cloud_sudoku_records_20250407.csv", 1533},
        {"sudoku/janko_sudoku_16x16_with_solutions.csv", 124},
        {"nurikabe/janko_nurikabe_validated.txt", 1107},
        {"nurikabe/stl_microsoft_nurikabe_12.txt", 12},
    };
    for (const auto& [name, count] : files) {
        const std::string path = test::sharedDataDir() + "/" + name;
        const auto collection = loadPuzzleFile(path);
        EXPECT_TRUE(collection.errors.empty()) << name << ": " << collection.errors.front().toString();
        EXPECT_EQ(collection.puzzles.size(), count) << name;
    }
}

TEST(FormatsTest, SharedSolutionsAreSolutionsOfTheirPuzzles) {
    const auto janko = loadPuzzleFile(test::sharedDataDir() + "/sudoku/janko_sudoku_16x16_with_solutions.csv");
    ASSERT_FALSE(janko.puzzles.empty());
    for (const auto& puzzle : janko.puzzles) {
        ASSERT_TRUE(puzzle.sudoku().solution.has_value()) << puzzle.id;
        EXPECT_TRUE(puzzle.isSolvedBy(Board{*puzzle.sudoku().solution})) << puzzle.id;
    }
    const auto nurikabe = loadPuzzleFile(test::sharedDataDir() + "/nurikabe/janko_nurikabe_validated.txt");
    for (const auto& puzzle : nurikabe.puzzles) {
        ASSERT_TRUE(puzzle.nurikabe().solution.has_value()) << puzzle.id;
        EXPECT_TRUE(puzzle.isSolvedBy(Board{*puzzle.nurikabe().solution})) << puzzle.id;
    }
}

}  // namespace
}  // namespace pw
