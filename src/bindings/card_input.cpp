#include "card_input.hpp"

#include <cstring>

namespace wildeval {
namespace {

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

// Rank and suit characters (either case) as indices, or -1: read off cards.hpp's kRankChars
// and kSuitChars, the one place that says how cards are written.
struct CharIndex {
    int8_t rank[256], suit[256];
    constexpr CharIndex() : rank{}, suit{} {
        for (int c = 0; c < 256; ++c) rank[c] = suit[c] = -1;
        auto lower = [](char ch) { return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch; };
        auto upper = [](char ch) { return ch >= 'a' && ch <= 'z' ? static_cast<char>(ch - 'a' + 'A') : ch; };
        for (int r = 0; r < kRanks; ++r)
            rank[static_cast<unsigned char>(lower(kRankChars[r]))] = rank[static_cast<unsigned char>(upper(kRankChars[r]))] =
                static_cast<int8_t>(r);
        for (int s = 0; s < kSuits; ++s)
            suit[static_cast<unsigned char>(lower(kSuitChars[s]))] = suit[static_cast<unsigned char>(upper(kSuitChars[s]))] =
                static_cast<int8_t>(s);
    }
};
constexpr CharIndex kCharIndex;

int rank_of_char(char ch) { return kCharIndex.rank[static_cast<unsigned char>(ch)]; }
int suit_of_char(char ch) { return kCharIndex.suit[static_cast<unsigned char>(ch)]; }

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

}  // namespace

// Cards as ints 0-51 straight from a list or tuple of exact ints; false if anything about
// them is not plain (the slow path then parses them and says what is wrong).
bool cards_from_ints(PyObject* cards, uint8_t* out, int& n, const RankingSpec& spec) {
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
    if (size < spec.min_cards || size > spec.max_cards) return false;
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
bool cards_from_text(PyObject* text, uint8_t* out, int& n, const RankingSpec& spec) {
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
        if (count == spec.max_cards || (seen >> card & 1)) return false;
        seen |= uint64_t{1} << card;
        out[count++] = static_cast<uint8_t>(card);
    }
    if (count < spec.min_cards) return false;
    n = count;
    return true;
}

// Cards from a one-dimensional buffer of native integers (a numpy row, an array.array); false
// for anything else or anything wrong (the slow path then says what).
bool cards_from_buffer(PyObject* cards, uint8_t* out, int& n, const RankingSpec& spec) {
    if (PyBytes_Check(cards) || PyByteArray_Check(cards) || !PyObject_CheckBuffer(cards)) return false;
    Py_buffer view;
    if (PyObject_GetBuffer(cards, &view, PyBUF_FORMAT | PyBUF_STRIDES) != 0) {
        PyErr_Clear();
        return false;
    }
    bool ok = view.ndim == 1 && view.shape[0] >= spec.min_cards && view.shape[0] <= spec.max_cards;
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

}  // namespace wildeval
