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

// Exactly three valid cards; wild ranks as a 13-bit mask; flush_duplicates as in "high".
uint32_t three_card_value(const uint8_t* cards, uint32_t wild_rank_mask, bool flush_duplicates);

}  // namespace wildeval
