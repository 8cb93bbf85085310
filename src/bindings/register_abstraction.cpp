// Canonical hand indexing (core/abstraction/hand_indexer.hpp) as _core.HandIndexer: the tables
// built once for a sequence of rounds, then whole arrays of hands indexed (or indices read back)
// with the GIL released, on the worker pool's threads. wildeval.isomorphism checks what users give.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "abstraction/hand_indexer.hpp"
#include "py_evaluator.hpp"
#include "register.hpp"

namespace py = pybind11;
using wildeval::abstraction::HandIndexer;

namespace {

using Cards = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>;
using Indices = py::array_t<uint64_t, py::array::c_style | py::array::forcecast>;

int checked_round(const HandIndexer& self, int round) {
    if (round < 0 || round >= self.rounds())
        throw py::value_error("round must be 0 to " + std::to_string(self.rounds() - 1) + ", not " +
                              std::to_string(round));
    return round;
}

}  // namespace

void register_abstraction(py::module_& m) {
    py::class_<HandIndexer>(m, "HandIndexer")
        .def(py::init<const std::vector<int>&>(), py::arg("rounds"))
        .def_property_readonly("rounds", &HandIndexer::rounds)
        .def("size", [](const HandIndexer& self, int round) { return self.size(checked_round(self, round)); },
             py::arg("round"), "How many classes the hands of rounds 0..round fall into")
        .def("cards", [](const HandIndexer& self, int round) { return self.cards_in(checked_round(self, round)); },
             py::arg("round"), "How many cards a hand of rounds 0..round holds")
        .def(
            "index",
            [](const HandIndexer& self, const Cards& hands, int round, const py::object& threads_arg, bool portable) {
                checked_round(self, round);
                const int width = self.cards_in(round);
                if (hands.ndim() != 2 || hands.shape(1) != width)
                    throw py::value_error("the hands must be an (n, " + std::to_string(width) + ") array of cards");
                const int threads = wildeval::resolve_threads(threads_arg);
                py::array_t<uint64_t> out(hands.shape(0));
                const uint8_t* cards = hands.data();
                uint64_t* to = out.mutable_data();
                const auto n = static_cast<std::size_t>(hands.shape(0));
                {
                    py::gil_scoped_release release;
                    self.index_many(cards, n, round, to, threads, portable);
                }
                return out;
            },
            py::arg("hands"), py::arg("round"), py::arg("threads"), py::arg("portable") = false,
            "The class index of every hand (a row of cards, round by round) of rounds 0..round; portable: "
            "without BMI2 even where the CPU has it (for tests)")
        .def(
            "unindex",
            [](const HandIndexer& self, const Indices& indices, int round, const py::object& threads_arg) {
                checked_round(self, round);
                if (indices.ndim() != 1) throw py::value_error("the indices must be a 1-d array");
                const int threads = wildeval::resolve_threads(threads_arg);
                const auto n = static_cast<std::size_t>(indices.shape(0));
                py::array_t<uint8_t> out({indices.shape(0), static_cast<py::ssize_t>(self.cards_in(round))});
                const uint64_t* from = indices.data();
                uint8_t* to = out.mutable_data();
                {
                    py::gil_scoped_release release;
                    self.unindex_many(from, n, round, to, threads);
                }
                return out;
            },
            py::arg("indices"), py::arg("round"), py::arg("threads"),
            "The canonical hand of every index of round `round` (rows of cards, round by round)");
}
