// Every completion of a board, in order, into the equity engine's block tally (block_tally.hpp): as
// packed rows of cards, or as sums of card parts where the ranking values Hand sums.
#pragma once

#include <cstdint>
#include <type_traits>

#include "batch/card_count.hpp"
#include "cards.hpp"
#include "equity/block_tally.hpp"
#include "hand.hpp"

namespace wildeval::equity_engine {

// Every completion of K cards from deck[from..m), packed after `prefix` from bit `shift`.
template <int K, class Visit>
void completions(const uint8_t* deck, int m, int from, uint64_t prefix, int shift, Visit& visit) {
    if constexpr (K == 0) {
        (void)deck, (void)m, (void)from, (void)shift;
        visit(prefix);
    } else {
        for (int i = from; i <= m - K; ++i)
            completions<K - 1>(deck, m, i + 1, prefix | static_cast<uint64_t>(deck[i]) << shift, shift + 8, visit);
    }
}

// The same as sums of card parts: each board prefix summed once.
template <int K, class Visit>
void completion_sums(const CardParts& parts, const uint8_t* deck, int m, int from, const Hand& prefix, Visit& visit) {
    if constexpr (K == 0) {
        (void)parts, (void)deck, (void)m, (void)from;
        visit(prefix);
    } else {
        for (int i = from; i <= m - K; ++i) completion_sums<K - 1>(parts, deck, m, i + 1, prefix + parts[deck[i]], visit);
    }
}

// Every completion of k cards from deck[0..m) (those whose first card is deck[first], if first
// >= 0) into the block tally, each counted with `weight`.
inline void each_completion(BlockTally& tally, const uint8_t* deck, int m, int k, int first, double weight) {
    auto run = [&](auto count) {
        constexpr int K = decltype(count)::value;
        if (const CardParts* parts = tally.parts()) {
            auto visit = [&](const Hand& completion) { tally.add_sum(completion, weight); };
            const Hand zero = Hand::card(0, 0);
            if constexpr (K == 0) visit(zero);
            else if (first >= 0) completion_sums<K - 1>(*parts, deck, m, first + 1, zero + (*parts)[deck[first]], visit);
            else completion_sums<K>(*parts, deck, m, 0, zero, visit);
        } else {
            auto visit = [&](uint64_t completion) { tally.add(completion, weight); };
            if constexpr (K == 0) visit(uint64_t{0});
            else if (first >= 0) completions<K - 1>(deck, m, first + 1, deck[first], 8, visit);
            else completions<K>(deck, m, 0, 0, 0, visit);
        }
    };
    with_card_count<0, kMaxCards>(k, run);
}

}  // namespace wildeval::equity_engine
