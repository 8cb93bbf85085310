// The portable batch kernel for rows of 5-7 cards: plain C++, no intrinsics, the kernel every
// CPU without a SIMD kernel of its own runs (and every CPU runs for the rows past a SIMD
// kernel's last block).
//
// Four rows at a time: a row's key is the sum of its cards' 8-byte keys (CardParts::keys()), its
// value one lookup by slot. Its check is in the same words: a byte that is not a card adds
// kNotCardKey to the key, and a repeated card shows as a zero byte when the row's eight bytes
// (its cards, then distinct never-cards) are compared with themselves rotated by one to four
// bytes, which meets every pair of a cycle of eight. A row whose key shows a flush (when the
// ranking cares) is noted (on a predicted branch, or without one where flushes are common) and
// fixed up after each chunk of rows.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "bits.hpp"
#include "hand.hpp"
#include "ranking.hpp"
#include "rows_kernel.hpp"

namespace wildeval {

inline uint64_t load_word(const uint8_t* at) {
    uint64_t w;
    std::memcpy(&w, at, 8);
    return w;
}

// A row of N cards as one 64-bit word whose bytes past the N cards are distinct never-cards
// (0xFF, 0xFE, 0xFD): eight bytes are read, so the caller keeps 8 - N bytes readable past the row.
template <int N>
struct RowWord {
    uint64_t keep = 0, filler = 0;

