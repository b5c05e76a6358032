#pragma once
// The engines behind SudokuSearch (sudoku_exact.h): one node per step(). The generic engine in
// sudoku_exact.cpp serves every box shape; 9x9 grids get the band engine of sudoku_band_search.cpp, which
// runs the same search node for node on bit-sliced words.

#include "sudoku/sudoku_exact.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace pw {

struct SudokuSearch::Engine {
    virtual ~Engine() = default;
    // Propagates the current state; then reports a solution, a contradiction or branches.
    virtual Status step() = 0;
    // Writes the value of every cell of the current state (0 where open) into `grid`.
    virtual void writeCurrent(SudokuGrid& grid) const = 0;
    virtual std::vector<std::uint16_t> candidates() const = 0;
    virtual std::uint64_t nodes() const = 0;  // propagations run
    virtual void setTracing(bool tracing) = 0;
    virtual SudokuSearchTrace trace() const = 0;
};

// Why a node met a contradiction, noted on the failing path only, for the trace.
struct SearchFailure {
    enum class Kind { None, NoCandidate, NotACandidate, UnitLacksDigit };
    Kind kind = Kind::None;
    int at = 0;     // the cell, or the unit: rows 0..N-1, columns N..2N-1, boxes 2N..3N-1
    int digit = 0;  // NotACandidate: the digit
};

// "r3c4 has no candidate left", "5 cannot go in r1c2", "row 3 has no place left for some digit".
std::string describeFailure(const SearchFailure& failure, const SudokuShape& shape);

// What the last node did, kept by either engine for trace().
struct NodeTrace {
    bool tracing = false;                   // keep `path` (a search nobody explains keeps none)
    std::vector<std::pair<int, int>> path;  // branch choices (cell, digit) of the current node, when tracing
    SudokuSearchTrace::Outcome outcome = SudokuSearchTrace::Outcome::Exhausted;
    bool resumed = false;
    int branchCell = -1;
    int branchCandidates = 0;
    SearchFailure failure;

    SudokuSearchTrace toTrace(const SudokuShape& shape) const;
};

// The engine for 9x9 givens (sudoku_band_search.cpp).
std::unique_ptr<SudokuSearch::Engine> makeBandSearchEngine(const SudokuGrid& givens);
// The engine for any box shape (sudoku_exact.cpp); SudokuSearch uses it for every shape but 9x9, and the
// tests hold the band engine to it on 9x9 grids.
std::unique_ptr<SudokuSearch::Engine> makeGenericSearchEngine(const SudokuGrid& givens);

// After a solution or a contradiction both engines go back to the deepest branch with digits left: the frames
// without any are dropped, then `tryNextDigit` resumes the deepest one; with none left the search is over.
template <class Frame, class TryNextDigit>
void resumeDeepestBranch(std::vector<Frame>& frames, bool& exhausted, TryNextDigit tryNextDigit) {
    while (!frames.empty() && frames.back().untried == 0) frames.pop_back();
    if (frames.empty())
        exhausted = true;
    else
        tryNextDigit();
}

}  // namespace pw
