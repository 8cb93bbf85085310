// The equity engine's block tally, shared by its exact count (equity_exact.cpp) and its sampler
// (equity.cpp): a block of every player's hand on the same boards, valued and tallied. Every
// completion of a board is completions.hpp's; the sets of hands, hand_sets.hpp's.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "bits.hpp"
#include "equity/equity.hpp"
#include "hand.hpp"
#include "equity/rank_values.hpp"
#include "equity/tally.hpp"

namespace wildeval::equity_engine {

inline uint64_t choose(int n, int k) {
    if (k < 0 || k > n) return 0;
    uint64_t c = 1;
    for (int i = 0; i < k; ++i) c = c * static_cast<uint64_t>(n - i) / static_cast<uint64_t>(i + 1);
    return c;
}

// Cards packed a byte each into a word, the first card in the lowest byte: a row of up to
// eight cards written with one store (rows are at most kMaxCards = 7 long).
inline uint64_t packed(const uint8_t* cards, int n, std::size_t step = 1) {
    uint64_t word = 0;
    for (int i = 0; i < n; ++i) word |= static_cast<uint64_t>(cards[static_cast<std::size_t>(i) * step]) << (8 * i);
    return word;
}

inline void store_row(uint8_t* at, uint64_t word) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    for (int i = 0; i < 8; ++i) at[i] = static_cast<uint8_t>(word >> (8 * i));
#else
    std::memcpy(at, &word, 8);
#endif
}

// Every player's hand with the same boards, a block at a time, valued by the ranking and
// tallied: which players hold the best hand, and how many do. Where the ranking values Hand sums
// (Ranking::card_parts), each board's sum is added to each player's; elsewhere every player's
// row (hole cards, board, completion) is written with one 8-byte store and the batch kernels
// read the rows. The boards of a block share one weight (a new weight starts a new block).
class BlockTally {
public:
    static constexpr std::size_t kBlock = 512;

    BlockTally(const Evaluator& ev, const EquityDeal& deal) { set_up(ev, deal); }

    // Ready for a count of this deal, as if new: the buffers kept, resized where they must be
    // (a new tally's blocks are a good part of a small count's time; kept_tally below).
    void set_up(const Evaluator& ev, const EquityDeal& deal) {
        ranking_ = &ev.ranking();
        players_ = deal.players.size();
        counts_ = EquityCounts(players_);
        parts_ = nullptr;
        std::fill(std::begin(varies_), std::end(varies_), false);
        std::fill(std::begin(held_hole_), std::end(held_hole_), nullptr);
        board_size_ = board_shift_ = 0;
        several_ = false;
        times_.assign(kBlock, 1);
        weight_ = 1;
        sets_ = 1;
        filled_ = 0;
        rank_state_ = RankState::kUnknown;
        ranked_ = false;
        ranked_boards_ = 0;
        std::fill(std::begin(ranked_count_), std::end(ranked_count_), 0);
        split_ = ev.spec().split();
        low_ = deal.low;
        const uint64_t board = packed(deal.board.data(), static_cast<int>(deal.board.size()));
        board_ = board;
        if (split_) {  // hole cards apart from the boards (Omaha): each player's hands, one board row a deal
            board_size_ = deal.board_size;
            board_shift_ = 8 * static_cast<int>(deal.board.size());
            board_rows_.assign(kBlock * static_cast<std::size_t>(board_size_) + 8, 0);
            for (std::size_t p = 0; p < players_; ++p) {
                values_[p].assign(kBlock, 0);
                if (low_ != nullptr) low_values_[p].assign(kBlock, 0);
                holes_[p] = deal.players[p].cards;
                cols_[p] = deal.players[p].n_cards;
                hole_rows_[p].assign(kBlock * static_cast<std::size_t>(cols_[p]), 0);
            }
            return;
        }
        parts_ = ranking_->card_parts(deal.players[0].n_cards + deal.board_size);
        for (std::size_t p = 0; p < players_; ++p) {
            const EquityPlayer& player = deal.players[p];
            cols_[p] = player.n_cards + deal.board_size;
            if (ranking_->card_parts(cols_[p]) != parts_) parts_ = nullptr;
        }
        for (std::size_t p = 0; p < players_; ++p) {
            const EquityPlayer& player = deal.players[p];
            values_[p].assign(kBlock, 0);
            if (parts_ != nullptr) {
                Hand shown;  // the board dealt so far, with the suit counters' bias (once a hand)
                for (uint8_t c : deal.board) shown += (*parts_)[c];
                shown_ = shown;
                sums_[p].resize(kBlock);
                hand_sums_[p].resize(player.combos());
                for (std::size_t i = 0; i < player.combos(); ++i) {
                    Hand held = shown;
                    for (int j = 0; j < player.n_cards; ++j) held += (*parts_)[player.hand(i)[j]];
                    hand_sums_[p][i] = held;
                }
            } else {
                shift_[p] = 8 * (player.n_cards + static_cast<int>(deal.board.size()));
                rows_[p].assign(kBlock * static_cast<std::size_t>(cols_[p]) + 8, 0);
                hands_[p].resize(player.combos());
                for (std::size_t i = 0; i < player.combos(); ++i)
                    hands_[p][i] = packed(player.hand(i), player.n_cards) | board << (8 * player.n_cards);
            }
        }
    }

