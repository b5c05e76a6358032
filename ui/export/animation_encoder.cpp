#include "export/animation_encoder.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <algorithm>
#include <cstring>

namespace pw::ui {

namespace {

QString avError(const char* what, int code) {
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(code, text, sizeof text);
    return QStringLiteral("%1: %2").arg(QString::fromLatin1(what), QString::fromLocal8Bit(text));
}

// QImage::Format_RGB32 is 0xffRRGGBB in native byte order, which FFmpeg calls AV_PIX_FMT_RGB32.
constexpr AVPixelFormat kFramePixelFormat = AV_PIX_FMT_RGB32;

// The container's bytes, kept in memory. MP4 seeks back to write its index once the frames are known.
struct MemoryOutput {
    std::string bytes;
    std::int64_t position = 0;
};

#if LIBAVFORMAT_VERSION_MAJOR >= 61
int writeToMemory(void* opaque, const std::uint8_t* data, int size) {
#else
int writeToMemory(void* opaque, std::uint8_t* data, int size) {
#endif
    auto* out = static_cast<MemoryOutput*>(opaque);
    const auto end = static_cast<std::size_t>(out->position) + static_cast<std::size_t>(size);
    if (end > out->bytes.size()) out->bytes.resize(end);
    std::memcpy(out->bytes.data() + out->position, data, static_cast<std::size_t>(size));
    out->position = static_cast<std::int64_t>(end);
    return size;
}

std::int64_t seekInMemory(void* opaque, std::int64_t offset, int whence) {
    auto* out = static_cast<MemoryOutput*>(opaque);
    const auto size = static_cast<std::int64_t>(out->bytes.size());
    switch (whence & ~AVSEEK_FORCE) {
    case AVSEEK_SIZE: return size;
    case SEEK_SET: break;
    case SEEK_CUR: offset += out->position; break;
    case SEEK_END: offset += size; break;
    default: return AVERROR(EINVAL);
    }
    if (offset < 0) return AVERROR(EINVAL);
    out->position = offset;
    return offset;
}

struct FilterGraphDeleter {
    void operator()(AVFilterGraph* graph) const { avfilter_graph_free(&graph); }
};
using FilterGraph = std::unique_ptr<AVFilterGraph, FilterGraphDeleter>;

struct FrameDeleter {
    void operator()(AVFrame* frame) const { av_frame_free(&frame); }
};
using Frame = std::unique_ptr<AVFrame, FrameDeleter>;

// A frame of FFmpeg's own holding `image` (RGB32), with `pts` in frames.
Frame frameOf(const QImage& image, std::int64_t pts, QString& error) {
    const QImage rgb = image.format() == QImage::Format_RGB32 ? image : image.convertToFormat(QImage::Format_RGB32);
    Frame frame(av_frame_alloc());
    frame->format = kFramePixelFormat;
    frame->width = rgb.width();
    frame->height = rgb.height();
    frame->pts = pts;
    if (const int code = av_frame_get_buffer(frame.get(), 0); code < 0) {
        error = avError("cannot allocate a frame", code);
        return nullptr;
    }
    for (int y = 0; y < rgb.height(); ++y)
        std::memcpy(frame->data[0] + static_cast<std::ptrdiff_t>(y) * frame->linesize[0], rgb.constScanLine(y),
                    static_cast<std::size_t>(rgb.width()) * 4);
    return frame;
}

QString bufferSourceArguments(QSize size, int fps) {
    return QStringLiteral("video_size=%1x%2:pix_fmt=%3:time_base=1/%4:pixel_aspect=1/1")
        .arg(size.width())
        .arg(size.height())
        .arg(static_cast<int>(kFramePixelFormat))
        .arg(fps);
}

AVFilterContext* createFilter(AVFilterGraph* graph, const char* filter, const char* name, const QString& arguments,
                              QString& error) {
    AVFilterContext* context = nullptr;
    const int code = avfilter_graph_create_filter(&context, avfilter_get_by_name(filter), name,
                                                  arguments.isEmpty() ? nullptr : arguments.toUtf8().constData(),
                                                  nullptr, graph);
    if (code < 0) error = avError(filter, code);
    return context;
}

}  // namespace

struct AnimationEncoder::State {
    ~State() {
        sws_freeContext(scaler);
        avcodec_free_context(&codec);
        if (format) {
            if (format->pb) {
                av_freep(&format->pb->buffer);
                avio_context_free(&format->pb);
            }
            avformat_free_context(format);
        }
        av_packet_free(&packet);
    }

