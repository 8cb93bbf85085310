// The portable batch kernel for rows of 5-7 cards: plain C++, no intrinsics, the kernel every
// CPU without a SIMD kernel of its own runs (and every CPU runs for the rows past a SIMD
// kernel's last block).
//
// Four rows at a time: a row's key is the sum of its cards' 8-byte keys (CardParts::keys()), its
// value one lookup by slot. Its check is in the same words: a byte that is not a card adds
// kNotCardKey to the key, and a repeated card shows as an equal byte when the row's eight bytes
// (its cards, then distinct never-cards) are compared with themselves rotated by one to four
// bytes (RepeatedCards), which meets every pair of a cycle of eight. A row whose key shows a
// flush (when the ranking cares) is noted, on a predicted branch where flushes are rare and
// without one where they are common (FlushRows), and fixed up after each chunk of rows. The
// SSSE3 kernel is this loop too (natural_rows_kernel), with its own check (rows_ssse3.hpp).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "bits.hpp"
#include "hand.hpp"
#include "rankings/ranking.hpp"
#include "kernels/rows_kernel.hpp"

namespace wildeval {

// The duplicate check of rows of N cards, four rows (a group) at a time. Each row is read as one
// 64-bit word (so 8 - N bytes past it must be readable) whose bytes past the N cards are made
// distinct never-cards (0xFF, 0xFE, 0xFD); a card held twice makes the word equal to itself
// rotated by 1, 2, 3 or 4 bytes in some byte, which meets every pair of a cycle of eight. Where
// the compiler has vectors of two words (GCC and Clang: SSE2, NEON and others) two rows are
// compared at once, byte by byte; elsewhere each word's zero bytes of w ^ rotated are found with
// the carry trick (only "none" is exact, which is all that is asked).
template <int N>
class RepeatedCards {
public:
    RepeatedCards() {
        uint8_t k[8], f[8];
        for (int b = 0; b < 8; ++b) {
            k[b] = b < N ? 0xFF : 0;
            f[b] = static_cast<uint8_t>(b < N ? 0 : 0xFF - (b - N));
        }
        std::memcpy(&keep_, k, 8);  // in memory order, whatever the byte order
        std::memcpy(&filler_, f, 8);
    }

