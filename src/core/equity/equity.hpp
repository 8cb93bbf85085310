// Showdown equity: players each holding one of a list of weighted hands (a known hand is a
// list of one), a board dealt so far, dead cards, and every completion of the board counted or
// a seeded sample of deals.
//
// A deal gives every player one of their hands, none sharing a card with another, the board or
// the dead cards, and completes the board from the rest. Counted exactly, every such deal counts
// with the product of the players' weights; sampled, deals are drawn with that probability and
// count one each. Higher values are better for every ranking, so lowball needs nothing of its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "evaluator.hpp"

namespace wildeval {

inline constexpr int kMaxPlayers = 10;

// One player's possible hands, n_cards each, and their weights (> 0).
struct EquityPlayer {
    int n_cards = 0;
    std::vector<uint8_t> cards;   // combos() * n_cards
    std::vector<double> weights;  // one per hand
    std::size_t combos() const { return weights.size(); }
    const uint8_t* hand(std::size_t i) const { return cards.data() + i * static_cast<std::size_t>(n_cards); }
};

struct EquityDeal {
    std::vector<EquityPlayer> players;
    std::vector<uint8_t> board;  // dealt so far
    std::vector<uint8_t> dead;
    int board_size = 5;
    // A pot split high and low (Omaha hi/lo): the low half's ranking, a split ranking whose value 0
    // is no low; the best low takes half the pot, the best high the other half (all of it where
    // nobody has a low), ties sharing their half. nullptr: the best hand takes the pot.
    const Ranking* low = nullptr;

    // std::invalid_argument for 2 > players > kMaxPlayers, a hand size the ranking does not take
    // with the board, cards that are not cards or repeat within a hand or among the board and
    // dead cards, a board beyond board_size, or more cards than the deck holds.
    void check(const Evaluator& ev) const;
    int missing() const { return board_size - static_cast<int>(board.size()); }
    // Cards left for the board once every player holds a hand.
    int cards_left() const;
    uint64_t board_and_dead() const;
};

// std::invalid_argument unless `high` and `low` can split a pot: both rankings of hole cards and
// a board (RankingSpec::split), of the same sizes.
void check_high_low(const RankingSpec& high, const RankingSpec& low);

// What part of a run counted. shares[p * (players + 1) + k]: the weight of the deals in which
// player p holds one of the k best hands (k = 1: alone); weight: of every deal counted. With a
// low half (EquityDeal::low): k = 1 the deals p takes the whole pot, k = 2 those it takes a part
// of, and k = 0 the shares of those parts less one half each, so that the equity is still
// shares[k = 0] + shares[1] + shares[2] / 2 + ...
struct EquityCounts {
    std::vector<double> shares;
    std::vector<double> squares;  // with a low half: per player, the weight times the square of
                                  // each part of a pot taken (k = 2 deals), for standard errors
    double weight = 0;
    uint64_t deals = 0;      // deals counted
    uint64_t hand_sets = 0;  // sets of hands (one per player, sharing no card) whose boards were counted

    explicit EquityCounts(std::size_t players = 0) : shares(players * (players + 1), 0.0), squares(players, 0.0) {}
    EquityCounts& operator+=(const EquityCounts& other);
};

// EquityCounts as a row of doubles, as runs go to Python: shares (players * (players + 1)),
// squares (players), weight, deals, hand sets.
inline std::size_t counts_row_width(std::size_t players) { return players * (players + 1) + players + 3; }
inline void write_counts_row(const EquityCounts& c, double* row) {
    std::size_t j = 0;
    for (double s : c.shares) row[j++] = s;
    for (double s : c.squares) row[j++] = s;
    row[j++] = c.weight;
    row[j++] = static_cast<double>(c.deals);
    row[j] = static_cast<double>(c.hand_sets);
}

// Counting every deal is split into tasks fixed by the deal alone (not by threads). The units of
// work are the sets of hands, or, where the suits can be renamed without changing the board and
// the dead cards, the classes of sets that such a renaming turns into each other (all of a class
// count the same: AA against KK is three classes of 36 sets), counted once for all. A task is one
// unit and the board completions that start with one card of the rest, or a piece of its count
// through ranks (where there are few units with 10,000 boards or more between them), or a run of
// units.
struct ExactPlan {
    uint64_t hand_sets = 0;  // every set of one hand per player, sharing cards or not (saturates)
    uint64_t boards = 0;     // completions of the board per set of hands
    uint64_t units = 0;      // sets of hands, or their classes
    uint64_t tasks = 0;
    uint64_t firsts = 0;     // > 0: task t is unit t / firsts, boards whose first card is the (t % firsts)-th left
    uint64_t pieces = 0;     // > 0: task t is unit t / pieces, piece t % pieces of its count through ranks
    // Where the units are classes: each one's first set (by index, player 0's hand the most
    // significant digit), the sum of its sets' weights, and how many sets it holds.
    std::vector<uint64_t> class_set;
    std::vector<double> class_weight;
    std::vector<uint64_t> class_sets;
};
// by_ranks: the boards will be counted through their ranks (count_by_ranks in equity_exact.cpp),
// so a unit is cut into pieces of that count, never by first card.
ExactPlan plan_exact(const EquityDeal& deal, bool by_ranks = false);
// Whether the exact count of `deal` goes through ranks (the ranking values ranks unless flush).
bool counts_by_ranks(const Evaluator& ev, const EquityDeal& deal);

// std::invalid_argument unless tasks [first_task, first_task + n_tasks) are among a plan's
// `tasks` (an exact count's or one against a random player's).
inline void check_tasks(uint64_t tasks, uint64_t first_task, uint64_t n_tasks) {
    if (first_task > tasks || n_tasks > tasks - first_task) throw std::invalid_argument("tasks past the plan's last");
}

// Tasks [first_task, first_task + n_tasks) of `plan` (plan_exact(deal)), in order, a row each
// (write_counts_row's) at rows + i * counts_row_width(players): a count of many small tasks (a
// set of hands each on a flop or a turn, a microsecond or less) makes no EquityCounts a task.
void equity_exact(const Evaluator& ev, const EquityDeal& deal, const ExactPlan& plan, uint64_t first_task,
                  uint64_t n_tasks, int threads, double* rows);

// Chunks [first_chunk, first_chunk + chunks) of a run of `trials` sampled deals (chunks of
// kEquityChunk, each drawn from its own generator of (seed, chunk)). std::invalid_argument where
// the hands cannot be dealt without sharing a card, or almost never can.
inline constexpr uint64_t kEquityChunk = 1 << 16;
EquityCounts equity_sampled(const Evaluator& ev, const EquityDeal& deal, uint64_t trials, uint64_t seed,
                            uint64_t first_chunk, uint64_t chunks, int threads);
// The hands those deals give the players, deal by deal (trials * players): each player's place in
// its list (a known hand: 0; a player dealt from the deck: -1). For tests of the sampler.
std::vector<int32_t> equity_dealt(const EquityDeal& deal, uint64_t trials, uint64_t seed);

}  // namespace wildeval
