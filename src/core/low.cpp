#include "low.hpp"

#include "natural_rows.hpp"

#include <algorithm>
#include <array>
#include <type_traits>

namespace wildeval {

uint32_t low_a5_from_bits(uint64_t bits);

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
            distinct.push_back(static_cast<uint32_t>(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits))));
        count += static_cast<uint32_t>(__builtin_popcountll(present[w]));
    }
    std::vector<uint32_t> out(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const uint32_t v = values[i];
        out[i] = before[v >> 6] + static_cast<uint32_t>(__builtin_popcountll(present[v >> 6] & ((uint64_t{1} << (v & 63)) - 1)));
    }
    return out;
}

LowTables build_low_tables() {
    const HighTables& t = HighTables::get();
    auto slot = [&](uint64_t key) { return HighTables::slot(key, t.hash_multiplier, t.displacement.data()); };
    auto five = [&](uint64_t key) { return Low27::without_wheel(t.nonflush[slot(key)]); };  // five ranks, for 2-7
    uint64_t unit[kRanks];
    for (int r = 0; r < kRanks; ++r) {
        std::array<int, kRanks> one{};
        one[r] = 1;
        unit[r] = rank_key(one, 0);
    }
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
    const std::vector<uint32_t> low27_ordinals = ordinals(low27_values, out.low27);
    const std::vector<uint32_t> a5_ordinals = ordinals(a5_values, out.a5);
    out.slots.assign(t.nonflush.size(), 0);
    for (std::size_t i = 0; i < slots.size(); ++i) out.slots[slots[i]] = low27_ordinals[i] | a5_ordinals[i] << 16;
    return out;
}

}  // namespace

const LowTables& LowTables::get() {
    static const LowTables tables = build_low_tables();  // thread-safe since C++11
    return tables;
}

template <int N>
uint32_t Low27::best(const uint8_t* cards, uint64_t key, uint64_t bits) const {
    if constexpr (N == 5) {
        return five(key, bits);
    } else {
        if (tables_ != nullptr) {
            // The best five for low by ranks alone, suits aside.
            const uint32_t low = tables_->low27_of(HighTables::slot(key, high_.multiplier(), high_.displacement()));
            // No suit with five cards: no five of them is a flush, and that is the answer.
            const uint64_t flush = key & kFlushFlags;
            if (flush == 0) return low;
            // A suit holds five or more. Five unpaired ranks can still be taken without a flush
            // when one of them has a card in another suit: the answer stands (rare otherwise).
            if (category_of(low) == kHighCard) {
                uint32_t ranks = 0;
                for (int shift = 16; shift >= 0; shift -= 4) ranks |= 1u << (((low >> shift) & 0xF) - 1);
                const int suit = __builtin_ctzll(flush >> kSuitCounterShift) >> 2;
                const uint64_t others = bits & ~(uint64_t{kSuitMaskSize - 1} << (16 * suit));
                const uint32_t elsewhere = static_cast<uint32_t>((others | others >> 16 | others >> 32 | others >> 48) &
                                                                 (kSuitMaskSize - 1));
                if (ranks & elsewhere) return low;
            }
        }
        // Every five of the N: leave out one card (N = 6) or two (N = 7) from the sums.
        uint32_t best = UINT32_MAX;
        for (int i = 0; i < N; ++i) {
            const uint64_t ki = key - high_.word_key(cards[i]), bi = bits - high_.word_bits(cards[i]);
            if constexpr (N == 6) {
                best = std::min(best, five(ki, bi));
            } else {
                for (int j = i + 1; j < N; ++j)
                    best = std::min(best, five(ki - high_.word_key(cards[j]), bi - high_.word_bits(cards[j])));
            }
        }
        return best;
    }
}

uint32_t Low27::evaluate(const uint8_t* cards, int n) const {
    uint64_t key = kSuitBias, bits = 0;
    for (int i = 0; i < n; ++i) {
        key += high_.word_key(cards[i]);
        bits += high_.word_bits(cards[i]);
    }
    switch (n) {
        case 5: return kLowBase - best<5>(cards, key, bits);
        case 6: return kLowBase - best<6>(cards, key, bits);
        default: return kLowBase - best<7>(cards, key, bits);
    }
}

