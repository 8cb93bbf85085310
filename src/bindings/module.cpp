// pybind11 bindings: validate at the border, release the GIL, call the core. Nothing else.
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
#include "rows.hpp"

namespace py = pybind11;
using namespace wildeval;

namespace {

constexpr const char* kRankChars = "23456789TJQKA";
constexpr const char* kSuitChars = "cdhs";
// Below this many rows a batch runs on the calling thread: starting threads costs more.
constexpr std::size_t kRowsPerThread = 1 << 15;

std::string card_text(int card) { return std::string{kRankChars[rank_of(card)], kSuitChars[suit_of(card)]}; }

// The value of an exact int known to fit one digit (0 .. 2**30 - 1), or -1 for any other int:
// read from the object itself, without the general conversion's checks.
long small_int(PyObject* item) {
#if PY_VERSION_HEX >= 0x030C0000
    if (!PyUnstable_Long_IsCompact(reinterpret_cast<PyLongObject*>(item))) return -1;
    return static_cast<long>(PyUnstable_Long_CompactValue(reinterpret_cast<PyLongObject*>(item)));
#else
    const Py_ssize_t size = Py_SIZE(item);
    if (size == 0) return 0;
    if (size != 1) return -1;
    return static_cast<long>(reinterpret_cast<PyLongObject*>(item)->ob_digit[0]);
#endif
}

// A rank character (either case) as a rank index, or -1.
int rank_of_char(char ch) {
    switch (ch) {
        case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9': return ch - '2';
        case 'T': case 't': return 8;
        case 'J': case 'j': return 9;
        case 'Q': case 'q': return 10;
        case 'K': case 'k': return 11;
        case 'A': case 'a': return 12;
        default: return -1;
    }
}

// A suit letter (either case) as a suit index, or -1.
int suit_of_char(char ch) {
    switch (ch) {
        case 'c': case 'C': return 0;
        case 'd': case 'D': return 1;
        case 'h': case 'H': return 2;
        case 's': case 'S': return 3;
        default: return -1;
    }
}

// The suit of a symbol U+2660..U+2667 from the last byte of its UTF-8 form (E2 99 xx), or -1:
// the black suits ♠ ♣ ♥ ♦ (A0 A3 A5 A6) and the white ones ♤ ♧ ♡ ♢ (A4 A7 A1 A2).
int suit_of_symbol(unsigned char last) {
    switch (last) {
        case 0xA3: case 0xA7: return 0;
        case 0xA6: case 0xA2: return 1;
        case 0xA5: case 0xA1: return 2;
        case 0xA0: case 0xA4: return 3;
        default: return -1;
    }
}

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
    return overflow > 0 ? 1024 : static_cast<int>(std::min<long long>(n, 1024));
}

const RankingSpec& checked_ranking(const std::string& ranking, uint32_t wild_rank_mask) {
    const RankingSpec* spec = find_ranking(ranking);
    if (spec == nullptr) throw py::value_error("unknown ranking '" + ranking + "'");
    if (wild_rank_mask >= (1u << kRanks)) throw py::value_error("wild rank mask out of range");
    if (wild_rank_mask != 0 && !spec->takes_wild)
        throw py::value_error("wild cards are not supported for ranking '" + ranking + "'");
    return *spec;
}

std::string size_error(const RankingSpec& spec, std::size_t got, const char* what) {
    const std::string range = spec.min_cards == spec.max_cards
                                  ? std::to_string(spec.min_cards)
                                  : std::to_string(spec.min_cards) + " to " + std::to_string(spec.max_cards);
    return std::string("a '") + spec.name + "' hand has " + range + " cards, " + what + " " + std::to_string(got);
}

class PyEvaluator {
public:
    PyEvaluator(const std::string& ranking, uint32_t wild_rank_mask, bool flush_duplicates)
        : core_(checked_ranking(ranking, wild_rank_mask), wild_rank_mask, flush_duplicates) {}

    const wildeval::Evaluator& core() const { return core_; }

    // Cards as ints 0-51 straight from a list or tuple of exact ints; false if anything about
    // them is not plain (the slow path then parses them and says what is wrong).
    bool fast_cards(PyObject* cards, uint8_t* out, int& n) const {
        PyObject** items;
        Py_ssize_t size;
        if (PyList_CheckExact(cards)) {
            items = PySequence_Fast_ITEMS(cards);
            size = PyList_GET_SIZE(cards);
        } else if (PyTuple_CheckExact(cards)) {
            items = PySequence_Fast_ITEMS(cards);
            size = PyTuple_GET_SIZE(cards);
        } else {
            return false;
        }
        if (size < core_.spec().min_cards || size > core_.spec().max_cards) return false;
        uint64_t seen = 0;
        for (Py_ssize_t i = 0; i < size; ++i) {
            PyObject* item = items[i];
            if (!PyLong_CheckExact(item)) return false;
            const long v = small_int(item);
            if (v < 0 || v >= kDeck) return false;
            if (seen >> v & 1) return false;
            seen |= uint64_t{1} << v;
            out[i] = static_cast<uint8_t>(v);
        }
        n = static_cast<int>(size);
        return true;
    }

