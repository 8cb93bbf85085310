// Counting every deal where one player holds a random hand (any two cards the deck has left),
// board by board instead of hand by hand: for each completion of the board, every two-card hand
// of the cards left is valued once, and the known hands and ranges are set against all of them
// at once, counting the random hands below, level with and above the best of them. A random
// hand cannot hold a card another player holds: the hands that meet those cards are taken away
// card by card, and the hands of two of those cards put back (inclusion-exclusion).
//
// Boards are counted up to the suit renamings that leave the deal as it is (the board, the dead
// cards and every other player's list of hands with its weights): each board that is the least of
// its renamings counts for all of them. AA against a random hand is 134,459 boards, not 2,598,960.
//
// It applies to rankings of two hole cards and a board (hold'em, short deck, with or without wild
// ranks), a pot to the best hand (no low half), with a player whose list is every two-card hand
// of the cards the others' known hands, the board and the dead cards leave, with equal weights.
// Further random players count as ranges of every hand; a split ranking (Omaha) does not apply.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "equity/equity.hpp"

namespace wildeval {

struct RandomPlan {
    int random = -1;  // the player counted by board, or -1 where this count does not apply
    std::string why;  // where it does not apply: why, in words
    std::vector<std::array<int, kSuits>> renamings;  // suit renamings that keep the deal, the identity first
    std::vector<uint8_t> free;  // the cards the board's completions and the random hand come from
    std::vector<std::pair<int, int>> firsts;  // k >= 2: each task's first two places in `free`
    uint64_t completions = 0;  // completions of the board (before renamings)
    uint64_t tasks = 0;
    int k = 0;  // the board's missing cards
    bool sorted = false;  // many sets of the others' hands: count random hands by sorted values
};

RandomPlan plan_versus_random(const Evaluator& ev, const EquityDeal& deal);

// Tasks [first_task, first_task + n_tasks) of `plan`, one EquityCounts each (hand_sets 0), in order.
std::vector<EquityCounts> equity_versus_random(const Evaluator& ev, const EquityDeal& deal, const RandomPlan& plan,
                                               uint64_t first_task, uint64_t n_tasks, int threads);

}  // namespace wildeval
