// GUI tests of lessons on the offscreen platform: a lesson plays forwards and backwards landing on the planned
// step and board every time; Next reveals a question and the answer is the run's; the clicker's keys work; a
// lesson authored in the window (slides added from what it shows, edited, moved, deleted) saves, reopens and
// plays; bad files are refused with their place; practice mode asks, checks and scores.

#include "board/board_model.h"
#include "board/board_view.h"
#include "lesson/lesson_handout.h"
#include "lesson/lesson_player.h"
#include "lesson/practice_dialog.h"
#include "run/algorithm_panel.h"
#include "window/main_window.h"

#include "io/puzzle_text.h"

#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace pw;
using namespace pw::ui;

namespace {

const char kPillay[] = "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5";

QString writeLesson(const QTemporaryDir& dir, const QString& name, const QString& slides) {
    const QString path = dir.filePath(name);
    QFile file(path);
    file.open(QIODevice::WriteOnly);
    file.write(QStringLiteral(R"({"format": "puzzle-workbench-lesson", "format_version": 1, "title": "Test",
 "slides": [%1]})")
                   .arg(slides)
                   .toUtf8());
    return path;
}

// Waits until the player stands on its slide (or its revealed step).
bool waitLanded(LessonPlayer* player) {
    return QTest::qWaitFor([player] { return player->isLanded(); }, 20000);
}

// The window shows what the plan says of the current slide.
void expectAsPlanned(MainWindow& window, LessonPlayer* player) {
    const SlideState* state = player->currentState();
    QVERIFY(state);
    QCOMPARE(window.controller()->status().counters.steps, state->step);
    QCOMPARE(QString::fromStdString(boardText(window.boardModel()->board())), QString::fromStdString(boardText(state->board)));
}

}  // namespace

class LessonTests : public QObject {
    Q_OBJECT
private slots:
    void playsForwardAndBackLandingOnThePlannedBoard() {
        QTemporaryDir dir;
        const QString path = writeLesson(dir, QStringLiteral("sa.json"), QStringLiteral(R"(
  {"title": "Start", "puzzle": {"text": "%1"}, "algorithm": "sa", "parameters": {"t0": 2}, "seed": 5,
   "caption": "**Bold** and p = e^(−Δ/T).", "notes": "Ask first", "outline": ["r1c2"]},
  {"title": "Forty", "advance": {"steps": 40}, "caption": "Forty proposals"},
  {"title": "Ask", "quiz": "accept", "caption": "Will it?"},
  {"title": "After", "advance": {"until": "new-best"}, "caption": "A new best"})")
                                                                .arg(QLatin1String(kPillay)));
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openLesson(path, true).isEmpty());
        LessonPlayer* player = window.lessonPlayer();
        QCOMPARE(player->slideCount(), 4);
        QVERIFY(waitLanded(player));
        expectAsPlanned(window, player);
        QVERIFY(window.boardModel()->isHighlighted(1));  // the slide's outline
        // The caption: Markdown, and the formula's exponent raised (the marks are gone).
        QVERIFY2(player->captionText().contains(QStringLiteral("Bold and p = e−Δ/T.")), qPrintable(player->captionText()));

        // The clicker's Page Down moves on, wherever the focus is.
        window.boardView()->setFocus();
        QTest::keyClick(window.boardView(), Qt::Key_PageDown);
        QCOMPARE(player->currentSlide(), 1);
        QVERIFY(waitLanded(player));
        expectAsPlanned(window, player);

        player->next();
        QVERIFY(waitLanded(player));
        expectAsPlanned(window, player);
        const QuizQuestion question = *player->currentState()->quiz;
        // Next reveals: the window makes the step asked about, and the answer is the run's.
        player->next();
        QCOMPARE(player->currentSlide(), 2);
        QVERIFY(player->isRevealed());
        QVERIFY(waitLanded(player));
        QCOMPARE(window.controller()->status().counters.steps, question.step);
        QVERIFY2(player->verdictText().contains(QString::fromStdString(question.answer)), qPrintable(player->verdictText()));
        QVERIFY2(player->verdictText().contains(QString::fromStdString(question.explanation)), qPrintable(player->verdictText()));

