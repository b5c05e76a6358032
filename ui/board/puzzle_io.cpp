#include "board/puzzle_io.h"

#include "puzzle/puzzle_kind.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>

#include <algorithm>

namespace pw::ui {

namespace {

constexpr const char* kBuiltInSudoku =
    ".....7.95.....1...86..2.....2..73..85......6...3..49..3.5...41724................";  // kDefaultPuzzleId

PuzzleLoad fromCollection(PuzzleCollection&& collection) {
    PuzzleLoad load;
    load.puzzles = std::move(collection.puzzles);
    for (const ParseError& error : collection.errors) load.errors.append(QString::fromStdString(error.toString()));
    return load;
}

bool looksLikePath(const QString& argument) {
    if (argument.contains(QStringLiteral("?nurikabe/"))) return false;
    if (argument.contains(QLatin1Char('/')) || argument.contains(QLatin1Char('\\'))) return true;
    const QString suffix = QFileInfo(argument).suffix();
    return !suffix.isEmpty() && suffix.size() <= 5 && argument.size() < 200 &&
           std::any_of(suffix.begin(), suffix.end(), [](QChar c) { return c.isLetter(); }) &&
           std::all_of(suffix.begin(), suffix.end(), [](QChar c) { return c.isLetterOrNumber(); });
}

}  // namespace

QString binaryContentReason(const QByteArray& head) {
    const qsizetype nul = head.indexOf('\0');
    if (nul >= 0) return QStringLiteral("a binary file, not puzzle text: a NUL byte at offset %1").arg(nul);
    qsizetype control = 0;
    for (char c : head) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r' && byte != '\f') ++control;
    }
    // Text has next to no control bytes; a tenth of them is far beyond any puzzle file.
    if (!head.isEmpty() && control * 10 > head.size())
        return QStringLiteral("a binary file, not puzzle text: %1 of its first %2 bytes are control bytes")
            .arg(control)
            .arg(head.size());
    return {};
}

PuzzleLoad loadPuzzlesFromFile(const QString& path) {
    QFile file(path);
    if (file.open(QIODevice::ReadOnly)) {
        const QString reason = binaryContentReason(file.read(8192));
        if (!reason.isEmpty()) return {{}, {QStringLiteral("%1: %2").arg(path, reason)}};
    }
    return fromCollection(loadPuzzleFile(QDir::toNativeSeparators(path).toStdString()));
}

PuzzleLoad parsePuzzleText(const QString& text, const QString& sourceName) {
    return fromCollection(parsePuzzles(text.toStdString(), sourceName.toStdString()));
}

PuzzleLoad loadFileOrPuzzleString(const QString& argument) {
    const QFileInfo info(argument);
    if (info.isFile()) return loadPuzzlesFromFile(argument);
    if (info.isDir()) return {{}, {QStringLiteral("%1: is a folder, not a puzzle file").arg(argument)}};
    if (looksLikePath(argument)) return {{}, {QStringLiteral("%1: no such file").arg(argument)}};
    PuzzleLoad load = parsePuzzleText(argument, QStringLiteral("<argument>"));
    if (load.puzzles.empty() && load.errors.isEmpty())
        load.errors.append(QStringLiteral("<argument>: no puzzle found in \"%1\"").arg(argument.left(60)));
    return load;
}

namespace {

// One error as one readable line: a message quoting a long or binary line is cut, control bytes shown as '?'.
QString readableLine(const QString& error) {
    constexpr int kMaxLength = 160;
    QString line;
    line.reserve(std::min<qsizetype>(error.size(), kMaxLength + 1));
    for (QChar c : error) {
        if (line.size() >= kMaxLength) {
            line += QChar(0x2026);
            break;
        }
        line += (c.isPrint() || c == QLatin1Char(' ')) ? c : QLatin1Char('?');
    }
    return line;
}

}  // namespace

ErrorSummary summarizeErrors(const QStringList& errors, int shown, int cap) {
    ErrorSummary summary;
    QStringList brief;
    for (qsizetype i = 0; i < errors.size() && i < shown; ++i) brief.append(readableLine(errors[i]));
    if (errors.size() > shown) brief.append(QStringLiteral("and %1 more").arg(errors.size() - shown));
    summary.brief = brief.join(QLatin1Char('\n'));
    summary.details = errorLogLines(errors, cap).join(QLatin1Char('\n'));
    return summary;
}

QStringList errorLogLines(const QStringList& errors, int cap) {
    QStringList lines;
    for (qsizetype i = 0; i < errors.size() && i < cap; ++i) lines.append(readableLine(errors[i]));
    if (errors.size() > cap) lines.append(QStringLiteral("and %1 more, not listed").arg(errors.size() - cap));
    return lines;
}

QMessageBox* loadErrorBox(QWidget* parent, const QString& title, const QStringList& errors) {
    const ErrorSummary summary = summarizeErrors(errors);
    auto* box = new QMessageBox(QMessageBox::Warning, title, summary.brief, QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("loadErrorBox"));
    box->setTextFormat(Qt::PlainText);
    if (errors.size() > kErrorsShown) box->setDetailedText(summary.details);
    box->setAttribute(Qt::WA_DeleteOnClose);
    return box;
}

Puzzle defaultPuzzle(const QString& puzzlesDir) {
    const QDir dir(puzzlesDir);
    const QString preferred = dir.filePath(QString::fromLatin1(kDefaultPuzzleFile));
    if (QFileInfo::exists(preferred)) {
        PuzzleLoad load = loadPuzzlesFromFile(preferred);
        for (Puzzle& puzzle : load.puzzles)
            if (puzzle.id == kDefaultPuzzleId) return puzzle;
    }
    if (dir.exists()) {
        QStringList files;
        QDirIterator it(puzzlesDir, {QStringLiteral("*.txt"), QStringLiteral("*.csv"), QStringLiteral("*.sdk"),
                                     QStringLiteral("*.ss")},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) files.append(it.next());
        files.sort();
        for (const QString& file : files) {
            PuzzleLoad load = loadPuzzlesFromFile(file);
            for (Puzzle& puzzle : load.puzzles)
                if (puzzle.kind() == PuzzleKind::Sudoku) return puzzle;
        }
    }
    PuzzleLoad builtIn = parsePuzzleText(QString::fromLatin1(kBuiltInSudoku), QStringLiteral("<built-in>"));
    if (!builtIn.puzzles.empty()) {
        builtIn.puzzles.front().id = kDefaultPuzzleId;
        return builtIn.puzzles.front();
    }
    return emptySudoku(SudokuShape{});
}

}  // namespace pw::ui