    // The parts boards are summed from, or nullptr where boards go as packed cards (add).
    const CardParts* parts() const { return parts_; }

    // The hand each player holds from now on: hand[p] of player p's list; each board counts as
    // `sets` deals (a class of sets of hands, counted once for all).
    void hold(const std::size_t* hand, uint64_t sets = 1) {
        bool change = sets != sets_;
        for (std::size_t p = 0; p < players_ && split_ && !change; ++p)
            change = !varies_[p] && held_hole_[p] != holes_[p].data() + hand[p] * static_cast<std::size_t>(cols_[p]);
        if (pending() && change) flush();  // the boards so far count with the hands and sets they had
        sets_ = sets;
        for (std::size_t p = 0; p < players_; ++p) hold_hand(p, hand[p]);
    }
    // Player p holds hand i of its list from now on (each board counts as the sets hold gave).
    void hold_hand(std::size_t p, std::size_t i) {
        if (split_) {  // one hole for the block's boards: a new one starts a new block
            const uint8_t* hole = holes_[p].data() + i * static_cast<std::size_t>(cols_[p]);
            if (filled_ > 0 && hole != held_hole_[p] && !varies_[p]) flush();
            held_hole_[p] = hole;
        } else if (parts_ != nullptr) {
            held_sum_[p] = hand_sums_[p][i];
            held_index_[p] = i;
        } else {
            held_[p] = hands_[p][i];
        }
    }
    // Player p holds the two cards a and b (distinct from every other card dealt; a == b: the
    // one card a, for hands of one card), found by their cards instead of their place in its list.
    void hold_cards(std::size_t p, int a, int b) {
        if (parts_ != nullptr) {
            held_sum_[p] = a == b ? shown_ + (*parts_)[a] : shown_ + (*parts_)[a] + (*parts_)[b];
        } else {
            const uint64_t cards = a == b ? static_cast<uint64_t>(a) : static_cast<uint64_t>(a) | static_cast<uint64_t>(b) << 8;
            held_[p] = cards | board_ << (a == b ? 8 : 16);
        }
    }

    // Whether this count's boards by ranks (k cards to come, cut into `pieces` slices of the
    // multisets of ranks) go through add_rank_values: where hands go as sums, and each hand's values
    // on every multiset fit RankValues' budget (rank_values.hpp). The same answer all count long.
    bool keeps_rank_values(int k, uint64_t pieces) {
        if (rank_state_ == RankState::kUnknown)
            rank_state_ = parts_ != nullptr && rank_values_.set_up(k, pieces, *parts_, hand_sums_, players_) ? RankState::kKept
                                                                                                             : RankState::kNotKept;
        return rank_state_ == RankState::kKept;
    }
    // Ready to be kept for a later count (keep_tally): large buffers of kept values given back.
    void trim() {
        constexpr std::size_t kKeepBytes = std::size_t{1} << 20;
        rank_values_.trim(kKeepBytes);
        rank_state_ = RankState::kUnknown;
    }
    // The ways of each multiset of ranks (RankValues::times) with of_rank[r] cards of rank r left.
    const int32_t* rank_times(const int* of_rank) { return rank_values_.times(of_rank); }

