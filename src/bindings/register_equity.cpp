// The equity engine (core/equity/equity.hpp) as one class, _core.EquityEngine: the settings and the deal,
// checked once here, then counted exactly by tasks or sampled by chunks with the GIL released.
// wildeval.odds plans the work and adds the parts up.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "card_input.hpp"
#include "equity/equity.hpp"
#include "equity/exact_sum.hpp"
#include "evaluator.hpp"
#include "equity/versus_random.hpp"
#include "threads/parallel.hpp"
#include "register.hpp"

namespace py = pybind11;
using namespace wildeval;

namespace {

using Cards = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>;
using Weights = py::array_t<double, py::array::c_style | py::array::forcecast>;

class PyEquityEngine {
public:
    // players: one (hands, weights) pair each, hands an (n, cards) array of card ints, or the
    // bytes of one known hand's cards (with one weight).
    // low: "" or the ranking of a pot's low half (EquityDeal::low), split as `ranking` is.
    // free_only: a list's hands that meet the board, the dead cards or a known hand are left out
    // (combos() then counts those kept), so that a range goes as it is, unfiltered.
    PyEquityEngine(const std::string& ranking, uint32_t wild_rank_mask, bool flush_duplicates,
                   const std::vector<std::pair<py::object, Weights>>& players, const std::vector<int>& board,
                   const std::vector<int>& dead, int board_size, const std::string& low, bool free_only)
        : kept_(kept_evaluator(ranking, wild_rank_mask, flush_duplicates)), ev_(*kept_) {
        if (!low.empty()) {
            low_ev_ = kept_evaluator(low, 0, true);
            check_high_low(ev_.spec(), low_ev_->spec());  // std::invalid_argument: a ValueError
            deal_.low = &low_ev_->ranking();
        }
        uint64_t seen = 0;  // free_only: the cards a list's hand may not hold (a card past 63 is left to check())
        auto see = [&seen](int c) {
            if (c >= 0 && c < kDeck) seen |= uint64_t{1} << c;
        };
        if (free_only) {
            for (int c : board) see(c);
            for (int c : dead) see(c);
            for (const auto& player : players)
                if (py::isinstance<py::bytes>(player.first))
                    for (char c : py::cast<std::string>(player.first)) see(static_cast<uint8_t>(c));
        }
        for (const auto& [held, weights] : players) {
            EquityPlayer player;
            py::ssize_t n_hands = 1;
            if (py::isinstance<py::bytes>(held)) {  // one known hand, its cards a byte each (no array to make)
                char* data = nullptr;
                py::ssize_t size = 0;
                if (PyBytes_AsStringAndSize(held.ptr(), &data, &size) != 0) throw py::error_already_set();
                if (size < 1 || size > kMaxCards) throw py::value_error("a known hand holds 1 to 7 cards");
                player.n_cards = static_cast<int>(size);
                player.cards.assign(reinterpret_cast<const uint8_t*>(data), reinterpret_cast<const uint8_t*>(data) + size);
            } else {
                const auto hands = py::cast<Cards>(held);
                if (hands.ndim() != 2) throw py::value_error("each player's hands must be a 2-d array of cards");
                player.n_cards = static_cast<int>(hands.shape(1));
                player.cards.assign(hands.data(), hands.data() + hands.size());
                n_hands = hands.shape(0);
            }
            if (weights.size() != n_hands) throw py::value_error("each player needs one weight per hand");
            player.weights.assign(weights.data(), weights.data() + weights.size());
            if (free_only && seen != 0 && !py::isinstance<py::bytes>(held)) {  // the hands that meet `seen` left out, in place
                const std::size_t n = static_cast<std::size_t>(player.n_cards);
                std::size_t kept = 0;
                for (std::size_t i = 0; i < player.weights.size(); ++i) {
                    const uint8_t* hand = player.cards.data() + i * n;
                    uint64_t cards = 0;
                    for (std::size_t j = 0; j < n; ++j) cards |= hand[j] < kDeck ? uint64_t{1} << hand[j] : 0;
                    if (cards & seen) continue;
                    std::copy(hand, hand + n, player.cards.data() + kept * n);
                    player.weights[kept++] = player.weights[i];
                }
                player.cards.resize(kept * n);
                player.weights.resize(kept);
            }
            deal_.players.push_back(std::move(player));
        }
        auto bytes = [](const std::vector<int>& cards) {
            std::vector<uint8_t> out;
            for (int c : cards) {
                if (c < 0 || c >= kDeck) throw py::value_error("cards must be ints 0-51");
                out.push_back(static_cast<uint8_t>(c));
            }
            return out;
        };
        deal_.board = bytes(board);
        deal_.dead = bytes(dead);
        deal_.board_size = board_size;
        deal_.check(ev_);  // std::invalid_argument: a ValueError
    }

