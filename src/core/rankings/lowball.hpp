// What the lowball rankings (deuce-to-seven, ace-to-five) share: natural 5-7 card hands, the
// rank and lowball tables, values kLowBase - the high-style value of the best five (so that
// higher is still better), and batches by hand size through Derived::rows_of<N>.
#pragma once

#include "batch/card_count.hpp"
#include "hand.hpp"
#include "kernels/rows.hpp"
#include "rankings/ranking.hpp"
#include "tables/tables.hpp"

namespace wildeval {

template <class Derived>
class Lowball : public RankingOf<Derived> {
public:
    bool evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const override {
        return rows_by_size(rows, n_rows, n_cols, out, {});
    }

    bool evaluate_wide_rows(std::size_t n_rows, int n_cols, int32_t* out, const WideCards& cards) const override {
        return rows_by_size(cards.bytes, n_rows, n_cols, out, cards);
    }

    bool reads_wide(int, int itemsize) const override { return natural_rows_read_wide(itemsize); }

    // The batch kernels check their rows' bytes themselves.
    bool checks_cards(int) const override { return true; }

    uint32_t category(uint32_t value) const override { return category_of(kLowBase - value); }

private:
    bool rows_by_size(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out, const WideCards& wide) const {
        return with_card_count<5, kMaxCards>(n_cols, [&](auto size) {
            return static_cast<const Derived&>(*this).template rows_of<decltype(size)::value>(rows, n_rows, out, wide);
        });
    }

protected:
    Lowball() : parts_(0), rank_(generated<RankTables>()), low_(generated<LowTables>()) {}

    CardParts parts_;  // no wild ranks
    const RankTables& rank_;
    const LowTables& low_;
};

}  // namespace wildeval