    // The multisets of slice `piece` of the ranks to come (keeps_rank_values said yes) as boards on
    // which every player's hand is valued by its ranks alone, as add_ranks takes them: multiset j
    // counted times[j] times (0: none; a negative number takes boards away), from the hands held by
    // hold(): each hand's values made the first time it is held and kept for the count.
    void add_rank_values(const int32_t* times, uint64_t piece, double weight) {
        start(weight);
        const std::size_t from = rank_values_.first(piece), to = rank_values_.first(piece + 1);
        const int32_t* rows[kMaxPlayers];
        for (std::size_t p = 0; p < players_; ++p)
            rows[p] = rank_values_.values(p, held_index_[p], held_sum_[p], piece, *ranking_, cols_[p]) + from;
        ranked_boards_ += tally_few(players_, rows, times + from, to - from, ranked_count_);
        ranked_ = true;
    }

    // One board: the completion's cards packed as packed() does, counted with `weight`.
    void add(uint64_t completion, double weight) {
        start(weight);
        store_completion(completion, filled_);
        if (++filled_ == kBlock) flush();
    }

    // One board as the sum of its completion's parts (from a zero Hand, without the suit bias),
    // counted `times` times (boards that deal every player the same values).
    void add_sum(const Hand& completion, double weight, int64_t times = 1) {
        start(weight);
        for (std::size_t p = 0; p < players_; ++p) sums_[p][filled_] = held_sum_[p] + completion;
        times_[filled_] = times;
        if (times != 1) several_ = true;
        if (++filled_ == kBlock) flush();
    }

    // Where each player sits in a block of deals drawn by DealDraws (deal_draws.hpp): a player
    // with listed[p] = l >= 0 holds the hand of its list that the deal picked for listed player l
    // (of n_listed); one with count[p] > 0 the count[p] cards from first[p] of the deal's cards;
    // every other player its held hand. The board's completion is the k cards from board_first.
    struct Seats {
        Seats() { std::fill(std::begin(listed), std::end(listed), -1); }
        std::size_t n_listed = 0;
        int listed[kMaxPlayers];
        int first[kMaxPlayers] = {};
        int count[kMaxPlayers] = {};
        int board_first = 0;
        int k = 0;
    };
    // n deals, each counting once: deal t's pick for listed player l at l * step + t, its card j
    // at j * step + t (DealDraws' order).
    void add_dealt(const Seats& seats, std::size_t n, const uint32_t* picks, const uint8_t* cards, std::size_t step) {
        start(1.0);
        for (std::size_t t = 0; t < n;) {
            const std::size_t m = std::min(n - t, kBlock - filled_);
            if (parts_ != nullptr) {
                add_dealt_sums(seats, m, picks + t, cards + t, step);
            } else {
                for (std::size_t i = 0; i < m; ++i) {
                    const uint8_t* c = cards + t + i;
                    for (std::size_t p = 0; p < players_; ++p) {
                        if (seats.listed[p] >= 0) {
                            const std::size_t hand = picks[static_cast<std::size_t>(seats.listed[p]) * step + t + i];
                            if (split_) {  // each board's hole of its own
                                const std::size_t size = static_cast<std::size_t>(cols_[p]);
                                std::memcpy(hole_rows_[p].data() + (filled_ + i) * size, holes_[p].data() + hand * size, size);
                                varies_[p] = true;
                            } else {
                                hold_hand(p, hand);
                            }
                        }
                        if (seats.count[p] > 0)
                            hold_cards(p, c[static_cast<std::size_t>(seats.first[p]) * step],
                                       c[static_cast<std::size_t>(seats.first[p] + seats.count[p] - 1) * step]);
                    }
                    store_completion(packed(c + static_cast<std::size_t>(seats.board_first) * step, seats.k, step), filled_ + i);
                }
            }
            t += m;
            filled_ += m;
            if (filled_ == kBlock) flush();
        }
    }

