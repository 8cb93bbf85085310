// The SSSE3 batch kernel for rows of 5-7 cards (x86-64 builds with SSSE3, as the package's
// default x86-64-v2): four rows at a time, their keys scalar sums of 8-byte card keys, their
// duplicate check a byte compare of two rows within themselves in one register (pshufb), their
// values one lookup each by slot. It runs where no AVX kernel does, and on the rows past an AVX
// kernel's last block; elsewhere rows_portable.hpp serves.
#pragma once

#include "kernels/rows_kernel.hpp"

#if defined(__SSSE3__)
#define WILDEVAL_ROWS_SSSE3 1

#include <tmmintrin.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "bits.hpp"
#include "hand.hpp"
#include "rankings/ranking.hpp"

namespace wildeval {

// The duplicate check of two rows of N cards (5-7), one row in each half of a register with
// never-cards (0xFF) in the lanes past N: each card is compared with the cards one, two and
// three places on in a cycle of N, which meets every pair.
template <int N>
struct PairCheck {
    __m128i arrange, filler, next[3];

    PairCheck() {
        alignas(16) int8_t a[16], f[16], r[3][16];
        for (int half = 0; half < 2; ++half)
            for (int i = 0; i < 8; ++i) {
                const int lane = 8 * half + i;
                a[lane] = static_cast<int8_t>(i < N ? N * half + i : -128);
                f[lane] = static_cast<int8_t>(i < N ? 0 : -1);
                for (int d = 0; d < 3; ++d) r[d][lane] = static_cast<int8_t>(i < N ? 8 * half + (i + d + 1) % N : lane);
            }
        arrange = _mm_load_si128(reinterpret_cast<const __m128i*>(a));
        filler = _mm_load_si128(reinterpret_cast<const __m128i*>(f));
        for (int d = 0; d < 3; ++d) next[d] = _mm_load_si128(reinterpret_cast<const __m128i*>(r[d]));
    }
    // Equal cards within each of the two rows at `rows` (16 bytes are read: 16 - 2N past them).
    __m128i equal(const uint8_t* rows) const {
        const __m128i raw = _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows));
        const __m128i c = _mm_or_si128(_mm_shuffle_epi8(raw, arrange), filler);
        __m128i e = _mm_or_si128(_mm_cmpeq_epi8(c, _mm_shuffle_epi8(c, next[0])),
                                 _mm_cmpeq_epi8(c, _mm_shuffle_epi8(c, next[1])));
        if constexpr (N > 5) e = _mm_or_si128(e, _mm_cmpeq_epi8(c, _mm_shuffle_epi8(c, next[2])));
        return e;
    }
    // Whether any row checked into `found` held a card twice (a filler lane always equals itself).
    bool any(__m128i found) const { return _mm_movemask_epi8(_mm_andnot_si128(filler, found)) != 0; }
    // The largest byte of the two rows at `rows` folded into `top` (filler lanes read as 0).
    void widest(const uint8_t* rows, __m128i& top) const {
        const __m128i raw = _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows));
        top = _mm_max_epu8(top, _mm_shuffle_epi8(raw, arrange));
    }
};

// Rows of N cards into `out`, as natural_rows_kernel (rows_portable.hpp) does, with the
// same contract; the rows' bytes are checked here in the same loads as the duplicate check.
// A noted row whose looked-up value is FinalFrom or more is final as it is (no flush can beat it):
// it is dropped before the fix-up.
template <int N, class Shape, FlushRows Flushes, int32_t FinalFrom, class Ahead, class Lookup, class Fix>
bool natural_rows_ssse3(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out, const uint64_t* keys,
                         SlotHash hash, Lookup lookup, Fix fix, Ahead ahead) {
    constexpr std::size_t kGroup = 4;     // rows summed before their lookups
    constexpr std::size_t kChunk = 1024;  // rows between two fix-up passes (a multiple of kGroup)
    constexpr int kShiftBucket = 64 - Shape::kBucketBits, kShiftPos = 64 - Shape::kBucketBits - Shape::kTableBits;
    constexpr uint32_t kSlotMask = (1u << Shape::kTableBits) - 1;
    const PairCheck<N> check;
    __m128i repeated = _mm_setzero_si128(), top = _mm_setzero_si128();
    uint32_t flushes[kChunk + kGroup];  // a padded group's filler rows may be noted too
    std::size_t n_flush = 0;
    AheadSteps<Ahead> fetch(ahead, (n_rows + kGroup - 1) / kGroup);
    auto group = [&](const uint8_t* r, int32_t* o, std::size_t index) {
        fetch.step();
        fetch_rows_ahead<1>(r, 256 * N);  // the rows 256 on (rows_kernel.hpp)
        uint64_t key[kGroup];
        for (std::size_t k = 0; k < kGroup; ++k) {
            const uint8_t* c = r + k * N;
            uint64_t sum = keys[CardParts::kBiasedKeys + c[0]] + keys[c[1]] + keys[c[2]] + keys[c[3]] + keys[c[4]];
            if constexpr (N > 5) sum += keys[c[5]];
            if constexpr (N > 6) sum += keys[c[6]];
            key[k] = sum;
        }
        repeated = _mm_or_si128(repeated, _mm_or_si128(check.equal(r), check.equal(r + 2 * N)));
        check.widest(r, top);
        check.widest(r + 2 * N, top);
        for (std::size_t k = 0; k < kGroup; ++k) {
            const uint64_t h = key[k] * hash.multiplier;
            o[k] = lookup((static_cast<uint32_t>(h >> kShiftPos) + hash.displacement[h >> kShiftBucket]) & kSlotMask);
            if constexpr (Flushes == FlushRows::kRare) {
                if (WILDEVAL_UNLIKELY((key[k] & kFlushFlags) != 0)) flushes[n_flush++] = static_cast<uint32_t>(index + k);
            } else if constexpr (Flushes == FlushRows::kCommon) {
                flushes[n_flush] = static_cast<uint32_t>(index + k);
                n_flush += (key[k] & kFlushFlags) != 0;
            }
        }
    };
    // A group's second load reads 16 bytes from its third row: up to 16 - 2N bytes past the
    // group (for_each_group pads the last one or two groups).
    for (std::size_t start = 0; start < n_rows; start += kChunk) {
        const std::size_t end = std::min(n_rows, start + kChunk);
        n_flush = 0;
        for_each_group<N, kGroup, 2 * N + 16>(rows, n_rows, start, end, out, group);
        fix_noted_rows<N, FinalFrom>(flushes, n_flush, start, end, rows, out, fix);
    }
    const bool in_range = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_subs_epu8(top, _mm_set1_epi8(kDeck - 1)),
                                                           _mm_setzero_si128())) == 0xFFFF;
    return in_range && !check.any(repeated);
}

}  // namespace wildeval

#endif
