// Sampled deals drawn a block at a time, the same on every CPU (equity.cpp's sampler).
//
// A deal gives each listed player one hand of its list (uniformly, or by weight), drawn again,
// all of them, until no two share a card; then `cards` cards in turn from the cards left (`rest`
// less the listed hands), the j-th the r-th lowest card left, r uniform below (cards left - j):
// the random players' hands and the board.
//
// Without drawing again where it can: lists whose hands may meet are drawn together. Two lists
// whose sizes multiply to at most kJoint become one list of their pairs of hands that share no
// card, each pair weighted by the product of its hands' weights (the two smallest first, again
// while a product fits, so three lists of 22 hands are one list of their 9,396 sets). A set of
// hands drawn from the joint list, by weight, is a draw of each list by weight kept where the
// hands share no card: the same chance for every set (each set's weight over the sum of the
// weights of the sets that share no card), with no draw thrown away. Where one list is left, no
// deal is thrown away; lists too large to join are still drawn again until they fit.
//
// The numbers: a deal's uniform draws (each listed player's place in its list, where the list
// holds more than one hand, then each card's r) are the digits of one uniform number below the
// product of their bounds, split into groups whose product stays below 2^46. Each group takes the
// top 52 bits w of one generator word and reads its digits as w * b1 = r1 * 2^52 + w1, w1 * b2 =
// r2 * 2^52 + w2, ... (the mixed-radix digits of w * P / 2^52, P the group's product), a w whose
// w * P mod 2^52 falls below 2^52 mod P drawn again (Lemire's multiply-and-reject with bound P,
// so exactly uniform; about one word in 2^6 or fewer). 52 bits, so that AVX-512's IFMA
// multiplies read the cards' digits of eight deals at once. A weighted pick reads a coin of
// Walker's alias table from one word of its own first. Listed hands that share a card throw the
// deal away, and the next words draw it again. Only how the digits and the r-th card are found
// differs by CPU (IFMA and a BMI2 deposit; AVX2's 32-bit multiplies and the deposit; or a
// broadword search, as the row kernel's row of the table and the CPU say: card_draws() in
// kernels/rows_kernel.hpp): the same cards every way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "equity/deals.hpp"
#include "kernels/rows_kernel.hpp"

namespace wildeval {

class DealDraws {
public:
    static constexpr std::size_t kBlock = 128;  // deals a block
    static constexpr std::size_t kJoint = std::size_t{1} << 18;  // the most sets of hands a joint list is made from
    static constexpr uint64_t kWordMask = (uint64_t{1} << 52) - 1;  // a group word's 52 bits

    // One listed player's hands as card masks (0: never drawn, such as a hand that meets the
    // board), all of the same number of cards, and their weights (> 0; empty: all equal).
    struct Listed {
        std::vector<uint64_t> hands;
        std::vector<double> weights;
    };

    // std::invalid_argument where a list has no hand to draw, or mixes hand sizes, or the cards
    // left are fewer than `cards`, or lists drawn together have no set of hands that fits.
    DealDraws(uint64_t rest, const std::vector<Listed>& listed, int cards);

    // Draws n <= kBlock deals. False where a deal was thrown away a million times in a row (the
    // listed hands almost never fit together): the block is not drawn.
    bool draw(SplitMix& rng, std::size_t n);

