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
// -march; natural_rows (natural_rows.hpp) runs it when the CPU has AVX2, BMI1 and BMI2 and
// rows_kernel() is kAvx2. Rows of wider integers are narrowed by the caller (row_source.hpp) first.
#pragma once

#include "rows_kernel.hpp"

#if defined(WILDEVAL_ROWS8)

#include <immintrin.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "bits.hpp"
#include "hand.hpp"
#include "ranking.hpp"

namespace wildeval {

// Where each byte of the kernel's registers comes from, for N cards a row (each 32 bytes: the
// same 16 in both halves of a register).
template <int N>
struct Rows8Layout {
    alignas(32) uint8_t spread[32];     // vpshufb: rows 0-1 of a half to its two 64-bit lanes
    alignas(32) uint8_t filler[32];     // the never-cards past a row's N cards
    alignas(32) uint8_t rotate[4][32];  // each 64-bit lane's bytes rotated by 1-4

    Rows8Layout() {
        for (int at = 0; at < 32; ++at) {
            const int row = at % 16 / 8, b = at % 8;
            spread[at] = static_cast<uint8_t>(b < N ? N * row + b : 0x80);
            filler[at] = static_cast<uint8_t>(b < N ? 0 : 0xFF - (b - N));
            for (int d = 1; d <= 4; ++d) rotate[d - 1][at] = static_cast<uint8_t>(8 * row + (b + d) % 8);
        }
    }
};

WILDEVAL_AVX2_TARGET inline __m256i load32(const uint8_t* at) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(at)); }

// How many of n_rows rows natural_rows8 takes: whole blocks of 8 rows whose loads (16 bytes from
// rows 0, 2, 4 and 6 of a block) stay in the rows. natural_rows_of hands the rest on.
template <int N>
constexpr std::size_t rows8_rows(std::size_t n_rows) {
    constexpr std::size_t kRead = 6 * N + 16, kBlock = 8 * N;
    return n_rows * N < kRead ? 0 : ((n_rows * N - kRead) / kBlock + 1) * 8;
}

// Rows of N cards (bytes) into `out`, as natural_rows_kernel does (same contract: lookup(slot),
// fix(row, value) for each row that shows a flush unless Flushes is kNone, false for a repeated
// card or a byte that is not a card); n_rows is a rows8_rows().
template <int N, class Shape, FlushRows Flushes, int32_t FinalFrom, class Lookup, class Fix>
WILDEVAL_AVX2_TARGET bool natural_rows8(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out,
                                        const CardParts& parts, SlotHash hash, Lookup lookup, Fix fix) {
    static_assert(N >= 5 && N <= 7, "rows of 5-7 cards");
    static_assert(Shape::kBucketBits + Shape::kTableBits <= 32, "a slot and its bucket in 32 bits");
    constexpr std::size_t kRows = 8;
    constexpr std::size_t kChunk = 1024;  // rows between two fix-up passes
    // each block fetches the lines 256 rows on, as the AVX-512 kernel does (fetch_rows_ahead)
    constexpr std::size_t kBlockLines = (kRows * N + 63) / 64, kAheadBytes = 256 * N;
    constexpr int kShiftTop = 32 - Shape::kBucketBits - Shape::kTableBits;  // from the product's top 32 bits
    constexpr uint32_t kSlotMask = (1u << Shape::kTableBits) - 1;
    constexpr bool kWild = Flushes == FlushRows::kCommon;
    static const Rows8Layout<N> layout;
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
    __m256i repeated = zero, top = zero;

    alignas(32) uint64_t hashed[kRows];  // the block before's hashes: bucket and position
    uint32_t flushes[kChunk + kRows];
    auto finish_block = [&](int32_t* o) {
        for (std::size_t k = 0; k < kRows; ++k) {
            const uint32_t h = static_cast<uint32_t>(hashed[k]);
            o[k] = lookup((h + hash.displacement[h >> Shape::kTableBits]) & kSlotMask);
        }
    };
    // four rows at `at` (rows 0-1, then 2-3 from 2N on): their hashes, and their flush rows as bits
    auto four = [&](const uint8_t* at, __m256i& hashes, int& flush_bits) WILDEVAL_AVX2_TARGET {
        const __m256i raw = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(at))),
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(at + 2 * N)), 1);
        const __m256i cards = _mm256_shuffle_epi8(raw, spread);
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
            const __m256i none = _mm256_cmpeq_epi64(_mm256_and_si256(counters, flags), zero);
            flush_bits = ~_mm256_movemask_pd(_mm256_castsi256_pd(none)) & 0xF;
        }
        // the top 32 bits of key * multiplier (mod 2^64), in each lane's low half: with a
        // multiplier whose low 29 bits are zero, sum * M + floor(wild * M / 8) (natural_rows16.hpp)
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
    for (std::size_t start = 0; start < n_rows; start += kChunk) {
        const std::size_t end = std::min(n_rows, start + kChunk);
        std::size_t n_flush = 0;
        for (std::size_t i = start; i < end; i += kRows) {
            fetch_rows_ahead<kBlockLines>(rows + i * N, kAheadBytes);
            __m256i h0, h1;
            int f0 = 0, f1 = 0;
            four(rows + i * N, h0, f0);
            four(rows + (i + 4) * N, h1, f1);
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
        fix_noted_rows<N, FinalFrom>(flushes, n_flush, start, end, rows, out, fix);
    }
    const bool in_range = _mm256_movemask_epi8(_mm256_cmpgt_epi8(_mm256_xor_si256(top, _mm256_set1_epi8(static_cast<char>(0x80))),
                                                                 _mm256_set1_epi8(static_cast<char>((kDeck - 1) ^ 0x80)))) == 0;
    return in_range && _mm256_movemask_epi8(repeated) == 0;
}

}  // namespace wildeval

#endif
