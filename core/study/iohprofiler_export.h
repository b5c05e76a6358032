#pragma once
// A bench directory in IOHprofiler's data format, so IOHanalyzer (the R package and its web app) loads it as it
// loads IOHexperimenter's output. The format as IOHanalyzer documents it ("Supported Data Format",
// inst/shiny-server/markdown/dataformat.md in IOHprofiler/IOHanalyzer):
//
//   OUT/<setting>/IOHprofiler_f<F>_i1.info            meta-data, one block per (function, dimension):
//       suite = "...", funcId = F, funcName = "...", DIM = D, maximization = "F", algId = "<setting>"
//       % a comment line
//       data_f<F>/IOHprofiler_f<F>_DIM<D>_i1.dat, 1:<evaluations>|<best cost>, ...   (one entry per run)
//   OUT/<setting>/data_f<F>/IOHprofiler_f<F>_DIM<D>_i1.dat   raw data, one block per run, each opened by the
//       separation line "function evaluation" "best-so-far f(x)" and ending with the run's last evaluation.
//
// The mapping: function F = puzzle index + 1 (funcName its id), dimension D = the puzzle's cell count, instance 1,
// f(x) = the algorithm's own cost, minimised (0: solved). A setting's folder is its label with characters other
// than letters, digits, '-', '.' and '_' replaced by '_' (sa#2 -> sa_2); algId keeps the label. One folder per
// setting because an .info file names one algorithm.
//
// Strings are in double quotes, as IOHexperimenter writes them: IOHanalyzer's reader (read_index_file__IOH)
// reads the header line as CSV with '"' as its quote, then converts maximization before it strips single
// quotes, so 'F' stays the text "F" and the load fails, where "F" becomes FALSE. A '"' inside an id is doubled.
// Runtime is the run's evaluations (or steps, --axis steps) at the exact step of each fall of its best cost (the
// run's "improvements"); a bench from before runs recorded them has the times read off its curve points (best
// cost at step 0 and at steps round(10^(k/10))), where a fall shows at the next point, up to 26 % late.

#include "study/bench.h"
#include "study/run_statistics.h"

#include <string>

namespace pw {

// Writes the export of `bench` under `outDir` (created) with runtime on `axis` (evaluations or steps; seconds is
// refused with std::invalid_argument); returns the number of files written. A bench whose curves predate
// evaluations is refused on the evaluations axis. Throws std::runtime_error naming a file that cannot be
// written.
int exportIohProfiler(const BenchDirectory& bench, const std::string& outDir, CostAxis axis = CostAxis::Evaluations);

// The folder name of a setting's label.
std::string iohFolderName(const std::string& label);

}  // namespace pw
