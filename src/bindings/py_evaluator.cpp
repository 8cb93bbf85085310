#include "py_evaluator.hpp"

#include <algorithm>
#include <string>

#include "batch/batch.hpp"
#include "census.hpp"
#include "equity/field.hpp"
#include "threads/parallel.hpp"
#include "card_input.hpp"
#include "result_memory.hpp"

namespace py = pybind11;

namespace wildeval {

int resolve_threads(const py::object& threads) {
    if (threads.is_none()) return default_threads();
    // any integer (numpy's too), but not a bool
    if (PyBool_Check(threads.ptr()) || !PyIndex_Check(threads.ptr()))
        throw py::type_error("threads must be None or an int >= 1");
    py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(threads.ptr()));
    if (!index) throw py::error_already_set();
    int overflow = 0;
    const long long n = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
    if (overflow < 0 || (overflow == 0 && n < 1))
        throw py::value_error("threads must be None or an int >= 1, got " + std::string(py::str(index)));
    return overflow > 0 ? kMaxThreads : static_cast<int>(std::min<long long>(n, kMaxThreads));
}

std::string size_error(const RankingSpec& spec, std::size_t got, const char* what) {
    const std::string range = spec.min_cards == spec.max_cards
                                  ? std::to_string(spec.min_cards)
                                  : std::to_string(spec.min_cards) + " to " + std::to_string(spec.max_cards);
    return std::string("a '") + spec.name + "' hand has " + range + " cards, " + what + " " + std::to_string(got);
}

namespace {

// The words of wildeval.rankings.RankingSpec.not_in_deck (a test holds them to it).
std::string not_in_deck(const RankingSpec& spec, int card) {
    return "card " + card_text(card) + " is not in the deck of '" + spec.name + "' (the " +
           std::to_string(kDeck - spec.lowest_card) + " cards from " + card_text(spec.lowest_card) + " up)";
}

}  // namespace

uint32_t PyEvaluator::evaluate_object(PyObject* cards) const {
    if (core_.spec().split())
        throw py::type_error(std::string("an '") + core_.spec().name +
                             "' hand is hole cards and a board: call ev(hole, board)");
    uint8_t buf[kMaxCards];
    int n = 0;
    if (cards_from_ints(cards, buf, n, core_.spec())) return in_deck(buf, n);
    if (PyUnicode_Check(cards) ? cards_from_text(cards, buf, n, core_.spec())
                            : cards_from_buffer(cards, buf, n, core_.spec()))
        return in_deck(buf, n);
    // Slow path: one parser for every form of input, with its exact error messages.
    static PyObject* parse = nullptr;
    if (parse == nullptr) parse = py::object(py::module_::import("wildeval.cards").attr("parse_cards")).release().ptr();
    py::list parsed = py::reinterpret_steal<py::object>(PyObject_CallOneArg(parse, cards));
    if (!parsed) throw py::error_already_set();
    if (parsed.size() < static_cast<std::size_t>(core_.spec().min_cards) ||
        parsed.size() > static_cast<std::size_t>(core_.spec().max_cards))
        throw py::value_error(size_error(core_.spec(), parsed.size(), "got"));
    n = static_cast<int>(parsed.size());
    for (int i = 0; i < n; ++i) buf[i] = static_cast<uint8_t>(parsed[i].cast<int>());
    return in_deck(buf, n);
}