    // A deal read here already (known_spot): checked as the constructor above checks it.
    PyEquityEngine(std::shared_ptr<const wildeval::Evaluator> ev, EquityDeal deal)
        : kept_(std::move(ev)), ev_(*kept_), deal_(std::move(deal)) {
        deal_.check(ev_);  // std::invalid_argument: a ValueError
    }

    py::list combos() const {
        py::list out;
        for (const EquityPlayer& player : deal_.players) out.append(player.combos());
        return out;
    }

    py::tuple plan() {
        const ExactPlan& p = exact_plan();
        return py::make_tuple(p.hand_sets, p.boards, p.tasks, p.firsts);
    }

    // One row per task: shares (players * (players + 1)), squares (players), weight, deals, hand sets.
    py::array_t<double> exact(uint64_t first_task, uint64_t n_tasks, int threads) {
        const ExactPlan& plan = exact_plan();
        check_tasks(plan.tasks, first_task, n_tasks);  // before an array is made for the rows
        py::array_t<double> out({static_cast<py::ssize_t>(n_tasks), static_cast<py::ssize_t>(row_width())});
        double* rows = out.mutable_data();
        {
            py::gil_scoped_release release;
            equity_exact(ev_, deal_, plan, first_task, n_tasks, threads_or_all(threads), rows);
        }
        return out;
    }

    // The same tasks' rows added up: each column's correctly rounded sum (exact_sum.hpp, the double
    // math.fsum gives), one row, made without a row a task (what wildeval.odds adds up where it
    // reports no progress and sends no part to Dask).
    py::array_t<double> exact_total(uint64_t first_task, uint64_t n_tasks, int threads) {
        const ExactPlan& plan = exact_plan();
        check_tasks(plan.tasks, first_task, n_tasks);  // before an array is made for the rows
        const std::size_t width = row_width();
        std::vector<double> total(width);
        {
            py::gil_scoped_release release;
            std::vector<double> rows(static_cast<std::size_t>(n_tasks) * width);
            equity_exact(ev_, deal_, plan, first_task, n_tasks, threads_or_all(threads), rows.data());
            add_up(rows, width, total.data());
        }
        return as_array(total);
    }

    // The count board by board against a random player (versus_random.hpp): (the random player, or
    // -1 and why not, completions of the board, tasks, suit renamings that keep the deal, the cards
    // boards are completed from, the board's missing cards).
    py::tuple random_plan() {
        const RandomPlan& p = versus_random_plan();
        return py::make_tuple(p.random, p.why, p.completions, p.tasks, p.renamings.size(), p.free.size(), p.k);
    }

    // One row per task of that count, as exact() writes them.
    py::array_t<double> versus_random(uint64_t first_task, uint64_t n_tasks, int threads) {
        const RandomPlan& plan = versus_random_plan();
        return counted(
            [&] { return equity_versus_random(ev_, deal_, plan, first_task, n_tasks, threads_or_all(threads)); });
    }

    // Their rows added up, as exact_total adds exact()'s.
    py::array_t<double> versus_random_total(uint64_t first_task, uint64_t n_tasks, int threads) {
        const RandomPlan& plan = versus_random_plan();
        return counted_total(
            [&] { return equity_versus_random(ev_, deal_, plan, first_task, n_tasks, threads_or_all(threads)); });
    }

