#include "base/parallel.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace pw {

void parallelFor(std::size_t count, int jobs, const std::function<void(std::size_t)>& work,
                 const std::atomic<bool>* stop) {
    std::atomic<std::size_t> next{0};
    // The first exception a work item throws ends the loop on every thread and is rethrown to the caller.
    std::atomic<bool> failed{false};
    std::exception_ptr failure;
    std::mutex failureMutex;
    auto worker = [&] {
        try {
            for (std::size_t item = next++; item < count; item = next++) {
                if ((stop && stop->load()) || failed) return;
                work(item);
            }
        } catch (...) {
            const std::lock_guard lock(failureMutex);
            if (!failure) failure = std::current_exception();
            failed = true;
        }
    };
    const int threads = std::clamp(jobs, 1, static_cast<int>(std::max<std::size_t>(1, count)));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (auto& thread : pool) thread.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace pw
