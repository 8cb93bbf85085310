// The two-card hands a random player can hold on one board, valued and counted for the count
// board by board (versus_random.cpp): how many of them hold none of a set of cards and are valued
// below a value or level with it. Every hand, less the hands of each held card, plus the hands of
// two held cards (counted away twice).
//
// Two forms, one interface (build, value, count): PairTable values every pair; RankPairs, for a
// ranking that values ranks unless five cards share a suit, values each pair of ranks once and
// only the pairs that make five of a suit as they are, and counts by pairs of ranks (about 91
// values and counts a board instead of 1,081). Each counts by scanning (a few sets of the
// others' hands a board) or from sorted values (many).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "cards.hpp"
#include "hand.hpp"
#include "rankings/ranking.hpp"

namespace wildeval::random_hands {

// Sorted values with their counts: how many are below a value and level with it.
class Sorted {
public:
    void clear() { entries_.clear(); }
    void add(int32_t value, int64_t count) {
        if (count) entries_.push_back({value, count});
    }
    void finish() {
        std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) { return a.value < b.value; });
        values_.resize(entries_.size());
        below_.resize(entries_.size() + 1);
        below_[0] = 0;
        for (std::size_t i = 0; i < entries_.size(); ++i) {
            values_[i] = entries_[i].value;
            below_[i + 1] = below_[i] + entries_[i].count;
        }
    }
    void count(int32_t best, int64_t sign, int64_t& below, int64_t& level) const {
        const auto low = std::lower_bound(values_.begin(), values_.end(), best);
        const auto high = std::upper_bound(low, values_.end(), best);
        const int64_t under = below_[static_cast<std::size_t>(low - values_.begin())];
        below += sign * under;
        level += sign * (below_[static_cast<std::size_t>(high - values_.begin())] - under);
    }

private:
    struct Entry {
        int32_t value;
        int64_t count;
    };
    std::vector<Entry> entries_;
    std::vector<int32_t> values_;
    std::vector<int64_t> below_;
};

// The hands by sorted value: every hand, and each card's hands; counts the hands that hold none
// of some cards (every hand less each card's, before put_back adds the pairs of two of them).
struct SortedHands {
    Sorted every;
    Sorted by_card[kDeck];
    void count(int32_t best, const uint8_t* held, int n_held, int64_t& below, int64_t& level) const {
        every.count(best, 1, below, level);
        for (int i = 0; i < n_held; ++i) by_card[held[i]].count(best, -1, below, level);
    }
};

// Every pair of the cards left valued (any ranking).
class PairTable {
public:
    // values: every pair x < y of avail[0..n) in order, as the caller valued them.
    void build(const uint8_t* avail, int n, const int32_t* values, bool sorted) {
        avail_ = avail, n_ = n, values_ = values, sorted_ = sorted;
        std::size_t at = 0;
        for (int x = 0; x < n; ++x)
            for (int y = x + 1; y < n; ++y, ++at) {
                pair_[avail[x] * kDeck + avail[y]] = values[at];
                pair_[avail[y] * kDeck + avail[x]] = values[at];
            }
        if (!sorted) return;
        sorted_hands_.every.clear();
        for (std::size_t i = 0; i < at; ++i) sorted_hands_.every.add(values[i], 1);
        sorted_hands_.every.finish();
        for (int x = 0; x < n; ++x) {
            Sorted& mine = sorted_hands_.by_card[avail[x]];
            mine.clear();
            for (int y = 0; y < n; ++y)
                if (y != x) mine.add(pair_[avail[x] * kDeck + avail[y]], 1);
            mine.finish();
        }
    }
    int32_t value(int c, int d) const { return pair_[c * kDeck + d]; }
    void count(int32_t best, const uint8_t* held, int n_held, int64_t& below, int64_t& level) const {
        below = level = 0;
        if (sorted_) {
            sorted_hands_.count(best, held, n_held, below, level);
        } else {
            const std::size_t every = static_cast<std::size_t>(n_) * (n_ - 1) / 2;
            for (std::size_t i = 0; i < every; ++i) {
                below += values_[i] < best;
                level += values_[i] == best;
            }
            for (int i = 0; i < n_held; ++i) {
                const int32_t* row = pair_ + held[i] * kDeck;
                for (int y = 0; y < n_; ++y) {
                    if (avail_[y] == held[i]) continue;
                    below -= row[avail_[y]] < best;
                    level -= row[avail_[y]] == best;
                }
            }
        }
        put_back(*this, best, held, n_held, below, level);
    }

    // The pairs of two held cards, taken away twice above: once more each.
    template <class Hands>
    static void put_back(const Hands& hands, int32_t best, const uint8_t* held, int n_held, int64_t& below,
                         int64_t& level) {
        for (int i = 0; i < n_held; ++i)
            for (int j = i + 1; j < n_held; ++j) {
                const int32_t v = hands.value(held[i], held[j]);
                below += v < best;
                level += v == best;
            }
    }

private:
    const uint8_t* avail_ = nullptr;
    int n_ = 0;
    const int32_t* values_ = nullptr;
    bool sorted_ = false;
    int32_t pair_[kDeck * kDeck] = {};
    SortedHands sorted_hands_;
};

