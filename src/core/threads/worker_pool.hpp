// The core's one worker pool, the one place the core starts threads (run_tasks in parallel.hpp
// is its one user).
//
// Threads are started once, lazily (the first call that asks for more than one thread), grown up
// to the most helpers any call has asked for (at most max_pool_helpers()), and kept for every
// later call. A call offers its job in a free slot; helpers claim places in it without a lock
// (an atomic count of places left), each taking a worker number of that call (1, 2, ...), while
// the calling thread works on it as worker 0. Nothing ever waits for a helper that has not
// joined: once the calling thread finds no task left it withdraws the job, so helpers busy with
// another call's job (several Python threads at once, or a task that itself calls run_tasks)
// leave it to the caller, never a deadlock. A helper that runs out of work spins for kSpinFor
// before it sleeps, so that calls in quick succession find it awake; a caller waiting for its
// helpers spins the same before it sleeps. After fork() the child drops the parent's pool (its
// threads are not in the child) and starts its own when first needed (pthread_atfork). The pool
// is never destroyed: at exit its idle threads end with the process, so nothing waits on them
// (no hang at interpreter exit).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#ifndef _WIN32
#include <pthread.h>
#endif

namespace wildeval {

// The machine's hardware threads (every CPU, whether or not this process may run on it).
inline int machine_threads() {
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : static_cast<int>(n);
}

namespace pool_detail {

// The most helper threads the pool keeps: one less than the hardware threads, or 7 on a machine
// with fewer (so that threads=8 runs on eight threads anywhere, as tests ask for).
inline int max_pool_helpers() {
    static const int helpers = std::max(machine_threads(), 8) - 1;
    return helpers;
}

// How long a thread spins before it sleeps. A wake-up from sleep costs tens of microseconds
// (more on a virtual machine), as long as a whole 64K-hand batch takes. The spin is short enough
// to cost nothing worth measuring where calls are rare.
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

// A call's work as the helpers see it.
struct Job {
    const std::function<void(int)>* work = nullptr;
    std::atomic<int> places{0};       // places left for helpers (a helper that takes it from > 0 joins)
    std::atomic<int> active{0};       // helpers that joined and have not let go
    std::atomic<int> next_worker{1};  // the worker number the next helper to join gets
};

template <class T>
struct alignas(64) OwnLine {
    T value{};
};

class Pool {
public:
    static constexpr int kSlots = 64;  // calls offered at once (nested calls, several Python threads)

    // Offers `job` to up to `helpers` helpers (the pool grows to that many threads if it has
    // fewer); the slot it is offered in, to pass to finish(), or kSlots where every slot is taken
    // (then no helper joins: the caller does the work).
    int post(Job& job, int helpers) {
        int places = 0;
        {
            const std::lock_guard<std::mutex> hold(lock_);
            const std::size_t want = static_cast<std::size_t>(std::min(helpers, max_pool_helpers()));
            while (threads_.size() < want) {
                try {
                    threads_.emplace_back([this] { serve(); });
                } catch (...) {  // std::system_error or std::bad_alloc: no thread; the started ones do the work
                    break;
                }
            }
            places = static_cast<int>(std::min(want, threads_.size()));
        }
        if (places == 0) return kSlots;
        job.places.store(places);
        for (int slot = 0; slot < kSlots; ++slot) {
            Job* none = nullptr;
            if (!slots_[slot].value.compare_exchange_strong(none, &job)) continue;
            generation_.fetch_add(1);  // spinning helpers look again
            if (sleepers_.load() > 0) {
                { const std::lock_guard<std::mutex> hold(lock_); }  // a helper between its check and its wait is waiting now
                for (int i = 0; i < places; ++i) wake_.notify_one();
            }
            return slot;
        }
        return kSlots;
    }

    // Withdraws `job` from `slot` (no helper joins it after this) and waits for the helpers that
    // joined to let go of it.
    void finish(int slot, Job& job) {
        if (slot == kSlots) return;
        slots_[slot].value.store(nullptr);
        while (visitors_[slot].value.load() != 0) cpu_relax();  // a helper reading the slot joins now or never
        if (job.active.load() == 0 || spin_until([&] { return job.active.load() == 0; })) return;
        std::unique_lock<std::mutex> hold(lock_);
        waiting_callers_.fetch_add(1);
        finished_.wait(hold, [&] { return job.active.load() == 0; });
        waiting_callers_.fetch_sub(1);
    }

    std::size_t size() {
        const std::lock_guard<std::mutex> hold(lock_);
        return threads_.size();
    }

private:
    void serve() {
        for (;;) {
            const uint64_t seen = generation_.load();
            if (join_one()) continue;
            if (spin_until([&] { return generation_.load() != seen; })) continue;
            std::unique_lock<std::mutex> hold(lock_);
            sleepers_.fetch_add(1);
            wake_.wait(hold, [&] { return generation_.load() != seen; });
            sleepers_.fetch_sub(1);
        }
    }

    // Joins one offered job with a place left, works on it and lets go; whether there was one.
    bool join_one() {
        for (int slot = 0; slot < kSlots; ++slot) {
            if (slots_[slot].value.load(std::memory_order_relaxed) == nullptr) continue;
            visitors_[slot].value.fetch_add(1);  // the caller does not return while a helper reads the slot
            Job* job = slots_[slot].value.load();
            const bool joined = job != nullptr && job->places.fetch_sub(1) > 0;
            if (joined) job->active.fetch_add(1);
            visitors_[slot].value.fetch_sub(1);
            if (!joined) continue;
            (*job->work)(job->next_worker.fetch_add(1));  // catches everything itself
            if (job->active.fetch_sub(1) == 1 && waiting_callers_.load() > 0) {  // the job may be gone now
                { const std::lock_guard<std::mutex> hold(lock_); }
                finished_.notify_all();
            }
            return true;
        }
        return false;
    }

    OwnLine<std::atomic<Job*>> slots_[kSlots];
    OwnLine<std::atomic<int>> visitors_[kSlots];  // helpers reading each slot
    alignas(64) std::atomic<uint64_t> generation_{0};  // jobs offered so far
    alignas(64) std::atomic<int> sleepers_{0};         // helpers asleep on wake_ (or about to be)
    std::atomic<int> waiting_callers_{0};              // callers asleep on finished_ (or about to be)
    std::mutex lock_;  // threads_, and sleeping
    std::condition_variable wake_;
    std::condition_variable finished_;
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

}  // namespace wildeval
