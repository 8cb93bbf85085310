// The lowball tables (LowTables): deuce-to-seven and ace-to-five values of every 5-7 card rank
// multiset, at the multiset's slot in the rank tables.
#include <algorithm>
#include <array>
#include <utility>

#include "bits.hpp"
#include "tables/tables.hpp"

namespace wildeval {
namespace {

// The position of each value in the sorted list of the distinct values (written to `distinct`),
// through a bitmap of the 24-bit values and a running count per 64-bit word: no sort.
std::vector<uint32_t> ordinals(const std::vector<uint32_t>& values, std::vector<uint32_t>& distinct) {
    constexpr std::size_t kWords = std::size_t{1} << (24 - 6);
    std::vector<uint64_t> present(kWords, 0);
    for (uint32_t v : values) present[v >> 6] |= uint64_t{1} << (v & 63);
    std::vector<uint32_t> before(kWords);  // distinct values in the words before this one
    uint32_t count = 0;
    distinct.clear();
    for (std::size_t w = 0; w < kWords; ++w) {
        before[w] = count;
        for (uint64_t bits = present[w]; bits != 0; bits &= bits - 1)
            distinct.push_back(static_cast<uint32_t>(w * 64 + static_cast<std::size_t>(lowest_bit(bits))));
        count += static_cast<uint32_t>(popcount64(present[w]));
    }
    std::vector<uint32_t> out(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const uint32_t v = values[i];
        out[i] = before[v >> 6] + static_cast<uint32_t>(popcount64(present[v >> 6] & ((uint64_t{1} << (v & 63)) - 1)));
    }
    return out;
}

}  // namespace

LowTables LowTables::build() {
    const RankTables& t = generated<RankTables>();
    auto slot = [&](uint64_t key) { return t.slot(key); };
    auto five = [&](uint64_t key) { return without_wheel(t.all.values[slot(key)]); };  // five ranks, for 2-7
    uint64_t unit[kRanks];
    for (int r = 0; r < kRanks; ++r) {
        std::array<int, kRanks> one{};
        one[r] = 1;
        unit[r] = rank_key(one, 0);
    }
    std::vector<std::pair<uint32_t, uint32_t>> seven;  // seven cards: (slot in RankTables::seven, value)
    std::vector<uint32_t> slots, low27_values, a5_values;  // one entry per multiset, in visiting order
    std::array<int, kRanks> counts{};
    // every multiset of 5-7 ranks, at most four of each: its lowest five-card sub-multiset for
    // deuce-to-seven, and its ace-to-five value (from bits with each copy of a rank in its own suit)
    auto visit = [&](auto& self, int rank, int cards) -> void {
        if (rank == kRanks) {
            if (cards < 5) return;
            const uint64_t key = rank_key(counts, 0);
            uint32_t low = UINT32_MAX;
            if (cards == 5) low = five(key);
            for (int a = 0; a < kRanks && cards > 5; ++a) {
                if (counts[a] == 0) continue;
                if (cards == 6) low = std::min(low, five(key - unit[a]));
                for (int b = a; b < kRanks && cards == 7; ++b)
                    if (counts[b] > (a == b ? 1 : 0)) low = std::min(low, five(key - unit[a] - unit[b]));
            }
            uint64_t bits = 0;
            for (int r = 0; r < kRanks; ++r)
                for (int copy = 0; copy < counts[r]; ++copy) bits += card_bit(4 * r + copy);
            slots.push_back(slot(key));
            low27_values.push_back(low);
            if (cards == kMaxCards)
                seven.emplace_back(SevenShape::slot(key, t.seven.multiplier, t.seven.displacement.data()), kLowBase - low);
            a5_values.push_back(low_a5_from_bits(bits));
            return;
        }
        for (int c = 0; c <= 4 && cards + c <= kMaxCards; ++c) {
            counts[rank] = c;
            self(self, rank + 1, cards + c);
        }
        counts[rank] = 0;
    };
    visit(visit, 0, 0);
    LowTables out;
    out.seven_low27.assign(t.seven.values.size(), 0);
    for (const auto& [at, value] : seven) out.seven_low27[at] = value;
    const std::vector<uint32_t> low27_ordinals = ordinals(low27_values, out.low27);
    const std::vector<uint32_t> a5_ordinals = ordinals(a5_values, out.a5);
    out.slots.assign(t.all.values.size(), 0);
    for (std::size_t i = 0; i < slots.size(); ++i) out.slots[slots[i]] = low27_ordinals[i] | a5_ordinals[i] << 16;
    return out;
}


namespace {

// The ranks of a 13-bit mask moved to ace-low order: ace -> bit 0, deuce -> bit 1, ... king -> 12.
constexpr uint32_t ace_low(uint32_t mask) { return ((mask << 1) | (mask >> 12)) & 0x1FFF; }

// The lowest `n` set bits of `mask`.
uint32_t lowest_bits(uint32_t mask, int n) {
    uint32_t out = 0;
    for (; n > 0 && mask != 0; --n) {
        out |= mask & (0u - mask);
        mask &= mask - 1;
    }
    return out;
}

}  // namespace

uint32_t low_a5_from_bits(uint64_t bits) {
    const uint32_t s0 = bits & 0x1FFF, s1 = bits >> 16 & 0x1FFF, s2 = bits >> 32 & 0x1FFF, s3 = bits >> 48 & 0x1FFF;
    // Ranks held at least once, twice, three and four times (bit-sliced counts over the suits).
    const uint32_t at_least[4] = {
        ace_low(s0 | s1 | s2 | s3),
        ace_low((s0 & s1) | (s0 & s2) | (s0 & s3) | (s1 & s2) | (s1 & s3) | (s2 & s3)),
        ace_low((s0 & s1 & s2) | (s0 & s1 & s3) | (s0 & s2 & s3) | (s1 & s2 & s3)),
        ace_low(s0 & s1 & s2 & s3),
    };
    // The lowest five cards: one of each rank from the lowest up, then second cards, and so on.
    uint32_t taken[4] = {};
    int left = 5;
    for (int level = 0; level < 4 && left > 0; ++level) {
        taken[level] = lowest_bits(at_least[level], left);
        left -= popcount32(taken[level]);
    }
    // Read them as a groups-only hand: bigger groups first, higher (ace-low) rank first.
    const uint32_t quads = taken[3], trips = taken[2] & ~taken[3], pairs = taken[1] & ~taken[2];
    const uint32_t singles = taken[0] & ~taken[1];
    uint32_t category = kHighCard;
    if (quads) category = kFourOfAKind;
    else if (trips) category = pairs ? kFullHouse : kThreeOfAKind;
    else if (pairs) category = popcount32(pairs) == 2 ? kTwoPair : kPair;
    uint32_t value = category << kCategoryShift;
    int shift = 16;
    for (uint32_t group : {quads, trips, pairs, singles})
        for (; group != 0; shift -= 4) {
            const int r = highest_bit(group);
            value |= static_cast<uint32_t>(r + 1) << shift;
            group &= ~(1u << r);
        }
    return kLowBase - value;
}

}  // namespace wildeval
