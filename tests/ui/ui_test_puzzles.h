#pragma once
// The Sudokus the window's tests load, as the text a user would paste.

namespace pw::ui::test_puzzles {

// Pillay's Figure 1, the easy puzzle of the papers: logic and annealing solve it in moments.
inline constexpr const char* kPillayFigure1 =
    "4..95.1..8.7.2...6..34..9.852...6.3.9...7...4.1.8.3.526.5..93..2...3.4.1..1.84..5";
// Arto Inkala's "AI Escargot": long enough for a paced exact search or logic solver to run for seconds.
inline constexpr const char* kAiEscargot =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
// Sato and Inoue's "difficult 28": gp needs a few generations for it.
inline constexpr const char* kSatoInoueDifficult28 =
    "5.......99..8.5..63..9.7..5....9.....9..1..2..38...94.4.......2..35.96....24.13..";

}  // namespace pw::ui::test_puzzles
