#include "export/animation_export.h"

#include "export/animation_encoder.h"
#include "board/board_model.h"
#include "board/board_view.h"
#include "charts/chart_panel.h"
#include "replay/replay_view.h"

#include "io/formats.h"
#include "io/output.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSpinBox>

#include <algorithm>
#include <cmath>

namespace pw::ui {

namespace {

constexpr std::size_t kPaletteSamples = 8;  // GIF palette: frames spread over the animation

std::uint64_t paceCounter(const Counters& at, AnimationPace pace) {
    return pace == AnimationPace::EvaluationsPerFrame ? at.evaluations : at.steps;
}

}  // namespace

std::vector<AnimationFrame> planAnimationFrames(const RunTimeline& timeline, const AnimationSettings& settings,
                                                QString& error) {
    const Counters end = timeline.result().counters;
    const std::uint64_t total = paceCounter(end, settings.pace);
    const auto maxFrames = static_cast<std::uint64_t>(AnimationSettings::kMaxDurationSeconds * settings.fps);
    // Frame k shows the run up to target(k); the last frame the whole run.
    std::uint64_t frameCount = 0;
    std::function<double(std::uint64_t)> target;
    if (settings.pace == AnimationPace::FitDuration) {
        frameCount = std::max<std::uint64_t>(2, static_cast<std::uint64_t>(std::llround(settings.durationSeconds * settings.fps)));
        target = [total, frameCount](std::uint64_t k) {
            return static_cast<double>(total) * static_cast<double>(k) / static_cast<double>(frameCount - 1);
        };
    } else {
        const std::uint64_t perFrame = std::max<std::uint64_t>(1, settings.perFrame);
        frameCount = (total + perFrame - 1) / perFrame + 1;
        if (frameCount > maxFrames) {
            const QString option = settings.pace == AnimationPace::StepsPerFrame ? QStringLiteral("--steps-per-frame")
                                                                                 : QStringLiteral("--evaluations-per-frame");
            error = QStringLiteral("%1: %L2 makes %L3 frames of a run of %L4, more than %5 s at %6 fps; use at least %L7")
                        .arg(option)
                        .arg(static_cast<qulonglong>(perFrame))
                        .arg(static_cast<qulonglong>(frameCount))
                        .arg(static_cast<qulonglong>(total))
                        .arg(AnimationSettings::kMaxDurationSeconds)
                        .arg(settings.fps)
                        .arg(static_cast<qulonglong>((total + maxFrames - 2) / (maxFrames - 1)));
            return {};
        }
        target = [perFrame](std::uint64_t k) { return static_cast<double>(k) * static_cast<double>(perFrame); };
    }

    std::vector<AnimationFrame> frames;
    frames.reserve(static_cast<std::size_t>(frameCount));
    AnimationFrame current;
    EventStore::Reader reader(timeline.events(), 0);
    const Event* next = reader.atEnd() ? nullptr : &reader.next();  // the event at current.position
    for (std::uint64_t k = 0; k < frameCount; ++k) {
        const bool last = k + 1 == frameCount;
        const double until = target(k);
        while (next && (last || static_cast<double>(paceCounter(eventCounters(*next), settings.pace)) <= until)) {
            const Event& event = *next;
            ++current.position;
            current.at = eventCounters(event);
            if (const auto* sample = std::get_if<CostSample>(&event)) {
                current.cost = sample->current;
                current.bestCost = sample->best;
            } else if (const auto* finished = std::get_if<Finished>(&event)) {
                current.bestCost = finished->bestCost;
            }
            next = reader.atEnd() ? nullptr : &reader.next();
        }
        frames.push_back(current);
    }
    return frames;
}

AnimationStage::AnimationStage(std::shared_ptr<const RunTimeline> timeline, const AnimationSettings& settings,
                               QWidget* parent)
    : QWidget(parent), m_timeline(std::move(timeline)), m_size(settings.size), m_model(new BoardModel(this)),
      m_caption(new QLabel(this)), m_board(nullptr), m_charts(new ChartPanel(this)), m_replay(nullptr) {
    setObjectName(QStringLiteral("animationStage"));
    setAutoFillBackground(true);
    m_model->setPuzzle(m_timeline->recording().puzzle);
    m_board = new BoardView(m_model, this);
    m_board->setAnimationDuration(0);  // each frame shows a settled board
    m_board->setEditable(false);
    m_board->setMinimumSize(0, 0);
    QFont font = m_caption->font();
    font.setPixelSize(std::max(10, m_size.height() / 40));
    font.setBold(true);
    m_caption->setFont(font);
    m_caption->setObjectName(QStringLiteral("animationCaption"));

    // Wide frames put the charts beside the board, tall ones under it.
    const bool wide = m_size.width() >= m_size.height();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(2);
    layout->addWidget(m_caption);
    auto* body = new QBoxLayout(wide ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
    body->addWidget(m_board, wide ? 5 : 6);
    body->addWidget(m_charts, wide ? 6 : 5);
    layout->addLayout(body, 1);

    m_replay = new ReplayView(m_model, m_charts, nullptr, this);
    m_replay->hide();
    m_charts->setXAxis(settings.pace == AnimationPace::EvaluationsPerFrame ? ChartAxis::Evaluations : ChartAxis::Steps);
    m_charts->setRefreshInterval(1 << 30);  // the frames refresh the charts themselves
    m_charts->setControlsVisible(false);

    // Laid out and painted as if on screen, without a window appearing.
    setAttribute(Qt::WA_DontShowOnScreen);
    resize(m_size);
    show();
    m_replay->hide();
    m_replay->setTimeline(m_timeline);
    // The second chart (temperature, population) in every frame when the run fills it at all.
    if (m_charts->progressChartVisible()) m_charts->setProgressChartPinned(true);
}

QString AnimationStage::caption(const AnimationFrame& frame) const {
    const RunRecording& recording = m_timeline->recording();
    QString text = tr("%1 · %2 · step %L3 · evaluations %L4")
                       .arg(QString::fromStdString(recording.algorithmId),
                            m_caption->fontMetrics().elidedText(QString::fromStdString(recording.puzzle.id),
                                                                Qt::ElideMiddle, m_size.width() / 5))
                       .arg(static_cast<qulonglong>(frame.at.steps))
                       .arg(static_cast<qulonglong>(frame.at.evaluations));
    if (frame.cost) text += tr(" · cost %1").arg(*frame.cost);
    if (frame.bestCost) text += tr(" (best %1)").arg(*frame.bestCost);
    if (frame.position == m_timeline->size() && !m_timeline->events().empty())
        if (const Event last = m_timeline->events().back(); const auto* finished = std::get_if<Finished>(&last))
            text += QStringLiteral(" · ") + QString::fromUtf8(outcomeName(finished->outcome));
    return text;
}

QImage AnimationStage::render(const AnimationFrame& frame) {
    m_replay->seek(frame.position);
    m_caption->setText(caption(frame));
    return renderOffscreen(*this, m_size);
}

QString checkAnimationTarget(const QString& path) {
    if (!animationFormatForPath(path)) return checkAnimationPath(path);
    const QFileInfo target(path);
    const QFileInfo directory(target.absolutePath());
    if (!directory.isDir() || !directory.isWritable())
        return QStringLiteral("cannot write '%1': the directory %2 %3")
            .arg(path, directory.filePath(), directory.isDir() ? QStringLiteral("is not writable") : QStringLiteral("does not exist"));
    if (target.isDir()) return QStringLiteral("cannot write '%1': it is a directory").arg(path);
    return {};
}

AnimationExportResult encodeAnimation(const QString& path, const AnimationSettings& settings, std::size_t frameCount,
                                      const std::function<QImage(std::size_t frame)>& renderFrame,
                                      const std::function<bool(std::size_t done, std::size_t total)>& progress) {
    AnimationExportResult result;
    QElapsedTimer clock;
    clock.start();
    if (result.error = checkAnimationTarget(path); !result.error.isEmpty()) return result;
    const AnimationFormat format = *animationFormatForPath(path);
    std::vector<QImage> samples;
    if (format == AnimationFormat::Gif)
        for (std::size_t i = 0; i < kPaletteSamples; ++i) samples.push_back(renderFrame(i * (frameCount - 1) / (kPaletteSamples - 1)));
    AnimationEncoder encoder;
    if (QString error = encoder.open(format, settings.size, settings.fps, samples); !error.isEmpty()) {
        result.error = QStringLiteral("%1: %2").arg(animationFormatName(format), error);
        return result;
    }
    result.codec = encoder.codecName();
    samples.clear();
    for (std::size_t i = 0; i < frameCount; ++i) {
        if (QString error = encoder.addFrame(renderFrame(i)); !error.isEmpty()) {
            result.error = QStringLiteral("%1: %2").arg(result.codec, error);
            return result;
        }
        if (progress && !progress(i + 1, frameCount)) {
            result.cancelled = true;
            return result;
        }
    }
    std::string bytes;
    if (QString error = encoder.finish(bytes); !error.isEmpty()) {
        result.error = QStringLiteral("%1: %2").arg(result.codec, error);
        return result;
    }
    std::string writeError;
    if (!writeFileAtomically(path.toStdString(), bytes, writeError)) {
        result.error = QStringLiteral("cannot write '%1': %2").arg(path, QString::fromStdString(writeError));
        return result;
    }
    result.frames = frameCount;
    result.bytes = bytes.size();
    result.seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    return result;
}

QImage renderOffscreen(QWidget& stage, QSize size) {
    // The charts' scenes and layouts settle through posted events, which post more in turn (a layout request
    // moves the axes, which asks for a scene update).
    // Axes the charts replace are deleted later: outside the event loop (the headless export runs before it
    // starts) only an explicit send deletes them, and their stale labels would stay in the picture.
    for (int round = 0; round < 3; ++round) {
        QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    }
    QImage image(size, QImage::Format_RGB32);
    image.fill(stage.palette().color(QPalette::Window));
    stage.render(&image);
    return image;
}

AnimationExportResult exportAnimation(std::shared_ptr<const RunTimeline> timeline, const AnimationSettings& settings,
                                      const QString& path,
                                      const std::function<bool(std::size_t done, std::size_t total)>& progress) {
    AnimationExportResult result;
    // Refused before the frames are made, not after minutes of encoding.
    if (result.error = checkAnimationTarget(path); !result.error.isEmpty()) return result;
    const std::vector<AnimationFrame> frames = planAnimationFrames(*timeline, settings, result.error);
    if (frames.empty()) return result;
    AnimationStage stage(timeline, settings);
    return encodeAnimation(path, settings, frames.size(), [&](std::size_t i) { return stage.render(frames[i]); }, progress);
}

QString exportedFrames(const AnimationSettings& settings, const AnimationExportResult& result) {
    return QStringLiteral("%1 frames of %2x%3 at %4 fps (%5), %6 bytes")
        .arg(result.frames)
        .arg(settings.size.width())
        .arg(settings.size.height())
        .arg(settings.fps)
        .arg(result.codec)
        .arg(result.bytes);
}

QString exportRecordingAnimation(const QString& recordingPath, const QString& outputPath,
                                 const AnimationSettings& settings, QString& summary) {
    if (QString error = checkAnimationPath(outputPath); !error.isEmpty()) return error;
    const RecordingRead read = loadRecording(recordingPath.toStdString());
    if (!read.recording)
        return QStringLiteral("--export-animation needs --open of a run recording: %1")
            .arg(QString::fromStdString(read.error.toString()));
    QElapsedTimer clock;
    clock.start();
    const TimelineLoad load = RunTimeline::load(*read.recording);
    if (!load.timeline) return QStringLiteral("--export-animation: %1").arg(QString::fromStdString(load.error));
    const auto& timeline = load.timeline;
    const double replaySeconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    const AnimationExportResult result = exportAnimation(timeline, settings, outputPath);
    if (!result.error.isEmpty()) return QStringLiteral("--export-animation: %1").arg(result.error);
    summary = QStringLiteral("%1: %2; %3 events replayed in %4 s, exported in %5 s")
                  .arg(outputPath, exportedFrames(settings, result))
                  .arg(timeline->size())
                  .arg(replaySeconds, 0, 'f', 2)
                  .arg(result.seconds, 0, 'f', 2);
    return {};
}

AnimationExportDialog::AnimationExportDialog(const RunTimeline& timeline, QWidget* parent)
    : QDialog(parent), m_timeline(timeline), m_path(new QLineEdit(this)), m_width(new QSpinBox(this)),
      m_height(new QSpinBox(this)), m_fps(new QSpinBox(this)), m_pace(new QComboBox(this)),
      m_paceValue(new QDoubleSpinBox(this)), m_estimate(new QLabel(this)) {
    setWindowTitle(tr("Export animation"));
    setObjectName(QStringLiteral("animationExportDialog"));
    const AnimationSettings defaults;
    auto* form = new QFormLayout;
    auto* pathRow = new QHBoxLayout;
    m_path->setObjectName(QStringLiteral("animationPath"));
    m_path->setText(QDir::home().filePath(QString::fromStdString(timeline.recording().algorithmId) + QStringLiteral(".gif")));
    m_path->setToolTip(tr("The file's extension chooses the format: .gif, .mp4 (H.264) or .webm (VP9)"));
    auto* browseButton = new QPushButton(tr("Browse…"), this);
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseButton);
    // Rows holding a layout get their label's buddy by hand, for the mnemonic.
    auto labelFor = [this](const QString& text, QWidget* buddy) {
        auto* label = new QLabel(text, this);
        label->setBuddy(buddy);
        return label;
    };
    form->addRow(labelFor(tr("&File:"), m_path), pathRow);
    auto* sizeRow = new QHBoxLayout;
    m_width->setRange(AnimationSettings::kMinWidth, AnimationSettings::kMaxWidth);
    m_height->setRange(AnimationSettings::kMinHeight, AnimationSettings::kMaxHeight);
    for (QSpinBox* side : {m_width, m_height}) side->setSingleStep(2);
    m_width->setValue(defaults.size.width());
    m_height->setValue(defaults.size.height());
    m_width->setObjectName(QStringLiteral("animationWidth"));
    m_height->setObjectName(QStringLiteral("animationHeight"));
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_height);
    sizeRow->addStretch(1);
    form->addRow(labelFor(tr("&Size (pixels):"), m_width), sizeRow);
    m_fps->setRange(AnimationSettings::kMinFps, AnimationSettings::kMaxFps);
    m_fps->setValue(defaults.fps);
    m_fps->setObjectName(QStringLiteral("animationFps"));
    form->addRow(tr("&Frames per second:"), m_fps);
    m_pace->addItems({tr("Whole run in (seconds)"), tr("Steps per frame"), tr("Evaluations per frame")});
    m_pace->setObjectName(QStringLiteral("animationPace"));
    m_paceValue->setObjectName(QStringLiteral("animationPaceValue"));
    auto* paceRow = new QHBoxLayout;
    paceRow->addWidget(m_pace);
    paceRow->addWidget(m_paceValue, 1);
    form->addRow(labelFor(tr("S&peed:"), m_pace), paceRow);
    m_estimate->setWordWrap(true);
    form->addRow(m_estimate);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);

    connect(browseButton, &QPushButton::clicked, this, &AnimationExportDialog::browse);
    connect(m_pace, &QComboBox::currentIndexChanged, this, &AnimationExportDialog::updatePace);
    connect(m_paceValue, &QDoubleSpinBox::valueChanged, this, &AnimationExportDialog::updateEstimate);
    connect(m_fps, &QSpinBox::valueChanged, this, &AnimationExportDialog::updateEstimate);
    connect(buttons, &QDialogButtonBox::accepted, this, &AnimationExportDialog::validate);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updatePace();
}

