// The Evaluator class: each method converts its arguments and calls PyEvaluator
// (py_evaluator.hpp); the per-call slots and the instance layout are instance_layout.cpp's.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

#include "../core/cards.hpp"
#include "../core/parallel.hpp"
#include "instance_layout.hpp"
#include "py_evaluator.hpp"
#include "register.hpp"
#include "result_memory.hpp"

namespace py = pybind11;
using namespace wildeval;

void register_evaluator(py::module_& m) {
    py::class_<PyEvaluator> evaluator_class(m, "Evaluator", py::custom_type_setup(setup_evaluator_type));
    set_evaluator_type(reinterpret_cast<PyTypeObject*>(evaluator_class.ptr()));
    evaluator_class
        .def(py::init<const std::string&, uint32_t, bool>(), py::arg("ranking"), py::arg("wild_rank_mask"),
             py::arg("flush_duplicates"))
        .def(
            "_batch",
            [](py::handle self, const py::array& hands, const py::object& threads, const py::object& out) {
                return made(self).batch(hands, threads, out);
            },
            py::arg("hands"), py::arg("threads"), py::arg("out"))
        .def(
            "_batch_parts",
            [](py::handle self, const py::array& holes, const py::array& boards, const py::object& threads,
               py::array out) { return made(self).batch_parts(holes, boards, threads, out); },
            py::arg("holes"), py::arg("boards"), py::arg("threads"), py::arg("out"))
        .def(
            "_census",
            [](py::handle self, int n_cards, const py::object& threads, int lowest_from, int lowest_to) {
                return made(self).census(n_cards, threads, lowest_from, lowest_to);
            },
            py::arg("n_cards"), py::arg("threads"), py::arg("lowest_from") = 0, py::arg("lowest_to") = kDeck)
        .def(
            "_versus_field",
            [](py::handle self, const std::vector<int>& cards, int opponents, int mode, uint64_t trials, uint64_t seed,
               const py::object& threads, uint64_t first_chunk, uint64_t chunks) {
                return made(self).versus_field(cards, opponents, mode, trials, seed, threads, first_chunk, chunks);
            },
            py::arg("cards"), py::arg("opponents"), py::arg("mode"), py::arg("trials"), py::arg("seed"),
            py::arg("threads"), py::arg("first_chunk") = 0, py::arg("chunks") = 0);
    register_layout_functions(m);
    m.def("keeps_result_memory", &keeps_result_memory,
          "Whether a large batch result's memory is kept for the next one once dropped (result_memory.hpp).");
    m.attr("KEPT_RESULT_FROM") = kKeptResultFrom;
    m.attr("MAX_THREADS") = kMaxThreads;
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
