// The AVX2 batch kernel for rows of 5-7 cards, natural or with wild ranks: eight rows a block,
// four rows a register, one row per 64-bit lane.
//
// Two rows are read with each 16-byte load (rows 0-1 into a register's low half, 2-3 into its
// high half) and spread to one row per 64-bit lane by vpshufb, the lanes past the N cards
// filled with distinct never-cards (0xFD-0xFF). Each card's rank (card >> 2) then indexes
// 16-entry byte tables (vpshufb): the four bytes of 5^rank, whether the rank is wild, and, by
// (suit | wild), the card's suit counters; vpsadbw sums each table's bytes over a row. So a
// row's rank key, its wild count and its suit counters take a few instructions per four rows;
// the duplicate check compares each lane with its byte rotations. The keys are hashed in 64-bit
// lanes (vpmuludq) and only the two lookups of the perfect hash run one row at a time, a block
// behind, so that they overlap the next block.
//
// Built with GCC or Clang on x86-64 only, as functions compiled for AVX2 whatever the package's
// -march; natural_rows (rows.hpp) runs it when the CPU has AVX2, BMI1 and BMI2 and
// rows_kernel() is kAvx2.
//
// Rows of wider integer cards (2, 4 or 8 bytes) are read as they are: each pair of rows' loads
// is narrowed with signed saturating packs (vpackssdw, vpacksswb; for 8-byte cards their low
// halves first, vshufps) and one cross-lane permute. A value that is not a card comes out of the
// packs as a byte that is not one either, so the bytes' own range check sees it; 8-byte cards'
// loaded words are also OR-ed together, for the high halves the packs drop. The `spread` lookup
// takes the bytes in the order the packs leave them.
#pragma once

#include "kernels/rows_kernel.hpp"

#if defined(WILDEVAL_ROWS8)

#include <immintrin.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "bits.hpp"
#include "hand.hpp"
#include "rankings/ranking.hpp"

namespace wildeval {

// Where each byte of the kernel's registers comes from, for N cards a row of Size bytes each
// (each 32 bytes: the same 16 in both halves of a register).
template <int N, int Size = 1>
struct Rows8Layout {
    alignas(32) uint8_t spread[32];     // vpshufb: rows 0-1 of a half to its two 64-bit lanes
    alignas(32) uint8_t filler[32];     // the never-cards past a row's N cards
    alignas(32) uint8_t rotate[4][32];  // each 64-bit lane's bytes rotated by 1-4

