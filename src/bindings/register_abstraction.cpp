// Canonical hand indexing (core/abstraction/hand_indexer.hpp) as _core.HandIndexer: the tables
// built once for a sequence of rounds, then whole arrays of hands indexed (or indices read back)
// with the GIL released, on the worker pool's threads. wildeval.isomorphism checks what users give.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "abstraction/hand_indexer.hpp"
#include "abstraction/hand_strength.hpp"
#include "abstraction/nearest_centres.hpp"
#include "threads/parallel.hpp"
#include "py_evaluator.hpp"
#include "register.hpp"

namespace py = pybind11;
using wildeval::abstraction::HandIndexer;
using wildeval::abstraction::IndexKernel;

namespace {

using Cards = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>;
using Indices = py::array_t<uint64_t, py::array::c_style | py::array::forcecast>;

// The indexing kernels by name (HandIndexer::index_many), "auto" first.
const std::pair<const char*, IndexKernel> kKernelNames[] = {
    {"auto", IndexKernel::kAuto}, {"portable", IndexKernel::kPortable}, {"bmi2", IndexKernel::kBmi2},
    {"avx512", IndexKernel::kAvx512}};

IndexKernel kernel_of(const std::string& name) {
    for (const auto& [known, kernel] : kKernelNames)
        if (name == known) return kernel;
    throw py::value_error("kernel must be auto, portable, bmi2 or avx512, not " + name);
}

using Weights = py::array_t<double, py::array::c_style | py::array::forcecast>;

Weights weights_of(const py::object& weights) {  // a 52 x 52 array, or an empty one for None (uniform)
    if (weights.is_none()) return Weights(0);
    auto array = weights.cast<Weights>();
    if (array.ndim() != 2 || array.shape(0) != 52 || array.shape(1) != 52)
        throw py::value_error("the weights must be a 52 x 52 array");
    return array;
}

void check_boards(const Cards& boards, int low, int high) {
    if (boards.ndim() != 2 || boards.shape(1) < low || boards.shape(1) > high)
        throw py::value_error("the boards must be an (n, " + std::to_string(low) + "-" + std::to_string(high) +
                              ") array of cards");
}

int checked_round(const HandIndexer& self, int round) {
    if (round < 0 || round >= self.rounds())
        throw py::value_error("round must be 0 to " + std::to_string(self.rounds() - 1) + ", not " +
                              std::to_string(round));
    return round;
}

// Hand strength and potential (core/abstraction/hand_strength.hpp), spots and tables.
void register_strength(py::module_& m) {
    namespace ab = wildeval::abstraction;
    m.def(
        "spot_strength",
        [](const Cards& holes, const Cards& boards, const py::object& weights_arg, int bins,
           const py::object& threads_arg, bool next_street) {
            check_boards(boards, 3, 5);
            if (holes.ndim() != 2 || holes.shape(1) != 2 || holes.shape(0) != boards.shape(0))
                throw py::value_error("the holes must be an (n, 2) array, a row per board");
            if (bins < 1) throw py::value_error("bins must be at least 1");
            const Weights held = weights_of(weights_arg);
            const double* weights = held.size() ? held.data() : nullptr;
            const int threads = wildeval::resolve_threads(threads_arg);
            const auto n = static_cast<std::size_t>(holes.shape(0));
            const int width = static_cast<int>(boards.shape(1));
            py::array_t<double> figures({holes.shape(0), py::ssize_t{10}});
            py::array_t<double> histograms({holes.shape(0), static_cast<py::ssize_t>(bins)});
            const uint8_t* h = holes.data();
            const uint8_t* b = boards.data();
            double* f = figures.mutable_data();
            double* g = histograms.mutable_data();
            {
                py::gil_scoped_release release;
                wildeval::run_tasks(threads, n, [&](std::size_t i, int) {
                    const ab::SpotStrength s = ab::spot_strength(h + 2 * i, b + i * static_cast<std::size_t>(width),
                                                                 width, weights, bins, g + i * static_cast<std::size_t>(bins),
                                                                 next_street);
                    const double row[10] = {s.ahead, s.tied,  s.behind, s.hs,    s.ehs,
                                            s.ehs2,  s.ppot1, s.npot1,  s.ppot2, s.npot2};
                    std::copy(row, row + 10, f + 10 * i);
                });
            }
            return py::make_tuple(figures, histograms);
        },
        py::arg("holes"), py::arg("boards"), py::arg("weights"), py::arg("bins"), py::arg("threads"),
        py::arg("next_street") = false,
        "Each spot's (ahead, tied, behind, HS, E[HS], E[HS^2], PPot1, NPot1, PPot2, NPot2) and its histogram");
    m.def(
        "river_table_part",
        [](const HandIndexer& river, const Cards& boards, const py::object& threads_arg) {
            check_boards(boards, 5, 5);
            const int threads = wildeval::resolve_threads(threads_arg);
            const auto n = static_cast<std::size_t>(boards.shape(0));
            const auto rows = static_cast<py::ssize_t>(n * 1081);
            py::array_t<uint32_t> indices(rows);
            py::array_t<uint16_t> counts(rows);
            const uint8_t* b = boards.data();
            uint32_t* i = indices.mutable_data();
            uint16_t* c = counts.mutable_data();
            {
                py::gil_scoped_release release;
                ab::river_table_part(river, b, n, threads, i, c);
            }
            return py::make_tuple(indices, counts);
        },
        py::arg("river"), py::arg("boards"), py::arg("threads"),
        "Every hole pair of each 5-card board: its index and 2 * ahead + tied (of 1,980)");
    m.def(
        "street_table_part",
        [](const HandIndexer& rounds, const Cards& boards, int bins, const py::object& threads_arg, bool next_street) {
            check_boards(boards, 3, 4);
            if (bins < 1 || bins > 4096) throw py::value_error("bins must be 1 to 4096");
            const int width = static_cast<int>(boards.shape(1));
            const int threads = wildeval::resolve_threads(threads_arg);
            const auto n = static_cast<std::size_t>(boards.shape(0));
            const int left = 52 - width;
            const auto rows = static_cast<py::ssize_t>(n * static_cast<std::size_t>(left * (left - 1) / 2));
            py::array_t<uint32_t> indices(rows);
            py::array_t<uint64_t> sums(rows), squares(rows);
            py::array_t<uint16_t> histograms({rows, static_cast<py::ssize_t>(bins)});
            const uint8_t* b = boards.data();
            uint32_t* i = indices.mutable_data();
            uint64_t* s = sums.mutable_data();
            uint64_t* q = squares.mutable_data();
            uint16_t* g = histograms.mutable_data();
            {
                py::gil_scoped_release release;
                ab::street_table_part(rounds, b, width, n, bins, threads, i, s, q, g, next_street);
            }
            return py::make_tuple(indices, sums, squares, histograms);
        },
        py::arg("rounds"), py::arg("boards"), py::arg("bins"), py::arg("threads"), py::arg("next_street") = false,
        "Every hole pair of each 3- or 4-card board: its index, the sums over every completion to the river "
        "of 2 * ahead + tied and of its square, and its histogram of `bins` bins");
    using Floats = py::array_t<float, py::array::c_style | py::array::forcecast>;
    m.def(
        "nearest_centres",
        [](const Floats& points, const Floats& centres, bool l1, const py::object& threads_arg) {
            if (points.ndim() != 2 || centres.ndim() != 2 || points.shape(1) != centres.shape(1) ||
                points.shape(1) % 8 != 0 || centres.shape(0) < 1)
                throw py::value_error("points and centres must be 2-d arrays of the same width, a multiple of 8, "
                                      "and at least one centre");
            const int threads = wildeval::resolve_threads(threads_arg);
            const auto n = static_cast<std::size_t>(points.shape(0));
            const int dims = static_cast<int>(points.shape(1));
            const int k = static_cast<int>(centres.shape(0));
            py::array_t<int32_t> labels(points.shape(0));
            py::array_t<double> distances(points.shape(0));
            const float* p = points.data();
            const float* c = centres.data();
            int32_t* l = labels.mutable_data();
            double* d = distances.mutable_data();
            {
                py::gil_scoped_release release;
                ab::nearest_centres(p, n, dims, c, k, l1, threads, l, d);
            }
            return py::make_tuple(labels, distances);
        },
        py::arg("points"), py::arg("centres"), py::arg("l1"), py::arg("threads"),
        "The nearest centre of every point (L1, or squared Euclidean) and its distance");
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
            [](const HandIndexer& self, const Cards& hands, int round, const py::object& threads_arg,
               const std::string& kernel_name) {
                checked_round(self, round);
                const int width = self.cards_in(round);
                if (hands.ndim() != 2 || hands.shape(1) != width)
                    throw py::value_error("the hands must be an (n, " + std::to_string(width) + ") array of cards");
                const IndexKernel kernel = kernel_of(kernel_name);
                if (!self.can_run(kernel, round))
                    throw py::value_error("kernel " + kernel_name + " cannot run here for round " +
                                          std::to_string(round) + " (see kernels())");
                const int threads = wildeval::resolve_threads(threads_arg);
                py::array_t<uint64_t> out(hands.shape(0));
                const uint8_t* cards = hands.data();
                uint64_t* to = out.mutable_data();
                const auto n = static_cast<std::size_t>(hands.shape(0));
                {
                    py::gil_scoped_release release;
                    self.index_many(cards, n, round, to, threads, kernel);
                }
                return out;
            },
            py::arg("hands"), py::arg("round"), py::arg("threads"), py::arg("kernel") = "auto",
            "The class index of every hand (a row of cards, round by round) of rounds 0..round; kernel: auto "
            "(the fastest this CPU runs), or one of kernels(round) by name (for tests and benchmarks)")
        .def(
            "kernels",
            [](const HandIndexer& self, int round) {
                checked_round(self, round);
                std::vector<std::string> names;
                for (const auto& [name, kernel] : kKernelNames)
                    if (kernel != IndexKernel::kAuto && self.can_run(kernel, round)) names.emplace_back(name);
                return names;
            },
            py::arg("round"), "The kernels index() can run here for round's hands: portable, bmi2, avx512")
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
    register_strength(m);
}
