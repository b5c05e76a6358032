// GUI tests of File ▸ New ▸ Generate… on the offscreen platform: the dialog generates off the GUI thread, shows the
// rating, loads the puzzle onto the board; Cancel stops; an unreachable level is reported, not loaded.

#include "board/board_model.h"
#include "tools/generate_dialog.h"
#include "window/main_window.h"
#include "nurikabe/nurikabe_exact.h"
#include "study/generator.h"
#include "sudoku/logic.h"
#include "sudoku/sudoku_exact.h"

#include <QSignalSpy>
#include <QTest>

using namespace pw;
using namespace pw::ui;

class GenerateDialogTests : public QObject {
    Q_OBJECT
private slots:
    void generatesRatesAndLoadsASudoku() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        GenerateDialog* dialog = window.openGenerateDialog();
        QVERIFY(dialog);
        dialog->setLevel(QStringLiteral("locked"));
        dialog->setSymmetry(QStringLiteral("rotational"));
        dialog->setSeed(3);
        QSignalSpy finished(dialog, &GenerateDialog::finished);
        QSignalSpy generated(dialog, &GenerateDialog::generated);
        dialog->start();
        QVERIFY(dialog->isRunning());
        QVERIFY(finished.wait(60000));
        QCOMPARE(generated.count(), 1);
        QVERIFY(dialog->lastPuzzle());
        const SudokuGrid givens = dialog->lastPuzzle()->sudoku().givens;  // a copy: the next press replaces it
        QCOMPARE(solveSudoku(givens, 2).solutionCount, 1);
        QCOMPARE(gradeSudoku(givens), SudokuLevel::Locked);
        QVERIFY(hasSymmetricClues(givens, Symmetry::Rotational));
        QVERIFY2(dialog->summary().contains(QStringLiteral("Level: locked")), qPrintable(dialog->summary()));
        QVERIFY2(dialog->summary().contains(QStringLiteral("serate")), qPrintable(dialog->summary()));
        // The board shows the generated puzzle.
        QVERIFY(window.boardModel()->isSudoku());
        QCOMPARE(window.boardModel()->puzzle().sudoku().givens, givens);
        // The seed advances: the next press makes another puzzle; the same seed makes the same puzzle again.
        dialog->start();
        QVERIFY(finished.wait(60000));
        QVERIFY(dialog->lastPuzzle()->sudoku().givens != givens);
        QVERIFY2(dialog->summary().contains(QStringLiteral("seed 4")), qPrintable(dialog->summary()));
        dialog->setSeed(3);
        dialog->start();
        QVERIFY(finished.wait(60000));
        QCOMPARE(dialog->lastPuzzle()->sudoku().givens, givens);
    }

    void generatesANurikabe() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        GenerateDialog* dialog = window.openGenerateDialog();
        dialog->setNurikabe(true);
        dialog->setSeed(2);
        QSignalSpy finished(dialog, &GenerateDialog::finished);
        dialog->start();
        QVERIFY(finished.wait(60000));
        QVERIFY(dialog->lastPuzzle());
        QCOMPARE(dialog->lastPuzzle()->kind(), PuzzleKind::Nurikabe);
        QCOMPARE(solveNurikabe(dialog->lastPuzzle()->nurikabe().clues, 2).solutionCount, 1);
        QVERIFY(!window.boardModel()->isSudoku());
        QVERIFY2(dialog->summary().contains(QStringLiteral("one solution")), qPrintable(dialog->summary()));

        // At a level and with a symmetry: rated in that tier, the clue cells symmetric, the rating in the summary.
        dialog->setNurikabeSize(8, 8);
        dialog->setLevel(QStringLiteral("medium"));
        dialog->setSymmetry(QStringLiteral("rotational"));
        dialog->start();
        QVERIFY(finished.wait(60000));
        QVERIFY2(dialog->lastPuzzle(), qPrintable(dialog->summary()));
        const NurikabeGrid clues = dialog->lastPuzzle()->nurikabe().clues;
        QCOMPARE(clues.height(), 8);
        const std::optional<NurikabeRating> rating = rateNurikabe(clues);
        QVERIFY(rating);
        QCOMPARE(nurikabeLevelOf(*rating), NurikabeLevel::Medium);
        QCOMPARE(solveNurikabe(clues, 2).solutionCount, 1);
        for (int cell = 0; cell < clues.cellCount(); ++cell)
            QCOMPARE(clues.clue(cell) > 0, clues.clue(clues.cellCount() - 1 - cell) > 0);
        const QString level = QStringLiteral("Level: %1").arg(QString::fromStdString(nurikabeRatingText(*rating)));
        QVERIFY2(dialog->summary().contains(level), qPrintable(dialog->summary()));
        QVERIFY2(dialog->summary().contains(QStringLiteral("rotational symmetry")), qPrintable(dialog->summary()));
    }

    void unreachableLevelIsReported() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        const Puzzle before = window.boardModel()->puzzle();
        GenerateDialog* dialog = window.openGenerateDialog();
        dialog->setSudokuSize(4);
        dialog->setLevel(QStringLiteral("search"));
        dialog->setMaxAttempts(50);
        QSignalSpy failed(dialog, &GenerateDialog::failed);
        QSignalSpy finished(dialog, &GenerateDialog::finished);
        dialog->start();
        QVERIFY(finished.wait(60000));
        QCOMPARE(failed.count(), 1);
        QVERIFY2(dialog->summary().contains(QStringLiteral("graded 'search' in 50 attempts")), qPrintable(dialog->summary()));
        QVERIFY(!dialog->lastPuzzle());
        QCOMPARE(window.boardModel()->puzzle().id, before.id);
    }

    void serateRangeFilters() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        GenerateDialog* dialog = window.openGenerateDialog();
        dialog->setSeed(4);
        dialog->setSerateRange(3, 30);
        QSignalSpy finished(dialog, &GenerateDialog::finished);
        dialog->start();
        QVERIFY(finished.wait(60000));
        QVERIFY(dialog->lastPuzzle());
        const double serate = rateWithLogicModel(dialog->lastPuzzle()->sudoku().givens, 30, 1)->serate;
        QVERIFY2(serate >= 3 && serate <= 30, qPrintable(QString::number(serate)));
        QVERIFY2(dialog->summary().contains(QStringLiteral("serate %1").arg(serate, 0, 'g', 4)), qPrintable(dialog->summary()));
        dialog->setSerateRange(8, 4);  // low > high switches the filter off
        dialog->start();
        QVERIFY(finished.wait(60000));
        QVERIFY(!dialog->summary().startsWith(QStringLiteral("No puzzle")));
    }

    void cancelStopsGeneration() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        GenerateDialog* dialog = window.openGenerateDialog();
        // No 4x4 needs search: a million candidates keep the worker busy for far longer than the wait below.
        dialog->setSudokuSize(4);
        dialog->setLevel(QStringLiteral("search"));
        dialog->setMaxAttempts(1'000'000);
        QSignalSpy finished(dialog, &GenerateDialog::finished);
        QSignalSpy generated(dialog, &GenerateDialog::generated);
        dialog->start();
        QTest::qWait(300);
        QVERIFY(dialog->isRunning());
        dialog->cancel();
        QVERIFY(finished.wait(60000));
        QVERIFY(!dialog->isRunning());
        QCOMPARE(generated.count(), 0);
        QCOMPARE(dialog->summary(), QStringLiteral("Cancelled."));
    }
};

QTEST_MAIN(GenerateDialogTests)
#include "generate_dialog_tests.moc"
