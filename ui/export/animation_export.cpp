#include "export/animation_export.h"

#include "export/animation_encoder.h"
#include "board/board_model.h"
#include "board/board_view.h"
#include "charts/chart_panel.h"
#include "replay/replay_view.h"

#include "algorithms/registry.h"

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

// Follows a replay onto the stage, handing each frame over as soon as the run passes it. The Finished event is
// held back: its final board comes with the replay's result.
class FrameSink final : public EventSink {
public:
    FrameSink(const AnimationFramePlan& plan, AnimationStage& stage,
              const std::function<bool(std::size_t frame)>& frameReady)
        : m_plan(plan), m_stage(stage), m_frameReady(frameReady) {}

    void receive(const Event& event) override {
        if (const auto* finished = std::get_if<Finished>(&event)) {
            m_finished = *finished;
            return;
        }
        while (m_plan.after(m_frame, eventCounters(event)) && showFrame()) {}
        if (!m_stopped) m_stage.follow(event);
    }

    // The frames after the last event, the run's end in the last of them.
    void finish(const RunResult& result) {
        if (m_finished) m_stage.finish(*m_finished, result.finalBoard);
        while (m_frame < m_plan.frameCount() && showFrame()) {}
    }

    const std::atomic<bool>& stopped() const { return m_stopped; }

private:
    bool showFrame() {
        if (m_stopped) return false;
        if (!m_frameReady(m_frame++)) m_stopped = true;
        return !m_stopped;
    }

    const AnimationFramePlan& m_plan;
    AnimationStage& m_stage;
    const std::function<bool(std::size_t)>& m_frameReady;
    std::optional<Finished> m_finished;
    std::size_t m_frame = 0;
    std::atomic<bool> m_stopped = false;  // the caller said stop: ends the replay at the runner's next poll
};

}  // namespace

std::optional<AnimationFramePlan> AnimationFramePlan::make(const Counters& end, const AnimationSettings& settings,
                                                           QString& error) {
    AnimationFramePlan plan;
    plan.m_pace = settings.pace;
    plan.m_total = paceCounter(end, settings.pace);
    if (settings.pace == AnimationPace::FitDuration) {
        plan.m_frameCount = static_cast<std::size_t>(
            std::max<long long>(2, std::llround(settings.durationSeconds * settings.fps)));
        return plan;
    }
    const auto maxFrames = static_cast<std::uint64_t>(AnimationSettings::kMaxDurationSeconds * settings.fps);
    plan.m_perFrame = std::max<std::uint64_t>(1, settings.perFrame);
    const std::uint64_t frameCount = (plan.m_total + plan.m_perFrame - 1) / plan.m_perFrame + 1;
    if (frameCount > maxFrames) {
        const QString option = settings.pace == AnimationPace::StepsPerFrame ? QStringLiteral("--steps-per-frame")
                                                                             : QStringLiteral("--evaluations-per-frame");
        error = QStringLiteral("%1: %L2 makes %L3 frames of a run of %L4, more than %5 s at %6 fps; use at least %L7")
                    .arg(option)
                    .arg(static_cast<qulonglong>(plan.m_perFrame))
                    .arg(static_cast<qulonglong>(frameCount))
                    .arg(static_cast<qulonglong>(plan.m_total))
                    .arg(AnimationSettings::kMaxDurationSeconds)
                    .arg(settings.fps)
                    .arg(static_cast<qulonglong>((plan.m_total + maxFrames - 2) / (maxFrames - 1)));
        return std::nullopt;
    }
    plan.m_frameCount = static_cast<std::size_t>(frameCount);
    return plan;
}

bool AnimationFramePlan::after(std::size_t frame, const Counters& at) const {
    if (frame + 1 >= m_frameCount) return false;
    const auto counter = static_cast<double>(paceCounter(at, m_pace));
    if (m_pace == AnimationPace::FitDuration)
        return counter > static_cast<double>(m_total) * static_cast<double>(frame) / static_cast<double>(m_frameCount - 1);
    return counter > static_cast<double>(frame) * static_cast<double>(m_perFrame);
}

