#include "export/animation_settings.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QRegularExpression>

#include <limits>

namespace pw::ui {

std::optional<AnimationFormat> animationFormatForPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("gif")) return AnimationFormat::Gif;
    if (suffix == QLatin1String("mp4")) return AnimationFormat::Mp4;
    if (suffix == QLatin1String("webm")) return AnimationFormat::WebM;
    return std::nullopt;
}

QString animationFormatName(AnimationFormat format) {
    switch (format) {
    case AnimationFormat::Gif: return QStringLiteral("GIF");
    case AnimationFormat::Mp4: return QStringLiteral("MP4 (H.264)");
    case AnimationFormat::WebM: return QStringLiteral("WebM (VP9)");
    }
    return {};
}

QString parseAnimationSize(const QString& text, QSize& size) {
    static const QRegularExpression pattern(QStringLiteral("^(\\d{1,5})[xX](\\d{1,5})$"));
    const QRegularExpressionMatch match = pattern.match(text.trimmed());
    const QString range = QStringLiteral("WIDTHxHEIGHT, even numbers from %1x%2 to %3x%4")
                              .arg(AnimationSettings::kMinWidth)
                              .arg(AnimationSettings::kMinHeight)
                              .arg(AnimationSettings::kMaxWidth)
                              .arg(AnimationSettings::kMaxHeight);
    if (!match.hasMatch()) return QStringLiteral("--size: '%1' is not %2").arg(text, range);
    const int width = match.captured(1).toInt();
    const int height = match.captured(2).toInt();
    if (width < AnimationSettings::kMinWidth || width > AnimationSettings::kMaxWidth ||
        height < AnimationSettings::kMinHeight || height > AnimationSettings::kMaxHeight)
        return QStringLiteral("--size: %1x%2 is out of range: %3").arg(width).arg(height).arg(range);
    // Video encoders store colour at half resolution (4:2:0): both sides must be even.
    if (width % 2 != 0 || height % 2 != 0)
        return QStringLiteral("--size: %1x%2 has an odd side: %3").arg(width).arg(height).arg(range);
    size = QSize(width, height);
    return {};
}

QString parseAnimationFps(const QString& text, int& fps) {
    bool ok = false;
    const int value = text.trimmed().toInt(&ok);
    if (!ok || value < AnimationSettings::kMinFps || value > AnimationSettings::kMaxFps)
        return QStringLiteral("--fps: '%1' is not a whole number of frames per second from %2 to %3")
            .arg(text)
            .arg(AnimationSettings::kMinFps)
            .arg(AnimationSettings::kMaxFps);
    fps = value;
    return {};
}

QString parseAnimationDuration(const QString& text, double& seconds) {
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !(value >= AnimationSettings::kMinDurationSeconds) || value > AnimationSettings::kMaxDurationSeconds)
        return QStringLiteral("--duration: '%1' is not a number of seconds from %2 to %3")
            .arg(text)
            .arg(AnimationSettings::kMinDurationSeconds)
            .arg(AnimationSettings::kMaxDurationSeconds);
    seconds = value;
    return {};
}

QString parseAnimationPerFrame(const QString& option, const QString& text, std::uint64_t& perFrame) {
    bool ok = false;
    const qulonglong value = text.trimmed().toULongLong(&ok);
    if (!ok || value == 0)
        return QStringLiteral("%1: '%2' is not a whole number from 1 to %3")
            .arg(option, text)
            .arg(std::numeric_limits<qulonglong>::max());
    perFrame = value;
    return {};
}

QString checkAnimationPath(const QString& path) {
    if (!animationFormatForPath(path))
        return QStringLiteral("--export-animation: '%1' must end in .gif, .mp4 or .webm").arg(path);
    return {};
}

AnimationOptions addAnimationOptions(QCommandLineParser& parser) {
    AnimationOptions options;
    parser.addOptions({options.output, options.fps, options.size, options.duration, options.stepsPerFrame,
                       options.evaluationsPerFrame});
    return options;
}

QString parseAnimationOptions(const QCommandLineParser& parser, const AnimationOptions& animation, const QString& open,
                              QString& output, AnimationSettings& settings) {
    const QList<const QCommandLineOption*> chosen{&animation.fps, &animation.size, &animation.duration,
                                                  &animation.stepsPerFrame, &animation.evaluationsPerFrame};
    if (!parser.isSet(animation.output)) {
        for (const QCommandLineOption* option : chosen)
            if (parser.isSet(*option))
                return QStringLiteral("--%1 needs --export-animation FILE").arg(option->names().first());
        return {};
    }
    output = parser.value(animation.output);
    if (QString error = checkAnimationPath(output); !error.isEmpty()) return error;
    if (open.isEmpty()) return QStringLiteral("--export-animation needs --open RECORDING.json");
    if (parser.isSet(animation.fps))
        if (QString error = parseAnimationFps(parser.value(animation.fps), settings.fps); !error.isEmpty()) return error;
    if (parser.isSet(animation.size))
        if (QString error = parseAnimationSize(parser.value(animation.size), settings.size); !error.isEmpty()) return error;
    const int paces = int(parser.isSet(animation.duration)) + int(parser.isSet(animation.stepsPerFrame)) +
                      int(parser.isSet(animation.evaluationsPerFrame));
    if (paces > 1) return QStringLiteral("--duration, --steps-per-frame and --evaluations-per-frame exclude each other");
    if (parser.isSet(animation.duration))
        if (QString error = parseAnimationDuration(parser.value(animation.duration), settings.durationSeconds);
            !error.isEmpty())
            return error;
    if (parser.isSet(animation.stepsPerFrame)) {
        settings.pace = AnimationPace::StepsPerFrame;
        if (QString error = parseAnimationPerFrame(QStringLiteral("--steps-per-frame"),
                                                   parser.value(animation.stepsPerFrame), settings.perFrame);
            !error.isEmpty())
            return error;
    }
    if (parser.isSet(animation.evaluationsPerFrame)) {
        settings.pace = AnimationPace::EvaluationsPerFrame;
        if (QString error = parseAnimationPerFrame(QStringLiteral("--evaluations-per-frame"),
                                                   parser.value(animation.evaluationsPerFrame), settings.perFrame);
            !error.isEmpty())
            return error;
    }
    return {};
}

}  // namespace pw::ui
