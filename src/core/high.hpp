// The "high" ranking: best five of 1-7 cards, any set of wild ranks, five of a kind on top.
//
// A hand is summarised by two additive 64-bit words, one table entry per card:
//   key:  bits 0-2   the number of wild cards
//         bits 3-33  8 * sum of 5^rank over the natural cards (a base-5 number of rank counts,
//                    so every multiset of ranks has its own key without any search)
//         bits 48-63 one 4-bit counter per suit, starting at 3; a wild card counts in every
//                    suit, so bit 3 of a counter is set exactly when that suit can make a flush
//   bits: one bit per card at 16 * suit + rank.  Summed, not OR-ed: the sum of distinct powers of
//         two has one bit per card, and any duplicate card carries, which popcount detects.
// Non-flush hands are read from one table through a minimal-collision perfect hash of the rank
// part of the key; flushes from a 13-bit suit mask and the wild count.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "cards.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace wildeval {

inline constexpr uint64_t kWildUnit = 1;
inline constexpr int kRankKeyShift = 3;
inline constexpr int kSuitCounterShift = 48;
inline constexpr uint64_t kSuitBias = uint64_t{0x3333} << kSuitCounterShift;
inline constexpr uint64_t kFlushFlags = uint64_t{0x8888} << kSuitCounterShift;
inline constexpr uint64_t kAllSuitsUnit = uint64_t{0x1111} << kSuitCounterShift;
inline constexpr int kMaxWild = kMaxCards;
inline constexpr int kSuitMaskSize = 1 << kRanks;

inline constexpr int kTableBits = 17;   // 114,719 keys in 131,072 slots
inline constexpr int kBucketBits = 15;  // about 3.5 keys per displacement bucket
inline constexpr uint32_t kTableMask = (1u << kTableBits) - 1;

constexpr uint64_t card_bit(int card) { return uint64_t{1} << (16 * suit_of(card) + rank_of(card)); }

// A hash-and-displace perfect hash from keys to values: a key's bucket and position are the top
// bits of key * multiplier; the bucket's displacement moves the position to the key's own slot.
// The multiplier's low 16 bits are zero, so key bits 48-63 (the suit counters) fall off the top
// of the product and a summed key can be hashed as it is.
struct PerfectHash {
    int bucket_bits = 0;
    int table_bits = 0;
    uint64_t multiplier = 0;
    std::vector<uint16_t> displacement;  // per bucket
    std::vector<uint32_t> values;        // per slot

    uint32_t slot(uint64_t key) const {
        const uint64_t h = key * multiplier;
        const uint32_t pos = static_cast<uint32_t>(h >> (64 - bucket_bits - table_bits));
        return (pos + displacement[h >> (64 - bucket_bits)]) & ((1u << table_bits) - 1);
    }
    std::size_t bytes() const { return displacement.size() * sizeof(uint16_t) + values.size() * sizeof(uint32_t); }
};

// The natural seven-card table's shape: 49,205 rank multisets in 65,536 slots (256 kB of
// values), 16,384 buckets (32 kB of displacements): it builds in about 2 ms.
inline constexpr int kSevenBucketBits = 14;
inline constexpr int kSevenTableBits = 16;

// Every table of the "high" ranking, generated once (thread-safe static) by our own code.
struct HighTables {
    uint64_t hash_multiplier = 0;
    std::vector<uint16_t> displacement;   // per bucket
    std::vector<uint32_t> nonflush;       // per slot: best hand ignoring flushes, by (ranks, wilds)
    // [flush_duplicates][wild count][13-bit mask of the natural cards of one suit]: the best
    // flush or straight flush of that suit, 0 where no flush is possible.
    std::vector<uint32_t> flush;
    // Seven natural cards, flushes aside: the batch kernel's table (a subset of `nonflush`,
    // hashed on its own so that the hot tables stay small).
    PerfectHash seven;

    static const HighTables& get();
    std::size_t bytes() const;

    // The multiplier's low 16 bits are zero, so the suit counters (key bits 48-63) fall off
    // the top of the product and the whole key can be hashed as it is.
    static uint32_t slot(uint64_t key, uint64_t multiplier, const uint16_t* displacement) {
        const uint64_t h = key * multiplier;
        const uint32_t bucket = static_cast<uint32_t>(h >> (64 - kBucketBits));
        const uint32_t pos = static_cast<uint32_t>(h >> (64 - kBucketBits - kTableBits));
        return (pos + displacement[bucket]) & kTableMask;
    }
    const uint32_t* flush_table(bool duplicates, int wild) const {
        return flush.data() + (static_cast<std::size_t>(duplicates) * (kMaxWild + 1) + wild) * kSuitMaskSize;
    }
};

// Pure functions the tables are built from.
uint32_t nonflush_value(const std::array<int, kRanks>& counts, int wild);
// The rank part of a key: the wild count plus 8 * the rank counts as a base-5 number.
uint64_t rank_key(const std::array<int, kRanks>& counts, int wild);
uint32_t flush_value(uint32_t suit_mask, int wild, bool duplicates);

class HighEvaluator {
public:
    HighEvaluator(uint32_t wild_rank_mask, bool flush_duplicates);

    bool has_wild() const { return wild_rank_mask_ != 0; }
    uint32_t wild_rank_mask() const { return wild_rank_mask_; }
    bool flush_duplicates() const { return flush_duplicates_; }