    // Cards from text such as "As Kd 3h", "AsKd", "10h" or "3♥K♣" (UTF-8), exactly as
    // wildeval.cards.parse_cards reads them; false for anything else or anything wrong (the slow
    // path then says what), so that this path never needs an error message of its own.
    bool text_cards(PyObject* text, uint8_t* out, int& n) const {
        Py_ssize_t size = 0;
        const char* p = PyUnicode_AsUTF8AndSize(text, &size);
        if (p == nullptr) {
            PyErr_Clear();
            return false;
        }
        const char* end = p + size;
        uint64_t seen = 0;
        int count = 0;
        while (p < end) {
            const char ch = *p;
            if (ch == ' ' || ch == ',' || ch == '\t' || ch == '\n' || ch == '\r') {
                ++p;
                continue;
            }
            int rank;
            if (ch == '1' && p + 1 < end && p[1] == '0') {
                rank = 8;
                p += 2;
            } else {
                rank = rank_of_char(ch);
                if (rank < 0) return false;
                ++p;
            }
            if (p >= end) return false;
            int suit = suit_of_char(*p);
            if (suit >= 0) {
                ++p;
            } else if (end - p >= 3 && static_cast<unsigned char>(p[0]) == 0xE2 &&
                       static_cast<unsigned char>(p[1]) == 0x99) {
                suit = suit_of_symbol(static_cast<unsigned char>(p[2]));  // U+2660 .. U+2667
                if (suit < 0) return false;
                p += 3;
            } else {
                return false;
            }
            const int card = 4 * rank + suit;
            if (count == core_.spec().max_cards || (seen >> card & 1)) return false;
            seen |= uint64_t{1} << card;
            out[count++] = static_cast<uint8_t>(card);
        }
        if (count < core_.spec().min_cards) return false;
        n = count;
        return true;
    }

    // Cards from a one-dimensional buffer of native integers (a numpy row, an array.array); false
    // for anything else or anything wrong (the slow path then says what).
    bool buffer_cards(PyObject* cards, uint8_t* out, int& n) const {
        if (PyBytes_Check(cards) || PyByteArray_Check(cards) || !PyObject_CheckBuffer(cards)) return false;
        Py_buffer view;
        if (PyObject_GetBuffer(cards, &view, PyBUF_FORMAT | PyBUF_STRIDES) != 0) {
            PyErr_Clear();
            return false;
        }
        bool ok = view.ndim == 1 && view.shape[0] >= core_.spec().min_cards && view.shape[0] <= core_.spec().max_cards;
        const char* format = view.format == nullptr ? "B" : view.format;
        if (*format == '@' || *format == '=') ++format;
        const char kind = format[0];
        ok = ok && kind != '\0' && format[1] == '\0' && std::strchr("bBhHiIlLqQ", kind) != nullptr;
        uint64_t seen = 0;
        for (Py_ssize_t i = 0; ok && i < view.shape[0]; ++i) {
            const char* item = static_cast<const char*>(view.buf) + i * view.strides[0];
            long long v = 0;
            switch (kind) {
                case 'b': v = *reinterpret_cast<const signed char*>(item); break;
                case 'B': v = *reinterpret_cast<const unsigned char*>(item); break;
                case 'h': { short x; std::memcpy(&x, item, sizeof x); v = x; break; }
                case 'H': { unsigned short x; std::memcpy(&x, item, sizeof x); v = x; break; }
                case 'i': { int x; std::memcpy(&x, item, sizeof x); v = x; break; }
                case 'I': { unsigned x; std::memcpy(&x, item, sizeof x); v = x; break; }
                case 'l': { long x; std::memcpy(&x, item, sizeof x); v = x; break; }
                case 'L': { unsigned long x; std::memcpy(&x, item, sizeof x); v = x > 63 ? 64 : static_cast<long long>(x); break; }
                case 'q': { long long x; std::memcpy(&x, item, sizeof x); v = x; break; }
                default: { unsigned long long x; std::memcpy(&x, item, sizeof x); v = x > 63 ? 64 : static_cast<long long>(x); break; }
            }
            ok = v >= 0 && v < kDeck && !(seen >> v & 1);
            if (ok) {
                seen |= uint64_t{1} << v;
                out[i] = static_cast<uint8_t>(v);
            }
        }
        if (ok) n = static_cast<int>(view.shape[0]);
        PyBuffer_Release(&view);
        return ok;
    }