AnimationStage::AnimationStage(const RunRecording& recording, const AnimationSettings& settings, QWidget* parent)
    : QWidget(parent), m_recording(recording), m_size(settings.size), m_model(new BoardModel(this)),
      m_caption(new QLabel(this)), m_board(nullptr), m_charts(new ChartPanel(this)) {
    setObjectName(QStringLiteral("animationStage"));
    setAutoFillBackground(true);
    m_model->setPuzzle(recording.puzzle);
    m_state.board = recording.puzzle.startBoard();
    m_finalBoard = m_state.board;
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

    const AlgorithmEntry* entry = findAlgorithm(recording.algorithmId);
    m_charts->setCostParts(entry ? entry->info.costParts : std::vector<std::string>{});
    m_charts->setXAxis(settings.pace == AnimationPace::EvaluationsPerFrame ? ChartAxis::Evaluations : ChartAxis::Steps);
    m_charts->setRefreshInterval(1 << 30);  // the frames refresh the charts themselves
    m_charts->setControlsVisible(false);

    // Laid out and painted as if on screen, without a window appearing.
    setAttribute(Qt::WA_DontShowOnScreen);
    resize(m_size);
    show();
}

void AnimationStage::follow(const Event& event) {
    ++m_events;
    applyTimelineEvent(m_state, event, m_finalBoard);
    if (const auto* sample = std::get_if<CostSample>(&event)) m_cost = sample->current;
    if (isChartSample(event) || isChartMarker(event)) m_charts->addEvent(event);
}

void AnimationStage::finish(const Finished& finished, const Board& finalBoard) {
    m_finalBoard = finalBoard;
    follow(finished);
}

QString AnimationStage::caption() const {
    QString text = tr("%1 · %2 · step %L3 · evaluations %L4")
                       .arg(QString::fromStdString(m_recording.algorithmId),
                            m_caption->fontMetrics().elidedText(QString::fromStdString(m_recording.puzzle.id),
                                                                Qt::ElideMiddle, m_size.width() / 5))
                       .arg(static_cast<qulonglong>(m_state.at.steps))
                       .arg(static_cast<qulonglong>(m_state.at.evaluations));
    if (m_cost) text += tr(" · cost %1").arg(*m_cost);
    if (m_state.bestCost) text += tr(" (best %1)").arg(*m_state.bestCost);
    if (m_state.finished) text += QStringLiteral(" · ") + QString::fromUtf8(outcomeName(m_state.finished->outcome));
    return text;
}

QImage AnimationStage::render() {
    showTimelineState(*m_model, m_state);
    m_charts->refreshNow();
    // The second chart (temperature, population) takes half the column from the frame it first has data.
    if (m_charts->progressChartVisible()) m_charts->setProgressChartPinned(true);
    m_caption->setText(caption());
    return renderOffscreen(*this, m_size);
}

