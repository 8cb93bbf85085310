// Ace-to-five lowball: the best five of 5-7 natural cards, aces low, straights and flushes
// ignored: only the ranks matter, so a hand is read by its rank multiset's slot alone.
#include <memory>

#include "census.hpp"
#include "rankings/lowball.hpp"

namespace wildeval {
namespace {

class LowA5 final : public Lowball<LowA5> {
public:
    uint32_t evaluate(const uint8_t* cards, int n) const override {
        return low_.a5_of(rank_.slot(parts_.sum(cards, n).key));
    }

private:
    friend class Lowball<LowA5>;

    template <int N>
    bool rows_of(const uint8_t* rows, std::size_t n_rows, int32_t* out, const WideCards& wide) const {
        // suits never matter: no flush to fix up (the lookup is LowTables::a5_of)
        return natural_rows<N, RankShape, FlushRows::kNone>(
            rows, n_rows, out, parts_, {rank_.all.multiplier, rank_.all.displacement.data()},
            SlotOrdinals<16, false>{low_.slots.data(), low_.a5.data()}, [](const uint8_t*, int32_t) { return int32_t{0}; },
            wide);
    }
};

}  // namespace

std::unique_ptr<Ranking> make_low_a5(uint32_t, bool) { return std::make_unique<LowA5>(); }

}  // namespace wildeval