    uint32_t evaluate_object(PyObject* cards) const {
        uint8_t buf[kMaxCards];
        int n = 0;
        if (fast_cards(cards, buf, n)) return core_.evaluate(buf, n);
        if (PyUnicode_Check(cards) ? text_cards(cards, buf, n) : buffer_cards(cards, buf, n))
            return core_.evaluate(buf, n);
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
        return core_.evaluate(buf, n);
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
        py::array result = out_arg.is_none() ? py::array_t<int32_t>(static_cast<py::ssize_t>(n_rows))
                                             : py::reinterpret_borrow<py::array>(out_arg);
        if (result.ndim() != 1 || static_cast<std::size_t>(result.shape(0)) != n_rows ||
            !py::isinstance<py::array_t<int32_t>>(result) || (result.flags() & py::array::c_style) == 0 ||
            !result.writeable())
            throw py::value_error("out must be a writeable C-contiguous int32 array of one value per row");
        if (n_rows == 0) return result;

        // Each block's cards are checked (and narrowed to bytes) just before the block is
        // evaluated, so that no table is ever read with a bad card and the array is read once;
        // bytes go straight to a kernel that checks them itself, and a block it refuses is
        // checked here to say why (a bad card, or a duplicate).
        const bool kernel_checks = core_.checks_cards(n_cols);
        const RowSource source(static_cast<const char*>(hands.data()), hands.strides(0), hands.strides(1),
                               static_cast<int>(dt.itemsize()), kind == 'i', n_rows, n_cols);
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
                    const uint8_t* cards = source.block(begin, stop, buffer, bad[part]);
                    if (cards == nullptr) return;
                    distinct[part] &= static_cast<uint8_t>(core_.evaluate_rows(cards, stop - begin, n_cols, out + begin));
                }
            });
        }
        for (const BadCard& b : bad)  // parts are in row order: the first bad card of all
            if (b.row != SIZE_MAX)
                throw py::value_error("row " + std::to_string(b.row) + ": card " + b.value + " is not a card (0-51)");
        for (std::size_t part = 0; part < parts; ++part) {
            if (distinct[part]) continue;
            int card = 0;
            const std::size_t row = source.find_duplicate(part * per, std::min(n_rows, (part + 1) * per), card);
            throw py::value_error("row " + std::to_string(row) + ": duplicate card " + card_text(card));
        }
        return result;
    }

private:
    wildeval::Evaluator core_;
};

// tp_call of Evaluator: ev(cards) without pybind11's argument machinery, the per-call hot path.
PyObject* evaluator_call(PyObject* self, PyObject* args, PyObject* kwargs) {
    if ((kwargs != nullptr && PyDict_GET_SIZE(kwargs) != 0) || PyTuple_GET_SIZE(args) != 1) {
        PyErr_SetString(PyExc_TypeError, "an Evaluator takes one argument: the cards");
        return nullptr;
    }
    try {
        // pybind11's simple layout holds the C++ object's pointer right in the instance: read it
        // there (the general cast looks the type up on every call).
        auto* inst = reinterpret_cast<py::detail::instance*>(self);
        const PyEvaluator* ev = inst->simple_layout && inst->simple_holder_constructed
                                    ? static_cast<const PyEvaluator*>(inst->simple_value_holder[0])
                                    : &py::handle(self).cast<const PyEvaluator&>();
        return PyLong_FromUnsignedLong(ev->evaluate_object(PyTuple_GET_ITEM(args, 0)));
    } catch (py::error_already_set& e) {
        e.restore();
    } catch (py::builtin_exception& e) {
        e.set_error();
    } catch (std::exception& e) {
        PyErr_SetString(PyExc_RuntimeError, e.what());
    }
    return nullptr;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "wildeval's native core (private: use the wildeval package)";

    py::class_<PyEvaluator>(m, "Evaluator", py::custom_type_setup([](PyHeapTypeObject* heap_type) {
                              heap_type->ht_type.tp_call = evaluator_call;
                          }))
        .def(py::init<const std::string&, uint32_t, bool>(), py::arg("ranking"), py::arg("wild_rank_mask"),
             py::arg("flush_duplicates"))
        .def("_batch", &PyEvaluator::batch, py::arg("hands"), py::arg("threads"), py::arg("out"))
        .def(
            "_census",
            [](const PyEvaluator& ev, int n_cards, const py::object& threads_arg, int lowest_from, int lowest_to) {
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
            [](const PyEvaluator& ev, const std::vector<int>& cards, int opponents, int mode, uint64_t trials,
               uint64_t seed, const py::object& threads_arg, uint64_t first_chunk, uint64_t chunks) {
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

    py::list rankings;
    for (const RankingSpec& spec : kRankingSpecs) rankings.append(spec.name);
    m.attr("RANKINGS") = py::tuple(rankings);
    m.def(
        "table_bytes",
        [] {
            three_card_table(false);
            three_card_table(true);
            return HighTables::get().bytes() + LowTables::get().bytes() +
                   2 * kThreeCardTableSize * sizeof(uint32_t);
        },
        "Bytes held by every table of the core (building any not built yet).");
    m.def("hardware_threads", &hardware_threads, "The number of threads threads=None uses.");
}
