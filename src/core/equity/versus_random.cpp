// Counting every deal with a random player board by board (versus_random.hpp).
#include "equity/versus_random.hpp"

#include <algorithm>
#include <memory>
#include <unordered_map>

#include "bits.hpp"
#include "equity/deals.hpp"
#include "equity/hand_sets.hpp"
#include "equity/random_hands.hpp"
#include "hand.hpp"
#include "threads/parallel.hpp"

namespace wildeval {

using equity_engine::any_hand_of_the_deck;
using equity_engine::hand_masks;
using equity_engine::HandSets;

namespace {

constexpr uint64_t kSortedFromSets = 24;  // more sets of the others' hands than this: sort each board's values

// A card mask by suit (hand.hpp's card_bit: bit 16 * suit + rank) with suit s renamed to[s].
uint64_t renamed(uint64_t by_suit, const std::array<int, kSuits>& to) {
    uint64_t out = 0;
    for (int s = 0; s < kSuits; ++s) out |= (by_suit >> (16 * s) & 0x1FFF) << (16 * to[s]);
    return out;
}

uint64_t suit_mask(const uint8_t* cards, std::size_t n) {
    uint64_t m = 0;
    for (std::size_t i = 0; i < n; ++i) m |= card_bit(cards[i]);
    return m;
}

// The renamings that keep the board, the dead cards and every listed player's hands and weights
// (the random player's list follows: every hand of the cards the others leave).
std::vector<std::array<int, kSuits>> deal_keeping_renamings(const EquityDeal& deal, int random) {
    std::vector<std::unordered_map<uint64_t, double>> lists(deal.players.size());
    for (std::size_t p = 0; p < deal.players.size(); ++p) {
        if (static_cast<int>(p) == random) continue;
        const EquityPlayer& player = deal.players[p];
        for (std::size_t i = 0; i < player.combos(); ++i)
            lists[p][suit_mask(player.hand(i), static_cast<std::size_t>(player.n_cards))] += player.weights[i];
    }
    const uint64_t board = suit_mask(deal.board.data(), deal.board.size());
    const uint64_t dead = suit_mask(deal.dead.data(), deal.dead.size());
    std::vector<std::array<int, kSuits>> out;
    std::array<int, kSuits> to = {0, 1, 2, 3};
    do {
        bool keeps = renamed(board, to) == board && renamed(dead, to) == dead;
        for (std::size_t p = 0; p < lists.size() && keeps; ++p) {
            for (const auto& [hand, weight] : lists[p]) {
                const auto at = lists[p].find(renamed(hand, to));
                if (at == lists[p].end() || at->second != weight) {
                    keeps = false;
                    break;
                }
            }
        }
        if (keeps) out.push_back(to);
    } while (std::next_permutation(to.begin(), to.end()));
    return out;
}

// One worker's counts: each board's two-card hands valued at once (random_hands.hpp), then every
// set of the other players' hands set against them.
class BoardCounter {
public:
    BoardCounter(const Evaluator& ev, const EquityDeal& deal, const RandomPlan& plan)
        : ranking_(ev.ranking()), deal_(deal), plan_(plan), players_(deal.players.size()),
          cols_(2 + deal.board_size), counts_(players_) {
        parts_ = ranking_.card_parts(cols_);
        by_ranks_ = parts_ != nullptr && ranking_.values_ranks_unless_flush();
        for (std::size_t p = 0; p < players_; ++p)
            if (static_cast<int>(p) != plan.random) others_.players.push_back(deal.players[p]), index_.push_back(p);
        masks_ = hand_masks(others_);
        for (std::size_t q = 0; q < index_.size(); ++q) fixed_[q] = others_.players[q].combos() == 1;
        if (parts_ != nullptr)
            for (uint8_t c : deal.board) shown_ += (*parts_)[c];
        const std::size_t most = kDeck * (kDeck - 1) / 2 + kMaxPlayers;
        values_.resize(most);
        if (parts_ != nullptr) sums_.resize(most);
        else rows_.resize(most * static_cast<std::size_t>(cols_) + 8);
        random_weight_ = deal.players[static_cast<std::size_t>(plan.random)].weights[0];
        all_sets_ = 1;
        for (const auto& m : masks_) all_sets_ *= m.size();
    }

