// The sampler's words and cards in AVX2 (deal_draws.hpp): where the deposit draws the cards (the
// AVX2 kernel's way, or the AVX-512 kernels' on a CPU without IFMA; every such CPU has AVX2),
// four 64-bit lanes do what AVX-512 IFMA's eight do in deal_draws_ifma.cpp: SplitMix's words,
// Lemire's check and the digits by 32-bit multiplies (vpmuludq) instead of the scalar port's.
// The same numbers as the scalar loops, in the same order.
#include "equity/deal_draws.hpp"

#include <algorithm>

#include "bits.hpp"
#include "kernels/rows_kernel.hpp"

#if defined(WILDEVAL_ROWS8)
#include <immintrin.h>
#endif

namespace wildeval {

#if defined(WILDEVAL_ROWS8)
namespace {

// The digit step on four 52-bit words at once, w * b = digit * 2^52 + the next w for b
// below 2^32, by two 32-bit multiplies (w's halves times b).
WILDEVAL_AVX2_TARGET inline __m256i digit_step_avx2(__m256i& w, __m256i bound) {
    const __m256i low = _mm256_mul_epu32(w, bound);                                        // (w mod 2^32) * b
    const __m256i upper = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(w, 32), bound),  // (w * b) >> 32
                                           _mm256_srli_epi64(low, 32));
    const __m256i mask = _mm256_set1_epi64x(static_cast<long long>(DealDraws::kWordMask));
    w = _mm256_and_si256(_mm256_blend_epi32(low, _mm256_slli_epi64(upper, 32), 0xAA), mask);  // the low 52 bits
    return _mm256_srli_epi64(upper, 20);
}

// a * b mod 2^64 in four lanes, by three 32-bit multiplies
WILDEVAL_AVX2_TARGET inline __m256i mul_low_avx2(__m256i a, __m256i b) {
    const __m256i cross = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(a, 32), b), _mm256_mul_epu32(a, _mm256_srli_epi64(b, 32)));
    return _mm256_add_epi64(_mm256_mul_epu32(a, b), _mm256_slli_epi64(cross, 32));
}

// SplitMix's words from four states.
WILDEVAL_AVX2_TARGET inline __m256i splitmix_words_avx2(__m256i z) {
    z = mul_low_avx2(_mm256_xor_si256(z, _mm256_srli_epi64(z, 30)), _mm256_set1_epi64x(static_cast<long long>(SplitMix::kMix1)));
    z = mul_low_avx2(_mm256_xor_si256(z, _mm256_srli_epi64(z, 27)), _mm256_set1_epi64x(static_cast<long long>(SplitMix::kMix2)));
    return _mm256_xor_si256(z, _mm256_srli_epi64(z, 31));
}

}  // namespace

// The words of deals [from, n) where one group holds every digit and at most one list is drawn
// (one_list_words' numbers), four deals at a time while all four of their group words are kept
// and the four fit: SplitMix's state is a counter, so the four attempts' words are known (a coin
// for a weighted list, then the group word); Lemire's check, the list's digit and Walker's coin
// are read in AVX2 and the four deals' hands gathered. Returns the first deal not drawn: one
// whose word (or an earlier attempt's of the four) is thrown back, or past the last whole four;
// the scalar loop draws that one.
template <bool kSeveral, bool kWeighted>
WILDEVAL_AVX2_TARGET std::size_t DealDraws::one_list_words_avx2(SplitMix& source, std::size_t from, std::size_t n) {
    static_assert(kSeveral || !kWeighted, "a list of one hand has no coin");
    constexpr uint64_t kStride = kWeighted ? 2 : 1;  // the words an attempt reads
    uint64_t state = source.state;  // in a register: the stores below cannot change it
    const List* const list = lists_.empty() ? nullptr : &lists_[0];
    const uint32_t* const players = list != nullptr ? list->players.data() : nullptr;
    const std::size_t n_players = list != nullptr ? list->players.size() : 0, size = list != nullptr ? list->size() : 0;
    const int* const drawable = list != nullptr ? reinterpret_cast<const int*>(list->drawable.data()) : nullptr;
    const long long* const masks = list != nullptr ? reinterpret_cast<const long long*>(list->masks.data()) : nullptr;
    const double* const chance = kWeighted ? list->chance.data() : nullptr;
    const int* const alias = kWeighted ? reinterpret_cast<const int*>(list->alias.data()) : nullptr;
    uint32_t* const picked = picked_.data();
    uint64_t* const lefts = lefts_.data();
    uint64_t* const card_words = cards_per_deal_ > 0 ? card_words_.data() : nullptr;
    constexpr uint64_t kStep = SplitMix::kStep;
    // attempt i's group word is word (i + 1) * kStride after the state, its coin the word before
    const __m256i steps = _mm256_setr_epi64x(static_cast<long long>(kStride * kStep), static_cast<long long>(2 * kStride * kStep),
                                             static_cast<long long>(3 * kStride * kStep), static_cast<long long>(4 * kStride * kStep));
    const __m256i coin_steps = _mm256_sub_epi64(steps, _mm256_set1_epi64x(static_cast<long long>(kStep)));
    const __m256i product = _mm256_set1_epi64x(static_cast<long long>(groups_[0].product));
    const __m256i floor = _mm256_set1_epi64x(static_cast<long long>(groups_[0].floor));
    const __m256i mask52 = _mm256_set1_epi64x(static_cast<long long>(kWordMask));
    const __m256i bound = _mm256_set1_epi64x(kSeveral ? bounds_[0] : 1);
    const __m256i rests = _mm256_set1_epi64x(static_cast<long long>(rest_));
    std::size_t t = from;
    for (; t + 4 <= n; t += 4, state += 4 * kStride * kStep) {
        const __m256i states = _mm256_set1_epi64x(static_cast<long long>(state));
        __m256i w = _mm256_srli_epi64(splitmix_words_avx2(_mm256_add_epi64(states, steps)), 12);
        const __m256i thrown = _mm256_cmpgt_epi64(floor, _mm256_and_si256(mul_low_avx2(w, product), mask52));
        if (WILDEVAL_UNLIKELY(!_mm256_testz_si256(thrown, thrown))) break;
        __m256i place = kSeveral ? digit_step_avx2(w, bound) : _mm256_setzero_si256();
        if (kWeighted) {  // Walker's coin, the top 53 bits of its word as a double in [0, 1): the alias where it is not below the chance
            const __m256i bits = _mm256_srli_epi64(splitmix_words_avx2(_mm256_add_epi64(states, coin_steps)), 11);
            // bits < 2^53 as a double: its high 21 bits and its low 32 each in a double's mantissa
            const __m256d high = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(_mm256_srli_epi64(bits, 32), _mm256_castpd_si256(_mm256_set1_pd(0x1.0p84)))),
                                               _mm256_set1_pd(0x1.0p84 + 0x1.0p52));
            const __m256d low = _mm256_castsi256_pd(_mm256_blend_epi32(bits, _mm256_castpd_si256(_mm256_set1_pd(0x1.0p52)), 0xAA));
            const __m256d coin = _mm256_mul_pd(_mm256_add_pd(high, low), _mm256_set1_pd(0x1.0p-53));
            const __m256d to_alias = _mm256_cmp_pd(coin, _mm256_i64gather_pd(chance, place, 8), _CMP_NLT_UQ);
            place = _mm256_castpd_si256(_mm256_blendv_pd(_mm256_castsi256_pd(place),
                                                         _mm256_castsi256_pd(_mm256_cvtepu32_epi64(_mm256_i64gather_epi32(alias, place, 4))), to_alias));
        }
        if (list != nullptr) {
            for (std::size_t m = 0; m < n_players; ++m)
                _mm_storeu_si128(reinterpret_cast<__m128i*>(picked + players[m] * kBlock + t),
                                 _mm256_i64gather_epi32(drawable + m * size, place, 4));
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(lefts + t), _mm256_andnot_si256(_mm256_i64gather_epi64(masks, place, 8), rests));
        } else {
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(lefts + t), rests);
        }
        if (card_words != nullptr) _mm256_storeu_si256(reinterpret_cast<__m256i*>(card_words + t), w);
    }
    source.state = state;
    return t;
}