    // The same row for chunks [first_chunk, first_chunk + chunks) of a run of `trials` deals.
    py::array_t<double> sampled(uint64_t trials, uint64_t seed, uint64_t first_chunk, uint64_t chunks, int threads) const {
        EquityCounts counts;
        {
            py::gil_scoped_release release;
            counts = equity_sampled(ev_, deal_, trials, seed, first_chunk, chunks, threads_or_all(threads));
        }
        py::array_t<double> out(static_cast<py::ssize_t>(row_width()));
        write_counts_row(counts, out.mutable_data());
        return out;
    }
    // The hands the first `trials` deals of sampled(trials, seed, ...) give the players (tests).
    py::array_t<int32_t> dealt(uint64_t trials, uint64_t seed) const {
        std::vector<int32_t> hands;
        {
            py::gil_scoped_release release;
            hands = equity_dealt(deal_, trials, seed);
        }
        const py::ssize_t players = static_cast<py::ssize_t>(deal_.players.size());
        py::array_t<int32_t> out({static_cast<py::ssize_t>(trials), players});
        std::copy(hands.begin(), hands.end(), out.mutable_data());
        return out;
    }

private:
    // The plan of an exact count, made once (grouping the sets of hands into classes takes a
    // while for large ranges).
    const ExactPlan& exact_plan() {
        if (!plan_) {
            py::gil_scoped_release release;
            plan_ = std::make_unique<ExactPlan>(plan_exact(deal_, counts_by_ranks(ev_, deal_)));
        }
        return *plan_;
    }
    const RandomPlan& versus_random_plan() {
        if (!random_plan_) random_plan_ = std::make_unique<RandomPlan>(plan_versus_random(ev_, deal_));
        return *random_plan_;
    }
    // The tasks `count` counts (with the GIL released), a row each.
    template <class Count>
    py::array_t<double> counted(Count count) const {
        std::vector<EquityCounts> parts;
        {
            py::gil_scoped_release release;
            parts = count();
        }
        const std::size_t width = row_width();
        py::array_t<double> out({static_cast<py::ssize_t>(parts.size()), static_cast<py::ssize_t>(width)});
        auto rows = out.mutable_unchecked<2>();
        for (std::size_t i = 0; i < parts.size(); ++i) write_counts_row(parts[i], &rows(static_cast<py::ssize_t>(i), 0));
        return out;
    }
    // The tasks `count` counts, their rows added up column by column (add_up), one row.
    template <class Count>
    py::array_t<double> counted_total(Count count) const {
        const std::size_t width = row_width();
        std::vector<double> total(width);
        {
            py::gil_scoped_release release;
            const std::vector<EquityCounts> parts = count();
            std::vector<double> rows(parts.size() * width);
            for (std::size_t i = 0; i < parts.size(); ++i) write_counts_row(parts[i], rows.data() + i * width);
            add_up(rows, width, total.data());
        }
        return as_array(total);
    }
    // Each column of `rows` (width a row) added up into total: whole counts (equal weights) below
    // 2^53 add exactly in any order, so a plain sum; else the correctly rounded sum (exact_sum.hpp,
    // math.fsum's double), so that no split of the work changes a digit.
    static void add_up(const std::vector<double>& rows, std::size_t width, double* total) {
        const std::size_t n = width == 0 ? 0 : rows.size() / width;
        for (std::size_t j = 0; j < width; ++j) {
            double sum = 0;
            bool whole = true;
            for (std::size_t i = 0; i < n; ++i) {
                const double x = rows[i * width + j];
                whole = whole && x == std::floor(x) && x >= 0;
                sum += x;
            }
            total[j] = whole && sum <= 0x1p53 ? sum : exact_sum(rows.data() + j, n, width);
        }
    }
    static py::array_t<double> as_array(const std::vector<double>& values) {
        py::array_t<double> out(static_cast<py::ssize_t>(values.size()));
        std::copy(values.begin(), values.end(), out.mutable_data());
        return out;
    }
    static int threads_or_all(int threads) { return threads <= 0 ? default_threads() : threads; }
    std::size_t row_width() const { return counts_row_width(deal_.players.size()); }

