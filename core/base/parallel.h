#pragma once
// The one thread pool of the core: independent work items handed out in index order to `jobs` threads (the
// caller's among them). Rating puzzles and running experiments both use it.

#include <atomic>
#include <cstddef>
#include <functional>

namespace pw {

// Calls work(i) once for every i in [0, count), concurrently on up to `jobs` threads, and returns when all
// have returned. Once `stop` becomes true the items not yet started are skipped. The first exception an item
// throws skips the items not yet started and is rethrown here once every thread has finished. The helper
// threads stay for later calls (from any thread; calls at the same time each get their own).
void parallelFor(std::size_t count, int jobs, const std::function<void(std::size_t)>& work,
                 const std::atomic<bool>* stop = nullptr);

}  // namespace pw
