// The Decision panel: the latest step's sentence and numbers, the short history, a search stack or tabu list
// as a stack; and in the window: shown for a paced run whose algorithm explains its steps, its sentences in the
// log and its cells outlined on the board, hidden flat out (where nothing is explained); beside the board what the
// step works on (harmony's improvised harmony, cuckoo's egg), and under it the legend of the board's colours.

#include "run/algorithm_panel.h"
#include "board/board_legend.h"
#include "board/board_model.h"
#include "board/decision_boards_view.h"
#include "run/decision_panel.h"
#include "run/log_pane.h"
#include "window/main_window.h"
#include "run/run_controller.h"
#include "ui_test_puzzles.h"

#include <QDockWidget>
#include <QLabel>
#include <QListWidget>
#include <QRegularExpression>
#include <QToolButton>
#include <QTest>

#include <algorithm>
#include <map>

using namespace pw;
using namespace pw::ui;
using namespace pw::ui::test_puzzles;

namespace {

// Runs `algorithm` on AI Escargot at `stepsPerSecond` until the Decisions dock holds `decisions` steps (within
// `timeoutMs`), then stops it; false when it does not get there.
bool runExplainedThenStop(MainWindow& window, const char* algorithm, int stepsPerSecond, int decisions, int timeoutMs) {
    if (!window.openText(QString::fromLatin1(kAiEscargot), QStringLiteral("<test>"), true)) return false;
    if (!window.algorithmPanel()->setAlgorithm(algorithm)) return false;
    window.setStepsPerSecond(stepsPerSecond);
    window.run();
    if (!QTest::qWaitFor([&] { return window.decisionPanel()->historyCount() >= decisions; }, timeoutMs)) return false;
    window.stop();
    return QTest::qWaitFor([&] { return window.controller()->state() == RunState::Finished; }, 5000);
}

// Chel et al.'s fitness, counted here from its definition: every row, column and box's repeats (Σ over digits of
// max(0, count − 1)) plus Σ over digits of |N(digit) − 9|.
int chelFitnessOf(const SudokuGrid& grid) {
    const SudokuGeometry& geometry = grid.geometry();
    int fitness = 0;
    for (int unit = 0; unit < 3 * geometry.size; ++unit) {
        std::map<int, int> counts;
        for (int i = 0; i < geometry.size; ++i) ++counts[grid.value(geometry.unitCells[static_cast<std::size_t>(unit)][static_cast<std::size_t>(i)])];
        for (const auto& [digit, count] : counts) fitness += std::max(0, count - 1);
    }
    std::map<int, int> total;
    for (int cell = 0; cell < grid.cellCount(); ++cell) ++total[grid.value(cell)];
    for (int digit = 1; digit <= geometry.size; ++digit) fitness += std::abs(total[digit] - geometry.size);
    return fitness;
}


Decision annealingDecision(std::uint64_t step, bool accepted) {
    DecisionDetail detail;
    detail.action = "swap";
    detail.text = "swap r3c4=7 <-> r3c6=2 in box 2: cost 12 -> 13";
    detail.cells = {21, 23};
    detail.values = {{"cost_before", 12}, {"cost_after", 13}, {"delta", 1}, {"temperature", 0.5},
                     {"probability", 0.1353352832}};
    detail.accepted = accepted;
    return Decision(Counters{step, 0}, std::move(detail));
}

int outlinedCells(const BoardModel& model) {
    int count = 0;
    for (int cell = 0; cell < model.cellCount(); ++cell) count += model.isHighlighted(cell);
    return count;
}
}  // namespace

