// The Evaluator class: per call (tp_call), batch, census and versus-field; every argument is
// checked here, at the border, before the GIL is released.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "../core/census.hpp"
#include "../core/evaluator.hpp"
#include "../core/field.hpp"
#include "../core/parallel.hpp"
#include "card_input.hpp"
#include "register.hpp"
#include "result_memory.hpp"
#include "rows.hpp"

namespace py = pybind11;
using namespace wildeval;

namespace {

// Below this many rows a batch runs on the calling thread: starting threads costs more.
constexpr std::size_t kRowsPerThread = 1 << 15;

int resolve_threads(const py::object& threads) {
    if (threads.is_none()) return hardware_threads();
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

// The words of wildeval.rankings.RankingSpec.not_in_deck (a test holds them to it).
std::string not_in_deck(const RankingSpec& spec, int card) {
    return "card " + card_text(card) + " is not in the deck of '" + spec.name + "' (the " +
           std::to_string(kDeck - spec.lowest_card) + " cards from " + card_text(spec.lowest_card) + " up)";
}

class PyEvaluator {
public:
    // std::invalid_argument (a ValueError in Python) for settings the core refuses
    PyEvaluator(const std::string& ranking, uint32_t wild_rank_mask, bool flush_duplicates)
        : core_(ranking, wild_rank_mask, flush_duplicates) {}

    const wildeval::Evaluator& core() const { return core_; }

    uint32_t evaluate_object(PyObject* cards) const {
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

    // `out`: None, or an int32 array of one value per row to write into (checked in Python).
    py::array batch(const py::array& hands, const py::object& threads_arg, const py::object& out_arg) const {
        const int threads = resolve_threads(threads_arg);
        if (hands.ndim() != 2)
            throw py::value_error("hands must be a 2-D array, one hand per row; got " +
                                  std::to_string(hands.ndim()) + " dimension(s)");
        const py::dtype dt = hands.dtype();
        const char kind = dt.kind();
        if ((kind != 'i' && kind != 'u') || dt.itemsize() > 8)
            throw py::type_error("hands must hold integers, not " + std::string(py::str(dt)));
        const std::size_t n_rows = static_cast<std::size_t>(hands.shape(0));
        const int n_cols = static_cast<int>(hands.shape(1));
        if (n_cols < core_.spec().min_cards || n_cols > core_.spec().max_cards)
            throw py::value_error(size_error(core_.spec(), static_cast<std::size_t>(n_cols), "but the rows have") +
                                  " columns");
        py::array result = out_arg.is_none() ? new_result(n_rows) : py::reinterpret_borrow<py::array>(out_arg);
        if (result.ndim() != 1 || static_cast<std::size_t>(result.shape(0)) != n_rows ||
            !py::isinstance<py::array_t<int32_t>>(result) || (result.flags() & py::array::c_style) == 0 ||
            !result.writeable())
            throw py::value_error("out must be a writeable C-contiguous int32 array of one value per row");
        if (n_rows == 0) return result;

        // Each block's cards are checked (and narrowed to bytes) just before the block is
        // evaluated, so that no table is ever read with a bad card and the array is read once;
        // bytes go straight to a kernel that checks them itself, and so do wider integers to a
        // kernel that reads them itself; a block it refuses is checked here to say why (a bad
        // card, or a duplicate).
        const RowSource source(static_cast<const char*>(hands.data()), hands.strides(0), hands.strides(1),
                               static_cast<int>(dt.itemsize()), kind == 'i', n_rows, n_cols);
        const bool kernel_checks = core_.checks_cards(n_cols);
        const bool kernel_reads_wide = source.wide() && core_.reads_wide(n_cols);
        int32_t* out = static_cast<int32_t*>(result.mutable_data());
        const std::size_t parts = std::min<std::size_t>(static_cast<std::size_t>(threads),
                                                        (n_rows + kRowsPerThread - 1) / kRowsPerThread);
        const std::size_t per = (n_rows + parts - 1) / parts;
        std::vector<uint8_t> distinct(parts, 1);
        std::vector<BadCard> bad(parts);
        {
            py::gil_scoped_release release;
            run_tasks(static_cast<int>(parts), parts, [&](std::size_t part, int) {
                const std::size_t end = std::min(n_rows, (part + 1) * per);
                std::vector<uint8_t> buffer;
                for (std::size_t begin = part * per; begin < end; begin += RowSource::kBlockRows) {
                    const std::size_t stop = std::min(end, begin + RowSource::kBlockRows);
                    const uint8_t* in_place = kernel_checks ? source.unchecked(begin) : nullptr;
                    if (in_place != nullptr && core_.evaluate_rows(in_place, stop - begin, n_cols, out + begin))
                        continue;
                    if (kernel_reads_wide &&
                        core_.evaluate_wide_rows(stop - begin, n_cols, out + begin, source.wide_rows(begin, stop, buffer)))
                        continue;
                    const uint8_t* cards = source.block(begin, stop, buffer, bad[part]);
                    if (cards == nullptr) return;
                    if (source.wide() && !kernel_reads_wide) {
                        // narrowed here: the next block is fetched from memory while this one is evaluated
                        const WideCards narrowed{nullptr, 0, buffer.data(), source.span(stop, std::min(end, stop + RowSource::kBlockRows))};
                        distinct[part] &= static_cast<uint8_t>(core_.evaluate_wide_rows(stop - begin, n_cols, out + begin, narrowed));
                    } else {
                        distinct[part] &= static_cast<uint8_t>(core_.evaluate_rows(cards, stop - begin, n_cols, out + begin));
                    }
                }
            });
        }
        for (const BadCard& b : bad)  // parts are in row order: the first bad card of all
            if (b.row != SIZE_MAX)
                throw py::value_error("row " + std::to_string(b.row) + ": card " + b.value + " is not a card (0-51)");
        for (std::size_t part = 0; part < parts; ++part) {
            if (distinct[part]) continue;
            int card = 0;
            bool outside = false;
            const std::size_t row = source.find_refused(part * per, std::min(n_rows, (part + 1) * per),
                                                        core_.spec().lowest_card, card, outside);
            throw py::value_error("row " + std::to_string(row) + ": " +
                                  (outside ? not_in_deck(core_.spec(), card) : "duplicate card " + card_text(card)));
        }
        return result;
    }

    // ev(hole, board): for a split ranking its two parts, for another the union of them.
    uint32_t evaluate_parts(PyObject* hole_obj, PyObject* board_obj) const {
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

    // Two-part rows (uint8, C-contiguous, cards checked): false if a pair of rows holds a card twice.
    bool batch_parts(const py::array& holes, const py::array& boards, const py::object& threads_arg, py::array& out) const {
        const int threads = resolve_threads(threads_arg);
        const std::size_t n_rows = static_cast<std::size_t>(holes.shape(0));
        const int n_hole = static_cast<int>(holes.shape(1)), n_board = static_cast<int>(boards.shape(1));
        const auto* h = static_cast<const uint8_t*>(holes.data());
        const auto* b = static_cast<const uint8_t*>(boards.data());
        int32_t* values = static_cast<int32_t*>(out.mutable_data());
        const std::size_t parts = std::max<std::size_t>(1, std::min<std::size_t>(static_cast<std::size_t>(threads),
                                                                               n_rows / kRowsPerThread));
        const std::size_t per = (n_rows + parts - 1) / parts;
        std::vector<uint8_t> distinct(parts, 1);
        {
            py::gil_scoped_release release;
            run_tasks(static_cast<int>(parts), parts, [&](std::size_t part, int) {
                const std::size_t begin = std::min(n_rows, part * per), end = std::min(n_rows, begin + per);
                distinct[part] = core_.ranking().evaluate_parts_rows(h + begin * n_hole, n_hole, b + begin * n_board,
                                                                     n_board, end - begin, values + begin);
            });
        }
        return std::all_of(distinct.begin(), distinct.end(), [](uint8_t d) { return d != 0; });
    }

private:
    static constexpr int kMaxHand = 2 * kMaxCards;  // a part's cards, read before its size is checked

    // One part of ev(hole, board) into `out`: the fast readers, else the one Python parser. Its
    // size is checked by the caller; more than `most` cards is refused here.
    static int read_part(PyObject* cards, uint8_t* out, int fewest, int most) {
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

    // The value of n checked, distinct cards, once each is seen to be in the ranking's deck.
    uint32_t in_deck(const uint8_t* cards, int n) const {
        check_deck(cards, n);
        return core_.evaluate(cards, n);
    }
    void check_deck(const uint8_t* cards, int n) const {
        const int lowest = core_.spec().lowest_card;
        for (int i = 0; i < n && lowest > 0; ++i)
            if (cards[i] < lowest) throw py::value_error(not_in_deck(core_.spec(), cards[i]));
    }

    wildeval::Evaluator core_;
};

// The C++ object of `self`, an Evaluator instance (its own call slots get nothing else), read
// right in pybind11's simple layout (the general cast looks the type up on every call). One made
// by Evaluator.__new__ alone (no __init__) has none: its holder was never constructed.
const PyEvaluator& made_instance(PyObject* self) {
    auto* inst = reinterpret_cast<py::detail::instance*>(self);
    if (!inst->simple_layout) return py::handle(self).cast<const PyEvaluator&>();
    if (!inst->simple_holder_constructed)
        throw py::type_error("this Evaluator was made without __init__: it holds no evaluator");
    return *static_cast<const PyEvaluator*>(inst->simple_value_holder[0]);
}

PyTypeObject* evaluator_type = nullptr;  // set by register_evaluator

// The same for the `self` of a method, which a caller may pass anything as.
const PyEvaluator& made(py::handle self) {
    if (!PyObject_TypeCheck(self.ptr(), evaluator_type)) throw py::type_error("not an Evaluator");
    return made_instance(self.ptr());
}

// ev(cards), the per-call hot path, without pybind11's argument machinery; ev(hole, board) when
// `board` is given.
PyObject* call_one(PyObject* self, PyObject* cards, PyObject* board = nullptr) {
    try {
        const PyEvaluator& ev = made_instance(self);
        return PyLong_FromUnsignedLong(board == nullptr ? ev.evaluate_object(cards) : ev.evaluate_parts(cards, board));
    } catch (py::error_already_set& e) {
        e.restore();
    } catch (py::builtin_exception& e) {
        e.set_error();
    } catch (std::exception& e) {
        PyErr_SetString(PyExc_RuntimeError, e.what());
    }
    return nullptr;
}

PyObject* one_argument_only() {
    PyErr_SetString(PyExc_TypeError, "an Evaluator takes the cards, or the hole cards and the board: ev(cards), ev(hole, board)");
    return nullptr;
}

// tp_call: the call through an argument tuple (a subclass made in Python that fast_calls did
// not mark, PyObject_Call).
PyObject* evaluator_call(PyObject* self, PyObject* args, PyObject* kwargs) {
    const Py_ssize_t n = PyTuple_GET_SIZE(args);
    if ((kwargs != nullptr && PyDict_GET_SIZE(kwargs) != 0) || n < 1 || n > 2) return one_argument_only();
    return call_one(self, PyTuple_GET_ITEM(args, 0), n == 2 ? PyTuple_GET_ITEM(args, 1) : nullptr);
}

// The call without an argument tuple (vectorcall, PEP 590): each instance holds a pointer to it
// past pybind11's instance layout, written by evaluator_new, at the type's tp_vectorcall_offset.
PyObject* evaluator_vectorcall(PyObject* self, PyObject* const* args, std::size_t nargsf, PyObject* kwnames) {
    const Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    if ((kwnames != nullptr && PyTuple_GET_SIZE(kwnames) != 0) || n < 1 || n > 2) return one_argument_only();
    return call_one(self, args[0], n == 2 ? args[1] : nullptr);
}

Py_ssize_t vectorcall_at = 0;  // where an instance holds it
newfunc instance_new = nullptr;  // pybind11's tp_new

PyObject* evaluator_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
    PyObject* self = instance_new(type, args, kwargs);
    if (self != nullptr) {
        const vectorcallfunc call = evaluator_vectorcall;
        std::memcpy(reinterpret_cast<char*>(self) + vectorcall_at, &call, sizeof call);
    }
    return self;
}

// The Evaluator type: tp_call, and room for the vectorcall pointer after the instance layout.
void evaluator_type_setup(PyHeapTypeObject* heap_type) {
    PyTypeObject& type = heap_type->ht_type;
    type.tp_call = evaluator_call;
    constexpr Py_ssize_t kAlign = alignof(vectorcallfunc);
    vectorcall_at = (type.tp_basicsize + kAlign - 1) / kAlign * kAlign;
    type.tp_basicsize = vectorcall_at + static_cast<Py_ssize_t>(sizeof(vectorcallfunc));
    type.tp_vectorcall_offset = vectorcall_at;
    type.tp_flags |= Py_TPFLAGS_HAVE_VECTORCALL;
    instance_new = type.tp_base->tp_new;
    type.tp_new = evaluator_new;
}

}  // namespace

void register_evaluator(py::module_& m) {
    py::class_<PyEvaluator> evaluator_class(m, "Evaluator", py::custom_type_setup(evaluator_type_setup));
    evaluator_type = reinterpret_cast<PyTypeObject*>(evaluator_class.ptr());
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
            [](py::handle self, int n_cards, const py::object& threads_arg, int lowest_from, int lowest_to) {
                const PyEvaluator& ev = made(self);
                const RankingSpec& spec = ev.core().spec();
                if (n_cards < spec.min_cards || n_cards > spec.max_cards)
                    throw py::value_error(size_error(spec, static_cast<std::size_t>(std::max(n_cards, 0)), "got"));
                const int threads = resolve_threads(threads_arg);
                CategoryCounts counts;
                {
                    py::gil_scoped_release release;
                    counts = census(ev.core(), n_cards, threads, lowest_from, lowest_to);
                }
                py::list out;
                for (uint64_t c : counts) out.append(c);
                return out;
            },
            py::arg("n_cards"), py::arg("threads"), py::arg("lowest_from") = 0, py::arg("lowest_to") = kDeck)
        .def(
            "_versus_field",
            // cards: checked distinct cards of the evaluator's size; mode: 1 or 2 = every deal to
            // that many opponents, 0 = `trials` sampled deals. Returns (win, tie, lose) counts.
            [](py::handle self, const std::vector<int>& cards, int opponents, int mode, uint64_t trials,
               uint64_t seed, const py::object& threads_arg, uint64_t first_chunk, uint64_t chunks) {
                const PyEvaluator& ev = made(self);
                const int threads = resolve_threads(threads_arg);
                uint8_t own[kMaxCards];
                const int n = static_cast<int>(cards.size());
                if (n < ev.core().spec().min_cards || n > ev.core().spec().max_cards)
                    throw py::value_error(size_error(ev.core().spec(), cards.size(), "got"));
                uint64_t seen = 0;
                for (int i = 0; i < n; ++i) {
                    if (cards[i] < 0 || cards[i] >= kDeck || (seen >> cards[i] & 1))
                        throw py::value_error("cards must be distinct ints 0-51");
                    seen |= uint64_t{1} << cards[i];
                    own[i] = static_cast<uint8_t>(cards[i]);
                }
                FieldCounts counts;
                {
                    py::gil_scoped_release release;
                    if (mode == 1) counts = versus_one_exact(ev.core(), own, n, threads);
                    else if (mode == 2) counts = versus_two_exact(ev.core(), own, n, threads);
                    else counts = versus_sampled(ev.core(), own, n, opponents, trials, seed, threads, first_chunk, chunks);
                }
                return py::make_tuple(counts.win, counts.tie, counts.lose);
            },
            py::arg("cards"), py::arg("opponents"), py::arg("mode"), py::arg("trials"), py::arg("seed"),
            py::arg("threads"), py::arg("first_chunk") = 0, py::arg("chunks") = 0);
    m.def(
        "fast_calls",
        [](py::handle cls) {
            // A class made in Python inherits the vectorcall slot but, before Python 3.12, not the
            // flag that lets calls use it: set here for a subclass that keeps Evaluator's call.
            auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
            if (!PyType_Check(cls.ptr()) || !PyType_IsSubtype(type, evaluator_type))
                throw py::type_error("fast_calls takes a subclass of _core.Evaluator");
            if (type->tp_call != evaluator_call || type->tp_vectorcall_offset != vectorcall_at) return false;
            type->tp_flags |= Py_TPFLAGS_HAVE_VECTORCALL;
            PyType_Modified(type);
            return true;
        },
        py::arg("cls"), "Lets calls of an Evaluator subclass skip the argument tuple; false where its call is its own.");
    m.def("keeps_result_memory", &keeps_result_memory,
          "Whether a large batch result's memory is kept for the next one once dropped (result_memory.hpp).");
    m.attr("KEPT_RESULT_FROM") = kKeptResultFrom;
    m.attr("MAX_THREADS") = kMaxThreads;
}