QString AnimationExportDialog::path() const { return m_path->text().trimmed(); }

AnimationSettings AnimationExportDialog::settings() const {
    AnimationSettings settings;
    settings.size = QSize(m_width->value() / 2 * 2, m_height->value() / 2 * 2);
    settings.fps = m_fps->value();
    settings.pace = static_cast<AnimationPace>(m_pace->currentIndex());
    if (settings.pace == AnimationPace::FitDuration) settings.durationSeconds = m_paceValue->value();
    else settings.perFrame = static_cast<std::uint64_t>(std::llround(m_paceValue->value()));
    return settings;
}

void AnimationExportDialog::updatePace() {
    const auto pace = static_cast<AnimationPace>(m_pace->currentIndex());
    const QSignalBlocker blocker(m_paceValue);
    if (pace == AnimationPace::FitDuration) {
        m_paceValue->setDecimals(1);
        m_paceValue->setRange(AnimationSettings::kMinDurationSeconds, AnimationSettings::kMaxDurationSeconds);
        m_paceValue->setValue(AnimationSettings{}.durationSeconds);
    } else {
        // About ten seconds of animation to start from.
        const std::uint64_t total = paceCounter(m_timeline.result().counters, pace);
        m_paceValue->setDecimals(0);
        m_paceValue->setRange(1, 1e15);
        m_paceValue->setValue(std::max(1.0, std::ceil(static_cast<double>(total) / (10.0 * m_fps->value()))));
    }
    updateEstimate();
}