    // One completion of the board (k cards), counted `times` times (its renamings).
    void count(const uint8_t* completion, int k, uint64_t times) {
        const uint64_t taken = card_mask(completion, k);
        n_ = 0;
        for (uint8_t c : plan_.free)
            if (!(taken >> c & 1)) avail_[n_++] = c;
        Hand board = shown_;
        if (parts_ != nullptr)
            for (int i = 0; i < k; ++i) board += (*parts_)[completion[i]];
        const uint64_t outside = deal_.board_and_dead() | taken;  // the known hands are the sets' own
        if (by_ranks_) {
            std::size_t extra = 0;
            for (std::size_t q = 0; q < index_.size(); ++q)
                if (fixed_[q]) sums_[extra++] = board + (*parts_)[others_.players[q].hand(0)[0]] +
                                                (*parts_)[others_.players[q].hand(0)[1]];
            int32_t known[kMaxPlayers];
            if (ranked_.build(ranking_, *parts_, cols_, board, avail_, n_, sums_.data(), extra, known, plan_.sorted)) {
                for (std::size_t q = 0, f = 0; q < index_.size(); ++q)
                    if (fixed_[q]) fixed_values_[q] = known[f++];
                count_sets(ranked_, outside, times);
                return;
            }
        }
        value_every_pair(board, completion, k);
        table_.build(avail_, n_, values_.data(), plan_.sorted);
        count_sets(table_, outside, times);
    }

    EquityCounts take() {
        EquityCounts out(players_);
        std::swap(out, counts_);
        return out;
    }

private:
    // Every set of the others' hands that meets neither the board nor the dead cards, against the
    // random hands that meet none of its cards.
    template <class Hands>
    void count_sets(const Hands& hands, uint64_t outside, uint64_t times) {
        HandSets sets(others_, masks_);
        const std::size_t* hand = sets.hand();
        const std::size_t stride = players_ + 1;
        const std::size_t r = static_cast<std::size_t>(plan_.random);
        const int64_t every = static_cast<int64_t>(n_) * (n_ - 1) / 2;
        for (uint64_t s = 0; s < all_sets_; ++s, sets.next()) {
            uint64_t used;
            double weight;
            if (!sets.apart(outside, used, weight)) continue;
            int32_t best = INT32_MIN;
            int32_t value[kMaxPlayers];
            uint8_t held[2 * kMaxPlayers];
            int n_held = 0;
            for (std::size_t q = 0; q < index_.size(); ++q) {
                const uint8_t* cards = others_.players[q].hand(hand[q]);
                if (fixed_[q]) {
                    value[q] = fixed_values_[q];
                } else {
                    value[q] = hands.value(cards[0], cards[1]);
                    held[n_held++] = cards[0];
                    held[n_held++] = cards[1];
                }
                best = std::max(best, value[q]);
            }
            int ties = 0;
            for (std::size_t q = 0; q < index_.size(); ++q) ties += value[q] == best;
            int64_t below = 0, level = 0;
            hands.count(best, held, n_held, below, level);
            const int64_t valid = every - static_cast<int64_t>(n_held) * (n_ - 1) + n_held * (n_held - 1) / 2;
            const int64_t above = valid - below - level;
            const double w = weight * random_weight_ * static_cast<double>(times);
            if (above) counts_.shares[r * stride + 1] += w * static_cast<double>(above);
            if (level) counts_.shares[r * stride + static_cast<std::size_t>(ties) + 1] += w * static_cast<double>(level);
            for (std::size_t q = 0; q < index_.size(); ++q) {
                if (value[q] != best) continue;
                const std::size_t p = index_[q];
                if (level) counts_.shares[p * stride + static_cast<std::size_t>(ties) + 1] += w * static_cast<double>(level);
                if (below) counts_.shares[p * stride + static_cast<std::size_t>(ties)] += w * static_cast<double>(below);
            }
            counts_.weight += w * static_cast<double>(valid);
            counts_.deals += times * static_cast<uint64_t>(valid);
        }
    }