        player->next();
        QVERIFY(waitLanded(player));
        expectAsPlanned(window, player);
        const std::string last = boardText(window.boardModel()->board());

        // Back, and back again: each slide exactly as it was.
        QTest::keyClick(window.boardView(), Qt::Key_PageUp);
        QCOMPARE(player->currentSlide(), 2);
        QVERIFY(!player->isRevealed());
        QVERIFY(waitLanded(player));
        expectAsPlanned(window, player);
        // Clicking a choice answers: the verdict, the step made.
        QPushButton* yes = nullptr;
        QVERIFY(QTest::qWaitFor([&] {  // new buttons show once the event loop has run
            for (QPushButton* button : window.findChildren<QPushButton*>(QStringLiteral("lessonChoice1")))
                if (button->isEnabled() && button->isVisible()) yes = button;
            return yes != nullptr;
        }));
        QTest::mouseClick(yes, Qt::LeftButton);
        QVERIFY(player->isRevealed());
        QVERIFY2(player->verdictText().contains(QString::fromStdString(question.explanation)), qPrintable(player->verdictText()));
        QVERIFY(waitLanded(player));
        QCOMPARE(window.controller()->status().counters.steps, question.step);
        player->previous();  // the question again
        QVERIFY(waitLanded(player));
        player->previous();
        player->previous();
        QCOMPARE(player->currentSlide(), 0);
        QVERIFY(waitLanded(player));
        expectAsPlanned(window, player);
        player->goToSlide(3);
        QVERIFY(waitLanded(player));
        QCOMPARE(boardText(window.boardModel()->board()), last);

        // B blacks the screen out; any key brings it back.
        QTest::keyClick(window.boardView(), Qt::Key_B);
        QVERIFY(player->blackedOut());
        QTest::keyClick(window.boardView(), Qt::Key_Space);
        QVERIFY(!player->blackedOut());
        QCOMPARE(player->currentSlide(), 3);

