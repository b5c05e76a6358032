#pragma once
// The puzzle file the window tests that run every registered algorithm (explained_window_tests, step_back_tests)
// run each one on.

#include "algorithms/registry.h"
#include "ui_test_puzzles.h"

#include <QFile>
#include <QTemporaryDir>

namespace pw::ui::test {

// A puzzle file in `dir` for `info`'s kind that no algorithm solves in its first few thousand steps: `sudoku` for
// a Sudoku algorithm, the first 10x10 puzzle of the bundled Janko sample for a Nurikabe one; empty on failure.
inline QString writePuzzleFor(const AlgorithmInfo& info, const QTemporaryDir& dir,
                              const char* sudoku = test_puzzles::kAiEscargot) {
    const QString path = dir.filePath(QStringLiteral("puzzle.txt"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly)) return {};
    if (info.supports(PuzzleKind::Sudoku)) {
        file.write(sudoku);
    } else {
        QFile sample(QStringLiteral(PW_PUZZLES_DIR "/nurikabe/janko_sample.txt"));
        if (!sample.open(QIODevice::ReadOnly)) return {};
        const QString text = QString::fromUtf8(sample.readAll());
        const qsizetype start = text.indexOf(QStringLiteral("01_10x10 "));
        file.write(text.mid(start, text.indexOf(QStringLiteral("\n\n"), start) - start).toUtf8() + '\n');
    }
    return path;
}

}  // namespace pw::ui::test
