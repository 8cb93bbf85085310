// The SSSE3 batch kernel for rows of 5-7 cards (x86-64 builds with SSSE3, as the package's
// default x86-64-v2): the portable kernel's loop (natural_rows_kernel, rows_portable.hpp: four
// rows at a time, their keys scalar sums of 8-byte card keys, their values one lookup each by
// slot) with its own check, PairCheck: a byte compare of two rows within themselves in one
// register (pshufb), the bytes checked in the same loads. It runs where no AVX kernel does, and
// on the rows past an AVX kernel's last block; elsewhere the portable kernel serves.
#pragma once

#include "kernels/rows_kernel.hpp"
#include "kernels/rows_portable.hpp"

#if defined(__SSSE3__)
#define WILDEVAL_ROWS_SSSE3 1

#include <tmmintrin.h>

#include <cstddef>
#include <cstdint>

#include "hand.hpp"

namespace wildeval {

// The SSSE3 kernel's checks of its groups' rows (a Checks of natural_rows_kernel,
// rows_portable.hpp), two rows a register, one in each half with never-cards (0xFF) in the
// lanes past N: each card is compared with the cards one, two and three places on in a cycle of
// N, which meets every pair, and the largest byte is kept for the range check. A group's second
// load reads 16 bytes from its third row: up to 16 - 2N bytes past the group.
template <int N>
class PairCheck {
public:
    static constexpr std::size_t kReach = 2 * static_cast<std::size_t>(N) + 16;  // bytes a group's loads read

    PairCheck() {
        alignas(16) int8_t a[16], f[16], r[3][16];
        for (int half = 0; half < 2; ++half)
            for (int i = 0; i < 8; ++i) {
                const int lane = 8 * half + i;
                a[lane] = static_cast<int8_t>(i < N ? N * half + i : -128);
                f[lane] = static_cast<int8_t>(i < N ? 0 : -1);
                for (int d = 0; d < 3; ++d) r[d][lane] = static_cast<int8_t>(i < N ? 8 * half + (i + d + 1) % N : lane);
            }
        arrange_ = _mm_load_si128(reinterpret_cast<const __m128i*>(a));
        filler_ = _mm_load_si128(reinterpret_cast<const __m128i*>(f));
        for (int d = 0; d < 3; ++d) next_[d] = _mm_load_si128(reinterpret_cast<const __m128i*>(r[d]));
    }
    // The four rows at `rows` (their keys are not asked: the bytes are checked in the same loads).
    void add_group(const uint8_t* rows, uint64_t) {
        repeated_ = _mm_or_si128(repeated_, _mm_or_si128(equal(rows), equal(rows + 2 * N)));
        widest(rows);
        widest(rows + 2 * N);
    }
    // Whether every row added held cards (0-51), each once (a filler lane always equals itself).
    bool cards() const {
        const bool in_range = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_subs_epu8(top_, _mm_set1_epi8(kDeck - 1)),
                                                               _mm_setzero_si128())) == 0xFFFF;
        return in_range && _mm_movemask_epi8(_mm_andnot_si128(filler_, repeated_)) == 0;
    }

private:
    // Equal cards within each of the two rows at `rows` (16 bytes are read: 16 - 2N past them).
    __m128i equal(const uint8_t* rows) const {
        const __m128i raw = _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows));
        const __m128i c = _mm_or_si128(_mm_shuffle_epi8(raw, arrange_), filler_);
        __m128i e = _mm_or_si128(_mm_cmpeq_epi8(c, _mm_shuffle_epi8(c, next_[0])),
                                 _mm_cmpeq_epi8(c, _mm_shuffle_epi8(c, next_[1])));
        if constexpr (N > 5) e = _mm_or_si128(e, _mm_cmpeq_epi8(c, _mm_shuffle_epi8(c, next_[2])));
        return e;
    }
    // The largest byte of the two rows at `rows` folded into top_ (filler lanes read as 0).
    void widest(const uint8_t* rows) {
        const __m128i raw = _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows));
        top_ = _mm_max_epu8(top_, _mm_shuffle_epi8(raw, arrange_));
    }

    __m128i arrange_, filler_, next_[3];
    __m128i repeated_ = _mm_setzero_si128(), top_ = _mm_setzero_si128();
};

}  // namespace wildeval

#else

namespace wildeval {

// Not compiled in this build: declared only, so that callers name it in every build
// (natural_rows_of runs it only where kBuildsSsse3).
template <int N>
class PairCheck;

}  // namespace wildeval

#endif
