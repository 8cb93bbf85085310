// The native guts player (core/guts/guts_game.hpp): whole games over pre-valued deals, played
// or flipped decision by decision, with the GIL released. wildeval.games.guts.solver.native
// builds the arguments; the checks here name what is wrong in the solver's words.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "guts/guts_game.hpp"
#include "py_evaluator.hpp"
#include "register.hpp"

namespace py = pybind11;
using namespace wildeval;

namespace {

using Int64s = py::array_t<int64_t, py::array::c_style | py::array::forcecast>;

// (players, stages, goal, streak, lowest_pays, in_turn, ante, payment_cap or None, max_rounds, cap_refunds)
using TableArgs = std::tuple<int, int, int, bool, bool, bool, double, py::object, int, bool>;
// ([(level, keys, bars: one per key, or a row per key for a mixed strategy), ...], default bar per stage)
using StrategyArgs = std::tuple<std::vector<std::tuple<int, Int64s, Int64s>>, std::vector<int64_t>>;

guts::Table table_of(const TableArgs& args) {
    guts::Table t;
    const py::object cap = std::get<7>(args);
    std::tie(t.players, t.stages, t.goal, t.streak, t.lowest_pays, t.in_turn, t.ante, std::ignore, t.max_rounds,
             t.cap_refunds) = args;
    t.payment_cap = cap.is_none() ? -1.0 : cap.cast<double>();
    t.check();
    return t;
}

guts::Strategy strategy_of(const StrategyArgs& args, const guts::Table& table) {
    guts::Strategy s;
    const auto& [tables, defaults] = args;
    for (const auto& [level, keys, bars] : tables) {
        if (level < 0 || level > 2) throw py::value_error("a strategy table's level is 0 (fine), 1 (seen) or 2 (cell)");
        if (keys.ndim() != 1 || bars.ndim() < 1 || bars.ndim() > 2 || bars.shape(0) != keys.size() ||
            (bars.ndim() == 2 && bars.shape(1) < 1))
            throw py::value_error("a strategy table needs 1-d keys and a bar per key, or a row of bars per key");
        guts::StrategyTable t;
        t.level = static_cast<guts::Level>(level);
        t.width = bars.ndim() == 2 ? static_cast<std::size_t>(bars.shape(1)) : 1;
        t.keys.assign(keys.data(), keys.data() + keys.size());
        t.bars.assign(bars.data(), bars.data() + bars.size());
        s.tables.push_back(std::move(t));
    }
    if (static_cast<int>(defaults.size()) != table.stages)
        throw py::value_error("a strategy needs one default bar per stage");
    for (int i = 0; i < table.stages; ++i) s.default_bar[i] = defaults[static_cast<std::size_t>(i)];
    s.prepare();
    return s;
}

guts::Pool pool_of(const Int64s& values, const guts::Table& table, bool sequential, uint64_t seed,
                   uint64_t games_in_run) {
    if (values.ndim() != 3 || values.shape(0) < 1 || values.shape(1) != table.players ||
        values.shape(2) != table.stages)
        throw py::value_error("the deals must be an array of (deals, players, stages) hand values");
    guts::Pool pool;
    pool.values = values.data();
    pool.deals = static_cast<std::size_t>(values.shape(0));
    pool.sequential = sequential;
    pool.seed = seed;
    pool.games_in_run = games_in_run;
    return pool;
}

}  // namespace