    RowWord() {
        uint8_t k[8], f[8];
        for (int b = 0; b < 8; ++b) {
            k[b] = b < N ? 0xFF : 0;
            f[b] = static_cast<uint8_t>(b < N ? 0 : 0xFF - (b - N));
        }
        std::memcpy(&keep, k, 8);  // in memory order, whatever the byte order
        std::memcpy(&filler, f, 8);
    }
    uint64_t operator()(const uint8_t* row) const { return (load_word(row) & keep) | filler; }
};

// The zero bytes of w ^ (w rotated by 1, 2, 3 and 4 bytes), each as its top bit (with maybe
// false ones above a true one: only "none" is exact), OR-ed into `found`.
inline void repeated_bytes(uint64_t w, uint64_t& found) {
    constexpr uint64_t kOnes = 0x0101010101010101ull;
    uint64_t z = 0;
    for (int d = 8; d <= 32; d += 8) {
        const uint64_t x = w ^ (w << d | w >> (64 - d));
        z |= (x - kOnes) & ~x;
    }
    found |= z;
}
inline constexpr uint64_t kRepeatedBytes = 0x8080808080808080ull;

// The same for two rows at once where the compiler has vectors of two words (GCC and Clang: SSE2,
// NEON and others; elsewhere it splits them): equal bytes set all bits of theirs.
#if defined(__GNUC__) || defined(__clang__)
#define WILDEVAL_WORD_PAIRS 1
typedef uint64_t WordPair __attribute__((vector_size(16)));
typedef uint8_t BytePair __attribute__((vector_size(16)));
inline void repeated_pairs(uint64_t a, uint64_t b, uint64_t keep, uint64_t filler, WordPair& found) {
    const WordPair w = (WordPair{a, b} & keep) | filler;
    WordPair z = {0, 0};
    for (int d = 8; d <= 32; d += 8) {
        const WordPair r = w << d | w >> (64 - d);
        z |= reinterpret_cast<WordPair>(reinterpret_cast<BytePair>(w) == reinterpret_cast<BytePair>(r));
    }
    found |= z;
}
#else
#define WILDEVAL_WORD_PAIRS 0
#endif

// Rows of N cards into `out`: lookup(slot) for every row, then fix(row, that value) instead for
// each row whose key shows a flush (unless kNone). `keys` are CardParts::keys(); fix must read
// only arrays of 256 entries: the rows' bytes are checked here, so a byte that is not a card
// reads no memory outside the tables. False if some row holds a card twice or a byte that is
// not a card (0-51). `ahead` is fetched a few lines a group, spread over the rows.
// A noted row whose looked-up value is FinalFrom or more is final as it is (no flush can beat it):
// it is dropped before the fix-up.
template <int N, class Shape, FlushRows Flushes, int32_t FinalFrom, class Ahead, class Lookup, class Fix>
bool natural_rows_kernel(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out, const uint64_t* keys,
                         SlotHash hash, Lookup lookup, Fix fix, Ahead ahead) {
    static_assert(N >= 5 && N <= 7, "rows of 5-7 cards");
    constexpr std::size_t kGroup = 4;     // rows summed before their lookups
    constexpr std::size_t kBlock = 64;    // rows hashed before their lookups (a multiple of kGroup)
    constexpr std::size_t kChunk = 1024;  // rows between two fix-up passes (a multiple of kBlock)
    static_assert(Shape::kBucketBits + Shape::kTableBits <= 32, "a slot and its bucket in 32 bits");
    constexpr int kShiftPos = 64 - Shape::kBucketBits - Shape::kTableBits;
    constexpr uint32_t kSlotMask = (1u << Shape::kTableBits) - 1;
    const RowWord<N> word;
    uint64_t repeated = 0, key_bits = 0;
#if WILDEVAL_WORD_PAIRS
    WordPair pair_repeated = {0, 0};
#endif
    uint32_t flushes[kChunk + kGroup] = {};  // a padded group's filler rows may be noted too
    std::size_t n_flush = 0;
    constexpr bool kAhead = std::is_same_v<Ahead, ReadAhead>;
    constexpr std::size_t kLine = 64;
    std::size_t ahead_lines = 0;  // a group
    const char* ahead_end = nullptr;
    if constexpr (kAhead) {
        const std::size_t groups = (n_rows + kGroup - 1) / kGroup;
        ahead_lines = groups == 0 ? 0 : (ahead.bytes + kLine * groups - 1) / (kLine * groups);
        ahead_end = ahead.at + ahead.bytes;
    }
    // A group's keys are summed and hashed, and its checks folded in; its lookups wait in
    // `hashed` until the block is hashed, so that the block's table reads are independent of one
    // another and of the arithmetic.
    uint32_t hashed[kBlock];
    auto group = [&](const uint8_t* r, uint32_t* hashes, std::size_t index) {
        if constexpr (kAhead)
            for (std::size_t q = 0; q < ahead_lines && ahead.at < ahead_end; ++q, ahead.at += kLine) prefetch(ahead.at);
        uint64_t group_bits = 0, group_repeated = 0;  // folded in once a group
        (void)group_repeated;
        for (std::size_t k = 0; k < kGroup; ++k) {
            const uint8_t* c = r + k * N;
            uint64_t key = keys[CardParts::kBiasedKeys + c[0]] + keys[c[1]] + keys[c[2]] + keys[c[3]] + keys[c[4]];
            if constexpr (N > 5) key += keys[c[5]];
            if constexpr (N > 6) key += keys[c[6]];
            group_bits |= key;
#if !WILDEVAL_WORD_PAIRS
            repeated_bytes(word(c), group_repeated);
#endif
            hashes[k] = static_cast<uint32_t>((key * hash.multiplier) >> kShiftPos);
            if constexpr (Flushes == FlushRows::kRare) {
                if (WILDEVAL_UNLIKELY((key & kFlushFlags) != 0)) flushes[n_flush++] = static_cast<uint32_t>(index + k);
            } else if constexpr (Flushes == FlushRows::kCommon) {
                flushes[n_flush] = static_cast<uint32_t>(index + k);
                n_flush += (key & kFlushFlags) != 0;
            }
        }
#if WILDEVAL_WORD_PAIRS
        repeated_pairs(load_word(r), load_word(r + N), word.keep, word.filler, pair_repeated);
        repeated_pairs(load_word(r + 2 * N), load_word(r + 3 * N), word.keep, word.filler, pair_repeated);
#endif
        key_bits |= group_bits;
        repeated |= group_repeated;
    };
    auto look_up = [&](std::size_t count, int32_t* o) {
        for (std::size_t k = 0; k < count; ++k) {
            const uint32_t h = hashed[k];
            o[k] = lookup((h + hash.displacement[h >> Shape::kTableBits]) & kSlotMask);
        }
    };
    // A group's last row is read as eight bytes: 8 - N past the group. A group whose reads would
    // pass the end of the rows runs on a padded copy whose filler rows hold distinct cards (the
    // last group); a filler row that shows a flush (its cards may be wild) is noted but never
    // fixed up.
    for (std::size_t start = 0; start < n_rows; start += kChunk) {
        const std::size_t end = std::min(n_rows, start + kChunk);
        n_flush = 0;
        for (std::size_t block = start; block < end; block += kBlock) {
            const std::size_t block_end = std::min(end, block + kBlock);
            for (std::size_t i = block; i < block_end; i += kGroup) {
                uint32_t* hashes = hashed + (i - block);
                if ((i + kGroup) * N + 8 - N <= n_rows * N) {
                    group(rows + i * N, hashes, i - start);
                    continue;
                }
                uint8_t pad[kGroup * N + 8];
                for (std::size_t j = 0; j < sizeof pad; ++j) pad[j] = static_cast<uint8_t>(j % N);
                std::memcpy(pad, rows + i * N, std::min(kGroup, n_rows - i) * N);
                group(pad, hashes, i - start);
            }
            look_up(block_end - block, out + block);
        }
        if constexpr (FinalFrom != kNoFinalValue) {
            // keep only the noted rows whose value a flush could still beat (and that are rows)
            std::size_t kept = 0;
            for (std::size_t f = 0; f < n_flush; ++f) {
                const std::size_t row = start + flushes[f];
                flushes[kept] = flushes[f];
                kept += static_cast<std::size_t>(row < end) & static_cast<std::size_t>(out[std::min(row, end - 1)] < FinalFrom);
            }
            n_flush = kept;
        }
        for (std::size_t f = 0; f < n_flush; ++f) {
            const std::size_t row = start + flushes[f];
            if (row < end) out[row] = fix(rows + row * N, out[row]);
        }
    }
#if WILDEVAL_WORD_PAIRS
    repeated |= pair_repeated[0] | pair_repeated[1];
#endif
    return (key_bits & kNotCardKeys) == 0 && (repeated & kRepeatedBytes) == 0;
}

}  // namespace wildeval