    AnimationFormat kind = AnimationFormat::Gif;
    QSize size;
    int fps = 0;
    std::int64_t nextPts = 0;
    MemoryOutput output;
    AVFormatContext* format = nullptr;
    AVStream* stream = nullptr;
    AVCodecContext* codec = nullptr;
    AVPacket* packet = nullptr;
    SwsContext* scaler = nullptr;  // RGB32 to the video codec's YUV
    Frame videoFrame;
    // GIF: frames go through paletteuse, fed the palette once.
    FilterGraph paletteGraph;
    AVFilterContext* paletteSource = nullptr;
    AVFilterContext* paletteSink = nullptr;

    QString writePackets() {
        for (;;) {
            const int code = avcodec_receive_packet(codec, packet);
            if (code == AVERROR(EAGAIN) || code == AVERROR_EOF) return {};
            if (code < 0) return avError("encoding failed", code);
            // Every frame lasts one frame time: MP4's edit list ends after the last frame's duration.
            if (packet->duration == 0) packet->duration = 1;
            av_packet_rescale_ts(packet, codec->time_base, stream->time_base);
            packet->stream_index = stream->index;
            const int written = av_interleaved_write_frame(format, packet);
            av_packet_unref(packet);
            if (written < 0) return avError("cannot write a frame", written);
        }
    }

    QString encode(AVFrame* frame) {
        if (const int code = avcodec_send_frame(codec, frame); code < 0) return avError("encoding failed", code);
        return writePackets();
    }

