// Counting every deal (equity.hpp): the plan of tasks, the classes of suit-renamed sets of hands,
// and the boards counted through their ranks where the ranking values ranks unless flush.
#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "bits.hpp"
#include "equity/deals.hpp"
#include "equity/equity.hpp"
#include "threads/parallel.hpp"
#include "equity/completions.hpp"
#include "equity/hand_sets.hpp"
#include "equity/block_tally.hpp"

namespace wildeval {

using namespace equity_engine;

namespace {

// Every combination of `count` cards from deck[from..m), summed onto `prefix`: visit(sum).
template <class Visit>
void sums_of(const CardParts& parts, const uint8_t* deck, int m, int count, int from, const Hand& prefix, Visit& visit) {
    if (count == 0) {
        visit(prefix);
        return;
    }
    for (int i = from; i <= m - count; ++i) sums_of(parts, deck, m, count - 1, i + 1, prefix + parts[deck[i]], visit);
}

// Every completion of k cards from the deck (the cards of `in_deck`), for a ranking that values
// ranks unless flush: each multiset of ranks once, counted as many times as it has completions,
// as if no one held a flush; then every completion that could give someone a flush (`need[s]` or
// more cards of suit s: 5 less the board's and the most any player holds of s; need[s] >= 1)
// counted as it is, and taken away again as its ranks alone. Suits with need[s] <= k are the
// only flush chances.
//
// The work is cut into pieces: piece `piece` of `pieces` counts a part of it (a slice of the
// multisets where their values are kept, else every pieces-th of them by their counts of the two
// lowest ranks; every pieces-th flush completion by suit, suited cards and first suited card), so
// that a few sets of hands still make enough tasks for every thread.
void count_by_ranks(BlockTally& tally, const CardParts& parts, uint64_t in_deck, int k, const int* need, double weight,
                    uint64_t piece, uint64_t pieces) {
    uint64_t part = 0;  // the part's place among the pieces, counted round without a division
    auto mine = [&] {
        const bool is_mine = part == piece;
        if (++part == pieces) part = 0;
        return is_mine;
    };
    int of_rank[kRanks];  // each rank's cards left in the deck (the cards of `in_deck`)
    for (int r = 0; r < kRanks; ++r) of_rank[r] = popcount64(in_deck >> (4 * r) & 15);
    // the multisets of ranks, rank by rank
    auto ranks = [&](auto& self, int rank, int left, uint64_t key, int64_t times) -> void {
        if ((rank == 2 || (rank < 2 && left == 0)) && !mine()) return;  // one part per counts of ranks 0 and 1
        if (left == 0) {
            tally.add_ranks(key, weight, times);
            return;
        }
        if (rank == kRanks) return;
        const uint64_t unit = parts[4 * rank].key & kRankPart;
        for (int n = 0; n <= std::min(left, of_rank[rank]); ++n)  // C(of_rank, n) ways to take n of the rank's cards
            self(self, rank + 1, left - n, key + static_cast<uint64_t>(n) * unit, times * kChooseOfSuits[of_rank[rank]][n]);
    };
    // Each multiset of ranks with its ways, every player's values on them kept a hand
    // (add_rank_values), where they fit (up to five cards to come); else the multisets walked rank
    // by rank. With one or two cards to come (the count from a flop or a turn, never cut in
    // pieces) the flush completions are taken away from their multisets' ways before the tally;
    // with more, as boards valued by ranks.
    const bool kept_values = tally.keeps_rank_values(k, pieces);
    const bool take_from_ways = kept_values && k <= 2 && pieces == 1;
    int32_t few_times[kRankPairs];
    const int32_t* times = few_times;
    if (take_from_ways && k == 1) {
        for (int r = 0; r < kRanks; ++r) few_times[r] = of_rank[r];
    } else if (take_from_ways) {
        int32_t* t = few_times;  // kRankPairOf's order: each low rank, then each high rank from it
        for (int a = 0; a < kRanks; ++a) {
            const int of_a = of_rank[a];
            *t++ = of_a * (of_a - 1) / 2;
            for (int b = a + 1; b < kRanks; ++b) *t++ = of_a * of_rank[b];
        }
    } else if (kept_values) {
        times = tally.rank_times(of_rank);
    } else {
        ranks(ranks, 0, k, 0, 1);
    }
    // a flush completion's boards (counted as they are) taken away as boards valued by ranks alone
    auto take_ranks = [&](const Hand& completion, int64_t n) {
        if (!take_from_ways) {
            tally.add_ranks(completion.key & kRankPart, weight, -n);
            return;
        }
        // its one or two cards' ranks: one rank for a card, or a pair, two ranks otherwise
        const uint32_t held = static_cast<uint32_t>(completion.bits | completion.bits >> 16 | completion.bits >> 32 |
                                                    completion.bits >> 48) & (kSuitMaskSize - 1);
        const int low = lowest_bit(held), high = highest_bit(held);
        few_times[k == 1 ? low : low * kRanks - low * (low - 1) / 2 + high - low] -= static_cast<int32_t>(n);
    };
    // the completions that could hold a flush, each under the lowest suit that could make it
    for (int s = 0; s < kSuits; ++s) {
        if (need[s] > k) continue;
        uint8_t suited[kDeck], other[kDeck];
        int n_suited = 0, n_other = 0;
        const uint64_t of_suit = uint64_t{0x1111111111111} << s;
        for (uint64_t rest = in_deck & of_suit; rest != 0; rest &= rest - 1) suited[n_suited++] = static_cast<uint8_t>(lowest_bit(rest));
        for (uint64_t rest = in_deck & ~of_suit; rest != 0; rest &= rest - 1) other[n_other++] = static_cast<uint8_t>(lowest_bit(rest));
        auto each = [&](const Hand& completion) {
            for (int lower = 0; lower < s; ++lower)
                if (static_cast<int>(completion.key >> (kSuitCounterShift + 4 * lower) & 15) >= need[lower]) return;
            tally.add_sum(completion, weight);
            take_ranks(completion, 1);
        };
        // the other suits' cards by rank, for completions whose other cards can make no flush
        uint8_t by_rank[kRanks][kSuits];
        int n_rank[kRanks] = {};
        for (int i = 0; i < n_other; ++i) by_rank[rank_of(other[i])][n_rank[rank_of(other[i])]++] = other[i];
        for (int c = need[s]; c <= std::min(k, n_suited); ++c) {
            bool other_flush = false;  // could the k - c other cards make another suit's flush?
            for (int t = 0; t < kSuits; ++t) other_flush |= t != s && need[t] <= k - c;
            // Where they cannot, every player's value on such a board depends on the suited cards
            // and the other cards' ranks alone: each multiset of the other cards' ranks once, as
            // many times as it has completions (one of them stands for all).
            auto by_ranks = [&](const Hand& with_suited) {
                auto ranks_of_rest = [&](auto& self, int rank, int left, const Hand& sum, int64_t ways) -> void {
                    if (left == 0) {
                        tally.add_sum(sum, weight, ways);
                        take_ranks(sum, ways);
                        return;
                    }
                    if (rank == kRanks) return;
                    Hand with = sum;
                    for (int n = 0; n <= std::min(left, n_rank[rank]); ++n) {
                        self(self, rank + 1, left - n, with, ways * kChooseOfSuits[n_rank[rank]][n]);
                        if (n < n_rank[rank]) with += parts[by_rank[rank][n]];
                    }
                };
                ranks_of_rest(ranks_of_rest, 0, k - c, with_suited, 1);
            };
            auto rest = [&](const Hand& with_suited) { sums_of(parts, other, n_other, k - c, 0, with_suited, each); };
            for (int first = 0; first <= n_suited - c; ++first) {  // the lowest suited card, then the others
                if (!mine()) continue;
                const Hand lowest = Hand::card(0, 0) + parts[suited[first]];
                if (other_flush) sums_of(parts, suited, n_suited, c - 1, first + 1, lowest, rest);
                else sums_of(parts, suited, n_suited, c - 1, first + 1, lowest, by_ranks);
            }
        }
    }
    if (kept_values) tally.add_rank_values(times, piece, weight);
}

// The suit renamings that leave the board and the dead cards as they are (the identity first).
std::vector<std::array<int, kSuits>> board_keeping_renamings(const EquityDeal& deal) {
    std::vector<std::array<int, kSuits>> out;
    std::array<int, kSuits> to = {0, 1, 2, 3};
    auto renamed = [&](const std::vector<uint8_t>& cards) {
        uint64_t mask = 0;
        for (uint8_t c : cards) mask |= uint64_t{1} << (4 * rank_of(c) + to[suit_of(c)]);
        return mask;
    };
    const uint64_t board = card_mask(deal.board.data(), static_cast<int>(deal.board.size()));
    const uint64_t dead = card_mask(deal.dead.data(), static_cast<int>(deal.dead.size()));
    do {
        if (renamed(deal.board) == board && renamed(deal.dead) == dead) out.push_back(to);
    } while (std::next_permutation(to.begin(), to.end()));
    return out;
}

// Sets of hands are grouped into classes up to this many sets (each set is renamed every way).
constexpr uint64_t kClassesUpTo = 200'000;

void find_classes(const EquityDeal& deal, ExactPlan& plan) {
    const auto renamings = board_keeping_renamings(deal);
    if (renamings.size() < 2 || plan.hand_sets < 2 || plan.hand_sets > kClassesUpTo) return;
    const std::size_t players = deal.players.size();
    const auto masks = hand_masks(deal);
    const uint64_t fixed = deal.board_and_dead();
    std::unordered_map<std::string, std::size_t> class_of;
    HandSets sets(deal, masks);
    const std::size_t* hand = sets.hand();
    std::string key, best;
    for (uint64_t s = 0; s < plan.hand_sets; ++s, sets.next()) {
        uint64_t used;
        double weight;
        const bool apart = sets.apart(fixed, used, weight);
        if (apart) {
            best.clear();
            for (const auto& to : renamings) {  // the least renamed set names the class
                key.clear();
                for (std::size_t p = 0; p < players; ++p) {
                    const EquityPlayer& player = deal.players[p];
                    uint8_t cards[kMaxCards];
                    for (int j = 0; j < player.n_cards; ++j) {
                        const uint8_t c = player.hand(hand[p])[j];
                        cards[j] = static_cast<uint8_t>(4 * rank_of(c) + to[suit_of(c)]);
                    }
                    std::sort(cards, cards + player.n_cards);
                    key.append(reinterpret_cast<const char*>(cards), static_cast<std::size_t>(player.n_cards));
                }
                if (best.empty() || key < best) best = key;
            }
            const auto [at, added] = class_of.emplace(best, plan.class_set.size());
            if (added) {
                plan.class_set.push_back(s);
                plan.class_weight.push_back(0);
                plan.class_sets.push_back(0);
            }
            plan.class_weight[at->second] += weight;
            plan.class_sets[at->second] += 1;
        }
    }
}

}  // namespace

bool counts_by_ranks(const Evaluator& ev, const EquityDeal& deal) {
    const Ranking& ranking = ev.ranking();
    if (!ranking.values_ranks_unless_flush() || deal.missing() < 1) return false;
    for (const EquityPlayer& p : deal.players)
        if (ranking.card_parts(p.n_cards + deal.board_size) != ranking.card_parts(deal.players[0].n_cards + deal.board_size) ||
            ranking.card_parts(p.n_cards + deal.board_size) == nullptr)
            return false;
    return true;
}

ExactPlan plan_exact(const EquityDeal& deal, bool by_ranks) {
    ExactPlan plan;
    plan.hand_sets = 1;
    for (const EquityPlayer& p : deal.players) {
        const uint64_t n = p.combos();
        plan.hand_sets = plan.hand_sets > UINT64_MAX / std::max<uint64_t>(n, 1) ? UINT64_MAX : plan.hand_sets * n;
    }
    const int m = deal.cards_left(), k = deal.missing();
    plan.boards = choose(m, k);
    find_classes(deal, plan);
    plan.units = plan.class_set.empty() ? plan.hand_sets : plan.class_set.size();
    // A few units are cut into tasks (by first card, or by pieces of the ranks) so that every
    // thread has work, unless a unit's boards are too few to be worth a thread (a flop or a turn
    // to complete: about a thousand boards, microseconds whole, which pieces would only slow,
    // however many units there are).
    constexpr uint64_t kSplitUnitsBelow = 16, kSplitBoardsFrom = 10'000, kMostTasks = 4096, kRankPieces = 8;
    const bool split = k >= 1 && plan.units < kSplitUnitsBelow && plan.boards >= kSplitBoardsFrom;
    if (split && !by_ranks) {
        plan.firsts = static_cast<uint64_t>(m - k + 1);
        plan.tasks = plan.units * plan.firsts;
    } else if (split) {
        plan.pieces = kRankPieces;
        plan.tasks = plan.units * plan.pieces;
    } else {
        plan.tasks = std::min(plan.units, kMostTasks);
    }
    return plan;
}

void equity_exact(const Evaluator& ev, const EquityDeal& deal, const ExactPlan& plan, uint64_t first_task,
                  uint64_t n_tasks, int threads, double* rows) {
    check_tasks(plan.tasks, first_task, n_tasks);
    const std::size_t players = deal.players.size();
    const auto masks = hand_masks(deal);
    const uint64_t fixed = deal.board_and_dead();
    const int k = deal.missing();
    const bool by_class = !plan.class_set.empty();
    const bool by_ranks = counts_by_ranks(ev, deal) && plan.firsts == 0;
    const uint64_t board = card_mask(deal.board.data(), static_cast<int>(deal.board.size()));
    const std::size_t width = counts_row_width(players);
    std::vector<std::unique_ptr<BlockTally>> per_worker(static_cast<std::size_t>(std::max(threads, 1)));
    run_tasks(threads, n_tasks, [&](std::size_t i, int worker) {
        auto& tally = per_worker[static_cast<std::size_t>(worker)];
        if (!tally) tally = kept_tally(ev, deal);
        const uint64_t task = first_task + i;
        uint64_t unit = task, end = task + 1;
        int first = -1;
        uint64_t piece = 0, pieces = 1;
        if (plan.firsts > 0) {
            unit = task / plan.firsts;
            end = unit + 1;
            first = static_cast<int>(task % plan.firsts);
        } else if (plan.pieces > 0) {
            unit = task / plan.pieces;
            end = unit + 1;
            piece = task % plan.pieces;
            pieces = plan.pieces;
        } else {
            const uint64_t per = plan.units / plan.tasks, rest = plan.units % plan.tasks;
            unit = task * per + std::min(task, rest);
            end = unit + per + (task < rest ? 1 : 0);
        }
        uint8_t deck[kDeck];
        uint64_t sets_counted = 0;
        HandSets sets_of_hands(deal, masks);
        const std::size_t* hand = sets_of_hands.hand();
        auto count = [&](uint64_t used, double weight, uint64_t sets) {
            const uint64_t left = ~used & ((uint64_t{1} << kDeck) - 1);  // the deck's cards
            tally->hold(hand, sets);
            if (first <= 0 && piece == 0) sets_counted += sets;
            if (by_ranks) {  // 5 less the board's cards of each suit and the most a player holds
                int need[kSuits];
                for (int s = 0; s < kSuits; ++s) {
                    int most = 0;
                    for (std::size_t p = 0; p < players; ++p)
                        most = std::max(most, popcount64(masks[p][hand[p]] & (uint64_t{0x1111111111111} << s)));
                    need[s] = 5 - popcount64(board & (uint64_t{0x1111111111111} << s)) - most;
                }
                if (*std::min_element(need, need + kSuits) >= 1) {
                    count_by_ranks(*tally, *tally->parts(), left, k, need, weight, piece, pieces);
                    return;
                }
            }
            if (piece != 0) return;  // not cut in pieces
            int m = 0;
            for (uint64_t rest = left; rest != 0; rest &= rest - 1) deck[m++] = static_cast<uint8_t>(lowest_bit(rest));
            each_completion(*tally, deck, m, k, first, weight);
        };
        uint64_t used;
        double weight;
        if (by_class) {
            for (uint64_t u = unit; u < end; ++u) {
                sets_of_hands.go_to(plan.class_set[u]);
                sets_of_hands.apart(fixed, used, weight);  // a class's first set shares no card
                count(used, plan.class_weight[u], plan.class_sets[u]);
            }
        } else {
            sets_of_hands.go_to(unit);
            for (uint64_t s = unit; s < end; ++s, sets_of_hands.next())
                if (sets_of_hands.apart(fixed, used, weight)) count(used, weight, 1);
        }
        double* row = rows + i * width;
        tally->take_row(row);
        row[width - 1] = static_cast<double>(sets_counted);
    });
    keep_tally(std::move(per_worker[0]));  // the calling thread's, worker 0's
}

}  // namespace wildeval
