// The "high" ranking: best five of 1-7 cards, any set of wild ranks, five of a kind on top.
//
// A hand is a Hand sum (hand.hpp). Non-flush hands are read from the rank tables through the
// perfect hash of the key's rank part; flushes from a 13-bit suit mask and the wild count.
#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>

#include "census.hpp"
#include "batch/card_count.hpp"
#include "hand.hpp"
#include "kernels/rows.hpp"
#include "rankings/ranking.hpp"
#include "tables/tables.hpp"

namespace wildeval {
namespace {

// The share of all hands of n cards (5-7) that can make a flush with `wild_ranks` ranks wild: a
// suit's natural cards and the wild ones reach five.
double flush_chance(int wild_ranks, int n) {
    auto choose = [](int a, int b) {
        if (b < 0 || b > a) return 0.0;
        double c = 1;
        for (int i = 0; i < b; ++i) c = c * (a - i) / (i + 1);
        return c;
    };
    const int per_suit = kRanks - wild_ranks, wilds = kSuits * wild_ranks;
    double can = 0;
    for (int w = 0; w <= std::min(n, wilds); ++w)
        for (int c0 = 0; c0 <= n - w; ++c0)
            for (int c1 = 0; c0 + c1 <= n - w; ++c1)
                for (int c2 = 0; c0 + c1 + c2 <= n - w; ++c2) {
                    const int c3 = n - w - c0 - c1 - c2;
                    if (std::max({c0, c1, c2, c3}) + w < 5) continue;
                    can += choose(wilds, w) * choose(per_suit, c0) * choose(per_suit, c1) * choose(per_suit, c2) *
                           choose(per_suit, c3);
                }
    return can / choose(kDeck, n);
}

// The AVX-512 kernel reads every row's flushes itself where more than this share of the rows can
// make a flush; below it, fixing those rows up costs less (measured: docs/experiments.md).
constexpr double kReadFlushesFrom = 0.05;

// Whether the kernel reads the flushes of rows of n cards (5-7) with `wild_ranks` ranks wild:
// computed once for every count (a few thousand divisions, more than a microsecond a
// construction otherwise).
using ReadsFlushes = std::array<bool, kMaxCards + 1>;
const ReadsFlushes& reads_flushes(int wild_ranks) {
    static const std::array<ReadsFlushes, kRanks + 1> by_wild_ranks = [] {
        std::array<ReadsFlushes, kRanks + 1> t{};
        for (int w = 0; w <= kRanks; ++w)
            for (int n = 5; n <= kMaxCards; ++n)
                t[static_cast<std::size_t>(w)][static_cast<std::size_t>(n)] = flush_chance(w, n) > kReadFlushesFrom;
        return t;
    }();
    return by_wild_ranks[static_cast<std::size_t>(wild_ranks)];
}

class High final : public RankingOf<High> {
public:
    High(uint32_t wild_rank_mask, bool flush_duplicates)
        : parts_(wild_rank_mask),
          tables_(generated<RankTables>()),
          multiplier_(tables_.all.multiplier),
          displacement_(tables_.all.displacement.data()),
          nonflush_(tables_.all.values.data()),
          flush_(tables_.flush_table(flush_duplicates, 0)),
          natural_bits_(parts_.natural_bits()),
          wild_(wild_rank_mask != 0) {
        read_flushes_ = reads_flushes(popcount32(wild_rank_mask));
    }

    uint32_t evaluate(const uint8_t* cards, int n) const override {
        const Hand h = parts_.sum(cards, n);
        return wild_ ? finish<true>(h) : finish<false>(h);
    }

    bool evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const override {
        return rows_by_size(rows, n_rows, n_cols, out, {});
    }

    bool evaluate_wide_rows(std::size_t n_rows, int n_cols, int32_t* out, const WideCards& cards) const override {
        return rows_by_size(cards.bytes, n_rows, n_cols, out, cards);
    }

    bool reads_wide(int n_cols, int itemsize) const override {
        return checks_cards(n_cols) && natural_rows_read_wide(itemsize);
    }

    bool checks_cards(int n_cols) const override { return n_cols >= 5 && n_cols <= kMaxCards; }

    uint32_t category(uint32_t value) const override { return category_of(value); }

    const CardParts* card_parts(int n_cards) const override { (void)n_cards; return &parts_; }

    bool values_ranks_unless_flush() const override { return !wild_; }

