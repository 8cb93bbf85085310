#include "evaluator.hpp"

namespace wildeval {

const RankingSpec* find_ranking(std::string_view name) {
    for (const RankingSpec& spec : kRankingSpecs)
        if (name == spec.name) return &spec;
    return nullptr;
}

Evaluator::Evaluator(const RankingSpec& spec, uint32_t wild_rank_mask, bool flush_duplicates)
    : spec_(spec),
      high_(spec.ranking == Ranking::kHigh ? wild_rank_mask : 0, flush_duplicates),
      low27_(high_, spec.ranking == Ranking::kLow27),
      low_a5_(high_, spec.ranking == Ranking::kLowA5),
      three_card_(wild_rank_mask, flush_duplicates, spec.ranking == Ranking::kThreeCard) {}

uint32_t Evaluator::evaluate(const uint8_t* cards, int n) const {
    switch (spec_.ranking) {
        case Ranking::kHigh: return high_.evaluate(cards, n);
        case Ranking::kLow27: return low27_.evaluate(cards, n);
        case Ranking::kLowA5: return low_a5_.evaluate(cards, n);
        case Ranking::kThreeCard: break;
    }
    return three_card_.evaluate(cards);
}

bool Evaluator::evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const {
    if (spec_.ranking == Ranking::kHigh) return high_.evaluate_rows(rows, n_rows, n_cols, out);
    if (spec_.ranking == Ranking::kLow27) return low27_.evaluate_rows(rows, n_rows, n_cols, out);
    if (spec_.ranking == Ranking::kLowA5) return low_a5_.evaluate_rows(rows, n_rows, n_cols, out);
    bool distinct = true;
    for (std::size_t i = 0; i < n_rows; ++i, rows += n_cols) {
        uint64_t seen = 0, set = 0;
        for (int j = 0; j < n_cols; ++j) {
            const uint64_t bit = uint64_t{1} << rows[j];
            set += bit;
            seen |= bit;
        }
        distinct = distinct && set == seen;
        out[i] = static_cast<int32_t>(evaluate(rows, n_cols));
    }
    return distinct;
}

bool Evaluator::checks_cards(int n_cols) const {
    switch (spec_.ranking) {
        case Ranking::kHigh: return high_.checks_cards(n_cols);
        case Ranking::kLow27: return low27_.checks_cards();
        case Ranking::kLowA5: return low_a5_.checks_cards();
        case Ranking::kThreeCard: break;
    }
    return false;
}

uint32_t Evaluator::category(uint32_t value) const {
    switch (spec_.ranking) {
        case Ranking::kHigh: return category_of(value);
        case Ranking::kLow27:
        case Ranking::kLowA5: return category_of(kLowBase - value);
        case Ranking::kThreeCard: break;
    }
    static constexpr uint32_t kThreeCardCategory[] = {kHighCard, kPair,     kFlush,
                                                      kStraight, kThreeOfAKind, kStraightFlush};
    return kThreeCardCategory[category_of(value)];
}

}  // namespace wildeval
