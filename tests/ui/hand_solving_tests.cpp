// GUI tests of solving by hand on the offscreen platform: the timer and "Solved in", the player's digits and
// their mistakes (after Check, or at once), pencil marks and auto-candidates, the rating, hint level 2, New ▸
// Nurikabe, and the WCAG AA contrast of every digit colour on every cell background in both palettes.

#include "style/appearance.h"
#include "board/board_model.h"
#include "run/algorithm_panel.h"
#include "run/run_controller.h"
#include "board/board_view.h"
#include "tools/generate_dialog.h"
#include "board/hand_solving.h"
#include "window/help_window.h"
#include "window/main_window.h"
#include "board/puzzle_io.h"
#include "sudoku/sudoku_exact.h"
#include "nurikabe/nurikabe_rules.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace pw;
using namespace pw::ui;

namespace {

// A classic with one solution; r1c3 (cell 2) is empty.
const QString kPuzzle =
    QStringLiteral("530070000600195000098000060800060003400803001700020006060000280000419005000080079");

Puzzle puzzleFromText(const QString& text) {
    PuzzleLoad load = parsePuzzleText(text, QStringLiteral("test"));
    if (load.puzzles.empty()) qFatal("test puzzle does not parse: %s", qPrintable(load.errors.join(QLatin1Char(';'))));
    return load.puzzles.front();
}

// kPuzzle on a board view of the given size, shown.
struct ShownBoard {
    BoardModel model;
    BoardView view{&model};
    ShownBoard(int width, int height) {
        view.resize(width, height);
        view.show();
        model.setPuzzle(puzzleFromText(kPuzzle));
    }
};

SudokuGrid solutionOf(const Puzzle& puzzle) { return *solveSudoku(puzzle.sudoku().givens, 1).firstSolution; }

QAction* actionNamed(QWidget* window, const QString& text) {
    for (QAction* action : window->findChildren<QAction*>())
        if (action->text() == text) return action;
    return nullptr;
}

// WCAG 2.x relative luminance and contrast ratio.
double channel(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }
double luminance(const QColor& color) {
    return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) + 0.0722 * channel(color.blueF());
}
double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The pixels of `cell` whose colour is within `tolerance` (per channel) of `color`.
int pixelsNear(const QImage& image, const QRectF& cell, const QColor& color, int tolerance = 40) {
    int count = 0;
    const QRect r = cell.toAlignedRect().adjusted(3, 3, -3, -3);
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x) {
            const QColor p = image.pixelColor(x, y);
            if (std::abs(p.red() - color.red()) <= tolerance && std::abs(p.green() - color.green()) <= tolerance &&
                std::abs(p.blue() - color.blue()) <= tolerance)
                ++count;
        }
    return count;
}

// The rows of `area` holding a pixel that differs clearly from `background`.
int inkedRows(const QImage& image, const QRect& area, const QColor& background) {
    int rows = 0;
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x) {
            const QColor p = image.pixelColor(x, y);
            if (std::abs(p.red() - background.red()) + std::abs(p.green() - background.green()) +
                    std::abs(p.blue() - background.blue()) > 120) {
                ++rows;
                break;
            }
        }
    return rows;
}

QImage render(QWidget& widget) { return widget.grab().toImage().convertToFormat(QImage::Format_RGB32); }

// The background a digit sits on: a point in the cell's upper left, clear of digits, marks and outlines.
QColor backgroundAt(const QImage& image, const QRectF& cell) {
    return image.pixelColor(QPointF(cell.left() + cell.width() * 0.2, cell.top() + cell.height() * 0.2).toPoint());
}

}  // namespace

