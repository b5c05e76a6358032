#pragma once
// Encodes rendered frames into a GIF, MP4 (H.264) or WebM (VP9) file with Debian's FFmpeg libraries, in
// memory: the caller writes the finished bytes atomically, so a cancelled or failed export leaves no file.
// The only file that includes libav headers. GIFs use one palette for the whole animation, made by
// libavfilter's palettegen from sample frames and applied to each frame by paletteuse (ordered dithering,
// so unchanged areas stay unchanged from frame to frame and compress well).

#include "export/animation_settings.h"

#include <QImage>
#include <QString>

#include <memory>
#include <string>
#include <vector>

namespace pw::ui {

class AnimationEncoder {
public:
    AnimationEncoder();
    ~AnimationEncoder();
    AnimationEncoder(const AnimationEncoder&) = delete;
    AnimationEncoder& operator=(const AnimationEncoder&) = delete;

    // Sets up the encoder and the container for frames of `size` at `fps`. For a GIF the palette is made
    // from `paletteSamples` (frames of that size; a few spread over the animation); videos ignore them.
    // Returns an error, or an empty string.
    QString open(AnimationFormat format, QSize size, int fps, const std::vector<QImage>& paletteSamples);
    // The next frame, shown for 1/fps seconds; converted to the encoder's pixel format.
    QString addFrame(const QImage& frame);
    // Flushes the encoder and closes the container; `bytes` is then the whole file.
    QString finish(std::string& bytes);
    // The encoder library's name of the codec in use ("libx264", "gif", ...), for messages.
    QString codecName() const;

private:
    struct State;
    std::unique_ptr<State> m_state;
};

}  // namespace pw::ui