    // `times` boards (a negative number takes boards away) on which every player's hand is
    // valued by its ranks alone, as if it held no flush: the completion's rank key (suit
    // counters cleared) is added to each player's. For rankings that value_ranks_unless_flush.
    void add_ranks(uint64_t completion_key, double weight, int64_t times) {
        start(weight);
        for (std::size_t p = 0; p < players_; ++p)
            sums_[p][filled_] = Hand::card(((held_sum_[p].key + completion_key) & kRankPart) + kSuitBias, 0);
        times_[filled_] = times;
        several_ = true;
        if (++filled_ == kBlock) flush();
    }

    void flush() {
        if (!pending()) return;
        const std::size_t stride = players_ + 1;
        int64_t count[kMaxPlayers * (kMaxPlayers + 1)] = {};
        int64_t boards = 0;
        if (filled_ > 0) boards = value_and_tally(count);
        if (ranked_) {  // add_rank_values' boards, with the same weight and sets
            for (std::size_t j = 0; j < players_ * stride; ++j) count[j] += std::exchange(ranked_count_[j], 0);
            boards += std::exchange(ranked_boards_, 0);
            ranked_ = false;
        }
        for (std::size_t j = 0; j < players_ * stride; ++j)
            if (count[j] != 0) counts_.shares[j] += weight_ * static_cast<double>(count[j]);
        counts_.weight += weight_ * static_cast<double>(boards);
        counts_.deals += static_cast<uint64_t>(boards) * sets_;  // a run's boards add up to >= 0
        filled_ = 0;
    }

    // A pot split high and low, board by board (the block's boards each count once): the
    // players' shares in 1/5040ths of the pot (every share of a half split up to ten ways is a
    // whole number of them), written as EquityCounts says.
    void tally_high_low(int64_t* count) {
        constexpr int64_t kPot = 5040, kHalf = kPot / 2;
        const std::size_t stride = players_ + 1;
        int64_t below_half[kMaxPlayers] = {}, square[kMaxPlayers] = {};
        for (std::size_t i = 0; i < filled_; ++i) {
            int32_t high = values_[0][i], low = low_values_[0][i];
            for (std::size_t p = 1; p < players_; ++p) {
                high = std::max(high, values_[p][i]);
                low = std::max(low, low_values_[p][i]);
            }
            int64_t highs = 0, lows = 0;
            for (std::size_t p = 0; p < players_; ++p) {
                highs += values_[p][i] == high;
                lows += low > 0 && low_values_[p][i] == low;
            }
            for (std::size_t p = 0; p < players_; ++p) {
                const int64_t share = (values_[p][i] == high ? (lows > 0 ? kHalf : kPot) / highs : 0) +
                                      (lows > 0 && low_values_[p][i] == low ? kHalf / lows : 0);
                if (share == kPot) {
                    count[p * stride + 1] += 1;
                } else if (share > 0) {
                    count[p * stride + 2] += 1;
                    below_half[p] += share - kHalf;
                    square[p] += share * share;
                }
            }
        }
        for (std::size_t p = 0; p < players_; ++p) {
            if (below_half[p] != 0) counts_.shares[p * stride] += weight_ * static_cast<double>(below_half[p]) / kPot;
            if (square[p] != 0) counts_.squares[p] += weight_ * static_cast<double>(square[p]) / (kPot * kPot);
        }
    }

