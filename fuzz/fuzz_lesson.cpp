// Lessons (Lesson > Open lesson, `puzzle-workbench --lesson`, `puzzle-cli lesson`): parsing and validation, and
// what is read writes back and reads again the same. The plan is not run: its length is bounded by the reader
// (kMaxLessonSteps a slide) and it is the algorithms' own code.
#include "lesson/lesson.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    (void)pw::looksLikeLesson(text);
    const pw::LessonRead read = pw::parseLesson(text, "<fuzz>");
    if (!read.lesson) {
        (void)read.error.toString();
        return 0;
    }
    const std::string written = pw::formatLesson(*read.lesson);
    const pw::LessonRead again = pw::parseLesson(written, "<written>");
    if (!again.lesson || pw::formatLesson(*again.lesson) != written) std::abort();  // what is written must read back
    return 0;
}
