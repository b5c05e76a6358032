// parallelFor: every item once, on threads kept from call to call, from several callers at once and from
// inside an item; a failing item's exception reaches the caller and leaves the threads usable.

#include "base/parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <thread>
#include <vector>

namespace pw {
namespace {

// Runs parallelFor over `count` items and checks that each ran exactly once.
void expectEachItemOnce(std::size_t count, int jobs) {
    std::vector<std::atomic<int>> runs(count);
    parallelFor(count, jobs, [&runs](std::size_t item) { ++runs[item]; });
    for (std::size_t item = 0; item < count; ++item) ASSERT_EQ(runs[item].load(), 1) << "item " << item;
}

TEST(ParallelForTest, EveryItemRunsOnceCallAfterCall) {
    // Hundreds of short calls, as a command makes one for every chunk of its input: the kept threads take each.
    for (int call = 0; call < 300; ++call) expectEachItemOnce(static_cast<std::size_t>(call % 37), 1 + call % 4);
}

TEST(ParallelForTest, CallsAtTheSameTimeAndFromInsideAnItemEachGetTheirThreads) {
    std::vector<std::thread> callers;
    for (int caller = 0; caller < 3; ++caller)
        callers.emplace_back([] {
            for (int call = 0; call < 50; ++call) expectEachItemOnce(64, 3);
        });
    for (auto& caller : callers) caller.join();

    std::atomic<int> innerRuns{0};
    parallelFor(4, 2, [&innerRuns](std::size_t) {
        parallelFor(10, 2, [&innerRuns](std::size_t) { ++innerRuns; });
    });
    EXPECT_EQ(innerRuns.load(), 40);
}

TEST(ParallelForTest, AFailingItemsExceptionReachesTheCallerAndTheThreadsStayUsable) {
    // The other items take 2 ms each, so that all of them would take seconds: the skip shows however slowly
    // the exception travels on a loaded machine.
    std::atomic<int> started{0};
    EXPECT_THROW(parallelFor(1000, 3,
                             [&started](std::size_t item) {
                                 ++started;
                                 if (item == 5) throw std::runtime_error("item 5 failed");
                                 std::this_thread::sleep_for(std::chrono::milliseconds(2));
                             }),
                 std::runtime_error);
    EXPECT_LT(started.load(), 1000);  // the items not yet started were skipped
    expectEachItemOnce(100, 3);

    const std::atomic<bool> stop{true};
    std::atomic<int> ran{0};
    parallelFor(100, 3, [&ran](std::size_t) { ++ran; }, &stop);
    EXPECT_EQ(ran.load(), 0);
}

}  // namespace
}  // namespace pw
