#pragma once
// The window's command line, for the manual (docs/manual/window.md), tests and CI:
//   puzzle-workbench [--open FILE_OR_PUZZLE_STRING | FILE] [--algorithm ID] [--seed N] [--param KEY=VALUE]...
//                    [--run | --hint LEVEL] [--difficulty-lab] [--generate LEVEL] [--compare DIR [--compare-tab TAB]]
//                    [--screenshot FILE.png --after-ms MS] [--replay-at FRACTION]  (with --open of a run recording)
// plus --speed, --step-limit, --time-limit, --palette, --stats and --exit-when-finished for measurements, and
//   --open RECORDING.json --export-animation OUT.{gif,mp4,webm} [--fps N] [--size WxH]
//                    [--duration S | --steps-per-frame N | --evaluations-per-frame N]   (headless, then exit)
//   --lesson FILE [--slide N] [--reveal] [--lesson-play | --export-handout OUT.{pdf,html} [--with-notes]]
//   --race ID,ID[,ID[,ID]] [--param ID[#N].KEY=VALUE]... [--race-pace steps|fair|flat] [--speed N] [--run]

#include "export/animation_settings.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace pw::ui {

struct LaunchOptions {
    QString open;
    QString algorithm;
    std::optional<std::uint64_t> seed;
    QStringList parameters;  // KEY=VALUE
    bool run = false;
    int hintLevel = 0;  // 1..3: show a hint at that level once the window is up
    bool difficultyLab = false;  // open the Difficulty lab (and rate its default set with --run)
    QString generateLevel;       // non-empty: open the Generate dialog and make a Sudoku of this level
    QString compareDir;          // open the Compare view on a directory written by `puzzle-cli bench`
    QString compareTab;          // with compareDir: the tab to show (CompareView::tabKeys())
    QString screenshot;
    int afterMs = 1000;
    std::optional<double> movesPerSecond;  // 0 = flat out
    std::uint64_t stepLimit = 0;
    double timeLimitSeconds = 0;
    QString palette;  // "light", "dark" or empty for the remembered one
    bool presentation = false;  // open in presentation mode (full screen, the board big)
    QString lesson;           // open this lesson
    int slide = 1;            // with `lesson`: the slide shown first, from 1
    bool reveal = false;      // with `lesson`: reveal its question once shown
    bool lessonPlay = false;  // with `lesson`: every slide in turn, checked against the plan, then exit
    QString exportHandout;    // with `lesson`: write its handout here and exit
    bool handoutNotes = false;
    bool stats = false;
    bool exitWhenFinished = false;
    std::optional<double> replayAt;  // 0..1: where the timeline of an opened recording stands
    QString exportAnimation;  // non-empty: export the opened recording to this file and exit (no window)
    AnimationSettings animation;
    QString race;      // non-empty: race these algorithms on the puzzle; --param then takes ID[#N].KEY=VALUE
    QString racePace;  // "steps", "fair" or "flat" (default fair)
    std::optional<std::uint64_t> raceEvaluations;  // each race run's evaluation budget; 0 = none

    // Scripted launches neither read nor change the user's remembered settings.
    bool scripted() const { return !screenshot.isEmpty() || exitWhenFinished || lessonPlay || !exportHandout.isEmpty(); }
};

struct LaunchParse {
    LaunchOptions options;
    QString error;  // non-empty: print it and exit with status 2
    bool helpShown = false;
    QString helpText;
    bool versionShown = false;  // --version: the caller prints its version text
};

LaunchParse parseLaunchOptions(const QStringList& arguments);

}  // namespace pw::ui
