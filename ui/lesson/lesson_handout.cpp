#include "lesson/lesson_handout.h"

#include "board/board_model.h"
#include "board/board_view.h"
#include "export/animation_export.h"
#include "export/decision_handout_dialog.h"
#include "lesson/lesson_player.h"

#include "io/output.h"

#include <QBuffer>
#include <QLabel>
#include <QVBoxLayout>
#include <QFileInfo>
#include <QImage>
#include <QTextDocument>
#include <QUrl>

#include <map>

namespace pw::ui {

namespace {

constexpr int kBoardPixels = 360;  // rendered; printed at three quarters of it, sharp on paper
constexpr int kPrintedPixels = kBoardPixels * 3 / 4;

QString text(const std::string& value) { return QString::fromStdString(value).toHtmlEscaped(); }

// The body of the HTML QTextDocument makes of a caption: what sits between its <body> tags.
QString captionBody(const std::string& markdown) {
    const QString html = captionHtml(QString::fromStdString(markdown));
    const qsizetype open = html.indexOf(QLatin1String("<body"));
    const qsizetype start = open < 0 ? -1 : html.indexOf(QLatin1Char('>'), open);
    const qsizetype end = html.lastIndexOf(QLatin1String("</body>"));
    return start < 0 || end < start ? html : html.mid(start + 1, end - start - 1);
}

QImage boardPicture(const SlideState& state) {
    BoardModel model;
    model.setPuzzle(state.puzzle);
    model.setBoard(state.board, CellOrigin::Solver);
    std::vector<int> outlined = state.outline;
    if (state.quiz) outlined.insert(outlined.end(), state.quiz->cells.begin(), state.quiz->cells.end());
    model.setHighlightedCells(outlined);
    BoardView view(&model);
    view.resize(kBoardPixels, kBoardPixels);
    return renderOffscreen(view, QSize(kBoardPixels, kBoardPixels));
}

}  // namespace

QString writeLessonHandout(const Lesson& lesson, const LessonPlan& plan, const QString& path, bool withNotes) {
    if (animationFormatForPath(path)) return writeLessonVideo(lesson, plan, path);
    const QString suffix = QFileInfo(path).suffix().toLower();
    const bool pdf = suffix == QLatin1String("pdf");
    if (!pdf && suffix != QLatin1String("html") && suffix != QLatin1String("htm"))
        return QObject::tr("'%1': a handout is written as .html or .pdf, a video as .mp4, .webm or .gif").arg(path);
    if (plan.slides.size() != lesson.slides.size()) return QObject::tr("the lesson has no plan to make a handout of");

    std::map<QString, QImage> pictures;  // the name an <img> refers to, and its picture
    QString html = QStringLiteral("<html><head><meta charset=\"utf-8\"><title>%1</title></head><body>").arg(text(lesson.title));
    html += QStringLiteral("<h1>%1</h1>").arg(text(lesson.title));
    if (!lesson.summary.empty()) html += QStringLiteral("<p>%1</p>").arg(text(lesson.summary));
    QString answers;
    for (std::size_t i = 0; i < lesson.slides.size(); ++i) {
        const LessonSlide& slide = lesson.slides[i];
        const SlideState& state = plan.slides[i];
        const QString name = QStringLiteral("slide-%1.png").arg(i + 1);
        pictures[name] = boardPicture(state);
        html += QStringLiteral("<h2>%1. %2</h2>").arg(i + 1).arg(text(slide.title));
        html += QStringLiteral("<p><i>%1, seed %2, step %3</i></p>")
                    .arg(text(state.algorithmId))
                    .arg(state.seed)
                    .arg(state.step);
        html += QStringLiteral("<p><img src=\"%1\" width=\"%2\" height=\"%2\"></p>").arg(name).arg(kPrintedPixels);
        html += captionBody(slide.caption);
        if (state.quiz) {
            html += QStringLiteral("<p><b>Question %1:</b> %2</p><ul>").arg(i + 1).arg(text(state.quiz->prompt));
            for (const std::string& line : state.quiz->shown) html += QStringLiteral("<li>%1</li>").arg(text(line));
            html += QStringLiteral("</ul>");
            answers += QStringLiteral("<p><b>%1.</b> %2 — %3</p>")
                           .arg(i + 1)
                           .arg(text(state.quiz->answer), text(state.quiz->explanation));
        }
        if (withNotes && !slide.notes.empty())
            html += QStringLiteral("<p><b>Teacher notes</b></p>") + captionBody(slide.notes);
    }
    if (!answers.isEmpty()) html += QStringLiteral("<h2>Answers (the run's)</h2>") + answers;
    html += QStringLiteral("</body></html>");

    if (pdf) {
        QTextDocument document;
        for (const auto& [name, picture] : pictures) document.addResource(QTextDocument::ImageResource, QUrl(name), picture);
        document.setHtml(html);
        return printPdf(document, path);
    }
    // One file: each picture embedded as PNG.
    for (const auto& [name, picture] : pictures) {
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        picture.save(&buffer, "PNG");
        html.replace(QStringLiteral("src=\"%1\"").arg(name),
                     QStringLiteral("src=\"data:image/png;base64,%1\"").arg(QString::fromLatin1(png.toBase64())));
    }
    std::string error;
    if (!writeFileAtomically(path.toStdString(), html.toStdString(), error)) return QString::fromStdString(error);
    return {};
}

namespace {

// One frame of a lesson video: the board, its outlined cells, and the words over it.
struct VideoFrame {
    std::size_t slide = 0;
    Board board;
    std::vector<int> outline;
    QString words;  // HTML
};

constexpr int kVideoFps = 10;
constexpr int kMovingFrames = kVideoFps;  // one second of the run moving on

QString slideWords(std::size_t index, std::size_t count, const LessonSlide& slide, const QString& extra) {
    return QStringLiteral("<b>%1 / %2 · %3</b>").arg(index + 1).arg(count).arg(text(slide.title)) + captionBody(slide.caption) + extra;
}

}  // namespace

QString writeLessonVideo(const Lesson& lesson, const LessonPlan& plan, const QString& path) {
    if (QString error = checkAnimationTarget(path); !error.isEmpty()) return error;
    if (plan.slides.size() != lesson.slides.size()) return QObject::tr("the lesson has no plan to make a video of");
    std::vector<VideoFrame> frames;
    const auto hold = [&frames](VideoFrame frame) {
        for (int i = 0; i < kLessonVideoHoldSeconds * kVideoFps; ++i) frames.push_back(frame);
    };
    std::optional<std::size_t> run;
    std::uint64_t from = 0;
    for (std::size_t i = 0; i < plan.slides.size(); ++i) {
        const SlideState& state = plan.slides[i];
        const LessonSlide& slide = lesson.slides[i];
        // The run moving on from the slide before: boards sampled evenly over the steps in between.
        if (run == state.run && state.step > from) {
            LessonRunCursor cursor(state.puzzle, state.algorithmId, state.parameters, state.seed);
            for (int k = 1; k < kMovingFrames; ++k) {
                cursor.goTo(from + (state.step - from) * static_cast<std::uint64_t>(k) / kMovingFrames);
                frames.push_back({i, cursor.board(), {}, slideWords(i, plan.slides.size(), slide, {})});
            }
        }
        std::vector<int> outline = state.outline;
        QString question;
        if (state.quiz) {
            outline.insert(outline.end(), state.quiz->cells.begin(), state.quiz->cells.end());
            QStringList shown;
            for (const std::string& line : state.quiz->shown) shown.append(text(line));
            question = QStringLiteral("<p><b>%1</b> %2</p>").arg(text(state.quiz->prompt), shown.join(QStringLiteral(" · ")));
        }
        hold({i, state.board, outline, slideWords(i, plan.slides.size(), slide, question)});
        from = state.step;
        run = state.run;
        if (state.quiz) {
            LessonRunCursor cursor(state.puzzle, state.algorithmId, state.parameters, state.seed);
            cursor.goTo(state.quiz->step);
            const QString answer = QStringLiteral("<p><b>The run's answer: %1.</b> %2</p>")
                                       .arg(text(state.quiz->answer), text(state.quiz->explanation));
            hold({i, cursor.board(), state.quiz->answerCells, slideWords(i, plan.slides.size(), slide, answer)});
            from = state.quiz->step;
        }
    }

    // The stage: the words above the board, laid out once and redrawn per frame.
    AnimationSettings settings;
    settings.fps = kVideoFps;
    QWidget stage;
    stage.setAutoFillBackground(true);
    auto* layout = new QVBoxLayout(&stage);
    auto* words = new QLabel(&stage);
    words->setWordWrap(true);
    words->setTextFormat(Qt::RichText);
    QFont font = words->font();
    font.setPointSizeF(font.pointSizeF() * 1.2);
    words->setFont(font);
    BoardModel model;
    BoardView board(&model);
    layout->addWidget(words);
    layout->addWidget(&board, 1);
    stage.resize(settings.size);
    std::size_t shownSlide = frames.empty() ? 0 : frames.front().slide + 1;
    const AnimationExportResult result = encodeAnimation(path, settings, frames.size(), [&](std::size_t k) {
        const VideoFrame& frame = frames[k];
        if (frame.slide != shownSlide) {
            model.setPuzzle(plan.slides[frame.slide].puzzle);
            shownSlide = frame.slide;
        }
        model.setBoard(frame.board, CellOrigin::Solver);
        model.setHighlightedCells(frame.outline);
        words->setText(frame.words);
        return renderOffscreen(stage, settings.size);
    });
    return result.error;  // `board` goes before `stage`, which would otherwise delete it
}

}  // namespace pw::ui