    // Every pair of the cards left valued with the board, in order (x < y), then each known hand.
    void value_every_pair(const Hand& board, const uint8_t* completion, int k) {
        const int n = n_;
        std::size_t at = 0;
        if (parts_ != nullptr) {
            for (int x = 0; x < n; ++x) {
                const Hand with = board + (*parts_)[avail_[x]];
                for (int y = x + 1; y < n; ++y) sums_[at++] = with + (*parts_)[avail_[y]];
            }
            for (std::size_t q = 0; q < index_.size(); ++q)
                if (fixed_[q]) {
                    const uint8_t* c = others_.players[q].hand(0);
                    sums_[at++] = board + (*parts_)[c[0]] + (*parts_)[c[1]];
                }
            ranking_.evaluate_sums(sums_.data(), at, cols_, values_.data());
        } else {
            const std::size_t width = static_cast<std::size_t>(cols_);
            uint8_t cards[kMaxCards];
            int b = 0;
            for (uint8_t c : deal_.board) cards[b++] = c;
            for (int i = 0; i < k; ++i) cards[b++] = completion[i];
            auto row = [&](uint8_t x, uint8_t y) {
                uint8_t* out = rows_.data() + at++ * width;
                out[0] = x;
                out[1] = y;
                std::copy(cards, cards + b, out + 2);
            };
            for (int x = 0; x < n; ++x)
                for (int y = x + 1; y < n; ++y) row(avail_[x], avail_[y]);
            for (std::size_t q = 0; q < index_.size(); ++q)
                if (fixed_[q]) row(others_.players[q].hand(0)[0], others_.players[q].hand(0)[1]);
            ranking_.evaluate_rows(rows_.data(), at, cols_, values_.data());  // every card checked up front
        }
        at = static_cast<std::size_t>(n) * (n - 1) / 2;
        for (std::size_t q = 0; q < index_.size(); ++q)
            if (fixed_[q]) fixed_values_[q] = values_[at++];
    }

    const Ranking& ranking_;
    const EquityDeal& deal_;
    const RandomPlan& plan_;
    std::size_t players_;
    int cols_;
    const CardParts* parts_ = nullptr;
    bool by_ranks_ = false;
    EquityDeal others_;                       // every player but the random one
    std::vector<std::size_t> index_;          // their places among all players
    std::vector<std::vector<uint64_t>> masks_;
    uint64_t all_sets_ = 1;
    bool fixed_[kMaxPlayers] = {};            // a known hand: one on every board
    int32_t fixed_values_[kMaxPlayers] = {};
    Hand shown_;
    uint8_t avail_[kDeck] = {};
    int n_ = 0;
    std::vector<Hand> sums_;
    std::vector<uint8_t> rows_;
    std::vector<int32_t> values_;
    random_hands::PairTable table_;
    random_hands::RankPairs ranked_;
    double random_weight_ = 1;
    EquityCounts counts_;
};

}  // namespace

RandomPlan plan_versus_random(const Evaluator& ev, const EquityDeal& deal) {
    RandomPlan plan;
    const std::size_t players = deal.players.size();
    if (deal.low != nullptr) return plan.why = "a pot split high and low", plan;
    if (ev.spec().split()) return plan.why = "hole cards and a board apart (Omaha)", plan;
    for (const EquityPlayer& p : deal.players)
        if (p.n_cards != 2) return plan.why = "hands of other than two hole cards", plan;
    const auto masks = hand_masks(deal);
    uint64_t always = deal.board_and_dead();
    for (std::size_t p = 0; p < players; ++p)
        if (deal.players[p].combos() == 1) always |= masks[p][0];
    for (std::size_t p = players; p-- > 0;)
        if (any_hand_of_the_deck(deal.players[p], masks[p], always)) {
            plan.random = static_cast<int>(p);
            break;
        }
    if (plan.random < 0) return plan.why = "no player holds any hand of the deck", plan;
    for (int c = 0; c < kDeck; ++c)
        if (!(always >> c & 1)) plan.free.push_back(static_cast<uint8_t>(c));
    plan.k = deal.missing();
    const int n = static_cast<int>(plan.free.size());
    plan.completions = 1;
    for (int i = 0; i < plan.k; ++i) plan.completions = plan.completions * static_cast<uint64_t>(n - i) / static_cast<uint64_t>(i + 1);
    if (plan.k >= 2) {
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j <= n - plan.k + 1; ++j) plan.firsts.emplace_back(i, j);
        plan.tasks = plan.firsts.size();
    } else {
        plan.tasks = plan.k == 1 ? static_cast<uint64_t>(n) : 1;
    }
    plan.renamings = deal_keeping_renamings(deal, plan.random);
    uint64_t sets = 1;  // the sets of the others' hands a board walks (BoardCounter counts them in a uint64_t)
    for (std::size_t p = 0; p < players; ++p) {
        if (static_cast<int>(p) == plan.random) continue;
        const uint64_t combos = deal.players[p].combos();
        if (sets > UINT64_MAX / combos) {
            plan.random = -1;
            plan.why = "more sets of the others' hands than a board can walk";
            return plan;
        }
        sets *= combos;
    }
    plan.sorted = sets > kSortedFromSets;
    return plan;
}

