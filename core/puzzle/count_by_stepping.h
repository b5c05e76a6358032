#pragma once

// The loop both kinds count solutions with: their exact searches step one node at a time, and the budget is
// looked at before each step, as each search looks at its own node limit.

#include "puzzle/puzzle_kind.h"

namespace pw {

template <class Search, class Grid>
SolutionCount countByStepping(const Grid& start, int upTo, const SearchBudget& budget) {
    Search search(start, upTo);
    SolutionCount count;
    for (;;) {
        if (const char* reason = budget.exhausted(search.nodes())) {
            count.decided = false;
            count.endedBy = reason;
            break;
        }
        const auto status = search.step(nullptr);
        if (status == Search::Status::Exhausted) break;
        if (status == Search::Status::FoundSolution && search.solutionsFound() >= upTo) break;
    }
    count.found = search.solutionsFound();
    if (search.firstSolution()) count.first = *search.firstSolution();
    count.nodes = search.nodes();
    return count;
}

}  // namespace pw
