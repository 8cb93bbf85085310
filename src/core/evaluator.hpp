// One evaluator per (ranking, wild ranks, flush option): what the bindings hold.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "high.hpp"
#include "low.hpp"
#include "three_card.hpp"

namespace wildeval {

enum class Ranking { kHigh, kLow27, kLowA5, kThreeCard };

struct RankingSpec {
    Ranking ranking;
    const char* name;
    int min_cards;
    int max_cards;
    bool takes_wild;
};

inline constexpr RankingSpec kRankingSpecs[] = {
    {Ranking::kHigh, "high", 1, 7, true},
    {Ranking::kLow27, "low27", 5, 7, false},
    {Ranking::kLowA5, "low_a5", 5, 7, false},
    {Ranking::kThreeCard, "three_card_poker", 3, 3, true},
};

// The spec of a ranking by name, or nullptr.
const RankingSpec* find_ranking(std::string_view name);

class Evaluator {
public:
    Evaluator(const RankingSpec& spec, uint32_t wild_rank_mask, bool flush_duplicates);
    Evaluator(const Evaluator&) = delete;
    Evaluator& operator=(const Evaluator&) = delete;

    const RankingSpec& spec() const { return spec_; }
    const HighEvaluator& high() const { return high_; }

    // n valid distinct cards, n within the ranking's range.
    uint32_t evaluate(const uint8_t* cards, int n) const;

    // Rows of n_cols valid cards (n_cols within range); false if some row holds a duplicate.
    bool evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const;

    // Whether evaluate_rows checks that its rows' bytes are cards (0-51) itself, for rows of n_cols
    // cards: then a caller may hand it unchecked bytes, and a false return means a duplicate or a
    // byte that is not a card. Otherwise every card must be checked first.
    bool checks_cards(int n_cols) const;

    // The Category (as in cards.hpp) of a value of this ranking.
    uint32_t category(uint32_t value) const;

private:
    RankingSpec spec_;
    HighEvaluator high_;  // for "high", and the natural tables that the lowball rankings read
    Low27 low27_;
    LowA5 low_a5_;
    ThreeCard three_card_;
};

}  // namespace wildeval