std::vector<EquityCounts> equity_versus_random(const Evaluator& ev, const EquityDeal& deal, const RandomPlan& plan,
                                               uint64_t first_task, uint64_t n_tasks, int threads) {
    if (plan.random < 0) throw std::invalid_argument("no random player to count board by board: " + plan.why);
    check_tasks(plan.tasks, first_task, n_tasks);
    std::vector<EquityCounts> out(n_tasks, EquityCounts(deal.players.size()));
    std::vector<std::unique_ptr<BoardCounter>> per_worker(static_cast<std::size_t>(std::max(threads, 1)));
    const int n = static_cast<int>(plan.free.size()), k = plan.k;
    const uint64_t group = plan.renamings.size();
    run_tasks(threads, n_tasks, [&](std::size_t i, int worker) {
        auto& counter = per_worker[static_cast<std::size_t>(worker)];
        if (!counter) counter = std::make_unique<BoardCounter>(ev, deal, plan);
        const uint64_t task = first_task + i;
        uint8_t completion[kMaxCards] = {};
        // each completion that is the least of its renamings, counted for every one of them
        const bool every_renaming = group == 24;
        auto visit = [&]() {
            const uint64_t mine = suit_mask(completion, static_cast<std::size_t>(k));
            if (every_renaming) {  // least when the suits' ranks fall from suit 0 to suit 3 (suit 3 in the top bits)
                uint64_t keep = 1, run = 1;
                for (int s = 1; s < kSuits; ++s) {
                    const uint64_t high = mine >> (16 * (s - 1)) & 0x1FFF, low = mine >> (16 * s) & 0x1FFF;
                    if (low > high) return;
                    run = low == high ? run + 1 : 1;
                    keep *= run;  // the renamings that keep it: those among equal suits
                }
                counter->count(completion, k, group / keep);
                return;
            }
            uint64_t keep = 1;
            for (std::size_t g = 1; g < plan.renamings.size(); ++g) {
                const uint64_t other = renamed(mine, plan.renamings[g]);
                if (other < mine) return;
                keep += other == mine;
            }
            counter->count(completion, k, group / keep);
        };
        auto rest = [&](auto& self, int depth, int from) -> void {
            if (depth >= k || depth >= kMaxCards) {  // (k <= kMaxCards: the second test tells GCC the bound)
                visit();
                return;
            }
            for (int c = from; c <= n - (k - depth); ++c) {
                completion[depth] = plan.free[static_cast<std::size_t>(c)];
                self(self, depth + 1, c + 1);
            }
        };
        if (k == 0) {
            visit();
        } else if (k == 1) {
            completion[0] = plan.free[task];
            visit();
        } else {
            const auto [a, b] = plan.firsts[task];
            completion[0] = plan.free[static_cast<std::size_t>(a)];
            completion[1] = plan.free[static_cast<std::size_t>(b)];
            rest(rest, 2, b + 1);
        }
        out[i] = counter->take();
    });
    return out;
}

}  // namespace wildeval