    // Cards must be valid (0-51) and distinct; n in 1..7.
    uint32_t evaluate(const uint8_t* cards, int n) const {
        uint64_t key = kSuitBias, bits = 0;
        for (int i = 0; i < n; ++i) {
            key += words_[cards[i]].key;
            bits += words_[cards[i]].bits;
        }
        return has_wild() ? finish<true>(key, bits) : finish<false>(key, bits);
    }

    // The two words of a row of N cards. With SSE2 both sums take one 16-byte load and one add
    // per card: loads, not arithmetic, are what limits the batch loop.
    template <int N>
    void sum_row(const uint8_t* row, uint64_t& key, uint64_t& bits) const {
#if defined(__SSE2__)
        __m128i acc = _mm_set_epi64x(0, static_cast<long long>(kSuitBias));
        for (int j = 0; j < N; ++j)
            acc = _mm_add_epi64(acc, _mm_load_si128(reinterpret_cast<const __m128i*>(&words_[row[j]])));
        key = static_cast<uint64_t>(_mm_cvtsi128_si64(acc));
        bits = static_cast<uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(acc, acc)));
#else
        key = kSuitBias;
        bits = 0;
        for (int j = 0; j < N; ++j) {
            key += words_[row[j]].key;
            bits += words_[row[j]].bits;
        }
#endif
    }

    // Rows of n_cols cards, one value per row. Returns false if some row holds a duplicate card
    // or, where checks_cards(n_cols), a byte that is not a card (the output is then meaningless);
    // elsewhere the caller must have checked every card (0-51).
    bool evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const;
    // Whether evaluate_rows checks the range of its cards itself for rows of n_cols cards.
    bool checks_cards(int n_cols) const;

    uint64_t word_key(int card) const { return words_[card].key; }
    const uint64_t* keys() const { return keys_.data(); }  // word_key of every card, 8 bytes each
    const uint32_t* nonflush() const { return nonflush_; }
    uint64_t multiplier() const { return multiplier_; }
    const uint16_t* displacement() const { return displacement_; }
    uint64_t word_bits(int card) const { return words_[card].bits; }

    template <bool Wild>
    uint32_t finish(uint64_t key, uint64_t bits) const {
        return finish<Wild>(key, bits, multiplier_, displacement_, nonflush_);
    }

    // The hot pointers are passed in so that a loop can keep them in registers.
    template <bool Wild>
    uint32_t finish(uint64_t key, uint64_t bits, uint64_t multiplier, const uint16_t* displacement,
                    const uint32_t* nonflush) const {
        const uint64_t flush = key & kFlushFlags;
        if constexpr (!Wild) {
            if (__builtin_expect(flush == 0, 1))
                return nonflush[HighTables::slot(key, multiplier, displacement)];
            // Seven natural cards holding a flush can't also hold a full house or quads.
            const int suit = __builtin_ctzll(flush >> kSuitCounterShift) >> 2;
            return flush_[(bits >> (16 * suit)) & (kSuitMaskSize - 1)];
        } else {
            // Wild cards make flush chances common, so no branches here. At most two suits can
            // make a flush worth reading: with w wild cards among seven, a suit needs 5 - w
            // naturals, which two suits can both have only when w >= 3; and with four or more
            // wild cards five of a kind beats every flush. So the two lowest suits that can are
            // read (a missing one at entry 0, which holds no flush).
            uint32_t value = nonflush[HighTables::slot(key, multiplier, displacement)];
            const uint32_t* table = flush_ + (key & 7) * kSuitMaskSize;
            const uint64_t natural = bits & natural_bits_;
            const uint64_t flags = flush >> kSuitCounterShift;  // bit 4s + 3: suit s can
            const uint64_t second = flags & (flags - 1);
            const int s1 = __builtin_ctzll(flags | 0x10000) >> 2, s2 = __builtin_ctzll(second | 0x10000) >> 2;
            const uint32_t v1 = table[((natural >> (16 * (s1 & 3))) & (kSuitMaskSize - 1)) * (flags != 0)];
            const uint32_t v2 = table[((natural >> (16 * (s2 & 3))) & (kSuitMaskSize - 1)) * (second != 0)];
            value = v1 > value ? v1 : value;
            return v2 > value ? v2 : value;
        }
    }

private:
    template <int N, bool Wild>
    bool rows_kernel(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out) const;
    // Five to seven natural cards a row, with SSSE3: scalar key sums, a byte-compare duplicate
    // check, flushes deferred to a second pass so that the main loop has no data-dependent branch.
    template <int N>
    bool rows_natural(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out) const;

    const HighTables& tables_;
    uint64_t multiplier_;
    const uint16_t* displacement_;
    const uint32_t* nonflush_;
    struct alignas(16) CardWords {
        uint64_t key;
        uint64_t bits;
    };
    // One entry per byte value: a byte that is not a card (52-255) reads zeros, so that a kernel
    // which checks its rows' range itself (natural_rows) never reads outside these arrays.
    alignas(64) std::array<CardWords, 256> words_{};
    alignas(64) std::array<uint64_t, 256> keys_{};  // words_[c].key alone, 8 bytes a card
    uint64_t natural_bits_ = 0;
    const uint32_t* flush_ = nullptr;  // the wild-count slices for this flush_duplicates setting
    uint32_t wild_rank_mask_ = 0;
    bool flush_duplicates_ = true;
};

}  // namespace wildeval