    // Encodes what paletteuse has ready.
    QString drainPalettedFrames() {
        for (;;) {
            Frame paletted(av_frame_alloc());
            const int code = av_buffersink_get_frame(paletteSink, paletted.get());
            if (code == AVERROR(EAGAIN) || code == AVERROR_EOF) return {};
            if (code < 0) return avError("paletteuse", code);
            if (QString error = encode(paletted.get()); !error.isEmpty()) return error;
        }
    }
};

AnimationEncoder::AnimationEncoder() = default;
AnimationEncoder::~AnimationEncoder() = default;

QString AnimationEncoder::codecName() const {
    return m_state && m_state->codec ? QString::fromLatin1(m_state->codec->codec->name) : QString();
}

namespace {

// One palette for the whole GIF: palettegen over the sample frames; a 16x16 RGB32 frame of 256 colours.
Frame makePalette(const std::vector<QImage>& samples, QSize size, int fps, QString& error) {
    FilterGraph graph(avfilter_graph_alloc());
    AVFilterContext* source = createFilter(graph.get(), "buffer", "in", bufferSourceArguments(size, fps), error);
    // stats_mode=full: the colours of every sample count, so the board's and the charts' colours all get entries.
    AVFilterContext* generator =
        source ? createFilter(graph.get(), "palettegen", "palettegen", QStringLiteral("max_colors=256:stats_mode=full"), error)
               : nullptr;
    AVFilterContext* sink = generator ? createFilter(graph.get(), "buffersink", "out", {}, error) : nullptr;
    if (!sink) return nullptr;
    if (avfilter_link(source, 0, generator, 0) < 0 || avfilter_link(generator, 0, sink, 0) < 0) {
        error = QStringLiteral("palettegen: cannot link the filters");
        return nullptr;
    }
    if (const int code = avfilter_graph_config(graph.get(), nullptr); code < 0) {
        error = avError("palettegen", code);
        return nullptr;
    }
    std::int64_t pts = 0;
    for (const QImage& sample : samples) {
        Frame frame = frameOf(sample, pts++, error);
        if (!frame) return nullptr;
        if (const int code = av_buffersrc_add_frame(source, frame.get()); code < 0) {
            error = avError("palettegen", code);
            return nullptr;
        }
    }
    // The end of the samples: palettegen emits the palette.
    if (const int code = av_buffersrc_add_frame(source, nullptr); code < 0) {
        error = avError("palettegen", code);
        return nullptr;
    }
    Frame palette(av_frame_alloc());
    if (const int code = av_buffersink_get_frame(sink, palette.get()); code < 0) {
        error = avError("palettegen gave no palette", code);
        return nullptr;
    }
    return palette;
}

}  // namespace

QString AnimationEncoder::open(AnimationFormat format, QSize size, int fps, const std::vector<QImage>& paletteSamples) {
    av_log_set_level(AV_LOG_ERROR);  // the codecs' progress chatter is not for the user; errors are returned
    m_state = std::make_unique<State>();
    State& s = *m_state;
    s.kind = format;
    s.size = size;
    s.fps = fps;
    s.packet = av_packet_alloc();

    const char* muxer = format == AnimationFormat::Gif ? "gif" : format == AnimationFormat::Mp4 ? "mp4" : "webm";
    if (const int code = avformat_alloc_output_context2(&s.format, nullptr, muxer, nullptr); code < 0 || !s.format)
        return avError("no FFmpeg muxer for this format", code);

    // The codec: H.264 by libx264 for MP4 (MPEG-4 part 2 where FFmpeg lacks it), VP9 (else VP8) for WebM.
    const AVCodec* codec = nullptr;
    AVPixelFormat pixelFormat = AV_PIX_FMT_YUV420P;
    if (format == AnimationFormat::Gif) {
        codec = avcodec_find_encoder(AV_CODEC_ID_GIF);
        pixelFormat = AV_PIX_FMT_PAL8;
    } else if (format == AnimationFormat::Mp4) {
        codec = avcodec_find_encoder_by_name("libx264");
        if (!codec) codec = avcodec_find_encoder(AV_CODEC_ID_MPEG4);
    } else {
        codec = avcodec_find_encoder_by_name("libvpx-vp9");
        if (!codec) codec = avcodec_find_encoder(AV_CODEC_ID_VP8);
    }
    if (!codec) return QStringLiteral("FFmpeg has no encoder for %1").arg(animationFormatName(format));

    s.codec = avcodec_alloc_context3(codec);
    s.codec->width = size.width();
    s.codec->height = size.height();
    s.codec->time_base = AVRational{1, fps};
    s.codec->framerate = AVRational{fps, 1};
    s.codec->pix_fmt = pixelFormat;
    s.codec->gop_size = fps * 2;  // a key frame every two seconds: seeking in a player stays quick
    if (s.format->oformat->flags & AVFMT_GLOBALHEADER) s.codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    AVDictionary* options = nullptr;
    if (std::strcmp(codec->name, "libx264") == 0) {
        av_dict_set(&options, "preset", "veryfast", 0);
        av_dict_set(&options, "crf", "23", 0);
    } else if (std::strncmp(codec->name, "libvpx", 6) == 0) {
        // Real-time mode: the default "good" quality deadline is many times slower for flat window pictures.
        av_dict_set(&options, "deadline", "realtime", 0);
        av_dict_set(&options, "cpu-used", "8", 0);
        av_dict_set(&options, "crf", "32", 0);
        av_dict_set(&options, "row-mt", "1", 0);
        s.codec->bit_rate = 0;
    } else if (format != AnimationFormat::Gif) {
        s.codec->bit_rate = static_cast<std::int64_t>(size.width()) * size.height() * fps / 8;
    }
    const int opened = avcodec_open2(s.codec, codec, &options);
    av_dict_free(&options);
    if (opened < 0) return avError(codec->name, opened);

    s.stream = avformat_new_stream(s.format, nullptr);
    if (!s.stream) return QStringLiteral("cannot add a video stream");
    s.stream->time_base = s.codec->time_base;
    if (const int code = avcodec_parameters_from_context(s.stream->codecpar, s.codec); code < 0)
        return avError("codec parameters", code);

    constexpr int kBufferSize = 1 << 16;
    auto* buffer = static_cast<unsigned char*>(av_malloc(kBufferSize));
    s.format->pb = avio_alloc_context(buffer, kBufferSize, 1, &s.output, nullptr, writeToMemory, seekInMemory);
    if (!s.format->pb) {
        av_free(buffer);
        return QStringLiteral("cannot allocate the output buffer");
    }
    s.format->pb->seekable = AVIO_SEEKABLE_NORMAL;
    s.format->flags |= AVFMT_FLAG_CUSTOM_IO;
    if (const int code = avformat_write_header(s.format, nullptr); code < 0) return avError("cannot start the file", code);

    if (format == AnimationFormat::Gif) {
        QString error;
        Frame palette = makePalette(paletteSamples, size, fps, error);
        if (!palette) return error;
        s.paletteGraph.reset(avfilter_graph_alloc());
        AVFilterGraph* graph = s.paletteGraph.get();
        s.paletteSource = createFilter(graph, "buffer", "in", bufferSourceArguments(size, fps), error);
        AVFilterContext* paletteInput =
            s.paletteSource ? createFilter(graph, "buffer", "palette", bufferSourceArguments({16, 16}, fps), error) : nullptr;
        AVFilterContext* mapper =
            paletteInput ? createFilter(graph, "paletteuse", "paletteuse",
                                        QStringLiteral("dither=bayer:bayer_scale=4:diff_mode=rectangle"), error)
                         : nullptr;
        s.paletteSink = mapper ? createFilter(graph, "buffersink", "out", {}, error) : nullptr;
        if (!s.paletteSink) return error;
        if (avfilter_link(s.paletteSource, 0, mapper, 0) < 0 || avfilter_link(paletteInput, 0, mapper, 1) < 0 ||
            avfilter_link(mapper, 0, s.paletteSink, 0) < 0)
            return QStringLiteral("paletteuse: cannot link the filters");
        if (const int code = avfilter_graph_config(graph, nullptr); code < 0) return avError("paletteuse", code);
        // The palette once, then the end of that input: paletteuse keeps using the last palette it got.
        palette->pts = 0;
        if (const int code = av_buffersrc_add_frame(paletteInput, palette.get()); code < 0) return avError("paletteuse", code);
        if (const int code = av_buffersrc_add_frame(paletteInput, nullptr); code < 0) return avError("paletteuse", code);
    } else {
        s.scaler = sws_getContext(size.width(), size.height(), kFramePixelFormat, size.width(), size.height(),
                                  pixelFormat, SWS_BICUBIC, nullptr, nullptr, nullptr);
        if (!s.scaler) return QStringLiteral("swscale cannot convert RGB to the video's colour format");
        s.videoFrame.reset(av_frame_alloc());
        s.videoFrame->format = pixelFormat;
        s.videoFrame->width = size.width();
        s.videoFrame->height = size.height();
        if (const int code = av_frame_get_buffer(s.videoFrame.get(), 0); code < 0)
            return avError("cannot allocate a frame", code);
    }
    return {};
}

QString AnimationEncoder::addFrame(const QImage& frame) {
    State& s = *m_state;
    if (frame.size() != s.size)
        return QStringLiteral("frame of %1x%2 in an animation of %3x%4")
            .arg(frame.width())
            .arg(frame.height())
            .arg(s.size.width())
            .arg(s.size.height());
    QString error;
    if (s.kind == AnimationFormat::Gif) {
        Frame rgb = frameOf(frame, s.nextPts++, error);
        if (!rgb) return error;
        if (const int code = av_buffersrc_add_frame(s.paletteSource, rgb.get()); code < 0) return avError("paletteuse", code);
        return s.drainPalettedFrames();
    }
    const QImage rgb = frame.format() == QImage::Format_RGB32 ? frame : frame.convertToFormat(QImage::Format_RGB32);
    if (const int code = av_frame_make_writable(s.videoFrame.get()); code < 0) return avError("frame", code);
    const std::uint8_t* source[] = {rgb.constBits()};
    const int sourceStride[] = {static_cast<int>(rgb.bytesPerLine())};
    sws_scale(s.scaler, source, sourceStride, 0, rgb.height(), s.videoFrame->data, s.videoFrame->linesize);
    s.videoFrame->pts = s.nextPts++;
    return s.encode(s.videoFrame.get());
}

QString AnimationEncoder::finish(std::string& bytes) {
    State& s = *m_state;
    if (s.kind == AnimationFormat::Gif) {
        if (const int code = av_buffersrc_add_frame(s.paletteSource, nullptr); code < 0) return avError("paletteuse", code);
        if (QString error = s.drainPalettedFrames(); !error.isEmpty()) return error;
    }
    if (QString error = s.encode(nullptr); !error.isEmpty()) return error;  // flush
    if (const int code = av_write_trailer(s.format); code < 0) return avError("cannot finish the file", code);
    avio_flush(s.format->pb);
    bytes = std::move(s.output.bytes);
    m_state.reset();
    return {};
}

}  // namespace pw::ui
