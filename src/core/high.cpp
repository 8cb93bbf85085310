#include "high.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <stdexcept>

#include "natural_rows.hpp"

namespace wildeval {
namespace {

// The five ranks of the straight whose top card is `top` (3 = the five, for A-2-3-4-5).
constexpr uint32_t straight_window(int top) {
    return top == 3 ? 0x100Fu : (0x1Fu << (top - 4));
}

// Top card of the best straight that `present` ranks plus `wild` jokers can fill, or -1.
int best_straight(uint32_t present, int wild) {
    for (int top = kAce; top >= 3; --top) {
        if (5 - __builtin_popcount(present & straight_window(top)) <= wild) return top;
    }
    return -1;
}

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
        int out[5], n = 0;
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

}  // namespace

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
    const int held = __builtin_popcount(suit_mask);
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

uint64_t rank_key(const std::array<int, kRanks>& counts, int wild) {
    uint64_t key = static_cast<uint64_t>(wild) * kWildUnit, unit = uint64_t{1} << kRankKeyShift;
    for (int r = 0; r < kRanks; ++r, unit *= 5) key += static_cast<uint64_t>(counts[r]) * unit;
    return key;
}

namespace {

struct Entry {
    uint64_t key;
    uint32_t value;
    int cards;  // natural cards and wild cards together
};

// Every hand of 1-7 cards as (rank counts of the natural cards, number of wilds).
void enumerate(std::array<int, kRanks>& counts, int rank, int cards, std::vector<Entry>& out) {
    if (rank == kRanks) {
        for (int wild = 0; cards + wild <= kMaxCards; ++wild)
            if (cards + wild > 0) out.push_back({rank_key(counts, wild), nonflush_value(counts, wild), cards + wild});
        return;
    }
    for (int c = 0; c <= 4 && cards + c <= kMaxCards; ++c) {
        counts[rank] = c;
        enumerate(counts, rank + 1, cards + c, out);
    }
    counts[rank] = 0;
}

// Hash and displace: keys fall into buckets by the top bits of key * multiplier; each bucket
// gets the smallest displacement that moves all its keys to free slots. Largest buckets first.
bool build_hash(PerfectHash& t, const std::vector<Entry>& entries, uint64_t multiplier) {
    t.multiplier = multiplier;  // low 16 bits zero: see PerfectHash
    const std::size_t n_buckets = std::size_t{1} << t.bucket_bits;
    const uint32_t mask = (1u << t.table_bits) - 1;
    // Keys grouped by bucket (a counting sort): bucket b holds members[start[b] .. start[b+1]).
    std::vector<uint32_t> pos(entries.size()), bucket_of(entries.size()), start(n_buckets + 1, 0);
    for (uint32_t i = 0; i < entries.size(); ++i) {
        const uint64_t h = entries[i].key * multiplier;
        bucket_of[i] = static_cast<uint32_t>(h >> (64 - t.bucket_bits));
        pos[i] = static_cast<uint32_t>(h >> (64 - t.bucket_bits - t.table_bits));
        ++start[bucket_of[i] + 1];
    }
    for (std::size_t b = 0; b < n_buckets; ++b) start[b + 1] += start[b];
    std::vector<uint32_t> members(entries.size()), fill(start.begin(), start.end() - 1);
    for (uint32_t i = 0; i < entries.size(); ++i) members[fill[bucket_of[i]]++] = i;
    auto size_of = [&](uint32_t b) { return start[b + 1] - start[b]; };
    std::vector<uint32_t> order(n_buckets);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return size_of(a) > size_of(b); });
    std::vector<uint8_t> used(std::size_t{mask} + 1, 0);
    t.displacement.assign(n_buckets, 0);
    t.values.assign(std::size_t{mask} + 1, 0);
    for (uint32_t b : order) {
        const uint32_t* first = members.data() + start[b];
        const uint32_t n = size_of(b);
        if (n == 0) break;
        bool placed = false;
        for (uint32_t d = 0; d <= 0xFFFF && !placed; ++d) {
            placed = true;
            for (uint32_t i = 0; i < n && placed; ++i) {
                const uint32_t s = (pos[first[i]] + d) & mask;
                if (used[s]) placed = false;
                for (uint32_t j = 0; j < i && placed; ++j)
                    if (((pos[first[j]] + d) & mask) == s) placed = false;
            }
            if (placed) {
                t.displacement[b] = static_cast<uint16_t>(d);
                for (uint32_t i = 0; i < n; ++i) {
                    const uint32_t s = (pos[first[i]] + d) & mask;
                    used[s] = 1;
                    t.values[s] = entries[first[i]].value;
                }
            }
        }
        if (!placed) return false;
    }
    return true;
}

// Deterministic: the first multiplier of a fixed sequence that hashes without a clash.
PerfectHash perfect_hash(const std::vector<Entry>& entries, int bucket_bits, int table_bits) {
    PerfectHash t;
    t.bucket_bits = bucket_bits;
    t.table_bits = table_bits;
    uint64_t multiplier = 0x0E09576D6D910000ull;
    while (!build_hash(t, entries, multiplier)) multiplier += 0x2545F4914F6D0000ull;
    return t;
}