// The pairs by their ranks, for a ranking that values ranks unless five cards share a suit.
class RankPairs {
public:
    // False where the board holds five of a suit (every pair has a flush: use PairTable).
    // Otherwise values the pairs of ranks and the pairs that make five of a suit, and `extra`
    // hands (n_extra sums of board and cards) into extra_values.
    bool build(const Ranking& ranking, const CardParts& parts, int cols, const Hand& board, const uint8_t* avail,
               int n, const Hand* extra, std::size_t n_extra, int32_t* extra_values, bool sorted) {
        some_flush_ = false;
        int flush_suit = -1;
        for (int s = 0; s < kSuits; ++s) {  // the board's suit counters start at 3 (hand.hpp)
            short_[s] = 5 - (static_cast<int>(board.key >> (kSuitCounterShift + 4 * s) & 15) - 3);
            if (short_[s] <= 0 || (short_[s] <= 2 && some_flush_)) return false;  // (two such suits: 6+ board cards)
            if (short_[s] <= 2) some_flush_ = true, flush_suit = s;
        }
        avail_ = avail, n_ = n, sorted_ = sorted;
        std::fill(std::begin(of_rank_), std::end(of_rank_), 0);
        for (int x = 0; x < n; ++x) ++of_rank_[rank_of(avail[x])];
        // sums written in place, key and bits apart (a Hand built on the stack and copied whole
        // stalls on store forwarding: its two 8-byte stores read back as one 16-byte load)
        if (sums_.size() < kMostSums + n_extra) sums_.resize(kMostSums + n_extra);
        Hand* sums = sums_.data();
        std::size_t at = 0;
        int at_ranks[kRanks][kRanks];
        for (int r = 0; r < kRanks; ++r) {
            if (of_rank_[r] == 0) continue;
            const uint64_t with = board.key + (parts[4 * r].key & kRankPart);
            for (int q = r; q < kRanks; ++q) {
                if (of_rank_[q] == 0 || (q == r && of_rank_[r] < 2)) continue;
                at_ranks[r][q] = static_cast<int>(at);
                sums[at].key = ((with + (parts[4 * q].key & kRankPart)) & kRankPart) + kSuitBias;
                sums[at++].bits = 0;
            }
        }
        const std::size_t first_flush = at;
        n_flushes_ = 0;
        std::memset(flush_by_rank_, 0, sizeof flush_by_rank_);
        if (some_flush_) {  // the pairs of two cards of that suit, and (one card short) of one
            uint8_t suited[kDeck], other[kDeck];
            int n_suited = 0, n_other = 0;
            for (int x = 0; x < n; ++x) {
                if (suit_of(avail[x]) == flush_suit) suited[n_suited++] = avail[x];
                else other[n_other++] = avail[x];
            }
            auto flush = [&](uint8_t x, uint8_t y) {
                flushes_[n_flushes_].x = x;  // members apart, as the sums above
                flushes_[n_flushes_++].y = y;
                sums[at].key = board.key + parts[x].key + parts[y].key;
                sums[at++].bits = board.bits + parts[x].bits + parts[y].bits;
                ++flush_by_rank_[x][rank_of(y)];
                ++flush_by_rank_[y][rank_of(x)];
            };
            for (int i = 0; i < n_suited; ++i) {
                for (int j = i + 1; j < n_suited; ++j) flush(suited[i], suited[j]);
                if (short_[flush_suit] == 1)
                    for (int j = 0; j < n_other; ++j) flush(suited[i], other[j]);
            }
        }
        const std::size_t first_extra = at;
        for (std::size_t i = 0; i < n_extra; ++i) sums[at].key = extra[i].key, sums[at++].bits = extra[i].bits;
        if (values_.size() < at) values_.resize(kMostSums + n_extra);
        ranking.evaluate_sums(sums, at, cols, values_.data());
        std::copy(values_.begin() + static_cast<std::ptrdiff_t>(first_extra), values_.begin() + static_cast<std::ptrdiff_t>(at),
                  extra_values);
        for (int r = 0; r < kRanks; ++r)
            for (int q = r; q < kRanks; ++q) {
                const bool some = of_rank_[q] > 0 && (q == r ? of_rank_[r] >= 2 : of_rank_[r] > 0);
                by_ranks_[r][q] = by_ranks_[q][r] = some ? values_[static_cast<std::size_t>(at_ranks[r][q])] : 0;
                plain_[r][q] = !some ? 0 : q == r ? int64_t{of_rank_[r]} * (of_rank_[r] - 1) / 2
                                                 : int64_t{of_rank_[r]} * of_rank_[q];
            }
        for (int x = 0; x < n; ++x) n_flush_[avail[x]] = 0;
        for (std::size_t i = 0; i < n_flushes_; ++i) {
            Flush& f = flushes_[i];
            f.value = values_[first_flush + i];
            flush_[f.x * kDeck + f.y] = flush_[f.y * kDeck + f.x] = f.value;
            const int rx = rank_of(f.x), ry = rank_of(f.y);
            --plain_[std::min(rx, ry)][std::max(rx, ry)];
            partner_value_[f.x][n_flush_[f.x]++] = f.value;
            partner_value_[f.y][n_flush_[f.y]++] = f.value;
        }
        n_plain_ = 0;
        for (int r = 0; r < kRanks; ++r)
            for (int q = r; q < kRanks; ++q)
                if (plain_[r][q] > 0) {
                    plain_value_[n_plain_] = by_ranks_[r][q];
                    plain_count_[n_plain_++] = plain_[r][q];
                }
        if (sorted) build_sorted();
        return true;
    }