    Rows8Layout() {
        for (int at = 0; at < 32; ++at) {
            const int row = at % 16 / 8, b = at % 8;
            spread[at] = static_cast<uint8_t>(b < N ? pair_position(N * row + b) : 0x80);
            filler[at] = static_cast<uint8_t>(b < N ? 0 : 0xFF - (b - N));
            for (int d = 1; d <= 4; ++d) rotate[d - 1][at] = static_cast<uint8_t>(8 * row + (b + d) % 8);
        }
    }
    // Where card j (0 to 2N - 1) of a pair of rows is in its half of the narrowed register
    // (pair_bytes): in order, but for 8-byte cards, whose packs swap cards 2-3 with 4-5 and 10-11
    // with 12-13.
    static constexpr int pair_position(int j) {
        return Size == 8 && (j & 6) == 2 ? j + 2 : Size == 8 && (j & 6) == 4 ? j - 2 : j;
    }
};

// The loads of one pair of rows of Card integers (2N cards): 32-byte loads enough for them.
template <int N, class Card>
inline constexpr int kPairLoads = sizeof(Card) == 1 ? 1 : (2 * N * static_cast<int>(sizeof(Card)) + 31) / 32;

// Rows 0-1 at `at` in the low half and rows 2-3 (2N cards on) in the high half, as bytes at
// Rows8Layout's pair_position. Wider cards are narrowed by signed saturating packs, which turn
// every value outside 0-127 (read as signed, so either sign's) into 127 or 0x80, never a card: the
// kernel's check of the bytes (`top`) sees it. 8-byte cards' high halves, which the packs drop,
// are OR-ed into `bits` for that check.
template <int N, class Card>
WILDEVAL_AVX2_TARGET inline __m256i pair_bytes(const Card* at, __m256i& bits) {
    if constexpr (sizeof(Card) == 1) {
        (void)bits;
        return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(at))),
                                       _mm_loadu_si128(reinterpret_cast<const __m128i*>(at + 2 * N)), 1);
    } else {
        constexpr int kLoads = kPairLoads<N, Card>, kPerLoad = 32 / static_cast<int>(sizeof(Card));
        __m256i w[2][4];  // rows 0-1, rows 2-3: the loads (a load past kLoads repeats the last)
        for (int half = 0; half < 2; ++half)
            for (int q = 0; q < 4; ++q) {
                if (q < kLoads) {
                    w[half][q] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(at + half * 2 * N + q * kPerLoad));
                    if constexpr (sizeof(Card) == 8) bits = _mm256_or_si256(bits, w[half][q]);
                } else {
                    w[half][q] = w[half][kLoads - 1];
                }
            }
        if constexpr (sizeof(Card) == 2) {
            // lanes: [rows 0-1's cards 0-7, rows 2-3's 0-7 | their cards 8-15]: 64-bit quarters 0, 2, 1, 3
            return _mm256_permute4x64_epi64(_mm256_packs_epi16(w[0][0], w[1][0]), 0xD8);
        } else {
            __m256i d[2][2];  // each half's cards as 32-bit words
            for (int half = 0; half < 2; ++half)
                for (int q = 0; q < 2; ++q) {
                    if constexpr (sizeof(Card) == 4) {
                        d[half][q] = w[half][q];
                    } else {  // the low halves of cards 8q..8q+7, cards 2-3 and 4-5 of each 8 swapped
                        d[half][q] = _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(w[half][2 * q]),
                                                                           _mm256_castsi256_ps(w[half][2 * q + 1]), 0x88));
                    }
                }
            // 16-bit words: [cards 0-3, 8-11 | 4-7, 12-15] a half; then bytes, and the halves' 32-bit
            // words put back in order: [rows 0-1 | rows 2-3]
            const __m256i low = _mm256_packs_epi32(d[0][0], d[0][1]), high = _mm256_packs_epi32(d[1][0], d[1][1]);
            return _mm256_permutevar8x32_epi32(_mm256_packs_epi16(low, high), _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
        }
    }
}

WILDEVAL_AVX2_TARGET inline __m256i load32(const uint8_t* at) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(at)); }

// By four flag bits (suits 0, 2, 1, 3 from bit 0 up: the order natural_rows8's flush pass packs
// the suit counters' flags in), the lowest and the highest suit flagged (0 where none), in both
// halves of a register.
struct SuitsByFlags {
    alignas(32) uint8_t lowest[32];
    alignas(32) uint8_t highest[32];

    SuitsByFlags() {
        constexpr int kSuitOfBit[4] = {0, 2, 1, 3};
        for (int at = 0; at < 32; ++at) {
            int low = 0, high = 0, seen = 0;
            for (int bit = 0; bit < 4; ++bit) {
                if ((at % 16 >> bit & 1) == 0) continue;
                const int s = kSuitOfBit[bit];
                low = seen == 0 || s < low ? s : low;
                high = seen == 0 || s > high ? s : high;
                seen = 1;
            }
            lowest[at] = static_cast<uint8_t>(low);
            highest[at] = static_cast<uint8_t>(high);
        }
    }
};

// How many of n_rows rows natural_rows8 takes: whole blocks of 8 rows whose loads (16 bytes, or
// kPairLoads of 32, from rows 0, 2, 4 and 6 of a block) stay in the rows. natural_rows_of hands
// the rest on.
template <int N, class Card = uint8_t>
constexpr std::size_t rows8_rows(std::size_t n_rows) {
    constexpr std::size_t kSize = sizeof(Card), kBlock = 8 * N * kSize;
    constexpr std::size_t kRead = 6 * N * kSize + (kSize == 1 ? 16 : 32 * static_cast<std::size_t>(kPairLoads<N, Card>));
    const std::size_t bytes = n_rows * N * kSize;
    return bytes < kRead ? 0 : ((bytes - kRead) / kBlock + 1) * 8;
}

