// Rows of cards from a 2-D integer array of any dtype and layout, read in blocks: each block's
// cards are checked (0-51) and narrowed to bytes right before the block is evaluated, so that
// the array is read from memory once and no table is ever read with a bad card (or, wider
// integers in C order, handed to a kernel that reads them itself: wide_rows). Touches no Python
// object: it runs with the GIL released.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "../core/cards.hpp"
#include "../core/ranking.hpp"
#include "../core/rows_kernel.hpp"

#if defined(__SSE4_1__)
#include <smmintrin.h>
#endif
#if defined(WILDEVAL_ROWS16)
WILDEVAL_AVX512_CODE_BEGIN
#include <immintrin.h>
#endif

namespace wildeval {

// The first bad card met: its row and its value as text (any integer type).
struct BadCard {
    std::size_t row = SIZE_MAX;
    std::string value;
};

class RowSource {
public:
    // `base` points at row 0, column 0; strides in bytes; `itemsize` 1, 2, 4 or 8.
    RowSource(const char* base, std::ptrdiff_t row_stride, std::ptrdiff_t col_stride, int itemsize,
              bool is_signed, std::size_t n_rows, int n_cols)
        : base_(base), s0_(row_stride), s1_(col_stride), n_rows_(n_rows), n_cols_(n_cols),
          itemsize_(itemsize), contiguous_(col_stride == itemsize && row_stride == itemsize * n_cols) {
        switch (itemsize) {
            case 1: read_ = is_signed ? &RowSource::read<int8_t> : &RowSource::read<uint8_t>; break;
            case 2: read_ = is_signed ? &RowSource::read<int16_t> : &RowSource::read<uint16_t>; break;
            case 4: read_ = is_signed ? &RowSource::read<int32_t> : &RowSource::read<uint32_t>; break;
            default: read_ = is_signed ? &RowSource::read<int64_t> : &RowSource::read<uint64_t>; break;
        }
        in_place_ = contiguous_ && itemsize == 1;
    }

    std::size_t rows() const { return n_rows_; }
    // Whether rows are narrowed from a C-contiguous array of 2-8 byte integers.
    bool wide() const { return contiguous_ && !in_place_; }
    // Rows [begin, end) of such an array as a kernel reads them itself (Ranking::reads_wide),
    // narrowed into `buffer` as they are read.
    WideCards wide_rows(std::size_t begin, std::size_t end, std::vector<uint8_t>& buffer) const {
        buffer.resize((end - begin) * static_cast<std::size_t>(n_cols_));
        return {base_ + static_cast<std::ptrdiff_t>(begin) * s0_, itemsize_, buffer.data(), {}};
    }
    // The bytes of rows [begin, end) in the array (C-contiguous only), as a fetch hint.
    ReadAhead span(std::size_t begin, std::size_t end) const {
        return {base_ + static_cast<std::ptrdiff_t>(begin) * s0_, (end - begin) * static_cast<std::size_t>(s0_)};
    }
    int cols() const { return n_cols_; }

    // Rows [begin, end) as bytes, copied (uint8/int8 C-contiguous) or narrowed into `buffer`.
    // nullptr if a card is not 0-51; `bad` then holds the first such card of the block.
    const uint8_t* block(std::size_t begin, std::size_t end, std::vector<uint8_t>& buffer, BadCard& bad) const {
        return (this->*read_)(begin, end, buffer, bad);
    }

    // Rows [begin, end) as they are in the array, unchecked, when they are bytes already (uint8 or
    // int8, C-contiguous); nullptr otherwise. Only for a kernel that checks its bytes itself.
    const uint8_t* unchecked(std::size_t begin) const {
        return in_place_ ? reinterpret_cast<const uint8_t*>(base_ + static_cast<std::ptrdiff_t>(begin) * s0_) : nullptr;
    }

    // The first row in [begin, end) holding a card twice, or SIZE_MAX; `card` is set to it.
    std::size_t find_duplicate(std::size_t begin, std::size_t end, int& card) const {
        std::vector<uint8_t> buffer;
        BadCard bad;
        const std::size_t cols = static_cast<std::size_t>(n_cols_);
        for (std::size_t start = begin; start < end; start += kBlockRows) {
            const std::size_t stop = std::min(end, start + kBlockRows);
            const uint8_t* rows = block(start, stop, buffer, bad);
            if (rows == nullptr) return SIZE_MAX;
            for (std::size_t i = 0; i < stop - start; ++i) {
                uint64_t seen = 0;
                for (std::size_t j = 0; j < cols; ++j) {
                    const int c = rows[i * cols + j];
                    if (seen >> c & 1) {
                        card = c;
                        return start + i;
                    }
                    seen |= uint64_t{1} << c;
                }
            }
        }
        return SIZE_MAX;
    }

