// Short deck (six plus): the best five of 5-7 cards from the 36 sixes to aces; A-6-7-8-9 the
// lowest straight, a flush above a full house, and three of a kind above a straight (Triton's
// rules, "short_deck") or below it ("short_deck_straight_beats_trips", as pokerkit ranks them).
// A card under a six is not in the deck: evaluate_rows refuses its rows (the border says why).
//
// A hand is a Hand sum; without a flush its rank key's slot in ShortDeckTables' own perfect hash
// gives the value, through the shared 5-7 card batch kernel; with one, its suit mask.
#include <algorithm>
#include <memory>

#include "census.hpp"
#include "batch/card_count.hpp"
#include "hand.hpp"
#include "kernels/rows.hpp"
#include "rankings/ranking.hpp"
#include "tables/tables.hpp"

namespace wildeval {
namespace {

inline constexpr int kLowestCard = 16;  // the six of clubs

template <bool TripsAboveStraights>
class ShortDeck final : public RankingOf<ShortDeck<TripsAboveStraights>> {
public:
    ShortDeck() : parts_(0), tables_(generated<ShortDeckTables>()) {}

    uint32_t evaluate(const uint8_t* cards, int n) const override { return value_of(parts_.sum(cards, n)); }

    bool evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const override {
        // a card under a six would read some other multiset's slot: such rows are refused first
        uint8_t lowest = 0xFF;
        for (std::size_t i = 0; i < n_rows * static_cast<std::size_t>(n_cols); ++i) lowest = std::min(lowest, rows[i]);
        if (n_rows > 0 && lowest < kLowestCard) return false;
        return with_card_count<5, kMaxCards>(n_cols, [&](auto n) { return rows_of<decltype(n)::value>(rows, n_rows, out); });
    }

    bool checks_cards(int n_cols) const override { return n_cols >= 5 && n_cols <= kMaxCards; }

    uint32_t category(uint32_t value) const override {
        static constexpr uint32_t kCategory[] = {
            kHighCard, kPair, kTwoPair, TripsAboveStraights ? kStraight : kThreeOfAKind,
            TripsAboveStraights ? kThreeOfAKind : kStraight, kFullHouse, kFlush, kFourOfAKind, kStraightFlush};
        return kCategory[category_of(value)];
    }

    const CardParts* card_parts(int) const override { return &parts_; }

    void evaluate_sums(const Hand* hands, std::size_t n, int, int32_t* __restrict out) const override {
        for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<int32_t>(value_of(hands[i]));
    }

    bool values_ranks_unless_flush() const override { return true; }

    // Only the hands of the short deck: their lowest card is a six or higher.
    CategoryCounts census(int n_cards, int n_threads, int from, int to) const override {
        return census_by_evaluate(*this, n_cards, n_threads, std::max(from, kLowestCard), to);
    }

private:
    static uint32_t of_slot(uint32_t slot_value) {
        return TripsAboveStraights ? ShortDeckTables::trips_above_straights(slot_value)
                                   : ShortDeckTables::straights_above_trips(slot_value);
    }

    uint32_t value_of(const Hand& h) const {
        // natural cards holding a flush can hold no full house or four of a kind beside it
        if (WILDEVAL_UNLIKELY(h.has_flush())) return tables_.flush[h.suit_mask(h.flush_suit())];
        const PerfectHash& ranks = tables_.ranks;
        return of_slot(ranks.values[ShortDeckShape::slot(h.key, ranks.multiplier, ranks.displacement.data())]);
    }

    template <int N>
    bool rows_of(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out) const {
        const PerfectHash& ranks = tables_.ranks;
        const uint32_t* values = ranks.values.data();
        auto fix = [this](const uint8_t* row, int32_t) { return static_cast<int32_t>(value_of(parts_.sum<N>(row))); };
        return natural_rows<N, ShortDeckShape, FlushRows::kRare>(
            rows, n_rows, out, parts_, {ranks.multiplier, ranks.displacement.data()},
            [values](uint32_t slot) { return static_cast<int32_t>(of_slot(values[slot])); }, fix);
    }

    CardParts parts_;
    const ShortDeckTables& tables_;
};

}  // namespace

std::unique_ptr<Ranking> make_short_deck(uint32_t, bool) { return std::make_unique<ShortDeck<true>>(); }
std::unique_ptr<Ranking> make_short_deck_straight_beats_trips(uint32_t, bool) {
    return std::make_unique<ShortDeck<false>>();
}

}  // namespace wildeval
