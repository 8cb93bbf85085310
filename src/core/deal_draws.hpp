// Sampled deals drawn a block at a time, the same on every CPU (equity.cpp's sampler).
//
// A deal gives each listed player one hand of its list (uniformly, or by weight), drawn again,
// all of them, until no two share a card; then `cards` cards in turn from the cards left (`rest`
// less the listed hands), the j-th the r-th lowest card left, r uniform below (cards left - j):
// the random players' hands and the board.
//
// The numbers: a deal's uniform draws (each listed player's place in its list, where the list
// holds more than one hand, then each card's r) are the digits of one uniform number below the
// product of their bounds, split into groups whose product stays below 2^48. Each group takes one
// word w of the generator and reads its digits as w * b1 = r1 * 2^64 + w1, w1 * b2 = r2 * 2^64 +
// w2, ... (the mixed-radix digits of the high word of w * P, P the group's product), a word whose
// w * P mod 2^64 falls below 2^64 mod P drawn again (Lemire's multiply-and-reject with bound P, so
// exactly uniform; about one word in 2^16 or fewer). A weighted pick reads a coin of Walker's
// alias table from one word of its own first. Listed hands that share a card throw the deal
// away, and the next words draw it again. Only how the r-th card is found differs by CPU (a BMI2
// deposit, or a broadword search): the same card either way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "deals.hpp"

namespace wildeval {

class DealDraws {
public:
    static constexpr std::size_t kBlock = 128;  // deals a block

    // One listed player's hands as card masks (0: never drawn, such as a hand that meets the
    // board), all of the same number of cards, and their weights (> 0; empty: all equal).
    struct Listed {
        std::vector<uint64_t> hands;
        std::vector<double> weights;
    };

    // std::invalid_argument where a list has no hand to draw, or mixes hand sizes, or the cards
    // left are fewer than `cards`.
    DealDraws(uint64_t rest, const std::vector<Listed>& listed, int cards);

    // Draws n <= kBlock deals. False where a deal was thrown away a million times in a row (the
    // listed hands almost never fit together): the block is not drawn.
    bool draw(SplitMix& rng, std::size_t n);

    std::size_t listed() const { return lists_.size(); }
    // Deal t's hand of listed player l: its place in the list at picks()[t * listed() + l].
    const uint32_t* picks() const { return picked_.data(); }
    const uint8_t* cards() const { return cards_.data(); }  // deal t's cards at t * per_deal()
    int per_deal() const { return cards_per_deal_; }

private:
    template <bool kDeposit>
    bool draw_with(SplitMix& rng, std::size_t n);

    struct List {
        std::vector<uint64_t> masks;     // by place in the player's list
        std::vector<uint32_t> drawable;  // the places that can be drawn (mask not 0)
        std::vector<double> chance;      // weighted: Walker's alias table over drawable, keeping
        std::vector<uint32_t> alias;     // entry i with chance[i], else taking alias[i]
    };
    struct Group {
        uint32_t first, count;  // digits [first, first + count) of a deal
        uint64_t product, floor;
    };

    uint64_t rest_ = 0;
    std::vector<List> lists_;
    int cards_per_deal_ = 0;
    std::vector<uint32_t> bounds_;  // each digit's bound
    std::vector<Group> groups_;
    std::vector<uint32_t> picked_;
    std::vector<uint64_t> lefts_;       // each deal's cards left once the listed hands are out
    std::vector<uint64_t> card_words_;  // and the words its cards' digits read
    std::vector<uint8_t> cards_;
};

}  // namespace wildeval