    // Rows per block: small enough for the level-2 cache at any item size, large enough that a
    // kernel call's fixed costs vanish.
    static constexpr std::size_t kBlockRows = 4096;

private:
    template <class T>
    const uint8_t* read(std::size_t begin, std::size_t end, std::vector<uint8_t>& buffer, BadCard& bad) const {
        const std::size_t cols = static_cast<std::size_t>(n_cols_), n = (end - begin) * cols;
        const char* first = base_ + static_cast<std::ptrdiff_t>(begin) * s0_;
        if constexpr (sizeof(T) == 1) {
            if (in_place_) {
                // Bytes already: copied, then checked (a max reduction vectorizes; int8 < 0 reads as
                // >= 128). The copy is what is evaluated: with the GIL released another Python
                // thread may write the array, and the bytes evaluated must be the bytes checked.
                buffer.resize(n);
                uint8_t* out = buffer.data();
                std::memcpy(out, first, n);
                uint8_t highest = 0;
                for (std::size_t i = 0; i < n; ++i) highest = std::max(highest, out[i]);
                if (highest <= kDeck - 1) return out;
                for (std::size_t i = 0; i < n; ++i)
                    if (out[i] > kDeck - 1) return fail(begin + i / cols, static_cast<T>(out[i]), bad);
                return out;
            }
        }
        buffer.resize(n);
        uint8_t* out = buffer.data();
        if (contiguous_) {
            const T* in = reinterpret_cast<const T*>(first);
            if (narrow(in, n, out)) return out;
            for (std::size_t i = 0; i < n; ++i)
                if (!is_card(in[i])) return fail(begin + i / cols, in[i], bad);
            return out;
        }
        for (std::size_t i = 0; i < end - begin; ++i)
            for (std::size_t j = 0; j < cols; ++j) {
                T v;
                std::memcpy(&v, first + static_cast<std::ptrdiff_t>(i) * s0_ + static_cast<std::ptrdiff_t>(j) * s1_,
                            sizeof(T));
                if (!is_card(v)) return fail(begin + i, v, bad);
                out[i * cols + j] = static_cast<uint8_t>(v);
            }
        return out;
    }

    // Whether an integer of any type is a card (0-51).
    template <class T>
    static bool is_card(T v) {
        if constexpr (std::is_signed_v<T>)
            if (v < 0) return false;
        return v <= static_cast<T>(kDeck - 1);
    }

    // Wider integers to bytes in one pass, true if every value is a card (0-51). With AVX-512
    // (narrow_avx512) whole steps of 64 values first; then with SSE4.1 16 values a step, packed
    // down with saturation, and every value's bits OR-ed together lane by lane, so that any bit
    // past 63 (a negative value's included) shows; 52-63 show in the largest byte; the rest one
    // by one.
    template <class T>
    static bool narrow(const T* in, std::size_t n, uint8_t* out) {
        std::size_t i = 0;
        bool cards = true;
#if defined(WILDEVAL_ROWS16)
        if (rows_kernel() == RowsKernel::kAvx512) i = narrow_avx512(in, n, out, cards);  // whole steps of 64
#endif
#if defined(__SSE4_1__)
        constexpr uint64_t kLaneHigh = kPastCardBits<sizeof(T)>;
        __m128i bits = _mm_setzero_si128(), top = _mm_setzero_si128();
        auto load = [&](std::size_t at) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + at));
            bits = _mm_or_si128(bits, v);
            return v;
        };
        for (; i + 16 <= n; i += 16) {
            __m128i words[2];  // 8 values each as 16-bit words (exact below 64)
            for (std::size_t h = 0; h < 2; ++h) {
                const std::size_t at = i + 8 * h;
                if constexpr (sizeof(T) == 2) {
                    words[h] = load(at);
                } else if constexpr (sizeof(T) == 4) {
                    words[h] = _mm_packus_epi32(load(at), load(at + 4));
                } else {
                    __m128i low[2];  // the low 32 bits of four values each
                    for (std::size_t q = 0; q < 2; ++q)
                        low[q] = _mm_unpacklo_epi64(_mm_shuffle_epi32(load(at + 4 * q), 0x08),
                                                    _mm_shuffle_epi32(load(at + 4 * q + 2), 0x08));
                    words[h] = _mm_packus_epi32(low[0], low[1]);
                }
            }
            const __m128i bytes = _mm_packus_epi16(words[0], words[1]);
            top = _mm_max_epu8(top, bytes);
            _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), bytes);
        }
        const uint64_t any = static_cast<uint64_t>(_mm_cvtsi128_si64(bits)) |
                             static_cast<uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(bits, bits)));
        const bool wide_ok = (any & kLaneHigh) == 0;
        const bool top_ok = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_subs_epu8(top, _mm_set1_epi8(kDeck - 1)),
                                                             _mm_setzero_si128())) == 0xFFFF;
        cards = cards && wide_ok && top_ok;
