// Canonical hand indexing (hand_indexer.hpp) with AVX-512: 16 rows at once, a row in each 32-bit
// lane for its suits' keys, then in 64-bit lanes for its index.
//
// A lane holds, for each suit, the ranks it was dealt in this round (`set`), in earlier rounds
// (`used`), and the key being built: the reduced code, the number and its radix. A block's cards
// are two loads and a byte permute a column (rows of 8 cards or fewer; else a gather a column); a
// card's suit picks the suit registers it goes into (a compare and masked operations, no branch).
// The extract BMI2 does in one instruction (the round's set squeezed onto the ranks earlier rounds
// left) is done bit by bit: each used rank, from the lowest, taken out and the ranks above it
// moved down one. The four suits are sorted by a network of compare-exchanges on (code, number);
// the configuration is found in the round's dense table (its place there by permutes where the
// round has at most 32 codes, else by gathers), and its offset, radix and places gathered from the
// round's copies of them apart. A block with a bad row (a card above 51, or a card twice) is left
// to the BMI2 kernel, which names the first one. The same numbers as index(): the tests hold
// every kernel this CPU runs to the portable one.
#include "abstraction/hand_indexer.hpp"
#include "abstraction/hand_indexer_tables.hpp"
#include "kernels/rows_kernel.hpp"  // WILDEVAL_AVX512_TARGET and its diagnostics

#if defined(WILDEVAL_INDEXER_BMI2)
#include <immintrin.h>

#include <algorithm>

