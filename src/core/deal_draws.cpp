#include "deal_draws.hpp"

#include <algorithm>
#include <stdexcept>

#include "equity.hpp"

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

DealDraws::DealDraws(uint64_t rest, const std::vector<Listed>& listed, int cards) : rest_(rest), cards_per_deal_(cards) {
    int left = popcount64(rest);
    for (const Listed& player : listed) {
        List list;
        list.masks = player.hands;
        int size = -1;
        for (std::size_t i = 0; i < list.masks.size(); ++i) {
            if (list.masks[i] == 0) continue;
            if (size >= 0 && popcount64(list.masks[i]) != size) throw std::invalid_argument("a list mixes hand sizes");
            size = popcount64(list.masks[i]);
            list.drawable.push_back(static_cast<uint32_t>(i));
        }
        if (list.drawable.empty()) throw std::invalid_argument("a listed player has no hand to draw");
        left -= size;
        bool equal = true;
        for (uint32_t i : list.drawable) equal = equal && (player.weights.empty() || player.weights[i] == player.weights[list.drawable[0]]);
        if (!equal) {  // Vose's construction of Walker's alias table
            const std::size_t n = list.drawable.size();
            double total = 0;
            for (uint32_t i : list.drawable) total += player.weights[i];
            std::vector<double> scaled(n);
            std::vector<uint32_t> small, large;
            for (std::size_t i = 0; i < n; ++i) {
                scaled[i] = player.weights[list.drawable[i]] * static_cast<double>(n) / total;
                (scaled[i] < 1 ? small : large).push_back(static_cast<uint32_t>(i));
            }
            list.chance.assign(n, 1.0);
            list.alias.resize(n);
            for (std::size_t i = 0; i < n; ++i) list.alias[i] = static_cast<uint32_t>(i);
            while (!small.empty() && !large.empty()) {
                const uint32_t a = small.back(), b = large.back();
                small.pop_back();
                list.chance[a] = scaled[a];
                list.alias[a] = b;
                scaled[b] -= 1 - scaled[a];
                if (scaled[b] < 1) {
                    large.pop_back();
                    small.push_back(b);
                }
            }
        }
        if (list.drawable.size() > 1) bounds_.push_back(static_cast<uint32_t>(list.drawable.size()));
        lists_.push_back(std::move(list));
    }
    if (cards < 0 || cards > left) throw std::invalid_argument("the deck holds too few cards for the deal");
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
    picked_.resize(kBlock * std::max<std::size_t>(lists_.size(), 1));
    lefts_.resize(kBlock);
    card_words_.resize(kBlock * groups_.size());
    cards_.resize(kBlock * static_cast<std::size_t>(cards));
}

