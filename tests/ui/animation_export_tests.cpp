// Animation export on the offscreen platform: the re-run recording reaches each frame at the asked pace, in
// exactly the state its timeline holds there, each frame is the window's board and charts at that point, a
// cancelled export leaves the file that was there untouched, and File ▸ Export animation… is there once a run
// has finished.

#include "run/algorithm_panel.h"
#include "export/animation_export.h"
#include "window/main_window.h"
#include "run/run_controller.h"

#include "io/recording.h"
#include "ui_test_puzzles.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QMenuBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace pw;
using namespace pw::ui;
using namespace pw::ui::test_puzzles;

namespace {

constexpr std::uint64_t kSteps = 20000;

QAction* exportAction(MainWindow& window) {
    for (QAction* action : window.menuBar()->findChildren<QAction*>())
        if (action->text() == QStringLiteral("E&xport animation…")) return action;
    return nullptr;
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

}  // namespace

class AnimationExportTests : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("PuzzleWorkbenchTests"));
        QCoreApplication::setApplicationName(QStringLiteral("animation_export_tests"));
        QVERIFY(m_dir.isValid());
        // A finished annealing run, recorded by the window, and its timeline.
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(exportAction(window));
        QVERIFY(!exportAction(window)->isEnabled());  // nothing to export yet
        QVERIFY(window.openText(QString::fromLatin1(kAiEscargot), QStringLiteral("<test>"), true));
        AlgorithmPanel* panel = window.algorithmPanel();
        panel->setAlgorithm("sa");
        panel->setRandomSeed(false);
        panel->setSeed(9);
        panel->setStepLimit(kSteps);
        window.setStepsPerSecond(RunController::kFlatOut);
        QSignalSpy finished(&window, &MainWindow::runFinished);
        window.run();
        QVERIFY(finished.wait(60000));
        QVERIFY(exportAction(window)->isEnabled());
        const QString recording = m_dir.filePath(QStringLiteral("sa.json"));
        QVERIFY(window.saveRunRecording(recording, true));
        const RecordingRead read = loadRecording(recording.toStdString());
        QVERIFY(read.recording);
        m_timeline = RunTimeline::load(*read.recording).timeline;
        QCOMPARE(m_timeline->result().counters.steps, kSteps);
    }

    void framesFollowThePace() {
        AnimationSettings settings;
        settings.pace = AnimationPace::StepsPerFrame;
        settings.perFrame = 1000;
        QString error;
        const RunRecording& recording = m_timeline->recording();
        const std::optional<AnimationFramePlan> plan = AnimationFramePlan::make(recording.result.counters, settings, error);
        QVERIFY2(plan, qPrintable(error));
        QCOMPARE(plan->frameCount(), std::size_t{kSteps / 1000 + 1});
        AnimationStage stage(recording, settings);
        std::vector<std::size_t> shown;  // the events each frame shows
        bool asTheTimelineHasIt = true;
        const RunResult result = playAnimationFrames(recording, *plan, stage, [&](std::size_t frame) {
            const std::size_t events = stage.eventsFollowed();
            // Every event up to the frame's step and none after it, in the state the timeline holds there.
            const bool last = frame + 1 == plan->frameCount();
            asTheTimelineHasIt = asTheTimelineHasIt && frame == shown.size() &&
                                 (events == 0 || m_timeline->events().counters(events - 1).steps <= frame * 1000 || last) &&
                                 (events == m_timeline->size() || m_timeline->events().counters(events).steps > frame * 1000) &&
                                 stage.state().board == m_timeline->stateAt(events).board &&
                                 stage.state().bestCost == m_timeline->stateAt(events).bestCost;
            shown.push_back(events);
            return true;
        });
        QVERIFY(asTheTimelineHasIt);
        QCOMPARE(shown.size(), plan->frameCount());
        QVERIFY(shown[shown.size() / 2] > shown.front() && shown[shown.size() / 2] < shown.back());
        QCOMPARE(shown.back(), m_timeline->size());
        QCOMPARE(result.counters, recording.result.counters);
        QVERIFY(stage.state().finished.has_value());
        QCOMPARE(*stage.state().bestCost, m_timeline->result().bestCost);

        settings.pace = AnimationPace::FitDuration;
        settings.durationSeconds = 2;
        settings.fps = 10;
        QCOMPARE(AnimationFramePlan::make(recording.result.counters, settings, error)->frameCount(), std::size_t{20});

        // One step a frame at 1 fps would last over 5 hours: refused with the smallest pace that fits.
        settings.pace = AnimationPace::StepsPerFrame;
        settings.perFrame = 1;
        settings.fps = 1;
        QVERIFY(!AnimationFramePlan::make(recording.result.counters, settings, error));
        QVERIFY2(error.startsWith(QStringLiteral("--steps-per-frame: 1 makes 20,001 frames")), qPrintable(error));
        QVERIFY2(error.endsWith(QStringLiteral("use at least 34")), qPrintable(error));
    }

    void framesShowTheRunAsItStood() {
        AnimationSettings settings;
        settings.size = QSize(640, 360);
        QString error;
        const RunRecording& recording = m_timeline->recording();
        const std::optional<AnimationFramePlan> plan = AnimationFramePlan::make(recording.result.counters, settings, error);
        QVERIFY(plan);
        const std::size_t middle = plan->frameCount() / 2;
        auto render = [&](const std::vector<std::size_t>& wanted) {
            AnimationStage stage(recording, settings);
            std::vector<QImage> images;
            playAnimationFrames(recording, *plan, stage, [&](std::size_t frame) {
                if (std::find(wanted.begin(), wanted.end(), frame) != wanted.end()) images.push_back(stage.render());
                return true;
            });
            return images;
        };
        const std::vector<QImage> images = render({0, middle, plan->frameCount() - 1});
        QCOMPARE(images.size(), std::size_t{3});
        QCOMPARE(images.front().size(), settings.size);
        QCOMPARE(images.back().size(), settings.size);
        QVERIFY(images[0] != images[1] && images[1] != images[2]);
        QVERIFY(render({middle}).front() == images[1]);  // a frame depends on its point in the run alone
    }

    void cancelLeavesTheOldFile() {
        const QString path = m_dir.filePath(QStringLiteral("cancelled.gif"));
        {
            QFile old(path);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("the old file");
        }
        AnimationSettings settings;
        settings.size = QSize(320, 240);
        std::size_t calls = 0;
        const AnimationExportResult result =
            exportAnimation(m_timeline->recording(), settings, path, [&calls](std::size_t, std::size_t) { return ++calls < 3; });
        QVERIFY(result.cancelled);
        QVERIFY(result.error.isEmpty());
        QCOMPARE(calls, std::size_t{3});
        QCOMPARE(readAll(path), QByteArray("the old file"));
        const QStringList left = QDir(m_dir.path()).entryList(QDir::Files);
        QCOMPARE(left, (QStringList{QStringLiteral("cancelled.gif"), QStringLiteral("sa.json")}));
    }

    void exportsAnMp4() {
        const QString path = m_dir.filePath(QStringLiteral("run.mp4"));
        AnimationSettings settings;
        settings.size = QSize(320, 240);
        settings.fps = 5;
        settings.pace = AnimationPace::EvaluationsPerFrame;
        settings.perFrame = 5000;
        std::size_t lastDone = 0;
        std::size_t total = 0;
        const AnimationExportResult result = exportAnimation(m_timeline->recording(), settings, path, [&](std::size_t done, std::size_t all) {
            lastDone = done;
            total = all;
            return true;
        });
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.frames, std::size_t{5});
        QCOMPARE(result.events, m_timeline->size());  // the run was re-run whole
        QVERIFY(!result.codec.isEmpty());
        QCOMPARE(lastDone, total);
        const QByteArray bytes = readAll(path);
        QCOMPARE(static_cast<std::size_t>(bytes.size()), result.bytes);
        QCOMPARE(bytes.mid(4, 4), QByteArray("ftyp"));  // an ISO media file
    }

    // The dialog starts at the whole run in ten seconds; a pace per frame starts near ten seconds too.
    void dialogOffersThePaces() {
        AnimationExportDialog dialog(m_timeline->recording());
        AnimationSettings settings = dialog.settings();
        QCOMPARE(settings.pace, AnimationPace::FitDuration);
        QCOMPARE(settings.durationSeconds, 10.0);
        QVERIFY(dialog.path().endsWith(QStringLiteral("sa.gif")));
        auto* pace = dialog.findChild<QComboBox*>(QStringLiteral("animationPace"));
        QVERIFY(pace);
        pace->setCurrentIndex(static_cast<int>(AnimationPace::StepsPerFrame));
        settings = dialog.settings();
        QCOMPARE(settings.pace, AnimationPace::StepsPerFrame);
        QCOMPARE(settings.perFrame, std::uint64_t{kSteps / (10 * 15)} + 1);  // 15 fps by default
        auto* width = dialog.findChild<QSpinBox*>(QStringLiteral("animationWidth"));
        QVERIFY(width);
        width->setValue(641);  // odd sides are rounded down to even for the video encoders
        QCOMPARE(dialog.settings().size.width(), 640);
    }

private:
    QTemporaryDir m_dir;
    std::shared_ptr<const RunTimeline> m_timeline;
};

QTEST_MAIN(AnimationExportTests)
#include "animation_export_tests.moc"
