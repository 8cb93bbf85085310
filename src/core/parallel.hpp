// Splitting work over threads: the one place the core starts threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace wildeval {

// The most threads one call starts: a caller asking for more runs with this many (the bindings
// clamp to it, and wildeval.evaluator.MAX_THREADS reads it from _core.MAX_THREADS).
inline constexpr int kMaxThreads = 1024;

inline int hardware_threads() {
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : static_cast<int>(n);
}

// Runs task(i, worker) for every i in [0, n_tasks) on up to n_threads threads (the calling thread
// is one of them), handing out tasks in order as workers become free. A task that throws stops
// the handing out; once every thread is back, the first exception thrown is rethrown here (so
// that it reaches the caller, not std::terminate). Where the system starts fewer threads than
// asked, the ones it started do the work.
template <class Task>
void run_tasks(int n_threads, std::size_t n_tasks, Task task) {
    const int workers = static_cast<int>(std::min<std::size_t>(std::max(n_threads, 1), std::max<std::size_t>(n_tasks, 1)));
    std::atomic<std::size_t> next{0};
    std::mutex failed_lock;
    std::exception_ptr failed;
    auto work = [&](int worker) {
        try {
            for (std::size_t i = next.fetch_add(1); i < n_tasks; i = next.fetch_add(1)) task(i, worker);
        } catch (...) {
            next.store(n_tasks);
            const std::lock_guard<std::mutex> hold(failed_lock);
            if (!failed) failed = std::current_exception();
        }
    };
    std::vector<std::thread> pool;
    pool.reserve(static_cast<std::size_t>(workers - 1));
    for (int w = 1; w < workers; ++w) {
        try {
            pool.emplace_back(work, w);
        } catch (const std::system_error&) {
            break;
        }
    }
    work(0);
    for (auto& t : pool) t.join();
    if (failed) std::rethrow_exception(failed);
}
}  // namespace wildeval
