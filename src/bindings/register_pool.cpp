// The core's threads (src/core/threads/parallel.hpp): how many a call uses by default, the
// worker pool's test hooks, and the interrupt poll that lets Ctrl-C stop a long native call.
#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>

#include "threads/parallel.hpp"
#include "register.hpp"

namespace py = pybind11;
using namespace wildeval;

namespace {
unsigned long main_thread_id = 0;  // Python's main thread, the one that receives signals

// Called by run_tasks' calling thread every few milliseconds: on Python's main thread, runs the
// handlers of pending signals; one that raises (Ctrl-C's KeyboardInterrupt) stops the run, and
// its exception reaches Python once the workers have let go.
void poll_python_signals() {
    if (PyThread_get_thread_ident() != main_thread_id) return;
    const py::gil_scoped_acquire hold;
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}
}  // namespace

void register_pool(py::module_& m) {
    main_thread_id = PyThread_get_thread_ident();  // the module is imported on the main thread
    set_interrupt_poll(&poll_python_signals);
    m.attr("MAX_THREADS") = kMaxThreads;
    m.def("hardware_threads", &machine_threads, "The machine's hardware threads (every CPU, usable here or not).");
    m.def("default_threads", &default_threads,
          "The number of threads threads=None uses: WILDEVAL_THREADS if set (read once), else the CPUs this "
          "process may run on, at most its cgroup's CPU quota (ValueError: WILDEVAL_THREADS is not 1-1024).");
    m.def("_cpu_max_threads", [](const std::string& text) { return cpu_max_threads(text); },
          "For tests: the threads a cgroup v2 cpu.max text allows (0: no quota).");
    m.def(
        "_run_tasks_check",
        [](int threads, std::size_t tasks, std::size_t failing) {
            std::atomic<std::size_t> done{0};
            {
                py::gil_scoped_release released;
                run_tasks(threads, tasks, [&](std::size_t i, int) {
                    if (i == failing) throw std::invalid_argument("task " + std::to_string(i) + " failed");
                    done.fetch_add(1);
                });
            }
            return done.load();
        },
        "For tests: runs `tasks` tasks on `threads` threads, task `failing` throwing ValueError (which "
        "must reach the caller from whichever thread ran it); returns how many tasks ran.",
        py::arg("threads"), py::arg("tasks"), py::arg("failing"));
    m.def(
        "_busy_tasks",
        [](int threads, std::size_t tasks, double task_seconds) {
            std::atomic<std::size_t> done{0};
            {
                py::gil_scoped_release released;
                run_tasks(threads, tasks, [&](std::size_t, int) {
                    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(task_seconds);
                    while (std::chrono::steady_clock::now() < until) pool_detail::cpu_relax();
                    done.fetch_add(1);
                });
            }
            return done.load();
        },
        "For tests: runs `tasks` tasks of `task_seconds` of spinning each on `threads` threads (a long "
        "native call that Ctrl-C must stop); returns how many tasks ran.",
        py::arg("threads"), py::arg("tasks"), py::arg("task_seconds"));
    m.def("_pool_threads", &pool_threads,
          "For tests: how many helper threads the core's worker pool has now (parallel.hpp); it is started "
          "lazily, once, and does not grow per call.");
    m.def(
        "_plant_worker_error",
        [](const std::string& kind, long long after_tasks) {
            using test_hook::PlantedError;
            PlantedError planted = PlantedError::kNone;
            if (kind == "runtime_error") planted = PlantedError::kRuntimeError;
            else if (kind == "bad_alloc") planted = PlantedError::kBadAlloc;
            else if (kind == "invalid_argument") planted = PlantedError::kInvalidArgument;
            else if (!kind.empty())
                throw py::value_error("kind must be 'runtime_error', 'bad_alloc', 'invalid_argument' or '', not '" + kind +
                                      "'");
            if (after_tasks < 0) throw py::value_error("after_tasks must be >= 0");
            test_hook::plant_worker_error(planted, after_tasks);
        },
        "TEST HOOK, for tests only: the task of the core's thread pool (run_tasks) that starts after "
        "`after_tasks` more have started, in any later call and on any thread, throws std::runtime_error, "
        "std::bad_alloc or std::invalid_argument (RuntimeError, MemoryError, ValueError in Python) with a "
        "message beginning 'planted <kind> (test hook)'; once thrown the plant is gone. '' clears it.",
        py::arg("kind"), py::arg("after_tasks") = 0);
}
