#include "equity.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

#include "deal_draws.hpp"
#include "deals.hpp"
#include "parallel.hpp"
#include "showdown.hpp"

namespace wildeval {

using namespace showdown;

EquityCounts& EquityCounts::operator+=(const EquityCounts& other) {
    for (std::size_t i = 0; i < shares.size() && i < other.shares.size(); ++i) shares[i] += other.shares[i];
    for (std::size_t i = 0; i < squares.size() && i < other.squares.size(); ++i) squares[i] += other.squares[i];
    weight += other.weight;
    deals += other.deals;
    hand_sets += other.hand_sets;
    return *this;
}

namespace {

constexpr uint64_t kAllCards = (uint64_t{1} << kDeck) - 1;

[[noreturn]] void refuse(const std::string& why) { throw std::invalid_argument(why); }

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

void check_high_low(const RankingSpec& high, const RankingSpec& low) {
    if (!high.split() || !low.split() || high.min_cards != low.min_cards || high.max_cards != low.max_cards ||
        high.min_board != low.min_board || high.max_board != low.max_board)
        refuse(std::string("a pot split high and low needs two rankings of hole cards and a board of the same sizes, not '") +
               high.name + "' and '" + low.name + "'");
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
        if (spec.split()) {
            if (player.n_cards < spec.min_cards || player.n_cards > spec.max_cards || board_size < spec.min_board ||
                board_size > spec.max_board)
                refuse(who + " holds " + std::to_string(player.n_cards) + " cards with a board of " +
                       std::to_string(board_size) + "; an '" + spec.name + "' hand has " + std::to_string(spec.min_cards) +
                       " to " + std::to_string(spec.max_cards) + " hole cards and " + std::to_string(spec.min_board) +
                       " to " + std::to_string(spec.max_board) + " on the board");
        } else if (player.n_cards < 0 || size < spec.min_cards || size > spec.max_cards) {
            refuse(who + "'s hands with the board make " + std::to_string(size) + " cards; a '" + spec.name +
                   "' hand has " + std::to_string(spec.min_cards) + " to " + std::to_string(spec.max_cards));
        }
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
    // a player who may hold any hand of the deck (every hand but those that meet the board, the
    // dead cards or the known hands) is dealt from the rest of the deck after the others (each
    // set of the others' hands leaves the same number of hands to them, so this is exact).
    struct Draw {
        bool equal = true;
        bool any = false;
        std::vector<double> cumulative;
        std::vector<int> index;  // where `any`: the hand of cards (lo, hi) at lo * kDeck + hi
    };
    std::vector<Draw> draws(players);
    std::vector<std::size_t> order;
    uint64_t always = fixed;  // the cards of every deal: the board, the dead cards, the known hands
    for (std::size_t p = 0; p < players; ++p)
        if (deal.players[p].combos() == 1) always |= masks[p][0];
    for (std::size_t p = 0; p < players; ++p) {
        const EquityPlayer& player = deal.players[p];
        Draw& d = draws[p];
        double total = 0;
        for (double w : player.weights) {
            d.equal = d.equal && w == player.weights[0];
            d.cumulative.push_back(total += w);
        }
        uint64_t held = 0;  // every card some hand of the list holds
        for (uint64_t m : masks[p]) held |= m;
        d.any = d.equal && player.combos() > 1 && player.n_cards >= 1 && player.n_cards <= 2 &&
                player.combos() == choose(popcount64(held), player.n_cards) && (kAllCards & ~held & ~always) == 0;
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
    // Where at most one player's hand is drawn from a list (by weight) and every other player
    // holds a known hand or any hand of the deck (a range against random hands), deals are drawn
    // a block at a time (DealDraws): the drawn hand's deck, then the random hands and the board
    // from it. Elsewhere each deal draws every listed hand in turn until they share no card.
    std::vector<std::size_t> listed;  // players drawn from a list of more than one hand
    for (std::size_t p = 0; p < players; ++p)
        if (!draws[p].any && deal.players[p].combos() > 1) listed.push_back(p);
    std::unique_ptr<DealDraws> blocks;
    Showdown::Seats seats;
    if (listed.size() <= 1) {
        const uint64_t rest = kAllCards & ~always;
        std::vector<uint64_t> decks;
        std::vector<double> weights;
        if (listed.empty()) {
            decks.push_back(rest);
        } else {
            seats.drawn = listed[0];
            for (uint64_t m : masks[seats.drawn]) decks.push_back(m & always ? 0 : rest & ~m);
            if (!draws[seats.drawn].equal) weights = deal.players[seats.drawn].weights;
        }
        int at = 0;
        for (std::size_t p : order) {
            if (!draws[p].any) continue;
            seats.first[p] = at;
            seats.count[p] = deal.players[p].n_cards;
            at += seats.count[p];
        }
        seats.board_first = at;
        seats.k = k;
        blocks = std::make_unique<DealDraws>(std::move(decks), weights, at + k);
    }
    std::vector<std::unique_ptr<DealDraws>> per_worker_blocks(per_worker.size());
    run_tasks(threads, count, [&](std::size_t task, int worker) {
        if (stuck.load(std::memory_order_relaxed)) return;
        auto& showdown = per_worker[static_cast<std::size_t>(worker)];
        if (!showdown) showdown = std::make_unique<Showdown>(ev, deal);
        const uint64_t chunk = first_chunk + task;
        Draws32 rng{SplitMix::for_chunk(seed, chunk)};
        const uint64_t n_trials = std::min<uint64_t>(kEquityChunk, trials - chunk * kEquityChunk);
        const CardParts* parts = showdown->parts();
        std::size_t hand[kMaxPlayers] = {};
        Showdown* sd = showdown.get();
        // the index of a hand of player `d` drawn by its weights
        auto by_weight = [&](const Draw& d) WILDEVAL_INLINE_LAMBDA {
            const std::size_t n = d.cumulative.size();
            if (n == 1) return std::size_t{0};
            const std::size_t i = d.equal ? rng.below(static_cast<uint32_t>(n))
                                          : static_cast<std::size_t>(std::upper_bound(d.cumulative.begin(), d.cumulative.end(),
                                                                                      rng.unit() * d.cumulative.back()) -
                                                                     d.cumulative.begin());
            return std::min(i, n - 1);
        };
        // the board's cards, each drawn from the whole deck until one is free
        auto deal_board = [&](uint64_t used) WILDEVAL_INLINE_LAMBDA {
            auto card = [&]() WILDEVAL_INLINE_LAMBDA {
                uint8_t c;
                do c = static_cast<uint8_t>(rng.below(kDeck)); while (used >> c & 1);
                used |= uint64_t{1} << c;
                return c;
            };
            if (parts != nullptr) {  // the board as a Hand sum
                Hand sum = Hand::card(0, 0);
                for (int j = 0; j < k; ++j) sum += (*parts)[card()];
                sd->add_sum(sum, 1.0);
            } else {  // or as its cards, packed
                uint64_t completion = 0;
                for (int j = 0; j < k; ++j) completion |= static_cast<uint64_t>(card()) << (8 * j);
                sd->add(completion, 1.0);
            }
        };
        if (blocks) {
            auto& mine = per_worker_blocks[static_cast<std::size_t>(worker)];
            if (!mine) mine = std::make_unique<DealDraws>(*blocks);
            sd->hold(hand);  // the known hands, or any hand until each deal picks its own
            for (uint64_t t = 0; t < n_trials; t += DealDraws::kBlock) {
                const std::size_t n = static_cast<std::size_t>(std::min<uint64_t>(DealDraws::kBlock, n_trials - t));
                mine->draw(rng.source, n);
                sd->add_dealt(seats, n, mine->decks(), mine->cards(), mine->per_deal());
            }
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
                            i = by_weight(d);
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
                sd->hold(hand);
                deal_board(used);
            }
        }
        per_chunk[task] = sd->take();
        per_chunk[task].hand_sets = n_trials;
    });
    if (stuck.load()) throw std::invalid_argument("the players' hands almost never fit together without sharing a card");
    EquityCounts total(players);
    for (const EquityCounts& c : per_chunk) total += c;
    return total;
}

}  // namespace wildeval
