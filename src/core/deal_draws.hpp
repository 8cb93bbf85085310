// Sampled deals drawn a block at a time, the same on every CPU (equity.cpp's sampler where one
// player's hand is drawn from a list and every other player's from the deck, or every hand is
// known).
//
// A deal starts from one of a list of decks (the cards left beside one of the drawn player's
// hands; one deck where every hand is known), picked uniformly or by weight, and takes `cards`
// cards from it in turn, the j-th the r-th lowest card left, r uniform below (cards left - j).
//
// The numbers: a deal's uniform draws (the deck's place among those that can be drawn, then each
// card's r) are the digits of one uniform number below the product of their bounds, split into
// groups whose product stays below 2^48. Each group takes one word w of the generator and reads
// its digits as w * b1 = r1 * 2^64 + w1, w1 * b2 = r2 * 2^64 + w2, ... (the mixed-radix digits
// of the high word of w * P, P the group's product), a word whose w * P mod 2^64 falls below
// 2^64 mod P drawn again (Lemire's multiply-and-reject with bound P, so exactly uniform; about one
// word in 2^16 or fewer). A weighted pick reads a coin of Walker's alias table from one more word
// first. Only how the r-th card is found differs by CPU (a BMI2 deposit, or a broadword search):
// the same card either way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "deals.hpp"

namespace wildeval {

class DealDraws {
public:
    static constexpr std::size_t kBlock = 128;  // deals a block

    // decks: each start's cards left as a bit mask (0: a start never drawn, such as a hand that
    // meets the board; the others all hold the same number of cards); weights: one per deck
    // (> 0), or empty for equal weights. std::invalid_argument where no deck can be drawn or
    // holds fewer than `cards` cards.
    DealDraws(std::vector<uint64_t> decks, const std::vector<double>& weights, int cards);

    // Draws n <= kBlock deals.
    void draw(SplitMix& rng, std::size_t n);

    const uint32_t* decks() const { return picked_.data(); }    // deal t's deck
    const uint8_t* cards() const { return cards_.data(); }      // deal t's cards at t * per_deal()
    int per_deal() const { return cards_per_deal_; }

private:
    template <bool kDeposit>
    void draw_with(SplitMix& rng, std::size_t n);

    struct Group {
        uint32_t first, count;  // digits [first, first + count) of a deal
        uint64_t product, floor;
    };

    std::vector<uint64_t> decks_;
    std::vector<uint32_t> drawable_;  // the decks that can be drawn (not 0)
    std::vector<double> chance_;      // weighted: Walker's alias table over drawable_, keeping
    std::vector<uint32_t> alias_;     // place i with chance_[i], else taking alias_[i]
    int cards_per_deal_ = 0;
    bool place_digit_ = false;        // digit 0 is the deck's place (more than one deck to draw)
    std::vector<uint32_t> bounds_;    // each digit's bound
    std::vector<Group> groups_;
    std::vector<uint32_t> picked_;
    std::vector<uint8_t> cards_;
};

}  // namespace wildeval
