// One evaluator per (ranking, wild ranks, flush option): what the bindings hold. It checks its
// settings and forwards every call to the ranking the registry makes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "rankings/ranking.hpp"

namespace wildeval {

class Evaluator {
public:
    // std::invalid_argument, saying what is wrong, for an unknown ranking, a wild rank mask out
    // of range (13 bits) or wild ranks under a ranking that takes none.
    Evaluator(std::string_view ranking, uint32_t wild_rank_mask, bool flush_duplicates);
    Evaluator(const Evaluator&) = delete;
    Evaluator& operator=(const Evaluator&) = delete;

    const RankingSpec& spec() const { return *spec_; }
    const Ranking& ranking() const { return *ranking_; }

    uint32_t evaluate(const uint8_t* cards, int n) const { return ranking_->evaluate(cards, n); }
    bool evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const {
        return ranking_->evaluate_rows(rows, n_rows, n_cols, out);
    }
    bool evaluate_wide_rows(std::size_t n_rows, int n_cols, int32_t* out, const WideCards& cards) const {
        return ranking_->evaluate_wide_rows(n_rows, n_cols, out, cards);
    }
    bool reads_wide(int n_cols, int itemsize) const { return ranking_->reads_wide(n_cols, itemsize); }
    bool checks_cards(int n_cols) const { return ranking_->checks_cards(n_cols); }
    uint32_t category(uint32_t value) const { return ranking_->category(value); }

private:
    const RankingSpec* spec_;
    std::unique_ptr<Ranking> ranking_;
};

// An evaluator of these settings, made once and shared (a ranking is not changed by use, and every
// thread may read it): for what makes one at every call, such as an equity engine, where making it
// is a good part of a small count's time. Each thread keeps up to 16 settings; past that its kept
// ones are let go (those in use live on with their holders). Throws as the constructor does.
std::shared_ptr<const Evaluator> kept_evaluator(std::string_view ranking, uint32_t wild_rank_mask,
                                                bool flush_duplicates);

}  // namespace wildeval
