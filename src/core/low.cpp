#include "low.hpp"

#include <algorithm>

namespace wildeval {

template <int N>
uint32_t Low27::best(const uint8_t* cards, uint64_t key, uint64_t bits) const {
    if constexpr (N == 5) {
        return five(key, bits);
    } else {
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

uint32_t low_a5_value(const uint8_t* cards, int n) {
    // Counts by low rank: ace = 0, deuce = 1, ... king = 12.
    int count[kRanks] = {};
    for (int i = 0; i < n; ++i) ++count[(rank_of(cards[i]) + 1) % kRanks];
    // The five cards that make the lowest hand: groups as small as the ranks allow (one of each
    // rank first, then pairs, then trips), and within a shape the lowest ranks.
    int take[kRanks] = {};
    int taken = 0;
    for (int level = 1; level <= 4 && taken < 5; ++level)
        for (int r = 0; r < kRanks && taken < 5; ++r)
            if (count[r] >= level) {
                ++take[r];
                ++taken;
            }
    // Read the chosen five as a groups-only hand, then map ranks back (ace low -> ace).
    int group[5], group_size[5], n_groups = 0;
    for (int size = 4; size >= 1; --size)
        for (int r = kRanks - 1; r >= 0; --r)
            if (take[r] == size) {
                group[n_groups] = r;
                group_size[n_groups++] = size;
            }
    uint32_t category = kHighCard;
    if (group_size[0] == 4) category = kFourOfAKind;
    else if (group_size[0] == 3) category = group_size[1] == 2 ? kFullHouse : kThreeOfAKind;
    else if (group_size[0] == 2) category = group_size[1] == 2 ? kTwoPair : kPair;
    uint32_t high_style = category << kCategoryShift;
    for (int i = 0, shift = 16; i < n_groups; ++i, shift -= 4)
        high_style |= static_cast<uint32_t>(group[i] + 1) << shift;
    return kLowBase - high_style;
}

}  // namespace wildeval