class DecisionPanelTests : public QObject {
    Q_OBJECT
private slots:
    void showsTheLatestStepItsNumbersAndAShortHistory() {
        DecisionPanel panel;
        QVERIFY(panel.isEmpty());
        std::vector<Decision> decisions;
        for (std::uint64_t step = 1; step <= 30; ++step) decisions.push_back(annealingDecision(step, step % 2 == 0));
        std::vector<const Decision*> batch;
        for (const Decision& decision : decisions) batch.push_back(&decision);
        panel.addDecisions(batch);
        QCOMPARE(panel.sentence(), QString::fromStdString(decisions.back()->text));
        QCOMPARE(panel.historyCount(), DecisionPanel::kHistorySize);  // the last 20, not all 30
        auto* history = panel.findChild<QListWidget*>(QStringLiteral("decisionHistory"));
        QVERIFY(history->item(0)->text().startsWith(QStringLiteral("step 30:")));  // newest on top
        QVERIFY(history->item(19)->text().startsWith(QStringLiteral("step 11:")));
        // action, five numbers, accepted.
        QCOMPARE(panel.valueRowCount(), 7);
        QCOMPARE(panel.valueText(QStringLiteral("cost_before")), QStringLiteral("12"));
        QCOMPARE(panel.valueText(QStringLiteral("probability")), QStringLiteral("0.1353"));
        QCOMPARE(panel.valueText(QStringLiteral("accepted")), QStringLiteral("✓"));
        const Decision refused = annealingDecision(31, false);
        panel.addDecisions({&refused});
        QCOMPARE(panel.valueText(QStringLiteral("accepted")), QStringLiteral("✗"));
        QCOMPARE(panel.listCount(), 0);  // no list: no stack shown
        // A better swap is accepted without a draw: its draw is no number, shown as a dash.
        DecisionDetail better = annealingDecision(32, true).detail();
        better.values.push_back({"draw", kNoDecisionValue});
        const Decision withoutDraw(Counters{32, 0}, std::move(better));
        panel.addDecisions({&withoutDraw});
        QCOMPARE(panel.valueText(QStringLiteral("draw")), QStringLiteral("—"));
        panel.clear();
        QVERIFY(panel.isEmpty());
        QCOMPARE(panel.historyCount(), 0);
    }

    void showsASearchStackNewestOnTop() {
        DecisionPanel panel;
        DecisionDetail detail;
        detail.action = "try";
        detail.text = "try r1c2=3 at depth 3";
        detail.values = {{"depth", 3}};
        detail.listLabel = "search stack";
        detail.list = {"r1c1=1", "r1c5=4", "r1c2=3"};
        const Decision decision(Counters{7, 0}, std::move(detail));
        panel.addDecisions({&decision});
        QCOMPARE(panel.listLabel(), QStringLiteral("search stack"));
        QCOMPARE(panel.listCount(), 3);
        auto* list = panel.findChild<QListWidget*>(QStringLiteral("decisionList"));
        QCOMPARE(list->item(0)->text(), QStringLiteral("r1c2=3"));
        QCOMPARE(list->item(2)->text(), QStringLiteral("r1c1=1"));
        QVERIFY(list->isVisibleTo(&panel));
    }

    // A long sentence (harmony's names a dozen cells) is folded: what changed and the outcome on top, the clauses
    // between them under "details", opened on demand; an annealing sentence is short enough to stay whole.
    void foldsALongSentenceIntoWhatChangedAndDetails() {
        const QString harmony = QStringLiteral(
            "improvised 45 values: 30 from memory, 5 pitch adjusted, 10 random; differs from the best member at "
            "r1c2=6 (memory), r1c3=8 (random), r1c6=6 (memory), r1c8=3 (memory), r2c2=8 (random) and 37 more; "
            "cost 80 vs worst in memory 85 → replaced member 3 (the worst)");
        const DecisionPanel::FoldedSentence folded = DecisionPanel::foldSentence(harmony);
        QCOMPARE(folded.changed, QStringLiteral("improvised 45 values: 30 from memory, 5 pitch adjusted, 10 random; … "
                                                "cost 80 vs worst in memory 85 → replaced member 3 (the worst)"));
        QVERIFY(folded.details.startsWith(QStringLiteral("differs from the best member at r1c2=6 (memory)")));
        QVERIFY(folded.details.endsWith(QStringLiteral("and 37 more")));
        const QString annealing = QString::fromStdString(annealingDecision(1, true)->text);
        QCOMPARE(DecisionPanel::foldSentence(annealing).changed, annealing);
        QVERIFY(DecisionPanel::foldSentence(annealing).details.isEmpty());

        DecisionPanel panel;
        panel.show();
        DecisionDetail detail;
        detail.action = "improvise";
        detail.text = harmony.toStdString();
        const Decision decision(Counters{1, 0}, std::move(detail));
        panel.addDecisions({&decision});
        QCOMPARE(panel.shownChange(), folded.changed);
        QCOMPARE(panel.shownDetails(), folded.details);
        auto* details = panel.findChild<QLabel*>(QStringLiteral("decisionDetails"));
        auto* toggle = panel.findChild<QToolButton*>(QStringLiteral("decisionDetailsToggle"));
        QVERIFY(toggle->isVisible());
        QVERIFY(!details->isVisible());
        toggle->click();
        QVERIFY(details->isVisible());
        const Decision shortOne = annealingDecision(2, true);
        panel.addDecisions({&shortOne});
        QVERIFY(!toggle->isVisible());  // nothing folded, nothing to open
        QVERIFY(!details->isVisible());
        QCOMPARE(panel.shownCount(), 2);
    }

