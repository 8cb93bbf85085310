// Integer cards of any width narrowed to bytes in one pass, with the check that every value is a
// card (0-51): nothing is narrowed or wrapped silently (300 is not card 44). The batch border
// (row_source.hpp) narrows its blocks with it (for the kernels and rankings that do not read
// wide cards themselves, and to find the bad card of a block a kernel refused), and the AVX-512
// and AVX2 row kernels the rows past their last whole block.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "cards.hpp"
#include "kernels/rows_kernel.hpp"

#if defined(__SSE4_1__)
#include <smmintrin.h>
#endif
#if defined(WILDEVAL_ROWS16)
WILDEVAL_AVX512_CODE_BEGIN
#endif
#if defined(WILDEVAL_ROWS16) || defined(WILDEVAL_ROWS8)
#include <immintrin.h>
#endif

namespace wildeval {

// Whether an integer of any type is a card (0-51).
template <class T>
constexpr bool is_card(T v) {
    if constexpr (std::is_signed_v<T>)
        if (v < 0) return false;
    return v <= static_cast<T>(kDeck - 1);
}

#if defined(WILDEVAL_ROWS16)
// narrow_cards with AVX-512 (where the row kernel is AVX-512): 64 values a step, truncated to bytes
// while every value's bits are OR-ed together (any bit past 5 shows a value past 63, a
// negative one included); 52-63 show in the largest byte. Returns how many values it took
// (whole steps), `cards` whether all of them are cards.
template <class T>
WILDEVAL_AVX512_TARGET std::size_t narrow_avx512(const T* in, std::size_t n, uint8_t* out, bool& cards) {
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
#else
// Not compiled in this build: declared only, so that narrow_cards names it in every build
// (simd_blocks in rows_kernel.hpp never calls it here).
template <class T>
std::size_t narrow_avx512(const T* in, std::size_t n, uint8_t* out, bool& cards);
#endif

#if defined(WILDEVAL_ROWS8)
// narrow_cards with AVX2 (where the row kernel is AVX2): 32 values a step, 8-byte values cut to
// their low 32 bits, then packed down with saturation and put back in order (the packs work per
// 128-bit lane), every loaded word OR-ed into the bits checked at the end as narrow_avx512 does
// (so a value past 63 shows whatever its low bits). Returns how many values it took (whole
// steps), `cards` whether all of them are cards.
template <class T>
WILDEVAL_AVX2_TARGET std::size_t narrow_avx2(const T* in, std::size_t n, uint8_t* out, bool& cards) {
    static_assert(sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8, "2-, 4- or 8-byte cards");
    constexpr std::size_t kStep = 32;
    constexpr long long kLaneHigh = static_cast<long long>(kPastCardBits<sizeof(T)>);
    __m256i bits = _mm256_setzero_si256(), top = _mm256_setzero_si256();
    auto load = [&](std::size_t at) WILDEVAL_AVX2_TARGET {
        const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + at));
        bits = _mm256_or_si256(bits, v);
        return v;
    };
    // values at..at+7 as 32-bit words, in order
    auto words32 = [&](std::size_t at) WILDEVAL_AVX2_TARGET {
        if constexpr (sizeof(T) == 4) {
            return load(at);
        } else {
            const __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);  // each lane's low half first
            return _mm256_permute2x128_si256(_mm256_permutevar8x32_epi32(load(at), even),
                                             _mm256_permutevar8x32_epi32(load(at + 4), even), 0x20);
        }
    };
    std::size_t i = 0;
    for (; i + kStep <= n; i += kStep) {
        __m256i bytes;
        if constexpr (sizeof(T) == 2) {
            // lanes: 0-7, 16-23 | 8-15, 24-31 -> in order by 64-bit quarters 0, 2, 1, 3
            bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(load(i), load(i + 16)), 0xD8);
        } else {
            const __m256i low = _mm256_packus_epi32(words32(i), words32(i + 8));        // 0-3 8-11 | 4-7 12-15
            const __m256i high = _mm256_packus_epi32(words32(i + 16), words32(i + 24));  // 16-19 24-27 | 20-23 28-31
            // bytes by 32-bit quarter: 0-3 8-11 16-19 24-27 | 4-7 12-15 20-23 28-31
            bytes = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(low, high), _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
        }
        top = _mm256_max_epu8(top, bytes);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), bytes);
    }
    cards = _mm256_testz_si256(bits, _mm256_set1_epi64x(kLaneHigh)) &&
            _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_subs_epu8(top, _mm256_set1_epi8(kDeck - 1)), _mm256_setzero_si256())) == -1;
    return i;
}
#else
// Not compiled in this build: declared only, so that narrow_cards names it in every build
// (simd_blocks in rows_kernel.hpp never calls it here).
template <class T>
std::size_t narrow_avx2(const T* in, std::size_t n, uint8_t* out, bool& cards);
#endif

// Wider integers (any sign) to bytes in one pass, true if every value is a card (0-51). Where the
// row kernel is AVX-512 (narrow_avx512) whole steps of 64 values first, where it is AVX2
// (narrow_avx2) whole steps of 32, from the first 64-byte boundary on; then with SSE4.1 16 values a step, packed
// down with saturation, and every value's bits OR-ed together lane by lane, so that any bit
// past 63 (a negative value's included) shows; 52-63 show in the largest byte; the rest one
// by one.
template <class T>
bool narrow_cards(const T* in, std::size_t n, uint8_t* out) {
    std::size_t i = 0;
    bool cards = true;
    if constexpr (kBuildsAvx512 || kBuildsAvx2) {
        // the values before the first 64-byte boundary one by one, so that the steps' loads are
        // aligned: a load across two lines costs two (about 1.1x on Zen 4, docs/experiments.md)
        const std::size_t head = std::min(n, (64 - reinterpret_cast<uintptr_t>(in) % 64) % 64 / sizeof(T));
        for (; i < head; ++i) {
            cards = cards && is_card(in[i]);
            out[i] = static_cast<uint8_t>(in[i]);
        }
        bool steps = true;
        i += simd_blocks([&](const auto&) { return narrow_avx512(in + i, n - i, out + i, steps); },  // whole steps of 64
                         [&](const auto&) -> std::size_t {
                             if constexpr (sizeof(T) >= 2)
                                 return narrow_avx2(in + i, n - i, out + i, steps);  // whole steps of 32
                             else
                                 return 0;
                         },
                         NoSimdBlocks{});
        cards = cards && steps;
    }
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

}  // namespace wildeval

#if defined(WILDEVAL_ROWS16)
WILDEVAL_AVX512_CODE_END
#endif