WILDEVAL_AVX512_CODE_BEGIN
namespace wildeval::abstraction {

namespace {

constexpr int kLanes = 16;
constexpr int kRanksHere = indexing::kRanks;

// The colexicographic rank of every set of ranks and C(n, k) for n, k <= 13 (the shared tables),
// as the 32-bit words a gather reads.
struct Words {
    uint32_t colex[1 << kRanksHere] = {};
    uint32_t choose[14 * 14] = {};
    Words() {
        for (int n = 0; n <= kRanksHere; ++n)
            for (int k = 0; k <= kRanksHere; ++k) choose[n * 14 + k] = static_cast<uint32_t>(indexing::kChoose.c[n][k]);
        for (uint32_t set = 0; set < (1u << kRanksHere); ++set) colex[set] = indexing::kColex.rank[set];
    }
};

const Words& words() {
    static const Words w;
    return w;
}

// Suits a and b put in order in every lane: the larger code first, equal codes the smaller number.
WILDEVAL_AVX512_TARGET inline void exchange(__m512i* code, __m512i* number, int a, int b) {
    const __mmask16 swap = _mm512_cmpgt_epu32_mask(code[b], code[a]) |
                           (_mm512_cmpeq_epi32_mask(code[b], code[a]) & _mm512_cmplt_epu32_mask(number[b], number[a]));
    const __m512i ca = code[a], na = number[a];
    code[a] = _mm512_mask_blend_epi32(swap, ca, code[b]);
    code[b] = _mm512_mask_blend_epi32(swap, code[b], ca);
    number[a] = _mm512_mask_blend_epi32(swap, na, number[b]);
    number[b] = _mm512_mask_blend_epi32(swap, number[b], na);
}

}  // namespace

WILDEVAL_AVX512_TARGET std::size_t HandIndexer::rows_avx512(
    const uint8_t* cards, std::size_t begin, std::size_t end, std::size_t n, int round, uint64_t* out) const {
    const Round& here = by_round_[static_cast<std::size_t>(round)];
    const auto width = static_cast<std::size_t>(cards_in(round));
    const Words& w = words();
    // each round's code digits for 0..13 cards, 16 to a register (a permute reads them)
    alignas(64) uint32_t digits[kMaxRounds][kLanes] = {};
    for (int k = 0; k <= round; ++k)
        for (int m = 0; m <= kRanksHere; ++m)
            digits[k][m] = here.digits[static_cast<std::size_t>(k * (kRanksHere + 1) + m)];
    const auto codes_here = static_cast<int>(here.terms[0].size());
    const __m512i last_code = _mm512_set1_epi32(codes_here - 1);
    const __m512i one = _mm512_set1_epi32(1), three = _mm512_set1_epi32(3), byte = _mm512_set1_epi32(0xFF);
    const __m512i ranks_mask = _mm512_set1_epi32((1 << kRanksHere) - 1);
    const __m512i offsets = _mm512_mullo_epi32(
        _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), _mm512_set1_epi32(static_cast<int>(width)));
    const __m512i suit_of[4] = {_mm512_setzero_si512(), one, _mm512_set1_epi32(2), three};
    // where a block's rows fit in 128 bytes (8 cards or fewer a row), its cards are two loads and a
    // byte permute a column (VBMI), not a gather a column
    const bool narrow = width <= 8;
    __m512i columns[8];
    for (std::size_t j = 0; narrow && j < width; ++j) {
        alignas(64) uint8_t at[64] = {};
        for (int i = 0; i < kLanes; ++i) at[i] = static_cast<uint8_t>(static_cast<std::size_t>(i) * width + j);
        columns[j] = _mm512_load_si512(at);
    }
    // C(13, m): the first round's radix by a permute
    alignas(64) uint32_t first_radix[kLanes] = {};
    for (int m = 0; m <= kRanksHere; ++m) first_radix[m] = w.choose[kRanksHere * 14 + m];
    const __m512i first_radix_v = _mm512_load_si512(first_radix);
    // each round's terms (the configuration's place in the dense table) by a permute of two registers
    // where the round has at most 32 codes, else by gathers
    const bool few_codes = codes_here <= 32;
    __m512i terms_lo[4], terms_hi[4];
    for (int j = 0; j < 4 && few_codes; ++j) {
        alignas(64) uint32_t t[2 * kLanes] = {};
        std::copy(here.terms[j].begin(), here.terms[j].end(), t);
        terms_lo[j] = _mm512_load_si512(t);
        terms_hi[j] = _mm512_load_si512(t + kLanes);
    }
    std::size_t row = begin;
    // a block is read inside the batch: narrow rows, 128 bytes from its first card; else a gather
    // reads 4 bytes from each card's place, so its last card must have 3 more after it
    while (row + kLanes <= end && (narrow ? row * width + 128 : (row + kLanes) * width + 3) <= n * width) {
        const uint8_t* base = cards + row * width;
        __m512i lo = _mm512_setzero_si512(), hi = lo;
        if (narrow) {
            lo = _mm512_loadu_si512(base);
            hi = _mm512_loadu_si512(base + 64);
        }
        __m512i used[4], code[4], number[4], radix[4], held[4];
        for (int s = 0; s < 4; ++s) {
            used[s] = code[s] = number[s] = held[s] = _mm512_setzero_si512();
            radix[s] = one;
        }
        __mmask16 bad = 0;
        int column = 0, before = 0;  // cards of the earlier rounds
        for (int k = 0; k <= round; ++k) {
            __m512i set[4], count[4];
            for (int s = 0; s < 4; ++s) set[s] = count[s] = _mm512_setzero_si512();
            const int cards_now = rounds_[static_cast<std::size_t>(k)];
            for (int t = 0; t < cards_now; ++t, ++column) {
                const __m512i card =
                    narrow ? _mm512_cvtepu8_epi32(_mm512_castsi512_si128(_mm512_permutex2var_epi8(lo, columns[column], hi)))
                           : _mm512_and_si512(_mm512_i32gather_epi32(offsets, base + column, 1), byte);
                bad |= _mm512_cmpgt_epu32_mask(card, _mm512_set1_epi32(51));
                const __m512i bit = _mm512_sllv_epi32(one, _mm512_srli_epi32(card, 2));
                const __m512i suit = _mm512_and_si512(card, three);
                for (int s = 0; s < 4; ++s) {
                    const __mmask16 mine = _mm512_cmpeq_epi32_mask(suit, suit_of[s]);
                    bad |= _mm512_mask_test_epi32_mask(mine, _mm512_or_si512(used[s], set[s]), bit);  // twice
                    set[s] = _mm512_mask_or_epi32(set[s], mine, set[s], bit);
                    count[s] = _mm512_mask_add_epi32(count[s], mine, count[s], one);
                }
            }
            const __m512i digit = _mm512_load_si512(digits[k]);
            for (int s = 0; s < 4; ++s) {
                // the round's set on the ranks earlier rounds left: each used rank, lowest first,
                // taken out and the ranks above moved down one (a lane with none left: unchanged)
                __m512i x = set[s], u = used[s];
                for (int e = 0; e < before && _mm512_test_epi32_mask(u, u) != 0; ++e) {
                    const __m512i low = _mm512_sub_epi32(_mm512_and_si512(u, _mm512_sub_epi32(_mm512_setzero_si512(), u)), one);
                    x = _mm512_ternarylogic_epi32(low, x, _mm512_srli_epi32(x, 1), 0xCA);  // low ? x : x >> 1, bit by bit
                    u = _mm512_andnot_si512(low, _mm512_srli_epi32(u, 1));
                }
                const __m512i rank = _mm512_i32gather_epi32(_mm512_and_si512(x, ranks_mask), w.colex, 4);
                number[s] = _mm512_add_epi32(number[s], _mm512_mullo_epi32(radix[s], rank));
                if (k == 0 && k < round) {
                    radix[s] = _mm512_permutexvar_epi32(count[s], first_radix_v);
                } else if (k < round) {
                    const __m512i at = _mm512_min_epu32(
                        _mm512_add_epi32(_mm512_mullo_epi32(_mm512_sub_epi32(_mm512_set1_epi32(kRanksHere), held[s]),
                                                            _mm512_set1_epi32(14)),
                                         count[s]),
                        _mm512_set1_epi32(14 * 14 - 1));
                    radix[s] = _mm512_mullo_epi32(radix[s], _mm512_i32gather_epi32(at, w.choose, 4));
                }
                code[s] = _mm512_add_epi32(code[s], _mm512_permutexvar_epi32(count[s], digit));
                used[s] = _mm512_or_si512(used[s], set[s]);
                held[s] = _mm512_add_epi32(held[s], count[s]);
            }
            before += cards_now;
        }
        if (bad != 0) {  // the BMI2 kernel names the first bad row (or indexes the block)
            const std::size_t stop = rows_bmi2<0>(cards, row, row + kLanes, round, out);
            if (stop < row + kLanes) return stop;
            row += kLanes;
            continue;
        }
        // sorted: the largest code first, equal codes by the smaller number first
        exchange(code, number, 0, 1);
        exchange(code, number, 2, 3);
        exchange(code, number, 0, 2);
        exchange(code, number, 1, 3);
        exchange(code, number, 1, 2);
        __m512i cell = _mm512_setzero_si512();
        for (int j = 0; j < 4; ++j) {  // terms[j] of the (j+1)-th smallest code
            const __m512i c = _mm512_min_epu32(code[3 - j], last_code);
            cell = _mm512_add_epi32(cell, few_codes ? _mm512_permutex2var_epi32(terms_lo[j], c, terms_hi[j])
                                                    : _mm512_i32gather_epi32(c, here.terms[j].data(), 4));
        }
        // the dense table has a spare entry at its end, so a 4-byte read of its last entry stays in it
        const __m512i conf = _mm512_and_si512(
            _mm512_i32gather_epi32(cell, reinterpret_cast<const int*>(here.dense.data()), 2), _mm512_set1_epi32(0xFFFF));
        // each row's index: eight rows at a time in 64-bit lanes (avx512_fits: the groups are small)
        for (int half = 0; half < 2; ++half) {
            const __m256i which = half == 0 ? _mm512_castsi512_si256(conf) : _mm512_extracti64x4_epi64(conf, 1);
            __m512i index = _mm512_i32gather_epi64(which, reinterpret_cast<const long long*>(here.offsets.data()), 8);
            const __m512i places = _mm512_cvtepu32_epi64(
                _mm256_i32gather_epi32(reinterpret_cast<const int*>(here.places.data()), which, 4));
            for (int s = 0; s < 4; ++s) {
                const __m512i x = _mm512_cvtepu32_epi64(half == 0 ? _mm512_castsi512_si256(number[s])
                                                                   : _mm512_extracti64x4_epi64(number[s], 1));
                const __m512i place = _mm512_and_si512(_mm512_srli_epi64(places, 8 * s), _mm512_set1_epi64(0xFF));
                // C(x + j, j + 1) for the suit's place j: x, x(x+1)/2, then exact divisions (by 3:
                // times its inverse mod 2^64; by 4: a shift)
                const __m512i t1 = _mm512_srli_epi64(_mm512_mullo_epi64(x, _mm512_add_epi64(x, _mm512_set1_epi64(1))), 1);
                __m512i term = _mm512_mask_blend_epi64(_mm512_cmpeq_epi64_mask(place, _mm512_setzero_si512()), t1, x);
                if (here.triples) {
                    const __m512i t2 = _mm512_mullo_epi64(_mm512_mullo_epi64(t1, _mm512_add_epi64(x, _mm512_set1_epi64(2))),
                                                          _mm512_set1_epi64(static_cast<long long>(0xAAAAAAAAAAAAAAABull)));
                    const __m512i t3 = _mm512_srli_epi64(_mm512_mullo_epi64(t2, _mm512_add_epi64(x, _mm512_set1_epi64(3))), 2);
                    term = _mm512_mask_blend_epi64(_mm512_cmpeq_epi64_mask(place, _mm512_set1_epi64(2)), term, t2);
                    term = _mm512_mask_blend_epi64(_mm512_cmpeq_epi64_mask(place, _mm512_set1_epi64(3)), term, t3);
                }
                const __m512i radix_s =
                    _mm512_i32gather_epi64(which, reinterpret_cast<const long long*>(here.radix[s].data()), 8);
                index = _mm512_add_epi64(index, _mm512_mullo_epi64(radix_s, term));
            }
            _mm512_storeu_si512(out + row + 8 * static_cast<std::size_t>(half), index);
        }
        row += kLanes;
    }
    return row < end ? rows_bmi2<0>(cards, row, end, round, out) : end;
}

}  // namespace wildeval::abstraction
WILDEVAL_AVX512_CODE_END
#endif