class HandSolvingTests : public QObject {
    Q_OBJECT
private slots:
    void durationsReadLikeAClock() {
        QCOMPARE(HandSolving::formatDuration(0), QStringLiteral("0:00"));
        QCOMPARE(HandSolving::formatDuration(252'000), QStringLiteral("4:12"));
        QCOMPARE(HandSolving::formatDuration(3'725'000), QStringLiteral("1:02:05"));
    }

    void timerRunsFromTheFirstEntryToSolvedIn() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(kPuzzle, QStringLiteral("test"), true));
        HandSolving* hand = window.handSolving();
        QVERIFY(!hand->timerRunning());
        QVERIFY(hand->timerLabel()->text().isEmpty());  // nothing to time yet: the status bar leaves it out
        const SudokuGrid solution = solutionOf(window.boardModel()->puzzle());

        // The first digit, typed, starts the clock.
        window.boardView()->setFocus();
        window.boardView()->setSelectedCell(2);
        QTest::keyClick(window.boardView(), static_cast<char>('0' + solution.value(2)));
        QCOMPARE(window.boardModel()->sudoku().value(2), solution.value(2));
        QVERIFY(hand->timerRunning());
        QVERIFY2(hand->timerLabel()->text().startsWith(QStringLiteral("Time 0:0")), qPrintable(hand->timerLabel()->text()));

        QSignalSpy solved(hand, &HandSolving::solvedByPlayer);
        const SudokuGrid& board = window.boardModel()->sudoku();
        for (int cell = 0; cell < board.cellCount(); ++cell)
            if (!board.value(cell)) emit window.boardView()->editRequested(Move::place(cell, solution.value(cell), 0));
        QCOMPARE(solved.count(), 1);
        QVERIFY(hand->solvedByHand());
        QVERIFY(!hand->timerRunning());
        QVERIFY2(hand->timerLabel()->text().startsWith(QStringLiteral("Solved in 0:0")), qPrintable(hand->timerLabel()->text()));
        QVERIFY2(window.statusBar()->currentMessage().startsWith(QStringLiteral("Solved in ")),
                 qPrintable(window.statusBar()->currentMessage()));

        // A new puzzle starts over; a board a solver filled is not solved by hand.
        QVERIFY(window.openText(kPuzzle, QStringLiteral("again"), true));
        QVERIFY(!hand->timerRunning());
        QVERIFY(!hand->solvedByHand());
        window.boardModel()->setBoard(Board{solution}, CellOrigin::Solver);
        QVERIFY(!hand->solvedByHand());
        QCOMPARE(solved.count(), 1);
    }

    void playersDigitsAreNeutralAndWrongOnesRedOnlyAfterCheck() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.resize(1024, 768);
        window.show();
        QVERIFY(window.openText(kPuzzle, QStringLiteral("test"), true));
        BoardView* view = window.boardView();
        const BoardColors colors = view->colors();
        QVERIFY(colors.user != colors.given && colors.user != colors.wrong && colors.user != colors.solver);
        QVERIFY2(colors.user.green() < colors.user.blue() + 10, "the player's digits are not green");
        const SudokuGrid solution = solutionOf(window.boardModel()->puzzle());
        const int wrong = solution.value(2) % 9 + 1;
        emit view->editRequested(Move::place(2, wrong, 0));
        emit view->editRequested(Move::place(3, solution.value(3), 0));
        view->setSelectedCell(40);
        QVERIFY(!window.boardModel()->isMistake(2));
        QImage image = render(*view);
        QCOMPARE(pixelsNear(image, view->cellRect(2), colors.wrong, 30), 0);
        QVERIFY(pixelsNear(image, view->cellRect(2), colors.user, 30) > 10);

        QAction* check = actionNamed(&window, QStringLiteral("C&heck against the solution"));
        QVERIFY(check);
        check->trigger();
        QVERIFY(window.boardModel()->isMistake(2));
        QVERIFY(!window.boardModel()->isMistake(3));
        image = render(*view);
        QVERIFY(pixelsNear(image, view->cellRect(2), colors.wrong, 30) > 10);
        QCOMPARE(pixelsNear(image, view->cellRect(3), colors.wrong, 30), 0);
        // Correcting the cell clears its mark.
        emit view->editRequested(Move::place(2, solution.value(2), wrong));
        QVERIFY(!window.boardModel()->isMistake(2));

