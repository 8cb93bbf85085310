// Splitting work over threads: the core's one worker pool, the one place the core starts threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <cstdio>
#include <cstdlib>

#ifndef _WIN32
#include <pthread.h>
#endif
#if defined(__linux__)
#include <sched.h>
#endif

namespace wildeval {

// The most threads one call asks for: a caller asking for more runs with this many (the bindings
// clamp to it, and wildeval.evaluator.MAX_THREADS reads it from _core.MAX_THREADS). The pool
// itself keeps at most pool_detail::max_pool_helpers() threads besides the caller's.
inline constexpr int kMaxThreads = 1024;

// The machine's hardware threads (every CPU, whether or not this process may run on it).
inline int machine_threads() {
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : static_cast<int>(n);
}

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

// The core's one worker pool: threads started once, lazily (the first call that asks for more
// than one thread), grown up to the most helpers any call has asked for (at most max_pool_helpers()),
// and kept, waiting on a condition variable, for every later call. A call posts a job; idle
// helpers join it, each taking a worker number of that call (1, 2, ...), while the calling thread
// works on it as worker 0. Nothing ever waits for a helper that has not joined: once the calling
// thread finds no task left it withdraws the job, so helpers busy with another call's job (several
// Python threads at once, or a task that itself calls run_tasks) leave it to the caller, never a
// deadlock. After fork() the child drops the parent's pool (its threads are not in the child) and
// starts its own when first needed (pthread_atfork). The pool is never destroyed: at exit its
// idle threads end with the process, so nothing waits on them (no hang at interpreter exit).
namespace pool_detail {

// The most helper threads the pool keeps: one less than the hardware threads, or 7 on a machine
// with fewer (so that threads=8 runs on eight threads anywhere, as tests ask for).
inline int max_pool_helpers() {
    static const int helpers = std::max(machine_threads(), 8) - 1;
    return helpers;
}

// How long a thread spins before it sleeps: a helper after its job, waiting for the next one; a
// caller waiting for its helpers. A wake-up from sleep costs tens of microseconds (more on a
// virtual machine), as long as a whole 64K-hand batch takes; calls that follow each other closely
// (a loop of batches) find the helpers awake. The spin is short enough to cost nothing worth
// measuring where calls are rare.
inline constexpr std::chrono::microseconds kSpinFor{200};

inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

// Spins until done() or kSpinFor has passed; whether done() became true.
template <class Done>
bool spin_until(Done done) {
    const auto until = std::chrono::steady_clock::now() + kSpinFor;
    for (unsigned i = 1;; ++i) {
        if (done()) return true;
        cpu_relax();
        if ((i & 63) == 0 && std::chrono::steady_clock::now() >= until) return false;
    }
}

struct Job {
    const std::function<void(int)>* work = nullptr;
    int wanted = 0;                // helpers still wanted (the job is in the queue while > 0)
    std::atomic<int> active{0};    // helpers working on it (changed under the pool's lock)
    int next_worker = 1;
    std::condition_variable done;  // active fell to 0 (notified under the pool's lock)
};

class Pool {
public:
    // Up to `helpers` helpers join `job` (as many as are idle or become idle before the caller
    // withdraws it); the pool grows to `helpers` threads if it has fewer.
    void post(Job& job, int helpers) {
        std::unique_lock<std::mutex> hold(lock_);
        const std::size_t want = static_cast<std::size_t>(std::min(helpers, max_pool_helpers()));
        while (threads_.size() < want) {
            try {
                threads_.emplace_back([this] { serve(); });
            } catch (...) {  // std::system_error or std::bad_alloc: no thread; the started ones do the work
                break;
            }
        }
        job.wanted = static_cast<int>(std::min(want, threads_.size()));
        if (job.wanted == 0) return;
        queue_.push_back(&job);
        queued_.store(queue_.size(), std::memory_order_release);
        hold.unlock();
        for (int i = 0; i < job.wanted; ++i) wake_.notify_one();
    }

    // Takes `job` out of the queue (no helper joins it after this) and waits for the helpers that
    // joined to finish.
    void finish(Job& job) {
        std::unique_lock<std::mutex> hold(lock_);
        if (job.wanted > 0) {
            queue_.erase(std::remove(queue_.begin(), queue_.end(), &job), queue_.end());
            queued_.store(queue_.size(), std::memory_order_release);
            job.wanted = 0;
        }
        if (job.active.load() == 0) return;
        hold.unlock();
        spin_until([&] { return job.active.load(std::memory_order_acquire) == 0; });
        hold.lock();  // even when the spin saw 0: the last helper lets go of the job under this lock
        job.done.wait(hold, [&] { return job.active.load() == 0; });
    }

    std::size_t size() {
        const std::lock_guard<std::mutex> hold(lock_);
        return threads_.size();
    }

private:
    void serve() {
        std::unique_lock<std::mutex> hold(lock_);
        for (;;) {
            if (queue_.empty()) {
                hold.unlock();
                spin_until([&] { return queued_.load(std::memory_order_acquire) != 0; });
                hold.lock();
                wake_.wait(hold, [&] { return !queue_.empty(); });
            }
            Job* job = queue_.front();
            const int worker = job->next_worker++;
            ++job->active;
            if (--job->wanted == 0) {
                queue_.pop_front();
                queued_.store(queue_.size(), std::memory_order_release);
            }
            hold.unlock();
            (*job->work)(worker);  // catches everything itself
            hold.lock();
            if (--job->active == 0) job->done.notify_all();  // under the lock: the job outlives it
        }
    }

    std::mutex lock_;
    std::condition_variable wake_;
    std::deque<Job*> queue_;
    std::atomic<std::size_t> queued_{0};  // queue_.size(), read without the lock by spinning helpers
    std::vector<std::thread> threads_;
};

inline std::atomic<Pool*> the_pool{nullptr};

inline std::atomic<Pool*> forked_away{nullptr};  // a fork child's copy of the parent's pool, kept reachable

inline void forget_pool_in_child() {  // the parent's threads are not here: a new pool when first needed
    Pool* parents = the_pool.exchange(nullptr);
    if (parents != nullptr) forked_away.store(parents);
}

inline Pool& pool() {
    Pool* p = the_pool.load(std::memory_order_acquire);
    if (p != nullptr) return *p;
    static std::once_flag registered;
#ifndef _WIN32
    std::call_once(registered, [] { pthread_atfork(nullptr, nullptr, &forget_pool_in_child); });
#else
    (void)registered;
#endif
    Pool* made = new Pool();  // never deleted: see above
    if (the_pool.compare_exchange_strong(p, made, std::memory_order_acq_rel)) return *made;
    delete made;  // another thread made it first (and ours has no thread yet)
    return *p;
}
}  // namespace pool_detail

// How many helper threads the pool has now (for tests: it does not grow per call).
inline std::size_t pool_threads() {
    pool_detail::Pool* p = pool_detail::the_pool.load(std::memory_order_acquire);
    return p == nullptr ? 0 : p->size();
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
            auto poll_at = std::chrono::steady_clock::now() + kPollEvery;
            for (std::size_t i = next.fetch_add(1); i < n_tasks; i = next.fetch_add(1)) {
                test_hook::throw_if_planted(i, worker);
                task(i, worker);
                if (worker == 0 && poll != nullptr && std::chrono::steady_clock::now() >= poll_at) {
                    poll();  // throws to stop
                    poll_at = std::chrono::steady_clock::now() + kPollEvery;
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
        pool.post(job, workers - 1);
        work(0);
        pool.finish(job);
    } else {
        work(0);
    }
    if (failed) std::rethrow_exception(failed);
}
}  // namespace wildeval
