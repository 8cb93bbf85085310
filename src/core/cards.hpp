// Card encoding and the value scale shared by every part of the core.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>

namespace wildeval {

inline constexpr int kRanks = 13;
inline constexpr int kSuits = 4;
inline constexpr int kDeck = 52;
inline constexpr int kMaxCards = 7;
inline constexpr int kAce = 12;

// A card is 4 * rank + suit: rank 0 = deuce .. 12 = ace; suit 0..3 = clubs, diamonds, hearts, spades.
constexpr int rank_of(int card) { return card >> 2; }
constexpr int suit_of(int card) { return card & 3; }

// How cards are written (the package's wildeval.cards says the same; a test checks it).
inline constexpr char kRankChars[] = "23456789TJQKA";
inline constexpr char kSuitChars[] = "cdhs";
inline std::string card_text(int card) { return std::string{kRankChars[rank_of(card)], kSuitChars[suit_of(card)]}; }

// A hand's category, for the census (Ranking::category). A ranking whose hands are no poker hands
// numbers its own categories from 0 instead (badugi: its size less one); the package's codec of
// the ranking names them.
enum Category : uint32_t {
    kHighCard = 0,
    kPair,
    kTwoPair,
    kThreeOfAKind,
    kStraight,
    kFlush,
    kFullHouse,
    kFourOfAKind,
    kStraightFlush,
    kFiveOfAKind,
    kCategoryCount
};

// A value is category << 20 followed by up to five deciding ranks, four bits each, most
// significant first, written as rank + 1 so that 0 means "no card" (hands under five cards).
// Higher is better, and the category is value >> kCategoryShift.
inline constexpr int kCategoryShift = 20;

constexpr uint32_t pack(uint32_t category, std::initializer_list<int> ranks) {
    uint32_t value = category << kCategoryShift;
    int shift = 16;
    for (int r : ranks) {
        value |= static_cast<uint32_t>(r + 1) << shift;
        shift -= 4;
    }
    return value;
}

constexpr uint32_t category_of(uint32_t value) { return value >> kCategoryShift; }

}  // namespace wildeval
