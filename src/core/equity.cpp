#include "equity.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "bits.hpp"
#include "deals.hpp"
#include "parallel.hpp"

namespace wildeval {

EquityCounts& EquityCounts::operator+=(const EquityCounts& other) {
    for (std::size_t i = 0; i < shares.size() && i < other.shares.size(); ++i) shares[i] += other.shares[i];
    weight += other.weight;
    deals += other.deals;
    hand_sets += other.hand_sets;
    return *this;
}

namespace {

[[noreturn]] void refuse(const std::string& why) { throw std::invalid_argument(why); }

uint64_t choose(int n, int k) {
    if (k < 0 || k > n) return 0;
    uint64_t c = 1;
    for (int i = 0; i < k; ++i) c = c * static_cast<uint64_t>(n - i) / static_cast<uint64_t>(i + 1);
    return c;
}

// Cards packed a byte each into a word, the first card in the lowest byte: a row of up to
// eight cards written with one store (rows are at most kMaxCards = 7 long).
uint64_t packed(const uint8_t* cards, int n) {
    uint64_t word = 0;
    for (int i = 0; i < n; ++i) word |= static_cast<uint64_t>(cards[i]) << (8 * i);
    return word;
}

void store_row(uint8_t* at, uint64_t word) {
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
class Showdown {
public:
    static constexpr std::size_t kBlock = 512;

    Showdown(const Evaluator& ev, const EquityDeal& deal)
        : ranking_(ev.ranking()), players_(deal.players.size()), counts_(players_) {
        const uint64_t board = packed(deal.board.data(), static_cast<int>(deal.board.size()));
        parts_ = ranking_.card_parts(deal.players[0].n_cards + deal.board_size);
        for (std::size_t p = 0; p < players_; ++p) {
            const EquityPlayer& player = deal.players[p];
            cols_[p] = player.n_cards + deal.board_size;
            if (ranking_.card_parts(cols_[p]) != parts_) parts_ = nullptr;
        }
        for (std::size_t p = 0; p < players_; ++p) {
            const EquityPlayer& player = deal.players[p];
            values_[p].assign(kBlock, 0);
            if (parts_ != nullptr) {
                Hand shown = Hand::card(0, 0);
                for (uint8_t c : deal.board) shown += (*parts_)[c];
                sums_[p].resize(kBlock);
                hand_sums_[p].resize(player.combos());
                for (std::size_t i = 0; i < player.combos(); ++i)
                    hand_sums_[p][i] = parts_->sum(player.hand(i), player.n_cards) + shown;
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
        if (filled_ > 0 && sets != sets_) flush();
        sets_ = sets;
        for (std::size_t p = 0; p < players_; ++p) {
            if (parts_ != nullptr) held_sum_[p] = hand_sums_[p][hand[p]];
            else held_[p] = hands_[p][hand[p]];
        }
    }

    // One board: the completion's cards packed as packed() does, counted with `weight`.
    void add(uint64_t completion, double weight) {
        start(weight);
        for (std::size_t p = 0; p < players_; ++p)
            store_row(rows_[p].data() + filled_ * static_cast<std::size_t>(cols_[p]), held_[p] | completion << shift_[p]);
        if (++filled_ == kBlock) flush();
    }

    // One board as the sum of its completion's parts (from a zero Hand, without the suit bias).
    void add_sum(const Hand& completion, double weight) {
        start(weight);
        for (std::size_t p = 0; p < players_; ++p) sums_[p][filled_] = held_sum_[p] + completion;
        times_[filled_] = 1;
        if (++filled_ == kBlock) flush();
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
        if (filled_ == 0) return;
        for (std::size_t p = 0; p < players_; ++p) {
            if (parts_ != nullptr) ranking_.evaluate_sums(sums_[p].data(), filled_, cols_[p], values_[p].data());
            else ranking_.evaluate_rows(rows_[p].data(), filled_, cols_[p], values_[p].data());  // cards checked up front
        }
        const std::size_t stride = players_ + 1;
        int64_t count[kMaxPlayers * (kMaxPlayers + 1)] = {};
        int64_t boards = static_cast<int64_t>(filled_);
        if (several_) {  // boards that count several times (add_ranks)
            boards = 0;
            for (std::size_t i = 0; i < filled_; ++i) {
                const int64_t t = times_[i];
                int32_t best = values_[0][i];
                for (std::size_t p = 1; p < players_; ++p) best = std::max(best, values_[p][i]);
                std::size_t k = 0;
                for (std::size_t p = 0; p < players_; ++p) k += values_[p][i] == best;
                for (std::size_t p = 0; p < players_; ++p)
                    if (values_[p][i] == best) count[p * stride + k] += t;
                boards += t;
            }
            several_ = false;
        } else if (players_ == 2) {
            const int32_t* a = values_[0].data();
            const int32_t* b = values_[1].data();
            int64_t first = 0, second = 0, tied = 0;
            for (std::size_t i = 0; i < filled_; ++i) {
                first += a[i] > b[i];
                second += b[i] > a[i];
            }
            tied = boards - first - second;
            count[1] = first;
            count[2] = tied;
            count[stride + 1] = second;
            count[stride + 2] = tied;
        } else {
            for (std::size_t i = 0; i < filled_; ++i) {
                int32_t best = values_[0][i];
                for (std::size_t p = 1; p < players_; ++p) best = std::max(best, values_[p][i]);
                std::size_t k = 0;
                for (std::size_t p = 0; p < players_; ++p) k += values_[p][i] == best;
                for (std::size_t p = 0; p < players_; ++p) count[p * stride + k] += values_[p][i] == best;
            }
        }
        for (std::size_t j = 0; j < players_ * stride; ++j)
            if (count[j] != 0) counts_.shares[j] += weight_ * static_cast<double>(count[j]);
        counts_.weight += weight_ * static_cast<double>(boards);
        counts_.deals += static_cast<uint64_t>(boards) * sets_;  // a run's boards add up to >= 0
        filled_ = 0;
    }

    // What was counted since the last take (flushed first), and a fresh start.
    EquityCounts take() {
        flush();
        EquityCounts out(players_);
        std::swap(out, counts_);
        return out;
    }

private:
    void start(double weight) {
        if (filled_ > 0 && weight != weight_) flush();
        weight_ = weight;
    }

    const Ranking& ranking_;
    std::size_t players_;
    const CardParts* parts_ = nullptr;
    int cols_[kMaxPlayers] = {};
    int shift_[kMaxPlayers] = {};
    uint64_t held_[kMaxPlayers] = {};
    Hand held_sum_[kMaxPlayers];
    std::vector<uint64_t> hands_[kMaxPlayers];  // rows: each hand with the board dealt so far, packed
    std::vector<Hand> hand_sums_[kMaxPlayers];  // sums: the same as Hand sums
    std::vector<uint8_t> rows_[kMaxPlayers];
    std::vector<Hand> sums_[kMaxPlayers];
    std::vector<int32_t> values_[kMaxPlayers];
    std::vector<int64_t> times_ = std::vector<int64_t>(kBlock, 1);
    bool several_ = false;  // some board of the block counts other than once
    double weight_ = 1;
    uint64_t sets_ = 1;
    std::size_t filled_ = 0;
    EquityCounts counts_;
};

// Every completion of K cards from deck[from..m), packed after `prefix` from bit `shift`.
template <int K, class Visit>
void completions(const uint8_t* deck, int m, int from, uint64_t prefix, int shift, Visit& visit) {
    if constexpr (K == 0) {
        (void)deck, (void)m, (void)from, (void)shift;
        visit(prefix);
    } else {
        for (int i = from; i <= m - K; ++i)
            completions<K - 1>(deck, m, i + 1, prefix | static_cast<uint64_t>(deck[i]) << shift, shift + 8, visit);
    }
}

// The same as sums of card parts: each board prefix summed once.
template <int K, class Visit>
void completion_sums(const CardParts& parts, const uint8_t* deck, int m, int from, const Hand& prefix, Visit& visit) {
    if constexpr (K == 0) {
        (void)parts, (void)deck, (void)m, (void)from;
        visit(prefix);
    } else {
        for (int i = from; i <= m - K; ++i) completion_sums<K - 1>(parts, deck, m, i + 1, prefix + parts[deck[i]], visit);
    }
}

// Every completion of k cards from deck[0..m) (those whose first card is deck[first], if first
// >= 0) into the showdown, each counted with `weight`.
void each_completion(Showdown& showdown, const uint8_t* deck, int m, int k, int first, double weight) {
    auto run = [&](auto count) {
        constexpr int K = decltype(count)::value;
        if (const CardParts* parts = showdown.parts()) {
            auto visit = [&](const Hand& completion) { showdown.add_sum(completion, weight); };
            const Hand zero = Hand::card(0, 0);
            if constexpr (K == 0) visit(zero);
            else if (first >= 0) completion_sums<K - 1>(*parts, deck, m, first + 1, zero + (*parts)[deck[first]], visit);
            else completion_sums<K>(*parts, deck, m, 0, zero, visit);
        } else {
            auto visit = [&](uint64_t completion) { showdown.add(completion, weight); };
            if constexpr (K == 0) visit(uint64_t{0});
            else if (first >= 0) completions<K - 1>(deck, m, first + 1, deck[first], 8, visit);
            else completions<K>(deck, m, 0, 0, 0, visit);
        }
    };
    switch (k) {
        case 0: run(std::integral_constant<int, 0>{}); break;
        case 1: run(std::integral_constant<int, 1>{}); break;
        case 2: run(std::integral_constant<int, 2>{}); break;
        case 3: run(std::integral_constant<int, 3>{}); break;
        case 4: run(std::integral_constant<int, 4>{}); break;
        case 5: run(std::integral_constant<int, 5>{}); break;
        case 6: run(std::integral_constant<int, 6>{}); break;
        default: run(std::integral_constant<int, 7>{}); break;
    }
}

// Uniform draws of 32 bits, two from each of the generator's words.
struct Draws32 {
    SplitMix source;
    uint64_t word = 0;
    bool half = false;

    uint32_t next() {
        half = !half;
        if (half) {
            word = source.next();
            return static_cast<uint32_t>(word);
        }
        return static_cast<uint32_t>(word >> 32);
    }
    // Uniform in [0, bound): Lemire's multiply-and-reject, no bias.
    uint32_t below(uint32_t bound) {
        uint64_t m = static_cast<uint64_t>(next()) * bound;
        if (static_cast<uint32_t>(m) < bound) {
            const uint32_t floor = (0u - bound) % bound;
            while (static_cast<uint32_t>(m) < floor) m = static_cast<uint64_t>(next()) * bound;
        }
        return static_cast<uint32_t>(m >> 32);
    }
    double unit() { return static_cast<double>(source.next() >> 11) * 0x1.0p-53; }
};

// Each player's hands as card masks.
std::vector<std::vector<uint64_t>> hand_masks(const EquityDeal& deal) {
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

// Whether some set of hands shares no card (a search that gives up, saying yes, after `budget` steps).
bool some_deal(const std::vector<std::vector<uint64_t>>& masks, std::size_t p, uint64_t used, long& budget) {
    if (p == masks.size()) return true;
    for (uint64_t m : masks[p]) {
        if (--budget < 0) return true;
        if (!(m & used) && some_deal(masks, p + 1, used | m, budget)) return true;
    }
    return false;
}

}  // namespace

uint64_t EquityDeal::board_and_dead() const {
    return card_mask(board.data(), static_cast<int>(board.size())) | card_mask(dead.data(), static_cast<int>(dead.size()));
}

int EquityDeal::cards_left() const {
    int held = static_cast<int>(board.size() + dead.size());
    for (const EquityPlayer& p : players) held += p.n_cards;
    return kDeck - held;
}

void EquityDeal::check(const Evaluator& ev) const {
    const RankingSpec& spec = ev.spec();
    if (players.size() < 2 || players.size() > static_cast<std::size_t>(kMaxPlayers))
        refuse("equity takes 2 to " + std::to_string(kMaxPlayers) + " players, not " + std::to_string(players.size()));
    if (board_size < 0 || board_size > kMaxCards) refuse("board_size must be 0 to 7");
    if (board.size() > static_cast<std::size_t>(board_size)) refuse("the board holds more cards than board_size");
    auto check_cards = [](const std::vector<uint8_t>& cards, uint64_t& seen, const char* what) {
        for (uint8_t c : cards) {
            if (c >= kDeck) refuse(std::string(what) + " holds a byte that is not a card (0-51)");
            if (seen >> c & 1) refuse(std::string(what) + " repeats card " + card_text(c));
            seen |= uint64_t{1} << c;
        }
    };
    uint64_t fixed = 0;
    check_cards(board, fixed, "the board");
    check_cards(dead, fixed, "the board with the dead cards");
    for (std::size_t p = 0; p < players.size(); ++p) {
        const EquityPlayer& player = players[p];
        const std::string who = "player " + std::to_string(p + 1);
        const int size = player.n_cards + board_size;
        if (player.n_cards < 0 || size < spec.min_cards || size > spec.max_cards)
            refuse(who + "'s hands with the board make " + std::to_string(size) + " cards; a '" + spec.name +
                   "' hand has " + std::to_string(spec.min_cards) + " to " + std::to_string(spec.max_cards));
        if (player.combos() == 0) refuse(who + " has no hand");
        if (player.cards.size() != player.combos() * static_cast<std::size_t>(player.n_cards))
            refuse(who + ": the cards do not fill the hands");
        for (double w : player.weights)
            if (!(w > 0) || !std::isfinite(w)) refuse(who + ": every weight must be a finite number > 0");
        for (std::size_t i = 0; i < player.combos(); ++i) {
            uint64_t seen = 0;
            for (int j = 0; j < player.n_cards; ++j) {
                const uint8_t c = player.hand(i)[j];
                if (c >= kDeck) refuse(who + " holds a byte that is not a card (0-51)");
                if (seen >> c & 1) refuse(who + " holds card " + card_text(c) + " twice");
                seen |= uint64_t{1} << c;
            }
        }
    }
    if (cards_left() < missing()) refuse("the deck holds too few cards for these hands and the board");
}

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

// Every completion of k cards from deck[0..m), for a ranking that values ranks unless flush:
// each multiset of ranks once, counted as many times as it has completions, as if no one held a
// flush; then every completion that could give someone a flush (`need[s]` or more cards of suit
// s: 5 less the board's and the most any player holds of s; need[s] >= 1) counted as it is, and
// taken away again as its ranks alone. Suits with need[s] <= k are the only flush chances.
void count_by_ranks(Showdown& showdown, const CardParts& parts, const uint8_t* deck, int m, int k, const int* need,
                    double weight) {
    int of_rank[kRanks] = {};
    for (int i = 0; i < m; ++i) ++of_rank[rank_of(deck[i])];
    // the multisets of ranks, rank by rank
    auto ranks = [&](auto& self, int rank, int left, uint64_t key, int64_t times) -> void {
        if (left == 0) {
            showdown.add_ranks(key, weight, times);
            return;
        }
        if (rank == kRanks) return;
        const uint64_t unit = parts[4 * rank].key & kRankPart;
        int64_t ways = 1;
        for (int n = 0; n <= std::min(left, of_rank[rank]); ++n) {
            self(self, rank + 1, left - n, key + static_cast<uint64_t>(n) * unit, times * ways);
            ways = ways * (of_rank[rank] - n) / (n + 1);  // C(of_rank, n + 1)
        }
    };
    ranks(ranks, 0, k, 0, 1);
    // the completions that could hold a flush, each under the lowest suit that could make it
    for (int s = 0; s < kSuits; ++s) {
        if (need[s] > k) continue;
        uint8_t suited[kDeck], other[kDeck];
        int n_suited = 0, n_other = 0;
        for (int i = 0; i < m; ++i) {
            if (suit_of(deck[i]) == s) suited[n_suited++] = deck[i];
            else other[n_other++] = deck[i];
        }
        auto each = [&](const Hand& completion) {
            for (int lower = 0; lower < s; ++lower)
                if (static_cast<int>(completion.key >> (kSuitCounterShift + 4 * lower) & 15) >= need[lower]) return;
            showdown.add_sum(completion, weight);
            showdown.add_ranks(completion.key & kRankPart, weight, -1);
        };
        for (int c = need[s]; c <= std::min(k, n_suited); ++c) {
            auto rest = [&](const Hand& with_suited) { sums_of(parts, other, n_other, k - c, 0, with_suited, each); };
            sums_of(parts, suited, n_suited, c, 0, Hand::card(0, 0), rest);
        }
    }
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
    constexpr uint64_t kSplitUnitsBelow = 16, kMostTasks = 4096;
    if (k >= 1 && plan.units < kSplitUnitsBelow && !by_ranks) {
        plan.firsts = static_cast<uint64_t>(m - k + 1);
        plan.tasks = plan.units * plan.firsts;
    } else {
        plan.tasks = std::min(plan.units, kMostTasks);
    }
    return plan;
}

std::vector<EquityCounts> equity_exact(const Evaluator& ev, const EquityDeal& deal, const ExactPlan& plan,
                                       uint64_t first_task, uint64_t n_tasks, int threads) {
    if (first_task > plan.tasks || n_tasks > plan.tasks - first_task) throw std::invalid_argument("tasks past the plan's last");
    const std::size_t players = deal.players.size();
    const auto masks = hand_masks(deal);
    const uint64_t fixed = deal.board_and_dead();
    const int k = deal.missing();
    const bool by_class = !plan.class_set.empty();
    const bool by_ranks = counts_by_ranks(ev, deal) && plan.firsts == 0;
    const uint64_t board = card_mask(deal.board.data(), static_cast<int>(deal.board.size()));
    std::vector<EquityCounts> out(n_tasks, EquityCounts(players));
    std::vector<std::unique_ptr<Showdown>> per_worker(static_cast<std::size_t>(std::max(threads, 1)));
    run_tasks(threads, n_tasks, [&](std::size_t i, int worker) {
        auto& showdown = per_worker[static_cast<std::size_t>(worker)];
        if (!showdown) showdown = std::make_unique<Showdown>(ev, deal);
        const uint64_t task = first_task + i;
        uint64_t unit = task, end = task + 1;
        int first = -1;
        if (plan.firsts > 0) {
            unit = task / plan.firsts;
            end = unit + 1;
            first = static_cast<int>(task % plan.firsts);
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
            int m = 0;
            for (int c = 0; c < kDeck; ++c)
                if (!(used >> c & 1)) deck[m++] = static_cast<uint8_t>(c);
            showdown->hold(hand, sets);
            if (first <= 0) sets_counted += sets;
            if (by_ranks) {  // 5 less the board's cards of each suit and the most a player holds
                int need[kSuits];
                for (int s = 0; s < kSuits; ++s) {
                    int most = 0;
                    for (std::size_t p = 0; p < players; ++p)
                        most = std::max(most, popcount64(masks[p][hand[p]] & (uint64_t{0x1111111111111} << s)));
                    need[s] = 5 - popcount64(board & (uint64_t{0x1111111111111} << s)) - most;
                }
                if (*std::min_element(need, need + kSuits) >= 1) {
                    count_by_ranks(*showdown, *showdown->parts(), deck, m, k, need, weight);
                    return;
                }
            }
            each_completion(*showdown, deck, m, k, first, weight);
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
        out[i] = showdown->take();
        out[i].hand_sets = sets_counted;
    });
    return out;
}

EquityCounts equity_sampled(const Evaluator& ev, const EquityDeal& deal, uint64_t trials, uint64_t seed,
                            uint64_t first_chunk, uint64_t chunks, int threads) {
    const std::size_t players = deal.players.size();
    const auto masks = hand_masks(deal);
    const uint64_t fixed = deal.board_and_dead();
    long budget = 10'000'000;
    if (!some_deal(masks, 0, fixed, budget))
        throw std::invalid_argument("no deal gives every player a hand without sharing a card");
    const uint64_t all = (trials + kEquityChunk - 1) / kEquityChunk;
    if (first_chunk > all) throw std::invalid_argument("first_chunk past the last chunk");
    const uint64_t count = chunks == 0 ? all - first_chunk : std::min(chunks, all - first_chunk);
    // How each player's hand is drawn: uniformly where the weights are equal, else by weight;
    // a player who may hold any hand at all is dealt from the rest of the deck after the others
    // (each set of the others' hands leaves the same number of hands to them, so this is exact).
    struct Draw {
        bool equal = true;
        bool any = false;
        std::vector<double> cumulative;
        std::vector<int> index;  // where `any`: the hand of cards (lo, hi) at lo * kDeck + hi
    };
    std::vector<Draw> draws(players);
    std::vector<std::size_t> order;
    for (std::size_t p = 0; p < players; ++p) {
        const EquityPlayer& player = deal.players[p];
        Draw& d = draws[p];
        double total = 0;
        for (double w : player.weights) {
            d.equal = d.equal && w == player.weights[0];
            d.cumulative.push_back(total += w);
        }
        d.any = d.equal && player.n_cards >= 1 && player.n_cards <= 2 && player.combos() == choose(kDeck, player.n_cards);
        if (d.any) {  // every hand once: then it is dealt from the deck, and found by its cards
            d.index.assign(kDeck * kDeck, -1);
            for (std::size_t i = 0; i < player.combos() && d.any; ++i) {
                const uint8_t* h = player.hand(i);
                const int lo = std::min(h[0], h[player.n_cards - 1]), hi = std::max(h[0], h[player.n_cards - 1]);
                int& at = d.index[static_cast<std::size_t>(lo * kDeck + hi)];
                d.any = at < 0;
                at = static_cast<int>(i);
            }
        }
    }
    for (std::size_t p = 0; p < players; ++p)
        if (!draws[p].any) order.push_back(p);
    for (std::size_t p = 0; p < players; ++p)
        if (draws[p].any) order.push_back(p);
    std::vector<EquityCounts> per_chunk(count, EquityCounts(players));
    std::vector<std::unique_ptr<Showdown>> per_worker(static_cast<std::size_t>(std::max(threads, 1)));
    std::atomic<bool> stuck{false};
    const int k = deal.missing();
    bool known = true;  // every player holds one known hand
    for (const EquityPlayer& player : deal.players) known = known && player.combos() == 1;
    run_tasks(threads, count, [&](std::size_t task, int worker) {
        if (stuck.load(std::memory_order_relaxed)) return;
        auto& showdown = per_worker[static_cast<std::size_t>(worker)];
        if (!showdown) showdown = std::make_unique<Showdown>(ev, deal);
        const uint64_t chunk = first_chunk + task;
        Draws32 rng{SplitMix::for_chunk(seed, chunk)};
        const uint64_t n_trials = std::min<uint64_t>(kEquityChunk, trials - chunk * kEquityChunk);
        const CardParts* parts = showdown->parts();
        std::size_t hand[kMaxPlayers] = {};
        // the board's cards: a partial Fisher-Yates shuffle of the cards left where every hand is
        // known, else drawn from the deck until one is free
        auto deal_board = [&](uint8_t* deck, uint32_t left, uint64_t used) {
            uint64_t completion = 0;
            Hand sum = Hand::card(0, 0);
            for (int j = 0; j < k; ++j) {
                uint8_t c;
                if (deck != nullptr) {
                    const uint32_t at = static_cast<uint32_t>(j) + rng.below(left - static_cast<uint32_t>(j));
                    std::swap(deck[j], deck[at]);
                    c = deck[j];
                } else {
                    do c = static_cast<uint8_t>(rng.below(kDeck)); while (used >> c & 1);
                    used |= uint64_t{1} << c;
                }
                completion |= static_cast<uint64_t>(c) << (8 * j);
                if (parts != nullptr) sum += (*parts)[c];
            }
            if (parts != nullptr) showdown->add_sum(sum, 1.0);
            else showdown->add(completion, 1.0);
        };
        if (known) {
            uint64_t used = fixed;
            for (std::size_t p = 0; p < players; ++p) used |= masks[p][0];
            std::vector<uint8_t> deck = cards_left(used);
            showdown->hold(hand);
            for (uint64_t t = 0; t < n_trials; ++t) deal_board(deck.data(), static_cast<uint32_t>(deck.size()), used);
        } else {
            for (uint64_t t = 0; t < n_trials; ++t) {
                uint64_t used = fixed;
                for (long rejected = 0;; ++rejected) {
                    if (rejected > 1'000'000) {
                        stuck.store(true);
                        return;
                    }
                    used = fixed;
                    bool apart = true;
                    for (std::size_t p : order) {
                        const Draw& d = draws[p];
                        std::size_t i = 0;
                        if (d.any) {
                            int a, b;
                            do a = static_cast<int>(rng.below(kDeck)); while (used >> a & 1);
                            used |= uint64_t{1} << a;
                            if (deal.players[p].n_cards == 1) {
                                b = a;
                            } else {
                                do b = static_cast<int>(rng.below(kDeck)); while (used >> b & 1);
                                used |= uint64_t{1} << b;
                            }
                            i = static_cast<std::size_t>(d.index[static_cast<std::size_t>(std::min(a, b) * kDeck + std::max(a, b))]);
                        } else {
                            const std::size_t n = d.cumulative.size();
                            if (n > 1) {
                                i = d.equal ? rng.below(static_cast<uint32_t>(n))
                                            : static_cast<std::size_t>(std::upper_bound(d.cumulative.begin(), d.cumulative.end(),
                                                                                        rng.unit() * d.cumulative.back()) -
                                                                       d.cumulative.begin());
                                i = std::min(i, n - 1);
                            }
                            const uint64_t m = masks[p][i];
                            if (m & used) {
                                apart = false;
                                break;
                            }
                            used |= m;
                        }
                        hand[p] = i;
                    }
                    if (apart) break;
                }
                showdown->hold(hand);
                deal_board(nullptr, 0, used);
            }
        }
        per_chunk[task] = showdown->take();
        per_chunk[task].hand_sets = n_trials;
    });
    if (stuck.load()) throw std::invalid_argument("the players' hands almost never fit together without sharing a card");
    EquityCounts total(players);
    for (const EquityCounts& c : per_chunk) total += c;
    return total;
}

}  // namespace wildeval