    // The four rows at `rows`.
    void add_group(const uint8_t* rows) {
#if defined(__GNUC__) || defined(__clang__)
        for (int pair = 0; pair < 2; ++pair) {
            const Words w = (Words{word(rows + 2 * pair * N), word(rows + (2 * pair + 1) * N)} & keep_) | filler_;
            for (int d = 8; d <= 32; d += 8) {
                const Words r = w << d | w >> (64 - d);
                found_ |= reinterpret_cast<Words>(reinterpret_cast<Bytes>(w) == reinterpret_cast<Bytes>(r));
            }
        }
#else
        constexpr uint64_t kOnes = 0x0101010101010101ull;
        for (int k = 0; k < 4; ++k) {
            const uint64_t w = (word(rows + k * N) & keep_) | filler_;
            for (int d = 8; d <= 32; d += 8) {
                const uint64_t x = w ^ (w << d | w >> (64 - d));
                found_ |= (x - kOnes) & ~x;
            }
        }
#endif
    }
    // Whether any row added held a card twice.
    bool any() const {
        constexpr uint64_t kTopBits = 0x8080808080808080ull;
#if defined(__GNUC__) || defined(__clang__)
        return ((found_[0] | found_[1]) & kTopBits) != 0;
#else
        return (found_ & kTopBits) != 0;
#endif
    }

private:
    static uint64_t word(const uint8_t* at) {
        uint64_t w;
        std::memcpy(&w, at, 8);
        return w;
    }
#if defined(__GNUC__) || defined(__clang__)
    typedef uint64_t Words __attribute__((vector_size(16)));
    typedef uint8_t Bytes __attribute__((vector_size(16)));
    Words found_ = {0, 0};
#else
    uint64_t found_ = 0;
#endif
    uint64_t keep_ = 0, filler_ = 0;
};

// The portable kernel's checks of its groups' rows (a Checks of natural_rows_kernel): a byte
// that is not a card shows in the group's keys OR-ed together (kNotCardKey), a repeated card in
// RepeatedCards. A group's last row is read as eight bytes: 8 - N past the group.
template <int N>
class KeyChecks {
public:
    static constexpr std::size_t kReach = 3 * static_cast<std::size_t>(N) + 8;  // bytes a group's loads read
    // The four rows at `rows`, whose keys OR-ed together are `key_bits`.
    void add_group(const uint8_t* rows, uint64_t key_bits) {
        repeated_.add_group(rows);
        key_bits_ |= key_bits;
    }
    // Whether every row added held cards (0-51), each once.
    bool cards() const { return (key_bits_ & kNotCardKeys) == 0 && !repeated_.any(); }

private:
    RepeatedCards<N> repeated_;
    uint64_t key_bits_ = 0;
};

// Rows of N cards into `out`: lookup(slot) for every row, then fix(row, that value) instead for
// each row whose key shows a flush (unless kNone). `keys` are CardParts::keys(); fix must read
// only arrays of 256 entries: the rows' bytes are checked here, so a byte that is not a card
// reads no memory outside the tables. False if some row holds a card twice or a byte that is
// not a card (0-51). `ahead` is fetched a few lines a group, spread over the rows.
// A noted row whose looked-up value is FinalFrom or more is final as it is (no flush can beat it):
// it is dropped before the fix-up. Four rows a group: their keys summed, the group checked, then
// each row's lookup, with a branch to note a rare flush. The check is `Checks`: KeyChecks here
// (the portable kernel), PairCheck (rows_ssse3.hpp) for the SSSE3 kernel; each has kReach, the
// bytes a group's loads read from its first row, add_group(rows, the group's keys OR-ed) and
// cards(), whether every row checked held cards, each once.
template <int N, class Shape, FlushRows Flushes, int32_t FinalFrom, class Checks = KeyChecks<N>, class Ahead, class Lookup,
          class Fix>
bool natural_rows_kernel(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out, const uint64_t* keys,
                         SlotHash hash, Lookup lookup, Fix fix, Ahead ahead) {
    static_assert(N >= 5 && N <= 7, "rows of 5-7 cards");
    constexpr std::size_t kGroup = 4;  // rows summed before their lookups
    static_assert(kRowsChunk % kGroup == 0, "whole groups a chunk");
    constexpr int kShiftBucket = 64 - Shape::kBucketBits, kShiftPos = 64 - Shape::kBucketBits - Shape::kTableBits;
    Checks checks;
    uint32_t flushes[kRowsChunk + kGroup];  // a padded group's filler rows may be noted too
    std::size_t n_flush = 0;
    AheadSteps<Ahead> fetch(ahead, (n_rows + kGroup - 1) / kGroup);
    auto group = [&](const uint8_t* r, int32_t* o, std::size_t index) {
        fetch.step();
        fetch_rows_ahead<1>(r, 256 * N);  // the rows 256 on (rows_kernel.hpp)
        uint64_t key[kGroup];
        uint64_t group_bits = 0;  // folded in once a group
        for (std::size_t k = 0; k < kGroup; ++k) {
            const uint8_t* c = r + k * N;
            uint64_t sum = keys[CardParts::kBiasedKeys + c[0]] + keys[c[1]] + keys[c[2]] + keys[c[3]] + keys[c[4]];
            if constexpr (N > 5) sum += keys[c[5]];
            if constexpr (N > 6) sum += keys[c[6]];
            key[k] = sum;
            group_bits |= sum;
        }
        checks.add_group(r, group_bits);
        for (std::size_t k = 0; k < kGroup; ++k) {
            const uint64_t h = key[k] * hash.multiplier;
            o[k] = lookup((static_cast<uint32_t>(h >> kShiftPos) + hash.displacement[h >> kShiftBucket]) & Shape::kSlotMask);
            if constexpr (Flushes == FlushRows::kRare) {
                if (WILDEVAL_UNLIKELY((key[k] & kFlushFlags) != 0)) flushes[n_flush++] = static_cast<uint32_t>(index + k);
            } else if constexpr (Flushes == FlushRows::kCommon) {  // without a branch, as in natural_rows8
                flushes[n_flush] = static_cast<uint32_t>(index + k);
                n_flush += (key[k] & kFlushFlags) != 0;
            }
        }
    };
    // for_each_group pads the last group or two, whose loads would pass the rows' end
    for (std::size_t start = 0; start < n_rows; start += kRowsChunk) {
        const std::size_t end = std::min(n_rows, start + kRowsChunk);
        n_flush = 0;
        for_each_group<N, kGroup, Checks::kReach>(rows, n_rows, start, end, out, group);
        fix_noted_rows<N, FinalFrom>(flushes, n_flush, start, end, rows, out, fix);
    }
    return checks.cards();
}

}  // namespace wildeval