    std::shared_ptr<const wildeval::Evaluator> kept_;  // shared with every engine of the same settings
    const wildeval::Evaluator& ev_;
    std::shared_ptr<const wildeval::Evaluator> low_ev_;  // the low half's, or none
    EquityDeal deal_;
    std::unique_ptr<ExactPlan> plan_;
    std::unique_ptr<RandomPlan> random_plan_;
};

// Up to kMaxCards cards of plain text (card_input's reading, bounds [fewest, most]) into `out`;
// false for anything else.
bool text_cards(PyObject* text, uint8_t* out, int& n, const RankingSpec& spec, int fewest, int most) {
    RankingSpec bounds = spec;
    bounds.min_cards = fewest;
    bounds.max_cards = most;
    return cards_from_text(text, out, n, bounds);
}

// Cards of the board or the dead cards: plain text, or an empty list or tuple (equity's default).
bool shown_cards(PyObject* cards, uint8_t* out, int& n, const RankingSpec& spec) {
    if ((PyTuple_CheckExact(cards) && PyTuple_GET_SIZE(cards) == 0) || (PyList_CheckExact(cards) && PyList_GET_SIZE(cards) == 0)) {
        n = 0;
        return true;
    }
    return PyUnicode_CheckExact(cards) && text_cards(cards, out, n, spec, 0, kMaxCards);
}

// wildeval.odds's reading of a spot of known hands as text, made in one call: (the engine, each
// player's cards as a tuple, the board's and the dead cards' as lists), where every player is
// text of plain cards without a comma (text with one is read as a range first), the board and
// the dead cards are plain text or empty, nothing is there twice, every hand fits the ranking
// with this board, the deck holds them all and the engine takes the deal. None where any of it is
// not so: odds then reads the spot its general way, which says what is wrong in its own order.
py::object known_spot(py::handle players, py::handle board, py::handle dead, py::handle board_size,
                      const std::string& ranking, uint32_t wild_rank_mask, bool flush_duplicates) {
    const bool list = PyList_CheckExact(players.ptr()), tuple = PyTuple_CheckExact(players.ptr());
    if (!list && !tuple) return py::none();
    const Py_ssize_t n_players = list ? PyList_GET_SIZE(players.ptr()) : PyTuple_GET_SIZE(players.ptr());
    if (n_players < 2 || n_players > kMaxPlayers || !PyLong_CheckExact(board_size.ptr())) return py::none();
    const long size = PyLong_AsLong(board_size.ptr());
    if (size < 0 || size > kMaxCards) {
        PyErr_Clear();
        return py::none();
    }
    std::shared_ptr<const wildeval::Evaluator> ev;
    try {
        ev = kept_evaluator(ranking, wild_rank_mask, flush_duplicates);
    } catch (const std::invalid_argument&) {
        return py::none();
    }
    const RankingSpec& spec = ev->spec();
    if (spec.lowest_card > 0) return py::none();  // a short deck: its cards are checked the general way
    EquityDeal deal;
    deal.board_size = static_cast<int>(size);
    uint64_t seen = 0;
    int held = 0;
    auto note = [&](const uint8_t* cards, int n) {
        for (int i = 0; i < n; ++i) {
            if (seen >> cards[i] & 1) return false;
            seen |= uint64_t{1} << cards[i];
        }
        return true;
    };
    py::tuple hands(n_players);
    for (Py_ssize_t i = 0; i < n_players; ++i) {
        PyObject* text = list ? PyList_GET_ITEM(players.ptr(), i) : PyTuple_GET_ITEM(players.ptr(), i);
        if (!PyUnicode_CheckExact(text) || PyUnicode_FindChar(text, ',', 0, PY_SSIZE_T_MAX, 1) != -1) {
            PyErr_Clear();
            return py::none();
        }
        uint8_t cards[kMaxCards];
        int n = 0;
        if (!text_cards(text, cards, n, spec, 1, kMaxCards) || !note(cards, n)) return py::none();
        const bool fits = spec.split() ? spec.min_cards <= n && n <= spec.max_cards && spec.min_board <= size && size <= spec.max_board
                                       : spec.min_cards <= n + size && n + size <= spec.max_cards;
        if (!fits) return py::none();
        EquityPlayer player;
        player.n_cards = n;
        player.cards.assign(cards, cards + n);
        player.weights.assign(1, 1.0);
        deal.players.push_back(std::move(player));
        py::tuple hand(n);
        for (int j = 0; j < n; ++j) hand[j] = py::int_(cards[j]);
        hands[i] = std::move(hand);
        held += n;
    }
    uint8_t shown[kMaxCards], gone[kMaxCards];
    int n_shown = 0, n_gone = 0;
    if (!shown_cards(board.ptr(), shown, n_shown, spec) || !shown_cards(dead.ptr(), gone, n_gone, spec)) return py::none();
    if (n_shown > size || !note(shown, n_shown) || !note(gone, n_gone) || held + size + n_gone > kDeck) return py::none();
    deal.board.assign(shown, shown + n_shown);
    deal.dead.assign(gone, gone + n_gone);
    std::unique_ptr<PyEquityEngine> engine;
    try {
        engine = std::make_unique<PyEquityEngine>(std::move(ev), std::move(deal));
    } catch (const std::invalid_argument&) {
        return py::none();
    }
    py::list board_list(n_shown), dead_list(n_gone);
    for (int j = 0; j < n_shown; ++j) board_list[static_cast<std::size_t>(j)] = py::int_(shown[j]);
    for (int j = 0; j < n_gone; ++j) dead_list[static_cast<std::size_t>(j)] = py::int_(gone[j]);
    return py::make_tuple(py::cast(engine.release(), py::return_value_policy::take_ownership), hands, board_list,
                          dead_list);
}

// Each player's (win, tie, equity) from a run's totals (a row as exact() writes them, summed):
// the shares of the deals won alone, shared, and of the pot, over the weight. The same doubles
// wildeval.odds would get from math.fsum (exact_sum.hpp).
py::list equity_answers(const Weights& totals, std::size_t players) {
    const std::size_t width = players + 1;
    if (players < 1 || players > static_cast<std::size_t>(kMaxPlayers) || totals.ndim() != 1 ||
        static_cast<std::size_t>(totals.shape(0)) != players * width + players + 3)
        throw py::value_error("totals must be one row of a run of this many players");
    const double* row = totals.data();
    const double weight = row[players * width + players];
    py::list out(players);
    double shares[kMaxPlayers + 1];
    for (std::size_t p = 0; p < players; ++p, row += width) {
        for (std::size_t k = 0; k < width; ++k) shares[k] = row[k] / static_cast<double>(k == 0 ? 1 : k);
        out[p] = py::make_tuple(row[1] / weight, exact_sum(row + 2, width - 2) / weight, exact_sum(shares, width) / weight);
    }
    return out;
}

}  // namespace

