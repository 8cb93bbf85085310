// A hand as the sum of its cards (the idea of OMPEval's Hand): two additive 64-bit words, one
// table entry per card, so that a hand of any size is built with one add per card and a card
// can be taken out again with one subtraction.
//
//   key:  bits 0-2   the number of wild cards
//         bits 3-33  8 * sum of 5^rank over the natural cards (a base-5 number of rank counts,
//                    so every multiset of ranks has its own key without any search)
//         bits 48-63 one 4-bit counter per suit, starting at 3; a wild card counts in every
//                    suit, so bit 3 of a counter is set exactly when that suit can make a flush
//   bits: one bit per card at 16 * suit + rank.  Summed, not OR-ed: the sum of distinct powers of
//         two has one bit per card, and any duplicate card carries, which popcount detects.
#pragma once

#include <array>
#include <cstdint>

#include "bits.hpp"
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
inline constexpr uint64_t kRankPart = (uint64_t{1} << kSuitCounterShift) - 1;  // a key without its suit counters
inline constexpr int kSuitMaskSize = 1 << kRanks;
// The key of a byte that is not a card (52-255) in CardParts::keys(): a bit no card's key sets
// and seven of them cannot carry out of (bits 40-42), so that a row's summed key shows it.
inline constexpr uint64_t kNotCardKey = uint64_t{1} << 40;
inline constexpr uint64_t kNotCardKeys = uint64_t{7} << 40;

constexpr uint64_t card_bit(int card) { return uint64_t{1} << (16 * suit_of(card) + rank_of(card)); }

// The rank part of a key: the wild count plus 8 * the rank counts as a base-5 number.
constexpr uint64_t rank_key(const std::array<int, kRanks>& counts, int wild) {
    uint64_t key = static_cast<uint64_t>(wild) * kWildUnit, unit = uint64_t{1} << kRankKeyShift;
    for (int r = 0; r < kRanks; ++r, unit *= 5) key += static_cast<uint64_t>(counts[r]) * unit;
    return key;
}

struct alignas(16) Hand {
    uint64_t key = kSuitBias;  // the empty hand: suit counters at their bias, nothing else
    uint64_t bits = 0;

    static constexpr Hand card(uint64_t key_part, uint64_t bits_part) {
        Hand h;
        h.key = key_part;
        h.bits = bits_part;
        return h;
    }
    constexpr Hand& operator+=(const Hand& c) { key += c.key; bits += c.bits; return *this; }
    constexpr Hand& operator-=(const Hand& c) { key -= c.key; bits -= c.bits; return *this; }
    friend constexpr Hand operator+(Hand h, const Hand& c) { return h += c; }
    friend constexpr Hand operator-(Hand h, const Hand& c) { return h -= c; }

    int wild() const { return static_cast<int>(key & 7); }
    // Suits that hold (or, with wild cards, can make) five of a kind of suit: bit 4 * suit + 3.
    uint64_t flush_flags() const { return (key & kFlushFlags) >> kSuitCounterShift; }
    bool has_flush() const { return (key & kFlushFlags) != 0; }
    // The lowest such suit (the only one for natural cards: seven cards hold one flush at most).
    int flush_suit() const { return lowest_bit(flush_flags()) >> 2; }
    // The 13-bit mask of the ranks held in `suit`.
    uint32_t suit_mask(int suit) const { return static_cast<uint32_t>(bits >> (16 * suit)) & (kSuitMaskSize - 1); }
};

// Every card's key again, a byte at a time, for a kernel that looks cards up with 64-entry byte
// shuffles (kernels/rows_avx512.hpp): rank[b] is byte b of the key's rank part / 8 (5^rank for a
// natural card, 0 for a wild one), suits[0] the card's clubs + 16 * diamonds counters, suits[1]
// its hearts + 16 * spades, wild 1 for a wild card, rank_bit[j] byte j of a natural card's
// 1 << rank (0 for a wild card). Zero past card 51.
struct CardBytes {
    alignas(64) uint8_t rank[4][64];
    alignas(64) uint8_t suits[2][64];
    alignas(64) uint8_t wild[64];
    alignas(64) uint8_t rank_bit[2][64];
    // The same by rank, for a kernel with 16-entry lookups (kernels/rows_avx2.hpp), each table twice
    // (both halves of a register): rank16[b][r] byte b of 5^r (0 for a wild rank, and past 12),
    // wild4[r] 4 for a wild rank, suits16[j][suit | wild4] the suit counters as `suits` has them
    // (a wild card's, 0x11, at 4-7).
    alignas(32) uint8_t rank16[4][32];
    alignas(32) uint8_t wild4[32];
    alignas(32) uint8_t suits16[2][32];
};