    // What was counted since the last take (flushed first), and a fresh start.
    EquityCounts take() {
        flush();
        EquityCounts out(players_);
        std::swap(out, counts_);
        return out;
    }
    // The same written as a row (write_counts_row's), hand sets 0, without an allocation (a
    // count of many small tasks: a set of hands each on a flop takes a microsecond or less).
    void take_row(double* row) {
        flush();
        write_counts_row(counts_, row);
        std::fill(counts_.shares.begin(), counts_.shares.end(), 0.0);
        std::fill(counts_.squares.begin(), counts_.squares.end(), 0.0);
        counts_.weight = 0;
        counts_.deals = counts_.hand_sets = 0;
    }

private:
    // The block's boards valued and tallied into count; the boards counted.
    int64_t value_and_tally(int64_t* count) {
        for (std::size_t p = 0; p < players_; ++p) {
            if (split_ && varies_[p]) {  // a hole a board
                ranking_->evaluate_parts_rows(hole_rows_[p].data(), cols_[p], board_rows_.data(), board_size_, filled_,
                                             values_[p].data());
                if (low_ != nullptr)
                    low_->evaluate_parts_rows(hole_rows_[p].data(), cols_[p], board_rows_.data(), board_size_, filled_,
                                              low_values_[p].data());
                varies_[p] = false;
            } else if (split_) {
                ranking_->evaluate_hole_on_boards(held_hole_[p], cols_[p], board_rows_.data(), board_size_, filled_,
                                                 values_[p].data());
                if (low_ != nullptr)
                    low_->evaluate_hole_on_boards(held_hole_[p], cols_[p], board_rows_.data(), board_size_, filled_,
                                                  low_values_[p].data());
            } else if (parts_ != nullptr) ranking_->evaluate_sums(sums_[p].data(), filled_, cols_[p], values_[p].data());
            else ranking_->evaluate_rows(rows_[p].data(), filled_, cols_[p], values_[p].data());  // cards checked up front
        }
        int64_t boards = static_cast<int64_t>(filled_);
        if (low_ != nullptr) {
            tally_high_low(count);
        } else {
            const int32_t* values[kMaxPlayers];
            for (std::size_t p = 0; p < players_; ++p) values[p] = values_[p].data();
            boards = tally(players_, values, several_ ? times_.data() : nullptr, filled_, count);
            several_ = false;
        }
        return boards;
    }

    // add_dealt where hands go as sums: m <= kBlock - filled_ deals from filled_ on, each board
    // summed once, then each player's sums in a loop of their own.
    void add_dealt_sums(const Seats& seats, std::size_t m, const uint32_t* hands, const uint8_t* cards, std::size_t step) {
        const Hand* const part = &(*parts_)[0];
        if (boards_.empty()) boards_.resize(kBlock);  // made at the sampler's first deals only
        Hand* const boards = boards_.data();
        const uint8_t* board_card = cards + static_cast<std::size_t>(seats.board_first) * step;
        switch (seats.k) {  // the usual counts with every card of a board in one pass
            case 5: sum_boards<5>(m, board_card, step); break;
            case 2: sum_boards<2>(m, board_card, step); break;
            case 1: sum_boards<1>(m, board_card, step); break;
            default:
                for (std::size_t i = 0; i < m; ++i) boards[i] = Hand::card(0, 0);
                for (int j = 0; j < seats.k; ++j, board_card += step)
                    for (std::size_t i = 0; i < m; ++i) boards[i] += part[board_card[i]];
        }
        for (std::size_t p = 0; p < players_; ++p) {
            Hand* const out = sums_[p].data() + filled_;
            const uint8_t* c = cards + static_cast<std::size_t>(seats.first[p]) * step;
            if (seats.listed[p] >= 0) {
                const Hand* const held = hand_sums_[p].data();
                const uint32_t* pick = hands + static_cast<std::size_t>(seats.listed[p]) * step;
                for (std::size_t i = 0; i < m; ++i) out[i] = held[pick[i]] + boards[i];
            } else if (seats.count[p] == 2) {
                for (std::size_t i = 0; i < m; ++i) out[i] = shown_ + part[c[i]] + part[c[i + step]] + boards[i];
            } else if (seats.count[p] == 1) {
                for (std::size_t i = 0; i < m; ++i) out[i] = shown_ + part[c[i]] + boards[i];
            } else {
                for (std::size_t i = 0; i < m; ++i) out[i] = held_sum_[p] + boards[i];
            }
        }
        if (several_)
            for (std::size_t i = 0; i < m; ++i) times_[filled_ + i] = 1;
    }

    // boards_[i] for i < m: the sum of deal i's kCards board cards, card j at j * step + i
    template <int kCards>
    void sum_boards(std::size_t m, const uint8_t* cards, std::size_t step) {
        const Hand* const part = &(*parts_)[0];
        for (std::size_t i = 0; i < m; ++i) {
            Hand board = part[cards[i]];
            for (int j = 1; j < kCards; ++j) board += part[cards[static_cast<std::size_t>(j) * step + i]];
            boards_[i] = board;
        }
    }

