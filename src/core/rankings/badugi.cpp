// Badugi: four cards, aces low. The hand is the largest set of its cards with no two of a rank and
// no two of a suit (a four-card badugi beats every three-card hand, and so on); between sets of
// the same size the lower highest card wins, then the next (7-4-3-A beats 7-5-2-A).
//
// Value: size << 20 minus the set's ranks packed as the lowball rankings pack theirs (ace-low
// places 1..13 in nibbles from bit 16 down, highest first), so that value >> 20 is size - 1 (the
// category, 0 = a one-card hand .. 3 = a badugi) and higher is better.
#include <memory>

#include "../bits.hpp"
#include "../census.hpp"
#include "../ranking.hpp"

namespace wildeval {
namespace {

inline constexpr int kBadugiCards = 4;
inline constexpr uint32_t kPlaces = 0x1FFF;  // one bit per ace-low place: ace 0, deuce 1 .. king 12

class Badugi final : public RankingOf<Badugi> {
public:
    Badugi() {
        for (int c = 0; c < kDeck; ++c) {
            place_bit_[c] = static_cast<uint16_t>(1u << ((rank_of(c) + 1) % kRanks));
            suit_bit_[c] = static_cast<uint8_t>(1u << suit_of(c));
        }
    }

    uint32_t evaluate(const uint8_t* cards, int) const override {
        // every subset of the four cards, its places and suits built from the subset less its
        // lowest card; a subset plays if it has as many places and suits as cards
        uint32_t places[16], suits[16];
        places[0] = suits[0] = 0;
        uint32_t best = 0;  // size << 13 | the places it lacks: higher is better
        for (uint32_t m = 1; m < 16; ++m) {
            const int low = lowest_bit(m);
            places[m] = places[m & (m - 1)] | place_bit_[cards[low]];
            suits[m] = suits[m & (m - 1)] | suit_bit_[cards[low]];
            const int size = popcount32(m);
            const bool plays = popcount32(places[m]) == size && popcount32(suits[m]) == size;
            const uint32_t key = static_cast<uint32_t>(size) << 13 | (kPlaces ^ places[m]);
            best = plays && key > best ? key : best;
        }
        return value_of(best);
    }

    bool evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const override {
        bool distinct = true;
        for (std::size_t i = 0; i < n_rows; ++i, rows += n_cols) {
            distinct = distinct && rows[0] != rows[1] && rows[0] != rows[2] && rows[0] != rows[3] &&
                       rows[1] != rows[2] && rows[1] != rows[3] && rows[2] != rows[3];
            out[i] = static_cast<int32_t>(evaluate(rows, kBadugiCards));
        }
        return distinct;
    }

    uint32_t category(uint32_t value) const override { return value >> kCategoryShift; }

private:
    // The value of the best subset's key (its size, and the places it lacks).
    static uint32_t value_of(uint32_t key) {
        const uint32_t size = key >> 13;
        uint32_t places = kPlaces ^ (key & kPlaces), packed = 0;
        for (int shift = 16; places != 0; shift -= 4) {
            const int place = highest_bit(places);
            packed |= static_cast<uint32_t>(place + 1) << shift;
            places ^= 1u << place;
        }
        return (size << kCategoryShift) - packed;
    }

    uint16_t place_bit_[kDeck] = {};
    uint8_t suit_bit_[kDeck] = {};
};

}  // namespace

std::unique_ptr<Ranking> make_badugi(uint32_t, bool) { return std::make_unique<Badugi>(); }

}  // namespace wildeval