// The cards of deals [0, n) from their words, as cards_by_ifma finds them: each card's digit of
// four deals at once by AVX2's 32-bit multiplies, stored as its bit 1 << digit; then the bits
// deposited deal by deal, eight deals in step, each card's place by a trailing-zero count.
WILDEVAL_AVX2_TARGET void DealDraws::cards_by_avx2(std::size_t n, std::size_t first_card_group, uint32_t first_card) {
    const std::size_t per_deal = static_cast<std::size_t>(cards_per_deal_), n8 = (n + 7) & ~std::size_t{7};
    static_assert(kBlock % 16 == 0, "the digits are read 16 deals at a time");
    uint64_t* const digits = digits_.data();
    const __m256i one = _mm256_set1_epi64x(1);
    std::size_t j0 = 0;
    for (std::size_t g = first_card_group; g < groups_.size(); ++g) {
        const Group& group = groups_[g];
        const uint32_t from = std::max(group.first, first_card), to = group.first + group.count;
        const uint64_t* words = card_words_.data() + (g - first_card_group) * kBlock;
        for (std::size_t t = 0; t < n8; t += 16) {  // four chains of multiplies beside each other
            __m256i w[4];
#pragma GCC unroll 4
            for (int v = 0; v < 4; ++v) w[v] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(words + t + 4 * v));
            std::size_t j = j0;
            for (uint32_t d = from; d < to; ++d, ++j) {
                const __m256i bound = _mm256_set1_epi64x(bounds_[d]);
#pragma GCC unroll 4
                for (int v = 0; v < 4; ++v)
                    _mm256_storeu_si256(reinterpret_cast<__m256i*>(digits + j * kBlock + t + 4 * v),
                                        _mm256_sllv_epi64(one, digit_step_avx2(w[v], bound)));
            }
        }
        j0 += to - from;
    }
    for (std::size_t t = 0; t < n8; t += 8) {
        uint64_t left[8];
#pragma GCC unroll 8
        for (std::size_t k = 0; k < 8; ++k) left[k] = lefts_[t + k];  // past n: deals of no use, written where nothing reads them
        for (std::size_t j = 0; j < per_deal; ++j) {
            const uint64_t* digit = digits + j * kBlock + t;
            uint8_t* card = cards_.data() + j * kBlock + t;
#pragma GCC unroll 8
            for (std::size_t k = 0; k < 8; ++k) {
                const uint64_t b = _pdep_u64(digit[k], left[k]);
                card[k] = static_cast<uint8_t>(_tzcnt_u64(b));
                left[k] ^= b;
            }
        }
    }
}

#else
void DealDraws::cards_by_avx2(std::size_t, std::size_t, uint32_t) {}
template <bool kSeveral, bool kWeighted>
std::size_t DealDraws::one_list_words_avx2(SplitMix&, std::size_t from, std::size_t) {
    return from;
}
#endif

template std::size_t DealDraws::one_list_words_avx2<true, true>(SplitMix&, std::size_t, std::size_t);
template std::size_t DealDraws::one_list_words_avx2<true, false>(SplitMix&, std::size_t, std::size_t);
template std::size_t DealDraws::one_list_words_avx2<false, false>(SplitMix&, std::size_t, std::size_t);

}  // namespace wildeval
