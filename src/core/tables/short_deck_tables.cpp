// Short deck's tables (ShortDeckTables): the value of every 5-7 card rank multiset of sixes to
// aces, and of every suit mask, with short deck's straights (A-6-7-8-9 the lowest) and its order
// (a flush above a full house).
#include <array>

#include "bits.hpp"
#include "tables/rank_multisets.hpp"
#include "tables/tables.hpp"

namespace wildeval {
namespace {

inline constexpr int kSix = 4;  // the lowest rank of the deck

// The ranks of the straight whose top card is `top`: nine (A-6-7-8-9) to ace.
constexpr uint32_t window(int top) { return top == kSix + 3 ? (0xFu << kSix) | (1u << kAce) : 0x1Fu << (top - 4); }

// The top card of the best straight in `present`, or -1.
int best_straight(uint32_t present) {
    for (int top = kAce; top >= kSix + 3; --top)
        if ((present & window(top)) == window(top)) return top;
    return -1;
}

// A "high" group value (high card to four of a kind) as a short deck value, trips above straights.
uint32_t from_groups(uint32_t value) {
    static constexpr uint32_t kCode[] = {kSdHighCard, kSdPair, kSdTwoPair, kSdUpper, 0, 0, kSdFullHouse, kSdQuads};
    return kCode[category_of(value)] << kCategoryShift | (value & ((1u << kCategoryShift) - 1));
}

}  // namespace

ShortDeckTables ShortDeckTables::build() {
    ShortDeckTables t;
    std::vector<HashEntry> entries;
    for_each_rank_multiset(kSix, kMaxCards, [&](const std::array<int, kRanks>& counts, int cards) {
        if (cards < 5) return;
        uint32_t present = 0;
        for (int r = kSix; r < kRanks; ++r)
            if (counts[r] > 0) present |= 1u << r;
        const int top = best_straight(present);
        uint32_t value = from_groups(group_value(counts));
        if (top >= 0 && value < pack(kSdLower, {top})) value = pack(kSdLower, {top});
        entries.push_back({rank_key(counts, 0), value | static_cast<uint32_t>(top + 1) << 24});
    });
    t.ranks = perfect_hash_of<ShortDeckShape>(entries);
    t.flush.assign(kSuitMaskSize, 0);
    for (uint32_t mask = 0; mask < kSuitMaskSize; ++mask) {
        if (popcount32(mask) < 5 || popcount32(mask) > kMaxCards || (mask & ((1u << kSix) - 1)) != 0) continue;
        const int top = best_straight(mask);
        if (top >= 0) {
            t.flush[mask] = pack(kSdStraightFlush, {top});
            continue;
        }
        int ranks[5], n = 0;
        for (int r = kAce; r >= kSix && n < 5; --r)
            if (mask >> r & 1) ranks[n++] = r;
        t.flush[mask] = pack(kSdFlush, {ranks[0], ranks[1], ranks[2], ranks[3], ranks[4]});
    }
    return t;
}

}  // namespace wildeval
