// Omaha's tables (OmahaTables): for every board's rank multiset and every pair of hole ranks, the
// best five without a flush made of the pair and exactly three of the board's ranks, read from
// the "high" ranking's own values.
#include <algorithm>
#include <array>

#include "bits.hpp"
#include "tables/rank_multisets.hpp"
#include "tables/tables.hpp"

namespace wildeval {

OmahaTables OmahaTables::build() {
    OmahaTables t;
    for (int a = 0, index = 0; a < kRanks; ++a)
        for (int b = a; b < kRanks; ++b, ++index)
            t.pair[a * kRanks + b] = t.pair[b * kRanks + a] = static_cast<uint8_t>(index);
    // every multiset of 3-5 ranks, no rank more than four times, in a fixed order
    std::vector<std::array<int, kRanks>> boards;
    for_each_rank_multiset(0, 5, [&](const std::array<int, kRanks>& counts, int cards) {
        if (cards >= 3) boards.push_back(counts);
    });
    std::vector<HashEntry> keys;
    for (std::size_t i = 0; i < boards.size(); ++i) keys.push_back({rank_key(boards[i], 0), static_cast<uint32_t>(i)});
    t.boards = perfect_hash_of<OmahaBoardShape>(keys);

    t.straight_top.assign(kSuitMaskSize, -1);
    for (uint32_t mask = 0; mask < kSuitMaskSize; ++mask)
        for (int top = kAce; top >= 3; --top) {
            const uint32_t window = top == 3 ? 0x100Fu : 0x1Fu << (top - 4);
            if ((mask & window) == window) {
                t.straight_top[mask] = static_cast<int8_t>(top);
                break;
            }
        }
    const RankTables& high = generated<RankTables>();
    std::vector<uint32_t> best(boards.size() * kRankPairs, 0);
    for (std::size_t i = 0; i < boards.size(); ++i) {
        const auto& board = boards[i];
        // every three of the board's ranks (a sub-multiset), with every pair of ranks beside it
        for (int x = 0; x < kRanks; ++x)
            for (int y = x; y < kRanks; ++y)
                for (int z = y; z < kRanks; ++z) {
                    std::array<int, kRanks> three{};
                    ++three[x], ++three[y], ++three[z];
                    bool in_board = true;
                    for (int r = 0; r < kRanks; ++r) in_board = in_board && three[r] <= board[r];
                    if (!in_board) continue;
                    for (int a = 0; a < kRanks; ++a)
                        for (int b = a; b < kRanks; ++b) {
                            std::array<int, kRanks> five = three;
                            ++five[a], ++five[b];
                            if (five[a] > 4 || five[b] > 4) continue;  // no such cards
                            uint32_t& at = best[i * kRankPairs + t.pair[a * kRanks + b]];
                            at = std::max(at, high.all.values[high.slot(rank_key(five, 0))]);
                        }
                }
    }
    t.values = best;
    t.values.push_back(0);
    std::sort(t.values.begin(), t.values.end());
    t.values.erase(std::unique(t.values.begin(), t.values.end()), t.values.end());
    t.best.resize(best.size());
    for (std::size_t i = 0; i < best.size(); ++i)
        t.best[i] = static_cast<uint16_t>(std::lower_bound(t.values.begin(), t.values.end(), best[i]) - t.values.begin());
    return t;
}

OmahaLowTables OmahaLowTables::build() {
    OmahaLowTables t;
    t.best.assign(256 * 256, 0);
    for (uint32_t hole = 0; hole < 256; ++hole)
        for (uint32_t board = 0; board < 256; ++board) {
            uint32_t best = 0;
            // for each two places of the hole, the three lowest of the board's others: of the sets
            // of five, the lowest is the one whose highest place is lowest, then the next (as
            // numbers: the highest bit decides first)
            for (uint32_t a = 0; a < 8; ++a)
                for (uint32_t b = a + 1; b < 8; ++b) {
                    const uint32_t two = 1u << a | 1u << b;
                    if ((hole & two) != two) continue;
                    uint32_t rest = board & ~two, three = 0;
                    for (int k = 0; k < 3 && rest != 0; ++k) {
                        const uint32_t lowest = rest & (0u - rest);
                        three |= lowest, rest ^= lowest;
                    }
                    if (popcount32(three) == 3 && (best == 0 || (two | three) < best)) best = two | three;
                }
            t.best[hole << 8 | board] = static_cast<uint8_t>(best);
        }
    return t;
}

}  // namespace wildeval
