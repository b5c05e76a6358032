#include "replay/replay_view.h"

#include "style/appearance.h"
#include "board/board_model.h"
#include "charts/chart_panel.h"
#include "run/program_view.h"
#include "run/run_types.h"

#include "algorithms/registry.h"

#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace pw::ui {

namespace {

constexpr int kFlatOutTickMs = 25;
constexpr std::size_t kFlatOutTicks = 200;  // a flat-out replay crosses the whole run in about five seconds

}  // namespace

ReplayView::ReplayView(BoardModel* model, ChartPanel* charts, ProgramView* programView, QWidget* parent)
    : QWidget(parent), m_model(model), m_charts(charts), m_programView(programView),
      m_slider(new QSlider(Qt::Horizontal, this)), m_startButton(new QToolButton(this)),
      m_playButton(new QToolButton(this)), m_endButton(new QToolButton(this)), m_label(new QLabel(this)) {
    setObjectName(QStringLiteral("replayView"));
    // The controls and the slider on one row, the position under them: beside the slider, the label's long text
    // left the slider no room in presentation mode and made the window wider than a 1024x768 screen.
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    layout->setSpacing(0);
    auto* controls = new QHBoxLayout;
    m_startButton->setIcon(style()->standardIcon(QStyle::SP_MediaSkipBackward));
    m_startButton->setToolTip(tr("Back to the start of the run"));
    m_playButton->setIcon(workbenchIcon(IconKind::Run));
    m_playButton->setToolTip(tr("Play the recorded run from here at the chosen speed"));
    m_endButton->setIcon(style()->standardIcon(QStyle::SP_MediaSkipForward));
    m_endButton->setToolTip(tr("To the end of the run"));
    m_slider->setObjectName(QStringLiteral("replaySlider"));
    m_slider->setToolTip(tr("Drag to scrub through the recorded run: board, candidates and charts follow"));
    m_label->setObjectName(QStringLiteral("replayLabel"));
    // Its text never widens the dock: the row is as wide as the dock is.
    m_label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    controls->addWidget(m_startButton);
    controls->addWidget(m_playButton);
    controls->addWidget(m_endButton);
    controls->addWidget(m_slider, 1);
    layout->addLayout(controls);
    layout->addWidget(m_label);

    connect(m_slider, &QSlider::valueChanged, this, [this](int value) { seek(static_cast<std::size_t>(value)); });
    connect(m_startButton, &QToolButton::clicked, this, [this] { seek(0); });
    connect(m_endButton, &QToolButton::clicked, this, [this] {
        pause();
        if (m_timeline) seek(m_timeline->size());
    });
    connect(m_playButton, &QToolButton::clicked, this, [this] { isPlaying() ? pause() : play(); });
    connect(&m_playTimer, &QTimer::timeout, this, &ReplayView::playTick);
    clear();
}

void ReplayView::setTimeline(std::shared_ptr<const RunTimeline> timeline) {
    pause();
    m_timeline = std::move(timeline);
    m_chartPosition = 0;
    m_chartCursor = 0;
    m_charts->clear();
    const AlgorithmEntry* entry = findAlgorithm(m_timeline->recording().algorithmId);
    m_charts->setCostParts(entry ? entry->info.costParts : std::vector<std::string>{});
    const int last = static_cast<int>(std::min<std::size_t>(m_timeline->size(), std::numeric_limits<int>::max()));
    {
        const QSignalBlocker blocker(m_slider);
        m_slider->setRange(0, last);
        m_slider->setPageStep(std::max(1, last / 100));
        m_slider->setSingleStep(1);
    }
    for (QWidget* widget : {static_cast<QWidget*>(m_slider), static_cast<QWidget*>(m_startButton),
                            static_cast<QWidget*>(m_playButton), static_cast<QWidget*>(m_endButton)})
        widget->setEnabled(true);
    seek(m_timeline->size());
}

void ReplayView::clear() {
    pause();
    m_timeline.reset();
    m_position = m_chartPosition = m_chartCursor = 0;
    {
        const QSignalBlocker blocker(m_slider);
        m_slider->setRange(0, 0);
    }
    for (QWidget* widget : {static_cast<QWidget*>(m_slider), static_cast<QWidget*>(m_startButton),
                            static_cast<QWidget*>(m_playButton), static_cast<QWidget*>(m_endButton)})
        widget->setEnabled(false);
    m_label->setText(tr("no recording open"));
}

