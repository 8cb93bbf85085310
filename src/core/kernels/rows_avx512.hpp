// The AVX-512 batch kernel for rows of 5-7 cards, natural or with wild ranks: sixteen rows a
// register.
//
// Sixteen rows (16 N bytes) are read with two 64-byte loads and laid out as two registers of
// one row per 32-bit lane: cards 0-3 in one, cards 4.. and distinct filler bytes in the other.
// One byte lookup (vpermb, 64 entries: every byte value's low six bits) per register gives each
// card's part of the key a byte at a time, and vpdpbusd sums a lane's four bytes, so a row's
// rank key (the sum of 5^rank), its suit counters and its duplicate check (one chain of masked
// compares) take a few instructions per sixteen rows. The keys are hashed with one 32-bit
// multiply a lane where the shape allows (SplitHash, rows_kernel.hpp), else from 32 x 32-bit
// products, and the perfect hash's reads are gathered (vpgatherdd) for a lookup rows_kernel.hpp
// marks as gathered (natural_rows wraps it in RowAtATime for the avx512-scalar kernel); any
// other lookup runs one row at a time, a block behind. Rows with wild
// ranks that can make a flush are listed as each block finds them and their flushes read in a
// second pass over the list (flush_pass).
//
// Rows of wider integer cards (2, 4 or 8 bytes) are read as they are: each block's loads are
// narrowed to its two registers of bytes with byte permutes (vpermt2b), their bits OR-ed
// together for the range check. The lines 32 blocks on are fetched into the second-level cache
// meanwhile, and those 4 blocks on into the first (natural rows of bytes: 16 blocks on, into the
// first), so that the array is read from memory once.
//
// Built with GCC or Clang on x86-64 only, as functions compiled for AVX-512 whatever the
// package's -march; natural_rows (rows.hpp) runs it when the CPU has AVX-512 F, BW, DQ,
// VBMI and VNNI (Ice Lake, Zen 4 and later) and rows_kernel() allows it.
#pragma once

#include "kernels/rows_kernel.hpp"

#if defined(WILDEVAL_ROWS16)

WILDEVAL_AVX512_CODE_BEGIN
#include <immintrin.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "hand.hpp"
#include "rankings/ranking.hpp"

namespace wildeval {

// Where each lane of the kernel's two registers takes its bytes from, for N cards a row.
template <int N>
struct Rows16Layout {
    static constexpr int kRows = 16;
    alignas(64) uint8_t low[64];              // lane k: bytes N k + 0..3
    alignas(64) uint8_t high[64];             // lane k: bytes N k + 4..N-1, then filler
    uint64_t high_cards;                      // the bytes of `high` that are cards (the rest: filler)

