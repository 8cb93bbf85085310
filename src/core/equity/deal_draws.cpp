#include "equity/deal_draws.hpp"

#include <algorithm>
#include <stdexcept>
#include <type_traits>

#include "equity/equity.hpp"

#include "bits.hpp"
#include "kernels/rows_kernel.hpp"

#if defined(__GNUC__) && defined(__x86_64__)
#define WILDEVAL_DEPOSIT 1
#endif

namespace wildeval {
namespace {

constexpr uint64_t kWordMask = DealDraws::kWordMask;

// Takes the r-th lowest card of `left` out of it and returns its place: BMI2's deposit (written
// as instructions, so that one loop serves both ways; run only where the CPU has BMI2), or the
// broadword search of SetBits.
inline int take_nth(uint64_t& left, uint32_t r) {
#if defined(WILDEVAL_DEPOSIT)
    uint64_t bit;
    asm("shlxq %q1, %2, %0\n\tpdepq %3, %0, %0" : "=&r"(bit) : "r"(r), "r"(uint64_t{1}), "r"(left));
    left ^= bit;
    return lowest_bit(bit);
#else
    (void)left;
    (void)r;
    return 0;  // never called: the deposit way runs only where the build has it
#endif
}

inline int take_nth(SetBits& left, uint32_t r) { return left.take(r); }

// The digit steps on 52-bit words: w * b = digit * 2^52 + the next w. A bound up to kCardBound
// (every card's) keeps the product in 64 bits; a list's place may have any bound below 2^32.
constexpr uint32_t kCardBound = 4096;

inline uint32_t card_digit(uint64_t& w, uint32_t bound) {
    const uint64_t product = w * bound;
    w = product & kWordMask;
    return static_cast<uint32_t>(product >> 52);
}

// A group's word: the top 52 bits of the generator's next word that Lemire's check against the
// group's product keeps (w * product mod 2^52 at least 2^52 mod product, its floor).
inline uint64_t group_word(SplitMix& rng, uint64_t product, uint64_t floor) {
    uint64_t w = rng.next() >> 12;
    while (WILDEVAL_UNLIKELY(((w * product) & kWordMask) < floor)) w = rng.next() >> 12;
    return w;
}

inline uint32_t place_digit(uint64_t& w, uint32_t bound) {
    uint64_t low;
    const uint64_t high = mul_high(w, bound, low);
    w = low & kWordMask;
    return static_cast<uint32_t>(high << 12 | low >> 52);
}

}  // namespace

// The words of deals [from, to) with at most one listed player, where no deal is thrown away: the
// numbers of draw_with's general loop, in the same order, with fewer values live (kSeveral: the
// list holds more than one hand; kWeighted: it has an alias table).
template <bool kSeveral, bool kWeighted>
std::size_t DealDraws::one_list_words(SplitMix& source, std::size_t from, std::size_t to, std::size_t first_card_group) {
    SplitMix rng = source;
    const Group* const groups = groups_.data();
    const std::size_t n_groups = groups_.size(), n_card_words = cards_per_deal_ == 0 ? 0 : n_groups - first_card_group;
    const uint64_t rest = rest_;
    const List* const list = lists_.empty() ? nullptr : &lists_[0];
    const uint32_t* const drawable = list != nullptr ? list->drawable.data() : nullptr;
    const std::size_t n_players = list != nullptr ? list->players.size() : 0, size = list != nullptr ? list->size() : 0;
    const uint32_t* const players = list != nullptr ? list->players.data() : nullptr;
    const uint64_t* const masks = list != nullptr ? list->masks.data() : nullptr;
    const double* const chance = kWeighted ? list->chance.data() : nullptr;
    const uint32_t* const alias = kWeighted ? list->alias.data() : nullptr;
    const uint32_t bound = kSeveral ? bounds_[0] : 1;
    const bool wide = bound > kCardBound;
    uint32_t* const picked = picked_.data();
    uint64_t* const lefts = lefts_.data();
    uint64_t* const card_words = card_words_.data();
    for (std::size_t t = from; t < to; ++t) {
        const double coin = kWeighted ? rng.unit() : 0.0;
        uint64_t w = n_groups > 0 ? group_word(rng, groups[0].product, groups[0].floor) : 0;
        uint64_t used = 0;
        if (list != nullptr) {
            uint32_t place = 0;
            if (kSeveral) place = wide ? place_digit(w, bound) : card_digit(w, bound);
            if (kWeighted && !(coin < chance[place])) place = alias[place];
            for (std::size_t m = 0; m < n_players; ++m) picked[players[m] * kBlock + t] = drawable[m * size + place];
            used = masks[place];
        }
        lefts[t] = rest & ~used;
        for (std::size_t c = 0; c < n_card_words; ++c) {  // group 0 holds the list's digit, if any
            const Group& g = groups[first_card_group + c];
            card_words[c * kBlock + t] = first_card_group + c > 0 ? group_word(rng, g.product, g.floor) : w;
        }
    }
    source = rng;
    return to;
}

void DealDraws::views(ListView* out) const {
    for (std::size_t l = 0; l < lists_.size(); ++l) {
        const List& list = lists_[l];
        out[l] = {list.drawable.data(), list.masks.data(), list.chance.empty() ? nullptr : list.chance.data(),
                  list.alias.data(), list.players.data(), static_cast<uint32_t>(list.players.size()),
                  static_cast<uint32_t>(list.size()), list.size() > 1};
    }
}

// Deals [from, to) by the general rule, each by attempts from rng (each a coin for every weighted
// list, then the words of the digits) until the listed hands share no card; false where more than
// a million attempts in a row meet (`thrown` of them made before the first deal).
bool DealDraws::general_deals(SplitMix& source, std::size_t from, std::size_t to, uint64_t thrown, const ListView* lists,
                              std::size_t first_card_group) {
    SplitMix rng = source;  // in a register: the stores below cannot change it
    const uint32_t* const bounds = bounds_.data();
    const Group* const groups = groups_.data();
    const std::size_t n_groups = groups_.size(), n_lists = lists_.size();
    const std::size_t n_card_words = cards_per_deal_ == 0 ? 0 : n_groups - first_card_group;
    auto word = [&](const Group& g) WILDEVAL_INLINE_LAMBDA { return group_word(rng, g.product, g.floor); };
    double coins[kMaxPlayers];
    for (std::size_t t = from; t < to; ++t, thrown = 0) {
        uint64_t w = 0, used = 0;
        std::size_t g = 0;
        for (;; ++thrown) {
            if (WILDEVAL_UNLIKELY(thrown > 1'000'000)) return false;
            for (std::size_t l = 0; l < n_lists; ++l) coins[l] = lists[l].chance == nullptr ? 0.0 : rng.unit();
            w = n_groups > 0 ? word(groups[0]) : 0;
            uint32_t d = 0;
            g = 0;
            used = 0;
            bool apart = true;
            for (std::size_t l = 0; l < n_lists; ++l) {
                const ListView& list = lists[l];
                uint32_t place = 0;
                if (list.several) {
                    if (d == groups[g].first + groups[g].count) w = word(groups[++g]);
                    const uint32_t bound = bounds[d++];
                    place = bound <= kCardBound ? card_digit(w, bound) : place_digit(w, bound);
                }
                if (list.chance != nullptr && !(coins[l] < list.chance[place])) place = list.alias[place];
                for (uint32_t m = 0; m < list.n_players; ++m) picked_[list.players[m] * kBlock + t] = list.drawable[m * list.size + place];
                const uint64_t mask = list.masks[place];
                apart = apart && (mask & used) == 0;
                used |= mask;
            }
            if (WILDEVAL_LIKELY(apart)) break;
        }
        lefts_[t] = rest_ & ~used;
        // the words the cards read: the group the listed places ended in, and every later one
        for (std::size_t c = 0; c < n_card_words; ++c) {
            const std::size_t at_group = first_card_group + c;
            card_words_[c * kBlock + t] = at_group > g ? word(groups[at_group]) : w;  // g: the group the last place was read from
        }
    }
    source = rng;
    return true;
}

DealDraws::DealDraws(uint64_t rest, const std::vector<Listed>& listed, int cards)
    : rest_(rest), n_listed_(listed.size()), cards_per_deal_(cards) {
    int left = popcount64(rest);
    for (std::size_t l = 0; l < listed.size(); ++l) {
        const Listed& player = listed[l];
        List list;
        list.players = {static_cast<uint32_t>(l)};
        int size = -1;
        for (std::size_t i = 0; i < player.hands.size(); ++i) {
            if (player.hands[i] == 0) continue;
            if (size >= 0 && popcount64(player.hands[i]) != size) throw std::invalid_argument("a list mixes hand sizes");
            size = popcount64(player.hands[i]);
            list.drawable.push_back(static_cast<uint32_t>(i));
            list.masks.push_back(player.hands[i]);
            if (!player.weights.empty()) list.weights.push_back(player.weights[i]);
        }
        if (list.drawable.empty()) throw std::invalid_argument("a listed player has no hand to draw");
        left -= size;
        lists_.push_back(std::move(list));
    }
    // the two lists of the smallest product joined, while it is at most kJoint
    while (lists_.size() > 1) {
        std::size_t x = 0, y = 1;
        for (std::size_t i = 0; i < lists_.size(); ++i)
            for (std::size_t j = i + 1; j < lists_.size(); ++j)
                if (lists_[i].size() * lists_[j].size() < lists_[x].size() * lists_[y].size()) x = i, y = j;
        if (lists_[x].size() * lists_[y].size() > kJoint) break;
        lists_[x] = joint(lists_[x], lists_[y]);
        lists_.erase(lists_.begin() + static_cast<std::ptrdiff_t>(y));
    }
    for (List& list : lists_) {
        bool equal = true;
        for (double w : list.weights) equal = equal && w == list.weights[0];
        if (!equal) walker_alias(list.weights, list.chance, list.alias);
        list.weights.clear();
        if (list.size() > 1) bounds_.push_back(static_cast<uint32_t>(list.size()));
    }
    if (cards < 0 || cards > left) throw std::invalid_argument("the deck holds too few cards for the deal");
    for (int j = 0; j < cards; ++j) bounds_.push_back(static_cast<uint32_t>(left - j));
    constexpr uint64_t kGroupBelow = uint64_t{1} << 46;
    for (uint32_t d = 0; d < bounds_.size();) {
        Group g{d, 0, 1, 0};
        while (d < bounds_.size() && (g.count == 0 || bounds_[d] < kGroupBelow / g.product)) {
            g.product *= bounds_[d++];
            ++g.count;
        }
        g.floor = (uint64_t{1} << 52) % g.product;
        groups_.push_back(g);
    }
    picked_.resize(kBlock * std::max<std::size_t>(n_listed_, 1));
    lefts_.resize(kBlock);
    card_words_.resize(kBlock * groups_.size());
    digits_.resize(kBlock * static_cast<std::size_t>(cards));
    bits_.resize(kBlock * static_cast<std::size_t>(cards));
    cards_.resize(kBlock * static_cast<std::size_t>(cards));
}

template <CardDraws kWay>
bool DealDraws::draw_with(SplitMix& source, std::size_t n) {
    constexpr bool kDeposit = kWay != CardDraws::kBroadword;
    SplitMix rng = source;  // in a register: the stores below cannot change it
    const uint32_t* const bounds = bounds_.data();
    const Group* const groups = groups_.data();
    const std::size_t n_groups = groups_.size(), per_deal = static_cast<std::size_t>(cards_per_deal_);
    const std::size_t n_lists = lists_.size();
    ListView lists[kMaxPlayers];
    views(lists);
    const uint64_t rest = rest_;
    // locals, not members: the byte stores of the cards could otherwise change any of them
    uint8_t* const all_cards = cards_.data();
    const uint32_t first_card = static_cast<uint32_t>(bounds_.size() - per_deal);
    std::size_t first_card_group = 0;  // the group of the first card's digit
    while (first_card_group + 1 < n_groups && groups[first_card_group].first + groups[first_card_group].count <= first_card)
        ++first_card_group;
    const std::size_t n_card_words = per_deal == 0 ? 0 : n_groups - first_card_group;
    const uint64_t* const lefts = lefts_.data();
    const uint64_t* const card_words = card_words_.data();
    bool weighted = false;
    for (std::size_t l = 0; l < n_lists; ++l) weighted = weighted || lists[l].chance != nullptr;
    if (kWay == CardDraws::kIfma && n_groups == 1) {
        if (!words_by_ifma(rng, n, lists)) return false;
    } else if (n_lists <= 1) {  // no deal is thrown away: a loop of its own
        const bool several = n_lists == 1 && lists[0].several;
        // the deals [from, to) by the scalar loop, or AVX2's (vector) from `from` while it can:
        // the first deal not drawn
        auto words = [&](bool vector, std::size_t from, std::size_t to) {
            if (several && weighted)
                return vector ? one_list_words_avx2<true, true>(rng, from, to) : one_list_words<true, true>(rng, from, to, first_card_group);
            if (several)
                return vector ? one_list_words_avx2<true, false>(rng, from, to) : one_list_words<true, false>(rng, from, to, first_card_group);
            if (weighted) return one_list_words<false, true>(rng, from, to, first_card_group);  // never: one hand has no coin
            return vector ? one_list_words_avx2<false, false>(rng, from, to) : one_list_words<false, false>(rng, from, to, first_card_group);
        };
        if (kWay == CardDraws::kDeposit && n_groups == 1) {  // four at a time; a deal AVX2 leaves, by the scalar loop
            for (std::size_t t = 0; t < n;) {
                t = words(true, t, n);
                if (t < n) t = words(false, t, t + 1);
            }
        } else {
            words(false, 0, n);
        }
    } else {
        if (!general_deals(rng, 0, n, 0, lists, first_card_group)) return false;  // the general loop
    }
    if constexpr (kWay == CardDraws::kIfma) {
        cards_by_ifma(n, first_card_group, first_card);
        source = rng;
        return true;
    }
    if constexpr (kWay == CardDraws::kDeposit) {  // a CPU with BMI2 and AVX2 (rows_kernel.cpp's card_draws())
        cards_by_avx2(n, first_card_group, first_card);
        source = rng;
        return true;
    }
    // The cards, four deals in step: each deal's chain (the next digit waits on the word, the
    // next card on the cards left) runs beside three others, each deal's values in registers.
    // Past n, a deal of no use (the whole deck, digits 0), written where nothing reads it.
    // Without the deposit, each deal's cards left are a SetBits (its byte counts kept).
    using Left = std::conditional_t<kDeposit, uint64_t, SetBits>;
    constexpr std::size_t kInStep = 4;
    static_assert(kBlock % kInStep == 0, "the deals past n stay in the block");
    for (std::size_t t = 0; t < n; t += kInStep) {
        Left left[kInStep];
        uint64_t w[kInStep];
#pragma GCC unroll 4
        for (std::size_t k = 0; k < kInStep; ++k) left[k] = Left(t + k < n ? lefts[t + k] : rest);
        uint8_t* const at = all_cards + t;
        std::size_t j = 0;
        for (std::size_t c = 0; c < n_card_words; ++c) {
            const Group& group = groups[first_card_group + c];
#pragma GCC unroll 4
            for (std::size_t k = 0; k < kInStep; ++k) w[k] = t + k < n ? card_words[c * kBlock + t + k] : 0;
            for (uint32_t d = std::max(group.first, first_card); d < group.first + group.count; ++d, ++j) {
#pragma GCC unroll 4
                for (std::size_t k = 0; k < kInStep; ++k)
                    at[j * kBlock + k] = static_cast<uint8_t>(take_nth(left[k], card_digit(w[k], bounds[d])));
            }
        }
    }
    source = rng;
    return true;
}

bool DealDraws::draw(SplitMix& rng, std::size_t n) {
    switch (card_draws()) {  // the kernel table's way, as far as this CPU runs it fast
#if defined(WILDEVAL_DEPOSIT)
        case CardDraws::kIfma: return draw_with<CardDraws::kIfma>(rng, n);
        case CardDraws::kDeposit: return draw_with<CardDraws::kDeposit>(rng, n);
#endif
        default: return draw_with<CardDraws::kBroadword>(rng, n);
    }
}

}  // namespace wildeval