template <bool kDeposit>
bool DealDraws::draw_with(SplitMix& source, std::size_t n) {
    SplitMix rng = source;  // in a register: the stores below cannot change it
    const uint32_t* const bounds = bounds_.data();
    const Group* const groups = groups_.data();
    const std::size_t n_groups = groups_.size(), per_deal = static_cast<std::size_t>(cards_per_deal_);
    const std::size_t n_lists = lists_.size();
    const List* const lists = lists_.data();
    const uint64_t rest = rest_;
    // locals, not members: the byte stores of the cards could otherwise change any of them
    uint32_t* const picked = picked_.data();
    uint8_t* const all_cards = cards_.data();
    auto word = [&](const Group& g) WILDEVAL_INLINE_LAMBDA {
        uint64_t w = rng.next();
        while (WILDEVAL_UNLIKELY(w * g.product < g.floor)) w = rng.next();
        return w;
    };
    const uint32_t first_card = static_cast<uint32_t>(bounds_.size() - per_deal);
    std::size_t first_card_group = 0;  // the group of the first card's digit
    while (first_card_group + 1 < n_groups && groups[first_card_group].first + groups[first_card_group].count <= first_card)
        ++first_card_group;
    const std::size_t n_card_words = per_deal == 0 ? 0 : n_groups - first_card_group;
    uint64_t* const lefts = lefts_.data();
    uint64_t* const card_words = card_words_.data();
    double coins[kMaxPlayers];
    for (std::size_t t = 0; t < n; ++t) {
        uint64_t w = 0, used = 0;
        uint32_t d = 0;
        std::size_t g = 0;
        for (long thrown = 0;; ++thrown) {  // the listed hands, until they share no card
            if (WILDEVAL_UNLIKELY(thrown > 1'000'000)) return false;
            for (std::size_t l = 0; l < n_lists; ++l) coins[l] = lists[l].chance.empty() ? 0.0 : rng.unit();
            w = n_groups > 0 ? word(groups[0]) : 0;
            d = 0;
            g = 0;
            used = 0;
            bool apart = true;
            for (std::size_t l = 0; l < n_lists; ++l) {
                const List& list = lists[l];
                uint32_t place = 0;
                if (list.drawable.size() > 1) {
                    if (d == groups[g].first + groups[g].count) w = word(groups[++g]);
                    place = digit_of<kDeposit>(w, bounds[d++]);
                }
                if (!list.chance.empty() && !(coins[l] < list.chance[place])) place = list.alias[place];
                const uint32_t hand = list.drawable[place];
                picked[t * n_lists + l] = hand;
                apart = apart && (list.masks[hand] & used) == 0;
                used |= list.masks[hand];
            }
            if (WILDEVAL_LIKELY(apart)) break;
        }
        lefts[t] = rest & ~used;
        // the words the cards read: the group the listed places ended in, and every later one
        uint64_t* mine = card_words + t * n_card_words;
        for (std::size_t c = 0; c < n_card_words; ++c) {
            const std::size_t at_group = first_card_group + c;
            mine[c] = at_group > g ? word(groups[at_group]) : w;  // g: the group the last place was read from
        }
    }
    // The cards, four deals in step: each deal's chain (the next digit waits on the word, the
    // next card on the cards left) runs beside three others.
    constexpr std::size_t kInStep = 4;
    for (std::size_t t = 0; t < n; t += kInStep) {
        const std::size_t in_step = std::min(kInStep, n - t);
        uint64_t left[kInStep] = {}, w[kInStep] = {};
        for (std::size_t k = 0; k < in_step; ++k) left[k] = lefts[t + k];
        uint8_t* const at = all_cards + t * per_deal;
        std::size_t j = 0;
        for (std::size_t c = 0; c < n_card_words; ++c) {
            const Group& group = groups[first_card_group + c];
            for (std::size_t k = 0; k < in_step; ++k) w[k] = card_words[(t + k) * n_card_words + c];
            for (uint32_t d = std::max(group.first, first_card); d < group.first + group.count; ++d, ++j) {
                if (in_step == kInStep) {  // a fixed count, which the compiler unrolls
                    for (std::size_t k = 0; k < kInStep; ++k)
                        at[k * per_deal + j] = static_cast<uint8_t>(take_nth<kDeposit>(left[k], digit_of<kDeposit>(w[k], bounds[d])));
                } else {
                    for (std::size_t k = 0; k < in_step; ++k)
                        at[k * per_deal + j] = static_cast<uint8_t>(take_nth<kDeposit>(left[k], digit_of<kDeposit>(w[k], bounds[d])));
                }
            }
        }
    }
    source = rng;
    return true;
}

bool DealDraws::draw(SplitMix& rng, std::size_t n) {
#if defined(WILDEVAL_DEPOSIT)
    const RowsKernel kernel = rows_kernel();
    if ((kernel == RowsKernel::kAvx512 || kernel == RowsKernel::kAvx2) && deposit_fast())  // both checked BMI2
        return draw_with<true>(rng, n);
#endif
    return draw_with<false>(rng, n);
}

}  // namespace wildeval