RunResult playAnimationFrames(const RunRecording& recording, const AnimationFramePlan& plan, AnimationStage& stage,
                              const std::function<bool(std::size_t frame)>& frameReady) {
    FrameSink sink(plan, stage, frameReady);
    RunResult result = replayRecording(recording, &sink, {&sink.stopped()});
    sink.finish(result);
    return result;
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

AnimationFile::AnimationFile(const QString& path, const AnimationSettings& settings)
    : m_path(path), m_settings(settings), m_format(animationFormatForPath(path)) {}

std::vector<std::size_t> AnimationFile::paletteFrames(std::size_t frameCount) const {
    std::vector<std::size_t> frames;
    if (m_format == AnimationFormat::Gif && frameCount > 0)
        for (std::size_t i = 0; i < kPaletteSamples; ++i) frames.push_back(i * (frameCount - 1) / (kPaletteSamples - 1));
    return frames;
}

QString AnimationFile::open(const std::vector<QImage>& paletteSamples) {
    if (QString error = checkAnimationTarget(m_path); !error.isEmpty()) return error;
    if (QString error = m_encoder.open(*m_format, m_settings.size, m_settings.fps, paletteSamples); !error.isEmpty())
        return QStringLiteral("%1: %2").arg(animationFormatName(*m_format), error);
    m_codec = m_encoder.codecName();
    return {};
}

QString AnimationFile::add(const QImage& frame) {
    if (QString error = m_encoder.addFrame(frame); !error.isEmpty())
        return QStringLiteral("%1: %2").arg(m_codec, error);
    ++m_frames;
    return {};
}

QString AnimationFile::commit(AnimationExportResult& result) {
    std::string bytes;
    if (QString error = m_encoder.finish(bytes); !error.isEmpty())
        return QStringLiteral("%1: %2").arg(m_codec, error);
    std::string writeError;
    if (!writeFileAtomically(m_path.toStdString(), bytes, writeError))
        return QStringLiteral("cannot write '%1': %2").arg(m_path, QString::fromStdString(writeError));
    result.frames = m_frames;
    result.bytes = bytes.size();
    result.codec = m_codec;
    return {};
}

AnimationExportResult encodeAnimation(const QString& path, const AnimationSettings& settings, std::size_t frameCount,
                                      const std::function<QImage(std::size_t frame)>& renderFrame,
                                      const std::function<bool(std::size_t done, std::size_t total)>& progress) {
    AnimationExportResult result;
    QElapsedTimer clock;
    clock.start();
    AnimationFile file(path, settings);
    std::vector<QImage> samples;
    if (result.error = checkAnimationTarget(path); !result.error.isEmpty()) return result;
    for (std::size_t frame : file.paletteFrames(frameCount)) samples.push_back(renderFrame(frame));
    if (result.error = file.open(samples); !result.error.isEmpty()) return result;
    samples.clear();
    for (std::size_t i = 0; i < frameCount; ++i) {
        if (result.error = file.add(renderFrame(i)); !result.error.isEmpty()) return result;
        if (progress && !progress(i + 1, frameCount)) {
            result.cancelled = true;
            return result;
        }
    }
    result.error = file.commit(result);
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

AnimationExportResult exportAnimation(const RunRecording& recording, const AnimationSettings& settings,
                                      const QString& path,
                                      const std::function<bool(std::size_t done, std::size_t total)>& progress) {
    AnimationExportResult result;
    QElapsedTimer clock;
    clock.start();
    // Refused before the run is repeated, not after minutes of encoding.
    if (result.error = checkAnimationTarget(path); !result.error.isEmpty()) return result;
    const std::optional<AnimationFramePlan> plan = AnimationFramePlan::make(recording.result.counters, settings, result.error);
    if (!plan) return result;
    AnimationFile file(path, settings);
    const std::size_t frameCount = plan->frameCount();
    const std::vector<std::size_t> paletteFrames = file.paletteFrames(frameCount);
    // A GIF's first run renders just its palette's frames; its progress counts as a run of frames too.
    const std::size_t total = paletteFrames.empty() ? frameCount : 2 * frameCount;
    std::size_t done = 0;
    auto advance = [&] {
        if (progress && !progress(++done, total)) result.cancelled = true;
        return !result.cancelled;
    };
    std::vector<QImage> samples;
    if (!paletteFrames.empty()) {
        AnimationStage stage(recording, settings);
        playAnimationFrames(recording, *plan, stage, [&](std::size_t frame) {
            for (std::size_t wanted : paletteFrames)
                if (wanted == frame) samples.push_back(stage.render());
            return advance();
        });
        if (result.cancelled) return result;
    }
    if (result.error = file.open(samples); !result.error.isEmpty()) return result;
    samples.clear();
    AnimationStage stage(recording, settings);
    playAnimationFrames(recording, *plan, stage, [&](std::size_t) {
        result.error = file.add(stage.render());
        return result.error.isEmpty() && advance();
    });
    if (result.cancelled || !result.error.isEmpty()) return result;
    result.error = file.commit(result);
    result.events = stage.eventsFollowed();
    result.seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    return result;
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
    const AnimationExportResult result = exportAnimation(*read.recording, settings, outputPath);
    if (!result.error.isEmpty()) return QStringLiteral("--export-animation: %1").arg(result.error);
    summary = QStringLiteral("%1: %2; %3 events replayed and exported in %4 s")
                  .arg(outputPath, exportedFrames(settings, result))
                  .arg(result.events)
                  .arg(result.seconds, 0, 'f', 2);
    return {};
}

AnimationExportDialog::AnimationExportDialog(const RunRecording& recording, QWidget* parent)
    : QDialog(parent), m_end(recording.result.counters), m_path(new QLineEdit(this)), m_width(new QSpinBox(this)),
      m_height(new QSpinBox(this)), m_fps(new QSpinBox(this)), m_pace(new QComboBox(this)),
      m_paceValue(new QDoubleSpinBox(this)), m_estimate(new QLabel(this)) {
    setWindowTitle(tr("Export animation"));
    setObjectName(QStringLiteral("animationExportDialog"));
    const AnimationSettings defaults;
    auto* form = new QFormLayout;
    auto* pathRow = new QHBoxLayout;
    m_path->setObjectName(QStringLiteral("animationPath"));
    m_path->setText(QDir::home().filePath(QString::fromStdString(recording.algorithmId) + QStringLiteral(".gif")));
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
    // Room for the longest estimate, a pace with too many frames, so the open dialog never cuts it.
    m_estimate->setMinimumHeight(3 * m_estimate->fontMetrics().lineSpacing());
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
        const std::uint64_t total = paceCounter(m_end, pace);
        m_paceValue->setDecimals(0);
        m_paceValue->setRange(1, 1e15);
        m_paceValue->setValue(std::max(1.0, std::ceil(static_cast<double>(total) / (10.0 * m_fps->value()))));
    }
    updateEstimate();
}

void AnimationExportDialog::updateEstimate() {
    const AnimationSettings chosen = settings();
    QString error;
    const std::optional<AnimationFramePlan> plan = AnimationFramePlan::make(m_end, chosen, error);
    const QString run = tr("The run: %L1 steps, %L2 evaluations.")
                            .arg(static_cast<qulonglong>(m_end.steps))
                            .arg(static_cast<qulonglong>(m_end.evaluations));
    if (!plan) {
        m_estimate->setText(run + QLatin1Char(' ') + inDialogTerms(error));
        return;
    }
    m_estimate->setText(run + QLatin1Char(' ') + tr("The animation: %L1 frames, %2 s.")
                                                   .arg(static_cast<qulonglong>(plan->frameCount()))
                                                   .arg(static_cast<double>(plan->frameCount()) / chosen.fps, 0, 'f', 1));
}

void AnimationExportDialog::browse() {
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export animation"), path(),
                                                        tr("GIF (*.gif);;MP4 video (*.mp4);;WebM video (*.webm)"));
    if (!chosen.isEmpty()) m_path->setText(chosen);
}

// The dialog names its own fields rather than the command line's options.
QString AnimationExportDialog::inDialogTerms(QString error) const {
    error.replace(QStringLiteral("--export-animation"), tr("File"));
    error.replace(QStringLiteral("--steps-per-frame"), tr("Steps per frame"));
    error.replace(QStringLiteral("--evaluations-per-frame"), tr("Evaluations per frame"));
    return error;
}

void AnimationExportDialog::validate() {
    QString error = checkAnimationPath(path());
    if (error.isEmpty()) {
        QString planError;
        if (!AnimationFramePlan::make(m_end, settings(), planError)) error = planError;
    }
    if (!error.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot export"), inDialogTerms(error));
        return;
    }
    accept();
}

}  // namespace pw::ui
