// Splitting work over threads: the one place the core starts threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
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
// is one of them), handing out tasks in order as workers become free.
template <class Task>
void run_tasks(int n_threads, std::size_t n_tasks, Task task) {
    const int workers = static_cast<int>(std::min<std::size_t>(std::max(n_threads, 1), std::max<std::size_t>(n_tasks, 1)));
    std::atomic<std::size_t> next{0};
    auto work = [&](int worker) {
        for (std::size_t i = next.fetch_add(1); i < n_tasks; i = next.fetch_add(1)) task(i, worker);
    };
    std::vector<std::thread> pool;
    pool.reserve(static_cast<std::size_t>(workers - 1));
    for (int w = 1; w < workers; ++w) pool.emplace_back(work, w);
    work(0);
    for (auto& t : pool) t.join();
}

}  // namespace wildeval
