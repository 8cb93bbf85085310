// Hand strength and potential of hold'em hands against one opponent (wildeval.strength): every
// two-card hand of the cards left valued at once on a board, then each hand's opponents counted
// ahead, tied and behind from the values sorted and per-card counts (card removal: the opponent
// hands that meet a hand's own cards taken away, the pair of its two cards put back once).
//
// Definitions (Billings et al., "Opponent modeling in poker", 1998), every count weighted by the
// opponent hand's weight (1 for a uniform random hand):
// - HS: (ahead + tied / 2) / (ahead + tied + behind) on the board as it is;
// - E[HS], E[HS^2]: the mean of the river HS (and of its square) over every completion of the
//   board to five cards from the cards not held or shown, each completion once; completions where
//   no opponent hand is left (a range blocked out) are left out of every mean;
// - PPot, NPot with k cards to come: over every pair (opponent hand, completion by k cards that
//   miss it), HP[now][then] adds the opponent's weight; PPot = (HP[b][a] + HP[b][t]/2 + HP[t][a]/2)
//   / (HP[b][*] + HP[t][*]/2), NPot = (HP[a][b] + HP[t][b]/2 + HP[a][t]/2) / (HP[a][*] + HP[t][*]/2);
// - the histogram: completions by bin of their river HS, bin = floor(HS * bins), the last bin
//   holding HS = 1; or, from the flop, the turn cards by bin of their E[HS] (the mean river HS
//   of the turn's rivers): the histogram over the next street's E[HS]. Against a uniform
//   opponent every bin is found in whole numbers (2 * ahead + tied, of 1,980 each river).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "abstraction/hand_indexer.hpp"
#include "hand.hpp"
#include "rankings/ranking.hpp"

namespace wildeval::abstraction {

inline constexpr int kMaxPairs = 52 * 51 / 2;
inline constexpr int kRiverScale = 2 * 990;  // 2 * ahead + tied of a river hand against 990 hands

// Every pair of the cards left on one board valued (the natural high ranking), and every pair's
// opponents counted.
class BoardPairs {
public:
    BoardPairs();
    // board: n_board (3-5) cards; the pairs are of the cards not on it and not in `excluded`.
    void value(const uint8_t* board, int n_board, uint64_t excluded);
    int cards_left() const { return n_; }
    int pairs() const { return pairs_; }
    uint8_t card(int i) const { return avail_[i]; }
    int first(int pair) const { return first_[pair]; }    // the pair's cards as places in card()
    int second(int pair) const { return second_[pair]; }
    int32_t pair_value(int pair) const { return values_[pair]; }
    int32_t value_of(uint8_t a, uint8_t b) const;  // a hand of two cards not on the board
    // For every pair, 2 * ahead + tied against every other pair that misses it (uniform weights).
    void uniform_counts(uint16_t* out);
    // For every pair, the weight of the pairs that miss it and that it is ahead of, tied with, and
    // all of them; weights is a 52 x 52 matrix of hand weights (symmetric, read at [x][y], x < y).
    void weighted_counts(const double* weights, double* ahead, double* tied, double* total);

private:
    void sort_pairs();
    const Ranking* ranking_;
    const CardParts* parts_;
    Hand board_;
    int n_board_ = 0;
    int n_ = 0;
    int pairs_ = 0;
    uint8_t avail_[52] = {};
    uint8_t first_[kMaxPairs] = {};
    uint8_t second_[kMaxPairs] = {};
    Hand sums_[kMaxPairs];
    int32_t values_[kMaxPairs] = {};
    uint64_t order_[kMaxPairs] = {};
};

// One spot's strength and potential; NaN where a figure does not apply (no card to come).
struct SpotStrength {
    double ahead = 0, tied = 0, behind = 0;  // opponent weight now
    double hs = 0, ehs = 0, ehs2 = 0;
    double ppot1 = 0, npot1 = 0, ppot2 = 0, npot2 = 0;
    double completions = 0;  // completions counted in E[HS] (those with an opponent left)
};

// hole: 2 cards, board 3-5 cards, all distinct; weights: 52 x 52 or null (uniform); histogram:
// `bins` counts of completions (null for none). std::invalid_argument if no opponent hand is left.
// next_street: the histogram over the next street's E[HS] (the turn's, from the flop; elsewhere
// the river HS, the next street's own).
SpotStrength spot_strength(const uint8_t* hole, const uint8_t* board, int n_board, const double* weights, int bins,
                           double* histogram, bool next_street = false);

// Tables (uniform opponent). River: for each 5-card board, every hole pair's index under `river`
// (rounds [2, 5]) and its 2 * ahead + tied (of kRiverScale), 1,081 a board, in pair order.
void river_table_part(const HandIndexer& river, const uint8_t* boards, std::size_t n_boards, int threads,
                      uint32_t* indices, uint16_t* counts);
// Turn or flop: for each board of n_board (3 or 4) cards, every hole pair of the cards left
// (1,128 or 1,176 a board, in pair order): its index under `rounds` ([2, n_board]), the sums over
// every completion to the river of its 2 * ahead + tied and of its square, and `bins` counts of
// completions by river HS (or, from the flop with next_street, of turn cards by their E[HS]).
void street_table_part(const HandIndexer& rounds, const uint8_t* boards, int n_board, std::size_t n_boards,
                       int bins, int threads, uint32_t* indices, uint64_t* sums, uint64_t* squares,
                       uint16_t* histograms, bool next_street = false);

}  // namespace wildeval::abstraction
