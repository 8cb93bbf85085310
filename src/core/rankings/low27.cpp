// Deuce-to-seven lowball: the best five of 5-7 natural cards, ranked as in high poker except
// that A-2-3-4-5 is no straight (only ace high), and lowest is best. Values are kLowBase - the
// high-style value of the best five, so that higher is still better.
#include <algorithm>
#include <memory>

#include "census.hpp"
#include "rankings/lowball.hpp"

namespace wildeval {
namespace {

class Low27 final : public Lowball<Low27> {
public:
    uint32_t evaluate(const uint8_t* cards, int n) const override {
        const Hand h = parts_.sum(cards, n);
        return with_card_count<5, kMaxCards>(n, [&](auto size) { return kLowBase - best<decltype(size)::value>(cards, h); });
    }

private:
    friend class Lowball<Low27>;

    // The high-style value of five natural cards, for deuce-to-seven.
    uint32_t five(const Hand& h) const { return without_wheel(rank_.natural(h)); }

    // The high-style value of the best five of N cards for deuce-to-seven (the lowest).
    template <int N>
    uint32_t best(const uint8_t* cards, const Hand& h) const {
        if constexpr (N == 5) {
            return five(h);
        } else {
            return best_of<N>(cards, h, low_.low27_of(rank_.slot(h.key)));
        }
    }

    // The same for N = 6 or 7, given `low`: the best five by ranks alone, suits aside (the batch
    // kernel has read it already).
    template <int N>
    uint32_t best_of(const uint8_t* cards, const Hand& h, uint32_t low) const {
        static_assert(N == 6 || N == 7, "six or seven cards");
        // No suit with five cards: no five of them is a flush, and that is the answer.
        if (!h.has_flush()) return low;
        // A suit holds five or more. Five unpaired ranks can still be taken without a flush
        // when one of them has a card in another suit: the answer stands (rare otherwise).
        if (category_of(low) == kHighCard) {
            uint32_t ranks = 0;
            for (int shift = 16; shift >= 0; shift -= 4) ranks |= 1u << (((low >> shift) & 0xF) - 1);
            const int suit = h.flush_suit();
            const uint64_t others = h.bits & ~(uint64_t{kSuitMaskSize - 1} << (16 * suit));
            const uint32_t elsewhere =
                static_cast<uint32_t>((others | others >> 16 | others >> 32 | others >> 48) & (kSuitMaskSize - 1));
            if (ranks & elsewhere) return low;
        }
        // Every five of the N: leave out one card (N = 6) or two (N = 7) from the sum.
        uint32_t best = UINT32_MAX;
        for (int i = 0; i < N; ++i) {
            const Hand without_i = h - parts_[cards[i]];
            if constexpr (N == 6) {
                best = std::min(best, five(without_i));
            } else {
                for (int j = i + 1; j < N; ++j) best = std::min(best, five(without_i - parts_[cards[j]]));
            }
        }
        return best;
    }

    template <int N>
    bool rows_of(const uint8_t* rows, std::size_t n_rows, int32_t* out, const WideCards& wide) const {
        // a suit holds five: some fives are flushes (six and seven cards: the value read by ranks
        // alone is the best five by ranks, the start of the search)
        auto fix = [this](const uint8_t* row, int32_t by_ranks) {
            if constexpr (N == 5)
                return static_cast<int32_t>(kLowBase - five(parts_.sum<N>(row)));
            else
                return static_cast<int32_t>(kLowBase - best_of<N>(row, parts_.sum<N>(row), kLowBase - static_cast<uint32_t>(by_ranks)));
        };
        const SlotHash hash{rank_.all.multiplier, rank_.all.displacement.data()};
        if constexpr (N == kMaxCards) {  // seven cards read their own table
            return natural_rows<N, SevenShape, FlushRows::kRare>(
                rows, n_rows, out, parts_, {rank_.seven.multiplier, rank_.seven.displacement.data()},
                SlotValues{low_.seven_low27.data()}, fix, wide);
        } else if constexpr (N == 5) {  // five cards: the high value by ranks, the wheel no straight
            return natural_rows<N, RankShape, FlushRows::kRare>(
                rows, n_rows, out, parts_, hash, SlotValuesBelow{rank_.all.values.data(), kLowBase, kWheel, kAceFiveHigh}, fix,
                wide);
        } else {  // LowTables::low27_of, from the low base
            return natural_rows<N, RankShape, FlushRows::kRare>(
                rows, n_rows, out, parts_, hash, SlotOrdinals<0, true>{low_.slots.data(), low_.low27.data(), kLowBase}, fix,
                wide);
        }
    }
};

}  // namespace

std::unique_ptr<Ranking> make_low27(uint32_t, bool) { return std::make_unique<Low27>(); }

}  // namespace wildeval
