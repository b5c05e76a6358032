#pragma once
// A lesson as a handout (Lesson ▸ Export handout…, `--lesson FILE --export-handout OUT`): each slide with the
// board as the window shows it there (outlined cells included), its caption, its question (the answers gathered
// at the end, so the handout can be worked through first) and, when asked, the teacher's notes. HTML (one
// self-contained file, the boards embedded as PNG) or PDF (A4), chosen by the file's extension.

#include "lesson/lesson_plan.h"

#include <QString>

namespace pw::ui {

// Writes the handout of `lesson` (planned as `plan`) to `path`, atomically; an error sentence naming the path, or
// empty when written. A path ending in .gif, .mp4 or .webm gets the lesson as a video (writeLessonVideo).
QString writeLessonHandout(const Lesson& lesson, const LessonPlan& plan, const QString& path, bool withNotes);

// The lesson as a video through the animation export: for each slide its run moves on from where the slide
// before left it (one second, the boards in between sampled evenly), then the slide holds with its title and
// caption over the board (kLessonVideoHoldSeconds); a question holds once asked and once answered, the answer
// and the Decision's sentence shown. 960x540 at 10 frames per second.
inline constexpr int kLessonVideoHoldSeconds = 4;
QString writeLessonVideo(const Lesson& lesson, const LessonPlan& plan, const QString& path);

}  // namespace pw::ui
