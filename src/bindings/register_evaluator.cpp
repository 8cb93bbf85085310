// The Evaluator class: each method converts its arguments and calls PyEvaluator
// (py_evaluator.hpp); the per-call slots and the instance layout are instance_layout.cpp's.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "cards.hpp"
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
}
