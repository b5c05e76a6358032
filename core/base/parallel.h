#pragma once
// The one parallel service of the core: independent work items handed out in index order to `jobs` threads
// (the caller's among them), either each on its own (parallelFor) or with their results streamed back in input
// order through a bounded queue (parallelInOrder). Rating, the bench, the CLI's solve and check and the
// window's repeat runs all use it, and threadCount is what "every core" means for all of them.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <vector>

namespace pw {

// The threads to use: `requested` when above 0, otherwise every core of the machine (at least 1).
int threadCount(int requested = 0);

// Calls work(i) once for every i in [0, count), concurrently on up to `jobs` threads, and returns when all
// have returned. Once `stop` becomes true the items not yet started are skipped. The first exception an item
// throws skips the items not yet started and is rethrown here once every thread has finished. The helper
// threads stay for later calls (from any thread; calls at the same time each get their own).
void parallelFor(std::size_t count, int jobs, const std::function<void(std::size_t)>& work,
                 const std::atomic<bool>* stop = nullptr);

struct InOrderOptions {
    // A thread claims `grain` consecutive items at a time: for items of a few microseconds, claiming each alone
    // would cost the threads more than the item.
    std::size_t grain = 1;
    // The most results finished and not yet taken (at least 1): an item starts only once every item `bound`
    // places before it was taken, so a slow item holds back the ones after it instead of their results
    // piling up. 0: four times the threads' grains, at least 64.
    std::size_t bound = 0;
};

// work(i) for every i in [0, count) on `jobs` threads, each result handed to take(i, result) in index order as
// soon as it and all before it are done (so a slow item's result shows when it is known); take runs on one
// thread at a time and returning false ends the loop. Once `stop` is set no new item starts (the results after
// an item that never started are not handed over). An exception from work or take ends the loop and is
// rethrown here once every thread has finished.
template <class Result>
void parallelInOrder(std::size_t count, int jobs, const std::function<Result(std::size_t)>& work,
                     const std::function<bool(std::size_t, Result&)>& take, const std::atomic<bool>* stop = nullptr,
                     InOrderOptions options = {}) {
    const std::size_t grain = std::max<std::size_t>(options.grain, 1);
    const std::size_t bound =
        options.bound > 0 ? options.bound
                          : std::max<std::size_t>(64, 4 * grain * static_cast<std::size_t>(std::max(jobs, 1)));
    // A ring of `bound` slots: item i waits in slot i % bound until it is taken.
    std::vector<Result> results(std::min(bound, count));
    std::vector<std::atomic<bool>> done(results.size());
    // One thread at a time hands the finished prefix to take(), and no thread ever waits for it: a thread that
    // finds another one handing over leaves its result to it. Without a lock, items of a few microseconds
    // would spend their time switching threads on it.
    std::atomic<bool> handing{false};
    std::size_t next = 0;                // the first result not yet taken (only the handing thread touches it)
    std::atomic<std::size_t> taken{0};   // `next` as the other threads see it; waited on for a free slot
    bool taking = true;                  // until take() refuses one
    std::atomic<bool> ended{false};      // no new item: stopped, take() refused, or an exception
    // `taken` only grows, so that a thread waiting for a slot always sees a change it is woken for.
    const auto raiseTaken = [&taken](std::size_t value) {
        for (std::size_t seen = taken; seen < value && !taken.compare_exchange_weak(seen, value);) {
        }
        taken.notify_all();
    };
    const auto end = [&] {
        ended = true;
        raiseTaken(count);  // frees every thread waiting for a slot
    };
    const auto handOver = [&] {
        // A result finished while another thread was handing over is seen by it after it lets go (every
        // operation here is sequentially consistent), so one of the two hands it over.
        while (!handing.exchange(true)) {
            for (; taking && next < count && done[next % bound]; ++next) {
                const std::size_t slot = next % bound;
                const bool more = take(next, results[slot]);
                results[slot] = Result{};
                done[slot] = false;
                raiseTaken(next + 1);
                if (!more) {
                    taking = false;
                    end();
                }
            }
            const bool more = taking && next < count;  // read while handing: another thread may take over next
            const std::size_t waiting = next;
            handing = false;
            if (!more || !done[waiting % bound]) break;
        }
    };
    parallelFor((count + grain - 1) / grain, jobs, [&](std::size_t claimed) {
        try {
            const std::size_t last = std::min(count, (claimed + 1) * grain);
            for (std::size_t i = claimed * grain; i < last && !ended; ++i) {
                for (std::size_t seen = taken; i >= seen + bound; seen = taken) taken.wait(seen);
                if (ended || (stop && *stop)) {
                    ended = true;
                    return;
                }
                results[i % bound] = work(i);
                done[i % bound] = true;
                handOver();
            }
        } catch (...) {
            end();
            throw;
        }
    }, &ended);
}

}  // namespace pw
