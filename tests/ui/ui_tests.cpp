// GUI tests of the workbench window on the offscreen platform: the generated parameter form, runs that change
// the board and feed the charts, pause / step / stop, safety of new runs and new puzzles during a run, undo,
// the library browser, pasting, Nurikabe clicks, conflicts, and the command-line hook (screenshot, bad options).

#include "algorithms/registry.h"
#include "base/statistics.h"
#include "run/algorithm_panel.h"
#include "board/board_model.h"
#include "board/board_view.h"
#include "charts/axis_format.h"
#include "window/help_window.h"
#include "charts/chart_export.h"
#include "charts/chart_panel.h"
#include "charts/compare_charts.h"
#include "tools/compare_view.h"
#include "charts/live_chart.h"
#include "charts/histogram_chart.h"
#include "charts/scatter_grid.h"
#include "charts/scatter_plot.h"
#include "run/decision_panel.h"
#include "tools/difficulty_lab.h"
#include "run/fitted_status_bar.h"
#include "window/launch_options.h"
#include "run/log_pane.h"
#include "window/main_window.h"
#include "run/parameter_form.h"
#include "run/program_view.h"
#include "run/run_status_bar.h"
#include "puzzle/puzzle_kind.h"
#include "board/puzzle_io.h"
#include "window/puzzle_library.h"
#include "tools/repeat_runs_dialog.h"
#include "replay/live_step_back.h"
#include "replay/replay_view.h"
#include "run/run_controller.h"
#include "io/formats.h"
#include "study/generator.h"
#include "sudoku/heuristic_moves.h"
#include "ui_test_puzzles.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QGuiApplication>
#include <QTreeWidget>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QListWidget>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QProcess>
#include <QProcessEnvironment>
#include <QPainter>
#include <QRegularExpression>
#include <QScreen>
#include <QStyleOptionComboBox>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QDockWidget>
#include <QToolBar>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QAbstractAxis>
#include <QPushButton>
#include <QMessageBox>
#include <QPixmap>
#include <QTextBrowser>
#include <QTextDocument>
#include <QUrl>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QtCharts/QBarSeries>
#include <QtCharts/QBarSet>
#include <QtCharts/QChartView>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>
#include <QtCharts/QLegend>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>

using namespace pw;
using namespace pw::ui;
using namespace pw::ui::test_puzzles;

namespace {
// `puzzle` opened and `algorithm` chosen (in a shown window); false when either is refused.
bool openWith(MainWindow& window, const char* puzzle, const char* algorithm) {
    return window.openText(QString::fromLatin1(puzzle), QStringLiteral("<test>"), true) &&
           window.algorithmPanel()->setAlgorithm(algorithm);
}
bool showWith(MainWindow& window, const char* puzzle, const char* algorithm) {
    window.show();
    return openWith(window, puzzle, algorithm);
}
// Runs the chosen algorithm flat out from seed 3 to its end; false when it has not ended within 30 s.
bool runSeed3ToTheEnd(MainWindow& window) {
    window.algorithmPanel()->setRandomSeed(false);
    window.algorithmPanel()->setSeed(3);
    window.setStepsPerSecond(RunController::kFlatOut);
    QSignalSpy finished(&window, &MainWindow::runFinished);
    window.run();
    return finished.wait(30000);
}
// Runs the chosen algorithm at 50 steps/s until the Decisions dock shows, then stops it; false when either
// takes more than 5 s.
bool runPacedUntilExplainedThenStop(MainWindow& window) {
    window.setStepsPerSecond(50);
    window.run();
    if (!QTest::qWaitFor([&] { return window.decisionDock()->isVisible(); }, 5000)) return false;
    window.stop();
    return QTest::qWaitFor([&] { return window.controller()->state() == RunState::Finished; }, 5000);
}
// Writes `bytes` to a new file at `path`; false when it cannot.
bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}
int filledCells(const BoardModel& model) {
    return model.isSudoku() ? model.sudoku().filledCount() : 0;
}
int outlinedCells(const BoardModel& model) {
    int count = 0;
    for (int cell = 0; cell < model.cellCount(); ++cell) count += model.isHighlighted(cell);
    return count;
}
// Every shown status-bar field is as wide as its text, and the message is shown whole or, elided, in the
// bar's tooltip; the empty message if all is well, else what is cut.
QString cutStatusText(const MainWindow& window) {
    QStringList cut;
    const FittedStatusBar* bar = window.fittedStatusBar();
    for (const QLabel* label : bar->findChildren<QLabel*>()) {
        if (!label->isVisible()) continue;
        const int needs = label->fontMetrics().horizontalAdvance(label->text()) + label->contentsMargins().left() +
                          label->contentsMargins().right();
        if (label->width() < needs || label->geometry().right() > bar->width())
            cut.append(QStringLiteral("'%1' %2 of %3 px").arg(label->text()).arg(label->width()).arg(needs));
    }
    if (!bar->messageShownInFull() && !bar->toolTip().contains(bar->currentMessage()))
        cut.append(QStringLiteral("message '%1'").arg(bar->currentMessage()));
    return cut.join(QStringLiteral("; "));
}
// The replay timeline's slider, when the window has made its replay view; the other slider is the speed.
const QSlider* replaySlider(const MainWindow& window) {
    return window.replayView() ? window.replayView()->slider() : nullptr;
}
// A cell's background as the painter layers it: `layers` filled one over another on `base`, as QPainter does.
QColor composed(const QColor& base, std::initializer_list<QColor> layers = {}) {
    QImage pixel(1, 1, QImage::Format_ARGB32_Premultiplied);
    pixel.fill(base);
    QPainter painter(&pixel);
    for (const QColor& layer : layers) painter.fillRect(QRect(0, 0, 1, 1), layer);
    painter.end();
    return pixel.pixelColor(0, 0);
}
// The heat map's layer for a value at `fraction` of the shown range (0 = lowest, 1 = highest): the ramp, dimmed on
// the dark palette, translucent over the cell.
QColor heatLayer(const BoardColors& colors, double fraction) {
    QColor heat = heatColor(fraction);
    if (colors.dark) heat = heat.darker(260);
    heat.setAlpha(colors.dark ? 150 : 64);
    return heat;
}
// The expected background of every cell with the model's heat map shown: the plain cell where the value is -1
// (givens), else the cell under the heat colour of the value's place between the lowest and highest value.
std::vector<QColor> heatBackgrounds(const BoardModel& model, const BoardColors& colors) {
    const std::vector<double>& values = model.heatMap();
    double low = 0, high = 1;
    bool first = true;
    for (double value : values)
        if (value >= 0) {
            low = first ? value : std::min(low, value);
            high = first ? value : std::max(high, value);
            first = false;
        }
    std::vector<QColor> expected;
    for (double value : values)
        expected.push_back(value < 0 ? composed(colors.cell)
                                     : composed(colors.cell, {heatLayer(colors, high > low ? (value - low) / (high - low) : 1.0)}));
    return expected;
}
// The colour at a point of the cell clear of its digit (centred), pencil marks (absent here), heat number (bottom
// right) and grid lines (the edges): a quarter in from the left, a sixth down from the top.
QPoint cellSamplePoint(const QRectF& cell) {
    return {static_cast<int>(cell.left() + cell.width() * 0.25), static_cast<int>(cell.top() + cell.height() / 6)};
}
bool sameColour(const QColor& a, const QColor& b) {
    return std::abs(a.red() - b.red()) <= 1 && std::abs(a.green() - b.green()) <= 1 && std::abs(a.blue() - b.blue()) <= 1;
}
// Compares what `view` painted at every cell with `expected`; the first difference, or empty.
QString firstWrongCell(const BoardView& view, const QImage& image, const std::vector<QColor>& expected) {
    for (std::size_t cell = 0; cell < expected.size(); ++cell) {
        const QColor painted = image.pixelColor(cellSamplePoint(view.cellRect(static_cast<int>(cell))));
        if (!sameColour(painted, expected[cell]))
            return QStringLiteral("cell %1 painted %2, expected %3").arg(cell).arg(painted.name(), expected[cell].name());
    }
    return {};
}
// The --stats line of flat-out annealing on a grid without a solution, ended only by `budget`; empty when the
// window did not exit cleanly.
QString statsOfUnsolvableRun(const QStringList& budget) {
    QProcess process;
    process.start(QStringLiteral(PW_WORKBENCH_PATH),
                  QStringList{QStringLiteral("--open"), QStringLiteral("12345678.........9") + QString(63, QLatin1Char('.')),
                              QStringLiteral("--algorithm"), QStringLiteral("sa"), QStringLiteral("--seed"), QStringLiteral("1"),
                              QStringLiteral("--run"), QStringLiteral("--speed"), QStringLiteral("max")} +
                      budget + QStringList{QStringLiteral("--stats"), QStringLiteral("--exit-when-finished")});
    if (!process.waitForFinished(120000) || process.exitCode() != 0) return {};
    return QString::fromUtf8(process.readAllStandardOutput());
}
// What the window says on standard error when it refuses `arguments` with exit status 2 (a usage error); a note
// saying otherwise when it does not.
QByteArray refusal(const QStringList& arguments) {
    QProcess process;
    process.start(QStringLiteral(PW_WORKBENCH_PATH), arguments);
    if (!process.waitForFinished(30000)) return "did not end";
    if (process.exitCode() != 2) return "exit status " + QByteArray::number(process.exitCode()) + ", not 2";
    return process.readAllStandardError();
}
// The bundled human data's D_TO by puzzle line, read here with the plain CSV rules.
std::map<QString, double> humanDifficultyByLine() {
    std::map<QString, double> byLine;
    QFile data(QStringLiteral(PW_PUZZLES_DIR "/human/cloud_sudoku_human_difficulty_20240415.csv"));
    if (!data.open(QIODevice::ReadOnly)) return byLine;
    data.readLine();  // the header: Game No.,Sudoku Puzzle,D_TO,D_TR
    while (!data.atEnd()) {
        const QStringList fields = QString::fromUtf8(data.readLine()).trimmed().split(QLatin1Char(','));
        if (fields.size() >= 3) byLine[fields[1]] = fields[2].toDouble();
    }
    return byLine;
}
// The x values a scatter plot draws, sorted; empty when it draws no points.
std::vector<double> plottedXs(const ScatterPlot* plot) {
    std::vector<double> xs;
    const auto* view = plot ? plot->findChild<QChartView*>() : nullptr;
    if (!view) return xs;
    for (const QAbstractSeries* series : view->chart()->series())
        if (const auto* points = qobject_cast<const QScatterSeries*>(series))
            for (const QPointF& point : points->points()) xs.push_back(point.x());
    std::sort(xs.begin(), xs.end());
    return xs;
}
bool plottedOnLogX(const ScatterPlot* plot) {
    QChart* chart = plot->findChild<QChartView*>()->chart();
    const AxisLabeller* x = AxisLabeller::of(chart, chart->axes(Qt::Horizontal).front());
    return x && x->logarithmic();
}
int tabNamed(const QTabWidget* tabs, const QString& name) {
    for (int index = 0; index < tabs->count(); ++index)
        if (tabs->tabText(index).remove(QLatin1Char('&')) == name) return index;
    return -1;
}
}  // namespace

