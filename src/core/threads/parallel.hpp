// Splitting work over threads: run_tasks hands tasks to the worker pool (worker_pool.hpp); how
// many threads a call uses by default; interrupts; per-worker counters.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <cstdio>
#include <cstdlib>

#if defined(__linux__)
#include <sched.h>
#include <time.h>
#endif

#include "threads/worker_pool.hpp"

namespace wildeval {

// The most threads one call asks for: a caller asking for more runs with this many (the bindings
// clamp to it, and wildeval.evaluator.MAX_THREADS reads it from _core.MAX_THREADS). The pool
// itself keeps at most pool_detail::max_pool_helpers() threads besides the caller's.
inline constexpr int kMaxThreads = 1024;

// The threads a CPU quota allows, from the text of cgroup v2's cpu.max ("QUOTA PERIOD" or
// "max PERIOD"): the quota over the period, rounded up; 0 when there is no quota or the text is
// not one.
inline int cpu_max_threads(const std::string& text) {
    long long quota = 0, period = 0;
    char rest = 0;
    if (std::sscanf(text.c_str(), "%lld %lld %c", &quota, &period, &rest) != 2 || quota <= 0 || period <= 0) return 0;
    return static_cast<int>(std::min<long long>((quota + period - 1) / period, kMaxThreads));
}

namespace pool_detail {
inline std::string read_small_file(const char* path) {
    std::string text;
    if (std::FILE* f = std::fopen(path, "r")) {
        char buffer[128];
        const std::size_t n = std::fread(buffer, 1, sizeof buffer - 1, f);
        std::fclose(f);
        text.assign(buffer, n);
    }
    return text;
}

// WILDEVAL_THREADS, if set: a whole number 1..kMaxThreads (std::invalid_argument otherwise)
inline int threads_from_environment() {
    const char* text = std::getenv("WILDEVAL_THREADS");
    if (text == nullptr || *text == '\0') return 0;
    char* end = nullptr;
    const long n = std::strtol(text, &end, 10);
    if (*end != '\0' || n < 1 || n > kMaxThreads)
        throw std::invalid_argument("WILDEVAL_THREADS=" + std::string(text) + " is not a whole number of threads from 1 to " +
                                    std::to_string(kMaxThreads));
    return static_cast<int>(n);
}

inline int usable_threads() {
    int n = machine_threads();
#if defined(__linux__)
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) n = CPU_COUNT(&set);
    const int quota = cpu_max_threads(read_small_file("/sys/fs/cgroup/cpu.max"));
    if (quota > 0) n = std::min(n, quota);
#endif
    return std::max(n, 1);
}
}  // namespace pool_detail

// What threads=None runs on: WILDEVAL_THREADS where it is set (read once, at the first call);
// else the CPUs this process may run on (its affinity, as taskset or a container's cpuset set
// it), at most the CPU quota of its cgroup (a container's --cpus); else the machine's threads.
// An invalid WILDEVAL_THREADS throws std::invalid_argument (a ValueError) at every call.
inline int default_threads() {
    static const int from_environment = pool_detail::threads_from_environment();
    static const int usable = pool_detail::usable_threads();
    return from_environment > 0 ? from_environment : usable;
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

// Interrupts: a long call stops when its caller is interrupted (Ctrl-C). The core knows nothing
// of Python: the bindings install a poll (set_interrupt_poll) that run_tasks' calling thread calls
// between tasks, at most every kPollEvery; it returns on nothing to do and throws to stop the run
// (for Python, the error a pending signal's handler raised: KeyboardInterrupt for Ctrl-C). The
// throw stops the handing out of tasks like a worker's exception, and reaches the caller the same way.
using InterruptPoll = void (*)();
inline std::atomic<InterruptPoll> interrupt_poll{nullptr};
inline constexpr std::chrono::milliseconds kPollEvery{50};

inline void set_interrupt_poll(InterruptPoll poll) { interrupt_poll.store(poll); }

// The time the poll is timed by, read after every task: on Linux the coarse monotonic clock (a
// few milliseconds fine, read in a few nanoseconds: the steady clock's read was 7 % of a count of
// 144 small tasks), elsewhere the steady clock.
inline std::chrono::nanoseconds poll_clock() {
#if defined(__linux__)
    timespec now;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
    return std::chrono::seconds(now.tv_sec) + std::chrono::nanoseconds(now.tv_nsec);
#else
    return std::chrono::steady_clock::now().time_since_epoch();
#endif
}

// One T per worker of a run_tasks call (indexed by the worker number it passes), each on cache
// lines of its own: workers counting into neighbouring memory would take a shared line from each
// other at every count.
template <class T>
class PerWorker {
public:
    explicit PerWorker(int threads, const T& initial = T{}) : slots_(static_cast<std::size_t>(std::max(threads, 1)), Slot{initial}) {}
    T& operator[](std::size_t worker) { return slots_[worker].value; }
    T& operator[](int worker) { return slots_[static_cast<std::size_t>(worker)].value; }
    // Every worker's T, in worker order.
    std::vector<T> values() const {
        std::vector<T> out;
        out.reserve(slots_.size());
        for (const Slot& slot : slots_) out.push_back(slot.value);
        return out;
    }

private:
    struct alignas(64) Slot {
        T value;
    };
    std::vector<Slot> slots_;
};

// Runs task(i, worker) for every i in [0, n_tasks) on up to n_threads threads (the calling thread
// is worker 0, the pool's helpers that join are 1 to n_threads - 1), handing out tasks in order
// from one atomic counter as workers become free: cut the work into many tasks, so that a busy
// core delays one task, not a share of the work. This is the one place that carries a worker's
// exception to the caller: a task that throws (any type, on any thread) stops the handing out
// (the others finish the task they hold and take no more); once every helper is done with the
// call, the first exception thrown is rethrown here, on the calling thread, and so reaches the
// bindings (which hold the GIL again by then) as a Python exception, never std::terminate. Where
// the pool is busy with other calls, or the system starts fewer threads than asked, the threads
// that joined do the work (the calling thread at least).
template <class Task>
void run_tasks(int n_threads, std::size_t n_tasks, Task task) {
    const int workers = static_cast<int>(std::min<std::size_t>(std::max(n_threads, 1), std::max<std::size_t>(n_tasks, 1)));
    std::atomic<std::size_t> next{0};  // set to n_tasks on a failure: the stop flag
    std::mutex failed_lock;
    std::exception_ptr failed;
    const InterruptPoll poll = interrupt_poll.load();
    const std::function<void(int)> work = [&](int worker) {
        try {
            auto poll_at = poll_clock() + kPollEvery;
            for (std::size_t i = next.fetch_add(1); i < n_tasks; i = next.fetch_add(1)) {
                test_hook::throw_if_planted(i, worker);
                task(i, worker);
                if (worker == 0 && poll != nullptr && poll_clock() >= poll_at) {
                    poll();  // throws to stop
                    poll_at = poll_clock() + kPollEvery;
                }
            }
        } catch (...) {
            next.store(n_tasks);
            const std::lock_guard<std::mutex> hold(failed_lock);
            if (!failed) failed = std::current_exception();
        }
    };
    if (workers > 1) {
        pool_detail::Pool& pool = pool_detail::pool();
        pool_detail::Job job;
        job.work = &work;
        const int slot = pool.post(job, workers - 1);
        work(0);
        pool.finish(slot, job);
    } else {
        work(0);
    }
    if (failed) std::rethrow_exception(failed);
}
}  // namespace wildeval