void register_guts(py::module_& m) {
    m.def(
        "guts_play",
        [](const TableArgs& table_args, const Int64s& values, bool sequential, uint64_t seed, uint64_t first_game,
           std::size_t games, const StrategyArgs& focal_args, const StrategyArgs& others_args,
           const py::object& threads_arg) {
            const guts::Table table = table_of(table_args);
            const guts::Pool pool = pool_of(values, table, sequential, seed, games);
            const guts::Strategy focal = strategy_of(focal_args, table), others = strategy_of(others_args, table);
            const int threads = resolve_threads(threads_arg);  // None: default_threads()
            std::vector<guts::GameResult> results;
            {
                py::gil_scoped_release release;
                // one strategy for every seat: seat 0's decision looked up once (play_game)
                guts::play_games(table, pool, first_game, games, focal.same_as(others) ? others : focal, others,
                                 threads, results);
            }
            const auto n = static_cast<py::ssize_t>(table.players);
            py::array_t<double> chips({static_cast<py::ssize_t>(games), n});
            py::array_t<double> pots(static_cast<py::ssize_t>(games));
            py::array_t<int64_t> rounds(static_cast<py::ssize_t>(games));
            py::array_t<bool> undecided(static_cast<py::ssize_t>(games));
            auto c = chips.mutable_unchecked<2>();
            auto p = pots.mutable_unchecked<1>();
            auto r = rounds.mutable_unchecked<1>();
            auto u = undecided.mutable_unchecked<1>();
            for (std::size_t g = 0; g < games; ++g) {
                const auto i = static_cast<py::ssize_t>(g);
                for (py::ssize_t s = 0; s < n; ++s) c(i, s) = results[g].chips[s];
                p(i) = results[g].pots;
                r(i) = results[g].rounds;
                u(i) = results[g].undecided;
            }
            return py::make_tuple(chips, pots, rounds, undecided);
        },
        "Games first_game.. of a guts table over pre-valued deals, seat 0 on `focal`, the others on "
        "`others`: (chips per game and seat, pot summed over each game's deals, rounds, undecided).",
        py::arg("table"), py::arg("values"), py::arg("sequential"), py::arg("seed"), py::arg("first_game"),
        py::arg("games"), py::arg("focal"), py::arg("others"), py::arg("threads"));
    m.def(
        "guts_flips",
        [](const TableArgs& table_args, const Int64s& values, bool sequential, uint64_t seed, uint64_t first_game,
           std::size_t games, const StrategyArgs& focal_args, const StrategyArgs& others_args, int max_depth,
           bool spread, const py::object& threads_arg) {
            const guts::Table table = table_of(table_args);
            const guts::Pool pool = pool_of(values, table, sequential, seed, games);
            const guts::Strategy focal = strategy_of(focal_args, table), others = strategy_of(others_args, table);
            const int threads = resolve_threads(threads_arg);
            std::vector<guts::Flip> flips;
            {
                py::gil_scoped_release release;
                guts::flip_games(table, pool, first_game, games, focal.same_as(others) ? others : focal, others,
                                 max_depth, spread, threads, flips);
            }
            const auto count = static_cast<py::ssize_t>(flips.size());
            py::array_t<int64_t> keys({count, static_cast<py::ssize_t>(3)});
            py::array_t<int64_t> value(count);
            py::array_t<bool> others_choice(count);
            py::array_t<double> gain(count);
            auto k = keys.mutable_unchecked<2>();
            auto v = value.mutable_unchecked<1>();
            auto o = others_choice.mutable_unchecked<1>();
            auto g = gain.mutable_unchecked<1>();
            for (py::ssize_t i = 0; i < count; ++i) {
                const guts::Flip& f = flips[static_cast<std::size_t>(i)];
                for (py::ssize_t j = 0; j < 3; ++j) k(i, j) = f.keys[j];
                v(i) = f.value;
                o(i) = f.others_choice;
                g(i) = f.gain;
            }
            return py::make_tuple(keys, value, others_choice, gain);
        },
        "Every decision of seat 0 up to the max_depth-th of each game (spread: max_depth of them evenly over a "
        "longer game, each gain times the decisions it stands for), flipped and the game replayed: "
        "(keys at the three levels, hand value, the others' strategy's choice, gain of staying in in antes).",
        py::arg("table"), py::arg("values"), py::arg("sequential"), py::arg("seed"), py::arg("first_game"),
        py::arg("games"), py::arg("focal"), py::arg("others"), py::arg("max_depth"), py::arg("spread"),
        py::arg("threads"));
}
