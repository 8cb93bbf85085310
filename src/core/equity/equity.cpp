#include "equity/equity.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

#include "equity/deal_draws.hpp"
#include "equity/deals.hpp"
#include "threads/parallel.hpp"
#include "equity/hand_sets.hpp"
#include "equity/block_tally.hpp"

namespace wildeval {

using namespace equity_engine;

EquityCounts& EquityCounts::operator+=(const EquityCounts& other) {
    for (std::size_t i = 0; i < shares.size() && i < other.shares.size(); ++i) shares[i] += other.shares[i];
    for (std::size_t i = 0; i < squares.size() && i < other.squares.size(); ++i) squares[i] += other.squares[i];
    weight += other.weight;
    deals += other.deals;
    hand_sets += other.hand_sets;
    return *this;
}

namespace {

[[noreturn]] void refuse(const std::string& why) { throw std::invalid_argument(why); }

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

namespace {

// How each player's hand is dealt. A player who may hold any hand of the deck (every hand of its
// size but those that meet the board, the dead cards or the known hands, each once, with equal
// weights) is dealt from the cards left after the others: each set of the others' hands leaves
// the same number of hands to it, so this is exact. A known hand is held throughout. Every other
// player is drawn from its list by weight. DealDraws (deal_draws.hpp) draws the deals a block at
// a time.
struct SampledDeal {
    std::vector<DealDraws::Listed> lists;
    BlockTally::Seats seats;
    uint64_t always = 0;  // the cards of every deal: the board, the dead cards, the known hands
    int from_deck = 0;    // cards a deal takes for the players dealt from the deck
};

SampledDeal sampled_deal(const EquityDeal& deal, const std::vector<std::vector<uint64_t>>& masks) {
    SampledDeal out;
    const std::size_t players = deal.players.size();
    out.always = deal.board_and_dead();
    for (std::size_t p = 0; p < players; ++p)
        if (deal.players[p].combos() == 1) out.always |= masks[p][0];
    for (std::size_t p = 0; p < players; ++p) {
        const EquityPlayer& player = deal.players[p];
        if (player.combos() == 1) continue;
        if (any_hand_of_the_deck(player, masks[p], out.always)) {
            out.seats.first[p] = out.from_deck;
            out.seats.count[p] = player.n_cards;
            out.from_deck += player.n_cards;
            continue;
        }
        out.seats.listed[p] = static_cast<int>(out.lists.size());
        DealDraws::Listed list;  // DealDraws draws uniformly where the weights it can draw are equal
        for (uint64_t m : masks[p]) list.hands.push_back(m & out.always ? 0 : m);
        list.weights = player.weights;
        out.lists.push_back(std::move(list));
    }
    out.seats.n_listed = out.lists.size();
    out.seats.board_first = out.from_deck;
    out.seats.k = deal.missing();
    return out;
}

// The chunks of a run of `trials`, checked: the first and how many.
uint64_t run_chunks(const EquityDeal& deal, const std::vector<std::vector<uint64_t>>& masks, uint64_t trials,
                    uint64_t first_chunk, uint64_t chunks) {
    long budget = 10'000'000;
    if (!some_deal(masks, 0, deal.board_and_dead(), budget))
        throw std::invalid_argument("no deal gives every player a hand without sharing a card");
    const uint64_t all = (trials + kEquityChunk - 1) / kEquityChunk;
    if (first_chunk > all) throw std::invalid_argument("first_chunk past the last chunk");
    return chunks == 0 ? all - first_chunk : std::min(chunks, all - first_chunk);
}

}  // namespace

std::vector<int32_t> equity_dealt(const EquityDeal& deal, uint64_t trials, uint64_t seed) {
    const std::size_t players = deal.players.size();
    const auto masks = hand_masks(deal);
    const uint64_t count = run_chunks(deal, masks, trials, 0, 0);
    const SampledDeal plan = sampled_deal(deal, masks);
    DealDraws draws(kAllCards & ~plan.always, plan.lists, plan.from_deck + plan.seats.k);
    std::vector<int32_t> out(trials * players, 0);
    for (uint64_t chunk = 0; chunk < count; ++chunk) {
        SplitMix rng = SplitMix::for_chunk(seed, chunk);
        const uint64_t n_trials = std::min<uint64_t>(kEquityChunk, trials - chunk * kEquityChunk);
        for (uint64_t t = 0; t < n_trials; t += DealDraws::kBlock) {
            const std::size_t n = static_cast<std::size_t>(std::min<uint64_t>(DealDraws::kBlock, n_trials - t));
            if (!draws.draw(rng, n)) throw std::invalid_argument("the players' hands almost never fit together without sharing a card");
            for (std::size_t i = 0; i < n; ++i)
                for (std::size_t p = 0; p < players; ++p) {
                    const int l = plan.seats.listed[p];
                    out[(chunk * kEquityChunk + t + i) * players + p] =
                        l >= 0 ? static_cast<int32_t>(draws.picks()[static_cast<std::size_t>(l) * DealDraws::kBlock + i])
                               : plan.seats.count[p] > 0 ? -1 : 0;
                }
        }
    }
    return out;
}

EquityCounts equity_sampled(const Evaluator& ev, const EquityDeal& deal, uint64_t trials, uint64_t seed,
                            uint64_t first_chunk, uint64_t chunks, int threads) {
    const std::size_t players = deal.players.size();
    const auto masks = hand_masks(deal);
    const uint64_t count = run_chunks(deal, masks, trials, first_chunk, chunks);
    const SampledDeal plan = sampled_deal(deal, masks);
    const BlockTally::Seats& seats = plan.seats;
    const DealDraws first_draws(kAllCards & ~plan.always, plan.lists, plan.from_deck + plan.seats.k);
    std::vector<EquityCounts> per_chunk(count, EquityCounts(players));
    std::vector<std::unique_ptr<BlockTally>> per_worker(static_cast<std::size_t>(std::max(threads, 1)));
    std::vector<std::unique_ptr<DealDraws>> per_worker_draws(per_worker.size());
    std::atomic<bool> stuck{false};
    run_tasks(threads, count, [&](std::size_t task, int worker) {
        if (stuck.load(std::memory_order_relaxed)) return;
        auto& tally = per_worker[static_cast<std::size_t>(worker)];
        if (!tally) tally = kept_tally(ev, deal);
        auto& draws = per_worker_draws[static_cast<std::size_t>(worker)];
        if (!draws) draws = std::make_unique<DealDraws>(first_draws);
        const uint64_t chunk = first_chunk + task;
        SplitMix rng = SplitMix::for_chunk(seed, chunk);
        const uint64_t n_trials = std::min<uint64_t>(kEquityChunk, trials - chunk * kEquityChunk);
        const std::size_t known[kMaxPlayers] = {};  // every known hand is the first of its list of one
        tally->hold(known);
        for (uint64_t t = 0; t < n_trials; t += DealDraws::kBlock) {
            const std::size_t n = static_cast<std::size_t>(std::min<uint64_t>(DealDraws::kBlock, n_trials - t));
            if (!draws->draw(rng, n)) {
                stuck.store(true);
                return;
            }
            tally->add_dealt(seats, n, draws->picks(), draws->cards(), DealDraws::kBlock);
        }
        per_chunk[task] = tally->take();
        per_chunk[task].hand_sets = n_trials;
    });
    keep_tally(std::move(per_worker[0]));  // the calling thread's, worker 0's
    if (stuck.load()) throw std::invalid_argument("the players' hands almost never fit together without sharing a card");
    EquityCounts total(players);
    for (const EquityCounts& c : per_chunk) total += c;
    return total;
}

}  // namespace wildeval