    Rows16Layout() : high_cards(0) {
        for (int k = 0; k < kRows; ++k)
            for (int b = 0; b < 4; ++b) {
                low[4 * k + b] = static_cast<uint8_t>(N * k + b);
                const bool card = 4 + b < N;
                // distinct never-cards whose low six bits (61-63) read zeros in every table
                high[4 * k + b] = static_cast<uint8_t>(card ? N * k + 4 + b : 0xFC + b);
                if (card) high_cards |= uint64_t{1} << (4 * k + b);
            }
    }
};

// init + each 32-bit lane's four bytes of `a`, then of `b`, looked up in `table` (64 bytes)
WILDEVAL_AVX512_TARGET inline __m512i lane_sums(__m512i init, __m512i a, __m512i b, __m512i table) {
    const __m512i ones = _mm512_set1_epi8(1);
    return _mm512_dpbusd_epi32(_mm512_dpbusd_epi32(init, _mm512_permutexvar_epi8(a, table), ones),
                               _mm512_permutexvar_epi8(b, table), ones);
}

// The low bytes of Count integer cards at `at` (Count <= 64), in a register's first Count bytes
// (the bytes past them: any), every loaded word OR-ed into `bits`. A pair of loads gives its
// 128 / sizeof(Card) bytes in one permute (`index`: byte b from byte b * sizeof(Card) mod 128 of
// the pair, the same for every pair), and the pairs are blended in place.
template <class Card, int Count>
WILDEVAL_AVX512_TARGET inline __m512i low_bytes(const Card* at, __m512i index, __m512i& bits) {
    constexpr int kPerLoad = 64 / static_cast<int>(sizeof(Card)), kLoads = (Count + kPerLoad - 1) / kPerLoad;
    constexpr int kPairBytes = 2 * kPerLoad;
    __m512i words[kLoads];
    for (int q = 0; q < kLoads; ++q) {
        words[q] = _mm512_loadu_si512(at + q * kPerLoad);
        bits = _mm512_or_si512(bits, words[q]);
    }
    __m512i bytes = _mm512_permutex2var_epi8(words[0], index, words[kLoads > 1 ? 1 : 0]);
    for (int p = 1; 2 * p < kLoads; ++p) {
        const __m512i pair = _mm512_permutex2var_epi8(words[2 * p], index, words[2 * p + 1 < kLoads ? 2 * p + 1 : 2 * p]);
        bytes = _mm512_mask_blend_epi8(~__mmask64{0} << (p * kPairBytes), bytes, pair);
    }
    return bytes;
}

// Sixteen slots' values (rows_kernel.hpp's gathered lookups).
WILDEVAL_AVX512_TARGET inline __m512i gather16(const SlotValues& lookup, __m512i slot) {
    return _mm512_i32gather_epi32(slot, lookup.values, 4);
}
template <int Shift, bool From>
WILDEVAL_AVX512_TARGET inline __m512i gather16(const SlotOrdinals<Shift, From>& lookup, __m512i slot) {
    const __m512i words = _mm512_i32gather_epi32(slot, lookup.ordinals, 4);
    const __m512i ordinal = Shift == 16 ? _mm512_srli_epi32(words, 16)
                                        : _mm512_and_si512(_mm512_srli_epi32(words, Shift), _mm512_set1_epi32(0xFFFF));
    const __m512i value = _mm512_i32gather_epi32(ordinal, lookup.values, 4);
    return From ? _mm512_sub_epi32(_mm512_set1_epi32(static_cast<int>(lookup.from)), value) : value;
}

WILDEVAL_AVX512_TARGET inline __m512i gather16(const SlotValuesBelow& lookup, __m512i slot) {
    const __m512i v = _mm512_i32gather_epi32(slot, lookup.values, 4);
    const __mmask16 was = _mm512_cmpeq_epi32_mask(v, _mm512_set1_epi32(static_cast<int>(lookup.was)));
    return _mm512_sub_epi32(_mm512_set1_epi32(static_cast<int>(lookup.from)),
                            _mm512_mask_mov_epi32(v, was, _mm512_set1_epi32(static_cast<int>(lookup.now))));
}

// How many of n_rows rows natural_rows16 takes: whole blocks of 16 rows whose two loads (128
// bytes from the block's start) stay in the rows. natural_rows_of hands the rest to
// natural_rows_kernel.
template <int N>
constexpr std::size_t rows16_rows(std::size_t n_rows) {
    constexpr std::size_t kRead = 128, kBlock = 16 * N;
    return n_rows * N < kRead ? 0 : ((n_rows * N - kRead) / kBlock + 1) * 16;
}

// Rows of N cards into `out`, as natural_rows_kernel does (same contract: lookup(slot),
// fix(row, value) for each row that shows a flush unless Flushes is kNone, false for a repeated
// card or a value that is not a card); n_rows is a rows16_rows(). The rows are `cards`: bytes,
// or wider integers (an unsigned Card type of their size, for either sign) whose low bytes are
// written to `bytes` as they are read, where a fix-up reads them.
//
// With wild ranks (kCommon) and `wild_flush` given, the flushes are read here instead of fixed
// up: every row's value is the best of its value by ranks and of the flush values of the lowest
// and the highest suit that can make a flush, wild_flush[(wild count & 3) << 13 | the suit's
// natural ranks] (0 at ranks 0: no flush). That is exact: two suits can make a flush only with
// three or more wild cards among seven, three only with four or more, and then five of a kind
// beats every flush. Without wild_flush, rows that can make a flush are fixed up.
template <int N, class Shape, FlushRows Flushes, int32_t FinalFrom, class Card, class Lookup, class Fix>
WILDEVAL_AVX512_TARGET bool natural_rows16(const Card* cards, uint8_t* bytes, std::size_t n_rows, int32_t* __restrict out,
                                           const CardParts& parts, SlotHash hash, Lookup lookup, Fix fix,
                                           const uint32_t* wild_flush) {
    static_assert(N >= 5 && N <= 7, "rows of 5-7 cards");
    static_assert(std::is_unsigned_v<Card> && (sizeof(Card) == 1 || sizeof(Card) == 2 || sizeof(Card) == 4 || sizeof(Card) == 8),
                  "cards as unsigned integers of 1, 2, 4 or 8 bytes");
    constexpr bool kNarrow = sizeof(Card) > 1;
    const uint8_t* rows = kNarrow ? bytes : reinterpret_cast<const uint8_t*>(cards);
    static_assert(Shape::kBucketBits + Shape::kTableBits <= 32, "a slot and its bucket in 32 bits");
    constexpr std::size_t kRows = 16;
    static_assert(kRowsChunk % kRows == 0, "whole blocks a chunk");
    constexpr int kShiftTop = 32 - Shape::kBucketBits - Shape::kTableBits;  // from the product's top 32 bits
    static const Rows16Layout<N> layout;
    const CardBytes& card_bytes = parts.bytes();
    const __m512i low_index = _mm512_load_si512(layout.low), high_index = _mm512_load_si512(layout.high);
    const __m512i rank0 = _mm512_load_si512(card_bytes.rank[0]), rank1 = _mm512_load_si512(card_bytes.rank[1]),
                  rank2 = _mm512_load_si512(card_bytes.rank[2]), rank3 = _mm512_load_si512(card_bytes.rank[3]);
    const __m512i suits0 = _mm512_load_si512(card_bytes.suits[0]), suits1 = _mm512_load_si512(card_bytes.suits[1]);
    const __m512i bias = _mm512_set1_epi32(0x33), flags = _mm512_set1_epi32(0x8888);
    const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    // A key's rank part is 8 * sum 5^rank + the wild count: rows without wild ranks (Flushes not
    // kCommon) put the 8 into the multiplier; rows with wild ranks add their wild count in 64-bit
    // lanes.
    constexpr bool kWild = Flushes == FlushRows::kCommon;
    const uint64_t m = kWild ? hash.multiplier : hash.multiplier << kRankKeyShift;
    const __m512i m_low = _mm512_set1_epi64(static_cast<long long>(m & 0xFFFFFFFFu));
    const __m512i m_high = _mm512_set1_epi64(static_cast<long long>(m >> 32));
    // where the shape allows, one 32-bit multiply (SplitHash, rows_kernel.hpp)
    constexpr bool kMultiply32 = SplitHash<Shape>::kApplies;
    const SplitHash<Shape> split(hash.multiplier);
    const __m512i m32 = _mm512_set1_epi32(static_cast<int>(split.multiplier));
    const __m512i wild_parts = _mm512_load_si512(split.wild_part);
    const __m512i wild = _mm512_load_si512(card_bytes.wild);
    const __m512i rank_bit0 = _mm512_load_si512(card_bytes.rank_bit[0]), rank_bit1 = _mm512_load_si512(card_bytes.rank_bit[1]);
    const __mmask64 high_bytes = (N * 16 - 64 >= 64) ? ~__mmask64{0} : (__mmask64{1} << (N * 16 - 64)) - 1;
    __mmask64 repeated = 0;
    __m512i top = _mm512_setzero_si512();
    // Each block fetches the lines of the block kFarBlocks on into the second-level cache, and
    // those of the block kNearBlocks on into the first (fetch_rows_in_two_steps), where the rows
    // are wider cards or have wild ranks; natural rows of bytes fetch the block kAheadBlocks on
    // into the first level only (fetch_rows_ahead), which measured 4-8 % faster for them against
    // OMPEval (docs/experiments.md). Wider cards: every loaded word OR-ed together, and the
    // narrowing permute (byte b from byte b * sizeof(Card) of a pair of loads, mod 128).
    constexpr bool kTwoSteps = kNarrow || kWild;
    constexpr std::size_t kFarBlocks = 32, kNearBlocks = 4, kAheadBlocks = 16, kBlockLines = (16 * N * sizeof(Card) + 63) / 64;
    constexpr std::size_t kBlockBytes = kRows * N * sizeof(Card), kFar = kFarBlocks * kBlockBytes, kNear = kNearBlocks * kBlockBytes;
    __m512i wide_bits = _mm512_setzero_si512();
    alignas(64) uint8_t narrow_bytes[64];
    for (int b = 0; b < 64; ++b) narrow_bytes[b] = static_cast<uint8_t>(b * sizeof(Card) % 128);
    const __m512i narrow_index = _mm512_load_si512(narrow_bytes);

    constexpr bool kGather = Gathered<Lookup>::value;
    const __m512i low16 = _mm512_set1_epi32(0xFFFF), slot_mask = _mm512_set1_epi32(static_cast<int>(Shape::kSlotMask));
    // Rows that can make a flush, with wild ranks: their flushes are read by the second pass
    // (flush_pass), sixteen of those rows at a time, from their bytes, wild counts and suit
    // counters kept here as each block finds them (a third of the rows, with three ranks wild).
    const bool read_flushes = kWild && wild_flush != nullptr;
    const bool fixes = Flushes != FlushRows::kNone && !read_flushes;  // reads rows of bytes
    alignas(64) uint32_t hashed[kRows];  // the block before's hash: bucket and position (no gather)
    alignas(64) uint32_t flushes[kRowsChunk + kRows];
    // read_flushes: a, b, and the suit counters (bits 0-15), wild count (16-18) and row in the chunk
    // (20 on) in one word: three compresses a block
    alignas(64) uint32_t pending[3][kRowsChunk + kRows];
    auto finish_block = [&](int32_t* o) {
        for (std::size_t k = 0; k < kRows; ++k) {
            const uint32_t h = hashed[k];
            o[k] = lookup((h + hash.displacement[h >> Shape::kTableBits]) & Shape::kSlotMask);
        }
    };
    // The pending rows' values: the best of the value by ranks (in `out` already) and of the
    // flush values of the lowest and the highest suit that can make a flush. Those two suits are
    // found from the counters first, each put in every byte of its lane; a suit's ranks are then
    // the sum of the rank bits (two bytes a card, 0 for a wild card) of the bytes whose suit is
    // that one: four byte lookups a block, not two for each of the four suits.
    auto flush_pass = [&](std::size_t n_pending, int32_t* chunk) WILDEVAL_AVX512_TARGET {
        const __m512i zero = _mm512_setzero_si512(), ones = _mm512_set1_epi8(1), threes = _mm512_set1_epi8(3);
        for (std::size_t p = 0; p < n_pending; p += kRows) {
            const __mmask16 live = n_pending - p >= kRows ? __mmask16(0xFFFF) : __mmask16((1u << (n_pending - p)) - 1);
            const __m512i a = _mm512_maskz_loadu_epi32(live, pending[0] + p), b = _mm512_maskz_loadu_epi32(live, pending[1] + p);
            const __m512i counters = _mm512_maskz_loadu_epi32(live, pending[2] + p);  // and more bits past 15
            const __m512i w = _mm512_srli_epi32(counters, 16);
            const __m512i row = _mm512_srli_epi32(counters, 20);
            __mmask16 can[kSuits];
            for (int s = 0; s < kSuits; ++s) can[s] = _mm512_test_epi32_mask(counters, _mm512_set1_epi32(8 << (4 * s)));
            __m512i low_suit = zero, high_suit = zero;
            for (int s = 0; s < kSuits; ++s) {
                low_suit = _mm512_mask_mov_epi32(low_suit, can[kSuits - 1 - s], _mm512_set1_epi8(static_cast<char>(kSuits - 1 - s)));
                high_suit = _mm512_mask_mov_epi32(high_suit, can[s], _mm512_set1_epi8(static_cast<char>(s)));
            }
            const __m512i a0 = _mm512_permutexvar_epi8(a, rank_bit0), a1 = _mm512_permutexvar_epi8(a, rank_bit1);
            const __m512i b0 = _mm512_permutexvar_epi8(b, rank_bit0), b1 = _mm512_permutexvar_epi8(b, rank_bit1);
            const __m512i a_suits = _mm512_and_si512(a, threes), b_suits = _mm512_and_si512(b, threes);
            auto suit_ranks = [&](__m512i suit) WILDEVAL_AVX512_TARGET {
                const __mmask64 in_a = _mm512_cmpeq_epi8_mask(a_suits, suit), in_b = _mm512_cmpeq_epi8_mask(b_suits, suit);
                const __m512i low8 = _mm512_dpbusd_epi32(_mm512_dpbusd_epi32(zero, _mm512_maskz_mov_epi8(in_a, a0), ones),
                                                         _mm512_maskz_mov_epi8(in_b, b0), ones);
                const __m512i high5 = _mm512_dpbusd_epi32(_mm512_dpbusd_epi32(zero, _mm512_maskz_mov_epi8(in_a, a1), ones),
                                                          _mm512_maskz_mov_epi8(in_b, b1), ones);
                return _mm512_add_epi32(low8, _mm512_slli_epi32(high5, 8));
            };
            // a lane none of whose suits can (past the live rows) reads entry 0, which holds no flush
            const __mmask16 any = static_cast<__mmask16>(can[0] | can[1] | can[2] | can[3]);
            const __m512i lowest = _mm512_maskz_mov_epi32(any, suit_ranks(low_suit));
            const __m512i highest = _mm512_maskz_mov_epi32(any, suit_ranks(high_suit));
            const __m512i slice = _mm512_slli_epi32(_mm512_and_si512(w, _mm512_set1_epi32(3)), kRanks);
            const __m512i low = _mm512_mask_i32gather_epi32(zero, live, _mm512_or_si512(lowest, slice), wild_flush, 4);
            const __m512i high = _mm512_mask_i32gather_epi32(zero, live, _mm512_or_si512(highest, slice), wild_flush, 4);
            const __m512i by_ranks = _mm512_mask_i32gather_epi32(zero, live, row, chunk, 4);
            _mm512_mask_i32scatter_epi32(chunk, live, row, _mm512_max_epu32(by_ranks, _mm512_max_epu32(low, high)), 4);
        }
    };
    for (std::size_t start = 0; start < n_rows; start += kRowsChunk) {
        const std::size_t end = std::min(n_rows, start + kRowsChunk);
        std::size_t n_flush = 0, n_pending = 0;
        for (std::size_t i = start; i < end; i += kRows) {
            __m512i lo, hi;  // the block's bytes 0-63 and 64-16N
            if constexpr (kNarrow) {
                const Card* c = cards + i * N;
                fetch_rows_in_two_steps<kBlockLines>(c, kFar, kNear);
                lo = low_bytes<Card, 64>(c, narrow_index, wide_bits);
                hi = low_bytes<Card, 16 * N - 64>(c + 64, narrow_index, wide_bits);
                if (fixes) {
                    _mm512_storeu_si512(bytes + i * N, lo);
                    _mm512_mask_storeu_epi8(bytes + i * N + 64, high_bytes, hi);
                }
            } else {
                if constexpr (kTwoSteps)
                    fetch_rows_in_two_steps<kBlockLines>(rows + i * N, kFar, kNear);
                else
                    fetch_rows_ahead<kBlockLines>(rows + i * N, kAheadBlocks * kBlockBytes);
                lo = _mm512_loadu_si512(rows + i * N);
                hi = _mm512_loadu_si512(rows + i * N + 64);
            }
            const __m512i a = _mm512_permutex2var_epi8(lo, low_index, hi);
            const __m512i b = _mm512_mask2_permutex2var_epi8(lo, high_index, layout.high_cards, hi);
            // rank key: the four bytes of 5^rank summed per lane, then put together
            const __m512i zero = _mm512_setzero_si512();
            const __m512i key = _mm512_add_epi32(
                _mm512_add_epi32(lane_sums(zero, a, b, rank0), _mm512_slli_epi32(lane_sums(zero, a, b, rank1), 8)),
                _mm512_add_epi32(_mm512_slli_epi32(lane_sums(zero, a, b, rank2), 16), _mm512_slli_epi32(lane_sums(zero, a, b, rank3), 24)));
            // duplicates: every pair of a row's bytes, by rotations within its lanes; each
            // comparison keeps the bytes that differ so far (a masked compare: no mask ORs)
            const __m512i b8 = _mm512_rol_epi32(b, 8), b16 = _mm512_rol_epi32(b, 16);
            __mmask64 differ = _mm512_cmpneq_epi8_mask(a, _mm512_rol_epi32(a, 8));
            differ = _mm512_mask_cmpneq_epi8_mask(differ, a, _mm512_rol_epi32(a, 16));
            differ = _mm512_mask_cmpneq_epi8_mask(differ, a, b);
            differ = _mm512_mask_cmpneq_epi8_mask(differ, a, b8);
            differ = _mm512_mask_cmpneq_epi8_mask(differ, a, b16);
            differ = _mm512_mask_cmpneq_epi8_mask(differ, a, _mm512_rol_epi32(b, 24));
            if constexpr (N > 5) {
                differ = _mm512_mask_cmpneq_epi8_mask(differ, b, b8);
                differ = _mm512_mask_cmpneq_epi8_mask(differ, b, b16);
            }
            repeated |= ~differ;
            top = _mm512_max_epu8(top, lo);
            top = _mm512_mask_max_epu8(top, high_bytes, top, hi);
            const __m512i w = kWild ? lane_sums(zero, a, b, wild) : zero;  // wild counts
            if constexpr (Flushes != FlushRows::kNone) {
                // suit counters from 3: bit 3 of one is set when that suit holds five cards
                const __m512i counters = _mm512_or_si512(lane_sums(bias, a, b, suits0), _mm512_slli_epi32(lane_sums(bias, a, b, suits1), 8));
                if (read_flushes) {
                    const __mmask16 can = _mm512_test_epi32_mask(counters, flags);
                    const __m512i row = _mm512_add_epi32(lane, _mm512_set1_epi32(static_cast<int>(i - start)));  // within the chunk
                    _mm512_storeu_si512(pending[0] + n_pending, _mm512_maskz_compress_epi32(can, a));
                    _mm512_storeu_si512(pending[1] + n_pending, _mm512_maskz_compress_epi32(can, b));
                    const __m512i packed = _mm512_or_si512(_mm512_or_si512(counters, _mm512_slli_epi32(w, 16)), _mm512_slli_epi32(row, 20));
                    _mm512_storeu_si512(pending[2] + n_pending, _mm512_maskz_compress_epi32(can, packed));
                    n_pending += static_cast<std::size_t>(popcount32(can));
                } else {
                    const __mmask16 flush = _mm512_test_epi32_mask(counters, flags);
                    const __m512i index = _mm512_add_epi32(lane, _mm512_set1_epi32(static_cast<int>(i - start)));
                    _mm512_storeu_si512(flushes + n_flush, _mm512_maskz_compress_epi32(flush, index));
                    n_flush += static_cast<std::size_t>(popcount32(flush));
                }
            }
            // the top 32 bits of key * multiplier (mod 2^64) from 32 x 32-bit products, the even
            // rows' in one register and the odd rows' in another: natural rows hash the sum itself
            // (below 2^31; the factor 8 is in the multiplier), wild rows 8 * sum + wild count
            const __m512i key_low = kWild ? _mm512_or_si512(_mm512_slli_epi32(key, kRankKeyShift), w) : key;
            const __m512i key_high = kWild ? _mm512_srli_epi32(key, 32 - kRankKeyShift) : zero;
            auto top_half = [&](__m512i low, __m512i high) WILDEVAL_AVX512_TARGET {
                __m512i t = _mm512_add_epi64(_mm512_srli_epi64(_mm512_mul_epu32(low, m_low), 32), _mm512_mul_epu32(low, m_high));
                if constexpr (kWild) t = _mm512_add_epi64(t, _mm512_mul_epu32(high, m_low));
                return t;
            };
            __m512i pos;
            if constexpr (kMultiply32) {
                __m512i top32 = _mm512_mullo_epi32(key, m32);
                if constexpr (kWild) top32 = _mm512_add_epi32(top32, _mm512_permutexvar_epi32(w, wild_parts));
                pos = _mm512_srli_epi32(top32, kShiftTop);
            } else {
                const __m512i even = top_half(key_low, key_high);
                const __m512i odd = top_half(_mm512_srli_epi64(key_low, 32), _mm512_srli_epi64(key_high, 32));
                pos = _mm512_srli_epi32(_mm512_mask_blend_epi32(0xAAAA, even, _mm512_slli_epi64(odd, 32)), kShiftTop);
            }
            if constexpr (kGather) {
                // both lookups gathered: a displacement is the low 16 bits of the 32 read
                const __m512i bucket = _mm512_srli_epi32(pos, Shape::kTableBits);
                const __m512i shift = _mm512_and_si512(_mm512_i32gather_epi32(bucket, hash.displacement, 2), low16);
                const __m512i slot = _mm512_and_si512(_mm512_add_epi32(pos, shift), slot_mask);
                _mm512_storeu_si512(out + i, gather16(lookup, slot));
            } else {
                if (i > start) finish_block(out + i - kRows);
                _mm512_store_si512(hashed, pos);
            }
        }
        if constexpr (!kGather) finish_block(out + end - kRows);
        if (read_flushes) flush_pass(n_pending, out + start);
        // the fix-up is SSE code (built for the package's -march): with the registers' upper
        // halves left dirty, each of its SSE instructions waits on them (AVX-SSE transition;
        // 1.7x on Zen 5, docs/experiments.md), and GCC does not clear them before this call
        _mm256_zeroupper();
        fix_noted_rows<N, FinalFrom>(flushes, n_flush, start, end, rows, out, fix);
    }
    bool in_range = _mm512_cmpgt_epu8_mask(top, _mm512_set1_epi8(kDeck - 1)) == 0;
    if constexpr (kNarrow)
        in_range = in_range && _mm512_test_epi64_mask(wide_bits, _mm512_set1_epi64(static_cast<long long>(kPastCardBits<sizeof(Card)>))) == 0;
    return in_range && repeated == 0;
}

}  // namespace wildeval

WILDEVAL_AVX512_CODE_END

#else

namespace wildeval {

// Not compiled in this build: declared only, so that callers name it in every build
// (simd_blocks in rows_kernel.hpp never calls it here).
template <int N>
constexpr std::size_t rows16_rows(std::size_t n_rows);
template <int N, class Shape, FlushRows Flushes, int32_t FinalFrom, class Card, class Lookup, class Fix>
bool natural_rows16(const Card* cards, uint8_t* bytes, std::size_t n_rows, int32_t* __restrict out, const CardParts& parts,
                    SlotHash hash, Lookup lookup, Fix fix, const uint32_t* wild_flush);

}  // namespace wildeval

#endif