    // Paced, the annealer explains each proposal: the dock appears with the latest one, the log has the same
    // sentences and the board outlines the proposal's cells.
    void pacedRunFillsTheDockAndTheLog() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kAiEscargot), QStringLiteral("<test>"), true));
        QVERIFY(window.algorithmPanel()->setAlgorithm("sa"));
        window.setStepsPerSecond(20);
        QVERIFY(!window.decisionDock()->isVisible());
        window.run();
        QTRY_VERIFY_WITH_TIMEOUT(!window.decisionPanel()->isEmpty(), 5000);
        QVERIFY(window.decisionDock()->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(window.decisionPanel()->historyCount() >= 5, 5000);
        const QString sentence = window.decisionPanel()->sentence();
        QVERIFY(!sentence.isEmpty());
        QVERIFY(window.logPane()->toPlainText().contains(sentence));
        QVERIFY(window.decisionPanel()->valueRowCount() >= 2);
        QVERIFY(outlinedCells(*window.boardModel()) >= 2);  // the two cells of the latest swap
        window.stop();
        QTRY_COMPARE_WITH_TIMEOUT(window.controller()->state(), RunState::Finished, 5000);
    }

    // Harmony search shows what it improvised: the improvised harmony beside the memory's best it is compared
    // with, each value marked by its source with a legend, and every cell the sentence names as changed differs
    // between the two boards, holds the named value on the improvised one and is marked with the named source.
    void harmonyBoardsShowEveryCellTheSentenceNames() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(!window.decisionBoards()->isVisible());
        QVERIFY(runExplainedThenStop(window, "harmony", 20, 5, 5000));
        QVERIFY(window.decisionBoards()->isVisible());
        const Decision* latest = window.decisionPanel()->latest();
        QVERIFY(latest);
        const DecisionBoardsView& boards = *window.decisionBoards();
        QCOMPARE(boards.objectTitle(), QStringLiteral("improvised harmony"));
        QCOMPARE(boards.referenceTitle(), QStringLiteral("memory's best"));
        const SudokuGrid& improvised = boards.objectBoard().sudoku();
        const SudokuGrid& best = boards.referenceBoard().sudoku();
        const QStringList sources = boards.objectBoard().sourceNames();
        QCOMPARE(sources, (QStringList{"memory", "pitch adjusted", "random"}));
        for (const QString& source : sources)
            QVERIFY2(boards.legend().entries().contains(source), qPrintable(source));
        QVERIFY(boards.legend().entries().contains(QStringLiteral("differs")));
        for (int cell = 0; cell < boards.objectBoard().cellCount(); ++cell) {
            QVERIFY(!improvised.isEmpty(cell));
            QVERIFY(!best.isEmpty(cell));
            QCOMPARE(boards.objectBoard().sourceMark(cell) > 0, !boards.objectBoard().isGiven(cell));
        }
        // Every cell the Decision names differs, and is outlined on both boards.
        for (int cell : latest->detail().cells) {
            QVERIFY(improvised.value(cell) != best.value(cell));
            QVERIFY(boards.objectBoard().isHighlighted(cell) && boards.referenceBoard().isHighlighted(cell));
        }
        // And so does every cell the sentence names as changed, with its value and source.
        const QString text = QString::fromStdString(latest->detail().text);
        static const QRegularExpression named(QStringLiteral(R"(r(\d+)c(\d+)=(\d+) \(([a-z ]+)\))"));
        int checked = 0;
        for (auto it = named.globalMatch(text); it.hasNext(); ++checked) {
            const QRegularExpressionMatch match = it.next();
            const int cell = (match.captured(1).toInt() - 1) * 9 + match.captured(2).toInt() - 1;
            QCOMPARE(improvised.value(cell), match.captured(3).toInt());
            QVERIFY2(best.value(cell) != improvised.value(cell), qPrintable(text));
            QCOMPARE(sources.at(boards.objectBoard().sourceMark(cell) - 1), match.captured(4));
        }
        QCOMPARE(checked, std::min<int>(12, static_cast<int>(latest->detail().cells.size())));
        // The main board's legend names what it draws.
        QVERIFY(window.boardLegend()->isVisible());
        for (const char* entry : {"given", "solver", "yours", "step", "last move", "conflict"})
            QVERIFY2(window.boardLegend()->entries().contains(QString::fromLatin1(entry)), entry);
        // A new puzzle has no step to show.
        QVERIFY(window.openText(QString::fromLatin1(kAiEscargot), QStringLiteral("<test>"), true));
        QVERIFY(!window.decisionBoards()->isVisible());
    }

    // Cuckoo search shows the egg against the host nest it was compared with: the host the sentence names, and
    // the cells where the two differ outlined on both.
    void cuckooBoardsShowTheEggAgainstItsHost() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(runExplainedThenStop(window, "cuckoo", 20, 3, 5000));
        const Decision* latest = window.decisionPanel()->latest();
        QVERIFY(latest);
        const DecisionBoardsView& boards = *window.decisionBoards();
        QVERIFY(boards.isVisible());
        QCOMPARE(boards.objectTitle(), QStringLiteral("egg"));
        const auto& values = latest->detail().values;
        const auto hostValue = std::find_if(values.begin(), values.end(), [](const DecisionValue& v) { return v.name == "host"; });
        QVERIFY(hostValue != values.end());
        const int hostNest = static_cast<int>(hostValue->value);
        QCOMPARE(boards.referenceTitle(), QStringLiteral("host: nest %1").arg(hostNest));
        QVERIFY(QString::fromStdString(latest->detail().text).contains(QStringLiteral("vs nest %1 ").arg(hostNest)));
        const SudokuGrid& egg = boards.objectBoard().sudoku();
        const SudokuGrid& host = boards.referenceBoard().sudoku();
        for (int cell = 0; cell < boards.objectBoard().cellCount(); ++cell) {
            QVERIFY(!egg.isEmpty(cell) && !host.isEmpty(cell));
            QCOMPARE(boards.objectBoard().isHighlighted(cell), egg.value(cell) != host.value(cell));
            QCOMPARE(boards.referenceBoard().isHighlighted(cell), egg.value(cell) != host.value(cell));
        }
        QVERIFY(boards.objectBoard().sourceNames().isEmpty());
    }

    // Tabu search shows its tabu list as one board: in each cell the value it may not take back (of several, the
    // one with the most tenure left), the values the latest swap made tabu marked as such; nothing else is filled.
    void tabuBoardShowsTheTabuList() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(runExplainedThenStop(window, "tabu", 40, 12, 5000));
        const Decision* latest = window.decisionPanel()->latest();
        QVERIFY(latest && latest->detail().action == "move");
        const DecisionBoardsView& boards = *window.decisionBoards();
        QVERIFY(boards.isVisible());
        QVERIFY(!boards.showsReference());
        QVERIFY(boards.objectTitle().startsWith(QStringLiteral("tabu list")));
        QVERIFY(!boards.legend().entries().contains(QStringLiteral("differs")));
        // The list: "r3c4≠7 (5 left)" per entry.
        const QRegularExpression entry(QStringLiteral("^r(\\d+)c(\\d+)\u2260(\\d+) \\((\\d+) left\\)$"));
        std::map<int, std::pair<int, std::vector<int>>> longest;  // cell -> (most left, digits with it)
        for (const std::string& item : latest->detail().list) {
            const QRegularExpressionMatch match = entry.match(QString::fromStdString(item));
            QVERIFY2(match.hasMatch(), item.c_str());
            const int cell = (match.captured(1).toInt() - 1) * 9 + match.captured(2).toInt() - 1;
            const int left = match.captured(4).toInt();
            auto& [most, digits] = longest[cell];
            if (left > most) digits.clear();
            if (left >= most) {
                most = left;
                digits.push_back(match.captured(3).toInt());
            }
        }
        QVERIFY(!longest.empty());
        const SudokuGrid& list = boards.objectBoard().sudoku();
        for (int cell = 0; cell < boards.objectBoard().cellCount(); ++cell) {
            if (boards.objectBoard().isGiven(cell)) continue;
            const auto it = longest.find(cell);
            QCOMPARE(!list.isEmpty(cell), it != longest.end());
            if (it == longest.end()) continue;
            QVERIFY(std::find(it->second.second.begin(), it->second.second.end(), list.value(cell)) != it->second.second.end());
            QVERIFY(boards.objectBoard().sourceMark(cell) > 0);
        }
        for (int cell : latest->detail().cells) QCOMPARE(boards.objectBoard().sourceMark(cell), 1);  // set by this swap
    }

    // The multistage GA shows the generation's best grid (the group table is on the main board) against the best
    // of the generation before: its fitness is the one its title gives, and each open cell is marked fixed by the
    // table, drawn from its entry, or repeated in a unit — exactly the cells whose value a peer holds.
    void mgaBoardsShowTheGenerationsBest() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(runExplainedThenStop(window, "mga", 20, 4, 10000));
        const Decision* latest = window.decisionPanel()->latest();
        QVERIFY(latest && latest->detail().action == "generation");
        const DecisionBoardsView& boards = *window.decisionBoards();
        QVERIFY(boards.isVisible() && boards.showsReference());
        const SudokuGrid& best = boards.objectBoard().sudoku();
        QCOMPARE(boards.objectTitle(), QStringLiteral("generation's best: fitness %1").arg(chelFitnessOf(best)));
        QCOMPARE(boards.referenceTitle(),
                 QStringLiteral("generation before: fitness %1").arg(chelFitnessOf(boards.referenceBoard().sudoku())));
        QCOMPARE(boards.objectBoard().sourceNames(),
                 (QStringList{"fixed by the group table", "drawn from its entry", "repeated in a row, column or box"}));
        const SudokuGeometry& geometry = best.geometry();
        for (int cell = 0; cell < best.cellCount(); ++cell) {
            QVERIFY(!best.isEmpty(cell));
            if (boards.objectBoard().isGiven(cell)) continue;
            bool repeated = false;
            for (int p = 0; p < geometry.peerCount; ++p) repeated = repeated || best.value(geometry.peers[cell][p]) == best.value(cell);
            QCOMPARE(boards.objectBoard().sourceMark(cell) == 3, repeated);
            QVERIFY(boards.objectBoard().sourceMark(cell) > 0);
        }
    }

    // Genetic programming shows the grid the generation's best program leaves, each value marked by the kind of
    // move that placed it, against the best program so far: the empty cells are the fitness the titles give.
    void gpBoardsShowTheProgramsGrid() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(runExplainedThenStop(window, "gp", 20, 3, 10000));
        const Decision* latest = window.decisionPanel()->latest();
        QVERIFY(latest && latest->detail().action == "generation");
        const DecisionBoardsView& boards = *window.decisionBoards();
        QVERIFY(boards.isVisible() && boards.showsReference());
        const QRegularExpression title(QStringLiteral("^(generation's best|best so far): ([rcbwlk342]+) \\((\\d+) empty\\)$"));
        for (const auto& [board, text] : {std::pair{&boards.objectBoard(), boards.objectTitle()},
                                          std::pair{&boards.referenceBoard(), boards.referenceTitle()}}) {
            const QRegularExpressionMatch match = title.match(text);
            QVERIFY2(match.hasMatch(), qPrintable(text));
            int empty = 0;
            for (int cell = 0; cell < board->cellCount(); ++cell) empty += board->sudoku().isEmpty(cell);
            QCOMPARE(empty, match.captured(3).toInt());
        }
        const auto& values = latest->detail().values;
        const auto value = [&](const char* name) {
            return std::find_if(values.begin(), values.end(), [&](const DecisionValue& v) { return v.name == name; })->value;
        };
        QVERIFY(boards.objectTitle().endsWith(QStringLiteral("(%1 empty)").arg(value("generation_best"))));
        QVERIFY(boards.referenceTitle().endsWith(QStringLiteral("(%1 empty)").arg(value("best_after"))));
        for (int cell = 0; cell < boards.objectBoard().cellCount(); ++cell) {
            const bool placed = !boards.objectBoard().isGiven(cell) && !boards.objectBoard().sudoku().isEmpty(cell);
            QCOMPARE(boards.objectBoard().sourceMark(cell) > 0, placed);
        }
    }

    // The exact solver's search stack is its list.
    void exactSearchShowsItsStack() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kAiEscargot), QStringLiteral("<test>"), true));
        QVERIFY(window.algorithmPanel()->setAlgorithm("exact"));
        window.setStepsPerSecond(20);
        window.run();
        QTRY_VERIFY_WITH_TIMEOUT(window.decisionPanel()->listCount() > 0, 5000);
        QCOMPARE(window.decisionPanel()->listLabel(), QStringLiteral("search stack"));
        window.stop();
        QTRY_COMPARE_WITH_TIMEOUT(window.controller()->state(), RunState::Finished, 5000);
    }

    // Flat out nothing is explained: the dock stays hidden and the log has no per-step sentences.
    void flatOutRunLeavesTheDockHidden() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kAiEscargot), QStringLiteral("<test>"), true));
        QVERIFY(window.algorithmPanel()->setAlgorithm("sa"));
        window.setStepsPerSecond(RunController::kFlatOut);
        window.run();
        QTest::qWait(800);
        QVERIFY(!window.decisionDock()->isVisible());
        QVERIFY(window.decisionPanel()->isEmpty());
        QVERIFY(window.logPane()->blockCount() < 20);
        window.stop();
        QTRY_COMPARE_WITH_TIMEOUT(window.controller()->state(), RunState::Finished, 5000);
    }
};

QTEST_MAIN(DecisionPanelTests)
#include "decision_panel_tests.moc"