void AnimationExportDialog::updateEstimate() {
    QString error;
    const AnimationSettings chosen = settings();
    const Counters end = m_timeline.result().counters;
    std::uint64_t frames = 0;
    if (chosen.pace == AnimationPace::FitDuration) {
        frames = static_cast<std::uint64_t>(std::llround(chosen.durationSeconds * chosen.fps));
    } else {
        const std::uint64_t total = paceCounter(end, chosen.pace);
        frames = (total + chosen.perFrame - 1) / std::max<std::uint64_t>(1, chosen.perFrame) + 1;
    }
    m_estimate->setText(tr("The run: %L1 steps, %L2 evaluations. The animation: %L3 frames, %4 s.")
                            .arg(static_cast<qulonglong>(end.steps))
                            .arg(static_cast<qulonglong>(end.evaluations))
                            .arg(static_cast<qulonglong>(frames))
                            .arg(static_cast<double>(frames) / chosen.fps, 0, 'f', 1));
}

void AnimationExportDialog::browse() {
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export animation"), path(),
                                                        tr("GIF (*.gif);;MP4 video (*.mp4);;WebM video (*.webm)"));
    if (!chosen.isEmpty()) m_path->setText(chosen);
}

void AnimationExportDialog::validate() {
    QString error = checkAnimationPath(path());
    if (error.isEmpty()) {
        QString planError;
        if (planAnimationFrames(m_timeline, settings(), planError).empty()) error = planError;
    }
    if (!error.isEmpty()) {
        // The dialog names its own fields rather than the command line's options.
        error.replace(QStringLiteral("--export-animation"), tr("File"));
        error.replace(QStringLiteral("--steps-per-frame"), tr("Steps per frame"));
        error.replace(QStringLiteral("--evaluations-per-frame"), tr("Evaluations per frame"));
        QMessageBox::warning(this, tr("Cannot export"), error);
        return;
    }
    accept();
}

}  // namespace pw::ui
