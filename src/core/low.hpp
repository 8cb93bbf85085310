// Lowball rankings: deuce-to-seven and ace-to-five, best five of 5-7 natural cards.
//
// Both keep "higher is better": value = kLowBase - the high-style value of the best five for low,
// so the hand's own category is category_of(kLowBase - value).
#pragma once

#include <cstdint>
#include <vector>

#include "high.hpp"

namespace wildeval {

inline constexpr uint32_t kLowBase = uint32_t{kCategoryCount} << kCategoryShift;

// Whether the lowball batch kernels check their rows' range themselves (natural_rows, SSSE3).
#if defined(__SSSE3__)
inline constexpr bool kNaturalRowsCheck = true;
#else
inline constexpr bool kNaturalRowsCheck = false;
#endif

// Deuce-to-seven reads the "high" tables: a five-card hand ranks as in high poker except that
// A-2-3-4-5 is no straight, only ace high (and suited, an ace-high flush).
//
// LowTables: for every 5-7 card rank multiset, indexed like HighTables::nonflush, the best five
// for deuce-to-seven (flushes aside) and the ace-to-five value, each as a 16-bit ordinal into
// its own list of values (7,462 and 6,175 of them): one 32-bit slot serves both rankings.
// Built on first use (only lowball evaluators read it).
struct LowTables {
    std::vector<uint32_t> slots;      // low27 ordinal | a5 ordinal << 16
    std::vector<uint32_t> low27;      // ordinal -> the high-style value of the best five for deuce-to-seven
    std::vector<uint32_t> a5;         // ordinal -> the ace-to-five value (kLowBase - ...)

    static const LowTables& get();
    std::size_t bytes() const {
        return (slots.size() + low27.size() + a5.size()) * sizeof(uint32_t);
    }
    uint32_t low27_of(uint32_t slot) const { return low27[slots[slot] & 0xFFFF]; }
    uint32_t a5_of(uint32_t slot) const { return a5[slots[slot] >> 16]; }
};

class Low27 {
public:
    // with_table: read low27_nonflush_table() for 6-7 cards (building it if need be)
    Low27(const HighEvaluator& natural, bool with_table)
        : high_(natural), tables_(with_table ? &LowTables::get() : nullptr) {}

    // A five-card "high" value as deuce-to-seven reads it: A-2-3-4-5 is ace high.
    static constexpr uint32_t without_wheel(uint32_t value) {
        return value == kWheel ? kAceFiveHigh : value == kSteelWheel ? kAceFiveFlush : value;
    }

    // The high-style value of five natural cards, for deuce-to-seven.
    uint32_t five(uint64_t key, uint64_t bits) const { return without_wheel(high_.finish<false>(key, bits)); }

    // n in 5..7 valid distinct cards.
    uint32_t evaluate(const uint8_t* cards, int n) const;

    // Rows of n_cols (5-7) cards; false if a row holds a duplicate (or, where checks_cards(),
    // a byte that is not a card; elsewhere the caller checks them).
    bool evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const;
    bool checks_cards() const { return kNaturalRowsCheck && tables_ != nullptr; }

private:
    template <int N>
    uint32_t best(const uint8_t* cards, uint64_t key, uint64_t bits) const;

    static constexpr uint32_t kWheel = pack(kStraight, {3});
    static constexpr uint32_t kSteelWheel = pack(kStraightFlush, {3});
    static constexpr uint32_t kAceFiveHigh = pack(kHighCard, {12, 3, 2, 1, 0});
    static constexpr uint32_t kAceFiveFlush = pack(kFlush, {12, 3, 2, 1, 0});

    const HighEvaluator& high_;
    const LowTables* tables_;
};

// Ace-to-five: aces low, straights and flushes ignored; only the ranks matter. From the summed
// card bits (HighEvaluator's bits word) of 5-7 distinct cards: how LowTables computes its values.
uint32_t low_a5_from_bits(uint64_t bits);

// Ace-to-five by table: the rank multiset's slot in LowTables.
class LowA5 {
public:
    LowA5(const HighEvaluator& natural, bool with_table)
        : high_(natural), tables_(with_table ? &LowTables::get() : nullptr) {}

    // n in 5..7 valid distinct cards.
    uint32_t evaluate(const uint8_t* cards, int n) const {
        uint64_t key = kSuitBias;
        for (int i = 0; i < n; ++i) key += high_.word_key(cards[i]);
        return tables_->a5_of(HighTables::slot(key, high_.multiplier(), high_.displacement()));
    }

    // Rows of n_cols (5-7) cards; false if a row holds a duplicate (or, where checks_cards(),
    // a byte that is not a card; elsewhere the caller checks them).
    bool evaluate_rows(const uint8_t* rows, std::size_t n_rows, int n_cols, int32_t* out) const;
    bool checks_cards() const { return kNaturalRowsCheck && tables_ != nullptr; }

private:
    const HighEvaluator& high_;
    const LowTables* tables_;
};

}  // namespace wildeval