bool Low27::evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const {
#if defined(__SSSE3__)
    if (tables_ != nullptr) {
        const SlotHash hash{high_.multiplier(), high_.displacement()};
        auto run = [&](auto n_tag) {
            constexpr int N = decltype(n_tag)::value;
            auto fix = [this](const uint8_t* row) {  // a suit holds five: some fives are flushes
                uint64_t key, bits;
                high_.sum_row<N>(row, key, bits);
                return static_cast<int32_t>(kLowBase - best<N>(row, key, bits));
            };
            if constexpr (N == 5) {
                const uint32_t* nonflush = high_.nonflush();
                return natural_rows<N, kBucketBits, kTableBits, true>(
                    rows, n_rows, out, high_.keys(), hash,
                    [nonflush](uint32_t slot) { return static_cast<int32_t>(kLowBase - without_wheel(nonflush[slot])); },
                    fix);
            } else {
                const LowTables* tables = tables_;
                return natural_rows<N, kBucketBits, kTableBits, true>(
                    rows, n_rows, out, high_.keys(), hash,
                    [tables](uint32_t slot) { return static_cast<int32_t>(kLowBase - tables->low27_of(slot)); }, fix);
            }
        };
        switch (n_cols) {
            case 5: return run(std::integral_constant<int, 5>{});
            case 6: return run(std::integral_constant<int, 6>{});
            default: return run(std::integral_constant<int, 7>{});
        }
    }
#endif
    uint64_t set_bits = 0;
    auto run = [&](auto n_tag) {
        constexpr int N = decltype(n_tag)::value;
        for (std::size_t i = 0; i < n_rows; ++i, rows += N) {
            uint64_t key, bits;
            high_.sum_row<N>(rows, key, bits);
            set_bits += static_cast<uint64_t>(__builtin_popcountll(bits));
            out[i] = static_cast<int32_t>(kLowBase - best<N>(rows, key, bits));
        }
    };
    switch (n_cols) {
        case 5: run(std::integral_constant<int, 5>{}); break;
        case 6: run(std::integral_constant<int, 6>{}); break;
        default: run(std::integral_constant<int, 7>{}); break;
    }
    return set_bits == static_cast<uint64_t>(n_cols) * n_rows;
}

bool LowA5::evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const {
#if defined(__SSSE3__)
    {  // suits never matter: no flush to fix up
        const LowTables* tables = tables_;
        auto lookup = [tables](uint32_t slot) { return static_cast<int32_t>(tables->a5_of(slot)); };
        auto none = [](const uint8_t*) { return int32_t{0}; };
        const SlotHash hash{high_.multiplier(), high_.displacement()};
        switch (n_cols) {
            case 5: return natural_rows<5, kBucketBits, kTableBits, false>(rows, n_rows, out, high_.keys(), hash, lookup, none);
            case 6: return natural_rows<6, kBucketBits, kTableBits, false>(rows, n_rows, out, high_.keys(), hash, lookup, none);
            default: return natural_rows<7, kBucketBits, kTableBits, false>(rows, n_rows, out, high_.keys(), hash, lookup, none);
        }
    }
#endif
    const uint64_t multiplier = high_.multiplier();
    const uint16_t* displacement = high_.displacement();
    uint64_t set_bits = 0;
    auto run = [&](auto n_tag) {
        constexpr int N = decltype(n_tag)::value;
        constexpr std::size_t kGroup = 4;  // rows summed before their lookups
        std::size_t i = 0;
        for (; i + kGroup <= n_rows; i += kGroup) {
            uint64_t key[kGroup], bits[kGroup];
            for (std::size_t k = 0; k < kGroup; ++k) high_.sum_row<N>(rows + (i + k) * N, key[k], bits[k]);
            for (std::size_t k = 0; k < kGroup; ++k) {
                set_bits += static_cast<uint64_t>(__builtin_popcountll(bits[k]));
                out[i + k] = static_cast<int32_t>(tables_->a5_of(HighTables::slot(key[k], multiplier, displacement)));
            }
        }
        for (; i < n_rows; ++i) {
            uint64_t key, bits;
            high_.sum_row<N>(rows + i * N, key, bits);
            set_bits += static_cast<uint64_t>(__builtin_popcountll(bits));
            out[i] = static_cast<int32_t>(tables_->a5_of(HighTables::slot(key, multiplier, displacement)));
        }
    };
    switch (n_cols) {
        case 5: run(std::integral_constant<int, 5>{}); break;
        case 6: run(std::integral_constant<int, 6>{}); break;
        default: run(std::integral_constant<int, 7>{}); break;
    }
    return set_bits == static_cast<uint64_t>(n_cols) * n_rows;
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
        left -= __builtin_popcount(taken[level]);
    }
    // Read them as a groups-only hand: bigger groups first, higher (ace-low) rank first.
    const uint32_t quads = taken[3], trips = taken[2] & ~taken[3], pairs = taken[1] & ~taken[2];
    const uint32_t singles = taken[0] & ~taken[1];
    uint32_t category = kHighCard;
    if (quads) category = kFourOfAKind;
    else if (trips) category = pairs ? kFullHouse : kThreeOfAKind;
    else if (pairs) category = __builtin_popcount(pairs) == 2 ? kTwoPair : kPair;
    uint32_t value = category << kCategoryShift;
    int shift = 16;
    for (uint32_t group : {quads, trips, pairs, singles})
        for (; group != 0; shift -= 4) {
            const int r = 31 - __builtin_clz(group);
            value |= static_cast<uint32_t>(r + 1) << shift;
            group &= ~(1u << r);
        }
    return kLowBase - value;
}

}  // namespace wildeval