    // Board `at` of the block where boards go as packed cards: its row (split), or every
    // player's row, the held hand and the completion.
    void store_completion(uint64_t completion, std::size_t at) {
        if (split_) {
            store_row(board_rows_.data() + at * static_cast<std::size_t>(board_size_), board_ | completion << board_shift_);
            return;
        }
        for (std::size_t p = 0; p < players_; ++p)
            store_row(rows_[p].data() + at * static_cast<std::size_t>(cols_[p]), held_[p] | completion << shift_[p]);
    }

    void start(double weight) {
        if (pending() && weight != weight_) flush();
        weight_ = weight;
    }

    bool pending() const { return filled_ > 0 || ranked_; }

    const Ranking* ranking_ = nullptr;
    std::size_t players_ = 0;
    const CardParts* parts_ = nullptr;
    int cols_[kMaxPlayers] = {};
    int shift_[kMaxPlayers] = {};
    uint64_t held_[kMaxPlayers] = {};
    Hand held_sum_[kMaxPlayers];
    std::size_t held_index_[kMaxPlayers] = {};  // where hands go as sums: the held hand's place in its list
    // add_rank_values: whether this count takes it, each hand's kept values, and the boards tallied
    // from them since the last flush (counted in with the block's)
    enum class RankState { kUnknown, kKept, kNotKept };
    RankState rank_state_ = RankState::kUnknown;
    RankValues rank_values_;
    int64_t ranked_count_[kMaxPlayers * (kMaxPlayers + 1)] = {};
    int64_t ranked_boards_ = 0;
    bool ranked_ = false;
    uint64_t board_ = 0;                 // the board dealt so far, packed
    bool split_ = false;                 // a split ranking: hole cards and boards apart
    int board_size_ = 0, board_shift_ = 0;
    std::vector<uint8_t> board_rows_;    // split: each board of the block, board_size_ cards a row
    std::vector<uint8_t> holes_[kMaxPlayers];  // split: each player's hands, cols_[p] cards each
    const Ranking* low_ = nullptr;       // the low half of a pot split high and low (EquityDeal::low)
    std::vector<int32_t> low_values_[kMaxPlayers];
    const uint8_t* held_hole_[kMaxPlayers] = {};
    std::vector<uint8_t> hole_rows_[kMaxPlayers];  // split, listed players: each board's hole (add_dealt)
    bool varies_[kMaxPlayers] = {};                // split: the block's boards read hole_rows_[p]
    Hand shown_;                         // and summed, biased (where hands go as sums)
    std::vector<uint64_t> hands_[kMaxPlayers];  // rows: each hand with the board dealt so far, packed
    std::vector<Hand> hand_sums_[kMaxPlayers];  // sums: the same as Hand sums
    std::vector<uint8_t> rows_[kMaxPlayers];
    std::vector<Hand> sums_[kMaxPlayers];
    std::vector<Hand> boards_;  // add_dealt_sums: each deal's board (kBlock of them, made there)
    std::vector<int32_t> values_[kMaxPlayers];
    std::vector<int64_t> times_;  // kBlock of them, 1 unless a board counts more
    bool several_ = false;  // some board of the block counts other than once
    double weight_ = 1;
    uint64_t sets_ = 1;
    std::size_t filled_ = 0;
    EquityCounts counts_;
};

// A tally set up for this deal: the one this thread kept from an earlier count where it has
// one, else a new one; keep_tally() keeps one for the thread's next count. Kept a thread each (no
// lock, so nothing to be left held across a fork): a count gives back its calling thread's tally
// (worker 0's), and its helpers' go.
inline std::unique_ptr<BlockTally>& thread_spare_tally() {
    thread_local std::unique_ptr<BlockTally> spare;
    return spare;
}

inline std::unique_ptr<BlockTally> kept_tally(const Evaluator& ev, const EquityDeal& deal) {
    std::unique_ptr<BlockTally> tally = std::move(thread_spare_tally());
    if (!tally) return std::make_unique<BlockTally>(ev, deal);
    tally->set_up(ev, deal);
    return tally;
}

inline void keep_tally(std::unique_ptr<BlockTally> tally) {
    if (!tally) return;
    tally->trim();
    thread_spare_tally() = std::move(tally);
}

}  // namespace wildeval::equity_engine
