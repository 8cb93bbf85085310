// The 2,598,960 five-card deals grouped up to suit renaming: 134,459 classes, each played once for
// all its deals by the whole-game analysis (whole_game.hpp). A class is named by its first deal in
// the order below (its representative); every deal knows its class and where each of its cards
// sits in the representative, so that a hold of the representative maps to the same hold of the
// deal.
//
// Cards are 4 * rank + suit (cards.hpp). A deal is its five cards increasing, and deals and sets
// of cards are numbered colexicographically (the index of c0 < c1 < ... is sum C(c_i, i + 1)),
// the numbering wildeval.videopoker.counting uses for its table of every set of 0-5 cards.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace wildeval::videopoker {

inline constexpr int kHandCards = 5;
inline constexpr uint32_t kDeals = 2598960;  // C(52, 5)

// C(n, k) for n <= 52, k <= 5.
uint64_t choose(int n, int k);
// Where the sets of k cards start in the table of every set of 0 to 5 cards (k = 6: its size).
uint64_t sets_before(int k);
// The colexicographic index of k cards, increasing, among the sets of k cards.
uint64_t colex_index(const uint8_t* cards, int k);

struct DealClasses {
    // Each class: its representative deal's cards (increasing) and how many deals it stands for.
    std::vector<std::array<uint8_t, kHandCards>> representative;
    std::vector<uint32_t> deals_in_class;
    // The deals of class c are deals[first_deal[c] .. first_deal[c + 1]) (colexicographic indices).
    std::vector<uint32_t> first_deal;
    std::vector<uint32_t> deals;
    // For each deal (by index): 3 bits per card i of the deal, the position of its renamed card
    // in the representative (bits 3i .. 3i + 2).
    std::vector<uint16_t> position;

    std::size_t classes() const { return representative.size(); }
};

// Built once (about a tenth of a second) and kept for the life of the process; thread-safe.
const DealClasses& deal_classes();

// A hold of the representative (bit j: its j-th card) as the same hold of a deal (bit i: the
// deal's i-th card), through the deal's `position` entry.
inline uint32_t hold_of_deal(uint32_t representative_hold, uint16_t position) {
    uint32_t mask = 0;
    for (int i = 0; i < kHandCards; ++i) mask |= ((representative_hold >> ((position >> (3 * i)) & 7u)) & 1u) << i;
    return mask;
}

}  // namespace wildeval::videopoker
