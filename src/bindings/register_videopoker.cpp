// The whole video poker game (core/videopoker/whole_game.hpp) as _core.VideoPokerGame: the count
// table and the pays checked once, then classes of deals played in slices with the GIL released
// (wildeval.videopoker.game calls it slice by slice, for its progress). The deals' classes up to
// suit renaming (core/videopoker/deal_classes.hpp) are _core.videopoker_classes(); the count table
// (core/videopoker/count_table.hpp) is built by _core.videopoker_count_table.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "py_evaluator.hpp"
#include "register.hpp"
#include "videopoker/count_table.hpp"
#include "videopoker/deal_classes.hpp"
#include "videopoker/whole_game.hpp"

namespace py = pybind11;
using namespace wildeval::videopoker;

namespace {

using Int32s = py::array_t<int32_t, py::array::c_style | py::array::forcecast>;
using Int64s = py::array_t<int64_t, py::array::c_style | py::array::forcecast>;
using Bytes = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>;

class PyGame {
public:
    PyGame(Int32s counts, const Int64s& pays, const Int64s& weights) : counts_(std::move(counts)) {
        if (counts_.ndim() != 2 || counts_.shape(0) != static_cast<py::ssize_t>(sets_before(6)))
            throw py::value_error("the count table must be a 2-d array of one row per set of 0 to 5 cards (" +
                                  std::to_string(sets_before(6)) + " rows)");
        if (pays.ndim() != 1 || weights.ndim() != 1) throw py::value_error("pays and weights must be 1-d arrays");
        table_.counts = counts_.data();
        table_.columns = static_cast<int>(counts_.shape(1));
        table_.pays.assign(pays.data(), pays.data() + pays.size());
        table_.weights.assign(weights.data(), weights.data() + weights.size());
        table_.check();  // std::invalid_argument: a ValueError
        strategy_.assign(kDeals, 0);
    }

    std::size_t classes() const { return deal_classes().classes(); }

    // The counts of classes [first, first + n): (by_size (6, columns), holds_by_size (6,)).
    py::tuple play(std::size_t first, std::size_t n, const py::object& threads_arg) {
        const int threads = wildeval::resolve_threads(threads_arg);  // None: default_threads()
        GameCounts counts;
        {
            py::gil_scoped_release release;
            counts = play_classes(table_, first, n, strategy_.data(), threads);
        }
        const auto w = static_cast<py::ssize_t>(table_.columns);
        py::array_t<int64_t> by_size({static_cast<py::ssize_t>(6), w});
        std::copy(counts.by_size.begin(), counts.by_size.end(), by_size.mutable_data());
        py::array_t<int64_t> holds(6);
        std::copy(counts.holds_by_size, counts.holds_by_size + 6, holds.mutable_data());
        return py::make_tuple(by_size, holds);
    }

    py::array_t<uint8_t> strategy() const {
        py::array_t<uint8_t> out(static_cast<py::ssize_t>(strategy_.size()));
        std::copy(strategy_.begin(), strategy_.end(), out.mutable_data());
        return out;
    }

private:
    Int32s counts_;  // kept alive: table_ reads it
    GameTable table_;
    std::vector<uint8_t> strategy_;
};

}  // namespace

void register_videopoker(py::module_& m) {
    py::class_<PyGame>(m, "VideoPokerGame")
        .def(py::init<Int32s, const Int64s&, const Int64s&>(), py::arg("counts"), py::arg("pays"), py::arg("weights"))
        .def_property_readonly("classes", &PyGame::classes)
        .def("play", &PyGame::play, py::arg("first"), py::arg("n"), py::arg("threads"),
             "Plays classes first.. first + n - 1 of the deals: (final counts by hold size and column, deals by "
             "best hold size); their deals' best holds go into strategy()")
        .def("strategy", &PyGame::strategy, "The best hold of every deal played so far, by deal index");
    m.def(
        "videopoker_hold_counts",
        [](const Int32s& counts, const Bytes& dealt) {
            if (counts.ndim() != 2 || counts.shape(0) != static_cast<py::ssize_t>(sets_before(6)) ||
                counts.shape(1) < 1 || counts.shape(1) > kMaxColumns)
                throw py::value_error("the count table must be a 2-d array of one row per set of 0 to 5 cards (" +
                                      std::to_string(sets_before(6)) + " rows)");
            if (dealt.ndim() != 2 || dealt.shape(1) != kHandCards)
                throw py::value_error("the deals must be an (n, 5) array of cards");
            const py::ssize_t n = dealt.shape(0);
            const uint8_t* cards = dealt.data();
            for (py::ssize_t i = 0; i < n * kHandCards; ++i)
                if (cards[i] >= 52 || (i % kHandCards != 0 && cards[i] <= cards[i - 1]))
                    throw py::value_error("deal " + std::to_string(i / kHandCards) +
                                          " is not five cards 0-51, increasing");
            GameTable table;
            table.counts = counts.data();
            table.columns = static_cast<int>(counts.shape(1));
            const py::ssize_t w = counts.shape(1);
            py::array_t<int32_t> out({n, static_cast<py::ssize_t>(kHolds), w});
            int32_t* to = out.mutable_data();
            {
                py::gil_scoped_release release;
                int64_t found[kHolds * kMaxColumns];
                for (py::ssize_t i = 0; i < n; ++i) {
                    hold_counts(table, cards + i * kHandCards, found);
                    for (py::ssize_t j = 0; j < kHolds * w; ++j) *to++ = static_cast<int32_t>(found[j]);
                }
            }
            return out;
        },
        "The final counts of the 32 holds of each deal: (deals, 32 holds, columns)", py::arg("counts"),
        py::arg("dealt"));
    m.def(
        "videopoker_count_table",
        [](const Bytes& hands, const Bytes& column, int columns, const py::object& threads_arg) {
            if (hands.ndim() != 2 || hands.shape(1) != kHandCards || column.ndim() != 1 ||
                column.shape(0) != hands.shape(0))
                throw py::value_error("the hands must be an (n, 5) array of cards and the columns one per hand");
            if (columns < 1 || columns > kMaxColumns)
                throw py::value_error("the table has 1 to " + std::to_string(kMaxColumns) + " columns");
            const int threads = wildeval::resolve_threads(threads_arg);
            py::array_t<int32_t> table({static_cast<py::ssize_t>(sets_before(6)), static_cast<py::ssize_t>(columns)});
            std::fill(table.mutable_data(), table.mutable_data() + table.size(), 0);
            {
                py::gil_scoped_release release;
                count_table(hands.data(), column.data(), static_cast<std::size_t>(hands.shape(0)), columns,
                            table.mutable_data(), threads);
            }
            return table;
        },
        "The count table: for every set of 0 to 5 cards, the hands of each column that hold it", py::arg("hands"),
        py::arg("column"), py::arg("columns"), py::arg("threads"));
    m.def(
        "videopoker_classes",
        [] {
            const DealClasses& classes = deal_classes();
            const auto n = static_cast<py::ssize_t>(classes.classes());
            py::array_t<uint8_t> representative({n, static_cast<py::ssize_t>(kHandCards)});
            py::array_t<uint32_t> deals(n);
            for (py::ssize_t c = 0; c < n; ++c) {
                const auto at = static_cast<std::size_t>(c);
                for (int i = 0; i < kHandCards; ++i)
                    representative.mutable_at(c, i) = classes.representative[at][static_cast<std::size_t>(i)];
                deals.mutable_at(c) = classes.deals_in_class[at];
            }
            return py::make_tuple(representative, deals);
        },
        "The classes of deals up to suit renaming: (each representative's cards, the deals it stands for)");
}