void showTimelineState(BoardModel& model, const TimelineState& state) {
    model.clearRunOverlays();
    model.setBoard(state.board, CellOrigin::Solver);
    if (!state.candidates.empty()) model.setSolverCandidates(state.candidates);
    for (const auto& [label, values] : state.heatMaps) model.setHeatMap(QString::fromStdString(label), values);
    model.setHighlightedCells(state.highlightedCells);
}

void ReplayView::seek(std::size_t position) {
    if (!m_timeline) return;
    QElapsedTimer clock;
    clock.start();
    position = std::min(position, m_timeline->size());
    const TimelineState state = m_timeline->stateAt(position);
    showTimelineState(*m_model, state);
    if (m_programView) {
        if (!state.program) {
            m_programView->clear();
        } else {
            const QString program = QString::fromStdString(state.program->program);
            if (program != m_programView->program()) m_programView->setProgram(program, state.program->fitness);
            m_programView->setHighlight(state.program->position);
        }
    }
    showCharts(position);
    m_position = position;
    {
        const QSignalBlocker blocker(m_slider);
        m_slider->setValue(static_cast<int>(position));
    }
    updateLabel();
    m_lastSeekMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
    emit positionChanged(position, state);
}

void ReplayView::showCharts(std::size_t position) {
    const std::vector<std::size_t>& chartEvents = m_timeline->chartEvents();
    if (position < m_chartPosition || m_chartCursor == 0) {
        // Backwards the curves are redrawn from the start: the chart buffers only ever grow.
        m_charts->clear();
        m_chartCursor = 0;
    }
    // Events carry no clock: the headless run's time is spread evenly over its steps (set anew each time, as
    // the window's status updates move the chart's batch too).
    m_charts->beginBatch({}, 0);
    m_charts->beginBatch(m_timeline->result().counters, m_timeline->result().seconds);
    const EventStore& events = m_timeline->events();
    while (m_chartCursor < chartEvents.size() && chartEvents[m_chartCursor] < position)
        m_charts->addEvent(events[chartEvents[m_chartCursor++]]);
    m_chartPosition = position;
    m_charts->refreshNow();
}

void ReplayView::updateLabel() {
    const Counters at = m_position == 0 ? Counters{} : m_timeline->events().counters(m_position - 1);
    QString text = tr("event %L1 of %L2 · step %L3 · evaluations %L4")
                       .arg(static_cast<qulonglong>(m_position))
                       .arg(static_cast<qulonglong>(m_timeline->size()))
                       .arg(static_cast<qulonglong>(at.steps))
                       .arg(static_cast<qulonglong>(at.evaluations));
    if (m_position == m_timeline->size() && m_position > 0)
        if (const Event last = m_timeline->events().back(); const auto* finished = std::get_if<Finished>(&last))
            text += QStringLiteral(" · ") + QString::fromUtf8(outcomeName(finished->outcome));
    m_label->setText(text);
}

void ReplayView::setMovesPerSecond(double movesPerSecond) {
    m_movesPerSecond = movesPerSecond;
    if (isPlaying()) play();  // restarts the timer at the new pace
}

void ReplayView::play() {
    if (!m_timeline) return;
    if (m_position >= m_timeline->size()) seek(0);
    const int interval = m_movesPerSecond > 0 ? std::clamp(static_cast<int>(1000 / m_movesPerSecond), 15, 1000)
                                              : kFlatOutTickMs;
    m_playTimer.start(interval);
    m_playButton->setIcon(workbenchIcon(IconKind::Pause));
}

void ReplayView::pause() {
    m_playTimer.stop();
    m_playButton->setIcon(workbenchIcon(IconKind::Run));
}

void ReplayView::playTick() {
    const EventStore& events = m_timeline->events();
    std::size_t next = m_position;
    if (m_movesPerSecond <= 0) {
        next += std::max<std::size_t>(1, events.size() / kFlatOutTicks);
    } else {
        // As many paced events (moves, explanations about cells) as the pace asks for in one tick.
        const double perTick = m_movesPerSecond * m_playTimer.interval() / 1000.0;
        auto paced = std::max<std::size_t>(1, static_cast<std::size_t>(std::llround(perTick)));
        for (EventStore::Reader reader(events, next); !reader.atEnd() && paced > 0;) {
            const Event& event = reader.next();
            next = reader.position();
            if (isPacedEvent(event) || std::holds_alternative<ProgramUpdate>(event)) --paced;
        }
    }
    seek(std::min(next, events.size()));
    if (m_position >= events.size()) pause();
}

}  // namespace pw::ui
