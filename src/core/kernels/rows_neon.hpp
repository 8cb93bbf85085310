// The NEON batch kernel for rows of 5-7 cards (aarch64), natural or with wild ranks: sixteen
// rows a block, one row per byte lane.
//
// A block's 16 N bytes are read with N 16-byte loads and turned into N registers, card j of
// every row in register j, by 64-entry table lookups (tbl over the first four loads, tbx over
// the rest). Each card's rank (card >> 2) then indexes 16-entry byte tables (tbl): the four
// bytes of 5^rank, whether the rank is wild, and, by (suit | wild), the card's suit counters,
// exactly the tables the AVX2 kernel reads. A row's bytes of 5^rank are summed over its cards in
// 16-bit lanes and put together into its rank key, 32 bits a row; its suit counters add up in
// bytes (seven cards cannot carry out of a 4-bit counter); every pair of its cards is compared
// for the duplicate check. The keys are hashed four rows a register (the top 32 bits of
// key * multiplier from 32 x 32-bit products), and only the two lookups of the perfect hash run
// one row at a time, a block behind, so that they overlap the next block.
//
// Built wherever the compiler targets aarch64 (NEON is part of the architecture), and the one
// kernel such a CPU runs before the portable one takes the last rows of a batch. No machine of
// the project's runs it natively: tools/test-aarch64 tests it under qemu, and its speed is an
// estimate (docs/performance.md).
#pragma once

#include "kernels/rows_kernel.hpp"

#if defined(WILDEVAL_ROWS_NEON)

#include <arm_neon.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "bits.hpp"
#include "hand.hpp"
#include "rankings/ranking.hpp"

namespace wildeval {

// Where card j of each of a block's 16 rows lies in the block's 16 N bytes: byte N k + j, as
// an index into the first 64 bytes (`low`) and into the bytes from 64 on (`high`); an index past
// its table reads 0 (tbl) or leaves the byte as it was (tbx).
template <int N>
struct RowsNeonLayout {
    alignas(16) uint8_t low[N][16];
    alignas(16) uint8_t high[N][16];

