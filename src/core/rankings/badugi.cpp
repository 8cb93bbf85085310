// Badugi: four cards, aces low. The hand is the largest set of its cards with no two of a rank and
// no two of a suit (a four-card badugi beats every three-card hand, and so on); between sets of
// the same size the lower highest card wins, then the next (7-4-3-A beats 7-5-2-A).
//
// Value: size << 20 minus the set's ranks packed as the lowball rankings pack theirs (ace-low
// places 1..13 in nibbles from bit 16 down, highest first), so that value >> 20 is size - 1 (the
// category, 0 = a one-card hand .. 3 = a badugi) and higher is better.
#include <memory>

#include "bits.hpp"
#include "census.hpp"
#include "rankings/ranking.hpp"

namespace wildeval {
namespace {

inline constexpr int kBadugiCards = 4;

// The six pairs of a hand's four cards, in the order of the bits of a clash mask.
inline constexpr int kPairs[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};

class Badugi final : public RankingOf<Badugi> {
public:
    Badugi() {
        for (int c = 0; c < kDeck; ++c) key_[c] = static_cast<uint16_t>(((rank_of(c) + 1) % kRanks) << 6 | c);
        // With the cards sorted from the highest place down, which cards play depends only on
        // which pairs clash (share a rank or a suit): the most cards with no clash among them,
        // and of those the set that leaves out the highest cards (an earlier card weighs more
        // than all the later ones together; cards of one place clash, so never both play).
        for (uint32_t clash = 0; clash < 64; ++clash) {
            int best_size = 0, best_weight = 0;
            for (uint32_t set = 1; set < 16; ++set) {
                bool plays = true;
                for (int k = 0; k < 6; ++k)
                    if ((clash >> k & 1) && (set >> kPairs[k][0] & 1) && (set >> kPairs[k][1] & 1)) plays = false;
                const int size = popcount32(set);
                int weight = 0;
                for (int i = 0; i < 4; ++i) weight += (set >> i & 1) ? 8 >> i : 0;
                if (plays && (size > best_size || (size == best_size && weight < best_weight))) {
                    best_size = size, best_weight = weight;
                    playing_[clash] = static_cast<uint8_t>(set);
                }
            }
        }
        for (uint32_t set = 0; set < 16; ++set)
            for (int i = 0, shift = 16; i < 4; ++i)
                if (set >> i & 1) shift_[set][i] = static_cast<uint8_t>(shift), shift -= 4;
    }

    uint32_t evaluate(const uint8_t* cards, int) const override {
        // the cards as place << 6 | card, sorted from the highest place down by a network
        uint32_t k[4] = {key_[cards[0]], key_[cards[1]], key_[cards[2]], key_[cards[3]]};
        const auto order = [&k](int a, int b) WILDEVAL_INLINE_LAMBDA {
            const uint32_t hi = k[a] > k[b] ? k[a] : k[b], lo = k[a] > k[b] ? k[b] : k[a];
            k[a] = hi, k[b] = lo;
        };
        order(0, 1), order(2, 3), order(0, 2), order(1, 3), order(1, 2);
        uint32_t clash = 0;
        for (int p = 0; p < 6; ++p) {
            const uint32_t a = k[kPairs[p][0]], b = k[kPairs[p][1]];
            clash |= static_cast<uint32_t>((a >> 6) == (b >> 6) || (a & 3) == (b & 3)) << p;
        }
        const uint32_t set = playing_[clash];
        uint32_t packed = 0;
        for (int i = 0; i < 4; ++i) {
            const uint32_t place = (k[i] >> 6) + 1, chosen = 0u - (set >> i & 1);
            packed += (place << shift_[set][i]) & chosen;
        }
        return (static_cast<uint32_t>(popcount32(set)) << kCategoryShift) - packed;
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
    uint16_t key_[kDeck] = {};        // per card: its ace-low place (ace 0 .. king 12) << 6 | the card
    uint8_t playing_[64] = {};        // per clash mask of the sorted cards: the set of them that plays
    uint8_t shift_[16][4] = {};       // per set: where each of its cards' places is packed
};

}  // namespace

std::unique_ptr<Ranking> make_badugi(uint32_t, bool) { return std::make_unique<Badugi>(); }

}  // namespace wildeval