    void evaluate_sums(const Hand* hands, std::size_t n, int n_cards, int32_t* __restrict out) const override {
        if (wild_) {
            for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<int32_t>(finish<true>(hands[i]));
        } else if (n_cards == kMaxCards) {  // seven natural cards: their own smaller hash, as in rows_natural
            const PerfectHash& seven = tables_.seven;
            const uint64_t multiplier = seven.multiplier;
            const uint16_t* displacement = seven.displacement.data();
            const uint32_t* values = seven.values.data();
            for (std::size_t i = 0; i < n; ++i) {
                const Hand& h = hands[i];
                out[i] = static_cast<int32_t>(WILDEVAL_LIKELY(!h.has_flush())
                                                  ? values[SevenShape::slot(h.key, multiplier, displacement)]
                                                  : flush_[h.suit_mask(h.flush_suit())]);
            }
        } else {
            for (std::size_t i = 0; i < n; ++i)
                out[i] = static_cast<int32_t>(finish<false>(hands[i], multiplier_, displacement_, nonflush_));
        }
    }

    // Cards added in increasing order, carrying the running sum, so that each hand costs one add
    // and one lookup in the innermost loop; one task per lowest card.
    CategoryCounts census(int n_cards, int n_threads, int from, int to) const override {
        return with_card_count<1, kMaxCards>(n_cards, [&](auto n) {
            return wild_ ? census_n<decltype(n)::value, true>(n_threads, from, to) : census_n<decltype(n)::value, false>(n_threads, from, to);
        });
    }

private:
    template <bool Wild>
    uint32_t finish(const Hand& h) const {
        return finish<Wild>(h, multiplier_, displacement_, nonflush_);
    }

    // The hot pointers are passed in so that a loop can keep them in registers.
    template <bool Wild>
    uint32_t finish(const Hand& h, uint64_t multiplier, const uint16_t* displacement, const uint32_t* nonflush) const {
        const uint64_t flush = h.key & kFlushFlags;
        if constexpr (!Wild) {
            if (WILDEVAL_LIKELY(flush == 0)) return nonflush[RankShape::slot(h.key, multiplier, displacement)];
            // Natural cards holding a flush can't also hold a full house or quads.
            return flush_[h.suit_mask(h.flush_suit())];
        } else {
            // Wild cards make flush chances common, so no branches here. At most two suits can
            // make a flush worth reading: with w wild cards among seven, a suit needs 5 - w
            // naturals, which two suits can both have only when w >= 3; and with four or more
            // wild cards five of a kind beats every flush. So the two lowest suits that can are
            // read (a missing one at entry 0, which holds no flush).
            const uint32_t value = nonflush[RankShape::slot(h.key, multiplier, displacement)];
            const uint32_t suited = best_flush(h);
            return suited > value ? suited : value;
        }
    }

    // The best flush of a hand with wild cards, 0 if none (see finish).
    uint32_t best_flush(const Hand& h) const {
        const uint32_t* table = flush_ + RankTables::flush_slice(h.wild()) * kSuitMaskSize;
        const uint64_t natural = h.bits & natural_bits_;
        const uint64_t flags = h.flush_flags();  // bit 4s + 3: suit s can
        const uint64_t second = flags & (flags - 1);
        const int s1 = lowest_bit(flags | 0x10000) >> 2, s2 = lowest_bit(second | 0x10000) >> 2;
        const uint32_t v1 = table[((natural >> (16 * (s1 & 3))) & (kSuitMaskSize - 1)) * (flags != 0)];
        const uint32_t v2 = table[((natural >> (16 * (s2 & 3))) & (kSuitMaskSize - 1)) * (second != 0)];
        return v1 > v2 ? v1 : v2;
    }

    // Rows of n_cols cards; `wide` as natural_rows takes it (5-7 cards).
    bool rows_by_size(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out, const WideCards& wide) const {
        if (n_cols >= 5) {
            return with_card_count<5, kMaxCards>(n_cols, [&](auto n) {
                return wild_ ? rows_wild<decltype(n)::value>(rows, n_rows, out, wide)
                             : rows_natural<decltype(n)::value>(rows, n_rows, out, wide);
            });
        }
        return with_card_count<1, 4>(n_cols, [&](auto n) {
            return wild_ ? rows_by_hand<decltype(n)::value, true>(rows, n_rows, out) : rows_by_hand<decltype(n)::value, false>(rows, n_rows, out);
        });
    }

