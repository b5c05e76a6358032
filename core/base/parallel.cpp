#include "base/parallel.h"

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace pw {
namespace {

// Threads kept for the next parallelFor once a call is done with them. A command that calls parallelFor for
// every chunk of its input would otherwise start and end a thread each time (a new stack, its pages faulted
// in again): for a batch of microsecond puzzles that was a noticeable share of the run.
class ThreadPool {
    struct Worker {
        std::mutex mutex;
        std::condition_variable wake;                 // a task came, the task ended, or the pool is closing
        const std::function<void()>* task = nullptr;  // set by a lease, cleared by the worker once it returned
        bool quitting = false;
        std::thread thread;

        void serve() {
            std::unique_lock lock(mutex);
            for (;;) {
                wake.wait(lock, [this] { return task != nullptr || quitting; });
                if (quitting) return;
                lock.unlock();
                (*task)();  // never throws: parallelFor's share of the work keeps its exceptions
                lock.lock();
                task = nullptr;
                wake.notify_one();
            }
        }
    };

public:
    // Runs `task` on a thread of the pool (a new one when none is idle); the destructor waits for it to return.
    class Lease {
    public:
        Lease(ThreadPool& pool, const std::function<void()>& task) : m_pool(pool), m_worker(pool.take()) {
            const std::lock_guard lock(m_worker->mutex);
            m_worker->task = &task;
            m_worker->wake.notify_one();
        }
        ~Lease() {
            {
                std::unique_lock lock(m_worker->mutex);
                m_worker->wake.wait(lock, [this] { return m_worker->task == nullptr; });
            }
            m_pool.giveBack(m_worker);
        }
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;

    private:
        ThreadPool& m_pool;
        Worker* m_worker;
    };

    static ThreadPool& instance() {
        static ThreadPool pool;
        return pool;
    }

    ~ThreadPool() {
        for (const auto& worker : m_workers) {
            {
                const std::lock_guard lock(worker->mutex);
                worker->quitting = true;
            }
            worker->wake.notify_one();
            worker->thread.join();
        }
    }

private:
    Worker* take() {
        const std::lock_guard lock(m_mutex);
        if (!m_idle.empty()) {
            Worker* worker = m_idle.back();
            m_idle.pop_back();
            return worker;
        }
        auto& worker = m_workers.emplace_back(std::make_unique<Worker>());
        worker->thread = std::thread(&Worker::serve, worker.get());
        return worker.get();
    }

    void giveBack(Worker* worker) {
        const std::lock_guard lock(m_mutex);
        m_idle.push_back(worker);
    }

    std::mutex m_mutex;
    std::vector<std::unique_ptr<Worker>> m_workers;  // every thread started, busy or idle
    std::vector<Worker*> m_idle;
};

}  // namespace

int threadCount(int requested) {
    return requested > 0 ? requested : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

void parallelFor(std::size_t count, int jobs, const std::function<void(std::size_t)>& work,
                 const std::atomic<bool>* stop) {
    std::atomic<std::size_t> next{0};
    // The first exception a work item throws ends the loop on every thread and is rethrown to the caller.
    std::atomic<bool> failed{false};
    std::exception_ptr failure;
    std::mutex failureMutex;
    const std::function<void()> worker = [&] {
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
    {
        std::vector<std::unique_ptr<ThreadPool::Lease>> helpers;
        for (int t = 1; t < threads; ++t)
            helpers.push_back(std::make_unique<ThreadPool::Lease>(ThreadPool::instance(), worker));
        worker();
    }  // each lease waits for its thread's share to end
    if (failure) std::rethrow_exception(failure);
}

}  // namespace pw