    std::size_t listed() const { return n_listed_; }
    std::size_t drawn_lists() const { return lists_.size(); }  // lists drawn, joint lists counted once
    // Deal t's hand of listed player l: its place in the list at picks()[l * kBlock + t].
    const uint32_t* picks() const { return picked_.data(); }
    // Deal t's card j at cards()[j * kBlock + t] (card by card, so that eight deals' cards are
    // written with one store).
    const uint8_t* cards() const { return cards_.data(); }
    int per_deal() const { return cards_per_deal_; }

private:
    template <CardDraws kWay>  // how the cards are found (rows_kernel.hpp's card_draws())
    bool draw_with(SplitMix& rng, std::size_t n);
    // deal_draws_ifma.cpp: the same numbers, eight at a time by AVX-512 IFMA (its words, with
    // words_by_ifma below)
    void cards_by_ifma(std::size_t n, std::size_t first_card_group, uint32_t first_card);
    // deal_draws_avx2.cpp: the same numbers, four at a time in AVX2 (where the deposit is drawn)
    void cards_by_avx2(std::size_t n, std::size_t first_card_group, uint32_t first_card);
    template <bool kSeveral, bool kWeighted>
    std::size_t one_list_words_avx2(SplitMix& rng, std::size_t from, std::size_t n);
    template <bool kSeveral, bool kWeighted>
    std::size_t one_list_words(SplitMix& rng, std::size_t from, std::size_t to, std::size_t first_card_group);  // returns to
    struct ListView;  // a listed player's arrays, read without going through the vectors
    void views(ListView* out) const;
    bool general_deals(SplitMix& rng, std::size_t from, std::size_t to, uint64_t thrown, const ListView* lists,
                       std::size_t first_card_group);
    bool words_by_ifma(SplitMix& rng, std::size_t n, const ListView* views);

    struct List {
        std::vector<uint32_t> players;   // the listed players it draws for: one, or several (a joint list)
        std::vector<uint32_t> drawable;  // entry i: player players[m]'s place in its list at drawable[m * size() + i]
        std::vector<uint64_t> masks;     // entry i's cards (every player's of it)
        std::vector<double> weights;     // entry i's weight (empty: all equal)
        std::vector<double> chance;      // weighted: Walker's alias table over the entries, keeping
        std::vector<uint32_t> alias;     // entry i with chance[i], else taking alias[i]
        std::size_t size() const { return masks.size(); }
    };
    static List joint(const List& a, const List& b);
    struct ListView {
        const uint32_t* drawable;
        const uint64_t* masks;
        const double* chance;  // nullptr: unweighted
        const uint32_t* alias;
        const uint32_t* players;
        uint32_t n_players, size;
        bool several;  // more than one entry to draw from: a digit
    };
    struct Group {
        uint32_t first, count;  // digits [first, first + count) of a deal
        uint64_t product, floor;
    };

    uint64_t rest_ = 0;
    std::size_t n_listed_ = 0;
    std::vector<List> lists_;
    int cards_per_deal_ = 0;
    std::vector<uint32_t> bounds_;  // each digit's bound
    std::vector<Group> groups_;
    std::vector<uint32_t> picked_;
    std::vector<uint64_t> lefts_;       // each deal's cards left once the listed hands are out
    std::vector<uint64_t> card_words_;  // and the words its cards' digits read, word c of deal t at c * kBlock + t
    std::vector<uint64_t> digits_, bits_;  // IFMA: card j's digit (as 1 << digit), then its card's bit, of deal t at j * kBlock + t
    std::vector<uint8_t> cards_;
};

// The entries of a and b that share no card, a's players then b's; weights multiplied.
inline DealDraws::List DealDraws::joint(const List& a, const List& b) {
    List out;
    out.players = a.players;
    out.players.insert(out.players.end(), b.players.begin(), b.players.end());
    std::vector<uint32_t> from_a, from_b;
    for (std::size_t i = 0; i < a.size(); ++i)
        for (std::size_t j = 0; j < b.size(); ++j) {
            if (a.masks[i] & b.masks[j]) continue;
            from_a.push_back(static_cast<uint32_t>(i));
            from_b.push_back(static_cast<uint32_t>(j));
            out.masks.push_back(a.masks[i] | b.masks[j]);
            if (!a.weights.empty() || !b.weights.empty())
                out.weights.push_back((a.weights.empty() ? 1.0 : a.weights[i]) * (b.weights.empty() ? 1.0 : b.weights[j]));
        }
    if (out.masks.empty()) throw std::invalid_argument("no deal gives every player a hand without sharing a card");
    for (const auto& [list, of] : {std::pair{&a, &from_a}, std::pair{&b, &from_b}})
        for (std::size_t m = 0; m < list->players.size(); ++m)
            for (uint32_t i : *of) out.drawable.push_back(list->drawable[m * list->size() + i]);
    return out;
}

}  // namespace wildeval
