#pragma once
// How the board view draws and edits one kind of puzzle: the third part of the puzzle-kind contract
// (puzzle/puzzle_kind.h). BoardView keeps what all kinds share — layout, selection, heat map, last-move
// animation, the legend — and hands each kind's cells, grid lines and edits to that kind's painter
// (SudokuPainter, NurikabePainter), chosen by painterFor (board/painter_for.h) with one lambda per kind, so a
// kind without a painter does not compile.

#include "board/board_model.h"

#include <QColor>
#include <QFont>
#include <QRectF>
#include <QString>

#include <functional>
#include <optional>

class QKeyEvent;
class QPainter;

namespace pw::ui {

// The board's palette, derived from the widget's.
struct BoardColors {

    QColor background;
    QColor cell;
    QColor thinLine;
    QColor thickLine;
    QColor given;
    QColor solver;
    QColor user;     // the player's digits: neutral, apart from the givens by hue and weight
    QColor wrong;    // a player's digit shown as a mistake (after Check, or with instant mistakes)
    QColor pencil;
    QColor conflict;
    QColor lastMove;
    QColor selection;
    QColor peer;
    QColor highlight;
    // Nurikabe, by the usual convention: river dark, island light, undecided cells between.
    QColor river;
    QColor island;
    QColor undecided;
    QColor clue;      // clue digits, on the island colour
    QColor islandDot;
    QColor text;
    bool dark = false;
};

// What a painter reads of the view for one paint.
struct BoardPaint {
    const BoardModel& model;
    const BoardColors& colors;
    QFont font;          // the view's font, to size from
    QRectF board;        // the grid in widget coordinates
    double cell = 0;     // the side of a cell, whole pixels
    double progress = 1; // of the last-move animation; 1 once settled
    bool heatMapVisible = false;
    bool conflictsVisible = false;
    bool autoCandidates = false;  // empty cells without pencil marks show the digits their units still allow
    std::function<QRectF(int cell)> cellRect;
    // The shared background of a cell: peers, heat, conflict, last move, selection, highlight.
    std::function<void(QPainter& painter, int cell, const QRectF& rect)> paintCellBackground;
};

// What a key did on the selected cell: the edit it asks for, or that it was used without one, or neither
// (the view passes the key on).
struct KeyEdit {
    bool used = false;
    std::optional<Move> move;
};

class BoardPainter {
public:
    virtual ~BoardPainter() = default;
    // The cells that meet `dirty`, their contents, and the grid lines on top.
    virtual void paint(QPainter& painter, const QRect& dirty, const BoardPaint& view) const = 0;
    // Whether `cell` is tinted as a peer of the selected cell (it shares a unit with it).
    virtual bool isPeer(const BoardModel& model, int selected, int cell) const = 0;
    // The edit a click on an editable, non-given cell asks for; `reverse` for the right button.
    virtual std::optional<Move> clickEdit(const BoardModel& model, int cell, bool reverse) const = 0;
    // The edit a key asks for on the selected, editable, non-given cell.
    virtual KeyEdit keyEdit(const BoardModel& model, int cell, const QKeyEvent& event, bool pencilMode) const = 0;
};

// Drawing helpers the painters and the view share.
QColor mix(const QColor& a, const QColor& b, double t);
QString compactNumber(double value);  // heat-map numbers short enough for a cell corner
QColor heatColor(double t);           // 0 cold .. 1 hot
// The colour of source mark `mark` (1, 2, 3, …: memory, pitch adjusted, random for harmony search), apart from
// each other and from the highlight, conflict and last-move colours.
QColor sourceColor(int mark, bool dark);

}  // namespace pw::ui