        // The teacher's notes, in a window of their own: Ctrl+Shift+T (a key no other action has).
        player->goToSlide(0);
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(window.boardView(), Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier);
        QWidget* notes = window.findChild<QWidget*>(QStringLiteral("teacherNotes"));
        QVERIFY(notes && notes->isVisible());
        QVERIFY(player->notesHtml().contains(QStringLiteral("Ask first")));
    }

    void answeringAQuestionChecksItAgainstTheRun() {
        QTemporaryDir dir;
        const QString path = writeLesson(dir, QStringLiteral("p.json"), QStringLiteral(R"(
  {"puzzle": {"text": "%1"}, "algorithm": "sa", "parameters": {"t0": 2}, "seed": 9, "quiz": "probability",
   "caption": "What is p?"})")
                                                                .arg(QLatin1String(kPillay)));
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openLesson(path, true).isEmpty());
        LessonPlayer* player = window.lessonPlayer();
        QVERIFY(waitLanded(player));
        const QuizQuestion question = *player->currentState()->quiz;
        QCOMPARE(question.form, AnswerForm::Number);
        // An answer that is not a number is explained, not scored.
        player->answer(QStringLiteral("lots"));
        QVERIFY(!player->isRevealed());
        player->answer(QString::number(question.number, 'f', 3));
        QVERIFY(player->isRevealed());
        QVERIFY2(player->verdictText().startsWith(QStringLiteral("Right")), qPrintable(player->verdictText()));
        QVERIFY(waitLanded(player));
        QCOMPARE(window.controller()->status().counters.steps, question.step);
    }

    void aLessonAuthoredInTheWindowRoundTrips() {
        QTemporaryDir dir;
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kPillay), QStringLiteral("test"), true));
        window.algorithmPanel()->setAlgorithm("sa");
        window.algorithmPanel()->setRandomSeed(false);
        window.algorithmPanel()->setSeed(11);
        LessonPlayer* player = window.newLesson();
        QVERIFY(player->authoring());

        // Slide 1: the puzzle before any run.
        QVERIFY(player->addSlideFromWindow(QStringLiteral("The puzzle"), QStringLiteral("Before the run")));
        QVERIFY(waitLanded(player));
        // Slide 2: the run paused at step 25, a cell outlined.
        window.setStepGrain(StepGrain::Iteration);
        for (int i = 0; i < 25; ++i) {
            window.step();
            QVERIFY(QTest::qWaitFor([&] { return window.controller()->settled(); }, 10000));
        }
        QCOMPARE(window.controller()->status().counters.steps, 25u);
        const std::string at25 = boardText(window.boardModel()->board());
        window.boardModel()->setHighlightedCells({4});
        QVERIFY(player->addSlideFromWindow(QStringLiteral("Step 25"), QStringLiteral("After **25** proposals")));
        QVERIFY(waitLanded(player));
        QCOMPARE(boardText(window.boardModel()->board()), at25);
        // Slide 3: harmony search on the same puzzle, with a question. A question its run never asks is refused
        // (tabu's prefilter alone solves this puzzle: it makes no move), and the slide stays as it was.
        window.algorithmPanel()->setAlgorithm("harmony");
        QVERIFY(player->addSlideFromWindow(QStringLiteral("Harmony"), QStringLiteral("Another algorithm")));
        QVERIFY(waitLanded(player));
        QSignalSpy refused(player, &LessonPlayer::message);
        player->editSlide(2, QStringLiteral("Asked wrong"), QString(), QString(), QuizKind::TabuMove);
        QCOMPARE(refused.count(), 1);
        QCOMPARE(QString::fromStdString(player->lesson()->slides[2].title), QStringLiteral("Harmony"));
        player->editSlide(2, QStringLiteral("Harmony's source"), QStringLiteral("Where from?"),
                          QStringLiteral("Give them a minute"), QuizKind::HarmonySource);
        QCOMPARE(player->slideCount(), 3);
        // Reorder and delete: a slide moved before the one that set its puzzle is refused; one that only
        // continues a run can move.
        player->moveSlide(1, 0);
        QCOMPARE(QString::fromStdString(player->lesson()->slides[0].title), QStringLiteral("The puzzle"));
        player->addSlideFromWindow(QStringLiteral("Spare"), QStringLiteral("To delete"));
        QCOMPARE(player->slideCount(), 4);
        player->deleteSlide(3);
        QCOMPARE(player->slideCount(), 3);

        const QString path = dir.filePath(QStringLiteral("authored.json"));
        QVERIFY(window.saveLesson(path).isEmpty());
        QVERIFY(!player->isModified());

        // Reopened in a new window, it plays: the same slides, landing where they were captured.
        MainWindow again(QStringLiteral(PW_PUZZLES_DIR), false);
        again.show();
        QVERIFY2(again.openLesson(path, true).isEmpty(), qPrintable(again.openLesson(path, true)));
        LessonPlayer* reopened = again.lessonPlayer();
        QCOMPARE(reopened->slideCount(), 3);
        QVERIFY(waitLanded(reopened));
        reopened->next();
        QVERIFY(waitLanded(reopened));
        QCOMPARE(again.controller()->status().counters.steps, 25u);
        QCOMPARE(boardText(again.boardModel()->board()), at25);
        QVERIFY(again.boardModel()->isHighlighted(4));
        QVERIFY(reopened->captionText().contains(QStringLiteral("After 25 proposals")));
        reopened->next();
        QVERIFY(waitLanded(reopened));
        QVERIFY(reopened->currentState()->quiz);
        QCOMPARE(reopened->currentState()->quiz->kind, QuizKind::HarmonySource);
        QCOMPARE(again.algorithmPanel()->algorithmId(), std::string("harmony"));
    }

    void exportsAHandout() {
        const QString lessonPath = QStringLiteral(PW_PUZZLES_DIR "/lessons/simulated-annealing.json");
        const LessonRead read = loadLesson(lessonPath.toStdString());
        QVERIFY(read.lesson);
        const LessonPlan plan = planLesson(*read.lesson, lessonPath.toStdString());
        QVERIFY(!plan.error);
        QTemporaryDir dir;
        const QString html = dir.filePath(QStringLiteral("handout.html"));
        QVERIFY(writeLessonHandout(*read.lesson, plan, html, false).isEmpty());
        QFile file(html);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        // Every slide with its board and title; the answers at the end; no notes unless asked.
        QCOMPARE(text.count(QStringLiteral("data:image/png;base64,")), int(read.lesson->slides.size()));
        for (const LessonSlide& slide : read.lesson->slides)
            QVERIFY2(text.contains(QString::fromStdString(slide.title).toHtmlEscaped()), slide.title.c_str());
        QVERIFY(text.contains(QStringLiteral("Answers (the run's)")));
        for (const SlideState& state : plan.slides)
            if (state.quiz) QVERIFY(text.contains(QString::fromStdString(state.quiz->explanation).toHtmlEscaped()));
        QVERIFY(!text.contains(QStringLiteral("Teacher notes")));
        const QString withNotes = dir.filePath(QStringLiteral("notes.html"));
        QVERIFY(writeLessonHandout(*read.lesson, plan, withNotes, true).isEmpty());
        QFile notes(withNotes);
        QVERIFY(notes.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(notes.readAll()).contains(QStringLiteral("Teacher notes")));
        // A PDF, whole; a name of another kind refused with the reason.
        const QString pdf = dir.filePath(QStringLiteral("handout.pdf"));
        QVERIFY(writeLessonHandout(*read.lesson, plan, pdf, true).isEmpty());
        QFile printed(pdf);
        QVERIFY(printed.open(QIODevice::ReadOnly));
        QVERIFY(printed.read(5) == "%PDF-");
        QVERIFY(printed.size() > 20000);
        QVERIFY(writeLessonHandout(*read.lesson, plan, dir.filePath(QStringLiteral("x.doc")), false).contains(QStringLiteral(".html or .pdf")));
        // As a video (its first three slides, to keep the test short), encoded whole.
        Lesson shorter = *read.lesson;
        shorter.slides.resize(3);
        const LessonPlan shorterPlan = planLesson(shorter, "shorter");
        QVERIFY(!shorterPlan.error);
        const QString video = dir.filePath(QStringLiteral("lesson.mp4"));
        QVERIFY(writeLessonHandout(shorter, shorterPlan, video, false).isEmpty());
        QVERIFY(QFileInfo(video).size() > 10000);
    }

    void badLessonsAreRefusedWithTheirPlace() {
        QTemporaryDir dir;
        const QString path = writeLesson(dir, QStringLiteral("bad.json"), QStringLiteral(R"(
  {"puzzle": {"text": "%1"}, "algorithm": "sa", "parameters": {"alpha": 7}})")
                                                                  .arg(QLatin1String(kPillay)));
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        const QString error = window.openLesson(path, true);
        QVERIFY2(error.startsWith(path + QStringLiteral(":3:")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("alpha")), qPrintable(error));
    }

    void practiceAsksChecksAndScores() {
        const Puzzle puzzle = parsePuzzles(kPillay, "practice").puzzles.front();
        PracticeDialog dialog(puzzle, "sa");
        QVERIFY(dialog.setQuizKind(QuizKind::Accept));
        dialog.setSeed(4);
        QVERIFY(dialog.newRound());
        for (int i = 0; i < 3; ++i) {
            const QuizQuestion* question = dialog.question();
            QVERIFY(question);
            QVERIFY(question->boardBefore);
            // Answer right on even questions (by clicking the choice), wrong on odd ones.
            const QString right = QString::fromStdString(question->answer);
            if (i % 2 == 0) {
                auto* button = dialog.findChild<QPushButton*>(QStringLiteral("practiceChoice%1").arg(right == QLatin1String("yes") ? 1 : 2));
                QVERIFY(button && button->isVisible() == dialog.isVisible());
                QTest::mouseClick(button, Qt::LeftButton);
            } else {
                dialog.answer(right == QLatin1String("yes") ? QStringLiteral("no") : QStringLiteral("yes"));
            }
            QVERIFY2(dialog.verdictText().contains(QString::fromStdString(question->explanation)), qPrintable(dialog.verdictText()));
            dialog.nextQuestion();
        }
        QCOMPARE(dialog.asked(), 3);
        QCOMPARE(dialog.right(), 2);
        QVERIFY(dialog.setAlgorithm("logic"));
        QVERIFY(dialog.setQuizKind(QuizKind::Technique));
        QVERIFY(dialog.newRound());
        QVERIFY(dialog.promptText().contains(QStringLiteral("Which technique")));
    }
};

QTEST_MAIN(LessonTests)
#include "lesson_tests.moc"
