// Animation export on the offscreen platform: the frame plan walks the run's timeline at the asked pace, each
// frame is the window's board and charts at that point, a cancelled export leaves the file that was there
// untouched, and File ▸ Export animation… is there once a run has finished.

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
        const std::vector<AnimationFrame> frames = planAnimationFrames(*m_timeline, settings, error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(frames.size(), std::size_t{kSteps / 1000 + 1});
        for (std::size_t k = 0; k < frames.size(); ++k) {
            QVERIFY(frames[k].at.steps <= k * 1000);
            if (k > 0) QVERIFY(frames[k].position >= frames[k - 1].position);
            // The frame's counters are those of the last event it shows.
            if (frames[k].position > 0)
                QVERIFY(frames[k].at == m_timeline->events().counters(frames[k].position - 1));
        }
        QVERIFY(frames[frames.size() / 2].at.steps > 0);
        QCOMPARE(frames.back().position, m_timeline->size());
        QVERIFY(frames.back().bestCost.has_value());
        QCOMPARE(*frames.back().bestCost, m_timeline->result().bestCost);

        settings.pace = AnimationPace::FitDuration;
        settings.durationSeconds = 2;
        settings.fps = 10;
        QCOMPARE(planAnimationFrames(*m_timeline, settings, error).size(), std::size_t{20});

        // One step a frame at 1 fps would last over 5 hours: refused with the smallest pace that fits.
        settings.pace = AnimationPace::StepsPerFrame;
        settings.perFrame = 1;
        settings.fps = 1;
        QVERIFY(planAnimationFrames(*m_timeline, settings, error).empty());
        QVERIFY2(error.startsWith(QStringLiteral("--steps-per-frame: 1 makes 20,001 frames")), qPrintable(error));
        QVERIFY2(error.endsWith(QStringLiteral("use at least 34")), qPrintable(error));
    }

    void framesShowTheRunAsItStood() {
        AnimationSettings settings;
        settings.size = QSize(640, 360);
        QString error;
        const std::vector<AnimationFrame> frames = planAnimationFrames(*m_timeline, settings, error);
        AnimationStage stage(m_timeline, settings);
        const QImage first = stage.render(frames.front());
        const QImage middle = stage.render(frames[frames.size() / 2]);
        const QImage last = stage.render(frames.back());
        QCOMPARE(first.size(), settings.size);
        QCOMPARE(last.size(), settings.size);
        QVERIFY(first != middle && middle != last);
        QVERIFY(stage.render(frames[frames.size() / 2]) == middle);  // a frame depends on its position alone
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
            exportAnimation(m_timeline, settings, path, [&calls](std::size_t, std::size_t) { return ++calls < 3; });
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
        const AnimationExportResult result = exportAnimation(m_timeline, settings, path, [&](std::size_t done, std::size_t all) {
            lastDone = done;
            total = all;
            return true;
        });
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.frames, std::size_t{5});
        QCOMPARE(lastDone, total);
        const QByteArray bytes = readAll(path);
        QCOMPARE(static_cast<std::size_t>(bytes.size()), result.bytes);
        QCOMPARE(bytes.mid(4, 4), QByteArray("ftyp"));  // an ISO media file
    }

    // The dialog starts at the whole run in ten seconds; a pace per frame starts near ten seconds too.
    void dialogOffersThePaces() {
        AnimationExportDialog dialog(*m_timeline);
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