        // Instant mistakes: a wrong digit is red as it goes in, a right one is not.
        QAction* instant = window.handSolving()->instantMistakesAction();
        instant->setChecked(true);
        emit view->editRequested(Move::place(5, solution.value(5) % 9 + 1, 0));
        QVERIFY(window.boardModel()->isMistake(5));
        emit view->editRequested(Move::place(6, solution.value(6), 0));
        QVERIFY(!window.boardModel()->isMistake(6));
        instant->setChecked(false);
        QVERIFY(!window.boardModel()->isMistake(5));
    }

    // Nurikabe by hand: Check crosses out a cell shaded against the solution (river or island alike) and leaves the
    // right ones alone; a hint points at the wrong cell first, then, on a board without mistakes, names a rule
    // (level 1, no cells), places it (level 2, cells outlined) and tells the whole deduction (level 3).
    void nurikabeCheckAndHints() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.resize(1024, 768);
        window.show();
        QFile file(QStringLiteral(PW_PUZZLES_DIR "/nurikabe/janko_sample.txt"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(window.openText(QString::fromUtf8(file.readAll()), QStringLiteral("janko_sample.txt"), true));
        BoardModel& model = *window.boardModel();
        QVERIFY(!model.isSudoku());
        const NurikabeGrid solution = *model.puzzle().nurikabe().solution;
        QAction* hint = actionNamed(&window, QStringLiteral("&Hint"));
        QVERIFY(hint && hint->isEnabled());
        const auto outlined = [&model] {
            int count = 0;
            for (int cell = 0; cell < model.cellCount(); ++cell) count += model.isHighlighted(cell);
            return count;
        };
        // Levels 1 to 3 on the untouched puzzle.
        window.showHint();
        QCOMPARE(outlined(), 0);
        const QString level1 = window.lastHint();
        QVERIFY(!level1.isEmpty());
        window.showHint();
        QVERIFY(outlined() > 0);
        window.showHint();
        QVERIFY2(window.lastHint().size() > level1.size(), qPrintable(window.lastHint()));
        // One cell right, one wrong (the opposite of its solution), by the player.
        int right = -1, wrong = -1;
        for (int cell = 0; cell < model.cellCount(); ++cell) {
            if (model.nurikabe().clue(cell)) continue;
            if (right < 0) right = cell;
            else if (wrong < 0) wrong = cell;
        }
        const auto opposite = [](NurikabeCell state) {
            return state == NurikabeCell::River ? NurikabeCell::Island : NurikabeCell::River;
        };
        BoardView* view = window.boardView();
        emit view->editRequested(Move::shade(right, static_cast<int>(solution.state(right)), 0));
        emit view->editRequested(Move::shade(wrong, static_cast<int>(opposite(solution.state(wrong))), 0));
        QVERIFY(!model.isMistake(wrong));
        QAction* check = actionNamed(&window, QStringLiteral("C&heck against the solution"));
        QVERIFY(check);
        const QColor mark = view->colors().wrong;
        QCOMPARE(pixelsNear(render(*view), view->cellRect(wrong), mark, 30), 0);
        check->trigger();
        QVERIFY(model.isMistake(wrong));
        QVERIFY(!model.isMistake(right));
        const QImage image = render(*view);
        QVERIFY(pixelsNear(image, view->cellRect(wrong), mark, 30) > 10);  // the cross
        QCOMPARE(pixelsNear(image, view->cellRect(right), mark, 30), 0);
        // The next hint is about the mistake, and outlines it at level 2.
        window.showHint(2);
        QVERIFY2(window.boardModel()->isHighlighted(wrong), qPrintable(window.lastHint()));
        // Undoing it to undecided clears the cross.
        emit view->editRequested(Move::shade(wrong, 0, static_cast<int>(opposite(solution.state(wrong)))));
        QVERIFY(!model.isMistake(wrong));
        // Solve with logic steps through the Nurikabe rules.
        QAction* logic = actionNamed(&window, QStringLiteral("Solve with &logic"));
        QVERIFY(logic && logic->isEnabled());
        logic->trigger();
        QCOMPARE(window.algorithmPanel()->algorithmInfo()->id, std::string("nurikabe-logic"));
        QVERIFY(window.controller()->isActive());
        window.stop();
        QVERIFY(window.controller()->waitUntilIdle(10000));
    }

    void optionsAreRemembered() {
        QTemporaryDir dir;
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
        BoardModel model;
        BoardView view(&model);
        {
            HandSolving hand(&model, &view, nullptr, true);
            QVERIFY(!hand.instantMistakesAction()->isChecked());
            hand.instantMistakesAction()->setChecked(true);
            hand.autoCandidatesAction()->setChecked(true);
        }
        HandSolving again(&model, &view, nullptr, true);
        QVERIFY(again.instantMistakesAction()->isChecked());
        QVERIFY(again.autoCandidatesAction()->isChecked());
        QVERIFY(view.autoCandidates());
    }

    void pencilMarksAreLargeAndAutoCandidatesFollowTheDigits() {
        ShownBoard shown(540, 540);
        BoardModel& model = shown.model;
        BoardView& view = shown.view;
        const BoardColors colors = view.colors();
        // A pencil mark of 4 in r1c3 (cell 2): its glyph is at least a seventh of the cell tall.
        model.applyMove(Move::restore(2, 4), CellOrigin::User);
        const QRectF cell = view.cellRect(2);
        const double slot = cell.width() / 3;
        const QRect markSlot = QRectF(cell.left(), cell.top() + slot, slot, slot).toAlignedRect().adjusted(3, 3, -3, -3);
        QImage image = render(view);
        QVERIFY2(inkedRows(image, markSlot, colors.cell) >= cell.height() / 7,
                 qPrintable(QStringLiteral("%1 rows of %2").arg(inkedRows(image, markSlot, colors.cell)).arg(cell.height())));
        model.applyMove(Move::eliminate(2, 4), CellOrigin::User);

        // r1c4 (cell 3) may hold 2 or 6 (its row, column and box hold the other digits); 2 is in the top middle.
        const QRectF c3 = view.cellRect(3);
        const QRect twoSlot =
            QRectF(c3.left() + c3.width() / 3, c3.top(), c3.width() / 3, c3.height() / 3).toAlignedRect().adjusted(3, 3, -3, -3);
        image = render(view);
        QCOMPARE(inkedRows(image, twoSlot, colors.cell), 0);
        view.setAutoCandidates(true);
        image = render(view);
        QVERIFY(inkedRows(image, twoSlot, colors.cell) > 0);
        // A 2 in its row takes the candidate away.
        model.applyMove(Move::place(2, 2, 0), CellOrigin::User);
        image = render(view);
        QCOMPARE(inkedRows(image, twoSlot, colors.cell), 0);
    }

    void theSudokuIsRatedOffTheGuiThread() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        QSignalSpy ready(window.handSolving(), &HandSolving::ratingReady);
        QVERIFY(window.openText(kPuzzle, QStringLiteral("test"), true));
        QVERIFY(window.handSolving()->ratingPending());
        QVERIFY(ready.wait(30000));
        const QString text = window.handSolving()->ratingLabel()->text();
        // A puzzle singles solve needs no refutation: serate 0, as the Glossary says of level singles.
        QCOMPARE(text, QStringLiteral("Level singles · serate 0"));
        const QString glossary = glossaryHtml();
        QVERIFY(glossary.contains(QStringLiteral("<b>level</b>")));
        QVERIFY2(glossary.contains(QStringLiteral("0 when singles solve the puzzle")), qPrintable(glossary));
        QVERIFY(glossary.contains(QStringLiteral("(every puzzle of level singles")));
    }

    void newNurikabeGeneratesOne() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        QAction* nurikabe = actionNamed(&window, QStringLiteral("&Nurikabe"));
        QVERIFY(nurikabe);
        nurikabe->trigger();
        GenerateDialog* dialog = window.openGenerateDialog();
        QSignalSpy finished(dialog, &GenerateDialog::finished);
        QVERIFY(finished.wait(60000));
        QVERIFY(!window.boardModel()->isSudoku());
        // Rated by the rules a person needs, off the GUI thread.
        QTRY_VERIFY_WITH_TIMEOUT(window.handSolving()->ratingLabel()->text().startsWith(QStringLiteral("Level ")), 30000);
        const std::optional<NurikabeRating> rating = rateNurikabe(window.boardModel()->puzzle().nurikabe().clues);
        QVERIFY(rating);
        QVERIFY2(window.handSolving()->ratingLabel()->text().startsWith(QStringLiteral("Level %1 ").arg(rating->level)),
                 qPrintable(window.handSolving()->ratingLabel()->text()));
    }

    // The window mid-solve in both palettes: player digits, pencil marks, a wrong digit after Check, the rating and
    // the timer. Saved as PNGs when PW_HAND_SOLVING_SCREENSHOTS names a folder (the screenshot of docs/manual/hand-solving.md).
    void handSolvingInBothPalettes() {
        const QString folder = qEnvironmentVariable("PW_HAND_SOLVING_SCREENSHOTS");
        for (const bool dark : {false, true}) {
            MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
            window.resize(1280, 720);
            window.show();
            window.setDarkPalette(dark);
            QSignalSpy ready(window.handSolving(), &HandSolving::ratingReady);
            QVERIFY(window.openText(kPuzzle, QStringLiteral("test"), true));
            QVERIFY(ready.wait(30000));
            BoardView* view = window.boardView();
            const SudokuGrid solution = solutionOf(window.boardModel()->puzzle());
            for (const int cell : {2, 3, 5, 6, 10, 11, 18, 21})
                emit view->editRequested(Move::place(cell, solution.value(cell), 0));
            emit view->editRequested(Move::place(7, solution.value(7) % 9 + 1, 0));  // wrong
            for (const auto& [cell, digit] : std::vector<std::pair<int, int>>{{8, 2}, {8, 4}, {8, 8}, {15, 3}, {15, 7}, {17, 2}, {17, 4}, {26, 4}, {26, 9}})
                emit view->editRequested(Move::restore(cell, digit));
            actionNamed(&window, QStringLiteral("C&heck against the solution"))->trigger();
            view->setSelectedCell(17);
            QVERIFY(window.boardModel()->isMistake(7));
            const QImage image = render(window);
            QVERIFY(pixelsNear(render(*view), view->cellRect(7), view->colors().wrong, 30) > 10);
            // The board alone at a classroom size, beside a Nurikabe in progress.
            BoardView closeUp(window.boardModel());
            closeUp.resize(520, 520);
            closeUp.setSelectedCell(17);
            BoardModel nurikabeModel;
            nurikabeModel.setPuzzle(puzzleFromText(QStringLiteral("2 . . . 2\n. . . . .\n. 3 . . .\n. . . . 1\n. . . . .")));
            for (const int cell : {1, 5, 6, 7, 8, 12, 13, 18, 20, 21})
                nurikabeModel.applyMove(Move::shade(cell, static_cast<int>(NurikabeCell::River), 0), CellOrigin::User);
            for (const int cell : {2, 16, 17})
                nurikabeModel.applyMove(Move::shade(cell, static_cast<int>(NurikabeCell::Island), 0), CellOrigin::User);
            nurikabeModel.clearRunOverlays();
            BoardView nurikabe(&nurikabeModel);
            nurikabe.resize(300, 300);
            QImage pair(820, 520, QImage::Format_RGB32);
            pair.fill(closeUp.colors().background);
            {
                QPainter painter(&pair);
                painter.drawImage(0, 0, render(closeUp));
                painter.drawImage(520, 110, render(nurikabe));
            }
            if (!folder.isEmpty()) {
                const QString name = dark ? QStringLiteral("hand_solving_dark") : QStringLiteral("hand_solving_light");
                QVERIFY(image.save(folder + QLatin1Char('/') + name + QStringLiteral("_window.png")));
                QVERIFY(pair.save(folder + QLatin1Char('/') + name + QStringLiteral(".png")));
            }
        }
        applyPalette(false);
    }

    void everyDigitReadsOnEveryBackgroundInBothPalettes() {
        QStringList failures, table;
        for (const bool dark : {false, true}) {
            applyPalette(dark);
            ShownBoard shown(540, 560);
            BoardModel& model = shown.model;
            BoardView& view = shown.view;
            const BoardColors c = view.colors();
            QCOMPARE(c.dark, dark);
            std::vector<std::pair<QString, QColor>> backgrounds;
            const auto sample = [&](const QString& name, int cell) {
                backgrounds.emplace_back(name, backgroundAt(render(view), view.cellRect(cell)));
            };
            sample(QStringLiteral("plain"), 2);
            view.setSelectedCell(2);
            sample(QStringLiteral("selected"), 2);
            sample(QStringLiteral("peer"), 3);
            model.setHighlightedCells({2, 3, 40});
            sample(QStringLiteral("explanation outline, selected"), 2);
            sample(QStringLiteral("explanation outline, peer"), 3);
            sample(QStringLiteral("explanation outline"), 40);
            model.clearHighlights();
            view.setSelectedCell(-1);
            model.applyMove(Move::place(40, 5, 0), CellOrigin::Solver);
            sample(QStringLiteral("last move"), 40);
            model.applyMove(Move::place(5, 3, 0), CellOrigin::User);  // 3 twice in row 1
            sample(QStringLiteral("conflict"), 5);
            model.resetToGivens();
            std::vector<double> heat(81);
            for (int cell = 0; cell < 81; ++cell) heat[cell] = cell;
            model.setHeatMap(QStringLiteral("visits"), heat);
            for (const int cell : {0, 20, 40, 60, 80})
                sample(QStringLiteral("heat %1").arg(cell / 80.0, 0, 'f', 2), cell);
            view.setSelectedCell(80);
            sample(QStringLiteral("heat 1.00, selected"), 80);
            model.setHighlightedCells({60});
            sample(QStringLiteral("heat 0.75, explanation outline"), 60);

            const std::pair<QString, QColor> digits[] = {{QStringLiteral("given"), c.given},
                                                          {QStringLiteral("player"), c.user},
                                                          {QStringLiteral("wrong"), c.wrong},
                                                          {QStringLiteral("pencil"), c.pencil},
                                                          {QStringLiteral("solver"), c.solver}};
            for (const auto& [digitName, digit] : digits) {
                double lowest = 100;
                QString where;
                for (const auto& [backgroundName, background] : backgrounds) {
                    const double ratio = contrast(digit, background);
                    if (ratio < lowest) lowest = ratio, where = backgroundName;
                    if (ratio < 4.5)
                        failures << QStringLiteral("%1 palette: %2 %3 on %4 %5: %6:1")
                                        .arg(dark ? QStringLiteral("dark") : QStringLiteral("light"), digitName,
                                             digit.name(), backgroundName, background.name())
                                        .arg(ratio, 0, 'f', 2);
                }
                table << QStringLiteral("%1 %2: lowest %3:1 (on %4)")
                             .arg(dark ? QStringLiteral("dark") : QStringLiteral("light"), digitName)
                             .arg(lowest, 0, 'f', 2)
                             .arg(where);
            }

            // Nurikabe: river dark, island light, undecided between; clues read on islands.
            model.setPuzzle(puzzleFromText(QStringLiteral("2 . . .\n. . . .\n. . . 1\n. . . .")));
            QVERIFY(!model.isSudoku());
            view.setSelectedCell(-1);
            model.applyMove(Move::shade(1, static_cast<int>(NurikabeCell::River), 0), CellOrigin::User);
            model.applyMove(Move::shade(4, static_cast<int>(NurikabeCell::Island), 0), CellOrigin::User);
            model.clearRunOverlays();  // no last-move tint on the samples
            const QImage board = render(view);
            const QColor river = backgroundAt(board, view.cellRect(1));
            const QColor island = backgroundAt(board, view.cellRect(4));
            const QColor clueCell = backgroundAt(board, view.cellRect(0));
            const QColor undecided = backgroundAt(board, view.cellRect(5));
            QVERIFY2(luminance(river) < luminance(undecided) && luminance(undecided) < luminance(island),
                     qPrintable(QStringLiteral("river %1, undecided %2, island %3").arg(river.name(), undecided.name(), island.name())));
            QVERIFY2(contrast(river, island) >= 4.5, qPrintable(QString::number(contrast(river, island))));
            QCOMPARE(clueCell, island);
            QVERIFY2(contrast(c.clue, island) >= 4.5, qPrintable(QString::number(contrast(c.clue, island))));
            table << QStringLiteral("%1 Nurikabe: river %2, island %3 (%4:1), clue on island %5:1")
                         .arg(dark ? QStringLiteral("dark") : QStringLiteral("light"), river.name(), island.name())
                         .arg(contrast(river, island), 0, 'f', 2)
                         .arg(contrast(c.clue, island), 0, 'f', 2);
        }
        applyPalette(false);
        for (const QString& line : table) qInfo().noquote() << line;
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(HandSolvingTests)
#include "hand_solving_tests.moc"