py::array PyEvaluator::batch(const py::array& hands, const py::object& threads_arg, const py::object& out_arg) const {
    const int threads = resolve_threads(threads_arg);
    if (hands.ndim() != 2)
        throw py::value_error("hands must be a 2-D array, one hand per row; got " + std::to_string(hands.ndim()) +
                              " dimension(s)");
    const py::dtype dt = hands.dtype();
    const char kind = dt.kind();
    if ((kind != 'i' && kind != 'u') || dt.itemsize() > 8)
        throw py::type_error("hands must hold integers, not " + std::string(py::str(dt)));
    const std::size_t n_rows = static_cast<std::size_t>(hands.shape(0));
    const int n_cols = static_cast<int>(hands.shape(1));
    if (n_cols < core_.spec().min_cards || n_cols > core_.spec().max_cards)
        throw py::value_error(size_error(core_.spec(), static_cast<std::size_t>(n_cols), "but the rows have") + " columns");
    py::array result = out_arg.is_none() ? new_result(n_rows) : py::reinterpret_borrow<py::array>(out_arg);
    if (result.ndim() != 1 || static_cast<std::size_t>(result.shape(0)) != n_rows ||
        !py::isinstance<py::array_t<int32_t>>(result) || (result.flags() & py::array::c_style) == 0 || !result.writeable())
        throw py::value_error("out must be a writeable C-contiguous int32 array of one value per row");
    const RowSource source(static_cast<const char*>(hands.data()), hands.strides(0), hands.strides(1),
                           static_cast<int>(dt.itemsize()), kind == 'i', n_rows, n_cols);
    BatchRefusal refused;
    {
        py::gil_scoped_release release;
        refused = evaluate_batch(core_, source, threads, static_cast<int32_t*>(result.mutable_data()));
    }
    switch (refused.kind) {
        case BatchRefusal::Kind::kNone: return result;
        case BatchRefusal::Kind::kNotACard:
            throw py::value_error("row " + std::to_string(refused.row) + ": card " + refused.value + " is not a card (0-51)");
        case BatchRefusal::Kind::kOutsideDeck:
            throw py::value_error("row " + std::to_string(refused.row) + ": " + not_in_deck(core_.spec(), refused.card));
        case BatchRefusal::Kind::kDuplicate: break;
    }
    throw py::value_error("row " + std::to_string(refused.row) + ": duplicate card " + card_text(refused.card));
}

uint32_t PyEvaluator::evaluate_parts(PyObject* hole_obj, PyObject* board_obj) const {
    const RankingSpec& spec = core_.spec();
    uint8_t hole[kMaxHand], board[kMaxHand];
    const int n_hole = read_part(hole_obj, hole, 1, kMaxHand);
    const int n_board = read_part(board_obj, board, 0, kMaxHand);
    if (spec.split()) {
        if (n_hole < spec.min_cards || n_hole > spec.max_cards)
            throw py::value_error(std::string("an '") + spec.name + "' hand has " + std::to_string(spec.min_cards) +
                                  " to " + std::to_string(spec.max_cards) + " hole cards, got " + std::to_string(n_hole));
        if (n_board < spec.min_board || n_board > spec.max_board)
            throw py::value_error(std::string("an '") + spec.name + "' board has " + std::to_string(spec.min_board) +
                                  " to " + std::to_string(spec.max_board) + " cards, got " + std::to_string(n_board));
    } else if (n_hole + n_board < spec.min_cards || n_hole + n_board > spec.max_cards) {
        throw py::value_error(size_error(spec, static_cast<std::size_t>(n_hole + n_board), "got") +
                              " (hole cards and board together)");
    }
    uint64_t seen = 0;
    for (int i = 0; i < n_hole; ++i) seen |= uint64_t{1} << hole[i];
    for (int i = 0; i < n_board; ++i) {
        if (seen >> board[i] & 1)
            throw py::value_error("duplicate card " + card_text(board[i]) + ": in the hole cards and on the board");
        seen |= uint64_t{1} << board[i];
    }
    check_deck(hole, n_hole);
    check_deck(board, n_board);
    return core_.ranking().evaluate_parts(hole, n_hole, board, n_board);
}


