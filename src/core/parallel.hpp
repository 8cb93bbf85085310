// Splitting work over threads: the one place the core starts threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace wildeval {

// The most threads one call starts: a caller asking for more runs with this many (the bindings
// clamp to it, and wildeval.evaluator.MAX_THREADS reads it from _core.MAX_THREADS).
inline constexpr int kMaxThreads = 1024;

inline int hardware_threads() {
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : static_cast<int>(n);
}

// TEST HOOK, for tests only (bound as _core._plant_worker_error): plants an exception that a
// task of a later run_tasks throws, so that tests see every parallel path carry an exception from
// a worker back to its caller. Once planted, `after_tasks` tasks start as usual (counted over
// every thread and call) and the next one throws instead of running; the plant is then gone.
// Unplanted, it costs one relaxed atomic load per task.
namespace test_hook {
enum class PlantedError : int { kNone = 0, kRuntimeError, kBadAlloc, kInvalidArgument };

inline std::atomic<int> planted_error{0};      // a PlantedError
inline std::atomic<long long> planted_after{0};  // tasks still to start before the one that throws

inline void plant_worker_error(PlantedError kind, long long after_tasks) {
    planted_error.store(0);
    planted_after.store(after_tasks < 0 ? 0 : after_tasks);
    planted_error.store(static_cast<int>(kind));
}

// std::bad_alloc carries no message of its own; this one says it was planted.
class PlantedBadAlloc : public std::bad_alloc {
public:
    explicit PlantedBadAlloc(std::string what) : what_(std::move(what)) {}
    const char* what() const noexcept override { return what_.c_str(); }

private:
    std::string what_;
};

inline void throw_if_planted(std::size_t task, int worker) {
    if (planted_error.load(std::memory_order_relaxed) == 0) return;
    if (planted_after.fetch_sub(1) != 0) return;  // exactly one task sees 0
    const int kind = planted_error.exchange(0);
    const std::string where = " (test hook): task " + std::to_string(task) + " on worker " + std::to_string(worker);
    switch (static_cast<PlantedError>(kind)) {
        case PlantedError::kRuntimeError: throw std::runtime_error("planted runtime_error" + where);
        case PlantedError::kBadAlloc: throw PlantedBadAlloc("planted bad_alloc" + where);
        case PlantedError::kInvalidArgument: throw std::invalid_argument("planted invalid_argument" + where);
        case PlantedError::kNone: break;  // cleared meanwhile
    }
}
}  // namespace test_hook

// Runs task(i, worker) for every i in [0, n_tasks) on up to n_threads threads (the calling thread
// is worker 0), handing out tasks in order as workers become free. This is the one place that
// carries a worker's exception to the caller: a task that throws (any type, on any thread) stops
// the handing out (the others finish the task they hold and take no more); once every thread is
// joined, the first exception thrown is rethrown here, on the calling thread, and so reaches the
// bindings (which hold the GIL again by then) as a Python exception, never std::terminate. Where
// the system starts fewer threads than asked, the ones it started do the work.
template <class Task>
void run_tasks(int n_threads, std::size_t n_tasks, Task task) {
    const int workers = static_cast<int>(std::min<std::size_t>(std::max(n_threads, 1), std::max<std::size_t>(n_tasks, 1)));
    std::atomic<std::size_t> next{0};  // set to n_tasks on a failure: the stop flag
    std::mutex failed_lock;
    std::exception_ptr failed;
    auto work = [&](int worker) {
        try {
            for (std::size_t i = next.fetch_add(1); i < n_tasks; i = next.fetch_add(1)) {
                test_hook::throw_if_planted(i, worker);
                task(i, worker);
            }
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
        } catch (...) {  // std::system_error or std::bad_alloc: no thread; the started ones do the work
            break;
        }
    }
    work(0);
    for (auto& t : pool) t.join();
    if (failed) std::rethrow_exception(failed);
}
}  // namespace wildeval
