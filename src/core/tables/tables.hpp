// Every generated table of the core, in one place: what each holds, its shape, how big it is.
//
// Each table is a struct with a static build() (deterministic, our own code) and bytes(); it is
// built once, on first use, by generated<T>() (a thread-safe function-local static), and
// table_sizes() reports every one of them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "cards.hpp"
#include "hand.hpp"
#include "tables/perfect_hash.hpp"

namespace wildeval {

template <class Table>
const Table& generated() {
    static const Table table = Table::build();  // thread-safe since C++11
    return table;
}

struct TableSize {
    const char* name;
    std::size_t bytes;
};
// Every table's size, building any not built yet.
std::vector<TableSize> table_sizes();

// Every rank multiset of 1-7 cards with 0-7 wild cards (114,719 keys in 131,072 slots, about 7
// keys per displacement bucket: 32 kB of displacements), the shape the "high" and lowball
// evaluators index by; its multiplier's low 29 bits are zero, so that the AVX-512 kernel hashes
// with a 32-bit multiply (perfect_hash.hpp).
using RankShape = HashShape<14, 17, 29>;
// Seven natural cards only (49,205 rank multisets in 65,536 slots, 8,192 buckets): the 7-card
// batch kernel's own smaller hash, its displacements (16 kB) small enough to stay in L1, and
// its multiplier's low 29 bits zero, so that the AVX-512 kernel hashes with a 32-bit multiply.
using SevenShape = HashShape<13, 16, 29>;

// The "high" ranking's tables.
struct RankTables {
    PerfectHash all;    // RankShape; values: the best hand ignoring flushes, by (ranks, wilds)
    PerfectHash seven;  // SevenShape; the same values for seven natural cards
    // [flush_duplicates][wild count 0-3][13-bit mask of the natural cards of one suit]: the best
    // flush or straight flush of that suit, 0 where no flush is possible. Four or more wild
    // cards among five or more make five of a kind, which beats every flush: such hands may
    // read any slice (flush_slice), since the best of the two values is the five of a kind.
    std::vector<uint32_t> flush;
    static constexpr int kFlushSlices = 4;
    static constexpr int flush_slice(int wild) { return wild & (kFlushSlices - 1); }

    static RankTables build();
    std::size_t bytes() const { return all.bytes() + seven.bytes() + flush.size() * sizeof(uint32_t); }

    uint32_t slot(uint64_t key) const { return RankShape::slot(key, all.multiplier, all.displacement.data()); }
    const uint32_t* flush_table(bool duplicates, int wild) const {
        return flush.data() + (static_cast<std::size_t>(duplicates) * kFlushSlices + flush_slice(wild)) * kSuitMaskSize;
    }
    // The "high" value of natural cards (flushes included), any number of them 1-7.
    uint32_t natural(const Hand& h) const {
        if (!h.has_flush()) return all.values[slot(h.key)];
        // Natural cards can't hold a flush and also a full house or quads.
        return flush[h.suit_mask(h.flush_suit())];
    }
};

// The pure functions the rank tables are built from.
uint32_t nonflush_value(const std::array<int, kRanks>& counts, int wild);
uint32_t flush_value(uint32_t suit_mask, int wild, bool duplicates);
// The best hand of natural rank counts by groups alone (pairs, trips ...: no straights).
uint32_t group_value(const std::array<int, kRanks>& counts);

// Short deck (sixes to aces, 36 cards; short_deck_tables.cpp): every 5-7 card rank multiset of
// those ranks (10,437 of them in 16,384 slots), and every suit mask.
using ShortDeckShape = HashShape<11, 14>;

// Short deck values: code << 20 and the deciding ranks as in "high", the codes in the order of
// the hands, three of a kind above a straight (Triton's rules) or below it.
enum ShortDeckCode : uint32_t {
    kSdHighCard = 0, kSdPair, kSdTwoPair, kSdLower, kSdUpper, kSdFullHouse, kSdFlush, kSdQuads, kSdStraightFlush
};

struct ShortDeckTables {
    // ShortDeckShape; per multiset: its value with three of a kind above a straight (codes
    // kSdLower = straight, kSdUpper = trips), and in bits 24-27 the top card + 1 of its best
    // straight (0: none), from which the value with straights above trips follows
    // (straights_above_trips).
    PerfectHash ranks;
    std::vector<uint32_t> flush;  // per 13-bit suit mask: the best flush or straight flush, 0 under five cards

    static ShortDeckTables build();
    std::size_t bytes() const { return ranks.bytes() + flush.size() * sizeof(uint32_t); }

