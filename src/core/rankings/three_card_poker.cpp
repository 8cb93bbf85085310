// Three-card poker: straight flush > three of a kind > straight > flush > pair > high card, any
// set of wild ranks. One table read per hand (ThreeCardTables), no branch.
#include <memory>

#include "../census.hpp"
#include "../ranking.hpp"
#include "../tables.hpp"

namespace wildeval {
namespace {

class ThreeCardPoker final : public RankingOf<ThreeCardPoker> {
public:
    ThreeCardPoker(uint32_t wild_rank_mask, bool flush_duplicates)
        : table_(generated<ThreeCardTables>().value[flush_duplicates].data()) {
        for (int c = 0; c < kDeck; ++c) {
            const bool wild = (wild_rank_mask >> rank_of(c) & 1) != 0;
            code_[c] = static_cast<uint16_t>(wild ? kWildCode : rank_of(c));
            suit_bit_[c] = static_cast<uint8_t>(wild ? 0 : 1u << suit_of(c));
        }
    }

    uint32_t evaluate(const uint8_t* cards, int) const override {
        const uint32_t suits = suit_bit_[cards[0]] | suit_bit_[cards[1]] | suit_bit_[cards[2]];
        const uint32_t suited = (suits & (suits - 1)) == 0;
        return table_[((code_[cards[0]] * kCodes + code_[cards[1]]) * kCodes + code_[cards[2]]) * 2 + suited];
    }

    bool evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const override {
        bool distinct = true;
        for (std::size_t i = 0; i < n_rows; ++i, rows += n_cols) {
            distinct = distinct && rows[0] != rows[1] && rows[0] != rows[2] && rows[1] != rows[2];
            out[i] = static_cast<int32_t>(evaluate(rows, n_cols));
        }
        return distinct;
    }

    uint32_t category(uint32_t value) const override {
        static constexpr uint32_t kCategory[] = {kHighCard, kPair, kFlush, kStraight, kThreeOfAKind, kStraightFlush};
        return kCategory[category_of(value)];
    }

private:
    const uint32_t* table_;
    uint16_t code_[kDeck];
    uint8_t suit_bit_[kDeck];
};

}  // namespace

std::unique_ptr<Ranking> make_three_card_poker(uint32_t wild_rank_mask, bool flush_duplicates) {
    return std::make_unique<ThreeCardPoker>(wild_rank_mask, flush_duplicates);
}

}  // namespace wildeval