#endif
        for (; i < n; ++i) {
            cards = cards && is_card(in[i]);
            out[i] = static_cast<uint8_t>(in[i]);
        }
        return cards;
    }

#if defined(WILDEVAL_ROWS16)
    // narrow with AVX-512 (where the row kernel is AVX-512): 64 values a step, truncated to bytes
    // while every value's bits are OR-ed together (any bit past 5 shows a value past 63, a
    // negative one included); 52-63 show in the largest byte. Returns how many values it took
    // (whole steps), `cards` whether all of them are cards.
    template <class T>
    WILDEVAL_AVX512_TARGET static std::size_t narrow_avx512(const T* in, std::size_t n, uint8_t* out, bool& cards) {
        constexpr std::size_t kStep = 64, kPerLoad = 64 / sizeof(T);
        constexpr long long kLaneHigh = static_cast<long long>(kPastCardBits<sizeof(T)>);
        __m512i bits = _mm512_setzero_si512(), top = _mm512_setzero_si512();
        std::size_t i = 0;
        for (; i + kStep <= n; i += kStep) {
            __m512i part[kStep / kPerLoad];
            for (std::size_t q = 0; q < kStep / kPerLoad; ++q) {
                part[q] = _mm512_loadu_si512(in + i + q * kPerLoad);
                bits = _mm512_or_si512(bits, part[q]);
            }
            __m512i bytes;
            if constexpr (sizeof(T) == 2) {
                bytes = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi16_epi8(part[0])), _mm512_cvtepi16_epi8(part[1]), 1);
            } else if constexpr (sizeof(T) == 4) {
                bytes = _mm512_castsi128_si512(_mm512_cvtepi32_epi8(part[0]));
                bytes = _mm512_inserti32x4(bytes, _mm512_cvtepi32_epi8(part[1]), 1);
                bytes = _mm512_inserti32x4(bytes, _mm512_cvtepi32_epi8(part[2]), 2);
                bytes = _mm512_inserti32x4(bytes, _mm512_cvtepi32_epi8(part[3]), 3);
            } else {
                __m128i pairs[4];  // two loads' eight bytes each
                for (int q = 0; q < 4; ++q)
                    pairs[q] = _mm_unpacklo_epi64(_mm512_cvtepi64_epi8(part[2 * q]), _mm512_cvtepi64_epi8(part[2 * q + 1]));
                bytes = _mm512_castsi128_si512(pairs[0]);
                bytes = _mm512_inserti32x4(bytes, pairs[1], 1);
                bytes = _mm512_inserti32x4(bytes, pairs[2], 2);
                bytes = _mm512_inserti32x4(bytes, pairs[3], 3);
            }
            top = _mm512_max_epu8(top, bytes);
            _mm512_storeu_si512(out + i, bytes);
        }
        cards = _mm512_test_epi64_mask(bits, _mm512_set1_epi64(kLaneHigh)) == 0 &&
                _mm512_cmpgt_epu8_mask(top, _mm512_set1_epi8(kDeck - 1)) == 0;
        return i;
    }
#endif

    template <class T>
    static const uint8_t* fail(std::size_t row, T value, BadCard& bad) {
        bad.row = row;
        bad.value = std::to_string(+value);
        return nullptr;
    }

    using Reader = const uint8_t* (RowSource::*)(std::size_t, std::size_t, std::vector<uint8_t>&, BadCard&) const;
    const char* base_;
    std::ptrdiff_t s0_, s1_;
    std::size_t n_rows_;
    int n_cols_;
    int itemsize_;
    bool contiguous_;
    bool in_place_ = false;
    Reader read_ = nullptr;
};

}  // namespace wildeval

#if defined(WILDEVAL_ROWS16)
WILDEVAL_AVX512_CODE_END
#endif
