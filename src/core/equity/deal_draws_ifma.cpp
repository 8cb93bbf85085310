// The sampler's words and cards by AVX-512 IFMA (deal_draws.hpp): where an AVX-512 kernel draws
// and the CPU has IFMA (card_draws()), eight deals' numbers at once by 52-bit multiplies. The same
// numbers as the scalar loops (deal_draws.cpp), in the same order.
#include "equity/deal_draws.hpp"

#include <algorithm>

#include "equity/equity.hpp"

#include "bits.hpp"
#include "kernels/rows_kernel.hpp"

#if defined(WILDEVAL_ROWS16)
#include <immintrin.h>
#endif

namespace wildeval {

#if defined(WILDEVAL_ROWS16)
// The cards of deals [0, n) from their words (card_words_): each card's digit of eight deals
// at once by AVX-512 IFMA's 52-bit multiplies (the low and the high half of w * b), its bit by a
// deposit, deal by deal, and its place by a leading-zero count of eight bits at once: the cards
// every other way finds, with one port-1 instruction a card (the deposit) instead of three.
WILDEVAL_AVX512_CODE_BEGIN
__attribute__((target("avx512f,avx512cd,avx512ifma,avx512vl,bmi,bmi2" WILDEVAL_EVEX512)))
void DealDraws::cards_by_ifma(std::size_t n, std::size_t first_card_group, uint32_t first_card) {
    // n rounded up to eight deals (to 32 for the digits): the deals past n are of no use, and
    // written where nothing reads them
    const std::size_t per_deal = static_cast<std::size_t>(cards_per_deal_), n8 = (n + 7) & ~std::size_t{7};
    static_assert(kBlock % 32 == 0, "the digits are read 32 deals at a time");
    uint64_t* const digits = digits_.data();
    uint64_t* const bits = bits_.data();
    const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi64(1);
    std::size_t j0 = 0;
    for (std::size_t g = first_card_group; g < groups_.size(); ++g) {
        const Group& group = groups_[g];
        const uint32_t from = std::max(group.first, first_card), to = group.first + group.count;
        const uint64_t* words = card_words_.data() + (g - first_card_group) * kBlock;
        for (std::size_t t = 0; t < n8; t += 32) {  // four chains of multiplies beside each other
            __m512i w[4];
#pragma GCC unroll 4
            for (int v = 0; v < 4; ++v) w[v] = _mm512_loadu_si512(words + t + 8 * v);
            std::size_t j = j0;
            for (uint32_t d = from; d < to; ++d, ++j) {
                const __m512i bound = _mm512_set1_epi64(bounds_[d]);
#pragma GCC unroll 4
                for (int v = 0; v < 4; ++v) {
                    // stored as the bit 1 << digit, which the deposit takes as it is
                    _mm512_storeu_si512(digits + j * kBlock + t + 8 * v, _mm512_sllv_epi64(one, _mm512_madd52hi_epu64(zero, w[v], bound)));
                    w[v] = _mm512_madd52lo_epu64(zero, w[v], bound);
                }
            }
        }
        j0 += to - from;
    }
    // eight deals in step, each's cards left in a register (a deposit and an exclusive or a card)
    for (std::size_t t = 0; t < n8; t += 8) {
        uint64_t left[8];
#pragma GCC unroll 8
        for (std::size_t k = 0; k < 8; ++k) left[k] = lefts_[t + k];  // past n: deals of no use, written where nothing reads them
        for (std::size_t j = 0; j < per_deal; ++j) {
            const uint64_t* digit = digits + j * kBlock + t;
            uint64_t* bit = bits + j * kBlock + t;
#pragma GCC unroll 8
            for (std::size_t k = 0; k < 8; ++k) {
                const uint64_t b = _pdep_u64(digit[k], left[k]);
                bit[k] = b;
                left[k] ^= b;
            }
        }
    }
    const __m512i top = _mm512_set1_epi64(63);
    for (std::size_t j = 0; j < per_deal; ++j)
        for (std::size_t t = 0; t < n8; t += 8) {
            const __m512i place = _mm512_sub_epi64(top, _mm512_lzcnt_epi64(_mm512_loadu_si512(bits + j * kBlock + t)));
            _mm_storel_epi64(reinterpret_cast<__m128i*>(cards_.data() + j * kBlock + t), _mm512_cvtepi64_epi8(place));
        }
}

namespace {

// SplitMix's words from eight states.
__attribute__((target("avx512f,avx512dq" WILDEVAL_EVEX512))) inline __m512i splitmix_words(__m512i z) {
    z = _mm512_mullo_epi64(_mm512_xor_si512(z, _mm512_srli_epi64(z, 30)), _mm512_set1_epi64(static_cast<long long>(SplitMix::kMix1)));
    z = _mm512_mullo_epi64(_mm512_xor_si512(z, _mm512_srli_epi64(z, 27)), _mm512_set1_epi64(static_cast<long long>(SplitMix::kMix2)));
    return _mm512_xor_si512(z, _mm512_srli_epi64(z, 31));
}

}  // namespace

// The words of n deals where one group holds every digit, eight attempts at a time. An attempt
// takes a coin for each weighted list, then the group's word: `stride` words of the generator
// where Lemire keeps that word. SplitMix's state is a counter, so the eight attempts' words are
// known: attempt i's coin q is word i * stride + q + 1 from the state before them, its group
// word i * stride + stride. Lemire's check takes one IFMA multiply, each list's digit two more;
// the coins are compared with the alias tables' chances, the hands' cards gathered (not with one
// list: nothing to meet), and the attempts whose hands share no card are the deals, packed in
// order (a register compress and a masked store: no compress to memory, which is slow on AMD's
// Zen 4); each player's place in its list then read entry by entry. From the first attempt
// whose group word Lemire throws back (which then reads the next word, not the next attempt's
// first), general_deals draws that deal. The same numbers as the scalar loops, in the same order;
// a run of more than a million attempts whose hands meet, for one deal, fails the block as there.

__attribute__((target("avx512f,avx512dq,avx512ifma,avx512vl,bmi,bmi2,popcnt" WILDEVAL_EVEX512)))
bool DealDraws::words_by_ifma(SplitMix& rng, std::size_t n, const ListView* views) {
    const std::size_t n_lists = lists_.size();
    const Group& group = groups_[0];
    uint64_t n_weighted = 0;
    for (const List& list : lists_) n_weighted += list.chance.empty() ? 0 : 1;
    const uint64_t stride = n_weighted + 1;
    const __m512i lanes_at = _mm512_mullo_epi64(_mm512_set1_epi64(static_cast<long long>(stride)), _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7));
    const __m512i golden = _mm512_set1_epi64(static_cast<long long>(SplitMix::kStep));
    const __m512i steps = _mm512_mullo_epi64(golden, _mm512_add_epi64(lanes_at, _mm512_set1_epi64(static_cast<long long>(stride))));
    __m512i coin_steps[kMaxPlayers];  // SplitMix::kStep times each lane's word numbers
    for (uint64_t q = 0; q < n_weighted; ++q)
        coin_steps[q] = _mm512_mullo_epi64(golden, _mm512_add_epi64(lanes_at, _mm512_set1_epi64(static_cast<long long>(q + 1))));
    const __m512i zero = _mm512_setzero_si512(), product = _mm512_set1_epi64(static_cast<long long>(group.product));
    const __m512i floor = _mm512_set1_epi64(static_cast<long long>(group.floor));
    const __m512i rest = _mm512_set1_epi64(static_cast<long long>(rest_));
    const __m512d unit = _mm512_set1_pd(0x1.0p-53);
    uint32_t d = 0;
    __m512i bound[kMaxPlayers];
    for (std::size_t l = 0; l < n_lists; ++l) bound[l] = _mm512_set1_epi64(lists_[l].size() > 1 ? bounds_[d++] : 1);
    uint64_t streak = 0;  // attempts whose hands met since the last deal
    std::size_t t = 0;
    while (t < n) {
        const __m512i state = _mm512_set1_epi64(static_cast<long long>(rng.state));
        __m512i w = _mm512_srli_epi64(splitmix_words(_mm512_add_epi64(state, steps)), 12);
        const unsigned kept = static_cast<__mmask8>(~_mm512_cmplt_epu64_mask(_mm512_madd52lo_epu64(zero, w, product), floor));
        // the attempts of these eight words: with no coins, each word Lemire keeps (one thrown back is
        // followed by the next, as a scalar attempt reads it); else those before the first thrown back
        const unsigned thrown_back = ~kept & 0xFFu;
        const unsigned valid = n_weighted == 0 || thrown_back == 0 ? 0xFFu : (thrown_back & (0u - thrown_back)) - 1;
        unsigned good = n_weighted == 0 ? kept : valid;
        __m512i used = zero;
        __m256i at[kMaxPlayers];  // each list's entry
        uint64_t q = 0;
        for (std::size_t l = 0; l < n_lists; ++l) {
            const List& list = lists_[l];
            __m512i place = zero;
            if (list.size() > 1) {
                place = _mm512_madd52hi_epu64(zero, w, bound[l]);
                w = _mm512_madd52lo_epu64(zero, w, bound[l]);
            }
            __m256i place32 = _mm512_cvtepi64_epi32(place);
            if (!list.chance.empty()) {  // Walker's coin: the alias where it is not below the chance
                const __m512i coin_word = _mm512_srli_epi64(splitmix_words(_mm512_add_epi64(state, coin_steps[q++])), 11);
                const __m512d coin = _mm512_mul_pd(_mm512_cvtepu64_pd(coin_word), unit);
                const __m512d chance = _mm512_i32gather_pd(place32, list.chance.data(), 8);
                const __mmask8 to_alias = _mm512_cmp_pd_mask(coin, chance, _CMP_NLT_UQ);
                place32 = _mm256_mmask_i32gather_epi32(place32, to_alias, place32, reinterpret_cast<const int*>(list.alias.data()), 4);
            }
            at[l] = place32;
            if (n_lists == 1) break;  // nothing to meet: the cards left are read below, entry by entry
            const __m512i mask = _mm512_i32gather_epi64(place32, list.masks.data(), 8);
            good &= _mm512_testn_epi64_mask(mask, used);
            used = _mm512_or_si512(used, mask);
        }
        const unsigned met = (n_weighted == 0 ? kept : valid) & ~good;  // attempts whose hands met
        if (met != 0) {
            const unsigned before = good != 0 ? (good & (0u - good)) - 1 : 0xFFu;  // the attempts before the first deal
            if (streak + static_cast<unsigned>(popcount32(met & before)) > 1'000'000) return false;
            unsigned through = good;  // the attempts up to the last deal
            through |= through >> 1;
            through |= through >> 2;
            through |= through >> 4;
            streak = good != 0 ? static_cast<uint64_t>(popcount32(met & ~through)) : streak + static_cast<unsigned>(popcount32(met));
        } else if (good != 0) {
            streak = 0;
        }
        // the deals of these attempts, up to the n-th; the words after that one are not used
        unsigned take = good, attempts = static_cast<unsigned>(popcount32(valid));  // words: attempts * stride
        const bool last_deals = static_cast<std::size_t>(popcount32(good)) >= n - t;
        if (last_deals) {
            const unsigned last = _pdep_u32(1u << (n - t - 1), good);
            take = good & ((last << 1) - 1);
            attempts = static_cast<unsigned>(lowest_bit(last)) + 1;
        }
        rng.state += attempts * stride * SplitMix::kStep;
        const __mmask8 lanes = static_cast<__mmask8>(take);
        const unsigned drawn = static_cast<unsigned>(popcount32(take));
        const __mmask8 first = static_cast<__mmask8>((1u << drawn) - 1);  // a masked store of the first `drawn`
        if (n_lists != 1)
            _mm512_mask_storeu_epi64(lefts_.data() + t, first, _mm512_maskz_compress_epi64(lanes, _mm512_andnot_si512(used, rest)));
        if (cards_per_deal_ > 0) _mm512_mask_storeu_epi64(card_words_.data() + t, first, _mm512_maskz_compress_epi64(lanes, w));
        // each player's place in its list (one list of one player: gathered; else read by loads
        // of each entry, faster than a gather a player on AMD's Zen 4), and with one list the
        // cards left
        if (n_lists == 1 && views[0].n_players == 1) {
            const __m256i entry = _mm256_maskz_compress_epi32(lanes, at[0]);
            const int* drawable = reinterpret_cast<const int*>(views[0].drawable);
            _mm256_mask_storeu_epi32(picked_.data() + views[0].players[0] * kBlock + t, first,
                                     _mm256_mmask_i32gather_epi32(_mm256_setzero_si256(), first, entry, drawable, 4));
            const __m512i mask = _mm512_mask_i32gather_epi64(zero, first, entry, views[0].masks, 8);
            _mm512_mask_storeu_epi64(lefts_.data() + t, first, _mm512_andnot_si512(mask, rest));
        } else {
            for (std::size_t l = 0; l < n_lists; ++l) {
                const ListView& list = views[l];
                uint32_t entry[8];
                _mm256_storeu_si256(reinterpret_cast<__m256i*>(entry), _mm256_maskz_compress_epi32(lanes, at[l]));
                for (uint32_t m = 0; m < list.n_players; ++m) {
                    const uint32_t* drawable = list.drawable + m * list.size;
                    uint32_t* out = picked_.data() + list.players[m] * kBlock + t;
                    for (unsigned i = 0; i < drawn; ++i) out[i] = drawable[entry[i]];
                }
                if (n_lists == 1)
                    for (unsigned i = 0; i < drawn; ++i) lefts_[t + i] = rest_ & ~list.masks[entry[i]];
            }
        }
        t += drawn;
        if (!last_deals && valid != 0xFFu) {  // an attempt whose group word is thrown back: that deal, by the general rule
            if (!general_deals(rng, t, t + 1, streak, views, 0)) return false;
            streak = 0;
            ++t;
        }
    }
    return true;
}
WILDEVAL_AVX512_CODE_END
#else
void DealDraws::cards_by_ifma(std::size_t, std::size_t, uint32_t) {}
bool DealDraws::words_by_ifma(SplitMix&, std::size_t, const ListView*) { return false; }
#endif

}  // namespace wildeval