    int32_t value(int c, int d) const {
        return some_flush_ && makes_flush(c, d) ? flush_[c * kDeck + d] : by_ranks_[rank_of(c)][rank_of(d)];
    }

    void count(int32_t best, const uint8_t* held, int n_held, int64_t& below, int64_t& level) const {
        below = level = 0;
        if (sorted_) {
            sorted_hands_.count(best, held, n_held, below, level);
        } else {
            for (int i = 0; i < n_plain_; ++i) {
                below += plain_count_[i] * (plain_value_[i] < best);
                level += plain_count_[i] * (plain_value_[i] == best);
            }
            for (std::size_t i = 0; i < n_flushes_; ++i) {
                below += flushes_[i].value < best;
                level += flushes_[i].value == best;
            }
            for (int i = 0; i < n_held; ++i) {
                const int c = held[i], rc = rank_of(c);
                for (int q = 0; q < kRanks; ++q) {
                    const int64_t plain = of_rank_[q] - (q == rc) - flush_by_rank_[c][q];
                    below -= plain * (by_ranks_[rc][q] < best);
                    level -= plain * (by_ranks_[rc][q] == best);
                }
                for (int j = 0; j < n_flush_[c]; ++j) {
                    below -= partner_value_[c][j] < best;
                    level -= partner_value_[c][j] == best;
                }
            }
        }
        PairTable::put_back(*this, best, held, n_held, below, level);
    }

private:
    bool makes_flush(int x, int y) const {
        const int sx = suit_of(x), sy = suit_of(y);
        return short_[sx] <= 1 + (sx == sy) || short_[sy] <= 1;
    }
    void build_sorted() {
        sorted_hands_.every.clear();
        for (int r = 0; r < kRanks; ++r)
            for (int q = r; q < kRanks; ++q) sorted_hands_.every.add(by_ranks_[r][q], plain_[r][q]);
        for (std::size_t i = 0; i < n_flushes_; ++i) sorted_hands_.every.add(flushes_[i].value, 1);
        sorted_hands_.every.finish();
        for (int x = 0; x < n_; ++x) {
            const int c = avail_[x], rc = rank_of(c);
            Sorted& mine = sorted_hands_.by_card[c];
            mine.clear();
            for (int q = 0; q < kRanks; ++q) mine.add(by_ranks_[rc][q], of_rank_[q] - (q == rc) - flush_by_rank_[c][q]);
            for (int j = 0; j < n_flush_[c]; ++j) mine.add(partner_value_[c][j], 1);
            mine.finish();
        }
    }

    struct Flush {
        uint8_t x, y;
        int32_t value;
    };
    static constexpr std::size_t kMostSums = kRanks * kRanks + kDeck * kDeck / 2;  // pairs of ranks, then flushes
    const uint8_t* avail_ = nullptr;
    int n_ = 0;
    bool sorted_ = false, some_flush_ = false;
    int short_[kSuits] = {};         // cards each suit lacks of five on the board
    int of_rank_[kRanks] = {};       // the cards left of each rank
    int32_t by_ranks_[kRanks][kRanks] = {};  // a pair's value by its ranks, five of a suit aside
    int64_t plain_[kRanks][kRanks] = {};     // r <= q: the pairs of those ranks that make no five of a suit
    int32_t plain_value_[kRanks * kRanks] = {};  // the same, those with pairs, one after another
    int64_t plain_count_[kRanks * kRanks] = {};
    int n_plain_ = 0;
    Flush flushes_[kDeck * kDeck / 2] = {};  // the pairs that do, valued as they are
    std::size_t n_flushes_ = 0;
    int32_t flush_[kDeck * kDeck] = {};
    uint8_t flush_by_rank_[kDeck][kRanks] = {};  // each card's partners in such pairs, by their rank
    int32_t partner_value_[kDeck][kDeck] = {};   // and those pairs' values
    int n_flush_[kDeck] = {};
    std::vector<Hand> sums_;
    std::vector<int32_t> values_;
    SortedHands sorted_hands_;
};

}  // namespace wildeval::random_hands
