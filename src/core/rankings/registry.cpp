// The registry of rankings: one row per ranking, the only list of them in the core.
#include "rankings/ranking.hpp"

namespace wildeval {

// Each ranking's file (src/core/rankings/) defines its maker.
std::unique_ptr<Ranking> make_high(uint32_t wild_rank_mask, bool flush_duplicates);
std::unique_ptr<Ranking> make_low27(uint32_t wild_rank_mask, bool flush_duplicates);
std::unique_ptr<Ranking> make_low_a5(uint32_t wild_rank_mask, bool flush_duplicates);
std::unique_ptr<Ranking> make_three_card_poker(uint32_t wild_rank_mask, bool flush_duplicates);
std::unique_ptr<Ranking> make_badugi(uint32_t wild_rank_mask, bool flush_duplicates);
std::unique_ptr<Ranking> make_short_deck(uint32_t wild_rank_mask, bool flush_duplicates);
std::unique_ptr<Ranking> make_short_deck_straight_beats_trips(uint32_t wild_rank_mask, bool flush_duplicates);
std::unique_ptr<Ranking> make_omaha(uint32_t wild_rank_mask, bool flush_duplicates);
std::unique_ptr<Ranking> make_omaha_low8(uint32_t wild_rank_mask, bool flush_duplicates);

namespace {

// name, fewest and most cards (of the hole, for a split ranking), takes wild ranks, maker; then
// the lowest card of its deck, if not the deuce of clubs, and a split ranking's fewest and most
// board cards
constexpr RankingSpec kRankings[] = {
    {"high", 1, 7, true, &make_high},
    {"low27", 5, 7, false, &make_low27},
    {"low_a5", 5, 7, false, &make_low_a5},
    {"three_card_poker", 3, 3, true, &make_three_card_poker},
    {"badugi", 4, 4, false, &make_badugi},
    {"short_deck", 5, 7, false, &make_short_deck, 16},
    {"short_deck_straight_beats_trips", 5, 7, false, &make_short_deck_straight_beats_trips, 16},
    {"omaha", 4, 6, false, &make_omaha, 0, 3, 5},
    {"omaha_low8", 4, 6, false, &make_omaha_low8, 0, 3, 5},
};

}  // namespace

std::pair<const RankingSpec*, std::size_t> rankings() { return {kRankings, std::size(kRankings)}; }

const RankingSpec* find_ranking(std::string_view name) {
    for (const RankingSpec& spec : kRankings)
        if (name == spec.name) return &spec;
    return nullptr;
}

}  // namespace wildeval