// Every card's part of a hand, under one set of wild ranks. One entry per byte value: a byte
// that is not a card (52-255) reads zeros, so that a kernel which checks its rows' range itself
// (natural_rows) never reads outside these arrays.
class CardParts {
public:
    explicit CardParts(uint32_t wild_rank_mask) {
        hands_.fill(Hand::card(0, 0));
        keys_.fill(kNotCardKey);
        for (int c = 0; c < kDeck; ++c) {
            if (wild_rank_mask >> rank_of(c) & 1) {
                hands_[c] = Hand::card(kWildUnit + kAllSuitsUnit, card_bit(c));
            } else {
                uint64_t unit = uint64_t{1} << kRankKeyShift;
                for (int r = 0; r < rank_of(c); ++r) unit *= 5;
                hands_[c] = Hand::card(unit + (uint64_t{1} << (kSuitCounterShift + 4 * suit_of(c))), card_bit(c));
                natural_bits_ |= card_bit(c);
            }
            keys_[c] = hands_[c].key;
        }
        for (int b = 0; b < 256; ++b) keys_[256 + b] = keys_[b] + kSuitBias;
        bytes_ = CardBytes{};
        for (int c = 0; c < kDeck; ++c) {
            const uint64_t ranks = (keys_[c] & ((uint64_t{1} << kSuitCounterShift) - 1)) >> kRankKeyShift;
            const uint64_t suits = keys_[c] >> kSuitCounterShift;  // four 4-bit counters
            for (int b = 0; b < 4; ++b) bytes_.rank[b][c] = static_cast<uint8_t>(ranks >> (8 * b));
            bytes_.suits[0][c] = static_cast<uint8_t>(suits & 0xFF);
            bytes_.suits[1][c] = static_cast<uint8_t>(suits >> 8 & 0xFF);
            bytes_.wild[c] = static_cast<uint8_t>(keys_[c] & 7);
            const unsigned bit = (natural_bits_ & card_bit(c)) != 0 ? 1u << rank_of(c) : 0u;
            for (int j = 0; j < 2; ++j) bytes_.rank_bit[j][c] = static_cast<uint8_t>(bit >> (8 * j));
        }
        for (int at = 0; at < 32; ++at) {
            const int i = at % 16, clubs = 4 * i;  // rank i's table entries are its club's (0 for a wild rank)
            for (int b = 0; b < 4; ++b) bytes_.rank16[b][at] = i < kRanks ? bytes_.rank[b][clubs] : 0;
            bytes_.wild4[at] = static_cast<uint8_t>(i < kRanks ? 4 * bytes_.wild[clubs] : 0);
            const bool wild_suit = i >= 4 && i < 8;
            bytes_.suits16[0][at] = static_cast<uint8_t>(wild_suit ? 0x11 : i == 0 ? 0x01 : i == 1 ? 0x10 : 0);
            bytes_.suits16[1][at] = static_cast<uint8_t>(wild_suit ? 0x11 : i == 2 ? 0x01 : i == 3 ? 0x10 : 0);
        }
    }

    const Hand& operator[](int card) const { return hands_[card]; }
    // Each byte value's key alone (8 bytes a card; kNotCardKey past 51), then the same 256 again
    // plus kSuitBias, so that a sum can start from its first card: keys()[kBiasedKeys + c] +
    // keys()[d] + ...
    static constexpr int kBiasedKeys = 256;
    const uint64_t* keys() const { return keys_.data(); }
    uint64_t natural_bits() const { return natural_bits_; }  // the bits of every card that is not wild
    const CardBytes& bytes() const { return bytes_; }

    Hand sum(const uint8_t* cards, int n) const {
        Hand h;
        for (int i = 0; i < n; ++i) h += hands_[cards[i]];
        return h;
    }

    // The hand of a row of N cards. With SSE2 both words take one 16-byte load and one add per
    // card: loads, not arithmetic, are what limits a batch loop.
    template <int N>
    Hand sum(const uint8_t* row) const {
#if defined(__SSE2__)
        __m128i acc = _mm_set_epi64x(0, static_cast<long long>(kSuitBias));
        for (int j = 0; j < N; ++j)
            acc = _mm_add_epi64(acc, _mm_load_si128(reinterpret_cast<const __m128i*>(&hands_[row[j]])));
        return Hand::card(static_cast<uint64_t>(_mm_cvtsi128_si64(acc)),
                          static_cast<uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(acc, acc))));
#else
        return sum(row, N);
#endif
    }

private:
    alignas(64) std::array<Hand, 256> hands_;
    alignas(64) std::array<uint64_t, 2 * 256> keys_{};
    CardBytes bytes_;
    uint64_t natural_bits_ = 0;
};

}  // namespace wildeval