class UiTests : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("PuzzleWorkbenchTests"));
        QCoreApplication::setApplicationName(QStringLiteral("ui_tests"));
    }

    void formReflectsEveryAlgorithmsParameters() {
        AlgorithmPanel panel;
        for (const AlgorithmEntry& entry : algorithmRegistry()) {
            QVERIFY(panel.setAlgorithm(entry.info.id));
            QCOMPARE(panel.algorithmId(), entry.info.id);
            ParameterForm* form = panel.parameterForm();
            QCOMPARE(form->editorCount(), static_cast<int>(entry.info.parameters.size()));
            QCOMPARE(form->values(), ParameterValues(entry.info.parameters));  // defaults filled in
            for (const ParameterSpec& spec : entry.info.parameters) {
                QWidget* editor = form->editor(spec.key);
                QVERIFY2(editor, spec.key.c_str());
                QVERIFY(editor->toolTip().contains(QString::fromStdString(spec.help).toHtmlEscaped()));
                if (!spec.citation.empty())
                    QVERIFY(editor->toolTip().contains(QString::fromStdString(spec.citation).toHtmlEscaped()));
                // The declared range is stated, and the editor takes values beyond it (to refuse, not clamp).
                QVERIFY(editor->toolTip().contains(QString::fromStdString(spec.allowedText()).toHtmlEscaped()));
                if (spec.type == ParameterType::Integer)
                    if (auto* box = qobject_cast<QSpinBox*>(editor)) {
                        QVERIFY(box->minimum() < spec.minimum);
                        QVERIFY(box->maximum() > spec.maximum);
                    }
                if (spec.type == ParameterType::Real) {
                    auto* box = qobject_cast<QDoubleSpinBox*>(editor);
                    QVERIFY(box);
                    QVERIFY(box->minimum() < spec.minimum);
                    QVERIFY(box->maximum() > spec.maximum);
                }
                if (spec.type == ParameterType::Choice) {
                    auto* box = qobject_cast<QComboBox*>(editor);
                    QVERIFY(box);
                    QCOMPARE(box->count(), static_cast<int>(spec.choices.size()));
                }
            }
        }
    }

    // A value outside its declared range is kept as typed, never rewritten: the field is marked with the
    // command line's message naming the allowed range, and Run stays blocked until it is fixed.
    void outOfRangeParametersAreRefusedNotRewritten() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        QVERIFY(showWith(window, kPillayFigure1, "sa"));
        ParameterForm* form = window.algorithmPanel()->parameterForm();
        QAction* runAction = window.findChild<QAction*>(QStringLiteral("runAction"));
        QVERIFY(runAction && runAction->isEnabled());
        const std::vector<ParameterSpec>& specs = findAlgorithm("sa")->info.parameters;
        auto cliMessage = [&](const std::string& key, const std::string& text) {
            ParameterValues values(specs);
            const std::optional<std::string> message = values.set(specs, key, text);
            return message ? QString::fromStdString(*message) : QString();
        };
        struct Case { const char* key; double value; const char* text; };
        for (const Case& refused : {Case{"t0", 5000, "5000"}, Case{"t_min", -1, "-1"}, Case{"alpha", 2, "2"}}) {
            auto* box = qobject_cast<QDoubleSpinBox*>(form->editor(refused.key));
            QVERIFY(box);
            box->selectAll();
            QTest::keyClicks(box, QString::fromLatin1(refused.text));
            QCOMPARE(box->value(), refused.value);  // as typed
            QVERIFY(!form->rulesHold());
            QVERIFY(form->isMarked(refused.key));
            const QString expected = cliMessage(refused.key, refused.text);
            QVERIFY(!expected.isEmpty());
            QVERIFY2(expected.contains(QStringLiteral("it must be a number from")), qPrintable(expected));
            QCOMPARE(form->ruleMessage(), expected);
            QVERIFY(box->toolTip().contains(expected.toHtmlEscaped()));
            QVERIFY(!runAction->isEnabled());
            window.run();
            QTest::qWait(50);
            QCOMPARE(window.controller()->state(), RunState::Idle);
            box->setValue(std::get<double>(ParameterValues(specs).value(refused.key)));
            QVERIFY(form->rulesHold());
            QVERIFY(!form->isMarked(refused.key));
            QVERIFY(runAction->isEnabled());
        }
        // A refused value does not also report the rule it would break with its neighbour (t_min below t0).
        auto* t0 = qobject_cast<QDoubleSpinBox*>(form->editor("t0"));
        t0->setValue(5000);
        QCOMPARE(form->ruleMessage().count(QLatin1Char('\n')), 0);
        QVERIFY(!form->isMarked("t_min"));
        // Values set from outside (a recording, saved settings) are refused the same way, not clamped.
        ParameterValues outside(specs);
        form->setValues(outside);
        QVERIFY(form->rulesHold());
    }

    // A file of many bad entries: the box lists the first ten with file:line:column and "and N more", the
    // details and the log hold them all up to the cap, and the box stays far shorter than any screen.
    void manyLoadErrorsGiveABoundedDialog() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("noise.txt"));
        QByteArray noise;
        for (int line = 0; line < 3000; ++line)
            noise += QByteArray("this line is not a puzzle in any format, say ") + QByteArray::number(line) +
                     QByteArray(90, 'x') + "\n";
        QVERIFY(writeFile(path, noise));
        PuzzleLoad load = loadPuzzlesFromFile(path);
        QVERIFY(load.puzzles.empty());
        QVERIFY(load.errors.size() > kErrorsShown);
        const ErrorSummary summary = summarizeErrors(load.errors);
        const QStringList brief = summary.brief.split(QLatin1Char('\n'));
        QCOMPARE(brief.size(), kErrorsShown + 1);
        QVERIFY2(QRegularExpression(QStringLiteral(":\\d+:\\d+: ")).match(brief.front()).hasMatch(), qPrintable(brief.front()));
        QCOMPARE(brief.back(), QStringLiteral("and %1 more").arg(load.errors.size() - kErrorsShown));
        for (const QString& line : brief) QVERIFY(line.size() <= 161);
        const int detailLines = static_cast<int>(summary.details.count(QLatin1Char('\n'))) + 1;
        QCOMPARE(detailLines, static_cast<int>(std::min<qsizetype>(load.errors.size(), kErrorDetailsCap + 1)));

        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.resize(1024, 700);
        window.show();
        QMessageBox* box = loadErrorBox(&window, QStringLiteral("Cannot open puzzle"), load.errors);
        box->show();
        QVERIFY(QTest::qWaitForWindowExposed(box));
        QCOMPARE(box->detailedText(), summary.details);
        QVERIFY2(box->height() < 500, qPrintable(QString::number(box->height())));
        QVERIFY2(box->width() < 1000, qPrintable(QString::number(box->width())));
        box->close();

        const int before = window.logPane()->document()->blockCount();
        QVERIFY(!window.openFile(path, true));
        const int added = window.logPane()->document()->blockCount() - before;
        QVERIFY2(added > kErrorsShown && added <= kErrorDetailsCap + 2, qPrintable(QString::number(added)));
    }

    // A binary file is recognised from its first bytes: one error, no line-by-line parse.
    void binaryFileIsRecognisedAtOnce() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("image.txt"));
        QByteArray bytes(200 * 1024, '\0');
        for (int i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>((i * 7919) % 251);
        QVERIFY(writeFile(path, bytes));
        const PuzzleLoad load = loadPuzzlesFromFile(path);
        QVERIFY(load.puzzles.empty());
        QCOMPARE(load.errors.size(), 1);
        QVERIFY2(load.errors.front().contains(QStringLiteral("a binary file, not puzzle text")), qPrintable(load.errors.front()));
        QVERIFY(load.errors.front().startsWith(path));
        // Text with a few tabs and carriage returns is still text.
        QVERIFY(binaryContentReason(QByteArray("1..2\t3\r\n4.5\n")).isEmpty());
        QVERIFY(!binaryContentReason(QByteArray("\x01\x02\x03" "abc\x04\x05")).isEmpty());
    }

    // The one axis formatter: thousands as k/M, integer steps as integers, distinct labels, powers of ten on a
    // log axis, and the budget of ticks kept.
    void axisFormatterLabels() {
        QCOMPARE(formatAxisValue(0, 500), QStringLiteral("0"));
        QCOMPARE(formatAxisValue(1000, 500), QStringLiteral("1k"));
        QCOMPARE(formatAxisValue(1500, 500), QStringLiteral("1.5k"));
        QCOMPARE(formatAxisValue(10000, 5000), QStringLiteral("10k"));
        QCOMPARE(formatAxisValue(1.2e6, 1e5), QStringLiteral("1.2M"));
        QCOMPARE(formatAxisValue(70900, 10000), QStringLiteral("71k"));
        QCOMPARE(formatAxisValue(0.25, 0.05), QStringLiteral("0.25"));
        QCOMPARE(formatAxisValue(40, 5), QStringLiteral("40"));
        QCOMPARE(formatAxisValue(-2000, 1000), QStringLiteral("-2k"));
        QCOMPARE(formatAxisValue(1e-5, 1e-5), QStringLiteral("1e-5"));
        auto labelsOf = [](const std::vector<AxisTick>& ticks) {
            QStringList labels;
            for (const AxisTick& tick : ticks) labels.append(tick.label);
            return labels;
        };
        auto distinct = [](const QStringList& labels) { return QSet<QString>(labels.begin(), labels.end()).size() == labels.size(); };
        const QRegularExpression scientific(QStringLiteral("e[+]"));
        for (int budget : {2, 3, 5, 8, 12}) {
            for (auto [low, high] : {std::pair{0.0, 117417.0}, {0.0, 70900.0}, {0.0, 12.0}, {3.0, 45.0}, {0.0, 1.0}}) {
                const auto ticks = linearAxisTicks(low, high, budget, true);
                const QStringList labels = labelsOf(ticks);
                QVERIFY2(static_cast<int>(ticks.size()) <= budget + 1, qPrintable(labels.join(u',')));
                QVERIFY(ticks.front().value <= low && ticks.back().value >= high);
                QVERIFY2(distinct(labels), qPrintable(labels.join(u',')));
                for (const AxisTick& tick : ticks) {
                    QCOMPARE(tick.value, std::round(tick.value));  // integer steps as integers: no "11.3"
                    QVERIFY(!tick.label.contains(u'.') || tick.label.endsWith(u'k') || tick.label.endsWith(u'M'));
                    QVERIFY(!scientific.match(tick.label).hasMatch());
                }
            }
        }
        QCOMPARE(labelsOf(linearAxisTicks(0, 120000, 7, true)),
                 QStringList({"0", "20k", "40k", "60k", "80k", "100k", "120k"}));
        QCOMPARE(labelsOf(linearAxisTicks(0, 12, 20, true)).size(), 13);  // never a step below 1
        QCOMPARE(labelsOf(linearAxisTicks(0, 0, 5, true)), QStringList({"0", "1"}));  // a solved cost: from zero up
        QCOMPARE(labelsOf(linearAxisTicks(-3, -3, 5, true)).front(), QStringLiteral("-4"));
        const QStringList nearForty = labelsOf(linearAxisTicks(39.99, 40.01, 5));
        QVERIFY2(distinct(nearForty) && nearForty.size() >= 2, qPrintable(nearForty.join(u',')));
        QCOMPARE(labelsOf(logAxisTicks(2, 70900, 10)), QStringList({"1", "10", "100", "1k", "10k", "100k"}));
        QCOMPARE(labelsOf(logAxisTicks(0.2, 40, 10)), QStringList({"0.1", "1", "10", "100"}));
        const QStringList wide = labelsOf(logAxisTicks(1, 1e9, 4));
        QVERIFY2(wide.size() <= 5 && wide.front() == QStringLiteral("1") && wide.back() == QStringLiteral("1G"),
                 qPrintable(wide.join(u',')));
        QCOMPARE(tickBudget(300, 15, true), 10);
        QCOMPARE(tickBudget(0, 15, true), 2);
    }

    // The live charts label their axes with the formatter; log scale works on both charts, labelled at powers
    // of ten; a tick label is never elided.
    void liveChartTickLabels() {
        ChartPanel panel;
        panel.resize(520, 640);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        for (std::uint64_t step = 0; step <= 70900; step += 709) {
            Counters at{step, step * 3};
            panel.beginBatch(at, static_cast<double>(step) / 1e5);
            const double cost = 60.0 * std::exp(-static_cast<double>(step) / 20000.0);
            panel.addEvent(CostSample{at, std::round(cost + 3), std::round(cost), {}});
            panel.addEvent(TemperatureSample{at, 40 * std::pow(0.99995, static_cast<double>(step)), 0.5});
        }
        panel.refreshNow();
        QTest::qWait(50);
        panel.refreshNow();
        const QStringList x = panel.costChart()->xLabels();
        QVERIFY2(x.contains(QStringLiteral("0")) && std::any_of(x.begin(), x.end(), [](const QString& l) { return l.endsWith(u'k'); }),
                 qPrintable(x.join(u',')));
        const QStringList cost = panel.costChart()->leftLabels();
        for (const QString& label : x + cost) {
            QVERIFY2(!label.contains(QStringLiteral("e+")) && !label.contains(QChar(0x2026)), qPrintable(label));
            QVERIFY2(!label.contains(u'.'), qPrintable(label));  // steps and whole costs: integer ticks
        }
        QVERIFY(QSet<QString>(x.begin(), x.end()).size() == x.size());
        panel.setLogScale(true);
        panel.refreshNow();
        QVERIFY(panel.costChart()->leftIsLogarithmic());
        QVERIFY(panel.progressChart()->leftIsLogarithmic());
        const QStringList logCost = panel.costChart()->leftLabels();
        QVERIFY2(logCost.contains(QStringLiteral("1")) && logCost.contains(QStringLiteral("10")), qPrintable(logCost.join(u',')));
        const QStringList logTemperature = panel.progressChart()->leftLabels();
        const QSet<QString> powers{"0.001", "0.01", "0.1", "1", "10", "100"};
        QVERIFY2(!logTemperature.isEmpty(), "no labels on the log temperature axis");
        for (const QString& label : logTemperature) QVERIFY2(powers.contains(label), qPrintable(logTemperature.join(u',')));
        QVERIFY(panel.progressPointCount(QStringLiteral("temperature")) > 0);
        panel.setLogScale(false);
        QVERIFY(!panel.costChart()->leftIsLogarithmic());
    }

    // Compare's time-to-solve and convergence axes and the lab's log axes carry numbers; a PNG export has the
    // size and resolution asked for; the suggested file name comes from the title.
    void logAxesCarryNumbersAndExportsHaveTheirSize() {
        EcdfChart ecdf;
        ecdf.resize(600, 400);
        ecdf.show();
        EcdfSample sample;
        sample.name = QStringLiteral("sa");
        sample.solvedValues = {2.5, 7.5};  // no power of ten in between: the axis still reaches 1 and 10
        sample.runs = 4;
        ecdf.setData(QStringLiteral("time to solve"), QStringLiteral("seconds"), {sample});
        QChart* chart = ecdf.findChild<QChartView*>()->chart();
        AxisLabeller* x = AxisLabeller::of(chart, chart->axes(Qt::Horizontal).front());
        QVERIFY(x && x->logarithmic());
        QVERIFY2(x->labels().contains(QStringLiteral("1")) && x->labels().contains(QStringLiteral("10")),
                 qPrintable(x->labels().join(u',')));

        ScatterPlot scatter;
        scatter.resize(600, 400);
        scatter.show();
        scatter.setData(QStringLiteral("serate against time"), QStringLiteral("serate"), QStringLiteral("seconds"),
                        {QPointF(1, 20), QPointF(2, 700), QPointF(3, 70900), QPointF(4, 1.2e6)});
        scatter.setLogY(true);
        QChart* scatterChart = scatter.findChild<QChartView*>()->chart();
        AxisLabeller* y = AxisLabeller::of(scatterChart, scatterChart->axes(Qt::Vertical).front());
        QVERIFY(y && y->logarithmic());
        for (const QString& label : y->labels())
            QVERIFY2(QStringList({"1", "10", "100", "1k", "10k", "100k", "1M", "10M"}).contains(label), qPrintable(label));
        QVERIFY(y->labels().size() >= 2);

        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("ecdf.png"));
        QString error;
        QVERIFY2(ecdf.exportImage(png, error, ChartExportOptions{QSize(1600, 1000), 192}), qPrintable(error));
        const QImage image(png);
        QCOMPARE(image.size(), QSize(1600, 1000));
        QCOMPARE(image.dotsPerMeterX(), static_cast<int>(std::lround(192 / 0.0254)));
        QCOMPARE(ecdf.shownSize(), QSize(600, 400));  // the chart on screen is as it was
        QVERIFY2(ecdf.exportImage(dir.filePath(QStringLiteral("ecdf.svg")), error), qPrintable(error));
        QCOMPARE(suggestedChartFileName(QStringLiteral("Best cost on AI_Escargot by evaluations"), QStringLiteral("png")),
                 QStringLiteral("best-cost-on-ai_escargot-by-evaluations.png"));
        QCOMPARE(suggestedChartFileName(QStringLiteral("  "), QStringLiteral("svg")), QStringLiteral("chart.svg"));
    }

    // Help: a page per registered algorithm built from its AlgorithmInfo, F1 on the chosen algorithm, the
    // shortcuts read from the window's actions, the glossary and About.
    void helpHasAPagePerAlgorithm() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QMenu* help = nullptr;
        for (QAction* menu : window.menuBar()->actions())
            if (menu->text().remove(u'&') == QStringLiteral("Help")) help = menu->menu();
        QVERIFY(help);
        QVERIFY(help->actions().size() >= 5);
        HelpWindow* helpWindow = window.openHelp(QStringLiteral("getting-started"));
        QVERIFY(helpWindow && helpWindow->isVisible());
        QVERIFY(helpWindow->pageHtml().contains(QStringLiteral("Run (F5)")));
        QVERIFY(!helpWindow->pageHtml().contains(QRegularExpression(QStringLiteral("%\\d"))));  // every place filled
        // Its illustrations are pictures of the window compiled into the app, small, and shown by the page.
        QStringList images;
        for (const QRegularExpressionMatch& match :
             QRegularExpression(QStringLiteral("<img src='([^']+)'")).globalMatch(helpWindow->pageHtml()))
            images.append(match.captured(1));
        QCOMPARE(images.size(), 4);
        const auto* browser = helpWindow->findChild<QTextBrowser*>();
        QVERIFY(browser);
        for (const QString& source : images) {
            const QImage image(source);
            QVERIFY2(!image.isNull() && image.width() >= 300 && image.width() <= 640, qPrintable(source));
            QVERIFY2(QFileInfo(source).size() < 40'000, qPrintable(source));
            const QVariant shown = browser->document()->resource(QTextDocument::ImageResource, QUrl(source));
            const QImage loaded = shown.typeId() == QMetaType::QByteArray ? QImage::fromData(shown.toByteArray())
                                  : shown.typeId() == QMetaType::QPixmap  ? shown.value<QPixmap>().toImage()
                                                                          : shown.value<QImage>();
            QVERIFY2(loaded.size() == image.size(), qPrintable(source));
        }
        // Its links open pages of the user manual: each a page of docs/manual/ in this tree.
        QStringList manualPages;
        for (const QRegularExpressionMatch& match :
             QRegularExpression(QStringLiteral("<a href='https://github\\.com/puzzle-workbench/puzzle-workbench/blob/main/"
                                               "docs/manual/([^']+)'"))
                 .globalMatch(helpWindow->pageHtml()))
            manualPages.append(match.captured(1));
        QCOMPARE(manualPages.size(), 6);
        for (const QString& manualPage : manualPages)
            QVERIFY2(QFileInfo::exists(QStringLiteral(PW_PUZZLES_DIR "/../docs/manual/") + manualPage), qPrintable(manualPage));
        auto plain = [](const std::string& text) { return QString::fromStdString(text).toHtmlEscaped(); };
        for (const AlgorithmEntry& entry : algorithmRegistry()) {
            const QString key = QStringLiteral("algorithm:") + QString::fromStdString(entry.info.id);
            QVERIFY(HelpWindow::topicKeys().contains(key));
            QVERIFY2(helpWindow->showTopic(key), entry.info.id.c_str());
            QCOMPARE(helpWindow->currentTopic(), key);
            const QString html = helpWindow->pageHtml();
            QVERIFY2(html.contains(plain(entry.info.name)), entry.info.id.c_str());
            QVERIFY2(html.contains(plain(entry.info.summary)), entry.info.id.c_str());
            QVERIFY2(html.contains(plain(entry.info.stepMeaning)), entry.info.id.c_str());
            QVERIFY2(html.contains(plain(entry.info.paper)), entry.info.id.c_str());
            for (const ParameterSpec& spec : entry.info.parameters) {
                QVERIFY2(html.contains(QStringLiteral("<b>%1</b>").arg(plain(spec.key))), spec.key.c_str());
                QVERIFY2(html.contains(plain(spec.allowedText())), spec.key.c_str());
            }
            for (const std::string& part : entry.info.costParts) QVERIFY2(html.contains(plain(part)), part.c_str());
        }
        QVERIFY(!helpWindow->showTopic(QStringLiteral("algorithm:no-such")));
        // F1 opens the chosen algorithm's page.
        helpWindow->hide();
        QVERIFY(window.algorithmPanel()->setAlgorithm("tabu"));
        auto* f1 = window.findChild<QAction*>(QStringLiteral("algorithmHelpAction"));
        QVERIFY(f1);
        QCOMPARE(f1->shortcut(), QKeySequence(QKeySequence::HelpContents));
        f1->trigger();
        QVERIFY(helpWindow->isVisible());
        QCOMPARE(helpWindow->currentTopic(), QStringLiteral("algorithm:tabu"));
        QVERIFY(helpWindow->showTopic(QStringLiteral("shortcuts")));
        QVERIFY(helpWindow->pageHtml().contains(QStringLiteral("Presentation mode")));
        QVERIFY(helpWindow->pageHtml().contains(QKeySequence(Qt::Key_F5).toString(QKeySequence::NativeText)));
        QVERIFY(helpWindow->showTopic(QStringLiteral("glossary")));
        for (const char* term : {"move", "step", "evaluation", "cost", "temperature", "acceptance ratio", "reheat",
                                 "harmony memory", "group table", "tabu tenure", "serate"})
            QVERIFY2(helpWindow->pageHtml().contains(QStringLiteral("<b>%1</b>").arg(QString::fromLatin1(term))), term);
        QVERIFY(helpWindow->showTopic(QStringLiteral("about")));
        QVERIFY(helpWindow->pageHtml().contains(QString::fromLatin1(qVersion())));
    }

    // The first launch teaches: simulated annealing on a medium puzzle (level locked: singles do not solve it,
    // locked candidates do), paced, a line saying what to press, no best cost before a run.
    void firstLaunchIsATeachingDefault() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.fitWindowTo(QRect(0, 0, 1024, 768));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.algorithmPanel()->algorithmId(), std::string("sa"));
        const Puzzle& puzzle = window.boardModel()->puzzle();
        QCOMPARE(puzzle.id, std::string(kDefaultPuzzleId));
        QVERIFY(puzzle.kind() == PuzzleKind::Sudoku);
        QCOMPARE(gradeSudoku(puzzle.sudoku().givens), SudokuLevel::Locked);
        QCOMPARE(defaultPuzzle(QStringLiteral("/nonexistent")).sudoku().givens, puzzle.sudoku().givens);  // built in too
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("Run (F5)")));
        QTest::qWait(50);
        QVERIFY2(window.fittedStatusBar()->messageShownInFull(), qPrintable(cutStatusText(window)));  // one whole line
        QVERIFY2(cutStatusText(window).isEmpty(), qPrintable(cutStatusText(window)));
        auto* best = window.findChild<QLabel*>(QStringLiteral("bestLabel"));
        QVERIFY(best);
        QCOMPARE(best->text(), QStringLiteral("Best cost —"));
        QVERIFY(window.controller()->stepsPerSecond() > 0);  // paced, not flat out
    }

    // A field whose text grows is widened at once, before the window paints or a test looks: a paced run's
    // figures change a few times a second, and "Step 9" becoming "Step 16" must never be shown cut.
    void statusFieldsWidenAsSoonAsTheirTextGrows() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.fitWindowTo(QRect(0, 0, 1280, 720));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* bar = qobject_cast<RunStatusBar*>(window.fittedStatusBar());
        QVERIFY(bar);
        RunStatus status;
        status.counters.steps = 9;
        status.temperature = 40;
        status.currentCost = 3;
        bar->showRunStatus(status, QStringLiteral("proposals"), true);
        QTest::qWait(50);
        QVERIFY2(cutStatusText(window).isEmpty(), qPrintable(cutStatusText(window)));
        // No event is processed between these changes and the checks.
        status.counters.steps = 1'234'567;
        status.temperature = 39.97;
        status.currentCost = 12.5;
        bar->showRunStatus(status, QStringLiteral("proposals"), true);
        QVERIFY2(cutStatusText(window).isEmpty(), qPrintable(cutStatusText(window)));
        bar->showState(RunState::Finishing);
        QVERIFY2(cutStatusText(window).isEmpty(), qPrintable(cutStatusText(window)));
        bar->showBrokenRules({QStringLiteral("An island of 3 has 4 cells")});
        QVERIFY2(cutStatusText(window).isEmpty(), qPrintable(cutStatusText(window)));
    }

    // A relation between parameters (t_min below t0) marks both fields with the message and blocks Run until
    // the values are fixed; nothing runs meanwhile.
    void brokenParameterRuleMarksTheFieldsAndBlocksRun() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        QVERIFY(showWith(window, kPillayFigure1, "sa"));
        ParameterForm* form = window.algorithmPanel()->parameterForm();
        QVERIFY(form->rulesHold());
        QAction* runAction = window.findChild<QAction*>(QStringLiteral("runAction"));
        QVERIFY(runAction);
        QVERIFY(runAction->isEnabled());
        auto* tMin = qobject_cast<QDoubleSpinBox*>(form->editor("t_min"));
        QVERIFY(tMin);
        tMin->setValue(50);
        QVERIFY(!form->rulesHold());
        QVERIFY(form->isMarked("t_min"));
        QVERIFY(form->isMarked("t0"));
        QVERIFY(!form->isMarked("alpha"));
        QVERIFY(form->editor("t_min")->toolTip().contains(QStringLiteral("t_min (50) must be below t0 (40)")));
        auto* message = form->findChild<QLabel*>(QStringLiteral("parameterRuleMessage"));
        QVERIFY(message);
        QVERIFY(message->isVisibleTo(form));
        QCOMPARE(message->text(), QStringLiteral("t_min (50) must be below t0 (40)"));
        QVERIFY(!runAction->isEnabled());
        window.run();
        window.step();
        QTest::qWait(100);
        QCOMPARE(window.controller()->state(), RunState::Idle);
        // Under Lewis's schedule the rule does not apply; back under the thesis schedule a valid t_min clears it.
        auto* schedule = qobject_cast<QComboBox*>(form->editor("schedule"));
        QVERIFY(schedule);
        schedule->setCurrentText(QStringLiteral("lewis"));
        QVERIFY(form->rulesHold());
        QVERIFY(runAction->isEnabled());
        schedule->setCurrentText(QStringLiteral("thesis"));
        QVERIFY(!form->rulesHold());
        tMin->setValue(0.5);
        QVERIFY(form->rulesHold());
        QVERIFY(!form->isMarked("t_min"));
        QVERIFY(!message->isVisibleTo(form));
        QVERIFY(runAction->isEnabled());
    }

    void formEditsAndResetsValues() {
        AlgorithmPanel panel;
        QVERIFY(panel.setAlgorithm("backtracking"));
        auto* order = qobject_cast<QComboBox*>(panel.parameterForm()->editor("cell_order"));
        QVERIFY(order);
        QSignalSpy changed(&panel, &AlgorithmPanel::settingsChanged);
        const int other = order->currentIndex() == 0 ? 1 : 0;
        order->setCurrentIndex(other);
        QVERIFY(changed.count() > 0);
        QCOMPARE(panel.parameters().choice("cell_order"), order->itemText(other).toStdString());
        panel.parameterForm()->resetToDefaults();
        QCOMPARE(panel.parameters(), ParameterValues(findAlgorithm("backtracking")->info.parameters));
    }

    void runFromThePanelChangesTheBoardAndAddsChartPoints() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        QVERIFY(showWith(window, kPillayFigure1, "backtracking"));
        window.setStepsPerSecond(RunController::kFlatOut);
        const int givens = filledCells(*window.boardModel());
        QSignalSpy finished(&window, &MainWindow::runFinished);
        QSignalSpy changed(window.boardModel(), &BoardModel::cellChanged);
        window.run();
        QVERIFY(finished.wait(20000));
        QVERIFY(changed.count() > 0);
        QCOMPARE(filledCells(*window.boardModel()), 81);
        QVERIFY(filledCells(*window.boardModel()) > givens);
        QVERIFY(window.boardModel()->sudoku().isSolved());
        window.chartPanel()->refreshNow();
        QVERIFY(window.chartPanel()->costPointCount(QStringLiteral("best")) > 1);
        QVERIFY(window.boardModel()->hasHeatMap());
        // The heat map shown is the assignment order: -1 on the givens, and the open cells numbered 0, 1, ... in
        // the order they were first assigned, each number once.
        QCOMPARE(window.boardModel()->heatMapLabel(), QStringLiteral("assignment order"));
        const std::vector<double>& order = window.boardModel()->heatMap();
        const SudokuGrid& puzzleGivens = window.boardModel()->puzzle().sudoku().givens;
        std::vector<double> openOrder;
        for (int cell = 0; cell < 81; ++cell) {
            if (puzzleGivens.value(cell)) {
                QCOMPARE(order[static_cast<std::size_t>(cell)], -1.0);
            } else {
                openOrder.push_back(order[static_cast<std::size_t>(cell)]);
            }
        }
        std::sort(openOrder.begin(), openOrder.end());
        QCOMPARE(static_cast<int>(openOrder.size()), 81 - givens);
        for (std::size_t k = 0; k < openOrder.size(); ++k) QCOMPARE(openOrder[k], static_cast<double>(k));
        QVERIFY(!window.logPane()->toPlainText().isEmpty());
    }

    // Flat out the solver sends no moves: the board must still follow the run through snapshots, long before
    // the run ends.
    void flatOutBoardFollowsTheRunBeforeItEnds() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        // No solution (r1c9 can hold nothing), so annealing runs until it is stopped.
        QVERIFY(window.openText(QStringLiteral("12345678.........9") + QString(63, QLatin1Char('.')),
                                QStringLiteral("<test>"), true));
        QVERIFY(window.algorithmPanel()->setAlgorithm("sa"));
        window.setStepsPerSecond(RunController::kFlatOut);
        const Board start = window.boardModel()->board();
        window.run();
        QTRY_VERIFY_WITH_TIMEOUT(window.boardModel()->board() != start, 5000);  // the initial fill
        const Board filled = window.boardModel()->board();
        QTRY_VERIFY_WITH_TIMEOUT(window.boardModel()->board() != filled, 5000);  // swaps, via snapshots
        QCOMPARE(window.controller()->state(), RunState::Running);
        QSignalSpy finished(&window, &MainWindow::runFinished);
        window.stop();
        QVERIFY(finished.count() == 1 || finished.wait(5000));
    }

    void slowRunIsPacedAndAnimatedMoveByMove() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        QVERIFY(showWith(window, kPillayFigure1, "backtracking"));  // one digit a step
        window.setStepsPerSecond(20);
        const int givens = filledCells(*window.boardModel());
        const int empty = 81 - givens;
        // Every change of the filled count is one more digit: animated move by move, never a jump to a later
        // state.
        std::vector<int> filledAtEachChange;
        connect(window.boardModel(), &BoardModel::cellChanged, this, [&] {
            const int filled = filledCells(*window.boardModel());
            if (filledAtEachChange.empty() ? filled != givens : filled != filledAtEachChange.back())
                filledAtEachChange.push_back(filled);
        });
        window.run();
        // Paced by the window, not the solver: flat out the solver fills the board in a few milliseconds; at 20
        // moves per second the run is still going after five moves shown, however loaded the machine (the
        // time-out is only a safety net).
        QTRY_VERIFY_WITH_TIMEOUT(filledAtEachChange.size() >= 5, 20000);
        QCOMPARE(window.controller()->state(), RunState::Running);
        QVERIFY(filledCells(*window.boardModel()) - givens < empty);
        for (std::size_t k = 0; k < filledAtEachChange.size(); ++k)
            QCOMPARE(filledAtEachChange[k], givens + static_cast<int>(k) + 1);
        window.stop();
        disconnect(window.boardModel(), nullptr, this, nullptr);
    }

    void pauseStepAndStopBehave() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        QVERIFY(showWith(window, kPillayFigure1, "backtracking"));  // one digit a step
        window.setStepsPerSecond(5);
        RunController* controller = window.controller();
        window.run();
        QCOMPARE(controller->state(), RunState::Running);
        QTest::qWait(400);
        window.pause();
        QCOMPARE(controller->state(), RunState::Paused);
        QTest::qWait(100);
        const Board paused = window.boardModel()->board();
        const std::uint64_t pausedSteps = controller->status().counters.steps;
        QTest::qWait(400);
        QVERIFY(window.boardModel()->board() == paused);  // nothing moves while paused
        QCOMPARE(controller->status().counters.steps, pausedSteps);

        // One move: exactly one cell changes.
        window.setStepGrain(StepGrain::Move);
        QSignalSpy cells(window.boardModel(), &BoardModel::cellChanged);
        window.step();
        QTRY_VERIFY_WITH_TIMEOUT(!(window.boardModel()->board() == paused), 2000);
        QCOMPARE(filledCells(*window.boardModel()), [&] {
            int count = 0;
            for (int cell = 0; cell < 81; ++cell) count += std::get<SudokuGrid>(paused).isEmpty(cell) ? 0 : 1;
            return count + 1;
        }());

        // One iteration: the step counter advances (by one, unless moves queued ahead are shown first).
        window.setStepGrain(StepGrain::Iteration);
        const std::uint64_t before = controller->status().counters.steps;
        window.step();
        QTRY_VERIFY_WITH_TIMEOUT(controller->status().counters.steps > before, 2000);
        QCOMPARE(controller->state(), RunState::Paused);

        // Stop ends the paused run where it stands, with the Stopped outcome, not run on to the solution (the
        // wait is only a safety net for a loaded machine).
        const std::uint64_t stoppedAt = controller->status().counters.steps;
        QSignalSpy finished(&window, &MainWindow::runFinished);
        window.stop();
        QVERIFY(finished.count() == 1 || finished.wait(20000));
        const Finished end = finished.first().first().value<Finished>();
        QCOMPARE(end.outcome, Outcome::Stopped);
        QVERIFY(end.at.steps >= stoppedAt);
        QVERIFY(!end.valid);  // stopped before the solution, not run on to it
        QCOMPARE(controller->state(), RunState::Finished);
    }

    void newPuzzleOrNewRunDuringARunIsSafe() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        window.setStepsPerSecond(RunController::kFlatOut);
        QVERIFY(window.algorithmPanel()->setAlgorithm("backtracking"));
        window.algorithmPanel()->setStepLimit(0);
        for (int i = 0; i < 5; ++i) {
            window.run();
            QTest::qWait(5);
        }
        QVERIFY(window.openText(QString::fromLatin1(kPillayFigure1), QStringLiteral("<other>"), true));
        const Board givens = window.boardModel()->board();
        QTest::qWait(300);
        // Nothing of the discarded runs reached the new board.
        QVERIFY(window.boardModel()->board() == givens);
        QCOMPARE(window.controller()->state(), RunState::Idle);
        window.setStepsPerSecond(2);
        window.run();
        QTest::qWait(50);
        // Closing during a run is safe too (the destructor stops the worker).
    }

    void typingUndoAndRedo() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kPillayFigure1), QStringLiteral("<test>"), true));
        BoardView* view = window.boardView();
        const int cell = 1;  // empty in kPillayFigure1
        QVERIFY(window.boardModel()->sudoku().isEmpty(cell));
        view->setSelectedCell(cell);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_6);
        QCOMPARE(window.boardModel()->sudoku().value(cell), 6);
        QCOMPARE(window.boardModel()->origin(cell), CellOrigin::User);
        QTest::keyClick(view, Qt::Key_2, Qt::AltModifier);  // a filled cell takes no pencil marks
        window.undoStack()->undo();
        QVERIFY(window.boardModel()->sudoku().isEmpty(cell));
        QTest::keyClick(view, Qt::Key_3, Qt::AltModifier);
        QVERIFY(window.boardModel()->sudoku().marks(cell) & (1u << 2));
        window.undoStack()->undo();
        window.undoStack()->redo();
        QVERIFY(window.boardModel()->sudoku().marks(cell) & (1u << 2));
        view->setSelectedCell(0);  // a given
        QTest::keyClick(view, Qt::Key_9);
        QCOMPARE(window.boardModel()->sudoku().value(0), 4);
    }

    // Asking again on the same board tells more; an edit starts over. The cells a hint names are outlined.
    void hintsEscalateAndOutlineCells() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kPillayFigure1), QStringLiteral("<test>"), true));
        BoardModel* model = window.boardModel();
        auto outlined = [model] { return outlinedCells(*model); };
        window.showHint();
        const QString levelOne = window.lastHint();
        QVERIFY2(levelOne.startsWith(QStringLiteral("Look for a ")), qPrintable(levelOne));
        QCOMPARE(outlined(), 0);
        // Level 2 names the technique and the unit, not the cell: the whole unit is outlined.
        window.showHint();
        const QString levelTwo = window.lastHint();
        const QString technique = levelOne.mid(9).chopped(1);  // "a hidden single"
        QVERIFY2(levelTwo.startsWith(QStringLiteral("Look for %1 in ").arg(technique)), qPrintable(levelTwo));
        QVERIFY2(levelTwo.contains(QRegularExpression(QStringLiteral(" in (row|column|box) [1-9]\\.$"))), qPrintable(levelTwo));
        QVERIFY2(!levelTwo.contains(QRegularExpression(QStringLiteral("r[1-9]c[1-9]"))), qPrintable(levelTwo));
        QCOMPARE(outlined(), 9);
        window.showHint();
        QVERIFY2(window.lastHint().contains(QStringLiteral("can only hold")) ||
                     window.lastHint().contains(QStringLiteral("can hold")),
                 qPrintable(window.lastHint()));
        window.showHint();  // level 3 stays level 3
        QVERIFY(window.lastHint().contains(QStringLiteral("hold")));
        QVERIFY(window.logPane()->toPlainText().contains(QStringLiteral("hint, level 3")));

        // A wrong digit in r1c2 (its solution is 6): the next hint, back at level 1, reports the mistake.
        BoardView* view = window.boardView();
        view->setSelectedCell(1);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_7);
        QCOMPARE(outlined(), 0);  // an edit clears the outline
        window.showHint();
        QCOMPARE(window.lastHint(), QStringLiteral("There is a mistake on the board."));
        window.showHint();
        QCOMPARE(window.lastHint(), QStringLiteral("Check r1c2."));
        QVERIFY(model->isHighlighted(1));
        window.showHint();
        QCOMPARE(window.lastHint(), QStringLiteral("r1c2 holds 7, but the solution has 6 there."));
    }

    // Solve with logic runs `logic` with refutation: a hard puzzle is solved, every step is explained in the
    // log, and the cells of the latest step are outlined.
    void solveWithLogicExplainsEveryStep() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QStringLiteral("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."),
                                QStringLiteral("<test>"), true));
        QSignalSpy finished(&window, &MainWindow::runFinished);
        window.solveWithLogic();
        QCOMPARE(window.algorithmPanel()->algorithmId(), std::string("logic"));
        QCOMPARE(window.controller()->stepsPerSecond(), 2.0);  // a readable pace
        QTRY_VERIFY_WITH_TIMEOUT(window.logPane()->toPlainText().contains(QStringLiteral("single: ")), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(outlinedCells(*window.boardModel()) > 0, 5000);
        window.setStepsPerSecond(RunController::kFlatOut);
        QVERIFY(finished.count() == 1 || finished.wait(20000));
        QVERIFY(window.boardModel()->sudoku().isSolved());
        QVERIFY(window.logPane()->toPlainText().contains(QStringLiteral("refutation: ")));
    }

    // The lab rates a set on threads, correlates with the bundled human data, plots and exports; Stop leaves
    // nothing half-computed; the filling-order view fills both boards with heat maps.
    void difficultyLabRatesCorrelatesAndExports() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        DifficultyLab* lab = window.openDifficultyLab();
        QCOMPARE(lab->puzzles().size(), std::size_t{344});  // the bundled human-difficulty set
        lab->setMetrics({QStringLiteral("givens"), QStringLiteral("candidates-after-singles")});
        QVERIFY(lab->setHumanColumn(QStringLiteral("D_TO")));
        QSignalSpy finished(lab, &DifficultyLab::ratingFinished);
        lab->startRating();
        QVERIFY(lab->isRating());
        QVERIFY(finished.wait(60000));
        QCOMPARE(lab->ratings().size(), std::size_t{344});
        QVERIFY(lab->ratings().front()[0].has_value());
        // The numbers, computed here from the data file by the plain formulas: each puzzle's givens counted from
        // its line, Pearson's r of (givens, D_TO) and its Fisher interval (se 1/sqrt(n-3), z 1.959964).
        std::map<QString, double> humanByLine;
        {
            QFile data(QStringLiteral(PW_PUZZLES_DIR "/human/cloud_sudoku_human_difficulty_20240415.csv"));
            QVERIFY(data.open(QIODevice::ReadOnly));
            data.readLine();  // the header: Game No.,Sudoku Puzzle,D_TO,D_TR
            while (!data.atEnd()) {
                const QStringList fields = QString::fromUtf8(data.readLine()).trimmed().split(QLatin1Char(','));
                if (fields.size() >= 3) humanByLine[fields[1]] = fields[2].toDouble();
            }
        }
        double n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
        for (std::size_t p = 0; p < lab->puzzles().size(); ++p) {
            const QString line =
                QString::fromStdString(formatSudoku(lab->puzzles()[p].sudoku().givens, SudokuTextStyle::Line)).trimmed();
            QVERIFY2(humanByLine.contains(line), qPrintable(line));
            const double givens = static_cast<double>(line.size() - line.count(QLatin1Char('.')));
            QCOMPARE(*lab->ratings()[p][0], givens);
            const double human = humanByLine.at(line);
            n += 1, sx += givens, sy += human, sxx += givens * givens, syy += human * human, sxy += givens * human;
        }
        const double r = (n * sxy - sx * sy) / std::sqrt((n * sxx - sx * sx) * (n * syy - sy * sy));
        const double z = std::atanh(r), se = 1 / std::sqrt(n - 3);
        const QString expected = QStringLiteral("%1  [%2, %3]")
                                     .arg(r, 0, 'f', 3)
                                     .arg(std::tanh(z - 1.959964 * se), 0, 'f', 3)
                                     .arg(std::tanh(z + 1.959964 * se), 0, 'f', 3);
        QCOMPARE(lab->correlationText(QStringLiteral("givens"), QStringLiteral("pearson")), expected);
        QVERIFY(lab->scatterPlot()->shownPointCount() > 300);
        QVERIFY(lab->scatterPlot()->hasFittedLine());

        QTemporaryDir dir;
        QString error;
        QVERIFY2(lab->exportCsv(dir.filePath(QStringLiteral("ratings.csv")), error), qPrintable(error));
        QFile csv(dir.filePath(QStringLiteral("ratings.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QVERIFY(csv.readLine().startsWith("# puzzle-workbench "));  // the rating's settings
        QCOMPARE(csv.readLine().trimmed(), QByteArray("id,puzzle,givens,candidates-after-singles,D_TO"));
        for (const char* name : {"plot.png", "plot.svg"}) {
            QVERIFY2(lab->scatterPlot()->exportImage(dir.filePath(QString::fromLatin1(name)), error), qPrintable(error));
            QVERIFY(QFileInfo(dir.filePath(QString::fromLatin1(name))).size() > 1000);
        }
        QVERIFY(!lab->scatterPlot()->exportImage(dir.filePath(QStringLiteral("plot.gif")), error));
        QVERIFY(error.contains(QStringLiteral(".svg")));

        // Stop: the run ends without a table.
        lab->setMetrics({QStringLiteral("sa-steps")});
        lab->startRating();
        lab->stopRating();
        QVERIFY(finished.wait(60000));
        QVERIFY(lab->ratings().empty());

        QSignalSpy predicted(lab, &DifficultyLab::fillingOrderFinished);
        lab->setFillingOrderPuzzle(window.boardModel()->puzzle());
        lab->computeFillingOrder(3);
        QVERIFY(predicted.wait(60000));
        // Both boards show their order: -1 on exactly the givens, a rank on every open cell, and each cell painted
        // in the heat colour of its rank (the givens plain).
        const QList<BoardView*> orderViews = lab->findChildren<BoardView*>();
        QCOMPARE(orderViews.size(), 2);
        const SudokuGrid givens = window.boardModel()->sudoku();
        for (int side = 0; side < 2; ++side) {
            const BoardModel& order = *lab->fillingOrderModel(side);
            QCOMPARE(order.heatMap().size(), std::size_t{81});
            std::set<double> ranks;
            for (int cell = 0; cell < 81; ++cell) {
                QCOMPARE(order.heatMap()[cell] < 0, givens.value(cell) != 0);
                if (order.heatMap()[cell] >= 0) ranks.insert(order.heatMap()[cell]);
            }
            QVERIFY2(ranks.size() > 10, qPrintable(QStringLiteral("side %1: %2 ranks").arg(side).arg(ranks.size())));
            BoardView& view = *orderViews[side];
            view.resize(400, 440);
            QCOMPARE(firstWrongCell(view, view.grab().toImage(), heatBackgrounds(order, view.colors())), QString());
        }
    }

    // A Nurikabe set: the lab offers Nurikabe's metrics, rates with them, and compares each with the Nurikabe
    // rating (there are no human times for Nurikabe); the numbers are recomputed here from the puzzles.
    void difficultyLabComparesNurikabeMetrics() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        DifficultyLab* lab = window.openDifficultyLab();
        QVERIFY(lab->setPuzzleSet(QStringLiteral(PW_PUZZLES_DIR "/nurikabe/janko_sample.txt"), true));
        QCOMPARE(lab->puzzles().size(), std::size_t{38});
        const auto* metricList = lab->findChild<QListWidget*>();
        QVERIFY(metricList);
        for (int row = 0; row < metricList->count(); ++row)
            QVERIFY2(metricList->item(row)->data(Qt::UserRole).toString().startsWith(QStringLiteral("nurikabe-")),
                     qPrintable(metricList->item(row)->text()));
        const auto* tabs = lab->findChild<QTabWidget*>();
        const int fillingTab = tabNamed(tabs, QStringLiteral("Filling order"));
        QVERIFY(fillingTab >= 0);
        QVERIFY(!tabs->isTabEnabled(fillingTab));  // the filling order is the thesis's for Sudoku
        lab->setMetrics({QStringLiteral("nurikabe-logic-level"), QStringLiteral("nurikabe-islands")});
        QSignalSpy finished(lab, &DifficultyLab::ratingFinished);
        lab->startRating();
        QVERIFY(finished.wait(120000));
        QCOMPARE(lab->ratings().size(), std::size_t{38});
        std::vector<double> levels, islands;
        for (std::size_t p = 0; p < lab->puzzles().size(); ++p) {
            const NurikabeGrid& clues = lab->puzzles()[p].nurikabe().clues;
            const std::optional<NurikabeRating> rating = rateNurikabe(clues);
            QVERIFY(rating);
            int count = 0;
            for (int cell = 0; cell < clues.cellCount(); ++cell) count += clues.clue(cell) > 0;
            QCOMPARE(*lab->ratings()[p][0], static_cast<double>(rating->level));
            QCOMPARE(*lab->ratings()[p][1], static_cast<double>(count));
            levels.push_back(rating->level);
            islands.push_back(count);
        }
        // "Compare with" fell to the rating: the islands' row is their correlation with it, the rating has none.
        const auto rho = spearman(islands, levels);
        QVERIFY(rho);
        QVERIFY2(lab->correlationText(QStringLiteral("nurikabe-islands"), QStringLiteral("spearman"))
                     .startsWith(QString::number(rho->r, 'f', 3)),
                 qPrintable(lab->correlationText(QStringLiteral("nurikabe-islands"), QStringLiteral("spearman"))));
        QCOMPARE(lab->correlationText(QStringLiteral("nurikabe-logic-level"), QStringLiteral("spearman")), QString());
        QCOMPARE(lab->scatterPlot()->shownPointCount(), 38);

        QTemporaryDir dir;
        QString error;
        QVERIFY2(lab->exportCsv(dir.filePath(QStringLiteral("ratings.csv")), error), qPrintable(error));
        QFile csv(dir.filePath(QStringLiteral("ratings.csv")));
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QVERIFY(csv.readLine().startsWith("# puzzle-workbench "));  // the rating's settings
        QCOMPARE(csv.readLine().trimmed(), QByteArray("id,puzzle,nurikabe-logic-level,nurikabe-islands"));
        QVERIFY(csv.readLine().startsWith("01_10x10,https://puzz.link/p?nurikabe/10/10/"));

        // Back to the human Sudoku set: Sudoku's metrics and the human columns again.
        QVERIFY(lab->setPuzzleSet(QStringLiteral(PW_PUZZLES_DIR "/human/cloud_sudoku_human_difficulty_20240415.csv"), true));
        QVERIFY(metricList->count() > 0);
        QVERIFY(!metricList->item(0)->data(Qt::UserRole).toString().startsWith(QStringLiteral("nurikabe-")));
        QVERIFY(lab->setHumanColumn(QStringLiteral("D_TO")));
        QVERIFY(tabs->isTabEnabled(fillingTab));
    }

    // Side by side: a plot per rated metric against D_TO, titled with Spearman's ρ and n as the correlation table
    // has them (recomputed here from the ratings and the data file); Ranks plots the average ranks 1..n, values
    // otherwise (on a log axis where all are positive); at 1024x768 two columns of readable plots, more when wider.
    // Saved as a PNG when PW_DIFFICULTY_LAB_SCREENSHOTS names a folder.
    void difficultyLabShowsEveryMetricSideBySide() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        DifficultyLab* lab = window.openDifficultyLab();
        lab->resize(1024, 768);
        // The lab lists, and so rates, the metrics in the registry's order.
        const QStringList metrics = {QStringLiteral("serate"), QStringLiteral("search-effort"), QStringLiteral("human-time"),
                                     QStringLiteral("givens"), QStringLiteral("candidates-after-singles")};
        lab->setMetrics(metrics);
        lab->setRuns(3);
        QVERIFY(lab->setHumanColumn(QStringLiteral("D_TO")));
        QSignalSpy finished(lab, &DifficultyLab::ratingFinished);
        lab->startRating();
        QVERIFY(finished.wait(60000));
        QCOMPARE(lab->ratings().size(), std::size_t{344});
        auto* tabs = lab->findChild<QTabWidget*>();
        const int sideBySideTab = tabNamed(tabs, QStringLiteral("Side by side"));
        QVERIFY(sideBySideTab >= 0);
        tabs->setCurrentIndex(sideBySideTab);
        QApplication::processEvents();
        const ScatterGrid* grid = lab->sideBySide();
        QVERIFY(grid->isVisible());
        QCOMPARE(grid->panelCount(), static_cast<int>(metrics.size()));

        const std::map<QString, double> human = humanDifficultyByLine();
        QCOMPARE(human.size(), std::size_t{344});
        auto pairsOf = [&](int m, std::vector<double>& x, std::vector<double>& y) {
            x.clear();
            y.clear();
            for (std::size_t p = 0; p < lab->puzzles().size(); ++p) {
                const QString line =
                    QString::fromStdString(formatSudoku(lab->puzzles()[p].sudoku().givens, SudokuTextStyle::Line)).trimmed();
                const auto& value = lab->ratings()[p][static_cast<std::size_t>(m)];
                if (!value || !human.contains(line)) continue;
                x.push_back(*value);
                y.push_back(human.at(line));
            }
        };
        std::vector<double> x, y;
        for (int m = 0; m < metrics.size(); ++m) {
            pairsOf(m, x, y);
            const auto rho = spearman(x, y);
            QVERIFY2(rho, qPrintable(metrics[m]));
            const QString n = QString::number(x.size());
            QCOMPARE(grid->panelTitle(m), QStringLiteral("%1 — ρ %2, n %3").arg(metrics[m], QString::number(rho->r, 'f', 2), n));
            QCOMPARE(lab->correlationText(metrics[m], QStringLiteral("n")), n);
            QVERIFY2(lab->correlationText(metrics[m], QStringLiteral("spearman")).startsWith(QString::number(rho->r, 'f', 3) + u' '),
                     qPrintable(lab->correlationText(metrics[m], QStringLiteral("spearman"))));
            const ScatterPlot* plot = grid->plotAt(m);
            QVERIFY(plot);
            QCOMPARE(plot->title(), grid->panelTitle(m));
            // Ranks: the x values are the metric's average ranks among these pairs, 1..n summing to n(n+1)/2.
            std::vector<double> ranks = averageRanks(x);
            std::sort(ranks.begin(), ranks.end());
            const std::vector<double> shown = plottedXs(plot);
            QCOMPARE(shown, ranks);
            QVERIFY(shown.front() >= 1 && shown.back() <= static_cast<double>(x.size()));
            const double count = static_cast<double>(x.size());
            QCOMPARE(std::accumulate(shown.begin(), shown.end(), 0.0), count * (count + 1) / 2);
            QVERIFY(!plottedOnLogX(plot));
            // A compact panel: no legend, and both rank axes on one scale around 1..n.
            const QChart* chart = plot->findChild<QChartView*>()->chart();
            QVERIFY(!chart->legend()->isVisible());
            const QList<QAbstractAxis*> axes = chart->series().front()->attachedAxes();
            QCOMPARE(axes.size(), 2);
            std::set<std::pair<double, double>> rankScales;  // the shown ranges of the two axes
            for (const QAbstractAxis* axis : axes) {
                const AxisLabeller* labeller = AxisLabeller::of(chart, axis);
                QVERIFY(labeller);
                QVERIFY2(labeller->shownMinimum() <= 1 && labeller->shownMaximum() >= count,
                         qPrintable(QStringLiteral("%1..%2").arg(labeller->shownMinimum()).arg(labeller->shownMaximum())));
                rankScales.insert({labeller->shownMinimum(), labeller->shownMaximum()});
            }
            QCOMPARE(rankScales.size(), std::size_t{1});
        }

        if (const QString folder = qEnvironmentVariable("PW_DIFFICULTY_LAB_SCREENSHOTS"); !folder.isEmpty())
            QVERIFY(lab->grab().save(folder + QStringLiteral("/side_by_side_1024.png")));
        // Readable at 1024x768: two columns, every plot at least its minimum size, every title whole.
        QCOMPARE(lab->size(), QSize(1024, 768));  // its minimum fits a 1024x768 projector
        QVERIFY2(grid->columnCount() == 2, qPrintable(QStringLiteral("%1 columns in %2 px of a %3 px lab")
                                                          .arg(grid->columnCount())
                                                          .arg(grid->width())
                                                          .arg(lab->width())));
        for (int m = 0; m < grid->panelCount(); ++m) {
            const QWidget* panel = grid->panelWidget(m);
            QVERIFY2(panel->width() >= ScatterGrid::kMinimumPanelWidth && panel->height() >= ScatterGrid::kMinimumPanelHeight,
                     qPrintable(QStringLiteral("%1: %2x%3").arg(metrics[m]).arg(panel->width()).arg(panel->height())));
            const QChart* chart = grid->plotAt(m)->findChild<QChartView*>()->chart();
            const int titleWidth = QFontMetrics(chart->titleFont()).horizontalAdvance(chart->title());
            QVERIFY2(titleWidth < panel->width() - 20, qPrintable(chart->title()));
            for (const QAbstractAxis* axis : chart->axes()) {
                if (!axis->isVisible()) continue;
                const double room = axis->orientation() == Qt::Horizontal ? chart->plotArea().width() : chart->plotArea().height();
                QVERIFY2(QFontMetrics(axis->titleFont()).horizontalAdvance(axis->titleText()) < room, qPrintable(axis->titleText()));
            }
        }

        // Values: the metric's own values, on a log axis where they are all positive (givens; serate has zeros).
        auto* ranksBox = lab->findChild<QCheckBox*>(QStringLiteral("sideBySideRanks"));
        QVERIFY(ranksBox && ranksBox->isChecked());
        ranksBox->setChecked(false);
        QCOMPARE(grid->panelCount(), static_cast<int>(metrics.size()));
        for (int m = 0; m < metrics.size(); ++m) {
            pairsOf(m, x, y);
            std::vector<double> values = x;
            std::sort(values.begin(), values.end());
            QCOMPARE(plottedXs(grid->plotAt(m)), values);
            QCOMPARE(plottedOnLogX(grid->plotAt(m)), values.front() > 0);
        }
        QApplication::processEvents();  // the new plots laid out, as a person sees them
        if (const QString folder = qEnvironmentVariable("PW_DIFFICULTY_LAB_SCREENSHOTS"); !folder.isEmpty())
            QVERIFY(lab->grab().save(folder + QStringLiteral("/side_by_side_values_1024.png")));
        QVERIFY(plottedOnLogX(grid->plotAt(static_cast<int>(metrics.indexOf(QStringLiteral("givens"))))));
        QVERIFY(!plottedOnLogX(grid->plotAt(static_cast<int>(metrics.indexOf(QStringLiteral("serate"))))));
        ranksBox->setChecked(true);
        pairsOf(0, x, y);
        std::vector<double> ranksAgain = averageRanks(x);
        std::sort(ranksAgain.begin(), ranksAgain.end());
        QCOMPARE(plottedXs(grid->plotAt(0)), ranksAgain);

        // Wider: more columns.
        lab->resize(1600, 900);
        QApplication::processEvents();
        QVERIFY2(grid->columnCount() >= 3, qPrintable(QString::number(grid->columnCount())));
        if (const QString folder = qEnvironmentVariable("PW_DIFFICULTY_LAB_SCREENSHOTS"); !folder.isEmpty())
            QVERIFY(lab->grab().save(folder + QStringLiteral("/side_by_side_1600.png")));

        // Too few pairs: three of these puzzles alone, each metric's panel says so instead of plotting.
        QTemporaryDir dir;
        QByteArray three;
        for (std::size_t p = 0; p < 3; ++p)
            three += QByteArray::fromStdString(formatSudoku(lab->puzzles()[p].sudoku().givens, SudokuTextStyle::Line)).trimmed() + '\n';
        QVERIFY(writeFile(dir.filePath(QStringLiteral("three.txt")), three));
        QVERIFY(lab->setPuzzleSet(dir.filePath(QStringLiteral("three.txt")), true));
        QVERIFY(lab->setHumanColumn(QStringLiteral("D_TO")));
        lab->setMetrics({QStringLiteral("givens"), QStringLiteral("candidates-after-singles")});
        lab->startRating();
        QVERIFY(finished.wait(60000));
        QCOMPARE(grid->panelCount(), 2);
        for (int m = 0; m < 2; ++m) {
            QVERIFY(!grid->plotAt(m));
            QVERIFY2(grid->panelMessage(m).startsWith(QStringLiteral("Too few puzzles with both values to plot: 3 ")),
                     qPrintable(grid->panelMessage(m)));
        }
    }

    // The exported ratings open with the settings that repeat them: those the ratings were made with, even when
    // the boxes have changed since.
    void difficultyLabExportStartsWithTheRatingSettings() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        DifficultyLab* lab = window.openDifficultyLab();
        lab->setMetrics({QStringLiteral("search-effort"), QStringLiteral("givens")});
        lab->setRuns(3);
        QVERIFY(lab->setHumanColumn(QStringLiteral("D_TO")));
        QSignalSpy finished(lab, &DifficultyLab::ratingFinished);
        lab->startRating();
        QVERIFY(finished.wait(60000));
        lab->setRuns(7);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ratings.csv"));
        QString error;
        QVERIFY2(lab->exportCsv(path, error), qPrintable(error));
        QFile csv(path);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QByteArray settings = csv.readLine().trimmed();
        QVERIFY2(settings.startsWith("# puzzle-workbench "), settings.constData());
        QVERIFY2(settings.contains("repeat: puzzle-cli rate --metrics search-effort,givens --seed 1 --runs 3"), settings.constData());
        QVERIFY2(settings.contains("runs: search-effort 3, givens 1;"), settings.constData());
        QCOMPARE(csv.readLine().trimmed(), QByteArray("id,puzzle,search-effort,givens,D_TO"));
        int rows = 0;
        while (!csv.atEnd()) rows += !csv.readLine().trimmed().isEmpty();
        QCOMPARE(rows, 344);
    }

    // A gp run fills the program view; Replay program repeats the run headless and plays the best program
    // back move by move, each move highlighted, ending on the run's solution.
    void gpProgramIsShownAndReplayed() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        QVERIFY(showWith(window, kPillayFigure1, "gp"));
        QVERIFY(runSeed3ToTheEnd(window));
        QVERIFY(window.boardModel()->sudoku().isSolved());
        const SudokuGrid solved = window.boardModel()->sudoku();
        const QString program = window.programView()->program();
        QVERIFY(!program.isEmpty());
        for (QChar move : program) QVERIFY(isHeuristicMove(move.toLatin1()));

        // Slow enough that polling every 5 ms sees each move's highlight even on a loaded machine (at 250 moves
        // a second a move lasted 4 ms, and a busy event loop skipped the first).
        window.setStepsPerSecond(40);
        std::set<int> highlighted;
        window.replayProgram();
        QVERIFY(window.isReplaying());
        QElapsedTimer clock;
        clock.start();
        while (window.isReplaying() && clock.elapsed() < 30000) {
            QTest::qWait(5);
            highlighted.insert(window.programView()->highlight());
        }
        QVERIFY(!window.isReplaying());
        QCOMPARE(window.boardModel()->sudoku(), solved);
        QVERIFY(highlighted.count(0));  // the first move was highlighted on its way
        QCOMPARE(window.programView()->program(), program);
        QVERIFY(window.logPane()->toPlainText().contains(QStringLiteral("replaying program")));
    }

    // The Program dock opens for a run with a program (gp) and closes for an algorithm without one.
    void programDockOnlyForRunsWithAProgram() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kPillayFigure1), QStringLiteral("<test>"), true));
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("programDock"));
        QVERIFY(dock);
        QVERIFY(!dock->isVisible());
        QVERIFY(window.algorithmPanel()->setAlgorithm("gp"));
        QVERIFY(runSeed3ToTheEnd(window));
        QVERIFY(dock->isVisible());
        for (const char* id : {"mga", "cuckoo", "sa"}) {
            QVERIFY(window.algorithmPanel()->setAlgorithm(id));
            QVERIFY2(!dock->isVisible(), id);
        }
        QVERIFY(window.algorithmPanel()->setAlgorithm("gp"));  // its program is still there to see
        QVERIFY(runSeed3ToTheEnd(window));
        QVERIFY(dock->isVisible());
        QVERIFY(window.algorithmPanel()->setAlgorithm("mga"));
        window.run();  // a run without a program closes it too
        QVERIFY(!dock->isVisible());
        window.stop();
    }

    // At classroom sizes the window fits the screen, the board is the largest element, the charts keep a few
    // legible ticks, the run controls and the heat-map selector stay on the toolbar, and no text of the status
    // bar or the algorithm drop-down is cut. ctest runs this test also with QT_SCALE_FACTOR=1.5
    // (ui_tests_scale1.5): a 1920×1080 screen at that scale is 1280×720 logical pixels.
    void windowFitsClassroomScreens() {
        const qreal scale = QGuiApplication::primaryScreen()->devicePixelRatio();
        if (qEnvironmentVariableIsSet("QT_SCALE_FACTOR"))
            QCOMPARE(scale, qEnvironmentVariable("QT_SCALE_FACTOR").toDouble());  // the scale took effect
        std::vector<std::pair<QRect, const char*>> cases;
        if (scale > 1) {
            const QRect scaled(0, 0, qRound(1920 / scale), qRound(1080 / scale));
            cases = {{scaled, "sa"}, {scaled, "gp"}};
        } else {
            const QRect sizes[] = {QRect(0, 0, 1024, 768), QRect(0, 0, 1280, 720), QRect(0, 0, 1440, 900)};
            cases = {{sizes[0], "sa"}, {sizes[1], "sa"}, {sizes[2], "sa"}, {sizes[0], "gp"}, {sizes[1], "gp"}};
        }
        for (const auto& [available, algorithm] : cases) {
            MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
            window.fitWindowTo(available);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.algorithmPanel()->setAlgorithm(algorithm));
            QVERIFY(runSeed3ToTheEnd(window));
            window.chartPanel()->refreshNow();
            QTest::qWait(200);
            const QString size = QStringLiteral("%1x%2 %3").arg(available.width()).arg(available.height()).arg(algorithm);
            QVERIFY2(available.contains(window.frameGeometry()), qPrintable(QStringLiteral("%1: window at %2,%3 %4x%5").arg(size).arg(window.frameGeometry().x()).arg(window.frameGeometry().y()).arg(window.frameGeometry().width()).arg(window.frameGeometry().height())));
            const double board = window.boardView()->cellRect(0).width() * 9;
            const double boardArea = board * board;
            QVERIFY2(board >= 380, qPrintable(QStringLiteral("%1: board %2 px").arg(size).arg(board)));
            for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
                if (!dock->isVisible()) continue;
                const QSize shown = dock->widget()->size();
                QVERIFY2(boardArea > static_cast<double>(shown.width()) * shown.height(),
                         qPrintable(QStringLiteral("%1: dock %2 is %3x%4, board %5").arg(size, dock->objectName())
                                        .arg(shown.width()).arg(shown.height()).arg(board)));
            }
            for (LiveChart* chart : {window.chartPanel()->costChart(), window.chartPanel()->progressChart()}) {
                if (!chart->isVisible()) continue;
                QVERIFY(chart->width() * chart->height() < boardArea);
                QVERIFY2(chart->xLabels().size() >= 2 && chart->leftLabels().size() >= 2,
                         qPrintable(size + QLatin1Char(' ') + chart->title() + QLatin1Char(' ') + chart->xLabels().join(u',') +
                                    QLatin1Char(' ') + chart->leftLabels().join(u',')));
                QVERIFY(chart->width() >= 250 && chart->height() >= 150);
            }
            auto* heatMaps = window.findChild<QComboBox*>(QStringLiteral("heatMapCombo"));
            QVERIFY2(heatMaps && heatMaps->isVisible(), qPrintable(size));
            QVERIFY2(heatMaps->mapTo(&window, QPoint(heatMaps->width(), 0)).x() <= window.width(), qPrintable(size));
            auto* toolbar = window.findChild<QToolBar*>(QStringLiteral("runToolbar"));
            QVERIFY(toolbar);
            for (const char* name : {"runAction", "pauseAction", "stepAction", "stopAction"}) {
                QWidget* button = toolbar->widgetForAction(window.findChild<QAction*>(QString::fromLatin1(name)));
                QVERIFY2(button && button->isVisible(), qPrintable(size + QLatin1Char(' ') + QLatin1String(name)));
                QVERIFY2(button->mapTo(&window, QPoint(button->width(), 0)).x() <= window.width(), qPrintable(size));
            }
            // The status bar after the run (its message "Run finished: …" and every field) and on a new puzzle.
            QVERIFY2(cutStatusText(window).isEmpty(), qPrintable(size + QStringLiteral(": ") + cutStatusText(window)));
            QVERIFY(window.statusBar()->currentMessage().startsWith(QStringLiteral("Run finished")));
            QVERIFY(window.fittedStatusBar()->messageShownInFull());
            // Every algorithm's name is shown whole in the drop-down, on as many lines as it needs.
            auto* combo = window.findChild<QComboBox*>(QStringLiteral("algorithmCombo"));
            QVERIFY(combo);
            for (const AlgorithmEntry& entry : algorithmRegistry()) {
                if (!entry.info.supports(PuzzleKind::Sudoku)) continue;
                QVERIFY(window.algorithmPanel()->setAlgorithm(entry.info.id));
                QTest::qWait(20);
                QVERIFY2(combo->height() >= combo->heightForWidth(combo->width()),
                         qPrintable(QStringLiteral("%1: '%2' needs %3 px, has %4").arg(size, combo->currentText())
                                        .arg(combo->heightForWidth(combo->width())).arg(combo->height())));
            }
        }
    }

    // Presentation mode: full screen, the board big with what the lesson needs beside it (the charts, a
    // program, the Decisions strip once a run explains its steps), larger text, the run controls; leaving it
    // restores the docks.
    void presentationModeShowsTheBoardBig() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.fitWindowTo(QRect(0, 0, 1280, 720));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.algorithmPanel()->setAlgorithm("sa"));
        auto* action = window.findChild<QAction*>(QStringLiteral("presentationAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::Key_F11));
        const double boardBefore = window.boardView()->cellRect(0).width();
        const qreal fontBefore = window.font().pointSizeF();
        action->trigger();
        QTest::qWait(200);
        QVERIFY(window.presentationMode());
        QVERIFY(window.isFullScreen());
        QVERIFY(window.font().pointSizeF() > fontBefore);
        QVERIFY(!window.chartPanel()->progressChartVisible());  // no run yet: nothing for it
        for (QDockWidget* dock : window.findChildren<QDockWidget*>())
            QCOMPARE(dock->isVisible(), dock->objectName() == QStringLiteral("chartDock"));
        // The board takes most of the screen's width (the offscreen screen is smaller than the window was).
        const double board = window.boardView()->cellRect(0).width() * 9;
        QVERIFY2(board > window.chartPanel()->width() && board >= 0.5 * std::min(window.width(), window.height()),
                 qPrintable(QStringLiteral("board %1 of %2x%3, before %4, charts %5, view %6x%7").arg(board).arg(window.width()).arg(window.height()).arg(boardBefore * 9).arg(window.chartPanel()->width()).arg(window.boardView()->width()).arg(window.boardView()->height())));
        auto* toolbar = window.findChild<QToolBar*>(QStringLiteral("presentationToolbar"));
        QVERIFY(toolbar && toolbar->isVisible());
        QVERIFY(toolbar->widgetForAction(window.findChild<QAction*>(QStringLiteral("runAction")))->isVisible());
        QVERIFY(toolbar->sizeHint().width() <= window.width());  // nothing in an overflow menu
        QVERIFY(!window.findChild<QToolBar*>(QStringLiteral("runToolbar"))->isVisible());
        QVERIFY(!window.findChild<QComboBox*>(QStringLiteral("heatMapCombo"))->isVisible());
        // A run that has a program (gp) shows it beside the board with the population chart; one that explains
        // its steps (sa, paced) shows the Decisions strip and its temperature chart; the status bar's larger
        // text is not cut.
        QVERIFY(openWith(window, kSatoInoueDifficult28, "gp"));
        QVERIFY(runSeed3ToTheEnd(window));
        QTest::qWait(100);
        QVERIFY(!window.programView()->program().isEmpty());
        for (QDockWidget* dock : window.findChildren<QDockWidget*>())
            QVERIFY2(dock->isVisible() == (dock->objectName() == QStringLiteral("chartDock") ||
                                           dock->objectName() == QStringLiteral("programDock")),
                     qPrintable(dock->objectName()));
        QVERIFY(window.chartPanel()->progressChartVisible());
        QVERIFY2(cutStatusText(window).isEmpty(), qPrintable(cutStatusText(window)));
        QVERIFY(window.algorithmPanel()->setAlgorithm("sa"));
        window.setStepsPerSecond(50);
        window.run();
        QTRY_VERIFY_WITH_TIMEOUT(!window.decisionPanel()->isEmpty(), 5000);
        QTest::qWait(300);
        QVERIFY(window.decisionDock()->isVisible());
        QVERIFY(window.chartPanel()->progressChartVisible());  // temperature and acceptance
        QVERIFY2(cutStatusText(window).isEmpty(), qPrintable(cutStatusText(window)));
        window.stop();
        QTRY_COMPARE_WITH_TIMEOUT(window.controller()->state(), RunState::Finished, 5000);
        QVERIFY2(cutStatusText(window).isEmpty(), qPrintable(cutStatusText(window)));
        // Leaving, the docks come back, the Decisions dock with the run's explained steps.
        action->trigger();
        QTest::qWait(200);
        QVERIFY(!window.presentationMode());
        QVERIFY(!window.isFullScreen());
        QVERIFY(window.decisionDock()->isVisible());
        QVERIFY(window.findChild<QDockWidget*>(QStringLiteral("algorithmDock"))->isVisible());
        QVERIFY(window.findChild<QComboBox*>(QStringLiteral("heatMapCombo"))->isVisible());
        QVERIFY(!toolbar->isVisible());
        QCOMPARE(window.font().pointSizeF(), fontBefore);
    }

    // The Compare view's presentation mode (F11): full screen, the setup and export buttons hidden, larger text
    // in the window and in every chart's axes, and no text cut in its bar; F11 again restores it.
    void comparePresentationMode() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        QVERIFY(showWith(window, kPillayFigure1, "sa"));
        CompareView* view = window.openCompareView();
        Puzzle named = window.boardModel()->puzzle();
        named.id = "Inkala_2012_hardest";  // a name as long as the bundled ones
        view->setPuzzles({named}, QStringLiteral("one puzzle"));
        view->setRuns(3);
        view->setStepBudget(200000);
        view->setJobs(2);
        QSignalSpy finished(view, &CompareView::finished);
        view->start();
        QVERIFY(finished.wait(60000));
        // On a 1024×768 screen the bar above the charts shows its choices whole.
        view->resize(1024, 768);
        QTest::qWait(100);
        auto showsWhole = [](const QComboBox* box) {
            QStyleOptionComboBox option;
            option.initFrom(box);
            const QRect field = box->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, box);
            return field.width() >= box->fontMetrics().horizontalAdvance(box->currentText());
        };
        for (const QComboBox* box : view->findChildren<QComboBox*>())
            if (box->isVisible()) QVERIFY2(showsWhole(box), qPrintable(box->currentText()));
        auto* action = view->findChild<QAction*>(QStringLiteral("comparePresentationAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::Key_F11));
        const qreal fontBefore = view->font().pointSizeF();
        auto axisPoints = [view] {
            const QChart* chart = view->findChild<ConvergenceChart*>()->findChild<QChartView*>()->chart();
            qreal smallest = 1000;
            for (const QAbstractAxis* axis : chart->axes())
                if (axis->isVisible()) smallest = std::min(smallest, axis->labelsFont().pointSizeF());
            return smallest;
        };
        const qreal axisBefore = axisPoints();
        action->trigger();
        QTest::qWait(200);
        QVERIFY(view->presentationMode());
        QVERIFY(view->isFullScreen());
        QVERIFY(view->font().pointSizeF() > fontBefore);
        QVERIFY2(axisPoints() > axisBefore, qPrintable(QStringLiteral("%1 -> %2").arg(axisBefore).arg(axisPoints())));
        for (const QPushButton* button : view->findChildren<QPushButton*>())
            QVERIFY2(!button->isVisible(), qPrintable(button->text()));  // the setup and export are for the desk
        QVERIFY(view->tabs()->isVisible());
        for (const QComboBox* box : view->findChildren<QComboBox*>())
            if (box->isVisible()) QVERIFY2(showsWhole(box), qPrintable(box->currentText()));
        // Changing the cost axis rebuilds the charts at the presentation size.
        view->setCostAxis(CostAxis::Steps);
        QVERIFY(axisPoints() > axisBefore);
        action->trigger();
        QTest::qWait(200);
        QVERIFY(!view->presentationMode());
        QVERIFY(!view->isFullScreen());
        QCOMPARE(view->font().pointSizeF(), fontBefore);
        view->setCostAxis(CostAxis::Evaluations);
        QCOMPARE(axisPoints(), axisBefore);
        for (const QPushButton* button : view->findChildren<QPushButton*>())
            if (button->text() == QStringLiteral("Export CSV…")) QVERIFY(button->isVisible());
    }

    // The Decisions dock shows the explained steps of the last run of the chosen algorithm: a paced run opens
    // it, a flat-out run (which explains nothing) closes it again, and so do another algorithm and a new puzzle.
    void docksWithNothingToShowStayHidden() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openText(QString::fromLatin1(kPillayFigure1), QStringLiteral("<test>"), true));
        QVERIFY(window.algorithmPanel()->setAlgorithm("sa"));
        QDockWidget* decisions = window.decisionDock();
        QVERIFY(!decisions->isVisible());
        QVERIFY(runPacedUntilExplainedThenStop(window));
        QVERIFY(decisions->isVisible());  // the finished run's steps are still there to read
        window.setStepsPerSecond(RunController::kFlatOut);
        QSignalSpy finished(&window, &MainWindow::runFinished);
        window.run();
        QVERIFY(!decisions->isVisible());
        QVERIFY(finished.wait(30000));
        QTest::qWait(100);
        QVERIFY(window.decisionPanel()->isEmpty());
        QVERIFY(!decisions->isVisible());
        // Paced again, then another algorithm: the steps were not its own.
        QVERIFY(runPacedUntilExplainedThenStop(window));
        QVERIFY(window.algorithmPanel()->setAlgorithm("tabu"));
        QVERIFY(!decisions->isVisible());
        QVERIFY(window.algorithmPanel()->setAlgorithm("sa"));
        QVERIFY(decisions->isVisible());
        QVERIFY(window.openText(QString::fromLatin1(kPillayFigure1), QStringLiteral("<test>"), true));
        QVERIFY(!decisions->isVisible());
    }

    // Repeated runs give the success rate and the histogram of the generation a solution appeared in.
    void repeatedRunsSummariseGenerations() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        QVERIFY(openWith(window, kSatoInoueDifficult28, "gp"));
        RepeatRunsDialog* dialog = window.openRepeatRuns();
        QVERIFY(dialog);
        dialog->setRuns(12);
        QSignalSpy finished(dialog, &RepeatRunsDialog::finished);
        dialog->start();
        QVERIFY(dialog->isRunning());
        QVERIFY(finished.wait(60000));
        QCOMPARE(dialog->results().size(), std::size_t{12});
        QVERIFY2(dialog->summary().contains(QStringLiteral(" of 12 runs solved")), qPrintable(dialog->summary()));
        QVERIFY(dialog->summary().contains(QStringLiteral("Generation of the solution")));
        // The numbers against the runs themselves: the solved count and rate, the steps' median and extremes,
        // and a histogram whose bars count every solved run's generation once.
        std::vector<double> steps, generations;
        for (const RunResult& result : dialog->results()) {
            if (result.outcome != Outcome::Solved) continue;
            steps.push_back(static_cast<double>(result.counters.steps));
            for (const auto& [key, value] : result.results)
                if (key == "generation") generations.push_back(static_cast<double>(std::get<std::int64_t>(value)));
        }
        QVERIFY(!steps.empty());
        QCOMPARE(generations.size(), steps.size());
        const int solved = static_cast<int>(steps.size());
        QVERIFY2(dialog->summary().startsWith(QStringLiteral("%1 of 12 runs solved (%2 %).")
                                                  .arg(solved)
                                                  .arg(100.0 * solved / 12, 0, 'f', 1)),
                 qPrintable(dialog->summary()));
        std::sort(steps.begin(), steps.end());
        const double medianSteps = steps.size() % 2 ? steps[steps.size() / 2]
                                                    : (steps[steps.size() / 2 - 1] + steps[steps.size() / 2]) / 2;
        QVERIFY2(dialog->summary().contains(QStringLiteral("Steps: min %1, median %2, max %3.")
                                                .arg(steps.front(), 0, 'g', 6)
                                                .arg(medianSteps, 0, 'g', 6)
                                                .arg(steps.back(), 0, 'g', 6)),
                 qPrintable(dialog->summary()));
        double counted = 0;
        for (QAbstractSeries* series : dialog->histogram()->findChild<QChartView*>()->chart()->series())
            if (auto* bars = qobject_cast<QBarSeries*>(series))
                for (QBarSet* set : bars->barSets())
                    for (int bar = 0; bar < set->count(); ++bar) counted += set->at(bar);
        QCOMPARE(counted, static_cast<double>(solved));
        QVERIFY(dialog->histogram()->barCount() >= 1);
    }

    // A solver's candidate moves (AC3's domain reductions) change the candidate table the board shows, never the
    // player's pencil marks.
    void solverCandidateMovesChangeTheCandidateTable() {
        BoardModel model;
        model.setPuzzle(Puzzle{"t", "t", SudokuPuzzle{SudokuGrid(), std::nullopt}});
        model.setSolverCandidates(std::vector<std::uint16_t>(81, 0x1FF));
        QSignalSpy changed(&model, &BoardModel::cellChanged);
        model.applyMove(Move::eliminate(10, 4), CellOrigin::Solver, true);
        QCOMPARE(model.solverCandidates()[10], std::uint16_t(0x1FF & ~(1u << 3)));
        QCOMPARE(model.sudoku().marks(10), DigitMask(0));
        QVERIFY(changed.count() >= 1);
        model.applyMove(Move::restore(10, 4), CellOrigin::Solver);
        QCOMPARE(model.solverCandidates()[10], std::uint16_t(0x1FF));
        model.applyMove(Move::restore(11, 2), CellOrigin::User);  // the player's pencil mark
        QVERIFY(model.sudoku().marks(11) & (1u << 1));
    }

    void libraryCountsSolutionsAndOpensPuzzles() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        auto* tree = window.library()->findChild<QTreeWidget*>(QStringLiteral("libraryTree"));
        QVERIFY(tree);
        auto fileItem = [tree](const QString& relativePath) -> QTreeWidgetItem* {
            for (int i = 0; i < tree->topLevelItemCount(); ++i)
                for (int j = 0; j < tree->topLevelItem(i)->childCount(); ++j)
                    if (tree->topLevelItem(i)->child(j)->text(0) == relativePath) return tree->topLevelItem(i)->child(j);
            return nullptr;
        };
        auto allStatuses = [](QTreeWidgetItem* item, const QString& status) {
            if (item->childCount() == 0) return false;
            for (int i = 0; i < item->childCount(); ++i)
                if (item->child(i)->text(1) != status) return false;
            return true;
        };
        QTreeWidgetItem* unique = fileItem(QStringLiteral("sudoku/famous_hard.csv"));
        QTreeWidgetItem* several = fileItem(QStringLiteral("sudoku/multiple_solutions/serg_sample.csv"));
        QTreeWidgetItem* nurikabe = fileItem(QStringLiteral("nurikabe/wikipedia_nikoli.txt"));
        QVERIFY(unique && several && nurikabe);
        unique->setExpanded(true);
        several->setExpanded(true);
        nurikabe->setExpanded(true);
        QTRY_VERIFY_WITH_TIMEOUT(allStatuses(unique, QStringLiteral("unique")), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(allStatuses(several, QStringLiteral("several")), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(allStatuses(nurikabe, QStringLiteral("unique")), 30000);
        emit tree->itemActivated(nurikabe->child(1), 0);
        QCOMPARE(QString::fromStdString(window.boardModel()->puzzle().id), nurikabe->child(1)->text(0));
        QVERIFY(!window.boardModel()->isSudoku());
    }

    void pastesAnyFormatTheCliReads() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QAction* paste = nullptr;
        for (QAction* action : window.findChildren<QAction*>())
            if (action->text() == QStringLiteral("&Paste puzzle")) paste = action;
        QVERIFY(paste);
        // A grid with box separators, as a forum post would have it.
        QGuiApplication::clipboard()->setText(QStringLiteral(
            "4 . . |9 5 . |1 . .\n8 . 7 |. 2 . |. . 6\n. . 3 |4 . . |9 . 8\n------+------+------\n"
            "5 2 . |. . 6 |. 3 .\n9 . . |. 7 . |. . 4\n. 1 . |8 . 3 |. 5 2\n------+------+------\n"
            "6 . 5 |. . 9 |3 . .\n2 . . |. 3 . |4 . 1\n. . 1 |. 8 4 |. . 5\n"));
        window.openText(QStringLiteral("1.3..4....2.3..1"), QStringLiteral("<test>"), true);  // something else first
        QCOMPARE(window.boardModel()->sudoku().size(), 4);
        paste->trigger();
        QCOMPARE(window.boardModel()->sudoku().size(), 9);
        QCOMPARE(boardLine(Board{window.boardModel()->sudoku()}), std::string(kPillayFigure1));
    }

    void nurikabeCellsCycleByClick() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QStringLiteral("2 . .\n. . .\n. . 1\n"), QStringLiteral("<test>"), true));
        QVERIFY(!window.boardModel()->isSudoku());
        BoardView* view = window.boardView();
        const auto stateOf = [&](int cell) { return window.boardModel()->nurikabe().state(cell); };
        const QPoint centre = view->cellRect(4).center().toPoint();
        QCOMPARE(stateOf(4), NurikabeCell::Unknown);
        QTest::mouseClick(view, Qt::LeftButton, {}, centre);
        QCOMPARE(stateOf(4), NurikabeCell::River);
        QTest::mouseClick(view, Qt::LeftButton, {}, centre);
        QCOMPARE(stateOf(4), NurikabeCell::Island);
        QTest::mouseClick(view, Qt::LeftButton, {}, centre);
        QCOMPARE(stateOf(4), NurikabeCell::Unknown);
        window.undoStack()->undo();
        QCOMPARE(stateOf(4), NurikabeCell::Island);
        QTest::mouseClick(view, Qt::LeftButton, {}, view->cellRect(0).center().toPoint());  // a clue stays
        QCOMPARE(stateOf(0), NurikabeCell::Island);
        QCOMPARE(window.boardModel()->nurikabe().clue(0), 2);
    }

    // A broken Nurikabe rule is shown on its cells and named in the status bar; undo and redo follow.
    void nurikabeBrokenRulesAreNamedAndUndone() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QStringLiteral("2 . .\n. . .\n. . 1\n"), QStringLiteral("<test>"), true));
        BoardView* view = window.boardView();
        for (int cell : {1, 2, 4, 5}) QTest::mouseClick(view, Qt::LeftButton, {}, view->cellRect(cell).center().toPoint());
        const QStringList pool{QStringLiteral("pool: 2x2 pool of river at r1c2")};
        QCOMPARE(window.boardModel()->brokenRules(), pool);
        QVERIFY(window.boardModel()->isConflict(4));
        auto* label = window.findChild<QLabel*>(QStringLiteral("rulesLabel"));
        QVERIFY(label);
        QCOMPARE(label->text(), pool.front());
        window.undoStack()->undo();
        QVERIFY(window.boardModel()->brokenRules().isEmpty());
        QVERIFY(!window.boardModel()->isConflict(4));
        window.undoStack()->redo();
        QCOMPARE(window.boardModel()->brokenRules(), pool);
    }

    // Each Nurikabe search runs in the window: the board changes and its charts get points.
    void nurikabeAlgorithmsRunWithTheirCharts() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QStringLiteral(". . . . .\n. 4 . 4 .\n. . . . .\n. 4 . 4 .\n. . . . .\n"),
                                QStringLiteral("<test>"), true));
        window.setStepsPerSecond(RunController::kFlatOut);
        for (const char* id : {"nurikabe-sa", "nurikabe-harmony", "nurikabe-backtracking"}) {
            QVERIFY2(window.algorithmPanel()->setAlgorithm(id), id);
            const Board start = window.boardModel()->board();
            QSignalSpy finished(&window, &MainWindow::runFinished);
            window.run();
            QTRY_VERIFY_WITH_TIMEOUT(window.boardModel()->board() != start, 5000);
            QTest::qWait(300);
            window.stop();
            QVERIFY(finished.count() == 1 || finished.wait(5000));
            window.chartPanel()->refreshNow();
            QVERIFY2(window.chartPanel()->costPointCount(QStringLiteral("best")) > 1, id);
            if (std::string(id) == "nurikabe-sa")
                QVERIFY(window.chartPanel()->progressPointCount(QStringLiteral("temperature")) > 0);
            if (std::string(id) == "nurikabe-harmony")
                QVERIFY(window.chartPanel()->progressPointCount(QStringLiteral("population best")) > 0);
            // The cost parts the algorithm declares are lines of the cost chart.
            int partLines = 0;
            for (const std::string& part : findAlgorithm(id)->info.costParts)
                partLines += window.chartPanel()->costPointCount(QString::fromStdString(part)) > 0;
            if (!findAlgorithm(id)->info.costParts.empty()) QVERIFY2(partLines > 0, id);
            window.reset();
        }
    }

    void typedConflictsAreCounted() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        QVERIFY(window.openText(QString::fromLatin1(kPillayFigure1), QStringLiteral("<test>"), true));
        QCOMPARE(window.boardModel()->conflictCount(), 0);
        BoardView* view = window.boardView();
        view->setSelectedCell(1);  // empty, and its row already holds a 4
        view->setFocus();
        QTest::keyClick(view, Qt::Key_4);
        QVERIFY(window.boardModel()->conflictCount() > 0);
        window.undoStack()->undo();
        QCOMPARE(window.boardModel()->conflictCount(), 0);
    }

    // The window paints each cell in its state's colour: a Sudoku's plain cells in the cell colour, the selected
    // cell under the selection, its row, column and box in the peer tint; a Nurikabe's clues as island, its
    // open cells undecided, a shaded cell as river.
    void windowPaintsEachCellInItsStatesColour() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openText(QString::fromLatin1(kPillayFigure1), QStringLiteral("<test>"), true));
        BoardView* view = window.boardView();
        const BoardColors c = view->colors();
        QVERIFY(!sameColour(c.cell, c.peer) && !sameColour(c.cell, composed(c.cell, {c.selection})));
        std::vector<QColor> expected(81, composed(c.cell));
        QCOMPARE(firstWrongCell(*view, view->grab().toImage(), expected), QString());

        const int selected = 4 * 9 + 4;  // r5c5, the centre
        view->setSelectedCell(selected);
        for (int cell = 0; cell < 81; ++cell) {
            const bool peer = cell / 9 == 4 || cell % 9 == 4 || (cell / 27 == 1 && cell % 9 / 3 == 1);
            expected[cell] = cell == selected ? composed(c.cell, {c.selection}) : composed(peer ? c.peer : c.cell);
        }
        QCOMPARE(firstWrongCell(*view, view->grab().toImage(), expected), QString());
        view->setSelectedCell(-1);

        QFile file(QStringLiteral(PW_PUZZLES_DIR "/nurikabe/janko_sample.txt"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(window.openText(QString::fromUtf8(file.readAll()), QStringLiteral("janko_sample.txt"), true));
        const BoardModel& model = *window.boardModel();
        QVERIFY(!model.isSudoku());
        int shaded = -1;
        for (int cell = 0; cell < model.cellCount() && shaded < 0; ++cell)
            if (!model.nurikabe().clue(cell)) shaded = cell;
        QVERIFY(shaded >= 0);
        window.boardModel()->applyMove(Move::shade(shaded, static_cast<int>(NurikabeCell::River),
                                                   static_cast<int>(NurikabeCell::Unknown)),
                                       CellOrigin::User);
        expected.assign(static_cast<std::size_t>(model.cellCount()), composed(c.undecided));
        for (int cell = 0; cell < model.cellCount(); ++cell)
            if (model.nurikabe().clue(cell)) expected[cell] = composed(c.island);
        expected[shaded] = composed(c.river, {c.lastMove});  // the last move, settled: river under its highlight
        QCOMPARE(firstWrongCell(*view, view->grab().toImage(), expected), QString());
    }

    void launchOptionsAreValidated() {
        auto parse = [](QStringList arguments) {
            arguments.prepend(QStringLiteral("puzzle-workbench"));
            return parseLaunchOptions(arguments);
        };
        QVERIFY(parse({QStringLiteral("--bogus")}).error.contains(QStringLiteral("bogus")));
        QVERIFY(!parse({QStringLiteral("--seed"), QStringLiteral("x")}).error.isEmpty());
        QVERIFY(!parse({QStringLiteral("--screenshot"), QStringLiteral("a.jpg")}).error.isEmpty());
        QVERIFY(!parse({QStringLiteral("--after-ms"), QStringLiteral("10")}).error.isEmpty());
        QVERIFY(parse({QStringLiteral("--compare-tab"), QStringLiteral("statistics")}).error.contains(QStringLiteral("--compare DIR")));
        QVERIFY(parse({QStringLiteral("--compare"), QStringLiteral("d"), QStringLiteral("--compare-tab"), QStringLiteral("stats")})
                    .error.contains(QStringLiteral("'stats' is not one of convergence, run-length")));
        QCOMPARE(parse({QStringLiteral("--compare"), QStringLiteral("d"), QStringLiteral("--compare-tab"),
                        QStringLiteral("statistics")}).options.compareTab,
                 QStringLiteral("statistics"));
        QVERIFY(parse({QStringLiteral("--hint"), QStringLiteral("4")}).error.contains(QStringLiteral("1 to 3")));
        QCOMPARE(parse({QStringLiteral("--hint"), QStringLiteral("2")}).options.hintLevel, 2);
        // The desktop entry's "Exec=puzzle-workbench %f" passes one file alone.
        QCOMPARE(parse({QStringLiteral("a.txt")}).options.open, QStringLiteral("a.txt"));
        QVERIFY(parse({QStringLiteral("a.txt"), QStringLiteral("b.txt")}).error.contains(QStringLiteral("'b.txt'")));
        QVERIFY(parse({QStringLiteral("--open"), QStringLiteral("a.txt"), QStringLiteral("b.txt")})
                    .error.contains(QStringLiteral("'b.txt'")));
        QVERIFY(parse({QStringLiteral("--version")}).versionShown);
        QVERIFY(!parse({QStringLiteral("--run")}).versionShown);
        const LaunchParse good = parse({QStringLiteral("--algorithm"), QStringLiteral("exact"), QStringLiteral("--seed"),
                                        QStringLiteral("7"), QStringLiteral("--param"), QStringLiteral("a=1"),
                                        QStringLiteral("--run")});
        QVERIFY(good.error.isEmpty());
        QCOMPARE(good.options.seed.value(), 7u);
        QVERIFY(good.options.run);

        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        LaunchOptions options;
        options.algorithm = QStringLiteral("no-such-algorithm");
        QVERIFY(window.applyLaunchOptions(options).contains(QStringLiteral("no-such-algorithm")));
        options = {};
        options.algorithm = QStringLiteral("backtracking");
        options.parameters = {QStringLiteral("cell_order=sideways")};
        QVERIFY(window.applyLaunchOptions(options).contains(QStringLiteral("cell_order")));
        // The window configures a run as the CLI does (configureRun): a broken rule between parameters is
        // refused at launch with the CLI's words.
        options.algorithm = QStringLiteral("sa");
        options.parameters = {QStringLiteral("t0=1"), QStringLiteral("t_min=5")};
        QCOMPARE(window.applyLaunchOptions(options), QStringLiteral("--param: t_min (5) must be below t0 (1)"));
        options = {};
        options.open = QStringLiteral("/no/such/file.txt");
        QVERIFY(window.applyLaunchOptions(options).contains(QStringLiteral("no such file")));
        options.open = QStringLiteral("12345");
        QVERIFY(!window.applyLaunchOptions(options).isEmpty());

        // --open of a partly bad file opens its first good puzzle and lists the skipped entries in the log, each
        // with its place, as File ▸ Open does.
        QTemporaryDir dir;
        const QString partlyBad = dir.filePath(QStringLiteral("partly_bad.txt"));
        QVERIFY(writeFile(partlyBad, QByteArray(kPillayFigure1) + "\n12345\n" + QByteArray(kAiEscargot) + "\n"));
        options.open = partlyBad;
        QCOMPARE(window.applyLaunchOptions(options), QString());
        QCOMPARE(QString::fromStdString(boardLine(window.boardModel()->board())), QString::fromLatin1(kPillayFigure1));
        const QString log = window.logPane()->toPlainText();
        QVERIFY2(log.contains(QStringLiteral("1 entries skipped")) || log.contains(QStringLiteral("1 entry skipped")),
                 qPrintable(log));
        QVERIFY2(log.contains(partlyBad + QStringLiteral(":2:")), qPrintable(log));
    }

    // --screenshot writes the window as the run left it: the board, found in the image by its thick outer lines,
    // shows every given plain and every solved cell under the heat colour of its assignment order — the order the
    // same run (same seed, flat out) leaves in this process. Fresh settings: the first launch's layout.
    void screenshotHookWritesTheWindowAsTheRunLeftIt() {
        QTemporaryDir dir;
        const QString shot = dir.filePath(QStringLiteral("shot.png"));
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(PW_WORKBENCH_PATH),
                      {QStringLiteral("--open"), QString::fromLatin1(kPillayFigure1), QStringLiteral("--algorithm"),
                       QStringLiteral("backtracking"), QStringLiteral("--seed"), QStringLiteral("3"),
                       QStringLiteral("--speed"), QStringLiteral("max"), QStringLiteral("--run"),
                       QStringLiteral("--screenshot"), shot, QStringLiteral("--after-ms"), QStringLiteral("1500")});
        QVERIFY(process.waitForFinished(30000));
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 0);
        const QImage image = QImage(shot).convertToFormat(QImage::Format_RGB32);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() > 600 && image.height() > 400);

        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        LaunchOptions options;
        options.open = QString::fromLatin1(kPillayFigure1);
        options.algorithm = QStringLiteral("backtracking");
        options.seed = 3;
        QCOMPARE(window.applyLaunchOptions(options), QString());
        window.setStepsPerSecond(RunController::kFlatOut);
        QSignalSpy finished(&window, &MainWindow::runFinished);
        window.run();
        QVERIFY(finished.wait(20000));
        QVERIFY(window.boardModel()->sudoku().isSolved());
        const BoardColors c = window.boardView()->colors();
        const std::vector<QColor> expected = heatBackgrounds(*window.boardModel(), c);

        // The board's top left corner: the first pixel of the thick line colour that starts a horizontal and a
        // vertical run of the same length (the outer lines of a square board).
        const QRgb thick = c.thickLine.rgb();
        const auto run = [&](int x, int y, int dx, int dy) {
            int length = 0;
            while (x + dx * length < image.width() && y + dy * length < image.height() &&
                   image.pixel(x + dx * length, y + dy * length) == thick)
                ++length;
            return length;
        };
        int left = -1, top = -1, side = 0;
        for (int y = 0; y < image.height() && left < 0; ++y)
            for (int x = 0; x < image.width() && left < 0; ++x) {
                if (image.pixel(x, y) != thick || (x > 0 && image.pixel(x - 1, y) == thick)) continue;
                const int across = run(x, y, 1, 0);
                if (across >= 100 && std::abs(run(x, y, 0, 1) - across) <= 2) left = x, top = y, side = across;
            }
        QVERIFY2(left >= 0, "no board in the screenshot");
        int plainGivens = 0, heatCells = 0;
        for (int cell = 0; cell < 81; ++cell) {
            const QRectF rect(left + (cell % 9) * side / 9.0, top + (cell / 9) * side / 9.0, side / 9.0, side / 9.0);
            const bool match = sameColour(image.pixelColor(cellSamplePoint(rect)), expected[cell]);
            if (kPillayFigure1[cell] != '.') {
                QVERIFY2(match, qPrintable(QStringLiteral("given cell %1").arg(cell)));
                ++plainGivens;
            } else {
                heatCells += match;
            }
        }
        const int open = 81 - plainGivens;
        // Every solved cell but the last move's (under its highlight) in its heat colour.
        QVERIFY2(heatCells >= open - 1, qPrintable(QStringLiteral("%1 of %2 open cells in their heat colour").arg(heatCells).arg(open)));
    }

    // The keyboard table of docs/manual/window.md, as keys sent to the window (not the methods the keys call).
    void keyboardShortcutsDriveTheWindow() {
        MainWindow window(QStringLiteral(PW_PUZZLES_DIR), false);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.openText(QString::fromLatin1(kPillayFigure1), QStringLiteral("<test>"), true));
        QVERIFY(window.algorithmPanel()->setAlgorithm("backtracking"));
        const Board givens = window.boardModel()->board();
        QSlider* speed = nullptr;
        for (QSlider* slider : window.findChildren<QSlider*>())
            if (slider != replaySlider(window)) speed = slider;
        QVERIFY(speed);
        speed->setValue(1);  // slow, so the run is still going while the keys are sent
        const auto key = [&](int k, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
            QTest::keyClick(&window, static_cast<Qt::Key>(k), modifiers);
        };
        RunController* controller = window.controller();

        key(Qt::Key_F5);  // run
        QTRY_COMPARE_WITH_TIMEOUT(controller->state(), RunState::Running, 10000);
        key(Qt::Key_F6);  // pause
        QTRY_COMPARE_WITH_TIMEOUT(controller->state(), RunState::Paused, 10000);
        window.setStepGrain(StepGrain::Iteration);
        const std::uint64_t before = controller->status().counters.steps;
        key(Qt::Key_F10);  // one step
        QTRY_VERIFY_WITH_TIMEOUT(controller->status().counters.steps > before, 10000);
        QCOMPARE(controller->state(), RunState::Paused);
        QTRY_VERIFY_WITH_TIMEOUT(controller->settled(), 10000);
        const std::uint64_t live = controller->status().counters.steps;
        key(Qt::Key_F10, Qt::ShiftModifier);  // step back
        QTRY_VERIFY_WITH_TIMEOUT(window.liveStepBack()->isSteppedBack(), 20000);
        QCOMPARE(window.liveStepBack()->shownStep(), live - 1);
        key(Qt::Key_F10);  // forward again: the live step, the run not moved
        QVERIFY(!window.liveStepBack()->isSteppedBack());
        QCOMPARE(controller->status().counters.steps, live);
        QSignalSpy finished(&window, &MainWindow::runFinished);
        key(Qt::Key_Escape);  // stop
        QVERIFY(finished.count() == 1 || finished.wait(20000));
        QCOMPARE(finished.first().first().value<Finished>().outcome, Outcome::Stopped);
        const int slow = speed->value();
        speed->setValue(speed->maximum());  // flat out, to a solved board
        key(Qt::Key_F5);
        QVERIFY(finished.wait(20000));
        QCOMPARE(finished.last().first().value<Finished>().outcome, Outcome::Solved);
        QVERIFY(!(window.boardModel()->board() == givens));
        key(Qt::Key_R, Qt::ControlModifier);  // reset the board to the puzzle
        QTRY_VERIFY_WITH_TIMEOUT(window.boardModel()->board() == givens, 10000);
        speed->setValue(slow);

        key(Qt::Key_Plus, Qt::ControlModifier);  // faster
        QCOMPARE(speed->value(), slow + 1);
        key(Qt::Key_Minus, Qt::ControlModifier);  // slower
        QCOMPARE(speed->value(), slow);
        key(Qt::Key_Equal, Qt::ControlModifier);  // faster, the '+' key without Shift
        QCOMPARE(speed->value(), slow + 1);
        key(Qt::Key_Minus, Qt::ControlModifier);
        QCOMPARE(speed->value(), slow);

        QAction* heatMap = nullptr;
        for (QAction* action : window.findChildren<QAction*>())
            if (action->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_H)) heatMap = action;
        QVERIFY(heatMap && heatMap->isCheckable());
        const bool shown = heatMap->isChecked();
        key(Qt::Key_H, Qt::ControlModifier);  // heat-map overlay
        QCOMPARE(heatMap->isChecked(), !shown);

        key(Qt::Key_H);  // a hint, then more of it
        QTRY_VERIFY_WITH_TIMEOUT(!window.lastHint().isEmpty(), 10000);
        const QString first = window.lastHint();
        key(Qt::Key_H);
        QTRY_VERIFY_WITH_TIMEOUT(window.lastHint() != first && window.lastHint().startsWith(QStringLiteral("Look for")), 10000);

        key(Qt::Key_L, Qt::ControlModifier);  // solve with logic
        QTRY_COMPARE_WITH_TIMEOUT(window.algorithmPanel()->algorithmId(), std::string("logic"), 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.logPane()->toPlainText().contains(QStringLiteral("single: ")), 20000);
        window.stop();

        QVERIFY(!window.findChild<DifficultyLab*>() || !window.findChild<DifficultyLab*>()->isVisible());
        key(Qt::Key_D, Qt::ControlModifier);  // the Difficulty lab
        QTRY_VERIFY_WITH_TIMEOUT(window.findChild<DifficultyLab*>() && window.findChild<DifficultyLab*>()->isVisible(), 10000);
    }

    // What the window remembers between launches: the puzzle, the algorithm, its parameters, the seed, the
    // speed and the palette (in a settings file of the test's own).
    void settingsAreRememberedBetweenLaunches() {
        QTemporaryDir dir;
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, dir.path());
        const QString hard = QStringLiteral("...4.7.....1...7..4.......3.2.3.9.4..4..1..9...6...8..5.......8.84.6.53.3.......2");
        int speedIndex = -1;
        {
            MainWindow first(QStringLiteral(PW_PUZZLES_DIR), true);
            first.show();
            QVERIFY(first.openText(hard, QStringLiteral("<remembered>"), true));
            QVERIFY(first.algorithmPanel()->setAlgorithm("tabu"));
            ParameterValues parameters = first.algorithmPanel()->parameters();
            QCOMPARE(parameters.set(findAlgorithm("tabu")->info.parameters, "tenure", "17"), std::nullopt);
            first.algorithmPanel()->setParameters(parameters);
            first.algorithmPanel()->setSeed(4242);
            first.setDarkPalette(true);
            for (QSlider* slider : first.findChildren<QSlider*>())
                if (slider != replaySlider(first)) {
                    slider->setValue(2);
                    speedIndex = slider->value();
                }
            QVERIFY(first.close());
        }
        MainWindow second(QStringLiteral(PW_PUZZLES_DIR), true);
        QCOMPARE(QString::fromStdString(formatPuzzles({second.boardModel()->puzzle()})).trimmed(), hard);
        QCOMPARE(second.algorithmPanel()->algorithmId(), std::string("tabu"));
        QCOMPARE(second.algorithmPanel()->parameters().integer("tenure"), std::int64_t{17});
        QCOMPARE(second.algorithmPanel()->seed(), std::uint64_t{4242});
        QVERIFY(second.palette().color(QPalette::Window).lightness() < 128);
        for (QSlider* slider : second.findChildren<QSlider*>())
            if (slider != replaySlider(second)) {
                QCOMPARE(slider->value(), speedIndex);
            }
        second.setDarkPalette(false);
    }

    // The launch options the measuring commands use, through the binary: --speed max, --step-limit, --stats
    // and --exit-when-finished end a run at its step limit and print its counters; --palette dark darkens the
    // screenshot; --compare refuses a directory that is not an experiment.
    void launchOptionsWorkThroughTheBinary() {
        const QString stats = statsOfUnsolvableRun({QStringLiteral("--step-limit"), QStringLiteral("20000")});
        QVERIFY2(stats.startsWith(QStringLiteral("steps=20000 evaluations=20000 ")), qPrintable(stats));
        QVERIFY2(stats.contains(QStringLiteral("longest_stall_ms=")), qPrintable(stats));

        QTemporaryDir dir;
        std::map<QString, double> lightness;
        for (const QString& palette : {QStringLiteral("light"), QStringLiteral("dark")}) {
            const QString shot = dir.filePath(palette + QStringLiteral(".png"));
            QProcess process;
            process.start(QStringLiteral(PW_WORKBENCH_PATH),
                          {QStringLiteral("--open"), QString::fromLatin1(kPillayFigure1), QStringLiteral("--palette"), palette,
                           QStringLiteral("--screenshot"), shot, QStringLiteral("--after-ms"), QStringLiteral("300")});
            QVERIFY(process.waitForFinished(60000));
            QCOMPARE(process.exitCode(), 0);
            const QImage image(shot);
            QVERIFY(!image.isNull());
            double sum = 0;
            int count = 0;
            for (int y = 0; y < image.height(); y += 5)
                for (int x = 0; x < image.width(); x += 5, ++count) sum += QColor(image.pixel(x, y)).lightness();
            lightness[palette] = sum / count;
        }
        QVERIFY2(lightness[QStringLiteral("dark")] + 60 < lightness[QStringLiteral("light")],
                 qPrintable(QStringLiteral("%1 vs %2").arg(lightness[QStringLiteral("dark")]).arg(lightness[QStringLiteral("light")])));

        QVERIFY(refusal({QStringLiteral("--compare"), dir.path(), QStringLiteral("--screenshot"),
                         dir.filePath(QStringLiteral("compare.png"))})
                    .contains((dir.path() + QStringLiteral(": no config.json; not a directory written by puzzle-cli bench")).toUtf8()));
    }

    // The launch options the test above leaves out, through the binary.
    void moreLaunchOptionsWorkThroughTheBinary() {
        // --time-limit alone ends a run on a grid without a solution, which no other budget would end.
        const QString stats = statsOfUnsolvableRun({QStringLiteral("--time-limit"), QStringLiteral("0.5")});
        const QRegularExpressionMatch steps = QRegularExpression(QStringLiteral("^steps=(\\d+) ")).match(stats);
        const QRegularExpressionMatch seconds = QRegularExpression(QStringLiteral(" seconds=([0-9.]+) ")).match(stats);
        QVERIFY2(steps.hasMatch() && seconds.hasMatch(), qPrintable(stats));
        QVERIFY2(steps.captured(1).toULongLong() > 0, qPrintable(stats));
        QVERIFY2(seconds.captured(1).toDouble() >= 0.5, qPrintable(stats));

        QProcess process;
        QTemporaryDir dir;
        // --compare on a directory puzzle-cli bench wrote (the test before gives it a wrong one).
        const QString benchDir = dir.filePath(QStringLiteral("bench"));
        process.start(QStringLiteral(PW_CLI_PATH),
                      {QStringLiteral("bench"), QStringLiteral("-a"), QStringLiteral("sa"), QStringLiteral("--runs"),
                       QStringLiteral("2"), QStringLiteral("--max-steps"), QStringLiteral("2000"), QStringLiteral("--jobs"),
                       QStringLiteral("1"), QStringLiteral("--out"), benchDir, QString::fromLatin1(kPillayFigure1)});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        const auto screenshotOf = [&](const QString& name, QStringList arguments, const QString& afterMs = QStringLiteral("300")) {
            const QString shot = dir.filePath(name + QStringLiteral(".png"));
            arguments << QStringLiteral("--screenshot") << shot << QStringLiteral("--after-ms") << afterMs;
            process.start(QStringLiteral(PW_WORKBENCH_PATH), arguments);
            if (!process.waitForFinished(60000) || process.exitCode() != 0) return QImage();
            return QImage(shot);
        };
        const QImage compare = screenshotOf(QStringLiteral("compare"), {QStringLiteral("--compare"), benchDir});
        QVERIFY2(!compare.isNull(), process.readAllStandardError().constData());
        const QImage window = screenshotOf(QStringLiteral("window"), {QStringLiteral("--open"), QString::fromLatin1(kPillayFigure1)});
        QVERIFY(!window.isNull());
        QVERIFY(compare != window);  // the screenshot shows the Compare view, not the window

        // --generate LEVEL and --difficulty-lab open their windows; an unknown level is refused.
        const QImage generate = screenshotOf(QStringLiteral("generate"), {QStringLiteral("--generate"), QStringLiteral("singles"),
                                                                           QStringLiteral("--seed"), QStringLiteral("3")});
        QVERIFY2(!generate.isNull(), process.readAllStandardError().constData());
        QVERIFY(generate.size() == window.size() && generate != window);  // the dialog drawn over the window
        const QImage lab = screenshotOf(QStringLiteral("lab"), {QStringLiteral("--difficulty-lab")});
        QVERIFY2(!lab.isNull(), process.readAllStandardError().constData());
        QVERIFY(lab != window);
        // --replay-at: a recorded run shown at its start and at its end (without the option both would show the
        // end). The recording is re-run when opened, so the shots wait long enough for a loaded machine.
        const QString recording = dir.filePath(QStringLiteral("run.json"));
        process.start(QStringLiteral(PW_CLI_PATH),
                      {QStringLiteral("solve"), QStringLiteral("-a"), QStringLiteral("sa"), QStringLiteral("--seed"),
                       QStringLiteral("9"), QStringLiteral("--max-steps"), QStringLiteral("3000"), QStringLiteral("--record"),
                       recording, QString::fromLatin1(kPillayFigure1)});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        const auto replayAt = [&](const QString& name, const QString& fraction) {
            return screenshotOf(name, {QStringLiteral("--open"), recording, QStringLiteral("--replay-at"), fraction},
                                QStringLiteral("3000"));
        };
        const QImage start = replayAt(QStringLiteral("start"), QStringLiteral("0"));
        const QImage end = replayAt(QStringLiteral("end"), QStringLiteral("1"));
        QVERIFY2(!start.isNull() && !end.isNull(), process.readAllStandardError().constData());
        QVERIFY(start != end);
        QVERIFY(refusal({QStringLiteral("--open"), recording, QStringLiteral("--replay-at"), QStringLiteral("1.5")})
                    .contains("--replay-at: '1.5' is not a fraction from 0 to 1"));
        QVERIFY(refusal({QStringLiteral("--generate"), QStringLiteral("hardest")}).contains("--generate: 'hardest' is not one of"));
    }

    void badCommandLineExitsWithAMessage() {
        QVERIFY(refusal({QStringLiteral("--algorithm"), QStringLiteral("nope")}).contains("unknown algorithm 'nope'"));
        QVERIFY(refusal({QStringLiteral("--open"), QStringLiteral("missing.txt")}).contains("missing.txt"));

        // A bench with one bad line: --compare names the file and the line.
        QTemporaryDir dir;
        const QString bench = dir.filePath(QStringLiteral("bench"));
        QProcess process;
        process.start(QStringLiteral(PW_CLI_PATH),
                      {QStringLiteral("bench"), QStringLiteral("-a"), QStringLiteral("sa"), QStringLiteral("--runs"),
                       QStringLiteral("2"), QStringLiteral("--max-steps"), QStringLiteral("100"), QStringLiteral("--out"),
                       bench, QString::fromLatin1(kPillayFigure1)});
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        QFile runs(bench + QStringLiteral("/runs.jsonl"));
        QVERIFY(runs.open(QIODevice::Append));
        runs.write("not a run\n");
        runs.close();
        const QByteArray badLine = refusal({QStringLiteral("--compare"), bench});
        QVERIFY2(badLine.contains("/runs.jsonl:3:1: not a run line of puzzle-cli bench"), badLine.constData());
    }
};

QTEST_MAIN(UiTests)
#include "ui_tests.moc"