bool PyEvaluator::batch_parts(const py::array& holes, const py::array& boards, const py::object& threads_arg,
                              py::array& out) const {
    const int threads = resolve_threads(threads_arg);
    const std::size_t n_rows = static_cast<std::size_t>(holes.shape(0));
    const int n_hole = static_cast<int>(holes.shape(1)), n_board = static_cast<int>(boards.shape(1));
    py::gil_scoped_release release;
    return evaluate_parts_batch(core_, static_cast<const uint8_t*>(holes.data()), n_hole,
                                static_cast<const uint8_t*>(boards.data()), n_board, n_rows, threads,
                                static_cast<int32_t*>(out.mutable_data()));
}

py::list PyEvaluator::census(int n_cards, const py::object& threads_arg, int lowest_from, int lowest_to) const {
    const RankingSpec& spec = core_.spec();
    if (n_cards < spec.min_cards || n_cards > spec.max_cards)
        throw py::value_error(size_error(spec, static_cast<std::size_t>(std::max(n_cards, 0)), "got"));
    const int threads = resolve_threads(threads_arg);
    CategoryCounts counts;
    {
        py::gil_scoped_release release;
        counts = wildeval::census(core_, n_cards, threads, lowest_from, lowest_to);
    }
    py::list out;
    for (uint64_t c : counts) out.append(c);
    return out;
}

py::tuple PyEvaluator::versus_field(const std::vector<int>& cards, int opponents, int mode, uint64_t trials, uint64_t seed,
                                    const py::object& threads_arg, uint64_t first_chunk, uint64_t chunks) const {
    const int threads = resolve_threads(threads_arg);
    uint8_t own[kMaxCards];
    const int n = static_cast<int>(cards.size());
    if (n < core_.spec().min_cards || n > core_.spec().max_cards)
        throw py::value_error(size_error(core_.spec(), cards.size(), "got"));
    uint64_t seen = 0;
    for (int i = 0; i < n; ++i) {
        if (cards[i] < 0 || cards[i] >= kDeck || (seen >> cards[i] & 1)) throw py::value_error("cards must be distinct ints 0-51");
        seen |= uint64_t{1} << cards[i];
        own[i] = static_cast<uint8_t>(cards[i]);
    }
    FieldCounts counts;
    {
        py::gil_scoped_release release;
        if (mode == 1) counts = versus_one_exact(core_, own, n, threads);
        else if (mode == 2) counts = versus_two_exact(core_, own, n, threads);
        else counts = versus_sampled(core_, own, n, opponents, trials, seed, threads, first_chunk, chunks);
    }
    return py::make_tuple(counts.win, counts.tie, counts.lose);
}

int PyEvaluator::read_part(PyObject* cards, uint8_t* out, int fewest, int most) {
    RankingSpec sizes{"", fewest, most, false, nullptr};
    int n = 0;
    if (cards_from_ints(cards, out, n, sizes)) return n;
    if (PyUnicode_Check(cards) ? cards_from_text(cards, out, n, sizes) : cards_from_buffer(cards, out, n, sizes))
        return n;
    static PyObject* parse = nullptr;
    if (parse == nullptr) parse = py::object(py::module_::import("wildeval.cards").attr("parse_cards")).release().ptr();
    py::list parsed = py::reinterpret_steal<py::object>(PyObject_CallOneArg(parse, cards));
    if (!parsed) throw py::error_already_set();
    if (parsed.size() > static_cast<std::size_t>(most))
        throw py::value_error("a hand's part has at most " + std::to_string(most) + " cards, got " +
                              std::to_string(parsed.size()));
    n = static_cast<int>(parsed.size());
    for (int i = 0; i < n; ++i) out[i] = static_cast<uint8_t>(parsed[i].cast<int>());
    return n;
}


uint32_t PyEvaluator::in_deck(const uint8_t* cards, int n) const {
    check_deck(cards, n);
    return core_.evaluate(cards, n);
}

void PyEvaluator::check_deck(const uint8_t* cards, int n) const {
    const int lowest = core_.spec().lowest_card;
    for (int i = 0; i < n && lowest > 0; ++i)
        if (cards[i] < lowest) throw py::value_error(not_in_deck(core_.spec(), cards[i]));
}


}  // namespace wildeval
