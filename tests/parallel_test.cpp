// parallelFor: every item once, on threads kept from call to call, from several callers at once and from
// inside an item; a failing item's exception reaches the caller and leaves the threads usable.
// parallelInOrder: results in input order, no more than its bound waiting, exceptions passed on, zero items
// and one thread. threadCount: what a --jobs of 0 means.

#include "base/parallel.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <string>
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

// Every result once, in input order, whatever the threads and the grain.
void expectResultsInOrder(std::size_t count, int jobs, InOrderOptions options) {
    std::vector<std::size_t> order;
    parallelInOrder<std::string>(
        count, jobs, [](std::size_t item) { return std::to_string(item * 7); },
        [&order](std::size_t item, std::string& result) {
            EXPECT_EQ(result, std::to_string(item * 7));
            order.push_back(item);
            return true;
        },
        nullptr, options);
    ASSERT_EQ(order.size(), count);
    for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(order[i], i);
}

TEST(ParallelInOrderTest, HandsEveryResultOverInInputOrder) {
    expectResultsInOrder(1000, 4, {});
    expectResultsInOrder(1000, 3, {.grain = 7, .bound = 5});
    expectResultsInOrder(50, 4, {.grain = 1, .bound = 1});
}

TEST(ParallelInOrderTest, ZeroItemsCallNothingAndOneThreadRunsEveryItemOnTheCaller) {
    bool called = false;
    parallelInOrder<int>(0, 4, [&called](std::size_t) { called = true; return 0; },
                         [&called](std::size_t, int&) { called = true; return true; });
    EXPECT_FALSE(called);

    const auto caller = std::this_thread::get_id();
    std::size_t taken = 0;
    parallelInOrder<int>(
        100, 1,
        [caller](std::size_t item) {
            EXPECT_EQ(std::this_thread::get_id(), caller);
            return static_cast<int>(item);
        },
        [&taken](std::size_t item, int& result) {
            EXPECT_EQ(static_cast<std::size_t>(result), item);
            ++taken;
            return true;
        });
    EXPECT_EQ(taken, 100u);
}

TEST(ParallelInOrderTest, NoMoreResultsWaitThanTheBound) {
    // Item 0 is held until the bound's worth of items after it could have finished, and for a while after
    // that: unbounded, the other threads would run far ahead of it meanwhile. Whatever the timing, no more
    // than `bound` finished results may ever wait to be taken.
    constexpr std::size_t kBound = 4;
    std::atomic<std::size_t> finished{0};
    std::atomic<std::size_t> consumed{0};
    std::atomic<std::size_t> mostWaiting{0};
    std::atomic<std::size_t> othersFinished{0};
    parallelInOrder<std::size_t>(
        200, 4,
        [&](std::size_t item) {
            if (item == 0) {
                while (othersFinished < kBound - 1) std::this_thread::yield();
                for (int spin = 0; spin < 20000; ++spin) std::this_thread::yield();
            }
            const std::size_t waiting = ++finished - consumed;
            for (std::size_t most = mostWaiting; waiting > most && !mostWaiting.compare_exchange_weak(most, waiting);) {
            }
            if (item != 0) ++othersFinished;
            return item;
        },
        [&](std::size_t item, std::size_t& result) {
            EXPECT_EQ(result, item);
            ++consumed;
            return true;
        },
        nullptr, {.grain = 1, .bound = kBound});
    EXPECT_EQ(consumed.load(), 200u);
    EXPECT_LE(mostWaiting.load(), kBound);
    EXPECT_GE(mostWaiting.load(), 1u);
}

TEST(ParallelInOrderTest, AnExceptionFromWorkOrTakeReachesTheCallerAndEndsTheLoop) {
    std::atomic<std::size_t> started{0};
    EXPECT_THROW(parallelInOrder<int>(
                     10000, 3,
                     [&started](std::size_t item) {
                         ++started;
                         if (item == 5) throw std::runtime_error("item 5 failed");
                         return 0;
                     },
                     [](std::size_t, int&) { return true; }, nullptr, {.grain = 1, .bound = 8}),
                 std::runtime_error);
    EXPECT_LT(started.load(), 10000u);  // the bound keeps the others from running far past item 5

    std::size_t taken = 0;
    EXPECT_THROW(parallelInOrder<int>(
                     10000, 3, [](std::size_t) { return 0; },
                     [&taken](std::size_t item, int&) {
                         if (item == 20) throw std::runtime_error("cannot write");
                         ++taken;
                         return true;
                     },
                     nullptr, {.grain = 1, .bound = 8}),
                 std::runtime_error);
    EXPECT_EQ(taken, 20u);  // take runs in order and never again after it threw
    expectResultsInOrder(100, 3, {});
}

TEST(ParallelInOrderTest, RefusingAResultOrStoppingEndsTheLoop) {
    std::size_t taken = 0;
    parallelInOrder<int>(1000, 3, [](std::size_t) { return 0; },
                         [&taken](std::size_t item, int&) {
                             ++taken;
                             return item < 9;
                         });
    EXPECT_EQ(taken, 10u);

    const std::atomic<bool> stop{true};
    std::atomic<int> ran{0};
    parallelInOrder<int>(100, 3, [&ran](std::size_t) { return ++ran; }, [](std::size_t, int&) { return true; },
                         &stop);
    EXPECT_EQ(ran.load(), 0);
}

TEST(ThreadCountTest, ZeroMeansEveryCoreAndANumberIsKept) {
    EXPECT_EQ(threadCount(3), 3);
    EXPECT_EQ(threadCount(0), static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    EXPECT_EQ(threadCount(), threadCount(0));
}

}  // namespace
}  // namespace pw
