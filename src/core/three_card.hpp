// Three-card poker ranking: straight flush > three of a kind > straight > flush > pair > high.
//
// value = code << 20 | k1 << 16 | k2 << 12 | k3 << 8, code as below, k = rank + 1 (0 = none).
#pragma once

#include <cstdint>

#include "cards.hpp"

namespace wildeval {

enum ThreeCardCode : uint32_t {
    k3HighCard = 0,
    k3Pair,
    k3Flush,
    k3Straight,
    k3Trips,
    k3StraightFlush,
};

inline constexpr int kWildCode = kRanks;  // a card's code: its rank, or this if it is wild
inline constexpr int kCodes = kRanks + 1;
inline constexpr int kThreeCardTableSize = kCodes * kCodes * kCodes * 2;

// The value of every (code, code, code, naturals all one suit) for one flush_duplicates setting,
// generated once: 5,488 entries, read without a branch.
const uint32_t* three_card_table(bool flush_duplicates);

class ThreeCard {
public:
    // with_table: read three_card_table() (building it if need be); only three-card evaluators do
    ThreeCard(uint32_t wild_rank_mask, bool flush_duplicates, bool with_table);

    // Exactly three valid cards.
    uint32_t evaluate(const uint8_t* cards) const {
        const uint32_t suits = suit_bit_[cards[0]] | suit_bit_[cards[1]] | suit_bit_[cards[2]];
        const uint32_t suited = (suits & (suits - 1)) == 0;
        return table_[((code_[cards[0]] * kCodes + code_[cards[1]]) * kCodes + code_[cards[2]]) * 2 + suited];
    }

private:
    const uint32_t* table_;
    uint16_t code_[kDeck];
    uint8_t suit_bit_[kDeck];
};

}  // namespace wildeval
