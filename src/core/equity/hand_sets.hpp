// The sets of hands of an equity deal, one hand per player, in order (the exact count walks them:
// equity_exact.cpp), and each player's hands as card masks.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "bits.hpp"
#include "equity/deals.hpp"
#include "equity/equity.hpp"

namespace wildeval::equity_engine {

inline constexpr uint64_t kAllCards = (uint64_t{1} << kDeck) - 1;

// Whether a player's list is every hand of its size (one or two cards) that misses `always`
// (the board, the dead cards, the known hands), each once, with equal weights: hands that meet
// `always` may be in it or not. (The sampler deals such a player from the cards left; the exact
// count values its hands board by board, versus_random.hpp.)
inline bool any_hand_of_the_deck(const EquityPlayer& player, const std::vector<uint64_t>& masks, uint64_t always) {
    if (player.combos() < 2 || player.n_cards < 1 || player.n_cards > 2) return false;
    for (double w : player.weights)
        if (w != player.weights[0]) return false;
    std::vector<uint64_t> sorted = masks;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return false;
    uint64_t held = 0;  // every card some hand of the list holds
    for (uint64_t m : masks) held |= m;
    const uint64_t missing = kAllCards & ~held;
    if (missing & ~always) return false;  // a card that could be dealt but no hand holds
    // every hand of the cards held: those that miss `always`, and any that meet it
    const uint64_t n = static_cast<uint64_t>(popcount64(held));
    return player.combos() == (player.n_cards == 1 ? n : n * (n - 1) / 2);
}

// Each player's hands as card masks.
inline std::vector<std::vector<uint64_t>> hand_masks(const EquityDeal& deal) {
    std::vector<std::vector<uint64_t>> masks(deal.players.size());
    for (std::size_t p = 0; p < deal.players.size(); ++p) {
        const EquityPlayer& player = deal.players[p];
        for (std::size_t i = 0; i < player.combos(); ++i) masks[p].push_back(card_mask(player.hand(i), player.n_cards));
    }
    return masks;
}

// The sets of hands (one per player) one after another, player 0's hand the most significant
// digit of a set's number: which hands, whether they share no card, their weight.
class HandSets {
public:
    HandSets(const EquityDeal& deal, const std::vector<std::vector<uint64_t>>& masks) : deal_(deal), masks_(masks) {}

    void go_to(uint64_t set) {
        for (std::size_t p = masks_.size(); p-- > 0;) {
            hand_[p] = static_cast<std::size_t>(set % masks_[p].size());
            set /= masks_[p].size();
        }
    }
    void next() {
        for (std::size_t p = masks_.size(); p-- > 0;) {
            if (++hand_[p] < masks_[p].size()) return;
            hand_[p] = 0;
        }
    }
    // Whether the hands share no card with each other or `fixed`; then `used` holds every card
    // and `weight` the product of the hands' weights.
    bool apart(uint64_t fixed, uint64_t& used, double& weight) const {
        used = fixed;
        weight = 1;
        for (std::size_t p = 0; p < masks_.size(); ++p) {
            const uint64_t m = masks_[p][hand_[p]];
            if (m & used) return false;
            used |= m;
            weight *= deal_.players[p].weights[hand_[p]];
        }
        return true;
    }
    const std::size_t* hand() const { return hand_; }

private:
    const EquityDeal& deal_;
    const std::vector<std::vector<uint64_t>>& masks_;
    std::size_t hand_[kMaxPlayers] = {};
};

}  // namespace wildeval::equity_engine