    template <int N, bool Wild>
    bool rows_by_hand(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out) const {
        const uint64_t multiplier = multiplier_;
        const uint16_t* displacement = displacement_;
        const uint32_t* nonflush = nonflush_;
        // A sum of N powers of two has at most N bits set, exactly N when they are distinct, so
        // the rows are all free of duplicates exactly when the popcounts add up to N per row.
        uint64_t set_bits = 0;
        for (std::size_t i = 0; i < n_rows; ++i, rows += N) {
            const Hand h = parts_.sum<N>(rows);
            set_bits += static_cast<uint64_t>(popcount64(h.bits));
            out[i] = static_cast<int32_t>(finish<Wild>(h, multiplier, displacement, nonflush));
        }
        return set_bits == static_cast<uint64_t>(N) * n_rows;
    }

    // Five to seven natural cards a row: the shared natural kernel, flushes fixed up after it.
    template <int N>
    bool rows_natural(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out, const WideCards& wide) const {
        auto fix = [this](const uint8_t* row, int32_t) { return static_cast<int32_t>(finish<false>(parts_.sum<N>(row))); };
        if constexpr (N == kMaxCards) {  // seven cards read their own table
            const PerfectHash& seven = tables_.seven;
            const uint32_t* values = seven.values.data();
            return natural_rows<N, SevenShape, FlushRows::kRare>(
                rows, n_rows, out, parts_, {seven.multiplier, seven.displacement.data()},
                SlotValues{values}, fix, wide);
        } else {
            const uint32_t* values = nonflush_;
            return natural_rows<N, RankShape, FlushRows::kRare>(
                rows, n_rows, out, parts_, {multiplier_, displacement_},
                SlotValues{values}, fix, wide);
        }
    }

    // Five to seven cards with wild ranks: the same kernel (a wild card's key counts in every
    // suit, so a row's key shows whether any suit can make a flush); rows that cannot read the
    // best hand by ranks, the others (about one in three with three ranks wild) are fixed up
    // with both suits that can.
    template <int N>
    bool rows_wild(const uint8_t* rows, std::size_t n_rows, int32_t* __restrict out, const WideCards& wide) const {
        // the best hand by ranks is in already: only the flushes are read
        auto fix = [this](const uint8_t* row, int32_t by_ranks) {
            const uint32_t flush = best_flush(parts_.sum<N>(row));
            return static_cast<int32_t>(flush > static_cast<uint32_t>(by_ranks) ? flush : static_cast<uint32_t>(by_ranks));
        };
        const uint32_t* values = nonflush_;
        // five of a kind beats every flush: such rows (a third of those that can make a flush)
        // are not fixed up
        constexpr int32_t kFiveOfAKindFloor = static_cast<int32_t>(pack(kFiveOfAKind, {}));
        return natural_rows<N, RankShape, FlushRows::kCommon, kFiveOfAKindFloor>(
            rows, n_rows, out, parts_, {multiplier_, displacement_},
            SlotValues{values}, fix, wide,
            read_flushes_[N] ? flush_ : nullptr);
    }

    template <int Left, bool Wild>
    void walk(int from, const Hand& h, CategoryCounts& counts) const {
        for (int c = from; c <= kDeck - Left; ++c) {
            const Hand next = h + parts_[c];
            if constexpr (Left == 1) {
                ++counts[category_of(finish<Wild>(next))];
            } else {
                walk<Left - 1, Wild>(c + 1, next, counts);
            }
        }
    }

    template <int N, bool Wild>
    CategoryCounts census_n(int n_threads, int from, int to) const {
        // The early lowest cards are the big tasks, and tasks go out in order.
        PerWorker<CategoryCounts> per_worker(n_threads);
        to = std::min(to, kDeck - N + 1);
        run_tasks(n_threads, static_cast<std::size_t>(std::max(0, to - from)), [&](std::size_t task, int worker) {
            const int c = from + static_cast<int>(task);
            const Hand h = Hand{} + parts_[c];
            if constexpr (N == 1) {
                ++per_worker[worker][category_of(finish<Wild>(h))];
            } else {
                walk<N - 1, Wild>(c + 1, h, per_worker[worker]);
            }
        });
        return add_up(per_worker.values());
    }

    ReadsFlushes read_flushes_{};  // reads_flushes() of its wild ranks

    CardParts parts_;
    const RankTables& tables_;
    uint64_t multiplier_;
    const uint16_t* displacement_;
    const uint32_t* nonflush_;
    const uint32_t* flush_;  // the wild-count slices for this flush_duplicates setting
    uint64_t natural_bits_;
    bool wild_;
};

}  // namespace

std::unique_ptr<Ranking> make_high(uint32_t wild_rank_mask, bool flush_duplicates) {
    return std::make_unique<High>(wild_rank_mask, flush_duplicates);
}

}  // namespace wildeval