// Rows of N cards into `out`, as natural_rows_kernel does (same contract: lookup(slot),
// fix(row, value) for each row that shows a flush unless Flushes is kNone, false for a repeated
// card or a value that is not a card); n_rows is a rows8_rows<N, Card>(). The rows are bytes, or
// wider integers (an unsigned Card type of their size, for either sign). Rows of wider cards,
// and rows with wild ranks, are fixed up from a copy of the chunk's rows as bytes, eight a row.
//
// With wild ranks (kCommon) and `wild_flush` given (as natural_rows16 takes it), the flushes are
// read in a second pass instead of fixed up a row at a time (flush_pass, below).
template <int N, class Shape, FlushRows Flushes, int32_t FinalFrom, class Card, class Lookup, class Fix>
WILDEVAL_AVX2_TARGET bool natural_rows8(const Card* rows, std::size_t n_rows, int32_t* __restrict out,
                                        const CardParts& parts, SlotHash hash, Lookup lookup, Fix fix,
                                        const uint32_t* wild_flush) {
    static_assert(N >= 5 && N <= 7, "rows of 5-7 cards");
    static_assert(std::is_unsigned_v<Card> && (sizeof(Card) == 1 || sizeof(Card) == 2 || sizeof(Card) == 4 || sizeof(Card) == 8),
                  "cards as unsigned integers of 1, 2, 4 or 8 bytes");
    constexpr bool kWild = Flushes == FlushRows::kCommon;
    constexpr bool kNarrow = sizeof(Card) > 1, kCopies = (kNarrow && Flushes != FlushRows::kNone) || kWild;
    static_assert(Shape::kBucketBits + Shape::kTableBits <= 32, "a slot and its bucket in 32 bits");
    constexpr std::size_t kRows = 8;
    static_assert(kRowsChunk % kRows == 0, "whole blocks a chunk");
    // each block fetches the lines 256 rows on into every cache level (fetch_rows_ahead); 8-byte
    // cards (up to seven lines a block) in two steps as the AVX-512 kernel fetches
    // (fetch_rows_in_two_steps: 512 rows on into the second level, 64 on into the first), which
    // measured faster on them and slower on narrower cards (Zen 4, docs/experiments.md)
    constexpr std::size_t kBlockLines = (kRows * N * sizeof(Card) + 63) / 64, kAheadBytes = 256 * N * sizeof(Card);
    constexpr std::size_t kFar = 512 * N * sizeof(Card), kNear = 64 * N * sizeof(Card);
    constexpr int kShiftTop = 32 - Shape::kBucketBits - Shape::kTableBits;  // from the product's top 32 bits
    static const Rows8Layout<N, sizeof(Card)> layout;
    const CardBytes& tables = parts.bytes();
    const __m256i rank0 = load32(tables.rank16[0]), rank1 = load32(tables.rank16[1]), rank2 = load32(tables.rank16[2]),
                  rank3 = load32(tables.rank16[3]);
    const __m256i wild4 = load32(tables.wild4), suits0 = load32(tables.suits16[0]), suits1 = load32(tables.suits16[1]);
    const __m256i spread = load32(layout.spread), filler = load32(layout.filler);
    const __m256i rot1 = load32(layout.rotate[0]), rot2 = load32(layout.rotate[1]), rot3 = load32(layout.rotate[2]),
                  rot4 = load32(layout.rotate[3]);
    const __m256i zero = _mm256_setzero_si256(), low_nibbles = _mm256_set1_epi8(0x0F), suit_bits = _mm256_set1_epi8(static_cast<char>(0x83));
    const __m256i bias = _mm256_set1_epi64x(0x3333), flags = _mm256_set1_epi64x(0x8888);
    // without wild ranks the key's factor 8 goes into the multiplier (its rank part is 8 * sum)
    const uint64_t m = kWild ? hash.multiplier : hash.multiplier << kRankKeyShift;
    const __m256i m_low = _mm256_set1_epi64x(static_cast<long long>(m & 0xFFFFFFFFu));
    const __m256i m_high = _mm256_set1_epi64x(static_cast<long long>(m >> 32));
    constexpr bool kSplitHash = SplitHash<Shape>::kApplies;  // one 32-bit multiply (rows_kernel.hpp)
    const SplitHash<Shape> split(hash.multiplier);
    const __m256i m_split = _mm256_set1_epi64x(static_cast<long long>(split.multiplier));
    const __m256i wild_parts = load32(reinterpret_cast<const uint8_t*>(split.wild_part));
    __m256i repeated = zero, top = zero, wide_bits = zero;

    alignas(32) uint64_t hashed[kRows];  // the block before's hashes: bucket and position
    uint32_t flushes[kRowsChunk + kRows];
    alignas(32) uint8_t copy[kCopies ? kRowsChunk * 8 : 1];  // the chunk's rows as bytes: 8 a row, 0 past N
    // with wild ranks, each row's suit counters as the main pass found them (the flush pass's suits)
    alignas(32) uint64_t counts[kWild ? kRowsChunk : 1];
    auto finish_block = [&](int32_t* o) {
        for (std::size_t k = 0; k < kRows; ++k) {
            const uint32_t h = static_cast<uint32_t>(hashed[k]);
            o[k] = lookup((h + hash.displacement[h >> Shape::kTableBits]) & Shape::kSlotMask);
        }
    };
    // The flush pass: four noted rows a register, from the chunk's copy. The lowest and the
    // highest suit that can make a flush (naturals + wild cards >= 5) come from the main pass's
    // counters (`counts`: their flag bits, as four bits in the order of suits 0, 2, 1, 3, index two
    // 16-entry tables of suits); each of those suits' natural ranks (their bits summed by
    // vpsadbw, as the rank key is) read at wild_flush[(wild count & 3) << 13 | its ranks] (entry
    // 0: no flush); the row's value the best of the three. Exact for the same reason as
    // natural_rows16's pass; `chunk_out`: the chunk's first row's value.
    const __m256i lo_bits = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128,
                                             0, 0, 0, 0, 0, 0, 0, 0);  // rank r < 8: 1 << r
    const __m256i hi_bits = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4,
                                             8, 16, 0, 0, 0);  // 8 <= r < 13: 1 << (r - 8)
    const __m256i below13 = _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, -1, -1, -1, -1, -1, -1,
                                             -1, -1, -1, -1, -1, -1, -1, 0, 0, 0);
    const __m256i natural_rank = _mm256_and_si256(_mm256_cmpeq_epi8(wild4, zero), below13);  // 0xFF: a natural rank
    // by the four flag bits (suits 0, 2, 1, 3 from bit 0 up): the lowest and the highest suit flagged
    static const SuitsByFlags by_flags;
    auto flush_pass = [&](const uint32_t* noted, std::size_t n_noted, int32_t* chunk_out) WILDEVAL_AVX2_TARGET {
        const __m256i threes = _mm256_set1_epi8(3);
        const __m256i lowest_suit = load32(by_flags.lowest), highest_suit = load32(by_flags.highest);
        const __m256i byte0 = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8,
                                               8, 8, 8, 8);  // each 64-bit lane's byte 0, in all its bytes
        auto row_bytes = [&](uint32_t r) WILDEVAL_AVX2_TARGET { return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(copy + 8 * r)); };
        auto row_counts = [&](uint32_t r) WILDEVAL_AVX2_TARGET { return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(counts + r)); };
        auto four_rows = [&](const uint32_t* r, auto read) WILDEVAL_AVX2_TARGET {
            return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_unpacklo_epi64(read(r[0]), read(r[1]))),
                                           _mm_unpacklo_epi64(read(r[2]), read(r[3])), 1);
        };
        alignas(32) uint64_t low[4], high[4];
        for (std::size_t p = 0; p < n_noted; p += 4) {
            const std::size_t live = std::min<std::size_t>(4, n_noted - p);
            uint32_t r[4];
            for (std::size_t k = 0; k < 4; ++k) r[k] = noted[p + (k < live ? k : 0)];
            const __m256i x = _mm256_or_si256(four_rows(r, row_bytes), filler);
            // the flag bits 3, 7, 11, 15 (suits 0-3) to bits 0-3 of byte 0 as suits 0, 2, 1, 3
            const __m256i t = _mm256_srli_epi64(_mm256_and_si256(four_rows(r, row_counts), flags), 3);
            const __m256i u = _mm256_or_si256(t, _mm256_srli_epi64(t, 7));
            const __m256i flagged = _mm256_shuffle_epi8(_mm256_or_si256(u, _mm256_srli_epi64(u, 2)), byte0);
            const __m256i rank = _mm256_and_si256(_mm256_srli_epi16(x, 2), low_nibbles), suit = _mm256_and_si256(x, threes);
            const __m256i natural = _mm256_shuffle_epi8(natural_rank, rank);
            const __m256i lo = _mm256_and_si256(_mm256_shuffle_epi8(lo_bits, rank), natural);
            const __m256i hi = _mm256_and_si256(_mm256_shuffle_epi8(hi_bits, rank), natural);
            const __m256i wilds = _mm256_srli_epi64(_mm256_sad_epu8(_mm256_shuffle_epi8(wild4, rank), zero), 2);
            auto suit_ranks = [&](__m256i suits) WILDEVAL_AVX2_TARGET {
                const __m256i in = _mm256_cmpeq_epi8(suit, _mm256_shuffle_epi8(suits, flagged));
                return _mm256_or_si256(_mm256_sad_epu8(_mm256_and_si256(lo, in), zero),
                                       _mm256_slli_epi64(_mm256_sad_epu8(_mm256_and_si256(hi, in), zero), 8));
            };
            const __m256i slice = _mm256_slli_epi64(_mm256_and_si256(wilds, _mm256_set1_epi64x(3)), kRanks);
            _mm256_store_si256(reinterpret_cast<__m256i*>(low), _mm256_or_si256(suit_ranks(lowest_suit), slice));
            _mm256_store_si256(reinterpret_cast<__m256i*>(high), _mm256_or_si256(suit_ranks(highest_suit), slice));
            for (std::size_t k = 0; k < live; ++k) {
                const uint32_t a = wild_flush[low[k]], b = wild_flush[high[k]], v = static_cast<uint32_t>(chunk_out[r[k]]);
                chunk_out[r[k]] = static_cast<int32_t>(std::max(v, std::max(a, b)));
            }
        }
    };
    // four rows at `at` (rows 0-1, then 2-3 from 2N on): their hashes, and their flush rows as bits
    auto four = [&](const Card* at, uint8_t* copy_at, uint64_t* counts_at, __m256i& hashes, int& flush_bits) WILDEVAL_AVX2_TARGET {
        const __m256i cards = _mm256_shuffle_epi8(pair_bytes<N>(at, wide_bits), spread);
        if constexpr (kCopies) _mm256_store_si256(reinterpret_cast<__m256i*>(copy_at), cards);
        (void)copy_at;
        (void)counts_at;
        top = _mm256_max_epu8(top, cards);  // filler lanes read 0 here
        const __m256i x = _mm256_or_si256(cards, filler);
        repeated = _mm256_or_si256(repeated, _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(x, _mm256_shuffle_epi8(x, rot1)),
                                                                             _mm256_cmpeq_epi8(x, _mm256_shuffle_epi8(x, rot2))),
                                                             _mm256_or_si256(_mm256_cmpeq_epi8(x, _mm256_shuffle_epi8(x, rot3)),
                                                                             _mm256_cmpeq_epi8(x, _mm256_shuffle_epi8(x, rot4)))));
        const __m256i rank = _mm256_and_si256(_mm256_srli_epi16(x, 2), low_nibbles);  // 13-15 (fillers) read 0
        auto sum = [&](__m256i table, __m256i index) WILDEVAL_AVX2_TARGET { return _mm256_sad_epu8(_mm256_shuffle_epi8(table, index), zero); };
        __m256i key = _mm256_add_epi64(_mm256_add_epi64(sum(rank0, rank), _mm256_slli_epi64(sum(rank1, rank), 8)),
                                       _mm256_add_epi64(_mm256_slli_epi64(sum(rank2, rank), 16), _mm256_slli_epi64(sum(rank3, rank), 24)));
        const __m256i w4 = kWild ? _mm256_shuffle_epi8(wild4, rank) : zero;
        const __m256i wilds = kWild ? _mm256_srli_epi64(_mm256_sad_epu8(w4, zero), 2) : zero;  // each row's wild count
        if constexpr (kWild && !kSplitHash) key = _mm256_add_epi64(_mm256_slli_epi64(key, kRankKeyShift), wilds);
        if constexpr (Flushes != FlushRows::kNone) {
            const __m256i suit = _mm256_or_si256(_mm256_and_si256(x, suit_bits), w4);  // fillers: 0x83 | 0: read 0
            const __m256i counters = _mm256_add_epi64(_mm256_or_si256(sum(suits0, suit), _mm256_slli_epi64(sum(suits1, suit), 8)), bias);
            if constexpr (kWild) _mm256_store_si256(reinterpret_cast<__m256i*>(counts_at), counters);
            const __m256i none = _mm256_cmpeq_epi64(_mm256_and_si256(counters, flags), zero);
            flush_bits = ~_mm256_movemask_pd(_mm256_castsi256_pd(none)) & 0xF;
        }
        // the top 32 bits of key * multiplier (mod 2^64), in each lane's low half: with a
        // multiplier whose low 29 bits are zero, sum * M + floor(wild * M / 8) (rows_avx512.hpp)
        __m256i product;
        if constexpr (kSplitHash) {
            product = _mm256_mul_epu32(key, m_split);
            if constexpr (kWild) product = _mm256_add_epi64(product, _mm256_permutevar8x32_epi32(wild_parts, wilds));
        } else {
            product = _mm256_add_epi64(_mm256_mul_epu32(key, m_high), _mm256_srli_epi64(_mm256_mul_epu32(key, m_low), 32));
            if constexpr (kWild) product = _mm256_add_epi64(product, _mm256_mul_epu32(_mm256_srli_epi64(key, 32), m_low));
        }
        hashes = _mm256_srli_epi32(_mm256_and_si256(product, _mm256_set1_epi64x(0xFFFFFFFF)), kShiftTop);
    };
    for (std::size_t start = 0; start < n_rows; start += kRowsChunk) {
        const std::size_t end = std::min(n_rows, start + kRowsChunk);
        std::size_t n_flush = 0;
        for (std::size_t i = start; i < end; i += kRows) {
            if constexpr (sizeof(Card) == 8)
                fetch_rows_in_two_steps<kBlockLines>(rows + i * N, kFar, kNear);
            else
                fetch_rows_ahead<kBlockLines>(rows + i * N, kAheadBytes);
            __m256i h0, h1;
            int f0 = 0, f1 = 0;
            four(rows + i * N, copy + (kCopies ? (i - start) * 8 : 0), counts + (kWild ? i - start : 0), h0, f0);
            four(rows + (i + 4) * N, copy + (kCopies ? (i - start + 4) * 8 : 0), counts + (kWild ? i - start + 4 : 0), h1, f1);
            if (i > start) finish_block(out + i - kRows);
            _mm256_store_si256(reinterpret_cast<__m256i*>(hashed), h0);
            _mm256_store_si256(reinterpret_cast<__m256i*>(hashed + 4), h1);
            if constexpr (Flushes != FlushRows::kNone) {
                const unsigned noted = static_cast<unsigned>(f0 | f1 << 4);
                const uint32_t index = static_cast<uint32_t>(i - start);
                // without a branch, flushes rare or not: a block of eight natural rows holds a
                // flush one time in five, too often for a predicted branch (docs/experiments.md)
                for (uint32_t k = 0; k < kRows; ++k) {
                    flushes[n_flush] = index + k;
                    n_flush += noted >> k & 1;
                }
            }
        }
        finish_block(out + end - kRows);
        // the fix-up is SSE code (built for the package's -march): with the registers' upper
        // halves left dirty, each of its SSE instructions waits on them (AVX-SSE transition;
        // 1.7x on Zen 5, docs/experiments.md), and GCC does not clear them before this call
        _mm256_zeroupper();
        // every noted row goes through the pass, as natural_rows16's do: a row whose value is
        // final already (FinalFrom) keeps it as the best of the three, and the noted rows are all
        // in the chunk (whole blocks), so sifting them first (unfinished_rows) only cost time
        if (kWild && wild_flush != nullptr)
            flush_pass(flushes, n_flush, out + start);
        else if constexpr (kCopies)
            fix_noted_chunk_rows<N, FinalFrom, 8>(flushes, n_flush, start, end, copy, out, fix);
        else
            fix_noted_rows<N, FinalFrom>(flushes, n_flush, start, end, reinterpret_cast<const uint8_t*>(rows), out, fix);
    }
    const bool in_range = _mm256_movemask_epi8(_mm256_cmpgt_epi8(_mm256_xor_si256(top, _mm256_set1_epi8(static_cast<char>(0x80))),
                                                                 _mm256_set1_epi8(static_cast<char>((kDeck - 1) ^ 0x80)))) == 0;
    const bool cards_fit = sizeof(Card) < 8 || _mm256_testz_si256(wide_bits, _mm256_set1_epi64x(static_cast<long long>(kPastCardBits<sizeof(Card)>)));
    return in_range && cards_fit && _mm256_movemask_epi8(repeated) == 0;
}

}  // namespace wildeval

#else

namespace wildeval {

// Not compiled in this build: declared only, so that callers name it in every build
// (simd_blocks in rows_kernel.hpp never calls it here).
template <int N, class Card = uint8_t>
constexpr std::size_t rows8_rows(std::size_t n_rows);
template <int N, class Shape, FlushRows Flushes, int32_t FinalFrom, class Card, class Lookup, class Fix>
bool natural_rows8(const Card* rows, std::size_t n_rows, int32_t* __restrict out, const CardParts& parts, SlotHash hash,
                   Lookup lookup, Fix fix, const uint32_t* wild_flush);

}  // namespace wildeval

#endif