void register_equity(py::module_& m) {
    py::class_<PyEquityEngine>(m, "EquityEngine")
        .def(py::init<const std::string&, uint32_t, bool, const std::vector<std::pair<py::object, Weights>>&,
                      const std::vector<int>&, const std::vector<int>&, int, const std::string&, bool>(),
             py::arg("ranking"), py::arg("wild_rank_mask"), py::arg("flush_duplicates"), py::arg("players"),
             py::arg("board"), py::arg("dead"), py::arg("board_size"), py::arg("low") = "", py::arg("free_only") = false)
        .def("combos", &PyEquityEngine::combos, "each player's hands (free_only: those that meet no card seen)")
        .def("plan", &PyEquityEngine::plan, "(hand sets, boards per set, tasks, first cards per set or 0)")
        .def("exact", &PyEquityEngine::exact, py::arg("first_task"), py::arg("n_tasks"), py::arg("threads"))
        .def("exact_total", &PyEquityEngine::exact_total, py::arg("first_task"), py::arg("n_tasks"), py::arg("threads"))
        .def("random_plan", &PyEquityEngine::random_plan,
             "(the random player counted board by board or -1, why not, completions, tasks, renamings, free cards, "
             "missing cards)")
        .def("versus_random_total", &PyEquityEngine::versus_random_total, py::arg("first_task"), py::arg("n_tasks"),
             py::arg("threads"))
        .def("versus_random", &PyEquityEngine::versus_random, py::arg("first_task"), py::arg("n_tasks"),
             py::arg("threads"))
        .def("sampled", &PyEquityEngine::sampled, py::arg("trials"), py::arg("seed"), py::arg("first_chunk"),
             py::arg("chunks"), py::arg("threads"))
        .def("dealt", &PyEquityEngine::dealt, py::arg("trials"), py::arg("seed"),
             "each deal's hand of each player, as its place in the player's list (known: 0, from the deck: -1)");
    m.def("known_spot", &known_spot, py::arg("players"), py::arg("board"), py::arg("dead"), py::arg("board_size"),
          py::arg("ranking"), py::arg("wild_rank_mask"), py::arg("flush_duplicates"),
          "(engine, hands, board, dead) for a spot of known hands as plain text, or None: wildeval.odds reads it "
          "the general way then");
    m.def("equity_answers", &equity_answers, py::arg("totals"), py::arg("players"),
          "each player's (win, tie, equity) from a run's summed row, as math.fsum would add its counts");
    m.def(
        "exact_sum", [](const Weights& values) { return exact_sum(values.data(), static_cast<std::size_t>(values.size())); },
        py::arg("values"), "the core's correctly rounded sum (exact_sum.hpp): math.fsum's double, for its tests");
    m.attr("EQUITY_CHUNK") = kEquityChunk;
    m.attr("MAX_PLAYERS") = kMaxPlayers;
}
