// Every multiset of ranks a table is built over, walked in one fixed order: the one walker the
// table builders share (rank_tables.cpp, short_deck_tables.cpp, omaha_tables.cpp).
#pragma once

#include <array>

#include "cards.hpp"

namespace wildeval {

// visit(counts, cards) for every multiset of the ranks from `first` up, no rank more than four
// times and at most `most` cards in all (the empty one included), in the order of counts read
// as digits from rank `first` (0 first). Ranks below `first` stay at zero.
template <class Visit>
void for_each_rank_multiset(int first, int most, Visit&& visit) {
    std::array<int, kRanks> counts{};
    auto walk = [&](auto&& self, int rank, int cards) -> void {
        if (rank == kRanks) {
            visit(static_cast<const std::array<int, kRanks>&>(counts), cards);
            return;
        }
        for (int c = 0; c <= 4 && cards + c <= most; ++c) {
            counts[rank] = c;
            self(self, rank + 1, cards + c);
        }
        counts[rank] = 0;
    };
    walk(walk, first, 0);
}

}  // namespace wildeval