    RowsNeonLayout() {
        for (int j = 0; j < N; ++j)
            for (int k = 0; k < 16; ++k) {
                const int at = N * k + j;
                low[j][k] = static_cast<uint8_t>(at < 64 ? at : 0xFF);
                high[j][k] = static_cast<uint8_t>(at >= 64 ? at - 64 : 0xFF);
            }
    }
};

// How many of n_rows rows natural_rows_neon takes: whole blocks of 16 (it reads no byte past
// them). natural_rows_of hands the rest to the portable kernel.
template <int N>
constexpr std::size_t rows_neon_rows(std::size_t n_rows) {
    return n_rows - n_rows % 16;
}

// Card j of every row of the block whose bytes are `raw` (N registers).
template <int N>
inline uint8x16_t neon_card(const uint8x16_t* raw, const RowsNeonLayout<N>& layout, int j) {
    const uint8x16x4_t first = {{raw[0], raw[1], raw[2], raw[3]}};
    const uint8x16_t low = vqtbl4q_u8(first, vld1q_u8(layout.low[j]));
    const uint8x16_t high = vld1q_u8(layout.high[j]);
    if constexpr (N == 5) {
        return vqtbx1q_u8(low, raw[4], high);
    } else if constexpr (N == 6) {
        const uint8x16x2_t rest = {{raw[4], raw[5]}};
        return vqtbx2q_u8(low, rest, high);
    } else {
        const uint8x16x3_t rest = {{raw[4], raw[5], raw[6]}};
        return vqtbx3q_u8(low, rest, high);
    }
}

// The top 32 bits of x * m (mod 2^64) for four 32-bit x, m = m_high : m_low.
inline uint32x4_t neon_product_top(uint32x4_t x, uint32_t m_low, uint32_t m_high) {
    const uint32x4_t low = vdupq_n_u32(m_low);
    const uint64x2_t p0 = vmull_u32(vget_low_u32(x), vget_low_u32(low)), p1 = vmull_high_u32(x, low);
    return vmlaq_n_u32(vuzp2q_u32(vreinterpretq_u32_u64(p0), vreinterpretq_u32_u64(p1)), x, m_high);
}

// Rows of N cards (bytes) into `out`, as natural_rows_kernel does (same contract: lookup(slot),
// fix(row, value) for each row that shows a flush unless Flushes is kNone, false for a repeated
// card or a byte that is not a card); n_rows is a rows_neon_rows().
template <int N, class Shape, FlushRows Flushes, int32_t FinalFrom, class Lookup, class Fix>
bool natural_rows_neon(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out, const CardParts& parts,
                       SlotHash hash, Lookup lookup, Fix fix) {
    static_assert(N >= 5 && N <= 7, "rows of 5-7 cards");
    static_assert(Shape::kBucketBits + Shape::kTableBits <= 32, "a slot and its bucket in 32 bits");
    constexpr std::size_t kRows = 16;
    static_assert(kRowsChunk % kRows == 0, "whole blocks a chunk");
    constexpr int kShiftTop = 32 - Shape::kBucketBits - Shape::kTableBits;  // from the product's top 32 bits
    constexpr bool kWild = Flushes == FlushRows::kCommon;
    static const RowsNeonLayout<N> layout;
    const CardBytes& tables = parts.bytes();
    const uint8x16_t rank_table[4] = {vld1q_u8(tables.rank16[0]), vld1q_u8(tables.rank16[1]), vld1q_u8(tables.rank16[2]),
                                      vld1q_u8(tables.rank16[3])};
    const uint8x16_t wild4 = vld1q_u8(tables.wild4), suits0 = vld1q_u8(tables.suits16[0]), suits1 = vld1q_u8(tables.suits16[1]);
    const uint8x16_t three = vdupq_n_u8(3), bias = vdupq_n_u8(0x33), flags = vdupq_n_u8(0x88);
    // without wild ranks the key's factor 8 goes into the multiplier (its rank part is 8 * sum)
    const uint64_t m = kWild ? hash.multiplier : hash.multiplier << kRankKeyShift;
    const uint32_t m_low = static_cast<uint32_t>(m), m_high = static_cast<uint32_t>(m >> 32);
    uint8x16_t repeated = vdupq_n_u8(0), top = vdupq_n_u8(0);

    alignas(16) uint32_t hashed[kRows];  // the block before's hashes: bucket and position
    uint32_t flushes[kRowsChunk + kRows];
    auto finish_block = [&](int32_t* o) {
        for (std::size_t k = 0; k < kRows; ++k) {
            const uint32_t h = hashed[k];
            o[k] = lookup((h + hash.displacement[h >> Shape::kTableBits]) & Shape::kSlotMask);
        }
    };
    for (std::size_t start = 0; start < n_rows; start += kRowsChunk) {
        const std::size_t end = std::min(n_rows, start + kRowsChunk);
        std::size_t n_flush = 0;
        for (std::size_t i = start; i < end; i += kRows) {
            uint8x16_t raw[N], card[N];
            for (int j = 0; j < N; ++j) {
                raw[j] = vld1q_u8(rows + i * N + 16 * j);
                top = vmaxq_u8(top, raw[j]);
            }
            for (int j = 0; j < N; ++j) card[j] = neon_card<N>(raw, layout, j);
            for (int a = 0; a < N; ++a)
                for (int b = a + 1; b < N; ++b) repeated = vorrq_u8(repeated, vceqq_u8(card[a], card[b]));
            // the bytes of 5^rank summed per row in 16-bit lanes (rows 0-7, then 8-15), the suit
            // counters and the wild cards (4 each) in bytes
            uint16x8_t low[4], high[4];
            [[maybe_unused]] uint8x16_t counters0 = bias, counters1 = bias, wilds = vdupq_n_u8(0);
            for (int j = 0; j < N; ++j) {
                const uint8x16_t rank = vshrq_n_u8(card[j], 2);  // 13-15 and past 15 read 0
                for (int b = 0; b < 4; ++b) {
                    const uint8x16_t part = vqtbl1q_u8(rank_table[b], rank);
                    if (j == 0) {
                        low[b] = vmovl_u8(vget_low_u8(part));
                        high[b] = vmovl_high_u8(part);
                    } else {
                        low[b] = vaddw_u8(low[b], vget_low_u8(part));
                        high[b] = vaddw_high_u8(high[b], part);
                    }
                }
                if constexpr (Flushes != FlushRows::kNone) {
                    uint8x16_t suit = vandq_u8(card[j], three);
                    if constexpr (kWild) {
                        const uint8x16_t w4 = vqtbl1q_u8(wild4, rank);
                        wilds = vaddq_u8(wilds, w4);
                        suit = vorrq_u8(suit, w4);
                    }
                    counters0 = vaddq_u8(counters0, vqtbl1q_u8(suits0, suit));
                    counters1 = vaddq_u8(counters1, vqtbl1q_u8(suits1, suit));
                }
            }
            // sum 5^rank = b0 + 2^8 b1 + 2^16 (b2 + 2^8 b3), four rows a register
            uint32x4_t key[4];
            key[0] = vaddq_u32(vmlal_n_u16(vmovl_u16(vget_low_u16(low[0])), vget_low_u16(low[1]), 256),
                               vshlq_n_u32(vmlal_n_u16(vmovl_u16(vget_low_u16(low[2])), vget_low_u16(low[3]), 256), 16));
            key[1] = vaddq_u32(vmlal_high_n_u16(vmovl_high_u16(low[0]), low[1], 256),
                               vshlq_n_u32(vmlal_high_n_u16(vmovl_high_u16(low[2]), low[3], 256), 16));
            key[2] = vaddq_u32(vmlal_n_u16(vmovl_u16(vget_low_u16(high[0])), vget_low_u16(high[1]), 256),
                               vshlq_n_u32(vmlal_n_u16(vmovl_u16(vget_low_u16(high[2])), vget_low_u16(high[3]), 256), 16));
            key[3] = vaddq_u32(vmlal_high_n_u16(vmovl_high_u16(high[0]), high[1], 256),
                               vshlq_n_u32(vmlal_high_n_u16(vmovl_high_u16(high[2]), high[3], 256), 16));
            uint32x4_t hashes[4];
            if constexpr (kWild) {
                // key = 8 sum + wild count, up to 34 bits: its low word is (sum << 3) | wild count
                const uint8x16_t count = vshrq_n_u8(wilds, 2);
                const uint16x8_t count_low = vmovl_u8(vget_low_u8(count)), count_high = vmovl_high_u8(count);
                const uint32x4_t counts[4] = {vmovl_u16(vget_low_u16(count_low)), vmovl_high_u16(count_low),
                                              vmovl_u16(vget_low_u16(count_high)), vmovl_high_u16(count_high)};
                for (int q = 0; q < 4; ++q) {
                    const uint32x4_t low_word = vorrq_u32(vshlq_n_u32(key[q], kRankKeyShift), counts[q]);
                    const uint32x4_t high_word = vshrq_n_u32(key[q], 32 - kRankKeyShift);
                    hashes[q] = vshrq_n_u32(vmlaq_n_u32(neon_product_top(low_word, m_low, m_high), high_word, m_low), kShiftTop);
                }
            } else {
                for (int q = 0; q < 4; ++q) hashes[q] = vshrq_n_u32(neon_product_top(key[q], m_low, m_high), kShiftTop);
            }
            if (i > start) finish_block(out + i - kRows);
            for (int q = 0; q < 4; ++q) vst1q_u32(hashed + 4 * q, hashes[q]);
            if constexpr (Flushes != FlushRows::kNone) {
                // bit 3 of a counter is set when that suit holds five cards (or can, with wild
                // cards): one nibble of `noted` per row
                const uint8x16_t flush = vtstq_u8(vorrq_u8(counters0, counters1), flags);
                const uint64_t noted = vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(flush), 4)), 0);
                const uint32_t index = static_cast<uint32_t>(i - start);
                if constexpr (Flushes == FlushRows::kCommon) {
                    for (uint32_t k = 0; k < kRows; ++k) {  // without a branch: a third of the rows
                        flushes[n_flush] = index + k;
                        n_flush += noted >> (4 * k) & 1;
                    }
                } else if (WILDEVAL_UNLIKELY(noted != 0)) {
                    for (uint64_t left = noted & 0x1111111111111111ull; left != 0; left &= left - 1)
                        flushes[n_flush++] = index + static_cast<uint32_t>(lowest_bit(left) >> 2);
                }
            }
        }
        finish_block(out + end - kRows);
        fix_noted_rows<N, FinalFrom>(flushes, n_flush, start, end, rows, out, fix);
    }
    return vmaxvq_u8(top) < kDeck && vmaxvq_u8(repeated) == 0;
}

}  // namespace wildeval

#else

namespace wildeval {

// Not compiled in this build: declared only, so that callers name it in every build
// (simd_blocks in rows_kernel.hpp never calls it here).
template <int N>
constexpr std::size_t rows_neon_rows(std::size_t n_rows);
template <int N, class Shape, FlushRows Flushes, int32_t FinalFrom, class Lookup, class Fix>
bool natural_rows_neon(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out, const CardParts& parts,
                       SlotHash hash, Lookup lookup, Fix fix);

}  // namespace wildeval

#endif