HighTables build_tables() {
    HighTables t;
    std::vector<Entry> entries;
    entries.reserve(115000);
    std::array<int, kRanks> counts{};
    enumerate(counts, 0, 0, entries);
    PerfectHash all = perfect_hash(entries, kBucketBits, kTableBits);
    t.hash_multiplier = all.multiplier;
    t.displacement = std::move(all.displacement);
    std::vector<Entry> seven;
    for (const Entry& e : entries)
        if (e.cards == kMaxCards && (e.key & 7) == 0) seven.push_back(e);
    t.seven = perfect_hash(seven, kSevenBucketBits, kSevenTableBits);
    std::vector<uint32_t> flushes(2 * (kMaxWild + 1) * kSuitMaskSize, 0);
    for (int dup = 0; dup < 2; ++dup)
        for (int wild = 0; wild <= kMaxWild; ++wild) {
            uint32_t* out = flushes.data() + (dup * (kMaxWild + 1) + wild) * kSuitMaskSize;
            for (uint32_t mask = 0; mask < kSuitMaskSize; ++mask)
                if (__builtin_popcount(mask) + wild <= kMaxCards) out[mask] = flush_value(mask, wild, dup != 0);
        }
    t.nonflush = std::move(all.values);
    t.flush = std::move(flushes);
    return t;
}

}  // namespace

const HighTables& HighTables::get() {
    static const HighTables tables = build_tables();  // thread-safe since C++11
    return tables;
}

std::size_t HighTables::bytes() const {
    return displacement.size() * sizeof(uint16_t) + nonflush.size() * sizeof(uint32_t) +
           flush.size() * sizeof(uint32_t) + seven.bytes();
}

HighEvaluator::HighEvaluator(uint32_t wild_rank_mask, bool flush_duplicates)
    : tables_(HighTables::get()),
      multiplier_(tables_.hash_multiplier),
      displacement_(tables_.displacement.data()),
      nonflush_(tables_.nonflush.data()),
      wild_rank_mask_(wild_rank_mask),
      flush_duplicates_(flush_duplicates) {
    if (wild_rank_mask >= (1u << kRanks)) throw std::invalid_argument("wild rank mask out of range");
    for (int c = 0; c < kDeck; ++c) {
        if (wild_rank_mask >> rank_of(c) & 1) {
            words_[c].key = kWildUnit + kAllSuitsUnit;
        } else {
            uint64_t unit = uint64_t{1} << kRankKeyShift;
            for (int r = 0; r < rank_of(c); ++r) unit *= 5;
            words_[c].key = unit + (uint64_t{1} << (kSuitCounterShift + 4 * suit_of(c)));
            natural_bits_ |= card_bit(c);
        }
        words_[c].bits = card_bit(c);
        keys_[c] = words_[c].key;
    }
    flush_ = tables_.flush_table(flush_duplicates, 0);
}

template <int N, bool Wild>
bool HighEvaluator::rows_kernel(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out) const {
    const uint64_t multiplier = multiplier_;
    const uint16_t* displacement = displacement_;
    const uint32_t* nonflush = nonflush_;
    // A sum of N powers of two has at most N bits set, exactly N when they are distinct, so
    // the rows are all free of duplicates exactly when the popcounts add up to N per row.
    uint64_t set_bits = 0;
    for (std::size_t i = 0; i < n_rows; ++i, rows += N) {
        uint64_t key, bits;
        sum_row<N>(rows, key, bits);
        set_bits += static_cast<uint64_t>(__builtin_popcountll(bits));
        out[i] = static_cast<int32_t>(finish<Wild>(key, bits, multiplier, displacement, nonflush));
    }
    return set_bits == static_cast<uint64_t>(N) * n_rows;
}

#if defined(__SSSE3__)
template <int N>
bool HighEvaluator::rows_natural(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out) const {
    auto fix = [this](const uint8_t* row) {  // a flush: read from the summed card bits
        uint64_t key, bits;
        sum_row<N>(row, key, bits);
        return static_cast<int32_t>(finish<false>(key, bits));
    };
    if constexpr (N == kMaxCards) {  // seven cards read their own table
        const PerfectHash& seven = tables_.seven;
        const uint32_t* values = seven.values.data();
        return natural_rows<N, kSevenBucketBits, kSevenTableBits, true>(
            rows, n_rows, out, keys_.data(), {seven.multiplier, seven.displacement.data()},
            [values](uint32_t slot) { return static_cast<int32_t>(values[slot]); }, fix);
    } else {
        const uint32_t* values = nonflush_;
        return natural_rows<N, kBucketBits, kTableBits, true>(
            rows, n_rows, out, keys_.data(), {multiplier_, displacement_},
            [values](uint32_t slot) { return static_cast<int32_t>(values[slot]); }, fix);
    }
}
#endif

bool HighEvaluator::checks_cards(int n_cols) const {
#if defined(__SSSE3__)
    return !has_wild() && n_cols >= 5 && n_cols <= kMaxCards;
#else
    (void)n_cols;
    return false;
#endif
}

bool HighEvaluator::evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const {
    const bool wild = has_wild();
#if defined(__SSSE3__)
    if (!wild && n_cols == 7) return rows_natural<7>(rows, n_rows, out);
    if (!wild && n_cols == 6) return rows_natural<6>(rows, n_rows, out);
    if (!wild && n_cols == 5) return rows_natural<5>(rows, n_rows, out);
#endif
    switch (n_cols) {
#define WILDEVAL_ROWS(N) \
    case N: return wild ? rows_kernel<N, true>(rows, n_rows, out) : rows_kernel<N, false>(rows, n_rows, out);
        WILDEVAL_ROWS(1) WILDEVAL_ROWS(2) WILDEVAL_ROWS(3) WILDEVAL_ROWS(4)
        WILDEVAL_ROWS(5) WILDEVAL_ROWS(6) WILDEVAL_ROWS(7)
#undef WILDEVAL_ROWS
        default: throw std::invalid_argument("a high hand has 1 to 7 cards");
    }
}

}  // namespace wildeval
