#include "deal_draws.hpp"

#include <stdexcept>

#include "bits.hpp"
#include "rows_kernel.hpp"

#if defined(__GNUC__) && defined(__x86_64__)
#define WILDEVAL_DEPOSIT 1
#endif

namespace wildeval {
namespace {

#if defined(WILDEVAL_DEPOSIT)
// Whether BMI2's deposit takes one step: AMD's Zen 1 and 2 run it as a loop over the mask's bits.
bool deposit_fast() {
    static const bool fast = [] {
        __builtin_cpu_init();
        return !__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2");
    }();
    return fast;
}
#endif

// Takes the r-th lowest card of `left` out of it and returns its place: BMI2's deposit (written
// as instructions, so that one loop serves both ways; run only where the CPU has BMI2), or the
// broadword search. And the digit steps: w * b = digit * 2^64 + the next w.
template <bool kDeposit>
inline int take_nth(uint64_t& left, uint32_t r) {
#if defined(WILDEVAL_DEPOSIT)
    if constexpr (kDeposit) {
        uint64_t bit;
        asm("shlxq %q1, %2, %0\n\tpdepq %3, %0, %0" : "=&r"(bit) : "r"(r), "r"(uint64_t{1}), "r"(left));
        left ^= bit;
        return lowest_bit(bit);
    }
#endif
    const int c = nth_set_bit(left, r);
    left &= ~(uint64_t{1} << c);
    return c;
}

template <bool kDeposit>
inline uint32_t digit_of(uint64_t& w, uint32_t bound) {
#if defined(WILDEVAL_DEPOSIT)
    if constexpr (kDeposit) {
        uint64_t high, low;
        asm("mulxq %3, %0, %1" : "=r"(low), "=r"(high) : "d"(w), "r"(static_cast<uint64_t>(bound)));
        w = low;
        return static_cast<uint32_t>(high);
    }
#endif
    return static_cast<uint32_t>(mul_high(w, bound, w));
}

}  // namespace

DealDraws::DealDraws(std::vector<uint64_t> decks, const std::vector<double>& weights, int cards)
    : decks_(std::move(decks)), cards_per_deal_(cards) {
    for (std::size_t i = 0; i < decks_.size(); ++i)
        if (decks_[i] != 0) drawable_.push_back(static_cast<uint32_t>(i));
    if (drawable_.empty()) throw std::invalid_argument("no deck to deal from");
    const int left = popcount64(decks_[drawable_[0]]);
    for (uint32_t i : drawable_)
        if (popcount64(decks_[i]) != left) throw std::invalid_argument("the decks hold different numbers of cards");
    if (cards < 0 || cards > left) throw std::invalid_argument("a deck holds too few cards for the deal");
    bool equal = true;
    for (uint32_t i : drawable_) equal = equal && (weights.empty() || weights[i] == weights[drawable_[0]]);
    if (!equal) {  // Vose's construction of Walker's alias table
        const std::size_t n = drawable_.size();
        double total = 0;
        for (uint32_t i : drawable_) total += weights[i];
        std::vector<double> scaled(n);
        std::vector<uint32_t> small, large;
        for (std::size_t i = 0; i < n; ++i) {
            scaled[i] = weights[drawable_[i]] * static_cast<double>(n) / total;
            (scaled[i] < 1 ? small : large).push_back(static_cast<uint32_t>(i));
        }
        chance_.assign(n, 1.0);
        alias_.resize(n);
        for (std::size_t i = 0; i < n; ++i) alias_[i] = static_cast<uint32_t>(i);
        while (!small.empty() && !large.empty()) {
            const uint32_t s = small.back(), l = large.back();
            small.pop_back();
            chance_[s] = scaled[s];
            alias_[s] = l;
            scaled[l] -= 1 - scaled[s];
            if (scaled[l] < 1) {
                large.pop_back();
                small.push_back(l);
            }
        }
    }
    place_digit_ = drawable_.size() > 1;
    if (place_digit_) bounds_.push_back(static_cast<uint32_t>(drawable_.size()));
    for (int j = 0; j < cards; ++j) bounds_.push_back(static_cast<uint32_t>(left - j));
    constexpr uint64_t kGroupBelow = uint64_t{1} << 48;
    for (uint32_t d = 0; d < bounds_.size();) {
        Group g{d, 0, 1, 0};
        while (d < bounds_.size() && (g.count == 0 || bounds_[d] < kGroupBelow / g.product)) {
            g.product *= bounds_[d++];
            ++g.count;
        }
        g.floor = (0 - g.product) % g.product;
        groups_.push_back(g);
    }
    picked_.resize(kBlock);
    cards_.resize(kBlock * static_cast<std::size_t>(cards));
}

template <bool kDeposit>
void DealDraws::draw_with(SplitMix& source, std::size_t n) {
    SplitMix rng = source;  // in a register: the stores below cannot change it
    const uint32_t* const bounds = bounds_.data();
    const Group* const groups = groups_.data();
    const std::size_t n_groups = groups_.size(), per_deal = static_cast<std::size_t>(cards_per_deal_);
    const bool weighted = !chance_.empty(), place_digit = place_digit_;
    // locals, not members: the byte stores of the cards could otherwise change any of them
    const uint64_t* const decks = decks_.data();
    const uint32_t* const drawable = drawable_.data();
    const double* const chance = chance_.data();
    const uint32_t* const alias = alias_.data();
    uint32_t* const picked = picked_.data();
    uint8_t* const all_cards = cards_.data();
    auto word = [&](const Group& g) WILDEVAL_INLINE_LAMBDA {
        uint64_t w = rng.next();
        while (WILDEVAL_UNLIKELY(w * g.product < g.floor)) w = rng.next();
        return w;
    };
    for (std::size_t t = 0; t < n; ++t) {
        const double coin = weighted ? rng.unit() : 0.0;
        uint64_t w = n_groups > 0 ? word(groups[0]) : 0;
        uint32_t d = 0, place = 0;
        if (place_digit) place = digit_of<kDeposit>(w, bounds[d++]);
        if (weighted && !(coin < chance[place])) place = alias[place];
        const uint32_t deck = drawable[place];
        picked[t] = deck;
        uint64_t left = decks[deck];
        uint8_t* at = all_cards + t * per_deal;
        for (std::size_t g = 0; g < n_groups; ++g) {
            if (g > 0) w = word(groups[g]);
            for (const uint32_t end = groups[g].first + groups[g].count; d < end; ++d)
                *at++ = static_cast<uint8_t>(take_nth<kDeposit>(left, digit_of<kDeposit>(w, bounds[d])));
        }
    }
    source = rng;
}

void DealDraws::draw(SplitMix& rng, std::size_t n) {
#if defined(WILDEVAL_DEPOSIT)
    const RowsKernel kernel = rows_kernel();
    if ((kernel == RowsKernel::kAvx512 || kernel == RowsKernel::kAvx2) && deposit_fast()) {  // both checked BMI2
        draw_with<true>(rng, n);
        return;
    }
#endif
    draw_with<false>(rng, n);
}

}  // namespace wildeval
