#include "base/parallel.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace pw {

void parallelFor(std::size_t count, int jobs, const std::function<void(std::size_t)>& work,
                 const std::atomic<bool>* stop) {
    std::atomic<std::size_t> next{0};
    auto worker = [&] {
        for (std::size_t item = next++; item < count; item = next++) {
            if (stop && stop->load()) return;
            work(item);
        }
    };
    const int threads = std::clamp(jobs, 1, static_cast<int>(std::max<std::size_t>(1, count)));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (auto& thread : pool) thread.join();
}

}  // namespace pw
