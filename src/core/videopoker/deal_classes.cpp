// The deals up to suit renaming (deal_classes.hpp). A deal's canonical form renames its suits in
// decreasing order of the set of ranks each holds (suits holding the same ranks are
// interchangeable, so the order among them does not change the result): two deals are one class
// exactly when their canonical forms are equal, and the class's representative is its deal of
// lowest index.
#include "videopoker/deal_classes.hpp"

#include <algorithm>
#include <mutex>

#include "cards.hpp"

namespace wildeval::videopoker {

namespace {

struct Binomials {
    uint64_t c[kDeck + 1][kHandCards + 2] = {};
    uint64_t before[kHandCards + 2] = {};
    Binomials() {
        for (int n = 0; n <= kDeck; ++n) {
            c[n][0] = 1;
            for (int k = 1; k <= kHandCards + 1; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
        }
        for (int k = 1; k <= kHandCards + 1; ++k) before[k] = before[k - 1] + c[kDeck][k - 1];
    }
};
const Binomials& binomials() {
    static const Binomials b;
    return b;
}

// The canonical form of a deal (cards increasing) and, for each of its cards, where its renamed
// card sits in that form.
void canonical(const uint8_t* deal, uint8_t* form, int* where) {
    uint32_t ranks[kSuits] = {};
    for (int i = 0; i < kHandCards; ++i) ranks[suit_of(deal[i])] |= 1u << rank_of(deal[i]);
    int order[kSuits] = {0, 1, 2, 3};
    std::stable_sort(order, order + kSuits, [&](int a, int b) { return ranks[a] > ranks[b]; });
    int rename[kSuits];
    for (int s = 0; s < kSuits; ++s) rename[order[s]] = s;
    uint8_t renamed[kHandCards];
    for (int i = 0; i < kHandCards; ++i)
        renamed[i] = static_cast<uint8_t>(4 * rank_of(deal[i]) + rename[suit_of(deal[i])]);
    std::copy(renamed, renamed + kHandCards, form);
    std::sort(form, form + kHandCards);
    for (int i = 0; i < kHandCards; ++i)
        where[i] = static_cast<int>(std::find(form, form + kHandCards, renamed[i]) - form);
}

// Every deal of five cards in index order (the lowest card changes fastest), in `deal`.
template <class Visit>
void each_deal(uint8_t* deal, Visit visit) {
    for (deal[4] = 4; deal[4] < kDeck; ++deal[4])
        for (deal[3] = 3; deal[3] < deal[4]; ++deal[3])
            for (deal[2] = 2; deal[2] < deal[3]; ++deal[2])
                for (deal[1] = 1; deal[1] < deal[2]; ++deal[1])
                    for (deal[0] = 0; deal[0] < deal[1]; ++deal[0]) visit();
}

DealClasses build() {
    DealClasses out;
    out.position.resize(kDeals);
    std::vector<uint32_t> class_of_canonical(kDeals, UINT32_MAX);
    std::vector<uint32_t> class_of(kDeals);
    uint8_t deal[kHandCards], form[kHandCards];
    int where[kHandCards];
    each_deal(deal, [&] {
        const auto index = static_cast<uint32_t>(colex_index(deal, kHandCards));
        canonical(deal, form, where);
        const auto key = static_cast<uint32_t>(colex_index(form, kHandCards));
        uint32_t& c = class_of_canonical[key];
        if (c == UINT32_MAX) {  // the first deal of its class: the representative
            c = static_cast<uint32_t>(out.representative.size());
            std::array<uint8_t, kHandCards> cards;
            std::copy(deal, deal + kHandCards, cards.begin());
            out.representative.push_back(cards);
            out.deals_in_class.push_back(0);
        }
        class_of[index] = c;
        ++out.deals_in_class[c];
    });
    // Each deal's positions in its representative: its renamed cards' places in the canonical
    // form, read through the representative's own places in the same form.
    std::vector<std::array<int, kHandCards>> rep_where(out.classes());
    for (std::size_t c = 0; c < out.classes(); ++c) canonical(out.representative[c].data(), form, rep_where[c].data());
    each_deal(deal, [&] {
        const auto index = static_cast<uint32_t>(colex_index(deal, kHandCards));
        canonical(deal, form, where);
        const std::array<int, kHandCards>& rep = rep_where[class_of[index]];
        uint16_t packed = 0;
        for (int i = 0; i < kHandCards; ++i) {
            // the representative's card at form place where[i]
            const int j = static_cast<int>(std::find(rep.begin(), rep.end(), where[i]) - rep.begin());
            packed = static_cast<uint16_t>(packed | (j << (3 * i)));
        }
        out.position[index] = packed;
    });
    out.first_deal.assign(out.classes() + 1, 0);
    for (std::size_t c = 0; c < out.classes(); ++c) out.first_deal[c + 1] = out.first_deal[c] + out.deals_in_class[c];
    out.deals.resize(kDeals);
    std::vector<uint32_t> next(out.first_deal.begin(), out.first_deal.end() - 1);
    for (uint32_t index = 0; index < kDeals; ++index) out.deals[next[class_of[index]]++] = index;
    return out;
}

}  // namespace

uint64_t choose(int n, int k) { return binomials().c[n][k]; }

uint64_t sets_before(int k) { return binomials().before[k]; }

uint64_t colex_index(const uint8_t* cards, int k) {
    const Binomials& b = binomials();
    uint64_t index = 0;
    for (int i = 0; i < k; ++i) index += b.c[cards[i]][i + 1];
    return index;
}

const DealClasses& deal_classes() {
    static const DealClasses classes = build();
    return classes;
}

}  // namespace wildeval::videopoker
