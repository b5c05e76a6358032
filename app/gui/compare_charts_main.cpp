// puzzle-compare-charts: the Compare view's charts of a directory `puzzle-cli bench` wrote, exported without a
// window on screen (run it with QT_QPA_PLATFORM=offscreen), so that a report can show the charts the window
// draws.
//
//   puzzle-compare-charts DIR OUTDIR [--format png|svg] [--size WxH]
//
// Writes OUTDIR/convergence.EXT, OUTDIR/run-length.EXT and OUTDIR/final-cost.EXT as the view shows them (on the
// bench's first puzzle), OUTDIR/ranks.EXT (the critical-difference diagram across the bench's puzzles),
// OUTDIR/ecdf-all.EXT (the ECDF over every puzzle and target on the cost axis), OUTDIR/profiles.EXT (performance
// profiles on the ERT), OUTDIR/sweep.EXT (the heat map of the success rate of the bench's first parameter sweep,
// or a note that it has none), OUTDIR/ert-targets.EXT (each setting's ERT to every target on the first puzzle),
// and
// OUTDIR/run-length-all.EXT: the run-length distribution in seconds over every puzzle
// of the bench pooled, per setting (a paper's table covers a set of puzzles). Exit status 2 on bad usage, 1 when
// the directory cannot be read or a chart cannot be written.

#include "charts/compare_charts.h"
#include "tools/compare_view.h"

#include "study/bench.h"

#include <QApplication>
#include <QDir>
#include <QString>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const QStringList arguments = QApplication::arguments().mid(1);
    QStringList positional;
    QString format = QStringLiteral("png");
    int width = 900, height = 600;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString& argument = arguments[i];
        if ((argument == QStringLiteral("--format") || argument == QStringLiteral("--size")) && i + 1 < arguments.size()) {
            const QString value = arguments[++i];
            if (argument == QStringLiteral("--format")) {
                format = value;
                if (format != QStringLiteral("png") && format != QStringLiteral("svg")) {
                    std::fprintf(stderr, "puzzle-compare-charts: --format: '%s' is not png or svg\n", qPrintable(value));
                    return 2;
                }
            } else {
                const QStringList parts = value.split(QLatin1Char('x'));
                bool okWidth = false, okHeight = false;
                if (parts.size() == 2) {
                    width = parts[0].toInt(&okWidth);
                    height = parts[1].toInt(&okHeight);
                }
                if (!okWidth || !okHeight || width < 200 || height < 150 || width > 8000 || height > 8000) {
                    std::fprintf(stderr, "puzzle-compare-charts: --size: '%s' is not WxH (200x150 to 8000x8000)\n",
                                 qPrintable(value));
                    return 2;
                }
            }
        } else if (argument.startsWith(QStringLiteral("--"))) {
            std::fprintf(stderr, "puzzle-compare-charts: unknown option '%s' (or it lacks its value)\n",
                         qPrintable(argument));
            return 2;
        } else {
            positional << argument;
        }
    }
    if (positional.size() != 2) {
        std::fprintf(stderr, "usage: puzzle-compare-charts DIR OUTDIR [--format png|svg] [--size WxH]\n");
        return 2;
    }
    const QString dir = positional[0], outDir = positional[1];
    if (!QDir().mkpath(outDir)) {
        std::fprintf(stderr, "puzzle-compare-charts: cannot create '%s'\n", qPrintable(outDir));
        return 1;
    }
    pw::ui::CompareView view{QString()};
    QString whyNot;
    if (!view.openResults(dir, /*quiet=*/true, &whyNot)) {
        std::fprintf(stderr, "puzzle-compare-charts: %s\n", qPrintable(whyNot));
        return 1;
    }
    view.resize(width, height);
    view.show();
    // ranks: the critical-difference diagram of the settings' mean ranks across the puzzles (Friedman, Nemenyi).
    for (const QString& tab : {QStringLiteral("convergence"), QStringLiteral("run-length"), QStringLiteral("final-cost"),
                               QStringLiteral("ranks"), QStringLiteral("ecdf-all"), QStringLiteral("profiles"),
                               QStringLiteral("sweep"), QStringLiteral("ert-targets")}) {
        view.showTab(tab);
        QApplication::processEvents();
        const QString path = QDir(outDir).filePath(tab + QLatin1Char('.') + format);
        QString error;
        if (!view.exportChart(path, error)) {
            std::fprintf(stderr, "puzzle-compare-charts: %s: %s\n", qPrintable(path), qPrintable(error));
            return 1;
        }
        std::printf("%s\n", qPrintable(path));
    }

    pw::BenchDirectory bench;
    try {
        bench = pw::readBenchDirectory(dir.toStdString());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "puzzle-compare-charts: %s\n", e.what());
        return 1;
    }
    std::vector<pw::ui::EcdfSample> samples;
    for (const auto& label : bench.configurations) {
        pw::ui::EcdfSample sample{QString::fromStdString(label), {}, 0};
        for (const auto& record : bench.records) {
            if (record.configuration != label) continue;
            ++sample.runs;
            if (record.solved) sample.solvedValues.push_back(record.seconds);
        }
        samples.push_back(std::move(sample));
    }
    pw::ui::EcdfChart pooled;
    pooled.setData(QStringLiteral("Time to solve, every run on the %1 puzzle(s) of %2 (ECDF over all runs)")
                       .arg(bench.plan.puzzles.size())
                       .arg(QDir(dir).dirName()),
                   QStringLiteral("seconds"), samples);
    pooled.resize(width, height);
    pooled.show();
    QApplication::processEvents();
    const QString path = QDir(outDir).filePath(QStringLiteral("run-length-all.") + format);
    QString error;
    if (!pooled.exportImage(path, error)) {
        std::fprintf(stderr, "puzzle-compare-charts: %s: %s\n", qPrintable(path), qPrintable(error));
        return 1;
    }
    std::printf("%s\n", qPrintable(path));
    return 0;
}
