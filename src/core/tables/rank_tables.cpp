// The "high" ranking's tables (RankTables): the best hand of every rank multiset with any
// number of wild cards, and the best flush of every suit mask.
#include <algorithm>
#include <numeric>

#include "bits.hpp"
#include "tables/rank_multisets.hpp"
#include "tables/tables.hpp"

namespace wildeval {
namespace {

// The five ranks of the straight whose top card is `top` (3 = the five, for A-2-3-4-5).
constexpr uint32_t straight_window(int top) {
    return top == 3 ? 0x100Fu : (0x1Fu << (top - 4));
}

// Top card of the best straight that `present` ranks plus `wild` jokers can fill, or -1.
int best_straight(uint32_t present, int wild) {
    for (int top = kAce; top >= 3; --top) {
        if (5 - popcount32(present & straight_window(top)) <= wild) return top;
    }
    return -1;
}

}  // namespace

// Best hand by groups alone (pairs, trips, ...) from rank counts, any count allowed.
uint32_t group_value(const std::array<int, kRanks>& counts) {
    // the most numerous rank (highest among equals), then the next one
    int r0 = kAce, r1 = -1;
    for (int r = kAce; r >= 0; --r)
        if (counts[r] > counts[r0]) r0 = r;
    for (int r = kAce; r >= 0; --r)
        if (r != r0 && (r1 < 0 || counts[r] > counts[r1])) r1 = r;
    const int c0 = counts[r0], c1 = counts[r1];
    // highest ranks other than the excluded ones, most significant first
    auto kickers = [&](int how_many, int skip_a, int skip_b) {
        int out[5] = {}, n = 0;
        for (int r = kAce; r >= 0 && n < how_many; --r)
            if (counts[r] > 0 && r != skip_a && r != skip_b) out[n++] = r;
        return std::pair<std::array<int, 5>, int>{{out[0], out[1], out[2], out[3], out[4]}, n};
    };
    auto with = [](uint32_t category, std::initializer_list<int> lead,
                   const std::pair<std::array<int, 5>, int>& rest) {
        uint32_t value = pack(category, lead);
        int shift = 16 - 4 * static_cast<int>(lead.size());
        for (int i = 0; i < rest.second; ++i, shift -= 4)
            value |= static_cast<uint32_t>(rest.first[i] + 1) << shift;
        return value;
    };
    if (c0 >= 5) return pack(kFiveOfAKind, {r0});
    if (c0 == 4) return with(kFourOfAKind, {r0}, kickers(1, r0, -1));
    if (c0 == 3 && c1 >= 2) {
        int pair = -1;  // the best other rank with two or more
        for (int r = kAce; r >= 0; --r)
            if (r != r0 && counts[r] >= 2) { pair = r; break; }
        return pack(kFullHouse, {r0, pair});
    }
    if (c0 == 3) return with(kThreeOfAKind, {r0}, kickers(2, r0, -1));
    if (c0 == 2 && c1 == 2) return with(kTwoPair, {r0, r1}, kickers(1, r0, r1));
    if (c0 == 2) return with(kPair, {r0}, kickers(3, r0, -1));
    return with(kHighCard, {}, kickers(5, -1, -1));
}

uint32_t nonflush_value(const std::array<int, kRanks>& counts, int wild) {
    const int n = std::accumulate(counts.begin(), counts.end(), 0) + wild;
    int top_count = 0, top_rank = kAce;  // the highest rank among the most numerous
    for (int r = kAce; r >= 0; --r)
        if (counts[r] > top_count) { top_count = counts[r]; top_rank = r; }
    if (top_count + wild >= 5) {
        for (int r = kAce; r >= 0; --r)
            if (counts[r] + wild >= 5) return pack(kFiveOfAKind, {r});
    }
    // Without five of a kind, every wild joins the biggest group: one more card in the biggest
    // group always beats any other use of a wild, and among equal groups the highest rank wins.
    std::array<int, kRanks> with_wild = counts;
    with_wild[top_rank] += wild;
    uint32_t value = group_value(with_wild);
    if (n >= 5) {
        uint32_t present = 0;
        for (int r = 0; r < kRanks; ++r)
            if (counts[r] > 0) present |= 1u << r;
        const int top = best_straight(present, wild);
        if (top >= 0) value = std::max(value, pack(kStraight, {top}));
    }
    return value;
}

uint32_t flush_value(uint32_t suit_mask, int wild, bool duplicates) {
    const int held = popcount32(suit_mask);
    if (held + wild < 5) return 0;
    const int top = best_straight(suit_mask, wild);
    if (top >= 0) return pack(kStraightFlush, {top});
    int ranks[5], n = 0;
    if (duplicates) {
        // every wild plays as the ace of the suit, even beside a held ace
        for (int i = 0; i < wild && n < 5; ++i) ranks[n++] = kAce;
        for (int r = kAce; r >= 0 && n < 5; --r)
            if (suit_mask >> r & 1) ranks[n++] = r;
    } else {
        // every wild plays as the highest card of the suit not held
        uint32_t mask = suit_mask;
        for (int i = 0, r = kAce; i < wild && r >= 0; --r)
            if (!(mask >> r & 1)) { mask |= 1u << r; ++i; }
        for (int r = kAce; r >= 0 && n < 5; --r)
            if (mask >> r & 1) ranks[n++] = r;
    }
    return pack(kFlush, {ranks[0], ranks[1], ranks[2], ranks[3], ranks[4]});
}

namespace {

struct Entry {
    HashEntry hash;
    int cards;  // natural cards and wild cards together
};

}  // namespace

RankTables RankTables::build() {
    RankTables t;
    // every hand of 1-7 cards as (rank counts of the natural cards, number of wilds)
    std::vector<Entry> entries;
    entries.reserve(115000);
    for_each_rank_multiset(0, kMaxCards, [&](const std::array<int, kRanks>& counts, int cards) {
        for (int wild = 0; cards + wild <= kMaxCards; ++wild)
            if (cards + wild > 0) entries.push_back({{rank_key(counts, wild), nonflush_value(counts, wild)}, cards + wild});
    });
    std::vector<HashEntry> all, seven;
    for (const Entry& e : entries) {
        all.push_back(e.hash);
        if (e.cards == kMaxCards && (e.hash.key & 7) == 0) seven.push_back(e.hash);
    }
    t.all = perfect_hash_of<RankShape>(all);
    t.seven = perfect_hash_of<SevenShape>(seven);
    t.flush.assign(2 * kFlushSlices * kSuitMaskSize, 0);
    for (int dup = 0; dup < 2; ++dup)
        for (int wild = 0; wild < kFlushSlices; ++wild) {
            uint32_t* out = t.flush.data() + (dup * kFlushSlices + wild) * kSuitMaskSize;
            for (uint32_t mask = 0; mask < kSuitMaskSize; ++mask)
                if (popcount32(mask) + wild <= kMaxCards) out[mask] = flush_value(mask, wild, dup != 0);
        }
    return t;
}

}  // namespace wildeval