    static constexpr uint32_t kValueBits = (1u << 24) - 1;
    // A slot's value where three of a kind ranks above a straight.
    static constexpr uint32_t trips_above_straights(uint32_t slot_value) { return slot_value & kValueBits; }
    // A slot's value where a straight ranks above three of a kind (swapping their codes, and a
    // straight the hand also holds beating its trips).
    static constexpr uint32_t straights_above_trips(uint32_t slot_value) {
        const uint32_t value = slot_value & kValueBits, code = value >> kCategoryShift, top = slot_value >> 24;
        if (code >= kSdFullHouse) return value;
        if (top != 0) return kSdUpper << kCategoryShift | top << 16;
        return code == kSdUpper ? value - (1u << kCategoryShift) : value;
    }
};

// Omaha (omaha_tables.cpp): every 3-5 card board's rank multiset (8,450 of them in 16,384
// slots) by its index, and for each index and each pair of ranks the best five without a flush
// that the pair makes with three of the board's ranks.
using OmahaBoardShape = HashShape<11, 14>;

struct OmahaTables {
    static constexpr int kRankPairs = kRanks * (kRanks + 1) / 2;  // 91: two ranks, equal or not
    PerfectHash boards;                 // OmahaBoardShape; values: the board's index
    std::vector<uint16_t> best;         // [board index * kRankPairs + pair]: an ordinal of values_
    std::vector<uint32_t> values;       // ordinal -> the "high" value (increasing; 0 = none)
    std::array<uint8_t, kRanks * kRanks> pair{};  // [rank * 13 + rank]: the pair's index
    std::vector<int8_t> straight_top;   // [13-bit rank mask]: the top card of its best straight, -1: none

    static OmahaTables build();
    std::size_t bytes() const {
        return boards.bytes() + best.size() * sizeof(uint16_t) + values.size() * sizeof(uint32_t) + pair.size() +
               straight_top.size();
    }
};

// Omaha's low half, eight or better: for every set of ace-to-eight places (bit 0 the ace .. bit 7
// the eight) among the hole cards and among the board cards, the five places of the best low of
// two of the one and three of the other, 0 where none qualifies.
struct OmahaLowTables {
    std::vector<uint8_t> best;  // [hole places << 8 | board places]

    static OmahaLowTables build();
    std::size_t bytes() const { return best.size(); }
};

// Lowball: kLowBase - the high-style value of the best five, so that higher is still better.
inline constexpr uint32_t kLowBase = uint32_t{kCategoryCount} << kCategoryShift;

// For every 5-7 card rank multiset, at its RankShape slot, the best five for deuce-to-seven
// (flushes aside) and the ace-to-five value, each as a 16-bit ordinal into its own list of values
// (7,462 and 6,175 of them): one 32-bit slot serves both rankings.
struct LowTables {
    std::vector<uint32_t> slots;  // low27 ordinal | a5 ordinal << 16
    std::vector<uint32_t> low27;  // ordinal -> the high-style value of the best five for deuce-to-seven
    std::vector<uint32_t> a5;     // ordinal -> the ace-to-five value (kLowBase - ...)
    // Seven natural cards, at their slot in RankTables::seven: the deuce-to-seven value
    // (kLowBase - the best five by ranks, flushes aside), one read for the 7-card batch kernel.
    std::vector<uint32_t> seven_low27;

    static LowTables build();
    std::size_t bytes() const {
        return (slots.size() + low27.size() + a5.size() + seven_low27.size()) * sizeof(uint32_t);
    }
    uint32_t low27_of(uint32_t slot) const { return low27[slots[slot] & 0xFFFF]; }
    uint32_t a5_of(uint32_t slot) const { return a5[slots[slot] >> 16]; }
};

// A five-card "high" value as deuce-to-seven reads it: A-2-3-4-5 is no straight, only ace high
// (and suited, an ace-high flush).
inline constexpr uint32_t kWheel = pack(kStraight, {3}), kSteelWheel = pack(kStraightFlush, {3});
inline constexpr uint32_t kAceFiveHigh = pack(kHighCard, {12, 3, 2, 1, 0});
inline constexpr uint32_t kAceFiveFlush = pack(kFlush, {12, 3, 2, 1, 0});
constexpr uint32_t without_wheel(uint32_t value) {
    return value == kWheel ? kAceFiveHigh : value == kSteelWheel ? kAceFiveFlush : value;
}

// Ace-to-five (aces low, straights and flushes ignored) from the summed card bits of 5-7
// distinct cards: how LowTables computes its values.
uint32_t low_a5_from_bits(uint64_t bits);

// Three-card poker: value = code << 20 | k1 << 16 | k2 << 12 | k3 << 8, code as below, k = rank + 1
// (0 = none). A card's code in the table's index is its rank, or kWildCode if it is wild.
enum ThreeCardCode : uint32_t { k3HighCard = 0, k3Pair, k3Flush, k3Straight, k3Trips, k3StraightFlush };
inline constexpr int kWildCode = kRanks;
inline constexpr int kCodes = kRanks + 1;
inline constexpr int kThreeCardTableSize = kCodes * kCodes * kCodes * 2;

// The value of every (code, code, code, naturals all one suit), for each flush_duplicates
// setting: 2 x 5,488 entries, read without a branch.
struct ThreeCardTables {
    std::vector<uint32_t> value[2];

    static ThreeCardTables build();
    std::size_t bytes() const { return (value[0].size() + value[1].size()) * sizeof(uint32_t); }
};

}  // namespace wildeval
