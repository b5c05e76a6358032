#pragma once
// What an exported animation looks like: its file format (from the file name), frame size, frame rate and
// pace — how far the run advances from one frame to the next. Shared by File ▸ Export animation… and
// `puzzle-workbench --export-animation`, so both refuse the same values with the same words.

#include <QCommandLineOption>
#include <QSize>
#include <QString>

#include <cstdint>
#include <optional>

class QCommandLineParser;

namespace pw::ui {

enum class AnimationFormat { Gif, Mp4, WebM };

// The format a file name asks for (.gif, .mp4, .webm, any case); none for other names.
std::optional<AnimationFormat> animationFormatForPath(const QString& path);
QString animationFormatName(AnimationFormat format);  // "GIF", "MP4 (H.264)", "WebM (VP9)"

enum class AnimationPace {
    FitDuration,          // the whole run in durationSeconds
    StepsPerFrame,        // perFrame steps of the run between two frames
    EvaluationsPerFrame,  // perFrame evaluations between two frames
};

struct AnimationSettings {
    static constexpr int kMinWidth = 160;
    static constexpr int kMinHeight = 120;
    static constexpr int kMaxWidth = 3840;
    static constexpr int kMaxHeight = 2160;
    static constexpr int kMinFps = 1;
    static constexpr int kMaxFps = 60;
    static constexpr double kMinDurationSeconds = 1;
    static constexpr double kMaxDurationSeconds = 600;

    QSize size{960, 540};
    int fps = 15;
    AnimationPace pace = AnimationPace::FitDuration;
    double durationSeconds = 10;
    std::uint64_t perFrame = 0;  // with StepsPerFrame or EvaluationsPerFrame, at least 1
};

// Each returns an error naming the option and its range, or an empty string and sets the value.
QString parseAnimationSize(const QString& text, QSize& size);      // "WxH", both even
QString parseAnimationFps(const QString& text, int& fps);
QString parseAnimationDuration(const QString& text, double& seconds);
QString parseAnimationPerFrame(const QString& option, const QString& text, std::uint64_t& perFrame);
// The output path: its extension must name a format.
QString checkAnimationPath(const QString& path);

// The command line's animation options (--export-animation, --fps, --size, --duration, --steps-per-frame,
// --evaluations-per-frame), added to a parser and read back from it.
struct AnimationOptions {
    QCommandLineOption output{QStringLiteral("export-animation"),
                              QStringLiteral("With --open of a run recording: export it as an animation (.gif, .mp4 "
                                             "or .webm) without a window, then exit."),
                              QStringLiteral("FILE")};
    QCommandLineOption fps{QStringLiteral("fps"), QStringLiteral("Animation frames per second, 1 to 60 (default 15)."),
                           QStringLiteral("N")};
    QCommandLineOption size{QStringLiteral("size"),
                            QStringLiteral("Animation frame size, even sides from 160x120 to 3840x2160 (default 960x540)."),
                            QStringLiteral("WxH")};
    QCommandLineOption duration{QStringLiteral("duration"),
                                QStringLiteral("The whole run in this many seconds of animation, 1 to 600 (default 10)."),
                                QStringLiteral("S")};
    QCommandLineOption stepsPerFrame{QStringLiteral("steps-per-frame"),
                                     QStringLiteral("Animation pace: steps of the run per frame."), QStringLiteral("N")};
    QCommandLineOption evaluationsPerFrame{QStringLiteral("evaluations-per-frame"),
                                           QStringLiteral("Animation pace: evaluations of the run per frame."),
                                           QStringLiteral("N")};
};
AnimationOptions addAnimationOptions(QCommandLineParser& parser);
// Reads them after parsing: `output` stays empty without --export-animation (and then the others are refused).
QString parseAnimationOptions(const QCommandLineParser& parser, const AnimationOptions& animation, const QString& open,
                              QString& output, AnimationSettings& settings);

}  // namespace pw::ui
